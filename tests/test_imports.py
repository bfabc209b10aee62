"""No import circle among the project's modules (`bot`, `games`, `storage`).

Every `import` counts, wherever it stands (a function's body or an `if TYPE_CHECKING:` block too): a lazy
import is still a dependency, and two modules that need each other are one module in two files. A package's
`__init__` is not counted as imported by its submodules, as import tools such as pydeps count it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "storage")


def modules() -> dict[str, Path]:
    """Every module of the project by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project's modules that `name` imports: `from a import b` names `a.b` when that is a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports(name, path, known) for name, path in found.items()}


def test_the_graph_sees_the_imports_it_must() -> None:
    g = graph()
    assert "games.durak.rules" in g["games.durak.ai"]  # from games.durak.rules import …
    assert "games.bridge.auction" in g["games.bridge.system"]  # from games.bridge import auction as auc
    assert "games.base" in g["games"]  # a package's own imports count
    assert "storage.tables" in g["storage"]


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_rules_import_no_ai_and_no_chat() -> None:
    g = graph()
    for name in g:
        if name.startswith("games.") and name.endswith(".rules"):
            package = name.rpartition(".")[0]
            own = {m.rpartition(".")[2] for m in g[name] if m.startswith(package + ".")}
            assert not own & {"ai", "search", "article", "heuristic", "chat", "policy", "endgame"}, name
