"""AI policies as njit kernels over the game state. A policy only chooses among legal actions
that the rules kernels define; it never edits state itself. Policy ids: 0 random, 1 greedy."""

# changes whenever a policy plays differently (written into every run manifest with its parameters)
AI_VERSION = "8"
