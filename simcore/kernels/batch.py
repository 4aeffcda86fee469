"""The batch runner: `prange` over games, each game touching only its own state row, and the
outcome tables of a batch (one row per game; per-card counts per player).

Results depend only on (seed, game index): never on thread count or batch split.
"""
import numpy as np
from numba import njit, prange
from numba.extending import register_jitable

from .ai.search import SCRATCH_ROWS, SCRATCH_WIDTH
from .cardtable import COST
from .game import play_game
from .state import (
    AB_USES,
    BOUGHT,
    CARD_ID,
    DEALT,
    DEATH_TURN,
    DMG_DEALT,
    END_BOTH_WIPED,
    END_WIPE,
    G_END,
    G_FIRST,
    G_GOLD,
    G_MULLIGANS,
    G_SILVER,
    G_TURN,
    G_WINNER,
    KILLS,
    MAX_ACTIONS,
    MAX_DECK,
    Z_AUX,
    Z_FIELD,
    Z_GRAVE,
    ZONE,
    cards_view,
    game_view,
)


@njit(cache=True, parallel=True)
def play_batch(C, S, decks, sizes, seed, first_index, n):
    """Play games first_index .. first_index + n - 1 into rows 0 .. n-1 of S."""
    for i in prange(n):
        g = np.int64(i)
        buf = np.empty((MAX_ACTIONS, 3), np.int64)      # written by legal_actions before it is read
        W = np.empty((SCRATCH_ROWS, SCRATCH_WIDTH), np.int64)      # the search pilot's copies (new_scratch)
        play_game(C, S, g, decks, sizes, seed, np.int64(first_index) + g, buf, W)


@njit(cache=True)
def play_serial(C, S, decks, sizes, seed, first_index, n):
    """The same games on one thread (tests compare it with play_batch)."""
    buf = np.empty((MAX_ACTIONS, 3), np.int64)
    W = np.empty((SCRATCH_ROWS, SCRATCH_WIDTH), np.int64)
    for i in range(n):
        g = np.int64(i)
        play_game(C, S, g, decks, sizes, seed, np.int64(first_index) + g, buf, W)


GAME_COLUMNS = ("game", "winner", "first", "turns", "end_reason", "mulligans_a", "mulligans_b",
                "squad_size_a", "squad_size_b", "squad_cost_a", "squad_cost_b", "left_a", "left_b",
                "cost_left_a", "cost_left_b", "crystals_left_a", "crystals_left_b",
                "first_death_a", "first_death_b")


@register_jitable
def turn_numbers(turn_index):
    """Turns as docs/RULES.md and `berserk replay` count them: the first turn of a game is turn 1
    (the state's G_TURN and DEATH_TURN count from 0)."""
    return turn_index + 1


def turns_played(game):
    """The number of the game's last turn (docs/RULES.md, section 9): a game won or drawn by a wipe
    ended during turn G_TURN + 1, one stopped by the turn cap after turn G_TURN (its last, complete),
    one without a squad before turn 1 (0). The replay's last turn header says the same number."""
    mid_turn = (game[:, G_END] == END_WIPE) | (game[:, G_END] == END_BOTH_WIPED)
    return game[:, G_TURN] + mid_turn


def game_rows(S, stats, first_index, n) -> dict:
    """Per-game outcome columns (numpy) of rows 0..n-1. Player 0 plays deck A, player 1 deck B;
    winner: 0 = A, 1 = B, 2 = draw; first: the seat that moved first; turns: the number of the
    game's last turn (turns_played); first_death_a/b: the turn in which that side first lost a
    creature (-1: never). Turns are numbered from 1, as the replay's turn headers number them."""
    cards = cards_view(S)[:n]
    game = game_view(S)[:n]
    ids = np.maximum(cards[:, :, CARD_ID], 0)
    cost = np.where(cards[:, :, CARD_ID] >= 0, stats[ids, COST], 0)
    in_play = (cards[:, :, ZONE] == Z_FIELD) | (cards[:, :, ZONE] == Z_AUX)
    bought = cards[:, :, BOUGHT] == 1
    death_turn = np.where(cards[:, :, DEATH_TURN] >= 0, turn_numbers(cards[:, :, DEATH_TURN]), -1)
    out = {"game": np.arange(first_index, first_index + n, dtype=np.int64),
           "winner": game[:, G_WINNER].astype(np.int8),
           "first": game[:, G_FIRST].astype(np.int8),
           "turns": turns_played(game).astype(np.int16),
           "end_reason": game[:, G_END].astype(np.int8)}
    for p, side in ((0, "a"), (1, "b")):
        sl = slice(p * MAX_DECK, (p + 1) * MAX_DECK)
        out[f"mulligans_{side}"] = game[:, G_MULLIGANS + p].astype(np.int8)
        out[f"squad_size_{side}"] = bought[:, sl].sum(axis=1).astype(np.int8)
        out[f"squad_cost_{side}"] = (cost[:, sl] * bought[:, sl]).sum(axis=1).astype(np.int16)
        out[f"left_{side}"] = in_play[:, sl].sum(axis=1).astype(np.int8)
        out[f"cost_left_{side}"] = (cost[:, sl] * in_play[:, sl]).sum(axis=1).astype(np.int16)
        out[f"crystals_left_{side}"] = (game[:, G_GOLD + p] + game[:, G_SILVER + p]).astype(np.int8)
        dt = death_turn[:, sl]
        first_death = np.where(dt >= 0, dt, np.iinfo(np.int64).max).min(axis=1)
        out[f"first_death_{side}"] = np.where((dt >= 0).any(axis=1), first_death, -1).astype(np.int16)
    return out


CARD_COUNT_COLUMNS = ("games", "wins", "draws", "dealt_games", "dealt_wins", "dealt_draws",
                      "squad_games", "squad_wins", "squad_draws", "not_drawn_games",
                      "not_drawn_wins", "not_drawn_draws", "copies_bought", "wounds_dealt",
                      "kills", "deaths", "death_turn_sum", "survived", "ability_uses")


# card_counts' columns by position, for _card_tallies: each outcome's games, wins and draws side by side
GAMES, DEALT_GAMES, SQUAD_GAMES, NOT_DRAWN_GAMES, COPIES_BOUGHT, WOUNDS_DEALT, KILLS_MADE, DEATHS, \
    DEATH_TURN_SUM, SURVIVED, ABILITY_USES = (CARD_COUNT_COLUMNS.index(c) for c in (
        "games", "dealt_games", "squad_games", "not_drawn_games", "copies_bought", "wounds_dealt", "kills",
        "deaths", "death_turn_sum", "survived", "ability_uses"))


@register_jitable
def _count_game(out, r, games_column, won, drew):
    """One game more for card row r under games_column, with its win and draw (the next two columns)."""
    out[r, games_column] += 1
    out[r, games_column + 1] += won
    out[r, games_column + 2] += drew


@njit(cache=True)
def _card_tallies(cards, winner, slots, slot_row, players):
    """card_counts' columns (CARD_COUNT_COLUMNS, in their order) for each card row, in one pass over the
    games' deck slots: slot slots[i] counts towards row slot_row[i], whose player is players[row]."""
    n_rows = players.shape[0]
    out = np.zeros((n_rows, len(CARD_COUNT_COLUMNS)), np.int64)
    dealt = np.zeros(n_rows, np.bool_)         # this game's: a copy of row r's card was dealt, bought
    squad = np.zeros(n_rows, np.bool_)
    for g in range(cards.shape[0]):
        for i in range(slots.shape[0]):
            s = slots[i]
            r = slot_row[i]
            dealt[r] |= cards[g, s, DEALT] == 1
            out[r, ABILITY_USES] += cards[g, s, AB_USES]
            if cards[g, s, BOUGHT] != 1:
                continue
            squad[r] = True
            out[r, COPIES_BOUGHT] += 1
            out[r, WOUNDS_DEALT] += cards[g, s, DMG_DEALT]
            out[r, KILLS_MADE] += cards[g, s, KILLS]
            zone = cards[g, s, ZONE]
            if zone == Z_GRAVE:
                out[r, DEATHS] += 1
                out[r, DEATH_TURN_SUM] += turn_numbers(cards[g, s, DEATH_TURN])
            elif zone == Z_FIELD or zone == Z_AUX:
                out[r, SURVIVED] += 1
        for r in range(n_rows):
            won = 1 if winner[g] == players[r] else 0
            drew = 1 if winner[g] == 2 else 0
            _count_game(out, r, GAMES, won, drew)
            _count_game(out, r, DEALT_GAMES if dealt[r] else NOT_DRAWN_GAMES, won, drew)
            if squad[r]:
                _count_game(out, r, SQUAD_GAMES, won, drew)
            dealt[r] = False
            squad[r] = False
    return out


def card_counts(S, decks, sizes, n) -> dict:
    """Per (player, distinct card) integer counts over rows 0..n-1, enough for every card-level
    statistic of docs/ANALYTICS.md: games with the card in the deck, in the deal, in the squad, not
    drawn (with wins and draws of each), the bought copies' wounds, kills, deaths, death turns and
    survival, and how often its played abilities were used. Rows: player 0's cards by id, then player
    1's. Counted in one compiled pass over the deck slots (_card_tallies), so that a call on a small
    batch costs little next to its games (the pilot ladder's 50 games a batch measure the pilots)."""
    players, ids, slots, slot_row = [], [], [], []
    for p in range(2):
        deck = decks[p, :sizes[p]]
        for card in np.unique(deck):
            for i in np.nonzero(deck == card)[0]:
                slots.append(p * MAX_DECK + i)
                slot_row.append(len(ids))
            players.append(p)
            ids.append(int(card))
    tallies = _card_tallies(cards_view(S)[:n], game_view(S)[:n, G_WINNER], np.asarray(slots, np.int64),
                            np.asarray(slot_row, np.int64), np.asarray(players, np.int64))
    out = {"player": np.asarray(players, np.int64), "card": np.asarray(ids, np.int64)}
    out.update(zip(CARD_COUNT_COLUMNS, np.ascontiguousarray(tallies.T)))
    return out
