"""Movement and relocation (rules 506, 507), jump, clumsiness, closed cards and the turn (docs/RULES.md
sections 2 and 4), played as scenarios. Кочевник move 2, Барака move 1 (does not tap after attacking),
Грызь jump range 4 (4-4-5), Каменный голем clumsy (3-4-5), Вайл life 14.
"""

from scenario_util import NO_COUNTER, check, illegal, roll, run, single_roll

CLOSED = "a is closed and cannot move or act (section 4)"


# ---- 506 / 507: movement ----
def test_506_orthogonal_steps_one_per_movement_point():
    r = run("506_move_orthogonal_steps.toml")
    assert r["events"] == ["a moves c1 -> c2", "a moves c2 -> d2"]
    check(r, "a", cell="d2", closed=False)


def test_506_no_step_beyond_movement():
    assert illegal("506_no_movement_left.toml") == "action 3 (move a -> d3): a has no movement left (506)"


def test_506_a_move_walks_a_shortest_path_of_empty_cells_along_its_row_first():
    """A move to a cell two steps away diagonally is two one-point steps, sideways first, each listed."""
    r = run("506_move_around_a_corner.toml")
    assert r["events"] == ["a moves c1 -> d1", "a moves d1 -> d2"]
    check(r, "a", cell="d2", closed=False)


def test_506_a_move_two_cells_away_in_a_line_is_two_steps():
    """c1 -> c3 passes through c2: two steps, two movement points, both in the events."""
    r = run("506_move_two_cells_in_one_action.toml")
    assert r["events"] == ["a moves c1 -> c2", "a moves c2 -> c3"]
    check(r, "a", cell="c3")


def test_506_a_cell_beyond_the_movement_is_refused_naming_the_distance():
    """e2 -> a3 does not wrap around the board: 5 steps, and Кочевник has 2 points."""
    assert illegal("506_no_wraparound.toml") == (
        "action 1 (move a -> a3): a3 is 5 steps from a's cell e2 along empty cells, but a has 2 movement "
        "left (506: one point a step)")


def test_506_no_path_through_occupied_cells():
    """Both neighbours of a1 hold cards: b2 has no path of empty cells, whatever the movement."""
    assert illegal("506_no_path_through_occupied_cells.toml") == (
        "action 1 (move a -> b2): no path from a1 to b2 along empty orthogonal cells (506: no passing "
        "through occupied cells)")


def test_507_1_step_needs_an_empty_cell():
    assert illegal("507_occupied_cell.toml") == (
        "action 1 (move a -> c2): c2 is occupied by x (507.1: a card moves only into an empty cell)")


def test_506_move_then_act():
    r = run("506_move_then_attack.toml")
    assert r["events"][:3] == ["a moves c2 -> c3", "a strikes b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "a", cell="c3", closed=True)
    check(r, "b", wounds=2, life=12)


def test_506_5_acting_forfeits_remaining_movement():
    assert (
        illegal("506_5_action_forfeits_movement.toml")
        == "action 2 (move a -> b3): a has already taken its action this turn (506.5)"
    )


def test_506_flyer_does_not_move_on_the_battlefield():
    assert (
        illegal("506_flyer_cannot_move.toml")
        == "action 1 (move a -> c3): a is not on the battlefield and cannot move (506)"
    )


# ---- jump [H] ----
def test_jump_over_occupied_cells_then_attack():
    r = run("jump_over_cards_then_attack.toml")
    assert r["events"][:3] == ["a jumps c2 -> c6", "a strikes b", roll(5, 2, "medium", NO_COUNTER)]
    check(r, "a", cell="c6", closed=True)
    check(r, "b", wounds=4, life=10)
    check(r, "x", cell="c3")
    check(r, "y", cell="c4")


def test_jump_spends_all_movement():
    assert illegal("jump_spends_all_movement.toml") == "action 2 (move a -> d5): a has no movement left (506)"


def test_jump_range_is_manhattan_distance():
    assert (
        illegal("jump_out_of_range.toml")
        == "action 1 (jump a -> e5): cell e5 is beyond a's jump range (jump)"
    )


def test_jump_only_before_moving():
    assert (
        illegal("jump_after_moving.toml")
        == "action 2 (jump a -> b5): a already moved this turn and cannot jump (jump)"
    )


def test_jump_needs_an_empty_cell():
    assert illegal("jump_onto_occupied.toml") == "action 1 (jump a -> c5): cell c5 is occupied (507.1)"


def test_jump_needs_the_ability():
    assert illegal("jump_without_ability.toml") == "action 1 (jump a -> c4): a has no such ability (114)"


# ---- clumsiness [H] ----
def test_clumsy_creature_that_moved_cannot_attack():
    assert (
        illegal("clumsy_moved_cannot_attack.toml")
        == "action 2 (attack a -> b): a is clumsy and moved this turn, so it cannot attack [H clumsiness]"
    )


def test_clumsy_creature_attacks_without_moving():
    r = run("clumsy_attacks_without_moving.toml")
    assert r["events"][1] == roll(5, 2, "medium", NO_COUNTER)
    check(r, "b", wounds=4, life=10)
    check(r, "a", closed=True)


# ---- closed cards (section 4) ----
def test_4_closed_card_cannot_move():
    assert illegal("506_closed_cannot_move.toml") == f"action 1 (move a -> c2): {CLOSED}"


def test_4_closed_card_cannot_attack():
    assert illegal("506_closed_cannot_attack.toml") == f"action 1 (attack a -> b): {CLOSED}"


def test_4_closed_card_cannot_use_tap_ability():
    assert illegal("506_closed_cannot_use_ability.toml") == f"action 1 (ability 2 of a): {CLOSED}"


def test_4_closed_card_cannot_defend():
    assert illegal("506_closed_cannot_defend.toml") == (
        "action 1 (attack a -> b): d cannot defend here: it must be an open creature of the target's owner "
        "adjacent to both (504)"
    )


def test_4_closed_card_does_not_roll_or_counter_strike():
    r = run("506_closed_target_does_not_roll.toml")
    assert r["events"] == [
        "a strikes b",
        single_roll(1, "weak"),
        "b takes 1 wound from a (life 8)",
        "a closes",
    ]
    assert r["dice_used"] == 1
    check(r, "b", wounds=1, life=8, closed=True)
    check(r, "a", wounds=0, closed=True)
