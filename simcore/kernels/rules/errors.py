"""Why an action is illegal: codes the kernels return, and the one-line reasons (with the rule
number) that the scenario harness prints."""

E_OK = 0
E_GAME_OVER = 1
E_NOT_IN_PLAY = 2
E_NOT_ACTIVE = 3
E_CLOSED = 4
E_ACTED = 5
E_NO_MOVES = 6
E_NOT_ORTHOGONAL = 7
E_OCCUPIED = 8
E_FLYER_MOVES = 9
E_CLUMSY = 10
E_TARGET_NOT_IN_PLAY = 11
E_TARGET_SELF = 12
E_TARGET_OWN = 13
E_NOT_ADJACENT = 14
E_ADJACENT_RANGED = 15
E_OUT_OF_RANGE = 16
E_ROW_GEOMETRY = 17
E_FLYER_UNREACHABLE = 18
E_DRAWN = 19
E_NO_RANGED = 20
E_NO_ABILITY = 21
E_NO_COUNTERS = 22
E_FINISH_LIFE = 23
E_DEFENDER_DIRECTED = 24
E_DEFENDER_INVALID = 25
E_SECOND_STRIKE_SAME = 26
E_NOT_CREATURE_TARGET = 27
E_JUMP_RANGE = 28
E_ALREADY_MOVED = 29
E_BAD_CELL = 30
E_MAX_COUNTERS = 31
E_LIMIT = 32
E_TARGET_FILTER = 33
E_TARGET_SPELL = 34
E_TARGET_THEIRS = 35
E_TARGET_UNWANTED = 36
E_CONDITION = 37
E_NOT_OPPOSITE = 38
E_ROOTED = 39
E_FORCED_STRIKE = 40
E_NOT_REVIVABLE = 41
E_NO_EXTRA_LIVES = 42
# strike effects (dice windows)
E_NOT_DICE_WINDOW = 43
E_BAD_OPTION = 44
E_WEBBED = 45
MESSAGES = {
    E_GAME_OVER: "the game is over (section 9)",
    E_NOT_IN_PLAY: "{actor} is not in play (section 2)",
    E_NOT_ACTIVE: "{actor} does not belong to the active player (section 4)",
    E_CLOSED: "{actor} is closed and cannot move or act (section 4)",
    E_ACTED: "{actor} has already taken its action this turn (506.5)",
    E_NO_MOVES: "{actor} has no movement left (506)",
    E_NOT_ORTHOGONAL: "{target} is not an orthogonal neighbour of {actor}'s cell (506)",
    E_OCCUPIED: "cell {target} is occupied (507.1)",
    E_FLYER_MOVES: "{actor} is not on the battlefield and cannot move (506)",
    E_CLUMSY: "{actor} is clumsy and moved this turn, so it cannot attack [H clumsiness]",
    E_TARGET_NOT_IN_PLAY: "{target} is not in play (504)",
    E_TARGET_SELF: "a card cannot attack itself (504)",
    E_TARGET_OWN: "{target} is on {actor}'s own side; set the rule attack_own_cards = 1 to allow it [H]",
    E_NOT_ADJACENT: "{target} is not adjacent to {actor} (504.1)",
    E_ADJACENT_RANGED: "{target} is adjacent to {actor}; ranged attacks need a non-adjacent target (504.1)",
    E_OUT_OF_RANGE: "{target} is out of {actor}'s range (504, range N)",
    E_ROW_GEOMETRY: "{target} is not two cells away in a straight line past an empty or own cell (504, strike through a row)",
    E_FLYER_UNREACHABLE: "{target} is a flyer and {actor} cannot reach it (504)",
    E_DRAWN: "an enemy card draws this kind of attack onto itself; {target} cannot be chosen (draws_ranged)",
    E_NO_RANGED: "{actor} has no ranged attack (504)",
    E_NO_ABILITY: "{actor} has no such ability (114)",
    E_NO_COUNTERS: "{actor} has no counter to pay (123)",
    E_FINISH_LIFE: "{target}'s current life is above the finish-off value (509.2)",
    E_DEFENDER_DIRECTED: "a directed strike cannot be taken over by a defender (504)",
    E_DEFENDER_INVALID: "{defender} cannot defend here: it must be an open creature of the target's owner adjacent to both (504)",
    E_SECOND_STRIKE_SAME: "the second strike must be at a different card (strike twice)",
    E_NOT_CREATURE_TARGET: "{target} is not a creature on the battlefield (509.2)",
    E_JUMP_RANGE: "cell {target} is beyond {actor}'s jump range (jump)",
    E_ALREADY_MOVED: "{actor} already moved this turn and cannot jump (jump)",
    E_BAD_CELL: "cell {target} is off the battlefield (section 2)",
    E_MAX_COUNTERS: "{actor} already holds its maximum of counters (123)",
    E_LIMIT: "{actor} has already used this ability as often as its text allows (114)",
    E_TARGET_FILTER: "{target} is not a card this ability may target (114, its target filter)",
    E_TARGET_SPELL: "{target} is protected from spells (ZoZ)",
    E_TARGET_THEIRS: "{target} is not one of {actor}'s own cards (114)",
    E_TARGET_UNWANTED: "this ability takes no chosen target; leave target out (114, 118)",
    E_WEBBED: "{actor} is caught in a web: it cannot move or act until the end of its owner's turn (web)",
    E_CONDITION: "{actor} does not meet the condition of this ability (114)",
    E_NOT_OPPOSITE: "{actor} may strike only the card opposite it, in its column (strikes_only_opposite)",
    E_ROOTED: "{actor} is rooted to its cell until the card that rooted it moves or leaves play (effect root)",
    E_NOT_REVIVABLE: "{target} is not a creature in its owner's graveyard with a cell to come back to (revive)",
    E_FORCED_STRIKE: "a card that must strike a closed enemy creature it can strike has not done so: end the "
                     "turn or act with it only after that strike (must_strike_closed)",
    E_NO_EXTRA_LIVES: "{actor} has no extra life it can remove and stay alive (ranged_spends_extra_lives)",
    E_NOT_DICE_WINDOW: "this ability changes an attack in progress: only at the dice window of an attack; other fast abilities never there (section 4)",
    E_BAD_OPTION: "this option of the strike effect does not apply to the attack in progress (see VOCABULARY.md, strike effects)",
}
