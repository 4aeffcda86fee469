"""The printed card catalogue of set 1 (decks/cards/set1_catalog.csv: name, set number, element, cost
and an English paraphrase of each ability, from the public sources of the card data) and which of its
cards the engine cannot play yet, with the parts of their text that the ability vocabulary
(VOCABULARY.md) does not cover: what `berserk cards --missing` prints.

A text part counts as covered when one of the patterns below matches it whole; the patterns are the
readings of VOCABULARY.md (keywords and `abilities` entries). A part no pattern covers is listed as
missing. This is a guide for whoever encodes the next cards, not a rules statement: a covered part
still has to be written into set1.toml by hand.
"""
import csv
import re
from dataclasses import dataclass
from pathlib import Path

CATALOG_PATH = Path(__file__).parent / "cards" / "set1_catalog.csv"

_N = r"\d+"
_STRIKE = rf"{_N}(?:-{_N}-{_N})?"
_VS = (r"(?:mountain|steppe|forest|swamp|dark|neutral) creatures|tapped creatures|flyers|defenders|"
       r"cards with discharge, magic strike or spell|creatures with discharge, magic strike or spell|"
       r"cards with shot, throw or discharge|cards with OvA, OvZ or armor")
_PROT = r"prot\. from (?:poison|magic|discharges|shots|throws|spells|flyers|weak strikes)(?: \(Zo\w+\))?"
COVERED = [
    rf"OvA {_N}", rf"OvZ {_N}", rf"armor {_N}", rf"regeneration {_N}", rf"jump range {_N}", _PROT,
    r"clumsiness", r"directed strike", r"unanswered strike", r"does not tap after attacking",
    rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?",
    rf"tap: strike through a row {_N}", rf"tap: finish off {_N}", rf"tap: heal itself (?:by {_N}|fully)",
    rf"counter\+tap: special strike(?: '[^']*')? {_N}", r"tap: gain a counter",
    rf"\+{_N} (?:to )?strikes? vs (?:{_VS})", rf"\+{_N} strike and directed strike vs (?:{_VS})",
    rf"directed strike vs (?:{_VS})", rf"-{_N} from (?:ranged attacks|strikes|non-magic attacks|"
    r"diagonal strikes|shots and throws|flyers' attacks)",
    rf"formation: (?:OvA {_N}|OvZ {_N}|armor {_N}|{_PROT}|\+{_N} (?:to (?:weak|medium|strong) )?strike|"
    rf"-{_N} from (?:shots and throws|strikes|ranged attacks))",
    rf"on (?:weak|medium|strong|medium or strong) strike: target poisoned {_N}",
    r"ignores prot\. from flyers \(ZoAL\)", r"may act as defender for any of your non-flying creatures",
    r"does not tap when acting as defender", r"may act as defender any number of times per turn",
    rf"when recruited into your squad: you gain {_N} elite \(gold\) crystal",
    r"tap: gain (?:directed strike|prot\. from flyers \(ZoAL\))(?: and prot\. from flyers \(ZoAL\))?",
    r"3 counters\+tap: spell '[^']*' - destroy \w+ and a chosen creature",
    r"on strike or on a miss when attacking: tap the target(?: \('[^']*'\))?",
    r"while tapped, strikes back as an untapped card",
    r"may strike twice per turn, does not tap after the first",
    r"may strike twice per turn, one after another and at different cards, does not tap after the first",
    r"enemy cards may shoot and throw only at it \(any range\)",
    # keywords: a reduction by an attacker's element, a formation bonus against an element, a ranged
    # attack's bonus vs flyers (strike_bonus applies_to ranged), its poison (ranged_poison) or its charge
    # by counters (ranged_counter_bonus), max counters
    rf"-{_N} from attacks of (?:mountain|steppe|forest|swamp|dark|neutral) creatures",
    rf"formation: \+{_N} strike vs (?:mountain|steppe|forest|swamp|dark|neutral) (?:creatures|cards)",
    rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?, \+{_N} vs flyers",
    (rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?, (?:on )?an? "
     rf"(?:weak|medium|strong|medium or strong) (?:attack|shot|throw|discharge) poisons the target {_N}"),
    rf"max {_N} counters?",
    (rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?, \+{_N} per counter, "
     r"loses (?:all counters on (?:shooting|throwing|discharging)|one counter per (?:shot|throw|discharge))"
     r"(?:, max \d+ counters)?"),
    # `abilities` entries (VOCABULARY.md, "Abilities"): played and fast abilities with a chosen target or
    # an area, triggered abilities on being struck, on moving, at the start of a turn
    (rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: (?:(?:impact|spell) '.+?' - )?"
     rf"(?:a creature|a chosen creature|an enemy creature|your creature) is poisoned {_N}"),
    (rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: (?:(?:impact|spell) '.+?' - )?"
     rf"(?:wound|heal) (?:a creature|a chosen creature|an enemy creature|your creature) by {_N}"),
    (rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: (?:(?:impact|spell) '.+?' - )?"
     rf"wound every poisoned enemy creature by {_N}"),
    (rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: (?:(?:impact|spell) '.+?' - )?"
     rf"wound by {_N} every enemy creature with shot, throw or discharge"),
    rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: your creature gains a counter",
    rf"when hit by a melee strike: wound the attacker by {_N}",
    rf"on moving to an adjacent cell: \+{_N} strike until end of turn",
    (rf"on moving to an adjacent cell: wound by {_N} every creature costing {_N} or less adjacent to "
     r"that cell"),
    r"formation: gains a counter at the start of your turn",
    # `while` blocks (conditional keywords), auras, the vs values opposite / isolated, the special_strike
    # and no_tap_after_attack effects, the to_enemy_half / to_own_half triggers
    rf"formation: (?:OvA|OvZ|armor) {_N} while in formation with an? (?:elite|ordinary) creature",
    (rf"in the (?:central|leftmost or rightmost) column: (?:OvA {_N}|OvZ {_N}|-{_N} from weak strikes|"
     rf"\+{_N} to (?:weak|medium|strong)(?: and (?:medium|strong))? strikes)"
     rf"(?: and (?:OvA {_N}|OvZ {_N}|-{_N} from weak strikes|\+{_N} to (?:weak|medium|strong)"
     rf"(?: and (?:medium|strong))? strikes))*"),
    (rf"while more of your creatures than enemy creatures are adjacent: (?:OvA {_N}|directed strike)"
     rf"(?: and (?:OvA {_N}|directed strike))?"),
    (rf"(?:\+{_N} strike|OvA {_N}|-{_N} from non-magic attacks)(?:(?:,| and) (?:\+{_N} strike|OvA {_N}|"
     rf"-{_N} from non-magic attacks))* while adjacent creatures belong to at least {_N} different classes"),
    (rf"your (?:mountain|steppe|forest|swamp|dark|neutral) creatures to its left and right get -{_N} from "
     r"(?:ranged attacks|strikes|non-magic attacks|shots and throws)"),
    rf"your creatures with shot, throw or discharge in its column get \+{_N} range",
    rf"\+{_N} strike vs creatures opposite it",
    r"may declare an unanswered strike at an enemy creature with no other enemy creatures to its left and right",
    rf"when hit by a melee strike: special strike {_N} at the attacker",
    rf"after moving from your half to the enemy half: \+{_N} strike until end of turn",
    r"after moving from the enemy half to yours: does not tap when attacking until end of turn",
    # temporary gains, row conditions, triggered abilities with a chosen target, `also`, destroy_self,
    # second_player_counters, directed strike vs cards with a throw
    rf"on moving to an adjacent cell: \+{_N} (?:discharge|shot|throw) range until end of turn",
    r"directed strike vs cards with throw",
    (rf"on death: wound an? (?:non-flying )?enemy creature by {_N}(?: \('[^']*'\))?"),
    (rf"turn start in your (?:first|third) row: (?:\+{_N} to (?:shots|throws|discharges)|directed strike)"
     r" until end of turn"),
    (rf"on becoming a defender: (?:\+{_N} strike|OvA {_N})(?: and (?:\+{_N} strike|OvA {_N}))?"
     r" until end of your next turn"),
    (rf"\+{_N} strike(?: and OvA)? while at least (?:{_N}|two|three|four) unwounded creatures of yours "
     r"are adjacent"),
    rf"on moving: may heal an adjacent creature by {_N}",
    (rf"counter\+tap: destroy itself, wound all adjacent enemy creatures by {_N} and poison them {_N}"
     r"(?: \('[^']*'\))?"),
    r"as 2nd player: starts battle with (?:a counter|\d+ counters)",
    # strikes_at_it_weak, special strike on death, conditional draws_ranged, finish_off_bonus, stun,
    # creature_in_every_row
    r"all strikes against it are reduced to weak",
    rf"on death: special strike {_N} at an adjacent creature",
    (r"enemy cards may shoot and throw only at it while it is adjacent to an enemy creature "
     r"\(any range\)"),
    r"tap: finish off X\+1, X = poisoned creatures adjacent to the target",
    r"a creature that strikes it does not untap at the start of its next turn(?: \('[^']*'\))?",
    (rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?, \+{_N} if you have a "
     r"creature in every row of the battlefield"),
    # the not_moved filter, strike_copies_target
    (r"(?:fast\+)?tap: (?:spell|impact) '[^']*' - tap a creature that has not moved this turn"),
    r"\+X strike, X = the attacked creature's strike value \(unmodified\)",
    # close_or_wound with a trigger filter on the struck card
    (rf"on strike vs an untapped creature: impact '[^']*' - it must tap or take {_N} wounds \(its choice\)"),
    # cure_poison (an `also` effect), special_strike_stuns_closed
    (rf"(?:fast\+)?(?:{_N} counters\+|counter\+)?tap: (?:(?:impact|spell) '.+?' - )?"
     rf"heal (?:a creature|a chosen creature|your creature) by {_N} and remove its poison"),
    (rf"counter\+tap: special strike(?: '[^']*')? {_N}, a tapped target does not untap on its next turn"
     r"(?: \('[^']*'\))?"),
    # amount_of
    r"on strike: may heal X, X = medium strike of the creature opposite(?: \(errata \d{4}-\d{2}-\d{2}\))?",
    # magic strike (a `ranged` kind), strikes_only_opposite
    rf"tap: magic strike {_STRIKE}",
    rf"X counters\+tap: magic strike {_STRIKE}, \+{_N} per counter spent",
    r"may declare strikes only at the card opposite it",
    # shot, protect_from_strikes, take_wounds, raise_poison, root, special_strike_poison,
    # ranged_per_wound, enemy_poison_wounded, chosen_adjacent_to_other, other_poison, killed_by_poison
    rf"on strike: shot(?: '[^']*')? {_N} range {_N}",
    rf"counter\+tap: special strike(?: '[^']*')? {_N}, the target is poisoned {_N}",
    r"when struck: protected from strikes until end of turn",
    r"on strike: the target cannot leave its cell until the \w+ moves or leaves play(?: \('[^']*'\))?",
    (rf"(?:counter\+)?tap: (?:impact '.+?' - )?move up to {_N} wounds from (?:an adjacent|another) "
     r"(?:mountain|steppe|forest|swamp|dark|neutral) creature onto itself"),
    rf"tap: (?:shot|throw|discharge)(?: '[^']*')? X range {_N}, X = its wounds \(max {_N}\)",
    (rf"when an enemy creature takes poison wounds: may wound a creature adjacent to it by {_N} "
     r"\(once per turn\)"),
    rf"tap: (?:impact '[^']*' - )?a poisoned creature's poison \+{_N} \(max {_N}\)",
    (r"when an enemy creature dies of poison: may poison a creature adjacent to it by X, X = the dead "
     r"creature's poison \(once per turn\)"),
    # also after open, twice_per_turn, roll_bonus_against, directed_strikes,
    # enemy_front_row_empty with strikes_flyers
    (rf"fast\+tap: (?:spell|impact) '[^']*' - untap your creature and wound it by {_N} "
     rf"\(max {_N} per turn\)"),
    (rf"tap: (?:impact '[^']*' - )?wound a creature by {_N}, your creatures get \+{_N} to die rolls "
     r"when attacking it this turn"),
    rf"-{_N} from directed strikes",
    rf"while the enemy first row is empty: \+{_N} strike(?: and may strike flyers)?",
    r"fast\+counter\+tap: impact '[^']*' - heal another creature of the wounds it took this turn",
    r"takes no wounds from counter-strikes",
    rf"-{_N} from strikes while acting as defender",
    rf"strikes at it while it is tapped are reduced to {_N}",
    r"strikes at the cards to its left and right are reduced to weak",
    (rf"tap: throw(?: '[^']*')? {_N} at a card on a chosen cell range {_N}, at the start of your next turn "
     rf"every card on that cell takes {_N}(?: \('[^']*'\))?"),
    rf"on strike: finish off X \(max {_N} per turn\), X = cells it moved this turn",
    # valhalla (trigger), must_strike_closed, row_strike_middle_ova, valhalla_twice
    rf"valhalla: your creature gets (?:OvA {_N} \(or \+{_N} OvA\)|\+{_N} strike) until end of your turn",
    rf"valhalla: heal your (?:creature|Yordling) by {_N}",
    r"valhalla: your creature's first strike this turn is unanswered",
    r"the first Valhalla ability of your cards each turn triggers twice",
    r"must strike an adjacent tapped enemy creature on its turn if able",
    (r"before your turn: choose regeneration \d+, or \+\d+ strike and \+\d+ move "
     r"\(until end of the opponent's turn\)"),
    (rf"start of your turn: impact '[^']*' - wound the enemy creature opposite by {_N} "
     r"\(\+\d+ if it did not move in the opponent's last turn\)"),
    (rf"on strike on its own turn: may push the target 1 cell in the strike direction, if it cannot or will "
     rf"not move wound it by {_N}(?: \('[^']*'\))?"),
    r"tap: gain directed strike",
    (r"on strike: your creature with discharge, magic strike or spell gets -\d+ from non-magic attacks until "
     r"end of the opponent's next turn(?: \('[^']*'\))?"),
    r"counter\+tap: impact '[^']*' - take X wounds and wound the enemy creature opposite by X-1",
    rf"{_N} counters\+tap: revive a creature tapped \(once per battle\)",
    rf"valhalla: wound your creature by {_N}, it gains a counter",
    (rf"tap: strike through a row {_N}, the creature directly in front of it gets OvA {_N} \(or \+{_N} OvA\) "
     r"until end of your turn"),
    # vampirism, teleport, incarnation (with on_incarnate and incarnation_token), a ranged
    # attack charged by extra lives, spread, self_first with amount_of own_above_printed_life
    rf"vampirism(?: X-{_N}, X = wounds it dealt| \(max life {_N}\))?", r"teleport", rf"incarnation {_N}",
    r"tap: remove X extra lives from itself to discharge X",
    (rf"incarnates untapped(?: and gets (?:OvA {_N}|\+{_N} strike)(?: and (?:OvA {_N}|\+{_N} strike))? "
     r"until end of turn)?"),
    r"on strong strike: put an incarnation token on a creature in your graveyard",
    r"when an enemy creature dies or your creature incarnates: its next die roll counts as 6",
    (r"on receiving an incarnation token: wound X cards by 1, X = incarnation tokens on it"
     r"(?: \('[^']*'\))?"),
    (rf"tap: impact '[^']*' - wound a chosen creature by {_N} and also each enemy creature adjacent to it "
     r"that has the same weak strike value"),
    (rf"tap: spell '[^']*' - gain an extra life, then wound a chosen creature by X, X = your cards whose "
     rf"current life exceeds their starting life \(max {_N}\)"),
    # strike effects (dice windows), dice keywords, reduce_life_turn
    r"fast\+tap: impact '[^']*' - \+1 or -1 to a die roll, or reroll it",
    r"start of the opponent's turn: may untap",
    rf"fast\+tap: impact '[^']*' - when a creature's die roll is 1, wound it by {_N}",
    r"fast\+tap: impact '[^']*' - make your creature's strike strong",
    rf"fast\+tap: impact '[^']*' - reduce a melee strike at your creature to 1, \w+ takes {_N} wounds? "
    r"\(0 if the target is an? (?:steppe|mountain|forest|swamp|dark|neutral) creature\)",
    rf"fast\+tap: impact '[^']*' - reduce a chosen strike by {_N}(?: and gain a counter)?",
    rf"counter\+tap: spell '[^']*' - an enemy creature not wounded by attacks this turn gets -{_N} life "
    r"until end of turn",
    r"when it fights, roll the die twice and choose either result",
    rf"when attacked at range: roll a die, on {_N}-6 the attack is blocked",
    # scavenging, on_attack + the shot effect, adjacent_ally, the web, draws_flyer_attacks,
    # Келе's heal-then-open, unwounded_ally_opposite, ranged_at_adjacent + same_row, half the target's life
    r"scavenging", rf"gains {_N} extra lives when scavenging",
    rf"on strike or on a miss when attacking: shot {_N}",
    (rf"on moving to a cell next to your creature costing {_N}\+: may shoot {_N} range {_N}"),
    r"enemy flyers may attack only this creature",
    (rf"tap: impact '[^']*' range {_N} - a non-flying enemy creature is webbed for its next turn \(cannot "
     r"move or act\), an attack at a webbed creature is blocked and removes the web"),
    rf"on strike: may heal {_N}, if then unwounded it does not tap after this attack",
    (rf"tap: (?:shot|throw|discharge)(?: '[^']*')? {_STRIKE}(?: range {_N})?, \+{_N} if an unwounded "
     r"creature of yours stands opposite it"),
    rf"tap: shot {_STRIKE}, may shoot adjacent cards",
    (rf"\+{_N} to shot at cards in the enemy row with the same number as its own row "
     r"\(1st/2nd/3rd\)"),
    r"\+X to strong strike, X = half the target's current life rounded down",
    rf"counter \(no tap\): shot '[^']*' {_N}, ignores the target's abilities",
    r"end of your turn: may gain a counter if it did not move this turn",
    r"\+X strike, X = its counters", r"loses all counters when it moves",
    # Ревнитель Сеггера (left_right_own + strike_value), Ведающий запасами (free_if_squad_costs)
    (r"on strike: choose a number up to the strike value, your creatures to its left and right get "
     r"protection of that size from non-magic attacks until end of the opponent's next turn"),
    rf"squad building: may be recruited for free if your squad has cards costing (?:{_N}, )*{_N} and {_N}",
    # not an ability: a note on the source text
    r"text carries errata \d{4}-\d{2}-\d{2}",
]
_COVERED = [re.compile(p + r"$") for p in COVERED]


@dataclass(frozen=True)
class CatalogCard:
    name: str
    set_number: str
    element: str
    cost: int
    parts: tuple[str, ...]


def load_catalog(path=CATALOG_PATH) -> list[CatalogCard]:
    with open(path, encoding="utf-8", newline="") as f:
        return [CatalogCard(r["name"], r["set_number"], r["element"], int(r["cost"]),
                            tuple(p.strip() for p in r["abilities_en"].split(" ; ") if p.strip()))
                for r in csv.DictReader(f)]


def covered(part: str) -> bool:
    return any(p.match(part) for p in _COVERED)


def missing(cardset) -> list[tuple[CatalogCard, list[str]]]:
    """Set-1 cards the card set does not hold, each with the text parts the vocabulary does not cover
    (an empty list: every part is covered, the card just is not encoded yet)."""
    out = []
    for card in load_catalog():
        if cardset.get(card.name) is not None:
            continue
        out.append((card, [p for p in card.parts if not covered(p)]))
    return out
