"""Everything read-only a kernel needs, in one NamedTuple: the card tables, the ruleset
parameters (with the seat's policies) and the dice-row probabilities of the greedy evaluation."""
from typing import NamedTuple

import numpy as np

from .rules.dice import dice_row_probabilities


class Tables(NamedTuple):
    stats: np.ndarray     # cardtable stats
    bonus: np.ndarray     # cardtable bonus
    reduce: np.ndarray    # cardtable reduce
    params: np.ndarray    # ruleset params (simcore.ruleset PR_*)
    prob: np.ndarray      # dice_row_probabilities()[0]
    rows: np.ndarray      # dice_row_probabilities()[1]


def make_tables(cardtable, params) -> Tables:
    prob, rows = dice_row_probabilities()
    return Tables(cardtable.stats, cardtable.bonus, cardtable.reduce,
                  np.ascontiguousarray(params, dtype=np.int64), prob, rows)
