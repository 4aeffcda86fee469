"""The rules kernels (njit), one module per rule area of docs/RULES.md. Kernels take the GameState, a
game row g and the card tables; they do no I/O and allocate nothing in their inner loops."""
