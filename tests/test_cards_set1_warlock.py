"""1-198 Варлок: the effect relocate ('dimension door': move a creature to any free cell of the
battlefield), played through the real engine (greedy on both seats), and whole games against the
reference engine with the cell decided at decision CELL."""
import pytest
from scenario_util import card, play

from simcore.reference.differential import play_checked


def cell_of(result, label):
    return result["cards"][label]["cell"]


def test_1_198_warlock_moves_an_enemy_creature_to_the_free_cell_its_owner_decides(tmp_path):
    """Варлок (1 counter) takes player 2's Кочевник on c4, in contact with player 1's Кочевник on c3,
    away: greedy puts it on the free cell farthest from player 1's creatures (a6, the first of the
    farthest in cell order). Relocation is no step: the card keeps its movement, no trigger fires.
    Варлок pays the counter and closes."""
    head = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "w", ability = 2, target = "k" }]\n'
    r = play(tmp_path, head, [card("w", "Варлок", 1, "a1", counters=1), card("a", "Кочевник", 1, "c3"),
                              card("k", "Кочевник", 2, "c4")])
    assert cell_of(r, "k") == "a6" and r["cards"]["k"]["zone"] == "battlefield"
    assert r["cards"]["w"]["counters"] == 0 and r["cards"]["w"]["closed"]


def test_1_198_warlock_cannot_move_a_flyer(tmp_path):
    """The target is a ground creature (filter ground): a flyer in its auxiliary zone is refused."""
    from simcore.scenario import ScenarioError
    head = 'active_player = 1\ndice = []\nactions = [{ do = "use", card = "w", ability = 2, target = "f" }]\n'
    with pytest.raises(ScenarioError, match="filter"):
        play(tmp_path, head, [card("w", "Варлок", 1, "a1", counters=1), card("f", "Дракс", 2, "aux")])


@pytest.mark.parametrize("ais", [("random", "random"), ("greedy", "greedy")])
def test_games_with_warlocks_agree_with_the_reference_engine(tmp_path, ais):
    """A deck of Варлоки against the steppe: 12 games played by both engines, the cell of each
    'dimension door' offered and chosen at decision CELL, and no disagreement."""
    from conftest import LISTS

    from simcore.matchup import make_matchup
    deck = tmp_path / "warlocks.txt"
    deck.write_text("# Варлоки\n3 Варлок\n3 Кочевник\n3 Арацент\n3 Ловчий\n3 Вайл\n3 Хедд\n3 Гоблин\n3 Тролль\n"
                    "3 Наемник\n3 Гаррид-лучник\n", encoding="utf-8")
    m = make_matchup(deck, LISTS / "steppe.txt", ais=ais)
    cells = 0
    for game in range(12):
        cells += play_checked(m, 5, game, seat_pairs=True).decisions["cell"]
    if ais[0] == "random":
        assert cells > 0
