"""Forum posts: the round's story, a closing table, hidden details folded away, in the tags
each board knows; rendered with real renderers (markdown-it-py, the bbcode package set up
with each board's tags) to prove lines, tables and code blocks survive a board.

The fight: the crypt with the goblin shaman hidden; the party ambushes (DG-INIT-1), the
archer shoots goblin 1 with given dice (d20 20, 1d6 3: HP 7 -> 4), the shaman is moved up
to act in round 1 by playing the turns through, and knocks Вор down with given dice.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import bbcode
import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from support.paths import ROOT_DIR

from ttcli import posts
from ttcli.app import app
from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR
HIDDEN = "Гоблин-шаман"
STAMP = re.compile(r"\d{4}-\d{2}-\d{2}|#\d+")

#: the tags each board knows out of the box (stock phpBB 3; MyBB as rusff sets it up; the plain set)
BOARD_TAGS = {
    "mybb": ("b", "i", "u", "s", "color", "quote", "code", "spoiler"),
    "phpbb": ("b", "i", "u", "color", "quote", "code"),
    "plain": ("b", "i", "quote", "code"),
}


def board(dialect: str) -> bbcode.Parser:
    parser = bbcode.Parser(install_defaults=False)
    for tag in BOARD_TAGS[dialect]:
        if tag == "code":
            parser.add_simple_formatter("code", "<pre>%(value)s</pre>", render_embedded=False,
                                        transform_newlines=False, replace_cosmetic=False, escape_html=True)
        elif tag == "spoiler":
            parser.add_formatter("spoiler", lambda tag, value, options, parent, context:
                                 f"<details><summary>{options.get('spoiler', '')}</summary>{value}</details>")
        elif tag == "quote":
            parser.add_formatter("quote", lambda tag, value, options, parent, context:
                                 f"<blockquote><cite>{options.get('quote', '')}</cite>{value}</blockquote>")
        elif tag == "color":
            parser.add_formatter("color", lambda tag, value, options, parent, context:
                                 f"<span style=\"color:{options.get('color')}\">{value}</span>")
        else:
            parser.add_simple_formatter(tag, f"<{tag}>%(value)s</{tag}>")
    return parser


def unknown_tags(parser: bbcode.Parser, text: str) -> list[str]:
    """Tags the board would print as text: every [x] outside [code] must be one it knows."""
    outside = re.sub(r"\[code\].*?\[/code\]", "", text, flags=re.DOTALL)
    tags = re.findall(r"\[/?([a-z*]+)[=\]]", outside)
    return [t for t in tags if t not in parser.recognized_tags]


def _run(saves, *args):
    from typer.testing import CliRunner

    return CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", *args])


def _ok(saves, *args):
    r = _run(saves, *args)
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


@pytest.fixture(scope="module")
def fight(tmp_path_factory):
    saves = tmp_path_factory.mktemp("forum") / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    _ok(saves, "char", "set", HIDDEN, "hidden=true")
    _ok(saves, "fight", "start", "--ambush", "party")
    _ok(saves, "attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 3")
    for _ in range(8):  # Лучница, Вор, Викинг, Жрец, four goblins: the shaman's turn
        _ok(saves, "fight", "next")
    _ok(saves, "knock", HIDDEN, "Вор", "--given", "20 1")
    return saves


def post(fight, *args, dialect: str | None = None):
    # the root group reads the dialect; ttcli's entry point moves it there from anywhere on the line
    root = ["--bbcode-dialect", dialect] if dialect else []
    return _ok(fight, *root, "log", "--round", "1", *args)


# ---------------------------------------------------------------- BBCode on each board


@pytest.mark.parametrize("dialect", posts.DIALECTS)
@pytest.mark.parametrize("public", [False, True])
def test_round_post_uses_only_the_boards_tags_and_keeps_its_lines(fight, dialect, public):
    text = post(fight, "--format", "bbcode", *(["--public"] if public else []), dialect=dialect)
    parser = board(dialect)
    assert unknown_tags(parser, text) == []
    html = parser.format(text)
    # the story keeps one line per line: the archer's attack is four lines, four line breaks apart
    story = html.split("Лучница attacks Гоблин 1")[1].split("Turn: Вор")[0]
    assert story.count("<br />") >= 4
    assert not STAMP.search(text)  # no sequence numbers, no timestamps
    assert not any(line.startswith(" ") for line in re.sub(r"\[code\].*?\[/code\]", "", text,
                                                            flags=re.DOTALL).splitlines())


@pytest.mark.parametrize("dialect", posts.DIALECTS)
def test_closing_table_is_a_code_block_with_even_columns(fight, dialect):
    text = post(fight, "--format", "bbcode", dialect=dialect)
    html = board(dialect).format(text)
    tables = re.findall(r"<pre>(.*?)</pre>", html, flags=re.DOTALL)
    assert tables, html
    rows = tables[0].strip("\n").splitlines()
    assert rows[0].split("|")[0].strip() == "name"
    assert len({line.count("|") for line in rows if "|" in line}) == 1
    assert any(row.startswith("Гоблин 1 ") for row in rows)


def test_master_post_folds_the_hidden_into_a_spoiler_on_mybb_and_a_quote_on_phpbb(fight):
    mybb = post(fight, "--format", "bbcode", dialect="mybb")
    phpbb = post(fight, "--format", "bbcode", dialect="phpbb")
    spoilers = re.findall(r"\[spoiler=Hidden from the players\](.*?)\[/spoiler\]", mybb, flags=re.DOTALL)
    assert any(f"{HIDDEN} tries to knock Вор down" in s for s in spoilers)
    assert "[spoiler" not in phpbb and '[quote="Hidden from the players"]' in phpbb
    # what the players saw stays outside the fold; of the hidden one, only whose turn it is
    outside = re.sub(r"\[spoiler.*?\[/spoiler\]", "", mybb, flags=re.DOTALL)
    assert "Someone knocks Вор down." in outside
    assert HIDDEN not in outside.replace(f"turn: {HIDDEN},", "")


def test_issue_1_the_masters_post_names_the_hidden_one_whose_turn_it_is(fight):
    """The master's version names everyone (no «ход: кто-то»); the players' says "someone"."""
    master = post(fight, "--format", "bbcode")
    players = post(fight, "--format", "bbcode", "--public")
    assert f"Round 1, turn: {HIDDEN}, 1 action left." in master
    assert "turn: someone" not in master
    assert "Round 1, turn: someone." in players


def test_players_post_has_no_fold_and_no_hidden_name(fight):
    text = post(fight, "--format", "bbcode", "--public")
    assert "[spoiler" not in text and HIDDEN not in text
    assert "Гоблин 1: wounded." in text and "Someone knocks Вор down." in text


@pytest.mark.parametrize(("dialect", "struck"), [("mybb", "[s]"), ("phpbb", "[color=gray]"), ("plain", "~~")])
def test_dropped_dice_are_struck_the_way_the_board_can(cli, dialect, struck):
    out = cli("--bbcode-dialect", dialect, "roll", "4d6kh3", "--seed", "1", "--format", "bbcode").stdout
    assert struck in out
    assert unknown_tags(board(dialect), out) == []


def test_the_session_setting_picks_the_dialect_and_the_option_wins(fight, tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(fight, saves)
    path = saves / "crypt.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "[settings]", '[settings]\nbbcode_dialect = "phpbb"', 1), encoding="utf-8")
    assert "[settings]" in path.read_text(encoding="utf-8")
    assert '[quote="Hidden' in _ok(saves, "log", "--round", "1", "--format", "bbcode")
    assert "[spoiler=" in _ok(saves, "--bbcode-dialect", "mybb", "log", "--round", "1", "--format", "bbcode")


def test_an_unknown_dialect_is_a_usage_error_on_stderr(fight):
    r = _run(fight, "--bbcode-dialect", "vbulletin", "log", "--format", "bbcode")
    assert r.exit_code == ExitCode.USAGE
    assert "unknown BBCode dialect 'vbulletin'" in r.stderr and "mybb, phpbb, plain" in r.stderr
    assert r.stdout == ""


def test_a_wrong_dialect_in_the_session_file_is_reported_with_its_field(fight, tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(fight, saves)
    path = saves / "crypt.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "[settings]", '[settings]\nbbcode_dialect = "vb"', 1), encoding="utf-8")
    r = _run(saves, "session", "check")
    assert r.exit_code == ExitCode.BAD_DATA and "settings.bbcode_dialect" in r.stderr


# ---------------------------------------------------------------- Markdown


def test_markdown_post_keeps_lines_tables_and_folds(fight):
    text = post(fight, "--format", "markdown")
    tokens = MarkdownIt().parse(text)
    fences = [t for t in tokens if t.type == "fence"]
    assert len(fences) == 2  # the table, and the hidden shaman's row in the fold
    assert fences[0].content.splitlines()[0].split("|")[0].strip() == "name"
    inline = [t for t in tokens if t.type == "inline"]
    attack = next(t for t in inline if t.content.startswith("Лучница attacks"))
    assert sum(c.type == "hardbreak" for c in attack.children) == 3  # four lines, three breaks
    folds = [t for t in tokens if t.type == "html_block" and t.content.startswith("<details>")]
    assert folds and "<summary>Hidden from the players</summary>" in folds[0].content
    assert not STAMP.search(text)


def test_markdown_players_post_renders_without_html(fight):
    text = post(fight, "--format", "markdown", "--public")
    tokens = MarkdownIt().parse(text)
    assert not [t for t in tokens if t.type.startswith("html")]
    assert len([t for t in tokens if t.type == "fence"]) == 1


def test_fight_status_post_in_markdown_has_its_table_fenced(fight):
    text = _ok(fight, "fight", "status", "--format", "markdown", "--public")
    tokens = MarkdownIt().parse(text)
    table = next(t for t in tokens if t.type == "fence").content.splitlines()
    assert any(row.startswith("Гоблин 1 ") and "wounded" in row for row in table)
    assert not any(HIDDEN in row for row in table)


def test_an_outcome_in_markdown_folds_what_players_do_not_see(fight, tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(fight, saves)
    text = _ok(saves, "attack", HIDDEN, "Жрец", "--given", "1", "--format", "markdown")
    tokens = MarkdownIt().parse(text)
    assert [t for t in tokens if t.type == "html_block" and "<details>" in t.content]


# ---------------------------------------------------------------- the current fight, undo


def test_log_round_covers_the_current_fight_only(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    _ok(saves, "fight", "start", "--ambush", "party")
    _ok(saves, "attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 3")
    for name in ("Гоблин 1", "Гоблин 2", "Гоблин 3", "Гоблин 4", "Гоблин-шаман", "Огр"):
        _ok(saves, "damage", name, "100")  # nobody left standing: the fight ends without asking
    _ok(saves, "fight", "end")
    for name in ("Гоблин 1", "Огр"):
        _ok(saves, "heal", name, "5")
    _ok(saves, "fight", "start", "--ambush", "party")
    text = _ok(saves, "log", "--round", "1", "--format", "markdown")
    assert "Лучница attacks" not in text and "Ambush: the party side acts first." in text


def test_log_round_says_what_an_undo_took_back_and_a_redo_put_back(fight, tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(fight, saves)
    _ok(saves, "fight", "next")  # the ogre's turn
    _ok(saves, "attack", "Огр", "Викинг", "--given", "1")
    _ok(saves, "undo")
    taken = _ok(saves, "log", "--round", "1", "--format", "bbcode")
    assert "[i]Taken back (undo): Огр attacks Викинг (melee)" in taken
    assert taken.count("Огр attacks Викинг") == 1  # the note, not the story
    _ok(saves, "redo")
    back = _ok(saves, "log", "--round", "1", "--format", "bbcode")
    assert "[i]Put back (redo): Огр attacks Викинг" in back
    assert back.count("Огр attacks Викинг") == 3  # the story, the undo's note, the redo's note


# ---------------------------------------------------------------- in Russian


def test_a_russian_post_speaks_the_seeds_terms(fight):
    text = _ok(fight, "--lang", "ru", "log", "--round", "1", "--format", "bbcode", "--public")
    assert text.startswith("[b]crypt: раунд 1[/b]")
    assert "[b]Состояние сейчас[/b]" in text
    table = re.search(r"\[code\]\n(.*?)\n\[/code\]", text, flags=re.DOTALL).group(1).splitlines()
    assert table[0].split("|")[0].strip() == "имя"
    archer = next(row for row in table if row.startswith("Лучница"))
    assert "ЗД 7/7" in archer and "УСТ 0/3" in archer
    goblin = next(row for row in table if row.startswith("Гоблин 1"))
    assert goblin.split("|")[2].strip() == "ранен"
    assert "кто-то" in text or "Кто-то" in text


@pytest.mark.parametrize(("n", "word"), [(0, "действий"), (1, "действие"), (2, "действия"), (5, "действий"),
                                          (11, "действий"), (21, "действие"), (22, "действия"),
                                          (101, "действие"), (111, "действий"), (112, "действий"),
                                          (122, "действия"), (125, "действий")])
def test_actions_left_has_the_three_russian_forms(monkeypatch, n, word):
    from rules import i18n
    from ttcli.i18n import load

    i18n.install(load("ru"))
    text = i18n.ngettext("{n} action left", "{n} actions left", n).format(n=n)
    assert text == f"в запасе {n} {word}"


# ---------------------------------------------------------------- the pieces


cells = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=0, max_size=12)


@given(st.lists(st.tuples(cells, cells, cells), min_size=1, max_size=6))
def test_a_table_keeps_its_columns_in_a_markdown_fence(rows):
    header = ("name", "side", "state")
    text = posts.markdown((posts.Table(header, tuple(rows)),))
    fence = next(t for t in MarkdownIt().parse(text) if t.type == "fence")
    lines = fence.content.splitlines()
    assert lines == posts.table_lines(header, rows)
    widths = {len(cell) for cell in lines[1].split("-+-")}
    assert len(lines) == len(rows) + 2 and widths


def test_the_entry_point_takes_the_dialect_after_the_command(fight, capsys):
    from ttcli.main import main

    code = main(["--saves", str(fight), "--session", "crypt", "log", "--round", "1", "--format", "bbcode",
                 "--bbcode-dialect", "phpbb"])
    out = capsys.readouterr().out
    assert code == 0 and '[quote="Hidden from the players"]' in out and "[spoiler" not in out


@given(st.lists(st.sampled_from(["log", "--round", "2", "-n", "0", "--format", "bbcode", "x y"]), max_size=6),
       st.integers(min_value=0, max_value=6), st.sampled_from(posts.DIALECTS), st.booleans())
def test_the_dialect_flag_is_found_anywhere_on_the_line(args, at, dialect, joined):
    at = min(at, len(args))
    flag = [f"--bbcode-dialect={dialect}"] if joined else ["--bbcode-dialect", dialect]
    from ttcli.argv import read_line

    line = read_line([*args[:at], *flag, *args[at:]])
    assert line.options["bbcode_dialect"] == dialect
    assert [w for w in line.for_click() if w not in flag] == args
    after = read_line([*args, "--", *flag])
    assert "bbcode_dialect" not in after.options and after.for_click() == [*args, "--", *flag]


# ---------------------------------------------------------------- the README's Russian session


def test_readme_russian_session_gives_the_post_it_shows(tmp_path):
    import os
    import subprocess
    import sys

    readme = (ROOT / "README.md").read_text(encoding="utf-8")

    def block(marker):
        start = readme.index("\n", readme.index("```", readme.index(marker))) + 1
        return readme[start:readme.index("```", start)]

    lines = [re.sub(r"\s+#\s.*$", "", line) for line in block("<!-- forum-post -->").splitlines() if line.strip()]
    shutil.copytree(ROOT / "saves", tmp_path / "saves")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "NO_COLOR": "1"}
    env.pop("TTCLI_SAVES", None)
    script = "{\n" + "\n".join(lines[:-1]) + "\n} >/dev/null\n" + lines[-1]
    done = subprocess.run(["bash", "-e", "-c", script],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    shown = block("<!-- forum-post-output -->")

    def ours(text):
        # the post's own words and table; the events' words belong to the systems' catalogs
        table = re.search(r"\[code\]\n.*?\[/code\]", text, flags=re.DOTALL).group(0)
        return [text.splitlines()[0], "[b]Состояние сейчас[/b]" in text, table, "Кто-то сбивает с ног: Вор." in text,
                HIDDEN in text]

    assert ours(shown) == ours(done.stdout) == [ours(shown)[0], True, ours(shown)[2], True, False]


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_an_outcome_post_tells_the_story_then_closes_with_the_status_table(tmp_path, fmt):
    """Every fight outcome in a forum format reads like a master's post: the lines of what
    happened, then the table the fight is left in (the players' one with a foe's condition)."""
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    _ok(saves, "fight", "start", "--ambush", "party")
    master = _ok(saves, "attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 3", "--format", fmt)
    players = _ok(saves, "attack", "Лучница", "Гоблин 2", "--ranged", "--given", "20 6", "--public", "--format", fmt)
    for post, foe in ((master, "Гоблин 1 | enemy | hp 4/7"), (players, "Гоблин 2 | enemy | badly wounded")):
        story, _sep, table = post.partition("Status now")
        assert "Лучница attacks" in story and "Лучница attacks" not in table
        opening, closing = ("[code]", "[/code]") if fmt == "bbcode" else ("```", "```")
        block = table.split(opening)[1].split(closing)[0]
        assert foe in re.sub(r" +", " ", block), block
        assert not STAMP.search(post)
    assert "hp 4/7" not in players and "Гоблин 1 | enemy | wounded" in re.sub(r" +", " ", players)
    ended = _ok(saves, "fight", "end", "--yes", "--format", fmt)
    assert "Status now" not in ended
