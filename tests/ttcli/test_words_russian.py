"""What a Russian master reads: the dungeon's rolls in the seed's terms, the core's
events and errors, the odds chart's words; every line replayed from given dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest


def ok(r):
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture
def ambush(crypt):
    """The party ambushes (DG-INIT-1): Лучница, Вор, Викинг, Жрец, then the enemies."""
    r = ok(crypt("--lang", "ru", "fight", "start", "--ambush", "party"))
    assert r.stdout.splitlines()[:2] == [
        "Засада: первым ходит отряд.",
        "Очерёдность: Лучница, Вор, Викинг, Жрец, Гоблин 1, Гоблин 2, Гоблин 3, Гоблин 4, Гоблин-шаман, Огр.",
    ]
    return crypt


@pytest.mark.parametrize(("args", "lines"), [
    # DG-HIT-1 ranged: d20 + РЕАК against УВ; DG-ADV-1 the situation's помеха named
    (["attack", "Лучница", "Гоблин 1", "--ranged", "--situation", "укрытие", "--given", "19 3"],
     ["Лучница атакует Гоблина 1 (дальний бой): д20 19 + 5 РЕАК - 5 цель в укрытии = 19 против УВ 13: попадание.",
      "Урон: 1д6 (3) = 3.",
      "Гоблин 1: ЗД 7 -> 4.",
      "Лучница: в запасе 1 действие."]),
    # DG-HIT-1 a miss, DG-ACT-1 the second action spent
    (["attack", "Лучница", "Гоблин 1", "--ranged", "--given", "1"],
     ["Лучница атакует Гоблина 1 (дальний бой): д20 1 + 5 РЕАК = 6 против УВ 13: промах (выпало 1).",
      "Лучница: в запасе 1 действие."]),
    # DG-PRONE-1
    (["prone", "Лучница"], ["Лучница падает ничком; в запасе 1 действие."]),
    # DG-CHECK-1: d20 + stat against the master's DC
    (["check", "Лучница", "Скрытность", "--dc", "12", "--given", "17"],
     ["Лучница: Скрытность (РЕАК), проверка: д20 17 + 5 РЕАК = 22 против 12: успех."]),
    # DG-SAVE-1: d10 <= stat
    (["save", "Лучница", "тело", "--given", "9"], ["Лучница: спас-бросок ТЕЛО: д10 9, нужно не больше 2: провал."]),
])
def test_words_dg_lines_read_in_the_seed_terms(ambush, args, lines):
    r = ambush("--lang", "ru", *args)
    assert r.stdout.splitlines()[: len(lines)] == lines, r.output


def test_words_dg_death_1_status_news_in_russian(ambush):
    ok(ambush("--lang", "ru", "damage", "Гоблин 1", "7"))
    r = ambush("--lang", "ru", "damage", "Гоблин 1", "1")
    assert "Гоблин 1 получает 1 урон (ЗД 0 -> 0) и умирает." in r.stdout, r.output


def test_words_effect_preset_described_in_russian(ambush):
    """The dungeon's own preset: no skirmish note (the dungeon has no bandaging)."""
    r = ok(ambush("--lang", "ru", "effect", "add", "Гоблин 1", "bleeding", "--duration", "3 хода"))
    assert r.stdout.strip() == ("Гоблин 1: кровотечение: 1 урон в начале каждого своего хода, "
                                "до конца своего хода в раунде 3.")


def test_words_unknown_name_in_russian(ambush):
    r = ambush("--lang", "ru", "attack", "Лучница", "Гоблин 1", "--situation", "туман")
    assert r.exit_code != 0 and "не найдено: положение при атаке 'туман'" in r.stderr, r.output


def chance_at_least(n: int) -> Fraction:
    """3d6 >= n by counting all 216 throws (independent of rules.odds)."""
    throws = list(itertools.product(range(1, 7), repeat=3))
    return Fraction(sum(sum(t) >= n for t in throws), len(throws))


def test_words_odds_chart_in_russian(cli):
    r = ok(cli("--lang", "ru", "odds", "3d6", "--at-least", "12", "--at-most", "14", "-c"))
    lines = r.stdout.splitlines()
    assert lines[1].split() == ["шанс", "не", "меньше", "не", "больше"]
    def percent(p) -> str:  # the Russian style: decimal comma, a no-break space before %
        return f"{float(p) * 100:.2f}".replace(".", ",") + "\u00a0%"

    assert f"не меньше 12: {percent(chance_at_least(12))}" in lines
    assert f"от 12 до 14: {percent(chance_at_least(12) - chance_at_least(15))}" in lines
    assert "в среднем 10,5" in lines
