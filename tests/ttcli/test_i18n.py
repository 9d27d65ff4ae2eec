"""The catalogs: current with the sources, readable by gettext, Russian plurals right;
the language chosen in the documented order."""

from __future__ import annotations

import gettext
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.paths import ROOT_DIR

from ttcli import i18n
from ttcli.i18n import catalogs


def russian_form(n: int) -> int:
    """The reference: 1 успех, 2 успеха, 5 успехов (and 11-14 take the third form)."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def compiled(entries, language="ru"):
    text = catalogs.write_po("test", language, entries)
    header, read = catalogs.read_po(text)
    return gettext.GNUTranslations(io.BytesIO(catalogs.write_mo(header, read.values())))


@pytest.mark.parametrize("n", [*range(31), *range(101, 126)])
def test_russian_plural_forms(n):
    forms = ["{n} успех", "{n} успеха", "{n} успехов"]
    catalog = compiled([catalogs.Entry("{n} success", "{n} successes", None, forms)])
    word = ["успех", "успеха", "успехов"][russian_form(n)]
    assert catalog.ngettext("{n} success", "{n} successes", n).format(n=n) == f"{n} {word}"


#: what str.splitlines() would split a .po line on, and NUL, are not in texts people type
_NOT_TYPED = "\x00\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters=_NOT_TYPED),
                min_size=1, max_size=40)


@given(msgid=texts, translation=texts, context=st.none() | texts)
def test_po_round_trip_keeps_every_character(msgid, translation, context):
    entry = catalogs.Entry(msgid, None, context, [translation])
    _header, read = catalogs.read_po(catalogs.write_po("test", "ru", [entry]))
    assert [(e.msgid, e.context, e.translations) for e in read.values()] == [(msgid, context, [translation])]


@given(msgid=texts, translation=texts)
def test_mo_is_read_by_the_standard_library(msgid, translation):
    catalog = compiled([catalogs.Entry(msgid, None, None, [translation]),
                        catalogs.Entry(msgid, None, "ctx", [translation + "!"])])
    assert catalog.gettext(msgid) == translation
    assert catalog.pgettext("ctx", msgid) == translation + "!"


def test_untranslated_texts_fall_back_to_english():
    catalog = compiled([catalogs.Entry("left alone", None, None, [""])])
    assert catalog.gettext("left alone") == "left alone"


def test_extractor_finds_every_marked_text():
    source = '''
from rules.i18n import _, N_, ngettext, pgettext
a = _("one")
b = N_("two")
c = ngettext("{n} turn", "{n} turns", 3)
d = pgettext("damage type", "fire")
e = typer.Option(help="An option.")
@app.command()
def cmd():
    """A command's help."""
f = foo("not this")
'''
    found = {(e.context, e.msgid, e.plural) for e in catalogs.extract_source(source, "x.py")}
    assert found == {(None, "one", None), (None, "two", None), (None, "{n} turn", "{n} turns"),
                     ("damage type", "fire", None), (None, "An option.", None), (None, "A command's help.", None)}


def test_catalogs_are_current_with_the_sources():
    """Run `python -m ttcli.i18n.catalogs update` when this fails."""
    stale = [str(po) for po, (text, mo) in catalogs.planned().items()
             if not po.exists() or po.read_text(encoding="utf-8") != text
             or po.with_suffix(".mo").read_bytes() != mo]
    assert stale == []


@pytest.mark.parametrize(("flag", "env", "session", "expected"), [
    ("ru", {"TTCLI_LANG": "en", "LANG": "en_US.UTF-8"}, "en", "ru"),
    (None, {"TTCLI_LANG": "ru", "LANG": "en_US.UTF-8"}, "en", "ru"),
    (None, {"LANG": "en_US.UTF-8"}, "ru", "ru"),
    (None, {"LANG": "ru_RU.UTF-8"}, None, "ru"),
    (None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, None, "en"),
    (None, {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, None, "ru"),
    (None, {}, None, "en"),
    ("русский", {}, None, "ru"),
    (None, {"TTCLI_LANG": "klingon", "LANG": "ru_RU.UTF-8"}, None, "ru"),
])
def test_language_is_chosen_in_the_documented_order(flag, env, session, expected):
    choice = i18n.Choice(flag, env)
    choice.session = session
    assert choice.language() == expected


def test_help_is_russian_with_ttcli_lang(cli, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    result = cli("attack", "--help")
    assert result.exit_code == 0
    assert "Кто атакует" in result.output


def test_unknown_language_is_a_usage_error(cli):
    result = cli("--lang", "de", "roll", "d6")
    assert result.exit_code == 2
    assert "unknown language" in result.output


def test_session_language_holds_on_every_load_of_a_written_file(tmp_path):
    """The second command reads bytes the store wrote itself, which it does not validate
    again: the session's language must still apply (it once fell back to English there)."""
    import os
    import shutil
    import subprocess
    import sys

    shutil.copy(ROOT_DIR / "saves" / "arena.toml", tmp_path / "arena.toml")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TTCLI_", "LC_", "LANG"))}
    env.update(TTCLI_SAVES=str(tmp_path), LANG="C")

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "ttcli", "--session", "arena", *args],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    # a roll only joins the journal (the file is not parsed): the language still holds
    assert run("roll", "9d6>=5", "--given", "5 6 1 1 1 1 1 1 1").strip().endswith("= 2 успеха")
    assert run("fight", "start").startswith("Раунд 1")
    assert run("fight", "next").startswith("Раунд 1: заявки вскрываются")
    # a mistake Click finds before any session is read speaks the session's language too
    typo = subprocess.run([sys.executable, "-m", "ttcli", "--session", "arena", "fight", "stat"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert typo.returncode == 2 and typo.stderr.startswith("ttcli: ошибка: нет такой команды: stat"), typo.stderr
    assert "Бой окончен" in run("fight", "end", "--yes")


@pytest.mark.parametrize("system", ["dungeon", "skirmish", "terra", "twilight"])
def test_a_session_reads_a_shared_text_in_its_own_systems_words(system):
    """The catalogs are chained and the first that knows a text answers: in a session of
    ``system`` its own catalog answers first (skirmish's armor is броня, the dungeon's БР)."""
    po = i18n.system_folders()[system] / "locale" / "ru" / "LC_MESSAGES" / f"{system}.po"
    chain = i18n.load("ru", system)
    for entry in catalogs.read_po(po.read_text(encoding="utf-8"))[1].values():
        if entry.plural is not None:
            got = [chain.ngettext(entry.msgid, entry.plural, n) for n in (1, 2, 5)]
            assert got == entry.translations, entry.msgid
        elif entry.context is not None:
            assert chain.pgettext(entry.context, entry.msgid) == entry.translations[0], entry.msgid
        else:
            assert chain.gettext(entry.msgid) == entry.translations[0], entry.msgid


def test_the_sessions_system_is_noted_when_it_loads(tmp_path, monkeypatch):
    import shutil

    from ttcli.env import Environment
    from ttcli.session import open_session

    shutil.copy(ROOT_DIR / "saves" / "skirmish.toml", tmp_path / "skirmish.toml")
    translator = i18n.setup("ru", {})
    assert translator.gettext("armor") == i18n.load("ru").gettext("armor")
    open_session(Environment(saves=str(tmp_path), session="skirmish")).read()
    assert translator.gettext("armor") == "броня"


@pytest.mark.parametrize("n", [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 30])
def test_a_dice_success_count_takes_its_russian_form(n):
    """`9d6>=5 = ... = 2 успеха`: the roll line in the reader's language, with the right form."""
    from rules import i18n as rules_i18n
    from rules.dice import roll_text, to_text
    from rules.dice.sources import GivenSource

    faces = [6] * n + [1] * (31 - n)
    previous = rules_i18n.install(i18n.load("ru"))
    try:
        line = to_text(roll_text("31d6>=5", GivenSource(faces)))
    finally:
        rules_i18n.install(previous)
    word = ("успех", "успеха", "успехов")[russian_form(n)]
    assert line.endswith(f"= {n} {word}")
