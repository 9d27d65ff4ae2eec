"""The fight on a terminal: the rich status table and the prompt's toolbar."""

from __future__ import annotations

import tomllib

import pytest

from rules.core.effects import FIGHT_END, NEVER, ROUND_END, ROUND_START, TURN_END, TURN_START, Effect
from rules.core.state import Fight, TurnState
from ttcli.tracker import hp_bar, left_of


def ok(r):
    assert r.exit_code == 0, r.output
    return r


@pytest.mark.parametrize(("hp", "top", "bar", "colour"), [
    (10, 10, "██████████", "green"),
    (7, 10, "███████░░░", "green"),
    (5, 10, "█████░░░░░", "green"),
    (4, 10, "████░░░░░░", "yellow"),
    (2, 10, "██░░░░░░░░", "red"),
    (1, 30, "█░░░░░░░░░", "red"),   # a living combatant never shows an empty bar
    (0, 7, "░░░░░░░░░░", "red"),
    (-3, 10, "░░░░░░░░░░", "red"),  # terra's negative HP (TT-RH-1)
    (12, 10, "██████████", "green"),  # above the maximum (temporary HP)
])
def test_tracker_hp_bar_cells_and_colour(hp, top, bar, colour):
    assert hp_bar(hp, top) == (bar, colour)


# fight in round 3, order A B C, B acting: A's turn is over, C's is ahead
FIGHT = Fight(round=3, order=("A", "B", "C"), index=1, turn=TurnState("B", 2))


@pytest.mark.parametrize(("until", "until_round", "bearer", "left"), [
    (ROUND_END, 3, "A", "1 round left"),
    (ROUND_END, 5, "A", "3 rounds left"),
    (ROUND_START, 5, "A", "2 rounds left"),
    (TURN_END, 4, "A", "1 turn left"),     # its turn this round is over: only round 4's
    (TURN_END, 4, "B", "2 turns left"),    # the turn in progress counts
    (TURN_END, 4, "C", "2 turns left"),    # its turn is still ahead this round
    (TURN_START, 4, "C", "until its turn in round 4"),
    (FIGHT_END, 0, "A", "until the end of the fight"),
    (NEVER, 0, "A", "until removed"),
])
def test_tracker_effect_shows_what_is_left(until, until_round, bearer, left):
    effect = Effect("bleeding", until=until, until_round=until_round)
    assert left_of(effect, FIGHT, bearer) == left


@pytest.fixture
def fight(crypt, monkeypatch):
    monkeypatch.setenv("COLUMNS", "160")  # a wide terminal: rows are not wrapped
    ok(crypt("fight", "start", "--ambush", "party"))
    return crypt


def test_tracker_status_table_marks_the_turn_and_shows_bars_effects_and_next(fight):
    ok(fight("attack", "Лучница", "Гоблин 1", "--ranged", "--given", "19 3"))
    ok(fight("effect", "add", "Гоблин 1", "bleeding", "--duration", "2 turns"))
    lines = ok(fight("fight", "status", "--format", "rich")).stdout.splitlines()
    assert lines[1] == "Round 1 · turn: Лучница, 1 action left"
    assert lines[2].split() == ["name", "side", "hp", "resources", "effects"]
    archer = next(line for line in lines[3:] if "Лучница" in line)
    goblin = next(line for line in lines if "Гоблин 1" in line)
    assert archer.startswith("▶") and not goblin.startswith("▶")
    assert "██████░░░░ 4/7" in goblin and "bleeding (2 turns left)" in goblin
    assert "██████████ 7/7" in archer
    assert lines[-1] == "Next: Вор"


def test_tracker_status_table_in_russian_uses_the_sheet_terms(fight):
    lines = ok(fight("--lang", "ru", "fight", "status", "--format", "rich")).stdout.splitlines()
    assert lines[1] == "Раунд 1 · ход: Лучница, в запасе 2 действия"
    assert lines[2].split() == ["имя", "сторона", "ЗД", "ресурсы", "эффекты"]
    assert lines[-1] == "Следующий ход: Вор"


def test_tracker_players_table_hides_the_hidden_and_enemy_numbers(fight):
    ok(fight("char", "set", "Огр", "hidden=true"))
    ok(fight("damage", "Гоблин 2", "5"))
    out = ok(fight("fight", "status", "--public", "--format", "rich")).stdout
    assert "Огр" not in out
    goblin = next(line for line in out.splitlines() if "Гоблин 2" in line)
    assert "badly wounded" in goblin and "/7" not in goblin and "█" not in goblin


def test_tracker_next_skips_the_dead(fight):
    ok(fight("char", "set", "Вор", "status=dead"))
    assert ok(fight("fight", "status", "--format", "rich")).stdout.splitlines()[-1] == "Next: Викинг"


def test_tracker_piped_status_stays_plain_text(fight):
    out = ok(fight("fight", "status")).stdout
    assert "█" not in out and "order: Лучница (now)" in out


def test_tracker_toolbar_shows_the_actor_resources_effects_and_next(fight, monkeypatch):
    from ttcli.tracker import toolbar_text

    ok(fight("effect", "add", "Лучница", "stun"))
    doc = tomllib.loads(fight.path.read_text(encoding="utf-8"))
    assert toolbar_text(doc) == (" crypt | round 1 | Лучница | 2 actions left | hp 7/7, fatigue 0/3, rations 3"
                                 " | stun (2 turns left) | next: Вор")


def test_a_posts_status_table_names_a_preset_effect_in_the_readers_language(fight):
    # issue 24: "bleeding (до раунда 3)" in a Russian status table; the terminal's table already translated
    ok(fight("effect", "add", "Гоблин 1", "bleeding", "--duration", "2 rounds"))
    post = ok(fight("--lang", "ru", "fight", "status", "--format", "markdown")).stdout
    goblin = next(line for line in post.splitlines() if "Гоблин 1" in line)
    assert "кровотечение (до раунда 2)" in goblin and "bleeding" not in goblin
