"""Issue 24, section 4: a Russian word means one command, in the shell and at the combat prompt.

Every Russian word either front end knows (the app's command words, the groups'
subcommand words, every alias of every system's verbs) is resolved in a session
of each system three ways: as the shell's full app reads it, as the shell's fast
path reads it, and as the combat prompt reads it.  The three must name the same
command, or all three none.
"""

from __future__ import annotations

import shutil

import pytest
import typer.main
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.argv import COMMAND_WORDS, SUBCOMMAND_WORDS, read_line
from ttcli.commands import COMMANDS
from ttcli.commands.actions import declarations, verb_for
from ttcli.env import Environment
from ttcli.fastverbs import FIGHT_BUILTIN
from ttcli.repl import SHORTCUTS, SUBCOMMANDS, expand

ROOT = typer.main.get_command(app)
#: the example sessions, one per system
SESSIONS = {"dungeon": "crypt", "skirmish": "skirmish", "terra": "terra", "twilight": "arena"}


def _russian(word: str) -> bool:
    return not word.isascii()


def _system_aliases() -> set[tuple[str, ...]]:
    lines: set[tuple[str, ...]] = set()
    for noun in ("", "fight"):
        for entries in declarations(noun).values():
            for _card, action in entries:
                for word in action.spellings:
                    if _russian(word):
                        lines.add((noun, word) if noun else (word,))
    return lines


def _lines() -> list[tuple[str, ...]]:
    lines = {(w,) for w in [*COMMAND_WORDS, *SHORTCUTS] if _russian(w)} | _system_aliases()
    for group, words in {**SUBCOMMAND_WORDS, **SUBCOMMANDS}.items():
        for word in words:
            lines.add((group, word))
            lines |= {(head, word) for head, command in COMMAND_WORDS.items() if command == (group,)}
    lines |= {(line[0].upper(), *line[1:]) for line in list(lines) if len(line) == 1}  # any case
    return sorted(lines)


LINES = _lines()


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    for name in SESSIONS.values():
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", folder / f"{name}.toml")
    return folder


def _walk(words: list[str], ctx) -> tuple[str, ...]:
    """The command path the app's groups read from ``words`` (the names of the commands reached)."""
    node, path = ROOT, []
    for word in words:
        if not hasattr(node, "get_command"):
            break
        found = node.get_command(ctx, word)
        if found is None:
            return ()
        path.append(found.name)
        node = found
    return tuple(path)


def _root_context(env: Environment, obj=None):
    import typer

    ctx = typer.Context(ROOT, info_name="ttcli", obj=obj, resilient_parsing=True)
    ctx.params.update(saves=env.saves, session=env.session)
    return ctx


def in_the_shell(line, env) -> tuple[str, ...]:
    """``ttcli --saves S -s NAME LINE`` read by the full app."""
    words = read_line(["--saves", str(env.saves), "-s", env.session, *line]).command
    return _walk(words, _root_context(env))


def on_the_fast_path(line, env, system) -> tuple[str, ...] | None:
    """The command the fast path runs for the line, or None when it hands the line over."""
    words = read_line(list(line)).command
    if words[0] == "fight" and len(words) > 1 and words[1] not in FIGHT_BUILTIN:
        verb = verb_for(words[1], "fight", (system,))
        return ("fight", verb) if verb else None
    if words[0] in COMMANDS:
        return None
    verb = verb_for(words[0], "", (system,))
    return (verb,) if verb else None


def at_the_prompt(line, env) -> tuple[str, ...]:
    """The line typed at ``ttcli fight``: the prompt's words, then the app run with the
    prompt's environment (the session chosen)."""
    words = read_line(expand(list(line), ROOT)).command
    return _walk(words, _root_context(Environment(), obj=env))


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_every_russian_word_means_one_command_in_the_shell_and_the_prompt(saves, system):
    env = Environment(saves=saves, session=SESSIONS[system])
    differ = []
    for line in LINES:
        shell, prompt = in_the_shell(line, env), at_the_prompt(line, env)
        fast = on_the_fast_path(line, env, system)
        if shell != prompt or (fast is not None and fast != shell[:len(fast)]):
            differ.append(f"{' '.join(line)}: shell {shell}, fast path {fast}, prompt {prompt}")
    assert not differ, "\n".join(differ)


def test_the_checks_word_is_the_check_in_both():
    """``проверка`` is dungeon's and skirmish's check (their catalogues); the prompt once ran verify."""
    assert "проверка" not in SHORTCUTS and "проверка" not in COMMAND_WORDS
    assert expand(["проверка", "Вор", "атлетика"], ROOT) == ["проверка", "Вор", "атлетика"]


def test_no_command_word_is_also_a_systems_verb():
    """A word of the app's tables would hide a system's verb of the same spelling."""
    from rules.core import name_key

    aliases = {name_key(line[-1]) for line in _system_aliases()}
    clash = sorted(w for w in [*COMMAND_WORDS, *SHORTCUTS] if name_key(w) in aliases)
    assert not clash


def test_every_russian_word_of_the_prompt_works_in_the_shell_too():
    prompt_only = sorted(w for w in SHORTCUTS if _russian(w) and w not in COMMAND_WORDS)
    assert not prompt_only
    assert SUBCOMMANDS is SUBCOMMAND_WORDS


def test_a_word_two_systems_share_follows_the_sessions_system(saves):
    """``ответ`` is skirmish's defend and terra's counter: each session gets its own."""
    for system, verb in (("skirmish", "defend"), ("terra", "counter")):
        env = Environment(saves=saves, session=SESSIONS[system])
        assert in_the_shell(("ответ",), env) == at_the_prompt(("ответ",), env) == (verb,)
