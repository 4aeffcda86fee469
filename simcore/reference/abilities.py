"""The reference engine's abilities (RULES.md section 8, rules 113-118, 123, 503.3, 509.3): a table-driven
interpreter of decks.cardset.Ability, mirroring decks/cards/VOCABULARY.md.

Each vocabulary word is one entry of a table below: EFFECTS (what an ability does to one card),
TARGETS (whom it reaches), CONDITIONS (when it works), FILTERS (what a target must be). A new word is
one new entry; a word without an entry raises NotImplementedError naming it (check_ability, when a
game with the card starts), so the reference never silently agrees with an engine it does not know.

- Played and fast (114): `use_error` says whether a card may use an ability now (as its owner's action,
  or at a priority window); `pay_and_push` pays the cost and puts it on the stack; `resolve_top`
  resolves the top of the stack (last in, first out), even if its source has left play since.
- Triggered: `fire_triggers` (on_strike with a strength filter, on_strike / on_struck with a trigger
  filter, on_death at the card's last cell, turn_start/turn_end and the opponent's, on_move,
  to_enemy_half / to_own_half, on_defend), `fire_death_watchers` (creature_dies with a trigger
  filter). A triggered ability with a chosen target takes the target its owner chose from the
  decisions (the fast engine's log), checked by `choose_trigger_target`; so does close_or_wound.
- Gains until the end of a turn (strike bonus, OvA, ranged value, range, directed strike, no tap after
  attacking) and until the end of the owner's turn (`duration = "end_of_own_turn"`); stun; `also`
  (a second effect on the same card); `destroy_self` (the card destroys itself first).
- Permanent (115) and recomputation (503.3): `recompute` iterates x_{k+1} = f(x_k) over the set of
  cards that have lost their abilities, from x_0 = nobody, until a state repeats.
- Acquired (117): poison, life reduction, extra lives, lost abilities, strike bonuses stay on the card
  when their source leaves play; a two-condition ability leaves "heal at end of turn" (118.3).
- Delayed (118): trap and boost wait in the game's table of delayed abilities and fire even if their
  source has left play.
"""
import dataclasses

from . import game as G

CHOSEN = ("chosen", "chosen_enemy", "chosen_own", "chosen_adjacent")
DELAYED_EFFECTS = ("trap", "boost_next_attack")


# ---- effects: what an ability does to one card t (in play, not protected from it) --------------------
def _wound(game, src, a, t):
    game.wound(t, a.amount, src.slot)
    if a.then is not None:                  # the second condition: at end of turn heal it (118.3)
        t.heal_at_end += a.then.amount


def _heal(game, src, a, t):
    game.heal(t, a.amount)


def _extra_lives(game, src, a, t):
    t.extra_lives += a.amount               # 508.2


def _reduce_life(game, src, a, t):
    t.life_max = max(t.life_max - a.amount, 0)        # 508.4: not wounds
    if t.life <= 0 and t.died_from == G.NOBODY:
        t.died_from = src.slot


def _destroy(game, src, a, t):
    game.destroy(t, src.slot)                # 509.2: without wounds


def _poison(game, src, a, t):
    game.poison(t, a.amount)


def _strike_bonus(game, src, a, t):
    t.strike_bonus += a.amount               # until the end of the turn


def _lose_abilities(game, src, a, t):
    t.acquired_loss = True                   # acquired (117); the recomputation applies it


def _close(game, src, a, t):
    t.closed = True


def _open(game, src, a, t):
    t.closed = False


def _gain_counter(game, src, a, t):
    m = t.card.max_counters
    if m == 0 or t.counters < m:
        t.counters += 1


def _cure_poison(game, src, a, t):
    t.poison = 0                             # removes all its poison


def _special_strike(game, src, a, t):
    """An attack of src as its tap special strike: its strike bonuses, t's protections, reductions and
    armor apply; no dice, no counter-strike."""
    ign = src.card.ignores_target_abilities
    w = game.attack_wounds(src, t, G.SPECIAL, G.MISS, a.amount, False, ign, False)
    game.wound(t, game.absorb_armor(t, w, G.SPECIAL, ign), src.slot)


def _own_turn(a):
    return a.duration == "end_of_own_turn"


def _strike_bonus_for(game, src, a, t):
    if _own_turn(a):
        t.gain("own_strike", a.amount)          # until the end of its owner's (next) turn
    else:
        _strike_bonus(game, src, a, t)


def _attack_experience(game, src, a, t):
    t.gain("own_ova" if _own_turn(a) else "tmp_ova", a.amount)


def _ranged_bonus(game, src, a, t):
    t.gain("tmp_ranged", a.amount)


def _range_bonus(game, src, a, t):
    t.gain("tmp_range", a.amount)


def _gain_directed(game, src, a, t):
    t.tmp_directed = True


def _no_tap(game, src, a, t):
    t.tmp_no_tap = True


def _stun(game, src, a, t):
    t.stunned = True


def _shot(game, src, a, t):
    """A shot N of src at t (forest branch): only src rolls (its OvA counts), N for every strength;
    ranged strike bonuses, t's protections, reductions and armor apply; a web on t blocks it."""
    if game.web_blocks(src, t):
        return
    s = G.single_roll_strength(game.streams.d6() + game.attack_roll_bonus(src, t))
    ign = src.card.ignores_target_abilities or a.ignores_target_abilities
    w = game.attack_wounds(src, t, G.SHOT, s, a.amount + take_boost(game, src, s), False, ign, False)
    game.wound(t, game.absorb_armor(t, w, G.SHOT, ign), src.slot)


def _web(game, src, a, t):
    t.webbed = True


def _close_or_wound(game, src, a, t):
    """The target's owner chooses (a logged decision): it closes, or it takes N wounds (an impact)."""
    if game.decisions.close_or_wound(t.slot, src.slot, a.amount):
        t.closed = True
    else:
        game.wound(t, a.amount, src.slot)


EFFECTS = {"wound": _wound, "heal": _heal, "extra_lives": _extra_lives, "reduce_life": _reduce_life,
           "destroy": _destroy, "poison": _poison, "strike_bonus": _strike_bonus_for,
           "lose_abilities": _lose_abilities, "close": _close, "open": _open, "gain_counter": _gain_counter,
           "special_strike": _special_strike, "attack_experience": _attack_experience,
           "ranged_bonus": _ranged_bonus, "range_bonus": _range_bonus, "gain_directed": _gain_directed,
           "no_tap_after_attack": _no_tap, "stun": _stun, "close_or_wound": _close_or_wound,
           "cure_poison": _cure_poison, "shot": _shot, "web": _web}


def _delay(game, src, a):
    """Trap and boost (118): no target yet; they wait in the table (first free entry; a full table
    drops the new one)."""
    kind = "trap" if a.effect == "trap" else "boost"
    d = G.Delayed(kind, src.owner, a.amount, a.filter.element if kind == "boost" else "",
                  tuple(a.strengths) if kind == "boost" else ())
    for i, e in enumerate(game.delayed):
        if e is None:
            game.delayed[i] = d
            return


# ---- filters and conditions ----------------------------------------------------------------------
def passes(f, src, t, game=None):
    """Does card t pass the filter f (decks.cardset.TargetFilter) of an ability of card src?
    (game: for not_moved, whose turn it is.)"""
    ct = t.card
    if f.element and ct.element != f.element:
        return False
    if f.cost >= 0 and ct.cost != f.cost:
        return False
    if f.cost_at_most >= 0 and ct.cost > f.cost_at_most:
        return False
    if f.cost_at_least >= 0 and ct.cost < f.cost_at_least:
        return False
    if f.elite is True and not ct.elite:
        return False
    if f.elite is False and ct.elite:
        return False
    if f.poisoned and t.poison == 0:
        return False
    if f.ranged_user and not (ct.ranged is not None and ct.ranged.kind in (G.SHOT, G.THROW, G.DISCHARGE)):
        return False
    if f.ground and ct.kind == "flyer":
        return False
    if f.unwounded and t.wounds > 0:
        return False
    if f.other and t is src:
        return False
    if f.not_moved and t.owner == game.active and t.moved > 0:
        return False                # only the active player's creatures can have moved this turn
    return not (f.open and t.closed)


# ---- amounts computed in play (`amount_of`) -----------------------------------------------------------
def _opposite_medium_strike(game, c):
    """The printed medium strike of the creature on the cell directly in front of c (same column, one
    row towards the enemy's back row), 0 if c is off the battlefield or that cell is empty."""
    if not c.on_field:
        return 0
    r = G.row_of(c.cell) + (1 if c.owner == 0 else -1)
    if not 0 <= r < G.N_ROWS:
        return 0
    o = game.board[r * G.N_COLS + c.cell % G.N_COLS]
    return o.card.strike[1] if o is not None else 0


AMOUNTS_OF = {"opposite_medium_strike": _opposite_medium_strike}


def _adjacent_enemy(game, c):
    return c.on_field and any(o.on_field and G.adjacent(c.cell, o.cell) for o in game.play[1 - c.owner])


CONDITIONS = {
    "always": lambda game, c: True,
    "in_formation": lambda game, c: game.in_formation(c),
    "unwounded": lambda game, c: c.wounds == 0,
    "wounded": lambda game, c: c.wounds > 0,
    "adjacent_enemy": _adjacent_enemy,
    "own_front_row": lambda game, c: c.on_field and G.forwardness(c.owner, G.row_of(c.cell)) == 2,
    "own_back_row": lambda game, c: c.on_field and G.forwardness(c.owner, G.row_of(c.cell)) == 0,
    "adjacent_ally": None,          # needs the ability's trigger_filter: see holds()
    "not_moved": lambda game, c: c.moved == 0,
}


def holds(game, c, a):
    """Does the condition of ability a hold for card c now? adjacent_ally: another creature of c's
    owner on a cell around it passes a.trigger_filter."""
    if a.condition == "adjacent_ally":
        return c.on_field and any(o is not c and o.on_field and G.adjacent(c.cell, o.cell)
                                  and passes(a.trigger_filter, c, o, game) for o in game.play[c.owner])
    return CONDITIONS[a.condition](game, c)

TRIGGERS = ("on_strike", "on_struck", "on_death", "turn_start", "turn_end", "opponent_turn_start",
            "opponent_turn_end", "on_move", "creature_dies", "on_defend", "to_enemy_half", "to_own_half",
            "on_attack")
AREA_TARGETS = ("adjacent_enemies", "adjacent", "all_enemies", "all_own", "all")
TARGETS = ("self", "attacked", "attacker") + CHOSEN + AREA_TARGETS
KINDS = ("played", "fast", "triggered", "permanent")


def check_ability(card, a):
    """NotImplementedError naming the first word of ability a that this interpreter lacks."""
    def no(what):
        raise NotImplementedError(f"reference engine: {what} (ability of {card.name}) is not implemented")
    if a.kind not in KINDS:
        no(f"ability kind '{a.kind}'")
    if a.effect not in EFFECTS and a.effect not in DELAYED_EFFECTS:
        no(f"effect '{a.effect}'")
    if a.target not in TARGETS:
        no(f"target '{a.target}'")
    if a.condition not in CONDITIONS:
        no(f"condition '{a.condition}'")
    if a.kind == "triggered" and a.trigger not in TRIGGERS:
        no(f"trigger '{a.trigger}'")
    if a.kind == "permanent" and (a.effect != "lose_abilities" or a.target not in ("adjacent", "adjacent_enemies")
                                  or a.condition != "always"):
        no(f"permanent '{a.effect}' on '{a.target}' with condition '{a.condition}'")
    if a.then is not None and (a.then.at != "turn_end" or a.then.effect != "heal" or a.effect != "wound"):
        no(f"second condition '{a.then.effect}' at '{a.then.at}' after '{a.effect}'")
    if a.also is not None and a.also.effect not in EFFECTS:
        no(f"also effect '{a.also.effect}'")
    if a.amount_of and a.amount_of not in AMOUNTS_OF:
        no(f"amount_of '{a.amount_of}'")
    if a.duration not in ("end_of_turn", "end_of_own_turn"):
        no(f"duration '{a.duration}'")
    if a.limit not in ("", "once_per_turn", "once_per_battle"):
        no(f"limit '{a.limit}'")
    if a.also is not None and a.also.effect not in EFFECTS:
        no(f"also '{a.also.effect}'")


# ---- resolving an ability ------------------------------------------------------------------------
def apply_effect(game, src, a, t):
    """The effect of ability a of card src on card t: nothing if t has left play, or if a is a spell
    and t is protected from spells."""
    if t is None or not t.in_play or (a.spell and "spell" in game.protections(t)):
        return
    if a.amount_of:                          # computed now (AMOUNTS_OF)
        EFFECTS[a.effect](game, src, dataclasses.replace(a, amount=AMOUNTS_OF[a.amount_of](game, src)), t)
    else:
        EFFECTS[a.effect](game, src, a, t)
    if a.also is not None:                   # its second effect on the same card, right after
        apply_effect(game, src, dataclasses.replace(a, effect=a.also.effect, amount=a.also.amount,
                                                    also=None, amount_of=""), t)


def resolve(game, src, card, k, chosen, other):
    """Apply ability k of `card` (the text src had when it was used) to its target: the chosen card,
    the other card of a strike (attacked / attacker / the defended creature / the dead creature), the
    card itself, or every matching card of an area at once."""
    a = card.abilities[k]
    if chosen is None and a.target in CHOSEN and a.kind == "triggered":
        chosen = choose_trigger_target(game, src, k, a)     # its owner chooses now (logged)
        if chosen is None:
            return
    if a.destroy_self and src.in_play:
        game.destroy(src, src.slot)         # first; the area is around its last cell (509.3)
    if a.effect in DELAYED_EFFECTS:
        _delay(game, src, a)
    elif a.target == "self":
        apply_effect(game, src, a, src)
    elif a.target in ("attacked", "attacker"):
        if other is not None and passes(a.filter, src, other, game):
            apply_effect(game, src, a, other)
    elif a.target in CHOSEN:
        apply_effect(game, src, a, chosen)
        if a.and_self and src.in_play:
            apply_effect(game, src, a, src)
    else:
        center = src.cell if src.in_play else src.last_cell      # on death: its last cell (509.3)
        _apply_area(game, src, a, center)


def _apply_area(game, src, a, center):
    """Every card of the area, player 1's first, by slot; cards destroyed on the way drop out."""
    for q in range(2):
        if a.target in ("adjacent_enemies", "all_enemies") and q == src.owner:
            continue
        if a.target == "all_own" and q != src.owner:
            continue
        i = 0
        cards = game.play[q]
        while i < len(cards):
            o = cards[i]
            i += 1
            if o is src and a.target not in ("all_own", "all"):
                continue
            if a.target in ("adjacent", "adjacent_enemies") and (
                    center < 0 or not o.on_field or not G.adjacent(center, o.cell)):
                continue
            if not passes(a.filter, src, o, game):
                continue
            n_before = len(cards)
            apply_effect(game, src, a, o)
            if len(cards) < n_before:
                i -= 1


def choose_trigger_target(game, src, k, a):
    """The target the owner of src chose for its triggered ability k (the fast engine's logged
    decision), checked: a legal target, or none when it is optional or no target is legal."""
    legal = [t for q in range(2) for t in game.play[q] if target_error(game, src, a, t) is None]
    slot = game.decisions.trigger_target(src.slot, k)
    if slot < 0:
        if legal and not a.optional:
            raise G.Disagreement(f"{src.name} (slot {src.slot}) chose no target for its mandatory ability "
                                 f"{k + 1}; legal: {[t.slot for t in legal]}")
        return None
    t = game.by_slot.get(slot)
    if t not in legal:
        raise G.Disagreement(f"{src.name} (slot {src.slot}) chose slot {slot} for ability {k + 1}, which is "
                             f"illegal: {target_error(game, src, a, t) if t else 'no such card'}")
    return t


def fire_triggers(game, c, trigger, other, strength):
    """Card c's triggered abilities for this event (strength 1-3 for on_strike, else 0)."""
    card = c.card
    for k, a in enumerate(card.abilities):
        if a.kind != "triggered" or a.trigger != trigger:
            continue
        if strength > 0 and strength - 1 not in a.strengths:
            continue
        if trigger != "on_death" and not holds(game, c, a):
            continue
        if other is not None and trigger in ("on_strike", "on_struck") and not passes(
                a.trigger_filter, c, other, game):
            continue                        # which struck / striking card fires it
        resolve(game, c, card, k, None, other)


def fire_player_triggers(game, p, trigger):
    """A start- or end-of-turn event for every card player p has in play, by slot."""
    cards = game.play[p]
    i = 0
    while i < len(cards):
        n_before = len(cards)
        fire_triggers(game, cards[i], trigger, None, 0)
        if len(cards) == n_before:
            i += 1


def fire_death_watchers(game, dead):
    """"When a creature dies" abilities of the cards in play, for a dead card passing their filter."""
    for p in range(2):
        cards = game.play[p]
        i = 0
        while i < len(cards):
            c = cards[i]
            n_before = len(cards)
            card = c.card
            for k, a in enumerate(card.abilities):
                if (a.kind == "triggered" and a.trigger == "creature_dies"
                        and holds(game, c, a) and passes(a.trigger_filter, c, dead, game)):
                    resolve(game, c, card, k, None, dead)
            if len(cards) == n_before:
                i += 1


# ---- permanent abilities and the recomputation (115, 503.3) -----------------------------------------
def _lost_step(game, lost):
    """f(x): the cards in play that lose their abilities when exactly the cards of x have lost theirs:
    acquired losses, plus the permanent lose_abilities of every card on the battlefield not in x."""
    out = set()
    for p in range(2):
        for c in game.play[p]:
            if c.acquired_loss:
                out.add(c.slot)
            if c.slot in lost or not c.on_field:
                continue
            for a in c.printed.abilities:
                if a.kind != "permanent":
                    continue
                for q in range(2):
                    if a.target == "adjacent_enemies" and q == p:
                        continue
                    for o in game.play[q]:
                        if o is not c and o.on_field and G.adjacent(c.cell, o.cell):
                            out.add(o.slot)
    return frozenset(out)


def recompute(game):
    """503.3: x_0 = nobody has lost his abilities; x_{k+1} = f(x_k); stop at the first x_k equal to an
    earlier state; x_k is the result (503.3's example: two adjacent Грибынычи keep their abilities)."""
    seen = [frozenset()]
    while True:
        x = _lost_step(game, seen[-1])
        if x in seen:
            break
        seen.append(x)
    for p in range(2):
        for c in game.play[p]:
            c.lost_abilities = c.slot in x


# ---- played and fast abilities (114) ----------------------------------------------------------------
def source_error(game, c, k, window):
    """Why card c may not use ability k now, whatever the target (None if it may). window = False:
    as its owner's action in his Choice subphase (played or fast, 114.2.1); True: at a priority
    window, fast only (114.2.2), by either player."""
    if game.over():
        return "the game is over"
    if c is None or not c.in_play:
        return "not in play"
    active = c.owner == game.active
    if not window and not active:
        return "not the active player's card"
    card = c.card
    if not 0 <= k < len(card.abilities):
        return "no such ability"
    a = card.abilities[k]
    if a.kind != "fast" and (window or a.kind != "played"):
        return "not a played ability" if not window else "not a fast ability"
    if a.tap and a.kind in ("played", "fast"):
        if c.closed:
            return "closed"
        if active and c.acted:
            return "already acted"
    if c.counters < a.counters:
        return "not enough counters"
    if c.webbed:
        return "caught in a web"
    if not holds(game, c, a):
        return "its condition does not hold"
    if a.limit == "once_per_turn" and k in c.used_turn:
        return "used this turn"
    if a.limit == "once_per_battle" and k in c.used_game:
        return "used this battle"
    return None


def target_error(game, c, a, t):
    """Why card t (None: no target) is not a legal target of ability a of card c."""
    if a.target not in CHOSEN or a.effect in DELAYED_EFFECTS:
        return None if t is None else "the ability takes no target"
    if t is None or not t.in_play:
        return "the target is not in play"
    if a.target == "chosen_enemy" and t.owner == c.owner:
        return "an own card"
    if a.target == "chosen_own" and t.owner != c.owner:
        return "an enemy card"
    if not passes(a.filter, c, t, game):
        return "the target does not pass the filter"
    if a.spell and "spell" in game.protections(t):
        return "the target is protected from spells"
    if a.target == "chosen_adjacent":
        center = c.cell if c.in_play else c.last_cell
        if center < 0 or t is c or not t.on_field or not G.adjacent(center, t.cell):
            return "not on a cell around the card"
    if a.effect == "shot":
        if c.on_field and t.on_field and G.adjacent(c.cell, t.cell) and not c.card.ranged_at_adjacent:
            return "a shot at an adjacent card"
        if game.flyers_drawn(c, t) or game.drawn_error(c, t, G.SHOT)[0]:
            return "another card draws this attack"
    if a.range > 0 and c.on_field and t.on_field and G.manhattan(c.cell, t.cell) > a.range:
        return "out of range"
    return None


def use_error(game, c, k, target, window):
    """Why card c may not use ability k at target (a slot, -1 for none) now (None if it may)."""
    why = source_error(game, c, k, window)
    if why:
        return why
    t = game.by_slot.get(target) if target >= 0 else None
    if target >= 0 and t is None:
        return "no such target"
    return target_error(game, c, c.card.abilities[k], t)


def pay_and_push(game, c, k, target):
    """Declare ability k of c: pay its cost now (counters; closing the card, which in its own turn is
    its action, 506.5) and put it on the stack."""
    a = c.card.abilities[k]
    c.counters -= a.counters
    c.used_turn = c.used_turn | {k}
    c.used_game = c.used_game | {k}
    c.ability_uses += 1
    if a.tap:
        c.closed = True
        if c.owner == game.active:
            c.acted, c.moves_left = True, 0
    game.stack.append((c, k, game.by_slot.get(target) if target >= 0 else None))


def resolve_top(game):
    """Resolve the top of the stack with its source's printed text (the ability was already used,
    even if the source has left play or lost its abilities since); then 509 and section 9."""
    c, k, t = game.stack.pop()
    resolve(game, c, c.printed, k, t, None)
    game.check_deaths()
    game.check_game_end()


# ---- delayed abilities (118) -----------------------------------------------------------------------
def spring_traps(game, actor):
    """The next enemy creature that acts takes every waiting trap's wounds before its action; returns
    whether it is still in play."""
    fired = False
    for i, d in enumerate(game.delayed):
        if d is not None and d.kind == "trap" and d.player != actor.owner:
            game.delayed[i] = None
            fired = True
            game.wound(actor, d.amount, G.TRAP)
    if not fired:
        return True
    game.check_deaths()
    game.check_game_end()
    return actor.in_play


def take_boost(game, att, strength):
    """+N to this attack for every boost of att's player waiting for an attack of this strength by a
    card of its element; those boosts are used up."""
    total = 0
    for i, d in enumerate(game.delayed):
        if d is None or d.kind != "boost" or d.player != att.owner or strength <= 0:
            continue
        if strength - 1 not in d.strengths:
            continue
        if d.element and att.card.element != d.element:
            continue
        game.delayed[i] = None
        total += d.amount
    return total
