"""The one error type of the decks layer: bad user input, told as file, line, what is wrong and the fix.

Everything a user writes (the card set, deck lists) is checked at the edge (docs/ARCHITECTURE.md, decks);
a failed check raises InputError, whose str() is a single line a CLI can print before exiting with 2.
"""


class InputError(Exception):
    """Bad input in a user-edited file. str(e) == 'FILE:LINE: MESSAGE (fix: FIX)'; ':LINE' is omitted when
    the line is unknown (None)."""

    def __init__(self, file, line, message, fix):
        self.file = str(file)
        self.line = line
        self.message = message
        self.fix = fix
        super().__init__(str(self))

    def __str__(self):
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return " ".join(f"{where}: {self.message} (fix: {self.fix})".split())
