"""The vocabulary of the card file, declared once: every word a card may write.

Each vocabulary is an enum below, each word one member: its name, lowercased, is the word as the card
file writes it (`Effect.WOUND` is `effect = "wound"`); its value is the code the card table holds and
the kernels compare with (`if eff == Effect.WOUND`: an IntEnum member is a plain int constant inside a
Numba kernel); `meaning` says in one line what it does; further attributes say where the word may
stand, and decks.cardset's checks read them. Everything else follows from here:
- the words decks.cardset accepts, and the choices its error messages list;
- the codes simcore.kernels.cardtable writes into the card table, and the constants the kernels read;
- the names simcore.events writes into a game's log;
- the word tables of decks/cards/VOCABULARY.md, with the cards of the bundled set that use each word
  (generated: `python -m decks.registry --write`; a test fails when they are out of date);
- the reference engine's tables of the words it implements, which a test checks against this module.

Effects are grouped by the family of kernels that implements them (`Family`, simcore/kernels/rules/
effects/): an effect's code lies in its family's block of 32 codes, so that the kernels find the family
with one shift. Codes are not stored anywhere outside a compiled card table: renumbering a word changes
no game and no file but this one.
"""
from enum import IntEnum


class Word(IntEnum):
    """A word of the card file: its code (the int value), `meaning`, and the attributes of its vocabulary
    (declared as `NAME = code, "meaning", dict(attribute=value, ...)`)."""

    def __new__(cls, code, meaning, attributes=None):
        word = int.__new__(cls, code)
        word._value_ = code
        word.meaning = meaning
        word.attributes = attributes or {}
        return word

    def get(self, attribute, default=False):
        """One of its attributes (`Effect.WOUND.get("amount")`); an attribute it does not set is False."""
        return self.attributes.get(attribute, default)

    @property
    def word(self) -> str:
        """The word as the card file writes it."""
        return self.name.lower()

    @classmethod
    def words(cls, **where) -> tuple[str, ...]:
        """The card-file words of this vocabulary, in declaration order; with `where`, those whose
        attributes have these values (`Effect.words(amount=True)`)."""
        return tuple(w.word for w in cls if all(w.get(k) == v for k, v in where.items()))

    @classmethod
    def of(cls, word: str):
        """The member for a card-file word (`Effect.of("wound") is Effect.WOUND`)."""
        return cls[word.upper()]


# ---- abilities (rules 113-118): `abilities = [{ kind = ..., trigger = ..., effect = ..., ... }]` ---------
class Kind(Word):
    """`kind`: how an ability is used."""
    PLAYED = 1, "played (slow): its owner uses it in his Choice subphase, as the card's action (114.2.1)"
    FAST = 2, "fast: also at any priority window where its owner has priority (114.2.2)"
    TRIGGERED = 3, "triggered: fires by itself when its trigger's event happens"
    PERMANENT = 4, "permanent: holds while the card is in play, without the stack (115)"


class Trigger(Word):
    """`trigger` of a triggered ability: the event that fires it. A code is a bit of the card table's
    trigger mask (codes below 31)."""
    ON_STRIKE = 1, "it deals a simple strike (not a miss); `strengths` filters the strike's strength", \
        dict(pair=True, filtered=True)
    ON_STRUCK = 2, "it is hit by a simple strike", dict(pair=True, filtered=True)
    ON_DEATH = 3, "it is destroyed (its area is around its last cell, 509.3)"
    TURN_START = 5, "the start of its owner's turn", dict(turn=True)
    TURN_END = 6, "the end of its owner's turn", dict(turn=True)
    OPPONENT_TURN_START = 7, "the start of the opponent's turn", dict(turn=True)
    OPPONENT_TURN_END = 8, "the end of the opponent's turn", dict(turn=True)
    ON_MOVE = 9, "it moves one cell (a step; a jump is no move)", dict(move=True)
    CREATURE_DIES = 10, "another creature, either side's, is destroyed (`trigger_filter` tests it)", \
        dict(other=True, filtered=True)
    ON_DEFEND = 11, "it becomes a defender (its `attacked` is the creature it defends)", dict(pair=True)
    TO_ENEMY_HALF = 12, "a step takes it from its owner's half into the enemy half", dict(move=True)
    TO_OWN_HALF = 13, "a step takes it from the enemy half into its owner's half", dict(move=True)
    ENEMY_POISON_WOUNDED = 14, "an enemy creature takes its poison wounds at its owner's turn start", \
        dict(other=True, filtered=True)
    VALHALLA = 15, "the start of its owner's turn while the card lies in his graveyard (valhalla)"
    ON_INCARNATE = 16, "it has just incarnated (returned from the graveyard)"
    ON_ATTACK = 17, "it attacked with a simple strike, hit or miss (after the strike's deaths)"
    ON_INCARNATION_TOKEN = 18, "it has just received an incarnation token in its owner's graveyard"
    CREATURE_INCARNATES = 19, "a creature of its owner (itself included) has just incarnated"


class Family(IntEnum):
    """The families of effects, each implemented in one module of simcore/kernels/rules/effects/. An
    effect's code is family * FAMILY_SPAN + its place in the family (code 0 is no effect)."""
    DAMAGE = 0          # damage and healing, attacks and destruction: effects/damage.py
    STATUS = 1          # status and keywords gained: effects/status.py
    MOVEMENT = 2        # movement and relocation: effects/movement.py
    COUNTERS = 3        # counters and tokens: effects/counters.py
    DELAYED = 4         # delayed and end-of-turn: effects/delayed.py
    STRIKE = 5          # strike effects in the dice window of an attack: effects/strike.py


FAMILY_SPAN = 32
FAMILY_SHIFT = 5                    # code >> FAMILY_SHIFT is the family
FAMILY_NAMES = {Family.DAMAGE: "damage and healing", Family.STATUS: "status and keywords gained",
                Family.MOVEMENT: "movement and relocation", Family.COUNTERS: "counters and tokens",
                Family.DELAYED: "delayed and end-of-turn", Family.STRIKE: "strike effects in the dice window"}


class Effect(Word):
    """`effect`: what an ability does to its targets. Attributes: amount (needs `amount` or `amount_of`),
    self_only (only `target = "self"`), no_target (played without a target: it waits for one or picks
    it), played_only, permanent (the effects a permanent ability may have), duration (takes
    `duration`), takes_also (may carry an `also`), also (may be an `also`), also_amount (an `also` of
    it takes an amount), strike_also (may be a strike effect's `also`), self_first (may be a
    `self_first`), attack (an attack of the card: never at its own card)."""
    # ---- damage and healing (effects/damage.py) -----------------------------------------------------
    WOUND = 1, "N wounds to the target, an impact (no dice, no reductions, no armor)", \
        dict(amount=True, takes_also=True, also=True, also_amount=True, strike_also=True)
    HEAL = 2, "removes up to N wounds", dict(amount=True, takes_also=True, also=True, also_amount=True)
    EXTRA_LIVES = 3, "N extra lives (508.2)", dict(amount=True, self_first=True)
    REDUCE_LIFE = 4, "the life maximum -N, for the rest of the game (508.4): not wounds", dict(amount=True)
    DESTROY = 5, "destroys the target without wounds (509.2)"
    POISON = 6, "poison N (acquired, 117): N wounds at the start of its owner's turn", \
        dict(amount=True, takes_also=True, also=True, also_amount=True)
    CURE_POISON = 7, "removes all the target's poison", dict(also=True)
    RAISE_POISON = 8, "a poisoned target's poison + N, to at most `up_to`", dict(amount=True)
    TAKE_WOUNDS = 9, "up to N of the target's wounds move onto the ability's card", dict(amount=True)
    REDUCE_LIFE_TURN = 10, "the life maximum -N until the end of the turn (508.4)", dict(amount=True)
    SPECIAL_STRIKE = 11, "a special strike N of the ability's card: no dice, no counter-strike", \
        dict(amount=True, attack=True)
    SHOT = 12, "a shot N of the ability's card with no die: N for every strength", \
        dict(amount=True, attack=True)
    ROLLED_SHOT = 13, "a shot N of the ability's card: only it rolls, N for every strength", \
        dict(amount=True, attack=True)
    FINISH_OFF = 14, "finish off N (509.2): a creature on the battlefield with life <= N is destroyed", \
        dict(amount=True, attack=True)
    RAM = 15, "its owner chooses X up to the card's life: the card takes X wounds, the target X - 1"
    # ---- status and keywords gained (effects/status.py) ---------------------------------------------
    STRIKE_BONUS = 32, "+ N to its simple strike, for its `duration`", dict(amount=True, duration=True)
    ATTACK_EXPERIENCE = 33, "+ N OvA (attack experience), for its `duration`", \
        dict(amount=True, duration=True)
    RANGED_BONUS = 34, "+ N to its ranged attack until the end of the turn", dict(amount=True, self_only=True)
    RANGE_BONUS = 35, "+ N to the range of its ranged attack until the end of the turn", \
        dict(amount=True, self_only=True)
    GAIN_DIRECTED = 36, "directed strike until the end of the turn", dict(self_only=True)
    NO_TAP_AFTER_ATTACK = 37, "does not tap after attacking, until the end of the turn", dict(self_only=True)
    FIRST_STRIKE_UNANSWERED = 38, "its first simple strike this turn is unanswered"
    PROTECT_FROM_STRIKES = 39, "simple strikes deal it no wounds until the end of the turn", \
        dict(self_only=True)
    STONE_SKIN = 40, "- N from non-magic attacks until the end of the opponent's next turn (at most 255)", \
        dict(amount=True)
    ROLL_BONUS_AGAINST = 41, "+ N to the die rolls of its owner's creatures attacking the target this turn", \
        dict(amount=True, also=True, also_amount=True)
    NEXT_ROLL_SIX = 42, "its next die roll in an attack counts as 6", dict(self_only=True)
    LOSE_ABILITIES = 43, "the target loses its abilities (503.3; acquired, or while a permanent holds)", \
        dict(permanent=True)
    CLOSE = 44, "closes (taps) the target"
    OPEN = 45, "opens (untaps) the target", dict(takes_also=True)
    CLOSE_OR_WOUND = 46, "the target's owner chooses: it closes, or it takes N wounds", dict(amount=True)
    STUN = 47, "the target does not untap at the start of its owner's next turn"
    WEB = 48, "the target cannot move, act or defend until the end of its owner's next turn; an attack " \
        "at it is blocked"
    ROOT = 49, "the target may not move from its cell while the ability's card stays in play and still"
    # ---- movement and relocation (effects/movement.py) ----------------------------------------------
    PUSH_OR_WOUND = 64, "the struck creature is pushed one cell on in the strike's direction, or takes " \
        "N wounds", dict(amount=True)
    REVIVE = 65, "a card of its owner's graveyard comes back into play closed, as a new card"
    RELOCATE = 66, "the target moves to a free cell of the battlefield that the ability's owner decides (507)"
    # ---- counters and tokens (effects/counters.py) --------------------------------------------------
    GAIN_COUNTER = 96, "the target gains a counter (123)", dict(also=True, strike_also=True)
    INCARNATION_TOKEN = 97, "an incarnation token for a card with incarnation in its owner's graveyard", \
        dict(no_target=True)
    # ---- delayed and end-of-turn (effects/delayed.py) -----------------------------------------------
    TRAP = 128, "a trap (118): the next enemy creature that acts takes N wounds", \
        dict(amount=True, no_target=True, played_only=True)
    BOOST_NEXT_ATTACK = 129, "the next attack of the owner's creature of `strengths` and `filter.element` " \
        "+ N (118)", dict(amount=True, no_target=True, played_only=True)
    # ---- strike effects, played at the dice window of an attack (effects/strike.py) -----------------
    DIE_LUCK = 160, "+1, -1 or a reroll to one die of the attack in progress"
    WOUND_ON_ONE = 161, "the creature whose die shows 1 takes N wounds", dict(amount=True)
    STRIKE_STRONG = 162, "a strike of the owner's creature that is not a miss becomes strong"
    STRIKE_TO_ONE = 163, "a strike at the owner's creature deals at most 1 wound"
    STRIKE_MINUS = 164, "a strike deals N wounds fewer", dict(amount=True)

    @property
    def family(self) -> Family:
        return Family(self.value >> FAMILY_SHIFT)


class Target(Word):
    """`target`: whom an ability reaches. Attributes: chosen (one card its owner chooses), area (every
    matching card at once)."""
    SELF = 0, "the ability's own card"
    ATTACKED = 1, "the other card of the strike: the struck card (on_strike), the defended one (on_defend)"
    ATTACKER = 2, "the card whose strike hit it (on_struck)"
    ADJACENT_ENEMIES = 3, "every enemy card on the 8 cells around it", dict(area=True)
    ADJACENT = 4, "every card on the 8 cells around it", dict(area=True)
    CHOSEN = 5, "one card in play, chosen when it is used (triggered: when it fires)", dict(chosen=True)
    CHOSEN_ENEMY = 6, "one enemy card in play, chosen", dict(chosen=True)
    CHOSEN_OWN = 7, "one card of its owner in play, chosen", dict(chosen=True)
    ALL_ENEMIES = 8, "every enemy card in play", dict(area=True)
    ALL_OWN = 9, "every card of its owner in play, itself included", dict(area=True)
    ALL = 10, "every card in play", dict(area=True)
    CHOSEN_ADJACENT = 11, "one card on the 8 cells around it, chosen", dict(chosen=True)
    CHOSEN_ADJACENT_TO_OTHER = 12, "one card around the trigger's other card, chosen", dict(chosen=True)
    OPPOSITE_ENEMY = 13, "the enemy creature on the cell directly in front of it"
    CHOSEN_OWN_DEAD = 14, "one card of its owner's graveyard that can come back, chosen (revive)", \
        dict(chosen=True, graveyard=True)
    LEFT_RIGHT_OWN = 15, "its owner's creatures directly left and right of it, in its row"


class Condition(Word):
    """`condition`: the ability works only while this holds for its card."""
    ALWAYS = 0, "always"
    IN_FORMATION = 1, "it stands in formation (строй)"
    UNWOUNDED = 2, "it has no wounds"
    WOUNDED = 3, "it has wounds"
    ADJACENT_ENEMY = 4, "an enemy creature stands on a cell around it"
    OWN_FRONT_ROW = 5, "it stands in its owner's front row"
    OWN_BACK_ROW = 6, "it stands in its owner's back row"
    ADJACENT_ALLY = 7, "another creature of its owner passing `trigger_filter` stands on a cell around it"
    NOT_MOVED = 8, "it has not moved this turn (no step, no jump)"


class Duration(Word):
    """`duration` of a gain (strike_bonus, attack_experience)."""
    END_OF_TURN = 0, "until the end of the current turn"
    END_OF_OWN_TURN = 1, "until the end of its owner's turn (his next one when it fires in the opponent's)"


class Limit(Word):
    """`limit`: how often an ability may be used (code 0: no limit)."""
    ONCE_PER_TURN = 1, "at most once per turn"
    ONCE_PER_BATTLE = 2, "at most once per battle"
    TWICE_PER_TURN = 3, "at most twice per turn"


class AmountOf(Word):
    """`amount_of`: an amount computed when the effect applies, instead of `amount` (code 0: none)."""
    OPPOSITE_MEDIUM_STRIKE = 1, "the printed medium strike of the creature opposite the card"
    OTHER_POISON = 2, "the poison of the trigger's other creature (the dead one's when it died)"
    WOUNDS_THIS_TURN = 3, "the wounds the target took this turn"
    CELLS_MOVED = 4, "the cells the ability's card moved this turn"
    OWN_ABOVE_PRINTED_LIFE = 5, "its owner's cards in play whose life is above their printed life, at most " \
        "`amount`"
    STRIKE_VALUE = 6, "the value of the strike that fired the on_strike ability"


class Spread(Word):
    """`spread`: the effect also hits these cards around the chosen one (code 0: none)."""
    ADJACENT_ENEMIES_SAME_WEAK = 1, "every enemy creature around the chosen card with the same printed weak " \
        "strike"


class Filter(Word):
    """The yes/no keys of a `filter` (and `trigger_filter`): a bit each in the card table. The keys with
    a value (`element`, `cost`, `cost_at_most`, `cost_at_least`, `class`) have columns of their own."""
    ELITE = 1, "`elite = true`: an elite card"
    ORDINARY = 2, "`elite = false`: an ordinary card"
    POISONED = 4, "a poisoned card"
    RANGED_USER = 8, "a card with a shot, throw or discharge"
    GROUND = 16, "not a flyer"
    UNWOUNDED = 32, "a card without wounds"
    OTHER = 64, "not the ability's own card"
    NOT_MOVED = 128, "a card that has not moved this turn"
    OPEN = 256, "an open (untapped) card"
    ENEMY = 512, "a card of the other player"
    KILLED_BY_POISON = 1024, "creature_dies: it died of its poison wounds"
    MAGIC_USER = 2048, "a card with a discharge or magic strike"
    NOT_ATTACK_WOUNDED = 4096, "a card that took no wounds from an attack this turn"


# ---- values of card keywords ------------------------------------------------------------------------
class Element(Word):
    """`element` of a card, and the element filters and bonuses."""
    STEPPE = 0, "степь"
    MOUNTAINS = 1, "горы"
    FOREST = 2, "лес"
    SWAMPS = 3, "болота"
    DARKNESS = 4, "тьма"
    NEUTRAL = 5, "нейтральная"


class CardKind(Word):
    """`kind` of a card."""
    CREATURE = 0, "a ground creature: it stands on the battlefield"
    FLYER = 1, "a flyer: it stays in its owner's auxiliary zone"


class Strength(Word):
    """Strike strengths in `strengths` lists (a bit each)."""
    WEAK = 0, "a weak strike"
    MEDIUM = 1, "a medium strike"
    STRONG = 2, "a strong strike"


class AttackKind(Word):
    """The kinds of attacks: `ranged.kind` of a card's tap ranged attack (shot .. magic_strike), and the
    two the rules add (strike, special_strike)."""
    STRIKE = 0, "a simple strike (melee), and a counter-strike", dict(internal=True)
    SHOT = 1, "выстрел: a ranged attack with a range", dict(ranged=True, drawable=True)
    THROW = 2, "метание: a ranged attack with a range", dict(ranged=True, drawable=True)
    DISCHARGE = 3, "разряд: a magical ranged attack", dict(ranged=True, drawable=True)
    ROW_STRIKE = 4, "удар через ряд: exactly 2 cells away in a line, over an empty cell or an own card", \
        dict(ranged=True)
    SPECIAL_STRIKE = 5, "a special strike N: no dice, no counter-strike", dict(internal=True)
    MAGIC_STRIKE = 6, "магический удар: magical, at an adjacent creature, only the attacker rolls", \
        dict(ranged=True)


class VsValue(Word):
    """`vs` of a strike bonus, and the values of `directed_vs` / `unanswered_vs` (a bit each, code - 1)."""
    ALWAYS = 0, "every target"
    STEPPE = 1, "steppe creatures", dict(mask=True)
    MOUNTAINS = 2, "mountain creatures", dict(mask=True)
    FOREST = 3, "forest creatures", dict(mask=True)
    SWAMPS = 4, "swamp creatures", dict(mask=True)
    DARKNESS = 5, "darkness creatures", dict(mask=True)
    NEUTRAL = 6, "neutral creatures", dict(mask=True)
    CLOSED = 7, "closed (tapped) cards", dict(mask=True)
    FLYER = 8, "flyers", dict(mask=True)
    DEFENDER = 9, "a card acting as defender", dict(mask=True)
    MAGIC_USER = 10, "cards with discharge, magic strike or spell", dict(mask=True)
    RANGED_USER = 11, "cards with shot, throw or discharge", dict(mask=True)
    ARMORED_OR_EXPERIENCED = 12, "cards with OvA, OvZ or armor", dict(mask=True)
    OPPOSITE = 13, "a target in the attacker's column", dict(mask=True)
    ISOLATED = 14, "a target with no creature of its owner directly left or right of it", dict(mask=True)
    THROW_USER = 15, "cards whose ranged attack is a throw", dict(mask=True)
    SAME_ROW = 16, "a target in the enemy row with the same number as the attacker's row"


class AppliesTo(Word):
    """`applies_to` of a strike bonus."""
    STRIKE = 1, "its simple strike"
    RANGED = 2, "its ranged attack"
    ALL = 3, "both"


class Source(Word):
    """`source` of a reduction ("-N from X"); an element e is 10 + its code."""
    STRIKES = 0, "simple strikes"
    RANGED = 1, "ranged attacks"
    NON_MAGIC = 2, "non-magical attacks"
    DIAGONAL_STRIKES = 3, "strikes from a diagonal cell"
    SHOTS_THROWS = 4, "shots and throws"
    FLYERS = 5, "attacks of flyers"
    WEAK_STRIKES = 6, "weak simple strikes, counter-strikes included"
    DIRECTED_STRIKES = 7, "directed simple strikes"
    STEPPE = 10, "attacks of steppe creatures"
    MOUNTAINS = 11, "attacks of mountain creatures"
    FOREST = 12, "attacks of forest creatures"
    SWAMPS = 13, "attacks of swamp creatures"
    DARKNESS = 14, "attacks of darkness creatures"
    NEUTRAL = 15, "attacks of neutral creatures"


class Protection(Word):
    """`protection`: attacks of these kinds deal the card no wounds (a bit each)."""
    POISON = 1, "poison (ZoO)"
    MAGIC = 2, "magic (ZoM)"
    DISCHARGE = 4, "discharges (ZoR)"
    SHOT = 8, "shots (ZoV)"
    THROW = 16, "throws (ZoT)"
    SPELL = 32, "spells (ZoZ)"
    FLYER = 64, "attacks of flyers (ZoAL)"
    WEAK_STRIKE = 128, "weak strikes"


class WhileCondition(Word):
    """`condition` of a `while` block: its keywords hold while it holds. Attribute: counted (needs `count`)."""
    CENTRAL_COLUMN = 1, "it stands in column c"
    EDGE_COLUMN = 2, "it stands in column a or e"
    OUTNUMBERING_ADJACENT = 3, "more of its owner's creatures than enemy ones stand around it"
    ADJACENT_CLASSES = 4, "the creatures around it have at least `count` different classes", \
        dict(counted=True)
    FORMATION_WITH_ELITE = 5, "it is in formation with an elite partner"
    FORMATION_WITH_ORDINARY = 6, "it is in formation with an ordinary partner"
    UNWOUNDED_ALLIES_ADJACENT = 7, "at least `count` unwounded creatures of its owner stand around it", \
        dict(counted=True)
    CREATURE_IN_EVERY_ROW = 8, "its owner has a creature on the battlefield in each of the 6 rows"
    ENEMY_FRONT_ROW_EMPTY = 9, "no enemy card stands on the enemy's front row"
    UNWOUNDED_ALLY_OPPOSITE = 10, "an unwounded creature of its owner stands directly in front of it"


class AuraCells(Word):
    """`to` of an `aura`: the cells of the owner's other creatures it reaches."""
    LEFT_RIGHT = 1, "the cells directly to its left and right"
    COLUMN = 2, "every cell of its column"


class PlayedAbility(Word):
    """`played`: the card's tap abilities, in card-text order."""
    RANGED = 1, "its ranged attack (`ranged`)"
    FINISH_OFF = 2, "finish off N (`finish_off`)"
    HEAL_SELF = 3, "heal itself (`heal_self`)"
    SPECIAL_STRIKE = 4, "special strike N (`special_strike`)"
    TAP_GAIN = 5, "gain a keyword (`tap_gain`)"
    GAIN_COUNTER = 6, "gain a counter (`gain_counter`)"


class CounterSpending(Word):
    """`ranged_spends_counters`: what a charged ranged attack spends (code 0: nothing)."""
    ONE = 1, "one counter"
    ALL = 2, "all its counters"


# ---- the card fields ----------------------------------------------------------------------------------
class Keyword(Word):
    """The fields of a card's table in the card file (docs/RULES.md section 1 and the keywords). Attributes:
    kind ("flag": yes/no; "number": a whole number from `lo`; "value": anything else, checked by its own
    rule in decks.cardset), required, field (the decks.cardset.Card attribute, when it is not the key)."""
    # the card's body
    SET_NUMBER = 1, "`set-number`, e.g. \"1-1\"", dict(kind="value", required=True)
    ELEMENT = 2, "steppe, mountains, forest, swamps, darkness or neutral", dict(kind="value", required=True)
    COST = 3, "cost in crystals", dict(kind="number", lo=0, required=True)
    ELITE = 4, "true: paid with gold only", dict(kind="value", required=True)
    UNIQUE = 5, "true: at most one in a squad", dict(kind="value", required=True)
    KIND = 6, "creature (ground) or flyer", dict(kind="value", required=True)
    CLASS = 7, "creature class, \"\" if none (two as \"A, B\")", dict(kind="value", field="card_class")
    LIFE = 8, "life", dict(kind="number", lo=1, required=True)
    MOVE = 9, "movement (ground creatures only)", dict(kind="number", lo=0)
    STRIKE = 10, "simple strike: weak, medium, strong", dict(kind="value", required=True)
    TEXT = 11, "English paraphrase of the card text (the engine ignores it)", dict(kind="value")
    ASSUMED = 12, "true: stats not from a printed source", dict(kind="value")
    # number keywords
    ARMOR = 20, "armor N: absorbs up to N wounds from non-magical attacks per turn", dict(kind="number", lo=0)
    ATTACK_EXPERIENCE = 21, "OvA N: + N to its die roll when it attacks", dict(kind="number", lo=0)
    DEFENCE_EXPERIENCE = 22, "OvZ N: + N to its die roll when it defends", dict(kind="number", lo=0)
    REGENERATION = 23, "heals N at the start of its owner's turn", dict(kind="number", lo=0)
    JUMP = 24, "jump range N", dict(kind="number", lo=1)
    FINISH_OFF = 25, "tap: finish off N (an adjacent enemy creature with life <= N)", \
        dict(kind="number", lo=1)
    HEAL_SELF = 26, "tap: heal itself by N, or \"full\"", dict(kind="value")
    SPECIAL_STRIKE = 27, "counter + tap: special strike N", dict(kind="number", lo=1)
    ON_RECRUIT_GOLD = 28, "when recruited into its owner's squad he gains N gold crystals", \
        dict(kind="number", lo=1)
    SECOND_PLAYER_COUNTERS = 29, "as the second player's card it starts the battle with N counters", \
        dict(kind="number", lo=1)
    ROW_STRIKE_MIDDLE_OVA = 30, "its strike through a row gives its own card in between + N OvA", \
        dict(kind="number", lo=1)
    SPECIAL_STRIKE_POISON = 31, "its special strike also poisons the target N", dict(kind="number", lo=1)
    RANGED_PER_WOUND = 32, "+ its wounds (at most N) to its ranged attack", dict(kind="number", lo=1)
    RANGED_EXPLOSION = 33, "its ranged attack's cell explodes for N at its owner's next turn start", \
        dict(kind="number", lo=1)
    REDUCE_AS_DEFENDER = 34, "- N from simple strikes while it acts as defender", dict(kind="number", lo=1)
    STRIKES_AT_IT_CLOSED = 35, "simple strikes at it while it is closed deal at most N", \
        dict(kind="number", lo=1)
    INCARNATION = 36, "incarnation N: returns from the graveyard with N tokens", dict(kind="number", lo=1)
    SCAVENGING_EXTRA_LIVES = 37, "when it scavenges it also gains N extra lives", dict(kind="number", lo=1)
    STRIKE_PER_COUNTER = 38, "+ N to its simple strike per counter on it", dict(kind="number", lo=1)
    RANGED_COUNTER_BONUS = 39, "+ N to its ranged attack per counter on it", dict(kind="number", lo=1)
    MAX_COUNTERS = 40, "it holds at most N counters", dict(kind="number", lo=1)
    BLOCKS_RANGED_ON = 41, "a ranged attack at it is blocked on a die of N or more", dict(kind="value")
    # yes/no keywords
    CLUMSY = 50, "clumsiness: no attack in a turn it moved", dict(kind="flag")
    NO_TAP_AFTER_ATTACK = 51, "does not tap after attacking", dict(kind="flag")
    DIRECTED = 52, "directed strike: no defender may take its simple strike over", dict(kind="flag")
    UNANSWERED = 53, "unanswered strike: only it rolls, no counter-strike", dict(kind="flag")
    STRIKE_TWICE = 54, "may strike twice per turn, does not tap after the first", dict(kind="flag")
    STRIKE_TWICE_DIFFERENT = 55, "its two strikes must be at different cards", dict(kind="flag")
    IGNORES_FLYER_PROTECTION = 56, "ignores protection from flyers (ZoAL)", dict(kind="flag")
    DEFENDS_ANY = 57, "may defend any of its owner's non-flying creatures", dict(kind="flag")
    DEFENDER_NO_TAP = 58, "does not tap when it defends; may defend any number of times", dict(kind="flag")
    IGNORES_TARGET_ABILITIES = 59, "ignores the abilities of the creature it attacks", dict(kind="flag")
    COUNTER_STRIKES_WHEN_CLOSED = 60, "while closed it strikes back as an open card", dict(kind="flag")
    CLOSE_TARGET_ON_ATTACK = 61, "on a strike or a miss when attacking: closes the target", dict(kind="flag")
    IGNORES_DRAWS = 62, "ignores abilities that force the target of its ranged attack", dict(kind="flag")
    GAIN_COUNTER = 63, "tap: gain a counter", dict(kind="flag")
    STRIKES_AT_IT_WEAK = 64, "every simple strike at it is weak", dict(kind="flag")
    STRIKE_COPIES_TARGET = 65, "+ the printed strike of the creature it strikes", dict(kind="flag")
    SPECIAL_STRIKE_STUNS_CLOSED = 66, "its special strike stuns a closed target", dict(kind="flag")
    STRIKES_ONLY_OPPOSITE = 67, "declares simple strikes only at a card in its column", dict(kind="flag")
    NO_COUNTER_STRIKE_WOUNDS = 68, "counter-strikes deal it no wounds", dict(kind="flag")
    STRIKES_BESIDE_WEAK = 69, "strikes at its owner's cards directly left and right of it are weak", \
        dict(kind="flag")
    MUST_STRIKE_CLOSED = 70, "must strike a closed enemy creature it can strike", dict(kind="flag")
    VALHALLA_TWICE = 71, "the first valhalla ability of its owner each turn fires twice", dict(kind="flag")
    ROLLS_TWICE = 72, "when it fights it rolls two dice and keeps the higher", dict(kind="flag")
    TELEPORT = 73, "may move to any empty cell instead of walking", dict(kind="flag")
    INCARNATES_OPEN = 74, "it returns from the graveyard open", dict(kind="flag")
    RANGED_SPENDS_EXTRA_LIVES = 75, "+ X to its ranged attack, X = the extra lives it removes", \
        dict(kind="flag")
    SCAVENGING = 76, "scavenging: heals fully when its strike destroys the creature it fights", \
        dict(kind="flag")
    DRAWS_FLYER_ATTACKS = 77, "enemy flyers may attack only it", dict(kind="flag")
    RANGED_AT_ADJACENT = 78, "its ranged attack may target adjacent cards", dict(kind="flag")
    LOSES_COUNTERS_ON_MOVE = 79, "each step it moves removes all its counters", dict(kind="flag")
    # keywords with a table or a list as value
    RANGED = 90, "tap: its ranged attack { kind, strike, range }", dict(kind="value")
    RANGED_SPENDS_COUNTERS = 91, "what its charged ranged attack spends: one or all", dict(kind="value")
    RANGED_POISON = 92, "its ranged attack of each strength poisons the target", dict(kind="value")
    ROLL_BONUS_VS_ENEMY_ROW = 93, "+ amount to its die when it attacks the enemy's row N", dict(kind="value")
    STRIKE_PER_ALLY = 94, "+ X strike, X = its owner's other creatures of an element (at most max)", \
        dict(kind="value")
    STRIKE_BONUS = 95, "+ N strike against some targets", dict(kind="value")
    DIRECTED_VS = 96, "directed strike against these targets", dict(kind="value")
    UNANSWERED_VS = 97, "unanswered strike against these targets", dict(kind="value")
    REDUCE = 98, "- N from some attacks", dict(kind="value")
    PROTECTION = 99, "attacks of these kinds deal it no wounds", dict(kind="value")
    POISON_ON_STRIKE = 100, "its simple strike of each strength poisons the struck card", dict(kind="value")
    DRAWS_RANGED = 101, "enemy cards may use these ranged attacks only at it", dict(kind="value")
    DRAWS_RANGED_CONDITION = 102, "it draws them only while an enemy creature is adjacent", dict(kind="value")
    TAP_GAIN = 103, "tap: gains directed strike and/or protections", dict(kind="value")
    FORMATION = 104, "keywords that hold while it stands in formation", dict(kind="value")
    WHILE = 105, "keywords that hold while a board condition holds", dict(kind="value", field="while_blocks")
    AURA = 106, "what it gives its owner's creatures on some cells around it", dict(kind="value")
    TURN_CHOICE = 107, "two forms: before its owner's turn it takes one", dict(kind="value")
    FINISH_OFF_BONUS = 108, "its finish off + the poisoned creatures around the target", dict(kind="value")
    VAMPIRISM = 109, "its simple strike's wounds give it life", dict(kind="value")
    STRIKE_BONUS_HALF_TARGET_LIFE = 110, "+ half the struck creature's life to these strengths", \
        dict(kind="value")
    FREE_IF_SQUAD_COSTS = 111, "costs nothing when the rest of its squad has cards of these costs", \
        dict(kind="value")
    PLAYED = 112, "its tap abilities, in card-text order", dict(kind="value")
    ABILITIES = 113, "its text abilities (at most 4)", dict(kind="value")
    PLAYED_ORDER = 114, "its played abilities (slow and fast) in card-text order, when it has both `played` " \
        "words and played or fast `abilities`", dict(kind="value")

    @property
    def field(self) -> str:
        """The decks.cardset.Card attribute that holds it."""
        return self.attributes.get("field") or self.word


VOCABULARIES = (Kind, Trigger, Effect, Target, Condition, Duration, Limit, AmountOf, Spread, Filter,
                Element, CardKind, Strength, AttackKind, VsValue, AppliesTo, Source, Protection,
                WhileCondition, AuraCells, PlayedAbility, CounterSpending, Keyword)


def _check_codes():
    assert min(Effect) > 0, "effect code 0 means no effect (an ability row's empty `also`)"
    assert max(Effect) < FAMILY_SPAN * len(Family), "every effect code lies in a family's block"
    assert max(Trigger) < 63, "trigger codes are bits of the card table's int64 trigger mask"


_check_codes()
