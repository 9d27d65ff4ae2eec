"""The command line as a whole behaves like the best ones: one error style in the shell and the
prompt, help with examples in the reader's language, global options anywhere, questions
before a destructive step, Russian words wherever a master types."""

import io
import json
import re

import pytest
import typer.main
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.env import Environment
from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR
ROOT_COMMAND = typer.main.get_command(app)


def _walk(group, prefix=()):
    """Every command a master can run, system verbs included."""
    for name in group.list_commands(None):
        command = group.get_command(None, name)
        yield (*prefix, name), command
        if hasattr(command, "list_commands"):
            yield from _walk(command, (*prefix, name))


PATHS = sorted(path for path, _ in _walk(ROOT_COMMAND))


def run(saves, *words, answer=None, tty=False):
    """One command line through the app as the shell runs it: (exit code, stdout, stderr)."""
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), stdin=io.StringIO(answer or ""),
                      stdin_isatty=tty, stdout_isatty=False, saves=saves, session="crypt")
    code = ROOT_COMMAND.run_words(list(words), obj=env)
    return code, env.stdout.getvalue(), env.stderr.getvalue()


# ------------------------------------------------------------------ help


def test_the_walk_reaches_every_command_and_every_system_verb():
    assert len(PATHS) > 40 and ("attack",) in PATHS and ("fight", "start") in PATHS and ("effect", "add") in PATHS


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_every_command_help_has_examples_and_a_usage_line_with_real_names(runner, path):
    r = runner.invoke(app, [*path, "--help"])
    assert r.exit_code == 0, r.output
    assert "Examples:" in r.stdout and " ttcli " in r.stdout.split("Examples:")[-1]
    usage = next(line for line in r.stdout.splitlines() if "Usage:" in line)
    assert "{" not in usage and " ".join(path) in usage


def _help_texts(command):
    """The English help texts of a command and of its parameters, as declared."""
    for obj in (command, *getattr(command, "params", ())):
        originals = obj.__dict__.get("_ttcli_en", {})
        for attr in ("help", "epilog"):
            text = originals.get(attr, getattr(obj, attr, None))
            if isinstance(text, str) and re.search(r"[A-Za-z]{3}", text.replace("ttcli", "")):
                yield text


def _catalog_texts():
    """The texts of the program's Russian catalog (with whether each is translated), and the
    texts the systems' own catalogs carry."""
    from ttcli.i18n import catalogs

    own, systems = {}, set()
    for po in sorted((ROOT / "ttcli" / "locale").glob("ru/LC_MESSAGES/*.po")):
        own = {e.msgid: e.translated() for e in catalogs.read_po(po.read_text(encoding="utf-8"))[1].values()}
    for po in sorted((ROOT / "rules" / "systems").glob("*/locale/ru/LC_MESSAGES/*.po")):
        systems |= {e.msgid for e in catalogs.read_po(po.read_text(encoding="utf-8"))[1].values()}
    return own, systems


OWN, SYSTEMS = _catalog_texts()


def _declared_by_systems():
    """The help texts the systems declare for their actions and fight starts: each system's
    catalog is that system's to complete (its own tests), so they are not checked here."""
    from rules.systems import known, system_rules

    texts = set()
    for system in known():
        rules = system_rules(system)
        actions = getattr(rules.actions, "actions", ())
        for action in actions:
            texts.add(action.help)
            texts |= {p.help for p in action.params}
        texts |= {p.help for p in rules.start_params}
    return texts


DECLARED = _declared_by_systems()


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_every_command_help_is_russian_with_ttcli_lang_ru(runner, monkeypatch, path):
    """With TTCLI_LANG=ru every help text is the program's, translated, or a system's own (its
    catalog is that system's to complete): never a text no catalog knows (one glued together)."""
    import inspect

    monkeypatch.setenv("TTCLI_LANG", "ru")
    r = runner.invoke(app, [*path, "--help"])
    assert r.exit_code == 0, r.output
    assert "Использование:" in r.stdout and "Примеры:" in r.stdout and "Show this message" not in r.stdout
    command = dict(_walk(ROOT_COMMAND))[path]
    texts = [inspect.cleandoc(text) for text in _help_texts(command) if text not in DECLARED]
    unknown = [text for text in texts if text not in OWN and text not in SYSTEMS]
    untranslated = [text for text in texts if OWN.get(text) is False]
    assert (unknown, untranslated) == ([], [])


def test_version():
    code, out, _ = run(None, "--version")
    assert code == 0 and re.fullmatch(r"ttcli \d+\.\d+\S*\n", out)


# ------------------------------------------------------------------ one error style


@pytest.mark.parametrize("words, message", [
    (["rol", "1d6"], "ttcli: error: no such command: rol (did you mean 'ttcli roll'? see 'ttcli --help')"),
    (["roll", "--bogus", "1d6"], "ttcli: error: no such option: --bogus (see 'ttcli roll --help')"),
    (["session", "new"], "ttcli: error: missing argument NAME (see 'ttcli session new --help')"),
    (["roll", "1d6", "--times", "x"],
     "ttcli: error: invalid value for --times / -n: 'x' is not a whole number (see 'ttcli roll --help')"),
    (["char", "add", "Маг", "--count"], "ttcli: error: option --count needs a value (see 'ttcli char add --help')"),
    (["fight", "start", "--ambus", "party"],
     "ttcli: error: no such option: --ambus; did you mean --ambush? (see 'ttcli fight start --help')"),
    (["attack", "Викинг"], "ttcli: error: missing argument TARGET (see 'ttcli attack --help')"),
    (["--lang", "xx", "roll", "1d6"],
     "ttcli: error: invalid value for --lang: unknown language 'xx'; one of: en, ru (see 'ttcli --help')"),
])
def test_usage_errors_are_one_sentence_with_a_hint_and_exit_2(saves, runner, words, message):
    code, out, err = run(saves, *words)
    assert (code, out, err) == (ExitCode.USAGE, "", message + "\n")
    r = runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *words])  # the shell's way in
    assert r.exit_code == ExitCode.USAGE and r.stderr == message + "\n" and "╭" not in r.output


def test_usage_errors_are_russian_for_a_russian_reader(saves, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    assert run(saves, "roll", "--bogus", "1d6")[2] == (
        "ttcli: ошибка: нет такого параметра: --bogus (см. 'ttcli roll --help')\n")
    assert run(saves, "session", "new")[2] == (
        "ttcli: ошибка: не хватает аргумента NAME (см. 'ttcli session new --help')\n")


def test_usage_errors_read_the_same_in_the_prompt(saves):
    from ttcli.repl import Repl

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=saves)
    code = Repl(env, "crypt", input=None, history=False).run_lines(["roll --bogus 1d6", "status"])
    assert code == ExitCode.USAGE
    assert env.stderr.getvalue().splitlines() == [
        "ttcli: error: no such option: --bogus (see 'ttcli roll --help')",
        "ttcli: the error above is on line 1 of the input: roll --bogus 1d6",
    ]


def test_piped_prompt_input_names_the_failing_line(saves):
    from typer.testing import CliRunner

    r = CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", "fight"],
                           input="# round 1\nfight start --seed 1\n\nattack Никто Огр\n")
    assert r.exit_code == ExitCode.NOT_FOUND
    assert "the error above is on line 4 of the input: attack Никто Огр" in r.stderr


# ------------------------------------------------------------------ global options anywhere


def test_no_color_after_the_command_is_honoured(saves, runner):
    r = runner.invoke(app, ["--saves", str(saves), "roll", "2d6", "--given", "1 2", "--no-color"])
    assert r.exit_code == 0 and r.stdout == "2d6 = 1+2 = 3\n"


# ------------------------------------------------------------------ questions before a destructive step


def test_fight_end_refuses_without_a_terminal_while_enemies_stand(saves):
    run(saves, "fight", "start", "--seed", "1")
    code, _, err = run(saves, "fight", "end", answer="y\n")  # piped input is never an answer
    assert code == ExitCode.USAGE and "to end it anyway: ttcli fight end --yes" in err
    assert "Гоблин 1" in err and "fight" in json.loads(run(saves, "fight", "status", "--json")[1])


@pytest.mark.parametrize("answer, ends", [("n\n", False), ("\n", False), ("y\n", True), ("да\n", True)])
def test_fight_end_asks_on_a_terminal(saves, answer, ends):
    run(saves, "fight", "start", "--seed", "1")
    code, out, err = run(saves, "fight", "end", answer=answer, tty=True)
    assert code == 0
    assert "6 enemies are still standing (Гоблин 1, Гоблин 2, Гоблин 3, Гоблин 4, Гоблин-шаман, Огр)" in err
    assert ("fight" not in json.loads(run(saves, "fight", "status", "--json")[1])) is ends
    assert ("the fight goes on" in out) is not ends


def test_fight_end_asks_nothing_when_no_enemy_stands_or_with_yes(saves):
    run(saves, "fight", "start", "--seed", "1")
    assert run(saves, "fight", "end", "--yes")[0] == 0
    run(saves, "fight", "start", "--seed", "1")
    for name in ("Гоблин 1", "Гоблин 2", "Гоблин 3", "Гоблин 4", "Гоблин-шаман", "Огр"):
        run(saves, "char", "set", name, "status=dead")
    code, _, err = run(saves, "fight", "end")
    assert (code, err) == (0, "")


def test_the_question_is_russian_for_a_russian_reader(saves, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    run(saves, "fight", "start", "--seed", "1")
    run(saves, "char", "set", "Огр", "status=dead")
    _, _, err = run(saves, "fight", "end", answer="нет\n", tty=True)
    assert "На ногах ещё 5 врагов (Гоблин 1, Гоблин 2, Гоблин 3, Гоблин 4, Гоблин-шаман). Завершить бой? [д/Н]" in err


# ------------------------------------------------------------------ the journal says what changed


def test_char_set_journal_line_says_what_changed_from_what(saves):
    code, out, _ = run(saves, "char", "set", "Вор", "hp=3", "тело=3", "side=враг")
    assert code == 0 and out == "Вор: hp 7 -> 3, body 2 -> 3, side party -> enemy\n"
    event = json.loads(run(saves, "log", "--json", "-n", "1")[1])["events"][0]
    assert event["text"] == ["Вор: hp 7 -> 3, body 2 -> 3, side party -> enemy"]
    assert event["command"] == "char set hp=3 тело=3 side=враг"


# ------------------------------------------------------------------ Russian input


def test_russian_option_values(saves, tmp_path):
    code, out, _ = run(saves, "char", "add", "Волк", "--side", "враг", "тело=2", "реак=3", "--force")
    assert code == 0 and out == "added Волк (enemy)\n"
    fresh = tmp_path / "fresh"
    code, out, _ = run(fresh, "session", "new", "Склеп", "--system", "подземелье")
    assert code == 0 and "created session Склеп (dungeon)" in out
    code, _, err = run(fresh, "session", "new", "Иное", "--system", "шахматы")
    assert code == ExitCode.USAGE and "unknown system 'шахматы'" in err and "dungeon" in err


@pytest.mark.parametrize("line, expected", [
    ("ход", ["fight", "next"]),
    ("статус --public", ["fight", "status", "--public"]),
    ("отмена", ["undo"]),
    ("эффект добавить Вор кровотечение", ["effect", "add", "Вор", "кровотечение"]),
    ("эффект снять Вор яд", ["effect", "rm", "Вор", "яд"]),
    ("Атака Викинг Огр", ["fight", "Атака", "Викинг", "Огр"][1:]),  # a system's alias: the app resolves it
    ("бой начать", ["fight", "start"]),
])
def test_the_prompt_takes_russian_command_words(line, expected):
    from ttcli.repl import expand, split_line

    assert expand(split_line(line), ROOT_COMMAND) == expected


def test_a_russian_prompt_session_plays_a_turn(saves):
    from ttcli.repl import Repl

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=saves)
    lines = ["начать --seed 1", "эффект добавить Огр кровотечение --duration '3 хода'", "урон Огр 2",
             "лечение Огр 1", "статус", "ход", "отмена", "выход", "ход"]
    assert Repl(env, "crypt", history=False).run_lines(lines) == 0, env.stderr.getvalue()
    events = [e["kind"] for e in json.loads(run(saves, "log", "--json", "-n", "0")[1])["events"]]
    assert events[-1] == "undo" and len([e for e in events if e == "undo"]) == 1


# ------------------------------------------------------------------ the prompt's completion follows the command


WORDS = {"names": ["Викинг", "Вор", "Гоблин 1", "Огр"], "stats": ["body", "тело", "атлетика"],
         "effects": ["bleeding", "кровотечение", "яд"], "sessions": ["crypt", "склеп"]}


@pytest.mark.parametrize("words, current, expected", [
    (["check"], "в", ["Викинг", "Вор"]),
    (["check", "Вор"], "ат", ["атлетика"]),
    (["check", "Вор"], "Т", ["тело"]),
    (["effect", "add", "Вор"], "кр", ["кровотечение"]),
    (["эффект", "добавить", "Вор"], "", ["bleeding", "кровотечение", "яд"]),
    (["session", "use"], "СК", ["склеп"]),
    (["char", "set", "Вор"], "те", ["тело="]),
    (["attack", "Викинг", "--situation", "x"], "ог", ["Викинг", "Вор", "Гоблин 1", "Огр"][3:]),
    ([], "отм", ["отмена", "отменить"]),
    ([], "sta", ["status", "start", "stand"]),
    ([], "ста", ["статус", "старт"]),
    (["эффект"], "сн", ["снять"]),
])
def test_prompt_completion_follows_the_command(words, current, expected):
    from ttcli.repl import candidates

    got = candidates(words, current, ROOT_COMMAND, **WORDS)
    assert sorted(got) == sorted(expected)


# ------------------------------------------------------------------ undo says what it undid


def test_undo_and_redo_say_what_they_took_back(saves):
    run(saves, "fight", "start", "--seed", "1")
    run(saves, "char", "set", "Вор", "hp=3")
    code, out, _ = run(saves, "undo")
    assert code == 0 and out == "undo: 1 step back; now at state 2 of 3\nВор: hp 3 -> 7\n"
    assert run(saves, "redo")[1] == "redo: 1 step forward; now at state 3 of 3\nВор: hp 7 -> 3\n"
    out = run(saves, "undo", "2")[1].splitlines()
    assert out[0] == "undo: 2 steps back; now at state 1 of 3"
    assert out[1].startswith("fight: round 1, ") and out[1].endswith(" -> no fight") and "Вор: hp 3 -> 7" in out


def test_undo_of_a_hand_edit_says_what_the_edit_was(saves):
    path = saves / "crypt.toml"
    run(saves, "char", "set", "Огр", "hp=11")
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 11", "hp = 12", 1), encoding="utf-8")
    assert run(saves, "undo")[1].splitlines()[1:] == ["Огр: hp 12 -> 11"]


def test_undo_speaks_russian(saves, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    run(saves, "char", "set", "Вор", "hp=3")
    assert run(saves, "undo")[1] == "отмена: 1 шаг назад; теперь состояние 1 из 2\nВор: hp 3 -> 7\n"
