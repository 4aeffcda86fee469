"""The pilots, as njit kernels over the game state: `policies` (the active player's next action),
`choices` (the answers at the rules' decision points), `squad` (mulligan, purchases, placement), and
what they weigh (`evaluate`, `values`); `search` looks ahead through greedy playouts and asks each seat's
pilot for its action (`pilot_action`); `squad_search` chooses the search pilot's squad by playing it out. A pilot only chooses among the options the rules offer; it
writes nothing but its own fields of the game row (PILOT0 + P_*). Policy ids (simcore.pilots): 0 random,
1 baseline (the greedy of AI_VERSION 8, frozen), 2 greedy, 3 search."""

# changes whenever a policy plays differently (written into every run manifest with its parameters).
# 9: greedy places by role, buys across both elements, ranks its creatures, aims at the wounded; search.
# 10: greedy (and search) foresee the defender the opponent puts in (policies.defended_strike_ev).
# 11: greedy (and search) move only the wounds that pay (Осклизг), give Талион's token where it is worth most.
# 12: greedy buys the squad worth most by squad_worth among its random fills; search plays candidate squads
#     out (ai.squad_search), its playouts roll dice keyed by who rolls, it may keep a creature open.
# 13: search's default budget plays each candidate action out over one dice sample to the end of its own
#     turn (samples 1, horizon 1; were 2 and 2): as strong against greedy, 1.3 to 1.7 times as fast.
# 14: search's candidate squads are the fills worth most by squad_worth among 8 times as many random
#     fills (were the first random fills), each played against 2 opponent hands (squad_samples; was 4).
# 15: greedy's squad_worth (its squad, and search's candidate squads) counts a tenth of a crystal more per
#     point of the squad's strikes and a tenth less per point of its life.
# 16: greedy (and search) choose the cell of a card coming back from the graveyard (revived, incarnated;
#     rules 3.5.0): a melee creature nearest an enemy, a ranged attacker farthest from them.
# 17: search's squad playouts are played by baseline on both sides (were greedy), each squad against 3
#     opponent hands (squad_samples; was 2).
# 18: search's playouts of an action run in pairs of dice samples, the second mirroring the first (each
#     die d read as 7 - d), 2 samples (was 1), and weigh 2 more targets of its first candidate creature
#     (alternatives; was 0).
# 19: search chooses the defender of its struck card by playing each choice out to the end of the
#     opponent's turn (defend: 4 dice samples), and plays its two best candidate actions out on 2 more
#     samples when they lie within half a crystal (recheck, recheck_within); its playouts count a creature
#     alive at 0.4 of its cost, the rest by its life left (was 0.6).
# 20: search weighs 12 candidate squads (squads; was 8), each against 4 opponent hands (squad_samples;
#     was 3), and the opponent it imagines chooses his squad among 4 random fills (were greedy's 16).
# 21: search weighs 16 candidate squads (squads; was 12) by sequential halving over 12 opponent hands
#     (squad_samples; was 4, every squad on half of them and the best third on the rest): each round
#     the better half of the squads meets one more hand, the last two or three all the hands left.
# 22: greedy (and search, which plays greedy's scores and playouts) values a strike at an armored creature
#     as if the armor were gone when another of its creatures that has not acted stands open next to the
#     target: the first strike uses up the armor of the turn for the next (policies.follow_up).
# 23: greedy (and search) keep a defender that does not close to defend (Лёккен) open when its best action
#     is worth less than 0.3 of what it is worth open in the opponent's next turn: the strikes at its
#     neighbours it would take over (policies.guard_value) and its counter-strike (guard, %).
# 24: greedy (and search) place a defender that does not close to defend (Лёккен) first, in the front
#     row's centre, with the squad's melee creatures beside it (ai.squad.next_to_place).
# 25: search weighs 4 other placements of the squad it picked (placements) against greedy's, on the same
#     opponent hands: greedy's rows filled from the last column, its melee held back in the middle row,
#     greedy's rows filled from the first column, its ranged attackers in the middle row
#     (ai.squad_search.best_placement); its squads meet 10 opponent hands (squad_samples; was 12).
# 26: search imagines its opponent's play as greedy's with its own tunables (focus, guard, open_weight);
#     its copies of the game row kept the opponent's, so that against baseline or random (whose rows hold
#     0s there) it foresaw a greedy that aimed and guarded as baseline does. Games against greedy, and
#     search's mirror, are the same.
# 27: random draws from every legal action: the list (rules.turn.legal_actions) left out the played
#     abilities that do not close their card of an open card that had acted (Серый альв opened again by
#     Ойуун, its fire arrow), which the rules allowed. Only random's games change, and only where that
#     happens.
AI_VERSION = "27"
