"""The engine's limits (docs/RULES.md section 12) and the stack and window settings of section 4: each is
driven past the value it used to have in silence (a table of 6 delayed abilities, a stack of 8), and past
its limit now, where the game stops with an error naming it instead of dropping an ability or clamping a
number. Scenarios with forced dice on the fast engine; the reference engine's own checks directly."""
import numpy as np
import pytest
from click.testing import CliRunner
from scenario_util import ROOT, card, play

from reports.cli import main
from simcore.kernels.rules.effects.delayed import DL_TRAP, add_delayed
from simcore.kernels.rules.effects.status import add_tmp, status_effect
from simcore.kernels.state import (
    ERR_DELAYED_FULL,
    ERR_GAIN_FULL,
    ERR_STONE_FULL,
    G_ERROR,
    G_N_DELAYED,
    GAIN_MAX,
    GAME0,
    MAX_DELAYED,
    NCF,
    STONE_MAX,
    TF_OVA_SHIFT,
    TMP_FLAGS,
    Z_FIELD,
    ZONE,
    new_state,
)
from simcore.reference import abilities as ref_abilities
from simcore.reference import board as ref_board
from simcore.scenario import ScenarioError

FIRST_ROWS = [f"{col}{row}" for row in (1, 2, 3) for col in "abcde"]      # player 1's 15 cells


def traps_set(n):
    """Actions: player 1's Ловчий l1..ln each set a trap (fast, tap) as their action."""
    return ", ".join(f'{{ do = "use", card = "l{i}", ability = 1 }}' for i in range(1, n + 1))


def test_118_a_seventh_waiting_trap_fires_past_the_old_table_of_six(tmp_path):
    """Seven Ловчий set seven traps; Гаррид-лучник's shot (an act) springs all of them, 3 wounds each,
    before the shot: the table once held six and dropped the seventh in silence."""
    cards = [card(f"l{i}", "Ловчий", 1, FIRST_ROWS[i - 1]) for i in range(1, 8)]
    cards.append(card("g", "Гаррид-лучник", 2, "c5"))
    r = play(tmp_path, f'active_player = 1\ndice = []\nactions = [{traps_set(7)}, {{ do = "end_turn" }}, '
             '{ do = "ranged", card = "g", target = "l3" }]\n', cards)
    assert sum("trap 3 fires" in e for e in r["events"]) == 7
    assert r["cards"]["g"]["wounds"] == 21 and r["dice_used"] == 0


def test_118_seventeen_traps_wait_and_fire_identical_ones_sharing_an_entry(tmp_path):
    """Fifteen Ловчий set fifteen traps, and after a round two more: seventeen traps wait (the same trap
    of the same player waits in one entry of the table, whatever their number) and all fire on the
    first enemy creature that acts."""
    cards = [card(f"l{i}", "Ловчий", 1, at) for i, at in enumerate(FIRST_ROWS, 1)]
    cards.append(card("g", "Гаррид-лучник", 2, "c5"))
    again = '{ do = "use", card = "l1", ability = 1 }, { do = "use", card = "l2", ability = 1 }'
    r = play(tmp_path, f'active_player = 1\ndice = []\nactions = [{traps_set(15)}, {{ do = "end_turn" }}, '
             f'{{ do = "end_turn" }}, {again}, {{ do = "end_turn" }}, '
             '{ do = "ranged", card = "g", target = "l13" }]\n', cards)
    assert sum("trap 3 fires" in e for e in r["events"]) == 17
    assert r["cards"]["g"]["wounds"] == 51


def test_118_a_seventeenth_different_delayed_ability_stops_the_game_at_the_engine_limit():
    """Sixteen different delayed abilities (here traps of 16 amounts) fill the table; a seventeenth
    different one stops the game (ERR_DELAYED_FULL), an identical one still joins its entry. The
    reference engine's table: the same, with EngineLimit."""
    S = new_state(1)
    g = np.int64(0)
    for amount in range(1, MAX_DELAYED + 1):
        assert add_delayed(S, g, DL_TRAP, 0, amount, 0, 0)
    assert add_delayed(S, g, DL_TRAP, 0, 1, 0, 0) and S[0, GAME0 + G_ERROR] == 0
    assert S[0, GAME0 + G_N_DELAYED] == MAX_DELAYED + 1
    assert not add_delayed(S, g, DL_TRAP, 0, MAX_DELAYED + 1, 0, 0)
    assert S[0, GAME0 + G_ERROR] == ERR_DELAYED_FULL

    class Game:
        delayed = [None] * ref_board.MAX_DELAYED

    class Source:
        owner = 0

    def trap(n):
        return type("Trap", (), {"effect": "trap", "amount": n})()

    game = Game()
    for amount in range(1, ref_board.MAX_DELAYED + 1):
        ref_abilities._delay(game, Source(), trap(amount))
    ref_abilities._delay(game, Source(), trap(1))
    assert game.delayed[0].count == 2
    with pytest.raises(ref_board.EngineLimit, match="delayed abilities went past 16"):
        ref_abilities._delay(game, Source(), trap(ref_board.MAX_DELAYED + 1))


def answers_of(n):
    """Player 1's Рафаэль r1..rn each answer, wounding the next one 2 (each of them has 8 life)."""
    return ", ".join(f'{{ card = "r{i}", ability = 1, target = "r{i % n + 1}" }}' for i in range(1, n + 1))


def rafael_cards(n):
    cards = [card(f"r{i}", "Рафаэль", 1, FIRST_ROWS[i - 1]) for i in range(1, n + 1)]
    return cards + [card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")]


def test_section_4_stack_max_is_a_setting_nine_answers_past_the_old_stack_of_eight(tmp_path):
    """Nine answers to one attack: with the ruleset's stack_max = 8 the ninth waits until the top of the
    full stack has resolved, with stack_max = 9 all nine are declared before any resolves."""
    head = ('active_player = 2\n%sdice = [4, 1]\nactions = [{ do = "attack", card = "e", target = "k", '
            f'answers = [{answers_of(9)}] }}]\n')
    for rules, declared_first in (("", 8), ("rules = { stack_max = 9 }\n", 9)):
        r = play(tmp_path, head % rules, rafael_cards(9))
        ev = r["events"]
        declared = [i for i, e in enumerate(ev) if " declares ability 1" in e]
        resolved = [i for i, e in enumerate(ev) if " uses ability 1" in e]
        assert len(declared) == len(resolved) == 9
        assert sum(i < resolved[0] for i in declared) == declared_first
        assert all(r["cards"][f"r{i}"]["wounds"] == 2 for i in range(1, 10))


def test_section_4_a_window_past_window_steps_max_stops_the_game(tmp_path):
    """Player 1's answer to player 2's attack takes the window six steps (player 2 passes, player 1
    declares, both pass and the top resolves, both pass): with window_steps_max = 6 it closes, with 5
    the game stops at the engine limit."""
    head = ('active_player = 2\nrules = { window_steps_max = %d }\ndice = [4, 1]\nactions = [{ do = "attack", '
            'card = "e", target = "k", answers = [{ card = "r1", ability = 1, target = "k" }] }]\n')
    r = play(tmp_path, head % 6, rafael_cards(1))
    assert r["cards"]["k"]["wounds"] >= 2
    with pytest.raises(ScenarioError) as e:
        play(tmp_path, head % 5, rafael_cards(1))
    assert "engine limit" in str(e.value) and "window_steps_max" in str(e.value)


def test_section_4_sixteen_answers_take_a_window_past_the_old_64_steps(tmp_path):
    """Eight Рафаэль a side answer one attack, player 1's first (player 2 passing between them), then
    player 2's: the window takes 65 steps. With window_steps_max = 64 (the old fixed cap) the game
    stops at the engine limit; with 100 all sixteen answers resolve."""
    second_rows = [f"{col}{row}" for row in (6, 5, 4) for col in "abcde" if f"{col}{row}" != "c4"]
    cards = [card(f"r{i}", "Рафаэль", 1, FIRST_ROWS[i - 1]) for i in range(1, 9)]
    cards += [card(f"s{i}", "Рафаэль", 2, second_rows[i - 1]) for i in range(1, 9)]
    cards += [card("k", "Кочевник", 1, "c3"), card("e", "Кочевник", 2, "c4")]
    answers = ", ".join([f'{{ card = "r{i}", ability = 1, target = "r{i % 8 + 1}" }}' for i in range(1, 9)]
                        + [f'{{ card = "s{i}", ability = 1, target = "s{i % 8 + 1}" }}' for i in range(1, 9)])
    head = ('active_player = 2\nrules = { stack_max = 16%s }\ndice = [4, 1]\nactions = [{ do = "attack", '
            f'card = "e", target = "k", answers = [{answers}] }}]\n')
    with pytest.raises(ScenarioError, match="engine limit.*window_steps_max"):
        play(tmp_path, head % "", cards)
    r = play(tmp_path, head % ", window_steps_max = 100", cards)
    assert sum(" uses ability 1" in e for e in r["events"]) == 16


def test_a_gain_until_the_end_of_the_turn_past_its_byte_stops_the_game():
    """The gains packed in one byte of the row add up to GAIN_MAX; one more stops the game
    (ERR_GAIN_FULL) where it used to be clamped."""
    S = new_state(1)
    g, t = np.int64(0), np.int64(3)
    add_tmp(S, g, t, TMP_FLAGS, TF_OVA_SHIFT, GAIN_MAX - 1)
    add_tmp(S, g, t, TMP_FLAGS, TF_OVA_SHIFT, 1)
    assert S[0, GAME0 + G_ERROR] == 0 and (S[0, t * NCF + TMP_FLAGS] >> TF_OVA_SHIFT) & 255 == GAIN_MAX
    add_tmp(S, g, t, TMP_FLAGS, TF_OVA_SHIFT, 1)
    assert S[0, GAME0 + G_ERROR] == ERR_GAIN_FULL


def test_stone_skins_past_their_field_stop_the_game():
    """Stone skins on one card add up to STONE_MAX; one more stops the game (ERR_STONE_FULL)."""
    from decks import load_cardset
    from decks.registry import Effect
    from simcore.kernels.cardtable import compile_cardset

    stats = compile_cardset(load_cardset(ROOT / "decks" / "cards" / "set1.toml")).stats
    S = new_state(1)
    g, t = np.int64(0), np.int64(3)
    S[0, t * NCF + ZONE] = Z_FIELD          # in play: the effect reaches it
    status_effect(stats, S, g, t, 0, 0, t, Effect.STONE_SKIN, STONE_MAX)
    assert S[0, GAME0 + G_ERROR] == 0
    status_effect(stats, S, g, t, 0, 0, t, Effect.STONE_SKIN, 1)
    assert S[0, GAME0 + G_ERROR] == ERR_STONE_FULL


def test_stone_skins_of_three_strikes_of_3_add_up_to_9_past_the_old_field_of_7():
    """Ревнитель Сеггера gives stone skin of its strike's value (3 at most) to the cards beside it; three
    such strikes on one card before its owner's opponent ends a turn add up to 9, which the field held
    to 7 before rules 3.5.1 (a bundled meta stopped there). Both engines now hold it; the reference's
    limit is the fast engine's."""
    from types import SimpleNamespace

    from decks import load_cardset
    from decks.registry import Effect
    from simcore.kernels.cardtable import compile_cardset
    from simcore.kernels.rules.board import bits
    from simcore.kernels.state import GAINED, GAINED_STONE_SHIFT, GAINED_STONE_WIDTH

    stats = compile_cardset(load_cardset(ROOT / "decks" / "cards" / "set1.toml")).stats
    S = new_state(1)
    g, t = np.int64(0), np.int64(3)
    S[0, t * NCF + ZONE] = Z_FIELD
    for _ in range(3):
        status_effect(stats, S, g, t, 0, 0, t, Effect.STONE_SKIN, 3)
    assert S[0, GAME0 + G_ERROR] == 0
    assert bits(S[0, t * NCF + GAINED], GAINED_STONE_SHIFT, GAINED_STONE_WIDTH) == 9
    card_ = SimpleNamespace(stone_skin=0)
    for _ in range(3):
        ref_abilities._stone_skin(None, None, SimpleNamespace(amount=3), card_)
    assert card_.stone_skin == 9 and ref_board.STONE_MAX == STONE_MAX
    with pytest.raises(ref_board.EngineLimit, match="stone skin went past"):
        ref_abilities._stone_skin(None, None, SimpleNamespace(amount=STONE_MAX), card_)


def test_a_run_that_reaches_an_engine_limit_says_so_in_one_line_and_exits_1(tmp_path):
    """window_steps_max = 2 leaves room for a window where both pass at once only: the first fast
    answer of a game of the seed decks (every card has an ability) stops the run, named."""
    deck = str(ROOT / "decks" / "lists" / "seeds_mixed.txt")
    result = CliRunner().invoke(main, ["simulate", deck, deck, "--games", "200", "--seed", "1",
                                       "--rule", "window_steps_max=2", "--out", str(tmp_path / "run"),
                                       "--no-progress"])
    assert result.exit_code == 1
    line = result.output.strip()
    assert "\n" not in line and line.startswith("error: game ") and "of seed 1 stopped at an engine limit" in line
    assert "window_steps_max" in line
