"""Invariants of the rules on random play, checked after setup and after every action
(simcore.stepper): random legal decks drawn from the card set, random or greedy AIs on either seat,
random rule settings.

After every step: every card of each deck is in exactly one zone (deck, deal, squad during setup,
field, auxiliary zone, graveyard) and nothing else is in any zone (conservation); the battlefield and
the cards agree and no two cards share a cell; the play lists hold exactly the cards in play; no card
in play has current life <= 0 and no destroyed card waits for its on-death abilities; wounds, extra
lives, counters and poison are never negative; a card never walks further than its movement allows
(moved + movement left <= its movement; flyers never walk). For every action: it was legal when it was
chosen, its card was in play, open and the active player's, a step goes to an orthogonal neighbour
and a jump no further than the card's jump. Every game ends, within the round cap, with a winner and
an end reason, and the stepped game is the very game the batch runner plays.

Examples per run: INVARIANT_EXAMPLES (BERSERK_EXAMPLES=N runs N of them, e.g. 2000, on demand).
"""
import os

import numpy as np
import pytest
from conftest import LISTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks import load_cardset, load_deck
from simcore.kernels.batch import play_serial
from simcore.kernels.cardtable import JUMP, MOVE, TC0_MOVE, TC_W, compile_cardset
from simcore.kernels.rules.board import manhattan
from simcore.kernels.rules.errors import E_OK
from simcore.kernels.rules.turn import A_END, A_JUMP, A_MOVE, action_error
from simcore.kernels.state import (
    CARD_ID,
    CELL,
    CLOSED,
    COUNTERS,
    EFF,
    END_NONE,
    EXTRA_LIVES,
    G_ACTIVE,
    G_BOARD,
    G_DECK_SIZE,
    G_END,
    G_ERROR,
    G_NPLAY,
    G_PEND_HI,
    G_PEND_LO,
    G_PLAY,
    G_TURN,
    G_WINNER,
    GAINED,
    GAINED_FORM_SHIFT,
    GAME0,
    LIFE_MAX,
    MAX_DECK,
    MOVED,
    MOVES_LEFT,
    N_CELLS,
    N_SLOTS,
    NCF,
    PARAM0,
    POISON,
    PR_ROUND_CAP,
    WOUNDS,
    Z_AUX,
    Z_DEALT,
    Z_DECK,
    Z_FIELD,
    Z_GRAVE,
    Z_NONE,
    Z_SQUAD,
    ZONE,
    new_state,
    set_params,
)
from simcore.ruleset import ruleset_params
from simcore.stepper import play_steps

INVARIANT_EXAMPLES = int(os.environ.get("BERSERK_EXAMPLES", 0)) or 100
CARDSET = load_cardset()
TABLE = compile_cardset(CARDSET)
C = TABLE.stats
ELEMENTS = sorted({c.element for c in CARDSET.cards})


@st.composite
def random_deck(draw):
    """A legal deck (30-50 cards, at most 3 copies) drawn from the card set: cards of one to three
    elements (and neutrals) most of the time, of any element otherwise."""
    size = draw(st.integers(30, 50))
    chosen = draw(st.sets(st.sampled_from(ELEMENTS), min_size=1, max_size=3))
    pool = [i for i, c in enumerate(CARDSET.cards) if c.element in chosen or c.element == "neutral"]
    if 3 * len(pool) < size or draw(st.integers(0, 4)) == 0:
        pool = list(range(len(CARDSET.cards)))
    order = draw(st.permutations(pool))
    copies = [draw(st.integers(1, 3)) for _ in order]
    while sum(copies) < size:          # too few: add copies, up to three of each
        copies[copies.index(min(copies))] += 1
    ids = [card for card, n in zip(order, copies) for _ in range(n)]
    return ids[:size]


RULE_FLAGS = ("ground_hits_lone_flyers", "attack_own_cards", "poison_stacks", "formation_orthogonal")


@st.composite
def random_game(draw):
    decks = np.full((2, MAX_DECK), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    for p in range(2):
        ids = draw(random_deck())
        decks[p, :len(ids)] = ids
        sizes[p] = len(ids)
    rules = {name: draw(st.integers(0, 1)) for name in RULE_FLAGS}
    rules["round_cap"] = draw(st.sampled_from([3, 10, 100]))
    ais = (draw(st.sampled_from(["random", "greedy"])), draw(st.sampled_from(["random", "greedy"])))
    first = draw(st.sampled_from([-1, 0, 1]))
    params = ruleset_params(draw(st.sampled_from(["classic", "modern"])), rules, ais, first)
    return decks, sizes, params, draw(st.integers(0, 2**63 - 1)), draw(st.integers(0, 2**40))


def check_state(S, decks, sizes, in_setup=False):
    """The state invariants of one game row (row 0); returns a list of what is wrong."""
    bad = []
    row = S[0]
    cards = row[:N_SLOTS * NCF].reshape(N_SLOTS, NCF)
    board = row[GAME0 + G_BOARD:GAME0 + G_BOARD + N_CELLS]
    zones = {Z_DECK, Z_DEALT, Z_FIELD, Z_AUX, Z_GRAVE} | ({Z_SQUAD} if in_setup else set())
    for p in range(2):
        if row[GAME0 + G_DECK_SIZE + p] != sizes[p]:
            bad.append(f"player {p}: deck size {row[GAME0 + G_DECK_SIZE + p]}, not {sizes[p]}")
        own = cards[p * MAX_DECK:(p + 1) * MAX_DECK]
        if not np.array_equal(own[:, CARD_ID], decks[p]):
            bad.append(f"player {p}: the slots no longer hold his deck's cards")
        for i in range(MAX_DECK):
            zone = own[i, ZONE]
            if (zone in zones) != (i < sizes[p]) or (i >= sizes[p] and zone != Z_NONE):
                bad.append(f"slot {p * MAX_DECK + i} (deck size {sizes[p]}) is in zone {zone}")
        playing = [p * MAX_DECK + i for i in range(sizes[p]) if own[i, ZONE] in (Z_FIELD, Z_AUX)]
        n = row[GAME0 + G_NPLAY + p]
        listed = list(row[GAME0 + G_PLAY + p * MAX_DECK:GAME0 + G_PLAY + p * MAX_DECK + n])
        if listed != playing:
            bad.append(f"player {p}: play list {listed}, cards in play {playing}")
    for s in range(N_SLOTS):
        c = cards[s]
        if c[CARD_ID] < 0:
            continue
        for field, name in ((WOUNDS, "wounds"), (EXTRA_LIVES, "extra lives"), (COUNTERS, "counters"),
                            (POISON, "poison")):
            if c[field] < 0:
                bad.append(f"slot {s}: {name} {c[field]}")
        if c[ZONE] == Z_FIELD:
            if not 0 <= c[CELL] < N_CELLS or board[c[CELL]] != s:
                bad.append(f"slot {s} on the field at cell {c[CELL]}, the board there holds "
                           f"{board[c[CELL]] if 0 <= c[CELL] < N_CELLS else None}")
        elif c[CELL] != -1:
            bad.append(f"slot {s} in zone {c[ZONE]} has cell {c[CELL]}")
        if c[ZONE] in (Z_FIELD, Z_AUX):
            life = c[LIFE_MAX] + c[EXTRA_LIVES] - c[WOUNDS]
            if life <= 0:
                bad.append(f"slot {s} is in play with current life {life}")
            # Оборотень's turn_choice form may add movement for the turn, kept if it then
            # loses its abilities
            form = (c[GAINED] >> GAINED_FORM_SHIFT) & 3
            movement = max(C[c[EFF], MOVE], 0) + (C[c[CARD_ID], TC0_MOVE + TC_W * (form - 1)] if form else 0)
            if c[MOVES_LEFT] < 0 or c[MOVED] + c[MOVES_LEFT] > movement and \
                    row[GAME0 + G_ACTIVE] == s // MAX_DECK:
                bad.append(f"slot {s}: moved {c[MOVED]}, {c[MOVES_LEFT]} left, movement {C[c[EFF], MOVE]}")
            if c[ZONE] == Z_AUX and c[MOVED] != 0:
                bad.append(f"flyer slot {s} walked {c[MOVED]} steps")
    for cell in range(N_CELLS):
        s = board[cell]
        if s >= 0 and (cards[s, ZONE] != Z_FIELD or cards[s, CELL] != cell):
            bad.append(f"cell {cell} holds slot {s}, which is in zone {cards[s, ZONE]} at cell {cards[s, CELL]}")
    if row[GAME0 + G_PEND_HI] >= 0 and not in_setup:
        bad.append(f"destroyed cards (slots {row[GAME0 + G_PEND_LO]}..{row[GAME0 + G_PEND_HI]}) still wait "
                   "for their on-death abilities")
    return bad


def check_action(step):
    """The action of a step: legal when chosen; its card in play, open and the active player's;
    steps orthogonal, jumps within range."""
    kind, actor, target = step.action
    before = step.before.reshape(1, -1)
    bad = []
    if action_error(C, before, 0, kind, actor, target) != E_OK:
        bad.append("the action was not legal when it was chosen")
    if kind == A_END:
        return bad
    card = before[0, actor * NCF:(actor + 1) * NCF]
    if card[CLOSED] != 0:
        bad.append("a closed card acted")
    if card[ZONE] not in (Z_FIELD, Z_AUX):
        bad.append(f"a card in zone {card[ZONE]} acted")
    if actor // MAX_DECK != before[0, GAME0 + G_ACTIVE]:
        bad.append("a card of the player not to move acted")
    if kind in (A_MOVE, A_JUMP):
        after = step.S[0, actor * NCF:(actor + 1) * NCF]
        if after[ZONE] == Z_FIELD and after[CELL] != target:
            bad.append(f"moved to {target} but stands on {after[CELL]}")
        reach = 1 if kind == A_MOVE else C[card[EFF], JUMP]
        if not 1 <= manhattan(card[CELL], target) <= reach:
            bad.append(f"went from cell {card[CELL]} to {target}, more than {reach}")
    return bad


def play_checked(decks, sizes, params, seed, game_index):
    """Step one game, checking every invariant; returns its final state."""
    where = f"seed {seed} game {game_index}"
    turns = []
    S = None
    for step in play_steps(C, decks, sizes, params, seed, game_index):
        S = step.S
        bad = check_state(S, decks, sizes, in_setup=step.action is None and S[0, GAME0 + G_WINNER] < 0)
        if step.action is not None:
            bad += check_action(step)
        assert not bad, f"{where}, after action {step.index} {step.action}: " + "; ".join(bad)
        turns.append(S[0, GAME0 + G_TURN])
    assert turns == sorted(turns), f"{where}: the turn counter went back"
    game = S[0, GAME0:]
    assert game[G_WINNER] in (0, 1, 2) and game[G_END] != END_NONE and game[G_ERROR] == 0, where
    assert game[G_TURN] <= 2 * S[0, PARAM0 + PR_ROUND_CAP], f"{where}: past the round cap"
    return S


@settings(max_examples=INVARIANT_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_game())
def test_invariants_hold_after_setup_and_every_action(game):
    decks, sizes, params, seed, game_index = game
    S = play_checked(decks, sizes, params, seed, game_index)
    # the stepped game is the batch runner's game: the same final row
    batch = new_state(1)
    set_params(batch, params)
    play_serial(C, batch, decks, sizes, np.uint64(seed), game_index, 1)
    np.testing.assert_array_equal(S, batch)


@pytest.mark.parametrize("deck", ["seeds_mixed", "swamps_poison", "mixed_darkness_swamps"])
def test_invariants_hold_on_the_bundled_ability_decks(deck):
    """The bundled ability-heavy decks, both AIs on both seats (a fixed sample besides the random one)."""
    ids = load_deck(LISTS / f"{deck}.txt", CARDSET).card_ids
    decks = np.full((2, MAX_DECK), -1, np.int64)
    decks[:, :len(ids)] = ids
    sizes = np.array([len(ids), len(ids)], np.int64)
    for i, ais in enumerate((("random", "greedy"), ("greedy", "random"), ("greedy", "greedy"))):
        play_checked(decks, sizes, ruleset_params("classic", {}, ais), 7, i)
