"""The reference engine's board: the battlefield and its geometry (docs/RULES.md section 2), one card of a
game wherever it is (`GameCard`), a delayed ability waiting for its target (`Delayed`), the dice table
of 504, and the exception both engines' disagreements raise. `game` (the rules of a game) and
`abilities` (the ability vocabulary) build on it; neither of them is imported here."""
from dataclasses import dataclass

N_COLS, N_ROWS, N_CELLS = 5, 6, 30
MAX_DECK = 50
# engine limits (docs/RULES.md, "Engine limits"): going past one stops the game (EngineLimit)
MAX_DELAYED = 16         # waiting delayed abilities (118)

# who a card "died from" besides a card's slot (509.1.1)
NOBODY, POISON, RULE, TRAP = -1, -2, -3, -4

MISS, WEAK, MEDIUM, STRONG = 0, 1, 2, 3
STRENGTH_NAMES = ("miss", "weak", "medium", "strong")

# attack kinds
STRIKE, SHOT, THROW, DISCHARGE, ROW_STRIKE, SPECIAL = "strike", "shot", "throw", "discharge", "row_strike", "special"
RANGED_KINDS = (SHOT, THROW, DISCHARGE, ROW_STRIKE)
MAGIC_STRIKE = "magic_strike"        # a tap attack of the `ranged` field, but at an adjacent creature and magical
MAGICAL = (DISCHARGE, MAGIC_STRIKE)
ELEMENTS = ("steppe", "mountains", "forest", "swamps", "darkness", "neutral")

# the card fields this engine knows (decks.cardset.Card); a card using any other is refused
MAX_AB = 4               # abilities per card (cardtable.MAX_AB): bit MAX_AB + k of used_turn = used twice
TELEPORT_RANGE = 99      # teleport: a jump to any empty cell
TMP_MAX = 255            # a gain until the end of a turn (one byte of the fast engine's row)
STONE_MAX = 255          # stone skins on one card (eight bits)


class EngineLimit(Exception):
    """The game went past one of the engine limits (docs/RULES.md, "Engine limits"); the fast engine
    stops the game there too (its row's error code)."""


def within(v, most, what):
    """v, if at most `most`; else EngineLimit naming `what`."""
    if v > most:
        raise EngineLimit(f"{what} went past {most}")
    return v


class Disagreement(Exception):
    """The fast engine did something the rules (as this engine states them) do not allow, or the two
    engines' states differ. The message names what; simcore.reference.differential adds the game."""


def takes_formation(card):
    """A card with formation keywords, or with a `while` block in formation with a partner."""
    return card.formation is not None or any(w.condition.startswith("formation_with")
                                             for w in card.while_blocks)


def blank_of(card):
    """The card as it is while it has lost its abilities (115, 503.3): printed stats only."""
    return type(card)(name=card.name, set_number=card.set_number, element=card.element, cost=card.cost,
                      elite=card.elite, unique=card.unique, kind=card.kind, card_class=card.card_class,
                      life=card.life, move=card.move, strike=card.strike)


# ---- the field (section 2) -------------------------------------------------------------------------
def row_of(cell):
    return cell // N_COLS


def col_of(cell):
    return cell % N_COLS


def adjacent(a, b):
    """Рядом: one of the 8 surrounding cells."""
    return max(abs(row_of(a) - row_of(b)), abs(col_of(a) - col_of(b))) == 1


def manhattan(a, b):
    return abs(row_of(a) - row_of(b)) + abs(col_of(a) - col_of(b))


def diagonal(a, b):
    return row_of(a) != row_of(b) and col_of(a) != col_of(b)


def own_row(player, row):
    """Player 0 (the rules' player 1) owns rows 1-3 (indices 0-2), player 1 rows 4-6."""
    return row < 3 if player == 0 else row >= 3


def forwardness(player, row):
    """0 for the player's back row, 1 his middle row, 2 his front row."""
    return row if player == 0 else 5 - row


@dataclass(slots=True, eq=False)
class GameCard:
    """One card of the game wherever it is: deck, deal, squad, battlefield, auxiliary zone, graveyard."""
    slot: int
    owner: int
    card_id: int                    # its index in the card set
    printed: object                 # decks.cardset.Card
    blank: object                   # the same card without its abilities
    zone: str = "deck"              # deck | deal | squad | field | aux | graveyard
    cell: int = -1                  # battlefield cell row * 5 + column, -1 off the battlefield
    wounds: int = 0                 # 508.3
    extra_lives: int = 0            # 508.2
    life_max: int = 0               # 508.1, lowered by life reduction (508.4)
    closed: bool = False
    moves_left: int = 0
    moved: int = 0                  # steps moved this turn
    acted: bool = False             # took its action this turn (506.5)
    strikes: int = 0                # simple strikes this turn (strike twice)
    last_target: int = -1           # the card it struck first this turn
    armor_left: int = 0             # armor not yet used this turn
    counters: int = 0               # 123
    poison: int = 0                 # acquired poison (117)
    gained_directed: bool = False   # acquired by tap_gain (117)
    gained_protection: frozenset = frozenset()
    died_from: int = NOBODY         # 509.1.1
    death_turn: int = -1
    dealt: bool = False             # in the last deal of 15
    bought: bool = False
    dmg_dealt: int = 0              # statistics
    kills: int = 0
    lost_abilities: bool = False    # the result of the last recomputation (503.3)
    last_cell: int = -1             # where it stood when it left the battlefield (509.3)
    strike_bonus: int = 0           # + strike until the end of the turn
    used_turn: frozenset = frozenset()     # abilities used this turn (limits)
    used_game: frozenset = frozenset()     # abilities used this battle
    acquired_loss: bool = False     # lost its abilities by an acquired effect (117)
    heal_at_end: int = 0            # a two-condition ability's second part (118.3)
    ability_uses: int = 0
    death_pending: bool = False     # destroyed, on-death abilities not yet fired (509.3)
    stunned: bool = False           # does not untap at the start of its owner's next turn (stun)
    webbed: bool = False            # cannot move or act; an attack at it is blocked (web, forest branch)
    tmp_no_tap: bool = False        # gains until the end of the turn: does not tap after attacking,
    tmp_directed: bool = False      # directed strike,
    tmp_ranged: int = 0             # + ranged attack value,
    tmp_range: int = 0              # + range,
    tmp_ova: int = 0                # + OvA
    own_strike: int = 0             # gains until the end of its owner's turn: + strike,
    own_ova: int = 0                # + OvA
    tmp_no_strikes: bool = False    # protect_from_strikes: protected from simple strikes this turn
    rooted_by: int = NOBODY         # effect root: the slot of the card that rooted it to its cell
    roll_mark: int = 0              # roll_bonus_against: + die roll this turn for attackers of
    roll_mark_player: int = 0       # this player
    turn_wounds: int = 0            # wounds taken this turn (games with amount_of wounds_this_turn)
    tmp_unanswered: bool = False    # until the end of the turn: its first simple strike is unanswered
    form: int = 0                   # the turn_choice form it holds: 0 none, option + 1 (Оборотень)
    stone_skin: int = 0             # - N from non-magic attacks until the end of the opponent's turn

    token_pending: bool = False     # received an incarnation token, its trigger waits
    next_six: bool = False          # its next die roll in an attack counts as 6

    attack_wounded: bool = False    # took wounds from an attack this turn (games with has_attack_wounds)
    tmp_life: int = 0               # life maximum lowered until the end of the turn (reduce_life_turn)

    def form_gain(self, name):
        """What its turn_choice form gives (regeneration, strike, move), 0 without a form."""
        opts = self.card.turn_choice
        return getattr(opts[self.form - 1], name) if self.form and opts else 0

    def gain(self, name, n):
        """+ n to a gain until the end of a turn (at most TMP_MAX: an engine limit)."""
        setattr(self, name, within(getattr(self, name) + n, TMP_MAX, f"gain {name}"))

    @property
    def card(self):
        """The card as it counts now: printed, or blank while it has lost its abilities."""
        return self.blank if self.lost_abilities else self.printed

    @property
    def life(self):
        """current life = life maximum + extra lives - wounds (section 6)."""
        return self.life_max + self.extra_lives - self.wounds

    @property
    def in_play(self):
        return self.zone == "field" or self.zone == "aux"

    @property
    def on_field(self):
        return self.zone == "field"

    @property
    def name(self):
        return self.printed.name


@dataclass
class Delayed:
    """A delayed ability waiting for its target (118): a trap or a boost of a player."""
    kind: str                       # trap | boost
    player: int
    amount: int
    element: str = ""               # boost: only cards of this element ("" any)
    strengths: tuple = ()           # boost: which attack strengths (0 weak, 1 medium, 2 strong)
    cell: int = -1                  # explosion (ranged_explosion): the cell that explodes
    source: int = -1                # explosion: the slot of the card that threw it
    count: int = 1                  # identical traps or boosts wait as one entry


def strike_table(a, d):
    """504: (attacker's strike, counter-strike, exchange possible) for totals A and D."""
    diff = a - d
    if diff >= 5:
        return STRONG, MISS, False
    if diff == 0:
        return (WEAK, MISS, False) if a <= 4 else (MISS, WEAK, False)
    if diff <= -5:
        return MISS, MEDIUM, False
    return {4: (STRONG, WEAK, True), 3: (MEDIUM, MISS, False), 2: (MEDIUM, WEAK, True),
            1: (WEAK, MISS, False), -1: (WEAK, MISS, False), -2: (MISS, MISS, False),
            -3: (MISS, WEAK, False), -4: (WEAK, MEDIUM, True)}[diff]


def single_roll_strength(a):
    """Only the attacker rolls (504): 1-3 weak, 4-5 medium, 6 or more strong."""
    return WEAK if a <= 3 else (MEDIUM if a <= 5 else STRONG)
