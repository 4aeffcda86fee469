"""The pilots' registry (simcore.pilots): every pilot is a name of `--ai`, reaches the kernels as its
policy id, and every manifest and report names the pilots of its run with their versions and
tunables, so that results of different pilots are never taken for one another's."""
import json

import numpy as np
import pytest
from conftest import LISTS, run_cli

from decks.errors import InputError
from simcore.kernels.state import PR_POLICY0
from simcore.matchup import make_matchup
from simcore.pilots import PILOTS, describe, pilots_config

A, B = LISTS / "steppe.txt", LISTS / "swamps.txt"


def test_every_pilot_has_its_own_policy_id_and_reaches_the_game_row():
    assert len({p.policy for p in PILOTS.values()}) == len(PILOTS)
    assert {"random", "baseline", "greedy"} <= set(PILOTS)
    for name, pilot in PILOTS.items():
        m = make_matchup(A, B, ais=(name, "random"))
        assert m.params[PR_POLICY0] == pilot.policy and m.params[PR_POLICY0 + 1] == PILOTS["random"].policy


def test_an_unknown_pilot_is_one_input_error_naming_the_pilots():
    with pytest.raises(InputError, match="unknown AI 'greedier'") as e:
        make_matchup(A, B, ais=("greedier", "greedy"))
    assert "baseline" in str(e.value) and "random" in str(e.value)
    r = run_cli("simulate", A, B, "--ai", "greedier", "--games", 10, "--out", "x")
    assert r.returncode == 2 and "greedier" in r.stderr and "Traceback" not in r.stderr


def test_the_config_names_each_seats_pilot_with_its_version_and_tunables():
    cfg = pilots_config(("baseline", "greedy"))
    assert cfg["a"] == "baseline" and cfg["b"] == "greedy"
    assert set(cfg["pilots"]) == {"baseline", "greedy"}
    assert cfg["pilots"]["baseline"]["version"] == "8"          # frozen: the greedy of AI_VERSION 8
    assert "stall_turns" in cfg["pilots"]["greedy"]["parameters"]
    assert describe(cfg) == f"baseline (AI 8) vs greedy (AI {PILOTS['greedy'].version})"
    assert set(pilots_config(("random", "random"))["pilots"]) == {"random"}


def test_a_runs_manifest_and_report_name_its_pilots_and_another_pilot_is_another_run(tmp_path):
    out = tmp_path / "run"
    r = run_cli("simulate", A, B, "--ai-a", "baseline", "--ai-b", "greedy", "--games", 40, "--out", out,
                "--no-progress")
    assert r.returncode == 0, r.stderr
    ai = json.loads((out / "run.json").read_text())["config"]["ai"]
    assert ai["a"] == "baseline" and ai["b"] == "greedy" and set(ai["pilots"]) == {"baseline", "greedy"}
    assert run_cli("report", out).returncode == 0
    assert f"baseline (AI 8) vs greedy (AI {PILOTS['greedy'].version})" in (out / "index.html").read_text(encoding="utf-8")
    r = run_cli("simulate", A, B, "--ai", "baseline", "--games", 40, "--out", out, "--no-progress")
    assert r.returncode == 2 and "different run" in r.stderr


# ---- pilot specs and budgets (--ai-param) ----------------------------------------------------------


def test_a_budget_is_part_of_the_pilots_spec_and_reaches_its_seat():
    from simcore.kernels.state import PR_FOCUS0, PR_OPEN_WEIGHT0, PR_SEARCH_CANDIDATES0, PR_SEARCH_SAMPLES0
    from simcore.pilots import check_pilot, parse_pilot, with_ai_params

    assert with_ai_params("search", ["search.samples=4"]) == "search[samples=4]"
    assert with_ai_params("search", ["search.samples=2"]) == "search"        # the default: the plain name
    assert with_ai_params("greedy", ["search.samples=4"]) == "greedy"        # another pilot's budget
    assert check_pilot("search[samples=4,candidates=5]") == "search[candidates=5,samples=4]"
    assert check_pilot("search[candidates=3]") == "search"                  # its default: the plain name
    assert parse_pilot("search[samples=4]")[1]["samples"] == 4
    m = make_matchup(A, B, ais=("search[samples=4,candidates=5]", "greedy[open_weight=50]"))
    assert m.params[PR_POLICY0] == PILOTS["search"].policy
    assert (m.params[PR_SEARCH_CANDIDATES0], m.params[PR_SEARCH_SAMPLES0]) == (5, 4)
    assert (m.params[PR_OPEN_WEIGHT0], m.params[PR_OPEN_WEIGHT0 + 1]) == (0, 50)
    base = make_matchup(A, B, ais=("baseline", "greedy")).params
    assert (base[PR_FOCUS0], base[PR_FOCUS0 + 1], base[PR_OPEN_WEIGHT0]) == (0, 100, 0)    # baseline's own
    for bad, message in (("search[depth=3]", "no tunable 'depth'"), ("search[samples=99]", "not from 1 to 16"),
                         ("baseline[open_weight=5]", "no tunable"), ("search[", "unknown AI")):
        with pytest.raises(InputError, match=message):
            check_pilot(bad)


def test_ai_param_on_the_command_line_names_the_budget_in_the_manifest(tmp_path):
    out = tmp_path / "run"
    r = run_cli("simulate", A, B, "--ai-a", "search", "--ai-b", "greedy", "--ai-param", "search.samples=4",
                "--ai-param", "search.candidates=2", "--games", 8, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    ai = json.loads((out / "run.json").read_text())["config"]["ai"]
    assert ai["a"] == "search[candidates=2,samples=4]" and ai["b"] == "greedy"
    params = ai["pilots"]["search[candidates=2,samples=4]"]["parameters"]
    assert params["candidates"] == 2 and params["samples"] == 4 and params["focus"] == 100
    for bad in (["--ai-param", "search.depth=2"], ["--ai-param", "samples=2"], ["--ai-param", "clever.x=1"]):
        r = run_cli("simulate", A, B, "--ai", "search", *bad, "--games", 8, "--out", tmp_path / "x", "--no-progress")
        assert r.returncode == 2 and "--ai-param" in r.stderr and "Traceback" not in r.stderr, r.stderr


# ---- how the pilots play -----------------------------------------------------------------------------


def _games(ais, n=200, seed=3, threads=None):
    import numba
    import numpy as np

    from simcore.kernels.batch import game_rows, play_batch
    from simcore.kernels.state import new_state, set_params

    m = make_matchup(A, LISTS / "swamps_poison.txt", ais=ais)
    S = new_state(n)
    set_params(S, m.params)
    if threads:
        numba.set_num_threads(threads)
    try:
        play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), 0, n)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return game_rows(S, m.table.stats, 0, n)


def _same(a, b):
    import numpy as np
    return all(np.array_equal(a[k], b[k]) for k in a)


def test_each_of_greedys_tunables_reaches_its_games_and_greedy_is_not_baseline():
    """greedy plays other games than baseline (it places, buys, orders and aims otherwise), and each of
    its tunables changes its games: without focus, or with an open weight, they differ from its
    defaults'."""
    greedy = _games(("greedy", "greedy"))
    assert not _same(greedy, _games(("baseline", "baseline")))
    assert not _same(_games(("greedy[focus=0]", "greedy[focus=0]")), greedy)
    assert not _same(_games(("greedy[open_weight=100]", "greedy")), greedy)


def test_search_with_one_candidate_and_one_squad_plays_its_greedys_games():
    """With one candidate action (one creature, no alternatives), one squad and greedy's defenders the
    search pilot never looks ahead: it buys the squad greedy buys and plays exactly greedy's games; each
    look changes them."""
    greedy = _games(("greedy", "greedy"))
    assert _same(_games(("search[alternatives=0,candidates=1,defend=0,squads=1]", "greedy")), greedy)
    assert not _same(_games(("search[squads=1]", "greedy")), greedy)
    assert not _same(_games(("search[alternatives=0,candidates=1,defend=0]", "greedy")), greedy)
    # its first creature's targets, and its defenders
    assert not _same(_games(("search[candidates=1,defend=0,squads=1]", "greedy")), greedy)
    assert not _same(_games(("search[alternatives=0,candidates=1,squads=1]", "greedy")), greedy)


def test_search_rechecks_close_candidates_on_more_samples_and_deeper():
    """recheck plays the two best candidates out on more samples when they lie within recheck_within,
    with deepen through the opponent's reply: each of the three changes the games."""
    default = _games(("search[squads=1]", "greedy"))
    assert not _same(_games(("search[recheck=0,squads=1]", "greedy")), default)
    assert not _same(_games(("search[recheck_within=1000,squads=1]", "greedy")), default)
    assert not _same(_games(("search[deepen=1,squads=1]", "greedy")), default)


def test_search_s_placements_change_its_games():
    """The placements search weighs for its squad (ai.squad_search.best_placement) reach its games."""
    look = "search[alternatives=0,candidates=1,defend=0"
    assert not _same(_games((look + "]", "greedy")), _games((look + ",placements=0]", "greedy")))


def test_search_games_are_the_same_on_one_and_two_threads():
    one = _games(("search", "greedy"), n=60, threads=1)
    two = _games(("search", "greedy"), n=60, threads=2)
    assert _same(one, two)
    assert _same(_games(("greedy", "search"), n=60, threads=1), _games(("greedy", "search"), n=60, threads=2))


# ---- results that say how much they depend on the pilot ----------------------------------------------


def test_a_meta_under_two_pilots_reports_how_much_its_verdicts_depend_on_the_pilot(tmp_path):
    import polars as pl

    from analysis.pilots import pilot_tables

    out = tmp_path / "meta"
    decks = [LISTS / "steppe.txt", LISTS / "swamps.txt", LISTS / "forest.txt"]
    r = run_cli("meta", *decks, "--ai", "baseline", "--ai", "random", "--games", 60, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    manifest = json.loads((out / "meta.json").read_text())
    assert manifest["config"]["ai"]["a"] == "baseline"
    assert [c["pilot"] for c in manifest["compared_pilots"]] == ["random"]
    other = json.loads((out / "pilots" / "random" / "meta.json").read_text())
    assert other["config"]["ai"]["a"] == "random" and other["config"]["seed"] == manifest["config"]["seed"]
    assert "random against baseline: Kendall tau" in r.stdout
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="pilots"' in html and "Agreement between pilots" in html and "Score (random)" in html
    t = pilot_tables({"baseline": out, "random": out / "pilots" / "random"})
    m = t["pilot_matchups"]
    assert m.height == 3                                    # the three pairs, mirrors left out
    # the paired difference is the difference of the two scores, on the same seed pairs
    for row in m.iter_rows(named=True):
        assert abs(row["diff:random"] - (row["score:random"] - row["score:baseline"])) < 1e-9
        assert row["diff:random_lo"] <= row["diff:random"] <= row["diff:random_hi"]
    changed = m.filter(pl.col("verdict:random") != pl.col("verdict:baseline")).height
    assert t["pilot_verdicts"].height == changed
    # a meta set against itself agrees in everything
    same = pilot_tables({"baseline": out, "again": out})
    a = same["pilot_agreement"].row(0, named=True)
    assert a["kendall_tau"] == 1.0 and a["verdicts_kept"] == 1.0 and a["mean_abs_difference"] == 0.0
    # the same command again plays nothing: every game of both pilots is on disk
    r = run_cli("meta", *decks, "--ai", "baseline", "--ai", "random", "--games", 60, "--out", out, "--no-progress")
    assert r.returncode == 0 and "all found on disk" in r.stdout, r.stdout + r.stderr
    # the run finished when its last pilot did (they play one after another): the report says so
    other_path = out / "pilots" / "random" / "meta.json"
    other_path.write_text(json.dumps({**other, "finished": "2099-01-01T00:00:00+00:00"}), encoding="utf-8")
    assert run_cli("report", out).returncode == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<dt>Finished</dt><dd><span class="timestamp">2099-01-01T00:00:00+00:00</span>' in html


def test_verdicts_and_several_pilots_with_seat_pilots_are_refused():
    from analysis.pilots import verdict

    assert (verdict(0.52, 0.60), verdict(0.40, 0.49), verdict(0.45, 0.55)) == ("above", "below", "even")
    r = run_cli("meta", LISTS / "steppe.txt", LISTS / "swamps.txt", "--ai", "greedy", "--ai", "search",
                "--ai-a", "random", "--games", 2, "--out", "x", "--no-progress")
    assert r.returncode == 2 and "--ai-a/--ai-b cannot go with several --ai" in r.stderr


def test_greedy_finishes_what_it_has_wounded_where_baseline_spreads_its_wounds():
    """Focus (greedy's `focus`, ai.evaluate.aimed_value): of two like enemies next to it, greedy strikes
    the one it has already wounded, whose death is nearer; baseline values a wound by the full life, finds
    both alike and strikes the first it looks at."""
    from scenario_util import position

    from simcore.kernels.ai.policies import best_for
    from simcore.kernels.rules.turn import A_STRIKE
    from simcore.kernels.state import NCF, PARAM0, PR_FOCUS0, WOUNDS

    C, S, (hedd, fresh, wounded) = position([("Хедд", 0, 12), ("Кочевник", 1, 16), ("Кочевник", 1, 18)])
    S[0, wounded * NCF + WOUNDS] = 4
    assert S[0, PARAM0 + PR_FOCUS0] == 100                 # greedy's default
    _, kind, target = best_for(C, S, 0, hedd, False)
    assert (kind, target) == (A_STRIKE, wounded)
    S[0, PARAM0 + PR_FOCUS0] = 0                           # baseline's
    _, kind, target = best_for(C, S, 0, hedd, False)
    assert (kind, target) == (A_STRIKE, fresh)


def test_greedy_does_not_strike_where_an_open_defender_would_take_the_strike_and_win_the_exchange():
    """504 defenders, as the attacker foresees them (policies.defended_strike_ev): Кочевник can strike a
    closed Кочевник, which cannot strike back; but an open Хобгоблин (cost 8, life 18) next to both would
    defend it and win the exchange. Greedy foresees the defender and holds its strike; baseline strikes the closed card."""
    from scenario_util import position

    from simcore.kernels.ai.policies import best_for
    from simcore.kernels.ai.values import BASELINE, GREEDY
    from simcore.kernels.rules.turn import A_STRIKE
    from simcore.kernels.state import CLOSED, NCF, PARAM0, PR_FOCUS0, PR_POLICY0

    C, S, (nomad, target, hobgoblin) = position([("Кочевник", 0, 12), ("Кочевник", 1, 17), ("Хобгоблин", 1, 13)])
    S[0, target * NCF + CLOSED] = 1
    score, kind, _ = best_for(C, S, 0, nomad, False)
    assert score <= 0.0 and kind != A_STRIKE                 # greedy: nothing worth striking
    S[0, PARAM0 + PR_POLICY0], S[0, PARAM0 + PR_FOCUS0] = BASELINE, 0
    _, kind, struck = best_for(C, S, 0, nomad, False)
    assert (kind, struck) == (A_STRIKE, target)
    S[0, PARAM0 + PR_POLICY0], S[0, PARAM0 + PR_FOCUS0] = GREEDY, 100
    S[0, hobgoblin * NCF + CLOSED] = 1                       # a closed Хобгоблин defends nothing: greedy strikes
    score, kind, _ = best_for(C, S, 0, nomad, False)
    assert score > 0.0 and kind == A_STRIKE


def test_greedy_strikes_an_armored_creature_when_another_of_its_creatures_can_strike_it_after():
    """Armor (section 5: it absorbs up to X wounds of the turn): Хедд's strike (2, 2, 3) at a Минотавр of
    armor 2 wounds it little and takes its counter-strike: alone, greedy does not strike. With a second
    Хедд open next to the Минотавр, the first strike uses up the armor for the second (policies.follow_up)
    and greedy strikes; once that Хедд has acted it does not. Baseline never looks past the armor."""
    from scenario_util import position

    from simcore.kernels.ai.policies import best_for
    from simcore.kernels.ai.values import BASELINE, GREEDY
    from simcore.kernels.rules.turn import A_STRIKE
    from simcore.kernels.state import ACTED, ARMOR_LEFT, NCF, PARAM0, PR_FOCUS0, PR_POLICY0

    C, S, (hedd, minotaur) = position([("Хедд", 0, 12), ("Минотавр", 1, 17)])
    S[0, minotaur * NCF + ARMOR_LEFT] = 2
    score, kind, _ = best_for(C, S, 0, hedd, False)
    assert score <= 0.0 and kind != A_STRIKE
    C, S, (hedd, minotaur, second) = position([("Хедд", 0, 12), ("Минотавр", 1, 17), ("Хедд", 0, 11)])
    S[0, minotaur * NCF + ARMOR_LEFT] = 2
    score, kind, target = best_for(C, S, 0, hedd, False)
    assert score > 0.0 and (kind, target) == (A_STRIKE, minotaur)
    assert S[0, minotaur * NCF + ARMOR_LEFT] == 2              # the look ahead left the armor as it was
    S[0, PARAM0 + PR_POLICY0], S[0, PARAM0 + PR_FOCUS0] = BASELINE, 0
    assert best_for(C, S, 0, hedd, False)[1] != A_STRIKE
    S[0, PARAM0 + PR_POLICY0], S[0, PARAM0 + PR_FOCUS0] = GREEDY, 100
    S[0, second * NCF + ACTED] = 1
    assert best_for(C, S, 0, hedd, False)[1] != A_STRIKE



def test_greedy_keeps_lokken_open_to_defend_its_neighbours_unless_its_strike_pays_more():
    """504 defenders and defender_no_tap: Лёккен does not close to defend and may defend any number of
    times. Next to a Кочевник of its own that has acted, with an open Минотавр next to both, its strike at
    the Минотавр is worth less than 0.3 of what it is worth open in the Минотавр's turn (taking over its
    strike at the Кочевник, policies.guard_value, and striking back, open_value): greedy keeps it open and
    ends its turn. With `guard` 0, or under baseline, it strikes; at a Минотавр two wounds from death it
    strikes. Against a directed strike (Хобгоблин's) it guards nothing."""
    from scenario_util import position

    from simcore.kernels.ai.policies import best_for, greedy_action, guard_value, holds_open
    from simcore.kernels.ai.values import BASELINE
    from simcore.kernels.cardtable import LIFE
    from simcore.kernels.rules.turn import A_END, A_STRIKE
    from simcore.kernels.state import CLOSED, EFF, NCF, PARAM0, PR_FOCUS0, PR_GUARD0, PR_POLICY0, WOUNDS

    def lokken_next_to(enemy="Минотавр", wounds=0, guard=30, policy=None):
        C, S, (lokken, nomad, foe) = position([("Лёккен", 0, 12), ("Кочевник", 0, 11), (enemy, 1, 17)])
        S[0, nomad * NCF + CLOSED] = 1
        S[0, PARAM0 + PR_GUARD0] = guard
        S[0, foe * NCF + WOUNDS] = wounds
        if policy is not None:
            S[0, PARAM0 + PR_POLICY0], S[0, PARAM0 + PR_FOCUS0] = policy, 0
        return C, S, lokken, foe

    C, S, lokken, minotaur = lokken_next_to()
    score, kind, target = best_for(C, S, 0, lokken, False)
    assert (kind, target) == (A_STRIKE, minotaur) and score > 0.0
    assert guard_value(C, S, 0, lokken) > 0.0 and holds_open(C, S, 0, lokken, score, kind)
    assert greedy_action(C, S, 0)[0] == A_END
    assert greedy_action(*lokken_next_to(guard=0)[:2], 0) == (A_STRIKE, lokken, minotaur)
    assert greedy_action(*lokken_next_to(policy=BASELINE)[:2], 0) == (A_STRIKE, lokken, minotaur)
    life = C[S[0, minotaur * NCF + EFF], LIFE]
    assert greedy_action(*lokken_next_to(wounds=life - 2)[:2], 0) == (A_STRIKE, lokken, minotaur)
    C, S, lokken, hobgoblin = lokken_next_to("Хобгоблин")
    assert guard_value(C, S, 0, lokken) == 0.0


def test_greedy_places_lokken_first_in_the_front_centre_with_its_dearest_melee_beside_it():
    """Placement by role (greedy, search): Лёккен, who defends its neighbours without closing, is placed
    first and takes the front row's centre (c3 for player 1), the dearer melee creatures the front cells
    beside it, the cheapest what is left; baseline places in the list's order, its first card (here the
    cheapest) in the centre."""
    from simcore.kernels.ai.squad import place_squad
    from simcore.kernels.ai.values import BASELINE
    from simcore.kernels.rules.board import adjacent_cells
    from simcore.kernels.rules.setup import init_game
    from simcore.kernels.state import (
        CELL,
        MAX_DECK,
        NCF,
        PARAM0,
        PR_POLICY0,
        Z_SQUAD,
        ZONE,
        new_state,
        set_params,
    )
    from simcore.matchup import make_matchup

    names = ["Кочевник", "Хобгоблин", "Етун", "Лёккен"]
    m = make_matchup(LISTS / "forest.txt", LISTS / "steppe.txt")
    ids = {n: i for i, n in enumerate(m.table.names)}

    def placed(policy=None):
        decks = np.full((2, MAX_DECK), -1, np.int64)
        decks[:, :4] = [ids[n] for n in names]
        S = new_state(1)
        set_params(S, m.params)
        if policy is not None:
            S[0, PARAM0 + PR_POLICY0] = policy
        init_game(m.table.stats, S, 0, decks, np.array([4, 4]), np.uint64(0), 0)
        for s in range(4):
            S[0, s * NCF + ZONE] = Z_SQUAD
        place_squad(m.table.stats, S, 0, 0)
        return {n: int(S[0, s * NCF + CELL]) for s, n in enumerate(names)}

    front_centre = 2 * 5 + 2
    cells = placed()
    assert cells["Лёккен"] == front_centre
    assert all(cells[n] // 5 == 2 and adjacent_cells(cells[n], front_centre) for n in ("Хобгоблин", "Етун"))
    assert placed(BASELINE)["Кочевник"] == front_centre


# ---- sweep, swap test and balance under several pilots ------------------------------------------------


def _answers(folder):
    import polars as pl
    return pl.read_csv(folder / "tables" / "pilot_answers.csv")


def test_a_sweep_under_two_pilots_says_whether_its_exchange_rate_holds_under_each(tmp_path):
    """`berserk sweep --ai greedy --ai baseline`: the sweep under baseline is the very sweep `--ai baseline`
    plays alone (same seeds), and the answers table puts each step's exchange rate under each pilot side
    by side, with whether its direction holds."""
    import polars as pl

    sweep = ("sweep", "--card", "Кочевник", "--stat", "life", "--from", "-1", "--to", "1", "--deck", LISTS / "steppe.txt",
             "--vs", LISTS / "swamps.txt", "--vs", LISTS / "forest.txt", "--games", 40, "--no-progress")
    out, alone = tmp_path / "both", tmp_path / "alone"
    r = run_cli(*sweep, "--ai", "greedy", "--ai", "baseline", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "under each pilot (holds: the same answer as under greedy)" in r.stdout
    assert [c["pilot"] for c in json.loads((out / "sweep.json").read_text())["compared_pilots"]] == ["baseline"]
    assert run_cli(*sweep, "--ai", "baseline", "--out", alone).returncode == 0
    answers = _answers(out)
    assert answers.height == 2 * 3 and set(answers["pilot"]) == {"greedy", "baseline"}    # 2 steps + slope
    base = answers.filter(pl.col("pilot") == "baseline").sort("step")
    ex = pl.read_csv(alone / "tables" / "exchange_rate.csv").filter(pl.col("opponent") == "field").sort("step")
    assert base["change"].to_list() == ex["change"].to_list()
    ref = answers.filter(pl.col("pilot") == "greedy")
    assert ref["holds"].all()                              # the first pilot is the reference
    for step, direction, holds in base.select("step", "direction", "holds").rows():
        assert holds == (direction == ref.filter(pl.col("step") == step)["direction"][0])
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Whether the answer holds under each pilot" in html and "also under baseline (AI 8)" in html


def test_a_swap_test_under_two_pilots_gives_each_pilots_impact(tmp_path):
    import polars as pl

    test = ("impact", LISTS / "steppe.txt", "--card", "Арацент", "--vs", LISTS / "swamps.txt", "--games", 40,
            "--no-progress")
    out, alone = tmp_path / "both", tmp_path / "alone"
    r = run_cli(*test, "--ai", "greedy", "--ai", "baseline", "--out", out)
    assert r.returncode == 0, r.stderr
    assert run_cli(*test, "--ai", "baseline", "--out", alone).returncode == 0
    answers = _answers(out)
    assert answers["pilot"].to_list() == ["greedy", "baseline"]
    assert answers["impact"][1] == pl.read_csv(alone / "tables" / "swaps.csv")["impact"][0]
    assert answers["impact"][0] == pl.read_csv(out / "tables" / "swaps.csv")["impact"][0]
    assert "baseline  Арацент → Арацент (vanilla): impact" in r.stdout


def test_a_balance_under_two_pilots_confirms_its_edits_under_the_other(tmp_path):
    """The edits are searched under the first pilot only; the other pilot plays the same confirmation
    (unedited and edited meta, same seeds) with those edits."""
    import polars as pl

    decks = [a for d in ("steppe", "swamps", "forest") for a in ("--decks", LISTS / f"{d}.txt")]
    out = tmp_path / "balance"
    r = run_cli("balance", "--target", "0.4:0.6", *decks, "--games", 20, "--confirm-games", 40, "--max-edits", 1,
                "--ai", "greedy", "--ai", "baseline", "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    edits = json.loads((out / "balance.json").read_text())["edits"]
    for variant in ["base", "edited"] if edits else ["base"]:
        own = json.loads((out / "confirm" / variant / "meta.json").read_text())["config"]
        other = json.loads((out / "pilots" / "baseline" / "confirm" / variant / "meta.json").read_text())["config"]
        assert other.pop("ai")["a"] == "baseline" and own.pop("ai")["a"] == "greedy"
        assert other == own                                # same decks, seeds, games and edits
        assert own.get("overrides", []) == (edits if variant == "edited" else [])
    answers = _answers(out)
    assert answers["pilot"].to_list() == ["greedy", "baseline"] and answers["decks"].to_list() == [3, 3]
    ref = answers.row(0, named=True)
    decks_table = pl.read_csv(out / "tables" / "balance_decks.csv")
    assert ref["in_band_after"] == decks_table["in_band_after"].sum()      # the first row is the balance's own


def test_an_answer_holds_where_its_interval_points_the_way_the_first_pilots_does():
    from analysis.pilots import direction, with_holds

    assert [direction(*ci, "rises", "falls") for ci in ((0.01, 0.03), (-0.03, -0.01), (-0.01, 0.02))] == \
        ["rises", "falls", "no clear effect"]
    rows = [{"step": s, "pilot": p, "direction": d} for s, p, d in (
        ("slope", "greedy", "rises"), ("slope", "search", "rises"), ("slope", "baseline", "no clear effect"))]
    assert with_holds(rows, "step")["holds"].to_list() == [True, True, False]
