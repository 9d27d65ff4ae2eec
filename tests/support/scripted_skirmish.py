"""A scripted skirmish, 6 against 6, with attacks waiting for their answers, shared by the
tests and the benchmark (benchmarks/skirmish_fight.py): a session of six knights and
archers against six bandits, its dice committed to a fixed secret, fought with one-shot
commands (each acting combatant attacks the first standing foe, the target answers in a
separate command, a dodge is followed by a counterattack while stamina lasts, a bleeding
is bandaged, ``fight end`` rolls breakage) or typed into the combat prompt.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

SECRET = "5eed" * 16
SESSION = "brawl"

_KNIGHT = """
[combatants."{name}"]
side = "{side}"

[combatants."{name}".stats]
hp_max = 40
st_max = 12
strength = 3
dexterity = 4
endurance = 4
accuracy = 6
defense = 6
ranged = 7
endurance_def = 1

[combatants."{name}".data.weapons."Меч"]
damage = 5
effects = {{ bleeding = 25, stun = 10 }}
breakage = true
durability = 10

[combatants."{name}".data.weapons."Щит"]
kind = "shield"
def = 2
breakage = true
durability = 8

[combatants."{name}".data.armor."Кольчуга"]
def = 3
breakage = true
durability = 8
"""

_ARCHER = """
[combatants."{name}"]
side = "{side}"

[combatants."{name}".stats]
hp_max = 40
st_max = 12
strength = 1
dexterity = 6
endurance = 3
accuracy = 4
ranged = 7
endurance_def = 1

[combatants."{name}".data.weapons."Лук"]
kind = "ranged"
damage = 5
size = "two-handed"
effects = {{ bleeding = 20 }}
breakage = true
durability = 6

[combatants."{name}".data.armor."Куртка"]
def = 1
clothing = true
breakage = true
durability = 4
"""


def session_text() -> str:
    head = (f'format = 1\nname = "{SESSION}"\nsystem = "skirmish"\n'
            'created = "2026-11-29T13:29:04+00:00"\n')
    people = []
    for i in range(1, 4):
        people.append(_KNIGHT.format(name=f"Рыцарь {i}", side="party"))
        people.append(_ARCHER.format(name=f"Лучник {i}", side="party"))
        people.append(_KNIGHT.format(name=f"Разбойник {i}", side="enemy"))
        people.append(_ARCHER.format(name=f"Арбалетчик {i}", side="enemy"))
    return head + "".join(people)


def prepare(folder: Path) -> None:
    """The 6-against-6 session in ``folder``, its dice committed to SECRET."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{SESSION}.toml").write_text(session_text(), encoding="utf-8")
    invoke(folder, ["session", "commit", "--secret", SECRET])


def invoke(folder: Path, words: list[str]) -> int:
    from typer.testing import CliRunner

    from ttcli.app import app

    return CliRunner().invoke(app, ["--saves", str(folder), "--session", SESSION, *words]).exit_code


def next_command(doc: dict[str, Any], rounds: int, started: bool) -> list[str] | None:
    """The master's next command for the scripted fight, or None when it is over."""
    from rules.fight import encounter_from_doc
    from rules.systems.skirmish import fightdata
    from rules.systems.skirmish.items import weapons
    from rules.systems.skirmish.reading import resource, stunned

    enc = encounter_from_doc(doc)
    fight = enc.fight
    if fight is None:
        return None if started else ["fight", "start"]
    pending = fightdata.pending(fight)
    if pending:
        target = pending[0]["target"]
        answer = "dodge" if (fight.round + len(target)) % 2 else "block"
        if answer == "block" and not any(w.block for w in weapons(enc.get(target)).values()):
            answer = "dodge"
        return ["defend", target, answer]
    for dodger, attacker in fightdata.get(fight, "dodged", {}).items():
        c = enc.get(dodger)
        if resource(c, "st") >= 2 * 2 ** fightdata.count(fight, "counters", dodger) and not stunned(c) \
                and c.status == "ok" and enc.get(attacker).status == "ok":
            return ["counter", dodger, attacker] + (["--strike"] if "Лук" in weapons(c) else [])
    if fight.round > rounds:
        return ["fight", "end", "--yes"]  # a script answers the question with --yes
    for c in enc:
        if c.effect("bleeding") is not None and c.status == "ok" and fight.round % 3 == 0:
            return ["bandage", c.name]
    actor = enc.get(fight.current) if fight.current else None
    turn = fight.turn
    if actor is None or turn is None or turn.spent or actor.status != "ok":
        return ["fight", "next"]
    foes = [c for c in enc if c.side != actor.side and c.status == "ok" and c.name in fight.order]
    if not foes:
        return ["fight", "end", "--yes"]
    words = ["attack", actor.name, foes[0].name]
    if "Лук" in weapons(actor) and fightdata.engaged(fight, actor.name):
        words += ["--strike"]
    return words


def one_shot_fight(folder: Path, rounds: int) -> list[str]:
    """Run the fight with one-shot commands; return the lines a master would type."""
    from ttcli.env import Environment
    from ttcli.session import open_session

    env = Environment(saves=folder, session=SESSION)
    typed: list[str] = []
    started = False
    while len(typed) < 3000:
        words = next_command(open_session(env).read(), rounds, started)
        if words is None:
            break
        code = invoke(folder, words)
        assert code == 0, (words, code)
        typed.append(" ".join(shlex.quote(w) for w in words))
        started = True
        if words[:2] == ["fight", "end"]:
            break
    return typed


def prompt_fight(folder: Path, lines: list[str]) -> None:
    """Type ``lines`` into the combat prompt (the dungeon replay's driver, on this session)."""
    from scripted_fight import prompt_fight as type_into_prompt

    type_into_prompt(folder, lines, SESSION)


def journal(folder: Path) -> list[dict[str, Any]]:
    """The events of the fight, without their times (which differ between runs)."""
    from ttcli.store import read_events

    return [{k: v for k, v in e.items() if k != "time"} for e in read_events(folder / f"{SESSION}.journal.toml")]
