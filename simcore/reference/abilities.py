"""The reference engine's abilities (docs/RULES.md section 8, rules 113-118, 123, 503.3, 509.3): a table-driven
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
import bisect
import dataclasses

from . import board as B

CHOSEN = ("chosen", "chosen_enemy", "chosen_own", "chosen_adjacent", "chosen_adjacent_to_other", "chosen_own_dead")
DELAYED_EFFECTS = ("trap", "boost_next_attack")
STRIKE_EFFECTS = ("die_luck", "wound_on_one", "strike_strong", "strike_to_one", "strike_minus")


# ---- strike effects: the attack in its dice window, and the options ----------------------
@dataclasses.dataclass
class Roll:
    """The attack whose dice were just rolled: kind "both" (a simple strike, both roll), "single" (a
    simple strike, only the attacker rolls) or "ranged"; a and d the dice (d = -1: none); the changes
    strike effects made: strong (0 = the attacker's strike, 1 = the counter-strike), to_one, minus."""
    kind: str
    att: object
    t: object
    defending: bool
    a: int
    d: int
    strong: set = dataclasses.field(default_factory=set)
    to_one: set = dataclasses.field(default_factory=set)
    minus: list = dataclasses.field(default_factory=lambda: [0, 0])

    def changed_wounds(self, w, side):
        if side in self.to_one:
            w = min(w, 1)
        return max(w - self.minus[side], 0)


def option_error(game, c, a, opt):
    """Why strike effect a of card c may not be declared with option opt now (None if it may)."""
    roll = game.roll
    if roll is None or opt < 0:
        return "no attack in its dice window"
    both = roll.kind == "both"
    if a.effect == "die_luck":
        return None if opt < 6 and (opt < 3 or both) else "no such die or mode"
    if opt >= 2 or (opt == 1 and not both):
        return "no such die or strike"
    if a.effect == "wound_on_one":
        return None if (roll.a if opt == 0 else roll.d) == 1 else "that die is not a 1"
    if roll.kind == "ranged":
        return "strike effects act on simple strikes"
    if a.effect == "strike_strong":
        return None if (roll.att if opt == 0 else roll.t).owner == c.owner else "not your creature's strike"
    if a.effect == "strike_to_one":
        return None if (roll.t if opt == 0 else roll.att).owner == c.owner else "not a strike at your creature"
    return None


def resolve_strike_effect(game, src, a, opt):
    """The strike effect with its option on the attack in progress, then its `also` on its own card
    unless the struck creature has the element also_unless_struck."""
    roll = game.roll
    struck = None
    if a.effect == "die_luck":
        die, mode = divmod(opt, 3)
        v = roll.a if die == 0 else roll.d
        v = v + 1 if mode == 0 else (v - 1 if mode == 1 else game.streams.d6())
        if die == 0:
            roll.a = v
        else:
            roll.d = v
    elif a.effect == "wound_on_one":
        victim = roll.att if opt == 0 else roll.t
        if (roll.a if opt == 0 else roll.d) == 1 and victim.in_play:
            game.wound(victim, a.amount, src.slot)
    else:
        struck = roll.t if opt == 0 else roll.att
        if a.effect == "strike_strong":
            roll.strong.add(opt)
        elif a.effect == "strike_to_one":
            roll.to_one.add(opt)
        else:
            roll.minus[opt] += a.amount
    if a.also is None or not src.in_play:
        return
    if a.also_unless_struck and struck is not None and struck.card.element == a.also_unless_struck:
        return
    EFFECTS[a.also.effect](game, src, dataclasses.replace(a, effect=a.also.effect, amount=a.also.amount,
                                                        also=None), src)


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
    if t.life <= 0 and t.died_from == B.NOBODY:
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


def _push_or_wound(game, src, a, t):
    """Молотобоец: t is pushed one cell on in the strike's direction (src -> t) if that cell is on the
    board and empty and t's owner lets it, else it takes the wounds (an impact)."""
    to = None
    if t.on_field and src.on_field:
        r = 2 * B.row_of(t.cell) - B.row_of(src.cell)
        col = 2 * B.col_of(t.cell) - B.col_of(src.cell)
        if 0 <= r < B.N_ROWS and 0 <= col < B.N_COLS and game.board[r * B.N_COLS + col] is None:
            to = r * B.N_COLS + col
    if to is not None and game.decisions.decide("push", t.owner, [0, 1]) == 1:
        game.relocate(t, to)
    else:
        game.wound(t, a.amount, src.slot)


def _relocate(game, src, a, t):
    """Варлок's 'dimension door': a card on the battlefield moves to a free cell that the ability's owner
    decides (in cell order); relocation, no step."""
    if t.on_field:
        free = [cell for cell in range(B.N_CELLS) if game.board[cell] is None]
        if free:
            game.relocate(t, game.decisions.decide("cell", src.owner, free))


def _revive_effect(game, src, a, t):
    _revive(game, t)                         # (apply_effect checks that it can come back first)


def _stone_skin(game, src, a, t):
    t.stone_skin = B.within(t.stone_skin + a.amount, B.STONE_MAX, "stone skin")      # until the end of the opponent's turn


def _ram(game, src, a, t):
    """Центурион: src takes X wounds (X chosen by its owner, 1 .. its current life), then the enemy t
    opposite X - 1."""
    if not src.in_play or src.life <= 0:
        return
    x = game.decisions.decide("ram", src.owner, lo=1, n=src.life)
    game.wound(src, x, src.slot)
    game.wound(t, x - 1, src.slot)


def revivable(game, src, t):
    """t is a card of src's owner in his graveyard that can come back: a flyer, or a ground creature
    with a cell to come back to (Game.come_back_cells)."""
    if t is None or t.owner != src.owner or t.zone != "graveyard":
        return False
    return game.can_come_back(t)


def _revive(game, t):
    """Знахарь племени: t comes back closed (a flyer into the auxiliary zone, a ground creature on the cell
    its owner decides: Game.come_back_cell) as a new card: printed life, no wounds, counters, poison,
    gains or markers."""
    fresh = B.GameCard(t.slot, t.owner, t.card_id, t.printed, t.blank)
    for name in ("dealt", "bought", "dmg_dealt", "kills", "ability_uses", "last_cell"):
        setattr(fresh, name, getattr(t, name))
    for f in dataclasses.fields(B.GameCard):
        setattr(t, f.name, getattr(fresh, f.name))
    t.life_max = t.printed.life
    t.closed = True
    if t.printed.kind == "flyer":
        t.zone, t.cell = "aux", -1
    else:
        t.zone, t.cell = "field", game.come_back_cell(t)
        game.board[t.cell] = t
    bisect.insort(game.play[t.owner], t, key=lambda x: x.slot)
    t.armor_left = game.keyword(t, "armor")


def _cure_poison(game, src, a, t):
    t.poison = 0                             # removes all its poison


def _special_strike(game, src, a, t):
    """An attack of src as its tap special strike: its strike bonuses, t's protections, reductions and
    armor apply; no dice, no counter-strike."""
    ign = src.card.ignores_target_abilities
    w = game.attack_wounds(src, t, B.SPECIAL, B.MISS, a.amount, False, ign, False)
    w = game.absorb_armor(t, w, B.SPECIAL, ign)
    game.wound(t, w, src.slot)
    game.mark_attack_wound(t, w)


def _reduce_life_turn(game, src, a, t):
    """Life maximum -N until the end of the turn (given back in the end phase)."""
    cut = min(a.amount, t.life_max)
    t.life_max -= cut
    t.tmp_life = B.within(t.tmp_life + cut, B.TMP_MAX, "life lowered this turn")
    if t.life <= 0 and t.died_from == B.NOBODY:
        t.died_from = src.slot


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


def _first_strike_unanswered(game, src, a, t):
    t.tmp_unanswered = True                  # its first simple strike this turn (Рагнар's valhalla)


def _no_tap(game, src, a, t):
    t.tmp_no_tap = True


def _stun(game, src, a, t):
    t.stunned = True


def _rolled_shot(game, src, a, t):
    """A rolled shot N of src at t: only src rolls (its OvA counts), N for every strength;
    ranged strike bonuses, t's protections, reductions and armor apply; a web on t blocks it."""
    if game.web_blocks(src, t):
        return
    s = B.single_roll_strength(game.streams.d6() + game.attack_roll_bonus(src, t))
    ign = src.card.ignores_target_abilities or a.ignores_target_abilities
    w = game.attack_wounds(src, t, B.SHOT, s, a.amount + take_boost(game, src, s), False, ign, False)
    game.wound(t, game.absorb_armor(t, w, B.SHOT, ign), src.slot)


def _web(game, src, a, t):
    t.webbed = True


def _close_or_wound(game, src, a, t):
    """The target's owner decides: it closes (0), or it takes N wounds (1, an impact)."""
    if game.decisions.decide("close_or_wound", t.owner, [0, 1]) == 0:
        t.closed = True
    else:
        game.wound(t, a.amount, src.slot)


# shot, protect_from_strikes, take_wounds, raise_poison, root
def _shot(game, src, a, t):
    """An attack of src: a shot N, no dice, no counter-strike; its ranged strike bonuses, t's
    protections, reductions and armor apply."""
    ign = src.card.ignores_target_abilities
    w = game.attack_wounds(src, t, B.SHOT, B.MISS, a.amount, False, ign, False)
    game.wound(t, game.absorb_armor(t, w, B.SHOT, ign), src.slot)


def _protect_from_strikes(game, src, a, t):
    t.tmp_no_strikes = True                  # until the end of the turn


def _take_wounds(game, src, a, t):
    """Up to N of t's wounds move onto the ability's card (an impact: no reductions); its owner decides
    how many (0 .. the wounds it can move)."""
    if src.in_play and t is not src:
        m = game.decisions.decide("wounds_moved", src.owner, lo=0, n=min(t.wounds, a.amount) + 1)
        game.heal(t, m)
        game.wound(src, m, B.RULE)


def _raise_poison(game, src, a, t):
    """A poisoned card's poison + N, to at most up_to (never lowered)."""
    if t.poison > 0 and "poison" not in game.protections(t):
        t.poison = max(t.poison, min(t.poison + a.amount, a.up_to))


def _roll_bonus_against(game, src, a, t):
    """Until the end of the turn the creatures of src's owner get + N to their die rolls when they
    attack t (a mark of the other player is replaced)."""
    if t.roll_mark and t.roll_mark_player == src.owner:
        t.roll_mark = B.within(t.roll_mark + a.amount, B.TMP_MAX, "roll bonus against")
    else:
        t.roll_mark, t.roll_mark_player = B.within(a.amount, B.TMP_MAX, "roll bonus against"), src.owner


def _finish_off(game, src, a, t):
    """Finish off N (509.2): a creature on the battlefield with current life <= N is destroyed."""
    if t.on_field and t.life <= a.amount:
        game.destroy(t, src.slot)


def _root(game, src, a, t):
    t.rooted_by = src.slot                   # until src moves or leaves play


def _incarnation_token(game, src, a, t):
    """Талион: a token on a card of its owner's graveyard with incarnation that lacks tokens, the one
    its owner decides (in slot order)."""
    grave = [c.slot for c in game.deck(src.owner) if c.zone == "graveyard" and c.printed.incarnation
             and c.counters < c.printed.incarnation]
    if grave:
        best = game.card_at(game.decisions.decide("token", src.owner, grave))
        best.counters += 1
        best.token_pending = True           # its on_incarnation_token abilities fire at check_deaths


def _next_roll_six(game, src, a, t):
    t.next_six = True                       # its next die roll in an attack counts as 6


EFFECTS = {"wound": _wound, "heal": _heal, "extra_lives": _extra_lives, "reduce_life": _reduce_life,
           "destroy": _destroy, "poison": _poison, "strike_bonus": _strike_bonus_for,
           "lose_abilities": _lose_abilities, "close": _close, "open": _open, "gain_counter": _gain_counter,
           "special_strike": _special_strike, "attack_experience": _attack_experience,
           "ranged_bonus": _ranged_bonus, "range_bonus": _range_bonus, "gain_directed": _gain_directed,
           "no_tap_after_attack": _no_tap, "stun": _stun, "close_or_wound": _close_or_wound,
           "cure_poison": _cure_poison,
           "shot": _shot, "protect_from_strikes": _protect_from_strikes, "take_wounds": _take_wounds,
           "raise_poison": _raise_poison, "root": _root, "roll_bonus_against": _roll_bonus_against,
           "finish_off": _finish_off,
           "first_strike_unanswered": _first_strike_unanswered,
           "push_or_wound": _push_or_wound, "stone_skin": _stone_skin, "ram": _ram,
           "revive": _revive_effect, "relocate": _relocate,
           "incarnation_token": _incarnation_token, "next_roll_six": _next_roll_six,
           "reduce_life_turn": _reduce_life_turn,
           "rolled_shot": _rolled_shot, "web": _web}
def _delay(game, src, a):
    """Trap and boost (118): no target yet; they wait in the table: one identical to a waiting one (same
    player, amount and filters) joins its entry, any other takes the first free entry; with the table
    full the game stops at the engine limit MAX_DELAYED."""
    kind = "trap" if a.effect == "trap" else "boost"
    d = B.Delayed(kind, src.owner, a.amount, a.filter.element if kind == "boost" else "",
                  tuple(a.strengths) if kind == "boost" else ())
    for e in game.delayed:
        if e is not None and e.kind == kind and (e.player, e.amount, e.element, e.strengths) == \
                (d.player, d.amount, d.element, d.strengths):
            e.count += 1
            return
    for i, e in enumerate(game.delayed):
        if e is None:
            game.delayed[i] = d
            return
    raise B.EngineLimit(f"waiting delayed abilities went past {B.MAX_DELAYED} entries")


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
    if f.ranged_user and not (ct.ranged is not None and ct.ranged.kind in (B.SHOT, B.THROW, B.DISCHARGE)):
        return False
    if f.ground and ct.kind == "flyer":
        return False
    if f.unwounded and t.wounds > 0:
        return False
    if f.other and t is src:
        return False
    if f.not_moved and t.owner == game.active and t.moved > 0:
        return False                # only the active player's creatures can have moved this turn
    if f.enemy and t.owner == src.owner:
        return False
    if f.killed_by_poison and t.died_from != B.POISON:
        return False
    if f.card_class and f.card_class not in [k.strip() for k in ct.card_class.split(",")]:
        return False
    if f.magic_user and not (ct.ranged is not None and ct.ranged.kind in B.MAGICAL):
        return False
    if f.not_attack_wounded and t.attack_wounded:
        return False
    return not (f.open and t.closed)


# ---- amounts computed in play (`amount_of`) -----------------------------------------------------------
def _opposite_medium_strike(game, c):
    """The printed medium strike of the creature on the cell directly in front of c (same column, one
    row towards the enemy's back row), 0 if c is off the battlefield or that cell is empty."""
    if not c.on_field:
        return 0
    r = B.row_of(c.cell) + (1 if c.owner == 0 else -1)
    if not 0 <= r < B.N_ROWS:
        return 0
    o = game.board[r * B.N_COLS + c.cell % B.N_COLS]
    return o.card.strike[1] if o is not None else 0


def _own_above_printed(game, c):
    """c's owner's cards in play whose current life is above their printed life."""
    return sum(1 for o in game.play[c.owner] if o.life > o.printed.life)


AMOUNTS_OF = {"opposite_medium_strike": lambda game, c, other, t: _opposite_medium_strike(game, c),
              "other_poison": lambda game, c, other, t: other.poison if other is not None else 0,
              "wounds_this_turn": lambda game, c, other, t: t.turn_wounds,
              "cells_moved": lambda game, c, other, t: c.moved,
              "own_above_printed_life": lambda game, c, other, t: _own_above_printed(game, c)}
CAPPED_AMOUNTS = ("own_above_printed_life",)      # `amount` is their maximum


def _adjacent_enemy(game, c):
    return c.on_field and any(o.on_field and B.adjacent(c.cell, o.cell) for o in game.play[1 - c.owner])


CONDITIONS = {
    "always": lambda game, c: True,
    "in_formation": lambda game, c: game.in_formation(c),
    "unwounded": lambda game, c: c.wounds == 0,
    "wounded": lambda game, c: c.wounds > 0,
    "adjacent_enemy": _adjacent_enemy,
    "own_front_row": lambda game, c: c.on_field and B.forwardness(c.owner, B.row_of(c.cell)) == 2,
    "own_back_row": lambda game, c: c.on_field and B.forwardness(c.owner, B.row_of(c.cell)) == 0,
    "adjacent_ally": None,          # needs the ability's trigger_filter: see holds()
    "not_moved": lambda game, c: c.moved == 0,
}


def holds(game, c, a):
    """Does the condition of ability a hold for card c now? adjacent_ally: another creature of c's
    owner on a cell around it passes a.trigger_filter."""
    if a.condition == "adjacent_ally":
        return c.on_field and any(o is not c and o.on_field and B.adjacent(c.cell, o.cell)
                                  and passes(a.trigger_filter, c, o, game) for o in game.play[c.owner])
    return CONDITIONS[a.condition](game, c)

TRIGGERS = ("on_strike", "on_struck", "on_death", "turn_start", "turn_end", "opponent_turn_start",
            "opponent_turn_end", "on_move", "creature_dies", "on_defend", "to_enemy_half", "to_own_half",
            "enemy_poison_wounded",
            "valhalla",
            "on_incarnate", "on_incarnation_token", "creature_incarnates",
            "on_attack")
AREA_TARGETS = ("adjacent_enemies", "adjacent", "all_enemies", "all_own", "all")
TARGETS = ("self", "attacked", "attacker", "opposite_enemy", "left_right_own") + CHOSEN + AREA_TARGETS
KINDS = ("played", "fast", "triggered", "permanent")


def check_ability(card, a):
    """NotImplementedError naming the first word of ability a that this interpreter lacks."""
    def no(what):
        raise NotImplementedError(f"reference engine: {what} (ability of {card.name}) is not implemented")
    if a.kind not in KINDS:
        no(f"ability kind '{a.kind}'")
    if a.effect not in EFFECTS and a.effect not in DELAYED_EFFECTS and a.effect not in STRIKE_EFFECTS:
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
    if a.amount_of and a.amount_of not in AMOUNTS_OF and a.amount_of != "strike_value":
        no(f"amount_of '{a.amount_of}'")
    if a.duration not in ("end_of_turn", "end_of_own_turn"):
        no(f"duration '{a.duration}'")
    if a.limit not in ("", "once_per_turn", "once_per_battle", "twice_per_turn"):
        no(f"limit '{a.limit}'")
    if a.also is not None and a.also.effect not in EFFECTS:
        no(f"also '{a.also.effect}'")


# ---- resolving an ability ------------------------------------------------------------------------
def apply_effect(game, src, a, t, other=None):
    """The effect of ability a of card src on card t: nothing if t has left play, or if a is a spell
    and t is protected from spells (other: the trigger's other card, for amount_of)."""
    if a.effect == "revive":                # a card of the graveyard, if it still can come back
        if revivable(game, src, t):
            _revive(game, t)
        return
    if t is None or not t.in_play or (a.spell and "spell" in game.protections(t)):
        return
    n = AMOUNTS_OF[a.amount_of](game, src, other, t) if a.amount_of else a.amount   # computed now
    if a.amount_of in CAPPED_AMOUNTS:
        n = min(n, a.amount)
    if a.plus_if_not_moved and t.moved == 0:
        n += a.plus_if_not_moved            # the target took no step in its last turn
    if n != a.amount:
        EFFECTS[a.effect](game, src, dataclasses.replace(a, amount=n), t)
    else:
        EFFECTS[a.effect](game, src, a, t)
    if a.also is not None:                   # its second effect on the same card, right after
        apply_effect(game, src, dataclasses.replace(a, effect=a.also.effect, amount=a.also.amount,
                                                    also=None, amount_of="", plus_if_not_moved=0), t)


def resolve(game, src, card, k, chosen, other):
    """Apply ability k of `card` (the text src had when it was used) to its target: the chosen card,
    the other card of a strike (attacked / attacker / the defended creature / the dead creature), the
    card itself, or every matching card of an area at once."""
    a = card.abilities[k]
    if chosen is None and a.target in CHOSEN and a.kind == "triggered":
        if a.times:
            resolve_times(game, src, k, a)
            return
        chosen = choose_trigger_target(game, src, k, a, other)     # its owner chooses now (logged)
        if chosen is None:
            return
    if a.kind == "triggered" and a.limit:
        if a.limit == "twice_per_turn" and k in src.used_turn:
            src.used_turn = src.used_turn | {k + B.MAX_AB}
        src.used_turn = src.used_turn | {k}             # "(once per turn)": it has fired
    if a.destroy_self and src.in_play:
        game.destroy(src, src.slot)         # first; the area is around its last cell (509.3)
    if a.self_first is not None and src.in_play:
        src.extra_lives += a.self_first.amount          # self_first: the card gains first
    if a.effect in STRIKE_EFFECTS:
        resolve_strike_effect(game, src, a, chosen)
    elif a.effect in DELAYED_EFFECTS:
        _delay(game, src, a)
    elif a.target == "self":
        apply_effect(game, src, a, src, other)
    elif a.target == "opposite_enemy":      # the card on the cell directly in front of it
        o = None
        if src.on_field:
            r = B.row_of(src.cell) + (1 if src.owner == 0 else -1)
            if 0 <= r < B.N_ROWS:
                o = game.board[r * B.N_COLS + src.cell % B.N_COLS]
        if o is not None and o.owner != src.owner and passes(a.filter, src, o, game):
            apply_effect(game, src, a, o, other)
    elif a.target in ("attacked", "attacker"):
        if other is not None and passes(a.filter, src, other, game):
            apply_effect(game, src, a, other, other)
    elif a.target in CHOSEN:
        spread = spread_targets(game, src, chosen) if a.spread else []
        apply_effect(game, src, a, chosen, other)
        for o in spread:                    # Герольд мрака: the same effect around the chosen card
            apply_effect(game, src, a, o, other)
        if a.and_self and src.in_play:
            apply_effect(game, src, a, src, other)
    else:
        center = src.cell if src.in_play else src.last_cell      # on death: its last cell (509.3)
        _apply_area(game, src, a, center, other)


def spread_targets(game, src, chosen):
    """spread adjacent_enemies_same_weak: the enemy creatures of src's owner around the chosen card
    whose printed weak strike equals the chosen card's, by slot."""
    if chosen is None or not chosen.on_field:
        return []
    return [o for o in game.play[1 - src.owner] if o is not chosen and o.on_field
            and B.adjacent(chosen.cell, o.cell) and o.card.strike[0] == chosen.card.strike[0]]


def _apply_area(game, src, a, center, other=None):
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
                    center < 0 or not o.on_field or not B.adjacent(center, o.cell)):
                continue
            if not passes(a.filter, src, o, game):
                continue
            n_before = len(cards)
            apply_effect(game, src, a, o, other)
            if len(cards) < n_before:
                i -= 1


def trigger_target_error(game, src, a, t, other):
    """target_error, and for chosen_adjacent_to_other: t stands on a cell around the trigger's other
    card (around its last cell when it has left play), t not being that card."""
    why = target_error(game, src, a, t)
    if why or a.target != "chosen_adjacent_to_other":
        return why
    if other is None:
        return "no other card"
    center = other.cell if other.in_play else other.last_cell
    if center < 0 or t is other or not t.on_field or not B.adjacent(center, t.cell):
        return "not on a cell around the trigger's other card"
    return None


def resolve_times(game, src, k, a):
    """times = "incarnation_tokens" (Поганище): X = its tokens; X different chosen targets, one after
    another, each hit by the effect; it stops when no legal target is left."""
    taken = []
    for _ in range(src.counters):
        t = choose_trigger_target(game, src, k, a, None, taken)
        if t is None:
            return
        taken.append(t)
        apply_effect(game, src, a, t)


def fire_incarnation_watchers(game, s):
    """creature_incarnates: the abilities of the cards s's owner has in play (s included), by slot; s is
    their other card."""
    cards = game.play[s.owner]
    i = 0
    while i < len(cards):
        o = cards[i]
        n_before = len(cards)
        card = o.card
        for k, a in enumerate(card.abilities):
            if a.kind == "triggered" and a.trigger == "creature_incarnates" and CONDITIONS[a.condition](game, o):
                resolve(game, o, card, k, None, s)
        if len(cards) == n_before:
            i += 1


def fire_token_triggers(game, c):
    """on_incarnation_token: graveyard card c has just received an incarnation token."""
    for k, a in enumerate(c.printed.abilities):
        if a.kind == "triggered" and a.trigger == "on_incarnation_token":
            resolve(game, c, c.printed, k, None, None)


def choose_trigger_target(game, src, k, a, other=None, taken=()):
    """The target its owner decides for triggered ability k of src: one of the legal cards in play
    (player 1's, then player 2's; not one of `taken`), or none when it is optional; no decision, and no
    target, when no card is legal."""
    legal = [t.slot for q in range(2) for t in game.play[q]
             if trigger_target_error(game, src, a, t, other) is None and t not in taken]
    if not legal:
        return None
    slot = game.decisions.decide("trigger_target", src.owner, legal + [-1] if a.optional else legal)
    return game.by_slot.get(slot) if slot >= 0 else None


def _used_up(a, c, k):
    """A triggered ability limited once (twice) per turn that has fired once (twice) this turn."""
    return ((a.limit == "once_per_turn" and k in c.used_turn)
            or (a.limit == "twice_per_turn" and k + B.MAX_AB in c.used_turn))


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
        if _used_up(a, c, k):
            continue
        if other is not None and trigger in ("on_strike", "on_struck", "enemy_poison_wounded") and not passes(
                a.trigger_filter, c, other, game):
            continue                        # which struck / striking card fires it
        if a.target == "left_right_own":
            resolve_left_right(game, c, a, strength)
            continue
        resolve(game, c, card, k, None, other)


def resolve_left_right(game, c, a, strength):
    """Target left_right_own: ability a of card c (on the battlefield) on its owner's
    creatures directly left and right of it, the left one first; amount_of strike_value: c's simple
    strike of the strength that fired it, the largest number its owner may choose (Ревнитель Сеггера)."""
    if not c.on_field:
        return
    n = game.strike_value(c, strength) if a.amount_of == "strike_value" else a.amount
    a = dataclasses.replace(a, amount=n, amount_of="")
    row, col = B.row_of(c.cell), B.col_of(c.cell)
    for d in (-1, 1):
        if not 0 <= col + d < B.N_COLS:
            continue
        o = game.board[row * B.N_COLS + col + d]
        if o is not None and o.owner == c.owner and passes(a.filter, c, o, game):
            apply_effect(game, c, a, o)


def fire_player_triggers(game, p, trigger):
    """A start- or end-of-turn event for every card player p has in play, by slot."""
    cards = game.play[p]
    i = 0
    while i < len(cards):
        n_before = len(cards)
        fire_triggers(game, cards[i], trigger, None, 0)
        if len(cards) == n_before:
            i += 1


def fire_valhalla(game, p):
    """At the start of p's turn, the valhalla abilities of p's cards in his graveyard, by slot, each at
    a creature of his that he chooses; while p has in play a card with valhalla_twice (Рагнар), the
    first one fires twice. Deaths are checked after each."""
    twice = any(c.card.valhalla_twice for c in game.play[p])
    for c in sorted((c for c in game.cards if c.owner == p), key=lambda c: c.slot):
        if c.zone != "graveyard":           # checked when its slot comes: a card a valhalla destroyed
            continue                        # on the way fires too if its slot comes later
        for k, a in enumerate(c.printed.abilities):
            if a.kind != "triggered" or a.trigger != "valhalla":
                continue
            times, twice = (2 if twice else 1), False
            for _ in range(times):
                if game.over():
                    return
                resolve(game, c, c.printed, k, None, None)
                game.check_deaths()
                game.check_game_end()


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
                        and holds(game, c, a) and passes(a.trigger_filter, c, dead, game)
                        and not _used_up(a, c, k)):
                    resolve(game, c, card, k, None, dead)
            if len(cards) == n_before:
                i += 1


def fire_poison_watchers(game, poisoned):
    """"When an enemy creature takes poison wounds": the cards in play of the other player than the
    poisoned creature's, by slot, right after its poison wounds."""
    cards = game.play[1 - poisoned.owner]
    i = 0
    while i < len(cards):
        n_before = len(cards)
        c = cards[i]
        if any(a.kind == "triggered" and a.trigger == "enemy_poison_wounded" for a in c.card.abilities):
            fire_triggers(game, c, "enemy_poison_wounded", poisoned, 0)
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
                        if o is not c and o.on_field and B.adjacent(c.cell, o.cell):
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
    if (a.effect in STRIKE_EFFECTS) != (window and game.roll is not None):
        return "strike effects only at a dice window, and nothing else there"
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
    if a.limit == "twice_per_turn" and k + B.MAX_AB in c.used_turn:
        return "used twice this turn"           # k: once, MAX_AB + k: twice
    return None


def target_error(game, c, a, t):
    """Why card t (None: no target) is not a legal target of ability a of card c."""
    if a.target not in CHOSEN or a.effect in DELAYED_EFFECTS:
        return None if t is None else "the ability takes no target"
    if a.target == "chosen_own_dead":
        if not revivable(game, c, t):
            return "not a card of its owner's graveyard that can come back"
        return None if passes(a.filter, c, t, game) else "the target does not pass the filter"
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
        if center < 0 or t is c or not t.on_field or not B.adjacent(center, t.cell):
            return "not on a cell around the card"
    if a.effect == "rolled_shot":
        if c.on_field and t.on_field and B.adjacent(c.cell, t.cell) and not c.card.ranged_at_adjacent:
            return "a shot at an adjacent card"
        if game.flyers_drawn(c, t) or game.drawn_error(c, t, B.SHOT)[0]:
            return "another card draws this attack"
    if a.range > 0 and c.on_field and t.on_field and B.manhattan(c.cell, t.cell) > a.range:
        return "out of range"
    return None


def use_error(game, c, k, target, window):
    """Why card c may not use ability k at target (a slot, -1 for none) now (None if it may)."""
    why = source_error(game, c, k, window)
    if why:
        return why
    a = c.card.abilities[k]
    if a.effect in STRIKE_EFFECTS:
        return option_error(game, c, a, target)        # target: the option
    t = game.by_slot.get(target) if target >= 0 else None
    if target >= 0 and t is None:
        return "no such target"
    return target_error(game, c, a, t)


def answer_sources(game, p):
    """The fast abilities player p may use now at a priority window, as the options of his answer
    (slot * MAX_AB + ability), in the order of his cards in play and of their abilities."""
    return [c.slot * B.MAX_AB + k for c in game.play[p] for k, a in enumerate(c.card.abilities)
            if a.kind == "fast" and source_error(game, c, k, True) is None]


def answer_targets(game, c, k):
    """The legal targets of fast ability k of c: a strike effect's options, the cards it may choose
    (its owner's, the enemy's, or player 1's then player 2's, in play order), or no target (-1)."""
    a = c.card.abilities[k]
    if a.effect in STRIKE_EFFECTS:
        return [opt for opt in range(6) if option_error(game, c, a, opt) is None]
    if a.target in ("chosen", "chosen_enemy", "chosen_own", "chosen_adjacent"):
        q0 = c.owner if a.target == "chosen_own" else (1 - c.owner if a.target == "chosen_enemy" else 0)
        players = range(q0, 2) if a.target in ("chosen", "chosen_adjacent") else (q0,)
        return [t.slot for q in players for t in game.play[q] if target_error(game, c, a, t) is None]
    return [-1] if target_error(game, c, a, None) is None else []


def pay_and_push(game, c, k, target):
    """Declare ability k of c: pay its cost now (counters; closing the card, which in its own turn is
    its action, 506.5) and put it on the stack."""
    a = c.card.abilities[k]
    c.counters -= a.counters
    if a.limit == "twice_per_turn" and k in c.used_turn:
        c.used_turn = c.used_turn | {k + B.MAX_AB}
    c.used_turn = c.used_turn | {k}
    c.used_game = c.used_game | {k}
    c.ability_uses += 1
    if a.tap:
        c.closed = True
        if c.owner == game.active:
            c.acted, c.moves_left = True, 0
    if a.effect in STRIKE_EFFECTS:
        game.stack.append((c, k, target))        # the option
        return
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
            for _ in range(d.count):
                game.wound(actor, d.amount, B.TRAP)
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
        total += d.amount * d.count
    return total
