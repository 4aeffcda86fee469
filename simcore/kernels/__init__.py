"""The compiled engine: every Numba kernel of berserk-sim lives in this folder, and nothing else does.

- `state`: the game row (card fields, game fields, ruleset parameters, forced dice, event log);
- `cardtable`: the card table the kernels read (codes from decks.registry);
- `rng`: the counter-based random streams;
- `rules/`: the rules kernels, one module per rule area;
- `ai/`: the pilots (policies) and their answers at the rules' decision points;
- `game`: one whole game; `batch`: games in parallel.

Numba's on-disk cache (cache=True) is keyed on each function's own source file, but a kernel also
freezes the constants it reads from other modules (state layout, table columns, registry codes), so
a change there could leave stale machine code behind. The engine therefore caches into a folder named
after a hash of the whole content of this folder and of every module outside it that a kernel module
imports (found by reading the imports, see `engine_sources`): another version of the engine, even one
running at the same time, never reads or writes the same cache, and editing how runs are organised
(the rest of simcore) recompiles nothing. Numba's cache index does not record NUMBA_BOUNDSCHECK
either, so kernels compiled with bounds checks live in a folder of their own (`-boundscheck`).
"""
import numba.core.config as _numba_config

from .identity import KERNELS, PROJECT, cache_folder, engine_hash, engine_sources  # noqa: F401

# The engine's identity: games depend only on it, the seed and the game index. A Dask worker checks
# that it runs the same engine as the client before playing a chunk (simcore.executors).
ENGINE_HASH = engine_hash()


def _versioned_numba_cache() -> None:
    _numba_config.CACHE_DIR = cache_folder(ENGINE_HASH, bool(_numba_config.BOUNDSCHECK))


_versioned_numba_cache()


def _no_literal_specializations() -> None:
    """Compile each kernel once per argument *types*, not once per constant argument.

    Numba types a constant argument by its value (`Literal[int](3)`), and a jitted function called
    from another one is compiled for the argument types of each call: `log(S, g, EV_MOVE, ...)` and
    `log(S, g, EV_DEATH, ...)` were two compilations of `log`, and so on for every constant
    argument (563 compilations, about 7 minutes cold on 2 cores). Calls between kernels are typed
    here with the constants' plain types (int64, bool), so each kernel compiles once per real
    signature. No kernel needs a literal argument (none indexes a heterogeneous tuple with one)."""
    from numba.core import dispatcher, types

    original = dispatcher.Dispatcher.get_call_template
    if getattr(original, "_berserk_unliteral", False):
        return

    def get_call_template(self, args, kws):
        return original(self, tuple(types.unliteral(a) for a in args),
                        {k: types.unliteral(v) for k, v in kws.items()})

    get_call_template._berserk_unliteral = True
    dispatcher.Dispatcher.get_call_template = get_call_template


_no_literal_specializations()


def _words_are_ints() -> None:
    """A vocabulary word of decks.registry (`Effect.WOUND`, an IntEnum member) is a plain int64
    constant inside a kernel: it compares, unifies and is passed like the int it is, and compiles to
    the same code as a literal 1. Numba would otherwise type it as an enum member, which does not
    unify with the card table's ints; so a vocabulary class is typed as a namespace of constants (as a
    module is) and each word as an int64."""
    import enum

    from numba.core import types
    from numba.extending import typeof_impl

    from decks.registry import Word

    enum_class = typeof_impl.dispatch(enum.EnumMeta)

    @typeof_impl.register(enum.EnumMeta)
    def _typeof_vocabulary(val, c):
        return types.Module(val) if issubclass(val, Word) else enum_class(val, c)

    @typeof_impl.register(Word)
    def _typeof_word(val, c):
        return types.int64


_words_are_ints()


# Machine code only for the kernels Python calls; a kernel's callees are optimised and compiled once,
# linked into it (see linking.py: about 2 1/2 times shorter a cold start).
from .linking import install as _install_linking

_install_linking()


# The pilots answer the rules' decision points (rules/decisions.py): importing their implementation
# registers it, so that every kernel that calls a decision point compiles with it. The rules themselves
# import no pilot.
from .ai import choices as _pilot_choices  # noqa: E402, F401
