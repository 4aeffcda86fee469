"""The reference engine's game: the rules of /work/shared/design/RULES.md (sections 2-9) written plainly
in Python over objects, as a second statement of the rules next to the Numba engine (simcore.kernels.rules).

A `Game` holds one `GameCard` per card of both decks (slot p * 50 + i is card i of player p's deck
list, as in the fast engine) and the game's own state (crystals, turn, active player, delayed
abilities, the stack). Cards are read from the validated card set (decks.cardset.Card), never from the
fast engine's compiled table. Whatever a player decides inside the rules' flow (mulligans, purchases,
placement, defenders, exchanges, fast answers) comes from a `decisions` object (the replayed log of
the fast engine, see simcore.reference.differential); dice and shuffles come from the game's own
random streams (simcore.reference.rng). Every decision is checked for legality before it is used;
an illegal one raises `Disagreement`.

Keywords as decks/cards/VOCABULARY.md states them, `while` blocks (keywords that hold while a board
condition holds) and auras (reductions and range given to neighbours) included. Abilities (rules
113-118, 503.3) are interpreted by simcore.reference.abilities.
"""
import bisect
import dataclasses
from dataclasses import dataclass

from . import abilities as AB
from .board import (
    DISCHARGE,
    ELEMENTS,
    MAGIC_STRIKE,
    MAGICAL,
    MAX_AB,
    MAX_DECK,
    MAX_DELAYED,
    MISS,
    N_CELLS,
    N_COLS,
    N_ROWS,
    NOBODY,
    POISON,
    RANGED_KINDS,
    ROW_STRIKE,
    SHOT,
    SPECIAL,
    STRIKE,
    STRONG,
    TELEPORT_RANGE,
    THROW,
    TMP_MAX,
    WEAK,
    Delayed,
    Disagreement,
    EngineLimit,
    GameCard,
    adjacent,
    blank_of,
    col_of,
    diagonal,
    forwardness,
    manhattan,
    own_row,
    row_of,
    single_roll_strength,
    strike_table,
    takes_formation,
    within,
)
from .rng import Streams

KNOWN_CARD_FIELDS = {
    "name", "set_number", "element", "cost", "elite", "unique", "kind", "card_class", "life", "move",
    "strike", "text", "ranged", "armor", "attack_experience", "defence_experience", "regeneration",
    "jump", "finish_off", "heal_self", "special_strike", "on_recruit_gold", "clumsy",
    "no_tap_after_attack", "directed", "unanswered", "strike_twice", "strike_twice_different",
    "ignores_flyer_protection", "defends_any", "defender_no_tap", "ignores_target_abilities",
    "counter_strikes_when_closed", "close_target_on_attack", "ignores_draws", "gain_counter",
    "ranged_counter_bonus", "ranged_spends_counters", "max_counters", "ranged_poison",
    "roll_bonus_vs_enemy_row", "strike_per_ally", "strike_bonus", "directed_vs", "reduce", "protection",
    "poison_on_strike", "draws_ranged", "tap_gain", "formation", "played", "abilities", "assumed",
    "special_strike_stuns_closed", "strikes_only_opposite",
    "while_blocks", "aura", "unanswered_vs", "second_player_counters", "strikes_at_it_weak",
    "strike_copies_target", "draws_ranged_condition", "finish_off_bonus",
    "special_strike_poison", "ranged_per_wound", "no_counter_strike_wounds", "ranged_explosion",
    "reduce_as_defender", "strikes_at_it_closed", "strikes_beside_weak",
    "must_strike_closed", "valhalla_twice", "row_strike_middle_ova", "turn_choice",
    "vampirism", "teleport", "incarnation", "incarnates_open", "ranged_spends_extra_lives",
    "rolls_twice", "blocks_ranged_on",
    "scavenging", "scavenging_extra_lives", "draws_flyer_attacks", "ranged_at_adjacent",
    "strike_bonus_half_target_life", "strike_per_counter", "loses_counters_on_move",
    "free_if_squad_costs", "played_order",
}

def check_known(card):
    """NotImplementedError naming the first field of `card` this engine does not implement."""
    for f in dataclasses.fields(card):
        if f.name not in KNOWN_CARD_FIELDS and getattr(card, f.name) != f.default:
            raise NotImplementedError(f"reference engine: card field '{f.name}' of {card.name} "
                                      "is not implemented")
    for a in card.abilities:
        AB.check_ability(card, a)


class Game:
    """One game between two deck lists of a card set, under a ruleset's settings."""

    def __init__(self, cardset, decks, rules, seed, game_index, decisions):
        """decks: two lists of card ids; rules: {setting: int} of decks/rulesets.toml plus `first`
        (-1 = roll off); decisions: what the players decide inside the rules' flow."""
        self.cardset = cardset
        self.rules = rules
        self.decisions = decisions
        self.streams = Streams(seed, game_index)
        self.cards = []
        self.by_slot = {}
        blanks = {}
        for p in range(2):
            for i, cid in enumerate(decks[p]):
                printed = cardset.cards[cid]
                if cid not in blanks:
                    check_known(printed)
                    blanks[cid] = blank_of(printed)
                c = GameCard(p * MAX_DECK + i, p, cid, printed, blanks[cid])
                self.cards.append(c)
                self.by_slot[c.slot] = c
        self.deck_size = [len(decks[0]), len(decks[1])]
        self.order = [list(range(n)) for n in self.deck_size]     # deck order as card indices
        self.has_fast = [any(a.kind == "fast" for c in self.deck(p) for a in c.printed.abilities)
                         for p in range(2)]
        self.has_drawers = [any(c.printed.draws_ranged for c in self.deck(p)) for p in range(2)]
        # amount_of wounds_this_turn (Хронос): the wounds each card takes in a turn are counted
        self.track_turn_wounds = any(a.amount_of == "wounds_this_turn" for c in self.cards
                                     for a in c.printed.abilities)
        # an attack's dice can change: a strike effect or a dice keyword in either deck
        self.has_dice = any(c.printed.rolls_twice or c.printed.blocks_ranged_on
                            or any(a.effect in AB.STRIKE_EFFECTS for a in c.printed.abilities)
                            for c in self.cards)
        self.roll = None                # the attack in its dice window (AB.Roll), None outside it
        self.has_attack_wounds = any(a.filter.not_attack_wounded or a.trigger_filter.not_attack_wounded
                                     for c in self.cards for a in c.printed.abilities)
        self.first = 0
        self.active = 0
        self.turn = 0                   # turns played, 0-based; a round is two turns
        self.winner = -1                # 0/1, 2 = draw
        self.end = "none"
        self.gold = [0, 0]
        self.silver = [0, 0]
        self.mulligans = [0, 0]
        self.play = [[], []]            # each player's cards in play, by slot
        self.board = [None] * N_CELLS   # the card standing on each cell
        self.delayed = [None] * MAX_DELAYED
        self.stack = []                 # (card, ability index, chosen target or None), bottom first
        self.pending_deaths = 0
        self.last_wound_turn = 0

    # ---- helpers -------------------------------------------------------------------------------
    def deck(self, p):
        return [c for c in self.cards if c.owner == p]

    def card_at(self, slot):
        return self.by_slot[slot]

    def over(self):
        return self.winner >= 0

    def enter_play(self, c, cell):
        """A squad card enters play: its life maximum is its printed life (508.1)."""
        c.life_max = c.printed.life
        if c.printed.second_player_counters and self.first != c.owner:
            c.counters += c.printed.second_player_counters     # as 2nd player: starts with them
        if cell >= 0:
            c.zone, c.cell = "field", cell
            self.board[cell] = c
        else:
            c.zone, c.cell = "aux", -1
        bisect.insort(self.play[c.owner], c, key=lambda x: x.slot)

    # ---- setup (section 3) ---------------------------------------------------------------------
    def setup(self):
        r = self.rules
        first = r["first"]
        if first < 0:                   # a d6 roll-off, re-rolled on ties
            while True:
                a, b = self.streams.d6(), self.streams.d6()
                if a != b:
                    break
            first = 0 if a > b else 1
        self.first = first
        self.gold[first], self.silver[first] = r["gold_first"], r["silver_first"]
        self.gold[1 - first], self.silver[1 - first] = r["gold_second"], r["silver_second"]
        for p in (first, 1 - first):
            self.shuffle_and_deal(p)
            while True:
                allowed = (self.mulligans[p] < r["mulligan_max"] and self.gold[p] >= r["mulligan_cost"])
                wants = self.decisions.mulligan(p)
                if wants and not allowed:
                    raise Disagreement(f"player {p + 1} took a mulligan that is not allowed")
                if not wants:
                    break
                self.mulligans[p] += 1
                self.gold[p] -= r["mulligan_cost"]
                self.shuffle_and_deal(p)
            while True:
                slot = self.decisions.buy(p)
                if slot < 0:
                    break
                why = self.buy_error(p, slot)
                if why:
                    raise Disagreement(f"player {p + 1} bought slot {slot}, which is illegal: {why}")
                c = self.card_at(slot)
                c.zone, c.bought = "squad", True
            self.pay_squad(p)
        for p in (first, 1 - first):
            # the flyers go to the auxiliary zone; the player places the others in the order he chooses
            for c in self.deck(p):
                if c.zone == "squad" and c.printed.kind == "flyer":
                    self.enter_play(c, -1)
            while any(c.zone == "squad" for c in self.deck(p)):
                slot, cell = self.decisions.place(p)
                c = self.card_at(slot)
                if slot // MAX_DECK != p or c.zone != "squad":
                    raise Disagreement(f"player {p + 1} places slot {slot}, which is not an unplaced card "
                                       "of his squad")
                if not self.placement_allowed(p, cell):
                    raise Disagreement(f"{c.name} (slot {c.slot}) placed on cell {cell}, which is not allowed")
                self.enter_play(c, cell)
        n0, n1 = len(self.play[0]), len(self.play[1])
        if n0 == 0 or n1 == 0:
            self.winner = 2 if n0 == n1 else (0 if n1 == 0 else 1)
            self.end = "no_squad"

    def shuffle_and_deal(self, p):
        """Shuffle the whole deck (Fisher-Yates, the player's shuffle stream) and deal `deal` cards."""
        order = self.order[p]
        for i in range(len(order) - 1, 0, -1):
            j = self.streams.shuffle_int(p, i + 1)
            order[i], order[j] = order[j], order[i]
        n_deal = self.rules["deal"]
        for pos, i in enumerate(order):
            c = self.card_at(p * MAX_DECK + i)
            c.dealt = pos < n_deal
            c.zone = "deal" if c.dealt else "deck"

    def squad(self, p):
        """The squad so far, in deal order."""
        return [self.card_at(p * MAX_DECK + i) for i in self.order[p][:self.rules["deal"]]
                if self.card_at(p * MAX_DECK + i).zone == "squad"]

    def squad_price(self, cards):
        """(elite cost, ordinary cost, flyer cost, recruit gold, elements) of a set of cards."""
        elite = sum(c.printed.cost for c in cards if c.printed.elite)
        ordinary = sum(c.printed.cost for c in cards if not c.printed.elite)
        flyers = sum(c.printed.cost for c in cards if c.printed.kind == "flyer")
        bonus = sum(c.printed.on_recruit_gold for c in cards)
        elements = {c.printed.element for c in cards if c.printed.element != "neutral"}
        for c in cards:                 # free_if_squad_costs: free if the others have the costs
            need = c.printed.free_if_squad_costs
            if need and set(need) <= {o.printed.cost for o in cards if o is not c}:
                if c.printed.elite:
                    elite -= c.printed.cost
                else:
                    ordinary -= c.printed.cost
        return elite, ordinary, flyers, bonus, elements

    def element_penalty(self, elements):
        """Each distinct non-neutral element beyond the first costs gold (the ruleset's setting)."""
        return max(len(elements) - 1, 0) * self.rules["element_penalty"]

    def buy_error(self, p, slot):
        """Why player p may not buy the dealt card `slot` now (None if he may): elite cards with gold
        only, the element penalty in gold, flyers at most `flyer_cap`, a unique card once."""
        c = self.by_slot.get(slot)
        if c is None or c.owner != p or c.zone != "deal":
            return "not one of his dealt cards"
        squad = self.squad(p)
        if c.printed.unique and any(o.printed.name == c.printed.name for o in squad):
            return "a unique card already in the squad"
        elite, ordinary, flyers, bonus, elements = self.squad_price(squad + [c])
        if flyers > self.rules["flyer_cap"]:
            return "flyers over the cap"
        penalty = self.element_penalty(elements)
        gold = self.gold[p] + bonus
        if elite + penalty > gold:
            return "not enough gold"
        if elite + ordinary + penalty > gold + self.silver[p]:
            return "not enough crystals"
        return None

    def pay_squad(self, p):
        """Elite cards and the element penalty in gold, ordinary cards in silver first, then gold;
        cards not bought go back into the deck."""
        elite, ordinary, _, bonus, elements = self.squad_price(self.squad(p))
        gold = self.gold[p] + bonus - elite - self.element_penalty(elements)
        silver = self.silver[p] - ordinary
        if silver < 0:
            gold += silver
            silver = 0
        self.gold[p], self.silver[p] = gold, silver
        for c in self.deck(p):
            if c.zone == "deal":
                c.zone = "deck"

    def placement_level(self, p, cell):
        """[H] modern placement levels: lower levels fill first (section 3)."""
        edge = col_of(cell) in (0, 4)
        front = forwardness(p, row_of(cell)) == 2
        if self.first == p:
            return 0 if not edge else (2 if front else 1)
        return 0 if (front or not edge) else 1

    def placement_allowed(self, p, cell):
        if not (0 <= cell < N_CELLS) or self.board[cell] is not None or not own_row(p, row_of(cell)):
            return False
        if not self.rules["placement_levels"]:
            return True
        lvl = self.placement_level(p, cell)
        return not any(self.board[o] is None and own_row(p, row_of(o)) and self.placement_level(p, o) < lvl
                       for o in range(N_CELLS))

    def start(self):
        """Setup, then the first player's first turn begins."""
        self.setup()
        if self.over():
            return
        self.active = self.first
        self.start_turn()

    # ---- keywords as they count now (sections 5, 8) --------------------------------------------
    def formation_partners(self, c):
        """[H] Formation: the own cards next to c (left or right; with `formation_orthogonal` also in
        front or behind) that take part in formations, if c takes part and stands on the battlefield."""
        if not c.on_field or not takes_formation(c.card):
            return []
        row, col = row_of(c.cell), col_of(c.cell)
        around = [(row, col - 1), (row, col + 1)]
        if self.rules["formation_orthogonal"]:
            around += [(row - 1, col), (row + 1, col)]
        out = []
        for r, k in around:
            if 0 <= r < N_ROWS and 0 <= k < N_COLS:
                o = self.board[r * N_COLS + k]
                if o is not None and o.owner == c.owner and takes_formation(o.card):
                    out.append(o)
        return out

    def in_formation(self, c):
        """[H] Formation: a card with formation keywords stands next to an own card that has them too."""
        return bool(self.formation_partners(c))

    def while_holds(self, c, w):
        """VOCABULARY.md "While": does the condition of block w hold for card c now?"""
        if not c.on_field:
            return False
        cond, col = w.condition, col_of(c.cell)
        if cond == "central_column":
            return col == N_COLS // 2
        if cond == "edge_column":
            return col in (0, N_COLS - 1)
        if cond in ("formation_with_elite", "formation_with_ordinary"):
            elite = cond == "formation_with_elite"
            return any(o.card.elite == elite for o in self.formation_partners(c))
        if cond == "unwounded_ally_opposite":
            r = row_of(c.cell) + (1 if c.owner == 0 else -1)
            o = self.board[r * N_COLS + col] if 0 <= r < N_ROWS else None
            return o is not None and o.owner == c.owner and o.wounds == 0
        if cond == "creature_in_every_row":
            return {row_of(o.cell) for o in self.play[c.owner] if o.on_field} == set(range(N_ROWS))
        if cond == "enemy_front_row_empty":           # the enemy's first row: his row next to the middle
            r = N_ROWS // 2 if c.owner == 0 else N_ROWS // 2 - 1
            return not any(o is not None and o.owner != c.owner for o in self.board[r * N_COLS:(r + 1) * N_COLS])
        around = [o for o in self.board if o is not None and adjacent(o.cell, c.cell)]
        if cond == "outnumbering_adjacent":
            own = sum(1 for o in around if o.owner == c.owner)
            return own > len(around) - own
        if cond == "unwounded_allies_adjacent":
            return sum(1 for o in around if o.owner == c.owner and o.wounds == 0) >= w.count
        if cond == "adjacent_classes":
            classes = {k.strip() for o in around for k in o.card.card_class.split(",") if k.strip()}
            return len(classes) >= w.count
        raise NotImplementedError(f"reference engine: while condition '{cond}' is not implemented")

    def holding_whiles(self, c):
        return [w for w in c.card.while_blocks if self.while_holds(c, w)]

    def keyword(self, c, name):
        """A number keyword (armor, attack/defence experience) with its formation part, its `while`
        blocks that hold, and (OvA) its gains until the end of a turn."""
        v = getattr(c.card, name)
        if c.card.formation is not None and self.in_formation(c):
            v += getattr(c.card.formation, name)
        v += sum(getattr(w, name) for w in self.holding_whiles(c))
        if name == "attack_experience":
            v += c.tmp_ova + c.own_ova
        return v

    def protections(self, c):
        prot = set(c.card.protection) | set(c.gained_protection)
        if c.card.formation is not None and self.in_formation(c):
            prot |= c.card.formation.protection
        for w in self.holding_whiles(c):
            prot |= w.protection
        return prot

    def is_directed(self, att, t):
        """Directed strike (НУ): printed, acquired, gained until the end of the turn, against a
        matching target, or by a `while` block that holds."""
        return (att.card.directed or att.gained_directed or att.tmp_directed
                or any(self.vs_matches(v, t, False, att) for v in att.card.directed_vs)
                or any(w.directed for w in self.holding_whiles(att)))

    def vs_matches(self, vs, t, t_defending, att=None):
        """The "vs X" filter of a strike bonus, directed_vs or unanswered_vs, on target t of att."""
        ct = t.card
        if vs == "always":
            return True
        if vs in ELEMENTS:
            return ct.element == vs
        if vs == "closed":
            return t.closed
        if vs == "flyer":
            return ct.kind == "flyer"
        if vs == "defender":
            return t_defending
        if vs == "magic_user":
            return ct.ranged is not None and ct.ranged.kind in MAGICAL
        if vs == "ranged_user":
            return ct.ranged is not None and ct.ranged.kind in (SHOT, THROW, DISCHARGE)
        if vs == "armored_or_experienced":
            return ct.attack_experience > 0 or ct.defence_experience > 0 or ct.armor > 0
        if vs == "throw_user":
            return ct.ranged is not None and ct.ranged.kind == THROW
        if vs == "same_row":
            return (att.on_field and t.on_field
                    and forwardness(att.owner, row_of(att.cell)) == forwardness(t.owner, row_of(t.cell)))
        if vs == "opposite":
            return att.on_field and t.on_field and col_of(att.cell) == col_of(t.cell)
        if vs == "isolated":
            if not t.on_field:
                return False
            row, col = row_of(t.cell), col_of(t.cell)
            return not any(0 <= col + d < N_COLS and self.board[row * N_COLS + col + d] is not None
                           and self.board[row * N_COLS + col + d].owner == t.owner for d in (-1, 1))
        raise NotImplementedError(f"reference engine: vs '{vs}' is not implemented")

    # ---- life, wounds, destruction (sections 6, 7) ---------------------------------------------
    def wound(self, t, n, source):
        """508.3: n wound markers; remember who brought the card to <= 0 life (509.1.1)."""
        if n <= 0:
            return
        t.wounds += n
        self.last_wound_turn = self.turn
        if self.track_turn_wounds:
            t.turn_wounds = within(t.turn_wounds + n, TMP_MAX, "wounds taken this turn")
        if source >= 0:
            self.card_at(source).dmg_dealt += n
        if t.life <= 0 and t.died_from == NOBODY:
            t.died_from = source

    def mark_attack_wound(self, t, n):
        """t took n wounds from an attack (remembered this turn, in games that ask)."""
        if n > 0 and self.has_attack_wounds:
            t.attack_wounded = True

    def heal(self, t, n):
        """Healing N removes up to N wounds (508)."""
        t.wounds -= min(t.wounds, n)

    def poison(self, t, n):
        """Poison N (acquired, 117): replaces a weaker poison, or adds up with `poison_stacks`; not
        on a card that left play or is protected from poison."""
        if n > 0 and t.in_play and "poison" not in self.protections(t):
            if self.rules["poison_stacks"]:
                t.poison += n
            elif n > t.poison:
                t.poison = n

    def destroy(self, c, killer):
        """509: to the owner's graveyard; the on-death abilities wait for check_deaths (509.3)."""
        if c.cell >= 0:
            self.board[c.cell] = None
        c.last_cell = c.cell
        c.death_pending = True
        self.pending_deaths += 1
        c.zone, c.cell, c.closed = "graveyard", -1, False
        c.died_from = killer
        c.death_turn = self.turn
        self.play[c.owner].remove(c)
        if killer >= 0 and self.card_at(killer).owner != c.owner:
            self.card_at(killer).kills += 1

    def check_destruction(self):
        """Every card in play at current life <= 0 is destroyed (509), player 1's first, by slot."""
        for p in range(2):
            for c in [c for c in self.play[p] if c.life <= 0]:
                self.destroy(c, c.died_from)

    def check_deaths(self):
        """Destroy what is at 0 life, then fire the on-death abilities of every card destroyed since
        the last check, by slot, at its last cell (509.3), and the "when a creature dies" abilities of
        the cards in play; repeat while they destroy more. First the waiting on_incarnation_token
        abilities of graveyard cards that received a token from an effect, by slot."""
        for c in self.cards:
            if c.token_pending and c.zone == "graveyard":
                c.token_pending = False
                AB.fire_token_triggers(self, c)
        self.check_destruction()
        while self.pending_deaths > 0:
            self.pending_deaths = 0
            for c in self.cards:
                if c.death_pending:
                    c.death_pending = False
                    AB.fire_triggers(self, c, "on_death", None, 0)
                    c.lost_abilities = False      # off the battlefield it has its printed text again
                    if c.printed.incarnation:
                        c.counters = 0            # in the graveyard its counters are incarnation tokens
                    AB.fire_death_watchers(self, c)
            self.check_destruction()

    def check_game_end(self):
        """Section 9: a player without creatures in play loses; both at once: a draw."""
        if self.over():
            return True
        n0, n1 = len(self.play[0]), len(self.play[1])
        if n0 > 0 and n1 > 0:
            return False
        if n0 == 0 and n1 == 0:
            self.winner, self.end = 2, "both_wiped"
        else:
            self.winner, self.end = (1 if n0 == 0 else 0), "wipe"
        return True

    def adjudicate(self):
        """604.1 [H]: after the round cap the higher total cost in play wins (gold = silver)."""
        c0 = sum(c.printed.cost for c in self.play[0])
        c1 = sum(c.printed.cost for c in self.play[1])
        self.winner = 0 if c0 > c1 else (1 if c1 > c0 else 2)
        self.end = "turn_cap"

    # ---- a turn (section 4) --------------------------------------------------------------------
    def start_turn(self):
        """Start phase: armor pools refresh; the active player's cards open and regain their movement;
        poison ticks, then regeneration, then the other start-of-turn abilities (the active player's
        first); then a priority window (fast answers at the start of the turn)."""
        p = self.active
        for c in self.play[p]:
            if c.card.turn_choice:          # "before your turn": its owner decides its form (Оборотень)
                c.form = self.decisions.decide("form", p, [0, 1]) + 1
        for q in range(2):
            for c in self.play[q]:
                c.armor_left = self.keyword(c, "armor")
                if q == p:
                    if c.stunned:
                        c.stunned = False       # stunned: stays as it is this once
                    else:
                        c.closed = False
                    c.acted, c.strikes, c.last_target, c.moved = False, 0, -1, 0
                    c.moves_left = c.card.move + c.form_gain("move") if c.on_field else 0
        for i, d in enumerate(self.delayed):     # ranged_explosion: before the poison wounds
            if d is not None and d.kind == "explosion" and d.player == p:
                self.delayed[i] = None
                o = self.board[d.cell]
                if o is not None:
                    self.wound(o, d.amount, d.source)
        self.incarnations(p)
        for c in list(self.play[p]):
            if c.poison > 0 and "poison" not in self.protections(c):
                self.wound(c, c.poison, POISON)
                AB.fire_poison_watchers(self, c)
        self.check_deaths()
        if self.check_game_end():
            return
        for c in self.play[p]:
            regen = c.card.regeneration + c.form_gain("regeneration")
            if regen > 0 and c.wounds > 0:
                self.heal(c, regen)
        AB.fire_player_triggers(self, p, "turn_start")
        AB.fire_player_triggers(self, 1 - p, "opponent_turn_start")
        self.check_deaths()
        self.check_game_end()
        AB.fire_valhalla(self, p)
        AB.recompute(self)
        self.priority_window()
        AB.recompute(self)

    def end_turn(self):
        """End phase: a priority window, the end-of-turn abilities (delayed ones too, 118.3), "until end
        of turn" effects expire; the turn passes; after `round_cap` rounds the game is adjudicated."""
        p = self.active
        self.priority_window()
        if self.check_game_end():
            return
        AB.fire_player_triggers(self, p, "turn_end")
        AB.fire_player_triggers(self, 1 - p, "opponent_turn_end")
        for q in range(2):
            for c in self.play[q]:
                if c.heal_at_end > 0:
                    h, c.heal_at_end = c.heal_at_end, 0
                    self.heal(c, h)
                c.strike_bonus = 0
                c.used_turn = frozenset()
                c.tmp_no_tap = c.tmp_directed = c.tmp_no_strikes = c.tmp_unanswered = False
                c.roll_mark = c.roll_mark_player = c.turn_wounds = 0
                c.tmp_ranged = c.tmp_range = c.tmp_ova = 0
                c.life_max += c.tmp_life
                c.tmp_life, c.attack_wounded = 0, False
                if q == p:                  # "until the end of your (next) turn" ends
                    c.own_strike = c.own_ova = 0
                    c.webbed = False            # a web lasts to the end of its owner's turn
                else:                       # stone skin: "until the end of the opponent's turn"
                    c.stone_skin = 0
        self.check_deaths()
        if self.check_game_end():
            return
        self.turn += 1
        self.active = 1 - self.active
        if self.turn >= 2 * self.rules["round_cap"]:
            self.adjudicate()
            return
        self.start_turn()

    # ---- priority windows and the stack (section 4, 114.2.2) -----------------------------------
    def priority_window(self):
        """Starting with the active player, each player in turn declares a fast ability or passes;
        after a declaration the other player has priority; when both pass in a row the top of the
        stack resolves and the active player has priority again; the window closes when both pass
        with the stack empty."""
        if self.over() or (not self.stack and not any(self.has_fast)):
            return
        active = p = self.active
        passes = 0
        for _ in range(self.rules["window_steps_max"]):
            answer = None
            if self.has_fast[p] and len(self.stack) < self.rules["stack_max"]:
                answer = self.answer(p)
            if answer is not None:
                s, k, t = answer
                AB.pay_and_push(self, self.card_at(s), k, t)
                passes = 0
                p = 1 - p
                continue
            passes += 1
            if passes < 2:
                p = 1 - p
                continue
            if not self.stack:
                break
            AB.resolve_top(self)
            if self.over():
                self.stack.clear()
                break
            passes = 0
            p = active
        else:
            raise EngineLimit(f"a priority window went past window_steps_max = {self.rules['window_steps_max']}")

    def answer(self, p):
        """Player p has priority: he passes (None) or declares one of the fast abilities he may use now,
        at one of its legal targets (his decisions answer and answer_target); no decision without one."""
        sources = AB.answer_sources(self, p)
        if not sources:
            return None
        use = self.decisions.decide("answer", p, [-1] + sources)
        if use < 0:
            return None
        c, k = self.card_at(use // MAX_AB), use % MAX_AB
        targets = AB.answer_targets(self, c, k)
        if not targets:
            return None
        return c.slot, k, self.decisions.decide("answer_target", p, targets)

    # ---- who may act, and at what (sections 4, 5) ----------------------------------------------
    def actor_error(self, c):
        """Only the active player's open creatures in play act, once per turn."""
        if self.over():
            return "the game is over"
        if not c.in_play:
            return "not in play"
        if c.owner != self.active:
            return "not the active player's card"
        if c.closed:
            return "closed"
        if c.acted:
            return "already acted"
        if c.webbed:
            return "caught in a web"
        return None

    def enemy_target_error(self, att, t):
        if t is att:
            return "a card cannot attack itself"
        if t is None or not t.in_play:
            return "the target is not in play"
        if t.owner == att.owner and not self.rules["attack_own_cards"]:
            return "an own card"
        return None

    def only_flyers_left(self, p):
        return bool(self.play[p]) and all(not c.on_field for c in self.play[p])

    def melee_reach_error(self, att, t):
        """504.1: adjacent on the battlefield; a flyer reaches any card in play; ground melee reaches
        a flyer only when its owner has only flyers left [H]."""
        if att.zone == "aux":
            return None
        if t.zone == "aux":
            if self.rules["ground_hits_lone_flyers"] and self.only_flyers_left(t.owner):
                return None
            if any(w.strikes_flyers for w in self.holding_whiles(att)):
                return None                 # a `while` block with strikes_flyers (Скелос)
            return "ground melee cannot reach a flyer"
        if not adjacent(att.cell, t.cell):
            return "not adjacent"
        return None

    def strike_error(self, att, t):
        if self.over():
            return "the game is over"
        if not att.in_play:
            return "not in play"
        if att.owner != self.active:
            return "not the active player's card"
        if att.closed:
            return "closed"
        second = att.card.strike_twice and att.strikes == 1
        if att.acted and not second:
            return "already acted"
        if att.webbed:
            return "caught in a web"
        why = self.enemy_target_error(att, t)
        if why:
            return why
        if self.flyers_drawn(att, t):
            return "enemy flyers may attack only a card that draws them"
        if second and att.card.strike_twice_different and att.last_target == t.slot:
            return "the second strike must be at another card"
        if att.card.clumsy and att.moved > 0:
            return "clumsy: moved this turn"
        if att.card.strikes_only_opposite and not (att.on_field and t.on_field and col_of(att.cell) == col_of(t.cell)):
            return "may strike only the card opposite it"
        return self.melee_reach_error(att, t)

    def flyers_drawn(self, att, t):
        """draws_flyer_attacks (Паук-пересмешник): a flyer may attack only such a card of t's owner
        while one is in play."""
        return (att.card.kind == "flyer" and not t.card.draws_flyer_attacks
                and any(c.card.draws_flyer_attacks for c in self.play[t.owner]))

    def web_blocks(self, att, t):
        """An attack at a webbed card is blocked and the web disappears."""
        if not t.webbed:
            return False
        t.webbed = False
        return True

    def drawn_error(self, att, t, kind):
        """draws_ranged: while the target's side has a card drawing this kind of attack, only such a
        card may be chosen. Returns (why not, drawn to t)."""
        if att.card.ignores_draws:
            return None, False
        drawers = [c for c in self.play[t.owner] if kind in c.card.draws_ranged
                   and (not c.card.draws_ranged_condition or AB.CONDITIONS[c.card.draws_ranged_condition](self, c))]
        if t in drawers:
            return None, True
        return ("another card draws this attack" if drawers else None), False

    def ranged_error(self, att, t):
        why = self.actor_error(att)
        if why:
            return why
        if att.card.ranged is None:
            return "no ranged attack"
        if att.card.ranged_spends_extra_lives and self.removable_extra_lives(att) == 0:
            return "no extra life to remove"
        kind = att.card.ranged.kind
        why = self.enemy_target_error(att, t)
        if why:
            return why
        if att.card.clumsy and att.moved > 0:
            return "clumsy: moved this turn"
        if self.flyers_drawn(att, t):
            return "enemy flyers may attack only a card that draws them"
        why, drawn = self.drawn_error(att, t, kind)
        if why:
            return why
        if drawn:
            return None
        if kind == MAGIC_STRIKE:
            # an adjacent creature on the battlefield
            if not (att.on_field and t.on_field):
                return "magic strike: both on the battlefield"
            return None if adjacent(att.cell, t.cell) else "not adjacent"
        if kind == ROW_STRIKE:
            # two cells away orthogonally, the cell between empty or holding an own card (504)
            if not (att.on_field and t.on_field):
                return "strike through a row: both on the battlefield"
            dr, dc = row_of(t.cell) - row_of(att.cell), col_of(t.cell) - col_of(att.cell)
            if not ((abs(dr) == 2 and dc == 0) or (abs(dc) == 2 and dr == 0)):
                return "strike through a row: two cells away in a line"
            mid = self.board[att.cell + (dr // 2) * N_COLS + dc // 2]
            if mid is not None and mid.owner != att.owner:
                return "strike through a row: an enemy card between"
            return None
        if att.on_field and t.on_field:
            if adjacent(att.cell, t.cell) and not att.card.ranged_at_adjacent:
                return "a ranged attack at an adjacent card"
            reach = att.card.ranged.range
            if reach > 0:
                reach += self.aura_range(att) + att.tmp_range
            if reach > 0 and manhattan(att.cell, t.cell) > reach:
                return "out of range"
        return None

    def adjacent_enemy_creature_error(self, att, t):
        why = self.enemy_target_error(att, t)
        if why:
            return why
        if not (t.on_field and att.on_field):
            return "not a creature on the battlefield"
        if not adjacent(att.cell, t.cell):
            return "not adjacent"
        return None

    def finish_error(self, att, t):
        why = self.actor_error(att)
        if why:
            return why
        n = att.card.finish_off
        if n == 0:
            return "no finish off"
        if att.card.finish_off_bonus == "adjacent_poisoned" and t is not None and t.on_field:
            n += sum(1 for q in range(2) for o in self.play[q]
                     if o is not t and o.poison > 0 and o.on_field and adjacent(o.cell, t.cell))
        why = self.adjacent_enemy_creature_error(att, t)
        if why:
            return why
        return "life above the finish-off value" if t.life > n else None

    def special_error(self, att, t):
        why = self.actor_error(att)
        if why:
            return why
        if att.card.special_strike == 0:
            return "no special strike"
        if att.counters < 1:
            return "no counter"
        return self.adjacent_enemy_creature_error(att, t)

    def has_counter_cost(self, card):
        return any(a.kind in ("played", "fast") and a.counters > 0 for a in card.abilities)

    def gain_counter_error(self, c):
        """123: a card with a counter-cost ability has "tap: gain 1 counter" (some print it)."""
        why = self.actor_error(c)
        if why:
            return why
        card = c.card
        if not (card.special_strike or card.gain_counter or self.has_counter_cost(card)):
            return "cannot gain counters"
        if card.max_counters > 0 and c.counters >= card.max_counters:
            return "at its maximum of counters"
        return None

    def tap_gain_error(self, c):
        why = self.actor_error(c)
        if why:
            return why
        tg = c.card.tap_gain
        if tg is None or not (tg.directed or tg.protection):
            return "nothing to gain"
        return None

    def move_error(self, c, cell):
        why = self.actor_error(c)
        if why:
            return why
        if not c.on_field:
            return "a flyer does not move"
        if self.rooted(c):
            return "rooted to its cell"
        if not 0 <= cell < N_CELLS:
            return "no such cell"
        if c.moves_left <= 0:
            return "no movement left"
        if manhattan(c.cell, cell) != 1:
            return "not an orthogonal step"
        if self.board[cell] is not None:
            return "occupied"
        return None

    def rooted(self, c):
        """Effect root (Василиск): c may not leave its cell while the card that rooted it is in play."""
        if c.rooted_by == NOBODY:
            return False
        r = self.by_slot.get(c.rooted_by)
        return r is not None and r.in_play

    def release_roots(self, c):
        """c moved: the creatures it rooted may leave their cells again."""
        for q in range(2):
            for o in self.play[q]:
                if o.rooted_by == c.slot:
                    o.rooted_by = NOBODY

    def jump_error(self, c, cell):
        why = self.actor_error(c)
        if why:
            return why
        n = c.card.jump or (TELEPORT_RANGE if c.card.teleport else 0)
        if n == 0:
            return "no jump"
        if not c.on_field:
            return "a flyer does not jump"
        if self.rooted(c):
            return "rooted to its cell"
        if not 0 <= cell < N_CELLS:
            return "no such cell"
        if c.moved > 0 or c.moves_left <= 0:
            return "already moved"
        if self.board[cell] is not None:
            return "occupied"
        if manhattan(c.cell, cell) > n:
            return "beyond jump range"
        return None

    def must_strike_now(self, c):
        """must_strike_closed (Гном-басаарг): c may now strike a closed enemy creature, so it must."""
        return c.card.must_strike_closed and any(t.closed and not self.strike_error(c, t)
                                                 for t in self.play[1 - c.owner])

    def forced_strike_error(self, action):
        """Ending the turn while a card must strike, or another action of such a card than a simple
        strike at a closed enemy, is illegal."""
        if action.kind == "end_turn":
            if any(self.must_strike_now(c) for c in self.play[self.active]):
                return "a card must strike a closed enemy creature first (must_strike_closed)"
            return None
        c = self.by_slot.get(action.actor)
        if c is not None and c.in_play and c.owner == self.active and self.must_strike_now(c):
            t = self.by_slot.get(action.target)
            if action.kind == "attack" and t is not None and t.closed:
                return None
            return "it must strike a closed enemy creature first (must_strike_closed)"
        return None

    def action_error(self, action):
        """Why the active player may not take this action now (None if he may)."""
        kind, s, target, k = action.kind, action.actor, action.target, action.ability
        if self.over():
            return "the game is over"
        why = self.forced_strike_error(action)
        if why:
            return why
        if kind == "end_turn":
            return None
        c = self.by_slot.get(s)
        if c is None:
            return "no such card"
        t = self.by_slot.get(target)
        if kind == "move":
            return self.move_error(c, target)
        if kind == "jump":
            return self.jump_error(c, target)
        if kind == "ability":
            return AB.use_error(self, c, k, target, window=False)
        if kind in ("heal_self", "gain_counter", "tap_gain"):
            if kind == "heal_self":
                why = self.actor_error(c)
                return why or (None if c.card.heal_self > 0 else "no heal itself")
            return self.gain_counter_error(c) if kind == "gain_counter" else self.tap_gain_error(c)
        if t is None:
            return "no such target"
        return {"attack": self.strike_error, "ranged": self.ranged_error, "finish_off": self.finish_error,
                "special_strike": self.special_error}[kind](c, t)

    def legal_actions(self):
        """Every legal action of the active player at an enemy card (the set the random policy draws
        from; with `attack_own_cards` the rules also allow own targets, which no policy offers)."""
        out = {Action("end_turn")}
        if self.over():
            return out
        p = self.active
        for c in self.play[p]:
            if c.closed or c.webbed:            # a webbed card neither moves nor acts
                continue
            if not c.acted and c.on_field and c.moves_left > 0:
                for to in range(N_CELLS):
                    if manhattan(c.cell, to) == 1 and not self.move_error(c, to):
                        out.add(Action("move", c.slot, to))
                if c.card.jump or c.card.teleport:
                    out |= {Action("jump", c.slot, to) for to in range(N_CELLS) if not self.jump_error(c, to)}
            for t in self.play[1 - p]:
                for kind, error in (("attack", self.strike_error), ("ranged", self.ranged_error),
                                    ("finish_off", self.finish_error), ("special_strike", self.special_error)):
                    if not error(c, t):
                        out.add(Action(kind, c.slot, t.slot))
            if not c.acted and c.card.heal_self > 0:
                out.add(Action("heal_self", c.slot))
            if not self.gain_counter_error(c):
                out.add(Action("gain_counter", c.slot))
            if not self.tap_gain_error(c):
                out.add(Action("tap_gain", c.slot))
            for k in range(len(c.card.abilities)):
                if not AB.use_error(self, c, k, -1, window=False):
                    out.add(Action("ability", c.slot, -1, k))
                    continue
                if c.card.abilities[k].target == "chosen_own_dead":       # revive: his graveyard
                    out |= {Action("ability", c.slot, t.slot, k) for t in self.cards
                            if t.owner == p and t.zone == "graveyard"
                            and not AB.use_error(self, c, k, t.slot, window=False)}
                    continue
                for q in range(2):
                    for t in self.play[q]:
                        if not AB.use_error(self, c, k, t.slot, window=False):
                            out.add(Action("ability", c.slot, t.slot, k))
        return {a for a in out if not self.forced_strike_error(a)}

    # ---- actions -------------------------------------------------------------------------------
    def act(self, action):
        """Carry out a legal action of the active player. A creature that acts first springs the
        opponent's traps (118); every action ends with the recomputation of 503.3."""
        why = self.action_error(action)
        if why:
            raise Disagreement(f"illegal action: {why}")
        kind = action.kind
        c = self.by_slot.get(action.actor)
        t = self.by_slot.get(action.target)
        if kind not in ("end_turn", "move", "jump") and any(self.delayed) and not AB.spring_traps(self, c):
            AB.recompute(self)
            return
        if kind == "end_turn":
            self.end_turn()
            return
        if kind == "move":
            self.move(c, action.target)
        elif kind == "jump":
            self.relocate(c, action.target)
            c.moved += 1
            c.moves_left = 0
            self.release_roots(c)
        elif kind == "attack":
            self.strike(c, t)
        elif kind == "ranged":
            self.ranged(c, t)
        elif kind == "finish_off":
            self.finish_off(c, t)
        elif kind == "heal_self":
            self.heal(c, c.card.heal_self)
            self.finish_action(c)
        elif kind == "special_strike":
            self.special_strike(c, t)
        elif kind == "gain_counter":
            c.counters += 1
            self.finish_action(c)
        elif kind == "tap_gain":
            tg = c.card.tap_gain      # acquired: lasts to the end of the game (117)
            c.gained_directed = c.gained_directed or tg.directed
            c.gained_protection = c.gained_protection | tg.protection
            self.finish_action(c)
        elif kind == "ability":
            AB.pay_and_push(self, c, action.ability, action.target)
            self.priority_window()
        AB.recompute(self)

    def relocate(self, c, cell):
        """507: put the card on an empty cell."""
        self.board[c.cell] = None
        self.board[cell] = c
        c.cell = cell

    def move(self, c, cell):
        """One step to an orthogonal empty cell for one movement point (506); on_move fires, then
        to_enemy_half / to_own_half when the step crosses between the halves."""
        old = c.cell
        self.relocate(c, cell)
        c.moves_left -= 1
        c.moved += 1
        self.release_roots(c)
        if c.card.loses_counters_on_move:
            c.counters = 0
        if any(a.kind == "triggered" and a.trigger in ("on_move", "to_enemy_half", "to_own_half")
               for a in c.card.abilities):
            AB.fire_triggers(self, c, "on_move", None, 0)
            was_own, now_own = own_row(c.owner, row_of(old)), own_row(c.owner, row_of(cell))
            if was_own and not now_own:
                AB.fire_triggers(self, c, "to_enemy_half", None, 0)
            elif now_own and not was_own:
                AB.fire_triggers(self, c, "to_own_half", None, 0)
            self.check_deaths()
            self.check_game_end()

    def finish_action(self, c):
        """An action closes the card and forfeits its remaining movement (506.5)."""
        c.acted, c.moves_left, c.closed = True, 0, True

    def after_attack(self, att):
        self.finish_action(att)
        att.closed = not (att.card.no_tap_after_attack or att.tmp_no_tap)

    def answers_to_attack(self, att, t):
        """The attack is declared: a priority window before the dice (section 4). False if the
        attack no longer happens (a card left play or the game ended); the attacker has still used
        its action; a web on the target blocks it."""
        if self.web_blocks(att, t):
            self.after_attack(att)
            self.check_deaths()
            self.check_game_end()
            return False
        if any(self.has_fast):
            self.priority_window()
        return self.attack_stands(att, t)

    def attack_stands(self, att, t):
        """After a priority window inside an attack: does it go on? If not, the attacker has used its
        action, and 509 and section 9 are checked."""
        if att.in_play and t.in_play and not self.over():
            return True
        if att.in_play:
            self.after_attack(att)
        self.check_deaths()
        self.check_game_end()
        return False

    def roll_for(self, c):
        """c's die in an attack; rolls_twice (Воин храма): two dice, the higher kept; with next_roll_six
        waiting it counts as 6, used up (the dice are still rolled)."""
        r = self.streams.d6()
        if self.has_dice and c.card.rolls_twice:
            r = max(r, self.streams.d6())
        if c.next_six:
            c.next_six = False
            return 6
        return r

    def dice_window(self, kind, att, t, defending, a, d):
        """The dice of an attack are rolled: a priority window for strike effects only (the dice window,
        AB.Roll); returns the Roll with the dice and strike changes after it."""
        self.roll = AB.Roll(kind, att, t, defending, a, d)
        try:
            self.priority_window()
            return self.roll
        finally:
            self.roll = None

    # -- damage of an attack (section 5)
    def attack_roll_bonus(self, att, t):
        """The attacker's die bonus: attack experience, and a bonus against a card in a given row of
        the enemy half (row 1 = the enemy's front row)."""
        v = self.keyword(att, "attack_experience")
        rb = att.card.roll_bonus_vs_enemy_row
        if rb is not None and rb.row > 0 and t.on_field:
            wanted = 2 + rb.row if att.owner == 0 else 3 - rb.row
            if row_of(t.cell) == wanted:
                v += rb.amount
        if t.roll_mark and att.owner == t.roll_mark_player:      # roll_bonus_against (Хозяйка прайда)
            v += t.roll_mark
        return v

    def only_attacker_rolls(self, att, t):
        """504: an unanswered strike, or a closed target (unless it strikes back while closed and the
        attacker does not ignore its abilities): only the attacker rolls, no counter-strike."""
        if att.card.unanswered:
            return True
        if any(self.vs_matches(v, t, False, att) for v in att.card.unanswered_vs):
            return True
        if att.tmp_unanswered and att.strikes == 0:
            return True                 # Рагнар's valhalla: its first simple strike this turn
        if not t.closed:
            return False
        return not t.card.counter_strikes_when_closed or att.card.ignores_target_abilities

    def strike_bonus_of(self, att, t, strength, applies, t_defending):
        """The attacker's "+N strike [vs X]" bonuses that apply (applies: strike or ranged)."""
        card = att.card
        bonuses = [(b, False) for b in card.strike_bonus]
        if card.formation is not None:
            bonuses += [(b, True) for b in card.formation.strike_bonus]
        bonuses += [(b, w) for w in card.while_blocks for b in w.strike_bonus]
        total = 0
        for b, cond in bonuses:
            if b.amount == 0 or b.applies_to not in (applies, "all"):
                continue
            if strength > 0 and strength - 1 not in b.strengths:
                continue
            if cond is True and not self.in_formation(att):
                continue
            if cond not in (True, False) and not self.while_holds(att, cond):
                continue
            if self.vs_matches(b.vs, t, t_defending, att):
                total += b.amount
        ally = card.strike_per_ally
        if ally is not None and applies == "strike":
            n = sum(1 for o in self.play[att.owner] if o is not att and o.card.element == ally.element)
            total += min(n, ally.max)
        if applies == "strike":
            total += att.counters * card.strike_per_counter      # Камнедрев: + its counters
        return total

    def reduction_of(self, t, att, kind, strength=MISS):
        """The target's "-N from X" reductions that apply to an attack of this kind and strength by
        att: its own (printed, formation, `while` blocks that hold) and those its owner's auras give it."""
        card = t.card
        rows = [(r, False) for r in card.reduce]
        if card.formation is not None:
            rows += [(r, True) for r in card.formation.reduce]
        rows += [(r, w) for w in card.while_blocks for r in w.reduce]
        rows += [(o.card.aura.reduce[0], None) for o in self.play[t.owner]
                 if o.card.aura is not None and o.card.aura.reduce and self.aura_covers(o, t)]
        total = 0
        for r, cond in rows:
            if r.amount == 0:
                continue
            if r.attacker_cost_at_most > 0 and att.card.cost > r.attacker_cost_at_most:
                continue
            if cond is True and not self.in_formation(t):
                continue
            if cond not in (True, False, None) and not self.while_holds(t, cond):
                continue
            src = r.source
            if src == "strikes":
                ok = kind == STRIKE
            elif src == "ranged":
                ok = kind in RANGED_KINDS
            elif src == "non_magic":
                ok = kind not in MAGICAL
            elif src == "diagonal_strikes":
                ok = kind == STRIKE and att.on_field and t.on_field and diagonal(att.cell, t.cell)
            elif src == "shots_throws":
                ok = kind in (SHOT, THROW)
            elif src == "flyers":
                ok = att.card.kind == "flyer"
            elif src == "weak_strikes":
                ok = kind == STRIKE and strength == WEAK
            elif src in ELEMENTS:
                ok = att.card.element == src
            elif src == "directed_strikes":
                ok = kind == STRIKE and self.is_directed(att, t)
            else:
                raise NotImplementedError(f"reference engine: reduction source '{src}' is not implemented")
            if ok:
                total += r.amount
        if t.stone_skin and kind not in MAGICAL:
            total += t.stone_skin           # Ледяной змей's stone skin
        return total

    def aura_covers(self, o, t):
        """VOCABULARY.md "Auras": does the aura of card o reach its owner's other card t (both on the
        battlefield, t on the aura's cells, passing its filter)?"""
        aura = o.card.aura
        if aura is None or o is t or o.owner != t.owner or not (o.on_field and t.on_field):
            return False
        if aura.to == "left_right":
            if row_of(o.cell) != row_of(t.cell) or abs(col_of(o.cell) - col_of(t.cell)) != 1:
                return False
        elif col_of(o.cell) != col_of(t.cell):
            return False
        return AB.passes(aura.filter, o, t, self)

    def aura_range(self, att):
        return sum(o.card.aura.range for o in self.play[att.owner]
                   if o.card.aura is not None and o.card.aura.range and self.aura_covers(o, att))

    def protected_from(self, t, att, kind, strength):
        """Protection from an attack kind: it deals the card no wounds (section 5)."""
        prot = self.protections(t)
        if (kind == SHOT and "shot" in prot) or (kind == THROW and "throw" in prot):
            return True
        if kind == DISCHARGE and ("discharge" in prot or "magic" in prot):
            return True
        if kind == MAGIC_STRIKE and "magic" in prot:
            return True
        if kind == STRIKE and strength == WEAK and "weak_strike" in prot:
            return True
        if kind == STRIKE and t.tmp_no_strikes:
            return True                 # protect_from_strikes, until the end of the turn
        return att.card.kind == "flyer" and "flyer" in prot and not att.card.ignores_flyer_protection

    def strike_value(self, att, strength):
        """The simple strike's wounds for a strength (+ its strike bonus until end of turn)."""
        if strength <= MISS:
            return 0
        return att.card.strike[strength - 1] + att.strike_bonus + att.own_strike + att.form_gain("strike")

    def ranged_value(self, att, strength):
        """The ranged attack's wounds for a strength, + N per counter when it is charged, + the extra
        lives it removes (ranged_spends_extra_lives)."""
        r = att.card.ranged
        base = r.strike[strength - 1] if r is not None else 0
        if att.card.ranged_per_wound:           # "X = its wounds (at most N)" (Рэккен)
            base += min(att.wounds, att.card.ranged_per_wound)
        xl = self.removable_extra_lives(att) if att.card.ranged_spends_extra_lives else 0
        return base + att.counters * att.card.ranged_counter_bonus + att.tmp_ranged + xl

    # -- vampirism, extra lives spent on a ranged attack, incarnation, next_roll_six
    def removable_extra_lives(self, c):
        """All its extra lives, but never so many that its current life falls to 0."""
        return max(min(c.extra_lives, c.life - 1), 0)

    def vampirism(self, c, dealt):
        """c dealt `dealt` wounds with a simple strike: with vampirism it gains dealt - less life, wounds
        healed first, the rest as extra lives, its current life at most max_life (0: none); not when it
        is out of play or at 0 life."""
        v = c.card.vampirism
        if v is None or dealt <= 0 or not c.in_play or c.life <= 0:
            return
        n = dealt - v.less
        if v.max_life:
            n = min(n, v.max_life - c.life)
        if n <= 0:
            return
        h = min(c.wounds, n)
        c.wounds -= h
        c.extra_lives += n - h

    def come_back_cells(self, c):
        """The cells card c may take coming back from the graveyard (revived, incarnated), in cell order:
        the empty cells of its owner's half, and the cell it was destroyed on if empty."""
        return [cell for cell in range(N_CELLS)
                if self.board[cell] is None and (own_row(c.owner, row_of(cell)) or cell == c.last_cell)]

    def can_come_back(self, c):
        """c is a flyer, or has a cell to come back to."""
        return c.printed.kind == "flyer" or bool(self.come_back_cells(c))

    def come_back_cell(self, c):
        """The cell its owner decides for ground card c coming back (None: there is none)."""
        cells = self.come_back_cells(c)
        return self.decisions.decide("cell", c.owner, cells) if cells else None

    def incarnate(self, c):
        """c returns from the graveyard as a new card (printed life, nothing acquired), closed unless
        incarnates_open; then its on_incarnate abilities fire."""
        flyer = c.printed.kind == "flyer"
        cell = -1
        if not flyer:
            cell = self.come_back_cell(c)
            if cell is None:
                return
        fresh = GameCard(c.slot, c.owner, c.card_id, c.printed, c.blank, dealt=c.dealt, bought=c.bought,
                         dmg_dealt=c.dmg_dealt, kills=c.kills, last_cell=c.last_cell, used_game=c.used_game,
                         ability_uses=c.ability_uses)
        for f in dataclasses.fields(GameCard):
            setattr(c, f.name, getattr(fresh, f.name))
        c.life_max = c.printed.life
        c.closed = not c.printed.incarnates_open
        if flyer:
            c.zone, c.cell = "aux", -1
        else:
            c.zone, c.cell = "field", cell
            self.board[cell] = c
            c.moves_left = c.printed.move
        bisect.insort(self.play[c.owner], c, key=lambda x: x.slot)
        c.armor_left = self.keyword(c, "armor")
        AB.fire_triggers(self, c, "on_incarnate", None, 0)
        AB.fire_incarnation_watchers(self, c)

    def incarnations(self, p):
        """Start of p's turn: each graveyard card with incarnation N takes a token (at most N); one
        holding N incarnates, by slot."""
        for c in self.deck(p):
            n = c.printed.incarnation
            if c.zone == "graveyard" and n:
                if c.counters < n:
                    c.counters += 1
                    AB.fire_token_triggers(self, c)
                if c.counters >= n:
                    self.incarnate(c)

    def attack_wounds(self, att, t, kind, strength, base, t_defending, ignore_t, no_bonus):
        """Wounds before armor: base (None: the strike value of the strength) + the attacker's
        bonuses - the target's reductions, never below 0; none if the target is protected.
        ignore_t: the attacker ignores the target's abilities (Етун); no_bonus: a counter-strike at
        a card that ignores the striker's abilities."""
        if strength == MISS and base is None:
            return 0
        if base is None:
            base = self.strike_value(att, strength)
        applies = "strike" if kind in (STRIKE, SPECIAL) else "ranged"
        dmg = base
        if not no_bonus:
            dmg += self.strike_bonus_of(att, t, strength, applies, t_defending)
        if not ignore_t:
            if self.protected_from(t, att, kind, strength):
                return 0
            if kind == STRIKE:
                if t.card.strikes_at_it_closed and t.closed:        # Морок, closed
                    dmg = min(dmg, t.card.strikes_at_it_closed)
                if t_defending:
                    dmg -= t.card.reduce_as_defender                # Морок, as defender
            dmg -= self.reduction_of(t, att, kind, strength)
        return max(dmg, 0)

    def beside_weak(self, t):
        """strikes_beside_weak (Морок): t stands directly left or right of a card of its owner with it."""
        if not t.on_field:
            return False
        col = col_of(t.cell)
        for dc in (-1, 1):
            if 0 <= col + dc < N_COLS:
                o = self.board[t.cell + dc]
                if o is not None and o.owner == t.owner and o.card.strikes_beside_weak:
                    return True
        return False

    def absorb_armor(self, t, dmg, kind, ignore_t):
        """Armor X absorbs up to X wounds of non-magical attacks per turn."""
        if ignore_t or kind in MAGICAL or dmg <= 0:
            return dmg
        a = min(t.armor_left, dmg)
        t.armor_left -= a
        return dmg - a

    # -- the attacks
    def can_defend(self, att, t, d):
        """504: an open creature of the target's owner adjacent to both attacker and target; a flyer
        target only by another flyer; a flyer attacker's ground target by an open ground creature
        adjacent to the target; `defends_any` flyers defend any ground creature."""
        if d is t or d is att or not d.in_play or d.owner != t.owner or d.closed or d.webbed:
            return False
        if t.zone == "aux":
            return d.zone == "aux"
        if d.zone == "aux":
            return d.card.defends_any
        if not adjacent(d.cell, t.cell):
            return False
        return att.zone == "aux" or adjacent(d.cell, att.cell)

    def strike(self, att, tgt):
        """Simple strike (504): a defender may take it over; a priority window; the dice; the exchange;
        the strike and the counter-strike at once; then closing."""
        t = tgt
        if not self.is_directed(att, tgt):
            defenders = [d.slot for d in self.play[tgt.owner] if self.can_defend(att, tgt, d)]
            d = self.decisions.decide("defender", tgt.owner, defenders + [-1]) if defenders else -1
            if d >= 0:
                t = self.card_at(d)
                AB.fire_triggers(self, t, "on_defend", tgt, 0)
        if not self.answers_to_attack(att, t):
            return
        card = att.card
        ign = card.ignores_target_abilities
        ova = self.attack_roll_bonus(att, t)
        roll = None
        if self.only_attacker_rolls(att, t):
            ra = self.roll_for(att)
            if self.has_dice:
                roll = self.dice_window("single", att, t, t is not tgt, ra, -1)
                if not self.attack_stands(att, t):
                    return
                ra = roll.a
            a_str, c_str = single_roll_strength(ra + ova), MISS
        else:
            ovz = 0 if ign else self.keyword(t, "defence_experience")
            ra = self.roll_for(att)
            rd = self.roll_for(t)
            if self.has_dice:
                roll = self.dice_window("both", att, t, t is not tgt, ra, rd)
                if not self.attack_stands(att, t):
                    return
                ra, rd = roll.a, roll.d
            a = ra + ova
            d = rd + ovz
            a_str, c_str, exchange = strike_table(a, d)
            side = att.owner if a_str > c_str else t.owner
            lower = exchange and self.decisions.decide("exchange", side, [0, 1]) == 1
            if lower:
                a_str, c_str = max(a_str - 1, MISS), max(c_str - 1, MISS)
        if roll is not None:                             # strike_strong (Ост): not a miss -> strong
            if 0 in roll.strong and a_str > MISS:
                a_str = STRONG
            if 1 in roll.strong and c_str > MISS:
                c_str = STRONG
        if t.card.strikes_at_it_weak and not ign:       # every strike at it is weak (Степной волколак)
            a_str = min(a_str, WEAK)
        if card.strikes_at_it_weak:
            c_str = min(c_str, WEAK)
        if self.beside_weak(t):                         # beside a Морок: strikes at it are weak
            a_str = min(a_str, WEAK)
        if self.beside_weak(att):
            c_str = min(c_str, WEAK)
        self.resolve_strike(att, tgt, t, a_str, c_str, roll)
        att.strikes += 1
        att.last_target = tgt.slot
        if card.strike_twice and att.strikes == 1:
            att.acted, att.moves_left = True, 0       # may still strike again; not closed yet
        else:
            self.after_attack(att)
        if t is not tgt and not t.card.defender_no_tap and t.in_play:
            t.closed = True
        self.check_deaths()
        self.check_game_end()
        if att.in_play and not self.over() and any(
                a.kind == "triggered" and a.trigger == "on_attack" for a in att.card.abilities):
            # "on a strike or a miss when attacking": after the strike and its deaths
            AB.fire_triggers(self, att, "on_attack", t if t.in_play else None, 0)
            self.check_deaths()
            self.check_game_end()

    def resolve_strike(self, att, tgt, t, a_str, c_str, roll=None):
        """The strike and the counter-strike at once, then poison, closing the target and the
        on-strike / on-struck abilities (they see the wounds; 509 comes after)."""
        ign = att.card.ignores_target_abilities
        base = None
        if a_str > MISS:
            base = self.strike_value(att, a_str) + AB.take_boost(self, att, a_str)
            if att.card.strike_copies_target:           # Метаморф: + the printed strike it fights
                base += t.printed.strike[a_str - 1]
            if a_str - 1 in att.card.strike_bonus_half_target_life:   # Уордак: + half t's life
                base += max(t.life, 0) // 2
        w_t = self.attack_wounds(att, t, STRIKE, a_str, base, t is not tgt, ign, False)
        if roll is not None:
            w_t = roll.changed_wounds(w_t, 0)
        w_t = self.absorb_armor(t, w_t, STRIKE, ign)
        w_a = 0
        if c_str > MISS:
            w_a = self.attack_wounds(t, att, STRIKE, c_str, None, False, False, ign)
            if roll is not None:
                w_a = roll.changed_wounds(w_a, 1)
            if att.card.no_counter_strike_wounds:       # Килсус
                w_a = 0
            w_a = self.absorb_armor(att, w_a, STRIKE, False)
        if a_str > MISS:
            self.wound(t, w_t, att.slot)
            self.mark_attack_wound(t, w_t)
        if c_str > MISS:
            self.wound(att, w_a, t.slot)
            self.mark_attack_wound(att, w_a)
        if a_str > MISS:
            self.vampirism(att, w_t)
        if c_str > MISS:
            self.vampirism(t, w_a)
        if a_str > MISS:
            self.scavenge(att, t)
        if c_str > MISS:
            self.scavenge(t, att)
        if a_str > MISS:
            self.poison(t, att.card.poison_on_strike[a_str - 1])
        if att.card.close_target_on_attack and t.in_play:
            t.closed = True
        if a_str > MISS:
            AB.fire_triggers(self, att, "on_strike", t, a_str)
            AB.fire_triggers(self, t, "on_struck", att, 0)

    def scavenge(self, c, victim):
        """Scavenging (трупоедство): c's strike brought victim to 0 life and c lives: c heals fully and
        gains its scavenging extra lives."""
        if c.card.scavenging and victim.life <= 0 < c.life:
            self.heal(c, c.wounds)
            c.extra_lives += c.card.scavenging_extra_lives

    def ranged(self, att, t):
        """A ranged attack: only the attacker rolls, no counter-strike (504); a charged card adds its
        counters and loses one or all of them; "on a strong attack: poison" applies."""
        card = att.card
        kind = card.ranged.kind
        if not self.answers_to_attack(att, t):
            return
        if kind == ROW_STRIKE and card.row_strike_middle_ova:
            mid = self.board[(att.cell + t.cell) // 2]      # the own card it strikes over
            if mid is not None and mid.owner == att.owner:
                mid.gain("tmp_ova", card.row_strike_middle_ova)
        ign = card.ignores_target_abilities
        block = t.card.blocks_ranged_on
        if self.has_dice and block and kind != "magic_strike" and not ign:
            if self.streams.d6() >= block:       # Воин храма blocks the ranged attack
                self.after_attack(att)
                return
        ra = self.roll_for(att)
        if self.has_dice:
            roll = self.dice_window("ranged", att, t, False, ra, -1)
            if not self.attack_stands(att, t):
                return
            ra = roll.a
        s = single_roll_strength(ra + self.attack_roll_bonus(att, t))
        base = self.ranged_value(att, s) + AB.take_boost(self, att, s)
        w = self.attack_wounds(att, t, kind, s, base, False, ign, False)
        w = self.absorb_armor(t, w, kind, ign)
        if card.ranged_spends_extra_lives:       # Ведьма слуа: the extra lives spent on the attack
            att.extra_lives -= self.removable_extra_lives(att)
        if card.ranged_spends_counters == "all":
            att.counters = 0
        elif card.ranged_spends_counters == "one" and att.counters > 0:
            att.counters -= 1
        self.wound(t, w, att.slot)
        self.mark_attack_wound(t, w)
        self.poison(t, card.ranged_poison[s - 1])
        if card.ranged_explosion and t.on_field:   # Орк-бомбардир: the cell explodes next turn
            for i, e in enumerate(self.delayed):
                if e is None:
                    self.delayed[i] = Delayed("explosion", att.owner, card.ranged_explosion, cell=t.cell,
                                              source=att.slot)
                    break
            else:
                raise EngineLimit(f"waiting delayed abilities went past {MAX_DELAYED} entries")
        self.after_attack(att)
        self.check_deaths()
        self.check_game_end()

    def special_strike(self, att, t):
        """Special strike N [H]: pay a counter; N wounds (+ strike bonuses) to an adjacent enemy
        creature, no dice, no counter-strike; non-magical (armor and reductions apply). With
        special_strike_stuns_closed, a target closed when it is declared is stunned."""
        att.counters -= 1
        stun = att.card.special_strike_stuns_closed and t.closed
        if self.web_blocks(att, t):
            self.after_attack(att)
            return
        ign = att.card.ignores_target_abilities
        w = self.attack_wounds(att, t, SPECIAL, MISS, att.card.special_strike, False, ign, False)
        w = self.absorb_armor(t, w, SPECIAL, ign)
        self.wound(t, w, att.slot)
        self.mark_attack_wound(t, w)
        if stun:
            t.stunned = True
        if att.card.special_strike_poison:      # special_strike_poison (Слизь)
            self.poison(t, att.card.special_strike_poison)
        self.after_attack(att)
        self.check_deaths()
        self.check_game_end()

    def finish_off(self, att, t):
        """Finish off N: destroy (509.2) an adjacent enemy creature with current life <= N; its
        on-death abilities fire (509.3)."""
        self.destroy(t, att.slot)
        self.finish_action(att)
        self.check_deaths()
        self.check_game_end()


@dataclass(frozen=True)
class Action:
    """An action of the active player: kind (end_turn, move, jump, attack, ranged, finish_off,
    heal_self, special_strike, gain_counter, tap_gain, ability), the acting card's slot, the target
    (a slot, a cell for move and jump, -1 for none) and, for `ability`, which of the card's abilities."""
    kind: str
    actor: int = -1
    target: int = -1
    ability: int = -1
