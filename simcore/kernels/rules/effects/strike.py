"""Strike effects: fast abilities that change an attack in progress, played at its dice
window (docs/RULES.md section 4: a priority window right after the dice of an attack are rolled, before
the strike table is read; see combat.dice_window).

The attack in progress is held in the game fields G_ROLL..G_ROLL_MINUS_C (state.py). A strike effect
has no card target: the number its owner declares with it (the stack's target) is an option:

- die_luck (Ловец удачи, "+1 or -1 to a die roll, or reroll it"): 3 * die + mode, die 0 = the
  attacker's, 1 = the defender's (only when both roll), mode 0 = +1, 1 = -1, 2 = reroll (a new d6
  from the dice stream when it resolves);
- wound_on_one (Взрывная Мэри, "when a creature's die roll is 1, wound it by N"): the die (0 or 1),
  which must show 1 when it is declared and when it resolves; the creature that rolled it takes N;
- strike_strong (Ост, "make your creature's strike strong"): 0 = the attacker's strike (the attacker
  is yours), 1 = the counter-strike (the card that fights it is yours); a strike that is a miss after
  the table stays a miss;
- strike_to_one (Глорм, "reduce a melee strike at your creature to 1"): 0 = the attacker's strike at
  your card, 1 = the counter-strike at your attacker; the strike then deals at most 1 wound (before
  armor);
- strike_minus (Лунная баньши, "reduce a chosen strike by N"): 0 = the attacker's strike, 1 = the
  counter-strike; it deals N wounds fewer (before armor).

The three strike_* effects act on simple strikes only (not on ranged attacks). Their `also` acts on
the ability's own card (Глорм wounds itself, Лунная баньши gains a counter), except when the struck
creature has the element `also_unless_struck`.
"""
from numba import njit

from decks.registry import Effect

from ...state import (
    G_ROLL,
    G_ROLL_A,
    G_ROLL_ATT,
    G_ROLL_MINUS,
    G_ROLL_STRONG,
    G_ROLL_T,
    G_ROLL_TO_ONE,
    GAME0,
    ROLL_BOTH,
    ROLL_NONE,
    ROLL_RANGED,
)
from ..board import in_play, owner_of
from ..damage import wound
from ..dice import roll_d6
from ..errors import E_BAD_OPTION, E_OK

N_OPTIONS = 6       # the most options a strike effect has (die_luck)


@njit(cache=True, _nrt=False, inline="always")
def is_strike_effect(eff):
    return Effect.DIE_LUCK <= eff <= Effect.STRIKE_MINUS


@njit(cache=True, _nrt=False)
def strike_option_error(S, g, s, eff, opt):
    """May card s declare strike effect eff with option opt on the attack in progress?"""
    kind = S[g, GAME0 + G_ROLL]
    if kind == ROLL_NONE or opt < 0:
        return E_BAD_OPTION
    both = kind == ROLL_BOTH
    p = owner_of(s)
    att = S[g, GAME0 + G_ROLL_ATT]
    t = S[g, GAME0 + G_ROLL_T]
    if eff == Effect.DIE_LUCK:
        if opt >= 6 or (opt >= 3 and not both):
            return E_BAD_OPTION
        return E_OK
    if opt >= 2 or (opt == 1 and not both):
        return E_BAD_OPTION
    if eff == Effect.WOUND_ON_ONE:
        return E_OK if S[g, GAME0 + G_ROLL_A + opt] == 1 else E_BAD_OPTION
    if kind == ROLL_RANGED:
        return E_BAD_OPTION
    if eff == Effect.STRIKE_STRONG:
        mine = att if opt == 0 else t
        return E_OK if owner_of(mine) == p else E_BAD_OPTION
    if eff == Effect.STRIKE_TO_ONE:
        struck = t if opt == 0 else att
        return E_OK if owner_of(struck) == p else E_BAD_OPTION
    return E_OK         # strike_minus: any strike


@njit(cache=True, _nrt=False)
def apply_strike_effect(S, g, src, eff, opt, n):
    """Resolve strike effect eff (amount n) with option opt; returns the struck creature of a strike_*
    option (for `also_unless_struck`), else -1."""
    att = S[g, GAME0 + G_ROLL_ATT]
    t = S[g, GAME0 + G_ROLL_T]
    if eff == Effect.DIE_LUCK:
        f = GAME0 + G_ROLL_A + opt // 3
        mode = opt % 3
        if mode == 0:
            S[g, f] += 1
        elif mode == 1:
            S[g, f] -= 1
        else:
            S[g, f] = roll_d6(S, g, att if opt // 3 == 0 else t, t if opt // 3 == 0 else att, 2)
        return -1
    if eff == Effect.WOUND_ON_ONE:
        victim = att if opt == 0 else t
        if S[g, GAME0 + G_ROLL_A + opt] == 1 and in_play(S, g, victim):
            wound(S, g, victim, n, src)
        return -1
    struck = t if opt == 0 else att
    if eff == Effect.STRIKE_STRONG:
        S[g, GAME0 + G_ROLL_STRONG] |= 1 << opt
    elif eff == Effect.STRIKE_TO_ONE:
        S[g, GAME0 + G_ROLL_TO_ONE] |= 1 << opt
    elif eff == Effect.STRIKE_MINUS:
        S[g, GAME0 + G_ROLL_MINUS + opt] += n
    return struck
