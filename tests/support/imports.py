"""Reading a module's imports with ``ast``, for the tests that hold where imports may stand."""

from __future__ import annotations

import ast


def local_imports(source: str, module: str, package: bool = False) -> list[tuple[str, str, int]]:
    """(function, what it imports, line) for each import statement inside a function body.

    What is imported is named absolutely: ``import a.b`` -> ``a.b``; ``from .m import n``
    in ``pkg.mod`` -> ``pkg.m.n``; ``from . import m`` -> ``pkg.m``.
    """
    here = module.split(".") if package else module.split(".")[:-1]
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if function is not None and isinstance(child, ast.Import):
                found.extend((function, alias.name, child.lineno) for alias in child.names)
            elif function is not None and isinstance(child, ast.ImportFrom):
                base = here[: len(here) - child.level + 1] if child.level else []
                prefix = ".".join([*base, child.module] if child.module else base)
                found.extend((function, f"{prefix}.{alias.name}", child.lineno) for alias in child.names)
            visit(child, function)

    visit(ast.parse(source), None)
    return found
