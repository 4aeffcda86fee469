"""`berserk replay` as a player reads it: dice as rolled plus bonus and why a single die is rolled, the
cause of every wound, finish-off outcomes (scenarios with forced dice, told by simcore.narration); dealt
cards, a board at each turn, decks in the final line, turn numbers that are the Parquet `turns`, and a
run folder as the input (its decks, seats and seed from run.json; bad input is one line, exit 2)."""
import json
import shutil

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli
from scenario_util import SCENARIOS, card, extended_cardset

from simcore.kernels.state import CELL, MAX_DECK, Z_AUX, Z_FIELD, ZONE, cards_view
from simcore.narration import Narrator
from simcore.replay import card_labels, play_logged
from simcore.scenario import FastEngine, parse_scenario, play

A, B = LISTS / "seeds_mixed.txt", LISTS / "swamps_poison.txt"


class _Kept(FastEngine):
    last = None

    def __init__(self, sc):
        super().__init__(sc)
        _Kept.last = self


def told(path, cardset=None) -> list:
    """The replay's lines of a scenario file played with its forced dice (labels are the file's)."""
    sc = parse_scenario(path, cardset)
    play(sc, _Kept)
    engine = _Kept.last
    return Narrator(engine.S, 0, lambda s: sc.label_of.get(s, f"slot {s}"), ("deck 1", "deck 2"),
                    engine.C).lines()


def told_inline(tmp_path, head, cards) -> list:
    f = tmp_path / "scenario.toml"
    f.write_text(head + "".join(cards), encoding="utf-8")
    return told(f)


# ---- dice ----------------------------------------------------------------------------------------
def test_two_dice_are_shown_as_rolled_with_the_difference():
    """504_simple_strike: Кочевник (no bonus) rolls 5, Вайл 2: the line shows both dice, the difference
    and the result (+3: medium strike, no counter-strike)."""
    assert "roll: attacker 5, defender 2 (difference +3) -> medium strike, no counter-strike" in \
        told(SCENARIOS / "504_simple_strike.toml")


def test_a_bonus_is_shown_next_to_the_die_and_a_closed_target_is_named():
    """Тролль (OvA 1) rolls 5 at a closed Кочевник: '5+1 = 6', strong, and the reason the defender does
    not roll: the target is closed."""
    assert "roll: attacker 5+1 = 6 -> strong (only the attacker rolls: the target is closed)" in \
        told(SCENARIOS / "kw_attack_experience_single_roll.toml")
    lines = told(SCENARIOS / "504_closed_target_single_roll.toml")
    assert [x for x in lines if x.startswith("roll:")] == [
        f"roll: attacker {d} -> {s} (only the attacker rolls: the target is closed)"
        for d, s in ((3, "weak"), (4, "medium"), (5, "medium"), (6, "strong"))]


def test_a_ranged_attack_and_an_unanswered_strike_are_named(tmp_path_factory):
    assert "roll: attacker 4 -> medium (only the attacker rolls: a ranged attack)" in \
        told(SCENARIOS / "kw_shot_range.toml")
    assert "roll: attacker 4 -> medium (only the attacker rolls: an unanswered strike)" in \
        told(SCENARIOS / "kw_unanswered.toml", extended_cardset(tmp_path_factory))


# ---- causes ----------------------------------------------------------------------------------------
def test_every_wound_names_the_attack_poison_or_trap_behind_it():
    """Арацент's strikes wound and poison; the poison's ticks name poison and who gave it. Ловчий's trap
    wounds the next enemy that acts: the wound names the trap and the card that set it."""
    lines = told(SCENARIOS / "kw_poison_on_strike.toml")
    assert "b1 takes 2 wounds from a1's strike (life 7)" in lines or any(
        x.startswith("b1 takes 2 wounds from a1's strike") for x in lines), lines
    assert any(x.startswith("b2 takes 2 wounds from poison given by a2 (life") for x in lines), lines
    lines = told(SCENARIOS / "seed_lovchiy_trap_by_number.toml")
    assert "player 1 sets a delayed trap 3 (l)" in lines, lines
    assert "player 1's trap 3 set by l fires on b" in lines, lines
    assert any(x.startswith("b takes 3 wounds from player 1's trap 3 set by l (life") for x in lines), lines
    assert not any("from a rule" in x for x in lines)


def test_a_finish_off_that_destroys_nothing_says_so(tmp_path):
    """Килсус (OvA 1; on strike: finish off X, X = the cells it moved this turn) moves one cell and
    strikes Кочевник: 1+1 = 2 against 1, a weak strike (2 wounds, life 4 of 6), and finish off 1 cannot
    destroy it: the ability's line is followed by its outcome."""
    head = ('active_player = 1\ndice = [1, 1]\nactions = [\n  { do = "move", card = "k", to = "c3" },\n'
            '  { do = "attack", card = "k", target = "b" },\n]\n')
    lines = told_inline(tmp_path, head, [card("k", "Килсус", 1, "c2"), card("b", "Кочевник", 2, "c4")])
    i = next(i for i, x in enumerate(lines) if x.startswith("k uses ability 1 (finish_off) on b"))
    assert lines[i - 1].startswith("b takes 2 wounds from k's strike (life ")
    life = lines[i - 1].rsplit("(life ", 1)[1].rstrip(")")
    assert lines[i + 1] == (f"no effect: b (life {life}) is not finished off (it destroys only a creature "
                            "on the battlefield with at most the ability's X life)")


# ---- whole games -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def seeds_vs_poison():
    from simcore.matchup import make_matchup
    return make_matchup(A, B)


def test_the_deal_lists_the_dealt_cards_and_the_squad_is_bought_from_them(seeds_vs_poison):
    from simcore.replay import replay_game

    for game in range(4):
        _, lines = replay_game(seeds_vs_poison, 3, game)
        for p in (1, 2):
            deal = [x for x in lines if x.startswith(f"player {p} is dealt")][-1]
            dealt = deal.split(": ", 1)[1].split(", ")
            assert len(dealt) == 15 and all(x.startswith(f"P{p} ") for x in dealt)
            bought = [x.split(" buys ", 1)[1] for x in lines if x.startswith(f"player {p} buys ")]
            assert bought and set(bought) <= set(dealt)


def test_no_wound_or_death_is_left_without_its_cause(seeds_vs_poison):
    """Over whole games of the seed cards (trap, wound, finish off) against poison: no wound or death
    says only 'a rule'."""
    from simcore.replay import replay_game

    lines = [x for g in range(12) for x in replay_game(seeds_vs_poison, 3, g)[1]]
    assert any(" wound" in x for x in lines) and any(" dies " in x for x in lines)
    assert not [x for x in lines if "from a rule" in x]


def test_the_game_over_line_is_the_last_and_names_the_deck(seeds_vs_poison):
    """Game 113 of seed 3 ends with a Грибыныч's death: its neighbours regain their abilities after the end
    is logged; the replay still ends with the game-over line, naming the winning deck."""
    from simcore.replay import replay_game

    _, lines = replay_game(seeds_vs_poison, 3, 113)
    assert lines[-1] == "game over: Болотный яд (swamps, poison), player 2, wins by wipe"
    assert lines[-2] == "P2 Хедд#1 has its abilities again"
    assert lines[-3].startswith("P1 Грибыныч#3 dies")
    assert sum(x.startswith("game over") for x in lines) == 1


def test_the_board_follows_the_game_and_ends_as_the_state_ends(seeds_vs_poison):
    """The board rebuilt from the log (placements, moves, deaths, ...) is, at the end of each game,
    the state's own battlefield and auxiliary zones; --board prints it after every turn header."""
    from simcore.replay import replay_game

    for game in range(10):
        S = play_logged(seeds_vs_poison, 3, game)
        labels = card_labels(seeds_vs_poison)
        n = Narrator(S, 0, labels.get, seeds_vs_poison.deck_names, seeds_vs_poison.table.stats)
        n.lines()
        cv = cards_view(S)[0]
        state = {s: (int(cv[s, CELL]) if cv[s, ZONE] == Z_FIELD else -1) for s in range(2 * MAX_DECK)
                 if cv[s, ZONE] in (Z_FIELD, Z_AUX)}
        assert n.board_now() == state, game
    _, lines = replay_game(seeds_vs_poison, 3, 0, board=True)
    turn = next(i for i, x in enumerate(lines) if x.startswith("--- turn 1:"))
    assert lines[turn + 1].split() == list("abcde")
    assert [x.split()[0] for x in lines[turn + 2:turn + 8]] == ["6", "5", "4", "3", "2", "1"]


# ---- the command -----------------------------------------------------------------------------------
def _one_line_error(r):
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0, r.stderr
    return r.stderr


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "ab"
    r = run_cli("simulate", A, B, "--games", 40, "--seed", 3, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    return out


def test_a_run_folder_replays_its_own_game_with_turns_as_the_table_counts(run_dir):
    """`replay RUN_DIR --game I` is the game the deck files and the run's seed give; its last turn
    header is the Parquet `turns` of that game and the final line names the winning deck."""
    games = pl.read_parquet(run_dir / "games" / "*.parquet").sort("game")
    for i in (0, 5, 17):
        by_run = run_cli("replay", run_dir, "--game", i)
        by_decks = run_cli("replay", A, B, "--seed", 3, "--game", i)
        assert by_run.returncode == 0, by_run.stderr
        assert by_run.stdout.splitlines()[1:] == by_decks.stdout.splitlines()[1:]
        lines = by_run.stdout.splitlines()
        turns = [int(x.split()[2].rstrip(":")) for x in lines if x.startswith("--- turn ")]
        assert turns[-1] == games["turns"][i]
        winner = games["winner"][i]
        name = json.loads((run_dir / "run.json").read_text())["config"]["decks"][winner]["name"] \
            if winner < 2 else None
        assert lines[-1].startswith("game over: ")
        assert (f"{name}, player {winner + 1}, wins" in lines[-1]) if name else "a draw" in lines[-1]


def test_a_meta_folder_names_its_matchup_folders_and_a_matchup_folder_replays_its_seat_pairs(tmp_path):
    """A meta's folder holds one run per matchup: replaying it names the matchup folder to pass; a
    matchup folder replays its seat-swapped game (what the deck files give only with --seat-pairs)."""
    out = tmp_path / "meta"
    r = run_cli("meta", A, B, "--games", 4, "--seed", 2, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    err = _one_line_error(run_cli("replay", out, "--game", 1))
    assert "matchups" in err and "00-01" in err
    folder = out / "matchups" / "00-01"
    by_run = run_cli("replay", folder, "--game", 1).stdout.splitlines()[1:]
    assert by_run == run_cli("replay", A, B, "--seed", 2, "--game", 1, "--seat-pairs").stdout.splitlines()[1:]
    assert by_run != run_cli("replay", A, B, "--seed", 2, "--game", 1).stdout.splitlines()[1:]


def test_bad_run_folders_and_games_give_one_line_and_exit_2(run_dir, tmp_path):
    assert "no such folder" in _one_line_error(run_cli("replay", tmp_path / "nowhere", "--game", 0))
    assert "not a run folder" in _one_line_error(run_cli("replay", tmp_path, "--game", 0))
    err = _one_line_error(run_cli("replay", run_dir, "--game", 40))
    assert "game 40 is not one of its games (0 to 39)" in err
    err = _one_line_error(run_cli("replay", run_dir, "--game", 1, "--seed", 5))
    assert "--seed cannot go with a run folder" in err
    err = _one_line_error(run_cli("replay", run_dir, "--game", 1, "--ruleset", "modern", "--set", "Орк.life=9"))
    assert "--ruleset, --set cannot go with a run folder" in err
    assert "a file, not a run folder" in _one_line_error(run_cli("replay", A, "--game", 1))
    _one_line_error(run_cli("replay", A, B, run_dir))


def test_a_run_whose_deck_file_changed_is_refused(tmp_path):
    deck = tmp_path / "mine.txt"
    shutil.copy(A, deck)
    out = tmp_path / "run"
    assert run_cli("simulate", deck, B, "--games", 2, "--out", out, "--no-progress").returncode == 0
    deck.write_text(deck.read_text(encoding="utf-8") + "\n1 Кочевник\n", encoding="utf-8")
    assert "changed since the run" in _one_line_error(run_cli("replay", out, "--game", 0))


def test_roll_payload_round_trips():
    """The dice packed into EV_ROLL's last field come back as they went in."""
    from simcore.kernels.rules.log import WHY_BOTH, WHY_RANGED, roll_payload
    from simcore.narration import roll_parts

    for st, c, why, da, dd in ((3, 0, WHY_RANGED, 6, -1), (1, 2, WHY_BOTH, 1, 6), (0, 1, WHY_BOTH, 0, 7)):
        assert roll_parts(int(roll_payload.py_func(st, c, why, da, dd))) == (st, c, why, da, dd)
    assert np.int64(roll_payload.py_func(3, 3, 7, 31, 31)) < 2 ** 31


def test_board_option_prints_the_board_after_each_turn_header(run_dir):
    r = run_cli("replay", run_dir, "--game", 2, "--board")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    heads = [i for i, x in enumerate(lines) if x.startswith("--- turn ")]
    assert heads and all(lines[i + 1].split() == list("abcde") for i in heads)
    assert all(lines[i + 7].lstrip().startswith("1 ") for i in heads)
