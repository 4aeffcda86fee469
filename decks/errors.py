"""The one error type of the decks layer: bad user input, told as file, line, what is wrong and the fix.

Everything a user writes (the card set, deck lists) is checked at the edge (docs/ARCHITECTURE.md, decks);
a failed check raises InputError, whose str() is a single line a CLI can print before exiting with 2.
A file with several problems raises InputErrors: all of them at once, one line each.
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

    @property
    def errors(self) -> list:
        """Every error this one reports (itself alone; InputErrors: several)."""
        return [self]


class InputErrors(InputError):
    """Several InputErrors found in one pass over the input, reported together: `errors` in the order
    found, str() one line each. Its file, line, message and fix are the first error's."""

    def __init__(self, errors):
        self._errors = list(errors)
        first = self._errors[0]
        super().__init__(first.file, first.line, first.message, first.fix)

    @property
    def errors(self) -> list:
        return list(self._errors)

    def __str__(self):
        return "\n".join(str(e) for e in self._errors)


def raise_all(errors) -> None:
    """Raise the errors found, if any: one as itself, several as InputErrors."""
    errors = [e for err in errors for e in err.errors]
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InputErrors(errors)
