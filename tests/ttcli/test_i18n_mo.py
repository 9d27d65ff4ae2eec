"""ttcli.i18n.mo.MoCatalog answers as the standard library's gettext.GNUTranslations.

The reference reads the whole catalog into a dictionary; the lookup reads a text when asked.
Both are asked every text of every shipped catalog (singular, plural at many counts, with and
without context), texts no catalog holds, and a chain of a system's catalog before the
program's.
"""

from __future__ import annotations

import gettext
import io
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ttcli.i18n import catalog_files
from ttcli.i18n.catalogs import Entry, write_mo
from ttcli.i18n.mo import KNOWN_PLURALS, MoCatalog

SYSTEMS = ("dungeon", "skirmish", "terra", "twilight")
COUNTS = (*range(30), 101, 111, 112, 121, 1000, 1001, 1011, 1_000_000)


def _files() -> list:
    found = {Path(path) for system in SYSTEMS for path in catalog_files("ru", system)}
    assert len(found) == len(SYSTEMS) + 1, "the program's catalog and each system's"
    return sorted(found)


def _pair(path):
    data = path.read_bytes()
    return MoCatalog(data), gettext.GNUTranslations(io.BytesIO(data))


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_every_text_of_a_shipped_catalog_is_found_as_gettext_finds_it(path):
    ours, reference = _pair(path)
    keys = list(reference._catalog)  # the reference's own table: every entry it read
    assert len(keys) > 20
    for key in keys:
        if isinstance(key, tuple):
            singular = key[0]
            context, _, bare = singular.rpartition("\x04")
            for n in COUNTS:
                if context:
                    assert ours.npgettext(context, bare, "-", n) == reference.npgettext(context, bare, "-", n)
                else:
                    assert ours.ngettext(bare, "-", n) == reference.ngettext(bare, "-", n)
            text = bare
        else:
            context, _, text = key.rpartition("\x04")
        if context:
            assert ours.pgettext(context, text) == reference.pgettext(context, text)
        else:
            assert ours.gettext(text) == reference.gettext(text)


def test_texts_no_catalog_holds_come_back_as_asked_through_the_chain():
    files = _files()
    ours, reference = None, None
    for path in files:
        mine, theirs = _pair(path)
        if ours is None:
            ours, reference = mine, theirs
        else:
            ours.add_fallback(mine)
            reference.add_fallback(theirs)
    assert ours is not None and reference is not None
    assert ours.gettext("") == reference.gettext("")  # the header, as an entry of its own
    asked = ["no such text", "Z" * 3, "\x04", "a\0b"]
    for text in asked:
        assert ours.gettext(text) == reference.gettext(text) == text
        assert ours.pgettext("context", text) == reference.pgettext("context", text)
        for n in (0, 1, 2, 5):
            assert ours.ngettext(text, "many", n) == reference.ngettext(text, "many", n)
            assert ours.npgettext("c", text, "many", n) == reference.npgettext("c", text, "many", n)
    # a text of the last catalog of the chain is found through every one before it
    last = gettext.GNUTranslations(io.BytesIO(files[-1].read_bytes()))
    for key in [k for k in last._catalog if isinstance(k, str) and k and "\x04" not in k][:50]:
        assert ours.gettext(key) == reference.gettext(key)


@given(st.integers(min_value=0, max_value=10**7))
def test_the_russian_plural_rule_is_the_catalogs_expression(n):
    for expression, rule in KNOWN_PLURALS.items():
        assert rule(n) == gettext.c2py(expression)(n)


def test_a_catalog_of_another_plural_rule_gets_gettexts_parser():
    header = textwrap.dedent("""\
        Content-Type: text/plain; charset=UTF-8
        Plural-Forms: nplurals=2; plural=(n > 1);
        """)
    data = write_mo(header, [Entry(msgid="file", plural="files", translations=["fichier", "fichiers"])])
    ours, reference = MoCatalog(data), gettext.GNUTranslations(io.BytesIO(data))
    for n in range(4):
        assert ours.ngettext("file", "files", n) == reference.ngettext("file", "files", n)


def test_a_command_reading_the_russian_catalogs_loads_no_gettext_module(tmp_path):
    import subprocess

    code = ("import sys; from ttcli.i18n import load; chain = load('ru', 'dungeon'); "
            "print(chain.gettext('no such text'), 'gettext' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["no", "such", "text", "False"]


def test_a_file_that_is_no_catalog_is_refused():
    with pytest.raises(OSError, match="magic"):
        MoCatalog(b"\0" * 64)
