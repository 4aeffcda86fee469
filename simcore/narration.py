"""A game's event log told for a player (`berserk replay`): the compact lines of simcore.events, with
what a player needs to follow the game added from the log itself and the final state:

- the cards of each deal (the kept deal: a mulliganed deal's cards were shuffled back and are not kept
  in the state, so that deal is only counted);
- dice as rolled plus bonus ("6+1 = 7") and, when a single die is rolled, why in words;
- the rule or ability behind every wound and death (the attack or ability that was resolving, poison and
  who gave it, a trap or an explosion and the card that set it);
- the outcome of a finish-off that destroys nothing;
- a text board at the start of every turn (optional), rebuilt from the placements, moves, jumps,
  deaths, revivals and incarnations of the log (tests check it against the state at the end);
- the decks named at the start and in the final line.

Turn numbers are those of docs/RULES.md and of the Parquet `turns` column: the first turn is turn 1,
and a game's `turns` is the number of its last turn header.
"""
from decks.registry import AttackKind

from .events import EFFECT_NAMES, STRENGTH, _format, cell_name
from .kernels.cardtable import AB0, AB_AMOUNT, AB_AMOUNT_OF, AB_W
from .kernels.rules import log as L
from .kernels.rules.effects.delayed import DL_BOOST, DL_EXPLOSION, DL_TRAP, KILLED_BY_TRAP
from .kernels.state import (
    CARD_ID,
    END_NAMES,
    G_DECK_SIZE,
    G_MULLIGANS,
    G_N_EVENTS,
    G_ORDER,
    KILLED_BY_POISON,
    KILLED_BY_RULE,
    MAX_DECK,
    PARAM0,
    PR_DEAL,
    cards_view,
    events_view,
    game_view,
)

COUNTER_WORD = ("no counter-strike", "a weak counter-strike", "a medium counter-strike")
WHY_SINGLE = {L.WHY_CLOSED: "the target is closed", L.WHY_UNANSWERED: "an unanswered strike",
              L.WHY_RANGED: "a ranged attack"}
ATTACK_WORD = {AttackKind.STRIKE: "strike", AttackKind.SHOT: "shot", AttackKind.THROW: "throw",
               AttackKind.DISCHARGE: "discharge", AttackKind.ROW_STRIKE: "strike through a row",
               AttackKind.SPECIAL_STRIKE: "special strike", AttackKind.MAGIC_STRIKE: "magic strike"}
DELAYED_WORD = {DL_TRAP: "trap", DL_BOOST: "boost", DL_EXPLOSION: "explosion"}
FINISH_OFF = "finish_off"
REVIVE = "revive"
BOARD_CELL = 20          # characters of a board cell


def roll_parts(payload: int) -> tuple:
    """EV_ROLL's last field (simcore.kernels.rules.log.roll_payload) as (attacker's strength,
    counter-strike, why (WHY_*), the attacker's die as rolled, the defender's die as rolled or -1)."""
    return ((payload & 15) // 4, payload & 3, (payload >> 4) & 7, ((payload >> 7) & 63) - 32,
            ((payload >> 13) & 63) - 32)


def die_text(die: int, total: int) -> str:
    """A die as rolled plus its bonus: '6+1 = 7', '4-1 = 3', or '5' without a bonus."""
    bonus = total - die
    return f"{die}{bonus:+d} = {total}" if bonus else f"{die}"


class Narrator:
    """Tells the events of game row g of S; `label(slot)` names a card ("P1 Арацент#2"), `decks` are
    the two decks' names (player 1's, player 2's), `stats` the card table (the abilities' amounts)."""

    def __init__(self, S, g, label, decks, stats, board=False):
        self.S, self.g, self.label, self.decks, self.stats, self.board = S, g, label, decks, stats, board
        self.causes = []             # (card slot or None, words, kind), newest last: attacks, abilities, delayed
        self.poisoners = {}          # card -> the cards that poisoned it
        self.setters = {}            # (player, delayed kind, amount) -> the cards that set them, oldest first
        self.cells = {}              # card -> cell (-1: auxiliary zone) of the cards in play
        self.last_cell = {}          # card -> the cell it died on
        self.life = {}               # card -> (its life as the log last said it, the action it was said in)
        self.action = 0              # counts the attacks, declarations and turns told so far
        self.fatal = {}             # card -> what brought its life to 0 (its death names it)
        self._target = -1           # the card whose wounds or death are being told

    # ---- words -----------------------------------------------------------------------------------
    def player(self, p: int) -> str:
        return f"player {p + 1}"

    def add_cause(self, card, words, kind):
        self.causes = [*self.causes[-7:], (card, words, kind)]

    def source(self, src: int) -> str:
        """What dealt wounds or destroyed a card: the latest attack or ability of card src (its strike,
        counter-strike, shot, ability N), poison and who gave it, a trap and the card that set it, the
        ability that moved wounds (a rule's wounds), else the card or "a rule"."""
        if src == KILLED_BY_POISON:
            return "poison" + (f" given by {', '.join(self.poisoners[self._target])}"
                               if self.poisoners.get(self._target) else "")
        want = {KILLED_BY_TRAP: "delayed", KILLED_BY_RULE: "ability"}.get(src)
        for card, words, kind in reversed(self.causes):
            if (src >= 0 and card == src) or (src < 0 and kind == want):
                return words
        return self.label(src) if src >= 0 else "a rule"

    def ability_words(self, card: int, k: int, eff: int) -> str:
        return f"{self.label(card)}'s ability {k + 1} ({EFFECT_NAMES.get(eff, eff)})"

    def amount(self, card: int, k: int) -> int:
        """The printed amount of ability k of the card (0 when it is an X the game works out)."""
        c = int(cards_view(self.S)[self.g, card, CARD_ID])
        if c < 0 or self.stats[c, AB0 + AB_W * k + AB_AMOUNT_OF] != 0:
            return 0
        return int(self.stats[c, AB0 + AB_W * k + AB_AMOUNT])

    # ---- the events ------------------------------------------------------------------------------
    def lines(self) -> list:
        n = int(game_view(self.S)[self.g, G_N_EVENTS])
        ev = [tuple(int(x) for x in row) for row in events_view(self.S)[self.g, :n]
              if row[0] not in (L.EV_DECISION, L.EV_OFFER)]
        out, end = [], []
        for i, (code, a, b, c, d, e) in enumerate(ev):
            (end if code == L.EV_END else out).extend(self.tell(code, a, b, c, d, e, ev, i))
        # the end last: what the last action still changes after the game is decided (cards regaining
        # their abilities when a Грибыныч dies, ...) is told before it
        return out + end

    def tell(self, code, a, b, c, d, e, ev, i) -> list:
        name = self.label
        if code in (L.EV_ATTACK, L.EV_DECLARE, L.EV_TURN, L.EV_MOVE, L.EV_PASS):
            self.action += 1
        if code == L.EV_DEAL:
            return [self.deal(a, b, c)]
        if code == L.EV_PLACE:
            self.cells[a] = b
        elif code in (L.EV_MOVE, L.EV_JUMP):
            self.cells[a] = c
        elif code == L.EV_INCARNATE:
            self.cells[a] = b
        elif code == L.EV_TURN:
            self.causes = []
            head = f"--- turn {b + 1}: {self.player(a)} (round {b // 2 + 1}) ---"
            return [head, *self.board_lines()] if self.board else [head]
        elif code == L.EV_ATTACK:
            self.add_cause(a, f"{name(a)}'s {ATTACK_WORD.get(c, 'attack')}", "attack")
        elif code == L.EV_COUNTER:
            self.add_cause(a, f"{name(a)}'s counter-strike", "attack")
        elif code == L.EV_ROLL:
            return [self.roll(c, d, e)]
        elif code == L.EV_ABILITY:
            return self.ability(a, b, c, d, ev, i)
        elif code == L.EV_POISONED:
            if c >= 0:
                self.poisoners.setdefault(a, [])
                if name(c) not in self.poisoners[a]:
                    self.poisoners[a].append(name(c))
        elif code == L.EV_DELAYED:
            return [self.delayed(a, b, c, d, e)]
        elif code == L.EV_WOUND:
            self._target = a
            self.life[a] = (d, self.action)
            what = self.source(c)
            if d <= 0 and a not in self.fatal:
                self.fatal[a] = (c, what)
            return [f"{name(a)} takes {b} wound{'s' if b != 1 else ''} from {what} (life {d})"]
        elif code in (L.EV_HEAL, L.EV_VAMPIRISM):
            self.life[a] = (c, self.action)
        elif code == L.EV_DEATH:
            self._target = a
            self.cells.pop(a, None)
            self.poisoners.pop(a, None)
            self.last_cell[a] = c
            killer, what = self.fatal.pop(a, (None, None))
            if killer != b:
                what = self.source(b)
            where = f" on {cell_name(c)}" if c >= 0 else ""
            return [f"{name(a)} dies{where} (died from {what}) and goes to the graveyard"]
        elif code == L.EV_DESTROY:
            self.add_cause(a, f"{name(a)}'s finish-off", "attack")
        elif code == L.EV_END:
            return [self.end(a, b, c, d)]
        return [_format(code, a, b, c, d, e, name)]

    def deal(self, p, n, mulligan) -> str:
        """The dealt cards, for the deal the player keeps (the last one)."""
        text = f"{self.player(p)} is dealt {n} cards" + (f" (mulligan {mulligan})" if mulligan else "")
        if mulligan < int(game_view(self.S)[self.g, G_MULLIGANS + p]):
            return text + ": not kept (shuffled back)"
        gv = game_view(self.S)[self.g]
        size = int(gv[G_DECK_SIZE + p])
        n_deal = min(int(self.S[self.g, PARAM0 + PR_DEAL]), size)
        dealt = [p * MAX_DECK + int(gv[G_ORDER + p * MAX_DECK + i]) for i in range(n_deal)]
        return text + ": " + ", ".join(self.label(s) for s in sorted(dealt))

    def roll(self, total_a, total_d, payload) -> str:
        strength, counter, why, die_a, die_d = roll_parts(payload)
        if total_d < 0:
            return (f"roll: attacker {die_text(die_a, total_a)} -> {STRENGTH[strength]} "
                    f"(only the attacker rolls: {WHY_SINGLE.get(why, 'a single die')})")
        return (f"roll: attacker {die_text(die_a, total_a)}, defender {die_text(die_d, total_d)} "
                f"(difference {total_a - total_d:+d}) -> {STRENGTH[strength]} strike, {COUNTER_WORD[counter]}")

    def ability(self, card, k, target, eff, ev, i) -> list:
        self.add_cause(card, self.ability_words(card, k, eff), "ability")
        line = _format(L.EV_ABILITY, card, k, target, eff, 0, self.label)
        if EFFECT_NAMES.get(eff) == REVIVE and target >= 0:
            self.cells[target] = self.last_cell.get(target, -1)
        if EFFECT_NAMES.get(eff) == FINISH_OFF and target >= 0 and not self._dies_next(target, ev, i):
            # its life only when the log said it in this very action (extra lives and a lowered life
            # maximum are not logged: an older figure may be stale)
            said, when = self.life.get(target, (None, -1))
            life = f" (life {said})" if when == self.action else ""
            n = self.amount(card, k)
            rule = (f"finish off {n} destroys a creature on the battlefield with at most {n} life" if n
                    else "it destroys only a creature on the battlefield with at most the ability's X life")
            return [line, f"no effect: {self.label(target)}{life} is not finished off ({rule})"]
        return [line]

    @staticmethod
    def _dies_next(t, ev, i) -> bool:
        """Does card t die before the next attack, ability or turn (the outcome of an ability on t)?"""
        for code, a, *_ in ev[i + 1:]:
            if code == L.EV_DEATH and a == t:
                return True
            if code in (L.EV_ATTACK, L.EV_ABILITY, L.EV_TURN, L.EV_DECLARE, L.EV_PASS, L.EV_END):
                return False
        return False

    def delayed(self, p, kind, amount, target, fires) -> str:
        what = DELAYED_WORD.get(kind, kind)
        key = (p, kind, amount)
        if not fires:
            setter = next((c for c, _, k in reversed(self.causes) if k != "delayed"), None)
            self.setters.setdefault(key, []).append(setter)
            return f"{self.player(p)} sets a delayed {what} {amount}" + (
                f" ({self.label(setter)})" if setter is not None else "")
        queue = self.setters.get(key) or []
        by = queue.pop(0) if queue else None
        words = f"{self.player(p)}'s {what} {amount}" + (f" set by {self.label(by)}" if by is not None else "")
        self.add_cause(by, words, "delayed")
        on = self.label(target) if target >= 0 else "an empty cell"
        return f"{words} fires on {on}"

    def end(self, winner, reason, cost_1, cost_2) -> str:
        res = ("a draw" if winner == 2 else f"{self.decks[winner]}, player {winner + 1}, wins")
        extra = f" (cost in play {cost_1} : {cost_2})" if reason == 3 else ""
        return f"game over: {res} by {END_NAMES.get(reason, reason)}{extra}"

    # ---- the board -------------------------------------------------------------------------------
    def board_lines(self) -> list:
        """The battlefield as it stands (row 6 on top, player 2's side), then each auxiliary zone."""
        at = {cell: s for s, cell in self.cells.items() if cell >= 0}
        out = [("    " + "".join(f"{col:<{BOARD_CELL}}" for col in "abcde")).rstrip()]
        for row in range(6, 0, -1):
            cells = []
            for col in range(5):
                s = at.get((row - 1) * 5 + col)
                cells.append(f"{self.label(s)[:BOARD_CELL - 2]:<{BOARD_CELL}}" if s is not None
                             else f"{'.':<{BOARD_CELL}}")
            out.append(f"  {row} " + "".join(cells).rstrip())
        for p in (1, 0):
            aux = sorted(s for s, cell in self.cells.items() if cell < 0 and s // MAX_DECK == p)
            if aux:
                out.append(f"  player {p + 1}'s auxiliary zone: " + ", ".join(self.label(s) for s in aux))
        return out

    def board_now(self) -> dict:
        """{card: cell (-1 auxiliary zone)} of the cards in play as the log tells it so far."""
        return dict(self.cells)
