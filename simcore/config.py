"""Tunables and defaults of berserk-sim, in one place: how runs are cut into shards and kernel calls,
how long a Dask connection may take, and the defaults of the CLI's commands. None of them changes a
game (a game depends only on the rules, the pilots, the seed and its index).
"""
# ---- runs -----------------------------------------------------------------------------------------
DEFAULT_SHARD = 262_144      # games per shard file of a run (also one chunk of an executor)
DEFAULT_BATCH = 4_096        # games per kernel call (the game rows allocated at once)
MAX_GAMES = 2**40            # games of one run (game indices stay far from int64 limits)

# ---- Dask -----------------------------------------------------------------------------------------
CONNECT_TIMEOUT = 5.0        # seconds to reach a scheduler before saying it is unreachable
WORKER_TIMEOUT = 10.0        # seconds to wait for the first worker of a scheduler

# ---- one game in words ----------------------------------------------------------------------------
REPLAY_LOG_CAPACITY = 60_000     # events `berserk replay` keeps of one game

# ---- defaults of the commands -----------------------------------------------------------------------
SIMULATE_GAMES = 10_000      # berserk simulate --games
META_GAMES = 20_000          # berserk meta / matchup --games, per pair of decks (seat-swapped pairs)
SWEEP_GAMES = 2_000          # berserk sweep --games, per value and opponent
BALANCE_GAMES = 100          # berserk balance --games: screening games per pair and candidate edit
BALANCE_CONFIRM_GAMES = 1_000    # berserk balance --confirm-games
BALANCE_MAX_EDITS = 3        # berserk balance --max-edits

# ---- swap tests (berserk impact): the sequential probability ratio test ------------------------------
SPRT_H1 = 0.03               # effect size of H1 in win-rate units (3 percentage points)
SPRT_MAX_GAMES = 40_000      # budget of a sequential test, games per opponent
SPRT_CHUNK = 500             # games per opponent between two looks of the SPRT
SPRT_ALPHA = 0.05            # chance of accepting H1 when H0 holds
SPRT_BETA = 0.05             # chance of accepting H0 when H1 holds
