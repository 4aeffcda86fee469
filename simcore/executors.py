"""Executors: where the chunks of a run are played. A chunk is one shard of one run (games lo..hi-1);
the process that runs the command receives every chunk's result and is the only one that writes
files (simcore.run), so an executor only plays games and hands back numpy columns.

- `LocalExecutor` (the default): this process, the Numba kernels using every core (or `--threads`).
- `DaskExecutor(address)`: a Dask distributed scheduler that the user runs (`dask scheduler`,
  `dask worker ADDRESS --nthreads 1` on each machine); the tool never builds a cluster. One task per
  chunk, all chunks of all runs submitted at once so that the workers stay busy; results are taken
  as they complete. A task carries plain data only (`GameSpec`: the card table, decks, parameters,
  seed) and names the top-level function `play_chunk`, which the worker imports from its installed
  berserk-sim: kernels are never pickled, and every worker loads them from its own Numba cache.

Games depend only on (engine, seed, game index), never on the executor, the chunk's worker or the
batch split: a run gives the same tables locally and on any cluster. When a worker dies, the
scheduler runs its chunk again elsewhere; the chunk's result still reaches the writer once.
"""
import threading
import uuid
from typing import NamedTuple

import numpy as np

from decks.errors import InputError

from .config import CONNECT_TIMEOUT, WORKER_TIMEOUT
from .kernels import ENGINE_HASH
from .kernels.batch import card_counts, game_rows, play_batch
from .kernels.state import G_ERROR, GAME0, PR_FIRST, new_state, set_params
from .limits import check_games


class GameSpec(NamedTuple):
    """Everything needed to play games of one run, as plain data (sent to workers as is)."""
    stats: np.ndarray       # the card table (simcore.kernels.cardtable), int64 (cards, TABLE_WIDTH)
    decks: np.ndarray       # int64 (2, MAX_DECK) card ids, -1 padded
    sizes: np.ndarray       # int64 (2,)
    params: np.ndarray      # ruleset parameters with the seats' AIs
    seed: int
    seat_pairs: bool
    batch_size: int         # games per kernel call (seat pairs: key pairs per call)
    engine: str = ENGINE_HASH


class Chunk(NamedTuple):
    """Games lo..hi-1 of shard `shard` of run number `run` (an index into the executor's specs)."""
    run: int
    shard: int
    lo: int
    hi: int


class EngineMismatch(RuntimeError):
    """A worker runs another engine than the client: its games would differ."""


class ExecutorError(RuntimeError):
    """A chunk could not be played (workers died too often, or a task failed)."""


def add_counts(total, more):
    """Sum two per-(player, card) count tables of the same run (simcore.kernels.batch.card_counts)."""
    if total is None:
        return more
    for key in total:
        if key not in ("player", "card"):
            total[key] = total[key] + more[key]
    return total


def play_span(stats, decks, sizes, params, S, seed: int, lo: int, hi: int, seat_pairs: bool = False,
              rows: int | None = None):
    """Play games lo..hi-1 in kernel calls of at most `rows` rows of S (default: all of S):
    (per-game columns sorted by game, per-(player, card) counts). With seat pairs, lo and hi must
    be even; games 2k and 2k+1 are played in the same call, from the same row."""
    rows = min(rows or S.shape[0], S.shape[0])
    parts, counts = [], None
    if not seat_pairs:
        set_params(S, params)
        for b in range(lo, hi, rows):
            m = min(rows, hi - b)
            play_batch(stats, S, decks, sizes, np.uint64(seed), b, m)
            check_games(S[:m, GAME0 + G_ERROR], lambda i, b=b: b + i, seed)
            parts.append(game_rows(S, stats, b, m))
            counts = add_counts(counts, card_counts(S, decks, sizes, m))
    else:
        params = params.copy()
        for k in range(lo // 2, hi // 2, rows):
            m = min(rows, hi // 2 - k)
            for first in (0, 1):
                params[PR_FIRST] = first
                set_params(S, params)
                play_batch(stats, S, decks, sizes, np.uint64(seed), k, m)
                check_games(S[:m, GAME0 + G_ERROR], lambda i, k=k, first=first: 2 * (k + i) + first, seed)
                part = game_rows(S, stats, k, m)
                part["game"] = 2 * part["game"] + first
                parts.append(part)
                counts = add_counts(counts, card_counts(S, decks, sizes, m))
    games = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    order = np.argsort(games["game"], kind="stable")
    return {key: v[order] for key, v in games.items()}, counts


# One Python thread drives the parallel kernels of a process (Numba's thread pool is not for
# concurrent callers): a worker started with more than one thread plays its chunks one at a time.
_KERNEL_LOCK = threading.Lock()
_STATE = []                 # this process's game state, kept between chunks (it is ~21 KB a row)


def _state(rows: int, batch_size: int):
    """A state with at least `rows` rows (at most batch_size), reused between chunks."""
    if not _STATE or not rows <= _STATE[0].shape[0] <= batch_size:
        _STATE[:] = [new_state(rows)]
    return _STATE[0]


def play_chunk(spec: GameSpec, lo: int, hi: int, progress=None):
    """Play games lo..hi-1 of a run: (per-game columns, per-(player, card) counts), as numpy.
    The task a Dask worker runs for one chunk; `progress(n)` (local only) after each kernel call."""
    if spec.engine != ENGINE_HASH:
        raise EngineMismatch(f"this worker runs engine {ENGINE_HASH}, the client {spec.engine}")
    span = (hi - lo) // 2 if spec.seat_pairs else hi - lo
    rows = min(spec.batch_size, max(span, 1))
    step = rows * (2 if spec.seat_pairs else 1)
    with _KERNEL_LOCK:
        S = _state(rows, spec.batch_size)
        parts, counts = [], None
        for b in range(lo, hi, step):
            e = min(hi, b + step)
            games, cc = play_span(spec.stats, spec.decks, spec.sizes, spec.params, S, spec.seed, b, e,
                                  spec.seat_pairs, rows)
            parts.append(games)
            counts = add_counts(counts, cc)
            if progress:
                progress(e - b)
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}, counts


class LocalExecutor:
    """Plays the chunks one after another in this process, the kernels on `threads` threads
    (default: all cores). `on_start(compiling, expected_seconds, measured)`, if set, is told before the
    engine starts (engine_start.start_engine) and returns a function told the seconds it took (None if
    it did not finish)."""

    def __init__(self, threads: int | None = None):
        self.threads = threads
        self.on_start = None
        self.started = False

    def start(self, spec: GameSpec) -> None:
        """Compile or load the kernels before the first chunk (once), so that no chunk's time counts it."""
        from .engine_start import compile_measured, engine_cached, expected_compile_seconds, start_engine

        if self.started:
            return
        self.started = True
        if self.threads:
            import numba
            numba.set_num_threads(self.threads)
        done = (self.on_start(not engine_cached(), expected_compile_seconds(), compile_measured())
                if self.on_start else None)
        try:
            seconds = start_engine(spec.stats, spec.decks, spec.sizes, spec.params)
        except BaseException:
            if done:
                done(None)          # interrupted (Ctrl-C) or failed: the line ends, the error follows
            raise
        if done:
            done(seconds)

    def describe(self) -> dict:
        import numba
        return {"kind": "local", "threads": self.threads or numba.get_num_threads()}

    def play(self, specs, chunks, progress=None):
        """Yield (chunk, games, counts) for every chunk, in order."""
        import numba
        if self.threads:
            numba.set_num_threads(self.threads)
        for c in chunks:
            games, counts = play_chunk(specs[c.run], c.lo, c.hi, progress)
            yield c, games, counts

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _probe(address: str) -> None:
    """Fail fast, with one line, when no scheduler listens at a TCP address."""
    import socket

    from distributed.comm.addressing import parse_address, parse_host_port

    how = "start one with `dask scheduler` and pass the address it prints (e.g. tcp://10.0.0.5:8786)"
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except ValueError as e:
        raise InputError("--scheduler", None, f"'{address}' is not a scheduler address ({e})", how) from None
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as e:
        raise InputError("--scheduler", None, f"cannot reach a Dask scheduler at {address} "
                         f"({e.strerror or e.__class__.__name__})", how) from None


class DaskExecutor:
    """Sends every chunk to the workers of the Dask scheduler at `address` (tcp://host:port)."""

    def __init__(self, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise InputError("--scheduler", None, "Dask is not installed",
                             'install the extra: python -m pip install "berserk-sim[dask]"') from None
        self.address = address
        _probe(address)
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, ValueError) as e:
            raise InputError("--scheduler", None, f"cannot connect to the Dask scheduler at {address} "
                             f"({e})", "check the address that `dask scheduler` printed") from None
        try:
            self.client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
        except TimeoutError:
            self.close()
            raise InputError("--scheduler", None, f"the Dask scheduler at {address} has no workers",
                             f"start `dask worker {address} --nthreads 1` on each machine") from None

    def start(self, spec: GameSpec) -> None:
        """The workers compile or load their kernels with their first chunk."""

    def describe(self) -> dict:
        workers = self.client.scheduler_info()["workers"]
        return {"kind": "dask", "address": self.address, "workers": len(workers),
                "worker_threads": sum(w.get("nthreads", 0) for w in workers.values())}

    def play(self, specs, chunks, progress=None):
        """Submit every chunk, then yield (chunk, games, counts) as they complete. A chunk whose
        worker died is run again by the scheduler; it is yielded once."""
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        session = uuid.uuid4().hex[:8]           # keys of this session only: no result of another run
        futures = {}
        for c in chunks:
            key = f"berserk-chunk-{session}-{c.run:04d}-{c.shard:05d}"
            f = self.client.submit(play_chunk, specs[c.run], c.lo, c.hi, key=key, retries=0)
            futures[f.key] = (f, c)
        yielded = set()
        try:
            for f in as_completed([f for f, _ in futures.values()], loop=self.client.loop):
                _, c = futures.pop(f.key)
                try:
                    games, counts = f.result()
                except KilledWorker:
                    raise ExecutorError(f"chunk {c.shard} (games {c.lo}..{c.hi - 1}) was lost: the workers "
                                        "that played it died (see their logs; the scheduler gives up after "
                                        "distributed.scheduler.allowed-failures deaths); the shards written "
                                        "are kept: run the same command with --resume") from None
                except EngineMismatch as e:
                    raise InputError("--scheduler", None, f"a worker runs another berserk-sim engine ({e})",
                                     "install the same berserk-sim on every worker and restart them") from None
                except ImportError as e:
                    raise InputError("--scheduler", None, f"a worker cannot import berserk-sim ({e})",
                                     "install berserk-sim on every worker and restart them") from None
                except Exception as e:  # noqa: BLE001 - any other failure of a task: one line, not a traceback
                    raise ExecutorError(f"chunk {c.shard} (games {c.lo}..{c.hi - 1}) failed on a worker: "
                                        f"{e.__class__.__name__}: {e}") from None
                f.release()
                if (c.run, c.shard) in yielded:
                    continue
                yielded.add((c.run, c.shard))
                if progress:
                    progress(c.hi - c.lo)
                yield c, games, counts
        finally:
            if futures:
                self.client.cancel([f for f, _ in futures.values()])

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
            self.client = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def make_executor(scheduler: str | None = None, threads: int | None = None):
    """The executor of a command: Dask when a scheduler address is given, else local."""
    if scheduler:
        if threads:
            raise InputError("--threads", None, "--threads sets the local executor's threads",
                             "leave it out with --scheduler (set NUMBA_NUM_THREADS on the workers)")
        return DaskExecutor(scheduler)
    return LocalExecutor(threads)
