"""Fuzzing the edges: deck files, card files, scenario files and command-line options
mutated at random. Whatever the input, the tool either works or prints one line (`error: ...`) and
exits with 2: never a traceback, never a partial output folder.

The mutations start from the bundled files (decks/lists, decks/cards/set1.toml, tests/scenarios) and
change them the way people and tools do: lines deleted, duplicated or swapped, a value replaced by
another TOML value (a huge or negative number, a string, a list, a table...), a name misspelt,
bytes flipped (also into invalid UTF-8). The commands run in this process (click's CliRunner).

Examples per test: FUZZ_EXAMPLES (BERSERK_EXAMPLES=N runs N of each, e.g. 2000, on demand). The
regression examples (`@example`) are inputs that once gave a traceback.
"""
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DECKS, ROOT
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from decks import load_cardset
from decks.errors import InputError
from reports.cli import main
from simcore.kernels.cardtable import compile_cardset

FUZZ_EXAMPLES = int(os.environ.get("BERSERK_EXAMPLES", 0)) or 60
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))
CARDSET_TEXT = (ROOT / "decks" / "cards" / "set1.toml").read_text(encoding="utf-8")
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# values a mutated TOML line may get, in TOML syntax
TOML_VALUES = st.one_of(
    st.integers(-2**70, 2**70).map(str),
    st.sampled_from(["0", "-1", "1", "2", "6", "7", "30", "31", "50", "51", "100", "9223372036854775807",
                     "9223372036854775808", "-9223372036854775809", "1e400", "nan", "inf", "-0.5", "true",
                     "false", '""', '"x"', '"a1"', '"e6"', '"f7"', '"aux"', '"deck"', '"graveyard"',
                     "[]", "[1, 2]", "[[1]]", '["a"]', "{}", "{ x = 1 }", "1979-05-27", '"\\u0000"']),
    st.text(max_size=12).map(lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'),
)


@st.composite
def mutated_text(draw, text: str, toml: bool):
    """`text` with one to four random edits."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "value", "insert", "chars", "name"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "value" and toml and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {draw(TOML_VALUES)}"
        elif how == "value":
            lines[i] = re.sub(r"^\s*\S+", draw(st.sampled_from(["0", "-1", "4", "51", "99999999999999999999",
                                                                  "x", "", "1.5", "３"])), lines[i])
        elif how == "insert":
            lines.insert(i, draw(st.text(max_size=40)))
        elif how == "chars" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.text(max_size=3)) + lines[i][k + 1:]
        elif how == "name":
            lines[i] = lines[i].swapcase() if draw(st.booleans()) else lines[i][:len(lines[i]) // 2]
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        k = draw(st.integers(0, len(data)))
        data = data[:k] + draw(st.binary(min_size=1, max_size=4)) + data[k:]
    return data


def assert_clean(result, out: Path | None = None):
    """Worked (exit 0), or error lines on stderr (after any `note:` lines, e.g. a rounded --games) and
    exit 2: one line, or one per problem of a file, each `error: ` and the file or option; no traceback;
    no output left by a failure."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"traceback: {result.exception!r}\n{result.stderr}"
    assert result.exit_code in (0, 2), (result.exit_code, result.output, result.stderr)
    if result.exit_code == 2:
        lines = [line for line in result.stderr.splitlines() if not line.startswith("note: ")]
        assert lines and all(x.startswith("error: ") for x in lines), result.stderr
        assert len(lines) == 1 or len({x.split(":", 2)[1] for x in lines}) == 1, result.stderr  # one file
        assert "Traceback" not in result.output + result.stderr
        if out is not None:
            assert not out.exists(), f"a failed run left {sorted(p.name for p in out.rglob('*'))}"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def fresh(tmp_path_factory):
    """A new empty folder for each example (hypothesis reuses a function's fixtures)."""
    return lambda: tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(deck=st.sampled_from(DECKS).flatmap(lambda p: mutated_text(p.read_text(encoding="utf-8"), False)))
@example(deck=b"# big\n99999999999999999999 \xd0\x9a\xd0\xbe\xd1\x87\xd0\xb5\xd0\xb2\xd0\xbd\xd0\xb8\xd0\xba\n")
def test_fuzz_deck_files(deck, fresh):
    folder = fresh()
    path = folder / "deck.txt"
    path.write_bytes(deck)
    assert_clean(run("decks", "validate", path))
    out = folder / "run"
    assert_clean(run("simulate", path, DECKS[0], "--games", 2, "--out", out, "--no-progress"), out)


@FUZZ
@given(text=mutated_text(CARDSET_TEXT, True))
@example(text=CARDSET_TEXT.replace("life = 8", "life = 32768", 1).encode())     # ValueError from the card table
def test_fuzz_card_files(text, fresh):
    """The card set file: loading it gives a card set or one InputError line, and a card set that
    loads also compiles."""
    path = fresh() / "cards.toml"
    path.write_bytes(text)
    try:
        cardset = load_cardset(path)
    except InputError as e:
        assert "\n" not in str(e) and str(path) in str(e)
        return
    compile_cardset(cardset)


@FUZZ
@given(scenario=st.sampled_from(SCENARIOS).flatmap(lambda p: mutated_text(p.read_text(encoding="utf-8"), True)))
@example(scenario=b'active_player = 1\n[[cards]]\nlabel = "b"\nname = 0\nowner = 2\nat = "c4"\n')
def test_fuzz_scenario_files(scenario, fresh):
    path = fresh() / "scenario.toml"
    path.write_bytes(scenario)
    assert_clean(run("scenario", path))


def _option_values():
    ints = st.one_of(st.integers(-3, 40), st.sampled_from([2**31, 2**62, 2**63 - 1, 2**63, 2**64, 10**30]))
    junk = st.sampled_from(["", "x", "1.5", "-", "--", "0x10", "1e3", "nan", "١", "=", "a=b=c"])
    return st.one_of(ints.map(str), junk)


RULES = ["gold_first", "silver_first", "gold_second", "silver_second", "deal", "mulligan_max", "mulligan_cost",
         "flyer_cap", "element_penalty", "placement_levels", "round_cap", "ground_hits_lone_flyers",
         "attack_own_cards", "poison_stacks", "formation_orthogonal", "nonsense"]


@st.composite
def command_line(draw, out: str):
    """A `berserk simulate` or `berserk replay` command with random options and values."""
    command = draw(st.sampled_from(["simulate", "replay"]))
    decks = [str(draw(st.sampled_from(DECKS))) for _ in range(2)]
    if draw(st.integers(0, 9)) == 0:
        decks[draw(st.integers(0, 1))] = draw(st.sampled_from(["missing.txt", str(ROOT), "", "-"]))
    args = [command, *decks]
    options = {"simulate": ["--seed", "--threads", "--shard-size", "--batch-size", "--first-game",
                            "--ai", "--ai-a", "--ai-b", "--ruleset", "--rule", "--seat-pairs", "--resume",
                            "--games"],
               "replay": ["--seed", "--game", "--ai", "--ai-a", "--ai-b", "--ruleset", "--rule",
                          "--seat-pairs"]}[command]
    for name in draw(st.lists(st.sampled_from(options), max_size=5)):
        if name in ("--seat-pairs", "--resume"):
            args.append(name)
        elif name in ("--ai", "--ai-a", "--ai-b"):
            args += [name, draw(st.sampled_from(["random", "greedy", "Greedy", "", "minimax"]))]
        elif name == "--ruleset":
            args += [name, draw(st.sampled_from(["classic", "modern", "", "Classic", "x"]))]
        elif name == "--rule":
            args += [name, draw(st.sampled_from(RULES)) + draw(st.sampled_from(["=", "", "=="]))
                     + draw(_option_values())]
        elif name == "--games":
            args += [name, draw(st.one_of(st.integers(-2, 12).map(str), st.sampled_from(["x", "1e9", ""])))]
        else:
            args += [name, draw(_option_values())]
    if command == "simulate":
        if "--games" not in args:
            args += ["--games", "4"]
        args += ["--out", out, "--no-progress"]
    return args


@FUZZ
@given(data=st.data())
def test_fuzz_command_line_options(data, fresh):
    out = fresh() / "run"
    args = data.draw(command_line(str(out)))
    check_command(args, out)


# command lines that gave a traceback (or played a nonsensical setting) before their input handling was fixed
REGRESSIONS = [
    ("simulate", "--threads", "100000"),                              # Numba's ValueError
    ("simulate", "--rule", "gold_first=100000000000000000000"),       # OverflowError into int64
    ("simulate", "--rule", "deal=0"),                                 # played games nobody could buy for
    ("simulate", "--rule", "round_cap=-3"),
    ("simulate", "--rule", "attack_own_cards=5"),
    ("simulate", "--games", str(2**64)),
    ("replay", "--game", str(2**63)),                                 # OverflowError into int64
]


@pytest.mark.parametrize("args", REGRESSIONS, ids=" ".join)
def test_command_line_regressions(args, tmp_path):
    out = tmp_path / "run"
    command, *options = args
    tail = ["--out", str(out), "--no-progress"] if command == "simulate" else []
    if command == "simulate" and "--games" not in options:
        tail += ["--games", "4"]
    result = check_command([command, *map(str, DECKS[:2]), *options, *tail], out)
    assert result.exit_code == 2


def check_command(args, out):
    result = run(*args)
    assert_clean(result, out)
    if result.exit_code == 0 and args[0] == "simulate":
        assert (out / "run.json").exists()
        shutil.rmtree(out)
    return result
