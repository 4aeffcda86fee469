"""The card text of `berserk cards` in the chosen language.

decks/cards/set1.toml writes each card's text as an English paraphrase (for reference; the engine reads
the card's fields, never its text), with the Russian abbreviations of the game's icons spelt in Latin
letters (OvA, OvZ, ZoO, ...). For display:

- English spells them out in plain words: "attack exp. 1" (опыт в атаке), "defence exp. 1" (опыт в защите),
  "prot. from poison" (the Latin "(ZoO)" is dropped); `berserk cards` prints a legend under the table.
- Russian translates each part of the text (the parts are separated by " ; ") by the phrase rules below,
  with the rulebook's terms (docs/rulebook, docs/RULES.md): ОвА 1, ОвЗ 1, ЗоО, удар через ряд на 1, выстрел
  на 1-2-3, добивание на 4, «ловушка» — the names of impacts and spells as the card set records them
  (an ability's `name`). A part no rule reads keeps its words with the abbreviations in Russian letters
  (tests/test_lang.py checks that every part of the bundled card set has a rule).
"""
from __future__ import annotations

import re

from . import EN, Messages

# ---- English: the Latin transliterations spelt out ----------------------------------------------------

_ENGLISH = [(re.compile(r"\bOvA\b"), "attack exp."), (re.compile(r"\bOvZ\b"), "defence exp."),
            (re.compile(r" \(Zo[A-Z]+\)"), "")]


def _english(text: str) -> str:
    for pattern, words in _ENGLISH:
        text = pattern.sub(words, text)
    return text


# ---- Russian ---------------------------------------------------------------------------------------------

# the names of impacts, spells and effects in the English paraphrase, as the Russian cards print them
NAMES = {
    "last journey": "последний путь", "vile aura": "мерзкая аура", "fire arrow": "огненная стрела",
    "poison blast": "ядовитый взрыв", "Rakshtoln's elixirs": "эликсиры Ракштольна", "ram": "таран",
    "lightning thrust": "молниеносный выпад", "stun": "оглушение", "dimension door": "врата измерений",
    "terror": "ужас", "time reversal": "возврат во времени", "banshee wail": "крик баньши",
    "black mark": "черная метка", "distracting flash": "отвлекающая вспышка", "gift of strength": "дар силы",
    "luck": "удача", "pirate daring": "пиратская удаль", "battle frenzy": "боевое исступление",
    "ice shackles": "оковы льда", "trap": "ловушка", "corkscrew": "штопор", "grave grip": "могильная хватка",
    "hammer blow": "удар молота", "stupor": "ступор", "hellish stench": "адское зловоние", "wither": "увядание",
    "slime spit": "плевок слизью", "basilisk gaze": "взгляд Василиска", "stone skin": "каменная кожа",
    "unbearable heat": "нестерпимый жар", "boiling poison": "вскипающий яд",
    "breath of the forest": "дыхание леса", "dissonance": "диссонанс", "rekkendum": "рэккендум",
    "sand claws": "песчаные когти", "voluptuous aura": "сладострастная аура", "web throw": "бросок сети",
    "Undine's power": "власть Ундины", "abyss flame": "пламя бездны", "blood storm": "буря крови",
    "bomb": "бомба", "explosion": "взрыв", "icicle": "сосулька", "pine cone": "шишка",
    "ritual knife": "ритуальный нож", "skull": "череп",
}
# "vs X" of strike bonuses: whom (genitive, after "против")
VS = {
    "mountain creatures": "горных существ", "steppe creatures": "степных существ",
    "forest creatures": "лесных существ", "swamp creatures": "болотных существ",
    "dark creatures": "существ тьмы", "neutral creatures": "нейтральных существ", "dark cards": "карт тьмы",
    "tapped creatures": "закрытых существ", "flyers": "летающих", "defenders": "защитников",
    "creatures opposite it": "существ напротив него",
    "cards with discharge, magic strike or spell": "карт с разрядом, магическим ударом или заклинанием",
    "creatures with discharge, magic strike or spell": "существ с разрядом, магическим ударом или заклинанием",
    "cards with shot, throw or discharge": "карт с выстрелом, метанием или разрядом",
    "cards with OvA, OvZ or armor": "карт с ОвА, ОвЗ или бронёй", "cards with throw": "карт с метанием",
}
# "-N from X" of reductions: from what (genitive)
FROM = {
    "ranged attacks": "дальних атак", "strikes": "ударов", "non-magic attacks": "немагических атак",
    "diagonal strikes": "ударов по диагонали", "shots and throws": "выстрелов и метаний",
    "directed strikes": "направленных ударов", "weak strikes": "слабых ударов",
    "attacks of steppe creatures": "атак степных существ", "attacks of mountain creatures": "атак горных существ",
    "attacks of forest creatures": "атак лесных существ", "attacks of swamp creatures": "атак болотных существ",
    "attacks of dark creatures": "атак существ тьмы", "attacks of neutral creatures": "атак нейтральных существ",
    "flyers' attacks": "атак летающих", "strikes while acting as defender": "ударов, когда он защитник",
}
# protections (ЗоX: защита от X)
PROTECTION = {"poison": "ЗоО", "magic": "ЗоМ", "discharges": "ЗоР", "shots": "ЗоВ", "throws": "ЗоТ",
              "spells": "ЗоЗ", "flyers": "ЗоАЛ", "weak strikes": "защита от слабых ударов"}
# strike strengths as the Russian text inflects them: "при {слабом} ударе", "к {слабому} удару"
AT_STRENGTH = {"weak": "слабом", "medium": "среднем", "strong": "сильном", "medium or strong": "среднем или сильном"}
TO_STRENGTH = {"weak": "слабому", "medium": "среднему", "strong": "сильному"}
RANGED = {"shot": "выстрел", "throw": "метание", "discharge": "разряд"}

# The parts before a colon: what the ability costs (Т: it taps, фишка: a counter) or when it fires.
PREFIXES = {
    "tap": "Т", "fast+tap": "внезапно, Т", "fast, tap": "внезапно, Т", "counter+tap": "фишка+Т",
    "fast+counter+tap": "внезапно, фишка+Т", "counter (no tap)": "фишка (не закрываясь)",
    "formation": "в строю", "valhalla": "Вальхалла", "permanent": "постоянно",
    "on strike": "при ударе", "on death": "при гибели", "on moving": "при движении",
    "on strike or on a miss when attacking": "при ударе или промахе в атаке",
    "on strike on its own turn": "при ударе в свой ход",
    "on strike vs an untapped creature": "при ударе по открытому существу",
    "on becoming a defender": "став защитником",
    "on moving to an adjacent cell": "при перемещении на соседнюю клетку",
    "on receiving an incarnation token": "получив жетон инкарнации",
    "when hit by a melee strike": "получив ближний удар", "when struck": "получив удар",
    "when attacked at range": "при дальней атаке по нему",
    "start of your turn": "в начале вашего хода", "start of the opponent's turn": "в начале хода противника",
    "end of your turn": "в конце вашего хода", "before your turn": "перед вашим ходом",
    "in the central column": "в центральном столбце",
    "in the leftmost or rightmost column": "в крайнем левом или правом столбце",
    "while more of your creatures than enemy creatures are adjacent":
        "пока рядом ваших существ больше, чем вражеских",
    "squad building": "при наборе отряда", "when recruited into your squad": "при найме в отряд",
    "turn start in your first row": "в начале хода в вашем первом ряду",
    "turn start in your third row": "в начале хода в вашем третьем ряду",
    "after moving from the enemy half to yours": "перейдя с половины противника на вашу",
    "after moving from your half to the enemy half": "перейдя с вашей половины на половину противника",
    "as 2nd player": "если вы ходите вторым",
    "when an enemy creature dies of poison": "когда вражеское существо гибнет от отравления",
    "when an enemy creature dies or your creature incarnates":
        "когда гибнет вражеское существо или ваше существо инкарнирует",
    "when an enemy creature takes poison wounds": "когда вражеское существо получает раны от отравления",
    "while the enemy first row is empty": "пока первый ряд противника пуст",
}
_PREFIX_PATTERNS = [(re.compile(r"(?P<a>\d+|X) counters\+tap"), "{a} фишки+Т"),
                    (re.compile(r"on (?P<s>weak|medium|strong|medium or strong) strike"), "при {s} ударе"),
                    (re.compile(r"on moving to a cell next to your creature costing (?P<a>\d+)\+"),
                     "при перемещении на клетку рядом с вашим существом стоимостью {a}+")]

# Whole parts (after any prefix): an English pattern with fields, and its Russian. Fields: {a} {b} {c}
# a number, X or a strike (1-2-3, X-1, X+1), {vs}/{from}/{prot}/{s} a key of VS/FROM/PROTECTION/
# AT_STRENGTH, {to} of TO_STRENGTH, {ranged} of RANGED, {name} a quoted name of NAMES, {rest} a part
# of its own (translated by these rules: a rest no rule reads makes the whole rule read nothing),
# {list} words kept as they are (a date, a list of costs).
RULES = [
    # icons and keywords
    ("OvA {a}", "ОвА {a}"), ("OvZ {a}", "ОвЗ {a}"), ("armor {a}", "броня {a}"),
    ("regeneration {a}", "регенерация {a}"), ("jump range {a}", "прыжок на {a}"),
    ("prot. from {prot}", "{prot}"), ("prot. from {prot} ({abbr})", "{prot}"),
    ("clumsiness", "неповоротливость"), ("directed strike", "направленный удар"),
    ("unanswered strike", "безответный удар"), ("scavenging", "трупоедство"), ("teleport", "телепортация"),
    ("incarnation {a}", "инкарнация {a}"), ("vampirism (max life {a})", "вампиризм (максимум жизней {a})"),
    ("vampirism X-{a}, X = wounds it dealt", "вампиризм X-{a}, X — нанесённые им раны"),
    ("text carries errata {list}", "в тексте эррата {list}"),
    ("ignores prot. from flyers (ZoAL)", "игнорирует ЗоАЛ"), ("gain prot. from flyers (ZoAL)", "получить ЗоАЛ"),
    ("gain directed strike", "получить направленный удар"),
    ("gain directed strike and prot. from flyers (ZoAL)", "получить направленный удар и ЗоАЛ"),
    ("directed strike until end of turn", "направленный удар до конца хода"),
    ("does not tap after attacking", "не закрывается после атаки"),
    ("does not tap when acting as defender", "не закрывается, когда защищает"),
    ("does not tap when attacking until end of turn", "до конца хода не закрывается при атаке"),
    ("may act as defender any number of times per turn", "может защищать сколько угодно раз за ход"),
    ("may act as defender for any of your non-flying creatures", "может защищать любое ваше нелетающее существо"),
    ("takes no wounds from counter-strikes", "не получает ран от ответных ударов"),
    ("ignores the abilities of the creature it attacks", "игнорирует особенности существа, которое атакует"),
    ("ignores abilities that force the choice of discharge target",
     "игнорирует особенности, навязывающие цель разряда"),
    ("loses all counters when it moves", "теряет все фишки, когда двигается"),
    ("while tapped, strikes back as an untapped card", "закрытым отвечает на удар как открытая карта"),
    ("all strikes against it are reduced to weak", "все удары по нему становятся слабыми"),
    ("strikes at the cards to its left and right are reduced to weak",
     "удары по картам слева и справа от него становятся слабыми"),
    ("strikes at it while it is tapped are reduced to {a}", "удары по нему, пока он закрыт, уменьшаются до {a}"),
    ("may declare strikes only at the card opposite it", "может объявлять удары только по карте напротив"),
    ("may strike twice per turn, does not tap after the first",
     "может ударить дважды за ход, не закрывается после первого удара"),
    ("may strike twice per turn, one after another and at different cards, does not tap after the first",
     "может ударить дважды за ход, подряд и по разным картам, не закрывается после первого удара"),
    ("must strike an adjacent tapped enemy creature on its turn if able",
     "в свой ход должен ударить закрытое вражеское существо рядом, если может"),
    ("may declare an unanswered strike at an enemy creature with no other enemy creatures to its left and right",
     ("может объявить безответный удар по вражескому существу, слева и справа от которого нет других вражеских "
     "существ")),
    ("enemy cards may shoot and throw only at it (any range)",
     "карты противника могут стрелять и метать только в него (на любую дальность)"),
    ("enemy cards may shoot and throw only at it while it is adjacent to an enemy creature (any range)",
     ("пока рядом с ним вражеское существо, карты противника могут стрелять и метать только в него (на любую "
     "дальность)")),
    ("enemy flyers may attack only this creature", "летающие противника могут атаковать только это существо"),
    ("the first Valhalla ability of your cards each turn triggers twice",
     "первая особенность Вальхаллы ваших карт за ход срабатывает дважды"),
    ("when it fights, roll the die twice and choose either result",
     "когда сражается, бросает кубик дважды и выбирает любой результат"),
    ("gains {a} extra lives when scavenging", "получает {a} дополнительные жизни при трупоедстве"),
    ("gains a counter when a non-flying creature dies, max {a} counters",
     "получает фишку, когда гибнет нелетающее существо, не больше {a} фишек"),
    ("gains a counter at the start of your turn", "получает фишку в начале вашего хода"),
    ("your creatures with shot, throw or discharge in its column get +{a} range",
     "ваши существа с выстрелом, метанием или разрядом в его столбце получают +{a} к дальности"),
    ("your steppe creatures to its left and right get -{a} from ranged attacks",
     "ваши степные существа слева и справа от него получают -{a} от дальних атак"),
    # strikes: bonuses and reductions
    ("+{a} strike", "+{a} к удару"), ("+{a} strike vs {vs}", "+{a} к удару против {vs}"),
    ("+{a} to strikes vs {vs}", "+{a} к ударам против {vs}"),
    ("+{a} strike and directed strike vs {vs}", "+{a} к удару и направленный удар против {vs}"),
    ("directed strike vs {vs}", "направленный удар против {vs}"),
    ("+{a} to {to} strike", "+{a} к {to} удару"),
    ("+{a} to medium and strong strikes", "+{a} к среднему и сильному ударам"),
    ("-{a} from {from}", "-{a} от {from}"),
    ("-{a} from non-magic attacks of creatures costing {b} or less",
     "-{a} от немагических атак существ стоимостью {b} или меньше"),
    ("+{a} strike until end of turn", "+{a} к удару до конца хода"),
    ("+{a} discharge range until end of turn", "+{a} к дальности разряда до конца хода"),
    ("+{a} to shots until end of turn", "+{a} к выстрелам до конца хода"),
    ("+{a} to die roll when attacking cards in the enemy second row",
     "+{a} к броску кубика при атаке карт во втором ряду противника"),
    ("+{a} to shot at cards in the enemy row with the same number as its own row (1st/2nd/3rd)",
     "+{a} к выстрелу по картам в ряду противника с тем же номером, что и его ряд (1-й/2-й/3-й)"),
    ("+{a} to shot per counter, loses all counters on shooting, max {b} counters",
     "+{a} к выстрелу за каждую фишку, при выстреле теряет все фишки, не больше {b} фишек"),
    ("+{a} to throw vs {vs}", "+{a} к метанию против {vs}"),
    ("+{a} strike and OvA while at least three unwounded creatures of yours are adjacent",
     "+{a} к удару и ОвА, пока рядом не меньше трёх ваших нераненых существ"),
    (("+{a} strike, OvA {b} and -{c} from non-magic attacks while adjacent creatures belong to at least {d} "
     "different classes"),
     ("+{a} к удару, ОвА {b} и -{c} от немагических атак, пока существа рядом принадлежат не меньше чем к {d} "
     "разным классам")),
    ("+X strike (max +{a}), X = other dark creatures in your squad",
     "+X к удару (не больше +{a}), X — другие существа тьмы в вашем отряде"),
    ("+X strike, X = its counters", "+X к удару, X — его фишки"),
    ("+X strike, X = the attacked creature's strike value (unmodified)",
     "+X к удару, X — удар атакованного существа (без изменений)"),
    ("+X to strong strike, X = half the target's current life rounded down",
     "+X к сильному удару, X — половина текущих жизней цели с округлением вниз"),
    ("OvZ {a} and -{b} from weak strikes", "ОвЗ {a} и -{b} от слабых ударов"),
    ("OvA {a} and +{b} to medium and strong strikes", "ОвА {a} и +{b} к среднему и сильному ударам"),
    ("OvA {a} and directed strike", "ОвА {a} и направленный удар"),
    ("OvZ {a} while in formation with an ordinary creature", "ОвЗ {a}, пока в строю с рядовым существом"),
    ("armor {a} while in formation with an elite creature", "броня {a}, пока в строю с элитным существом"),
    ("+{a} strike and may strike flyers", "+{a} к удару и может бить летающих"),
    ("+{a} strike and OvA {b} until end of your next turn", "+{a} к удару и ОвА {b} до конца вашего следующего хода"),
    ("protected from strikes until end of turn", "защищён от ударов до конца хода"),
    # attacks and played abilities
    ("strike through a row {a}", "удар через ряд на {a}"),
    ("strike through a row {a}, the creature directly in front of it gets OvA {b} (or +{c} OvA) until end of your turn",
     "удар через ряд на {a}, существо прямо перед ним получает ОвА {b} (или +{c} к ОвА) до конца вашего хода"),
    ("{ranged} {a}", "{ranged} на {a}"), ("{ranged} {a} range {b}", "{ranged} на {a}, дальность {b}"),
    ("{ranged} {name} {a}", "{ranged} «{name}» на {a}"),
    ("{ranged} {name} {a} range {b}", "{ranged} «{name}» на {a}, дальность {b}"),
    ("shot {a}, may shoot adjacent cards", "выстрел на {a}, может стрелять и по картам рядом"),
    ("shot {a} range {b}, on a strong attack the target is poisoned {c}",
     "выстрел на {a}, дальность {b}, при сильной атаке отравить цель на {c}"),
    ("shot {name} {a}, ignores the target's abilities", "выстрел «{name}» на {a}, игнорирует особенности цели"),
    ("may shoot {a} range {b}", "может выстрелить на {a}, дальность {b}"),
    ("discharge {a}, +{b} if you have a creature in every row of the battlefield",
     "разряд на {a}, +{b}, если у вас есть существо в каждом ряду поля боя"),
    ("discharge {a}, +{b} per counter, loses one counter per discharge, max {c} counters",
     "разряд на {a}, +{b} за каждую фишку, за разряд теряет одну фишку, не больше {c} фишек"),
    ("discharge {a}, a medium or strong discharge poisons the target {b}",
     "разряд на {a}, средний или сильный разряд отравляет цель на {b}"),
    ("throw {name} {a} range {b}, +{c} if an unwounded creature of yours stands opposite it",
     "метание «{name}» на {a}, дальность {b}, +{c}, если напротив него стоит ваше нераненое существо"),
    ("throw {name} X range {a}, X = its wounds (max {b})",
     "метание «{name}» на X, дальность {a}, X — его раны (не больше {b})"),
    ("throw {name} {a} range {b}, +{c} per counter, loses all counters on throwing",
     "метание «{name}» на {a}, дальность {b}, +{c} за каждую фишку, при метании теряет все фишки"),
    (("throw {name} {a} at a card on a chosen cell range {b}, at the start of your next turn every card on that "
     "cell takes {c} ({name2})"),
     ("метание «{name}» на {a} по карте на выбранной клетке, дальность {b}; в начале вашего следующего хода "
     "каждая карта на этой клетке получает {c} («{name2}»)")),
    ("magic strike {a}", "магический удар на {a}"),
    ("magic strike {a}, +{b} per counter spent", "магический удар на {a}, +{b} за каждую потраченную фишку"),
    ("remove X extra lives from itself to discharge X", "снять с себя X дополнительных жизней и дать разряд на X"),
    ("finish off {a}", "добивание на {a}"),
    ("finish off X+{a}, X = poisoned creatures adjacent to the target",
     "добивание на X+{a}, X — отравленные существа рядом с целью"),
    ("finish off X (max {a} per turn), X = cells it moved this turn",
     "добивание на X (не больше {a} за ход), X — клетки, пройденные им за этот ход"),
    ("special strike {a}", "особый удар на {a}"), ("special strike {name} {a}", "особый удар «{name}» на {a}"),
    ("special strike {a}, the target is poisoned {b}", "особый удар на {a}, отравить цель на {b}"),
    ("special strike {a}, a tapped target does not untap on its next turn ({name})",
     "особый удар на {a}, закрытая цель не открывается в свой следующий ход («{name}»)"),
    ("special strike {a} at an adjacent creature", "особый удар на {a} по существу рядом"),
    ("special strike {a} at the attacker", "особый удар на {a} по атакующему"),
    ("shot {a}", "выстрел на {a}"),
    ("heal itself by {a}", "излечиться на {a}"), ("heal itself fully", "излечиться полностью"),
    ("heal a creature by {a}", "излечить существо на {a}"),
    ("heal the defended creature by {a}", "излечить защищаемое существо на {a}"),
    ("heal your Yordling by {a}", "излечить вашего Йордлинга на {a}"),
    ("may heal an adjacent creature by {a}", "может излечить существо рядом на {a}"),
    ("may heal {a}, if then unwounded it does not tap after this attack",
     "может излечиться на {a}, если после этого без ран, не закрывается после этой атаки"),
    ("may heal X, X = medium strike of the creature opposite (errata {list})",
     "может излечиться на X, X — средний удар существа напротив (эррата {list})"),
    ("gain a counter", "получить фишку"), ("your creature gains a counter", "ваше существо получает фишку"),
    ("may gain a counter if it did not move this turn", "может получить фишку, если не двигался в этот ход"),
    ("starts battle with a counter", "начинает бой с фишкой"),
    ("may untap", "может открыться"),
    ("target poisoned {a}", "отравить атакованного на {a}"),
    ("tap the target ({name})", "закрыть цель («{name}»)"),
    ("wound the attacker by {a}", "ранить атакующего на {a}"),
    ("wound your creature by {a}; at the end of the turn heal it by {b}",
     "ранить ваше существо на {a}, в конце хода излечить его на {b}"),
    ("wound your creature by {a}, it gains a counter", "ранить ваше существо на {a}, оно получает фишку"),
    ("wound a non-flying enemy creature by {a} ({name})", "ранить нелетающее вражеское существо на {a} («{name}»)"),
    ("wound by {a} every creature costing {b} or less adjacent to that cell",
     "ранить на {a} каждое существо стоимостью {b} или меньше рядом с этой клеткой"),
    ("wound X cards by {a}, X = incarnation tokens on it ({name})",
     "ранить X карт на {a}, X — жетоны инкарнации на нём («{name}»)"),
    ("may wound a creature adjacent to it by {a} (once per turn)", "может ранить существо рядом с ним на {a} (раз за ход)"),
    ("may poison a creature adjacent to it by X, X = the dead creature's poison (once per turn)",
     "может отравить существо рядом с ним на X, X — отравление погибшего (раз за ход)"),
    ("its next die roll counts as {a}", "его следующий бросок кубика считается за {a}"),
    ("roll a die, on {a} the attack is blocked", "бросить кубик, на {a} атака отражена"),
    ("shot {name} {a} range {b}", "выстрел «{name}» на {a}, дальность {b}"),
    ("put an incarnation token on a creature in your graveyard", "положить жетон инкарнации на существо на вашем кладбище"),
    ("cards adjacent to it lose their abilities", "карты рядом с ним теряют особенности"),
    ("may be recruited for free if your squad has cards costing {list}",
     "можно нанять бесплатно, если в вашем отряде есть карты стоимостью {list}"),
    ("you gain {a} elite (gold) crystal", "вы получаете {a} элитный (золотой) кристалл"),
    ("choose regeneration {a}, or +{b} strike and +{c} move (until end of the opponent's turn)",
     "выбрать регенерацию {a} или +{b} к удару и +{c} к движению (до конца хода противника)"),
    ("your creature gets +{a} strike until end of your turn", "ваше существо получает +{a} к удару до конца вашего хода"),
    ("your creature gets OvA {a} (or +{b} OvA) until end of your turn",
     "ваше существо получает ОвА {a} (или +{b} к ОвА) до конца вашего хода"),
    ("your creature's first strike this turn is unanswered", "первый удар вашего существа в этот ход безответный"),
    ("your steppe creature's next medium or strong attack +{a}",
     "следующая средняя или сильная атака вашего степного существа +{a}"),
    ("incarnates untapped and gets OvA {a} and +{b} strike until end of turn",
     "инкарнирует открытым и получает ОвА {a} и +{b} к удару до конца хода"),
    ("revive a creature tapped (once per battle)", "возродить существо закрытым (раз за бой)"),
    ("destroy itself, wound all adjacent enemy creatures by {a} and poison them {b} ({name})",
     "уничтожить себя, ранить всех вражеских существ рядом на {a} и отравить их на {b} («{name}»)"),
    ("may push the target {a} cell in the strike direction, if it cannot or will not move wound it by {b} ({name})",
     ("может сдвинуть цель на {a} клетку по направлению удара; если она не может или не хочет сдвигаться, ранить "
     "её на {b} («{name}»)")),
    (("choose a number up to the strike value, your creatures to its left and right get protection of that size "
     "from non-magic attacks until end of the opponent's next turn"),
     ("выбрать число не больше силы удара, ваши существа слева и справа от него получают защиту такой величины "
     "от немагических атак до конца следующего хода противника")),
    ("the target cannot leave its cell until the Basilisk moves or leaves play ({name})",
     "цель не может покинуть свою клетку, пока Василиск не сдвинется или не покинет игру («{name}»)"),
    (("your creature with discharge, magic strike or spell gets -{a} from non-magic attacks until end of the "
     "opponent's next turn ({name})"),
     ("ваше существо с разрядом, магическим ударом или заклинанием получает -{a} от немагических атак до конца "
     "следующего хода противника («{name}»)")),
    ("a creature that strikes it does not untap at the start of its next turn ({name})",
     "существо, ударившее его, не открывается в начале своего следующего хода («{name}»)"),
    # impacts and spells: "воздействие «имя» – ...", "заклинание «имя» – ..."
    ("impact {name} - {rest}", "воздействие «{name}» – {rest}"),
    ("impact {name} range {a} - {rest}", "воздействие «{name}», дальность {a} – {rest}"),
    ("spell {name} - {rest}", "заклинание «{name}» – {rest}"),
    ("destroy Charon and a chosen creature", "уничтожить Харона и выбранное существо"),
    ("move up to {a} wounds from an adjacent swamp creature onto itself",
     "перенести на себя до {a} ран с болотного существа рядом"),
    ("move up to {a} wounds from another swamp creature onto itself",
     "перенести на себя до {a} ран с другого болотного существа"),
    ("take X wounds and wound the enemy creature opposite by X-{a}",
     "получить X ран и ранить вражеское существо напротив на X-{a}"),
    ("move a creature to any free cell of the battlefield", "переместить существо на любую свободную клетку поля боя"),
    ("an enemy creature not wounded by attacks this turn gets -{a} life until end of turn",
     "вражеское существо, не раненное атаками в этот ход, получает -{a} к жизням до конца хода"),
    ("heal another creature of the wounds it took this turn", "излечить другое существо от ран, полученных в этот ход"),
    ("reduce a chosen strike by {a} and gain a counter", "уменьшить выбранный удар на {a} и получить фишку"),
    ("when a creature's die roll is {a}, wound it by {b}", "когда на кубике существа выпадает {a}, ранить его на {b}"),
    ("reduce a melee strike at your creature to {a}, Glorm takes {b} wound ({c} if the target is a steppe creature)",
     ("уменьшить ближний удар по вашему существу до {a}, Глорм получает {b} рану ({c}, если цель — степное "
     "существо)")),
    ("make your creature's strike strong", "сделать удар вашего существа сильным"),
    ("+{a} or -{b} to a die roll, or reroll it", "+{a} или -{b} к броску кубика или перебросить его"),
    ("wound an enemy creature by {a}", "ранить вражеское существо на {a}"),
    ("untap your creature and wound it by {a} (max {b} per turn)",
     "открыть ваше существо и ранить его на {a} (не больше {b} раз за ход)"),
    ("tap a creature that has not moved this turn", "закрыть существо, которое не двигалось в этот ход"),
    ("the next enemy creature that acts takes {a} wounds", "следующее действующее существо противника ранится на {a}"),
    ("it must tap or take {a} wounds (its choice)", "оно должно закрыться или получить {a} раны (на выбор)"),
    ("the attacked card's life maximum -{a}", "уменьшить максимум жизней атакованного на {a}"),
    ("wound the enemy creature opposite by {a} (+{b} if it did not move in the opponent's last turn)",
     "ранить вражеское существо напротив на {a} (+{b}, если оно не двигалось в прошлый ход противника)"),
    ("a poisoned creature's poison +{a} (max {b})", "отравление отравленного существа +{a} (не больше {b})"),
    ("heal a creature by {a} and remove its poison", "излечить существо на {a} и снять с него отравление"),
    ("wound a chosen creature by {a} and also each enemy creature adjacent to it that has the same weak strike value",
     "ранить выбранное существо на {a}, а также каждое вражеское существо рядом с ним с тем же слабым ударом"),
    ("wound a creature by {a}, your creatures get +{b} to die rolls when attacking it this turn",
     "ранить существо на {a}, ваши существа получают +{b} к броску кубика при атаке по нему в этот ход"),
    ("a creature is poisoned {a}", "отравить существо на {a}"),
    (("a non-flying enemy creature is webbed for its next turn (cannot move or act), an attack at a webbed creature "
     "is blocked and removes the web"),
     ("нелетающее вражеское существо опутано сетью на свой следующий ход (не может двигаться и действовать), "
     "атака по опутанному существу отражается и снимает сеть")),
    ("wound every poisoned enemy creature by {a}", "ранить каждое отравленное вражеское существо на {a}"),
    ("wound by {a} every enemy creature with shot, throw or discharge",
     "ранить на {a} каждое вражеское существо с выстрелом, метанием или разрядом"),
    (("gain an extra life, then wound a chosen creature by X, X = your cards whose current life exceeds their "
     "starting life (max {a})"),
     ("получить дополнительную жизнь, затем ранить выбранное существо на X, X — ваши карты, у которых текущих "
     "жизней больше начальных (не больше {a})")),
]

_FIELD = {
    "vs": VS, "from": FROM, "prot": PROTECTION, "s": AT_STRENGTH, "to": TO_STRENGTH, "ranged": RANGED,
}
_NUMBER = r"[0-9X][0-9X+\-]*"


def _compile(pattern: str):
    """The regex of a RULES pattern: its fields as named groups, the rest literal."""
    out, pos = [], 0
    for m in re.finditer(r"\{(\w+)\}", pattern):
        out.append(re.escape(pattern[pos:m.start()]))
        name = m.group(1)
        if name in _FIELD:
            choices = sorted(_FIELD[name], key=len, reverse=True)
            out.append(f"(?P<{name}>{'|'.join(re.escape(c) for c in choices)})")
        elif name.startswith("name"):
            out.append(f"'(?P<{name}>.+?)'")
        elif name in ("rest", "list", "abbr"):
            out.append(f"(?P<{name}>.+)")
        else:
            out.append(f"(?P<{name}>{_NUMBER})")
        pos = m.end()
    out.append(re.escape(pattern[pos:]))
    return re.compile("".join(out))


_RULES = [(_compile(english), russian) for english, russian in RULES]


def _fields(m: re.Match) -> dict | None:
    """The Russian of a match's fields; None when its {rest} has no rule (the rule then reads nothing)."""
    out = {}
    for name, value in m.groupdict().items():
        if name in _FIELD:
            out[name] = _FIELD[name][value]
        elif name.startswith("name"):
            out[name] = NAMES.get(value, value)
        elif name == "rest":
            out[name] = _russian_part(value)
            if out[name] is None:
                return None
        elif name == "list":
            out[name] = value.replace(" and ", " и ")
        else:
            out[name] = value
    return out


def _body(text: str) -> str | None:
    for pattern, russian in _RULES:
        m = pattern.fullmatch(text)
        fields = _fields(m) if m else None
        if fields is not None:
            return russian.format(**fields)
    return None


def _prefix(head: str) -> str | None:
    if head in PREFIXES:
        return PREFIXES[head]
    for pattern, russian in _PREFIX_PATTERNS:
        m = pattern.fullmatch(head)
        if m:
            return russian.format(**{k: AT_STRENGTH.get(v, v) for k, v in m.groupdict().items()})
    return None


def _russian_part(part: str) -> str | None:
    """One part of a card's English text in Russian, or None when no rule reads it."""
    body = _body(part)
    if body is not None:
        return body
    head, sep, rest = part.partition(": ")
    if sep:
        prefix = _prefix(head)
        if prefix is not None:
            body = _russian_part(rest)
            if body is not None:
                return f"{prefix}: {body}"
    return None


_TERMS = [(re.compile(r"\bOvA\b"), "ОвА"), (re.compile(r"\bOvZ\b"), "ОвЗ"),
          *((re.compile(rf"prot\. from {re.escape(k)}(?: \(Zo[A-Z]+\))?"), v) for k, v in PROTECTION.items()),
          (re.compile(r"strike through a row"), "удар через ряд")]


def russian_part(part: str) -> str:
    """A part of a card's text in Russian: by the phrase rules, or (a part no rule reads) its words with
    the game's abbreviations and terms in Russian."""
    text = _russian_part(part)
    if text is not None:
        return text
    for pattern, words in _TERMS:
        part = pattern.sub(words, part)
    return part


def card_text(text: str, T: Messages = EN) -> str:
    """A card's text (set1.toml `text`, or a part of it) as `berserk cards` prints it in T's language."""
    if T.lang == "en":
        return _english(text)
    return " ; ".join(russian_part(p) for p in text.split(" ; ")) if text else text


# ---- the labels of played abilities (decks.cardset.Card.played_ability_labels) ------------------------

PLAYED = {
    "strike through a row": "удар через ряд", "shot": "выстрел", "throw": "метание", "discharge": "разряд",
    "magic_strike": "магический удар", "heal itself": "излечиться", "gain a keyword": "получить свойство",
    "gain a counter": "получить фишку", "gain counter": "получить фишку", "boost next attack": "усилить атаку",
    "die luck": "удача", "heal": "излечить", "close": "закрыть", "open": "открыть",
    "strike minus": "ослабить удар", "strike strong": "сделать удар сильным", "strike to one": "удар до 1",
    "trap": "ловушка", "wound": "ранить", "wound on one": "ранить на единице", "poison": "отравить",
    "raise poison": "усилить отравление", "ram": "таран", "revive": "возродить", "rolled shot": "выстрел",
    "destroy": "уничтожить", "reduce life turn": "уменьшить жизни до конца хода", "relocate": "переместить",
    "take wounds": "перенести раны", "web": "сеть", "finish off": "добивание на", "special strike": "особый удар на",
}
_LABEL = re.compile(r"(?P<fast>fast )?(?P<spell>spell )?(?P<what>[a-z_ ]+?)(?: (?P<n>\d+))?"
                    r"(?: range (?P<range>\d+))?(?: '(?P<name>[^']*)')?")


def played_label(label: str, T: Messages = EN) -> str:
    """A played ability's label ('shot range 4', "fast wound 'пиратская удаль'") in T's language."""
    if T.lang == "en":
        return label
    m = _LABEL.fullmatch(label)
    if not m or m["what"] not in PLAYED:
        return label
    words = [PLAYED[m["what"]]] + ([m["n"]] if m["n"] else [])
    if m["range"]:
        words.append(f"(дальность {m['range']})")
    if m["name"]:
        words.append(f"«{m['name']}»")
    return ("внезапно: " if m["fast"] else "") + ("заклинание " if m["spell"] else "") + " ".join(words)
