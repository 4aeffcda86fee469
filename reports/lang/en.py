"""The English message catalog (reports/lang): every text of the reports and of the CLI's printed tables,
in sections by what shows it (reports/lang/__init__.py joins them into ids: TABLES["matchups"] is
"table.matchups"); reports/lang/ru.py has the same sections and keys. A message with fields is a
str.format template; a plural message is a tuple of its forms (one, other) with {n} the count."""

# ---- the report's tables: titles, column labels, column hints --------------------------------------

TABLES = {
    "deck_win_rates": "Deck win rates",
    "matchups": "Matchups",
    "field": "Field win rates and tiers",
    "nash_mix": "Nash mix",
    "first_player": "First-player advantage",
    "turns": "Game length",
    "end_reasons": "End reasons",
    "comebacks": "Comebacks",
    "card_stats": "Card statistics",
    "swaps": "Swap tests",
    "impact_by_opponent": "Impact per opponent",
    "sprt_path": "SPRT path",
    "sweep_points": "Win rate by stat value",
    "exchange_rate": "Exchange rate (score change per +1)",
    "balance_summary": "Balance search",
    "balance_decks": "Field win rates before and after the edits",
    "balance_edits": "Edits",
    "balance_steps": "Search steps (screening)",
    "pilot_agreement": "Agreement between pilots",
    "pilot_verdicts": "Matchups whose verdict depends on the pilot",
    "pilot_tiers": "Field win rates and tiers per pilot",
    "pilot_matchups": "Matchups per pilot, paired differences",
    "pilot_answers": "Whether the answer holds under each pilot",
}

LABELS = {
    "deck": "Deck", "opponent": "Opponent", "games": "Games", "wins": "Wins", "draws": "Draws",
    "losses": "Losses", "score": "Score", "crosses_50": "Crosses 50%", "mirror": "Mirror",
    "deck_a": "Deck A", "deck_b": "Deck B", "first_wins": "First-mover wins", "uniform": "Uniform field",
    "weighted": "Weighted field", "nash": "Nash field", "tier": "Tier", "weight": "Nash weight",
    "turns": "Turns", "share": "Share", "end_reason": "End reason", "comebacks": "Comebacks",
    "rate": "Comeback rate", "card": "Card", "dealt_games": "Dealt n", "dealt_score": "Dealt score",
    "squad_games": "In squad n", "squad_score": "In squad score", "not_drawn_games": "Not dealt n",
    "not_drawn_score": "Not dealt score", "iwd": "Squad minus not dealt", "p_value": "p", "flagged": "Significant",
    "copies_bought": "Copies bought", "wounds_per_copy": "Wounds / copy", "kills_per_copy": "Kills / copy",
    "death_rate": "Death rate", "mean_death_turn": "Mean death turn", "survival_rate": "Survival",
    "tests": "Holm tests",
    "swap": "Swap", "replacement": "Replacement", "base_score": "Base score", "variant_score": "Variant score",
    "impact": "Impact", "p_holm": "p (Holm)", "verdict": "SPRT verdict", "decided_games": "Games to decision",
    "llr": "LLR", "llr_lower": "LLR lower bound", "llr_upper": "LLR upper bound",
    "variance_ratio": "Variance ratio", "unpaired_games": "Unpaired games", "games_saved": "Games saved",
    "sd_paired": "SD of paired diff.", "opponents": "Opponents",
    "offset": "Offset", "value": "Value", "step": "Step", "from_value": "From", "to_value": "To",
    "change": "Change", "pairs": "Seed pairs", "before": "Before", "after": "After",
    "in_band_before": "In band before", "in_band_after": "In band after", "setting": "As --set",
    "deck_score": "Deck's screened score", "screen_games": "Screening games",
    "confirm_games": "Confirmation games", "out_of_band_before": "Out of band before",
    "out_of_band_after": "Out of band after", "reached_in_screening": "Reached in screening",
    "target_lo": "Target from", "target_hi": "Target to", "stat": "Stat", "edit": "Edit",
    "direction": "Direction", "candidates": "Candidates", "screen_seconds": "Screening seconds",
    "reached": "Reached",
    "diff": "Minus the first pilot", "field": "Field", "pilot": "Pilot", "reference": "Against",
    "kendall_tau": "Kendall tau", "tau_p_value": "p (tau)", "verdicts_kept": "Verdicts kept",
    "mean_abs_difference": "Mean |difference|", "differences_outside_zero": "Differences excluding 0",
    "verdict_changes": "Verdict changes", "matchups": "Matchups", "holds": "Holds", "decks": "Decks",
    "accepted": "Accepted", "tried": "Tried", "edits": "Edits", "card_tests": "Card tests",
    "ability_uses": "Ability uses", "ability_uses_per_copy": "Ability uses / copy",
}

# labels a column takes in one table only: "<table>.<column>"
TABLE_LABELS = {
    "first_player.score": "First mover's score",
    "exchange_rate.change": "Change per +1",
    "swaps.games": "Games / opponent",
    "swaps.decided_games": "Games to decision / opponent",
    "swaps.unpaired_games": "Unpaired games / opponent / run",
    "impact_by_opponent.games": "Games / opponent",
    "sprt_path.games": "Games / opponent",
}

HINTS = {
    "score": "wins + draws/2 over games, with the Wilson 95% interval",
    "crosses_50": "the 95% interval includes 50%: not distinguishable from an even matchup",
    "iwd": "score with the card bought into the squad minus score with it not dealt, percentage points, "
           "95% interval (observational)",
    "p_value": "two-sided p-value of the IWD, before the Holm correction",
    "flagged": "significant after the Holm correction over all card tests",
    "dealt_score": "score in games where the card was in the deal (the 15 drawn)",
    "squad_score": "score in games where the card was bought into the squad",
    "not_drawn_score": "score in games where the card was not dealt (not among the 15 drawn)",
    "uniform": "mean score against every deck, equal weights",
    "weighted": "mean score against the field of the weights file",
    "nash": "mean score against the Nash equilibrium mix",
    "survival_rate": "survival to the end of the game",
    "ability_uses": "times its played abilities were used",
    "impact": "variant's score minus the base deck's on the same seeds and seats, percentage points, paired "
              "95% interval",
    "verdict": "the SPRT's decision on the field impact (H0 or H1 accepted, or undecided at the budget)",
    "decided_games": "games per opponent the SPRT needed to decide",
    "variance_ratio": "variance of two independent runs' score difference over the variance of the paired "
                      "differences: how many times more games unpaired runs would need",
    "unpaired_games": "games per opponent and per run that two unpaired runs would need for the same interval",
    "games_saved": "games the pairing saved over the whole test (both runs, all opponents)",
    "p_holm": "p-value after the Holm correction over all swap tests",
    "change": "paired change (same seeds), percentage points, 95% interval over seed pairs",
    "out_of_band_before": "total distance of all decks' field win rates from the target band",
    "out_of_band_after": "total distance of all decks' field win rates from the target band",
    "offset": "the stat's value minus its value before the sweep",
    "diff": "this pilot's score minus the first pilot's on the same seed pairs, percentage points, paired "
            "95% interval",
    "kendall_tau": "rank agreement of the decks' field win rates with the first pilot's (1: same order)",
    "verdicts_kept": "share of matchups whose verdict (above, below, not distinguishable from 50%) is the "
                     "first pilot's",
    "field": "mean score against every deck, equal weights, under this pilot",
    "holds": "the answer points the same way as under the first pilot (a balance: its edits still reach the "
             "band, or come closer to it, as under the first pilot)",
}

# a pilot's column (score:search, verdict:greedy): its label and hint where they differ from LABELS, HINTS
PILOT_LABELS = {"verdict": "Verdict", "diff": "Minus the first pilot"}
PILOT_HINTS = {"verdict": "above or below 50% when the score's 95% interval excludes it, else even"}

# the tables' own values (English identifiers in CSV and Parquet) as a page shows them
VALUES = {
    # end reasons (analysis.tables.END_REASONS)
    "wipe": "wipe", "both_wiped": "both_wiped", "turn_cap": "turn_cap", "no_squad": "no_squad", "none": "none",
    "other": "other",
    # the first-player table's row over all games; the field of a sweep and of a swap test
    "all": "all", "field": "field", "field (uniform)": "field (uniform)", "slope": "slope",
    # SPRT verdicts (analysis.causal.VERDICTS)
    "H1 accepted": "H1 accepted", "H0 accepted": "H0 accepted", "undecided": "undecided",
    # a pilot's verdict on a matchup, and the directions of the pilot tables and of the balance steps
    "above": "above", "below": "below", "even": "even",
    "rises": "rises", "falls": "falls", "raises": "raises", "lowers": "lowers", "no clear effect": "no clear effect",
    "reached": "reached", "closer": "closer", "not closer": "not closer", "help": "help", "weaken": "weaken",
    # card stats (--set fields) of sweeps and balance edits
    "life": "life", "cost": "cost", "move": "move", "weak": "weak", "medium": "medium", "strong": "strong",
}
# parts of a value shown otherwise wherever they stand: a vanilla copy's name (decks.variants)
VALUE_SUFFIXES = {" (vanilla)": " (vanilla)"}

# ---- the report page and report.md ------------------------------------------------------------------

REPORT = {
    "missing": "—",
    "yes": "yes", "no": "no",
    "pp": "pp",
    "interval": "({lo}-{hi})",
    "interval.signed": "({lo} to {hi})",
    "no_rows": "No rows.",
    "no_rows.md": "_No rows._",
    "rows": ("{n} row", "{n} rows"),
    "table_sub": "table <code>{name}</code>, {rows}; click a header to sort",
    "title": "Berserk simulation report",
    "kind.meta": "meta report", "kind.matchup": "matchup report", "kind.run": "run report",
    "kind.sweep": "sweep report", "kind.balance": "balance report", "kind.impact": "impact report",
    "footer": "berserk-sim report · {kind} · rules version {version}",
    "kind_name.meta": "meta", "kind_name.matchup": "matchup", "kind_name.run": "run", "kind_name.sweep": "sweep",
    "kind_name.balance": "balance", "kind_name.impact": "impact",
    # provenance
    "prov.seed_range": "Seed range", "prov.seed": "seed {seed}", "prov.games": "Games",
    "prov.games_paired": " (each seed played twice with the seats swapped)",
    "prov.games_paired.md": " (seat-balanced pairs)",
    "prov.decks": "Decks", "prov.ai": "AI", "prov.ruleset": "Ruleset", "prov.rules_version": "Rules version",
    "prov.card_set": "Card set", "prov.card_set_sha": "Card set sha256", "prov.card_edits": "Card edits",
    "prov.no_edits": "none (printed card set)", "prov.weights": "Weights",
    "prov.no_weights": "none: no weighted field", "prov.created": "Created", "prov.finished": "Finished",
    "prov.not_finished": "not finished", "prov.command": "Command", "prov.libraries": "Libraries",
    "prov.kind": "Kind", "prov.deck": "Deck", "prov.opponents": "Opponents", "prov.games_played": "Games played",
    "prov.sprt": "SPRT", "prov.budget": "Budget",
    # sections and the table of contents
    "section.about": "What this is", "section.headline": "Headline", "section.sweep": "Stat sweep",
    "section.balance": "Balance search", "section.decks": "Decks", "section.matchups": "Matchups",
    "section.field": "Field and Nash equilibrium", "section.pilots": "Pilots",
    "section.first_player": "First-player advantage", "section.game_shape": "Game shape",
    "section.cards": "Cards", "section.other_tables": "Other tables", "section.notes": "Notes",
    "section.top_cards": "Top card impacts",
    "toc.about": "What this is", "toc.headline": "Headline", "toc.sweep": "Sweep", "toc.balance": "Balance",
    "toc.decks": "Decks", "toc.matchups": "Matchups", "toc.field": "Field", "toc.pilots": "Pilots",
    "toc.first_player": "First player", "toc.game_shape": "Game shape", "toc.cards": "Cards",
    "toc.other_tables": "Other tables", "toc.notes": "Notes",
    # what this is
    "about.games": ("{n} game", "{n} games"), "about.the_games": "The games",
    "about.what.meta": "every pair of the report's decks", "about.what.matchup": "the report's two decks",
    "about.what.run": "the report's two decks",
    "about.what.sweep": "one deck with a card's stat set to each value in turn",
    "about.what.balance": "the report's decks before and after candidate card edits",
    "about.what.impact": "a deck against its variants with one card swapped",
    "about.what.other": "the report's decks",
    "about.who": ("{games} of {what}, simulated by berserk-sim under the rules of Берсерк; no person played them. "
                  "Pilots, with their versions: {ai}."),
    "about.read": ("A score is how a deck does in these pilots' hands, against these decks. A deck whose strength "
                   "needs long plans, bluffs or reading the opponent may do better with people than here; a deck "
                   "that is easy to play well may do worse. Read a tier or a matchup as a measurement of the decks "
                   "under this pilot, and where it matters compare pilots (--ai greedy --ai search). Every figure "
                   "comes with its 95% interval: the range in which, given the number of games, the value would "
                   "most likely settle with many more games. The notes at the end give the exact rules behind "
                   "each figure."),
    "about.read.hands": "in these pilots' hands",
    "about.read.notes": "The notes",
    "about.bots": "Bot-versus-bot games.",
    "about.how": "How to read the figures.",
    "pilot.random": "picks uniformly at random among the legal actions: a floor to compare with, not a player.",
    "pilot.baseline": ("a frozen one-move-ahead greedy player: each decision takes the action that looks best "
                       "right now, without looking ahead; the fixed yardstick the other pilots are measured "
                       "against."),
    "pilot.greedy": ("a one-move-ahead greedy player: it buys the squad worth most for its cost, puts its "
                     "strongest melee creatures in front, strikes where a kill is near and weighs which defender "
                     "the opponent would put in; it does not plan beyond the current decision."),
    "pilot.search": ("looks ahead: where several attacks compete it plays each out on copies of the game with "
                     "the greedy player to the end of its turn, over a few dice rolls, and takes the best; it "
                     "chooses its defenders the same way, and its squad by playing the first turns out against "
                     "hands the opponent's deck could deal. Slower, and closer to a careful player."),
    # headline
    "head.nash_one": "Nash mix: one deck",
    "head.nash_one.detail": ("it scores at least 50% against every other deck: the equilibrium of the matchup "
                             "matrix is this one deck"),
    "head.nash": "Nash mix",
    "head.nash.detail": "the equilibrium of the matchup matrix: the field no deck can exploit",
    "head.top_tier": "Top tier (tier {tier})",
    "head.best_deck": "Best deck",
    "head.interval_n": "95% interval {interval}, n = {n}",
    "head.band": "Target band", "head.reached": "reached", "head.not_reached": "not reached",
    "head.band.detail": "{band}; {edits}: {listed}; {screen} games screening, {confirm} confirming",
    "head.none": "none",
    "edits": ("{n} edit", "{n} edits"),
    "head.exchange": "Exchange rate (field)",
    "head.per_step": "{change} per +1",
    "head.exchange.detail": "{step} over {lo}..{hi}; paired 95% interval {interval}, {pairs} seed pairs",
    "head.first": "First mover&rsquo;s score",
    "head.length": "Game length",
    "head.turns": ("{n} turn", "{n} turns"),
    "head.length.detail": "median; mean {mean}, range {lo}-{hi}",
    "head.comebacks": "Comebacks",
    "head.comebacks.detail": "of {games} games the side that lost the first creature won; 95% interval {interval}",
    "md.nash": "Nash mix",
    "md.top_tier": "Top tier (tier {tier})",
    "md.first": "First mover's score",
    "md.exchange": "Exchange rate (field)",
    "md.exchange.detail": "{change} per +1 ({step} over {lo}..{hi}, {pairs} seed pairs)",
    # words
    "nash.one": ("The Nash mix is one deck, {deck}: it scores at least 50% against every other deck, so a player "
                 "who knows the matchups brings it and nothing else."),
    "nash.mix": "The Nash mix, the field no deck can exploit, is {mix}.",
    "first.words": ("Over all {games} games the player who moves first scores <b>{score}</b> (95% interval "
                    "{interval}): {verdict}."),
    "first.none": "no measurable advantage", "first.advantage": "an advantage",
    "first.disadvantage": "a disadvantage",
    "pilots.lead": "The same {what} under {pilots}, on the same seeds: how much of the answer is the pilot.",
    "pilots.what.meta": "meta", "pilots.what.matchup": "matchup", "pilots.what.sweep": "sweep",
    "pilots.what.balance": "confirmation of the edits", "pilots.what.impact": "swap test",
    "pilots.what.run": "run",
    # charts
    "chart.opponent": "opponent", "chart.deck": "deck", "chart.no_games": "no games",
    "chart.crosses": "interval crosses 50%", "chart.vs": "vs", "chart.and": "and", "chart.score": "score",
    "chart.score_axis": "score (draws count half), 95% interval",
    "chart.weight": "weight", "chart.nash_axis": "weight in the Nash equilibrium",
    "chart.uniform": "uniform field", "chart.weighted": "weighted field", "chart.nash": "Nash field",
    "chart.tier": "{deck} · tier {tier}",
    "chart.field_axis": "score against the field, 95% interval",
    "chart.pilot_axis": "score against the field under each pilot, 95% interval",
    "chart.first_score": "first mover's score", "chart.first_mover": "first mover",
    "chart.turns_hover": "%{x} turns: %{y:,} games (%{customdata})",
    "chart.turns_axis": "turns in the game", "chart.median": "median {median}", "chart.games": "games",
    "chart.end_hover": "%{x:,} games (%{text})",
    "chart.significant": "significant (corrected for the number of cards)",
    "chart.not_significant": "not significant",
    "chart.iwd_hover": "squad minus not dealt",
    "chart.iwd_axis": "score in squad minus score not dealt (points), 95% interval",
    "chart.sweep_field": "field (mean over opponents)", "chart.sweep_vs": "vs {deck}",
    "chart.sweep_axis": "score of {deck}, 95% interval", "chart.the_deck": "the deck",
    "chart.card": "card", "chart.stat": "stat", "chart.value": "value",
    "chart.before_sweep": "before the sweep",
    "chart.before": "before (unedited)", "chart.after": "after the edits", "chart.band": "target band",
    "chart.balance_axis": "field win rate (mean over the other decks), 95% interval",
    "cards.largest": "The {n} largest card impacts", "cards.all": "All {n} card impacts",
    # captions and leads
    "cap.sweep": ("Score of {deck} as {card}'s {stat} takes each value ({mode}): one dotted line per opponent, "
                  "the bold line is the field (the mean over the opponents); bars are 95% intervals; every value "
                  "plays the same seeds."),
    "cap.the_card": "the card",
    "cap.balance": ("Each deck's field win rate in the confirmation run, unedited and with the edits, with 95% "
                    "intervals; the shaded band is the target."),
    "cap.decks": ("Each deck's score over its games, draws counting half; bars are Wilson 95% intervals; the "
                  "dashed line is 50%."),
    "cap.matchups": ("Score of the row deck against the column deck, in %, blue when the row deck is favoured. "
                     "<b>~</b> marks a cell whose 95% interval crosses 50%: not distinguishable from an even "
                     "matchup. Hover a cell for n and the interval."),
    "cap.mirror": " Seats are balanced, so each cell and its mirror image sum to 100% and mirrors are 50%.",
    "cap.matchups_table": "The same figures as a table, with n and the interval of every cell",
    "cap.field": "Mean score against the field: every deck equally (uniform), {weighted}and the Nash mix; with "
                 "95% intervals and the tier of each deck. ",
    "cap.field_weighted": "the weights file (weighted), ",
    "cap.nash": "The Nash equilibrium of the matchup matrix: the mix of decks no deck can exploit",
    "cap.nash_zero": "; the other {n} decks have weight 0.",
    "cap.pilots": ("Each deck's field win rate (uniform weights) when the whole meta is played by each pilot on "
                   "the same seeds, with 95% intervals."),
    "cap.first": ("Score of the player who moves first in each pairing of the row and the column deck, in %, "
                  "purple when moving first helps, orange when it hurts ({seats}). A pairing appears twice, once "
                  "each side of the diagonal. <b>~</b> marks a cell whose 95% interval crosses 50%. Hover a cell "
                  "for n and the interval."),
    "cap.first_pairs": "seat-swapped pairs: each deck moves first in half of the games",
    "cap.first_rolloff": "the first player chosen by the seeded roll-off",
    "cap.first_table": "The same figures as a table",
    "cap.turns": "Number of games by length in turns; the dotted line is the median.",
    "cap.turns_cut": (" The axis stops at {upper} turns: {beyond} longer games (up to {max} turns) are off it; "
                      "autoscale or double-click the chart to see them."),
    "cap.end": "Why the games ended.",
    "cap.turns_table": "Games by length as a table",
    "cap.cards": ("{count}: score with the card bought into the squad minus score with it not dealt, with 95% "
                  "intervals; orange bars stay significant once corrected for testing many cards at once. "
                  "Observational: see the notes."),
    "lead.cards": ("Correlations over simulated games, like 17lands or HSReplay: read them with the "
                   '<a href="#notes">notes</a>.'),
    # report.md
    "md.legend": "The tables below name the decks by these codes, strongest deck first.",
    "md.code": "Code", "md.deck": "Deck",
    "md.grid": "Score of the row deck against the column deck, in %. `~` marks a cell whose 95% interval crosses 50%.",
    "md.grid_corner": "deck \\ opponent",
    "md.first_grid": ("Score of the player who moves first in the pairing of the row and the column deck, in %; a "
                      "pairing appears twice. `~` marks a cell whose 95% interval crosses 50%."),
    "md.first_corner": "deck \\ deck",
    "md.turns": "Turns per game: median {median}, mean {mean}, range {lo}-{hi} ({games} games).",
    "md.comebacks": "Comebacks: the side that lost its first creature first won {rate} of {games} games.",
    "md.cards": ("Score with the card in the squad minus score with it not dealt (observational); Holm-flagged "
                 "cards{tests} first."),
    "md.card_tests": " over {n} card tests",
}

# ---- what reports.build writes: titles, seed ranges and notes -----------------------------------------

BUILD = {
    "title.meta": "Meta report: {n} decks", "title.matchup": "Matchup report: {a} vs {b}",
    "title.run": "Run report: {a} vs {b}",
    "title.sweep": "Stat sweep: {card} {stat} {lo}..{hi} in {deck}",
    "title.balance": "Balance search: {n} decks into {lo}-{hi}%",
    "title.impact": "Impact report: {deck}, {what}",
    "impact.cards": "{n} cards",
    "ai.vs": " vs ",
    "ai.also": " · also under ",
    "ai.impact": "{ai} (deck and variants vs opponents)",
    "range.run": "games 0..{last} of seed {seed}",
    "range.meta": ("games 0..{last} of seed {seed} in each of {n} matchup", "games 0..{last} of seed {seed} in each of {n} matchups"),
    "range.pairs": " (seat-swapped pairs: games 2k and 2k+1 share dice and shuffles, first player swapped)",
    "range.experiment": (" (seat-swapped pairs: games 2k and 2k+1 share dice and shuffles, first player swapped; "
                         "the same seeds for every variant)"),
    "range.sweep": "games 0..{last} of seed {seed} in each of {n} runs",
    "range.balance": ("screening: games 0..{screen_last} of seed {seed} per pair and candidate; confirmation: games "
                      "0..{last} of seed {confirm_seed} in each of {pairs} pairs, unedited and edited"),
    "range.impact": ("games 0..{last} of seed {seed} against each opponent, base and variants on the same seeds "
                     "(seat-swapped pairs: games 2k and 2k+1 share dice and shuffles, first player swapped)"),
    "note.win_rates": ("Win rates count draws as half a win; every interval is a Wilson 95% score interval over "
                       "games (a field win rate's interval uses the effective n of the weighted mean)."),
    "note.mirrors": ("Mirror matchups are 50% by construction and are left out of each deck's overall win rate; "
                     "the field win rate counts the deck itself at 50%."),
    "note.tiers": ("Tiers: repeatedly take the remaining deck with the highest uniform field win rate; its tier "
                   "holds it and every remaining deck within {margin} points of it (a practical margin) or whose "
                   "95% interval reaches up to that deck's lower bound (not significantly worse). A deck starts a "
                   "lower tier only when it is both more than {margin} points and significantly worse. Tier 1 is "
                   "the best."),
    "note.nash": ("The Nash mix is the equilibrium of the symmetric zero-sum game whose payoff is the matchup "
                  "matrix: no deck scores above 50% against it; decks outside its support are beaten by it."),
    "note.comebacks": ("A comeback is a win by the side that lost a creature first (in an earlier turn than the "
                       "other side's first loss)."),
    "note.cards": ("Card statistics are observational, like 17lands' and HSReplay's: a card bought into the squad "
                   "is correlated with winning for reasons other than its strength (cheap cards are bought in more "
                   "squads, good decks carry weak cards - coat-tailing - and longer games show more cards). iwd = "
                   "score when bought into the squad minus score when not dealt."),
    "note.rolloff": ("The first player was decided by the seeded roll-off, not by seat-swapped pairs, so matchup "
                     "cells also carry roll-off noise."),
    "note.card_flags": ("Card flags: {n} cards (per deck) were tested at once, so some would look significant by "
                        "chance alone; a card is marked significant only if it stays so after the Holm correction "
                        "for {n} tests at alpha = 0.05."),
    "note.pilots_meta": ("Pilots: the same meta (decks, seeds, games) was played under {pilots}; every other table "
                         "is {ref}'s. Pilot tables: each matchup's score under each pilot (Wilson 95%) and the "
                         "paired difference from {ref} over the same seed pairs (normal 95% interval); a verdict is "
                         "'above' or 'below' when the score's interval excludes 50%, else 'even'; tiers are each "
                         "pilot's own; Kendall's tau compares the decks' field win rates under each pilot with "
                         "{ref}'s (1: the same order). The other pilots' own reports are in their folders "
                         "(pilots/*)."),
    "note.pilots_experiment": ("Pilots: the same {what} was played under {pilots} on the same seeds; the figures "
                               "above are {ref}'s. 'Holds' in the pilots table: the answer's 95% interval lies on "
                               "the same side of 0 (or holds 0) as under {ref}; for a balance, the edits found "
                               "under {ref} still bring every deck into the band (or, if they did not under it, "
                               "closer to it). Each pilot's own run is in its folder (pilots/*)."),
    "sweep.absolute": "absolute values", "sweep.relative": "relative to its value {base}",
    "sweep.deck_only": ", edited only in {deck}",
    "note.sweep_crn": ("Every value of {card}'s {stat} ({mode}) plays {deck} against each opponent on the same "
                       "{pairs} seed pairs: common random numbers, so the differences between values are paired "
                       "and their intervals are much narrower than those of two independent runs."),
    "note.sweep_score": ("Score: wins plus half the draws over games, with Wilson 95% intervals; the field is the "
                         "uniform mean over the opponents (the deck's own mirror left out), its interval Wilson "
                         "with the effective n of the mean."),
    "note.sweep_exchange": ("Exchange rate: the score change per +1 of the stat between neighbouring values (finite "
                            "differences), and 'slope': the least-squares slope over the whole range, each with the "
                            "normal 95% interval of the paired differences over seed pairs "
                            "(analysis.stats.paired_diff)."),
    "note.sweep_deck_only": ("Only {deck}'s copies of {card} are edited (--deck-only: a variant card in the same "
                             "deck slots); the opponents play the card as it was."),
    "note.sweep_erratum": "The edit applies to the card everywhere, like an erratum: {who}",
    "note.sweep_holders": "opponents holding {card} ({holders}) play it edited too.",
    "note.sweep_no_holder": "no opponent holds {card}.",
    "note.sweep_cost": ("Cost changes what the squad budget buys (crystals, the flyer cap, gold for elite cards) "
                        "and the 604.1 turn-cap adjudication; the deck list stays legal at every cost (legality "
                        "does not depend on cost); a card costing more than the budget is never bought."),
    "note.balance_field": ("Field win rate: a deck's mean score against the other decks, uniform weights, mirrors "
                           "left out; draws count half; intervals are Wilson 95% with the effective n of the mean."),
    "note.balance_search": ("Search: greedy. Each step takes the deck farthest from the band and screens every +-1 "
                            "edit of its cards' {stats} in the direction that moves it towards the band ({games} "
                            "games per pair on seed {seed}, common random numbers: pairs whose decks do not hold "
                            "the edited card replay the same games and are reused), keeping the edit that most "
                            "lowers the total distance of all decks from the band; it stops when the band is "
                            "reached, after {max_edits} edits, or when no edit helps."),
    "note.balance_confirm": ("Confirmation: the unedited and the edited meta, {games} games per pair on a fresh "
                             "seed ({seed}), so that the figures carry no selection bias from the screening; the "
                             "change is the paired difference per seed pair (same seeds before and after) with its "
                             "95% interval."),
    "note.balance_erratum": ("Edits apply to the card everywhere, like an erratum: every deck holding the card "
                             "plays it edited. A cost edit changes what the squad budget buys; deck lists stay "
                             "legal (legality does not depend on cost)."),
    "note.balance_folders": ("The confirmation runs are ordinary meta folders (confirm/base, confirm/edited): "
                             "`berserk report` renders them."),
    "note.impact": ("Impact = the variant's score minus the base deck's score (wins + draws/2) on the same seeds "
                    "and seats against the same opponent, averaged over seat-swapped seed pairs; the interval is "
                    "the paired normal 95% interval. The field is every opponent with equal weight: per seed pair, "
                    "the mean of the opponents' differences."),
    "note.crn": ("Common random numbers: the variant keeps each card's deck slot, so both are dealt the same slots "
                 "and roll the same dice until play diverges; after that the dice and AI streams stay aligned by "
                 "draw number, not by event, so later play is re-randomized. A card swapped for itself gives "
                 "exactly zero difference."),
    "note.sprt": ("SPRT on the field impact per swap, one look per chunk of {chunk} games per opponent: H0 impact "
                  "= {h0} pp against H1 impact = {h1} pp, alpha {alpha}, beta {beta}: accept H1 when the "
                  "log-likelihood ratio reaches {upper}, H0 when it falls to {lower} (a normal approximation with "
                  "the empirical variance, as fishtest). "),
    "note.sprt_sequential": "Each swap stopped at its decision or at the budget.",
    "note.sprt_fixed": "Fixed budget: every swap played it all; the verdict is where the SPRT decided first.",
    "note.saved": ("Games saved by pairing: two independent runs would need (variance of base score + variance of "
                   "variant score) / (variance of the paired difference) times as many games for the same interval "
                   "width; the saving counts both runs and every opponent."),
    "note.holm": ("Holm's correction runs over all {n} swap tests (fixed-sample z tests of the field impact; after "
                  "an early SPRT stop these p-values are approximate)."),
    "note.vanilla": ("Vanilla fillers: a card's vanilla copy keeps its element, cost, elite, unique, kind, life, "
                     "movement and strike and drops every keyword and ability, so the impact is what the card's "
                     "text is worth on its body."),
    "note.not_tested": "Not tested: {card} ({why}).",
    "why.vanilla": "already vanilla: its vanilla copy plays exactly like it",
}

# ---- the impact report (reports.impact) ----------------------------------------------------------------

IMPACT = {
    "verdict.H1 accepted": "a gain", "verdict.H0 accepted": "no gain", "verdict.undecided": "undecided",
    "finding.who": "{replacement} in place of {card}", "finding.removed": "{card} removed",
    "finding.none": "{who}: no games were compared.",
    "finding.even": ("changes the score against the field by {impact} points{ci}, not distinguishable from no "
                     "change"),
    "finding.gains": "gains {points} points{ci} against the field",
    "finding.loses": "loses {points} points{ci} against the field",
    "finding.stopped": "stopped after {games} games per opponent",
    "finding.decided": "decided after {games} games per opponent",
    "finding.played": " (all {games} were played)",
    "finding.h1": "the sequential test {stopped}{played}: it is worth the {h1} points it tested for",
    "finding.h0": "the sequential test {stopped}{played}: it is not the {h1} points it tested for",
    "finding.undecided": "the sequential test had not decided after {games} games per opponent",
    "finding": "{who} {what}; {test}.",
    "head.impact": "Impact on the field",
    "head.impact.detail": "95% interval {interval}; {games} games per opponent",
    "head.sequential": "Sequential test",
    "head.decided_after": "after {games} games per opponent",
    "head.no_decision": "no decision within {games} games per opponent",
    "head.see_notes": " ({verdict}: see the notes)",
    "head.saved": "Saved by pairing", "head.saved_games": "{games} games",
    "head.saved.detail": "unpaired runs would need {ratio}x the games ({games} per opponent and run)",
    "head.swaps": "Swap tests",
    "head.swaps.detail": "{flagged} significant after Holm over {n} tests",
    "head.verdicts": "SPRT verdicts", "head.per_swap": "per swap",
    "head.median_ratio": "median variance ratio {ratio}x",
    "chart.sprt_verdict": "SPRT: {verdict}",
    "chart.field_hover": "impact on the field", "chart.games_per_opponent": "games per opponent",
    "chart.field_axis": "impact on the field (variant minus base), paired 95% interval",
    "chart.impact": "impact",
    "chart.impact_axis": "impact (variant minus base), paired 95% interval",
    "chart.accept_h1": "accept H1 (a gain)", "chart.accept_h0": "accept H0 (no gain)",
    "chart.llr": "LLR",
    "chart.llr_axis": "log-likelihood ratio (clipped at 3x the bounds)",
    "section.field": "Impact on the field", "section.opponents": "Impact per opponent",
    "section.sprt": "Sequential test",
    "toc.field": "Field", "toc.opponents": "Opponents", "toc.sprt": "SPRT",
    "cap.field": ("Each swap's impact on the field (all opponents equally), variant minus base, in percentage "
                  "points with its paired 95% interval; colour: the SPRT's verdict; dotted lines: the SPRT's H0 "
                  "and H1."),
    "cap.opponents_many": ("Impact of each swap (rows) against each opponent (columns), percentage points; hover "
                           "for the paired 95% interval."),
    "cap.opponents_one": "Impact against each opponent and on the field, with paired 95% intervals.",
    "cap.sprt": ("Log-likelihood ratio of H1 against H0 after each chunk; a swap stops (sequential mode) when it "
                 "crosses a dashed bound."),
    "sprt": ("H0 {h0} pp, H1 {h1} pp, alpha {alpha}, beta {beta}; {mode} budget {budget} games per opponent, "
             "chunks of {chunk}"),
    "sprt.md": "H0 {h0} pp, H1 {h1} pp, alpha {alpha}, beta {beta}, bounds [{lower}, {upper}]",
    "budget.md": "{mode}, {budget} games per opponent, chunks of {chunk}",
    "mode.sequential": "sequential", "mode.fixed": "fixed",
    "md.swaps": "Impact on the field (variant minus base, paired 95% interval), the SPRT's verdict and the games pairing saved.",
}

# ---- the CLI's printed tables and lines (reports/cli.py) -------------------------------------------------

CLI = {
    "report": "report: {index}  (also report.md and tables/*.csv, *.parquet)",
    "edits": "card edits (--set): {edits}",
    "header": "berserk-sim rules {version} · {ruleset} · {ai_a} vs {ai_b} · seed {seed}",
    "also_under": " · also under {pilots}",
    "games_per_s": "{gps} games/s, ", "on_disk": "all found on disk, ",
    "wall": "wall {seconds} s",
    # simulate
    "sim.games": "games: {games} ({speed}wall {seconds} s)",
    "sim.win_rate": "win rate", "sim.interval": "95% interval", "sim.n": "n",
    "sim.moves_first": "  when {deck} moves first:",
    "sim.first_player": "first player",
    "sim.draws": "draws: {draws} ({share}%), counted as half a win",
    "sim.ended": "game ended by: {reasons}",
    "sim.turns": "mean turns: {turns} ({rounds} rounds)",
    "sim.written": "written to {out}: run.json, games/*.parquet, cards/*.parquet",
    # meta, matchup, report
    "meta.games": "{decks} decks, {pairs} matchups x {games} games ({speed}wall {seconds} s)",
    "matchup.games": "{games} games in seat-swapped pairs ({speed}wall {seconds} s)",
    "col.deck": "deck", "col.win_rate": "win rate", "col.interval": "95% interval", "col.field": "field",
    "col.tier": "tier", "col.nash": "nash",
    "first_scores": "first player scores {score}% [{lo}, {hi}] over {games} games",
    "first_scores.short": "first player scores {score}% [{lo}, {hi}]",
    "nash_mix": "Nash mix: {mix}",
    "beats": "{a} beats {b} {score}% [{lo}, {hi}] over {games} games ({wins} wins, {draws} draws, {losses} losses)",
    "beats.crosses": "; the interval contains 50%",
    "agreement": ("{pilot} against {ref}: Kendall tau of field win rates {tau}, {kept}% of {matchups} matchup "
                  "verdicts kept, mean |score difference| {diff} points, {outside} differences whose interval "
                  "excludes 0"),
    "verdicts_changed": ("{n} matchups change verdict (above / below / not distinguishable from 50%): see the "
                         "report's Pilots section"),
    "answers": "under each pilot (holds: the same answer as under {ref}):",
    "answer.swap": "{swap}: impact {impact} pp [{lo}, {hi}], {verdict}",
    "answer.step": "exchange rate {step}: {change} pp per +1 [{lo}, {hi}]",
    "answer.band": "decks in band {before} -> {after} of {decks}, out of band {out_before} -> {out_after} pp",
    "answer.reference": "the reference", "answer.holds": "holds", "answer.fails": "DOES NOT HOLD",
    "answer": "  {pilot}{what} ({direction}): {holds}",
    # sweep
    "sweep.values": ("{card} {stat}: {values} (before the sweep {base}); {deck} against {n} opponents x {games} "
                     "games per value ({speed}wall {seconds} s)"),
    "col.value": "value", "col.field_score": "field score",
    "sweep.exchange": "exchange rate {step}: {change} pp per +1 [{lo}, {hi}] ({pairs} seed pairs)",
    # balance
    "bal.stop.reached": "every deck is in the band {band}",
    "bal.stop.max_edits": "--max-edits {max_edits} reached",
    "bal.stop.no_help": "no edit brings the decks closer to the band",
    "bal.stop.no_candidates": "no edit of the deck's cards is possible",
    "bal.done": "screening done: {why}; {edits} kept; confirming on a fresh seed",
    "bal.help": "help", "bal.weaken": "weaken",
    "bal.step": ("step {step}: {deck} {score}% [{lo}, {hi}] is the farthest from {band}: tried {candidates} edits "
                 "of its cards that {direction} it ({games} games, {seconds} s)"),
    "bal.no_edit": "  no edit possible: not accepted; the search stops",
    "bal.accepted": "accepted (edit {step} of at most {max_edits})",
    "bal.rejected": "not accepted: it does not bring the decks closer to the band; the search stops",
    "bal.best": ("  best: {edit}: {deck} {score}% [{lo}, {hi}], {change} pp [{change_lo}, {change_hi}]; out of "
                 "band {before} -> {after} points: {verdict}"),
    "bal.edit": "{card} {stat} {from_value} -> {to_value} ({step})",
    "bal.result": "{decks} decks, target {lo}-{hi}%: {reached} by the confirmed win rates with {edits}{colon}",
    "bal.as_set": "  as --set: {edits}",
    "bal.games": "{screen} games screening, {confirm} confirming (wall {seconds} s)",
    "col.before": "before", "col.after": "after", "col.change": "change (95% interval)",
    # impact
    "imp.swaps": ("{n} swap", "{n} swaps"),
    "imp.opponents": ("{n} opponent", "{n} opponents"),
    "imp.sequential": "sequential, budget", "imp.fixed": "fixed budget",
    "imp.games": ("{swaps} x {opponents}, {mode} {budget} games per opponent; {played} games on disk (wall "
                  "{seconds} s)"),
    "imp.sprt": "SPRT: H0 impact {h0} pp, H1 {h1} pp, alpha {alpha}, beta {beta}, LLR bounds [{lower}, {upper}]",
    "imp.not_tested": "not tested: {card} ({why})",
    "col.swap": "swap", "col.impact": "impact on the field", "col.sprt": "SPRT",
    "col.saved": "games saved by pairing",
    "imp.at": "{verdict} at {games}",
    "imp.saved": "{saved} (unpaired runs need {unpaired} games per opponent)",
    "imp.no_variance": "n/a (no variance)",
    "imp.holm": ("* significant after the Holm correction over {n} test; SPRT games are per opponent",
                 "* significant after the Holm correction over {n} tests; SPRT games are per opponent"),
    "na": "n/a",
}

# ---- `berserk cards`: the header row, the columns' words and the game's terms in the card text ----------

CARDS = {
    "cards.set": "{n} cards, {path} (sha256 {sha})",
    "cards.col.number": "no.", "cards.col.name": "name", "cards.col.element": "element", "cards.col.cost": "cost",
    "cards.col.rank": "rank", "cards.col.unique": "unique", "cards.col.life": "life", "cards.col.move": "move",
    "cards.col.strike": "strike", "cards.col.text": "text",
    "cards.elite": "elite", "cards.ordinary": "ord.", "cards.unique": "unique",
    "cards.fly": "fly", "cards.move": "{n}",
    "cards.played": " | played: {list}",
    "cards.legend": ("terms: attack exp. N / defence exp. N: + N to its die roll when it attacks / defends (ОвА, "
                     "ОвЗ: опыт в атаке, в защите); prot. from X: protection from X; tap: it taps (closes) to do it; "
                     "move: cells per turn; * edited by --set"),
    "element.steppe": "steppe", "element.mountains": "mountains", "element.forest": "forest",
    "element.swamps": "swamps", "element.darkness": "darkness", "element.neutral": "neutral",
    "missing.summary": ("set 1: {playable} of {total} cards playable, {missing} missing ({ready} of them need no "
                        "new engine feature)"),
    "missing.per_element": "missing per element: {list}",
    "missing.part": "missing: {what}",
    "missing.ready": "(every part is in the vocabulary: not encoded yet)",
    "validate.ok": "ok  {file}: {deck}, {n} cards ({mix})",
}
