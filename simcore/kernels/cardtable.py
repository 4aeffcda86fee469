"""Compiles a validated CardSet (decks layer) into dense integer tables the kernels read.

Card data reaches kernels only as these arrays (never as globals), so another card set, or a stat
override such as `Арацент.life=11`, is a table edit and needs no recompilation. Column names are the
int constants below, usable inside kernels.

One int64 table C of 2 * cards rows (int64 like the game rows, so that each kernel compiles for one set
of argument types): row i is card i; row cards + i is its blank twin (printed stats only, no
abilities), which the kernels read while card i has lost its abilities (state field EFF).
Columns:
  0 .. N_FIELDS-1                      printed stats and keywords (docs/RULES.md section 1)
  BONUS0 + 5k  (k < MAX_BONUS)         "+N strike [vs X]": amount, vs, applies_to, strengths mask, slot
  REDUCE0 + 4k (k < MAX_REDUCE)        "-N from X": amount, source, attacker cost at most (0 = any), slot
                                       (slot: SLOT_ALWAYS, SLOT_FORMATION, SLOT_WHILE0 + b: `while` block b)
  AB0 + AB_W * k (k < MAX_AB)          the card's abilities (rules 113-118), AB_* columns below
"""
from typing import NamedTuple

import numpy as np

from decks.registry import (
    AmountOf,
    AppliesTo,
    AttackKind,
    AuraCells,
    Condition,
    CounterSpending,
    Duration,
    Effect,
    Element,
    Family,
    Filter,
    Kind,
    Limit,
    PlayedAbility,
    Protection,
    Source,
    Spread,
    Target,
    Trigger,
    VsValue,
    WhileCondition,
)

# ---- stats columns: printed stats and keywords (decks.cardset.Card; docs/RULES.md section 1) ---------------
(ELEMENT,               # decks.registry.Element code
 COST,                  # cost in crystals
 ELITE,                 # 1 = elite (gold only)
 UNIQUE,                # 1 = unique
 FLYER,                 # 1 = a flyer (auxiliary zone)
 LIFE,                  # printed life
 MOVE,                  # movement
 SW,                    # simple strike: weak
 SM,                    # medium
 SS,                    # strong
 RKIND,                 # its tap ranged attack: decks.registry.AttackKind code (0: none)
 RW,                    # its values: weak
 RM,                    # medium
 RS,                    # strong
 RRANGE,                # its range (0: any distance)
 ARMOR,                 # armor
 OVA,                   # attack experience
 OVZ,                   # defence experience
 REGEN,                 # regeneration
 JUMP,                  # jump range (TELEPORT_JUMP: teleport)
 FINISH,                # tap: finish off N
 HEAL_SELF,             # tap: heal itself N (decks.cardset.HEAL_FULL: fully)
 SPECIAL,               # counter + tap: special strike N
 CLUMSY,                # yes/no keywords, 1 = yes: clumsy
 NO_TAP,                # no_tap_after_attack
 DIRECTED,              # directed
 UNANSWERED,            # unanswered
 TWICE,                 # strike_twice
 TWICE_DIFF,            # strike_twice_different
 IGN_ZOAL,              # ignores_flyer_protection
 DEF_ANY,               # defends_any
 DEF_NO_TAP,            # defender_no_tap
 IGN_TARGET,            # ignores_target_abilities
 COUNTER_CLOSED,        # counter_strikes_when_closed
 CLOSE_TARGET,          # close_target_on_attack
 PROT,                  # protections (decks.registry.Protection bits)
 POISON_W,              # poison_on_strike: weak
 POISON_M,              # medium
 POISON_S,              # strong
 DRAWS_RANGED,          # draws_ranged (bit AttackKind code)
 GAIN_DIRECTED,         # tap_gain: directed strike
 GAIN_PROT,             # tap_gain: protections
 RECRUIT_GOLD,          # on_recruit_gold
 DIRECTED_VS,           # directed_vs (bit vs code - 1)
 MAGIC_USER,            # 1 = a discharge or magic strike
 RANGED_USER,           # 1 = a shot, throw or discharge
 HAS_FORMATION,         # 1 = takes part in formations
 F_OVA,                 # formation: OvA
 F_OVZ,                 # OvZ
 F_ARMOR,               # armor
 F_PROT,                # protections
 N_PLAYED,              # its tap abilities (`played`): how many
 PLAYED0,               # their PlayedAbility codes, in order
 PLAYED1,
 PLAYED2,
 PLAYED3,
 HAS_BONUS,             # 1 = a strike bonus row, or a per-ally or per-counter bonus
 HAS_REDUCE,            # 1 = a reduction row
 GAIN_COUNTER,          # gain_counter
 RANGED_PER_COUNTER,    # ranged_counter_bonus
 RANGED_SPEND,          # ranged_spends_counters (CounterSpending code)
 MAX_COUNTERS,          # max_counters (0: no maximum)
 RPOISON_W,             # ranged_poison: weak
 RPOISON_M,             # medium
 RPOISON_S,             # strong
 ROW_BONUS_ROW,         # roll_bonus_vs_enemy_row: the row
 ROW_BONUS_AMT,         # its bonus
 ALLY_ELEMENT,          # strike_per_ally: element + 1
 ALLY_MAX,              # its maximum
 IGN_DRAWS,             # ignores_draws
 UNANSWERED_VS,         # unanswered_vs (bit vs code - 1)
 HAS_WHILE,             # 1 = a `while` block
 W0_COND,               # `while` block 0: condition (WhileCondition code)
 W0_COUNT,              # its count
 W0_OVA,                # OvA
 W0_OVZ,                # OvZ
 W0_ARMOR,              # armor
 W0_PROT,               # protections
 W0_DIRECTED,           # W_DIRECTED_BIT | W_FLYERS_BIT
 W1_COND,               # `while` block 1: the same, W_W columns on
 W1_COUNT,
 W1_OVA,
 W1_OVZ,
 W1_ARMOR,
 W1_PROT,
 W1_DIRECTED,
 CLASS0,                # its creature classes (class_ids; 0: none)
 CLASS1,
 AURA_TO,               # aura: the cells it reaches (AuraCells code; 0: no aura)
 AURA_F_ELEM,           # its filter: element + 1
 AURA_F_FLAGS,          # flags (Filter bits)
 AURA_F_COST,           # cost (see _filter_row)
 AURA_F_COST_MAX,       # cost at most + 1
 AURA_RED_AMT,          # the reduction it gives: amount
 AURA_RED_SRC,          # source (Source code)
 AURA_RED_COST_MAX,     # attacker cost at most
 AURA_RANGE,            # the + range it gives
 SECOND_COUNTERS,       # second_player_counters
 STRIKES_WEAK,          # strikes_at_it_weak
 DRAWS_COND,            # draws_ranged_condition (DRAWS_WHILE_ADJ_ENEMY)
 FINISH_BONUS,          # finish_off_bonus (FINISH_ADJ_POISONED)
 STRIKE_COPY,           # strike_copies_target
 SPECIAL_STUN,          # special_strike_stuns_closed
 ONLY_OPPOSITE,         # strikes_only_opposite
 SPECIAL_POISON,        # special_strike_poison
 RANGED_PER_WOUND,      # ranged_per_wound
 NO_COUNTER_WOUNDS,     # no_counter_strike_wounds
 RANGED_EXPLOSION,      # ranged_explosion
 DEF_REDUCE,            # reduce_as_defender
 CLOSED_STRIKE_CAP,     # strikes_at_it_closed
 BESIDE_WEAK,           # strikes_beside_weak
 MUST_STRIKE_CLOSED,    # must_strike_closed
 ROW_MID_OVA,           # row_strike_middle_ova
 VALHALLA_TWICE,        # valhalla_twice
 TC0_REGEN,             # turn_choice form 0: regeneration
 TC0_STRIKE,            # strike
 TC0_MOVE,              # move
 TC1_REGEN,             # form 1: the same, TC_W columns on
 TC1_STRIKE,
 TC1_MOVE,
 VAMP,                  # vampirism: 1 = it has it
 VAMP_LESS,             # less
 VAMP_MAX,              # max life (0: none)
 INCARN,                # incarnation N
 INCARN_OPEN,           # incarnates_open
 RANGED_XL,             # ranged_spends_extra_lives
 ROLLS_TWICE,           # rolls_twice
 BLOCKS_RANGED_ON,      # blocks_ranged_on (a die face)
 SCAVENGE,              # scavenging
 SCAVENGE_LIVES,        # scavenging_extra_lives
 DRAWS_FLYERS,          # draws_flyer_attacks
 RANGED_ADJ,            # ranged_at_adjacent
 HALF_LIFE_BONUS,       # strike_bonus_half_target_life (bit strength)
 STRIKE_PER_COUNTER,    # strike_per_counter
 LOSE_COUNTERS_MOVE,    # loses_counters_on_move
 FREE_COSTS,            # free_if_squad_costs (bit cost)
 N_FIELDS) = range(137)
TC_W = TC1_REGEN - TC0_REGEN     # turn_choice option o at TC0_REGEN + TC_W * o: regeneration, strike, move
TELEPORT_JUMP = 99            # teleport is a jump to any empty cell (JUMP = 99)
DRAWS_WHILE_ADJ_ENEMY = 1     # DRAWS_COND: draws_ranged only while an enemy creature is adjacent
FINISH_ADJ_POISONED = 1       # FINISH_BONUS: + 1 per poisoned creature adjacent to the target
# `while` blocks (keywords that hold while a board condition holds): block b at W0_COND + W_W * b,
# columns COND, COUNT, OVA, OVZ, ARMOR, PROT, DIRECTED; their strike bonuses and reductions sit in the
# BONUS/REDUCE rows with condition slot 2 + b
W_W = W1_COND - W0_COND
W_COND, W_COUNT, W_OVA, W_OVZ, W_ARMOR, W_PROT, W_DIRECTED = range(7)
W_DIRECTED_BIT, W_FLYERS_BIT = 1, 2     # the W_DIRECTED column: directed (1), strikes_flyers (2)
# condition slot of a strike bonus / reduction row: always, formation, while block 0, while block 1
SLOT_ALWAYS, SLOT_FORMATION, SLOT_WHILE0 = 0, 1, 2


N_VS = max(VsValue) + 1        # vs codes (strike bonuses) run from 0 to N_VS - 1
MAX_BONUS = 4
MAX_REDUCE = 4
BONUS0 = N_FIELDS
REDUCE0 = BONUS0 + 5 * MAX_BONUS

# ---- abilities (decks.cardset.Ability), one row of AB_W columns each ---------------------------------------
(AB_KIND,                   # decks.registry.Kind code
 AB_TRIGGER,                # Trigger code (triggered; 0: none)
 AB_STRENGTHS,              # `strengths` as bits (bit 0 weak .. bit 2 strong)
 AB_TAP,                    # 1 = its cost closes the card
 AB_COUNTERS,               # counters paid
 AB_COND,                   # Condition code
 AB_EFFECT,                 # Effect code
 AB_TARGET,                 # Target code
 AB_AMOUNT,                 # amount
 AB_F_ELEM,                 # filter: element + 1 (0: any)
 AB_F_FLAGS,                #   flags (Filter bits)
 AB_F_COST,                 #   cost (see _filter_row)
 AB_F_COST_MAX,             #   cost at most + 1 (0: any)
 AB_RANGE,                  # range of a chosen target (0: any)
 AB_LIMIT,                  # Limit code (0: none)
 AB_SPELL,                  # 1 = a spell
 AB_AND_SELF,               # 1 = and_self
 AB_THEN,                   # 1 = a second condition: heal at the end of the turn (118.3)
 AB_THEN_AMOUNT,            #   its amount
 AB_TF_ELEM,                # trigger_filter: element + 1, then flags, cost, cost at most (as the filter)
 AB_TF_FLAGS,
 AB_TF_COST,
 AB_TF_COST_MAX,
 AB_DURATION,               # Duration code
 AB_OPTIONAL,               # 1 = "may" (a chosen target may be none)
 AB_ALSO_EFFECT,            # `also`: Effect code (0: none)
 AB_ALSO_AMOUNT,            #   its amount
 AB_DESTROY_SELF,           # 1 = destroy_self
 AB_AMOUNT_OF,              # AmountOf code (0: the amount is printed)
 AB_UP_TO,                  # raise_poison: the poison it raises to at most
 AB_F_CLASS,                # filter `class`: class id (0: any)
 AB_PLUS_NOT_MOVED,         # + N to the amount on a target that did not move
 AB_SPREAD,                 # Spread code (0: none)
 AB_SELF_XL,                # self_first: extra lives the card gains first
 AB_TIMES,                  # 1 = resolve it X times, X = its incarnation tokens
 AB_ALSO_UNLESS,            # also_unless_struck: element + 1 (0: none)
 AB_IGN_TARGET,             # 1 = its shot ignores the target's abilities
 AB_W) = range(38)
MAX_AB = 4
AB0 = REDUCE0 + 4 * MAX_REDUCE
# card-level ability summaries
(N_AB, AB_TRIG_MASK, AB_HAS_PERM, AB_N_PLAYED, AB_COUNTER_COST, AB_FLAGS) = range(
    AB0 + AB_W * MAX_AB, AB0 + AB_W * MAX_AB + 6)
TABLE_WIDTH = AB0 + AB_W * MAX_AB + 6
# AB_FLAGS: what a game with this card in a deck must watch for (state G_FLAGS, so that games
# without such cards skip that work)
F_ABILITIES = 1       # any ability: end-of-turn expiry, limits
F_LOSER = 2           # can make cards lose their abilities: recomputation (503.3)
F_TURN_TRIGGERS = 4   # start/end of turn triggers
F_FAST = 8            # a fast ability: priority windows (114.2.2)
F_DEATH_WATCH = 16    # a "when a creature dies" trigger
F_AURA = 32           # an aura: reductions and ranges read the auras of the cards in play
F_POISON_WATCH = 64   # an "enemy creature takes poison wounds" trigger
F_ROOT = 128          # can root a creature to its cell (effect root): movement checks it
F_TURN_WOUNDS = 256   # amount_of wounds_this_turn: wound() counts the wounds each card takes in a turn
F_BESIDE_WEAK = 512   # strikes_beside_weak: strikes look at the cards beside their target
F_VALHALLA = 1024     # a valhalla ability: the graveyard is read at the start of each turn
F_MUST_STRIKE = 2048  # must_strike_closed: action legality checks the forced strike
F_TURN_CHOICE = 4096  # turn_choice: a form chosen before its owner's turn (regeneration, strike, move)
F_STONE_SKIN = 8192   # stone_skin: reductions read the card's stone skin, the end phase clears it
F_VAMPIRE = 16384     # vampirism: a simple strike's wounds give life
F_INCARNATION = 32768  # incarnation: graveyard cards take tokens and return at the turn start
F_NEXT_SIX = 65536    # next_roll_six: a card's next die roll may count as 6
F_DICE = 131072       # an attack's dice can change: a strike effect (dice window) or a dice keyword
F_ATTACK_WOUNDS = 262144  # a filter reads "wounded by an attack this turn" (state TF_ATTACK_WOUNDED)
F_SCAVENGE = 524288   # scavenging: a strike that destroys a creature heals the striker fully
F_WEB = 1048576       # the web effect: webbed cards cannot act, attacks at them are blocked
F_DRAWS_FLYERS = 2097152  # enemy flyers may attack only this card
F_FREE_RECRUIT = 4194304  # free_if_squad_costs: squad totals look for cards recruited for free



class CardTable(NamedTuple):
    stats: np.ndarray     # C, int64 (2 * cards, TABLE_WIDTH)
    names: tuple


def _prot_mask(names) -> int:
    mask = 0
    for n in names:
        mask |= Protection.of(n)
    return mask


def _bonus_rows(bonuses, formation):
    rows = []
    for b in bonuses:
        strengths = 0
        for s in b.strengths:
            strengths |= 1 << s
        rows.append((b.amount, VsValue.of(b.vs), AppliesTo.of(b.applies_to), strengths, formation))
    return rows


def _reduce_rows(reductions, formation):
    return [(r.amount, Source.of(r.source), r.attacker_cost_at_most, formation)
            for r in reductions]


def vs_mask(values):
    """directed_vs / unanswered_vs as a bit mask: vs value code k (never 0, "always") is bit k - 1, so
    that the codes fit the card table."""
    mask = 0
    for v in values:
        mask |= 1 << (VsValue.of(v) - 1)
    return mask


def class_ids(cards):
    """Creature classes of the card set (a card may print two, "Эльф, Инквизитор"), numbered from 1
    in sorted order; the kernels count distinct classes as bits 1 << (id - 1)."""
    names = sorted({k.strip() for c in cards for k in c.card_class.split(",") if k.strip()})
    if len(names) > 62:
        raise ValueError("more than 62 creature classes; widen the class mask")
    return {k: i + 1 for i, k in enumerate(names)}


def _filter_row(f):
    flags = 0
    if f.elite is True:
        flags |= Filter.ELITE
    if f.elite is False:
        flags |= Filter.ORDINARY
    for bit in Filter:
        if bit not in (Filter.ELITE, Filter.ORDINARY) and getattr(f, bit.word):
            flags |= bit
    elem = Element.of(f.element) + 1 if f.element else 0
    # the cost column holds cost + 1 (exactly), or -(cost_at_least + 1) (at least)
    cost = -(f.cost_at_least + 1) if f.cost_at_least >= 0 else f.cost + 1
    return elem, flags, cost, f.cost_at_most + 1


def _ability_row(a, classes=None):
    row = np.zeros(AB_W, np.int64)
    row[AB_KIND] = Kind.of(a.kind)
    row[AB_TRIGGER] = Trigger.of(a.trigger) if a.trigger else 0
    strengths = 0
    for st in a.strengths:
        strengths |= 1 << st
    row[AB_STRENGTHS] = strengths
    played = a.kind in ("played", "fast")
    row[AB_TAP] = int(a.tap and played)
    row[AB_COUNTERS] = a.counters
    row[AB_COND] = Condition.of(a.condition)
    row[AB_EFFECT] = Effect.of(a.effect)
    row[AB_TARGET] = Target.of(a.target)
    row[AB_AMOUNT] = a.amount
    row[AB_F_ELEM], row[AB_F_FLAGS], row[AB_F_COST], row[AB_F_COST_MAX] = _filter_row(a.filter)
    row[AB_RANGE] = a.range
    row[AB_LIMIT] = Limit.of(a.limit) if a.limit else 0
    row[AB_SPELL] = int(a.spell)
    row[AB_AND_SELF] = int(a.and_self)
    if a.then is not None:
        row[AB_THEN] = 1
        row[AB_THEN_AMOUNT] = a.then.amount
    row[AB_TF_ELEM], row[AB_TF_FLAGS], row[AB_TF_COST], row[AB_TF_COST_MAX] = _filter_row(a.trigger_filter)
    row[AB_DURATION] = Duration.of(a.duration)
    row[AB_OPTIONAL] = int(a.optional)
    if a.also is not None:
        row[AB_ALSO_EFFECT] = Effect.of(a.also.effect)
        row[AB_ALSO_AMOUNT] = a.also.amount
    row[AB_DESTROY_SELF] = int(a.destroy_self)
    row[AB_AMOUNT_OF] = AmountOf.of(a.amount_of) if a.amount_of else 0
    row[AB_UP_TO] = a.up_to
    row[AB_PLUS_NOT_MOVED] = a.plus_if_not_moved
    if a.filter.card_class:
        row[AB_F_CLASS] = (classes or {}).get(a.filter.card_class, 0)
        if row[AB_F_CLASS] == 0:
            raise ValueError(f"filter class {a.filter.card_class!r}: no card of the set has this class")
    row[AB_SPREAD] = Spread.of(a.spread) if a.spread else 0
    row[AB_TIMES] = int(a.times == "incarnation_tokens")
    if a.self_first is not None:
        row[AB_SELF_XL] = a.self_first.amount
    row[AB_ALSO_UNLESS] = Element.of(a.also_unless_struck) + 1 if a.also_unless_struck else 0
    row[AB_IGN_TARGET] = int(a.ignores_target_abilities)
    return row


def _scavenging_and_counter_fields(row, c):
    """Scavenging, drawing flyers' attacks, ranged attacks at adjacent cards, + half the target's current
    life to some strike strengths, + strike per counter, free recruiting."""
    row[SCAVENGE] = int(c.scavenging)
    row[SCAVENGE_LIVES] = c.scavenging_extra_lives
    row[DRAWS_FLYERS] = int(c.draws_flyer_attacks)
    row[RANGED_ADJ] = int(c.ranged_at_adjacent)
    mask = 0
    for st in c.strike_bonus_half_target_life:
        mask |= 1 << st
    row[HALF_LIFE_BONUS] = mask
    row[STRIKE_PER_COUNTER] = c.strike_per_counter
    row[LOSE_COUNTERS_MOVE] = int(c.loses_counters_on_move)
    if c.scavenging:
        row[AB_FLAGS] |= F_SCAVENGE
    if c.draws_flyer_attacks:
        row[AB_FLAGS] |= F_DRAWS_FLYERS
    for cost in c.free_if_squad_costs:          # Ведающий запасами
        row[FREE_COSTS] |= 1 << cost
    if c.free_if_squad_costs:
        row[AB_FLAGS] |= F_FREE_RECRUIT
    for a in c.abilities:
        if a.effect == "web":
            row[AB_FLAGS] |= F_WEB


BLANK_KEEPS = (ELEMENT, COST, ELITE, UNIQUE, FLYER, LIFE, MOVE, SW, SM, SS, CLASS0, CLASS1)


def compile_cardset(cardset) -> CardTable:
    """Dense tables for every card of a validated decks.CardSet, indexed by card id (rows n.. are the
    blank twins)."""
    cards = cardset.cards
    n = len(cards)
    classes = class_ids(cards)
    stats = np.zeros((2 * n, TABLE_WIDTH), np.int64)
    for i, c in enumerate(cards):
        row = stats[i]
        row[ELEMENT] = Element.of(c.element)
        row[COST], row[ELITE], row[UNIQUE] = c.cost, int(c.elite), int(c.unique)
        row[FLYER] = int(c.kind == "flyer")
        row[LIFE], row[MOVE] = c.life, c.move
        row[SW], row[SM], row[SS] = c.strike
        if c.ranged is not None:
            row[RKIND] = AttackKind.of(c.ranged.kind)
            row[RW], row[RM], row[RS] = c.ranged.strike
            row[RRANGE] = c.ranged.range
        row[ARMOR], row[OVA], row[OVZ] = c.armor, c.attack_experience, c.defence_experience
        row[REGEN], row[JUMP], row[FINISH] = c.regeneration, c.jump, c.finish_off
        row[HEAL_SELF], row[SPECIAL] = c.heal_self, c.special_strike
        for col, flag in ((CLUMSY, c.clumsy), (NO_TAP, c.no_tap_after_attack),
                          (DIRECTED, c.directed), (UNANSWERED, c.unanswered),
                          (TWICE, c.strike_twice), (TWICE_DIFF, c.strike_twice_different),
                          (IGN_ZOAL, c.ignores_flyer_protection), (DEF_ANY, c.defends_any),
                          (DEF_NO_TAP, c.defender_no_tap), (IGN_TARGET, c.ignores_target_abilities),
                          (COUNTER_CLOSED, c.counter_strikes_when_closed),
                          (CLOSE_TARGET, c.close_target_on_attack), (IGN_DRAWS, c.ignores_draws),
                          (GAIN_COUNTER, c.gain_counter), (STRIKES_WEAK, c.strikes_at_it_weak),
                          (STRIKE_COPY, c.strike_copies_target),
                          (SPECIAL_STUN, c.special_strike_stuns_closed),
                          (ONLY_OPPOSITE, c.strikes_only_opposite),
                          (NO_COUNTER_WOUNDS, c.no_counter_strike_wounds),
                          (BESIDE_WEAK, c.strikes_beside_weak),
                          (MUST_STRIKE_CLOSED, c.must_strike_closed),
                          (VALHALLA_TWICE, c.valhalla_twice), (ROLLS_TWICE, c.rolls_twice)):
            row[col] = int(bool(flag))
        row[PROT] = _prot_mask(c.protection)
        row[POISON_W], row[POISON_M], row[POISON_S] = c.poison_on_strike
        draws = 0
        for k in c.draws_ranged:
            draws |= 1 << AttackKind.of(k)
        row[DRAWS_RANGED] = draws
        if c.tap_gain is not None:
            row[GAIN_DIRECTED] = int(c.tap_gain.directed)
            row[GAIN_PROT] = _prot_mask(c.tap_gain.protection)
        row[RECRUIT_GOLD] = c.on_recruit_gold
        row[SECOND_COUNTERS] = c.second_player_counters
        row[ROW_MID_OVA] = c.row_strike_middle_ova
        for o, opt in enumerate(c.turn_choice):
            row[TC0_REGEN + TC_W * o] = opt.regeneration
            row[TC0_STRIKE + TC_W * o] = opt.strike
            row[TC0_MOVE + TC_W * o] = opt.move
        if c.turn_choice:
            row[AB_FLAGS] |= F_TURN_CHOICE
        if c.must_strike_closed:
            row[AB_FLAGS] |= F_MUST_STRIKE
        row[BLOCKS_RANGED_ON] = c.blocks_ranged_on
        if c.rolls_twice or c.blocks_ranged_on:
            row[AB_FLAGS] |= F_DICE
        row[DRAWS_COND] = DRAWS_WHILE_ADJ_ENEMY if c.draws_ranged_condition else 0
        row[FINISH_BONUS] = FINISH_ADJ_POISONED if c.finish_off_bonus else 0
        row[SPECIAL_POISON] = c.special_strike_poison
        row[RANGED_PER_WOUND] = c.ranged_per_wound
        row[RANGED_EXPLOSION] = c.ranged_explosion
        row[DEF_REDUCE] = c.reduce_as_defender
        row[CLOSED_STRIKE_CAP] = c.strikes_at_it_closed
        # vampirism, teleport, incarnation, a ranged attack charged by extra lives
        if c.vampirism is not None:
            row[VAMP], row[VAMP_LESS], row[VAMP_MAX] = 1, c.vampirism.less, c.vampirism.max_life
            row[AB_FLAGS] |= F_VAMPIRE
        if c.teleport:
            row[JUMP] = TELEPORT_JUMP
        if c.incarnation:
            row[INCARN], row[INCARN_OPEN] = c.incarnation, int(c.incarnates_open)
            row[AB_FLAGS] |= F_INCARNATION
        row[RANGED_XL] = int(c.ranged_spends_extra_lives)
        row[RANGED_PER_COUNTER] = c.ranged_counter_bonus
        row[RANGED_SPEND] = CounterSpending.of(c.ranged_spends_counters) if c.ranged_spends_counters else 0
        row[MAX_COUNTERS] = c.max_counters
        row[RPOISON_W], row[RPOISON_M], row[RPOISON_S] = c.ranged_poison
        _scavenging_and_counter_fields(row, c)
        if c.roll_bonus_vs_enemy_row is not None:
            row[ROW_BONUS_ROW] = c.roll_bonus_vs_enemy_row.row
            row[ROW_BONUS_AMT] = c.roll_bonus_vs_enemy_row.amount
        if c.strike_per_ally is not None:
            row[ALLY_ELEMENT] = Element.of(c.strike_per_ally.element) + 1
            row[ALLY_MAX] = c.strike_per_ally.max
        row[DIRECTED_VS] = vs_mask(c.directed_vs)
        row[UNANSWERED_VS] = vs_mask(c.unanswered_vs)
        own = [classes[k.strip()] for k in c.card_class.split(",") if k.strip()]
        if len(own) > 2:
            raise ValueError(f"{c.name}: more than two classes")
        for j, k in enumerate(own):
            row[CLASS0 + j] = k
        row[MAGIC_USER] = int(row[RKIND] in (AttackKind.DISCHARGE, AttackKind.MAGIC_STRIKE))
        row[RANGED_USER] = int(row[RKIND] in (AttackKind.SHOT, AttackKind.THROW, AttackKind.DISCHARGE))
        brows = _bonus_rows(c.strike_bonus, 0)
        rrows = _reduce_rows(c.reduce, 0)
        f = c.formation
        if f is not None:
            row[HAS_FORMATION] = 1
            row[F_OVA], row[F_OVZ], row[F_ARMOR] = (f.attack_experience, f.defence_experience,
                                                   f.armor)
            row[F_PROT] = _prot_mask(f.protection)
            brows += _bonus_rows(f.strike_bonus, 1)
            rrows += _reduce_rows(f.reduce, 1)
        for b, w in enumerate(c.while_blocks):
            base = W0_COND + W_W * b
            row[base + W_COND] = WhileCondition.of(w.condition)
            row[base + W_COUNT] = w.count
            row[base + W_OVA], row[base + W_OVZ], row[base + W_ARMOR] = (
                w.attack_experience, w.defence_experience, w.armor)
            row[base + W_PROT] = _prot_mask(w.protection)
            row[base + W_DIRECTED] = int(w.directed) * W_DIRECTED_BIT + int(w.strikes_flyers) * W_FLYERS_BIT
            brows += _bonus_rows(w.strike_bonus, SLOT_WHILE0 + b)
            rrows += _reduce_rows(w.reduce, SLOT_WHILE0 + b)
            row[HAS_WHILE] = 1
            if w.condition.startswith("formation_with"):
                row[HAS_FORMATION] = 1      # it takes part in formations
        if c.strikes_beside_weak:
            row[AB_FLAGS] |= F_BESIDE_WEAK
        if c.aura is not None:
            a = c.aura
            row[AURA_TO] = AuraCells.of(a.to)
            (row[AURA_F_ELEM], row[AURA_F_FLAGS], row[AURA_F_COST],
             row[AURA_F_COST_MAX]) = _filter_row(a.filter)
            if a.reduce:
                row[AURA_RED_AMT] = a.reduce[0].amount
                row[AURA_RED_SRC] = Source.of(a.reduce[0].source)
                row[AURA_RED_COST_MAX] = a.reduce[0].attacker_cost_at_most
            row[AURA_RANGE] = a.range
            row[AB_FLAGS] |= F_AURA
        if len(brows) > MAX_BONUS or len(rrows) > MAX_REDUCE:
            raise ValueError(f"{c.name}: more than {MAX_BONUS} strike bonuses or "
                             f"{MAX_REDUCE} reductions; raise MAX_BONUS/MAX_REDUCE")
        row[HAS_BONUS] = int(bool(brows) or row[ALLY_ELEMENT] > 0 or row[STRIKE_PER_COUNTER] > 0)
        row[HAS_REDUCE] = int(bool(rrows))
        for j, b in enumerate(brows):
            stats[i, BONUS0 + 5 * j:BONUS0 + 5 * j + 5] = b
        for j, r in enumerate(rrows):
            stats[i, REDUCE0 + 4 * j:REDUCE0 + 4 * j + 4] = r
        played = [PlayedAbility.of(p) for p in c.played]
        row[N_PLAYED] = len(played)
        if len(played) > 4:
            raise ValueError(f"{c.name}: more than 4 played abilities; add PLAYED columns")
        for j, p in enumerate(played):
            row[PLAYED0 + j] = p
        row[N_AB] = len(c.abilities)
        for k, a in enumerate(c.abilities):
            r = _ability_row(a, classes)
            stats[i, AB0 + AB_W * k:AB0 + AB_W * (k + 1)] = r
            if r[AB_EFFECT] == Effect.NEXT_ROLL_SIX:
                row[AB_FLAGS] |= F_NEXT_SIX
            if r[AB_KIND] == Kind.TRIGGERED:
                row[AB_TRIG_MASK] |= 1 << r[AB_TRIGGER]
            if r[AB_KIND] == Kind.PERMANENT:
                row[AB_HAS_PERM] = 1
            if r[AB_KIND] in (Kind.PLAYED, Kind.FAST):
                row[AB_N_PLAYED] += 1
                if r[AB_COUNTERS] > 0:
                    row[AB_COUNTER_COST] = 1
            row[AB_FLAGS] |= F_ABILITIES
            if r[AB_EFFECT] == Effect.STONE_SKIN:
                row[AB_FLAGS] |= F_STONE_SKIN
            if r[AB_EFFECT] == Effect.LOSE_ABILITIES:
                row[AB_FLAGS] |= F_LOSER
            if r[AB_KIND] == Kind.FAST:
                row[AB_FLAGS] |= F_FAST
            if (r[AB_F_FLAGS] | r[AB_TF_FLAGS]) & Filter.NOT_ATTACK_WOUNDED:
                row[AB_FLAGS] |= F_ATTACK_WOUNDS
            if Effect(r[AB_EFFECT]).family == Family.STRIKE:
                row[AB_FLAGS] |= F_DICE
            if r[AB_KIND] == Kind.TRIGGERED and r[AB_TRIGGER] == Trigger.CREATURE_DIES:
                row[AB_FLAGS] |= F_DEATH_WATCH
            if r[AB_KIND] == Kind.TRIGGERED and r[AB_TRIGGER] == Trigger.VALHALLA:
                row[AB_FLAGS] |= F_VALHALLA
            if r[AB_KIND] == Kind.TRIGGERED and r[AB_TRIGGER] in (Trigger.TURN_START, Trigger.TURN_END,
                                                                  Trigger.OPPONENT_TURN_START, Trigger.OPPONENT_TURN_END):
                row[AB_FLAGS] |= F_TURN_TRIGGERS
            if r[AB_KIND] == Kind.TRIGGERED and r[AB_TRIGGER] == Trigger.ENEMY_POISON_WOUNDED:
                row[AB_FLAGS] |= F_POISON_WATCH
            if r[AB_EFFECT] == Effect.ROOT:
                row[AB_FLAGS] |= F_ROOT
            if r[AB_AMOUNT_OF] == AmountOf.WOUNDS_THIS_TURN:
                row[AB_FLAGS] |= F_TURN_WOUNDS
        for col in BLANK_KEEPS:
            stats[n + i, col] = row[col]
    return CardTable(stats, tuple(c.name for c in cards))
