"""A turn (docs/RULES.md section 4): the start phase, one action per card, only the active player acts."""

from scenario_util import check, illegal, run


def test_4_end_turn_passes_and_opens_only_the_new_active_players_cards():
    r = run("4_end_turn_opens_next_players_cards.toml")
    assert r["events"] == ["player 1 ends the turn", "--- turn 2: player 2 (round 1) ---"]
    assert r["active_player"] == 2 and r["turn"] == 2 and r["winner"] is None
    check(r, "a", closed=True)
    check(r, "b", closed=False)


def test_4_start_phase_gives_back_full_movement():
    r = run("4_start_phase_restores_movement.toml")
    assert r["events"] == [
        "a moves c1 -> c2",
        "a moves c2 -> b2",
        "player 1 ends the turn",
        "--- turn 2: player 2 (round 1) ---",
        "player 2 ends the turn",
        "--- turn 3: player 1 (round 2) ---",
        "a moves b2 -> b3",
        "a moves b3 -> a3",
    ]
    assert r["active_player"] == 1 and r["turn"] == 3
    check(r, "a", cell="a3", closed=False)


def test_4_acting_closes_the_card_one_action_per_turn():
    assert (
        illegal("4_acting_closes_the_card.toml")
        == "action 2 (attack a -> b): a is closed and cannot move or act (section 4)"
    )


def test_4_only_the_active_players_cards_act():
    assert (
        illegal("4_only_active_player_acts.toml")
        == "action 1 (attack b -> a): b does not belong to the active player (section 4)"
    )
