"""Russian counted words of the core and the dungeon: the seed's word in its right form
for 0..30 and 101..125 (1 ход, 3 хода, 7 ходов; 11-14 take the third form)."""

from __future__ import annotations

import pytest

from rules import i18n
from rules.core.effects import ROUNDS, TURNS, Duration, duration_text, parse_duration
from rules.core.messages import MASTER, MESSAGES, actions_text, rounds_text
from rules.systems.dungeon.messages import MESSAGES as DUNGEON
from ttcli.i18n import load

COUNTS = [*range(31), *range(101, 126)]


def form(n: int) -> int:
    """0: 1, 21, 101; 1: 2-4, 22-24; 2: 0, 5-20, 25-30, 111-114 (written out, not taken from the catalog)."""
    last, last_two = n % 10, n % 100
    if 11 <= last_two <= 14:
        return 2
    return 0 if last == 1 else 1 if 2 <= last <= 4 else 2


@pytest.fixture
def russian():
    previous = i18n.install(load("ru"))
    yield
    i18n.install(previous)


#: (what makes the text for n, its three Russian forms)
COUNTED = {
    "turns (effect duration)": (lambda n: duration_text(Duration(TURNS, n)), ("{n} ход", "{n} хода", "{n} ходов")),
    "rounds (effect duration)": (lambda n: duration_text(Duration(ROUNDS, n)),
                                ("{n} раунд", "{n} раунда", "{n} раундов")),
    "rounds": (rounds_text, ("{n} раунд", "{n} раунда", "{n} раундов")),
    "actions (DG-ACT-1)": (actions_text, ("{n} действие", "{n} действия", "{n} действий")),
    "fight end": (lambda n: MESSAGES["fight_ended"]({"rounds": n}, MASTER)[0],  # type: ignore[index]
                  ("Бой окончен после {n} раунда.", "Бой окончен после {n} раундов.",
                   "Бой окончен после {n} раундов.")),
    "dungeon move (DG-MOVE-1)": (
        lambda n: DUNGEON["move"]({"name": "Вор", "cells": n, "speed": 4, "move_actions": n, "actions": 0}, MASTER),
        ("Вор перемещается на {n} клетку (скорость 4): {n} действие перемещения; в запасе 0 действий.",
         "Вор перемещается на {n} клетки (скорость 4): {n} действия перемещения; в запасе 0 действий.",
         "Вор перемещается на {n} клеток (скорость 4): {n} действий перемещения; в запасе 0 действий.")),
}


@pytest.mark.parametrize("word", list(COUNTED))
@pytest.mark.parametrize("n", COUNTS)
def test_words_russian_counted_word_takes_its_form(russian, word, n):
    make, forms = COUNTED[word]
    if n == 0 and "duration" in word:
        with pytest.raises(ValueError, match="не меньше 1"):  # no effect lasts 0 turns
            make(n)
        return
    assert make(n) == forms[form(n)].format(n=n)


@pytest.mark.parametrize("n", COUNTS)
def test_words_russian_durations_read_back(russian, n):
    """What the interface shows for a duration is what a master may type back."""
    for kind in (TURNS, ROUNDS):
        duration = Duration(kind, n or 1)
        assert parse_duration(duration_text(duration)) == duration


@pytest.mark.parametrize("n", [1, 2, 5, 11, 21])
def test_words_english_counted_words_stay_english(n):
    assert actions_text(n) == f"{n} action" + ("" if n == 1 else "s")
    assert duration_text(Duration(TURNS, n)) == f"{n} turn" + ("" if n == 1 else "s")
