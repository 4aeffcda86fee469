"""The decisions a player makes inside the rules' flow (docs/RULES.md, "Decisions"): a defender, the
exchange, an answer at a priority window, a triggered ability's target, close or wound, a form, push or
wound, the X of a ram, how many wounds to move, the graveyard card that takes a token, the cell a card
comes to (relocated, or coming back from the graveyard).

At each decision point the rules write a pending decision into the game row (G_DECISION, G_DECIDER,
the context G_CONTEXT + i and the options G_OFFER_N, G_OFFER + i or the range G_OFFER_LO), call
`decide`, and carry on with the option it returns. The decision points met in most turns (defender,
exchange, answer, a trigger's target) put their options first, counted in a register, and write the
decision only when there is one to take (put_option, offer_listed): most windows offer nothing.
`decide` is a port, not a policy: the pilots implement it (simcore.kernels.ai.choices registers their
implementation when the engine is imported; Numba compiles it in place of the call), so the rules
import no pilot. A pilot reads the state and the
offer and may ask the rules for more (`answer_targets`), but changes nothing but its own fields
(PILOT0 + P_*). With the log's offers on (G_LOG_OFFERS, the differential), every decision is logged
with its options (EV_DECISION, EV_OFFER), so that the reference engine can compare the options it
offers at the same point.
"""
import functools
import inspect

from numba import njit
from numba.extending import overload

from decks.registry import Word

from ..cardtable import MAX_AB
from ..state import (
    G_CONTEXT,
    G_DECIDER,
    G_DECISION,
    G_LOG_OFFERS,
    G_OFFER,
    G_OFFER_LO,
    G_OFFER_N,
    G_TARGETS,
    G_TARGETS_N,
    GAME0,
)
from .log import EV_DECISION, EV_OFFER, log, logging


class Decision(Word):
    """The decision points of the rules (the int value is G_DECISION's code)."""
    DEFENDER = 1, "the struck card's owner puts forward one of his creatures that may defend it, or none"
    EXCHANGE = 2, "the side whose strike is stronger keeps both strikes (0) or lowers both a step (1)"
    ANSWER = 3, "a player with priority passes (option 0) or declares one of his fast abilities"
    ANSWER_TARGET = 4, "the target (or strike option) of the fast ability he declares"
    TRIGGER_TARGET = 5, "the owner of a triggered ability with a chosen target picks it (or none: may)"
    CLOSE_OR_WOUND = 6, "the target's owner closes it (0) or lets it take the wounds (1)"
    FORM = 7, "a card with turn_choice takes one of its two forms before its owner's turn"
    PUSH = 8, "the struck creature's owner lets it take the wounds (0) or be pushed (1)"
    RAM = 9, "the ram's owner chooses X from 1 to its life (a range: option i is X = 1 + i)"
    WOUNDS_MOVED = 10, "how many of the target's wounds move onto the card (a range from 0)"
    TOKEN = 11, "which card of its owner's graveyard with incarnation takes the token"
    CELL = 12, "the cell a card comes to (relocated, or back from the graveyard), among the free cells allowed"


# ---- the port: declared by the rules, implemented by the pilots ---------------------------------------
def decision_point(declaration):
    """Declare a function the rules call and the pilots implement (`implements`). Inside a kernel the
    call compiles to the registered implementation; without the JIT (NUMBA_DISABLE_JIT) it calls it."""
    @functools.wraps(declaration)
    def port(*args):
        if port.implementation is None:
            raise NotImplementedError(f"no pilot implements {declaration.__name__}: import simcore.kernels")
        return port.implementation(*args)

    port.implementation = None
    return port


def implements(port):
    """Register a jitted function as the implementation of a decision point."""
    def register(impl):
        port.implementation = impl
        py = getattr(impl, "py_func", impl)

        def typing(*args):
            return py
        typing.__signature__ = inspect.signature(py)
        overload(port)(typing)
        return impl
    return register


@decision_point
def decide(C, S, g):
    """The pilot of G_DECIDER picks one option of the pending decision: returns its index (0 ..
    G_OFFER_N - 1)."""


# ---- offering ---------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def offer(S, g, decision, player, a, b, c, d, e):
    """Start a pending decision of `player` with its context (a .. e) and no option yet."""
    S[g, GAME0 + G_DECISION] = decision
    S[g, GAME0 + G_DECIDER] = player
    S[g, GAME0 + G_CONTEXT] = a
    S[g, GAME0 + G_CONTEXT + 1] = b
    S[g, GAME0 + G_CONTEXT + 2] = c
    S[g, GAME0 + G_CONTEXT + 3] = d
    S[g, GAME0 + G_CONTEXT + 4] = e
    S[g, GAME0 + G_OFFER_N] = 0
    S[g, GAME0 + G_OFFER_LO] = 0


@njit(cache=True, _nrt=False, inline="always")
def add_option(S, g, value):
    n = S[g, GAME0 + G_OFFER_N]
    S[g, GAME0 + G_OFFER + n] = value
    S[g, GAME0 + G_OFFER_N] = n + 1


@njit(cache=True, _nrt=False, inline="always")
def option(S, g, i):
    """Option i of the pending decision: a listed value, or G_OFFER_LO + i for a range."""
    return S[g, GAME0 + G_OFFER + i]


@njit(cache=True, _nrt=False, inline="always")
def put_option(S, g, i, value):
    """Option i of a decision not offered yet (then offer_listed): the hot decision points list their
    options first, counting them themselves, and write the decision only when there is one."""
    S[g, GAME0 + G_OFFER + i] = value


@njit(cache=True, _nrt=False)
def offer_listed(S, g, decision, player, a, b, c, d, e, n):
    """offer, with the n options already put (put_option 0 .. n - 1)."""
    offer(S, g, decision, player, a, b, c, d, e)
    S[g, GAME0 + G_OFFER_N] = n


@njit(cache=True, _nrt=False)
def offer_range(S, g, lo, n):
    """The options of the pending decision are the n numbers lo .. lo + n - 1."""
    S[g, GAME0 + G_OFFER_LO] = lo
    S[g, GAME0 + G_OFFER_N] = n


@njit(cache=True, _nrt=False)
def choose_option(C, S, g, ranged):
    """Ask the decider's pilot (`decide`), log the decision (with its options when G_LOG_OFFERS is on),
    close it and return the value of the option chosen (for a range, the number itself)."""
    n = S[g, GAME0 + G_OFFER_N]
    i = decide(C, S, g)
    if logging(S, g) and S[g, GAME0 + G_LOG_OFFERS] == 1:
        log_decision(S, g, i, ranged)
    v = S[g, GAME0 + G_OFFER_LO] + i if ranged else S[g, GAME0 + G_OFFER + i]
    if i < 0 or i >= n:
        v = -1                          # a pilot's bad index: the caller sees no option
    S[g, GAME0 + G_DECISION] = 0
    return v


@njit(cache=True, _nrt=False)
def log_decision(S, g, i, ranged):
    """EV_DECISION (decision, decider, options, chosen index, range start or -1), then one EV_OFFER
    (decision, option value, 0, 0, 0) per listed option."""
    n = S[g, GAME0 + G_OFFER_N]
    dec = S[g, GAME0 + G_DECISION]
    log(S, g, EV_DECISION, dec, S[g, GAME0 + G_DECIDER], n, i, S[g, GAME0 + G_OFFER_LO] if ranged else -1)
    if not ranged:
        for j in range(n):
            log(S, g, EV_OFFER, dec, S[g, GAME0 + G_OFFER + j], 0, 0, 0)


# ---- fast answers: an ability use packed into one option ------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def answer_use(s, k):
    """The option of a fast answer declaring ability k of card s."""
    return s * MAX_AB + k


@njit(cache=True, _nrt=False, inline="always")
def answer_card(use):
    return use // MAX_AB


@njit(cache=True, _nrt=False, inline="always")
def answer_ability(use):
    return use % MAX_AB


@njit(cache=True, _nrt=False, inline="always")
def targets_n(S, g):
    return S[g, GAME0 + G_TARGETS_N]


@njit(cache=True, _nrt=False, inline="always")
def target_at(S, g, i):
    return S[g, GAME0 + G_TARGETS + i]

