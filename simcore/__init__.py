"""berserk-sim's rules engine: compiles a card set into tables and plays seeded games in parallel.

`RULES_VERSION` changes whenever game behaviour changes (never for a refactor or a speed-up) and is
written into every output, so that figures from different rules are never mixed.
"""
RULES_VERSION = "2.0.0"
