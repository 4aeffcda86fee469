"""A simulation run: play N seeded games of a matchup, shard by shard, through an executor
(simcore.executors: this process or a Dask cluster) and write them as Parquet shards with a
`run.json` manifest, so that nothing written is lost when a run is interrupted and the same command
(or `--resume`) finishes it.

Layout of the output folder:
  run.json                 manifest: config (seed, games, shard size, RULES_VERSION, card-set hash,
                           decks, AIs, ruleset), library versions, command line, status, timings,
                           finished_shards, executor, sessions (one entry per invocation)
  games/shard-00000.parquet  one row per game (simcore.kernels.batch.GAME_COLUMNS)
  cards/shard-00000.parquet  per (player, card) counts of the shard (simcore.kernels.batch.CARD_COUNT_COLUMNS)
Shard k holds games first + k*shard_size .. first + (k+1)*shard_size-1 (first: `first_game`, 0
unless the run plays a later range of game indices: then two runs of the same seed, say games 0..n-1
and n..2n-1, together hold exactly the games of one run of 2n games); a shard is written to a temporary file and
renamed, so a shard file is either complete or absent. This process writes every file; executors
only hand back the games of a shard.

Seat-swapped pairs (docs/ANALYTICS.md, "seat-balanced pairs"; `seat_pairs=True`, what `meta` and `matchup`
play): games 2k and 2k+1 share the random numbers of key k (shuffles, dice, AI streams) and differ
only in who moves first: deck A in game 2k, deck B in game 2k+1. Without pairs (plain `simulate`),
game i uses key i and the first player is the seeded roll-off of the rules.
"""
import hashlib
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numba
import numpy as np
import polars as pl

from decks.errors import InputError

from . import RULES_VERSION
from .config import DEFAULT_BATCH, DEFAULT_SHARD
from .executors import Chunk, GameSpec, LocalExecutor, play_span
from .pilots import pilots_config


def library_versions() -> dict:
    import pyarrow
    return {"python": platform.python_version(), "numba": numba.__version__,
            "numpy": np.__version__, "polars": pl.__version__, "pyarrow": pyarrow.__version__}


def file_sha(path) -> str:
    """The SHA-256 of a file's bytes (deck lists and card sets in a manifest)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def run_config(matchup, games: int, seed: int, shard_size: int, seat_pairs: bool = False,
               first_game: int = 0) -> dict:
    """What identifies a run: the same config resumes, a different one is refused. A variant
    matchup (simcore.matchup.swap_cards) adds its `variant`. `first_game` is recorded only when it
    is not 0 (so runs written before it existed still resume)."""
    config = {
        "games": games, "seed": seed, "shard_size": shard_size, "seat_pairs": seat_pairs,
        **({"first_game": first_game} if first_game else {}),
        "rules_version": RULES_VERSION,
        "cardset_sha256": matchup.cardset.sha256, "ruleset": matchup.ruleset,
        "rules": matchup.rules, "params": [int(x) for x in matchup.params],
        "ai": pilots_config(matchup.ais),
        "decks": [{"path": p, "name": n, "sha256": file_sha(p)}
                  for p, n in zip(matchup.deck_paths, matchup.deck_names)],
    }
    if getattr(matchup, "variant", None):
        config["variant"] = matchup.variant
    return with_overrides(config, matchup.cardset)


def with_overrides(config: dict, cardset) -> dict:
    """The config with the card set's `--set` edits (only when there are some, so that runs of the
    printed set keep the config they always had and still resume)."""
    if cardset.overrides:
        config["overrides"] = list(cardset.overrides)
        config["cardset_printed_sha256"] = cardset.base_sha256
    return config


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that a reader (or a run interrupted while writing) sees the old text or the
    new one, never half of it."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_json(path: Path, data) -> None:
    """A manifest as JSON, atomically (atomic_write_text)."""
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False))


def _atomic_parquet(df: pl.DataFrame, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    df.write_parquet(tmp)
    os.replace(tmp, path)


def shard_paths(out: Path, k: int):
    return out / "games" / f"shard-{k:05d}.parquet", out / "cards" / f"shard-{k:05d}.parquet"


def games_kept(out: Path) -> int:
    """The games of every finished shard in run folder `out` and the run folders under it (a meta's
    matchups): what an interrupted run keeps. A shard is written under a temporary name and renamed
    when whole, so every file counted is whole."""
    import polars as pl

    files = sorted(Path(out).rglob("games/shard-*.parquet"))
    return int(pl.scan_parquet(files).select(pl.len()).collect().item()) if files else 0


def play_range(matchup, S, seed: int, lo: int, hi: int, seat_pairs: bool = False):
    """Play games lo..hi-1 in batches of S's rows: (per-game columns, per-(player, card) counts).
    With seat pairs, lo and hi must be even."""
    return play_span(matchup.table.stats, matchup.decks, matchup.sizes, matchup.params, S, seed, lo, hi,
                     seat_pairs)


# the manifest at the top of each kind of run folder, and what the kind is called in messages
MANIFESTS = {"run.json": "run", "meta.json": "meta or matchup run", "sweep.json": "sweep",
             "impact.json": "impact test", "balance.json": "balance search"}


# config keys told by the setting's name a user knows (the option); the others by their own key
SETTING_NAMES = {"games_per_matchup": "games", "games_per_pair": "games", "games_per_run": "games",
                 "games_per_opponent": "games", "confirm_games_per_pair": "confirm games",
                 "cardset_sha256": "card set", "cardset_printed_sha256": "printed card set",
                 "overrides": "--set card edits", "ai": "AI"}


# what follows from other settings (the engine's parameter vector from the ruleset, rules and AI; the
# card set's hashes from --set; each pilot's tunables from the AI names)
DERIVED_SETTINGS = ("params:", "card set:", "printed card set:", "AI.pilots")


def _value_text(value, width: int = 60) -> str:
    """A config value in a message: a scalar as written, a deck or opponent by its name or path, a
    swap as 'card -> replacement', a list item by item; cut to `width` characters."""
    if isinstance(value, dict) and ("name" in value or "path" in value):
        text = str(value.get("name") or value["path"])
    elif isinstance(value, dict) and "card" in value and "replacement" in value:     # a swap of `impact`
        text = f"{value['card']} -> {value['replacement']}"
    elif isinstance(value, list):
        text = "[" + ", ".join(_value_text(v, width) for v in value) + "]"
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    elif isinstance(value, bool) or value is None:
        text = json.dumps(value)
    elif isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value):
        text = value[:12]                   # a SHA-256: its first 12 digits tell two apart
    else:
        text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _named(values) -> bool:
    """A list of decks or opponents (dicts with a path)."""
    return isinstance(values, list) and all(isinstance(v, dict) and "path" in v for v in values)


def _list_difference(key: str, folder: list, asked: list) -> str:
    """How two lists of decks differ: which are left out or added, or the order."""
    had, has = [_value_text(v) for v in folder], [_value_text(v) for v in asked]
    if sorted(had) == sorted(has):
        return f"{key}: the same in another order ({', '.join(had)} in the folder, {', '.join(has)} asked)"
    gone, new = [n for n in had if n not in has], [n for n in has if n not in had]
    change = "; ".join(([f"without {', '.join(gone)}"] if gone else []) + ([f"with {', '.join(new)}"] if new else []))
    return f"{key}: {len(had)} in the folder, {len(has)} asked ({change or 'other files'})"


def config_differences(folder: dict, asked: dict, key: str = "") -> list[str]:
    """What differs between the config of the run in a folder and the one asked, one phrase per
    setting, e.g. 'games: 1000 in the folder, 2000 asked'; a deck file edited since the run is told
    as such, and a changed list of decks by the decks left out or added."""
    if folder == asked:
        return []
    if isinstance(folder, dict) and isinstance(asked, dict):
        if "sha256" in folder and "path" in folder and \
                {k: v for k, v in folder.items() if k != "sha256"} == {k: v for k, v in asked.items() if k != "sha256"}:
            edited = (f"{key.removesuffix('s')} {_value_text(asked)}: the file was edited since the run (sha256 "
                      f"{_value_text(folder['sha256'])} in the folder, {_value_text(asked.get('sha256'))} asked)")
            return [edited]
        out = []
        for k in [*folder, *(k for k in asked if k not in folder)]:
            label = f"{key}.{k}" if key else SETTING_NAMES.get(k, k)
            label = {"AI.a": "AI of deck A", "AI.b": "AI of deck B"}.get(label, label)
            if k not in folder or k not in asked:
                had, has = (_value_text(d[k]) if k in d else "none" for d in (folder, asked))
                out.append(f"{label}: {had} in the folder, {has} asked")
            else:
                out += config_differences(folder[k], asked[k], label)
        if not key:         # settings that follow from others are told only when nothing else differs
            told = [x for x in out if not x.startswith(DERIVED_SETTINGS)]
            out = told or out
        return out
    if _named(folder) and _named(asked):
        if [v["path"] for v in folder] == [v["path"] for v in asked]:
            return [x for a, b in zip(folder, asked) for x in config_differences(a, b, key)]
        return [_list_difference(key, folder, asked)]
    return [f"{key}: {_value_text(folder)} in the folder, {_value_text(asked)} asked"]


def open_manifest(out: Path, name: str, config: dict, differs: str, resume: bool = False,
                  what: str | None = None):
    """The manifest `name` (a key of MANIFESTS) of folder `out` when it holds this very run (the same
    config), to resume; None when the folder holds no run of any kind yet. Every other case is a
    one-line InputError: an unreadable manifest, a different run of this kind (naming each setting
    that differs with both values, config_differences; `differs` lists what may differ, for a
    manifest without a config), another kind of run, or --resume with nothing to resume. `what` names the run in
    messages (default: its kind, MANIFESTS[name])."""
    what = what or MANIFESTS[name]
    path = out / name
    if path.exists():
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise InputError(str(path), None, f"unreadable {what} manifest",
                             "delete the folder or choose another --out") from None
        if manifest.get("config") != config:
            told = config_differences(manifest.get("config") or {}, config)
            raise InputError(str(out), None, f"the folder holds a different {what}: "
                             + ("; ".join(told) if told else f"its settings differ ({differs})"),
                             "ask with the folder's settings, or choose another --out, or delete the folder "
                             "to start over")
        return manifest
    other = next((MANIFESTS[n] for n in MANIFESTS if n != name and (out / n).exists()), None)
    if other:
        raise InputError(str(out), None, f"the folder holds a {other}, not a {what}", "choose another --out")
    if resume:
        raise InputError(str(out), None, f"nothing to resume: the folder holds no {what}",
                         "run the same command without --resume to start it")
    return None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class RunFolder:
    """One run folder being filled: its manifest, the shards still missing, and the writer of the
    shards (the only one: executors hand their results back to it).

    `run.json` lists the finished shards (`finished_shards`, rewritten atomically after each shard),
    but a shard counts as done iff both its files exist, so a kill between the rename of a shard
    and the manifest update loses nothing. Each invocation adds an entry to `sessions` (when it
    started, its executor, games played, seconds), so a run started locally and finished on a
    cluster says so; the executor is not part of the config, and never changes the games."""

    def __init__(self, matchup, games: int, seed: int, out_dir, shard_size: int = DEFAULT_SHARD,
                 batch_size: int = DEFAULT_BATCH, seat_pairs: bool = False, command: str | None = None,
                 resume: bool = False, executor: dict | None = None, first_game: int = 0):
        out = Path(out_dir)
        if seat_pairs and (games % 2 or shard_size % 2 or first_game % 2):
            raise ValueError("seat-swapped pairs need an even number of games, an even shard size and "
                             "an even first game")
        config = run_config(matchup, games, seed, shard_size, seat_pairs, first_game)
        manifest = open_manifest(out, "run.json", config, "other decks, seed, games, shard size, AI, "
                                 "ruleset, card set or --set card edits", resume)
        shards = [*out.glob("games/shard-*.parquet"), *out.glob("cards/shard-*.parquet")]
        if manifest is None and shards:
            raise InputError(str(out), None, "the folder holds shards but no run.json",
                             "delete the folder or choose another --out")
        (out / "games").mkdir(parents=True, exist_ok=True)
        (out / "cards").mkdir(parents=True, exist_ok=True)
        for tmp in [*out.glob("games/*.tmp"), *out.glob("cards/*.tmp")]:
            tmp.unlink(missing_ok=True)         # left by a killed session; rewritten below if needed
        self.out, self.matchup, self.games, self.shard_size = out, matchup, games, shard_size
        self.first_game = first_game
        self.n_shards = max(1, -(-games // shard_size))
        self.done = {k for k in range(self.n_shards) if all(p.exists() for p in shard_paths(out, k))}
        self.spec = GameSpec(matchup.table.stats, matchup.decks, matchup.sizes, matchup.params, seed,
                             seat_pairs, batch_size)
        self.played, self.seconds = 0, 0.0
        self.session = {"started": _now(), "executor": executor or {"kind": "local"},
                        "games_played": 0, "seconds": 0.0}
        self.manifest = manifest or {"config": config, "created": self.session["started"]}
        self.manifest.pop("threads", None)        # written by earlier versions; see "executor"
        self.manifest.update({"status": "running", "command": command or " ".join(sys.argv),
                              "library_versions": library_versions(),
                              "per_card_rows": "per-shard counts per (player, card)",
                              "executor": self.session["executor"], "shards": self.n_shards})
        self.manifest["sessions"] = [*self.manifest.get("sessions", []), self.session]
        self._save()

    def bounds(self, k: int) -> tuple:
        lo = self.first_game + k * self.shard_size
        return lo, min(self.first_game + self.games, lo + self.shard_size)

    def missing(self) -> list:
        """(shard, lo, hi) of every shard not on disk."""
        return [(k, *self.bounds(k)) for k in range(self.n_shards) if k not in self.done]

    def games_on_disk(self) -> int:
        return sum(hi - lo for k, lo, hi in ((k, *self.bounds(k)) for k in self.done))

    def _save(self) -> None:
        self.manifest["finished_shards"] = sorted(self.done)
        write_json(self.out / "run.json", self.manifest)

    def write(self, k: int, games: dict, counts: dict, seconds: float = 0.0) -> None:
        """Write shard k (temporary file, then rename), then record it in run.json. A shard written
        twice is written with the same bytes and counted once."""
        names = self.matchup.table.names
        games_df = pl.DataFrame(games)
        cards_df = pl.DataFrame(counts).with_columns(
            pl.Series("name", [names[c] for c in counts["card"]]),
            pl.lit(k, dtype=pl.Int32).alias("shard"))
        g_path, c_path = shard_paths(self.out, k)
        _atomic_parquet(games_df, g_path)
        _atomic_parquet(cards_df, c_path)
        if k in self.done:
            return
        lo, hi = self.bounds(k)
        self.done.add(k)
        self.played += hi - lo
        self.seconds += seconds
        self.session.update({"games_played": self.played, "seconds": round(self.seconds, 3)})
        self._save()

    def stop(self, reason: str) -> dict:
        """Mark a run that ends before its last shard (a sequential test has decided): status
        'stopped', why, and the games on disk. The same command finds its shards and goes on."""
        self.manifest.update({"status": "stopped", "stopped_because": reason, "finished": _now(),
                              "games_on_disk": self.games_on_disk()})
        self._save()
        return self.manifest

    def finish(self) -> dict:
        """Mark the run complete (every shard is on disk) and return its manifest."""
        missing = self.missing()
        if missing:
            raise RuntimeError(f"{self.out}: {len(missing)} shards are still missing")
        self.manifest.update({
            "status": "complete", "finished": _now(),
            "games_played_this_session": self.played, "seconds_this_session": round(self.seconds, 3),
            "games_per_second": round(self.played / self.seconds, 1) if self.played and self.seconds > 0
            else None})
        self._save()
        return self.manifest


def play_runs(runs, executor, progress=None) -> None:
    """Play the missing shards of every run through the executor (all of them at once, so that a
    cluster stays busy) and write each shard as its result arrives. `progress(n)` is called with
    the number of games done (played, or found on disk: `progress.found(n)` if it has one). The time between two results is
    credited to the run of the second, so the runs' seconds add up to the wall time."""
    found = getattr(progress, "found", progress)     # a progress bar counts these apart
    if progress:
        for r in runs:
            if r.games_on_disk():
                found(r.games_on_disk())
    play_shards(runs, [(i, k) for i, r in enumerate(runs) for k, _, _ in r.missing()], executor, progress)


def play_shards(runs, shards, executor, progress=None) -> None:
    """Play the given (run number, shard) pairs of the runs through the executor, all at once, and
    write each shard as its result arrives (shards already on disk are skipped). A sequential test
    plays its runs this way, one step of shards at a time."""
    specs = [r.spec for r in runs]
    chunks = [Chunk(i, k, *runs[i].bounds(k)) for i, k in shards if k not in runs[i].done]
    if chunks:
        executor.start(specs[chunks[0].run])       # the engine's start is not counted in games/s
    t = time.perf_counter()
    for c, games, counts in executor.play(specs, chunks, progress):
        now = time.perf_counter()
        runs[c.run].write(c.shard, games, counts, now - t)
        t = now


def run_simulation(matchup, games: int, seed: int, out_dir, threads: int | None = None,
                   shard_size: int = DEFAULT_SHARD, batch_size: int = DEFAULT_BATCH,
                   command: str | None = None, progress=None, seat_pairs: bool = False,
                   executor=None, resume: bool = False, first_game: int = 0) -> dict:
    """Play games first_game..first_game+games-1 of the matchup and write the run folder; returns
    the manifest.
    `progress(n)` is called with the number of games done (played or found on disk).
    With `seat_pairs`, games and shard_size must be even (games 2k, 2k+1 are a pair).
    `executor`: where to play (default: this process on `threads` threads); `resume`: the folder
    must already hold this run (without it, an unfinished run of the same config resumes too)."""
    executor = executor or LocalExecutor(threads)
    run = RunFolder(matchup, games, seed, out_dir, shard_size, batch_size, seat_pairs, command, resume,
                    executor.describe(), first_game)
    play_runs([run], executor, progress)
    return run.finish()
