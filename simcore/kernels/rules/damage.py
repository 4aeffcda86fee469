"""Life, wounds and healing (docs/RULES.md section 6, rule 508) and the wounds an attack deals (section 5).

current life = life maximum + extra lives - wounds (508.1-508.4). Wounds dealt by an attack = strike
value + the attacker's bonuses - the target's reductions, then armor (non-magical attacks only),
never below 0; a protection from the attack's kind makes it deal no wounds. The effective keywords
of a card (attack/defence experience, armor, protections) add its formation keywords while it is in
formation and the keywords it acquired (117).
"""
from numba import njit

from decks.registry import (
    AppliesTo,
    AttackKind,
    AuraCells,
    Filter,
    Protection,
    VsValue,
    WhileCondition,
)

from ..cardtable import (
    ALLY_ELEMENT,
    ALLY_MAX,
    ARMOR,
    AURA_F_ELEM,
    AURA_RANGE,
    AURA_RED_AMT,
    AURA_RED_COST_MAX,
    AURA_RED_SRC,
    AURA_TO,
    BESIDE_WEAK,
    BONUS0,
    CLASS0,
    CLASS1,
    CLOSED_STRIKE_CAP,
    COST,
    COUNTER_CLOSED,
    DEF_REDUCE,
    DIRECTED,
    DIRECTED_VS,
    DRAWS_COND,
    DRAWS_FLYERS,
    DRAWS_RANGED,
    ELEMENT,
    ELITE,
    F_ARMOR,
    F_ATTACK_WOUNDS,
    F_AURA,
    F_DRAWS_FLYERS,
    F_OVA,
    F_OVZ,
    F_PROT,
    F_SCAVENGE,
    F_STONE_SKIN,
    F_TURN_WOUNDS,
    F_WEB,
    FLYER,
    HALF_LIFE_BONUS,
    HAS_BONUS,
    HAS_REDUCE,
    HAS_WHILE,
    IGN_DRAWS,
    IGN_TARGET,
    IGN_ZOAL,
    LIFE,
    MAGIC_USER,
    MAX_BONUS,
    MAX_REDUCE,
    N_VS,
    OVA,
    OVZ,
    PROT,
    RANGED_PER_COUNTER,
    RANGED_PER_WOUND,
    RANGED_USER,
    RANGED_XL,
    REDUCE0,
    RKIND,
    RM,
    ROW_BONUS_AMT,
    ROW_BONUS_ROW,
    RS,
    RW,
    SCAVENGE,
    SCAVENGE_LIVES,
    SLOT_FORMATION,
    SLOT_WHILE0,
    SM,
    SS,
    STRIKE_COPY,
    STRIKE_PER_COUNTER,
    SW,
    TC0_STRIKE,
    TC_W,
    UNANSWERED,
    UNANSWERED_VS,
    VAMP,
    VAMP_LESS,
    VAMP_MAX,
    W0_COND,
    W_ARMOR,
    W_COND,
    W_COUNT,
    W_DIRECTED,
    W_DIRECTED_BIT,
    W_OVA,
    W_OVZ,
    W_PROT,
    W_W,
)
from ..state import (
    ARMOR_LEFT,
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    DIED_FROM,
    DMG_DEALT,
    EFF,
    ERR_GAIN_FULL,
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_DRAWERS,
    G_ERROR,
    G_FLAGS,
    G_LAST_WOUND,
    G_TURN,
    GAIN_MAX,
    GAIN_WIDTH,
    GAINED,
    GAINED_DIRECTED,
    GAINED_FORM_SHIFT,
    GAINED_PROT_SHIFT,
    GAINED_PROT_WIDTH,
    GAINED_STONE_SHIFT,
    GAINED_STONE_WIDTH,
    GAINED_WEB,
    GAME0,
    KILLED_BY_POISON,
    LIFE_MAX,
    MAX_DECK,
    MOVED,
    N_COLS,
    N_ROWS,
    NCF,
    PARAM0,
    POISON,
    PR_POISON_STACKS,
    TF_ATTACK_WOUNDED,
    TF_DIRECTED,
    TF_MARK_PLAYER_BIT,
    TF_MARK_SHIFT,
    TF_NO_STRIKES,
    TF_OVA_SHIFT,
    TF_RANGED_SHIFT,
    TF_TURN_WOUNDS_SHIFT,
    TF_UNANSWERED,
    TMP_FLAGS,
    TMP_OWN,
    TMP_STRIKE,
    TO_OVA_SHIFT,
    TO_STRIKE_SHIFT,
    WOUNDS,
    Z_FIELD,
    ZONE,
)
from ..state import (
    STRIKES as _STRIKES,
)
from .board import (
    bits,
    cell_col,
    cell_row,
    diagonal,
    forwardness,
    has_adjacent_enemy,
    in_formation,
    in_formation_with,
    in_play,
    life_lowered,
    n_in_play,
    owner_of,
    play_slot,
    with_bits,
)
from .log import (
    EV_HEAL,
    EV_NO_WOUND,
    EV_POISONED,
    EV_VAMPIRISM,
    EV_WEB,
    EV_WOUND,
    log,
    logging,
)


@njit(cache=True, _nrt=False, inline="always")
def current_life(S, g, s):
    return S[g, s * NCF + LIFE_MAX] + S[g, s * NCF + EXTRA_LIVES] - S[g, s * NCF + WOUNDS]


@njit(cache=True, _nrt=False)
def while_holds(C, S, g, s, b):
    """Does the condition of `while` block b of card s hold now? Every condition needs the card on
    the battlefield (VOCABULARY.md, "While")."""
    c = S[g, s * NCF + EFF]
    cond = C[c, W0_COND + W_W * b + W_COND]
    if cond == 0 or S[g, s * NCF + ZONE] != Z_FIELD:
        return False
    cell = S[g, s * NCF + CELL]
    col = cell_col(cell)
    if cond == WhileCondition.CENTRAL_COLUMN:
        return col == N_COLS // 2
    if cond == WhileCondition.EDGE_COLUMN:
        return col == 0 or col == N_COLS - 1
    if cond == WhileCondition.FORMATION_WITH_ELITE:
        return in_formation_with(C, S, g, s, 1)
    if cond == WhileCondition.FORMATION_WITH_ORDINARY:
        return in_formation_with(C, S, g, s, 0)
    if cond == WhileCondition.UNWOUNDED_ALLY_OPPOSITE:
        # an unwounded creature of its owner on the cell directly in front of it
        r = cell_row(cell) + (1 if owner_of(s) == 0 else -1)
        if r < 0 or r >= N_ROWS:
            return False
        o = S[g, GAME0 + G_BOARD + r * N_COLS + col]
        return o >= 0 and owner_of(o) == owner_of(s) and S[g, o * NCF + WOUNDS] == 0
    if cond == WhileCondition.CREATURE_IN_EVERY_ROW:
        p = owner_of(s)
        rows = 0
        for i in range(n_in_play(S, g, p)):
            o = play_slot(S, g, p, i)
            if S[g, o * NCF + ZONE] == Z_FIELD:
                rows |= 1 << cell_row(S[g, o * NCF + CELL])
        return rows == (1 << N_ROWS) - 1
    if cond == WhileCondition.ENEMY_FRONT_ROW_EMPTY:
        # no card of the enemy on the enemy's first row (the row of his half next to the middle)
        p = owner_of(s)
        r = N_ROWS // 2 if p == 0 else N_ROWS // 2 - 1
        for cc in range(N_COLS):
            o = S[g, GAME0 + G_BOARD + r * N_COLS + cc]
            if o >= 0 and owner_of(o) != p:
                return False
        return True
    row = cell_row(cell)
    p = owner_of(s)
    own = 0
    enemy = 0
    unwounded = 0
    classes = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if (dr == 0 and dc == 0) or row + dr < 0 or row + dr >= N_ROWS or col + dc < 0 or col + dc >= N_COLS:
                continue
            o = S[g, GAME0 + G_BOARD + cell + dr * N_COLS + dc]
            if o < 0:
                continue
            if owner_of(o) == p:
                own += 1
                if S[g, o * NCF + WOUNDS] == 0:
                    unwounded += 1
            else:
                enemy += 1
            co = S[g, o * NCF + EFF]
            if C[co, CLASS0] > 0:
                classes |= 1 << (C[co, CLASS0] - 1)
            if C[co, CLASS1] > 0:
                classes |= 1 << (C[co, CLASS1] - 1)
    if cond == WhileCondition.OUTNUMBERING_ADJACENT:
        return own > enemy
    if cond == WhileCondition.UNWOUNDED_ALLIES_ADJACENT:
        return unwounded >= C[c, W0_COND + W_W * b + W_COUNT]
    if cond == WhileCondition.ADJACENT_CLASSES:
        n = 0
        while classes != 0:
            classes &= classes - 1
            n += 1
        return n >= C[c, W0_COND + W_W * b + W_COUNT]
    return False


@njit(cache=True, _nrt=False)
def while_value(C, S, g, s, offset):
    """Sum of a keyword (column offset W_OVA, W_OVZ, W_ARMOR) over the card's `while` blocks that hold;
    for W_PROT and W_DIRECTED the OR."""
    c = S[g, s * NCF + EFF]
    v = 0
    for b in range(2):
        x = C[c, W0_COND + W_W * b + offset]
        if x != 0 and while_holds(C, S, g, s, b):
            if offset == W_PROT or offset == W_DIRECTED:
                v |= x
            else:
                v += x
    return v


@njit(cache=True, _nrt=False, inline="always")
def slot_holds(C, S, g, s, slot):
    """The condition slot of a strike bonus or reduction row: always, formation, while block."""
    if slot == 0:
        return True
    if slot == SLOT_FORMATION:
        return in_formation(C, S, g, s)
    return while_holds(C, S, g, s, slot - SLOT_WHILE0)


@njit(cache=True, _nrt=False, inline="always")
def with_formation(C, S, g, s, column, formation_column, while_offset):
    """A keyword's value for card s: printed, plus its formation value while in formation, plus its
    `while` blocks that hold."""
    c = S[g, s * NCF + EFF]
    v = C[c, column]
    if C[c, formation_column] != 0 and in_formation(C, S, g, s):
        v += C[c, formation_column]
    if C[c, HAS_WHILE] == 1:
        v += while_value(C, S, g, s, while_offset)
    return v


@njit(cache=True, _nrt=False, inline="always")
def attack_experience(C, S, g, s):
    """OvA: printed, formation, `while` blocks, and the OvA gained until the end of the turn or of its
    owner's turn (effect attack_experience)."""
    v = with_formation(C, S, g, s, OVA, F_OVA, W_OVA)
    if (S[g, s * NCF + TMP_FLAGS] | S[g, s * NCF + TMP_OWN]) != 0:
        v += bits(S[g, s * NCF + TMP_FLAGS], TF_OVA_SHIFT, GAIN_WIDTH) + bits(S[g, s * NCF + TMP_OWN], TO_OVA_SHIFT, GAIN_WIDTH)
    return v


@njit(cache=True, _nrt=False, inline="always")
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
    m = S[g, t * NCF + TMP_FLAGS] >> TF_MARK_SHIFT      # roll_bonus_against (Хозяйка прайда)
    if m != 0 and owner_of(att) == (m >> TF_MARK_PLAYER_BIT) & 1:
        v += m & GAIN_MAX
    return v


@njit(cache=True, _nrt=False, inline="always")
def defence_experience(C, S, g, s):
    return with_formation(C, S, g, s, OVZ, F_OVZ, W_OVZ)


@njit(cache=True, _nrt=False, inline="always")
def armor_value(C, S, g, s):
    return with_formation(C, S, g, s, ARMOR, F_ARMOR, W_ARMOR)


@njit(cache=True, _nrt=False, inline="always")
def protections(C, S, g, s):
    m = C[S[g, s * NCF + EFF], PROT] | bits(S[g, s * NCF + GAINED], GAINED_PROT_SHIFT, GAINED_PROT_WIDTH)
    if C[S[g, s * NCF + EFF], F_PROT] != 0 and in_formation(C, S, g, s):
        m |= C[S[g, s * NCF + EFF], F_PROT]
    if C[S[g, s * NCF + EFF], HAS_WHILE] == 1:
        m |= while_value(C, S, g, s, W_PROT)
    return m


@njit(cache=True, _nrt=False)
def only_attacker_rolls(C, S, g, att, t):
    """504: against a closed card, or with an unanswered strike, only the attacker rolls and
    there is no counter-strike; a closed card that strikes back while tapped still fights, unless
    the attacker ignores its abilities (Етун)."""
    ca = S[g, att * NCF + EFF]
    if C[ca, UNANSWERED] == 1:
        return True
    if C[ca, UNANSWERED_VS] != 0 and vs_any(C, S, g, C[ca, UNANSWERED_VS], att, t):
        return True
    if (S[g, att * NCF + TMP_FLAGS] & TF_UNANSWERED) and S[g, att * NCF + _STRIKES] == 0:
        return True                 # Рагнар's valhalla: its first simple strike this turn
    if S[g, t * NCF + CLOSED] == 0:
        return False
    return C[S[g, t * NCF + EFF], COUNTER_CLOSED] == 0 or C[ca, IGN_TARGET] == 1


@njit(cache=True, _nrt=False)
def target_closed_counts(C, S, g, att, t):
    """Is t's being closed a reason why only the attacker rolls (only_attacker_rolls' last test)? For
    the event log (why a single die is rolled), never for play."""
    if S[g, t * NCF + CLOSED] == 0:
        return False
    return C[S[g, t * NCF + EFF], COUNTER_CLOSED] == 0 or C[S[g, att * NCF + EFF], IGN_TARGET] == 1


@njit(cache=True, _nrt=False)
def vs_any(C, S, g, mask, att, t):
    """Does target t match any "vs" value of the bit mask (directed_vs, unanswered_vs: code k is bit
    k - 1, cardtable.vs_mask)?"""
    for code in range(1, N_VS):
        if (mask >> (code - 1)) & 1 and vs_matches(C, S, g, code, att, t, False):
            return True
    return False


@njit(cache=True, _nrt=False)
def vs_matches(C, S, g, code, att, t, t_defending):
    """The "vs X" filter of a strike bonus, directed_vs or unanswered_vs, tested on target t of
    attacker att."""
    ct = S[g, t * NCF + EFF]
    if code == 0:
        return True
    if code <= 6:
        return C[ct, ELEMENT] == code - 1
    if code == VsValue.CLOSED:
        return S[g, t * NCF + CLOSED] == 1
    if code == VsValue.FLYER:
        return C[ct, FLYER] == 1
    if code == VsValue.DEFENDER:
        return t_defending
    if code == VsValue.MAGIC_USER:
        return C[ct, MAGIC_USER] == 1
    if code == VsValue.RANGED_USER:
        return C[ct, RANGED_USER] == 1
    if code == VsValue.ARMORED_OR_EXPERIENCED:
        return C[ct, OVA] > 0 or C[ct, OVZ] > 0 or C[ct, ARMOR] > 0
    if code == VsValue.THROW_USER:
        return C[ct, RKIND] == AttackKind.THROW
    if code == VsValue.SAME_ROW:
        # the enemy row with the same number as its own row (1st = front, forest branch)
        return (S[g, att * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD
                and forwardness(owner_of(att), cell_row(S[g, att * NCF + CELL]))
                == forwardness(owner_of(t), cell_row(S[g, t * NCF + CELL])))
    if code == VsValue.OPPOSITE:
        return (S[g, att * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD
                and cell_col(S[g, att * NCF + CELL]) == cell_col(S[g, t * NCF + CELL]))
    if code == VsValue.ISOLATED:
        if S[g, t * NCF + ZONE] != Z_FIELD:
            return False
        cell = S[g, t * NCF + CELL]
        q = owner_of(t)
        for dc in (-1, 1):
            col = cell_col(cell) + dc
            if 0 <= col < N_COLS:
                o = S[g, GAME0 + G_BOARD + cell + dc]
                if o >= 0 and owner_of(o) == q:
                    return False
        return True
    return False


@njit(cache=True, _nrt=False)
def is_directed(C, S, g, att, t):
    """Directed strike (НУ): printed, acquired, or against a matching target."""
    ca = S[g, att * NCF + EFF]
    if C[ca, DIRECTED] == 1 or (S[g, att * NCF + GAINED] & GAINED_DIRECTED) != 0:
        return True
    if S[g, att * NCF + TMP_FLAGS] & TF_DIRECTED:
        return True
    if C[ca, DIRECTED_VS] != 0 and vs_any(C, S, g, C[ca, DIRECTED_VS], att, t):
        return True
    return C[ca, HAS_WHILE] == 1 and (while_value(C, S, g, att, W_DIRECTED) & W_DIRECTED_BIT) != 0


@njit(cache=True, _nrt=False, inline="always")
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
        if C[ca, BONUS0 + 5 * j + 4] != 0 and not slot_holds(C, S, g, att, C[ca, BONUS0 + 5 * j + 4]):
            continue
        if vs_matches(C, S, g, C[ca, BONUS0 + 5 * j + 1], att, t, t_defending):
            total += amount
    ally = C[ca, ALLY_ELEMENT]
    if ally > 0 and (applies & AppliesTo.STRIKE) != 0:
        # "+X strike, X = your other creatures of an element in play (at most max)"
        n = 0
        p = att // MAX_DECK
        for i in range(n_in_play(S, g, p)):
            o = play_slot(S, g, p, i)
            if o != att and C[S[g, o * NCF + EFF], ELEMENT] == ally - 1:
                n += 1
        total += min(n, C[ca, ALLY_MAX])
    if (applies & AppliesTo.STRIKE) != 0 and C[ca, STRIKE_PER_COUNTER] > 0:
        total += S[g, att * NCF + COUNTERS] * C[ca, STRIKE_PER_COUNTER]   # Камнедрев: + its counters
    return total


@njit(cache=True, _nrt=False)
def source_ok(C, S, g, t, att, kind, strength, src):
    """Is an attack of this kind and strength by att on t of reduction source src (SOURCE_CODES)?"""
    if src == 0:
        return kind == AttackKind.STRIKE
    if src == 1:
        return kind == AttackKind.SHOT or kind == AttackKind.THROW or kind == AttackKind.DISCHARGE or kind == AttackKind.ROW_STRIKE
    if src == 2:
        return kind != AttackKind.DISCHARGE and kind != AttackKind.MAGIC_STRIKE
    if src == 3:
        return (kind == AttackKind.STRIKE and S[g, att * NCF + ZONE] == Z_FIELD and S[g, t * NCF + ZONE] == Z_FIELD
                and diagonal(S[g, att * NCF + CELL], S[g, t * NCF + CELL]))
    if src == 4:
        return kind == AttackKind.SHOT or kind == AttackKind.THROW
    if src == 5:
        return C[S[g, att * NCF + EFF], FLYER] == 1
    if src == 6:
        return kind == AttackKind.STRIKE and strength == 1
    if src >= 10:
        return C[S[g, att * NCF + EFF], ELEMENT] == src - 10
    if src == 7:
        return kind == AttackKind.STRIKE and is_directed(C, S, g, att, t)
    return False


@njit(cache=True, _nrt=False)
def card_filter_ok(C, S, g, src, t, c, col0):
    """Card t against the filter stored at columns col0.. of row c (element + 1, flags, cost + 1,
    cost at most + 1; VOCABULARY.md `filter`); src is the filter's own card (for `other`)."""
    ct = S[g, t * NCF + EFF]
    e = C[c, col0]
    if e > 0 and C[ct, ELEMENT] != e - 1:
        return False
    cost = C[c, col0 + 2]
    if cost > 0 and C[ct, COST] != cost - 1:
        return False
    if cost < 0 and C[ct, COST] < -cost - 1:       # cost_at_least
        return False
    cmax = C[c, col0 + 3]
    if cmax > 0 and C[ct, COST] > cmax - 1:
        return False
    f = C[c, col0 + 1]
    if f == 0:
        return True
    if (f & Filter.ELITE) and C[ct, ELITE] == 0:
        return False
    if (f & Filter.ORDINARY) and C[ct, ELITE] == 1:
        return False
    if (f & Filter.POISONED) and S[g, t * NCF + POISON] == 0:
        return False
    if (f & Filter.RANGED_USER) and C[ct, RANGED_USER] == 0:
        return False
    if (f & Filter.GROUND) and C[ct, FLYER] == 1:
        return False
    if (f & Filter.UNWOUNDED) and S[g, t * NCF + WOUNDS] > 0:
        return False
    if (f & Filter.OTHER) and t == src:
        return False
    if (f & Filter.NOT_MOVED) and owner_of(t) == S[g, GAME0 + G_ACTIVE] and S[g, t * NCF + MOVED] > 0:
        return False                # only the active player's creatures can have moved this turn
    if (f & Filter.OPEN) and S[g, t * NCF + CLOSED] == 1:
        return False
    if (f & Filter.ENEMY) and owner_of(t) == owner_of(src):
        return False
    if (f & Filter.KILLED_BY_POISON) and S[g, t * NCF + DIED_FROM] != KILLED_BY_POISON:
        return False
    if (f & Filter.MAGIC_USER) and C[ct, MAGIC_USER] == 0:
        return False
    if (f & Filter.NOT_ATTACK_WOUNDED) and S[g, t * NCF + TMP_FLAGS] & TF_ATTACK_WOUNDED:
        return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def mark_attack_wound(S, g, t, w):
    """Remember that t took wounds from an attack this turn (games with F_ATTACK_WOUNDS only)."""
    if w > 0 and S[g, GAME0 + G_FLAGS] & F_ATTACK_WOUNDS:
        S[g, t * NCF + TMP_FLAGS] |= TF_ATTACK_WOUNDED


@njit(cache=True, _nrt=False)
def aura_covers(C, S, g, o, t):
    """Does the aura of card o (on the battlefield) reach its owner's card t: t stands on the
    battlefield on the cells of the aura (directly left or right of o; or o's column) and passes the
    aura's filter?"""
    co = S[g, o * NCF + EFF]
    to = C[co, AURA_TO]
    if to == 0 or o == t or owner_of(o) != owner_of(t):
        return False
    if S[g, o * NCF + ZONE] != Z_FIELD or S[g, t * NCF + ZONE] != Z_FIELD:
        return False
    a = S[g, o * NCF + CELL]
    b = S[g, t * NCF + CELL]
    if to == AuraCells.LEFT_RIGHT:
        if cell_row(a) != cell_row(b) or abs(cell_col(a) - cell_col(b)) != 1:
            return False
    elif to == AuraCells.COLUMN:
        if cell_col(a) != cell_col(b):
            return False
    return card_filter_ok(C, S, g, o, t, co, AURA_F_ELEM)


@njit(cache=True, _nrt=False)
def aura_reduction(C, S, g, t, att, kind, strength):
    """Reductions t gets from the auras of its owner's other cards in play."""
    total = 0
    p = owner_of(t)
    for i in range(n_in_play(S, g, p)):
        o = play_slot(S, g, p, i)
        co = S[g, o * NCF + EFF]
        amount = C[co, AURA_RED_AMT]
        if amount == 0 or not aura_covers(C, S, g, o, t):
            continue
        cmax = C[co, AURA_RED_COST_MAX]
        if cmax > 0 and C[S[g, att * NCF + EFF], COST] > cmax:
            continue
        if source_ok(C, S, g, t, att, kind, strength, C[co, AURA_RED_SRC]):
            total += amount
    return total


@njit(cache=True, _nrt=False)
def aura_range(C, S, g, att):
    """+ range att's ranged attack gets from the auras of its owner's other cards in play."""
    total = 0
    p = owner_of(att)
    for i in range(n_in_play(S, g, p)):
        o = play_slot(S, g, p, i)
        n = C[S[g, o * NCF + EFF], AURA_RANGE]
        if n > 0 and aura_covers(C, S, g, o, att):
            total += n
    return total


@njit(cache=True, _nrt=False, inline="always")
def reduction(C, S, g, t, att, kind, strength):
    """Sum of the target's "-N from X" reductions that apply to an attack of this kind and strength
    (0: none rolled) by att, its own and those its owner's auras give it."""
    ct = S[g, t * NCF + EFF]
    total = 0
    if S[g, GAME0 + G_FLAGS] & F_AURA:
        total = aura_reduction(C, S, g, t, att, kind, strength)
    if S[g, GAME0 + G_FLAGS] & F_STONE_SKIN:
        stone = bits(S[g, t * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH)
        if stone > 0 and source_ok(C, S, g, t, att, kind, strength, 2):
            total += stone              # Ледяной змей's stone skin
    if C[ct, HAS_REDUCE] == 0:
        return total
    ca = S[g, att * NCF + EFF]
    for j in range(MAX_REDUCE):
        amount = C[ct, REDUCE0 + 4 * j + 0]
        if amount == 0:
            continue
        if C[ct, REDUCE0 + 4 * j + 2] > 0 and C[ca, COST] > C[ct, REDUCE0 + 4 * j + 2]:
            continue
        if C[ct, REDUCE0 + 4 * j + 3] != 0 and not slot_holds(C, S, g, t, C[ct, REDUCE0 + 4 * j + 3]):
            continue
        if source_ok(C, S, g, t, att, kind, strength, C[ct, REDUCE0 + 4 * j + 1]):
            total += amount
    return total


@njit(cache=True, _nrt=False)
def protected_from(C, S, g, t, att, kind, strength):
    """True if t's protections make this attack deal it no wounds (docs/RULES.md section 5)."""
    prot = protections(C, S, g, t)
    if kind == AttackKind.SHOT and prot & Protection.SHOT:
        return True
    if kind == AttackKind.THROW and prot & Protection.THROW:
        return True
    if kind == AttackKind.DISCHARGE and prot & (Protection.DISCHARGE | Protection.MAGIC):
        return True
    if kind == AttackKind.MAGIC_STRIKE and prot & Protection.MAGIC:
        return True
    if kind == AttackKind.STRIKE and strength == 1 and prot & Protection.WEAK_STRIKE:
        return True
    if kind == AttackKind.STRIKE and S[g, t * NCF + TMP_FLAGS] & TF_NO_STRIKES:
        return True                 # protect_from_strikes: until the end of the turn
    ca = S[g, att * NCF + EFF]
    if C[ca, FLYER] == 1 and prot & Protection.FLYER and C[ca, IGN_ZOAL] == 0:
        return True
    return False


@njit(cache=True, _nrt=False)
def base_value(C, S, g, att, kind, strength):
    ca = S[g, att * NCF + EFF]
    if strength == 0:
        return 0
    if kind == AttackKind.STRIKE:
        v = C[ca, SW] if strength == 1 else (C[ca, SM] if strength == 2 else C[ca, SS])
        form = (S[g, att * NCF + GAINED] >> GAINED_FORM_SHIFT) & 3
        if form > 0:
            v += C[ca, TC0_STRIKE + TC_W * (form - 1)]          # turn_choice (Оборотень)
        return v + S[g, att * NCF + TMP_STRIKE] + bits(S[g, att * NCF + TMP_OWN], TO_STRIKE_SHIFT, GAIN_WIDTH)
    return C[ca, RW] if strength == 1 else (C[ca, RM] if strength == 2 else C[ca, RS])


@njit(cache=True, _nrt=False, inline="always")
def copied_strike(C, S, g, att, t, strength):
    """strike_copies_target (Метаморф): + the printed simple strike of the creature it strikes, for the
    rolled strength; 0 for other cards."""
    if C[S[g, att * NCF + EFF], STRIKE_COPY] == 0 or strength <= 0:
        return 0
    ct = S[g, t * NCF + CARD_ID]
    return C[ct, SW] if strength == 1 else (C[ct, SM] if strength == 2 else C[ct, SS])


@njit(cache=True, _nrt=False)
def ranged_base(C, S, g, att, strength):
    """The ranged attack's value for a strength, with "+N per counter" charged on the card."""
    ca = S[g, att * NCF + EFF]
    base = C[ca, RW] if strength == 1 else (C[ca, RM] if strength == 2 else C[ca, RS])
    if C[ca, RANGED_PER_WOUND] > 0:         # "X = its wounds (at most N)" (Рэккен)
        base += min(S[g, att * NCF + WOUNDS], C[ca, RANGED_PER_WOUND])
    v = (base + S[g, att * NCF + COUNTERS] * C[ca, RANGED_PER_COUNTER]
         + bits(S[g, att * NCF + TMP_FLAGS], TF_RANGED_SHIFT, GAIN_WIDTH))
    if C[ca, RANGED_XL] == 1:
        v += removable_extra_lives(S, g, att)
    return v


@njit(cache=True, _nrt=False, inline="always")
def removable_extra_lives(S, g, s):
    """ranged_spends_extra_lives (Ведьма слуа): the extra lives it removes for its attack,
    all of them but never so many that its current life falls to 0."""
    return max(min(S[g, s * NCF + EXTRA_LIVES], current_life(S, g, s) - 1), 0)


@njit(cache=True, _nrt=False)
def vampirism(C, S, g, s, dealt):
    """vampirism: card s dealt `dealt` wounds with a simple strike (its attack or its
    counter-strike); it gains dealt - less life: its wounds heal first, the rest become extra lives,
    never above its maximum life (0: none). A card out of play or at 0 life gains nothing."""
    c = S[g, s * NCF + EFF]
    if C[c, VAMP] == 0 or dealt <= 0 or not in_play(S, g, s) or current_life(S, g, s) <= 0:
        return
    n = dealt - C[c, VAMP_LESS]
    if C[c, VAMP_MAX] > 0:
        n = min(n, C[c, VAMP_MAX] - current_life(S, g, s))
    if n <= 0:
        return
    h = min(S[g, s * NCF + WOUNDS], n)
    S[g, s * NCF + WOUNDS] -= h
    S[g, s * NCF + EXTRA_LIVES] += n - h
    if logging(S, g):
        log(S, g, EV_VAMPIRISM, s, n, current_life(S, g, s), 0, 0)


@njit(cache=True, _nrt=False)
def own_above_printed(C, S, g, p):
    """amount_of own_above_printed_life: player p's cards in play whose current life is
    above their printed life."""
    n = 0
    for i in range(n_in_play(S, g, p)):
        o = play_slot(S, g, p, i)
        if current_life(S, g, o) > C[S[g, o * NCF + CARD_ID], LIFE]:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def attack_wounds(C, S, g, att, t, kind, strength, base, t_defending, ignore_t, no_bonus):
    """Wounds before armor of an attack by att on t. `base` < 0 takes the strike value of the
    rolled strength; `ignore_t` ignores t's abilities (Етун attacking); `no_bonus` drops att's
    strike bonuses (a counter-strike at Етун)."""
    if strength == 0 and base < 0:
        return 0
    if base < 0:
        base = base_value(C, S, g, att, kind, strength)
    applies = AppliesTo.STRIKE if (kind == AttackKind.STRIKE or kind == AttackKind.SPECIAL_STRIKE) else AppliesTo.RANGED
    dmg = base
    if not no_bonus:
        dmg += strike_bonus(C, S, g, att, t, strength, applies, t_defending)
    if not ignore_t:
        if protected_from(C, S, g, t, att, kind, strength):
            return 0
        if kind == AttackKind.STRIKE:
            ct = S[g, t * NCF + EFF]
            if C[ct, CLOSED_STRIKE_CAP] > 0 and S[g, t * NCF + CLOSED] == 1:
                dmg = min(dmg, C[ct, CLOSED_STRIKE_CAP])     # Морок: strikes at it while closed
            if t_defending:
                dmg -= C[ct, DEF_REDUCE]                      # Морок: -N while acting as defender
        dmg -= reduction(C, S, g, t, att, kind, strength)
    return max(dmg, 0)


@njit(cache=True, _nrt=False)
def beside_weak(C, S, g, t):
    """strikes_beside_weak (Морок): t stands on the battlefield directly left or right of a card of the
    same owner that has this keyword (and its abilities): simple strikes at t are reduced to weak."""
    if S[g, t * NCF + ZONE] != Z_FIELD:
        return False
    cell = S[g, t * NCF + CELL]
    col = cell_col(cell)
    for dc in (-1, 1):
        if 0 <= col + dc < N_COLS:
            o = S[g, GAME0 + G_BOARD + cell + dc]
            if o >= 0 and owner_of(o) == owner_of(t) and C[S[g, o * NCF + EFF], BESIDE_WEAK] == 1:
                return True
    return False


@njit(cache=True, _nrt=False)
def absorb_armor(C, S, g, t, dmg, kind, ignore_t):
    """Armor X absorbs up to X wounds from non-magical attacks per turn (docs/RULES.md section 5)."""
    if ignore_t or kind == AttackKind.DISCHARGE or kind == AttackKind.MAGIC_STRIKE or dmg <= 0:
        return dmg
    a = min(S[g, t * NCF + ARMOR_LEFT], dmg)
    S[g, t * NCF + ARMOR_LEFT] -= a
    return dmg - a


@njit(cache=True, _nrt=False)
def wound(S, g, t, n, source):
    """508.3: n wound markers on t; remembers who brought it to 0 life for 509.1.1."""
    if n <= 0:
        if logging(S, g):
            log(S, g, EV_NO_WOUND, t, source, 0, 0, 0)
        return
    S[g, t * NCF + WOUNDS] += n
    life_lowered(S, g, t)
    S[g, GAME0 + G_LAST_WOUND] = S[g, GAME0 + G_TURN]
    if S[g, GAME0 + G_FLAGS] & F_TURN_WOUNDS:        # amount_of wounds_this_turn (Хронос)
        f = S[g, t * NCF + TMP_FLAGS]
        v = bits(f, TF_TURN_WOUNDS_SHIFT, GAIN_WIDTH) + n
        if v > GAIN_MAX:
            S[g, GAME0 + G_ERROR] = ERR_GAIN_FULL       # an engine limit (docs/RULES.md)
            v = GAIN_MAX
        S[g, t * NCF + TMP_FLAGS] = with_bits(f, TF_TURN_WOUNDS_SHIFT, GAIN_WIDTH, v)
    if source >= 0:
        S[g, source * NCF + DMG_DEALT] += n
    if current_life(S, g, t) <= 0 and S[g, t * NCF + DIED_FROM] == -1:
        S[g, t * NCF + DIED_FROM] = source
    if logging(S, g):
        log(S, g, EV_WOUND, t, n, source, current_life(S, g, t), 0)


@njit(cache=True, _nrt=False)
def heal(S, g, t, n):
    """Healing N removes up to N wounds (508)."""
    h = min(S[g, t * NCF + WOUNDS], n)
    if h > 0:
        S[g, t * NCF + WOUNDS] -= h
        if logging(S, g):
            log(S, g, EV_HEAL, t, h, current_life(S, g, t), 0, 0)
    return h


@njit(cache=True, _nrt=False)
def add_poison(S, g, t, n):
    """Poison N on t: replaces a weaker poison, or adds to it with the `poison_stacks` setting."""
    if S[g, PARAM0 + PR_POISON_STACKS] == 1:
        S[g, t * NCF + POISON] += n
    elif n > S[g, t * NCF + POISON]:
        S[g, t * NCF + POISON] = n


@njit(cache=True, _nrt=False)
def poison(C, S, g, att, t, n):
    """att poisons t by n (an acquired effect, 117), unless t left play or is protected from
    poison; see add_poison."""
    if n > 0 and in_play(S, g, t) and (protections(C, S, g, t) & Protection.POISON) == 0:
        add_poison(S, g, t, n)
        if logging(S, g):
            log(S, g, EV_POISONED, t, n, att, 0, 0)


# ---- scavenging, the web, drawing flyers' attacks, + half the target's life -----------
@njit(cache=True, _nrt=False, inline="always")
def half_life_bonus(C, S, g, att, t, strength):
    """strike_bonus_half_target_life (Уордак): + half the current life of the creature it strikes
    (rounded down) to a strike of the listed strengths; 0 for other cards."""
    mask = C[S[g, att * NCF + EFF], HALF_LIFE_BONUS]
    if mask == 0 or strength <= 0 or (mask >> (strength - 1)) & 1 == 0:
        return 0
    return max(current_life(S, g, t), 0) // 2


@njit(cache=True, _nrt=False)
def scavenge(C, S, g, s, victim):
    """Scavenging (трупоедство): s's simple strike or counter-strike brought victim to 0 life and s is
    still alive: s heals fully and gains its scavenging extra lives. Called right after the strike's
    wounds, only in games with a scavenger (G_FLAGS & F_SCAVENGE)."""
    c = S[g, s * NCF + EFF]
    if C[c, SCAVENGE] == 0 or current_life(S, g, victim) > 0 or current_life(S, g, s) <= 0:
        return
    heal(S, g, s, S[g, s * NCF + WOUNDS])
    S[g, s * NCF + EXTRA_LIVES] += C[c, SCAVENGE_LIVES]


@njit(cache=True, _nrt=False, inline="always")
def scavenging_in_game(S, g):
    return (S[g, GAME0 + G_FLAGS] & F_SCAVENGE) != 0


@njit(cache=True, _nrt=False, inline="always")
def webbed(S, g, s):
    """Is s under a web (it cannot move or act; an attack at it is blocked)?"""
    return (S[g, GAME0 + G_FLAGS] & F_WEB) != 0 and (S[g, s * NCF + GAINED] & GAINED_WEB) != 0


@njit(cache=True, _nrt=False)
def web_blocks(S, g, att, t):
    """An attack of att at webbed t is blocked and the web disappears. True if it was blocked."""
    if not webbed(S, g, t):
        return False
    S[g, t * NCF + GAINED] &= ~GAINED_WEB
    if logging(S, g):
        log(S, g, EV_WEB, t, att, 0, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def flyers_drawn(C, S, g, att, t):
    """draws_flyer_attacks (Паук-пересмешник): att is a flyer and t's owner has such a card in play
    that is not t: att may not attack t."""
    if (S[g, GAME0 + G_FLAGS] & F_DRAWS_FLYERS) == 0 or C[S[g, att * NCF + EFF], FLYER] == 0:
        return False
    if C[S[g, t * NCF + EFF], DRAWS_FLYERS] == 1:
        return False
    q = owner_of(t)
    for i in range(n_in_play(S, g, q)):
        if C[S[g, play_slot(S, g, q, i) * NCF + EFF], DRAWS_FLYERS] == 1:
            return True
    return False


@njit(cache=True, _nrt=False)
def drawn_kinds_block(C, S, g, att, t, kind):
    """draws_ranged: while the target's side has a card drawing this kind of attack, only such a
    card may be chosen (any range). Returns (blocked, drawn_to_t)."""
    q = owner_of(t)
    if S[g, GAME0 + G_DRAWERS + q] == 0 or C[S[g, att * NCF + EFF], IGN_DRAWS] == 1:
        return False, False
    bit = 1 << kind
    any_drawer = False
    for i in range(n_in_play(S, g, q)):
        s = play_slot(S, g, q, i)
        cs = S[g, s * NCF + EFF]
        if C[cs, DRAWS_RANGED] & bit and (C[cs, DRAWS_COND] == 0 or has_adjacent_enemy(S, g, s)):
            any_drawer = True
            if s == t:
                return False, True
    return any_drawer, False


@njit(cache=True, _nrt=False, inline="always")
def turn_wounds(S, g, t):
    """The wounds card t took this turn (counted only in games with F_TURN_WOUNDS)."""
    return bits(S[g, t * NCF + TMP_FLAGS], TF_TURN_WOUNDS_SHIFT, GAIN_WIDTH) if t >= 0 else 0
