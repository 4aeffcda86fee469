"""The struct-of-arrays game state: one int64 row per game.

Kernels take the state as one array `S` shaped (games, ROW_WIDTH) and a game row g, so a game only
ever touches its own row. A row is laid out as [cards | game | pilots | params | dice | events]: the
card fields of every slot (S[g, slot * N_CARD_FIELDS + FIELD]), the game fields (S[g, GAME0 + G_*]),
the pilots' own fields (S[g, PILOT0 + P_*], which the rules never read), the ruleset parameters of the
game (S[g, PARAM0 + PR_*]), forced dice of a scenario (S[g, DICE0 + i]) and the event log
(S[g, EV0 + 6 * i + k]). Packing the fields into one array, rather than one
array per field, matters: every array a Numba function receives costs reference counting on each
call and compile time for each signature. `cards_view`, `game_view` and `fields` give the
per-field views for people and tests.

Player p owns slots p*MAX_DECK .. p*MAX_DECK + deck_size[p] - 1; slot i of player p is card i of his
deck list as expanded by the deck file. The battlefield (docs/RULES.md section 2) is 30 cells numbered
row * 5 + column, row 0..5 (printed rows 1..6), column 0..4 (a..e). Player 0 (the rules' player 1)
owns rows 0-2, front row 2; player 1 owns rows 3-5, front row 3.

Card fields (S[g, slot * N_CARD_FIELDS + FIELD]) and game fields (S[g, GAME0 + G_*]; per-player ones at
G_X + player) are documented where they are declared below, and so are the bit layouts of the packed
fields (GAINED, TMP_FLAGS, TMP_OWN).
Events are (code, a, b, c, d, e) records (rules/log.py), kept when the log capacity is above 1.
"""
import numpy as np

from .cardtable import MAX_AB
from .rng import N_STREAMS

MAX_DECK = 50            # docs/RULES.md section 1: a deck holds 30-50 cards
N_SLOTS = 2 * MAX_DECK
N_CELLS = 30
N_COLS = 5
N_ROWS = 6
MAX_ACTIONS = 512        # legal-action buffer, allocated once per game; more stops the game (ERR_ACTIONS_FULL)

# ---- card fields ------------------------------------------------------------------------------------
(CARD_ID,            # card id in the card table, -1 for an empty slot
 ZONE,               # Z_* constant
 CELL,               # battlefield cell 0..29, -1 off the battlefield
 WOUNDS,             # wound markers (508.3)
 EXTRA_LIVES,        # extra life markers (508.2)
 LIFE_MAX,           # current life maximum (508.1; lowered by life reduction, 508.4)
 CLOSED,             # 1 = closed (tapped)
 MOVES_LEFT,         # movement points left this turn (506)
 MOVED,              # steps moved this turn (clumsiness, jump)
 ACTED,              # 1 = took its action this turn (an action forfeits movement, 506.5)
 STRIKES,            # simple strikes made this turn (strike twice)
 LAST_TARGET,        # card struck first this turn (strike twice at different cards)
 ARMOR_LEFT,         # armor not yet used this turn
 COUNTERS,           # counters (фишки, 123); a graveyard card's incarnation tokens
 POISON,             # poison N: N wounds at the start of its owner's turn (acquired, 117)
 GAINED,             # acquired for good (117) or waiting for an event: bits GAINED_* below
 DIED_FROM,          # killer slot, KILLED_BY_* code, or -1 (509.1.1)
 DEATH_TURN,         # turn of death, -1 if alive
 DEALT,              # 1 = in the (last) deal of 15
 BOUGHT,             # 1 = bought into the squad
 DMG_DEALT,          # wounds this card dealt (statistics)
 KILLS,              # enemy cards this card destroyed (statistics)
 EFF,                # the card-table row the kernels read: CARD_ID, or CARD_ID + cards (its blank twin,
                     # printed stats only) while it has lost its abilities (recomputation, 503.3)
 LAST_CELL,          # the cell it stood on when it last left the battlefield (509.3)
 TMP_STRIKE,         # + simple strike until the end of the turn
 USED_TURN,          # bit k: ability k used this turn; bit MAX_AB + k: used twice (limits)
 USED_GAME,          # bit k: ability k used this battle
 ACQ_LOST,           # 1 = lost its abilities by an acquired effect (117)
 HEAL_END,           # heal this much at the end of the turn (a two-condition ability, 118.3)
 AB_USES,            # how many times its played abilities were used (outcome counts)
 DEATH_PENDING,      # 1 = destroyed, its on-death abilities not yet fired (509.3)
 TMP_FLAGS,          # gains until the end of the turn: bits TF_* below
 TMP_OWN,            # gains until the end of its owner's turn: bits TO_* below
 N_CARD_FIELDS) = range(34)
NCF = N_CARD_FIELDS
CARD_FIELD_NAMES = ("card", "zone", "cell", "wounds", "extra_lives", "life_max", "closed",
                    "moves_left", "moved", "acted", "strikes", "last_target", "armor_left",
                    "counters", "poison", "gained", "died_from", "death_turn", "dealt", "bought",
                    "dmg_dealt", "kills", "eff", "last_cell", "tmp_strike", "used_turn", "used_game",
                    "acq_lost", "heal_end", "ab_uses", "death_pending", "tmp_flags", "tmp_own")
assert len(CARD_FIELD_NAMES) == N_CARD_FIELDS

# ---- bit layouts of the packed card fields: a flag is one bit, a value is WIDTH bits from SHIFT ----------
# GAINED
GAINED_DIRECTED = 1 << 0            # directed strike (tap_gain)
GAINED_STUN = 1 << 1                # does not untap at the start of its owner's next turn (stun)
GAINED_TOKEN = 1 << 2               # a graveyard card received an incarnation token: its trigger waits
GAINED_SIX = 1 << 3                 # its next die roll in an attack counts as 6 (next_roll_six)
GAINED_WEB = 1 << 4                 # under a web: cannot move or act; an attack at it is blocked
GAINED_PROT_SHIFT, GAINED_PROT_WIDTH = 8, 8         # protections gained (decks.registry.Protection bits)
GAINED_ROOT_SHIFT, GAINED_ROOT_WIDTH = 16, 8        # slot + 1 of the card that rooted it to its cell (0: none)
GAINED_FORM_SHIFT, GAINED_FORM_WIDTH = 24, 2        # the turn_choice form it holds (0: none, option + 1)
GAINED_STONE_SHIFT, GAINED_STONE_WIDTH = 26, 8      # stone skin N: - N from non-magic attacks
STONE_MAX = (1 << GAINED_STONE_WIDTH) - 1          # stone skins add up to at most 255
# TMP_FLAGS: each count is one byte (GAIN_WIDTH bits), at most GAIN_MAX
GAIN_WIDTH = 8
GAIN_MAX = (1 << GAIN_WIDTH) - 1
TF_NO_TAP = 1 << 0                  # does not tap after attacking
TF_DIRECTED = 1 << 1                # directed strike
TF_NO_STRIKES = 1 << 2              # protected from simple strikes
TF_UNANSWERED = 1 << 3              # its first simple strike this turn is unanswered
TF_ATTACK_WOUNDED = 1 << 4          # took wounds from an attack this turn (kept only with F_ATTACK_WOUNDS)
TF_RANGED_SHIFT = 8                 # + ranged attack value
TF_RANGE_SHIFT = 16                 # + range
TF_OVA_SHIFT = 24                   # + OvA
TF_MARK_SHIFT, TF_MARK_WIDTH = 32, 9     # roll_bonus_against: + die roll (8 bits) for the attackers of the
TF_MARK_PLAYER_BIT = 8                   # player in bit 8 of the mark
TF_TURN_WOUNDS_SHIFT = 48           # wounds taken this turn (counted only with F_TURN_WOUNDS)
TF_LIFE_SHIFT = 56                  # life maximum lowered until the end of the turn (reduce_life_turn)
# TMP_OWN: counts of GAIN_WIDTH bits
TO_STRIKE_SHIFT = 0                 # + simple strike
TO_OVA_SHIFT = 8                    # + OvA

# ---- game fields ------------------------------------------------------------------------------------
G_FIRST = 0              # seat that moves first (0 or 1)
G_ACTIVE = 1             # player whose turn it is
G_TURN = 2               # turns played (0-based; a round is two turns)
G_WINNER = 3             # -1 playing, 0/1 winner, 2 draw
G_END = 4                # END_* reason
G_SEED = 5               # master seed (the RNG key)
G_INDEX = 6              # global game index (the RNG counter's game part)
G_ERROR = 7              # ERR_* code
G_N_EVENTS = 8           # events logged
G_DICE_N = 9             # forced dice available, -1 = roll from the RNG
G_DICE_USED = 10         # forced dice consumed
G_DECK_SIZE = 11         # + player
G_GOLD = 13              # + player: gold crystals left
G_SILVER = 15            # + player: silver crystals left
G_MULLIGANS = 17         # + player
G_DRAWS = 19             # + stream: draws taken from each random stream (5 streams)
G_BOARD = 24             # + cell: slot standing on each cell, -1 empty
G_ORDER = G_BOARD + N_CELLS          # + player * MAX_DECK + i: deck order as slot offsets
G_EV_CAP = G_ORDER + 2 * MAX_DECK   # events the row can hold
G_DRAWERS = G_EV_CAP + 1             # + player: 1 if his deck has a card that draws ranged attacks
G_LAST_WOUND = G_DRAWERS + 2         # turn in which a card last took wounds
G_NPLAY = G_LAST_WOUND + 1           # + player: his creatures in play
G_PLAY = G_NPLAY + 2                 # + player * MAX_DECK + i: their slots, ascending
G_DELAY = G_PLAY + 2 * MAX_DECK      # + k * DELAY_W: delayed abilities waiting for a target (118)
MAX_DELAYED = 16                     # engine limit (docs/RULES.md, Engine limits): one more stops the game
DELAY_W = 6                          # kind (0 = free), player, amount, element filter + 1, strengths mask,
                                     # count: identical traps or boosts wait as one entry
G_RC = G_DELAY + MAX_DELAYED * DELAY_W   # recomputation scratch: RC_MAX states of 2 words (503.3)
RC_MAX = 8
G_PEND_LO = G_RC + 2 * RC_MAX        # lowest and highest slot destroyed since abilities.check_deaths last
G_PEND_HI = G_PEND_LO + 1            # looked: their on-death abilities wait (509.3); none while HI < 0
G_FLAGS = G_PEND_HI + 1              # OR of cardtable AB_FLAGS over both decks (work to watch for)
G_N_DELAYED = G_FLAGS + 1            # delayed abilities waiting
G_FAST = G_N_DELAYED + 1             # + player: his cards with a fast ability (114.2.2), bit i = slot
                                     # offset i; 0: none
G_STACK_N = G_FAST + 2               # fast abilities on the stack (section 4)
G_STACK = G_STACK_N + 1              # + 3 * i: slot, ability, target of stack item i (bottom first)
MAX_STACK = 16                       # the stack's table: the ruleset's stack_max (at most this) is the rule
G_SCRIPTED = G_STACK + 3 * MAX_STACK     # 1: a scenario scripts the fast answers (G_QUEUE)
G_QUEUE_N = G_SCRIPTED + 1
G_QUEUE = G_QUEUE_N + 1              # + 3 * i: slot, ability, target of the scripted answers, in order
MAX_QUEUE = 16                       # a scenario action's scripted answers
# the attack whose dice were just rolled (its dice window, rules/effects/strike.py)
G_ROLL = G_QUEUE + 3 * MAX_QUEUE     # ROLL_* kind of the attack in progress, ROLL_NONE outside its window
G_ROLL_ATT = G_ROLL + 1              # the attacker
G_ROLL_T = G_ROLL + 2                # the card that fights it (the target, or the defender)
G_ROLL_DEF = G_ROLL + 3              # 1 = that card is a defender
G_ROLL_A = G_ROLL + 4                # the attacker's die (d6, before bonuses)
G_ROLL_D = G_ROLL + 5                # the defender's die, -1 when only the attacker rolls
G_ROLL_STRONG = G_ROLL + 6           # bit 0: the attacker's strike becomes strong, bit 1: the counter-strike
G_ROLL_TO_ONE = G_ROLL + 7           # bit 0: the attacker's strike deals 1, bit 1: the counter-strike
G_ROLL_MINUS = G_ROLL + 8            # - wounds of the attacker's strike
G_ROLL_MINUS_C = G_ROLL + 9          # - wounds of the counter-strike
G_RC_CLEAN = G_ROLL + 10             # 1: nothing recomputation (503.3) reads changed since the last one,
                                     # which may then be skipped (board.board_changed, cells_changed)
G_AT_END = G_RC_CLEAN + 1            # 1 during the priority window at the end of the turn (the greedy
                                     # policy sets its traps there, not at the start of its own turn)
G_TOKENS = G_AT_END + 1              # incarnation tokens given by an effect since the last check_deaths
                                     # (0: abilities.fire_pending_tokens has no graveyard card to scan)
G_HURT = G_TOKENS + 1                # 1: some card's current life went down to 0 or less since the last
                                     # destruction check (0: destruction.check_destruction has nothing to do)
G_LOSS_REACH = G_HURT + 1           # the cells (bitmask) on or next to a card that can take abilities
                                     # away, as of the last recomputation (board.cells_changed)
# the pending decision (rules/decisions.py): the rules write it, the pilot of G_DECIDER picks an option
G_DECISION = G_LOSS_REACH + 1        # its rules.decisions.Decision code, 0 while none is pending
G_DECIDER = G_DECISION + 1           # the player who decides
G_CONTEXT = G_DECIDER + 1            # + i (i < N_CONTEXT): what it is about (cards, strengths, amounts)
N_CONTEXT = 5
G_OFFER_N = G_CONTEXT + N_CONTEXT    # its options: indices 0 .. G_OFFER_N - 1
G_OFFER_LO = G_OFFER_N + 1           # a range of numbers: option i is G_OFFER_LO + i (none listed below)
G_OFFER = G_OFFER_LO + 1             # + i: option i of a list (a slot, a cell, a packed ability use, ...)
MAX_OFFER = MAX_DECK * MAX_AB + 1    # a fast answer: pass, or one of at most 50 cards x 4 abilities
G_TARGETS_N = G_OFFER + MAX_OFFER    # the legal targets (or strike options) of one fast ability, listed
G_TARGETS = G_TARGETS_N + 1          # by rules.decisions.answer_targets for a pilot weighing a fast answer
MAX_TARGETS = N_SLOTS
G_LOG_OFFERS = G_TARGETS + MAX_TARGETS   # 1: the event log records every decision with its options
N_GAME_FIELDS = G_LOG_OFFERS + 1
assert G_DRAWS + N_STREAMS <= G_BOARD, "room for every random stream's draw count"

N_PARAMS = 56            # room for the ruleset parameters below
# ruleset parameters of a game (S[g, PARAM0 + PR_*]): the house-rule settings of docs/RULES.md ([H]) that
# simcore.ruleset reads from decks/rulesets.toml, the policy of each seat and the seat that moves
# first (-1: the roll-off decides)
(PR_GOLD_FIRST, PR_SILVER_FIRST, PR_GOLD_SECOND, PR_SILVER_SECOND, PR_DEAL, PR_MULLIGAN_MAX,
 PR_MULLIGAN_COST, PR_FLYER_CAP, PR_ELEMENT_PENALTY, PR_PLACEMENT_LEVELS, PR_ROUND_CAP,
 PR_GROUND_HITS_LONE_FLYERS, PR_ATTACK_OWN_CARDS, PR_POISON_STACKS, PR_FORMATION_ORTHOGONAL,
 PR_POLICY0, PR_POLICY1, PR_FIRST) = range(18)
PR_SEARCH_CANDIDATES0 = 18   # + seat: the search pilot's budget (simcore.pilots): actions it weighs,
PR_SEARCH_SAMPLES0 = 20      # + seat: dice samples it plays each out on,
PR_SEARCH_HOLD0 = 26         # + seat: 1 if ending the turn at once is one of its candidates
PR_OPEN_WEIGHT0 = 22     # + seat: greedy's weight (%) on what keeping a creature open is worth (0: baseline's)
PR_FOCUS0 = 24           # + seat: greedy's focus (%): how much more a wound is worth on a wounded card (0: baseline's)
PR_SQUADS0 = 28          # + seat: squads greedy weighs by their worth, or search plays out (ai.squad_search)
PR_SQUAD_SAMPLES0 = 30   # + seat: opponent hands search plays each squad out against,
PR_SQUAD_TURNS0 = 32     # + seat: and for how many turns
PR_SEARCH_ALTERNATIVES0 = 34     # + seat: search: other actions of its first candidate creature it weighs,
PR_SEARCH_KEEP0 = 36     # + seat: 1 if keeping that creature open this turn is a candidate too,
PR_SEARCH_HORIZON0 = 38  # + seat: the turns its playouts run (2: its own and the opponent's next)
PR_SEARCH_CLOSE0 = 40    # + seat: it weighs other creatures only when the second scores this % of the first
PR_STACK_MAX = 42        # [H] stack_max: the most fast abilities the stack holds (at most MAX_STACK)
PR_WINDOW_STEPS = 43     # [H] window_steps_max: the most declarations and passes of one priority window
PR_SEARCH_DEFEND0 = 44   # + seat: dice samples search plays the defenders of its struck card out on (0: none)
PR_SEARCH_RECHECK0 = 46  # + seat: more dice samples search plays its two best candidates out on when
PR_SEARCH_RECHECK_WITHIN0 = 48  # + seat: their values lie within this many tenths of a crystal
PR_GUARD0 = 50           # + seat: greedy's weight (%) on what Лёккен (defender_no_tap) is worth open
PR_SEARCH_DEEPEN0 = 52   # + seat: turns more its two best candidates' recheck playouts run (0: as the first)
PR_SEARCH_PLACEMENTS0 = 54  # + seat: the other placements search weighs for its squad (ai.squad_search)
# ---- the pilots' fields (S[g, PILOT0 + P_*]): their own bookkeeping; the rules never read them -----------
P_CURSOR_TURN = 0        # greedy: the turn (+ 1) its cursor belongs to, 0 before its first action
P_CURSOR = 1             # greedy: pass * MAX_DECK + slot offset of the next card it looks at
P_ANSWER = 2             # the target (or strike option) of the fast answer it chose at the source level
P_SQUAD_PLAN = 3         # greedy: the squad it plans to buy, bit i = the i-th dealt card (ai.squad.plan_squad)
P_RANK_N = 4             # greedy: how many creatures it ranked at the start of its turn,
P_RANK = 5               # + k: their slots, the best action's worth first (policies.rank_creatures)
P_RANK_WORTH = P_RANK + MAX_DECK     # + k: that worth, in millionths of a crystal
P_BY_COST = P_RANK       # + k, at setup (before any turn): greedy's deal indices by cost (ai.squad.plan_squad)
P_FILL_ORDER = P_RANK_WORTH     # + k, at setup: the order of the deal a random fill buys in (ai.squad.random_fill)
P_KEEP_TURN = P_RANK_WORTH + MAX_DECK   # the turn (+ 1) that P_KEEP belongs to
P_KEEP = P_KEEP_TURN + 1     # bit i: the active player's card of slot offset i stays open this turn (search)
P_EXCLUDE_LO = P_KEEP + 1    # bits of the slots (0-63) a pilot leaves out as targets while it lists
P_EXCLUDE_HI = P_KEEP + 2    # alternatives (64-: P_EXCLUDE_HI), 0 otherwise
P_DEFENCE_ATTACKER = P_EXCLUDE_HI + 1  # search: the attacker (+ 1; 0: none) of the strike whose
P_DEFENCE_TARGET = P_DEFENCE_ATTACKER + 1   # defender it chose before the strike (ai.search.plan_defence),
P_DEFENCE_BY = P_DEFENCE_ATTACKER + 2       # the card struck and its defender (-1: none)
P_PLACEMENT = P_DEFENCE_BY + 1     # + seat: search: how it places its squad (ai.squad.choose_cell)
P_TERMS = P_PLACEMENT + 2    # + i, while a squad is planned: dealt card i's terms (ai.squad.note_deal):
TERMS_COST_SHIFT, TERMS_COST_WIDTH = 0, 16      # its cost, paid in gold if elite (what rules.setup.with_card
TERMS_ELITE_SHIFT = 16                          # adds to a squad's totals), 1: elite,
TERMS_FLYER_SHIFT = 17                          # 1: a flyer,
TERMS_ELEMENT_SHIFT, TERMS_ELEMENT_WIDTH = 18, 4     # its element + 1 (0: neutral),
TERMS_GOLD_SHIFT, TERMS_GOLD_WIDTH = 22, 16     # the gold it brings when recruited, + TERMS_GOLD_ZERO;
TERMS_GOLD_ZERO = 1 << 15
TERMS_DEALT_SHIFT = 38                          # 1: dealt, not bought; the cost of its effective card;
TERMS_EFF_COST_SHIFT, TERMS_EFF_COST_WIDTH = 40, 16
TERMS_GROUP_SHIFT, TERMS_GROUP_WIDTH = 56, 7    # a unique card dealt more than once: its copies' group (1..)
N_PILOT_FIELDS = P_TERMS + MAX_DECK

DICE_CAP = 128           # forced dice a scenario may list
GAME0 = N_SLOTS * N_CARD_FIELDS
PILOT0 = GAME0 + N_GAME_FIELDS
PARAM0 = PILOT0 + N_PILOT_FIELDS
DICE0 = PARAM0 + N_PARAMS
EV0 = DICE0 + DICE_CAP

# zones
Z_NONE = 0               # empty slot (deck shorter than MAX_DECK)
Z_DECK = 1
Z_DEALT = 2              # dealt, not (yet) bought
Z_FIELD = 3              # on the battlefield
Z_AUX = 4                # auxiliary zone (flyers)
Z_GRAVE = 5
Z_SQUAD = 6              # bought, not yet placed (setup only)
ZONE_NAMES = {Z_NONE: "none", Z_DECK: "deck", Z_DEALT: "deal", Z_FIELD: "field", Z_AUX: "aux",
              Z_GRAVE: "graveyard", Z_SQUAD: "squad"}

# end reasons
END_NONE = 0
END_WIPE = 1             # one side has no creature left (docs/RULES.md section 9)
END_BOTH_WIPED = 2       # both lost their last creature in the same action: draw
END_TURN_CAP = 3         # 604.1 adjudication by total cost in play
END_NO_SQUAD = 4         # a player fielded no creature at all
END_NAMES = {END_NONE: "none", END_WIPE: "wipe", END_BOTH_WIPED: "both_wiped",
             END_TURN_CAP: "turn_cap", END_NO_SQUAD: "no_squad"}

# G_ROLL kinds
ROLL_NONE = 0
ROLL_BOTH = 1            # a simple strike where both players roll
ROLL_SINGLE = 2          # a simple strike where only the attacker rolls (closed target, unanswered)
ROLL_RANGED = 3          # a ranged attack (only the attacker rolls)

WINNER_NONE = -1
WINNER_DRAW = 2

# died_from codes besides a killer's slot
KILLED_BY_POISON = -2
KILLED_BY_RULE = -3

# error codes raised by kernels (scenario runs and forced dice)
ERR_NONE = 0
ERR_DICE_EXHAUSTED = 1
ERR_LOG_FULL = 2
ERR_BAD_ANSWER = 3       # a scenario's scripted fast answer was not legal when its turn came
# engine limits (docs/RULES.md, "Engine limits"): a game that would go past one stops with its code
ERR_DELAYED_FULL = 4     # a delayed ability found the table of MAX_DELAYED waiting ones full
ERR_WINDOW_STEPS = 5     # a priority window went past the ruleset's window_steps_max
ERR_GAIN_FULL = 6        # a count packed in one byte (a gain until the end of a turn) went past GAIN_MAX
ERR_STONE_FULL = 7       # stone skins added up past STONE_MAX
ERR_ACTIONS_FULL = 8     # the legal actions of one moment went past MAX_ACTIONS (rules.turn.legal_actions)




def new_state(n_games: int, log_capacity: int = 0) -> np.ndarray:
    """Allocate the state of n_games empty games (log_capacity events per game when logging)."""
    cap = max(log_capacity, 1)
    S = np.zeros((n_games, EV0 + 6 * cap), np.int64)
    cards_view(S)[:, :, CARD_ID] = -1
    cards_view(S)[:, :, EFF] = -1
    game = game_view(S)
    game[:, G_WINNER] = -1
    game[:, G_DICE_N] = -1
    game[:, G_BOARD:G_BOARD + N_CELLS] = -1
    game[:, G_EV_CAP] = cap
    return S


def set_params(S: np.ndarray, params: np.ndarray) -> None:
    """Give every game of S the ruleset parameters (simcore.ruleset.ruleset_params)."""
    S[:, PARAM0:PARAM0 + N_PARAMS] = params


def cards_view(S: np.ndarray) -> np.ndarray:
    """(games, slots, N_CARD_FIELDS) view of the card fields."""
    return S[:, :GAME0].reshape(S.shape[0], N_SLOTS, N_CARD_FIELDS)


def game_view(S: np.ndarray) -> np.ndarray:
    """(games, N_GAME_FIELDS) view of the game fields."""
    return S[:, GAME0:GAME0 + N_GAME_FIELDS]


def events_view(S: np.ndarray) -> np.ndarray:
    """(games, capacity, 6) view of the event log."""
    cap = (S.shape[1] - EV0) // 6
    return S[:, EV0:EV0 + 6 * cap].reshape(S.shape[0], cap, 6)


def fields(S: np.ndarray) -> dict:
    """Per-field views {name: array (games, slots)} of the card fields."""
    cards = cards_view(S)
    return {name: cards[:, :, i] for i, name in enumerate(CARD_FIELD_NAMES)}
