"""The `berserk` command line: simulate, meta, matchup, impact, report, replay, scenario, cards, decks.

Bad input (a malformed deck, card or scenario file, an unknown card, an illegal deck or action, a
bad option) prints one line naming the file, line and fix (a file with several problems: one line
each), and exits with code 2, no traceback.
"""
import functools
import json
import os
import shlex
import sys
import time
from pathlib import Path

import click

from decks.errors import InputError
from reports.lang import EN, ENV, LANGS, Messages, messages
from simcore import config as C
from simcore.config import MAX_GAMES
from simcore.limits import EngineLimitError
from simcore.pilots import PILOTS, pilot_folder

AIS = tuple(PILOTS)
NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError",
                          getattr(click.exceptions, "NoArgsIsHelp", click.exceptions.Exit))


# the commands that play games, whose first run after an install compiles the engine
PLAYING_COMMANDS = ("simulate", "meta", "matchup", "impact", "sweep", "balance")


class OneLineErrors(click.Group):
    """A click group whose usage errors are one line and exit 2. A command that plays games on this
    machine says at once, before numba is imported, that the engine compiles (_EngineStart.announce)."""

    def main(self, args=None, **kwargs):
        global _announced
        args = sys.argv[1:] if args is None else list(args)
        if (args and args[0] in PLAYING_COMMANDS and not {"-h", "--help"} & set(args)
                and not any(a.startswith("--scheduler") for a in args)):
            _announced = _EngineStart()
            _announced.announce()
        try:
            return self._main(args, **kwargs)
        finally:
            _announced = None

    def _main(self, args, **kwargs):
        try:
            try:
                return super().main(args=args, standalone_mode=False, **kwargs)
            finally:
                if _announced:
                    _announced.take_back()      # the command ended before the engine started
        except NO_ARGS_IS_HELP as e:
            click.echo(e.ctx.get_help() if e.ctx else str(e))
            sys.exit(0)
        except click.UsageError as e:
            cmd = e.ctx.command_path if e.ctx else "berserk"
            click.echo(f"error: {cmd}: {e.format_message()} (see `{cmd} --help`)", err=True)
            sys.exit(2)
        except InputError as e:
            for error in e.errors:          # a file with several problems: one line each
                click.echo(f"error: {error}", err=True)
            sys.exit(2)
        except EngineLimitError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(1)
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(130)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.ClickException as e:
            click.echo(f"error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="berserk-sim")
def main():
    """berserk-sim: seeded simulations of Берсерк (Berserk) games and what they say about decks."""


def card_overrides_option(f):
    """--set CARD.FIELD=VALUE (repeatable): card-stat edits (decks.overrides), an option of every
    command; the command receives them as `sets`."""
    return click.option(
        "--set", "sets", multiple=True, metavar="CARD.FIELD=VALUE",
        help="edit a card's stat for this command, e.g. --set \"Арацент.life=11\" or "
             "--set \"Кочевник.cost=-1\" (+N/-N: relative to the printed value); repeatable. Fields: "
             "life, cost, move (movement), weak, medium, strong, ranged_weak/medium/strong, armor, "
             "attack_experience, defence_experience, regeneration, jump, finish_off, special_strike, "
             "heal_self, elite, unique, element")(f)


class _LanguageChoice(click.Choice):
    """--lang's values; a wrong one says where a language can be set."""

    def get_invalid_choice_message(self, value, ctx):
        return (f"{value!r} is not a language of the reports: use one of {', '.join(LANGS)} (as --lang, or in the "
                f"{ENV} environment variable)")


def lang_option(f):
    """--lang en|ru: the language of what the command prints and of the report it writes; the command
    receives it as `lang`. Without it: the BERSERK_LANG environment variable, then English."""
    return click.option(
        "--lang", type=_LanguageChoice(LANGS, case_sensitive=False),
        default=lambda: os.environ.get(ENV, "").strip() or "en", show_default=f"{ENV}, else en",
        help="language of the printed tables and of the report: en (English) or ru (Russian)")(f)


def _cardset(sets):
    """The bundled card set with the --set edits applied (InputError on a bad one)."""
    from decks import load_cardset
    from decks.overrides import apply_overrides
    return apply_overrides(load_cardset(), sets)


def rules_ai_options(a_help, b_help, several=False):
    """--ruleset, --rule, --set and the AIs: options of every command that plays games. The command
    gets ai, ai_a and ai_b as pilot specs with the --ai-param budgets applied (simcore.pilots); with
    `several`, --ai may be given more than once (the command plays under each pilot) and ai is a tuple."""
    def decorate(command):
        @functools.wraps(command)
        def with_budgets(*args, ai_params=(), **kwargs):
            from simcore.pilots import with_ai_params
            for key in ("ai_a", "ai_b"):
                if kwargs.get(key):
                    kwargs[key] = with_ai_params(kwargs[key], ai_params)
            if several:
                kwargs["ai"] = tuple(dict.fromkeys(with_ai_params(a, ai_params) for a in kwargs["ai"] or ("greedy",)))
                if len(kwargs["ai"]) > 1 and (kwargs.get("ai_a") or kwargs.get("ai_b")):
                    raise click.UsageError("--ai-a/--ai-b cannot go with several --ai: each --ai pilot plays both seats")
            else:
                kwargs["ai"] = with_ai_params(kwargs["ai"], ai_params)
            return command(*args, **kwargs)

        f = click.option("--ai-param", "ai_params", multiple=True, metavar="AI.KEY=VALUE",
                         help="a pilot's budget, e.g. --ai-param search.samples=4 (keys: "
                              + "; ".join(f"{n}: {', '.join(p.budget)}" for n, p in PILOTS.items() if p.budget)
                              + ")")(with_budgets)
        f = card_overrides_option(f)
        f = click.option("--ruleset", default="classic", show_default=True,
                         help="rules preset of decks/rulesets.toml (classic or modern)")(f)
        f = click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                         help="override one ruleset setting, e.g. --rule round_cap=50")(f)
        f = click.option("--ai-b", type=click.Choice(AIS), default=None, help=b_help)(f)
        f = click.option("--ai-a", type=click.Choice(AIS), default=None, help=a_help)(f)
        if several:
            return click.option("--ai", type=click.Choice(AIS), multiple=True, default=("greedy",),
                                show_default=True,
                                help="AI of both decks; repeat it (--ai greedy --ai search) to play under "
                                     "each pilot on the same seeds and report how much the results depend "
                                     "on the pilot")(f)
        return click.option("--ai", type=click.Choice(AIS), default="greedy", show_default=True,
                            help="AI of both decks")(f)
    return decorate


def matchup_options(f):
    f = rules_ai_options("AI of deck A (default: --ai)", "AI of deck B (default: --ai)")(f)
    f = click.argument("deck_b", type=click.Path(dir_okay=False))(f)
    f = click.argument("deck_a", type=click.Path(dir_okay=False))(f)
    return f


def execution_options(f):
    """Where the games are played, and resuming: options of every command that plays games."""
    f = click.option("--resume", is_flag=True,
                     help="finish the interrupted run in --out (it must be there); without it, the "
                          "same command also resumes an unfinished run")(f)
    f = click.option("--scheduler", metavar="ADDRESS", default=None,
                     help="play on a Dask cluster: the address of its scheduler, e.g. tcp://10.0.0.5:8786 "
                          "(needs the dask extra)")(f)
    return f


def _echo_edits(cardset, T: Messages):
    if cardset.overrides:
        click.echo(T("cli.edits", edits=", ".join(cardset.overrides)))


class _Bar:
    """A progress bar on stderr that appears at the first game played, so that a run refused before
    it plays (bad folder, nothing to resume) prints only its one-line error. `update(n)` counts games
    played, `update.found(n)` games a resumed run found on disk: they start the bar, but its rate and
    time left count only the games of this session."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.enabled, self.bar, self.kept = total, enabled, None, 0
        self.update = _Progress(self)

    def played(self, n: int) -> None:
        if self.bar is None:
            from tqdm import tqdm
            self.bar = tqdm(total=self.total, initial=self.kept, unit="game", disable=not self.enabled,
                            dynamic_ncols=True, file=sys.stderr)
        self.bar.update(n)

    def echo(self, text: str) -> None:
        """A line on stdout above the bar (the bar is cleared and redrawn below it)."""
        if self.bar is None:
            click.echo(text)
        else:
            self.bar.write(text, file=sys.stdout)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


class _Progress:
    """The progress callback of a run (simcore.run.play_runs): games played, and `found` on disk."""

    def __init__(self, bar: _Bar):
        self.bar = bar

    def __call__(self, n: int) -> None:
        self.bar.played(n)

    def found(self, n: int) -> None:
        self.bar.kept += n


def _expected(seconds: float, measured: bool) -> str:
    """How long a compile is expected to take, as the compile's line says it."""
    from simcore.engine_start import minutes

    return f"{minutes(seconds)} last time" if measured else f"about {minutes(seconds)} on 2 cores"


class _EngineStart:
    """What the terminal shows while the engine compiles (the first run after an install or an engine
    change): from the first second a line with the time so far and the time the last compile took
    on this machine, then how long it took, not counted in games/s. A start from the kernel cache
    (seconds) shows nothing. Logs and pipes get no ticking line: one plain line when the compile
    starts and one when it ends.

    `announce()` starts the line before numba is even imported, when the kernel cache's file names
    say the engine will compile (engine_start.engine_cached_quick); the executor's start then calls
    the object itself with the word that counts, which keeps the line going or takes it back."""

    def __init__(self, stream=None, tick: float = 1.0):
        self.stream = stream or sys.stderr
        self.tick = tick
        self._shown = None          # (stop the ticker, the line's text) while a line is shown

    def announce(self) -> None:
        from simcore.engine_start import (
            compile_measured,
            engine_cached_quick,
            expected_compile_seconds,
        )

        if self.stream.isatty() and not engine_cached_quick():
            self._show(expected_compile_seconds(), compile_measured())

    def _show(self, expected: float, measured: bool) -> None:
        import threading

        t0 = time.perf_counter()
        stop = threading.Event()
        took = _expected(expected, measured)
        head = f"compiling the engine (first run after an install or update; {took}): "      # < 80 columns

        def show():
            while True:
                s = int(time.perf_counter() - t0)
                self.stream.write(f"\r{head}{s // 60}:{s % 60:02d}")
                self.stream.flush()
                if stop.wait(self.tick):
                    return

        ticker = threading.Thread(target=show, daemon=True)
        ticker.start()

        def end() -> float:
            stop.set()
            ticker.join()
            return time.perf_counter() - t0
        self._shown = (end, head)

    def _log(self, expected: float, measured: bool):
        """Off a terminal (a log, a pipe, CI): one plain line as the compile starts and one when it ends."""
        from simcore.engine_start import minutes

        t0 = time.perf_counter()
        took = _expected(expected, measured)
        self.stream.write(f"compiling the engine (first run after an install or update; {took}) ...\n")
        self.stream.flush()

        def done(seconds: float | None) -> None:
            if seconds is not None:
                waited = time.perf_counter() - t0
                took = minutes(max(seconds, waited))
                self.stream.write(f"compiled the engine in {took} (not counted in games/s)\n")
                self.stream.flush()
        return done

    def take_back(self) -> None:
        """Erase an announced line (the kernels were in the cache after all, or the command failed
        before the engine started)."""
        if self._shown:
            end, head = self._shown
            self._shown = None
            end()
            self.stream.write("\r" + " " * (len(head) + 6) + "\r")
            self.stream.flush()

    def __call__(self, compiling: bool, expected: float, measured: bool = True):
        if not compiling:
            self.take_back()
            return None
        if not self.stream.isatty():
            return self._log(expected, measured)
        if not self._shown:
            self._show(expected, measured)
        end, head = self._shown

        def done(seconds: float | None) -> None:
            from simcore.engine_start import minutes

            waited = end()          # since the line appeared: the start's seconds and what came before
            self._shown = None
            self.stream.write(f"\r{head}done in {minutes(max(seconds, waited))} (not counted in games/s)\n"
                              if seconds is not None else "\n")
            self.stream.flush()
        return done


_announced = None       # the _EngineStart of this command, if it announced a compile already


def _executor(scheduler, threads):
    """The executor of --scheduler / --threads (a context manager); says where games are played."""
    start = _announced or _EngineStart()
    import numba

    from simcore.executors import make_executor

    if threads and not scheduler and threads > numba.config.NUMBA_NUM_THREADS:
        raise click.BadParameter(f"{threads} is more than the {numba.config.NUMBA_NUM_THREADS} threads of this "
                                 "machine (NUMBA_NUM_THREADS)", param_hint="'--threads'")
    executor = make_executor(scheduler, threads)
    executor.on_start = start
    if scheduler:
        d = executor.describe()
        n = d["workers"]
        click.echo(f"playing on the Dask cluster at {scheduler}: {n} worker{'s' * (n != 1)}", err=True)
    return executor


class _playing:
    """Around the play of a run: closes the progress bar however it ends; a run that fails on the
    cluster (workers dying, a failing task) is one line and exit 1 (the shards already written
    stay, and --resume finishes the run); Ctrl-C is one line saying what was kept and the command
    that resumes, and exit 130."""

    def __init__(self, bar):
        self.bar = bar

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        from simcore.executors import ExecutorError
        self.bar.close()
        if kind is not None and issubclass(kind, ExecutorError):
            raise click.ClickException(str(value)) from None
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            click.echo(interrupted_line(click.get_current_context(silent=True), sys.argv), err=True)
            sys.exit(130)
        return False


def interrupted_line(ctx, argv) -> str:
    """What an interrupted run says: the games kept in its folder and the command that resumes it."""
    from simcore.run import games_kept

    out = ctx.params.get("out") if ctx is not None else None
    args = list(argv[1:])
    if "--resume" not in args:
        args.append("--resume")
    kept = f"{games_kept(Path(out)):,} games kept in {out} (every finished shard)" if out else "nothing kept"
    return f"interrupted: {kept}; resume with: berserk {shlex.join(args)}"


def _even(n: int, option: str) -> int:
    """Seat-swapped pairs need even counts: round up and say so."""
    if n % 2:
        click.echo(f"note: {option} {n} rounded up to {n + 1} (seat-swapped pairs)", err=True)
        return n + 1
    return n


def _matchup(deck_a, deck_b, ai, ai_a, ai_b, rules, ruleset, sets=()):
    from simcore.matchup import make_matchup, parse_rules
    return make_matchup(deck_a, deck_b, ruleset=ruleset, rules=parse_rules(rules),
                        ais=(ai_a or ai, ai_b or ai), overrides=sets)


@main.command()
@matchup_options
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=C.SIMULATE_GAMES, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)
@click.option("--out", type=click.Path(file_okay=False), required=True,
              help="run folder: Parquet shards and run.json (an interrupted run resumes here, see --resume)")
@click.option("--threads", type=click.IntRange(1), default=None, help="worker threads (default: all cores)")
@click.option("--shard-size", type=click.IntRange(1), default=None,
              help="games per Parquet shard, and per chunk sent to a cluster (default 262144)")
@click.option("--batch-size", type=click.IntRange(1), default=None, help="games per kernel call")
@click.option("--seat-pairs", is_flag=True, help="play seat-swapped pairs (games 2k, 2k+1 share dice and "
              "shuffles, deck A moves first in 2k, deck B in 2k+1) instead of the roll-off")
@click.option("--first-game", type=click.IntRange(0, 2**62), default=0, show_default=True,
              help="index of the first game: play games FIRST..FIRST+GAMES-1 of the seed (split a run "
                   "in parts that together hold the same games; even with --seat-pairs)")
@click.option("--progress/--no-progress", default=True, show_default=True)
@execution_options
@lang_option
def simulate(deck_a, deck_b, ai, ai_a, ai_b, rules, ruleset, sets, games, seed, out, threads,
             shard_size, batch_size, seat_pairs, first_game, progress, scheduler, resume, lang):
    """Play GAMES seeded games of DECK_A against DECK_B and print the outcome."""
    from analysis.summary import summarize
    from simcore.config import DEFAULT_BATCH, DEFAULT_SHARD
    from simcore.run import run_simulation

    m = _matchup(deck_a, deck_b, ai, ai_a, ai_b, rules, ruleset, sets)
    shard_size = shard_size or DEFAULT_SHARD
    if seat_pairs:
        games, shard_size = _even(games, "--games"), _even(shard_size, "--shard-size")
        if first_game % 2:
            raise click.BadParameter(f"{first_game} is odd: seat-swapped pairs start at an even game",
                                     param_hint="'--first-game'")
    with _executor(scheduler, threads) as executor:
        bar = _Bar(games, progress)
        t0 = time.perf_counter()
        with _playing(bar):
            manifest = run_simulation(m, games, seed, out, shard_size=shard_size,
                                      batch_size=batch_size or DEFAULT_BATCH,
                                      command="berserk simulate " + shlex.join(sys.argv[2:]),
                                      progress=bar.update, seat_pairs=seat_pairs, executor=executor,
                                      resume=resume, first_game=first_game)
    wall = time.perf_counter() - t0
    T = messages(lang)
    s = summarize(out)
    a, b = m.deck_names
    first_player = T("cli.sim.first_player")
    w = max(len(a), len(b), len(first_player)) + 2
    click.echo(_run_header(T, m.ruleset, m.ais[0], m.ais[1], seed))
    _echo_edits(m.cardset, T)
    click.echo(T("cli.sim.games", games=s["games"], speed=_speed(T, manifest), seconds=f"{wall:.1f}"))
    click.echo("")
    click.echo(f"{'':<{w}}{T('cli.sim.win_rate'):>9}  {T('cli.sim.interval'):<16}{T('cli.sim.n'):>8}")

    def row(label, r):
        interval = f"[{100 * r['lo']:.1f}, {100 * r['hi']:.1f}]"
        click.echo(f"{label:<{w}}{100 * r['rate']:>8.1f}%  {interval:<16}{r['n']:>8}")

    row(a, s["deck_a"])
    row(b, s["deck_b"])
    for first, r in sorted(s["by_first"].items()):
        click.echo(T("cli.sim.moves_first", deck=a if first == 0 else b))
        row(a, r["deck_a"])
        row(b, r["deck_b"])
    row(first_player, s["first_player"])
    click.echo("")
    click.echo(T("cli.sim.draws", draws=s["draws"], share=f"{100 * s['draws'] / max(s['games'], 1):.2f}"))
    click.echo(T("cli.sim.ended", reasons=", ".join(f"{T.value(k)} {v}" for k, v in s["end_reasons"].items())))
    click.echo(T("cli.sim.turns", turns=f"{s['mean_turns']:.1f}", rounds=f"{s['mean_rounds']:.1f}"))
    click.echo(T("cli.sim.written", out=out))


def _run_header(T: Messages, ruleset, ai_a, ai_b, seed, also=()) -> str:
    """The first line a command that plays games prints: rules version, ruleset, pilots, seed."""
    from simcore import RULES_VERSION

    return (T("cli.header", version=RULES_VERSION, ruleset=ruleset, ai_a=ai_a, ai_b=ai_b, seed=seed)
            + (T("cli.also_under", pilots=", ".join(also)) if also else ""))


def _speed(T: Messages, manifest: dict, compared=()) -> str:
    """'7,843 games/s, ' (and the other pilots' rates), or 'all found on disk, ' for a run found finished."""
    gps = manifest.get("games_per_second")
    speed = T("cli.games_per_s", gps=T.group(f"{gps:,.0f}")) if gps else T("cli.on_disk")
    for other in compared:
        if other["games_per_second"]:
            speed += f"{other['pilot']} " + T("cli.games_per_s", gps=T.group(f"{other['games_per_second']:,.0f}"))
    return speed


# the options a run folder's run.json decides (parameter name: option)
REPLAY_FROM_RUN = {"seed": "--seed", "seat_pairs": "--seat-pairs", "ai": "--ai", "ai_a": "--ai-a", "ai_b": "--ai-b",
                   "rules": "--rule", "ruleset": "--ruleset", "sets": "--set", "ai_params": "--ai-param"}


@main.command()
@click.argument("inputs", nargs=-1, required=True, metavar="RUN_DIR | DECK_A DECK_B")
@rules_ai_options("AI of deck A (default: --ai)", "AI of deck B (default: --ai)")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)
@click.option("--game", "game_index", type=click.IntRange(0, 2**62), default=0, show_default=True,
              help="game index within the run")
@click.option("--seat-pairs", is_flag=True,
              help="the run played seat-swapped pairs (every matchup of `meta` and `matchup` does)")
@click.option("--board", is_flag=True, help="print a text board at the start of every turn")
@click.pass_context
def replay(ctx, inputs, ai, ai_a, ai_b, rules, ruleset, sets, seed, game_index, seat_pairs, board):
    """Rebuild one game and print every event: from a run folder (RUN_DIR: what `simulate --out`
    wrote, or a meta's matchup folder matchups/II-JJ; its decks, seats, seed, pilots and rules come
    from its run.json), or from two deck files with --seed (and --seat-pairs for games of a meta)."""
    from pathlib import Path

    from simcore.replay import replay_game, replay_run

    if len(inputs) == 1:
        given = [option for n, option in REPLAY_FROM_RUN.items()
                 if n in ctx.params and ctx.get_parameter_source(n) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"{', '.join(given)} cannot go with a run folder: the run's own settings "
                                   "(run.json) are used")
        m, config, _, lines = replay_run(Path(inputs[0]), game_index, board)
        seed, seat_pairs = int(config["seed"]), bool(config.get("seat_pairs"))
        where = f"game {game_index} of run {inputs[0]} (seed {seed}{', seat-swapped pairs' if seat_pairs else ''})"
    elif len(inputs) == 2:
        m = _matchup(inputs[0], inputs[1], ai, ai_a, ai_b, rules, ruleset, sets)
        _, lines = replay_game(m, seed, game_index, seat_pairs, board)
        where = f"game {game_index} of seed {seed}" + (" (seat-swapped pairs)" if seat_pairs else "")
    else:
        raise click.UsageError(f"{len(inputs)} arguments: give a run folder, or deck A and deck B")
    click.echo(f"# {where}: {m.deck_names[0]} (player 1) vs "
               f"{m.deck_names[1]} (player 2), {m.ais[0]} vs {m.ais[1]}, {m.ruleset}"
               + (f"; card edits: {', '.join(m.cardset.overrides)}" if m.cardset.overrides else ""))
    for line in lines:
        click.echo(line)


def _bundled_decks():
    from pathlib import Path

    import decks as decks_pkg
    return sorted(str(p) for p in (Path(decks_pkg.__file__).resolve().parent / "lists").glob("*.txt"))


def _check_weights(weights, deck_files):
    """Fail before playing if the weights file is bad (it names decks by their '# Name')."""
    if weights:
        from analysis.tables import load_weights
        from decks import load_cardset, load_decks
        load_weights(weights, [d.name for d in load_decks(deck_files, load_cardset())])


def _play_meta(deck_files, games, seed, out, ai, ai_a, ai_b, rules, ruleset, threads, progress,
               mirrors, kind, command, shard_size, scheduler, resume, sets=()):
    from simcore.config import DEFAULT_SHARD
    from simcore.matchup import parse_rules
    from simcore.meta import deck_pairs, run_meta

    shard_size = _even(shard_size, "--shard-size") if shard_size else DEFAULT_SHARD
    rules = parse_rules(rules)
    _cardset(sets)                     # a bad --set fails here, before anything is played or written
    total = games * len(deck_pairs(len(deck_files), mirrors))
    with _executor(scheduler, threads) as executor:
        bar = _Bar(total, progress)
        t0 = time.perf_counter()
        with _playing(bar):
            manifest = run_meta(deck_files, games, seed, out, ais=(ai_a or ai, ai_b or ai),
                                ruleset=ruleset, rules=rules, mirrors=mirrors, kind=kind,
                                command=command, progress=bar.update, shard_size=shard_size,
                                executor=executor, resume=resume, overrides=sets)
    return manifest, time.perf_counter() - t0


def _pct(x):
    return "  n/a" if x is None else f"{100 * x:5.1f}"


def _write_and_tell(out, weights, open_browser, tier_margin=None, lang="en"):
    from analysis.tables import TIER_MARGIN
    from reports.build import build_report
    from reports.render import write_report

    report = build_report(out, weights, TIER_MARGIN if tier_margin is None else tier_margin / 100, lang)
    write_report(report, out)
    _tell(out, open_browser, messages(lang))
    return report


def _tell(out, open_browser, T: Messages):
    """Say where a written report is, and open it if asked."""
    index = f"{out}/index.html"
    click.echo(T("cli.report", index=index))
    if open_browser:
        click.launch(index)


def _print_decks(report, T: Messages):
    t = report["tables"]
    field = {r["deck"]: r for r in t["field"].iter_rows(named=True)}
    nash = {r["deck"]: r["weight"] for r in t["nash_mix"].iter_rows(named=True)}
    w = max(len(d) for d in field) + 2
    click.echo(f"{T('cli.col.deck'):<{w}}{T('cli.col.win_rate'):>9}  {T('cli.col.interval'):<15}"
               f"{T('cli.col.field'):>6}{T('cli.col.tier'):>5}{T('cli.col.nash'):>7}")
    for r in t["deck_win_rates"].iter_rows(named=True):
        f = field[r["deck"]]
        interval = f"[{_pct(r['lo']).strip()}, {_pct(r['hi']).strip()}]"
        click.echo(f"{r['deck']:<{w}}{_pct(r['score']):>8}%  {interval:<15}{_pct(f['uniform']):>5}%"
                   f"{f['tier']:>5}{_pct(nash.get(r['deck'], 0.0)):>6}%")
    for r in t["first_player"].iter_rows(named=True):
        if r["deck_a"] == "all":
            click.echo(T("cli.first_scores", score=_pct(r["score"]).strip(), lo=_pct(r["lo"]).strip(),
                         hi=_pct(r["hi"]).strip(), games=r["games"]))


def tier_margin_option(f):
    return click.option("--tier-margin", type=click.FloatRange(0, 50), default=None,
                        help="points of field score within which decks share a tier (default 2); a "
                             "deck starts a lower tier only when it is also significantly worse")(f)


def meta_options(f):
    f = execution_options(f)
    f = click.option("--shard-size", type=click.IntRange(2), default=None,
                     help="games per Parquet shard of each pair, and per chunk sent to a cluster "
                          "(even; default 262144)")(f)
    f = click.option("--open", "open_browser", is_flag=True, help="open index.html in a browser")(f)
    f = click.option("--progress/--no-progress", default=True, show_default=True)(f)
    f = click.option("--threads", type=click.IntRange(1), default=None,
                     help="worker threads (default: all cores)")(f)
    f = click.option("--weights", type=click.Path(dir_okay=False, exists=True), default=None,
                     help="field weights: a file of 'deck,weight' lines (deck names as in their '# Name')")(f)
    f = tier_margin_option(f)
    f = click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)(f)
    f = lang_option(f)
    return rules_ai_options("AI of the first deck of each pair", "AI of the second deck of each pair",
                            several=True)(f)


def _play_metas(deck_files, games, seed, out, ais, ai_a, ai_b, rules, ruleset, threads, progress,
                mirrors, kind, command, shard_size, scheduler, resume, sets=()):
    """_play_meta under each pilot of `ais`: the first in `out`, the others in out/pilots/<pilot>, all on
    the same seeds; the first meta's manifest lists the others (compared_pilots) for its report."""
    manifest, wall = _play_meta(deck_files, games, seed, out, ais[0], ai_a, ai_b, rules, ruleset, threads,
                                progress, mirrors, kind, command, shard_size, scheduler, resume, sets)
    walls = [wall]

    def play(spec, folder, resume):
        other, w = _play_meta(deck_files, games, seed, folder, spec, None, None, rules, ruleset, threads,
                              progress, mirrors, kind, command, shard_size, scheduler, resume, sets)
        walls.append(w)
        return other

    compared = _under_other_pilots(kind, ais, out, "meta.json", play, resume)
    if compared:
        manifest["compared_pilots"] = compared
    return manifest, sum(walls)


def _under_other_pilots(kind, ais, out, manifest_name, play, resume) -> list:
    """After the run under the first pilot of `ais` in `out`: play(spec, folder, resume) (which returns
    the run's manifest) for each other pilot, into out/pilots/<spec> (simcore.pilots.pilot_folder), on
    the same seeds, and list them in out/<manifest_name> (compared_pilots) for the report; returns that
    list. With --resume, a pilot whose run had not started yet starts it."""
    from pathlib import Path

    from simcore.run import write_json

    compared = []
    for spec in ais[1:]:
        folder = pilot_folder(spec)
        click.echo(f"the same {kind} under {spec}: {out}/{folder}", err=True)
        other = play(spec, f"{out}/{folder}", resume and (Path(out) / folder).exists())
        compared.append({"pilot": spec, "folder": folder, "games_per_second": other.get("games_per_second")})
    if compared:
        path = Path(out) / manifest_name
        manifest = json.loads(path.read_text(encoding="utf-8"))
        manifest["compared_pilots"] = compared
        write_json(path, manifest)
    return compared


def _print_pilot_answers(report, T: Messages):
    """The pilot_answers table (analysis.pilots) of a sweep, balance or swap test, a line per row."""
    t = report["tables"].get("pilot_answers")
    if t is None:
        return
    ref = t["pilot"][0]
    click.echo("")
    click.echo(T("cli.answers", ref=ref))
    w = max(len(x) for x in t["pilot"]) + 2
    for r in t.iter_rows(named=True):
        if "swap" in r:
            what = T("cli.answer.swap", swap=T.value(r["swap"]), impact=f"{100 * r['impact']:+.1f}",
                     lo=f"{100 * r['impact_lo']:+.1f}", hi=f"{100 * r['impact_hi']:+.1f}", verdict=T.value(r["verdict"]))
        elif "step" in r:
            what = T("cli.answer.step", step=T.value(r["step"]), change=f"{100 * r['change']:+.2f}",
                     lo=f"{100 * r['change_lo']:+.2f}", hi=f"{100 * r['change_hi']:+.2f}")
        else:
            what = T("cli.answer.band", before=r["in_band_before"], after=r["in_band_after"], decks=r["decks"],
                     out_before=f"{100 * r['out_of_band_before']:.1f}", out_after=f"{100 * r['out_of_band_after']:.1f}")
        holds = T("cli.answer.reference" if r["pilot"] == ref else "cli.answer.holds" if r["holds"]
                  else "cli.answer.fails")
        click.echo(T("cli.answer", pilot=f"{r['pilot']:<{w}}", what=what, direction=T.value(r["direction"]),
                     holds=holds))


def _print_pilot_agreement(report, T: Messages):
    t = report["tables"]
    if "pilot_agreement" not in t:
        return
    ref = t["pilot_agreement"]["reference"][0]
    click.echo("")
    for r in t["pilot_agreement"].iter_rows(named=True):
        click.echo(T("cli.agreement", pilot=r["pilot"], ref=ref, tau=f"{r['kendall_tau']:.2f}",
                     kept=f"{100 * r['verdicts_kept']:.0f}", matchups=r["matchups"],
                     diff=f"{100 * r['mean_abs_difference']:.1f}", outside=r["differences_outside_zero"]))
    changed = t["pilot_verdicts"]
    if changed.height:
        click.echo(T("cli.verdicts_changed", n=changed.height))


@main.command()
@click.argument("deck_files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(2, MAX_GAMES), default=C.META_GAMES, show_default=True,
              help="games per pair of decks (even: seat-swapped pairs)")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="report folder (default runs/meta-<decks>d-<games>g-seed<seed>); an interrupted "
                   "meta resumes here")
@meta_options
def meta(deck_files, games, out, ai, ai_a, ai_b, rules, ruleset, sets, seed, weights, tier_margin, threads,
         progress, open_browser, shard_size, scheduler, resume, lang):
    """Play every pair of DECK_FILES (default: the bundled decks), mirrors included, as seat-swapped
    seed pairs, and write a report folder: index.html, report.md, tables as CSV and Parquet."""
    T = messages(lang)
    deck_files = list(deck_files) or _bundled_decks()
    if len(deck_files) < 2:
        raise click.UsageError("a meta needs at least two decks")
    games = _even(games, "--games")
    out = out or f"runs/meta-{len(deck_files)}d-{games}g-seed{seed}"
    _check_weights(weights, deck_files)
    command = ("berserk meta " + shlex.join(sys.argv[2:])).rstrip()
    manifest, wall = _play_metas(deck_files, games, seed, out, ai, ai_a, ai_b, rules, ruleset, threads,
                                 progress, True, "meta", command, shard_size, scheduler, resume, sets)
    click.echo(_run_header(T, ruleset, ai_a or ai[0], ai_b or ai[0], seed, ai[1:]))
    _echo_edits(_cardset(sets), T)
    click.echo(T("cli.meta.games", decks=len(deck_files), pairs=len(manifest["matchups"]), games=games,
                 speed=_speed(T, manifest, manifest.get("compared_pilots", [])), seconds=f"{wall:.1f}"))
    report = _write_and_tell(out, weights, open_browser, tier_margin, lang)
    click.echo("")
    _print_decks(report, T)
    mix = ", ".join(f"{r['deck']} {100 * r['weight']:.1f}%"
                    for r in report["tables"]["nash_mix"].iter_rows(named=True) if r["weight"] > 0)
    click.echo(T("cli.nash_mix", mix=mix))
    _print_pilot_agreement(report, T)


@main.command()
@click.argument("deck_a", type=click.Path(dir_okay=False))
@click.argument("deck_b", type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(2, MAX_GAMES), default=C.META_GAMES, show_default=True,
              help="games (even: seat-swapped pairs)")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="report folder (default runs/matchup-<A>-vs-<B>-<games>g-seed<seed>)")
@meta_options
def matchup(deck_a, deck_b, games, out, ai, ai_a, ai_b, rules, ruleset, sets, seed, weights, tier_margin,
            threads, progress, open_browser, shard_size, scheduler, resume, lang):
    """Play DECK_A against DECK_B as seat-swapped seed pairs and write a report folder."""
    from pathlib import Path

    T = messages(lang)
    games = _even(games, "--games")
    out = out or f"runs/matchup-{Path(deck_a).stem}-vs-{Path(deck_b).stem}-{games}g-seed{seed}"
    _check_weights(weights, [deck_a, deck_b])
    manifest, wall = _play_metas([deck_a, deck_b], games, seed, out, ai, ai_a, ai_b, rules, ruleset,
                                 threads, progress, False, "matchup",
                                 "berserk matchup " + shlex.join(sys.argv[2:]), shard_size, scheduler, resume,
                                 sets)
    click.echo(_run_header(T, ruleset, ai_a or ai[0], ai_b or ai[0], seed, ai[1:]))
    _echo_edits(_cardset(sets), T)
    click.echo(T("cli.matchup.games", games=games, speed=_speed(T, manifest, manifest.get("compared_pilots", [])),
                 seconds=f"{wall:.1f}"))
    report = _write_and_tell(out, weights, open_browser, tier_margin, lang)
    click.echo("")
    m = report["tables"]["matchups"]
    names = report["provenance"]["decks"]
    cell = m.filter((m["deck"] == names[0]) & (m["opponent"] == names[1])).row(0, named=True)
    click.echo(T("cli.beats", a=names[0], b=names[1], score=_pct(cell["score"]).strip(), lo=_pct(cell["lo"]).strip(),
                 hi=_pct(cell["hi"]).strip(), games=cell["games"], wins=cell["wins"], draws=cell["draws"],
                 losses=cell["losses"])
               + (T("cli.beats.crosses") if cell["crosses_50"] else ""))
    for r in report["tables"]["first_player"].iter_rows(named=True):
        if r["deck_a"] == "all":
            click.echo(T("cli.first_scores.short", score=_pct(r["score"]).strip(), lo=_pct(r["lo"]).strip(),
                         hi=_pct(r["hi"]).strip()))
    _print_pilot_agreement(report, T)


def _deck_list_option(name, help_text):
    """An option that takes one or more deck files, so that `--vs decks/lists/*.txt` works as the
    shell expands it: the files after the option come as the command's extra arguments."""
    def decorate(f):
        f = click.argument("more_decks", nargs=-1, type=click.Path(dir_okay=False))(f)
        return click.option(name, "deck_list", multiple=True, type=click.Path(dir_okay=False),
                            metavar="FILES...", help=help_text)(f)
    return decorate


def _experiment_options(f):
    """Options shared by sweep and balance: seed, output, threads, progress, shards, executor."""
    f = execution_options(f)
    f = click.option("--shard-size", type=click.IntRange(2), default=None,
                     help="games per Parquet shard of each run (even; default 262144)")(f)
    f = click.option("--open", "open_browser", is_flag=True, help="open index.html in a browser")(f)
    f = click.option("--progress/--no-progress", default=True, show_default=True)(f)
    f = click.option("--threads", type=click.IntRange(1), default=None,
                     help="worker threads (default: all cores)")(f)
    f = click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)(f)
    f = lang_option(f)
    return rules_ai_options("AI of the deck", "AI of the opponents", several=True)(f)


def _write_experiment_report(report, out, open_browser):
    from reports.render import report_messages, write_report

    write_report(report, out)
    _tell(out, open_browser, report_messages(report))


@main.command()
@click.option("--card", required=True, help="the card whose stat is swept, named as in deck lists")
@click.option("--stat", required=True, metavar="STAT",
              help="life, weak, medium, strong (the simple strike), move (movement) or cost; any whole-"
                   "number field of --set works")
@click.option("--from", "lo", type=int, default=-2, show_default=True,
              help="first value: an offset from the card's stat (or the value itself with --absolute)")
@click.option("--to", "hi", type=int, default=2, show_default=True, help="last value (as --from)")
@click.option("--absolute", is_flag=True, help="--from and --to are values of the stat, not offsets")
@click.option("--deck-only", is_flag=True,
              help="edit only the deck's copies of the card (opponents keep it as it was); default: "
                   "everywhere, like an erratum")
@click.option("--deck", required=True, type=click.Path(dir_okay=False), help="the deck that holds the card")
@_deck_list_option("--vs", "opponents (default: the bundled decks); the deck itself is left out")
@click.option("--games", type=click.IntRange(2), default=C.SWEEP_GAMES, show_default=True,
              help="games per value and opponent (even: seat-swapped pairs)")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="report folder (default runs/sweep-<card>-<stat>-<deck>-<games>g-seed<seed>)")
@_experiment_options
def sweep(card, stat, lo, hi, absolute, deck_only, deck, deck_list, more_decks, games, out, ai, ai_a, ai_b, rules,
          ruleset, sets, seed, threads, progress, open_browser, shard_size, scheduler, resume, lang):
    """Win rate of DECK against each opponent and the field as one stat of CARD takes each value of
    --from..--to, on the same seeds for every value (common random numbers), and the exchange rate:
    the win-rate change per +1 of the stat with a paired interval. Writes a report folder."""
    from pathlib import Path

    from analysis.sweep import run_sweep, sweep_opponents, sweep_values
    from decks import load_deck
    from reports.build import build_sweep_report
    from simcore.matchup import parse_rules

    vs = list(deck_list) + list(more_decks) or _bundled_decks()
    games = _even(games, "--games")
    shard_size = _even(shard_size, "--shard-size") if shard_size else None
    rules = parse_rules(rules)
    out = out or f"runs/sweep-{card}-{stat}-{Path(deck).stem}-{games}g-seed{seed}"
    command = ("berserk sweep " + shlex.join(sys.argv[2:])).rstrip()
    cs = _cardset(sets)                # every bad option fails here, before anything is written
    name, field, base, values = sweep_values(cs, card, stat, lo, hi, absolute)
    n_opp = len(sweep_opponents(deck, load_deck(Path(deck), cs), vs, cs))
    with _executor(scheduler, threads) as executor:
        bar = _Bar(games * len(values) * n_opp * len(ai), progress)
        t0 = time.perf_counter()
        with _playing(bar):
            def play(ais, folder, resume):
                return run_sweep(deck, vs, card, stat, lo, hi, games, seed, folder, absolute=absolute, ais=ais,
                                 ruleset=ruleset, rules=rules, overrides=sets, executor=executor,
                                 progress=bar.update, shard_size=shard_size, command=command, resume=resume,
                                 deck_only=deck_only)
            manifest = play((ai_a or ai[0], ai_b or ai[0]), out, resume)
            _under_other_pilots("sweep", ai, out, "sweep.json", lambda spec, f, r: play((spec, spec), f, r), resume)
    wall = time.perf_counter() - t0
    T = messages(lang)
    cfg = manifest["config"]
    _echo_edits(cs, T)
    click.echo(T("cli.sweep.values", card=name, stat=T.value(field), values=", ".join(map(str, cfg["values"])),
                 base=base, deck=cfg["deck"]["name"], n=n_opp, games=games, speed=_speed(T, manifest),
                 seconds=f"{wall:.1f}"))
    report = build_sweep_report(out, lang)
    _write_experiment_report(report, out, open_browser)
    pts, ex = report["tables"]["sweep_points"], report["tables"]["exchange_rate"]
    click.echo("")
    click.echo(f"{T('cli.col.value'):>6}  {T('cli.col.field_score'):>11}  {T('cli.col.interval')}")
    for r in pts.filter(pts["opponent"] == "field").iter_rows(named=True):
        click.echo(f"{r['value']:>6}  {_pct(r['score']):>10}%  [{_pct(r['lo']).strip()}, {_pct(r['hi']).strip()}]")
    for r in ex.filter(ex["opponent"] == "field").iter_rows(named=True):
        click.echo(T("cli.sweep.exchange", step=f"{T.value(r['step']):>10}", change=f"{100 * r['change']:+.2f}",
                     lo=f"{100 * r['change_lo']:+.2f}", hi=f"{100 * r['change_hi']:+.2f}", pairs=r["pairs"]))
    _print_pilot_answers(report, T)


def _edit_text(e: dict, T: Messages) -> str:
    """One +-1 edit of a balance, as its steps and its summary list it: 'Орк life 10 -> 11 (+1)'."""
    return T("cli.bal.edit", card=e["card"], stat=T.value(e["stat"]), from_value=e["from_value"],
             to_value=e["to_value"], step=f"{e['to_value'] - e['from_value']:+d}")


def _balance_step_lines(step: dict, band, max_edits: int, T: Messages = EN) -> list:
    """The lines `balance` prints for a step of its search as it ends (analysis.balance.search), or for
    the end of the search."""
    band_text = f"{100 * band[0]:g}-{100 * band[1]:g}%"
    if "stop" in step:
        why = T("cli.bal.stop." + step["stop"], band=band_text, max_edits=max_edits)
        return [T("cli.bal.done", why=why, edits=T.plural("edits", step["edits"]))]
    deck, pp = step["deck"], lambda x: f"{100 * x:+.1f}"
    head = T("cli.bal.step", step=step["step"], deck=deck, score=f"{100 * step['deck_score']:.1f}",
             lo=f"{100 * step['deck_score_lo']:.1f}", hi=f"{100 * step['deck_score_hi']:.1f}", band=band_text,
             candidates=step["candidates"], direction=T("cli.bal.help" if step["direction"] == "help" else "cli.bal.weaken"),
             games=T.count(step["screen_games"]), seconds=f"{step['seconds']:.1f}")
    lines = [head]
    if not step.get("tried"):
        return lines + [T("cli.bal.no_edit")]
    verdict = (T("cli.bal.accepted", step=step["step"], max_edits=max_edits) if step["accepted"]
               else T("cli.bal.rejected"))
    lines.append(T("cli.bal.best", edit=_edit_text(step, T), deck=deck, score=f"{100 * step['deck_score_after']:.1f}",
                   lo=f"{100 * step['deck_score_after_lo']:.1f}", hi=f"{100 * step['deck_score_after_hi']:.1f}",
                   change=pp(step["change"]), change_lo=pp(step["change_lo"]), change_hi=pp(step["change_hi"]),
                   before=f"{100 * step['out_of_band_before']:.1f}", after=f"{100 * step['out_of_band_after']:.1f}",
                   verdict=verdict))
    return lines


@main.command()
@click.option("--target", required=True, metavar="LO:HI",
              help="the band every deck's field win rate should reach, e.g. 0.45:0.55")
@_deck_list_option("--decks", "the decks of the field (default: the bundled decks; at least 3)")
@click.option("--games", type=click.IntRange(2), default=C.BALANCE_GAMES, show_default=True,
              help="screening games per pair of decks and candidate edit (even)")
@click.option("--confirm-games", type=click.IntRange(2), default=C.BALANCE_CONFIRM_GAMES, show_default=True,
              help="games per pair of the confirmation runs, unedited and edited (even)")
@click.option("--max-edits", type=click.IntRange(0), default=C.BALANCE_MAX_EDITS, show_default=True,
              help="at most this many +-1 edits")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="report folder (default runs/balance-<decks>d-<LO>-<HI>-seed<seed>)")
@_experiment_options
def balance(target, deck_list, more_decks, games, confirm_games, max_edits, out, ai, ai_a, ai_b, rules,
            ruleset, sets, seed, threads, progress, open_browser, shard_size, scheduler, resume, lang):
    """Greedy search for the fewest +-1 edits of life, strike values and cost of the decks' cards that
    pull every deck's field win rate into the --target band: candidates screened cheaply on common
    random numbers, the chosen edits confirmed by a larger paired run against the unedited meta."""
    from analysis.balance import confirm_under_pilot, parse_target, run_balance
    from reports.build import build_balance_report
    from simcore.matchup import parse_rules

    band = parse_target(target)
    deck_files = list(deck_list) + list(more_decks) or _bundled_decks()
    games, confirm_games = _even(games, "--games"), _even(confirm_games, "--confirm-games")
    shard_size = _even(shard_size, "--shard-size") if shard_size else None
    rules = parse_rules(rules)
    cs = _cardset(sets)
    out = out or f"runs/balance-{len(deck_files)}d-{band[0]:g}-{band[1]:g}-seed{seed}"
    command = ("berserk balance " + shlex.join(sys.argv[2:])).rstrip()

    bar = _Bar(None, progress)
    T = messages(lang)

    def log(step):
        for line in _balance_step_lines(step, band, max_edits, T):
            bar.echo(line)

    _echo_edits(cs, T)
    with _executor(scheduler, threads) as executor:
        t0 = time.perf_counter()
        with _playing(bar):
            manifest = run_balance(deck_files, band, games, confirm_games, max_edits, seed, out,
                                   ais=(ai_a or ai[0], ai_b or ai[0]), ruleset=ruleset, rules=rules, overrides=sets,
                                   executor=executor, shard_size=shard_size, command=command, log=log,
                                   progress=bar.update, resume=resume)
            _under_other_pilots("balance confirmation", ai, out, "balance.json",
                                lambda spec, f, r: confirm_under_pilot(out, spec, executor, progress=bar.update), resume)
    wall = time.perf_counter() - t0
    report = build_balance_report(out, lang)
    t = report["tables"]
    summary = t["balance_summary"].row(0, named=True)
    edits = t["balance_edits"]
    click.echo(T("cli.bal.result", decks=len(deck_files), lo=f"{100 * band[0]:.1f}", hi=f"{100 * band[1]:.1f}",
                 reached=T("head.reached" if summary["reached"] else "head.not_reached"),
                 edits=T.plural("edits", summary["edits"]), colon=":" if summary["edits"] else ""))
    for e in edits.iter_rows(named=True):
        click.echo(f"  {_edit_text(e, T)}")
    if manifest["edits"]:
        click.echo(T("cli.bal.as_set", edits=" ".join(shlex.quote(x) for x in manifest["edits"])))
    click.echo(T("cli.bal.games", screen=T.count(manifest["screen_games"]), confirm=T.count(manifest["confirm_games"]),
                 seconds=f"{wall:.1f}"))
    _write_experiment_report(report, out, open_browser)
    w = max(len(d) for d in t["balance_decks"]["deck"]) + 2
    click.echo(f"{T('cli.col.deck'):<{w}}{T('cli.col.before'):>8}{T('cli.col.after'):>8}  {T('cli.col.change')}")
    for r in t["balance_decks"].iter_rows(named=True):
        click.echo(f"{r['deck']:<{w}}{_pct(r['before']):>7}%{_pct(r['after']):>7}%  "
                   f"{100 * r['change']:+.1f} {T('pp')} [{100 * r['change_lo']:+.1f}, {100 * r['change_hi']:+.1f}]")
    _print_pilot_answers(report, T)


@main.command()
@click.argument("deck", type=click.Path(dir_okay=False))
@_deck_list_option("--vs", "opponent decks (default: the bundled decks); DECK itself is left out")
@click.option("--card", default=None, help="the card of DECK to swap")
@click.option("--replace", default=None,
              help="the card that replaces it (default: the card's vanilla copy, same body and no text)")
@click.option("--all-cards", is_flag=True,
              help="swap every distinct card of DECK, one test each (Holm-corrected)")
@click.option("--games", type=click.IntRange(2), default=None,
              help="fixed budget: play exactly this many games per opponent (no early stop)")
@click.option("--max-games", type=click.IntRange(2), default=None,
              help="sequential budget: stop each swap at its SPRT decision or at this many games per "
                   f"opponent (default {C.SPRT_MAX_GAMES})")
@click.option("--chunk", type=click.IntRange(2), default=None,
              help=f"games per opponent between two looks of the SPRT (a shard; default {C.SPRT_CHUNK})")
@click.option("--alpha", type=float, default=C.SPRT_ALPHA, show_default=True,
              help="SPRT: chance of accepting H1 when H0 holds")
@click.option("--beta", type=float, default=C.SPRT_BETA, show_default=True,
              help="SPRT: chance of accepting H0 when H1 holds")
@click.option("--h0", type=float, default=0.0, show_default=True,
              help="SPRT H0: field impact in win-rate units (0.01 = 1 percentage point)")
@click.option("--h1", type=float, default=None,
              help=f"SPRT H1: field impact in win-rate units (default +{C.SPRT_H1} for --card with --replace; "
                   f"-{C.SPRT_H1} with vanilla fillers or --all-cards: the card is worth {100 * C.SPRT_H1:g} points "
                   "more than its filler)")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="test folder (default runs/impact-<deck>-<swap>-<games>g-seed<seed>); an interrupted "
                   "test resumes here")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)
@click.option("--threads", type=click.IntRange(1), default=None, help="worker threads (default: all cores)")
@click.option("--progress/--no-progress", default=True, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="open index.html in a browser")
@execution_options
@lang_option
@rules_ai_options("AI of DECK and its variants", "AI of the opponents", several=True)
def impact(deck, deck_list, more_decks, card, replace, all_cards, games, max_games, chunk, alpha, beta, h0, h1, out, seed,
           threads, progress, open_browser, scheduler, resume, lang, ai, ai_a, ai_b, rules, ruleset, sets):
    """Swap test: DECK against DECK with --card replaced (or every card, --all-cards), on the same seeds,
    seats, shuffles and dice, against each opponent; impact with paired intervals, an SPRT that stops
    when it decides, and a report folder. DECK comes first: `berserk impact DECK --card X --vs OPP...`."""
    from analysis.causal import default_folder, run_impact
    from simcore.matchup import parse_rules

    opponents = [*deck_list, *more_decks] or _bundled_decks()
    if games and max_games:
        raise click.UsageError("--games (fixed budget) and --max-games (sequential) exclude each other")
    budget = games or max_games or C.SPRT_MAX_GAMES
    chunk = chunk or C.SPRT_CHUNK
    out = out or default_folder(deck, card, replace, all_cards, budget + budget % 2, seed)
    from analysis.causal import plan_swaps
    from analysis.sweep import sweep_opponents
    from decks import load_deck

    cardset = _cardset(sets)          # bad options fail here or in run_impact, before anything is written
    planned, swaps, _ = plan_swaps(deck, cardset, card, replace, all_cards)
    n_opp = len(sweep_opponents(deck, load_deck(deck, planned), opponents, planned))
    command = ("berserk impact " + shlex.join(sys.argv[2:])).rstrip()
    with _executor(scheduler, threads) as executor:
        bar = _Bar((budget + budget % 2) * n_opp * (1 + len(swaps)) * len(ai), progress)
        t0 = time.perf_counter()
        with _playing(bar):
            def play(ais, folder, resume):
                return run_impact(deck, opponents, card, replace, all_cards, games=games,
                                  max_games=max_games or C.SPRT_MAX_GAMES, chunk=chunk, seed=seed,
                                  alpha=alpha, beta=beta, h0=h0, h1=h1, out=folder, cardset=cardset, ais=ais,
                                  ruleset=ruleset, rules=parse_rules(rules), executor=executor,
                                  progress=bar.update, command=command, resume=resume)
            manifest = play((ai_a or ai[0], ai_b or ai[0]), out, resume)
            _under_other_pilots("swap test", ai, out, "impact.json", lambda spec, f, r: play((spec, spec), f, r),
                                resume)
    wall = time.perf_counter() - t0
    T = messages(lang)
    cfg = manifest["config"]
    sprt = cfg["sprt"]
    click.echo(_run_header(T, ruleset, ai_a or ai[0], ai_b or ai[0], seed, ai[1:]))
    click.echo(T("cli.imp.games", swaps=T.plural("cli.imp.swaps", len(cfg["swaps"])),
                 opponents=T.plural("cli.imp.opponents", n_opp),
                 mode=T("cli.imp.sequential" if cfg["sequential"] else "cli.imp.fixed"),
                 budget=cfg["games_per_opponent"], played=T.count(manifest["games_played"]), seconds=f"{wall:.1f}"))
    lower, upper = manifest["sprt_bounds"]
    click.echo(T("cli.imp.sprt", h0=f"{100 * sprt['h0']:+.1f}", h1=f"{100 * sprt['h1']:+.1f}", alpha=sprt["alpha"],
                 beta=sprt["beta"], lower=f"{lower:.2f}", upper=f"{upper:.2f}"))
    _echo_edits(cardset, T)
    from reports.impact import skip_reason
    for s in manifest.get("skipped", []):
        click.echo(T("cli.imp.not_tested", card=s["card"], why=skip_reason(s["why"], T)))
    report = _write_impact_and_tell(out, open_browser, lang)
    click.echo("")
    _print_impact(report, T)
    _print_pilot_answers(report, T)


def _write_impact_and_tell(out, open_browser, lang):
    from reports.impact import build_impact_report, write_impact_report

    report = build_impact_report(out, lang)
    write_impact_report(report, out)
    _tell(out, open_browser, messages(lang))
    return report


def _print_impact(report, T: Messages):
    swaps = report["tables"]["swaps"]
    names = [T.value(s) for s in swaps["swap"].to_list()]
    w = max(len(s) for s in names) + 2
    tests = swaps["tests"][0] if swaps.height else 0
    click.echo(f"{T('cli.col.swap'):<{w}}{T('cli.col.impact'):<30}{T('cli.col.sprt'):<28}{T('cli.col.saved')}")
    for name, r in zip(names, swaps.iter_rows(named=True)):
        ci = f"{100 * r['impact']:+.1f} {T('pp')} [{100 * r['impact_lo']:+.1f}, {100 * r['impact_hi']:+.1f}]"
        ci += " *" if r["flagged"] else ""
        verdict = T("cli.imp.at", verdict=T.value(r["verdict"]), games=T.count(r["decided_games"] or r["games"]))
        saved = (T("cli.imp.saved", saved=T.count(r["games_saved"]), unpaired=T.count(r["unpaired_games"]))
                 if r["games_saved"] is not None else T("cli.imp.no_variance"))
        click.echo(f"{name:<{w}}{ci:<30}{verdict:<28}{saved}")
    click.echo(T.plural("cli.imp.holm", tests))


@main.command()
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("--weights", type=click.Path(dir_okay=False, exists=True), default=None,
              help="field weights: a file of 'deck,weight' lines")
@tier_margin_option
@click.option("--open", "open_browser", is_flag=True, help="open index.html in a browser")
@lang_option
def report(run_dir, weights, tier_margin, open_browser, lang):
    """Render (again) the report of a finished run folder of simulate, matchup, meta, sweep, balance
    or impact: index.html, report.md and every table as CSV and Parquet, written into RUN_DIR."""
    from pathlib import Path

    from reports.build import build_balance_report, build_sweep_report
    for manifest, build in (("sweep.json", build_sweep_report), ("balance.json", build_balance_report)):
        if (Path(run_dir) / manifest).exists():
            _write_experiment_report(build(run_dir, lang), run_dir, open_browser)
            return
    if (Path(run_dir) / "impact.json").exists():
        if weights:
            raise click.UsageError("--weights does not apply to an impact test (its field is uniform)")
        _print_impact(_write_impact_and_tell(run_dir, open_browser, lang), messages(lang))
        return
    rep = _write_and_tell(run_dir, weights, open_browser, tier_margin, lang)
    click.echo("")
    _print_decks(rep, messages(lang))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--engine", type=click.Choice(["fast", "reference"]), default="fast", show_default=True,
              help="the engine that plays it: the fast Numba engine, or the reference engine (simcore/reference; "
                   "no events; the decisions the file leaves to the players come from the fast engine's log)")
@card_overrides_option
def scenario(file, engine, sets):
    """Play a scenario file (forced dice, scripted actions; docs/SCENARIOS.md) and print the result as JSON."""
    from simcore.scenario import ScenarioError, run_scenario

    cardset = _cardset(sets)
    if engine == "reference":
        from simcore.reference.scenario import run_scenario_reference as run_scenario
    try:
        result = run_scenario(file, cardset)
    except ScenarioError as e:
        click.echo(f"error: {file}: {e}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


def _played_list(card, T: Messages = EN):
    """' | played: 1 ...; 2 ...': the card's played abilities numbered in card-text order, the N of a
    scenario's { do = "ability", ability = N } (docs/SCENARIOS.md)."""
    from reports.lang.cards import played_label

    labels = card.played_ability_labels()
    return T("cards.played", list="; ".join(f"{n} {played_label(what, T)}" for n, what in enumerate(labels, 1))) \
        if labels else ""


@main.command()
@click.option("--missing", is_flag=True,
              help="list the set-1 cards not yet playable and the parts of their text the engine lacks")
@card_overrides_option
@lang_option
def cards(missing, sets, lang):
    """List the card set: a header row, then the stats and text of every playable card (with --set: as
    edited, edited cards marked *), with the game's terms in the chosen language."""
    from reports.lang.cards import card_text

    T = messages(lang)
    cs = _cardset(sets)
    if missing:
        from decks.catalog import load_catalog
        from decks.catalog import missing as missing_cards

        todo = missing_cards(cs)
        total = len(load_catalog())
        click.echo(T("missing.summary", playable=total - len(todo), total=total, missing=len(todo),
                     ready=sum(1 for _, parts in todo if not parts)))
        by_element = {}
        for card, _ in todo:
            by_element[card.element] = by_element.get(card.element, 0) + 1
        click.echo(T("missing.per_element", list=", ".join(f"{T('element.' + e)} {n}"
                                                            for e, n in sorted(by_element.items()))))
        for card, parts in todo:
            # the parts in the catalogue's English: the vocabulary's own words, for whoever encodes the card
            what = "; ".join(parts) if parts else T("missing.ready")
            click.echo(f"{card.set_number:>6} {card.name:<22} {T('element.' + card.element):<9} "
                       + T("missing.part", what=what))
        return
    click.echo(T("cards.set", n=len(cs.cards), path=cs.path, sha=cs.sha256[:12]))
    _echo_edits(cs, T)
    edited = {e.rsplit(".", 1)[0] for e in cs.overrides}
    rows = [[c.set_number, c.name + ("*" if c.name in edited else ""), T("element." + c.element), str(c.cost),
             T("cards.elite" if c.elite else "cards.ordinary"), T("cards.unique") if c.unique else "", str(c.life),
             T("cards.fly") if c.kind == "flyer" else T("cards.move", n=c.move), "-".join(map(str, c.strike)),
             card_text(c.text, T) + _played_list(c, T)] for c in cs.cards]
    header = [T(f"cards.col.{k}") for k in CARD_COLUMNS]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header) - 1)]
    right = {0, 3, 6}                      # numbers: set number, cost, life
    for r in [header, *rows]:
        cells = [f"{x:>{w}}" if i in right else f"{x:<{w}}" for i, (x, w) in enumerate(zip(r, widths))]
        click.echo((" ".join(cells) + " " + r[-1]).rstrip())
    click.echo(T("cards.legend"))


CARD_COLUMNS = ("number", "name", "element", "cost", "rank", "unique", "life", "move", "strike", "text")


@main.group()
def decks():
    """Deck lists: validate them."""


@decks.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@card_overrides_option
@lang_option
def validate(files, sets, lang):
    """Check that every deck file is legal (docs/RULES.md section 1): every problem of every file is
    told, one line each. Legality does not depend on card stats, so --set is only checked and shown."""
    from decks import load_deck
    from decks.errors import raise_all

    T = messages(lang)
    cs = _cardset(sets)
    _echo_edits(cs, T)
    problems = []
    for f in files:
        try:
            d = load_deck(f, cs)
        except InputError as e:
            problems.append(e)
            continue
        elements = {}
        for cid in d.card_ids:
            e = cs.cards[cid].element
            elements[e] = elements.get(e, 0) + 1
        mix = ", ".join(f"{T('element.' + k)} {v}" for k, v in sorted(elements.items(), key=lambda kv: -kv[1]))
        click.echo(T("validate.ok", file=f, deck=d.name, n=len(d.card_ids), mix=mix))
    raise_all(problems)


if __name__ == "__main__":
    main()
