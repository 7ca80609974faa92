"""The shape every game keeps (docs/architecture.md): the same modules with the same roles in
every game package and every table package, small classes and functions, no import circles,
and painters that never receive the scene."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("duel", "solitaire", "babel_on", "turmbau", "builders")
GAME_MODULES = {"__init__", "model", "actions", "rules", "invariants", "sampling", "bots", "coach"}
TABLE_MODULES = {"__init__", "table", "layout", "draw", "animate", "art"}
MAX_CLASS, MAX_FUNCTION = 400, 80


def _sources(*roots: str) -> list[Path]:
    return sorted(p for r in roots for p in (ROOT / r).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(*roots: str) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere in its body (inside functions too)."""
    paths = {_module_name(p): p for p in _sources(*roots)}
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in paths]
                targets = subs if len(subs) == len(node.names) else [base, *subs]
            else:
                continue
            graph[name].update(t for t in targets if t in paths and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles() -> None:
    assert cycles(import_graph("babel", "scenes")) == []


def test_classes_and_functions_stay_small() -> None:
    too_big = []
    for path in _sources("babel", "scenes"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                limit = MAX_CLASS
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                limit = MAX_FUNCTION
            else:
                continue
            lines = node.end_lineno - node.lineno + 1
            if lines > limit:
                too_big.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert too_big == []


@pytest.mark.parametrize("game", GAMES)
def test_game_package_has_every_role(game: str) -> None:
    modules = {p.stem for p in (ROOT / "babel" / "games" / game).glob("*.py")}
    assert GAME_MODULES <= modules
    assert (ROOT / "babel" / "games" / game / "RULES.md").is_file()


@pytest.mark.parametrize("game", GAMES)
def test_table_package_has_every_role(game: str) -> None:
    modules = {p.stem for p in (ROOT / "scenes" / "tables" / game).glob("*.py")}
    assert TABLE_MODULES <= modules


def test_rules_never_import_bots() -> None:
    graph = import_graph("babel")
    for game in GAMES:
        reach, todo = set(), [f"babel.games.{game}.rules"]
        while todo:
            for nxt in graph[todo.pop()] - reach:
                reach.add(nxt)
                todo.append(nxt)
        assert f"babel.games.{game}.bots" not in reach, f"{game}'s rules reach its bots"


@pytest.mark.parametrize("game", GAMES)
def test_painters_never_receive_the_scene(game: str) -> None:
    """draw.py's painters take the view and a UI-state value: no parameter is the scene, and
    draw.py does not import the table module."""
    path = ROOT / "scenes" / "tables" / game / "draw.py"
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.endswith(".table"), f"{path.name} imports the table"
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for arg in node.args.args + node.args.kwonlyargs:
                assert arg.arg not in {"scene", "table"}, f"{node.name} takes '{arg.arg}'"
                hint = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                assert "Table" not in hint and "Scene" not in hint, f"{node.name} takes a {hint}"
                if arg.arg == "t":  # the old reach into the scene was an untyped ``t``
                    assert hint in ("float", "int"), f"{node.name} takes an untyped 't'"


def test_tables_do_not_import_each_other_or_the_launcher() -> None:
    graph = import_graph("scenes")
    for module, targets in graph.items():
        if not module.startswith("scenes.tables."):
            continue
        game = module.split(".")[2]
        for target in targets:
            assert not target.startswith("scenes.launcher"), f"{module} imports {target}"
            if target.startswith("scenes.tables."):
                assert target.split(".")[2] == game, f"{module} imports {target}"


def test_test_files_are_named_by_game_or_layer() -> None:
    prefixes = tuple(f"test_{g}_" for g in (*GAMES, "core", "scenes"))
    named = [p.name for p in (ROOT / "tests").glob("test_*.py")]
    assert [n for n in named if not n.startswith(prefixes)] == []
