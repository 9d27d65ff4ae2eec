"""One name matcher (DESIGN decision 6): people's names and the systems' terms alike."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import NotFound, UnknownNameError
from rules.core.names import Names, name_key, pick
from rules.core.sheet import UnknownStat
from rules.systems import get_sheet
from rules.systems.dungeon.common import stat_key

ROSTER = ("Викинг", "Гоблин 1", "Гоблин 2", "Гоблин-шаман", "Ёжик", "Лучница")


@pytest.mark.parametrize(("typed", "meant"), [
    ("викинг", "Викинг"),          # case
    ("ежик", "Ёжик"),              # ё = е
    ("ЕЖ", "Ёжик"),                # a unique prefix
    ("гоблин   1", "Гоблин 1"),    # runs of spaces
    ("гоблин_шаман", "Гоблин-шаман"),  # the separators people type
    ("Гоблин ш", "Гоблин-шаман"),
    ("луч", "Лучница"),
])
def test_a_typed_name_picks_one_combatant(typed, meant):
    assert pick("combatant", typed, ROSTER) == meant


def test_a_prefix_of_several_names_lists_them():
    with pytest.raises(NotFound) as caught:
        pick("combatant", "гоблин", ROSTER)
    assert caught.value.ambiguous
    assert set(caught.value.suggestions) == {"Гоблин 1", "Гоблин 2", "Гоблин-шаман"}


def test_a_typo_suggests_the_closest_names():
    with pytest.raises(NotFound) as caught:
        pick("combatant", "Викнг", ROSTER)
    assert not caught.value.ambiguous and caught.value.suggestions == ("Викинг",)


@pytest.mark.parametrize(("typed", "key"), [("ТЕЛО", "body"), ("телосложение", "body"), ("Body", "body"),
                                            ("реак", "reaction"), ("Р А З", "mind")])
def test_dungeon_stat_words_go_through_the_one_matcher(typed, key):
    assert stat_key(typed) == key


def test_terms_never_match_by_prefix():
    # МЗ is the current value, МЗ_макс its maximum: a prefix would pick one silently
    terms = Names("stat", {"mp": ("МЗ",), "mp_max": ("МЗ_макс",)})
    assert terms.get("мз") == "mp" and terms.get("мз макс") == "mp_max"
    with pytest.raises(UnknownNameError) as caught:
        terms.key("мзм")
    assert "МЗ_макс" in caught.value.suggestions


def test_a_spelling_claimed_by_two_terms_is_refused():
    with pytest.raises(ValueError, match="claimed by both"):
        Names("stat", {"body": ("тело",), "mind": ("Тело",)})


def test_sheets_compare_names_with_the_same_key():
    sheet = get_sheet("dungeon")
    assert sheet.resolve("ТЕЛО") == sheet.resolve("тело") == sheet.resolve(" тело ")
    with pytest.raises(UnknownStat):
        sheet.resolve("тел")


@given(st.text(max_size=30))
def test_name_key_is_idempotent_and_forgives_case_and_yo(name):
    key = name_key(name)
    assert name_key(key) == key
    assert name_key(name.upper()) == name_key(name.lower()) or not name.isascii()
    assert "ё" not in key


@given(st.lists(st.text(alphabet="абвгдеёжАБВ 1-", min_size=1, max_size=8), min_size=1, max_size=6, unique=True))
def test_every_name_of_a_roster_is_found_by_itself(names):
    keys = [name_key(n) for n in names]
    for name in names:
        if keys.count(name_key(name)) == 1 and name_key(name):
            assert pick("combatant", name, names) == name


@given(st.text(alphabet="Гоблин ёЁeE_-().[]\t\u00a0\u2003x1İſ", max_size=16))
def test_a_names_key_drops_the_same_separators_as_the_pattern_it_replaced(name):
    import re
    import unicodedata

    folded = unicodedata.normalize("NFC", name).casefold().replace("ё", "е")
    assert name_key(name) == re.sub(r"[\s_\-().\[\]]+", "", folded)
