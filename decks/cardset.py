"""The card set: loads a TOML card database (decks/cards/set1.toml by default) into validated Card objects.

Implements the card fields of docs/RULES.md section 1 (name, element, cost, elite, unique, kind, class, life,
movement for ground creatures only, simple strike X-Y-Z) and the ability vocabulary, the exact set of
keywords the engine plays: every word comes from decks.registry (VOCABULARY.md documents them). Every
problem in the file becomes an InputError naming the file, the line, the card, the field and the fix.
"""

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .names import closest, fold
from .registry import (
    AmountOf,
    AppliesTo,
    AttackKind,
    AuraCells,
    CardKind,
    Condition,
    CounterSpending,
    Duration,
    Effect,
    Element,
    Family,
    Keyword,
    Kind,
    Limit,
    PlayedAbility,
    Protection,
    Source,
    Spread,
    Strength,
    Target,
    Trigger,
    VsValue,
    WhileCondition,
)

DEFAULT_CARDSET_PATH = Path(__file__).parent / "cards" / "set1.toml"

# the words of each vocabulary (decks.registry), as the card file writes them
ELEMENTS = Element.words()
KINDS = CardKind.words()
RANGED_KINDS = AttackKind.words(ranged=True)
STRENGTHS = Strength.words()
BONUS_VS = VsValue.words()
MASK_VS = VsValue.words(mask=True)      # directed_vs / unanswered_vs (a bit mask)
BONUS_APPLIES_TO = AppliesTo.words()
REDUCE_SOURCES = Source.words()
PROTECTIONS = Protection.words()
DRAWS_RANGED = AttackKind.words(drawable=True)
TAP_ABILITIES = PlayedAbility.words()
COUNTER_SPENDING = CounterSpending.words()
HEAL_FULL = 99  # heal_self = "full": more than any card's life
MAX_ABILITIES = 4


@dataclass(frozen=True)
class Ranged:
    kind: str                       # shot | throw | discharge | row_strike
    strike: tuple[int, int, int]    # weak, medium, strong
    range: int = 0                  # Manhattan distance; 0 = any distance (always 0 for row_strike)


@dataclass(frozen=True)
class StrikeBonus:
    amount: int
    vs: str                                # one of BONUS_VS
    applies_to: str = "strike"             # strike | ranged | all
    strengths: tuple[int, ...] = (0, 1, 2)  # 0 weak, 1 medium, 2 strong


@dataclass(frozen=True)
class Reduction:
    amount: int
    source: str                     # one of REDUCE_SOURCES
    attacker_cost_at_most: int = 0  # 0 = any attacker


@dataclass(frozen=True)
class TapGain:
    directed: bool = False
    protection: frozenset[str] = frozenset()


@dataclass(frozen=True)
class RowBonus:
    """+amount to the card's die rolls when it attacks a card in the enemy's row `row`
    (1 = the enemy's front row, 2 = his second row, 3 = his back row)."""
    row: int
    amount: int = 1


@dataclass(frozen=True)
class AllyBonus:
    """+X strike, X = the card's other creatures of `element` in play, at most `max`."""
    element: str
    max: int


@dataclass(frozen=True)
class Formation:
    """Keywords that hold only while the card stands in formation (строй)."""
    attack_experience: int = 0
    defence_experience: int = 0
    armor: int = 0
    strike_bonus: tuple[StrikeBonus, ...] = ()
    reduce: tuple[Reduction, ...] = ()
    protection: frozenset[str] = frozenset()


# conditions of `while` blocks (keywords that hold while a board condition holds)
WHILE_CONDITIONS = WhileCondition.words()
COUNTED_CONDITIONS = WhileCondition.words(counted=True)
MAX_WHILE = 2


@dataclass(frozen=True)
class While:
    """Keywords that hold only while `condition` holds for the card (VOCABULARY.md, "While")."""
    condition: str
    count: int = 0                  # adjacent_classes, unwounded_allies_adjacent: at least this many
    attack_experience: int = 0
    defence_experience: int = 0
    armor: int = 0
    strike_bonus: tuple[StrikeBonus, ...] = ()
    reduce: tuple[Reduction, ...] = ()
    protection: frozenset[str] = frozenset()
    directed: bool = False
    strikes_flyers: bool = False    # may declare simple strikes at flyers


@dataclass(frozen=True)
class Vampirism:
    """Vampirism (вампиризм): when its simple strike deals X wounds it gains X - less life,
    its current life at most max_life (0: no maximum); VOCABULARY.md, readings."""
    less: int = 0
    max_life: int = 0


AURA_TO = AuraCells.words()


@dataclass(frozen=True)
class Aura:
    """What the card gives its owner's other creatures on the cells `to` (VOCABULARY.md, "Auras")."""
    to: str
    filter: "TargetFilter"
    reduce: tuple[Reduction, ...] = ()
    range: int = 0                  # + range of their ranged attacks that have a range


ABILITY_KINDS = Kind.words()
TRIGGERS = Trigger.words()
EFFECTS = Effect.words()
STRIKE_EFFECTS = tuple(e.word for e in Effect if e.family == Family.STRIKE)   # played at an attack's dice window
STRIKE_ALSO_ADDS = Effect.words(strike_also=True)   # what an `also` of a strike effect does to its own card
TARGETS = Target.words()
CONDITIONS = Condition.words()
DURATIONS = Duration.words()
DURATION_EFFECTS = Effect.words(duration=True)      # effects with a duration
ALSO_EFFECTS = Effect.words(takes_also=True)        # effects that may have an `also`
ALSO_ADDS = Effect.words(also=True)                 # effects an `also` may add
ALSO_NO_AMOUNT = Effect.words(also=True, also_amount=False)     # `also` effects that take no amount
SELF_ONLY_EFFECTS = Effect.words(self_only=True)
LIMITS = Limit.words()
THEN_AT = ("turn_end",)
AMOUNTS_OF = AmountOf.words()                       # amounts computed when the ability resolves
SPREADS = Spread.words()                            # the effect spreads from the chosen card
SELF_FIRST_EFFECTS = Effect.words(self_first=True)  # the card itself gains this first
# which effects each kind of ability may have (the engine plays exactly these)
PERMANENT_EFFECTS = Effect.words(permanent=True)
DELAYED_EFFECTS = Effect.words(played_only=True)
NO_TARGET_EFFECTS = Effect.words(no_target=True)    # they wait for their target (118) or pick it


@dataclass(frozen=True)
class TargetFilter:
    """What a target must be: all given conditions hold."""
    element: str = ""               # one of ELEMENTS
    elite: bool | None = None       # True: elite only, False: ordinary only
    cost: int = -1                  # exactly this cost
    cost_at_most: int = -1
    cost_at_least: int = -1
    poisoned: bool = False
    ranged_user: bool = False       # has a shot, throw or discharge
    ground: bool = False            # not a flyer
    unwounded: bool = False
    other: bool = False             # not the ability's own card
    not_moved: bool = False         # has not moved this turn
    open: bool = False              # not closed (untapped)
    enemy: bool = False             # a card of the other player than the ability's card
    killed_by_poison: bool = False  # creature_dies: it died of poison wounds
    card_class: str = ""            # TOML key `class`: has this creature class (e.g. "Йордлинг")
    magic_user: bool = False        # has a discharge or magic strike
    not_attack_wounded: bool = False    # took no wounds from an attack this turn


@dataclass(frozen=True)
class TurnOption:
    """One form of a `turn_choice`: what the card has from its owner's turn start to the end of the
    opponent's next turn."""
    regeneration: int = 0
    strike: int = 0                 # + simple strike (counter-strikes too)
    move: int = 0                   # + movement


@dataclass(frozen=True)
class Then:
    """The second part of a two-condition ability (118.3): when `at` comes, `effect` the same target,
    even if the source has left play."""
    at: str                         # turn_end
    effect: str                     # heal
    amount: int


@dataclass(frozen=True)
class Also:
    """A second effect of the same ability on the same targets, right after the first."""
    effect: str                     # wound | poison | heal | cure_poison
    amount: int = 0                 # 0 for cure_poison (it takes no amount)


@dataclass(frozen=True)
class Ability:
    kind: str                       # played (slow) | fast | triggered | permanent
    effect: str
    target: str = "self"
    trigger: str = ""               # triggered only
    strengths: tuple[int, ...] = (0, 1, 2)   # on_strike / boost_next_attack: which strengths
    tap: bool = True                # played / fast: the cost closes the card
    counters: int = 0               # played / fast: counters paid
    condition: str = "always"
    amount: int = 0
    filter: TargetFilter = TargetFilter()
    range: int = 0                  # chosen targets: Manhattan distance at most (0 = any)
    duration: str = "end_of_turn"   # strike_bonus
    limit: str = ""
    spell: bool = False             # a spell: creatures protected from spells are not affected
    and_self: bool = False          # the effect also hits the ability's own card (Харон)
    then: Then | None = None
    trigger_filter: TargetFilter = TargetFilter()   # creature_dies: which deaths count; on_strike /
                                                    # on_struck: which struck / striking cards
    optional: bool = False          # triggered with a chosen target: "may", the owner may choose none
    also: Also | None = None        # a second effect on the same targets
    destroy_self: bool = False      # the card destroys itself first (Болотник)
    name: str = ""                  # the printed name, e.g. "ловушка"
    amount_of: str = ""             # the amount computed in play instead of `amount` (AMOUNTS_OF)
    up_to: int = 0                  # raise_poison: the poison it raises to at most
    plus_if_not_moved: int = 0      # + N to the amount on a target that took no step in its last turn
    spread: str = ""                # the effect also hits these cards around the chosen one
    self_first: "Also | None" = None   # an effect on the card itself before the main one
    times: str = ""                 # resolve it X times at X different chosen cards
    also_unless_struck: str = ""    # strike effects: no `also` when the struck creature has this element
    ignores_target_abilities: bool = False   # a shot that ignores the target's abilities (Серый альв)


@dataclass(frozen=True)
class Card:
    name: str
    set_number: str
    element: str
    cost: int
    elite: bool
    unique: bool
    kind: str                       # creature (ground) | flyer
    card_class: str                 # TOML key `class`
    life: int
    move: int                       # 0 for flyers
    strike: tuple[int, int, int]
    text: str = ""
    ranged: Ranged | None = None
    armor: int = 0
    attack_experience: int = 0
    defence_experience: int = 0
    regeneration: int = 0
    jump: int = 0
    finish_off: int = 0
    heal_self: int = 0              # HEAL_FULL for "full"
    special_strike: int = 0
    on_recruit_gold: int = 0
    clumsy: bool = False
    no_tap_after_attack: bool = False
    directed: bool = False
    unanswered: bool = False
    strike_twice: bool = False
    strike_twice_different: bool = False
    ignores_flyer_protection: bool = False
    defends_any: bool = False
    defender_no_tap: bool = False
    ignores_target_abilities: bool = False
    counter_strikes_when_closed: bool = False
    close_target_on_attack: bool = False
    ignores_draws: bool = False
    gain_counter: bool = False
    ranged_counter_bonus: int = 0
    ranged_spends_counters: str = ""
    max_counters: int = 0
    ranged_poison: tuple[int, int, int] = (0, 0, 0)
    roll_bonus_vs_enemy_row: RowBonus | None = None
    strike_per_ally: AllyBonus | None = None
    strike_bonus: tuple[StrikeBonus, ...] = ()
    directed_vs: tuple[str, ...] = ()
    reduce: tuple[Reduction, ...] = ()
    protection: frozenset[str] = frozenset()
    poison_on_strike: tuple[int, int, int] = (0, 0, 0)
    draws_ranged: tuple[str, ...] = ()
    tap_gain: TapGain | None = None
    formation: Formation | None = None
    while_blocks: tuple[While, ...] = ()        # TOML key `while`
    aura: Aura | None = None
    unanswered_vs: tuple[str, ...] = ()
    second_player_counters: int = 0             # as 2nd player: starts battle with N counters
    strikes_at_it_weak: bool = False            # all simple strikes at it are reduced to weak
    strike_copies_target: bool = False          # + the printed strike of the creature it strikes
    special_strike_stuns_closed: bool = False   # its special strike stuns a closed target (Борг)
    strikes_only_opposite: bool = False         # its simple strikes only at a card in its column (Циклоп)
    must_strike_closed: bool = False            # must strike a closed enemy creature it can (Гном-басаарг)
    valhalla_twice: bool = False                # the first valhalla of its owner each turn fires twice (Рагнар)
    row_strike_middle_ova: int = 0              # its row strike: + OvA to the own card it strikes over
    turn_choice: tuple["TurnOption", ...] = ()  # before its owner's turn: one of two forms (Оборотень)
    rolls_twice: bool = False                   # when it fights it rolls twice, keeps one (Воин храма)
    blocks_ranged_on: int = 0                   # a ranged attack at it is blocked on a die of N+ (Воин храма)
    draws_ranged_condition: str = ""            # draws_ranged only while this holds (adjacent_enemy)
    finish_off_bonus: str = ""                  # finish off N + X (adjacent_poisoned)
    special_strike_poison: int = 0              # its special strike poisons the target N (Слизь)
    ranged_per_wound: int = 0                   # + its wounds (at most N) to its ranged attack (Рэккен)
    no_counter_strike_wounds: bool = False      # takes no wounds from counter-strikes (Килсус)
    ranged_explosion: int = 0                   # its ranged attack's cell explodes for N next turn (Орк-бомбардир)
    reduce_as_defender: int = 0                 # -N from simple strikes while acting as defender (Морок)
    strikes_at_it_closed: int = 0               # simple strikes at it while it is closed deal at most N (Морок)
    strikes_beside_weak: bool = False           # strikes at the cards left and right of it are weak (Морок)
    free_if_squad_costs: tuple[int, ...] = ()    # free when the rest of the squad has these costs
    vampirism: Vampirism | None = None          # gains life from the wounds its strikes deal
    teleport: bool = False                      # may jump to any empty cell
    incarnation: int = 0                        # returns from the graveyard with N tokens
    incarnates_open: bool = False               # it returns open, not closed
    ranged_spends_extra_lives: bool = False     # + X to its ranged attack, X extra lives removed
    scavenging: bool = False                    # трупоедство: heals fully when its strike destroys
    scavenging_extra_lives: int = 0             # ... and gains N extra lives (Жжраг)
    draws_flyer_attacks: bool = False           # enemy flyers may attack only it (Паук-пересмешник)
    ranged_at_adjacent: bool = False            # its ranged attack may target adjacent cards (Эриала)
    strike_bonus_half_target_life: tuple[int, ...] = ()   # + half the target's life to these strengths
    strike_per_counter: int = 0                 # + N strike per counter on it (Камнедрев)
    loses_counters_on_move: bool = False        # loses all its counters when it moves (Камнедрев)
    played: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    assumed: bool = False
    played_order: tuple = ()        # TOML `played_order`: words of `played` and 1-based `abilities` numbers

    def played_abilities(self):
        """The card's played abilities (114: slow and fast alike) in card-text order: a word of `played`
        (its keyword tap ability) or the 0-based index of a played or fast entry of `abilities`."""
        if self.played_order:
            return tuple(x if isinstance(x, str) else x - 1 for x in self.played_order)
        return self.played + tuple(i for i, a in enumerate(self.abilities) if a.kind in ("played", "fast"))

    def played_ability_labels(self):
        """Its played abilities in card-text order, each in a few words (`berserk cards`, scenario errors)."""
        out = []
        for entry in self.played_abilities():
            if isinstance(entry, str):
                out.append({"ranged": lambda: ({"row_strike": "strike through a row"}.get(self.ranged.kind, self.ranged.kind)
                                               + (f" range {self.ranged.range}" if self.ranged.range else "")),
                            "finish_off": lambda: f"finish off {self.finish_off}",
                            "heal_self": lambda: "heal itself",
                            "special_strike": lambda: f"special strike {self.special_strike}",
                            "tap_gain": lambda: "gain a keyword",
                            "gain_counter": lambda: "gain a counter"}[entry]())
            else:
                a = self.abilities[entry]
                out.append(("fast " if a.kind == "fast" else "") + ("spell " if a.spell else "") + a.effect.replace("_", " ")
                           + (f" '{a.name}'" if a.name else ""))
        return tuple(out)


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]   # card id = position in this tuple = order in the file
    path: str
    sha256: str               # of the file bytes; with overrides, of the file's hash and the edits
    overrides: tuple[str, ...] = ()   # card-stat edits (decks.overrides), canonical 'Card.field=value'
    base_sha256: str = ""     # of the file bytes (= sha256 without overrides)
    _ids: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_ids", {fold(c.name): i for i, c in enumerate(self.cards)})
        if not self.base_sha256:
            object.__setattr__(self, "base_sha256", self.sha256)

    def __len__(self):
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def get(self, name):
        """The card called name (any case, ё = е), or None."""
        i = self._ids.get(fold(name))
        return None if i is None else self.cards[i]

    def index(self, name):
        """The card id of name (any case, ё = е); KeyError if the set has no such card."""
        return self._ids[fold(name)]


# ---- field checkers: each returns the normalized value or raises _Bad ----

class _Bad(Exception):
    def __init__(self, message, fix, path=()):
        super().__init__(message)
        self.message, self.fix, self.path = message, fix, path


CARD_VALUE_MAX = 99      # every number on a card (the engine's card table holds 16-bit values)


def _integer(lo):
    def check(v):
        if type(v) is not int:
            raise _Bad(f"expected a whole number, got {v!r}",
                       f"write a whole number from {lo} to {CARD_VALUE_MAX}, without quotes")
        if not lo <= v <= CARD_VALUE_MAX:
            raise _Bad(f"{v} is not from {lo} to {CARD_VALUE_MAX}", f"write a whole number from {lo} to {CARD_VALUE_MAX}")
        return v
    return check


def _die_face(v):
    if type(v) is not int or not 1 <= v <= 6:
        raise _Bad(f"expected a die face from 1 to 6, got {v!r}", "write a whole number from 1 to 6")
    return v


def _boolean(v):
    if type(v) is not bool:
        raise _Bad(f"expected true or false, got {v!r}", "write true or false, lowercase, no quotes")
    return v


def _string(v):
    if type(v) is not str:
        raise _Bad(f"expected a string, got {v!r}", 'write it in double quotes, e.g. "..."')
    return v


def _choice(choices):
    def check(v):
        if v not in choices:
            near = closest(str(v), choices, n=1) if isinstance(v, str) else []
            hint = f"did you mean '{near[0]}'? " if near else ""
            raise _Bad(f"{v!r} is not in the vocabulary", f"{hint}use one of: {', '.join(choices)}")
        return v
    return check


def _choices(choices):
    """A list of distinct vocabulary words, kept in the order written."""
    one = _choice(choices)

    def check(v):
        if type(v) is not list:
            raise _Bad(f"expected a list, got {v!r}", f'write a list, e.g. ["{choices[0]}"]')
        if len(set(map(str, v))) != len(v):
            raise _Bad(f"{v!r} names a value twice", "list each value once")
        return tuple(_item(one, x, i) for i, x in enumerate(v))
    return check


def _played_order(v):
    """Words of `played` and numbers of `abilities` entries, each once (checked against the card in _card)."""
    if type(v) is not list or not v:
        raise _Bad(f"expected a list, got {v!r}", 'write e.g. played_order = [1, "ranged"]')
    for i, x in enumerate(v):
        if not (type(x) is int and x >= 1) and x not in TAP_ABILITIES:
            raise _Bad(f"{x!r} is neither a word of `played` nor the number of an `abilities` entry",
                       'write e.g. played_order = [1, "ranged"]', (f"[{i}]",))
    if len(set(map(repr, v))) != len(v):
        raise _Bad(f"{v!r} names an ability twice", "list each played ability once")
    return tuple(v)


def _triple(v):
    if type(v) is not list or len(v) != 3:
        raise _Bad(f"expected 3 whole numbers (weak, medium, strong), got {v!r}", "write e.g. [1, 2, 3]")
    return tuple(_item(_integer(0), x, i) for i, x in enumerate(v))


def _item(check, v, i):
    try:
        return check(v)
    except _Bad as e:
        raise _Bad(e.message, e.fix, (f"[{i}]",) + e.path) from None


def _table(fields, required=(), build=dict):
    """A TOML table with keys from fields (key -> checker), built into build(**checked)."""
    def check(v):
        if type(v) is not dict:
            first = (required or tuple(fields))[0]
            raise _Bad(f"expected a table {{ ... }}, got {v!r}", f"write {{ {first} = ..., ... }}")
        for key in v:
            if key not in fields:
                near = closest(key, fields, n=1)
                hint = f"did you mean '{near[0]}'? " if near else ""
                raise _Bad(f"unknown key '{key}'", f"{hint}allowed keys: {', '.join(fields)}")
        for key in required:
            if key not in v:
                raise _Bad(f"missing key '{key}'", f"add {key} = ...")
        out = {}
        for key, x in v.items():
            try:
                out[key] = fields[key](x)
            except _Bad as e:
                raise _Bad(e.message, e.fix, (f".{key}",) + e.path) from None
        return build(**out)
    return check


def _cost_list(v):
    """free_if_squad_costs: a list of distinct crystal costs from 0 to 30."""
    if type(v) is not list or not v or any(type(x) is not int or not 0 <= x <= 30 for x in v) or len(set(v)) != len(v):
        raise _Bad(f"expected a list of distinct whole numbers from 0 to 30, got {v!r}", "write e.g. [3, 4, 5]")
    return tuple(v)


def _list_of(check_one):
    def check(v):
        if type(v) is not list:
            raise _Bad(f"expected a list of tables, got {v!r}", "write [{ ... }, { ... }]")
        return tuple(_item(check_one, x, i) for i, x in enumerate(v))
    return check


def _heal(v):
    if v == "full":
        return HEAL_FULL
    if type(v) is not int or v < 1:
        raise _Bad(f'expected a whole number >= 1 or "full", got {v!r}',
                   'write e.g. heal_self = 3 or heal_self = "full"')
    return v


def _strengths(v):
    if v == []:
        raise _Bad("no strength listed", 'list some of "weak", "medium", "strong", or delete strengths')
    return tuple(sorted(STRENGTHS.index(s) for s in _choices(STRENGTHS)(v)))


def _protections(v):
    return frozenset(_choices(PROTECTIONS)(v))


def _ranged(v):
    fields = {"kind": _choice(RANGED_KINDS), "strike": _triple, "range": _integer(1)}
    checked = _table(fields, required=("kind", "strike"))(v)
    if checked["kind"] in ("row_strike", "magic_strike") and "range" in checked:
        raise _Bad(f"{checked['kind']} has no range (it reaches exactly 2 cells / an adjacent card)",
                   "delete range = ...")
    return Ranged(checked["kind"], checked["strike"], checked.get("range", 0))


_strike_bonus = _list_of(_table(
    {"amount": _integer(1), "vs": _choice(BONUS_VS), "applies_to": _choice(BONUS_APPLIES_TO),
     "strengths": _strengths},
    required=("amount", "vs"), build=StrikeBonus))
_reduce = _list_of(_table(
    {"amount": _integer(1), "source": _choice(REDUCE_SOURCES), "attacker_cost_at_most": _integer(1)},
    required=("amount", "source"), build=Reduction))

def _while(v):
    w = _table({"condition": _choice(WHILE_CONDITIONS), "count": _integer(1),
                "attack_experience": _integer(0), "defence_experience": _integer(0), "armor": _integer(0),
                "strike_bonus": _strike_bonus, "reduce": _reduce, "protection": _protections,
                "directed": _boolean, "strikes_flyers": _boolean}, required=("condition",), build=While)(v)
    if (w.condition in COUNTED_CONDITIONS) != (w.count > 0):
        raise _Bad(f"count goes with conditions {', '.join(COUNTED_CONDITIONS)}, and only with them",
                   "write count = N for those, delete it otherwise", (".count",))
    return w


def _while_list(v):
    blocks = _list_of(_while)(v)
    if len(blocks) > MAX_WHILE:
        raise _Bad(f"more than {MAX_WHILE} while blocks", f"the engine holds at most {MAX_WHILE} per card")
    return blocks


def _aura(v):
    checked = _table({"to": _choice(AURA_TO), "filter": _filter, "reduce": _reduce, "range": _integer(1)},
                     required=("to",))(v)
    if len(checked.get("reduce", ())) > 1:
        raise _Bad("an aura gives at most one reduction", "keep one entry in reduce", (".reduce",))
    if not checked.get("reduce") and "range" not in checked:
        raise _Bad("the aura gives nothing", "add reduce = [...] and/or range = N")
    checked.setdefault("filter", TargetFilter())
    return Aura(**checked)


def _filter(v):
    checked = _table({"element": _choice(ELEMENTS), "elite": _boolean, "cost": _integer(0),
                      "cost_at_most": _integer(0), "cost_at_least": _integer(0), "poisoned": _boolean, "ranged_user": _boolean,
                      "ground": _boolean, "unwounded": _boolean, "other": _boolean, "not_moved": _boolean,
                      "open": _boolean, "enemy": _boolean, "killed_by_poison": _boolean,
                      "class": _string, "magic_user": _boolean, "not_attack_wounded": _boolean})(v)
    if "class" in checked:
        checked["card_class"] = checked.pop("class")
        if not checked["card_class"].strip():
            raise _Bad("an empty class filters nothing", "write the class as printed, e.g. class = \"Йордлинг\"", (".class",))
    if "cost" in checked and "cost_at_least" in checked:
        raise _Bad("cost and cost_at_least exclude each other", "keep one of them", (".cost_at_least",))
    return TargetFilter(**checked)


def _turn_choice(v):
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad("turn_choice lists exactly two forms", 'write turn_choice = [{ regeneration = 2 }, { strike = 2, move = 1 }]')
    out = []
    for i, o in enumerate(v):
        try:
            opt = _table({"regeneration": _integer(1), "strike": _integer(1), "move": _integer(1)},
                         build=TurnOption)(o)
        except _Bad as e:
            raise _Bad(e.message, e.fix, (f"[{i}]",) + tuple(e.path)) from None
        if opt == TurnOption():
            raise _Bad("a form gives nothing", "give it regeneration, strike and/or move", (f"[{i}]",))
        out.append(opt)
    return tuple(out)


_ABILITY_FIELDS = {
    "kind": _choice(ABILITY_KINDS), "effect": _choice(EFFECTS), "target": _choice(TARGETS),
    "trigger": _choice(TRIGGERS), "strengths": _strengths, "tap": _boolean, "counters": _integer(1),
    "condition": _choice(CONDITIONS), "amount": _integer(1), "filter": _filter, "range": _integer(1),
    "duration": _choice(DURATIONS), "limit": _choice(LIMITS), "spell": _boolean, "and_self": _boolean,
    "then": _table({"at": _choice(THEN_AT), "effect": _choice(("heal",)), "amount": _integer(1)},
                   required=("at", "effect", "amount"), build=Then),
    "trigger_filter": _filter, "name": _string, "optional": _boolean,
    "also": _table({"effect": _choice(ALSO_ADDS), "amount": _integer(1)}, required=("effect",),
                   build=Also),
    "also_unless_struck": _choice(ELEMENTS),
    "destroy_self": _boolean, "amount_of": _choice(AMOUNTS_OF), "up_to": _integer(1), "ignores_target_abilities": _boolean,
    "plus_if_not_moved": _integer(1),
    "spread": _choice(SPREADS), "times": _choice(("incarnation_tokens",)),
    "self_first": _table({"effect": _choice(SELF_FIRST_EFFECTS), "amount": _integer(1)},
                         required=("effect", "amount"), build=Also),
}
AMOUNT_EFFECTS = Effect.words(amount=True)
CHOSEN_TARGETS = Target.words(chosen=True, graveyard=False)     # one card in play, chosen
OTHER_TRIGGERS = Trigger.words(other=True)          # triggers that bring another creature
PAIR_TRIGGERS = Trigger.words(pair=True)            # triggers with the other card of a strike (attacked, attacker)
FILTERED_TRIGGERS = Trigger.words(filtered=True)    # triggers whose other card a trigger_filter tests
ATTACK_EFFECTS = Effect.words(attack=True)          # attacks of the ability's card


def _listed(words, last="and"):
    """'a, b and c'."""
    return ", ".join(words[:-1]) + f" {last} " + words[-1] if len(words) > 1 else "".join(words)


def _ability(v):
    a = _table(_ABILITY_FIELDS, required=("kind", "effect"))(v)
    kind, effect = a["kind"], a["effect"]
    played = kind in ("played", "fast")

    def bad(key, message, fix):
        raise _Bad(message, fix, (f".{key}",))

    if kind == "triggered" and "trigger" not in a:
        bad("trigger", "a triggered ability needs a trigger", f"add trigger = ..., one of: {', '.join(TRIGGERS)}")
    if kind != "triggered" and "trigger" in a:
        bad("trigger", f"only triggered abilities have a trigger (this one is {kind})", "delete trigger")
    if "strengths" in a and not (a.get("trigger") == "on_strike" or effect == "boost_next_attack"):
        bad("strengths", "strengths filter on_strike triggers and boost_next_attack only", "delete strengths")
    for key in ("tap", "counters"):
        if key in a and not played:
            bad(key, f"only played and fast abilities have a cost or a limit (this one is {kind})",
                f"delete {key}")
    if kind == "permanent" and effect not in PERMANENT_EFFECTS:
        bad("effect", f"the engine plays permanent abilities with effect {', '.join(PERMANENT_EFFECTS)} only",
            "write the ability as played or triggered, or leave the card out (EXCLUDED.md)")
    if kind == "permanent" and a.get("target", "self") not in ("adjacent", "adjacent_enemies"):
        bad("target", "a permanent ability acts on adjacent or adjacent_enemies cards", "set target")
    if "limit" in a and not (played or (kind == "triggered" and a["limit"] in ("once_per_turn", "twice_per_turn"))):
        bad("limit", f"only played and fast abilities have a limit, and triggered ones once_per_turn or "
            f"twice_per_turn (this one is {kind})", "delete limit")
    if a.get("amount_of") == "cells_moved":
        if effect != "finish_off" or "amount" in a:
            bad("amount_of", "cells_moved is the amount of a finish_off", "write amount = N")
    elif a.get("amount_of") == "wounds_this_turn":
        if effect != "heal" or "amount" in a or a.get("target", "self") not in CHOSEN_TARGETS:
            bad("amount_of", "wounds_this_turn is the amount of a heal of a chosen creature", "write amount = N")
    elif a.get("amount_of") == "other_poison":
        if effect != "poison" or "amount" in a or a.get("trigger") not in OTHER_TRIGGERS:
            bad("amount_of", "other_poison is the amount of a poison fired by a creature_dies or "
                "enemy_poison_wounded trigger", "write amount = N")
    elif a.get("amount_of") == "own_above_printed_life":
        if effect != "wound" or "amount" not in a:
            bad("amount_of", "own_above_printed_life is the amount of a wound, with amount = its maximum",
                'write effect = "wound", amount = N (the maximum)')
    elif a.get("amount_of") == "strike_value":
        if "amount" in a or a.get("trigger") != "on_strike" or a.get("target") != "left_right_own":
            bad("amount_of", "strike_value is the value of the strike that fires an on_strike ability at "
                "left_right_own", 'write trigger = "on_strike", target = "left_right_own" and no amount')
    elif "amount_of" in a and (effect not in ("heal", "wound") or "amount" in a
                               or a.get("target", "self") in CHOSEN_TARGETS):
        bad("amount_of", "amount_of replaces the amount of a heal or wound whose target is not chosen",
            "write amount = N, or use amount_of without amount on a heal or wound")
    if "up_to" in a and effect != "raise_poison":
        bad("up_to", "up_to is the cap of raise_poison", "delete up_to")
    if effect == "raise_poison" and "up_to" not in a:
        bad("up_to", "raise_poison needs the poison it raises to at most", "add up_to = N")
    if a.get("target") == "chosen_adjacent_to_other" and not (
            kind == "triggered" and a.get("trigger") in OTHER_TRIGGERS):
        bad("target", "chosen_adjacent_to_other is for creature_dies and enemy_poison_wounded triggers",
            "use chosen_adjacent")
    if "spread" in a and (effect != "wound" or a.get("target") not in ("chosen", "chosen_enemy")
                          or kind not in ("played", "fast")):
        bad("spread", "spread is for played wounds at a chosen card (Герольд мрака)", "delete spread")
    if "times" in a and not (kind == "triggered" and a.get("target") in CHOSEN_TARGETS):
        bad("times", "times is for triggered abilities with a chosen target (Поганище)", "delete times")
    if "self_first" in a and kind not in ("played", "fast"):
        bad("self_first", "self_first is for played abilities (Керсамская знать)", "delete self_first")
    if effect in AMOUNT_EFFECTS and "amount" not in a and "amount_of" not in a:
        bad("amount", f"effect {effect} needs an amount", "add amount = N")
    if effect not in AMOUNT_EFFECTS and "amount" in a:
        bad("amount", f"effect {effect} takes no amount", "delete amount")
    if effect in NO_TARGET_EFFECTS and "target" in a:
        bad("target", f"{effect} has no target when played: it waits for one (118)", "delete target")
    if effect in DELAYED_EFFECTS and not played:
        bad("effect", f"{effect} is played (its target comes later)", 'set kind = "fast" or "played"')
    target = a.get("target", "self")
    if target in ("attacked", "attacker") and a.get("trigger") not in PAIR_TRIGGERS:
        bad("target", f"target {target} exists only for {_listed(PAIR_TRIGGERS)} triggers",
            "choose another target")
    if "trigger_filter" in a and a.get("trigger") not in FILTERED_TRIGGERS and a.get("condition") != "adjacent_ally":
        bad("trigger_filter", f"trigger_filter says which other cards fire a {_listed(FILTERED_TRIGGERS, 'or')} trigger, "
            "or which allies count for condition adjacent_ally", "delete it")
    if a.get("ignores_target_abilities") and effect != "rolled_shot":
        bad("ignores_target_abilities", "only a shot ignores its target's abilities here", "delete it")
    if effect in ("rolled_shot", "web") and target not in ("chosen", "chosen_enemy"):
        bad("target", f"{effect} acts on an enemy card chosen when it is used", 'set target = "chosen_enemy"')
    if target in CHOSEN_TARGETS and not (played or kind == "triggered"):
        bad("target", "only played, fast and triggered abilities choose a target", "use adjacent... or all_*")
    if "optional" in a and not (kind == "triggered" and target in CHOSEN_TARGETS):
        bad("optional", "optional ('may') is for triggered abilities with a chosen target", "delete optional")
    if "range" in a and target not in CHOSEN_TARGETS:
        bad("range", "range limits chosen targets only", "delete range")
    if "duration" in a and effect not in DURATION_EFFECTS:
        bad("duration", f"only {', '.join(DURATION_EFFECTS)} have a duration", "delete duration")
    if effect in STRIKE_EFFECTS:
        _strike_effect_checks(a, bad)
    elif "also_unless_struck" in a:
        bad("also_unless_struck", "also_unless_struck is for strike effects (Глорм)", "delete it")
    if "also" in a and effect not in STRIKE_EFFECTS and (effect not in ALSO_EFFECTS or target == "self"):
        bad("also", "also adds a wound, poison, heal, cure_poison, roll_bonus_against or gain_counter to a "
            "wound, poison, heal or open on other cards", "delete also")
    also = a.get("also")
    if also is not None and also.effect in ALSO_NO_AMOUNT and also.amount:
        bad("also", f"{also.effect} takes no amount", "delete also.amount")
    if also is not None and also.effect not in ALSO_NO_AMOUNT and not also.amount:
        bad("also", f"also effect {also.effect} needs an amount", "add amount = N to also")
    if a.get("destroy_self") and (not played or target not in ("adjacent", "adjacent_enemies")):
        bad("destroy_self", "destroy_self is for played abilities acting around the card (Болотник)",
            "delete destroy_self")
    if a.get("and_self") and effect != "destroy":
        bad("and_self", "and_self is for destroy (Харон's spell)", "delete and_self")
    if a.get("then") is not None and effect != "wound":
        bad("then", "a two-condition ability here wounds first, then heals (Рафаэль)", "delete then")
    if a.get("trigger") == "on_death" and target in ("self",):
        bad("target", "an on-death ability cannot act on its dead card", "choose another target")
    if effect in ATTACK_EFFECTS and target in ("self", "all_own", "all"):
        bad("target", "a special strike is an attack: it cannot hit its own card", "choose another target")
    if effect == "take_wounds" and target not in CHOSEN_TARGETS:
        bad("target", "take_wounds moves wounds from a chosen creature onto the card", "choose a chosen target")
    if target == "left_right_own" and (kind != "triggered" or "limit" in a or "then" in a or "destroy_self" in a):
        bad("target", "left_right_own (its owner's creatures directly left and right of it) is the target of a "
            "triggered ability without limit, then or destroy_self", 'write kind = "triggered" or choose another target')
    if target == "opposite_enemy" and kind not in ("triggered", "played", "fast"):
        bad("target", "opposite_enemy is the target of a triggered, played or fast ability", "choose another target")
    if effect == "push_or_wound" and not (kind == "triggered" and a.get("trigger") == "on_strike"
                                          and target == "attacked"):
        bad("effect", "push_or_wound pushes the creature it strikes: a triggered on_strike ability at the attacked",
            'write kind = "triggered", trigger = "on_strike", target = "attacked"')
    if "plus_if_not_moved" in a and effect not in ("wound", "heal", "poison", "special_strike"):
        bad("plus_if_not_moved", "plus_if_not_moved adds to the amount of a wound, heal, poison or special strike",
            "delete it")
    if (effect == "revive") != (target == "chosen_own_dead") or (effect == "revive" and not played):
        bad("target", "revive is a played or fast ability that chooses a creature in its owner's graveyard",
            'write kind = "played", effect = "revive", target = "chosen_own_dead"')
    if effect == "ram" and target != "opposite_enemy":
        bad("target", "a ram wounds the enemy creature opposite the card", 'set target = "opposite_enemy"')
    if a.get("trigger") == "valhalla" and target != "chosen_own":
        bad("target", "a valhalla ability acts on one of its owner's creatures in play (its card is in the "
            "graveyard)", 'set target = "chosen_own"')
    if effect in SELF_ONLY_EFFECTS and target != "self":
        bad("target", f"{effect} is gained by the card itself", 'delete target or set "self"')
    a.setdefault("target", "self")
    return Ability(**a)


def _strike_effect_checks(a, bad):
    """Strike effects are fast abilities without a card target: the option (which die,
    which strike) is chosen when they are declared; their `also` acts on their own card."""
    if a["kind"] != "fast":
        bad("kind", f"{a['effect']} changes an attack in progress: it is a fast ability", 'set kind = "fast"')
    if a.get("target", "self") != "self":
        bad("target", f"{a['effect']} acts on the attack in progress, not on a card", "delete target")
    also = a.get("also")
    if also is not None and also.effect not in STRIKE_ALSO_ADDS:
        bad("also", f"the also of a strike effect is one of {', '.join(STRIKE_ALSO_ADDS)} on its own card",
            "change also.effect")
    if also is not None and also.effect == "gain_counter" and also.amount:
        bad("also", "gain_counter takes no amount (one counter)", "delete also.amount")
    if "also_unless_struck" in a and also is None:
        bad("also_unless_struck", "also_unless_struck needs an also", "add also or delete it")
    for key in ("filter", "range", "optional", "and_self", "then", "destroy_self", "amount_of", "spell"):
        if key in a:
            bad(key, f"a strike effect takes no {key}", f"delete {key}")


FLAGS = Keyword.words(kind="flag")     # the yes/no keywords

# the checker of every card field (decks.registry.Keyword): yes/no and number keywords from the registry,
# the others here
FIELDS = {
    **{k.word: _boolean for k in Keyword if k.get("kind") == "flag"},
    **{k.word: _integer(k.get("lo")) for k in Keyword if k.get("kind") == "number"},
    "set_number": _string, "element": _choice(ELEMENTS), "kind": _choice(KINDS),
    "class": _string, "strike": _triple, "text": _string,
    "ranged": _ranged, "heal_self": _heal, "strike_bonus": _strike_bonus, "directed_vs": _choices(MASK_VS),
    "reduce": _reduce, "protection": _protections, "poison_on_strike": _triple,
    "draws_ranged": _choices(DRAWS_RANGED),
    "tap_gain": _table({"directed": _boolean, "protection": _protections}, build=TapGain),
    "formation": _table({"attack_experience": _integer(0), "defence_experience": _integer(0),
                         "armor": _integer(0), "strike_bonus": _strike_bonus, "reduce": _reduce,
                         "protection": _protections}, build=Formation),
    "ranged_spends_counters": _choice(COUNTER_SPENDING), "ranged_poison": _triple,
    "roll_bonus_vs_enemy_row": _table({"row": _integer(1), "amount": _integer(1)}, required=("row",),
                                      build=RowBonus),
    "strike_per_ally": _table({"element": _choice(ELEMENTS), "max": _integer(1)},
                              required=("element", "max"), build=AllyBonus),
    "while": _while_list, "aura": _aura, "unanswered_vs": _choices(MASK_VS),
    "draws_ranged_condition": _choice(("adjacent_enemy",)), "finish_off_bonus": _choice(("adjacent_poisoned",)),
    "turn_choice": _turn_choice,
    "vampirism": _table({"less": _integer(1), "max_life": _integer(1)}, build=Vampirism),
    "blocks_ranged_on": _die_face, "strike_bonus_half_target_life": _strengths,
    "free_if_squad_costs": _cost_list,
    "played": _choices(TAP_ABILITIES), "played_order": _played_order, "abilities": _list_of(_ability), "elite": _boolean, "unique": _boolean,
    "assumed": _boolean,
}
assert FIELDS.keys() == set(Keyword.words()), "every card field is a decks.registry.Keyword"
REQUIRED = Keyword.words(required=True)


# ---- locating cards and fields in the text, for error lines ----

_TOML_KEY = r"""("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)"""
# ["Card"] or ["Card".field]; a [[...]] array header is no card
_HEADER = re.compile(r"^\s*\[(?!\[)\s*" + _TOML_KEY + r"""\s*(?:\.\s*"?([A-Za-z_]+)"?)?""")
_KEY = re.compile(r"""^\s*"?([A-Za-z_]+)"?\s*[=.]""")
_TOP_KEY = re.compile(r"^\s*" + _TOML_KEY + r"\s*=")


def _key_text(raw):
    return tomllib.loads(f"k = {raw}")["k"] if raw[0] in "\"'" else raw


def _locate(text):
    """{card name: {None: header line, field: line of the field}}, 1-based lines, first occurrence."""
    lines, card, top = {}, None, False
    for n, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            card, sub = _key_text(m.group(1)), m.group(2)
            top = sub is None
            lines.setdefault(card, {}).setdefault(sub, n)
        elif card is None:
            k = _TOP_KEY.match(line)
            if k:  # a key = value above the first table: not a card table
                lines.setdefault(_key_text(k.group(1)), {}).setdefault(None, n)
        elif top:
            k = _KEY.match(line)
            if k:
                lines[card].setdefault(k.group(1), n)
    return lines


def load_cardset(path=None):
    """Read and validate a card set file (default: the bundled set 1). Raises InputError."""
    path = Path(path) if path is not None else DEFAULT_CARDSET_PATH
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as e:
        raise InputError(path, None, f"cannot read the card set: {e.strerror}",
                         "check the path") from None
    except UnicodeDecodeError:
        raise InputError(path, None, "the card set is not UTF-8 text", "save the file as UTF-8") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        line = int(m.group(1)) if m else None
        msg = str(e)[:m.start()].strip() if m else str(e)
        col = f" at column {m.group(2)}" if m else ""
        raise InputError(path, line, f"TOML syntax error{col}: {msg}",
                         'write key = value, strings in "double quotes", lists in [ ]') from None

    where = _locate(text)
    cards, seen = [], {}
    for name, table in data.items():
        lines = where.get(name, {})
        header = lines.get(None)

        def fail(field_name, message, fix, detail=""):
            line = lines.get(field_name, header) if field_name else header
            about = f"card '{name}'" + (f", field '{field_name}{detail}'" if field_name else "")
            raise InputError(path, line, f"{about}: {message}", fix)

        if fold(name) in seen:
            fail(None, f"the same name as card '{seen[fold(name)]}' (names compare with ё = е, any case)",
                 "rename or delete one of the two")
        seen[fold(name)] = name
        if type(table) is not dict:
            fail(None, "is not a table", f'write it as a table: ["{name}"] followed by its fields')
        cards.append(_card(name, table, fail))
    if not cards:
        raise InputError(path, None, "the card set has no cards", 'add at least one card table ["Name"]')
    _check_filter_classes(path, where, cards)
    return CardSet(tuple(cards), str(path), hashlib.sha256(raw).hexdigest())


def _check_filter_classes(path, where, cards):
    """A `class` filter must name a class some card of the set has (the engine numbers the classes)."""
    classes = {k.strip() for c in cards for k in c.card_class.split(",") if k.strip()}
    for c in cards:
        for i, a in enumerate(c.abilities):
            if a.filter.card_class and a.filter.card_class not in classes:
                lines = where.get(c.name, {})
                raise InputError(path, lines.get("abilities", lines.get(None)),
                                 f"card '{c.name}', field 'abilities[{i}].filter.class': no card of the set has "
                                 f"the class '{a.filter.card_class}'",
                                 "write a class as printed on a card, e.g. class = \"Йордлинг\"")


def _card(name, table, fail):
    values = {}
    for key, v in table.items():
        if key not in FIELDS:
            near = closest(key, FIELDS, n=1)
            fail(key, "unknown field",
                 f"did you mean '{near[0]}'?" if near else "delete it; allowed fields are in VOCABULARY.md")
        try:
            values[key] = FIELDS[key](v)
        except _Bad as e:
            fail(key, e.message, e.fix, "".join(e.path))
    for key in REQUIRED:
        if key not in values:
            fail(None, f"missing required field '{key}'", f"add {key} = ..., see VOCABULARY.md")
    if values["kind"] == "flyer" and "move" in values:
        fail("move", "a flyer has no movement", "delete the move line, or set kind = \"creature\"")
    if values["kind"] == "creature" and "move" not in values:
        fail(None, "a ground creature needs movement", "add move = N, e.g. move = 1")
    if values.get("strike_twice_different") and not values.get("strike_twice"):
        fail("strike_twice_different", "needs strike_twice", "add strike_twice = true")
    tap_gain = values.get("tap_gain")
    if tap_gain is not None and not (tap_gain.directed or tap_gain.protection):
        fail("tap_gain", "gains nothing", "add directed = true and/or protection = [...], or delete tap_gain")
    row_bonus = values.get("roll_bonus_vs_enemy_row")
    if row_bonus is not None and row_bonus.row > 3:
        fail("roll_bonus_vs_enemy_row", "row must be 1, 2 or 3 (counted from the enemy's front)",
             "write roll_bonus_vs_enemy_row = { row = 2, amount = 1 }")
    if values.get("ranged_counter_bonus") and not values.get("ranged"):
        fail("ranged_counter_bonus", "the card has no ranged attack", "add ranged = {...} or delete it")
    has = [a for a in TAP_ABILITIES if values.get(a)]
    played = values.get("played", ())
    if set(has) != set(played):
        fail("played", f"played lists {list(played)} but the card's tap abilities are {has}",
             f"set played = {has} in the order the card text lists them".replace("'", '"'))
    entries = [i + 1 for i, a in enumerate(values.get("abilities", ())) if a.kind in ("played", "fast")]
    order = values.get("played_order")
    if order is not None and sorted(map(repr, order)) != sorted(map(repr, list(played) + entries)):
        fail("played_order", f"played_order lists {list(order)} but the card's played abilities are "
             f"{list(played) + entries} (words of `played`, numbers of its played and fast `abilities`)",
             "list each of them once, in the order the card text lists them")
    if order is None and played and entries:
        fail("played_order", "the card has both keyword tap abilities (`played`) and played or fast "
             "`abilities`: their order in the card text is not known",
             f"add played_order = {list(played) + entries} in the order the card text lists them"
             .replace("'", '"'))
    if len(values.get("abilities", ())) > MAX_ABILITIES:
        fail("abilities", f"more than {MAX_ABILITIES} abilities", "the engine holds at most "
             f"{MAX_ABILITIES} per card")
    if values.get("draws_ranged_condition") and not values.get("draws_ranged"):
        fail("draws_ranged_condition", "the card draws no ranged attacks", "add draws_ranged = [...] or delete it")
    if values.get("special_strike_stuns_closed") and not values.get("special_strike"):
        fail("special_strike_stuns_closed", "the card has no special strike", "add special_strike = N or delete it")
    if values.get("special_strike_poison") and not values.get("special_strike"):
        fail("special_strike_poison", "the card has no special strike", "add special_strike = N or delete it")
    if values.get("ranged_explosion") and not values.get("ranged"):
        fail("ranged_explosion", "the card has no ranged attack", "add ranged = {...} or delete it")
    if values.get("ranged_per_wound") and not values.get("ranged"):
        fail("ranged_per_wound", "the card has no ranged attack", "add ranged = {...} or delete it")
    if values.get("finish_off_bonus") and not values.get("finish_off"):
        fail("finish_off_bonus", "the card has no finish off", "add finish_off = N or delete it")
    if values.get("row_strike_middle_ova") and (values.get("ranged") is None
                                                or values["ranged"].kind != "row_strike"):
        fail("row_strike_middle_ova", "the card has no strike through a row",
             'add ranged = { kind = "row_strike", ... } or delete it')
    if values.get("incarnates_open") and not values.get("incarnation"):
        fail("incarnates_open", "the card has no incarnation", "add incarnation = N or delete it")
    if values.get("ranged_spends_extra_lives") and not values.get("ranged"):
        fail("ranged_spends_extra_lives", "the card has no ranged attack", "add ranged = {...} or delete it")
    if values.get("teleport") and values.get("kind") == "flyer":
        fail("teleport", "a flyer does not stand on the battlefield", "delete teleport")
    if values.get("scavenging_extra_lives") and not values.get("scavenging"):
        fail("scavenging_extra_lives", "the card has no scavenging", "add scavenging = true or delete it")
    if values.get("ranged_at_adjacent") and not values.get("ranged"):
        fail("ranged_at_adjacent", "the card has no ranged attack", "add ranged = {...} or delete it")
    if values.get("unanswered") and values.get("unanswered_vs"):
        fail("unanswered_vs", "the card already has an unanswered strike against every target",
             "delete unanswered_vs or unanswered")
    values["card_class"] = values.pop("class", "")
    values["while_blocks"] = values.pop("while", ())
    values.setdefault("move", 0)
    return Card(name=name, **values)
