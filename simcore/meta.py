"""A meta run: every pair of a list of decks (mirrors included) played as seat-swapped seed pairs,
one run folder per pair, under a `meta.json` manifest. `berserk meta` and `berserk matchup` play
through here; each pair is an ordinary run (simcore.run), so an interrupted meta resumes pair by
pair and shard by shard with the same command (or `--resume`). The missing shards of all pairs go
to the executor together, so that a cluster's workers stay busy.

Layout of the output folder:
  meta.json                    config (decks with hashes, games per pair, shard size, seed, AIs,
                               ruleset, rules version, card-set hash, `--set` card edits), status, command, executor,
                               the list of pair folders
  matchups/03-07/              the run of deck 3 (player 1) against deck 7 (player 2), as
                               `berserk simulate --seat-pairs` writes it
Every pair uses the same seed; games 2k and 2k+1 of a pair differ only in who moves first.
"""
import sys
from datetime import UTC, datetime
from pathlib import Path

from decks import load_cardset, load_decks
from decks.errors import InputError
from decks.overrides import apply_overrides

from . import RULES_VERSION
from .config import DEFAULT_BATCH, DEFAULT_SHARD
from .executors import LocalExecutor
from .matchup import make_matchup
from .pilots import pilots_config
from .run import (
    RunFolder,
    file_sha,
    open_manifest,
    play_runs,
    with_overrides,
    write_json,
)


def deck_pairs(n: int, mirrors: bool = True):
    """(i, j) with i <= j (i < j without mirrors), in a fixed order."""
    return [(i, j) for i in range(n) for j in range(i, n) if mirrors or i != j]


def pair_folder(i: int, j: int) -> str:
    return f"matchups/{i:02d}-{j:02d}"


def meta_config(deck_paths, names, cardset, games, seed, ais, ruleset, rules, mirrors, kind,
                shard_size=DEFAULT_SHARD) -> dict:
    config = {
        "kind": kind, "games_per_matchup": games, "seed": seed, "seat_pairs": True,
        "shard_size": shard_size,
        "mirrors": mirrors, "rules_version": RULES_VERSION, "cardset_sha256": cardset.sha256,
        "ruleset": ruleset, "rules": dict(rules or {}),
        "ai": pilots_config(ais),
        "decks": [{"path": str(p), "name": n, "sha256": file_sha(p)} for p, n in zip(deck_paths, names)],
    }
    return with_overrides(config, cardset)


def run_meta(deck_paths, games: int, seed: int, out_dir, ais=("greedy", "greedy"), ruleset="classic",
             rules=None, mirrors: bool = True, kind: str = "meta", threads=None, command=None,
             progress=None, shard_size: int = DEFAULT_SHARD, batch_size: int = DEFAULT_BATCH,
             executor=None, resume: bool = False, overrides=(), cardset=None) -> dict:
    """Play `games` games (even: seat-swapped pairs) of every deck pair and write the meta folder;
    returns the manifest. `progress(n)` is called as games are played or found on disk.
    `executor`: where to play (default: this process on `threads` threads); the chunks of all pairs
    go to it together. `resume`: the folder must already hold this meta (without it, an
    unfinished meta of the same config resumes too). `overrides`: `--set CARD.FIELD=VALUE` card
    edits (decks.overrides) applied to `cardset` (default: the bundled set)."""
    if games % 2:
        raise ValueError("a meta plays seat-swapped pairs: games must be even")
    shard_size += shard_size % 2
    out = Path(out_dir)
    cardset = apply_overrides(cardset or load_cardset(), overrides)
    loaded = load_decks([Path(p) for p in deck_paths], cardset)
    seen = {}
    for p, d in zip(deck_paths, loaded):
        if d.name in seen:
            raise InputError(str(p), None, f"deck name '{d.name}' is also the name of {seen[d.name]}",
                             "give each deck its own '# Name' header line")
        seen[d.name] = str(p)
    names = [d.name for d in loaded]
    config = meta_config(deck_paths, names, cardset, games, seed, ais, ruleset, rules, mirrors, kind,
                         shard_size)
    manifest_path = out / "meta.json"
    manifest = open_manifest(out, "meta.json", config, "other decks, seed, games, shard size, AI, ruleset, "
                             "card set or --set card edits", resume, f"{kind} run")
    executor = executor or LocalExecutor(threads)
    out.mkdir(parents=True, exist_ok=True)
    pairs = deck_pairs(len(names), mirrors)
    manifest = manifest or {"config": config,
                            "created": datetime.now(UTC).isoformat(timespec="seconds")}
    manifest.update({"status": "running", "command": command or " ".join(sys.argv),
                     "executor": executor.describe(),
                     "matchups": [{"folder": pair_folder(i, j), "a": i, "b": j} for i, j in pairs]})
    write_json(manifest_path, manifest)
    runs = []
    for i, j in pairs:
        m = make_matchup(deck_paths[i], deck_paths[j], ruleset=ruleset, rules=rules, ais=ais,
                         cardset=cardset)
        runs.append(RunFolder(m, games, seed, out / pair_folder(i, j), shard_size, batch_size,
                              seat_pairs=True, command=manifest["command"],
                              executor=manifest["executor"]))
    play_runs(runs, executor, progress)
    finished = [r.finish() for r in runs]
    seconds = sum(f["seconds_this_session"] for f in finished)
    played = sum(f["games_played_this_session"] for f in finished)
    manifest.update({"status": "complete",
                     "finished": datetime.now(UTC).isoformat(timespec="seconds"),
                     "games_played_this_session": played, "seconds_this_session": round(seconds, 3),
                     "games_per_second": round(played / seconds, 1) if played and seconds > 0 else None})
    write_json(manifest_path, manifest)
    return manifest
