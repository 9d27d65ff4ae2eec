"""Issue 24, section 4: every example of every help page runs.

Every line of every ``--help`` page that starts with ``ttcli `` (in English and in
Russian, the Russian help coming from the catalogs; the systems' verbs included, whose
examples their catalogues declare) is run as the shell would run it, in a scratch copy
of the example saves, in the session of the system the example belongs to: a system's
verb in that system's session (an example a catalogue declares belongs to that
system), an app command in the dungeon's unless :data:`SYSTEM_OF` names another.  The
state an example needs by nature (a fight running, a wound to bandage) is made first by
the steps :data:`SETUP` declares.  Any non-zero exit fails, but for the rolls that test
something (:data:`TESTED_ROLLS`), whose exit code 1 is their documented "failed".

Dice the example does not give are a seeded generator's, so a run is the same every
time.  ``> FILE`` is honoured as the shell's redirection, in the scratch folder (``~`` is
a scratch home); an example that asks a question (:data:`TERMINAL`) gets its answer on a
terminal.
"""

from __future__ import annotations

import random
import shlex
import shutil
import sys
from functools import cache
from pathlib import Path

import pytest
import typer
import typer.main
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app
from ttcli.commands.actions import declarations

ROOT = typer.main.get_command(app)
RUNNER = CliRunner()
#: the example sessions, one per system
SESSIONS = {"dungeon": "crypt", "skirmish": "skirmish", "terra": "terra", "twilight": "arena"}
#: where an app command's example runs when it names nothing of a system
DEFAULT_SYSTEM = "dungeon"

#: a real secret of committed dice (64 hex digits) and its commitment, as the help shows them
SECRET = "4f1c9a0b7d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e9"
COMMITMENT = "563c7add089293e18441739003599b75053b9b8529b1c2d9987e31ed556471df"

#: the app commands' examples that need one system's session (its names, its options)
SYSTEM_OF: dict[str, str] = {
    "ttcli char forms Стрелок пол=ж": "skirmish",
    'ttcli day --aspects "Айрис=Мана, Торн=Душа"': "terra",
    "ttcli fight end": "twilight",
}

# fights started with the initiative dice given, so the named character has the turn
DG_ARCHER = ('fight start --given "6 1"',)  # the party first: Лучница, Вор, Викинг, Жрец
DG_THIEF = (*DG_ARCHER, "fight next")
DG_VIKING = (*DG_THIEF, "fight next")
SK_KNIGHT = ('fight start --given "20 1 1 1 1"',)  # d20 each: Рыцарь, Стрелок, Разбойник 1..3
SK_ARCHER = ('fight start --given "1 20 1 1 1"',)
SK_BANDIT = ('fight start --given "1 1 20 1 1"',)
SK_ATTACKED = (*SK_BANDIT, 'attack "Разбойник 1" Рыцарь --given "15"')  # Рыцарь's answer waits
SK_MAGE = ("char add Маг ХП=16 МП=12 ст=6 ловкость=3 выносливость=2",)  # the example skirmish has no caster
TR_THORN = ('fight start --given "1 4 6 1 5 4 3 2"',)  # D6 and sync D4 each (no one synchronizes): Торн first
TR_ROGUE = ('fight start --given "1 4 2 1 6 4 3 1"',)
TR_IRIS = ('fight start --given "6 4 2 1 5 4 3 1"',)
TW_ROUND = ("fight start", "fight next")  # past the approach, where no attack is declared
FIRE_ARROW = 'technique Айрис "Огненная стрела" --aspect Мана --formula 2D6 --type Огонь --ap 4 --mp 3'
HEALING = "выучить Айрис Исцеление --aspect Жизнь --effect heal --formula D4+2 --ap 2 --mp 2"

#: example -> the commands that make the state it needs, run first in the same scratch folder
SETUP: dict[str, tuple[str, ...]] = {
    # dungeon
    'ttcli attack Викинг Огр': DG_VIKING,
    'ttcli attack Викинг Огр --given "14 6"': DG_VIKING,
    'ttcli attack Лучница "Гоблин 1" --ranged --adv 1': DG_ARCHER,
    'ttcli attack Лучница "Гоблин 2" --ranged --situation "укрытие полумрак"': DG_ARCHER,
    "ttcli stand Лучница": ("prone Лучница",),
    "ttcli rest Жрец short --medkit": ("effect add Жрец вывих --mod speed=-1 --duration forever",),  # an injury
    'ttcli knock Викинг "Гоблин 1"': DG_VIKING,
    'ttcli knock Викинг "Гоблин 1" --given "15 7"': DG_VIKING,
    "ttcli knock Викинг Огр --save": DG_VIKING,
    'ttcli push Викинг "Гоблин 1"': DG_VIKING,
    "ttcli fatigue Викинг extra-action": DG_VIKING,
    "ttcli move Вор 3": DG_THIEF,
    'ttcli move Вор --path "0,0 1,1 2,1"': DG_THIEF,
    "ttcli act Вор достаёт зелье": DG_THIEF,
    'ttcli act Лучница "перезарядить"': DG_ARCHER,
    "ttcli act Викинг вытащить оружие": DG_VIKING,
    # terra
    'ttcli attack Торн "Волк 1"': TR_THORN,
    'ttcli attack Торн "Волк 1" --formula "D6+2" --given "1 3"': TR_THORN,
    'ttcli attack Айрис "Волк 1" --formula 2D6 --type Огонь --technique --ap 4': ('place "Волк 1" 1,1', *TR_IRIS),
    # a spear's reach: Волк 2 two cells from Торн, Волк 1 between them
    'ttcli attack Торн "Волк 2" --near "Волк 1"': ('char set Торн "тип оружия"=копьё', 'place "Волк 2" 3,1', *TR_THORN),
    'ttcli counter "Волк 1" Торн': TR_THORN,
    'ttcli counter Торн "Волк 1" --given "4"': TR_THORN,
    'ttcli unarmed Торн "Волк 1"': TR_THORN,
    'ttcli unarmed Торн "Волк 1" --identify': TR_THORN,
    "ttcli move Торн 2": ("place Торн --off",),
    "ttcli delay Плут": TR_ROGUE,
    'ttcli theatre Плут "прыжок через стол" --ap 2 --chance 40': TR_ROGUE,
    "ttcli fight decline Айрис": ("char set Айрис sp=0", 'fight start --given "1 1 6 1 5 4 3 2"'),
    'ttcli control Айрис "Волк 1" --given 15': ("char set Айрис знак=рак", 'place "Волк 1" 1,1',
                                                'fight start --given "1 4 1 1 1 4 6 2"'),
    'ttcli cast Айрис "Огненная стрела" "Волк 1" --given "4 3"': (FIRE_ARROW, "char set Айрис аспект=Мана",
                                                                 'place "Волк 1" 1,1', *TR_IRIS),
    "ttcli применить Айрис Исцеление Торн": (HEALING, "char set Айрис аспект=Жизнь", *TR_IRIS),
    # twilight
    'ttcli declare Кочевник attack Викинг --given "5 4 3 2 4 5 5 5 4"': TW_ROUND,
    "ttcli declare Викинг defend": TW_ROUND,
    'ttcli declare Викинг special "Глухая оборона"': TW_ROUND,
    "ttcli withdraw Викинг": (*TW_ROUND, "declare Викинг defend"),
    "ttcli withdraw Кочевник --roll 2": (*TW_ROUND, "declare Кочевник attack Викинг", "declare Кочевник defend"),
    "ttcli surrender Викинг": TW_ROUND,
    "ttcli verdict execute": (*TW_ROUND, "surrender Викинг"),
    "ttcli verdict spare --crowd execute": (*TW_ROUND, "surrender Викинг"),
    "ttcli legend Кочевник spend 200": ("legend Кочевник award 200",),
    "ttcli heal Кочевник 3": ("char set Кочевник hp=15",),
    "ttcli heal Викинг": ("char set Викинг hp=20",),
    # skirmish
    'ttcli attack "Разбойник 1" Рыцарь --weapon Топор': SK_BANDIT,
    'ttcli attack "Разбойник 1" Рыцарь --given "14"': SK_BANDIT,
    'ttcli attack Рыцарь "Разбойник 1" --weapon Меч --answer dodge': SK_KNIGHT,
    'ttcli attack Стрелок "Разбойник 2" --weapon Лук --wind': SK_ARCHER,
    "ttcli defend Рыцарь block": SK_ATTACKED,
    'ttcli defend Рыцарь dodge --given "9"': SK_ATTACKED,
    "ttcli defend Рыцарь блок --with Щит": SK_ATTACKED,
    'ttcli counter Рыцарь "Разбойник 1" --weapon Меч': (*SK_ATTACKED, 'defend Рыцарь dodge --given "20"'),
    'ttcli counter Рыцарь "Разбойник 1" --weapon Меч --answer block': (*SK_ATTACKED,
                                                                       'defend Рыцарь dodge --given "20"'),
    'ttcli check Стрелок ловкость --dc 15 --reroll 1 --given "3 17"': SK_ARCHER,
    "ttcli bandage Рыцарь": (*SK_KNIGHT, "effect add Рыцарь кровотечение"),
    "ttcli bandage Рыцарь --failed": (*SK_KNIGHT, "effect add Рыцарь кровотечение"),
    "ttcli extinguish Рыцарь": (*SK_KNIGHT, "effect add Рыцарь горение"),
    "ttcli extinguish Рыцарь --by Стрелок": (*SK_KNIGHT, "effect add Рыцарь горение"),
    "ttcli burn Рыцарь --item Щит": (*SK_KNIGHT, "effect add Рыцарь горение"),
    'ttcli flee "Разбойник 1"': SK_BANDIT,
    'ttcli flee "Разбойник 1" --chaser Рыцарь': SK_BANDIT,
    # the chaser's attack: on a runner who leaves outside its own turn
    'ttcli flee "Разбойник 1" --chaser Рыцарь --weapon Меч --answer dodge': SK_KNIGHT,
    'ttcli cover "Разбойник 2" --clear': ('cover "Разбойник 2" 2',),
    "ttcli exhaust Рыцарь": (*SK_KNIGHT, "char set Рыцарь st=0"),
    "ttcli exhaust Рыцарь --turns 2": (*SK_KNIGHT, "char set Рыцарь st=0"),
    "ttcli pay Рыцарь 2": (*SK_KNIGHT, "char set Рыцарь st=0", 'exhaust Рыцарь --given "20"'),
    "ttcli pay Маг 3 --pool mp": (*SK_MAGE, *SK_KNIGHT, "char set Маг mp=0", 'exhaust Маг --given "20"'),
    'ttcli spell Маг "Огненный шар" 5': (*SK_MAGE, *SK_KNIGHT),
    "ttcli spell Маг Исцеление 3 --target Рыцарь": (*SK_MAGE, *SK_KNIGHT),
    "ttcli move Рыцарь 4": SK_KNIGHT,
    'ttcli pickup "Разбойник 1" Топор': (*SK_KNIGHT, 'attack Рыцарь "Разбойник 1" --weapon Меч --answer none '
                                                     '--given "20 99 1 1"'),  # hit, no bleeding, stun, drop
    # the app's commands
    "ttcli fight next": DG_ARCHER,
    'ttcli fight next --given "3"': DG_ARCHER,
    "ttcli fight end": (*TW_ROUND, "surrender Викинг", "verdict execute"),
    "ttcli fight end --yes": DG_ARCHER,
    "ttcli fight join Гоблин-лучник": (*DG_ARCHER, "char add Гоблин-лучник --side враг тело=3 реак=4 раз=3 хар=2"),
    'ttcli effect add Вор bleeding --duration "3 turns"': DG_ARCHER,
    'ttcli effect add Вор кровотечение --duration "3 хода"': DG_ARCHER,
    'ttcli effect add Вор оглушение --duration "3 хода"': DG_ARCHER,
    'ttcli effect add Огр "ядовитый туман" --dice 1d4 --duration "2 rounds" --floor 1': DG_ARCHER,
    # either name of a preset removes it, whichever name added it
    "ttcli effect rm Вор bleeding": (*DG_ARCHER, "effect add Вор кровотечение"),
    "ttcli effect rm Вор кровотечение": (*DG_ARCHER, "effect add Вор bleeding"),
    "ttcli undo": ("char set Вор hp=5",),
    "ttcli undo 3": ("char set Вор hp=5", "char set Вор hp=4", "char set Вор hp=3"),
    "ttcli redo": ("char set Вор hp=5", "undo"),
    "ttcli redo 2": ("char set Вор hp=5", "char set Вор hp=4", "undo 2"),
    "ttcli session reveal": ("session commit",),
    f"ttcli verify saves/crypt.journal.toml --secret {SECRET}": (f"session commit --secret {SECRET}", *DG_ARCHER),
    f"ttcli verify fight.json --secret {SECRET} --commitment {COMMITMENT}": (
        f"session commit --secret {SECRET}", *DG_ARCHER, "log --json > fight.json"),
}

#: examples a master runs at a terminal, and the answer typed there to the question they ask
TERMINAL: dict[str, str] = {"ttcli session rm crypt": "y\n"}

#: examples of a roll that tests something (a check, a save, a flight): exit code 1 is their
#: documented answer "failed" (README, exit codes), not an error
TESTED_ROLLS: frozenset[str] = frozenset({
    'ttcli check Вор "ловкость рук" --dc 12', "ttcli check Стрелок ловкость --dc 12",
    "ttcli save Жрец разум", "ttcli save Жрец mind --mod -1",
    'ttcli theatre Торн "устоять на ногах" --chance 30 --defensive',
    'ttcli theatre Плут "прыжок через стол" --ap 2 --chance 40',
    "ttcli extinguish Рыцарь", "ttcli extinguish Рыцарь --by Стрелок",
    'ttcli flee "Разбойник 1"', 'ttcli flee "Разбойник 1" --chaser Рыцарь',
    'ttcli flee "Разбойник 1" --chaser Рыцарь --weapon Меч --answer dodge',
    "ttcli exhaust Рыцарь", "ttcli exhaust Рыцарь --turns 2",
})


def _pages(node=ROOT, path: tuple[str, ...] = ()):
    """Every command path a help page exists for (groups, commands, the systems' verbs)."""
    yield path
    if hasattr(node, "list_commands"):
        ctx = typer.Context(node, info_name=path[-1] if path else "ttcli", resilient_parsing=True)
        for name in node.list_commands(ctx):
            sub = node.get_command(ctx, name)
            if sub is not None:
                yield from _pages(sub, (*path, name))


PAGES = sorted(set(_pages()))


@cache
def examples(lang: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """The example lines of one help page, as shown (wide enough that no line wraps)."""
    r = RUNNER.invoke(app, ["--lang", lang, *path, "--help"], env={"COLUMNS": "400", "TERMINAL_WIDTH": "400"})
    assert r.exit_code == 0, r.output
    lines = (line.strip().strip("│").strip() for line in r.stdout.splitlines())
    return tuple(line for line in lines if line.startswith("ttcli "))


def _catalogue_owners() -> dict[str, set[str]]:
    owners: dict[str, set[str]] = {}
    for noun in ("", "fight"):
        for entries in declarations(noun).values():
            for card, action in entries:
                for example in action.examples:
                    owners.setdefault("ttcli " + example, set()).add(card.id)
    return owners


OWNERS = _catalogue_owners()


def systems_of(line: str) -> list[str]:
    """The systems whose session an example runs in."""
    return sorted(OWNERS.get(line) or {SYSTEM_OF.get(line, DEFAULT_SYSTEM)})


def _scratch(folder: Path) -> Path:
    saves = folder / "saves"
    saves.mkdir(parents=True)
    for file in (ROOT_DIR / "saves").glob("*.toml"):
        shutil.copy(file, saves / file.name)
    (folder / "home").mkdir()
    return saves


def _run(line: str, lang: str, system: str, folder: Path, answer: str = "") -> tuple[int, str]:
    """Exit code and message of ``line`` (``ttcli WORDS [> FILE]``) run in ``folder``."""
    words = shlex.split(line)[1:]
    stdout = None
    if ">" in words:
        at = words.index(">")
        words, stdout = words[:at], Path(words[at + 1]).expanduser()
    chosen = [] if {"--session", "-s"} & set(words) else ["--session", SESSIONS[system]]
    r = RUNNER.invoke(app, ["--lang", lang, "--saves", str(folder / "saves"), *chosen, *words], input=answer)
    if stdout is not None and r.exit_code == 0:
        stdout.parent.mkdir(parents=True, exist_ok=True)
        stdout.write_text(r.stdout, encoding="utf-8")
    message = (r.stderr.strip() or repr(r.exception)) if r.exit_code else ""
    return r.exit_code, message


def run_example(line: str, lang: str, system: str, folder: Path, monkeypatch) -> str | None:
    """None when ``line`` runs (after its set-up); else what went wrong."""
    _scratch(folder)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("HOME", str(folder / "home"))
    monkeypatch.setattr("rules.dice.sources._system_bits", random.Random(line).getrandbits)
    for step in SETUP.get(line, ()):
        code, message = _run("ttcli " + step, lang, system, folder)
        if code:
            return f"{line} [{system}]: set-up step {step!r} exits {code}: {message}"
    if line in TERMINAL:  # the question is asked on a terminal, and answered there
        monkeypatch.setattr("ttcli.env._isatty", lambda stream: stream is sys.stdin)
    code, message = _run(line, lang, system, folder, TERMINAL.get(line, ""))
    if code and not (code == 1 and line in TESTED_ROLLS):
        return f"{line} [{system}]: exit {code}: {message}"
    return None


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("path", PAGES, ids=lambda p: " ".join(p) or "ttcli")
def test_every_example_of_the_help_page_runs(lang, path, tmp_path, monkeypatch):
    failed = []
    for n, line in enumerate(examples(lang, path)):
        for system in systems_of(line):
            # once: a group's page repeats its commands' examples, the Russian help the English ones
            if (line, system) not in _RAN:
                with monkeypatch.context() as patched:
                    _RAN[line, system] = run_example(line, lang, system, tmp_path / f"{n}-{system}", patched)
            if _RAN[line, system]:
                failed.append(_RAN[line, system])
    assert not failed, "\n".join(failed)


#: (example, system) -> what went wrong, None when it ran
_RAN: dict[tuple[str, str], str | None] = {}


def test_the_help_pages_show_every_example_the_catalogues_declare():
    """The walk reaches the systems' verbs: every example a catalogue declares is on a page."""
    shown = {line for lang in ("en", "ru") for path in PAGES for line in examples(lang, path)}
    assert set(OWNERS) <= shown


def test_every_declared_set_up_is_for_an_example_the_help_shows():
    """No table entry outlives its example: a changed example needs its set-up changed too."""
    shown = {line for lang in ("en", "ru") for path in PAGES for line in examples(lang, path)}
    stale = sorted((set(SETUP) | set(SYSTEM_OF) | set(TERMINAL) | TESTED_ROLLS) - shown)
    assert not stale


def test_a_presets_name_in_either_language_removes_it(tmp_path, monkeypatch):
    """``effect rm Вор кровотечение`` removes the bleeding ``effect add Вор bleeding`` put on."""
    for added, removed in (("bleeding", "кровотечение"), ("кровотечение", "bleeding")):
        folder = tmp_path / added
        _scratch(folder)
        for line in (*DG_ARCHER, f"effect add Вор {added}", f"effect rm Вор {removed}"):
            assert _run("ttcli " + line, "en", "dungeon", folder) == (0, "")
        code, message = _run("ttcli effect rm Вор bleeding", "en", "dungeon", folder)
        assert code == 6 and "bleeding" in message  # gone, not merely renamed
