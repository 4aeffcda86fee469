"""Destruction (docs/RULES.md section 7, rule 509) and the end of the game (section 9).

A destroyed card remembers its last cell and waits for its on-death abilities, which
rules.abilities.check_deaths fires (509.3).

A card whose current life is <= 0 is destroyed at once, outside the stack, and goes to its owner's
graveyard; it died from the card (or poison) that brought it to <= 0 (509.1.1). Destruction without
wounds (finish off) also sends the card to the graveyard (509.2). A player with no creature in play
loses; both at once is a draw. After the round cap the higher total cost in play wins (604.1).
"""
from numba import njit

from ..cardtable import COST
from ..state import (
    CARD_ID,
    CELL,
    CLOSED,
    DEATH_PENDING,
    DEATH_TURN,
    DIED_FROM,
    END_BOTH_WIPED,
    END_TURN_CAP,
    END_WIPE,
    G_BOARD,
    G_END,
    G_HURT,
    G_PEND_HI,
    G_PEND_LO,
    G_TURN,
    G_WINNER,
    GAME0,
    KILLS,
    LAST_CELL,
    NCF,
    WINNER_DRAW,
    Z_GRAVE,
    ZONE,
)
from .board import n_in_play, owner_of, play_slot, remove_from_play
from .damage import current_life
from .log import EV_DEATH, EV_END, log, logging


@njit(cache=True, _nrt=False)
def destroy(S, g, s, killer):
    """509: move s to its owner's graveyard; credit the kill."""
    c = S[g, s * NCF + CELL]
    if c >= 0:
        S[g, GAME0 + G_BOARD + c] = -1
    if logging(S, g):
        log(S, g, EV_DEATH, s, killer, c, 0, 0)
    S[g, s * NCF + LAST_CELL] = c
    S[g, s * NCF + DEATH_PENDING] = 1
    S[g, GAME0 + G_PEND_LO] = min(S[g, GAME0 + G_PEND_LO], s)
    S[g, GAME0 + G_PEND_HI] = max(S[g, GAME0 + G_PEND_HI], s)
    S[g, s * NCF + ZONE] = Z_GRAVE
    S[g, s * NCF + CELL] = -1
    S[g, s * NCF + CLOSED] = 0
    S[g, s * NCF + DIED_FROM] = killer
    S[g, s * NCF + DEATH_TURN] = S[g, GAME0 + G_TURN]
    remove_from_play(S, g, s, c)
    if killer >= 0 and owner_of(killer) != owner_of(s):
        S[g, killer * NCF + KILLS] += 1


@njit(cache=True, _nrt=False)
def check_destruction(S, g):
    """Destroy every card in play whose current life is <= 0 (simultaneously, in slot order). Nothing
    to look for unless some card's life went down to 0 or less since the last check (board.life_lowered)."""
    if S[g, GAME0 + G_HURT] == 0:
        return
    S[g, GAME0 + G_HURT] = 0
    for p in range(2):
        i = 0
        while i < n_in_play(S, g, p):
            s = play_slot(S, g, p, i)
            if current_life(S, g, s) <= 0:
                destroy(S, g, s, S[g, s * NCF + DIED_FROM])
            else:
                i += 1


@njit(cache=True, _nrt=False)
def count_in_play(S, g, p):
    return n_in_play(S, g, p)


@njit(cache=True, _nrt=False)
def check_game_end(S, g):
    """Section 9: a player with no creature in play loses; both at once: draw. True if over."""
    if S[g, GAME0 + G_WINNER] >= 0:
        return True
    n0 = count_in_play(S, g, 0)
    n1 = count_in_play(S, g, 1)
    if n0 > 0 and n1 > 0:
        return False
    if n0 == 0 and n1 == 0:
        S[g, GAME0 + G_WINNER] = WINNER_DRAW
        S[g, GAME0 + G_END] = END_BOTH_WIPED
    else:
        S[g, GAME0 + G_WINNER] = 1 if n0 == 0 else 0
        S[g, GAME0 + G_END] = END_WIPE
    if logging(S, g):
        log(S, g, EV_END, S[g, GAME0 + G_WINNER], S[g, GAME0 + G_END], 0, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def cost_in_play(C, S, g, p):
    total = 0
    for i in range(n_in_play(S, g, p)):
        total += C[S[g, play_slot(S, g, p, i) * NCF + CARD_ID], COST]
    return total


@njit(cache=True, _nrt=False)
def adjudicate(C, S, g):
    """604.1 [H]: after the round cap the higher total cost in play wins (gold = silver)."""
    c0 = cost_in_play(C, S, g, 0)
    c1 = cost_in_play(C, S, g, 1)
    S[g, GAME0 + G_WINNER] = 0 if c0 > c1 else (1 if c1 > c0 else WINNER_DRAW)
    S[g, GAME0 + G_END] = END_TURN_CAP
    if logging(S, g):
        log(S, g, EV_END, S[g, GAME0 + G_WINNER], S[g, GAME0 + G_END], c0, c1, 0)
