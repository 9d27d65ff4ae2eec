"""A scripted dungeon fight, shared by the tests and the benchmarks: the bundled ``crypt``
session (4 heroes, 6 enemies) with its dice committed to a fixed secret, fought with
one-shot commands (each acting character attacks the first standing foe while it has
actions, then ``fight next``) or typed into the combat prompt.

The timed runs are benchmarks/fight_replay.py and benchmarks/prompt_latency.py.
"""

from __future__ import annotations

import io
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "5eed" * 16
RANGED = {"Лучница"}


#: every combatant's HP for the scripted fight, so that it lasts its ten rounds
TOUGH = 40


def next_command(doc: dict, rounds: int) -> list[str] | None:
    """The master's next command for the scripted fight, or None when it is over.

    Each acting character attacks the first standing foe once, then the turn
    passes; on the way the fight also sees a bleeding, a heal, a check and a
    fatigue ability, so effects tick and every kind of command is journaled.
    """
    from rules.fight import encounter_from_doc

    enc = encounter_from_doc(doc)
    fight = enc.fight
    if fight is None:
        return None if doc.get("_started") else ["fight", "start"]
    if fight.round > rounds:
        return ["fight", "end", "--yes"]  # a script answers the question with --yes
    actor = enc.get(fight.current)
    foes = [c for c in enc if c.side != actor.side and c.status == "ok"]
    if not foes:
        return ["fight", "end", "--yes"]  # a script answers the question with --yes
    turn = fight.turn
    fresh = turn is not None and turn.spent == 0 and not turn.used
    if actor.status != "ok" or turn is None:
        return ["fight", "next"]
    extra = _scripted_extra(enc, fight, actor, fresh)
    if extra is not None:
        return extra
    if turn.spent == 0:
        words = ["attack", actor.name, foes[0].name]
        return words + (["--ranged"] if actor.name in RANGED else [])
    return ["fight", "next"]


def _scripted_extra(enc, fight, actor, fresh: bool) -> list[str] | None:
    """The few non-attack commands of the script, each at a fixed moment."""
    if not fresh:
        return None
    moments = {
        (2, "Викинг"): ["effect", "add", "Огр", "bleeding", "--duration", "3 turns"],
        (3, "Жрец"): ["check", "Жрец", "медицина", "--dc", "12"],
        (4, "Вор"): ["fatigue", "Вор", "extra-action"],
    }
    words = moments.get((fight.round, actor.name))
    already = any(c.effect("bleeding") for c in enc) if words and words[0] == "effect" else False
    if words is None or already or f"{fight.round}:{actor.name}" in _DONE:
        return None
    _DONE.add(f"{fight.round}:{actor.name}")
    return words


_DONE: set[str] = set()


def prepare(folder: Path) -> None:
    """A copy of the bundled crypt session: everyone at TOUGH HP, dice committed to SECRET."""
    from ttcli.env import Environment
    from ttcli.session import open_session

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "saves" / "crypt.toml", folder / "crypt.toml")
    names = open_session(Environment(saves=folder, session="crypt")).read()["combatants"]
    for name in names:
        invoke(folder, ["char", "set", name, f"hp_max={TOUGH}", f"hp={TOUGH}"])
    invoke(folder, ["session", "commit", "--secret", SECRET])


def invoke(folder: Path, words: list[str], processes: bool = False) -> int:
    args = ["--saves", str(folder), "--session", "crypt", *words]
    if processes:
        return subprocess.run([sys.executable, "-m", "ttcli", *args], capture_output=True,
                              cwd=ROOT).returncode
    from typer.testing import CliRunner

    from ttcli.app import app

    return CliRunner().invoke(app, args).exit_code


def one_shot_fight(folder: Path, rounds: int, processes: bool = False) -> list[str]:
    """Run the fight with one-shot commands; return the lines a master would type."""
    from ttcli.env import Environment
    from ttcli.session import open_session

    env = Environment(saves=folder, session="crypt")
    typed: list[str] = []
    started = False
    _DONE.clear()
    while len(typed) < 2000:
        doc = open_session(env).read()
        doc["_started"] = started
        words = next_command(doc, rounds)
        if words is None:
            break
        invoke(folder, words, processes)
        typed.append(" ".join(shlex.quote(w) for w in words))
        started = True
        if words[:2] == ["fight", "end"]:
            break
    return typed


def prompt_fight(folder: Path, lines: list[str], session: str = "crypt") -> None:
    """Type ``lines`` into the combat prompt on ``session`` (prompt_toolkit, through a pipe)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ttcli.env import Environment
    from ttcli.repl import Repl

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=folder)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in lines))
        pipe.send_text("exit\n")
        Repl(env, session, input=pipe, output=DummyOutput(), history=False).run()


def journal(folder: Path) -> list[dict]:
    """The events of the fight, without their times (which differ between runs)."""
    from ttcli.store import read_events

    return [{k: v for k, v in e.items() if k != "time"}
            for e in read_events(folder / "crypt.journal.toml")]


def fill_journal(folder: Path, count: int) -> None:
    """Append ``count`` roll events, as a long campaign would leave behind."""
    from ttcli.store import append_event

    path = folder / "crypt.journal.toml"
    for i in range(count):
        append_event(path, {"kind": "roll", "command": "roll 1d20", "hidden": False,
                            "text": [f"1d20 = {i % 20 + 1}"],
                            "rolls": [{"expression": "1d20", "value": i % 20 + 1,
                                       "dice": [{"sides": 20, "face": i % 20 + 1, "origin": "rolled"}]}]})
