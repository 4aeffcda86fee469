"""berserk-sim's rules engine: compiles a card set into tables and plays seeded games in parallel.

- `kernels/`: the compiled engine (every Numba kernel: state, card table, random streams, rules,
  pilots, one game, a batch of games), cached under a hash of its sources;
- beside it, the orchestration in plain Python: `matchup` (decks and rules of a run), `run` (shards
  and manifest), `meta` (every deck pair), `executors` (local threads or Dask), `replay`, `events`
  (the log in words), `scenario`, `stepper` (one game action by action), `ruleset`, `config`
  (tunables and defaults);
- `reference/`: the plain-Python reference engine and the differential checker.

`RULES_VERSION` changes whenever game behaviour changes (never for a refactor or a speed-up) and is
written into every output, so that figures from different rules are never mixed.
"""
RULES_VERSION = "3.5.1"
