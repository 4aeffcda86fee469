"""The floors of the code (docs/ARCHITECTURE.md), read from the imports of every module with `ast`:
each floor imports only the floors below it (decks < simcore kernels < simcore orchestration <
analysis < reports), the rules kernels import no pilot, no module imports a private name of another
package, and no modules import each other in a cycle. Imports inside functions count as well."""
import ast
from collections import defaultdict

from conftest import ROOT

PACKAGES = ("decks", "simcore", "analysis", "reports")
FLOORS = {"decks": 0, "simcore.kernels": 1, "simcore": 2, "analysis": 3, "reports": 4}


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules():
    out = {}
    for top in PACKAGES:
        for f in sorted((ROOT / top).rglob("*.py")):
            out[module_name(f)] = f
    return out


MODULES = modules()


def resolve(importer, node):
    """The project modules an import statement of module `importer` names, with the names it takes."""
    if isinstance(node, ast.Import):
        return [(a.name, None) for a in node.names]
    package = importer.split(".") if MODULES[importer].name == "__init__.py" else importer.split(".")[:-1]
    base = ".".join(package[:len(package) - node.level + 1] + [node.module] if node.level and node.module
                    else package[:len(package) - node.level + 1] if node.level else [node.module])
    out = []
    for a in node.names:
        sub = f"{base}.{a.name}"
        out.append((sub, None) if sub in MODULES else (base, a.name))
    return out


def imports():
    """{importer: [(imported module, name or None, line)]} over the project's modules."""
    out = defaultdict(list)
    for name, f in MODULES.items():
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for mod, what in resolve(name, node):
                    while mod and mod not in MODULES:
                        mod = mod.rpartition(".")[0]
                    if mod:
                        out[name].append((mod, what, node.lineno))
    return out


IMPORTS = imports()


def floor(module):
    for prefix in sorted(FLOORS, key=len, reverse=True):
        if module == prefix or module.startswith(prefix + "."):
            return FLOORS[prefix]
    raise AssertionError(f"{module} is on no floor")


def test_every_import_runs_down_the_floors():
    up = sorted({f"{m}:{line} imports {i} (floor {floor(i)} above {floor(m)})"
                 for m, deps in IMPORTS.items() for i, _, line in deps if floor(i) > floor(m)})
    assert not up, "\n".join(up)


def test_the_rules_kernels_import_no_pilot():
    bad = sorted({f"{m}:{line} imports {i}" for m, deps in IMPORTS.items() if m.startswith("simcore.kernels.rules")
                  for i, _, line in deps if i.startswith("simcore.kernels.ai")})
    assert not bad, "\n".join(bad)


def test_no_private_name_is_imported_from_another_package():
    def package(m):
        return m if MODULES[m].name == "__init__.py" else m.rpartition(".")[0]
    bad = [f"{m}:{line} imports {what} from {i}" for m, deps in IMPORTS.items() for i, what, line in deps
           if what and what.startswith("_") and package(i) != package(m)]
    assert not bad, "\n".join(bad)


def test_no_import_cycle():
    graph = {m: {i for i, _, _ in IMPORTS.get(m, ()) if i != m} for m in MODULES}
    # a package's __init__ importing its own submodules is how a package exposes them, no cycle
    for m, deps in graph.items():
        if MODULES[m].name == "__init__.py":
            deps -= {i for i in deps if i.startswith(m + ".")}
    cycles, index, low, stack, on_stack = [], {}, {}, [], set()

    def visit(v):                         # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_the_checker_sees_an_upward_import_a_cycle_and_a_pilot_import(monkeypatch):
    """The checks above can fail: a fabricated import of each kind is found."""
    fake = dict(IMPORTS)
    fake["decks.cardset"] = IMPORTS["decks.cardset"] + [("analysis.stats", None, 1)]
    fake["simcore.kernels.rules.turn"] = IMPORTS["simcore.kernels.rules.turn"] + [
        ("simcore.kernels.ai.policies", None, 1)]
    fake["simcore.kernels.state"] = IMPORTS["simcore.kernels.state"] + [("simcore.kernels.rules.turn", None, 1)]
    monkeypatch.setitem(globals(), "IMPORTS", fake)
    for check in (test_every_import_runs_down_the_floors, test_the_rules_kernels_import_no_pilot,
                  test_no_import_cycle):
        try:
            check()
        except AssertionError:
            continue
        raise AssertionError(f"{check.__name__} passed with a fabricated bad import")
