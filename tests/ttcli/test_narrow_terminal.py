"""Issue 24, section 4: at 40 columns `fight status` keeps names whole and `odds` bars do not wrap."""

from __future__ import annotations

import io
import shutil

import pytest
from rich.cells import cell_len
from rich.console import Console
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.env import Environment
from ttcli.session import open_session
from ttcli.statusview import StatusView

SESSIONS = ("crypt", "skirmish", "terra", "arena")


@pytest.fixture
def saves(tmp_path, runner):
    folder = tmp_path / "saves"
    folder.mkdir()
    for name in SESSIONS:
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", folder / f"{name}.toml")
    for name in SESSIONS:  # a fight running: whose turn it is, a marked row
        runner.invoke(app, ["--saves", str(folder), "-s", name, "fight", "start", "--seed", "1"])
    return folder


def shown(doc, width: int, public: bool = False) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, force_terminal=False).print(StatusView(doc, public).rich())
    return out.getvalue().splitlines()


@pytest.mark.parametrize("session", SESSIONS)
@pytest.mark.parametrize("width", [40, 100])
def test_fight_status_fits_the_terminal_with_names_whole(saves, session, width):
    doc = open_session(Environment(saves=saves, session=session)).read()
    lines = shown(doc, width)
    assert max(cell_len(line) for line in lines) <= width, "\n".join(lines)
    text = "\n".join(lines)
    for name in doc["combatants"]:
        assert name in text, f"{name!r} cut or wrapped at {width} columns:\n{text}"


@pytest.mark.parametrize("args", [["3d6"], ["3d6", "-c"], ["4d6kh3", "--at-least", "12"], ["2d20kh1"]])
def test_odds_bars_fit_forty_columns(runner, tmp_path, args):
    done = runner.invoke(app, ["--saves", str(tmp_path), "odds", *args, "-f", "rich"], env={"COLUMNS": "40"})
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert max(cell_len(line) for line in lines) <= 40, done.stdout
    assert any("█" in line for line in lines)


def test_odds_posts_keep_their_full_bars(runner, tmp_path):
    """A forum post is not a terminal: its chart is the same at any width."""
    wide = runner.invoke(app, ["--saves", str(tmp_path), "odds", "3d6", "-f", "markdown"], env={"COLUMNS": "200"})
    narrow = runner.invoke(app, ["--saves", str(tmp_path), "odds", "3d6", "-f", "markdown"], env={"COLUMNS": "40"})
    assert wide.stdout == narrow.stdout
