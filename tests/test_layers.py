"""The package's imports go down the rooms of docs/architecture.md, never up, and never in a circle.

The graph is read from the source (``ast``), not from ``sys.modules``: an
import written inside a function counts as much as one at the top of a module,
since it is the same dependency paid later. ``if TYPE_CHECKING:`` imports are
left out: they are never executed, and annotations may name a higher room's
types.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "trfkit"

# The rooms of docs/architecture.md ("Layers and imports"), lowest first. A
# module may import from its own room or any room below; the prefix that
# matches a module names its room (the longest: "trfkit.rules" before "trfkit").
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "foundation",
        (
            "trfkit._gc",
            "trfkit._digits",
            "trfkit._records",
            "trfkit._resources",
            "trfkit.diagnostics",
            "trfkit.dates",
            "trfkit.decode",
            "trfkit.columns",
            "trfkit._examples",
            "trfkit.codes",
            "trfkit.version",
        ),
    ),
    ("records", ("trfkit.model", "trfkit.scoring", "trfkit.timecontrol", "trfkit.ett")),
    (
        "reading and writing",
        ("trfkit.dialect", "trfkit.reader", "trfkit.lines", "trfkit.conversion", "trfkit.writer"),
    ),
    ("rules", ("trfkit.rules",)),
    ("event", ("trfkit.event",)),
    (
        "computations",
        # summary: the event at a glance, facts for check's banner (no text).
        (
            "trfkit.rating",
            "trfkit.titlenorms",
            "trfkit.tiebreaks",
            "trfkit.pairing",
            "trfkit.summary",
        ),
    ),
    ("checks", ("trfkit.checks",)),
    # commands: the one table of commands x documents x formats x options
    # (issue 31 §2), which the registry, the service and both doors read.
    ("documents", ("trfkit.report", "trfkit.docs", "trfkit.batch", "trfkit.commands")),
    # The service: batch runs, banners and exit statuses for both doors.
    ("service", ("trfkit.service",)),
    # The package itself: the public API (trfkit.load, trfkit.validate, ...)
    # over the rooms below, which the front doors call.
    ("api", ("trfkit",)),
    ("front doors", ("trfkit.options", "trfkit.cli", "trfkit.server", "trfkit.__main__")),
)


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node)


def _target(importer: str, path: Path, node: ast.ImportFrom, name: str) -> str:
    base = node.module or ""
    if node.level:
        package = importer.split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, *([node.module] if node.module else [])])
    # ``from trfkit.rules import fide_2002`` imports the submodule.
    return f"{base}.{name}" if f"{base}.{name}" in MODULES else base


def graph() -> dict[str, dict[str, int]]:
    """Each module's imports of the package's modules, with a line of each."""
    edges: dict[str, dict[str, int]] = {}
    for name, path in MODULES.items():
        out: dict[str, int] = {}
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                targets = [_target(name, path, node, a.name) for a in node.names]
            for t in targets:
                if t in MODULES and t != name:
                    out.setdefault(t, node.lineno)
        edges[name] = out
    return edges


def layer_of(module: str) -> int:
    """The room of ``module``: the one with the longest prefix of its name."""
    matches = [
        (len(prefix), rank)
        for rank, (_, prefixes) in enumerate(LAYERS)
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    return max(matches)[1] if matches else -1


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_room() -> None:
    assert [m for m in sorted(MODULES) if layer_of(m) == -1] == []


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_imports_go_down() -> None:
    upward = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {m} ({LAYERS[layer_of(m)][0]}) "
        f"imports {t} ({LAYERS[layer_of(t)][0]})"
        for m, out in sorted(graph().items())
        for t, line in sorted(out.items())
        if layer_of(t) > layer_of(m)
    ]
    assert upward == []


def test_the_graph_sees_function_level_imports() -> None:
    # The graph is only as good as what it reads: writer's import of the
    # reader inside a function is an edge, and so is a relative import.
    edges = graph()
    assert "trfkit.reader" in edges["trfkit.writer"]
    assert "trfkit.model" in edges["trfkit.reader"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("def f():\n    from trfkit.checks import standings\n", [["a", "trfkit.checks.standings"]]),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import trfkit.checks\n", []),
    ],
)
def test_a_cycle_through_a_function_is_found(source: str, expected: list[list[str]]) -> None:
    tree = ast.parse(source)
    out = {}
    for node in _imports(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out[f"{node.module}.{node.names[0].name}"] = node.lineno
        elif isinstance(node, ast.Import):
            out[node.names[0].name] = node.lineno
    out = {t: line for t, line in out.items() if t.startswith("trfkit.")}
    edges = {"a": out, **{t: {"a": 1} for t in out}}
    assert cycles(edges) == expected


def _private_owner(target: str, name: str | None) -> str | None:
    """Where a private module or name may be imported from: a private
    module (``trfkit.pairing._x``) within its package; a private name of a
    module within that module's package, and one of a top-level module or
    of the package itself (``trfkit.reader._parser``) nowhere else.
    ``None``: nothing private. The package's own private modules
    (``trfkit._gc``, ``trfkit._records``, ...) are its foundation."""
    parts = target.split(".")
    private = [i for i, p in enumerate(parts) if p.startswith("_") and not p.startswith("__")]
    if private and private[0] > 1:
        return ".".join(parts[: private[0]])
    if name is None or not name.startswith("_") or name.startswith("__"):
        return None
    if target == "trfkit" or target.count(".") == 1:
        return target  # the module itself only
    return target if MODULES[target].name == "__init__.py" else target.rsplit(".", 1)[0]


def private_reaches(sources: dict[str, str]) -> list[str]:
    """Imports of a private module or name from outside where it belongs
    (:func:`_private_owner`): ``checks/files.py`` once imported
    ``reader._parser``, an import that goes down the rooms and so passed
    :func:`test_imports_go_down`."""
    out = []
    for m, source in sorted(sources.items()):
        path = MODULES[m]
        for node in _imports(ast.parse(source)):
            found: list[tuple[str, str | None]] = []
            if isinstance(node, ast.Import):
                found = [(a.name, None) for a in node.names]
            else:
                for a in node.names:
                    t = _target(m, path, node, a.name)
                    found.append((t, None if t.endswith("." + a.name) else a.name))
            for t, name in found:
                if t not in MODULES:
                    continue
                owner = _private_owner(t, name)
                if owner is not None and m != owner and not m.startswith(owner + "."):
                    what = t if name is None else f"{t}.{name}"
                    out.append(
                        f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {m} imports {what}"
                    )
    return out


def test_no_private_module_or_name_is_reached_from_outside() -> None:
    sources = {m: p.read_text(encoding="utf-8") for m, p in MODULES.items()}
    assert private_reaches(sources) == []


def test_a_private_reach_is_found() -> None:
    found = private_reaches(
        {
            "trfkit.checks.files": "from trfkit.reader import _parser\nfrom trfkit._gc import x\n",
            "trfkit.rating.engine": "from trfkit.rating.tables import _PD_H\n",
            "trfkit.checks.standings": "from trfkit.rating.tables import _PD_H\n",
        }
    )
    assert [f.split(": ", 1)[1] for f in found] == [
        "trfkit.checks.files imports trfkit.reader._parser",
        "trfkit.checks.standings imports trfkit.rating.tables._PD_H",
    ]
