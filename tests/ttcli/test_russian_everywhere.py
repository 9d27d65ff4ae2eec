"""No English left for a Russian master: every error of every command, the usage line and
help, option values typed in Russian, and a scan of the sources for a message that
bypasses the catalogs."""

from __future__ import annotations

import ast
import re
import shutil
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import ROOT_DIR

ROOT = ROOT_DIR
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.fixture
def ru(runner, saves):
    from ttcli.app import app

    def run(*args):
        return runner.invoke(app, ["--lang", "ru", "--saves", str(saves), *args])

    return run


def english_left(text: str) -> list[str]:
    """Runs of English words in ``text``, once what is not a sentence is taken out: the fixed
    ``ttcli: error:`` prefix (README: scripts match it), what the master typed or is told to
    type (quoted, or a ``ttcli ...`` command), option names, and placeholders (NAME, EXPR...)."""
    text = re.sub(r"^ttcli: (error|ошибка): ", "", text, flags=re.M)
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»\n]*»|`[^`\n]*`", "", text)
    text = re.sub(r"ttcli(?: [a-z][a-z-]*)*", "", text)
    text = re.sub(r"--?[a-z][a-z-]*", "", text)
    text = re.sub(r"\b[A-Z][A-Z_=.]*\b", "", text)
    return re.findall(r"[A-Za-z]{2,}(?: [A-Za-z]{2,})+", text)


#: a bad command line for every command, and what makes it bad (errors worded by the rules
#: themselves, a dice expression's or a rule's, are the rules' texts and tested with them)
BAD_LINES = [
    pytest.param(["roll"], id="roll: missing argument"),
    pytest.param(["roll", "--bogus", "1d6"], id="roll: unknown option"),
    pytest.param(["roll", "1d6", "-n", "x"], id="roll: not a number"),
    pytest.param(["roll", "1d6", "--times"], id="roll: option without its value"),
    pytest.param(["roll", "1d6", "extra", "--quiet=yes"], id="roll: flag given a value"),
    pytest.param(["odds"], id="odds: missing argument"),
    pytest.param(["odds", "1d6", "--at-least", "x"], id="odds: not a number"),
    pytest.param(["nosuch"], id="unknown command"),
    pytest.param(["fight", "nosuch"], id="unknown subcommand"),
    pytest.param(["char", "list"], id="no session chosen"),
    pytest.param(["-s", "nope", "char", "list"], id="unknown session"),
    pytest.param(["-s", "crypt", "char", "show", "Никто"], id="char show: unknown character"),
    pytest.param(["-s", "crypt", "char", "add"], id="char add: missing argument"),
    pytest.param(["-s", "crypt", "char", "add", "X", "--side", "foo"], id="char add: bad side"),
    pytest.param(["-s", "crypt", "char", "add", "X", "--count", "0"], id="char add: bad count"),
    pytest.param(["-s", "crypt", "char", "set", "Вор", "hidden=может"], id="char set: bad value"),
    pytest.param(["-s", "crypt", "char", "give", "Вор", "факел", "--count", "0"], id="char give: bad count"),
    pytest.param(["-s", "crypt", "char", "rm"], id="char rm: missing argument"),
    pytest.param(["-s", "crypt", "effect", "add", "Вор", "кровотечение", "--tick", "foo"], id="effect add: bad tick"),
    pytest.param(["-s", "crypt", "effect", "add", "Вор", "кровотечение", "--stack", "foo"],
                 id="effect add: bad stacking"),
    pytest.param(["-s", "crypt", "effect", "add", "Вор", "яд", "--duration", "bzz"], id="effect add: bad duration"),
    pytest.param(["-s", "crypt", "effect", "add", "Вор", "яд", "--mod", "защита=x"], id="effect add: bad modifier"),
    pytest.param(["-s", "crypt", "effect", "rm", "Вор", "нечто"], id="effect rm: bad effect name"),
    pytest.param(["-s", "crypt", "effect", "add", "Никто", "яд"], id="effect add: unknown character"),
    pytest.param(["-s", "crypt", "fight", "status", "--format", "foo"], id="fight status: bad format"),
    pytest.param(["-s", "crypt", "--bbcode-dialect", "foo", "fight", "status", "-f", "bbcode"],
                 id="bad bbcode dialect"),
    pytest.param(["-s", "crypt", "attack"], id="attack: missing argument"),
    pytest.param(["-s", "crypt", "attack", "Лучница", "Никто"], id="attack: unknown target"),
    pytest.param(["session", "new"], id="session new: missing argument"),
    pytest.param(["session", "new", "x", "--system", "foo"], id="session new: unknown system"),
    pytest.param(["session", "new", "a/b", "--system", "dungeon"], id="session new: bad name"),
    pytest.param(["session", "new", "Я" * 101, "--system", "dungeon"], id="session new: name too long"),
    pytest.param(["session", "use", "nope"], id="session use: unknown session"),
    pytest.param(["-s", "crypt", "session", "commit", "--secret", "zz"], id="session commit: bad secret"),
    pytest.param(["-s", "crypt", "undo", "0"], id="undo: no steps"),
    pytest.param(["-s", "crypt", "log", "--round", "x"], id="log: not a number"),
    pytest.param(["-s", "crypt", "log", "--who", "Никто"], id="log: unknown character"),
    pytest.param(["verify", "nosuch.toml", "--secret", "x"], id="verify: no journal"),
    pytest.param(["completion", "foo"], id="completion: unknown shell"),
]


@pytest.mark.parametrize("args", BAD_LINES)
def test_every_error_reads_in_russian(ru, args):
    r = ru(*args)
    assert r.exit_code not in (0, 70), r.output
    assert r.stderr.startswith("ttcli: ошибка: ") and CYRILLIC.search(r.stderr), r.stderr
    assert english_left(r.stderr) == [], r.stderr
    assert "Traceback" not in r.output


def test_a_broken_session_file_is_reported_in_russian(ru, saves):
    path = saves / "crypt.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('side = "enemy"', 'side = "никто"', 1),
                    encoding="utf-8")
    r = ru("-s", "crypt", "char", "list")
    assert r.exit_code == 4 and CYRILLIC.search(r.stderr), r.stderr
    assert "нужно party (отряд) или enemy (враг)" in r.stderr


def test_english_checker_finds_an_english_sentence():
    # the check above must be able to fail
    assert english_left("ttcli: error: no session 'x' in /tmp (known sessions: a, b)") == [
        "no session", "known sessions"]
    assert english_left("ttcli: ошибка: нет сессии 'x' (см. 'ttcli --help')") == []


# ------------------------------------------------------------------ usage and help


@pytest.mark.parametrize(("args", "usage"), [
    (["--help"], "Использование: ttcli [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..."),
    (["fight", "--help"], "Использование: ttcli fight [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..."),
    (["effect", "add", "--help"], "Использование: ttcli effect add [ПАРАМЕТРЫ] NAME EFFECT"),
    (["roll", "--help"], "Использование: ttcli roll [ПАРАМЕТРЫ] EXPR..."),
])
def test_usage_line_in_russian(ru, args, usage):
    r = ru(*args)
    assert r.exit_code == 0, r.output
    assert usage in [line.strip() for line in r.stdout.splitlines()], r.stdout


@pytest.mark.parametrize("args", [["--help"], ["effect", "add", "--help"], ["session", "--help"],
                                  ["odds", "--help"], ["char", "give", "--help"]])
def test_help_has_no_english_of_click_or_typer(ru, args):
    text = ru(*args).stdout
    for english in ("Usage:", "Options", "Commands", "Arguments", "Show this message", "[OPTIONS]",
                    "COMMAND [ARGS]", "<str>", "<int>", "[default:", "[required]"):
        assert english not in text, (english, text)
    assert "Показать эту справку и выйти." in text


@pytest.mark.parametrize("args", [[], ["fight"], ["char"], ["session"], ["effect"], ["attack"], ["fight", "start"],
                                  ["effect", "add"], ["undo"], ["verify"], ["log"]])
def test_help_in_russian_has_no_english_sentence(ru, args):
    """Help lists every command with its first sentence: a system's verbs too, translated."""
    r = ru("-s", "crypt", *args, "--help")
    assert r.exit_code == 0, r.output
    lines = [line.strip("│ ") for line in r.stdout.splitlines()]
    assert [line for line in lines if not line.startswith("ttcli ") and english_left(line)] == []


def test_english_help_keeps_its_words(runner, saves):
    from ttcli.app import app

    text = runner.invoke(app, ["--lang", "en", "effect", "add", "--help"]).stdout
    assert "Usage: ttcli effect add [OPTIONS] NAME EFFECT" in text and "<int>" in text
    assert "ЧИСЛО" not in text


# ------------------------------------------------------------------ Russian values


def test_effect_add_takes_russian_tick_and_stacking(ru, saves):
    r = ru("-s", "crypt", "effect", "add", "Вор", "ядовитый туман", "--damage", "1",
           "--tick", "конец раунда", "--stack", "сложить")
    assert r.exit_code == 0, r.output
    doc = tomllib.loads((saves / "crypt.toml").read_text(encoding="utf-8"))
    effect = doc["combatants"]["Вор"]["effects"][0]
    assert (effect["tick"], effect["stacking"]) == ("round_end", "add")
    assert "в конце каждого раунда" in r.stdout


def _choices():
    from ttcli import choices

    return [pytest.param(getattr(choices, name), id=name)
            for name in ("FORMATS", "DIALECTS", "TICKS", "STACKING", "STATUSES")]


@pytest.mark.parametrize("choices", _choices())
def test_every_russian_word_shown_is_accepted(choices, monkeypatch):
    """The words an error or help shows a Russian master are words the option takes."""
    from ttcli import i18n

    monkeypatch.setenv("TTCLI_LANG", "ru")
    i18n.setup()
    shown = choices.shown()
    assert all(CYRILLIC.search(word) for key, word in zip(choices.spellings, shown, strict=True) if word != key) and \
        any(CYRILLIC.search(word) for word in shown)
    assert [choices.key(word) for word in shown] == list(choices.spellings)
    # and every key keeps working, in any case and with spaces for underscores
    assert [choices.key(key.upper().replace("_", " ")) for key in choices.spellings] == list(choices.spellings)


@pytest.mark.parametrize(("russian", "english"), [
    (["fight", "status", "-f", "простой"], ["fight", "status", "-f", "plain"]),
    (["fight", "status", "--format", "ббкод"], ["fight", "status", "--format", "bbcode"]),
    (["fight", "status", "-f", "маркдаун"], ["fight", "status", "-f", "markdown"]),
    (["--bbcode-dialect", "пхпбб", "fight", "status", "-f", "bbcode"],
     ["--bbcode-dialect", "phpbb", "fight", "status", "-f", "bbcode"]),
    (["--bbcode-dialect", "простой", "fight", "status", "-f", "bbcode"],
     ["--bbcode-dialect", "plain", "fight", "status", "-f", "bbcode"]),
    (["char", "list", "-f", "авто"], ["char", "list", "-f", "auto"]),
    (["fight", "start", "--ambush", "враг", "--seed", "3"], ["fight", "start", "--ambush", "enemy", "--seed", "3"]),
])
def test_russian_option_values_mean_the_english_ones(runner, saves, tmp_path, russian, english):
    from ttcli.app import app

    outputs = []
    for i, line in enumerate((russian, english)):
        folder = tmp_path / f"copy{i}"
        shutil.copytree(saves, folder)
        r = runner.invoke(app, ["--lang", "ru", "--saves", str(folder), "-s", "crypt", *line])
        assert r.exit_code == 0, r.output
        outputs.append(r.stdout)
    assert outputs[0] == outputs[1]


def test_char_set_reads_russian_keys_and_states(ru, saves):
    r = ru("-s", "crypt", "char", "set", "Огр", "статус=мёртв", "сторона=отряд", "скрыт=да")
    assert r.exit_code == 0, r.output
    ogre = tomllib.loads((saves / "crypt.toml").read_text(encoding="utf-8"))["combatants"]["Огр"]
    assert (ogre["status"], ogre["side"], ogre["hidden"]) == ("dead", "party", True)
    assert r.stdout == "Огр: сторона враг -> отряд, скрыт нет -> да, состояние в строю -> мёртв\n"
    undone = ru("-s", "crypt", "undo")
    assert "Огр: сторона отряд -> враг, состояние мёртв -> в строю, скрыт да -> нет" in undone.stdout, undone.output
    assert ru("-s", "crypt", "char", "set", "Огр", "состояние=в строю").exit_code == 0
    assert tomllib.loads((saves / "crypt.toml").read_text(encoding="utf-8"))["combatants"]["Огр"]["status"] == "ok"


def test_side_and_system_in_russian(ru, saves):
    assert ru("session", "new", "Склеп", "--system", "подземелье").exit_code == 0
    r = ru("-s", "Склеп", "char", "add", "Гоблин", "--side", "враги", "тело=1", "реак=1", "раз=1", "хар=1",
           "--force")
    assert r.exit_code == 0, r.output
    doc = tomllib.loads((saves / "Склеп.toml").read_text(encoding="utf-8"))
    assert (doc["system"], doc["combatants"]["Гоблин"]["side"]) == ("dungeon", "enemy")


# ------------------------------------------------------------------ the sources

#: the catalog tool speaks to whoever keeps the catalogs, in English
NOT_SCANNED = ("ttcli/i18n/catalogs.py",)

#: texts in a message position that are not sentences for people, and why
ALLOWED = {
    ("ttcli/commands/actions.py", "ttcli fight start"): "a command path, put into a translated hint",
    ("ttcli/commands/day.py", "ttcli day"): "a command path, put into a translated hint",
    ("ttcli/i18n/mo.py", "Bad magic number"): "gettext's own error for a file that is no catalog, "
                                              "raised before any catalog can translate",
}

_WRAPPERS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
#: calls whose text arguments a person reads
_SINKS = {"CliError", "BadParameter", "UsageError", "Report", "StoreError", "echo", "secho", "write", "print",
          "error", "confirm", "prompt", "Message", "bad", "add_column", "add_row"}
_HELP = ("help", "epilog", "short_help", "rich_help_panel")
_SENTENCE = re.compile(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}")


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _texts(node: ast.AST):
    """The string literals of an argument that reach the reader untranslated."""
    if isinstance(node, ast.Call):
        name = _call_name(node)
        if name in ("format", "join") and isinstance(node.func, ast.Attribute):
            yield from _texts(node.func.value)
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                yield from _texts(arg)
        return  # a translated text, or a value computed elsewhere
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        yield "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                yield from _texts(v.value)
    elif isinstance(node, (ast.BinOp, ast.IfExp, ast.Tuple, ast.List, ast.BoolOp)):
        for child in ast.iter_child_nodes(node):
            yield from _texts(child)


def untranslated_messages(source: str) -> set[str]:
    """English sentences in a module's raise statements and output calls, outside _()/N_()..."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        args: list[ast.AST] = []
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            args += [*node.exc.args, *(k.value for k in node.exc.keywords)]
        if isinstance(node, ast.Call) and _call_name(node) in _SINKS:
            args += [*node.args, *(k.value for k in node.keywords if k.arg not in ("code", "default", "err", "nl"))]
        if isinstance(node, ast.keyword) and node.arg in _HELP and not isinstance(node.value, ast.Constant):
            args.append(node.value)  # a literal help text is collected for the catalog; a built one is not
        found.update(text for arg in args for text in _texts(arg) if _SENTENCE.search(text))
    return found


def test_scan_finds_an_untranslated_message():
    source = '''
raise CliError(f"no session {name!r}", ExitCode.NOT_FOUND, "pass --session NAME")
raise CliError(_("no session {name!r}").format(name=name), hint=_("choose one"))
env.stderr.write("ttcli: interrupted" + "\\n")
error(env, _("bad line: {line}").format(line=" ".join(words)))
emit(ctx, Message(("nothing restored",)))
typer.Option(help="Who attacks."), typer.Option(help=f"Who attacks {whom}.")
'''
    assert untranslated_messages(source) == {"no session {}", "pass --session NAME", "ttcli: interrupted",
                                             "nothing restored", "Who attacks {}."}


def test_no_message_in_the_interface_bypasses_the_catalogs():
    found = []
    for path in sorted((ROOT / "ttcli").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if "locale" in path.parts or where.startswith(NOT_SCANNED):
            continue
        found += [(where, text) for text in untranslated_messages(path.read_text(encoding="utf-8"))
                  if (where, text) not in ALLOWED]
    assert found == []


# ------------------------------------------------------------------ the prompt's verbs


def test_every_command_of_the_prompt_has_a_russian_word():
    """A master at the prompt never switches layout for a command: each of the app's commands and
    each subcommand of its groups has a Russian word (the systems' verbs bring their own aliases)."""
    import typer.main

    from ttcli.app import app
    from ttcli.commands import COMMANDS
    from ttcli.repl import SHORTCUTS, SUBCOMMANDS

    reached = {tuple(words) for words in SHORTCUTS.values()}
    for name in COMMANDS:
        if name in ("repl", "completion"):  # the prompt is open; scripts for a shell are not typed there
            continue
        assert (name,) in reached or any(words[0] == name for words in reached), name
    root = typer.main.get_command(app)
    for group, words in SUBCOMMANDS.items():
        assert set(root.commands[group].commands) <= set(words.values()), group


@pytest.mark.parametrize(("line", "words"), [
    ("сессия удалить Склеп", ["session", "rm", "Склеп"]),
    ("сессия зафиксировать", ["session", "commit"]),
    ("персонаж удалить Вор", ["char", "rm", "Вор"]),
    ("эффект снять Вор яд", ["effect", "rm", "Вор", "яд"]),
    ("сверить журнал.toml --secret 00", ["verify", "журнал.toml", "--secret", "00"]),
])
def test_russian_prompt_words_expand_to_commands(line, words):
    import typer.main

    from ttcli.app import app
    from ttcli.repl import expand, split_line

    assert expand(split_line(line), typer.main.get_command(app)) == words


def test_the_prompt_answers_mistakes_in_russian(saves, monkeypatch):
    """Typed at the prompt (prompt_toolkit through a pipe): Russian words run, and every mistake
    of a line, Click's, ours or the line's own quoting, reads in Russian."""
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ttcli import i18n
    from ttcli.env import Environment
    from ttcli.repl import Repl

    monkeypatch.setenv("TTCLI_LANG", "ru")
    i18n.setup()
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=saves)
    lines = ["эффект добавить Вор туман --damage 1 --tick 'конец раунда' --stack сложить",
             "эффект добавить Вор туман --tick foo", "персонаж удалить", "чтото", '"незакрытая', "выход"]
    with create_pipe_input() as pipe:
        pipe.send_text("\n".join(lines) + "\n")
        Repl(env, "crypt", input=pipe, output=DummyOutput(), history=False).run()
    out, err = env.stdout.getvalue(), env.stderr.getvalue()
    assert "Вор: туман: 1 урон в конце каждого раунда" in out, out + err
    errors = [line for line in err.splitlines() if line.startswith("ttcli: ошибка: ")]
    assert len(errors) == 4, err
    assert all(CYRILLIC.search(line) and english_left(line) == [] for line in errors), err
    assert "кавычка не закрыта" in err


def _spellings():
    from ttcli import choices

    return [(vocabulary, key, word) for vocabulary in ("FORMATS", "DIALECTS", "TICKS", "STACKING")
            for key, words in getattr(choices, vocabulary).spellings.items() for word in (key, *words)]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_option_words_match_in_any_case_and_separator(data):
    """A word of a fixed list is read like a name: any case, ё as е, space, _ or - alike."""
    from ttcli import choices

    vocabulary, key, word = data.draw(st.sampled_from(_spellings()))
    flips = data.draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    typed = "".join(c.upper() if flip else c for c, flip in zip(word, flips, strict=True))
    typed = typed.replace(" ", data.draw(st.sampled_from([" ", "_", "-", "  "]))).replace("е", "ё")
    assert getattr(choices, vocabulary).key(typed) == key


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="abcxyzабвгдъ _-", min_size=1, max_size=12))
def test_an_unknown_option_word_is_refused_with_the_list(text):
    from rules.core.names import name_key
    from ttcli import choices

    words = choices.TICKS
    known = {name_key(w) for key, spelt in words.spellings.items() for w in (key, *spelt)}
    if name_key(text) in known:
        assert words.key(text) in words.spellings
    else:
        with pytest.raises(ValueError, match="turn_start, turn_end, round_start, round_end, never"):
            words.key(text)


def test_log_tells_roster_changes_in_sentences(ru):
    """A roster change is journaled with its sentence, so log reads it in words, not as the
    event's fields (``char-give: actor Вор, item факел ...``)."""
    assert ru("-s", "crypt", "char", "give", "Вор", "факел").exit_code == 0
    assert ru("-s", "crypt", "char", "add", "Крыса", "--side", "враг", "тело=1", "реак=1", "раз=1", "хар=1",
              "--force").exit_code == 0
    assert ru("-s", "crypt", "char", "rm", "Крыса").exit_code == 0
    lines = [line.split(" ", 3)[3] for line in ru("-s", "crypt", "log").stdout.splitlines()]
    assert lines == ["Вор получает: факел (Вор: занято 4 из 6 мест, свободно 2)", "добавлены: Крыса (враг)",
                     "убраны: Крыса"]
