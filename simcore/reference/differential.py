"""Differential testing: play a game with the fast Numba engine one action at a time, replay every
step with the reference engine, and check after every action that the two states agree.

The fast engine is driven from Python through its own kernels (rules.setup.init_game, game.setup,
rules.turn.start_turn, then per action the policy's choice and rules.turn.apply_action), with its
event log on. The reference engine (simcore.reference.game) takes from that log only what the
players decided inside the rules' flow (mulligans, purchases, placement, defenders, exchanges, the
fast abilities declared at each priority window and each window's close), checks that each decision
was legal, and draws its own dice and shuffles from its own copy of the random streams: a
disagreement in how many dice a rule rolls is caught like any other. Before each action it checks
that the action the fast engine's AI chose is legal under its own rules (and, with `legal_sets`,
that both engines list the same set of legal actions). After setup, after the first start phase and
after every action it compares the state: every card's zone, cell, life, life maximum, wounds,
extra lives, closed, movement, counters, acquired effects (poison, gained keywords, lost abilities,
strike bonus, heal at end of turn), ability limits, statistics; the game's active player, turn,
winner and end, crystals, mulligans, board, delayed abilities (and their count), the stack (empty
between actions) and the random streams' draw counts. Every card and the deck order are compared after setup and at the
end of the game; in between, the cards that entered play (the only ones a battle's rules touch), as
one flat list of integers per side, field by field only when they differ. The first difference
raises `Disagreement` naming the game (seed, index, decks, AIs, ruleset), the action in words, and
the field (card, field, fast value, reference value).
"""
import time
from collections import Counter, deque
from dataclasses import dataclass, field

import numpy as np

from decks.registry import Element, Protection

from ..kernels.ai.search import pilot_action
from ..kernels.game import new_action_buffer, new_scratch, setup
from ..kernels.rng import STREAM_DICE, STREAM_SHUFFLE, STREAM_SHUFFLE1
from ..kernels.rules import log as L
from ..kernels.rules.decisions import Decision
from ..kernels.rules.setup import init_game
from ..kernels.rules.turn import A_AB0, ACTION_NAMES, apply_action, legal_actions, start_turn
from ..kernels.state import (
    CARD_FIELD_NAMES,
    DELAY_W,
    END_NAMES,
    EV0,
    G_ACTIVE,
    G_BOARD,
    G_DELAY,
    G_DRAWS,
    G_END,
    G_ERROR,
    G_FIRST,
    G_GOLD,
    G_LAST_WOUND,
    G_LOG_OFFERS,
    G_MULLIGANS,
    G_N_DELAYED,
    G_N_EVENTS,
    G_NPLAY,
    G_ORDER,
    G_PEND_HI,
    G_PLAY,
    G_SILVER,
    G_STACK_N,
    G_TURN,
    G_WINNER,
    GAME0,
    MAX_DECK,
    MAX_DELAYED,
    NCF,
    PR_FIRST,
    ZONE_NAMES,
    new_state,
    set_params,
)
from ..ruleset import SETTINGS
from .board import Disagreement
from .game import Action, Game

LOG_CAPACITY = 4096      # events of one action (the log is emptied after every action)
SETUP_DECISIONS = {L.EV_MULLIGAN: "mulligan", L.EV_BUY: "buy", L.EV_PLACE: "placement"}

# the compared card fields: the fast engine's card fields, "eff" read as "lost_abilities", plus "life"
COMPARED = tuple(n for n in CARD_FIELD_NAMES if n != "card") + ("life",)
_EFF = CARD_FIELD_NAMES.index("eff")
_COLS = [CARD_FIELD_NAMES.index(n) for n in COMPARED if n != "life"]
_ZONE_CODE = {name: code for code, name in ZONE_NAMES.items()}
_END_CODE = {name: code for code, name in END_NAMES.items()}
GAME_FIELDS = ("first", "active", "turn", "winner", "end", "gold", "silver", "mulligans", "dice draws",
               "shuffle draws", "last wound turn", "deck order", "board", "in play", "delayed", "delayed count",
               "stack", "pending deaths")


def _mask(ks):
    m = 0
    for k in ks:
        m |= 1 << k
    return m


def _prot_mask(names):
    m = 0
    for n in names:
        m |= Protection.of(n)
    return m


# ---- the two states as comparable values ----------------------------------------------------------
_LIFE_MAX, _EXTRA, _WOUNDS = (CARD_FIELD_NAMES.index(n) for n in ("life_max", "extra_lives", "wounds"))


def fast_cards(S, g, slots):
    """[tuple of COMPARED values] of the listed slots of the fast engine's row."""
    rows = S[g, :GAME0].reshape(-1, NCF)[slots]
    sel = rows[:, _COLS]
    sel[:, _COLS.index(_EFF)] = rows[:, _EFF] != rows[:, 0]
    life = rows[:, _LIFE_MAX] + rows[:, _EXTRA] - rows[:, _WOUNDS]
    return [tuple(r) + (lf,) for r, lf in zip(sel.tolist(), life.tolist())]


_MASKS = {}


def _cached_mask(fs, of):
    m = _MASKS.get((of, fs))
    if m is None:
        m = _MASKS[(of, fs)] = of(fs)
    return m


def _tmp_flags(c):
    """The gains until the end of the turn packed as the fast engine's TMP_FLAGS."""
    return (int(c.tmp_no_tap) | (int(c.tmp_directed) << 1) | (int(c.tmp_no_strikes) << 2)
            | (int(c.tmp_unanswered) << 3) | (int(c.attack_wounded) << 4)
            | (c.tmp_ranged << 8) | (c.tmp_range << 16) | (c.tmp_ova << 24)
            | ((c.roll_mark | (c.roll_mark_player << 8)) << 32 if c.roll_mark else 0)
            | (c.turn_wounds << 48) | (c.tmp_life << 56))


def _gained(c):
    """Acquired keywords packed as the fast engine's GAINED (directed, stunned, webbed, protections << 8)."""
    return (int(c.gained_directed) | (int(c.stunned) << 1) | (int(c.next_six) << 3) | (int(c.webbed) << 4)
            | (_cached_mask(c.gained_protection, _prot_mask) << 8 if c.gained_protection else 0)
            | ((c.rooted_by + 1) << 16 if c.rooted_by >= 0 else 0) | (c.form << 24)
            | (c.stone_skin << 26))


def ref_cards(cards):
    """The same values of reference cards."""
    return [(_ZONE_CODE[c.zone], c.cell, c.wounds, c.extra_lives, c.life_max, int(c.closed), c.moves_left,
             c.moved, int(c.acted), c.strikes, c.last_target, c.armor_left, c.counters, c.poison,
             _gained(c), c.died_from,
             c.death_turn, int(c.dealt), int(c.bought), c.dmg_dealt, c.kills, int(c.lost_abilities),
             c.last_cell, c.strike_bonus, _cached_mask(c.used_turn, _mask), _cached_mask(c.used_game, _mask),
             int(c.acquired_loss), c.heal_at_end, c.ability_uses, int(c.death_pending), _tmp_flags(c),
             c.own_strike | (c.own_ova << 8), c.life)
            for c in cards]


def fast_game(S, g, sizes):
    """The compared game fields of the fast engine's row."""
    G = S[g, GAME0:]
    delayed = []
    for k in range(MAX_DELAYED):
        e = G[G_DELAY + k * DELAY_W:G_DELAY + (k + 1) * DELAY_W].tolist()
        delayed.append(tuple(e) if e[0] else None)
    return {
        "first": int(G[G_FIRST]), "active": int(G[G_ACTIVE]), "turn": int(G[G_TURN]),
        "winner": int(G[G_WINNER]), "end": int(G[G_END]),
        "gold": G[G_GOLD:G_GOLD + 2].tolist(), "silver": G[G_SILVER:G_SILVER + 2].tolist(),
        "mulligans": G[G_MULLIGANS:G_MULLIGANS + 2].tolist(),
        "dice draws": int(G[G_DRAWS + STREAM_DICE]),
        "shuffle draws": [int(G[G_DRAWS + STREAM_SHUFFLE]), int(G[G_DRAWS + STREAM_SHUFFLE1])],
        "last wound turn": int(G[G_LAST_WOUND]),
        "deck order": [G[G_ORDER + p * MAX_DECK:G_ORDER + p * MAX_DECK + int(sizes[p])].tolist() for p in range(2)],
        "board": G[G_BOARD:G_BOARD + 30].tolist(),
        "in play": [G[G_PLAY + p * MAX_DECK:G_PLAY + p * MAX_DECK + int(G[G_NPLAY + p])].tolist() for p in range(2)],
        "delayed": delayed,
        "delayed count": int(G[G_N_DELAYED]),      # the waiting delayed abilities the fast engine counts
        "stack": int(G[G_STACK_N]),
        "pending deaths": int(G[G_PEND_HI]),      # the highest slot whose on-death abilities wait
    }


def _delayed_entry(d):
    if d is None:
        return None
    if d.kind == "explosion":
        return (3, d.player, d.amount, d.cell, d.source, d.count)
    kind = 1 if d.kind == "trap" else 2
    elem = Element.of(d.element) + 1 if d.element else 0
    return (kind, d.player, d.amount, elem, _mask(d.strengths), d.count)


def ref_game(game):
    """The same fields of the reference game."""
    return {
        "first": game.first, "active": game.active, "turn": game.turn, "winner": game.winner,
        "end": _END_CODE[game.end], "gold": list(game.gold), "silver": list(game.silver),
        "mulligans": list(game.mulligans),
        "dice draws": game.streams.draws[0],
        "shuffle draws": [game.streams.draws[STREAM_SHUFFLE], game.streams.draws[STREAM_SHUFFLE1]],
        "last wound turn": game.last_wound_turn,
        "deck order": [list(o) for o in game.order],
        "board": [c.slot if c is not None else -1 for c in game.board],
        "in play": [[c.slot for c in game.play[p]] for p in range(2)],
        "delayed": [_delayed_entry(d) for d in game.delayed],
        "delayed count": sum(d.count for d in game.delayed if d is not None),
        "stack": len(game.stack),
        "pending deaths": _highest_pending(game),
    }


def first_difference(S, g, game, cards=None):
    """None if the states agree, else (card slot or None, field, fast value, reference value).
    cards: the reference cards to compare (default: every card of both decks)."""
    cards = game.cards if cards is None else cards
    fc, rc = fast_cards(S, g, [c.slot for c in cards]), ref_cards(cards)
    if fc != rc:
        for c, a, b in zip(cards, fc, rc):
            if a != b:
                for name, x, y in zip(COMPARED, a, b):
                    if x != y:
                        return c.slot, name, x, y
    fg, rg = fast_game(S, g, game.deck_size), ref_game(game)
    for name in GAME_FIELDS:
        if fg[name] != rg[name]:
            return None, name, fg[name], rg[name]
    return None


# the quick comparison after each action: the same values as flat lists of integers (the cards'
# fields with "eff" as stored; the game's scalar fields and board); first_difference names the field
_GAME_IDX = [G_FIRST, G_ACTIVE, G_TURN, G_WINNER, G_END, G_GOLD, G_GOLD + 1, G_SILVER, G_SILVER + 1,
             G_MULLIGANS, G_MULLIGANS + 1, G_DRAWS + STREAM_DICE, G_DRAWS + STREAM_SHUFFLE,
             G_DRAWS + STREAM_SHUFFLE1, G_LAST_WOUND, G_NPLAY, G_NPLAY + 1, G_N_DELAYED, G_STACK_N,
             G_PEND_HI] + [G_BOARD + i for i in range(30)]


def _highest_pending(game):
    """The highest slot destroyed whose on-death abilities wait (509.3), -1 for none: the fast engine's
    G_PEND_HI between actions."""
    return max((c.slot for c in game.cards if c.death_pending), default=-1)


def quick_index(slots):
    """Positions in the state row of the values quick_reference lists, for these card slots."""
    return np.array([s * NCF + col for s in slots for col in _COLS] + [GAME0 + i for i in _GAME_IDX], np.int64)


def quick_reference(game, cards, n_cards):
    out = []
    ext = out.extend
    for c in cards:
        ext((_ZONE_CODE[c.zone], c.cell, c.wounds, c.extra_lives, c.life_max, c.closed, c.moves_left,
             c.moved, c.acted, c.strikes, c.last_target, c.armor_left, c.counters, c.poison,
             _gained(c) if (c.gained_protection or c.stunned or c.rooted_by >= 0 or c.form or c.stone_skin
                            or c.next_six or c.webbed) else int(c.gained_directed),
             c.died_from,
             c.death_turn, c.dealt, c.bought, c.dmg_dealt, c.kills,
             c.card_id + n_cards if c.lost_abilities else c.card_id,
             c.last_cell, c.strike_bonus, _mask(c.used_turn) if c.used_turn else 0,
             _mask(c.used_game) if c.used_game else 0, c.acquired_loss, c.heal_at_end, c.ability_uses,
             c.death_pending, _tmp_flags(c) if (c.tmp_no_tap or c.tmp_directed or c.tmp_ranged or c.tmp_range
                                                or c.tmp_ova or c.tmp_no_strikes or c.roll_mark
                                                or c.turn_wounds or c.tmp_unanswered or c.attack_wounded
                                                or c.tmp_life) else 0,
             c.own_strike | (c.own_ova << 8)))
    n_delayed = sum(d.count for d in game.delayed if d is not None)
    ext((game.first, game.active, game.turn, game.winner, _END_CODE[game.end], game.gold[0], game.gold[1],
         game.silver[0], game.silver[1], game.mulligans[0], game.mulligans[1],
         game.streams.draws[STREAM_DICE], game.streams.draws[STREAM_SHUFFLE],
         game.streams.draws[STREAM_SHUFFLE1], game.last_wound_turn, len(game.play[0]), len(game.play[1]),
         n_delayed, len(game.stack), _highest_pending(game)))
    ext(c.slot if c is not None else -1 for c in game.board)
    return out


# ---- the decisions of the fast engine's log ---------------------------------------------------------
class LogDecisions:
    """What the players decided, read from the fast engine's event log in order. Inside the rules' flow
    every decision is logged with the options the fast engine offered (EV_DECISION, EV_OFFER: its log's
    offers are on): the reference engine, at the same point, states the options its own rules offer and
    asks `decide`, which checks that the next logged decision is the same decision of the same player
    with the same options, and returns the option chosen. A decision the fast engine did not offer, or
    one it offered that the reference does not reach, is a disagreement. At setup (the game's own
    loop, no decision point of the rules) the mulligans, purchases and placements are read from their
    events and checked for legality by the reference."""

    def __init__(self):
        self.queue = deque()
        self.taken = Counter()          # decisions taken, by name

    def feed(self, events):
        it = iter(events)
        for e in it:
            if e[0] == L.EV_DECISION:
                dec, player, n, chosen, lo = e[1:6]
                options = None if lo >= 0 else [next(it)[2] for _ in range(n)]
                self.queue.append(("decision", Decision(dec).word, player, n, chosen, lo, options))
            elif e[0] in SETUP_DECISIONS and not (e[0] == L.EV_PLACE and e[2] < 0):
                # a flyer entering its auxiliary zone is logged as a placement but is no decision
                self.queue.append(("setup", e))

    def _setup(self, code):
        if self.queue and self.queue[0][0] == "setup" and self.queue[0][1][0] == code:
            self.taken[SETUP_DECISIONS[code]] += 1
            return self.queue.popleft()[1]
        return None

    def mulligan(self, p):
        e = self.queue[0][1] if self.queue and self.queue[0][0] == "setup" else None
        if e is not None and e[0] == L.EV_MULLIGAN and e[1] == p:
            self._setup(L.EV_MULLIGAN)
            return True
        return False

    def buy(self, p):
        e = self.queue[0][1] if self.queue and self.queue[0][0] == "setup" else None
        if e is not None and e[0] == L.EV_BUY and e[1] // MAX_DECK == p:
            self._setup(L.EV_BUY)
            return e[1]
        return -1

    def place(self, p):
        """(slot, cell) of player p's next placement at setup (the order is his pilot's)."""
        e = self._setup(L.EV_PLACE)
        if e is None or e[1] // MAX_DECK != p:
            raise Disagreement(f"the reference expects a placement of player {p + 1}; the fast engine's next "
                               f"setup event is {e}")
        return e[1], e[2]

    def decide(self, decision, player, options=None, lo=None, n=None):
        """The option chosen at decision `decision` (a rules.decisions.Decision name) of `player`, whose
        options the reference states: a list of values, or the range lo .. lo + n - 1. Checks that the
        fast engine offered the very same decision next."""
        nxt = self.queue[0] if self.queue else None
        if nxt is None or nxt[0] != "decision":
            raise Disagreement(f"the reference offers player {player + 1} the decision {decision} "
                               f"({options if options is not None else f'{lo}..{lo + n - 1}'}); the fast "
                               f"engine's next decision is {self._describe(nxt)}")
        _, name, p, count, chosen, flo, foptions = nxt
        mine = options if options is not None else None
        same = (name == decision and p == player and (foptions == list(mine) if mine is not None
                                                         else (flo == lo and count == n)))
        if not same:
            theirs = foptions if foptions is not None else f"{flo}..{flo + count - 1}"
            ours = options if options is not None else f"{lo}..{lo + n - 1}"
            raise Disagreement(f"the reference offers player {player + 1} {decision} with options {ours}; "
                               f"the fast engine offered player {p + 1} {name} with options {theirs}")
        self.queue.popleft()
        self.taken[name] += 1
        if not 0 <= chosen < count:
            raise Disagreement(f"the fast engine's pilot chose option {chosen} of {count} at {name}")
        return foptions[chosen] if foptions is not None else flo + chosen

    @staticmethod
    def _describe(item):
        if item is None:
            return "none"
        if item[0] == "setup":
            return str(item[1])
        _, name, p, count, chosen, lo, options = item
        return f"{name} of player {p + 1} with options {options if options is not None else f'{lo}..{lo + count - 1}'}"

    def done(self):
        if self.queue:
            raise Disagreement("the fast engine logged decisions the reference did not reach: "
                               + "; ".join(self._describe(d) for d in list(self.queue)[:4]))


# ---- one checked game --------------------------------------------------------------------------------
@dataclass
class GameCheck:
    """One game played by both engines: the fast engine's final row, the reference game, the
    number of actions checked."""
    S: np.ndarray
    game: Game
    actions: int
    seconds_fast: float = 0.0
    seconds_reference: float = 0.0
    decisions: Counter = field(default_factory=Counter)


def to_action(kind, actor, target):
    """The fast engine's (kind, actor, target) as the reference's Action."""
    kind, actor, target = int(kind), int(actor), int(target)
    if kind >= A_AB0:
        return Action("ability", actor, target, kind - A_AB0)
    return Action(ACTION_NAMES[kind], actor, target)


class GameContext:
    def __init__(self, matchup, seed, game_index, key):
        self.matchup, self.seed, self.game_index, self.key = matchup, seed, game_index, key
        counts, self.labels = {}, {}
        for p in range(2):
            for i in range(int(matchup.sizes[p])):
                name = matchup.table.names[int(matchup.decks[p, i])]
                counts[(p, name)] = counts.get((p, name), 0) + 1
                self.labels[p * MAX_DECK + i] = f"P{p + 1} {name}#{counts[(p, name)]} (slot {p * MAX_DECK + i})"

    def label(self, slot):
        return self.labels.get(slot, f"slot {slot}")

    def describe_action(self, action, game):
        who = f"turn {game.turn + 1}, player {game.active + 1}"
        if action is None:
            return who
        if action.kind == "end_turn":
            return f"{who}: end the turn"
        what = action.kind if action.kind != "ability" else f"ability {action.ability + 1}"
        if action.kind in ("move", "jump"):
            tgt = " to " + "abcde"[action.target % 5] + str(action.target // 5 + 1)
        else:
            tgt = f" at {self.label(action.target)}" if action.target >= 0 else ""
        return f"{who}: {self.label(action.actor)} {what}{tgt}"

    def fail(self, step, why, action=None, game=None):
        m = self.matchup
        head = (f"disagreement in game {self.game_index} of seed {self.seed} (decks {m.deck_names[0]} vs "
                f"{m.deck_names[1]}, AIs {m.ais[0]}/{m.ais[1]}, ruleset {m.ruleset} {m.rules or ''})")
        where = step if action is None or game is None else f"{step}: {self.describe_action(action, game)}"
        return Disagreement(f"{head}\n  at {where}\n  {why}")


def play_checked(matchup, seed, game_index, seat_pairs=False, legal_sets=False, corrupt=None, corrupt_log=None):
    """Play game `game_index` of `seed` (as simcore.run plays it; seat_pairs as in meta/matchup) with
    both engines, checking after every step. Raises Disagreement at the first difference.
    corrupt(S, step) may alter the fast engine's row after each step, corrupt_log(events, step) the
    events of each step before the reference reads its decisions from them (tests of the checker)."""
    C = matchup.table.stats
    params = matchup.params.copy()
    key = game_index
    if seat_pairs:
        params[PR_FIRST] = game_index % 2
        key = game_index // 2
    rules = {name: int(params[i]) for name, i in SETTINGS.items()}
    rules["first"] = int(params[PR_FIRST])
    ctx = GameContext(matchup, seed, game_index, key)
    S = new_state(1, LOG_CAPACITY)
    S[0, GAME0 + G_LOG_OFFERS] = 1         # every decision with the options offered
    set_params(S, params)
    decisions = LogDecisions()
    game = Game(matchup.cardset, [[int(x) for x in matchup.decks[p, :matchup.sizes[p]]] for p in range(2)],
                rules, seed, key, decisions)
    sizes = matchup.sizes
    t_fast = t_ref = 0.0
    step = "setup"

    def events():
        n = int(S[0, GAME0 + G_N_EVENTS])
        if S[0, GAME0 + G_ERROR]:
            raise ctx.fail(step, f"the fast engine stopped with error {int(S[0, GAME0 + G_ERROR])}")
        ev = S[0, EV0:EV0 + 6 * n].reshape(n, 6).tolist()
        S[0, GAME0 + G_N_EVENTS] = 0
        return ev if corrupt_log is None else corrupt_log(ev, step)

    def check(action=None, everything=False):
        """Compare the states: every card after setup and at the end; in between the cards that
        entered play (the only ones the rules of a battle touch; the rest is checked at the end)."""
        if corrupt is not None:
            corrupt(S, step)
        if not everything and (S[0, quick].tolist() == quick_reference(game, squad, n_cards)
                               and (S[0, GAME0 + G_N_DELAYED] == 0
                                    or fast_game(S, 0, game.deck_size)["delayed"] == ref_game(game)["delayed"])):
            return
        d = first_difference(S, 0, game, None if everything else squad)
        if d is None and not everything:
            d = None, "(in the quick comparison only)", S[0, quick].tolist(), quick_reference(game, squad, n_cards)
        if d is not None:
            slot, name, fv, rv = d
            what = f"card {ctx.label(slot)}, field {name}" if slot is not None else f"game field {name}"
            raise ctx.fail(step, f"first difference: {what}: fast {fv}, reference {rv}", action, game)

    def ref_step(fn, action=None):
        try:
            fn() if action is None else fn(action)
            decisions.done()
        except Disagreement as e:
            raise ctx.fail(step, str(e), action, game) from None

    t0 = time.perf_counter()
    scratch = new_scratch()
    init_game(C, S, 0, matchup.decks, sizes, np.uint64(seed), key)
    setup(C, S, 0, scratch)
    decisions.feed(events())
    t1 = time.perf_counter()
    ref_step(game.setup)
    t2 = time.perf_counter()
    t_fast, t_ref = t1 - t0, t2 - t1
    check(everything=True)
    squad = [c for c in game.cards if c.in_play]
    quick = quick_index([c.slot for c in squad])
    n_cards = len(matchup.cardset)
    actions = 0
    if S[0, GAME0 + G_WINNER] < 0:
        step = "the first start phase"
        t0 = time.perf_counter()
        S[0, GAME0 + G_ACTIVE] = S[0, GAME0 + G_FIRST]
        start_turn(C, S, 0)
        decisions.feed(events())
        t1 = time.perf_counter()
        game.active = game.first
        ref_step(game.start_turn)
        t_fast += t1 - t0
        t_ref += time.perf_counter() - t1
        check()
    buf = new_action_buffer()
    while S[0, GAME0 + G_WINNER] < 0:
        step = f"action {actions + 1}"
        t0 = time.perf_counter()
        if S[0, GAME0 + G_ERROR]:
            raise ctx.fail(step, f"the fast engine stopped with error {int(S[0, GAME0 + G_ERROR])}")
        kind, actor, target = pilot_action(C, S, 0, buf, scratch)
        action = to_action(kind, actor, target)
        t1 = time.perf_counter()
        why = game.action_error(action)
        if why:
            raise ctx.fail(step, f"the fast engine's AI chose an illegal action: {why}", action, game)
        if legal_sets:
            n = legal_actions(C, S, 0, buf)
            fast_set = {to_action(*buf[i]) for i in range(n)}
            ref_set = game.legal_actions()
            if fast_set != ref_set:
                raise ctx.fail(step, "the legal actions differ: only the fast engine's "
                               f"{sorted(map(str, fast_set - ref_set))[:3]}, only the reference's "
                               f"{sorted(map(str, ref_set - fast_set))[:3]}", action, game)
        t2 = time.perf_counter()
        apply_action(C, S, 0, kind, actor, target, -2, -1)
        decisions.feed(events())
        t3 = time.perf_counter()
        ref_step(game.act, action)
        t_fast += (t1 - t0) + (t3 - t2)
        t_ref += time.perf_counter() - t3
        actions += 1
        check(action)
    step = "the end of the game"
    check(everything=True)
    return GameCheck(S, game, actions, t_fast, t_ref, decisions.taken)


# ---- many games ----------------------------------------------------------------------------------------
DEFAULT_PILOTS = ("greedy", "random")      # the pilots whose games are checked unless told others
RULESETS = ("classic", "modern")


def seatings(pilots=DEFAULT_PILOTS):
    """The seatings of `pilots` (names or specs such as search[samples=4]): each pilot in both seats, then
    each pair of them both ways round. For greedy and random: greedy-greedy, random-random, greedy-random,
    random-greedy."""
    pilots = list(dict.fromkeys(pilots))
    out = [(a, a) for a in pilots]
    for i, a in enumerate(pilots):
        for b in pilots[i + 1:]:
            out += [(a, b), (b, a)]
    return tuple(out)


AI_SEATS = seatings()


def matchups(deck_paths, cardset=None, pilots=DEFAULT_PILOTS):
    """Every pair of the decks (mirrors included) under every seating of the pilots (seatings), the
    ruleset alternating classic / modern from one matchup to the next."""
    from decks import load_cardset

    from ..matchup import make_matchup

    cardset = cardset or load_cardset()
    out = []
    paths = list(deck_paths)
    for i, a in enumerate(paths):
        for b in paths[i:]:
            for ais in seatings(pilots):
                out.append(make_matchup(a, b, ruleset=RULESETS[len(out) % 2], ais=ais, cardset=cardset))
    return out


@dataclass
class RunSummary:
    games: int = 0
    actions: int = 0
    disagreements: list = field(default_factory=list)
    decisions: Counter = field(default_factory=Counter)    # replayed decisions by kind
    ends: Counter = field(default_factory=Counter)         # how the agreeing games ended
    bought: Counter = field(default_factory=Counter)       # agreeing games in which a card was recruited
    seconds_fast: float = 0.0          # the fast engine stepped from Python (not its batch speed)
    seconds_reference: float = 0.0


def run_games(all_matchups, games, seed, legal_sets_every=0, on_game=None):
    """Play `games` games spread over the matchups (game k: matchup k % len, game index
    k // len of seat-swapped pairs, as meta and matchup play them), each checked by play_checked.
    legal_sets_every = n: also compare the whole set of legal actions in every n-th game (0: never).
    Disagreements are collected (their messages), not raised."""
    out = RunSummary()
    n = len(all_matchups)
    for k in range(games):
        m = all_matchups[k % n]
        try:
            r = play_checked(m, seed, k // n, seat_pairs=True,
                             legal_sets=legal_sets_every > 0 and k % legal_sets_every == 0)
            out.actions += r.actions
            out.decisions.update(r.decisions)
            out.ends[r.game.end] += 1
            out.bought.update({c.name for c in r.game.cards if c.bought})
            out.seconds_fast += r.seconds_fast
            out.seconds_reference += r.seconds_reference
        except Disagreement as e:
            out.disagreements.append(str(e))
        out.games += 1
        if on_game is not None:
            on_game(out)
    return out


def random_matchups(n, seed, cardset=None, min_cards=30, max_cards=40, pilots=DEFAULT_PILOTS):
    """n matchups of random legal decks drawn from the whole card set (docs/RULES.md section 1: 30-50 cards,
    at most 3 copies of a name; here min_cards-max_cards cards of 10-20 names, each card of the set
    equally likely), seeded by `seed`; the pilots cycle through their seatings (seatings) and the ruleset
    alternates classic / modern every len(seatings) matchups, as in `matchups`."""
    import random

    from decks import load_cardset
    from decks.decklist import MAX_COPIES

    from ..kernels.cardtable import compile_cardset
    from ..matchup import Matchup
    from ..ruleset import ruleset_params

    cardset = cardset or load_cardset()
    table = compile_cardset(cardset)
    seats = seatings(pilots)
    rnd = random.Random(seed)
    n_cards = len(cardset.cards)

    def deck():
        size = rnd.randint(min_cards, max_cards)
        ids = rnd.sample(range(n_cards), min(n_cards, rnd.randint(max(10, -(-size // MAX_COPIES)), 20)))
        counts = {i: 1 for i in ids}
        while sum(counts.values()) < size:
            i = rnd.choice([i for i in ids if counts[i] < MAX_COPIES])
            counts[i] += 1
        return [i for i in ids for _ in range(counts[i])]

    out = []
    for k in range(n):
        decks = np.full((2, MAX_DECK), -1, np.int64)
        sizes = np.zeros(2, np.int64)
        for p in range(2):
            d = deck()
            decks[p, :len(d)] = d
            sizes[p] = len(d)
        ais = seats[k % len(seats)]
        ruleset = RULESETS[(k // len(seats)) % 2]
        names = tuple(f"random deck {2 * k + p} (seed {seed})" for p in range(2))
        out.append(Matchup(cardset, table, names, names, decks, sizes, ruleset_params(ruleset, {}, ais, -1),
                           ruleset, {}, ais))
    return out
