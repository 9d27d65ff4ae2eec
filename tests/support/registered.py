"""A session of a system from the test folder, registered for one test and played through the CLI."""

from __future__ import annotations

from typing import Any

from support.paths import SUPPORT_DIR

from rules import systems


def session_of(tmp_path: Any, runner: Any, monkeypatch: Any, system: str, package: str, session: str,
               *names: str) -> Any:
    """Register ``package`` (a folder of tests/support) as ``system``, make the session ``session``
    with the combatants ``names`` (6 HP each), and return ``run(*args)``: the CLI on that session.

    ``run.path`` is the session file, ``run.saves`` its folder, ``run.invoke`` the CLI without it."""
    from ttcli.app import app

    monkeypatch.setitem(systems.REGISTRY, system, package)
    monkeypatch.syspath_prepend(str(SUPPORT_DIR))
    saves = tmp_path / "saves"

    def run(*args: str) -> Any:
        return runner.invoke(app, ["--saves", str(saves), "--session", session, *args])

    run.path = saves / f"{session}.toml"  # type: ignore[attr-defined]
    run.saves = saves  # type: ignore[attr-defined]
    run.invoke = lambda *args, **options: runner.invoke(app, list(args), **options)  # type: ignore[attr-defined]
    made = run("session", "new", session, "--system", system)
    assert made.exit_code == 0, made.output
    for name in names:
        added = run("char", "add", name, "hp_max=6")
        assert added.exit_code == 0, added.output
    return run
