"""Issue 24, "Done when": a master reading a Russian round post, status and log finds no English
word and no undeclined name, in every system's example session.

Each example save is played a little in Russian (a fight started, an attack, an effect with a
modifier, an undo); then the status, the log and the round post, the master's and the players',
are read for Latin words beyond the system's own seed terms (docs/glossary.md) and for a name
left in the nominative after a word that governs another case.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app

#: Latin words a system's seed itself writes (docs/glossary.md), and notation a master types
SEED_LATIN = {"skirmish": {"hp", "st", "def", "Mp", "d20", "dm"}}
#: what is not words: BBCode tags, dice notation, hex (a commitment), a quoted command
_NOT_WORDS = re.compile(r"```\w*|\[/?[a-z]+(?:=[^\]]*)?\]|\b\d*[dд]\d+\b|\b[0-9a-f]{16,}\b|'ttcli [^']*'")
_LATIN = re.compile(r"\b[A-Za-z]{2,}\b")
#: words after which a name is never in the nominative
_GOVERNING = ("атакует", "у", "по", "для", "против", "бьёт", "контратакует", "стреляет в")


def _turn_actor(saves: Path, session: str) -> str:
    doc = tomllib.loads((saves / f"{session}.toml").read_text(encoding="utf-8"))
    return doc["fight"]["turn"]["actor"]


def _foe(saves: Path, session: str, actor: str) -> str:
    doc = tomllib.loads((saves / f"{session}.toml").read_text(encoding="utf-8"))
    side = doc["combatants"][actor]["side"]
    return next(n for n, c in doc["combatants"].items() if c["side"] != side and c.get("status", "ok") == "ok"
                and not c.get("hidden"))


def _play(saves: Path, session: str) -> list[str]:
    """A few commands of a fight in ``session``; then what a master reads, as text."""
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--saves", str(saves), "--session", session, "--lang", "ru", *args])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        return result.output

    run("fight", "start", "--seed", "3")
    if session == "arena":
        run("declare", "Кочевник", "defend")
        run("declare", "Викинг", "defend")
        run("fight", "next")
        run("declare", "Кочевник", "attack", "Викинг")
        run("declare", "Викинг", "attack", "Кочевник")
        run("fight", "next")
    else:
        actor = _turn_actor(saves, session)
        foe = _foe(saves, session, actor)
        run("attack", actor, foe)
        if session == "skirmish":
            run("defend", foe, "none")
    actor = next(iter(tomllib.loads((saves / f"{session}.toml").read_text(encoding="utf-8"))["combatants"]))
    run("effect", "add", actor, "туман", "--mod", "speed=-1" if session == "crypt" else "hp_max=-1")
    run("effect", "add", actor, "кровотечение")
    run("undo")
    return [
        run("char", "show", actor),  # in a fight: a twilight champion's marks read its effects
        run("fight", "status"),
        run("fight", "status", "--public"),
        run("log", "-n", "0"),
        run("log", "--public", "-n", "0"),
        run("log", "--round", "1", "--format", "bbcode"),
        run("log", "--round", "1", "--format", "markdown", "--public"),
    ]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[str, list[str]]:
    played = {}
    for session in ("crypt", "terra", "arena", "skirmish"):
        saves = tmp_path_factory.mktemp(session)
        shutil.copy(ROOT_DIR / "saves" / f"{session}.toml", saves / f"{session}.toml")
        played[session] = _play(saves, session)
    return played


SYSTEMS = {"crypt": "dungeon", "terra": "terra", "arena": "twilight", "skirmish": "skirmish"}


@pytest.mark.parametrize("session", list(SYSTEMS))
def test_i24_a_russian_post_status_and_log_hold_no_english_word(outputs, session):
    allowed = SEED_LATIN.get(SYSTEMS[session], set()) | {session}  # the master named the session
    found = set()
    for text in outputs[session]:
        assert text.strip(), session
        for word in _LATIN.findall(_NOT_WORDS.sub(" ", text)):
            if word not in allowed:
                found.add(word)
    assert found == set(), "\n\n".join(outputs[session])


@pytest.mark.parametrize("session", list(SYSTEMS))
def test_i24_a_russian_post_status_and_log_decline_every_name(outputs, session):
    doc = tomllib.loads((ROOT_DIR / "saves" / f"{session}.toml").read_text(encoding="utf-8"))
    undeclined = []
    for name, table in doc["combatants"].items():
        forms = table.get("forms", {})
        if forms.get("genitive", name) == name:  # a name that does not change (Айрис)
            continue
        for word in _GOVERNING:
            for text in outputs[session]:
                if re.search(rf"(?<!\w){re.escape(word)} {re.escape(name)}(?![\w-])", text):
                    undeclined.append(f"{word} {name}")
    assert undeclined == [], "\n\n".join(outputs[session])


def _command_paths() -> list[list[str]]:
    import typer.main

    root = typer.main.get_command(app)
    paths = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        subcommands = getattr(command, "commands", None)
        if subcommands:
            paths.extend([name, sub] for sub in subcommands)
        else:
            paths.append([name])
    return paths


def test_i24_russian_help_shows_no_english_default(tmp_path):
    """Issue 24: help defaults read in Russian (``[по умолчанию: party]`` was English)."""
    runner = CliRunner()
    found = []
    paths = _command_paths()
    assert len(paths) > 20, paths
    for path in paths:
        out = runner.invoke(app, ["--lang", "ru", *path, "--help"], env={"COLUMNS": "300"}).output
        found += [f"{' '.join(path)}: {m}" for m in re.findall(r"по умолчанию: ([A-Za-z][^\]]*)\]", out)]
    assert found == []
