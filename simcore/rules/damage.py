"""Life, wounds and healing (RULES.md section 6, rule 508) and the wounds an attack deals (section 5).

current life = life maximum + extra lives - wounds (508.1-508.4). Wounds dealt by an attack = strike
value + the attacker's bonuses - the target's reductions, then armor (non-magical attacks only),
never below 0; a protection from the attack's kind makes it deal no wounds. The effective keywords
of a card (attack/defence experience, armor, protections) add its formation keywords while it is in
formation and the keywords it acquired (117).
"""
from numba import njit

from ..cardtable import (
    ALLY_ELEMENT,
    ALLY_MAX,
    APPLY_CODES,
    ARMOR,
    BONUS0,
    COST,
    COUNTER_CLOSED,
    DIRECTED,
    DIRECTED_VS,
    ELEMENT,
    F_ARMOR,
    F_OVA,
    F_OVZ,
    F_PROT,
    FLYER,
    HAS_BONUS,
    HAS_REDUCE,
    IGN_TARGET,
    IGN_ZOAL,
    K_DISCHARGE,
    K_ROW,
    K_SHOT,
    K_SPECIAL,
    K_STRIKE,
    K_THROW,
    MAGIC_USER,
    MAX_BONUS,
    MAX_REDUCE,
    OVA,
    OVZ,
    P_DISCHARGE,
    P_FLYER,
    P_MAGIC,
    P_POISON,
    P_SHOT,
    P_THROW,
    P_WEAK,
    PROT,
    RANGED_PER_COUNTER,
    RANGED_USER,
    REDUCE0,
    RM,
    ROW_BONUS_AMT,
    ROW_BONUS_ROW,
    RS,
    RW,
    SM,
    SS,
    SW,
    UNANSWERED,
    VS_ARMORED,
    VS_CLOSED,
    VS_DEFENDER,
    VS_FLYER,
    VS_MAGIC,
    VS_RANGED,
)
from ..ruleset import PR_POISON_STACKS
from ..state import (
    ARMOR_LEFT,
    CELL,
    CLOSED,
    COUNTERS,
    DIED_FROM,
    DMG_DEALT,
    EFF,
    EXTRA_LIVES,
    G_LAST_WOUND,
    G_TURN,
    GAINED,
    GAME0,
    LIFE_MAX,
    MAX_DECK,
    NCF,
    PARAM0,
    POISON,
    TMP_STRIKE,
    WOUNDS,
    Z_FIELD,
    ZONE,
)
from .board import cell_row, diagonal, in_formation, in_play, n_in_play, play_slot
from .log import EV_HEAL, EV_NO_WOUND, EV_POISONED, EV_WOUND, log, logging

APPLY_STRIKE = APPLY_CODES["strike"]
APPLY_RANGED = APPLY_CODES["ranged"]


@njit(cache=True, inline="always")
def current_life(S, g, s):
    return S[g, s * NCF + LIFE_MAX] + S[g, s * NCF + EXTRA_LIVES] - S[g, s * NCF + WOUNDS]


@njit(cache=True, inline="always")
def with_formation(C, S, g, s, column, formation_column):
    """A keyword's value for card s: printed, plus its formation value while in formation."""
    v = C[S[g, s * NCF + EFF], column]
    if in_formation(C, S, g, s):
        v += C[S[g, s * NCF + EFF], formation_column]
    return v


@njit(cache=True, inline="always")
def attack_experience(C, S, g, s):
    return with_formation(C, S, g, s, OVA, F_OVA)


@njit(cache=True, inline="always")
def attack_roll_bonus(C, S, g, att, t):
    """What the attacker adds to his die: attack experience, and a bonus against a card in a given
    row of the enemy half (counted from the enemy's front row)."""
    v = attack_experience(C, S, g, att)
    ca = S[g, att * NCF + EFF]
    row = C[ca, ROW_BONUS_ROW]
    if row > 0 and S[g, t * NCF + ZONE] == Z_FIELD:
        r = cell_row(S[g, t * NCF + CELL])
        wanted = 2 + row if att // MAX_DECK == 0 else 3 - row
        if r == wanted:
            v += C[ca, ROW_BONUS_AMT]
    return v


@njit(cache=True, inline="always")
def defence_experience(C, S, g, s):
    return with_formation(C, S, g, s, OVZ, F_OVZ)


@njit(cache=True, inline="always")
def armor_value(C, S, g, s):
    return with_formation(C, S, g, s, ARMOR, F_ARMOR)


@njit(cache=True, inline="always")
def protections(C, S, g, s):
    m = C[S[g, s * NCF + EFF], PROT] | (S[g, s * NCF + GAINED] >> 8)
    if in_formation(C, S, g, s):
        m |= C[S[g, s * NCF + EFF], F_PROT]
    return m


@njit(cache=True)
def only_attacker_rolls(C, S, g, att, t):
    """504: against a closed card, or with an unanswered strike, only the attacker rolls and
    there is no counter-strike; a closed card that strikes back while tapped still fights, unless
    the attacker ignores its abilities (Етун)."""
    ca = S[g, att * NCF + EFF]
    if C[ca, UNANSWERED] == 1:
        return True
    if S[g, t * NCF + CLOSED] == 0:
        return False
    return C[S[g, t * NCF + EFF], COUNTER_CLOSED] == 0 or C[ca, IGN_TARGET] == 1


@njit(cache=True)
def vs_matches(C, S, g, code, t, t_defending):
    """The "vs X" filter of a strike bonus or directed_vs, tested on target t."""
    ct = S[g, t * NCF + EFF]
    if code == 0:
        return True
    if code <= 6:
        return C[ct, ELEMENT] == code - 1
    if code == VS_CLOSED:
        return S[g, t * NCF + CLOSED] == 1
    if code == VS_FLYER:
        return C[ct, FLYER] == 1
    if code == VS_DEFENDER:
        return t_defending
    if code == VS_MAGIC:
        return C[ct, MAGIC_USER] == 1
    if code == VS_RANGED:
        return C[ct, RANGED_USER] == 1
    if code == VS_ARMORED:
        return C[ct, OVA] > 0 or C[ct, OVZ] > 0 or C[ct, ARMOR] > 0
    return False


@njit(cache=True)
def is_directed(C, S, g, att, t):
    """Directed strike (НУ): printed, acquired, or against a matching target."""
    ca = S[g, att * NCF + EFF]
    if C[ca, DIRECTED] == 1 or (S[g, att * NCF + GAINED] & 1) == 1:
        return True
    mask = C[ca, DIRECTED_VS]
    if mask != 0:
        for code in range(13):
            if (mask >> code) & 1 and vs_matches(C, S, g, code, t, False):
                return True
    return False


@njit(cache=True, inline="always")
def strike_bonus(C, S, g, att, t, strength, applies, t_defending):
    """Sum of the attacker's "+N strike" bonuses that apply to this attack on t."""
    ca = S[g, att * NCF + EFF]
    if C[ca, HAS_BONUS] == 0:
        return 0
    total = 0
    for j in range(MAX_BONUS):
        amount = C[ca, BONUS0 + 5 * j + 0]
        if amount == 0:
            continue
        if (C[ca, BONUS0 + 5 * j + 2] & applies) == 0:
            continue
        if strength > 0 and (C[ca, BONUS0 + 5 * j + 3] >> (strength - 1)) & 1 == 0:
            continue
        if C[ca, BONUS0 + 5 * j + 4] == 1 and not in_formation(C, S, g, att):
            continue
        if vs_matches(C, S, g, C[ca, BONUS0 + 5 * j + 1], t, t_defending):
            total += amount
    ally = C[ca, ALLY_ELEMENT]
    if ally > 0 and (applies & APPLY_STRIKE) != 0:
        # "+X strike, X = your other creatures of an element in play (at most max)"
        n = 0
        p = att // MAX_DECK
        for i in range(n_in_play(S, g, p)):
            o = play_slot(S, g, p, i)
            if o != att and C[S[g, o * NCF + EFF], ELEMENT] == ally - 1:
                n += 1
        total += min(n, C[ca, ALLY_MAX])
    return total


@njit(cache=True, inline="always")
def reduction(C, S, g, t, att, kind):
    """Sum of the target's "-N from X" reductions that apply to an attack of this kind by att."""
    ct = S[g, t * NCF + EFF]
    if C[ct, HAS_REDUCE] == 0:
        return 0
    ca = S[g, att * NCF + EFF]
    total = 0
    for j in range(MAX_REDUCE):
        amount = C[ct, REDUCE0 + 4 * j + 0]
        if amount == 0:
            continue
        src = C[ct, REDUCE0 + 4 * j + 1]
        if C[ct, REDUCE0 + 4 * j + 2] > 0 and C[ca, COST] > C[ct, REDUCE0 + 4 * j + 2]:
            continue
        if C[ct, REDUCE0 + 4 * j + 3] == 1 and not in_formation(C, S, g, t):
            continue
        ok = False
        if src == 0:
            ok = kind == K_STRIKE
        elif src == 1:
            ok = kind == K_SHOT or kind == K_THROW or kind == K_DISCHARGE or kind == K_ROW
        elif src == 2:
            ok = kind != K_DISCHARGE
        elif src == 3:
            ok = (kind == K_STRIKE and S[g, att * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD
                  and diagonal(S[g, att * NCF + CELL], S[g, t * NCF + CELL]))
        elif src == 4:
            ok = kind == K_SHOT or kind == K_THROW
        elif src == 5:
            ok = C[ca, FLYER] == 1
        elif src >= 10:
            ok = C[ca, ELEMENT] == src - 10
        if ok:
            total += amount
    return total


@njit(cache=True)
def protected_from(C, S, g, t, att, kind, strength):
    """True if t's protections make this attack deal it no wounds (RULES.md section 5)."""
    prot = protections(C, S, g, t)
    if kind == K_SHOT and prot & P_SHOT:
        return True
    if kind == K_THROW and prot & P_THROW:
        return True
    if kind == K_DISCHARGE and prot & (P_DISCHARGE | P_MAGIC):
        return True
    if kind == K_STRIKE and strength == 1 and prot & P_WEAK:
        return True
    ca = S[g, att * NCF + EFF]
    if C[ca, FLYER] == 1 and prot & P_FLYER and C[ca, IGN_ZOAL] == 0:
        return True
    return False


@njit(cache=True)
def base_value(C, S, g, att, kind, strength):
    ca = S[g, att * NCF + EFF]
    if strength == 0:
        return 0
    if kind == K_STRIKE:
        v = C[ca, SW] if strength == 1 else (C[ca, SM] if strength == 2 else C[ca, SS])
        return v + S[g, att * NCF + TMP_STRIKE]
    return C[ca, RW] if strength == 1 else (C[ca, RM] if strength == 2 else C[ca, RS])


@njit(cache=True)
def ranged_base(C, S, g, att, strength):
    """The ranged attack's value for a strength, with "+N per counter" charged on the card."""
    ca = S[g, att * NCF + EFF]
    base = C[ca, RW] if strength == 1 else (C[ca, RM] if strength == 2 else C[ca, RS])
    return base + S[g, att * NCF + COUNTERS] * C[ca, RANGED_PER_COUNTER]


@njit(cache=True)
def attack_wounds(C, S, g, att, t, kind, strength, base, t_defending, ignore_t, no_bonus):
    """Wounds before armor of an attack by att on t. `base` < 0 takes the strike value of the
    rolled strength; `ignore_t` ignores t's abilities (Етун attacking); `no_bonus` drops att's
    strike bonuses (a counter-strike at Етун)."""
    if strength == 0 and base < 0:
        return 0
    if base < 0:
        base = base_value(C, S, g, att, kind, strength)
    applies = APPLY_STRIKE if (kind == K_STRIKE or kind == K_SPECIAL) else APPLY_RANGED
    dmg = base
    if not no_bonus:
        dmg += strike_bonus(C, S, g, att, t, strength, applies, t_defending)
    if not ignore_t:
        if protected_from(C, S, g, t, att, kind, strength):
            return 0
        dmg -= reduction(C, S, g, t, att, kind)
    return max(dmg, 0)


@njit(cache=True)
def absorb_armor(C, S, g, t, dmg, kind, ignore_t):
    """Armor X absorbs up to X wounds from non-magical attacks per turn (RULES.md section 5)."""
    if ignore_t or kind == K_DISCHARGE or dmg <= 0:
        return dmg
    a = min(S[g, t * NCF + ARMOR_LEFT], dmg)
    S[g, t * NCF + ARMOR_LEFT] -= a
    return dmg - a


@njit(cache=True)
def wound(S, g, t, n, source):
    """508.3: n wound markers on t; remembers who brought it to 0 life for 509.1.1."""
    if n <= 0:
        if logging(S, g):
            log(S, g, EV_NO_WOUND, t, source, 0, 0, 0)
        return
    S[g, t * NCF + WOUNDS] += n
    S[g, GAME0 + G_LAST_WOUND] = S[g, GAME0 + G_TURN]
    if source >= 0:
        S[g, source * NCF + DMG_DEALT] += n
    if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
        S[g, t * NCF + DIED_FROM] = source
    if logging(S, g):
        log(S, g, EV_WOUND, t, n, source, current_life(S, g, t), 0)


@njit(cache=True)
def heal(S, g, t, n):
    """Healing N removes up to N wounds (508)."""
    h = min(S[g, t * NCF + WOUNDS], n)
    if h > 0:
        S[g, t * NCF + WOUNDS] -= h
        if logging(S, g):
            log(S, g, EV_HEAL, t, h, current_life(S, g, t), 0, 0)
    return h


@njit(cache=True)
def add_poison(S, g, t, n):
    """Poison N on t: replaces a weaker poison, or adds to it with the `poison_stacks` setting."""
    if S[g, PARAM0 + PR_POISON_STACKS] == 1:
        S[g, t * NCF + POISON] += n
    elif n > S[g, t * NCF + POISON]:
        S[g, t * NCF + POISON] = n


@njit(cache=True)
def poison(C, S, g, att, t, n):
    """att poisons t by n (an acquired effect, 117), unless t left play or is protected from
    poison; see add_poison."""
    if n > 0 and in_play(S, g, t) and (protections(C, S, g, t) & P_POISON) == 0:
        add_poison(S, g, t, n)
        if logging(S, g):
            log(S, g, EV_POISONED, t, n, att, 0, 0)
