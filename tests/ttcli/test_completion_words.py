"""Issue 24, section 4: what the shells and the combat prompt complete.

The callbacks are pure functions of a context and the typed start (Typer style),
tested directly; the shells are then asked through their real protocol
(``_TTCLI_COMPLETE``) in a subprocess, and zsh and fish run the checked-in scripts
where they are installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
import typer
import typer.main
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.commands import completion as c
from ttcli.env import Environment

ROOT = typer.main.get_command(app)
README = (ROOT_DIR / "README.md").read_text(encoding="utf-8")


@pytest.fixture
def saves(tmp_path):
    """The four example sessions, copied; crypt (dungeon, Russian) is the current one."""
    folder = tmp_path / "saves"
    folder.mkdir()
    for name in ("crypt", "terra", "skirmish", "arena"):
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", folder / f"{name}.toml")
    (folder / ".current").write_text("crypt\n", encoding="utf-8")
    return folder


def context(saves, session: str | None = None):
    """The root context of a line being completed, its global options read."""
    ctx = typer.Context(ROOT, info_name="ttcli", resilient_parsing=True)
    ctx.params.update(saves=saves, session=session)
    return ctx


# ------------------------------------------------------------------ the callbacks, directly


def test_a_checks_stat_completes_to_a_skill_in_the_sessions_language(saves):
    """`ttcli check Викинг ат<Tab>` -> атлетика (dungeon's skill, the session speaks Russian)."""
    assert c.complete_stat_word(context(saves), "ат") == ["атлетика"]
    assert c.complete_stat_word(context(saves), "АТ") == ["атлетика"]  # any case
    assert "тело" in c.complete_stat_word(context(saves), "")  # Russian words first: the session's
    assert c.complete_stat_word(context(saves), "ath") == ["athletics"]  # Latin letters: English words
    assert c.complete_stat_word(context(saves), "лов") == ["ловкость рук"]


def test_stats_follow_the_session_named_on_the_line(saves):
    """--session on the line picks the system: skirmish has стамина, no skills of the dungeon."""
    assert c.complete_stat_word(context(saves, "skirmish"), "ст") == ["ст", "стамина", "стрельба", "стрелковое"]
    assert c.complete_stat_word(context(saves, "skirmish"), "атл") == []


def test_assignments_complete_in_the_sessions_language(saves):
    assert c.complete_assignment(context(saves), "те") == ["тело=", "телосложение="]
    assert c.complete_assignment(context(saves), "hp") == ["hp_max=", "hp="]
    assert c.complete_assignment(context(saves), "тело=") == []  # the value is the master's


def test_effect_presets_of_the_sessions_system(saves):
    assert c.complete_effect(context(saves), "кр") == ["кровотечение"]
    assert c.complete_effect(context(saves), "") == ["кровотечение", "яд", "отравление", "оглушение", "горение",
                                                     "огонь"]
    assert c.complete_effect(context(saves), "bl") == ["bleeding"]


@pytest.mark.parametrize(("complete", "typed", "words"), [
    (c.complete_side, "", ["party", "enemy"]),
    (c.complete_side, "В", ["враг"]),
    (c.complete_lang, "", ["en", "ru"]),
    (c.complete_dialect, "", ["mybb", "phpbb", "plain"]),
    (c.complete_dialect, "пх", ["пхпбб"]),
])
def test_option_values(complete, typed, words):
    assert complete(typed) == words


def test_ambush_takes_the_sides_words():
    words = ("party", "enemy", "players", "enemies", "отряд", "игроки", "враг", "враги")
    assert c.choice_words(words, "") == ["party", "enemy", "players", "enemies"]
    assert c.choice_words(words, "ВР") == ["враг", "враги"]


def test_only_the_sessions_systems_verbs_are_offered(saves):
    terra = c.command_words(ROOT, (), "terra", "")
    dungeon = c.command_words(ROOT, (), "dungeon", "")
    assert "formula" in terra and "formula" not in dungeon
    assert "check" in dungeon and "check" not in terra
    assert "roll" in terra and "roll" in dungeon  # the app's own commands stay
    assert c.command_words(ROOT, (), "dungeon", "ПР") == ["проверка"]
    assert c.command_words(ROOT, (), "terra", "при") == ["приём", "применить"]
    assert c.command_words(ROOT, (), "dungeon", "отм") == ["отмена", "отменить"]
    assert c.command_words(ROOT.get_command(None, "char"), ("char",), "dungeon", "уд") == ["удалить"]


# ------------------------------------------------------------------ the shells' protocol


def _env(saves, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("_TTCLI", "_TYPER", "COMP_"))}
    env.update({"TTCLI_SAVES": str(saves), "PYTHONPATH": str(ROOT_DIR), **extra})
    return env


def bash(saves, line: str) -> list[str]:
    words = line.split(" ")
    done = subprocess.run([sys.executable, "-m", "ttcli"], capture_output=True, text=True, cwd=saves,
                          env=_env(saves, _TTCLI_COMPLETE="complete_bash", COMP_WORDS=line,
                                   COMP_CWORD=str(len(words) - 1)))
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize(("line", "offers"), [
    ("ttcli check Викинг ат", ["атлетика"]),
    ("ttcli check вИК", ["Викинг"]),
    ("ttcli attack Вик гоб", ["'Гоблин 1'", "'Гоблин 2'", "'Гоблин 3'", "'Гоблин 4'", "Гоблин-шаман"]),
    ("ttcli эффект добавить Вор КР", ["кровотечение"]),
    ("ttcli пров", ["проверка"]),
    ("ttcli -s terra при", ["приём", "применить"]),
    ("ttcli check Викинг лов", ["'ловкость рук'"]),  # bash inserts it as it is: quoted
    ("ttcli бой ст", ["старт", "статус"]),
    ("ttcli fight start --ambush вр", ["враг", "враги"]),
    ("ttcli char add Тролль --side ", ["party", "enemy"]),
    ("ttcli --lang ", ["en", "ru"]),
    ("ttcli roll 1d6 --bbcode-dialect ph", ["phpbb"]),
    ("ttcli -s ", ["arena", "crypt", "skirmish", "terra"]),
])
def test_bash_completes_through_the_real_protocol(saves, line, offers):
    assert bash(saves, line) == offers


def test_bash_offers_only_the_sessions_verbs(saves):
    offered = bash(saves, "ttcli -s terra ")
    assert "formula" in offered and "check" not in offered and "rest" not in offered


def test_zsh_is_answered_with_offers_zsh_keeps_in_any_case(saves):
    """Typer's `_arguments` let zsh drop `Викинг` for a typed `вик` (zsh matches case); ttcli adds its
    offers as they are."""
    done = subprocess.run([sys.executable, "-m", "ttcli"], capture_output=True, text=True, cwd=saves,
                          env=_env(saves, _TTCLI_COMPLETE="complete_zsh",
                                   _TYPER_COMPLETE_ARGS="ttcli attack вИК гоблин-ш"))
    assert done.stdout.strip() == "compadd -U -- 'Гоблин-шаман'"


def test_fish_is_answered_through_its_protocol(saves):
    done = subprocess.run([sys.executable, "-m", "ttcli"], capture_output=True, text=True, cwd=saves,
                          env=_env(saves, _TTCLI_COMPLETE="complete_fish", _TYPER_COMPLETE_FISH_ACTION="get-args",
                                   _TYPER_COMPLETE_ARGS="ttcli check Викинг ат"))
    assert done.stdout.splitlines() == ["атлетика"]


def _bin_with_ttcli(tmp_path):
    """A folder holding a `ttcli` that runs this checkout, for a shell's PATH."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "ttcli"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ttcli "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return folder


def test_zsh_completes_a_name_in_any_case_in_a_real_zsh(saves, tmp_path):
    """The README's zsh script, its completion function run by a real zsh on `ttcli check вИК`;
    zsh's compadd (the builtin that adds offers) is replaced by one that prints them."""
    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("zsh is not installed on this machine")
    script = (ROOT_DIR / "completions" / "_ttcli").read_text(encoding="utf-8")
    body = script.replace("compdef _ttcli_completion ttcli", "")
    test = body + '\ncompadd() { print -rl -- "$@" }\nwords=(ttcli check вИК)\nCURRENT=3\n_ttcli_completion\n'
    done = subprocess.run([zsh, "-f", "-c", test], capture_output=True, text=True, cwd=saves, timeout=60,
                          env=_env(saves, PATH=f"{_bin_with_ttcli(tmp_path)}:{os.environ.get('PATH', '')}",
                                   LANG="C.UTF-8"))
    assert done.stdout.splitlines() == ["-U", "--", "Викинг"], done.stderr


def test_the_readmes_fish_install_completes_in_a_real_fish(saves, tmp_path):
    """README "Shell completion": the script copied to ~/.config/fish/completions/ completes
    `ttcli check Викинг ат` to атлетика."""
    fish = shutil.which("fish")
    if fish is None:
        pytest.skip("fish is not installed on this machine")
    completions = tmp_path / "home" / ".config" / "fish" / "completions"
    completions.mkdir(parents=True)
    shutil.copy(ROOT_DIR / "completions" / "ttcli.fish", completions / "ttcli.fish")
    done = subprocess.run([fish, "-c", "complete -C 'ttcli check Викинг ат'"], capture_output=True, text=True,
                          cwd=saves, timeout=60,
                          env=_env(saves, HOME=str(tmp_path / "home"),
                                   XDG_CONFIG_HOME=str(tmp_path / "home" / ".config"),
                                   PATH=f"{_bin_with_ttcli(tmp_path)}:{os.environ.get('PATH', '')}",
                                   LANG="C.UTF-8"))
    assert [line.split("\t")[0] for line in done.stdout.splitlines()] == ["атлетика"], done.stderr


# ------------------------------------------------------------------ the prompt completes the same in context


def test_the_prompt_offers_the_sessions_words(saves):
    from ttcli.repl import Repl, candidates

    repl = Repl(Environment(saves=saves), "crypt", history=False)
    known = repl.roster_words("ат")
    assert candidates(["check", "Викинг"], "ат", ROOT, known.names, known.stats, known.effects, known.sessions,
                      system=repl.system()) == ["атлетика"]
    known = repl.roster_words("")
    assert candidates(["effect", "add", "Вор"], "", ROOT, known.names, known.stats, known.effects,
                      system="dungeon")[:2] == ["кровотечение", "яд"]
    assert candidates(["fight", "start", "--ambush"], "в", ROOT, system="dungeon") == ["враг", "враги"]
    assert candidates(["char", "add", "Тролль", "--side"], "", ROOT) == ["party", "enemy"]
    assert "formula" not in candidates([], "f", ROOT, system="dungeon")
    assert candidates([], "пров", ROOT, system="dungeon") == ["проверка"]


# ------------------------------------------------------------------ README examples that read two ways


def test_the_readmes_char_rm_example_names_one_goblin(tmp_path, runner):
    """`ttcli char rm Гоблин 6` removed two names (Гоблин, 6); the README quotes the one name."""
    assert 'ttcli char rm "Гоблин 6"' in README and "char rm Гоблин 6" not in README
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", saves / "crypt.toml")
    run = lambda *a: runner.invoke(app, ["--saves", str(saves), "-s", "crypt", *a])  # noqa: E731
    added = run("char", "add", "Кобольд", "--side", "enemy", "--count", "6", "тело=2", "реак=3", "--force")
    assert added.exit_code == 0
    assert run("char", "rm", "Кобольд 6").exit_code == 0
    listed = run("char", "list").stdout
    assert "Кобольд 5" in listed and "Кобольд 6" not in listed


def test_a_roll_that_starts_with_a_minus_goes_after_a_double_dash(runner, tmp_path):
    """README: `ttcli roll -- -7/2` = -4; without `--` the shell word reads as an option (usage error)."""
    assert "ttcli roll -- -7/2" in README
    done = runner.invoke(app, ["--saves", str(tmp_path), "roll", "--", "-7/2"])
    assert (done.exit_code, done.stdout) == (0, "-7/2 = -4\n")
    assert runner.invoke(app, ["--saves", str(tmp_path), "roll", "-7/2"]).exit_code == 2
