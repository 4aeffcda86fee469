"""Differential tests: the fast Numba engine against the plain-Python reference engine
(simcore.reference), and tests that the checker catches a disagreement, so that the big test cannot
pass vacuously."""
import re

import numpy as np
import pytest
from conftest import DECKS, LISTS, ROOT

from simcore.kernels.rules.turn import ACTION_NAMES
from simcore.kernels.state import (
    CARD_FIELD_NAMES,
    ERR_DICE_EXHAUSTED,
    G_ACTIVE,
    G_BOARD,
    G_DRAWS,
    G_ERROR,
    G_N_DELAYED,
    G_NPLAY,
    G_PLAY,
    GAME0,
    MAX_DECK,
    NCF,
    Z_FIELD,
    ZONE,
)
from simcore.reference import Disagreement, play_checked
from simcore.reference import differential as D
from simcore.ruleset import SETTINGS

GAMES = 2000
SEED = 20261130
A_MOVE, A_ATTACK = ACTION_NAMES.index("move"), ACTION_NAMES.index("attack")


@pytest.fixture(scope="module")
def all_matchups():
    return D.matchups(DECKS)


def test_differential_2000_games_all_decks_both_ais(all_matchups):
    """2,000 seeded games over every pair of the bundled decks (mirrors included), the four seatings
    of the greedy and random AIs and both rulesets: no disagreement in any state after any action, and
    every action the AIs chose is legal in the reference engine. Every 10th game also compares the
    whole set of legal actions before every action."""
    n = len(DECKS)
    assert n >= 13                           # two per element and the mixed ones
    assert len(all_matchups) == n * (n + 1) // 2 * 4
    s = D.run_games(all_matchups, GAMES, SEED, legal_sets_every=10)
    assert s.games == GAMES
    assert s.actions > 50 * GAMES            # real games, not empty ones
    # every kind of decision was replayed; games ended by a wipe-out and by the round cap
    for kind in ("mulligan", "buy", "placement", "defender", "exchange", "answer", "answer_target"):
        assert s.decisions[kind] > 0, kind
    assert s.ends["wipe"] and s.ends["turn_cap"]
    assert not s.disagreements, f"{len(s.disagreements)} disagreements; the first:\n" + "\n\n".join(
        s.disagreements[:3])


@pytest.fixture(scope="module")
def seeds_vs_forest():
    from simcore.matchup import make_matchup
    return make_matchup(LISTS / "seeds_mixed.txt", LISTS / "forest.txt", ais=("random", "greedy"))


def _first_in_play(S, player):
    for i in range(50):
        s = player * 50 + i
        if S[0, s * NCF + ZONE] == Z_FIELD:
            return s
    raise AssertionError("no creature on the field")


def test_checker_reports_a_corrupted_card_field(seeds_vs_forest):
    """One wound too many on one card of the fast engine's row, after action 5: the checker names the
    card, the field and both values."""
    seen = {}

    def corrupt(S, step):
        if step == "action 5":
            s = _first_in_play(S, 1)
            seen["slot"] = s
            S[0, s * NCF + CARD_FIELD_NAMES.index("wounds")] += 1

    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0, corrupt=corrupt)
    msg = str(e.value)
    assert "at action 5" in msg and f"(slot {seen['slot']}), field wounds" in msg
    assert "game 0 of seed 3" in msg and "Семена" in msg


def test_checker_reports_a_die_the_fast_engine_did_not_roll(seeds_vs_forest):
    """One extra die taken from the fast engine's dice stream: the draw counts differ."""
    def corrupt(S, step):
        if step == "action 3":
            S[0, GAME0 + G_DRAWS] += 1

    with pytest.raises(Disagreement, match="game field dice draws"):
        play_checked(seeds_vs_forest, 3, 1, corrupt=corrupt)


def test_checker_reports_a_different_die(seeds_vs_forest, monkeypatch):
    """The reference rolls its own dice; one die different from the fast engine's (every roll from the
    10th on is a 6; the game rolls 18) makes the games differ, and the checker stops at the first
    difference."""
    from simcore.reference import rng

    real = rng.Streams.d6

    def d6(self):
        v = real(self)
        return 6 if self.draws[rng.STREAM_DICE] >= 10 else v

    monkeypatch.setattr(rng.Streams, "d6", d6)
    with pytest.raises(Disagreement, match="first difference"):
        play_checked(seeds_vs_forest, 3, 0)


def test_checker_compares_the_options_of_every_decision():
    """A decision is replayed only when the reference offers the same decision to the same player with
    the same options; a decision left over at the end of an action is a disagreement too."""
    from simcore.kernels.rules import log as L
    from simcore.kernels.rules.decisions import Decision

    def log():
        d = D.LogDecisions()
        d.feed([[L.EV_DECISION, Decision.DEFENDER, 1, 2, 0, -1], [L.EV_OFFER, Decision.DEFENDER, 7, 0, 0, 0],
                [L.EV_OFFER, Decision.DEFENDER, -1, 0, 0, 0],
                [L.EV_DECISION, Decision.RAM, 0, 5, 2, 1]])
        return d

    d = log()
    assert d.decide("defender", 1, [7, -1]) == 7
    with pytest.raises(Disagreement, match="did not reach"):
        d.done()
    assert d.decide("ram", 0, lo=1, n=5) == 3
    d.done()
    with pytest.raises(Disagreement, match=r"offers player 2 defender with options \[7, 8, -1\]"):
        log().decide("defender", 1, [7, 8, -1])         # a defender the fast engine did not offer
    with pytest.raises(Disagreement, match="offers player 1 exchange"):
        log().decide("exchange", 0, [0, 1])             # another decision than the one logged
    with pytest.raises(Disagreement, match="next decision is none"):
        D.LogDecisions().decide("form", 0, [0, 1])     # a decision the fast engine did not offer


# ---- every path of the checker, each fed a broken input -----------------------------------------------
_CLOSED = CARD_FIELD_NAMES.index("closed")


def _in_play(S, p):
    """Player p's cards in play in the fast engine's row (slots)."""
    n = int(S[0, GAME0 + G_NPLAY + p])
    return [int(x) for x in S[0, GAME0 + G_PLAY + p * MAX_DECK:GAME0 + G_PLAY + p * MAX_DECK + n]]


def _ai_choosing(monkeypatch, instead):
    """The fast engine's AI, except at the first action for which instead(S) returns (kind, actor,
    target): that one is chosen instead. Returns the list that receives it."""
    real, chosen = D.pilot_action, []

    def pilot(C, S, g, buf, scratch):
        wrong = None if chosen else instead(S)
        if wrong is None:
            return real(C, S, g, buf, scratch)
        chosen.append(wrong)
        return wrong

    monkeypatch.setattr(D, "pilot_action", pilot)
    return chosen


def test_checker_reports_a_closed_card_acting(seeds_vs_forest, monkeypatch):
    """The fast engine's AI attacks with one of its cards that is closed (it struck earlier in the
    turn): the reference refuses the action, and the checker says the AI chose an illegal action
    because the card is closed, naming the card."""
    def closed_attacker(S):
        p = int(S[0, GAME0 + G_ACTIVE])
        closed = [s for s in _in_play(S, p) if S[0, s * NCF + _CLOSED]]
        enemies = _in_play(S, 1 - p)
        return (A_ATTACK, closed[0], enemies[0]) if closed and enemies else None

    chosen = _ai_choosing(monkeypatch, closed_attacker)
    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0)
    assert chosen
    _, actor, target = chosen[0]
    msg = str(e.value)
    assert f"(slot {actor}) attack at " in msg and f"(slot {target})" in msg
    assert msg.endswith("the fast engine's AI chose an illegal action: closed")


def test_checker_reports_an_ai_moving_the_opponent_s_card(seeds_vs_forest, monkeypatch):
    """The fast engine's AI moves a card of the opponent's at its first action: the checker reports
    the illegal action and why (not the active player's card) before either engine plays it."""
    def enemy_move(S):
        p = int(S[0, GAME0 + G_ACTIVE])
        enemy = next(s for s in _in_play(S, 1 - p) if S[0, s * NCF + ZONE] == Z_FIELD)
        cell = int(S[0, enemy * NCF + CARD_FIELD_NAMES.index("cell")])
        to = next(c for c in (cell - 5, cell + 5, cell - 1, cell + 1) if 0 <= c < 30
                  and S[0, GAME0 + G_BOARD + c] < 0 and abs(c % 5 - cell % 5) <= 1)
        return A_MOVE, enemy, to

    chosen = _ai_choosing(monkeypatch, enemy_move)
    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0)
    assert chosen
    msg = str(e.value)
    assert "at action 1: " in msg and f"(slot {chosen[0][1]}) move to " in msg
    assert msg.endswith("the fast engine's AI chose an illegal action: not the active player's card")


def test_checker_reports_an_action_only_the_reference_lists(seeds_vs_forest, monkeypatch):
    """With the legal-action sets compared, the fast engine's list short of one action (its last one
    dropped) is reported with the action only the reference lists."""
    real, dropped = D.legal_actions, []

    def fewer(C, S, g, buf):
        n = real(C, S, g, buf)
        if dropped:
            return n
        dropped.append(D.to_action(*buf[n - 1]))
        return n - 1

    monkeypatch.setattr(D, "legal_actions", fewer)
    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0, legal_sets=True)
    assert str(e.value).endswith(f"the legal actions differ: only the fast engine's [], only the reference's "
                                 f"{[str(dropped[0])]}")
    assert "at action 1: " in str(e.value)


def test_checker_reports_an_action_only_the_fast_engine_lists(seeds_vs_forest, monkeypatch):
    """With the legal-action sets compared, an illegal action added to the fast engine's list (a move
    of the opponent's card) is reported as listed by the fast engine only."""
    real, added = D.legal_actions, []

    def more(C, S, g, buf):
        n = real(C, S, g, buf)
        if added:
            return n
        enemy = _in_play(S, 1 - int(S[0, GAME0 + G_ACTIVE]))[0]
        buf[n] = (A_MOVE, enemy, 0)
        added.append(D.to_action(A_MOVE, enemy, 0))
        return n + 1

    monkeypatch.setattr(D, "legal_actions", more)
    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0, legal_sets=True)
    assert str(e.value).endswith(f"the legal actions differ: only the fast engine's {[str(added[0])]}, only "
                                 "the reference's []")


def test_checker_reports_the_fast_engine_s_error(seeds_vs_forest):
    """A fast engine that stopped with an error (here its dice exhausted, set after action 2) is
    reported at the next action, with the error's code."""
    def corrupt(S, step):
        if step == "action 2":
            S[0, GAME0 + G_ERROR] = ERR_DICE_EXHAUSTED

    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0, corrupt=corrupt)
    assert str(e.value).endswith(f"at action 3\n  the fast engine stopped with error {ERR_DICE_EXHAUSTED}")


def test_checker_reports_a_changed_count_of_delayed_abilities(seeds_vs_forest):
    """The fast engine counting a waiting delayed ability (a trap, a boost) that its table does not
    hold: the checker names the game field and both counts."""
    def corrupt(S, step):
        if step == "action 4":
            S[0, GAME0 + G_N_DELAYED] += 1

    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, 0, corrupt=corrupt)
    msg = str(e.value)
    assert "at action 4: " in msg and msg.endswith("first difference: game field delayed count: fast 1, reference 0")


def _first_game_with(m, seed, wanted, games=range(12)):
    """The first game index of matchup m and seed whose fast engine's log has an event passing
    wanted(event)."""
    for game in games:
        found = []

        def look(ev, step, found=found):
            found.extend(e for e in ev if wanted(e))
            return ev

        play_checked(m, seed, game, corrupt_log=look)
        if found:
            return game
    raise AssertionError("no game with the event")


def _defender_decision(e):
    from simcore.kernels.rules import log as L
    from simcore.kernels.rules.decisions import Decision

    return e[0] == L.EV_DECISION and e[1] == Decision.DEFENDER


def test_checker_reports_an_illegal_defender(seeds_vs_forest):
    """A defender the rules do not allow (the attacker itself, offered to the defending player and
    chosen in the fast engine's log): the reference, offering only the defenders it allows, refuses
    it, and the checker shows both lists of options."""
    from simcore.kernels.rules import log as L

    game = _first_game_with(seeds_vs_forest, 3, _defender_decision)
    done = []

    def corrupt(ev, step):
        out, attacker = [], -1
        for e in ev:
            if e[0] == L.EV_ATTACK:
                attacker = e[1]
            if _defender_decision(e) and not done:
                _, dec, decider, n, _, lo = e
                done.append((decider, attacker))
                out.append([L.EV_DECISION, dec, decider, n + 1, n, lo])    # the new last option, chosen
                continue
            if e[0] == L.EV_OFFER and done and len(done) == 1 and e[2] == -1:
                out.append([L.EV_OFFER, e[1], attacker, 0, 0, 0])           # before "no defender"
                done.append(step)
            out.append(e)
        return out

    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, game, corrupt_log=corrupt)
    decider, attacker = done[0]
    assert attacker >= 0 and attacker // MAX_DECK != decider
    msg = str(e.value)
    assert re.search(rf"the reference offers player {decider + 1} defender with options \[[\d, ]*-1\]; the fast "
                     rf"engine offered player {decider + 1} defender with options \[[\d, ]*{attacker}, -1\]$", msg), msg


def test_checker_reports_a_defender_choice_out_of_the_options(seeds_vs_forest):
    """A chosen option past the options offered (option n of n) is reported as the pilot's choice."""
    from simcore.kernels.rules import log as L

    game = _first_game_with(seeds_vs_forest, 3, _defender_decision)
    done = []

    def corrupt(ev, step):
        out = []
        for e in ev:
            if _defender_decision(e) and not done:
                e = [L.EV_DECISION, e[1], e[2], e[3], e[3], e[5]]
                done.append(e[3])
            out.append(e)
        return out

    with pytest.raises(Disagreement) as e:
        play_checked(seeds_vs_forest, 3, game, corrupt_log=corrupt)
    assert str(e.value).endswith(f"the fast engine's pilot chose option {done[0]} of {done[0]} at defender")


# ---- setup: each choice the reference checks at setup, made illegal in the fast engine's log ----------
def _setup_corrupted(m, change):
    """play_checked of game 0 of seed 3 whose setup events are replaced by change(events); the
    Disagreement's message."""
    def corrupt(ev, step):
        return change(ev) if step == "setup" else ev

    with pytest.raises(Disagreement) as e:
        play_checked(m, 3, 0, corrupt_log=corrupt)
    assert "\n  at setup\n" in str(e.value)
    return str(e.value)


def _player_of(e):
    from simcore.kernels.rules import log as L

    return e[1] if e[0] == L.EV_MULLIGAN else e[1] // MAX_DECK


def test_checker_reports_a_mulligan_over_the_limit(seeds_vs_forest):
    """Four more mulligans logged for the player who chooses first, past the ruleset's limit of 3:
    the reference refuses the one over the limit."""
    from simcore.kernels.rules import log as L

    players = []

    def more_mulligans(ev):
        i = next(i for i, e in enumerate(ev) if e[0] in (L.EV_MULLIGAN, L.EV_BUY))
        p = _player_of(ev[i])
        players.append(p)
        return ev[:i] + [[L.EV_MULLIGAN, p, k, 0, 0, 0] for k in range(4)] + ev[i:]

    assert seeds_vs_forest.params[SETTINGS["mulligan_max"]] == 3
    msg = _setup_corrupted(seeds_vs_forest, more_mulligans)
    assert msg.endswith(f"player {players[0] + 1} took a mulligan that is not allowed")


def test_checker_reports_a_card_bought_twice(seeds_vs_forest):
    """A purchase logged twice: the second is of a card no longer among the player's dealt cards."""
    from simcore.kernels.rules import log as L

    bought = []

    def twice(ev):
        i = next(i for i, e in enumerate(ev) if e[0] == L.EV_BUY)
        bought.append(ev[i][1])
        return ev[:i + 1] + [list(ev[i])] + ev[i + 1:]

    msg = _setup_corrupted(seeds_vs_forest, twice)
    slot = bought[0]
    assert msg.endswith(f"player {slot // MAX_DECK + 1} bought slot {slot}, which is illegal: not one of his "
                        "dealt cards")


def _first_placement(ev):
    from simcore.kernels.rules import log as L

    return next(i for i, e in enumerate(ev) if e[0] == L.EV_PLACE and e[2] >= 0)


def test_checker_reports_a_card_placed_in_the_opponent_s_rows(seeds_vs_forest):
    """A card placed on the far row of the opponent's half (docs/RULES.md 3: a player places in his
    own rows): the reference refuses the cell, naming the card and the cell."""
    placed = []

    def far(ev):
        i = _first_placement(ev)
        slot = ev[i][1]
        cell = 29 if slot // MAX_DECK == 0 else 0
        placed.append((slot, cell))
        return ev[:i] + [[ev[i][0], slot, cell, 0, 0, 0]] + ev[i + 1:]

    msg = _setup_corrupted(seeds_vs_forest, far)
    slot, cell = placed[0]
    assert re.search(rf"\n  \S.* \(slot {slot}\) placed on cell {cell}, which is not allowed$", msg), msg


def test_checker_reports_a_card_placed_twice(seeds_vs_forest):
    """A placement logged twice: the second is of a card already on the battlefield, not an unplaced
    card of the squad."""
    placed = []

    def twice(ev):
        i = _first_placement(ev)
        placed.append(ev[i][1])
        return ev[:i + 1] + [list(ev[i])] + ev[i + 1:]

    msg = _setup_corrupted(seeds_vs_forest, twice)
    slot = placed[0]
    assert msg.endswith(f"player {slot // MAX_DECK + 1} places slot {slot}, which is not an unplaced card of "
                        "his squad")


def test_checker_reports_a_missing_placement(seeds_vs_forest):
    """The placements of the player who places first left out of the log: the reference expects one
    of his and finds the other player's."""
    from simcore.kernels.rules import log as L

    players = []

    def without(ev):
        p = ev[_first_placement(ev)][1] // MAX_DECK
        players.append(p)
        return [e for e in ev if not (e[0] == L.EV_PLACE and e[2] >= 0 and e[1] // MAX_DECK == p)]

    msg = _setup_corrupted(seeds_vs_forest, without)
    p = players[0]
    found = re.search(rf"the reference expects a placement of player {p + 1}; the fast engine's next setup event "
                      rf"is \[{L.EV_PLACE}, (\d+), \d+, 0, 0, 0\]$", msg)
    assert found and int(found[1]) // MAX_DECK == 1 - p, msg          # the other player's placement


def test_the_checked_game_is_the_run_s_game(seeds_vs_forest):
    """play_checked plays exactly the game the batch kernel plays (same final state)."""
    from simcore.kernels.game import new_action_buffer, new_scratch, play_game
    from simcore.kernels.state import new_state, set_params

    r = play_checked(seeds_vs_forest, 5, 4)
    S = new_state(1)
    set_params(S, seeds_vs_forest.params)
    play_game(seeds_vs_forest.table.stats, S, 0, seeds_vs_forest.decks, seeds_vs_forest.sizes,
              np.uint64(5), 4, new_action_buffer(), new_scratch())
    assert np.array_equal(S[0, :GAME0], r.S[0, :GAME0])


def test_replay_shows_declarations_and_passes():
    """The log records every fast ability declared and every time both players pass (what the
    reference replays), and `berserk replay` tells them."""
    from simcore.matchup import make_matchup
    from simcore.replay import replay_game

    m = make_matchup(LISTS / "seeds_mixed.txt", LISTS / "seeds_mixed.txt")
    lines = [line for game in range(4) for line in replay_game(m, 1, game)[1]]     # seed cards: fast abilities
    assert any(" declares ability " in line for line in lines)
    assert any(line == "both players pass: the top of the stack resolves" for line in lines)
    assert any(line == "both players pass: the priority window closes" for line in lines)


def test_differential_cards_outside_the_bundled_decks(tmp_path):
    """The triggers no bundled deck uses ("when a creature dies", "when it defends") next to finish
    off, fast answers and the 503.3 recomputation: 120 games, both AIs, no disagreement."""
    from simcore.matchup import make_matchup

    deck = tmp_path / "watchers.txt"
    deck.write_text("# Watchers\n" + "".join(f"3 {n}\n" for n in (
        "Хозяин склепа", "Бьерн", "Единорог", "Грибыныч", "Ловчий", "Рафаэль", "Кочевник", "Хедд",
        "Арацент", "Харон")), encoding="utf-8")
    games = 0
    for ais in D.AI_SEATS:
        m = make_matchup(deck, LISTS / "seeds_mixed.txt", ais=ais)
        for i in range(30):
            play_checked(m, 8, i, seat_pairs=True, legal_sets=i % 3 == 0)
            games += 1
    assert games == 120


def test_differential_cards_coming_back_from_the_graveyard(tmp_path):
    """Знахарь племени's revive and the incarnations of Моровой всадник, Талион and Поганище against the
    poison deck: 120 games over the AIs' seatings, no disagreement; the cells they come back to are
    decisions of their owner (RULES.md section 7, "Coming back"), offered with the same options by both
    engines."""
    from collections import Counter

    from simcore.matchup import make_matchup

    deck = tmp_path / "comeback.txt"
    deck.write_text("# Coming back\n" + "".join(f"3 {n}\n" for n in (
        "Знахарь племени", "Моровой всадник", "Талион", "Поганище", "Кочевник", "Вампир", "Рафаэль",
        "Ловчий", "Тролль", "Воин Вайлов")), encoding="utf-8")
    decisions = Counter()
    for ais in D.AI_SEATS:
        m = make_matchup(deck, LISTS / "swamps_poison.txt", ais=ais)
        for i in range(30):
            decisions += play_checked(m, 10, i, seat_pairs=True, legal_sets=i % 3 == 0).decisions
    assert decisions["cell"] > 0 and decisions["token"] > 0, decisions


def test_differential_cure_poison_stun_amount_of_and_magic_strike(tmp_path):
    """Друид (heal + cure_poison), Борг (special_strike_stuns_closed), Кобольд (amount_of), Циклоп
    (magic_strike, strikes_only_opposite) and Мастер топора (a magic strike charged by counters) against
    the poison deck and the forest deck: 240 games over the AIs' seatings, no disagreement."""
    from simcore.matchup import make_matchup

    deck = tmp_path / "cure.txt"
    deck.write_text("# Cure\n" + "".join(f"3 {n}\n" for n in (
        "Друид", "Борг", "Кобольд", "Кочевник", "Циклоп", "Мастер топора", "Тролль", "Гаррид-лучник", "Хранитель гор",
        "Горный великан")), encoding="utf-8")
    games = 0
    for ais in D.AI_SEATS:
        for other in ("swamps_poison.txt", "forest.txt"):
            m = make_matchup(deck, LISTS / other, ais=ais)
            for i in range(30):
                play_checked(m, 9, i, seat_pairs=True, legal_sets=i % 3 == 0)
                games += 1
    assert games == 240


# ---- random legal decks from the whole card set (the words no bundled deck uses) ---------------------
RANDOM_GAMES = 600


@pytest.fixture(scope="module")
def random_matchups():
    return D.random_matchups(RANDOM_GAMES // 6, SEED)       # 100 matchups, 6 games each (3 seat-swapped pairs)


def test_differential_600_games_random_decks_whole_card_set(random_matchups):
    """600 seeded games (100 matchups of 200 random legal decks, 6 games each) drawn from the whole card set (the 24 set-1 cards with
    `while` blocks, auras, chosen-target triggers, close_or_wound, stun... included), the four seatings
    of the AIs, both rulesets: no disagreement after any action; every 10th game also compares the
    legal-action sets. Every card of the set was recruited in some game, and the decisions made inside
    the rules (a triggered ability's target, close_or_wound, a form, a push, wounds moved) were replayed
    with their options."""
    from decks import load_cardset

    s = D.run_games(random_matchups, RANDOM_GAMES, SEED, legal_sets_every=10)
    assert s.games == RANDOM_GAMES and s.actions > 10 * RANDOM_GAMES
    assert not s.disagreements, f"{len(s.disagreements)} disagreements; the first:\n" + "\n\n".join(
        s.disagreements[:3])
    names = {c.name for c in load_cardset().cards}
    assert set(s.bought) == names, f"never recruited: {sorted(names - set(s.bought))}"
    for kind in ("trigger_target", "close_or_wound", "form", "push", "wounds_moved"):
        assert s.decisions[kind] > 0, kind
    assert {m.ruleset for m in random_matchups} == {"classic", "modern"}
    assert {m.ais for m in random_matchups} == set(D.AI_SEATS)


def test_random_decks_are_legal(random_matchups):
    """docs/RULES.md section 1: 30-50 cards, at most 3 copies of a name; the same seed gives the same decks."""
    from decks.decklist import MAX_CARDS, MAX_COPIES, MIN_CARDS

    for m in random_matchups[:50]:
        for p in range(2):
            ids = [int(x) for x in m.decks[p, :m.sizes[p]]]
            assert MIN_CARDS <= len(ids) <= MAX_CARDS
            assert max(ids.count(i) for i in ids) <= MAX_COPIES
            assert (m.decks[p, m.sizes[p]:] == -1).all()
    again = D.random_matchups(3, SEED)
    assert all(np.array_equal(a.decks, b.decks) for a, b in zip(again, random_matchups))


def _game_with_event(matchups, code, wanted):
    """The first (matchup, game index) of the random decks whose log has an event `code` passing
    wanted(event)."""
    for i, m in enumerate(matchups):
        for game in range(2):
            found = []

            def look(ev, step, found=found):
                found.extend(e for e in ev if e[0] == code and wanted(e))
                return ev

            play_checked(m, SEED, game, seat_pairs=True, corrupt_log=look)
            if found:
                return m, game
    raise AssertionError("no game with the event")


def _first_decision(kind):
    return lambda e: e[1] == kind


def test_checker_reports_options_the_fast_engine_did_not_offer(random_matchups):
    """The options of a triggered ability's target are compared: one replaced in the fast engine's log
    by a card that is not in play, the reference's options differ."""
    from simcore.kernels.rules import log as L
    from simcore.kernels.rules.decisions import Decision

    m, game = _game_with_event(random_matchups, L.EV_DECISION, _first_decision(Decision.TRIGGER_TARGET))
    done = []

    def corrupt(ev, step):
        out = []
        for e in ev:
            if e[0] == L.EV_OFFER and e[1] == Decision.TRIGGER_TARGET and not done:
                e = [e[0], e[1], 99, 0, 0, 0]       # slot 99: player 2's last deck slot, never in play
                done.append(step)
            out.append(e)
        return out

    with pytest.raises(Disagreement, match=r"the fast engine offered player \d trigger_target with options \[.*99"):
        play_checked(m, SEED, game, seat_pairs=True, corrupt_log=corrupt)
    assert done


def test_checker_reports_a_decision_the_fast_engine_did_not_offer(random_matchups):
    """A defender the rules allow but the fast engine's log does not offer (its decision removed) is a
    disagreement: the reference offers it, and the fast engine's next decision is another."""
    from simcore.kernels.rules import log as L
    from simcore.kernels.rules.decisions import Decision

    m, game = _game_with_event(random_matchups, L.EV_DECISION, _first_decision(Decision.DEFENDER))
    done = []

    def corrupt(ev, step):
        out, skip = [], 0
        for e in ev:
            if skip:
                skip -= 1
                continue
            if e[0] == L.EV_DECISION and e[1] == Decision.DEFENDER and not done:
                skip = e[3]                 # its options follow
                done.append(step)
                continue
            out.append(e)
        return out

    with pytest.raises(Disagreement, match=r"the reference offers player \d (the decision )?defender"):
        play_checked(m, SEED, game, seat_pairs=True, corrupt_log=corrupt)
    assert done


def test_checker_reports_a_flipped_close_or_wound(random_matchups):
    """The owner's close_or_wound decision is replayed: its choice flipped in the log, the reference
    closes where the fast engine wounded (or the reverse), and the states differ."""
    from simcore.kernels.rules import log as L
    from simcore.kernels.rules.decisions import Decision

    m, game = _game_with_event(random_matchups, L.EV_DECISION, _first_decision(Decision.CLOSE_OR_WOUND))
    done = []

    def corrupt(ev, step):
        out = []
        for e in ev:
            if e[0] == L.EV_DECISION and e[1] == Decision.CLOSE_OR_WOUND and not done:
                e = [e[0], e[1], e[2], e[3], 1 - e[4], e[5]]
                done.append(step)
            out.append(e)
        return out

    with pytest.raises(Disagreement, match=r"first difference: card .*, field \w+"):
        play_checked(m, SEED, game, seat_pairs=True, corrupt_log=corrupt)
    assert done


def test_differential_games_of_every_pilot():
    """Every pilot's games replay in the reference engine without a disagreement: the search pilot's
    look-ahead plays on its own copy of the game row and never touches the game (60 games)."""
    from simcore.matchup import make_matchup
    from simcore.pilots import PILOTS

    names = list(PILOTS)
    games = 0
    for a, b in zip(names, names[1:] + names[:1]):
        m = make_matchup(LISTS / "seeds_mixed.txt", LISTS / "swamps_poison.txt", ais=(a, b))
        for i in range(15):
            play_checked(m, 21, i, seat_pairs=True, legal_sets=i % 5 == 0)
            games += 1
    assert games == 15 * len(names)


def test_seatings_put_each_pilot_in_both_seats_and_each_pair_both_ways_round():
    """The default seatings are greedy's and random's four, in the order the differential has always played;
    three pilots give their three mirrors and six crossings."""
    assert D.AI_SEATS == (("greedy", "greedy"), ("random", "random"), ("greedy", "random"), ("random", "greedy"))
    three = D.seatings(("search", "baseline", "greedy"))
    assert three[:3] == (("search", "search"), ("baseline", "baseline"), ("greedy", "greedy"))
    assert len(three) == 9 and len(set(three)) == 9


def _differential_script():
    import importlib.util

    path = ROOT / "benchmarks" / "differential.py"
    spec = importlib.util.spec_from_file_location("differential_script", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_differential_script_checks_the_games_of_the_pilots_it_is_given(capsys):
    """`python benchmarks/differential.py --ai search --ai baseline` replays search's and baseline's games,
    each in both seats and against each other, prints its summary with the fast engine's speed, exits 0;
    an unknown pilot is one line naming the option and exit 2."""
    script = _differential_script()
    rc = script.main(["--games", "6", "--ai", "search", "--ai", "baseline",
                      "--decks", str(LISTS / "steppe.txt"), str(LISTS / "swamps.txt")])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "games: 6 (12 matchups: 2 decks, 4 seatings of search, baseline, classic/modern)" in out
    assert "disagreements: 0" in out and "fast engine:" in out
    assert script.main(["--games", "1", "--ai", "serch"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: --ai: unknown AI 'serch'"), err
