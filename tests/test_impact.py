"""Swap tests on common random numbers (analysis.causal, `berserk impact`; docs/ANALYTICS.md "Card level,
causal"): the variant keeps each card's slot, a card swapped for itself changes no game, a strictly
stronger copy is significantly better, the SPRT stops, Holm counts its tests, the report is written,
and bad options are one line and exit 2."""
import json

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli

from analysis.causal import impact, impact_tables, plan_swaps, run_impact
from decks import load_cardset, load_deck
from decks.variants import card_copy, is_vanilla, vanilla_copy, with_cards
from simcore.matchup import make_matchup, swap_cards

DECK = LISTS / "steppe.txt"
OPPONENTS = [LISTS / "swamps.txt", LISTS / "forest.txt"]


def _games(folder):
    return pl.read_parquet(folder / "games" / "*.parquet").sort("game")


def test_variant_deck_keeps_every_slot():
    cs = load_cardset()
    m = make_matchup(DECK, OPPONENTS[0], cardset=cs)
    old, new = cs.index("Арацент"), cs.index("Кочевник")
    v = swap_cards(m, 0, {old: new}, {"note": "test"})
    changed = np.nonzero(v.decks != m.decks)
    assert set(changed[0]) == {0}                                       # only player 1's deck
    assert (m.decks[0, changed[1]] == old).all() and (v.decks[0, changed[1]] == new).all()
    assert (m.decks[0] == old).sum() == len(changed[1]) == 2            # both copies, in their slots
    assert v.variant == {"player": 0, "swaps": {"Арацент": "Кочевник"}, "note": "test"}
    assert not m.variant                                                # the base is untouched


def test_variant_is_dealt_the_same_slots_and_plays_the_same_game_until_the_swap_matters():
    """Common random numbers: each deck shuffles from its own stream, so base and variant are dealt
    the same slots (the replacement where the card stood) whenever neither re-deals, and both games
    tell the same events, die for die, up to the first one that differs."""
    from simcore.kernels.state import DEALT, G_MULLIGANS, GAME0, MAX_DECK, NCF
    from simcore.replay import replay_game

    cs = load_cardset()
    m = make_matchup(DECK, OPPONENTS[0], cardset=cs)
    v = swap_cards(m, 0, {cs.index("Арацент"): cs.index("Кочевник")})
    dealt = [s * NCF + DEALT for s in range(2 * MAX_DECK)]
    same_deal, shared_start, whole = 0, [], 0
    for game in range(12):
        R0, log0 = replay_game(m, 4, game, seat_pairs=True)
        R1, log1 = replay_game(v, 4, game, seat_pairs=True)
        if not R0[0, GAME0 + G_MULLIGANS:GAME0 + G_MULLIGANS + 2].any() and \
                not R1[0, GAME0 + G_MULLIGANS:GAME0 + G_MULLIGANS + 2].any():
            np.testing.assert_array_equal(R0[0, dealt], R1[0, dealt])
            same_deal += 1
        # the variant's copies are numbered after the deck's own Кочевники (3 of them), as the replay
        # numbers copies in deck-list order
        renamed = [line.replace("P1 Арацент#1", "P1 Кочевник#4").replace("P1 Арацент#2", "P1 Кочевник#5")
                   for line in log0]
        first_diff = next((i for i, (a, b) in enumerate(zip(renamed, log1)) if a != b),
                          min(len(log0), len(log1)))
        shared_start.append(first_diff)
        whole += renamed == log1
    assert same_deal >= 4
    assert min(shared_start) >= 3       # the seats, crystals and deals at least are shared
    assert whole >= 2                   # games where the swapped card was never bought: the same game


def test_vanilla_copy_keeps_the_body_and_drops_the_text():
    cs = load_cardset()
    c = cs.get("Минотавр")
    v = vanilla_copy(c)
    assert (v.element, v.cost, v.elite, v.life, v.move, v.strike) == (c.element, c.cost, c.elite, c.life,
                                                                       c.move, c.strike)
    assert v.armor == 0 and not v.strike_twice and not v.abilities and is_vanilla(v)
    assert not is_vanilla(c) and is_vanilla(cs.get("Кочевник"))
    bigger = with_cards(cs, [v])
    assert len(bigger) == len(cs) + 1 and bigger.index(v.name) == len(cs)
    assert [x.name for x in bigger.cards[:len(cs)]] == [x.name for x in cs.cards]   # no id moves


def test_card_swapped_for_itself_changes_no_game(tmp_path):
    """Part 1: the same card, and an identical copy under another card id, give exactly zero
    difference on every game: every column of every game is identical."""
    cs = load_cardset()
    copy = card_copy(cs.get("Арацент"), "Арацент copy")
    cs = with_cards(cs, [copy])
    for replacement in ("Арацент", "Арацент copy"):
        out = tmp_path / replacement.replace(" ", "_")
        t = impact(DECK, OPPONENTS, card="Арацент", replace=replacement, cardset=cs, games=400, chunk=200,
                   out=out, seed=11)
        for j in range(len(OPPONENTS)):
            base, variant = _games(out / "base" / f"{j:02d}"), _games(out / "swaps" / "00" / f"{j:02d}")
            assert base.height == 400
            assert base.equals(variant)
        by_opp = t["impact_by_opponent"]
        assert (by_opp["impact"] == 0).all() and (by_opp["impact_lo"] == 0).all()
        assert t["swaps"]["verdict"][0] == "H0 accepted"


def test_strictly_stronger_copy_has_significantly_positive_impact(tmp_path):
    """A card against its copy with +3 life (the same card otherwise): significantly positive on the
    field, never significantly negative against an opponent, and the sequential test accepts H1."""
    cs = load_cardset()
    m = cs.get("Минотавр")
    cs = with_cards(cs, [card_copy(m, "Минотавр +3", life=m.life + 3)])
    t = impact(DECK, OPPONENTS, card="Минотавр", replace="Минотавр +3", cardset=cs, max_games=8000,
               chunk=1000, h1=0.02, out=tmp_path / "plus3", seed=5)
    s = t["swaps"].row(0, named=True)
    assert s["impact_lo"] > 0 and s["flagged"]
    assert s["verdict"] == "H1 accepted" and s["decided_games"] == s["games"] < 8000     # it stopped early
    assert (t["impact_by_opponent"]["impact_hi"] > 0).all()
    assert s["variance_ratio"] > 2 and s["games_saved"] > 0            # pairing pays
    manifest = json.loads((tmp_path / "plus3" / "impact.json").read_text(encoding="utf-8"))
    assert manifest["results"][0]["verdict"] == "H1"
    # the variant runs stopped at the decision and say why
    run = json.loads((tmp_path / "plus3" / "swaps" / "00" / "00" / "run.json").read_text(encoding="utf-8"))
    assert run["status"] == "stopped" and run["games_on_disk"] == s["games"]
    assert run["config"]["variant"]["swaps"] == {"Минотавр": "Минотавр +3"}


def test_all_cards_holm_and_resume(tmp_path):
    cs = load_cardset()
    deck = load_deck(DECK, cs)
    distinct = list(dict.fromkeys(cs.cards[i].name for i in deck.card_ids))
    out = tmp_path / "all"
    kwargs = {"all_cards": True, "games": 200, "chunk": 200, "seed": 2, "out": out}
    t = impact(DECK, OPPONENTS[:1], **kwargs)
    swaps = t["swaps"]
    tested = [c for c in distinct if not is_vanilla(cs.get(c))]          # Кочевник is vanilla: skipped
    assert swaps["card"].to_list() == tested and (swaps["tests"] == len(tested)).all()
    assert (swaps["p_holm"] >= swaps["p_value"]).all()
    assert t["impact_by_opponent"].height == 2 * len(tested)           # one opponent and the field
    manifest = json.loads((out / "impact.json").read_text(encoding="utf-8"))
    assert manifest["skipped"] == [{"card": "Кочевник",
                                    "why": "already vanilla: its vanilla copy plays exactly like it"}]
    # the same call again finds every shard on disk and gives the same tables
    again = impact(DECK, OPPONENTS[:1], **kwargs)
    assert again["swaps"].equals(swaps)
    assert len(json.loads((out / "impact.json").read_text(encoding="utf-8"))["sessions"]) == 2
    with pytest.raises(Exception, match="different impact test"):
        run_impact(DECK, OPPONENTS[:1], **{**kwargs, "seed": 3})


def test_interrupted_test_resumes_to_the_same_tables(tmp_path):
    """Shards lost in an interruption are played again; the SPRT replays from the shards on disk and
    ends where the uninterrupted test ended."""
    out = tmp_path / "seq"
    kwargs = {"card": "Арацент", "replace": "Кочевник", "games": 800, "chunk": 200, "seed": 8, "out": out}
    first = impact(DECK, OPPONENTS, **kwargs)
    assert first["sprt_path"]["games"].to_list() == [200, 400, 600, 800]
    for lost in (out / "base" / "01" / "games" / "shard-00003.parquet",
                 out / "swaps" / "00" / "00" / "games" / "shard-00001.parquet"):
        lost.unlink()
    again = impact(DECK, OPPONENTS, **kwargs)
    for name in ("swaps", "impact_by_opponent", "sprt_path"):
        assert again[name].equals(first[name]), name


def test_plan_swaps_rejects_bad_cards():
    cs = load_cardset()
    with pytest.raises(Exception, match="unknown card 'Арацентт'"):
        plan_swaps(DECK, cs, card="Арацентт")
    with pytest.raises(Exception, match="'Вайл' is not in the deck"):
        plan_swaps(DECK, cs, card="Вайл")
    with pytest.raises(Exception, match="unknown card 'Nobody'"):
        plan_swaps(DECK, cs, card="Арацент", replace="Nobody")
    with pytest.raises(Exception, match="exclude each other"):
        plan_swaps(DECK, cs, card="Арацент", all_cards=True)


@pytest.mark.parametrize("args, message", [
    (["--card", "Арацентт"], "unknown card 'Арацентт'"),
    (["--card", "Вайл"], "'Вайл' is not in the deck"),
    (["--card", "Арацент", "--replace", "Кочевникк"], "unknown card 'Кочевникк'"),
    (["--card", "Арацент", "--alpha", "0.7"], "--alpha must lie strictly between 0 and 0.5"),
    (["--card", "Арацент", "--beta", "0"], "--beta must lie strictly between 0 and 0.5"),
    (["--card", "Арацент", "--h0", "0.02", "--h1", "0.02"], "H0 and H1 are the same effect"),
    (["--card", "Арацент", "--games", "100", "--max-games", "200"], "exclude each other"),
    ([], "no card to swap"),
])
def test_impact_options_are_validated(tmp_path, args, message):
    from click.testing import CliRunner

    from reports.cli import main
    r = CliRunner().invoke(main, ["impact", str(DECK), "--vs", str(OPPONENTS[0]),
                                  "--out", str(tmp_path / "x"), "--no-progress", *args])
    assert r.exit_code == 2, r.output
    assert message in r.stderr and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x" / "impact.json").exists()


def test_impact_cli_writes_the_report_and_report_rerenders_it(tmp_path):
    out = tmp_path / "cli"
    r = run_cli("impact", DECK, "--card", "Арацент", "--replace", "Кочевник", "--vs", *OPPONENTS,
                "--games", 400, "--chunk", 200, "--out", out, "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "Арацент → Кочевник" in r.stdout and "games saved by pairing" in r.stdout
    page = (out / "index.html").read_text(encoding="utf-8")
    for chart in ("chart-impact-field", "chart-impact-opponents", "chart-sprt"):
        assert f'id="{chart}"' in page
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "## Swap tests" in md and "Лес (forest)" in md and "field (uniform)" in md
    for name in ("swaps", "impact_by_opponent", "sprt_path"):
        assert pl.read_parquet(out / "tables" / f"{name}.parquet").equals(
            pl.read_csv(out / "tables" / f"{name}.csv", schema=pl.read_parquet(
                out / "tables" / f"{name}.parquet").schema))
    cfg = json.loads((out / "impact.json").read_text(encoding="utf-8"))["config"]
    assert cfg["swaps"] == [{"card": "Арацент", "replacement": "Кочевник", "added": None}]
    assert cfg["seed"] == 0 and cfg["sprt"]["h1"] == 0.03 and cfg["games_per_opponent"] == 400
    before = impact_tables(out)["swaps"]
    r = run_cli("report", out)
    assert r.returncode == 0, r.stderr
    assert impact_tables(out)["swaps"].equals(before)
    assert (out / "index.html").read_text(encoding="utf-8").count("chart-sprt") >= 1


SPRT_CFG = {"h0": 0.0, "h1": 0.03, "alpha": 0.05, "beta": 0.05}


def test_the_headline_says_what_was_found_in_one_sentence():
    from reports.impact import finding

    row = {"card": "Арацент", "replacement": "Кочевник", "impact": -0.036, "impact_lo": -0.067,
           "impact_hi": -0.005, "verdict": "H0 accepted", "decided_games": 500, "games": 500}
    p = {"sprt": SPRT_CFG, "sequential": True}
    assert finding(row, p) == ("Кочевник in place of Арацент loses 3.6 points [−6.7, −0.5] against the field; "
                               "the sequential test stopped after 500 games per opponent: it is not the +3.0 "
                               "points it tested for.")
    even = row | {"impact": 0.004, "impact_lo": -0.01, "impact_hi": 0.018, "verdict": "undecided",
                  "decided_games": None, "games": 2000}
    assert finding(even, p | {"sequential": False}) == (
        "Кочевник in place of Арацент changes the score against the field by +0.4 points [−1.0, +1.8], not "
        "distinguishable from no change; the sequential test had not decided after 2,000 games per opponent.")


def test_the_sprt_chart_of_a_test_stopped_at_its_first_look_is_a_line_from_zero():
    from reports.impact import chart_sprt

    path = pl.DataFrame({"swap": ["Арацент → Кочевник"], "card": ["Арацент"], "games": [500], "llr": [-3.2]})
    fig = chart_sprt({"sprt_path": path}, (-2.94, 2.94))
    trace = fig.data[0]
    assert list(trace.x) == [0, 500] and list(trace.y) == [0.0, -3.2]
    assert fig.layout.xaxis.range[0] == 0 and fig.layout.xaxis.range[1] > 500
    lo, hi = fig.layout.yaxis.range
    assert lo < -3.2 and hi > 2.94                     # both bounds and the path are on the axis
    labels = [a for a in fig.layout.annotations]
    assert {a.text for a in labels} == {"accept H1 (a gain)", "accept H0 (no gain)"}
    assert all(a.x == 0 and a.xanchor == "left" for a in labels)   # inside the plot, never clipped


def test_the_swaps_and_path_tables_show_an_llr_past_a_bound_as_the_bound_it_crossed_and_keeps_the_value():
    from reports.render import _html_table, _md_frame

    swaps = pl.DataFrame({"swap": ["Арацент → Арацент", "Арацент → Кочевник", "Арацент → Лучник"],
                          "games": [1000, 2000, 600], "llr": [-45_000_000.0, 3.1, 0.5],
                          "llr_lower": [-2.94] * 3, "llr_upper": [2.94] * 3})
    html = _html_table("swaps", swaps)
    assert ">≤ -2.94<" in html and ">≥ 2.94<" in html and ">0.50<" in html
    assert ">-45000000.00<" not in html
    assert 'data-sort="-45000000.0"' in html            # sorting goes by the value
    assert "≤ -2.94" in "\n".join(_md_frame("swaps", swaps))
    assert swaps["llr"][0] == -45_000_000.0
    path = swaps.select("swap", "games", "llr", "llr_lower", "llr_upper")
    assert ">≤ -2.94<" in _html_table("sprt_path", path) and "LLR lower bound" not in _html_table("sprt_path", path)
