"""The rules kernels (njit), one module per rule area of docs/RULES.md, and the effects of abilities by
family in `effects/`. Kernels take the card table C, the state S and a game row g; they do no I/O and
allocate nothing in their inner loops. A choice a player makes inside the rules' flow is a decision
point (`decisions`): the rules import no pilot."""
