"""The greedy policy plays abilities (issue 3, part 10): over seeded games it uses the played and fast
abilities of the seed cards, and the per-card outcome rows count those uses."""
import numpy as np
from conftest import LISTS

from simcore.batch import card_counts, play_batch
from simcore.matchup import make_matchup
from simcore.state import new_state, set_params

SEEDS = LISTS / "seeds_mixed.txt"


def _uses(ais, games=400, seed=5):
    m = make_matchup(SEEDS, LISTS / "swamps.txt", ais=ais)
    S = new_state(games)
    set_params(S, m.params)
    play_batch(m.table.stats, S, m.decks, m.sizes, np.uint64(seed), 0, games)
    cc = card_counts(S, m.decks, m.sizes, games)
    names = m.table.names
    return {names[c]: int(u) for p, c, u in zip(cc["player"], cc["card"], cc["ability_uses"]) if p == 0}


def test_greedy_uses_the_played_and_fast_abilities_of_the_seed_cards():
    uses = _uses(("greedy", "greedy"))
    for name in ("Ловчий", "Альхенгард", "Рафаэль"):
        assert uses[name] > 0, (name, uses)
    # cards without played abilities never count a use
    assert uses["Кочевник"] == 0 and uses["Арацент"] == 0


def test_random_policy_also_reaches_the_abilities():
    uses = _uses(("random", "random"))
    assert uses["Ловчий"] > 0 and uses["Рафаэль"] > 0
