"""Scenario files (docs/SCENARIOS.md) on the reference engine: the file's position set up on a reference
`Game`, its dice forced, its actions played through the same loop as the fast engine's
(simcore.scenario.play), and the same JSON printed, without `events` (the reference keeps no log in words).

What the file scripts comes from the file: the actions, the defender and the exchange of an attack, the
fast answers (played, as in the fast engine's scripted mode, when their player has priority; a strike
effect waits for a dice window). What it leaves to the players (a triggered ability's target, close or
wound, a cell, ...) the fast engine's greedy pilot decided: the reference takes those decisions from the
fast engine's log of the same file, after checking that its own rules offer the very same options
(LogDecisions of simcore.reference.differential); a decision offered by one engine only is a
`Disagreement`.
"""
import bisect

from ..events import cell_name
from ..kernels.rules.turn import A_STRIKE
from ..ruleset import SETTINGS
from ..scenario import BAD_ANSWER, UNPLAYED_ANSWER, FastEngine, ScenarioError, parse_scenario, play
from . import abilities as AB
from .board import MAX_DECK, Disagreement
from .differential import LogDecisions, _gained, to_action
from .game import Game

ZONE_WORDS = {"field": "battlefield"}            # the reference's zone names in docs/RULES.md's words
NOT_AT_THIS_WINDOW = "strike effects only at a dice window, and nothing else there"


class DiceRanOut(Exception):
    """The scenario's forced dice are all used and the rules roll another."""


class ScenarioDecisions:
    """The decisions inside the rules' flow: the current action's defender and exchange from the file,
    every other one from the fast engine's log."""

    def __init__(self, log):
        self.log = log
        self.action = None

    def decide(self, decision, player, options=None, lo=None, n=None):
        a = self.action
        if decision == "defender":
            if a.defender not in options:
                raise Disagreement(f"action {a.index}: the reference does not offer defender slot {a.defender} "
                                   f"(its options: {options})")
            return a.defender
        if decision == "exchange":
            return a.exchange
        return self.log.decide(decision, player, options, lo, n)


class ScenarioGame(Game):
    """A reference game whose fast answers are the file's scripted ones and whose dice are forced."""

    def __init__(self, *args, dice, **kwargs):
        super().__init__(*args, **kwargs)
        self.forced = list(dice)
        self.dice_used = 0
        self.streams.d6 = self.forced_d6
        self.queue = []                 # [(slot, abilities entry, target or option)] of the current action
        self.has_fast = [True, True]    # scripted: either player may answer at every window

    def forced_d6(self):
        if self.dice_used >= len(self.forced):
            raise DiceRanOut
        self.dice_used += 1
        return self.forced[self.dice_used - 1]

    def priority_window(self):
        """As the fast engine's scripted mode: no window while nothing is scripted and the stack is empty."""
        if not self.queue and not self.stack:
            return
        super().priority_window()

    def answer(self, p):
        """The next scripted answer if it is player p's and may be played here; an illegal one is an error."""
        if not self.queue:
            return None
        s, k, t = self.queue[0]
        c = self.card_at(s)
        if c.owner != p:
            return None
        why = AB.use_error(self, c, k, t, window=True)
        if why == NOT_AT_THIS_WINDOW:
            return None                 # a strike effect waits for the dice window (and the rest for the others)
        self.queue.pop(0)
        if why:
            raise BadAnswer(why)
        return s, k, t


class BadAnswer(Exception):
    pass


class ReferenceEngine:
    """The engine interface of simcore.scenario.play over a ScenarioGame."""

    def __init__(self, sc, decision_log):
        self.sc = sc
        rules = {name: int(sc.params[i]) for name, i in SETTINGS.items()}
        rules["first"] = sc.active - 1
        decks = [[], []]
        for pl in sorted(sc.placements, key=lambda x: x.slot):
            decks[pl.slot // MAX_DECK].append(sc.cardset.index(pl.card.name))
        self.decisions = ScenarioDecisions(decision_log)
        self.game = g = ScenarioGame(sc.cardset, decks, rules, 0, 0, self.decisions, dice=sc.dice)
        for pl in sc.placements:
            c = g.card_at(pl.slot)
            c.life_max = pl.card.life
            if pl.zone == "battlefield":
                c.zone, c.cell = "field", pl.cell
                g.board[pl.cell] = c
            else:
                c.zone, c.cell = pl.zone, -1
            for key, v in pl.values.items():
                setattr(c, key, v)
            if pl.closed is not None:
                c.closed = pl.closed
            if c.in_play:
                bisect.insort(g.play[c.owner], c, key=lambda x: x.slot)
        g.first = g.active = sc.active - 1
        g.turn = 0
        AB.recompute(g)
        for q in range(2):
            for c in g.play[q]:
                c.armor_left = g.keyword(c, "armor")
                if q == g.active and c.on_field:
                    c.moves_left = c.printed.move

    def cell_of(self, slot):
        c = self.game.card_at(slot)
        return c.cell if c.on_field else -1

    def occupant(self, cell):
        c = self.game.board[cell]
        return -1 if c is None else c.slot

    def moves_left(self, slot):
        return self.game.card_at(slot).moves_left

    def refusal(self, a, kind, target):
        g = self.game
        why = g.action_error(to_action(kind, a.actor, target))
        if why is None and kind == A_STRIKE and a.defender >= 0:
            att, tgt, d = g.card_at(a.actor), g.card_at(target), g.card_at(a.defender)
            if g.is_directed(att, tgt) or not g.can_defend(att, tgt, d):
                why = "not a legal defender"
        return None if why is None else f"{why} (reference engine)"

    def apply(self, a, kind, target, answers):
        g = self.game
        g.queue = list(answers)
        self.decisions.action = a
        try:
            g.act(to_action(kind, a.actor, target))
        except DiceRanOut:
            raise ScenarioError(f"action {a.index} ({a.desc}): the scenario's dice ran out; add more values "
                                "to dice") from None
        except BadAnswer as e:
            j = len(answers) - len(g.queue) - 1
            raise ScenarioError(f"action {a.index} ({a.desc}): answer {j + 1} ({a.answer_texts[j]}) "
                                f"{BAD_ANSWER} [{e}]") from None
        if g.queue:
            j = len(answers) - len(g.queue)
            raise ScenarioError(f"action {a.index} ({a.desc}): answer {j + 1} ({a.answer_texts[j]}) "
                                f"{UNPLAYED_ANSWER}")

    def result(self):
        g, sc = self.game, self.sc
        out = {}
        for pl in sc.placements:
            c = g.card_at(pl.slot)
            out[pl.label] = {
                "name": pl.card.name, "owner": c.owner + 1, "zone": ZONE_WORDS.get(c.zone, c.zone),
                "cell": cell_name(c.cell) if c.on_field else None,
                "life": c.life, "life_max": c.life_max, "wounds": c.wounds, "extra_lives": c.extra_lives,
                "closed": bool(c.closed), "counters": c.counters, "poison": c.poison,
                "abilities_lost": bool(c.lost_abilities) and c.in_play, "acquired": _gained(c),
                "strike_bonus": c.strike_bonus, "ability_uses": c.ability_uses,
            }
        w = g.winner
        return {"cards": out, "active_player": g.active + 1, "turn": g.turn + 1,
                "winner": None if w < 0 else ("draw" if w == 2 else w + 1),
                "dice_used": g.dice_used, "events": None}


def play_both(path, cardset=None):
    """Play the file on both engines: ((fast result or ScenarioError), (reference result or ScenarioError)).
    The fast engine plays first; its log gives the reference the decisions the file leaves to the pilot."""
    sc = parse_scenario(path, cardset)
    engines = []

    def fast_engine(s):
        engines.append(FastEngine(s, log_offers=True))
        return engines[-1]

    try:
        fast = play(sc, fast_engine)
    except ScenarioError as e:
        fast = e
    log = LogDecisions()
    log.feed(engines[0].raw_events())
    try:
        ref = play(sc, lambda s: ReferenceEngine(s, log))
        log.done()
    except ScenarioError as e:
        ref = e
    return fast, ref


def run_scenario_reference(path, cardset=None):
    """The file's result on the reference engine (`berserk scenario --engine reference`)."""
    _, ref = play_both(path, cardset)
    if isinstance(ref, ScenarioError):
        raise ref
    return ref
