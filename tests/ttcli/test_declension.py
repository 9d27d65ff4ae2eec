"""Issue 24, section 2: names in the case their sentence needs, verbs in their gender.

The forms are worked out when a combatant is added (``ttcli.declension``), stored in the
session file, corrected there or with ``char forms``, and put into texts by the Russian
catalogs' ``{name:acc}`` and ``{name:устоял|устояла}`` (``ttcli.i18n.phrases``).
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from rules.core.messages import View
from rules.i18n import forms_of, install_forms
from ttcli.app import app
from ttcli.declension import needs_forms, work_out
from ttcli.i18n.phrases import Phrase


@pytest.fixture(autouse=True)
def _no_forms_left_behind():
    yield
    install_forms({})


# --- working the forms out -------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "gender", "genitive", "accusative", "instrumental"), [
    ("Гоблин 1", "m", "Гоблина 1", "Гоблина 1", "Гоблином 1"),
    ("Лучница", "f", "Лучницы", "Лучницу", "Лучницей"),
    ("Жрец", "m", "Жреца", "Жреца", "Жрецом"),
    # a living one: the accusative of an inanimate-looking masculine noun is its genitive
    ("Стрелок", "m", "Стрелка", "Стрелка", "Стрелком"),
    ("Амазонка", "f", "Амазонки", "Амазонку", "Амазонкой"),
    ("Гоблин-шаман", "m", "Гоблина-шамана", "Гоблина-шамана", "Гоблином-шаманом"),
    ("Старый волк", "m", "Старого волка", "Старого волка", "Старым волком"),
    ("Злая ведьма", "f", "Злой ведьмы", "Злую ведьму", "Злой ведьмой"),
    ("Борис", "m", "Бориса", "Бориса", "Борисом"),
    # words the dictionary does not know, declined by their ending
    ("Огр", "m", "Огра", "Огра", "Огром"),
    ("Лич", "m", "Лича", "Лича", "Личем"),
])
def test_i24_forms_are_worked_out_from_the_dictionary(name, gender, genitive, accusative, instrumental):
    forms = work_out(name)
    assert (forms["gender"], forms["genitive"], forms["accusative"], forms["instrumental"]) == (
        gender, genitive, accusative, instrumental)


@pytest.mark.parametrize(("name", "needed"), [("Wolf 1", False), ("Orc", False), ("Огр", True), ("Ёж", True)])
def test_i24_only_cyrillic_names_get_forms(name, needed):
    assert needs_forms(name) is needed


# --- texts that ask for a case or a gender ----------------------------------------------------------

def test_i24_a_phrase_declines_a_name_and_agrees_with_its_gender():
    install_forms({"Гоблин 1": work_out("Гоблин 1"), "Лучница": work_out("Лучница")})
    text = Phrase("{a} атакует {t:acc}; у {a:gen} {n} ОД; {t} {t:устоял|устояла}, {a} {a:устоял|устояла}.")
    assert text.format(a="Лучница", t="Гоблин 1", n=3) == (
        "Лучница атакует Гоблина 1; у Лучницы 3 ОД; Гоблин 1 устоял, Лучница устояла.")


def test_i24_a_name_without_forms_stays_as_written_and_agrees_as_masculine():
    assert Phrase("у {name:gen} {name:устоял|устояла}").format(name="Zed") == "у Zed устоял"


def test_i24_someone_declines_too():
    assert Phrase("по {t:dat}, у {t:gen}").format(t="кто-то") == "по кому-то, у кого-то"


def test_i24_a_form_with_braces_is_not_read_as_a_placeholder():
    install_forms({"X": {"gender": "m", "genitive": "{Икса}"}})
    assert Phrase("у {x:gen}: {n}").format(x="X", n=1) == "у {Икса}: 1"


_plain_text = st.text(st.characters(blacklist_characters="{}:|", blacklist_categories=("Cs",)), max_size=20)


@given(st.lists(st.tuples(_plain_text, st.sampled_from(["a", "b"])), max_size=5), _plain_text)
def test_i24_a_phrase_without_cases_formats_as_a_plain_text(parts, tail):
    template = "".join(f"{literal}{{{field}}}" for literal, field in parts) + tail
    assert Phrase(template).format(a="Лучница", b=7) == template.format(a="Лучница", b=7)


def test_i24_the_players_guard_knows_a_hidden_name_in_every_case():
    install_forms({"Гоблин-шаман": work_out("Гоблин-шаман")})
    view = View(public=True, hidden=["Гоблин-шаман"])
    assert view.leaks("Кто-то бьёт Гоблина-шамана")
    assert not view.leaks("Кто-то бьёт Вора")
    assert forms_of("Гоблин-шаман")["dative"] == "Гоблину-шаману"


# --- through the command line ------------------------------------------------------------------------

@pytest.fixture
def crypt(tmp_path: Path) -> Path:
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", tmp_path / "crypt.toml")
    return tmp_path


def _run(saves: Path, *args: str):
    return CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", "--lang", "ru", *args])


def test_i24_char_add_stores_the_forms_in_the_session_file(crypt):
    assert _run(crypt, "char", "add", "Ведьма", "--side", "враг", "тело=3", "реак=3", "раз=3", "хар=3").exit_code == 0
    assert _run(crypt, "char", "add", "Orc", "--side", "враг", "тело=3", "реак=3", "раз=3", "хар=3").exit_code == 0
    combatants = tomllib.loads((crypt / "crypt.toml").read_text(encoding="utf-8"))["combatants"]
    assert combatants["Ведьма"]["forms"] == {
        "gender": "f", "genitive": "Ведьмы", "dative": "Ведьме", "accusative": "Ведьму",
        "instrumental": "Ведьмой", "prepositional": "Ведьме"}
    assert "forms" not in combatants["Orc"]


def _started(crypt: Path) -> str:
    """Start the fight, party first; the one whose turn it is."""
    assert _run(crypt, "fight", "start", "--given", "6 1").exit_code == 0
    return tomllib.loads((crypt / "crypt.toml").read_text(encoding="utf-8"))["fight"]["turn"]["actor"]


def test_i24_an_attack_line_declines_its_target(crypt):
    actor = _started(crypt)
    result = _run(crypt, "attack", actor, "Огр", "--given", "15 4")
    assert result.exit_code == 0, result.output
    assert f"{actor} атакует Огра" in result.output
    assert "атакует Огр " not in result.output


def test_i24_a_form_corrected_by_hand_in_the_file_is_the_one_used(crypt):
    path = crypt / "crypt.toml"
    text = path.read_text(encoding="utf-8")
    text, n = re.subn(r'(\[combatants\."Огр"\]\n(?:.*\n)*?forms = \{[^}]*accusative = )"Огра"', r'\1"Огрищу"', text)
    assert n == 1
    path.write_text(text, encoding="utf-8")
    actor = _started(crypt)
    assert f"{actor} атакует Огрищу" in _run(crypt, "attack", actor, "Огр", "--given", "15 4").output


def _knock_until_it_stands(crypt: Path, target: str) -> str:
    actor = _started(crypt)
    result = _run(crypt, "knock", actor, target, "--given", "1 20")
    assert result.exit_code == 0, result.output
    return result.output


def test_i24_a_verb_agrees_with_a_feminine_name(crypt):
    assert _run(crypt, "char", "set", "Лучница", "side=враг").exit_code == 0
    assert "Лучница устояла на ногах" in _knock_until_it_stands(crypt, "Лучница")


def test_i24_char_forms_corrects_the_gender_and_the_verbs_follow(crypt):
    result = _run(crypt, "char", "forms", "Огр", "пол=ж", "вп=Огрессу")
    assert result.exit_code == 0, result.output
    assert "ж. р." in result.output
    forms = tomllib.loads((crypt / "crypt.toml").read_text(encoding="utf-8"))["combatants"]["Огр"]["forms"]
    assert (forms["gender"], forms["accusative"], forms["genitive"]) == ("f", "Огрессу", "Огра")
    assert "Огр устояла на ногах" in _knock_until_it_stands(crypt, "Огр")


@pytest.mark.parametrize(("words", "message"), [
    (("падеж=Огра",), "не форма имени"),
    (("пол=робот",), "не род"),
])
def test_i24_char_forms_refuses_what_is_not_a_form(crypt, words, message):
    before = (crypt / "crypt.toml").read_bytes()
    result = _run(crypt, "char", "forms", "Огр", *words)
    assert result.exit_code == 2
    assert message in result.output
    assert (crypt / "crypt.toml").read_bytes() == before


def test_i24_a_bad_gender_in_the_file_is_named_by_the_check(crypt):
    path = crypt / "crypt.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('forms = { gender = "m", genitive = "Огра"',
                                                            'forms = { gender = "robot", genitive = "Огра"'),
                    encoding="utf-8")
    result = _run(crypt, "session", "check")
    assert result.exit_code != 0
    assert "forms" in result.output and "gender" in result.output
