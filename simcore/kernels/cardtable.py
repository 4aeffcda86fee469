"""Compiles a validated CardSet (decks layer) into dense integer tables the kernels read.

Card data reaches kernels only as these arrays (never as globals), so another card set, or a stat
override such as `Арацент.life=11`, is a table edit and needs no recompilation. Column names are the
int constants below, usable inside kernels.

One int32 table C of 2 * cards rows (small, so that it stays in the fastest cache while every game
reads it): row i is card i; row cards + i is its blank twin (printed stats
only, no abilities), which the kernels read while card i has lost its abilities (state field EFF).
Columns:
  0 .. N_FIELDS-1                      printed stats and keywords (RULES.md section 1, issue 2 part 4)
  BONUS0 + 5k  (k < MAX_BONUS)         "+N strike [vs X]": amount, vs, applies_to, strengths mask, slot
  REDUCE0 + 4k (k < MAX_REDUCE)        "-N from X": amount, source, attacker cost at most (0 = any), slot
                                       (slot: SLOT_ALWAYS, SLOT_FORMATION, SLOT_WHILE0 + b: `while` block b)
  AB0 + AB_W * k (k < MAX_AB)          the card's abilities (rules 113-118), AB_* columns below
"""
from typing import NamedTuple

import numpy as np

# ---- stats columns -------------------------------------------------------------------------------
(ELEMENT, COST, ELITE, UNIQUE, FLYER, LIFE, MOVE, SW, SM, SS,
 RKIND, RW, RM, RS, RRANGE, ARMOR, OVA, OVZ, REGEN, JUMP, FINISH, HEAL_SELF, SPECIAL,
 CLUMSY, NO_TAP, DIRECTED, UNANSWERED, TWICE, TWICE_DIFF, IGN_ZOAL, DEF_ANY, DEF_NO_TAP,
 IGN_TARGET, COUNTER_CLOSED, CLOSE_TARGET, PROT, POISON_W, POISON_M, POISON_S, DRAWS_RANGED,
 GAIN_DIRECTED, GAIN_PROT, RECRUIT_GOLD, DIRECTED_VS, MAGIC_USER, RANGED_USER, HAS_FORMATION,
 F_OVA, F_OVZ, F_ARMOR, F_PROT, N_PLAYED, PLAYED0, PLAYED1, PLAYED2, PLAYED3, HAS_BONUS,
 HAS_REDUCE, GAIN_COUNTER, RANGED_PER_COUNTER, RANGED_SPEND, MAX_COUNTERS, RPOISON_W, RPOISON_M,
 RPOISON_S, ROW_BONUS_ROW, ROW_BONUS_AMT, ALLY_ELEMENT, ALLY_MAX, IGN_DRAWS,
 UNANSWERED_VS, HAS_WHILE, W0_COND, W0_COUNT, W0_OVA, W0_OVZ, W0_ARMOR, W0_PROT, W0_DIRECTED,
 W1_COND, W1_COUNT, W1_OVA, W1_OVZ, W1_ARMOR, W1_PROT, W1_DIRECTED, CLASS0, CLASS1,
 AURA_TO, AURA_F_ELEM, AURA_F_FLAGS, AURA_F_COST, AURA_F_COST_MAX, AURA_RED_AMT, AURA_RED_SRC,
 AURA_RED_COST_MAX, AURA_RANGE, SECOND_COUNTERS, STRIKES_WEAK, DRAWS_COND, FINISH_BONUS,
 STRIKE_COPY, SPECIAL_STUN, ONLY_OPPOSITE,
 # branch swst
 SPECIAL_POISON, RANGED_PER_WOUND, NO_COUNTER_WOUNDS, RANGED_EXPLOSION, DEF_REDUCE, CLOSED_STRIKE_CAP,
 BESIDE_WEAK,
 # branch mount: Гном-басаарг, Ледовый охотник, Рагнар
 MUST_STRIKE_CLOSED, ROW_MID_OVA, VALHALLA_TWICE,
 # branch mount: Оборотень's turn_choice (two options of regeneration, strike, move)
 TC0_REGEN, TC0_STRIKE, TC0_MOVE, TC1_REGEN, TC1_STRIKE, TC1_MOVE,
 # branch dark: vampirism (on, less, max life; 0 = no maximum), incarnation N, incarnates open,
 # ranged attack + X extra lives spent
 VAMP, VAMP_LESS, VAMP_MAX, INCARN, INCARN_OPEN, RANGED_XL,
 # branch neut: dice keywords (Воин храма)
 ROLLS_TWICE, BLOCKS_RANGED_ON,
 # forest branch: scavenging, drawing flyers' attacks, ranged at adjacent cards, + half the target's life
 SCAVENGE, SCAVENGE_LIVES, DRAWS_FLYERS, RANGED_ADJ, HALF_LIFE_BONUS,
 STRIKE_PER_COUNTER, LOSE_COUNTERS_MOVE,     # forest branch: + strike per counter, loses them on moving
 FREE_COSTS,                    # branch neut2: free_if_squad_costs as a bit mask of costs
 N_FIELDS) = range(137)
TC_W = TC1_REGEN - TC0_REGEN     # turn_choice option o at TC0_REGEN + TC_W * o: regeneration, strike, move
TELEPORT_JUMP = 99            # branch dark: teleport is a jump to any empty cell (JUMP = 99)
DRAWS_WHILE_ADJ_ENEMY = 1     # DRAWS_COND: draws_ranged only while an enemy creature is adjacent
FINISH_ADJ_POISONED = 1       # FINISH_BONUS: + 1 per poisoned creature adjacent to the target
# `while` blocks (keywords that hold while a board condition holds): block b at W0_COND + W_W * b,
# columns COND, COUNT, OVA, OVZ, ARMOR, PROT, DIRECTED; their strike bonuses and reductions sit in the
# BONUS/REDUCE rows with condition slot 2 + b
W_W = W1_COND - W0_COND
W_COND, W_COUNT, W_OVA, W_OVZ, W_ARMOR, W_PROT, W_DIRECTED = range(7)
WHILE_CODES = {"central_column": 1, "edge_column": 2, "outnumbering_adjacent": 3, "adjacent_classes": 4,
               "formation_with_elite": 5, "formation_with_ordinary": 6, "unwounded_allies_adjacent": 7,
               "creature_in_every_row": 8,
               # branch swst
               "enemy_front_row_empty": 9,
               "unwounded_ally_opposite": 10}                      # forest branch
(WC_CENTRAL, WC_EDGE, WC_OUTNUMBER, WC_CLASSES, WC_FORM_ELITE, WC_FORM_ORDINARY, WC_UNWOUNDED_ALLIES,
 WC_EVERY_ROW, WC_ENEMY_FRONT_EMPTY, WC_UNWOUNDED_OPPOSITE) = range(1, 11)
W_DIRECTED_BIT, W_FLYERS_BIT = 1, 2     # the W_DIRECTED column: directed (1), strikes_flyers (2, branch swst)
# condition slot of a strike bonus / reduction row: always, formation, while block 0, while block 1
SLOT_ALWAYS, SLOT_FORMATION, SLOT_WHILE0 = 0, 1, 2
# aura (what the card gives its owner's other creatures): AURA_TO codes
AURA_CODES = {"left_right": 1, "column": 2}
AURA_LEFT_RIGHT, AURA_COLUMN = 1, 2

ELEMENTS = ("steppe", "mountains", "forest", "swamps", "darkness", "neutral")
E_NEUTRAL = 5

# ranged attack kinds (RKIND), also the attack kinds the combat kernels pass around
K_STRIKE = 0          # simple strike (melee) and counter-strike
K_SHOT = 1
K_THROW = 2
K_DISCHARGE = 3       # magical
K_ROW = 4             # strike through a row (УЧР)
K_SPECIAL = 5         # special strike N
K_MAGIC = 6           # magic strike (магический удар): magical, at an adjacent creature, only the attacker rolls
RANGED_KINDS = {"shot": K_SHOT, "throw": K_THROW, "discharge": K_DISCHARGE, "row_strike": K_ROW,
                "magic_strike": K_MAGIC}

# protections (bit mask)
PROT_BITS = {"poison": 1, "magic": 2, "discharge": 4, "shot": 8, "throw": 16, "spell": 32,
             "flyer": 64, "weak_strike": 128}
P_POISON, P_MAGIC, P_DISCHARGE, P_SHOT, P_THROW, P_SPELL, P_FLYER, P_WEAK = (
    1, 2, 4, 8, 16, 32, 64, 128)

# "vs" filters of strike bonuses and directed_vs
VS_CODES = {"always": 0, "steppe": 1, "mountains": 2, "forest": 3, "swamps": 4, "darkness": 5,
            "neutral": 6, "closed": 7, "flyer": 8, "defender": 9, "magic_user": 10,
            "ranged_user": 11, "armored_or_experienced": 12, "opposite": 13, "isolated": 14,
            "throw_user": 15,
            "same_row": 16}         # forest branch; a strike-bonus vs only (bit 15 would overflow vs_mask)
VS_CLOSED, VS_FLYER, VS_DEFENDER, VS_MAGIC, VS_RANGED, VS_ARMORED, VS_OPPOSITE, VS_ISOLATED, VS_THROW = (
    7, 8, 9, 10, 11, 12, 13, 14, 15)
VS_SAME_ROW = 16
N_VS = 17

# applies_to of strike bonuses
APPLY_CODES = {"strike": 1, "ranged": 2, "all": 3}

# reduction sources; an element e is 10 + its index
SOURCE_CODES = {"strikes": 0, "ranged": 1, "non_magic": 2, "diagonal_strikes": 3,
                "shots_throws": 4, "flyers": 5, "weak_strikes": 6}
SOURCE_CODES.update({e: 10 + i for i, e in enumerate(ELEMENTS)})
SOURCE_CODES["directed_strikes"] = 7      # branch swst: directed simple strikes

# played (tap) abilities, in card-text order for the scenario's `ability = N`
PLAYED_CODES = {"ranged": 1, "finish_off": 2, "heal_self": 3, "special_strike": 4, "tap_gain": 5,
                "gain_counter": 6}
SPEND_CODES = {"": 0, "one": 1, "all": 2}

MAX_BONUS = 4
MAX_REDUCE = 4
BONUS0 = N_FIELDS
REDUCE0 = BONUS0 + 5 * MAX_BONUS

# ---- abilities (decks.cardset.Ability), one row of AB_W columns each ---------------------------------
(AB_KIND, AB_TRIGGER, AB_STRENGTHS, AB_TAP, AB_COUNTERS, AB_COND, AB_EFFECT, AB_TARGET, AB_AMOUNT,
 AB_F_ELEM, AB_F_FLAGS, AB_F_COST, AB_F_COST_MAX, AB_RANGE, AB_LIMIT, AB_SPELL,
 AB_AND_SELF, AB_THEN, AB_THEN_AMOUNT, AB_TF_ELEM, AB_TF_FLAGS, AB_TF_COST, AB_TF_COST_MAX,
 AB_DURATION, AB_OPTIONAL, AB_ALSO_EFFECT, AB_ALSO_AMOUNT, AB_DESTROY_SELF, AB_AMOUNT_OF,
 # branch swst
 AB_UP_TO,
 AB_F_CLASS,                    # branch mount: target filter `class` (class id, 0 = any)
 AB_PLUS_NOT_MOVED,             # branch mount: + N to the amount on a target that did not move
 AB_SPREAD, AB_SELF_XL,      # branch dark: spread code, extra lives the card gains first (self_first)
 AB_TIMES,                   # branch dark: 1 = resolve X times, X = its incarnation tokens
 AB_ALSO_UNLESS,             # branch neut: element + 1, see STRIKE_EFFECTS
 AB_IGN_TARGET,                      # forest branch: its shot ignores the target's abilities
 AB_W) = range(38)
AMOUNT_OF_CODES = {"": 0, "opposite_medium_strike": 1, "other_poison": 2, "wounds_this_turn": 3,
                   "cells_moved": 4, "own_above_printed_life": 5,
                   "strike_value": 6}                                   # branch neut2
AMT_OPPOSITE_MEDIUM = 1     # AB_AMOUNT_OF: the printed medium strike of the creature in front of the card
AMT_OTHER_POISON = 2        # AB_AMOUNT_OF: the poison of the trigger's other creature (the dead one)
AMT_TURN_WOUNDS = 3         # AB_AMOUNT_OF: the wounds the target took this turn
AMT_CELLS_MOVED = 4         # AB_AMOUNT_OF: the cells the ability's card moved this turn
AMT_ABOVE_PRINTED = 5       # branch dark: own cards in play whose current life exceeds their printed life
AMT_STRIKE_VALUE = 6        # branch neut2: the value of the on_strike strike (its card's simple strike of that strength)
SPREAD_CODES = {"": 0, "adjacent_enemies_same_weak": 1}     # branch dark
SPREAD_SAME_WEAK = 1
DUR_TURN, DUR_OWN_TURN = 0, 1       # AB_DURATION: until the end of the turn / of its owner's turn
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
# branch swst
F_POISON_WATCH = 64   # an "enemy creature takes poison wounds" trigger
F_ROOT = 128          # can root a creature to its cell (effect root): movement checks it
F_TURN_WOUNDS = 256   # amount_of wounds_this_turn: wound() counts the wounds each card takes in a turn
F_BESIDE_WEAK = 512   # strikes_beside_weak: strikes look at the cards beside their target
# branch mount
F_VALHALLA = 1024     # a valhalla ability: the graveyard is read at the start of each turn
F_MUST_STRIKE = 2048  # must_strike_closed: action legality checks the forced strike
F_TURN_CHOICE = 4096  # turn_choice: a form chosen before its owner's turn (regeneration, strike, move)
F_STONE_SKIN = 8192   # stone_skin: reductions read the card's stone skin, the end phase clears it
# branch dark
F_VAMPIRE = 16384     # vampirism: a simple strike's wounds give life
F_INCARNATION = 32768  # incarnation: graveyard cards take tokens and return at the turn start
F_NEXT_SIX = 65536    # next_roll_six: a card's next die roll may count as 6
# branch neut
F_DICE = 131072       # an attack's dice can change: a strike effect (dice window) or a dice keyword
F_ATTACK_WOUNDS = 262144  # a filter reads "wounded by an attack this turn" (state TF_ATTACK_WOUNDED)
# forest branch
F_SCAVENGE = 524288   # scavenging: a strike that destroys a creature heals the striker fully
F_WEB = 1048576       # the web effect: webbed cards cannot act, attacks at them are blocked
F_DRAWS_FLYERS = 2097152  # enemy flyers may attack only this card
# branch neut2
F_FREE_RECRUIT = 4194304  # free_if_squad_costs: squad totals look for cards recruited for free

AB_KINDS = {"played": 1, "fast": 2, "triggered": 3, "permanent": 4}
KIND_PLAYED, KIND_FAST, KIND_TRIGGERED, KIND_PERMANENT = 1, 2, 3, 4
TRIGGER_CODES = {"on_strike": 1, "on_struck": 2, "on_death": 3, "turn_start": 5, "turn_end": 6,
                 "opponent_turn_start": 7, "opponent_turn_end": 8, "on_move": 9, "creature_dies": 10,
                 "on_defend": 11, "to_enemy_half": 12, "to_own_half": 13,
                 # branch swst
                 "enemy_poison_wounded": 14,
                 "valhalla": 15,                     # branch mount
                 "on_incarnate": 16,                 # branch dark
                 "on_attack": 17,                    # forest branch
                 "on_incarnation_token": 18,         # branch dark: not in AB_TRIG_MASK (fired by incarnation)
                 "creature_incarnates": 19}          # branch dark: not in AB_TRIG_MASK (fired by incarnation)
(T_ON_STRIKE, T_ON_STRUCK, T_ON_DEATH, _T_UNUSED, T_TURN_START, T_TURN_END, T_OPP_TURN_START,
 T_OPP_TURN_END, T_ON_MOVE, T_CREATURE_DIES, T_ON_DEFEND, T_TO_ENEMY_HALF, T_TO_OWN_HALF,
 T_ENEMY_POISON_WOUNDED, T_VALHALLA, T_ON_INCARNATE, T_ON_ATTACK, T_ON_TOKEN, T_CREATURE_INCARNATES) = range(1, 20)
EFFECT_CODES = {"wound": 1, "heal": 2, "extra_lives": 3, "reduce_life": 4, "destroy": 5, "poison": 6,
                "strike_bonus": 7, "lose_abilities": 8, "close": 9, "open": 10, "gain_counter": 11,
                "trap": 12, "boost_next_attack": 13, "special_strike": 14, "no_tap_after_attack": 15,
                "attack_experience": 16, "ranged_bonus": 17, "range_bonus": 18, "gain_directed": 19,
                "stun": 20, "close_or_wound": 21, "cure_poison": 22,
                # branch swst
                "shot": 23, "protect_from_strikes": 24, "take_wounds": 25, "raise_poison": 26, "root": 27,
                "roll_bonus_against": 28, "finish_off": 29,
                # branch mount
                "first_strike_unanswered": 30, "push_or_wound": 31, "stone_skin": 32, "ram": 33,
                "revive": 34,
                "incarnation_token": 35, "next_roll_six": 36,     # branch dark
                # branch neut: strike effects, played at the dice window of an attack
                "die_luck": 37, "wound_on_one": 38, "strike_strong": 39, "strike_to_one": 40,
                "strike_minus": 41, "reduce_life_turn": 42,
                "rolled_shot": 43, "web": 44}                      # forest branch
(EF_WOUND, EF_HEAL, EF_EXTRA_LIVES, EF_REDUCE_LIFE, EF_DESTROY, EF_POISON, EF_STRIKE_BONUS,
 EF_LOSE_ABILITIES, EF_CLOSE, EF_OPEN, EF_GAIN_COUNTER, EF_TRAP, EF_BOOST, EF_SPECIAL,
 EF_NO_TAP, EF_OVA, EF_RANGED_BONUS, EF_RANGE_BONUS, EF_GAIN_DIRECTED, EF_STUN, EF_CLOSE_OR_WOUND,
 EF_CURE_POISON,
 # branch swst
 EF_SHOT, EF_PROT_STRIKES, EF_TAKE_WOUNDS, EF_RAISE_POISON, EF_ROOT, EF_ROLL_MARK, EF_FINISH_OFF,
 # branch mount
 EF_FIRST_UNANSWERED, EF_PUSH_OR_WOUND, EF_STONE_SKIN, EF_RAM, EF_REVIVE,
 # branch dark
 EF_INCARNATION_TOKEN, EF_NEXT_SIX) = range(1, 37)
# branch neut: the strike effects (fast abilities that modify the attack in progress, played only at
# its dice window; their stack target is an option number, see rules.strike_effects)
EF_DIE_LUCK, EF_WOUND_ON_ONE, EF_STRIKE_STRONG, EF_STRIKE_TO_ONE, EF_STRIKE_MINUS = range(37, 42)
EF_REDUCE_LIFE_TURN = 42     # life maximum -N until the end of the turn (Лунная баньши's "ужас")
EF_ROLLED_SHOT, EF_WEB = 43, 44     # forest branch: a shot N with its die rolled; a web
TARGET_CODES = {"self": 0, "attacked": 1, "attacker": 2, "adjacent_enemies": 3, "adjacent": 4,
                "chosen": 5, "chosen_enemy": 6, "chosen_own": 7, "all_enemies": 8, "all_own": 9,
                "all": 10, "chosen_adjacent": 11,
                # branch swst
                "chosen_adjacent_to_other": 12,
                "opposite_enemy": 13, "chosen_own_dead": 14,     # branch mount
                "left_right_own": 15}                            # branch neut2
(TG_SELF, TG_ATTACKED, TG_ATTACKER, TG_ADJ_ENEMIES, TG_ADJ, TG_CHOSEN, TG_CHOSEN_ENEMY, TG_CHOSEN_OWN,
 TG_ALL_ENEMIES, TG_ALL_OWN, TG_ALL, TG_CHOSEN_ADJ, TG_CHOSEN_ADJ_OTHER, TG_OPPOSITE_ENEMY,
 TG_CHOSEN_DEAD) = range(15)
TG_LEFT_RIGHT_OWN = 15       # branch neut2: its owner's creatures directly left and right of it (same row)
COND_CODES = {"always": 0, "in_formation": 1, "unwounded": 2, "wounded": 3, "adjacent_enemy": 4,
              "own_front_row": 5, "own_back_row": 6,
              "adjacent_ally": 7, "not_moved": 8}                  # forest branch
COND_FORMATION, COND_UNWOUNDED, COND_WOUNDED, COND_ADJ_ENEMY, COND_FRONT_ROW, COND_BACK_ROW = 1, 2, 3, 4, 5, 6
COND_ADJ_ALLY, COND_NOT_MOVED = 7, 8
DURATION_CODES = {"end_of_turn": DUR_TURN, "end_of_own_turn": DUR_OWN_TURN}
# target filter flags
(FF_ELITE, FF_ORDINARY, FF_POISONED, FF_RANGED_USER, FF_GROUND, FF_UNWOUNDED, FF_OTHER, FF_NOT_MOVED,
 FF_OPEN) = (1, 2, 4, 8, 16, 32, 64, 128, 256)
# branch swst (and branch dark: FF_ENEMY, the other player's card)
FF_ENEMY, FF_KILLED_BY_POISON = 512, 1024
FF_MAGIC_USER = 2048     # branch mount: has a discharge or magic strike (the vs value magic_user)
FF_NOT_ATTACK_WOUNDED = 4096     # branch neut: took no wounds from an attack this turn
LIMIT_CODES = {"": 0, "once_per_turn": 1, "once_per_battle": 2, "twice_per_turn": 3}
LIMIT_TURN, LIMIT_BATTLE, LIMIT_TWICE = 1, 2, 3


class CardTable(NamedTuple):
    stats: np.ndarray     # C, int32 (2 * cards, TABLE_WIDTH)
    names: tuple


def _prot_mask(names) -> int:
    mask = 0
    for n in names:
        mask |= PROT_BITS[n]
    return mask


def _bonus_rows(bonuses, formation):
    rows = []
    for b in bonuses:
        strengths = 0
        for s in b.strengths:
            strengths |= 1 << s
        rows.append((b.amount, VS_CODES[b.vs], APPLY_CODES[b.applies_to], strengths, formation))
    return rows


def _reduce_rows(reductions, formation):
    return [(r.amount, SOURCE_CODES[r.source], r.attacker_cost_at_most, formation)
            for r in reductions]


def vs_mask(values):
    """directed_vs / unanswered_vs as a bit mask: vs value code k (never 0, "always") is bit k - 1, so
    that the codes fit the card table."""
    mask = 0
    for v in values:
        mask |= 1 << (VS_CODES[v] - 1)
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
        flags |= FF_ELITE
    if f.elite is False:
        flags |= FF_ORDINARY
    for bit, on in ((FF_POISONED, f.poisoned), (FF_RANGED_USER, f.ranged_user), (FF_GROUND, f.ground),
                    (FF_UNWOUNDED, f.unwounded), (FF_OTHER, f.other), (FF_NOT_MOVED, f.not_moved),
                    (FF_OPEN, f.open), (FF_ENEMY, f.enemy), (FF_KILLED_BY_POISON, f.killed_by_poison),
                    (FF_MAGIC_USER, f.magic_user),
                    (FF_NOT_ATTACK_WOUNDED, f.not_attack_wounded)):
        if on:
            flags |= bit
    elem = ELEMENTS.index(f.element) + 1 if f.element else 0
    # the cost column holds cost + 1 (exactly), or -(cost_at_least + 1) (at least; forest branch)
    cost = -(f.cost_at_least + 1) if f.cost_at_least >= 0 else f.cost + 1
    return elem, flags, cost, f.cost_at_most + 1


def _ability_row(a, classes=None):
    row = np.zeros(AB_W, np.int64)
    row[AB_KIND] = AB_KINDS[a.kind]
    row[AB_TRIGGER] = TRIGGER_CODES.get(a.trigger, 0)
    strengths = 0
    for st in a.strengths:
        strengths |= 1 << st
    row[AB_STRENGTHS] = strengths
    played = a.kind in ("played", "fast")
    row[AB_TAP] = int(a.tap and played)
    row[AB_COUNTERS] = a.counters
    row[AB_COND] = COND_CODES[a.condition]
    row[AB_EFFECT] = EFFECT_CODES[a.effect]
    row[AB_TARGET] = TARGET_CODES[a.target]
    row[AB_AMOUNT] = a.amount
    row[AB_F_ELEM], row[AB_F_FLAGS], row[AB_F_COST], row[AB_F_COST_MAX] = _filter_row(a.filter)
    row[AB_RANGE] = a.range
    row[AB_LIMIT] = LIMIT_CODES[a.limit]
    row[AB_SPELL] = int(a.spell)
    row[AB_AND_SELF] = int(a.and_self)
    if a.then is not None:
        row[AB_THEN] = 1
        row[AB_THEN_AMOUNT] = a.then.amount
    row[AB_TF_ELEM], row[AB_TF_FLAGS], row[AB_TF_COST], row[AB_TF_COST_MAX] = _filter_row(a.trigger_filter)
    row[AB_DURATION] = DURATION_CODES[a.duration]
    row[AB_OPTIONAL] = int(a.optional)
    if a.also is not None:
        row[AB_ALSO_EFFECT] = EFFECT_CODES[a.also.effect]
        row[AB_ALSO_AMOUNT] = a.also.amount
    row[AB_DESTROY_SELF] = int(a.destroy_self)
    row[AB_AMOUNT_OF] = AMOUNT_OF_CODES[a.amount_of]
    row[AB_UP_TO] = a.up_to
    row[AB_PLUS_NOT_MOVED] = a.plus_if_not_moved
    if a.filter.card_class:
        row[AB_F_CLASS] = (classes or {}).get(a.filter.card_class, 0)
        if row[AB_F_CLASS] == 0:
            raise ValueError(f"filter class {a.filter.card_class!r}: no card of the set has this class")
    row[AB_SPREAD] = SPREAD_CODES[a.spread]
    row[AB_TIMES] = int(a.times == "incarnation_tokens")
    if a.self_first is not None:
        row[AB_SELF_XL] = a.self_first.amount
    row[AB_ALSO_UNLESS] = ELEMENTS.index(a.also_unless_struck) + 1 if a.also_unless_struck else 0
    row[AB_IGN_TARGET] = int(a.ignores_target_abilities)
    return row


def _forest_fields(row, c):
    """The keywords of the forest branch: scavenging, drawing flyers' attacks, ranged attacks at
    adjacent cards, + half the target's current life to some strike strengths."""
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
    for cost in c.free_if_squad_costs:          # branch neut2 (Ведающий запасами)
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
        row[ELEMENT] = ELEMENTS.index(c.element)
        row[COST], row[ELITE], row[UNIQUE] = c.cost, int(c.elite), int(c.unique)
        row[FLYER] = int(c.kind == "flyer")
        row[LIFE], row[MOVE] = c.life, c.move
        row[SW], row[SM], row[SS] = c.strike
        if c.ranged is not None:
            row[RKIND] = RANGED_KINDS[c.ranged.kind]
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
            draws |= 1 << RANGED_KINDS[k]
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
        # branch dark: vampirism, teleport, incarnation, a ranged attack charged by extra lives
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
        row[RANGED_SPEND] = SPEND_CODES[c.ranged_spends_counters]
        row[MAX_COUNTERS] = c.max_counters
        row[RPOISON_W], row[RPOISON_M], row[RPOISON_S] = c.ranged_poison
        _forest_fields(row, c)
        if c.roll_bonus_vs_enemy_row is not None:
            row[ROW_BONUS_ROW] = c.roll_bonus_vs_enemy_row.row
            row[ROW_BONUS_AMT] = c.roll_bonus_vs_enemy_row.amount
        if c.strike_per_ally is not None:
            row[ALLY_ELEMENT] = ELEMENTS.index(c.strike_per_ally.element) + 1
            row[ALLY_MAX] = c.strike_per_ally.max
        row[DIRECTED_VS] = vs_mask(c.directed_vs)
        row[UNANSWERED_VS] = vs_mask(c.unanswered_vs)
        own = [classes[k.strip()] for k in c.card_class.split(",") if k.strip()]
        if len(own) > 2:
            raise ValueError(f"{c.name}: more than two classes")
        for j, k in enumerate(own):
            row[CLASS0 + j] = k
        row[MAGIC_USER] = int(row[RKIND] in (K_DISCHARGE, K_MAGIC))
        row[RANGED_USER] = int(row[RKIND] in (K_SHOT, K_THROW, K_DISCHARGE))
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
            row[base + W_COND] = WHILE_CODES[w.condition]
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
            row[AURA_TO] = AURA_CODES[a.to]
            (row[AURA_F_ELEM], row[AURA_F_FLAGS], row[AURA_F_COST],
             row[AURA_F_COST_MAX]) = _filter_row(a.filter)
            if a.reduce:
                row[AURA_RED_AMT] = a.reduce[0].amount
                row[AURA_RED_SRC] = SOURCE_CODES[a.reduce[0].source]
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
        played = [PLAYED_CODES[p] for p in c.played]
        row[N_PLAYED] = len(played)
        if len(played) > 4:
            raise ValueError(f"{c.name}: more than 4 played abilities; add PLAYED columns")
        for j, p in enumerate(played):
            row[PLAYED0 + j] = p
        row[N_AB] = len(c.abilities)
        for k, a in enumerate(c.abilities):
            r = _ability_row(a, classes)
            stats[i, AB0 + AB_W * k:AB0 + AB_W * (k + 1)] = r
            if r[AB_EFFECT] == EF_NEXT_SIX:
                row[AB_FLAGS] |= F_NEXT_SIX
            if r[AB_KIND] == KIND_TRIGGERED and r[AB_TRIGGER] < T_ON_TOKEN:
                row[AB_TRIG_MASK] |= 1 << r[AB_TRIGGER]
            if r[AB_KIND] == KIND_PERMANENT:
                row[AB_HAS_PERM] = 1
            if r[AB_KIND] in (KIND_PLAYED, KIND_FAST):
                row[AB_N_PLAYED] += 1
                if r[AB_COUNTERS] > 0:
                    row[AB_COUNTER_COST] = 1
            row[AB_FLAGS] |= F_ABILITIES
            if r[AB_EFFECT] == EF_STONE_SKIN:
                row[AB_FLAGS] |= F_STONE_SKIN
            if r[AB_EFFECT] == EF_LOSE_ABILITIES:
                row[AB_FLAGS] |= F_LOSER
            if r[AB_KIND] == KIND_FAST:
                row[AB_FLAGS] |= F_FAST
            if (r[AB_F_FLAGS] | r[AB_TF_FLAGS]) & FF_NOT_ATTACK_WOUNDED:
                row[AB_FLAGS] |= F_ATTACK_WOUNDS
            if EF_DIE_LUCK <= r[AB_EFFECT] <= EF_STRIKE_MINUS:
                row[AB_FLAGS] |= F_DICE
            if r[AB_KIND] == KIND_TRIGGERED and r[AB_TRIGGER] == T_CREATURE_DIES:
                row[AB_FLAGS] |= F_DEATH_WATCH
            if r[AB_KIND] == KIND_TRIGGERED and r[AB_TRIGGER] == T_VALHALLA:
                row[AB_FLAGS] |= F_VALHALLA
            if r[AB_KIND] == KIND_TRIGGERED and r[AB_TRIGGER] in (T_TURN_START, T_TURN_END,
                                                                  T_OPP_TURN_START, T_OPP_TURN_END):
                row[AB_FLAGS] |= F_TURN_TRIGGERS
            if r[AB_KIND] == KIND_TRIGGERED and r[AB_TRIGGER] == T_ENEMY_POISON_WOUNDED:
                row[AB_FLAGS] |= F_POISON_WATCH
            if r[AB_EFFECT] == EF_ROOT:
                row[AB_FLAGS] |= F_ROOT
            if r[AB_AMOUNT_OF] == AMT_TURN_WOUNDS:
                row[AB_FLAGS] |= F_TURN_WOUNDS
        for col in BLANK_KEEPS:
            stats[n + i, col] = row[col]
    info = np.iinfo(np.int32)
    if stats.min() < info.min or stats.max() > info.max:
        raise ValueError("a card value does not fit the int32 card table")
    return CardTable(stats.astype(np.int32), tuple(c.name for c in cards))
