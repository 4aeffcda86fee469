"""`berserk sweep`: a stat sweep plays every value on the same seeds (common
random numbers), so a card no deck holds changes no game at any value (the exchange rate is exactly
0); a stat that matters moves the win rate the right way; the report folder has the chart, tables
and manifest; bad options are one line, exit 2; a different sweep in the same folder is refused."""
import json

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli

from analysis.sweep import pair_scores, run_sweep, sweep_tables
from decks import InputError

STEPPE, SWAMPS, FOREST = LISTS / "steppe.txt", LISTS / "swamps.txt", LISTS / "forest.txt"


def test_sweep_cli_writes_the_report_and_a_stronger_card_wins_more(tmp_path):
    out = tmp_path / "s"
    r = run_cli("sweep", "--card", "орк", "--stat", "life", "--from", "-4", "--to", "0", "--deck", STEPPE,
                "--vs", SWAMPS, STEPPE, FOREST, "--games", 200, "--out", out, "--no-progress",
                "--set", "Кочевник.cost=2")
    assert r.returncode == 0, r.stderr
    assert "exchange rate" in r.stdout and "slope" in r.stdout
    manifest = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    cfg = manifest["config"]
    assert cfg["values"] == [6, 7, 8, 9, 10] and cfg["offsets"] == [-4, -3, -2, -1, 0]
    assert [o["name"] for o in cfg["opponents"]] == ["Болота (swamps)", "Лес (forest)"]   # no mirror
    assert cfg["overrides"] == ["Кочевник.cost=2"] and manifest["status"] == "complete"
    for name in ("index.html", "report.md", "tables/sweep_points.csv", "tables/sweep_points.parquet",
                 "tables/exchange_rate.csv", "tables/exchange_rate.parquet"):
        assert (out / name).exists(), name
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="chart-sweep"' in html and "Кочевник.cost=2" in html
    assert "Кочевник.cost=2" in (out / "report.md").read_text(encoding="utf-8")
    ex = pl.read_csv(out / "tables" / "exchange_rate.csv")
    slope = ex.filter((pl.col("opponent") == "field") & (pl.col("step") == "slope")).row(0, named=True)
    assert slope["change"] > 0 and slope["change_lo"] > 0 and slope["pairs"] == 100
    pts = pl.read_csv(out / "tables" / "sweep_points.csv")
    assert pts.height == 3 * 5 and set(pts["opponent"]) == {"Болота (swamps)", "Лес (forest)", "field"}
    # `berserk report` re-renders the same tables
    from click.testing import CliRunner

    from reports.cli import main
    before = (out / "tables" / "exchange_rate.csv").read_bytes()
    (out / "tables" / "exchange_rate.csv").unlink()
    assert CliRunner().invoke(main, ["report", str(out)]).exit_code == 0
    assert (out / "tables" / "exchange_rate.csv").read_bytes() == before


def test_a_card_no_deck_holds_changes_no_game_at_any_value(tmp_path):
    out = tmp_path / "z"
    run_sweep(STEPPE, [SWAMPS], "Грибыныч", "strong", -1, 1, 60, 3, out)
    _, tables = sweep_tables(out)
    ex = tables["exchange_rate"]
    assert ex.height == 2 * 3
    assert (ex["change"] == 0).all() and (ex["change_lo"] == 0).all() and (ex["change_hi"] == 0).all()
    runs = json.loads((out / "sweep.json").read_text(encoding="utf-8"))["runs"]
    scores = [pair_scores(out / e["folder"]) for e in runs if e["opponent"] == "Болота (swamps)"]
    assert all(np.array_equal(scores[0], s) for s in scores[1:])
    # the same folder refuses another sweep, and --resume of an empty folder says there is nothing
    with pytest.raises(InputError, match="different sweep"):
        run_sweep(STEPPE, [SWAMPS], "Грибыныч", "strong", -1, 2, 60, 3, out)
    with pytest.raises(InputError, match="nothing to resume"):
        run_sweep(STEPPE, [SWAMPS], "Грибыныч", "strong", -1, 1, 60, 3, tmp_path / "empty", resume=True)


@pytest.mark.parametrize("args, needle", [
    (("--card", "Орк", "--stat", "life", "--from", "-10"), "must be at least 1"),
    (("--card", "Орк", "--stat", "weak", "--from", "-9", "--to", "0"), "must be at least 0"),
    (("--card", "Орк", "--stat", "lfe"), "unknown field 'lfe'"),
    (("--card", "Орк", "--stat", "element"), "not a numeric stat"),
    (("--card", "Оркк", "--stat", "life"), "unknown card"),
    (("--card", "Орк", "--stat", "life", "--from", "2", "--to", "1"), "is empty"),
    (("--card", "Мантикора", "--stat", "move"), "is a flyer"),
    (("--card", "Орк", "--stat", "life", "--set", "Орк.life=x"), "not a whole number"),
])
def test_bad_sweep_options_are_one_line(args, needle, tmp_path):
    from click.testing import CliRunner

    from reports.cli import main
    r = CliRunner().invoke(main, ["sweep", *args, "--deck", str(STEPPE), "--vs", str(SWAMPS),
                                  "--out", str(tmp_path / "x"), "--no-progress"])
    assert r.exit_code == 2, r.output
    assert r.stderr.count("\n") == 1 and needle in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x").exists()


def test_the_deck_alone_is_no_field(tmp_path):
    with pytest.raises(InputError, match="no opponent"):
        run_sweep(STEPPE, [STEPPE], "Орк", "life", 0, 1, 20, 0, tmp_path / "m")


def test_deck_only_edits_the_deck_s_copies_and_keeps_the_games_at_the_printed_value(tmp_path):
    from decks import load_cardset
    from simcore.executors import GameSpec, play_chunk
    from simcore.matchup import make_matchup

    poison = LISTS / "swamps_poison.txt"            # holds Арацент too
    out = tmp_path / "d"
    run_sweep(STEPPE, [poison], "Арацент", "life", 0, 1, 80, 4, out, deck_only=True)
    runs = json.loads((out / "sweep.json").read_text(encoding="utf-8"))["runs"]
    at = {e["offset"]: out / e["folder"] for e in runs}
    life = load_cardset().get("Арацент").life
    cfg = json.loads((at[1] / "run.json").read_text(encoding="utf-8"))["config"]
    assert cfg["overrides"] == [f"Арацент.life={life + 1} (only in Степь (steppe))"]
    cards = pl.read_parquet(at[1] / "cards" / "*.parquet")
    assert set(cards.filter(pl.col("name").str.starts_with("Арацент"))
               .select("player", "name").unique().rows()) == {(0, "Арацент [Степь (steppe)]"), (1, "Арацент")}
    # the variant with the printed stats plays exactly the games of the unedited decks
    m = make_matchup(STEPPE, poison)
    games, _ = play_chunk(GameSpec(m.table.stats, m.decks, m.sizes, m.params, 4, True, 256), 0, 80)
    plain = np.where(games["winner"] == 0, 1.0, np.where(games["winner"] == 2, 0.5, 0.0)).reshape(-1, 2).mean(1)
    assert np.array_equal(pair_scores(at[0]), plain)
