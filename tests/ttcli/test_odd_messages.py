"""Messages a Russian master found wrong or odd (issue 24, section 2), each replayed through
the command line on a copy of the example saves with ``--lang ru``."""

from __future__ import annotations

import shutil

import pytest
from support.paths import ROOT_DIR

from ttcli.app import app


@pytest.fixture
def ru(tmp_path, runner):
    """``ru(session, *args)``: a command on a copy of the example saves, in Russian; fails on a
    non-zero exit."""
    saves = tmp_path / "saves"
    shutil.copytree(ROOT_DIR / "saves", saves)

    def run(session: str, *args: str, code: int = 0):
        r = runner.invoke(app, ["--saves", str(saves), "--session", session, "--lang", "ru", *args])
        assert r.exit_code == code, (args, r.output)
        return r.stdout

    return run


def test_i24_dg_inv_1_taking_one_candle_of_six_says_how_many_are_left(ru):
    out = ru("crypt", "char", "take", "Жрец", "свеча")
    assert "больше нет" not in out, out
    assert out.strip() == "Жрец убирает из снаряжения: свеча (в запасе ещё 5)"
    assert ru("crypt", "char", "take", "Жрец", "свеча", "-n", "5").strip() == "у Жреца больше нет: свеча ×5"


@pytest.mark.parametrize("session, name, line", [
    ("crypt", "Лучница", "Лечить Лучницу нечего: ЗД и так 7."),
    ("terra", "Торн", "Лечить Торна нечего: ОЗ и так 10."),
    ("skirmish", "Стрелок", "Лечить Стрелка нечего: hp и так 22."),
])
def test_i24_heal_at_full_health_says_there_is_nothing_to_heal(ru, session, name, line):
    out = ru(session, "heal", name, "2")
    assert out.strip() == line
    assert "->" not in out


def test_i24_dg_heal_says_what_it_restored_not_what_was_asked(ru):
    ru("crypt", "char", "set", "Вор", "hp=5")
    assert ru("crypt", "heal", "Вор", "4").strip() == "Вор восстанавливает 2 ЗД (ЗД 5 -> 7)."


def test_i24_tw_ap_1_a_second_roll_adds_to_the_declaration_it_does_not_change_it(ru):
    ru("arena", "fight", "start")
    ru("arena", "fight", "next")
    ru("arena", "declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 2 4 5 5 5 4")
    ru("arena", "declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 5 4 5 5 5 5")
    players = ru("arena", "log", "--public", "-n", "0")
    assert "Кочевник дополняет заявку." in players, players
    assert "меняет заявку" not in players
    master = ru("arena", "log", "-n", "0")
    assert "меняет заявку" not in master


def test_i24_one_damage_is_one_uron(ru):
    """«1 урон, 2 урона, 5 урона»: the count picks the word, never «1 урона»."""
    ru("crypt", "fight", "start", "--seed", "3")
    out = ru("crypt", "damage", "Огр", "1")
    assert "Огр получает 1 урон " in out, out
    assert "1 урона" not in out
    assert "Огр получает 2 урона " in ru("crypt", "damage", "Огр", "2")
    assert "Огр получает 5 урона " in ru("crypt", "damage", "Огр", "5")
    assert "Огр получает 11 урона " in ru("crypt", "damage", "Огр", "11")


def test_i24_dg_knock_1_the_knock_down_line_has_one_colon(ru):
    ru("crypt", "fight", "start", "--seed", "3")
    first = ru("crypt", "fight", "status", "--format", "plain").split("ход: ")[1].split(",")[0]
    out = ru("crypt", "knock", first, "Вор", "--seed", "2", "--format", "plain")
    line = next(line for line in out.splitlines() if "сбить с ног" in line)
    assert line.count(":") == 1, line
    assert line.startswith(f"{first} пытается сбить с ног Вора (")


def test_i24_lines_inside_a_spoiler_are_not_double_spaced(ru):
    ru("crypt", "char", "set", "Гоблин 1", "hidden=да")
    ru("crypt", "fight", "start", "--seed", "3")
    ru("crypt", "attack", "Гоблин 1", "Вор", "--seed", "1")
    ru("crypt", "knock", "Гоблин 1", "Вор", "--seed", "2")
    post = ru("crypt", "log", "--format", "bbcode")
    spoilers = [part.split("[/spoiler]")[0] for part in post.split("[spoiler=")[1:]]
    several = [s for s in spoilers if s.count("\n") > 3]
    assert several, post
    assert all("\n\n" not in s for s in spoilers), spoilers


def test_i24_a_name_with_an_emoji_keeps_its_table_row_in_line(ru):
    ru("crypt", "char", "add", "Кот 🐈", "тело=2", "реак=2", "раз=2", "хар=2", "--force")
    post = ru("crypt", "fight", "status", "--format", "bbcode")
    table = post.split("[code]\n")[1].split("\n[/code]")[0].splitlines()
    from unicodedata import east_asian_width

    def columns(text: str) -> int:
        return sum(2 if east_asian_width(ch) == "W" else 1 for ch in text)

    bars = {columns(line.split("|")[0]) for line in table if "|" in line}
    assert len(bars) == 1, table  # the first column ends in the same place on every row
    assert any(line.startswith("Кот 🐈 ") for line in table)
