"""Card-stat overrides (`--set CARD.FIELD=VALUE`, decks.overrides): validation
errors are one line naming the option, an override changes play through the card table, a no-op
override plays the very same games, and the edits reach the manifest, the hash, the report and
the resume check."""
import json

import numpy as np
import pytest
from conftest import LISTS, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from decks import InputError, load_cardset
from decks.overrides import apply_overrides

A, B = LISTS / "steppe.txt", LISTS / "swamps.txt"


@pytest.fixture(scope="module")
def cs():
    return load_cardset()


def test_override_edits_the_named_stats_and_nothing_else(cs):
    edited = apply_overrides(cs, ["арацент.life=+2", "Арацент.weak=3", "Кочевник.movement=2",
                                  "Орк.cost=-1", "Орк.elite=true", "Орк.element=forest"])
    a, a0 = edited.get("Арацент"), cs.get("Арацент")
    assert a.life == a0.life + 2 and a.strike == (3,) + a0.strike[1:]
    assert edited.get("Кочевник").move == 2
    orc, orc0 = edited.get("Орк"), cs.get("Орк")
    assert (orc.cost, orc.elite, orc.element) == (orc0.cost - 1, True, "forest")
    untouched = [c for c in cs.cards if c.name not in ("Арацент", "Кочевник", "Орк")]
    assert all(edited.get(c.name) == c for c in untouched)
    assert edited.overrides == ("Кочевник.move=2", f"Орк.cost={orc0.cost - 1}", "Орк.element=forest",
                                "Орк.elite=true", f"Арацент.life={a0.life + 2}", "Арацент.weak=3")
    assert edited.sha256 != cs.sha256 and edited.base_sha256 == cs.sha256
    # the same edits written absolutely give the same card set and hash
    same = apply_overrides(cs, list(edited.overrides))
    assert same.sha256 == edited.sha256 and same.cards == edited.cards
    assert apply_overrides(cs, []) is cs


@pytest.mark.parametrize("spec, needle", [
    ("Арацент", "is not CARD.FIELD=VALUE"),
    ("Арацент.life", "is not CARD.FIELD=VALUE"),
    ("Арацнт.life=3", "unknown card 'Арацнт'"),
    ("Арацент.lif=3", "unknown field 'lif'"),
    ("Арацент.life=abc", "is not a whole number"),
    ("Арацент.life=0", "must be at least 1"),
    ("Арацент.life=-20", "must be at least 1"),
    ("Арацент.weak=-5", "must be at least 0"),
    ("Мантикора.move=2", "is a flyer"),
    ("Арацент.ranged_weak=2", "has no ranged attack"),
    ("Орк.element=fire", "not in the vocabulary"),
    ("Орк.elite=maybe", "expected true or false"),
])
def test_bad_override_is_an_input_error_naming_the_option(cs, spec, needle):
    with pytest.raises(InputError) as e:
        apply_overrides(cs, [spec])
    text = str(e.value)
    assert text.startswith("--set: ") and needle in text and "fix:" in text and "\n" not in text


def test_the_same_field_twice_is_refused(cs):
    with pytest.raises(InputError, match="again"):
        apply_overrides(cs, ["Арацент.life=11", "арацент.life=+1"])


@pytest.mark.parametrize("command", [
    ("simulate", A, B, "--games", 10, "--out", "{tmp}/s", "--no-progress"),
    ("meta", A, B, "--games", 10, "--out", "{tmp}/m", "--no-progress"),
    ("matchup", A, B, "--games", 10, "--out", "{tmp}/m2", "--no-progress"),
    ("replay", A, B),
    ("cards",),
    ("decks", "validate", A),
    ("scenario", LISTS.parent.parent / "tests" / "scenarios" / "504_not_adjacent.toml"),
])
def test_every_command_takes_set_and_refuses_a_bad_one_in_one_line(command, tmp_path):
    from click.testing import CliRunner

    from reports.cli import main
    args = [str(a).replace("{tmp}", str(tmp_path)) for a in command]
    r = CliRunner().invoke(main, [*args, "--set", "Арацнт.life=3"])
    assert r.exit_code == 2, r.output
    assert r.stderr.count("\n") == 1 and "--set" in r.stderr and "Арацент" in r.stderr
    assert "Traceback" not in r.stderr
    assert not any(tmp_path.iterdir())          # refused before anything was written


def test_cards_shows_the_edited_stats():
    r = run_cli("cards", "--set", "Арацент.life=11")
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if "Арацент*" in x)
    header = r.stdout.splitlines()[2]                   # after the set's line and the edits' line
    life_ends = header.index(" life ") + len(" life")   # the column is right-aligned under its header
    assert line[:life_ends].endswith(" 11") and "Арацент.life=11" in r.stdout


def _games(matchup, games=400, seed=5):
    from simcore.executors import GameSpec, play_chunk
    spec = GameSpec(matchup.table.stats, matchup.decks, matchup.sizes, matchup.params, seed, True, 256)
    g, _ = play_chunk(spec, 0, games)
    return g


def test_an_override_changes_play_and_a_no_op_override_does_not(cs):
    from simcore.matchup import make_matchup
    base = _games(make_matchup(A, B, cardset=cs))
    life = cs.get("Арацент").life
    same = _games(make_matchup(A, B, cardset=cs, overrides=[f"Арацент.life={life}"]))
    for k in base:
        assert np.array_equal(base[k], same[k]), k
    stronger = _games(make_matchup(A, B, cardset=cs, overrides=["Орк.life=+3"]))
    changed = base["winner"] != stronger["winner"]
    assert changed.any()
    # steppe holds 3 Орк: a tougher Орк wins it more games than it loses (34 against 7 here)
    gained = ((stronger["winner"] == 0) & (base["winner"] != 0)).sum()
    lost = ((stronger["winner"] != 0) & (base["winner"] == 0)).sum()
    assert gained > lost


def test_manifest_report_and_resume_record_the_edits(tmp_path):
    from simcore.meta import run_meta

    out = tmp_path / "m"
    r = run_cli("matchup", A, B, "--games", 40, "--out", out, "--no-progress", "--shard-size", 20,
                "--set", "Арацент.life=+1")
    assert r.returncode == 0, r.stderr
    life = load_cardset().get("Арацент").life
    edit = f"Арацент.life={life + 1}"
    assert edit in r.stdout
    meta = json.loads((out / "meta.json").read_text(encoding="utf-8"))
    pair = json.loads((out / "matchups" / "00-01" / "run.json").read_text(encoding="utf-8"))
    for cfg in (meta["config"], pair["config"]):
        assert cfg["overrides"] == [edit]
        assert cfg["cardset_sha256"] != load_cardset().sha256
        assert cfg["cardset_printed_sha256"] == load_cardset().sha256
    assert edit in (out / "index.html").read_text(encoding="utf-8")
    md = (out / "report.md").read_text(encoding="utf-8")
    assert f"**Card edits:** `{edit}`" in md
    # resuming with other edits, or none, is refused; the same edits (written absolutely) resume
    again = dict(games=40, seed=0, out_dir=out, mirrors=False, kind="matchup", shard_size=20, resume=True)
    for other in (["Арацент.life=+2"], []):
        with pytest.raises(InputError, match="different matchup run"):
            run_meta([A, B], overrides=other, **again)
    (out / "matchups" / "00-01" / "games" / "shard-00001.parquet").unlink()
    assert run_meta([A, B], overrides=[edit], **again)["status"] == "complete"


def test_reports_of_the_printed_set_say_so():
    from reports.render import render_html, render_markdown
    report = {"provenance": {"title": "t", "card_edits": []}, "tables": {}}
    assert "**Card edits:** none (printed card set)" in render_markdown(report)
    assert "none (printed card set)" in render_html(report)


def test_runs_of_the_printed_set_keep_their_config(cs):
    from simcore.matchup import make_matchup
    from simcore.run import run_config
    assert "overrides" not in run_config(make_matchup(A, B, cardset=cs), 10, 0, 10)


def test_scenario_plays_with_the_edited_stats():
    from click.testing import CliRunner

    from reports.cli import main
    scenario = LISTS.parent.parent / "tests" / "scenarios" / "504_simple_strike.toml"
    plain = json.loads(CliRunner().invoke(main, ["scenario", str(scenario)]).stdout)
    r = CliRunner().invoke(main, ["scenario", str(scenario), "--set", "Кочевник.medium=5",
                                  "--set", "Вайл.life=20"])
    assert r.exit_code == 0, r.output
    edited = json.loads(r.stdout)
    assert plain["cards"]["b"]["wounds"] == 2          # A-D = +3: Кочевник's medium strike
    assert edited["cards"]["b"]["wounds"] == 5 and edited["cards"]["b"]["life_max"] == 20


@given(card=st.integers(0, 49), field=st.sampled_from(["life", "cost", "weak", "medium", "strong", "armor"]),
       delta=st.integers(-6, 6))
@settings(max_examples=60, deadline=None)
def test_relative_and_absolute_overrides_agree_and_illegal_values_are_refused(card, field, delta):
    from decks.overrides import INT_FIELDS, get_stat
    cs = load_cardset()
    c = cs.cards[card % len(cs.cards)]
    new = get_stat(c, field) + delta
    relative = f"{c.name}.{field}={delta:+d}"
    if new < INT_FIELDS[field]:
        with pytest.raises(InputError, match="must be at least"):
            apply_overrides(cs, [relative])
        return
    a, b = apply_overrides(cs, [relative]), apply_overrides(cs, [f"{c.name.upper()}.{field}={new}"])
    assert a.cards == b.cards and a.sha256 == b.sha256 and a.overrides == (f"{c.name}.{field}={new}",)
    assert get_stat(a.get(c.name), field) == new
