"""Machine code only for the kernels a run calls.

Numba compiles every kernel a kernel calls as a library of its own: it optimises the library with all
its callees linked in, generates its machine code, and caches it; then the caller links the same
callees again, optimises the whole again and generates its machine code again. The engine's call tree
is deep (play_batch -> play_game -> setup -> ... -> damage), so the optimiser and the code generator
went over the innermost kernels once per kernel above them: on 2 cores about 4 1/2 minutes of a cold
start, three quarters of it in LLVM, for machine code nothing ever ran.

Here a kernel compiled while another one is being compiled (a callee: "linked only"), and the body of
a `prange` loop, are typed and lowered as before, but its library is neither optimised as a whole nor turned into machine code: the
kernel that Python calls links it and is optimised and compiled once, whole. A linked-only kernel is
cached as LLVM bitcode (numba's own "bitcode" cache kind) instead of machine code. Should Python call a
linked-only kernel itself later (tests call rules kernels directly), it is optimised and compiled then,
on that first call. The machine code of the kernels Python calls is compiled from the same code by the
same optimiser (module passes at numba's optimisation level over the linked whole), so games are the
same; the golden games check it.

`install()` is called when simcore.kernels is imported. It changes numba's code library, context and
dispatcher (written against numba 0.68); with a numba whose internals differ it changes nothing, and the engine
compiles as numba does by default (slower, same games): `installed()` says which.
"""
import threading
import weakref

_state = threading.local()      # how many Dispatcher.compile calls are running in this thread


def _depth() -> int:
    return getattr(_state, "depth", 0)


def _linking_into_caller() -> bool:
    """True while a kernel is compiled for a caller, or a parallel loop's body for its kernel."""
    return _depth() >= 2 or getattr(_state, "parallel_body", 0) > 0


class LinkedOnly:
    """The entry point of a kernel compiled only to be linked into another: no machine code yet."""
    __slots__ = ("env", "fndesc", "library")

    def __init__(self, library, fndesc, env):
        self.library, self.fndesc, self.env = library, fndesc, env


_installed = False


def installed() -> bool:
    return _installed


def install() -> None:
    global _installed
    if _installed:
        return
    try:
        from llvmlite import binding as ll
        from numba.core import codegen, cpu, dispatcher, sigutils
        from numba.core.environment import lookup_environment
        from numba.parfors import parfor_lowering
        library_class, jit_library = codegen.CPUCodeLibrary, codegen.JITCodeLibrary
        originals = {
            "init": library_class.__init__, "optimize": library_class._optimize_final_module,
            "finalize_module": library_class._finalize_final_module,
            "serialize": library_class.serialize_using_object_code,
            "unserialize": library_class._unserialize.__func__,
            "pointer": jit_library.get_pointer_to_function, "executable": cpu.CPUContext.get_executable,
            "compile": dispatcher.Dispatcher.compile, "add_overload": dispatcher._DispatcherBase.add_overload,
            "parallel_body": parfor_lowering._lower_parfor_parallel,
            "set_env": codegen.JITCPUCodegen.set_env}
        for method in ("_finalize_dynamic_globals", "_verify_declare_only_symbols", "_ensure_finalized",
                       "_finalize_specific", "serialize_using_bitcode", "_set_compiled_object"):
            getattr(jit_library, method)
    except (ImportError, AttributeError):
        return

    def __init__(self, codegen_, name):
        originals["init"](self, codegen_, name)
        self._linked_only = _linking_into_caller()
        self._machine_code_pending = False

    def _optimize_final_module(self):
        if not self._linked_only:
            originals["optimize"](self)

    def _finalize_final_module(self):
        if not self._linked_only or getattr(self, "_compiled_object", None) is not None:
            return originals["finalize_module"](self)   # a library loaded as machine code: as numba does
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        # numba's object-code hooks find the library under this (class-private) name
        self._final_module._CPUCodeLibrary__library = weakref.proxy(self)
        self._machine_code_pending = True
        self._finalized = True

    def machine_code(self):
        """Optimise and compile a linked-only library now (Python calls its kernel)."""
        if self._machine_code_pending:
            self._machine_code_pending = False
            originals["optimize"](self)
            cleanup = self._codegen._add_module(self._final_module)
            if cleanup:
                weakref.finalize(self, cleanup)
            self._finalize_specific()

    def get_pointer_to_function(self, name):
        self._ensure_finalized()
        machine_code(self)
        return originals["pointer"](self, name)

    def serialize_using_object_code(self):
        self._ensure_finalized()
        if self._machine_code_pending:
            return (self.name, "bitcode", self._final_module.as_bitcode())
        return originals["serialize"](self)

    def _unserialize(cls, codegen_, state):
        name, kind, data = state
        if kind == "bitcode" and _depth() < 2:
            # a linked-only kernel's cache, now called from Python: optimised, then compiled
            library = codegen_.create_library(name)
            library._final_module = ll.parse_bitcode(data)
            originals["optimize"](library)
            library._finalize_final_module()
            return library
        return originals["unserialize"](cls, codegen_, state)

    def get_executable(self, library, fndesc, env):
        library._ensure_finalized()
        if library._machine_code_pending and _depth() >= 2:
            return LinkedOnly(library, fndesc, env)
        cfunc = originals["executable"](self, library, fndesc, env)
        for gv in library._final_module.global_variables:
            # the environments of the linked kernels, which were never compiled on their own
            if gv.name.startswith("_ZN08NumbaEnv"):
                linked_env = lookup_environment(gv.name)
                if linked_env is not None:
                    library.codegen.set_env(gv.name, linked_env)
        return cfunc

    def add_overload(self, cres):
        if isinstance(cres.entry_point, LinkedOnly):
            self.overloads[tuple(cres.signature.args)] = cres      # callable from kernels, not Python
            return
        originals["add_overload"](self, cres)

    def compile(self, sig):
        _state.depth = _depth() + 1
        try:
            entry = originals["compile"](self, sig)
            if isinstance(entry, LinkedOnly) and _state.depth == 1:
                # Python calls a kernel that was compiled only to be linked: give it machine code
                args, _ = sigutils.normalize_signature(sig)
                cres = self.overloads[tuple(args)]
                machine_code(entry.library)
                entry = self.targetctx.get_executable(entry.library, entry.fndesc, entry.env)
                cres = cres._replace(entry_point=entry)
                self.targetctx.insert_user_function(entry, cres.fndesc, [cres.library])
                originals["add_overload"](self, cres)
            return entry
        finally:
            _state.depth -= 1

    def set_env(self, env_name, env):
        # A linked-only kernel loaded from the cache while another kernel is compiled has no machine
        # code, so its environment has no address yet (numba would write through a null pointer): it
        # is set when the kernel that links it gets its machine code (get_executable above).
        if self._engine.get_global_value_address(env_name):
            originals["set_env"](self, env_name, env)

    def _lower_parfor_parallel(lowerer, parfor):
        # a prange loop's body is compiled as a library of its own, linked into its kernel
        _state.parallel_body = getattr(_state, "parallel_body", 0) + 1
        try:
            return originals["parallel_body"](lowerer, parfor)
        finally:
            _state.parallel_body -= 1

    library_class.__init__ = __init__
    library_class._optimize_final_module = _optimize_final_module
    library_class._finalize_final_module = _finalize_final_module
    library_class.serialize_using_object_code = serialize_using_object_code
    library_class._unserialize = classmethod(_unserialize)
    jit_library.get_pointer_to_function = get_pointer_to_function
    cpu.CPUContext.get_executable = get_executable
    dispatcher._DispatcherBase.add_overload = add_overload
    dispatcher.Dispatcher.compile = compile
    parfor_lowering._lower_parfor_parallel = _lower_parfor_parallel
    codegen.JITCPUCodegen.set_env = set_env
    _installed = True
