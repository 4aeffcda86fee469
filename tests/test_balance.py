"""`berserk balance`: the greedy search edits the deck farthest from the band in the
direction that helps it, stops as soon as the band is reached, confirms on a fresh seed against the
unedited meta, and reports it; bad --target or too few decks are one line, exit 2."""
import json

import numpy as np
import polars as pl
import pytest
from conftest import LISTS, run_cli

from analysis.balance import Screen, candidates, parse_target, run_balance, search
from decks import InputError, load_cardset, load_deck

DARK, DARK_STEPPE, FOREST_MOUNT = (LISTS / f"{n}.txt" for n in ("darkness", "mixed_darkness_steppe",
                                                              "mixed_forest_mountains"))
# cards only the forest + mountains deck holds, made feeble: that deck falls far below any band
WEAKEN = ["Хранитель гор.life=1", "Каменный голем.life=1", "Горный великан.life=1"]


class FakeScreen(Screen):
    """Known pair scores instead of games: deck 0 (Орк) scores 20% against both others until Орк gets
    +1 life, then 45%; decks 1 and 2 are even."""

    def __init__(self):
        self.n, self.base, self.played = 3, load_cardset(), 0
        self.pairs = [(0, 1), (0, 2), (1, 2)]
        self.names = ["weak", "b", "c"]
        self.cards = [{"Орк", "Кочевник"}, {"Зомби"}, {"Барака"}]
        self.asked = []

    def scores(self, edit_sets):
        out = {}
        for edits in edit_sets:
            self.asked.append(edits)
            life = self.base.get("Орк").life
            s = 0.45 if f"Орк.life={life + 1}" in edits else 0.2
            out[edits] = {(0, 1): np.full(10, s), (0, 2): np.full(10, s), (1, 2): np.full(10, 0.5)}
            self.played += 60
        return out


def test_search_edits_the_deck_below_the_band_to_help_it_and_stops_once_in_band():
    screen = FakeScreen()
    edits, steps, reached, start, end = search(screen, (0.4, 0.6), max_edits=3)
    life = load_cardset().get("Орк").life
    assert edits == (f"Орк.life={life + 1}",) and reached and len(steps) == 1
    assert steps[0]["deck"] == "weak" and steps[0]["direction"] == "help"
    assert start[0] == pytest.approx(0.2) and end[0] == pytest.approx(0.45)
    # every candidate helped deck 0: +1 life or strike, -1 cost, of its own cards only
    cands = candidates(screen, screen.base, 0, +1, ())
    assert {c[2] for c in cands} == {"Орк", "Кочевник"}
    for _, _, card, stat, old, new in cands:
        assert new - old == (-1 if stat == "cost" else 1)
    # a deck above the band is weakened: the opposite direction
    assert all(new - old == (1 if stat == "cost" else -1)
               for _, _, _, stat, old, new in candidates(screen, screen.base, 0, -1, ()))


def test_search_makes_no_edit_when_every_deck_is_in_the_band():
    screen = FakeScreen()
    edits, steps, reached, _, _ = search(screen, (0.1, 0.9), max_edits=3)
    assert edits == () and steps == [] and reached and screen.asked == [()]


def test_balance_edits_the_weakened_deck_and_confirms_it_moved_towards_the_band(tmp_path):
    out = tmp_path / "b"
    args = ["balance", "--target", "0.35:0.65", "--decks", DARK, DARK_STEPPE, FOREST_MOUNT, "--games", 40,
            "--confirm-games", 200, "--max-edits", 1, "--out", out, "--no-progress"]
    for s in WEAKEN:
        args += ["--set", s]
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    manifest = json.loads((out / "balance.json").read_text(encoding="utf-8"))
    assert manifest["status"] == "complete" and len(manifest["edits"]) == 1
    step = manifest["steps"][0]
    assert step["deck"] == "Лес и горы (forest + mountains)" and step["direction"] == "help"
    card = manifest["edits"][0].rsplit(".", 1)[0]
    cs = load_cardset()
    assert cs.index(card) in load_deck(FOREST_MOUNT, cs).card_ids
    decks = pl.read_csv(out / "tables" / "balance_decks.csv")
    weak = decks.filter(pl.col("deck") == "Лес и горы (forest + mountains)").row(0, named=True)
    assert weak["after"] > weak["before"] and weak["change"] > 0 and weak["pairs"] == 100
    summary = pl.read_csv(out / "tables" / "balance_summary.csv").row(0, named=True)
    assert summary["edits"] == 1 and summary["confirm_games"] == 2 * 3 * 200
    assert summary["screen_games"] == manifest["screen_games"] > 0
    for name in ("index.html", "report.md", "confirm/base/meta.json", "confirm/edited/meta.json"):
        assert (out / name).exists(), name
    edited_cfg = json.loads((out / "confirm" / "edited" / "meta.json").read_text(encoding="utf-8"))["config"]
    assert manifest["edits"][0] in edited_cfg["overrides"] and edited_cfg["seed"] == 1
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'id="chart-balance"' in html and "Хранитель гор.life=1" in html and manifest["edits"][0] in html
    # another search in the same folder is refused
    with pytest.raises(InputError, match="different balance search"):
        run_balance([DARK, DARK_STEPPE, FOREST_MOUNT], (0.4, 0.6), 40, 200, 1, 0, out, overrides=WEAKEN)


@pytest.mark.parametrize("target", ["0.55:0.45", "abc", "0.45", "0.4:1.5", "-0.1:0.5", "0.5:0.5"])
def test_bad_target_is_one_line(target, tmp_path):
    from click.testing import CliRunner

    from reports.cli import main
    r = CliRunner().invoke(main, ["balance", "--target", target, "--decks", str(DARK), str(DARK_STEPPE),
                                  str(FOREST_MOUNT), "--out", str(tmp_path / "x")])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: --target") and r.stderr.count("\n") == 1
    assert not (tmp_path / "x").exists()
    with pytest.raises(InputError):
        parse_target(target)


def test_a_field_needs_three_decks(tmp_path):
    with pytest.raises(InputError, match="at least 3"):
        run_balance([DARK, DARK_STEPPE], (0.4, 0.6), 20, 20, 1, 0, tmp_path / "y")
    assert parse_target("0.45:0.55") == (0.45, 0.55)
