"""A realistic synthetic report (the dict `reports.render` takes) for the renderer's tests.

The numbers are made up but consistent the way a seat-balanced meta run is: the matchup matrix is
antisymmetric (a cell and its mirror image sum to 100%), mirrors are 50%, deck win rates are the row
sums of the matrix, and every interval is a Wilson 95% interval of its counts.
"""
import math
import random

import polars as pl

from analysis.stats import wilson

DECKS = ["steppe", "swamps", "forest", "mountains", "darkness", "neutral", "mixed_darkness_steppe",
         "mixed_forest_mountains", "mixed_steppe_swamps"]
CARDS = {   # cards of set 1 in the bundled decks
    "steppe": ["Кочевник", "Кшар", "Змееглав", "Орк", "Санкторум", "Арбалетчик", "Мантикора",
               "Минотавр"],
    "swamps": ["Хедд", "Ижор", "Троллок", "Гаррид-лучник", "Тролль", "Вилохвост"],
    "forest": ["Леший", "Дракс", "Грызь", "Лёккен", "Етун", "Хобгоблин"],
    "mountains": ["Мразень", "Каменный голем", "Хранитель гор", "Ртунх", "Горный великан",
                  "Гобрах"],
}
GAMES_PER_PAIR = 2000   # per ordered pair of different decks; small enough that some cells cross 50%
TIMESTAMP = "2026-12-01T10:15:00+00:00"
FINISHED = "2026-12-01T10:42:31+00:00"


def _rate_columns(score: float, n: int) -> dict:
    lo, hi = wilson(score * n, n)
    return {"score": score, "lo": lo, "hi": hi}


def build_report(n_decks: int = 4, seed: int = 11, lang: str = "en") -> dict:
    """A meta report over the first `n_decks` decks of DECKS (2..9), deterministic for a seed, in the
    language `lang` (its provenance texts and notes; the tables are the same in every language)."""
    rng = random.Random(seed)
    decks = DECKS[:n_decks]
    strength = {d: 0.35 - 0.12 * i + rng.uniform(-0.05, 0.05) for i, d in enumerate(decks)}
    cells = {}
    for i, a in enumerate(decks):
        for b in decks[i:]:
            n = GAMES_PER_PAIR
            draws = rng.randint(5, 40)
            if a == b:
                wins = (n - draws) // 2
                draws = n - 2 * wins
            else:
                edge = strength[a] - strength[b] + rng.uniform(-0.15, 0.15)
                if (i, decks.index(b)) == (0, 1):
                    edge = 0.01  # one close matchup whose interval crosses 50%
                p = 1 / (1 + math.exp(-edge))
                wins = round((n - draws) * p)
            cells[a, b] = (n, wins, draws, n - draws - wins)
            cells[b, a] = (n, n - draws - wins, draws, wins)

    matchups = []
    for a in decks:
        for b in decks:
            n, w, d, l = cells[a, b]
            rate = _rate_columns((w + d / 2) / n, n)
            matchups.append({"deck": a, "opponent": b, "games": n, "wins": w, "draws": d, "losses": l,
                             **rate, "crosses_50": rate["lo"] <= 0.5 <= rate["hi"], "mirror": a == b})
    matchups = pl.DataFrame(matchups)

    deck_rows = []
    for a in decks:
        rows = [cells[a, b] for b in decks if b != a]
        n, w, d, l = (sum(r[k] for r in rows) for k in range(4))
        deck_rows.append({"deck": a, "games": n, "wins": w, "draws": d, "losses": l,
                          **_rate_columns((w + d / 2) / n, n)})
    deck_win_rates = pl.DataFrame(deck_rows).sort(["score", "deck"], descending=[True, False])

    first_rows, total = [], [0, 0, 0]
    for i, a in enumerate(decks):
        for b in decks[i:]:
            n, d = GAMES_PER_PAIR, cells[a, b][2]
            fw = round((n - d) * rng.uniform(0.50, 0.58))
            first_rows.append({"deck_a": a, "deck_b": b, "games": n, "first_wins": fw, "draws": d,
                               **_rate_columns((fw + d / 2) / n, n)})
            total = [total[0] + n, total[1] + fw, total[2] + d]
    n, fw, d = total
    first_rows.insert(0, {"deck_a": "all", "deck_b": "all", "games": n, "first_wins": fw, "draws": d,
                          **_rate_columns((fw + d / 2) / n, n)})
    first_player = pl.DataFrame(first_rows)

    # A made-up equilibrium on the two strongest decks, and made-up user weights.
    support = list(deck_win_rates["deck"][:2]) if n_decks > 2 else list(decks)
    nash = {d: 0.0 for d in decks}
    nash[support[0]], nash[support[-1]] = (0.62, 0.38) if len(support) == 2 else (1.0, 1.0)
    user = {d: (i + 1) / sum(range(1, n_decks + 1)) for i, d in enumerate(reversed(decks))}
    score = {(r["deck"], r["opponent"]): r["score"] for r in matchups.iter_rows(named=True)}
    field_rows = []
    for a in decks:
        row = {"deck": a}
        for name, weights in (("uniform", {d: 1 / n_decks for d in decks}), ("weighted", user),
                              ("nash", nash)):
            value = sum(weights[b] * score[a, b] for b in decks)
            lo, hi = wilson(value * GAMES_PER_PAIR * n_decks, GAMES_PER_PAIR * n_decks)
            row |= {name: value, f"{name}_lo": lo, f"{name}_hi": hi}
        field_rows.append(row)
    field = pl.DataFrame(field_rows).sort(["nash", "deck"], descending=[True, False])
    top = field["nash_lo"][0]
    field = field.with_columns(
        pl.when(pl.col("nash_hi") >= top).then(1).when(pl.col("nash") >= 0.45).then(2).otherwise(3)
        .cast(pl.Int64).alias("tier"))
    nash_mix = pl.DataFrame({"deck": decks, "weight": [nash[d] for d in decks]}).sort(
        ["weight", "deck"], descending=[True, False])

    total_games = sum(cells[a, b][0] for i, a in enumerate(decks) for b in decks[i:])
    turn_weights = {t: math.exp(-((t - 17) / 6) ** 2) for t in range(6, 41)}
    turn_weights[200] = 0.02  # a few games reach the round cap
    scale = total_games / sum(turn_weights.values())
    turn_games = {t: round(w * scale) for t, w in turn_weights.items()}
    turn_games[17] += total_games - sum(turn_games.values())
    turns = pl.DataFrame({"turns": list(turn_games), "games": list(turn_games.values()),
                          "share": [g / total_games for g in turn_games.values()]})
    end_games = {"wipe": 0, "turn_cap": turn_games[200], "both_wiped": 37, "no_squad": 4}
    end_games["wipe"] = total_games - sum(end_games.values())
    end_reasons = pl.DataFrame({"end_reason": list(end_games), "games": list(end_games.values()),
                                "share": [g / total_games for g in end_games.values()]})
    cb_games = round(total_games * 0.83)
    cb = round(cb_games * 0.31)
    lo, hi = wilson(cb, cb_games)
    comebacks = pl.DataFrame({"games": [cb_games], "comebacks": [cb], "rate": [cb / cb_games],
                              "lo": [lo], "hi": [hi]})

    card_rows = []
    for d in decks:
        n_deck = deck_win_rates.filter(pl.col("deck") == d)["games"][0]
        base = deck_win_rates.filter(pl.col("deck") == d)["score"][0]
        for k, card in enumerate(CARDS.get(d, [])):
            effect = {0: 0.09, 1: -0.07}.get(k, rng.uniform(-0.03, 0.03))
            dealt = round(n_deck * rng.uniform(0.55, 0.85))
            squad = round(dealt * rng.uniform(0.6, 0.95))
            not_drawn = n_deck - dealt
            squad_score = min(0.98, base + effect / 2)
            nd_score = base - effect / 2
            iwd = squad_score - nd_score
            se = math.sqrt(squad_score * (1 - squad_score) / squad + nd_score * (1 - nd_score) / not_drawn)
            z = abs(iwd) / se
            p = math.erfc(z / math.sqrt(2))
            deaths = rng.uniform(0.2, 0.8) if k != 2 else 0.0
            card_rows.append({
                "deck": d, "card": card, "games": n_deck, "dealt_games": dealt,
                "dealt_score": base + effect / 3, "squad_games": squad, "squad_score": squad_score,
                "not_drawn_games": not_drawn, "not_drawn_score": nd_score, "iwd": iwd,
                "iwd_lo": iwd - 1.96 * se, "iwd_hi": iwd + 1.96 * se, "p_value": p, "flagged": False,
                "copies_bought": round(squad * rng.uniform(1.0, 1.6)),
                "wounds_per_copy": rng.uniform(0.5, 4.0), "kills_per_copy": rng.uniform(0.1, 1.2),
                "death_rate": deaths, "mean_death_turn": rng.uniform(4, 20) if deaths else float("nan"),
                "survival_rate": 1 - deaths})
    card_stats = pl.DataFrame(card_rows, schema_overrides={"mean_death_turn": pl.Float64})
    n_tests = card_stats.height
    # Holm: the k-th smallest p-value is compared with alpha / (m - k); flags stop at the first failure.
    order = card_stats["p_value"].arg_sort().to_list()
    flagged = [False] * n_tests
    for k, i in enumerate(order):
        if card_stats["p_value"][i] > 0.05 / (n_tests - k):
            break
        flagged[i] = True
    card_stats = card_stats.with_columns(pl.Series("flagged", flagged))

    provenance = {
        "title": f"Meta report: {n_decks} bundled decks, greedy vs greedy",
        "kind": "meta",
        "command": ("berserk meta decks/lists/*.txt --games 20000 --seed 7 --weights field.toml "
                    "--out runs/meta"),
        "created": TIMESTAMP,
        "finished": FINISHED,
        "seed": 7,
        "seed_range": f"games 0..{GAMES_PER_PAIR // 2 - 1} of seed 7 per matchup, both seats",
        "rules_version": "9",
        "cardset_sha256": "3f1c0d9a7be24c55e0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a7",
        "ai": "greedy vs greedy, AI_VERSION 2",
        "ruleset": "classic",
        "rules": {"round_cap": 100, "mulligans": 3, "attack_own_cards": 0, "poison_stacks": 0},
        "games": total_games,
        "decks": decks,
        "seat_pairs": True,
        "library_versions": {"python": "3.11.9", "numba": "0.60.0", "polars": pl.__version__,
                             "numpy": "2.0.1", "plotly": "7.1.0"},
        "card_tests": n_tests,
        "weights_file": "field.toml",
    }
    notes = [
        ("Card statistics are observational: a card in the squad of a long game is seen more often, and "
         "a weak card in a strong deck wins on the deck's coat-tails. Use the swap test for causal impact."),
        ("Tier 1: decks whose Nash-field interval overlaps the best deck's; tier 2: Nash-field score at "
         "least 45%; tier 3: the rest."),
        f"Card flags are Holm-corrected over {n_tests} tests at alpha = 0.05.",
    ]
    tables = {"deck_win_rates": deck_win_rates, "matchups": matchups, "first_player": first_player,
              "field": field, "nash_mix": nash_mix, "turns": turns, "end_reasons": end_reasons,
              "comebacks": comebacks, "card_stats": card_stats}
    if lang == "ru":
        provenance |= {"title": f"Отчёт по мете: колод — {n_decks}, greedy против greedy",
                       "seed_range": f"партии 0..{GAMES_PER_PAIR // 2 - 1} сида 7 в каждом матчапе, оба места",
                       "ai": "greedy против greedy, AI_VERSION 2"}
        notes = [
            ("Статистика карт — наблюдение: карту в отряде долгой партии видно чаще, а слабая карта в сильной "
             "колоде побеждает за счёт колоды. Причинное влияние даёт тест замены."),
            ("Тир 1: колоды, чей интервал против поля Нэша пересекается с интервалом лучшей колоды; тир 2: не "
             "меньше 45% против поля Нэша; тир 3: остальные."),
            f"Отметки карт — с поправкой Холма на {n_tests} тестов при alpha = 0.05.",
        ]
    return {"provenance": provenance, "notes": notes, "tables": tables, "lang": lang}
