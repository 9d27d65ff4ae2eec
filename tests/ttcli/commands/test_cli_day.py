"""``ttcli day``: the in-world day ends (issue 25, defect 5 and "the day").

Each system applies what its seed ties to a day; docs/terra.md and docs/readings.md say what that is.
Terra (seed: "У здоровых персонажей все ОЗ каждые сутки в полночь восстанавливаются"; "На следующий
день, если их никто не лечил, то наступает смерть"; the trance "1 раз в день"; no abilities or magic
"в этот день" at SP 0; "Изменять применяемые приемы можно в полночь"): HP back, the unhealed fainted
die, SP back, the trance ready again, the day's aspect chosen anew.  Dungeon, twilight and skirmish
tie nothing to a day: the command says so and changes nothing.  Played through the command line on
the example sessions; journaled, undone, refused during a fight with nothing changed."""

from __future__ import annotations

import shlex
import shutil
import tomllib
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

#: terra's phase 1 without synchronization (tests/rules/systems/terra/test_terra_fight.py): Торн acts
PHASE1 = 'fight start --no-sync --given "4 1 5 1 4 2 1 2"'


class Session:
    """An example session copied into a saves folder, played by one-shot commands."""

    def __init__(self, tmp_path: Path, runner, file: str) -> None:
        self.saves = tmp_path / "saves"
        self.saves.mkdir(exist_ok=True)
        self.name = file
        self.path = self.saves / f"{file}.toml"
        shutil.copy(ROOT_DIR / "saves" / f"{file}.toml", self.path)
        self.runner = runner

    def __call__(self, line: str):
        from ttcli.app import app

        return self.runner.invoke(app, ["--saves", str(self.saves), "--session", self.name, "--lang", "en",
                                        *shlex.split(line)])

    def ok(self, line: str) -> str:
        r = self(line)
        assert r.exit_code == 0, r.output
        return r.stdout

    def doc(self) -> dict:
        return tomllib.loads(self.path.read_text(encoding="utf-8"))

    def who(self, name: str) -> dict:
        return self.doc()["combatants"][name]

    def refused_unchanged(self, line: str, code: ExitCode, text: str) -> None:
        before = self.path.read_bytes()
        r = self(line)
        assert r.exit_code == code, r.output
        assert text in r.stderr, r.stderr
        assert r.stderr.count("error:") == 1 and "Traceback" not in r.output
        assert self.path.read_bytes() == before

    def journal(self) -> list[dict]:
        from ttcli.store import read_events

        return list(read_events(self.saves / f"{self.name}.journal.toml"))


@pytest.fixture
def terra(tmp_path, runner):
    return Session(tmp_path, runner, "terra")


# --- terra -----------------------------------------------------------------------------------------------

def test_tt_end_1_at_midnight_the_healthy_are_whole_and_the_unhealed_fainted_die(terra):
    """"У здоровых персонажей все ОЗ каждые сутки в полночь восстанавливаются"; "По прошествии боя персонажи
    с ОЗ равными 0 либо меньшими валятся в обморок. На следующий день, если их никто не лечил, то наступает
    смерть." """
    terra.ok(PHASE1)
    terra.ok("damage Айрис 5")
    terra.ok("damage Плут 12")
    terra.ok("fight end --yes")
    assert terra.who("Плут")["status"] == "unconscious"
    out = terra.ok("day")
    assert "Midnight: the day ends." in out
    assert "Айрис: HP restored at midnight, 5 -> 10." in out
    assert "Плут (HP -2) was not healed by the next day and dies." in out
    assert terra.who("Айрис")["resources"]["hp"] == 10
    assert terra.who("Плут")["status"] == "dead"
    assert terra.journal()[-1]["kind"] == "day"


def test_tt_trance_1_the_once_a_day_trance_comes_back_with_the_day(terra):
    """Defect 5: "В состояние Боевого Транс персонаж входит 1 раз в день": spent in one fight, it is
    ready again after midnight, and enemy damage that empties SP brings it again."""
    terra.ok(PHASE1)
    terra.ok("char set Айрис sp=1 hp=2")
    assert "falls into a combat trance" in terra.ok('damage Айрис 5 --type переменный --given 99')
    terra.ok("fight end --yes")
    assert terra.who("Айрис")["data"]["trance_used"] is True
    assert "Айрис: the day's combat trance is ready again." in terra.ok("day")
    assert "trance_used" not in terra.who("Айрис").get("data", {})
    terra.ok(PHASE1)
    terra.ok("char set Айрис sp=1 hp=2")
    assert "falls into a combat trance" in terra.ok('damage Айрис 5 --type переменный --given 99')


def test_tt_sp_2_no_abilities_or_magic_ends_with_the_day(terra):
    """"он больше не может применять Способности и Магии в этот день": the next day SP is whole again
    (docs/terra.md: the seed gives SP no other way back) and techniques are open."""
    terra.ok("char set Торн sp=0")
    terra.ok(PHASE1)
    terra.refused_unchanged('attack Торн "Волк 1" --technique', ExitCode.RULES, "no abilities or magic today")
    terra.ok("fight end --yes")
    assert "Торн: SP restored, 0 -> 10; abilities and magic are open again." in terra.ok("day")
    terra.ok(PHASE1)
    terra.ok('attack Торн "Волк 1" --technique --given 3')


def test_tt_tech_2_the_days_aspect_is_chosen_anew_at_midnight(terra):
    """"Изменять применяемые приемы можно в полночь": ``day --aspects`` sets each one's aspect."""
    out = terra.ok('day --aspects "Айрис=Мана, Торн=душа"')
    assert "Айрис: the day's aspect is Мана." in out and "Торн: the day's aspect is Душа." in out
    assert terra.who("Айрис")["stats"]["aspect"] == "mana"
    out = terra.ok('day --aspects "Айрис=Жизнь"')
    assert "Айрис: the day's aspect is Жизнь (was Мана)." in out


@pytest.mark.parametrize(("line", "code", "text"), [
    ('day --aspects "Айрис=Огонь"', ExitCode.USAGE, "'Огонь' is not an aspect"),
    ('day --aspects "Айрис"', ExitCode.USAGE, "is not NAME=ASPECT"),
    ('day --aspects "Волк 1=Мана"', ExitCode.RULES, "a monster has no day's aspect"),
    ('day --aspects "Никто=Мана"', ExitCode.NOT_FOUND, "Никто"),
])
def test_tt_tech_2_a_bad_aspect_choice_is_refused_and_changes_nothing(terra, line, code, text):
    terra.ok("char set Айрис hp=3")
    terra.refused_unchanged(line, code, text)


def test_tt_end_1_the_day_does_not_end_during_a_fight(terra):
    """A fight is phases of 5 seconds: midnight comes between fights; the refusal says how to go on."""
    terra.ok(PHASE1)
    terra.ok("damage Айрис 5")
    terra.refused_unchanged("day", ExitCode.RULES, "end the fight first: ttcli fight end")


def test_tt_end_1_undo_takes_the_day_back(terra):
    terra.ok("char set Айрис hp=3 sp=0")
    before = terra.path.read_text(encoding="utf-8")
    terra.ok("day")
    assert terra.who("Айрис")["resources"]["hp"] == 10
    terra.ok("undo")
    assert terra.path.read_text(encoding="utf-8") == before


# --- the systems whose seeds tie nothing to a day ----------------------------------------------------------

@pytest.mark.parametrize("file", ["crypt", "arena", "skirmish"])
def test_dg_rest_1_tw_choice_1_sk_break_1_a_day_changes_nothing_where_the_seed_ties_nothing_to_it(
        tmp_path, runner, file):
    """Dungeon: rests ("Короткий отдых занимает 30-60 минут", "Длинный отдых занимает 6-8 часов", a ration
    each) are taken when the party rests (``rest``), not by the calendar; twilight's mercy returns a champion
    "в следующем раунде турнира", not the next day; skirmish keeps its budgets per fight (rerolls, breakage
    "После каждого боя").  The day is journaled, says so, and changes no combatant."""
    s = Session(tmp_path, runner, file)
    before = s.doc()["combatants"]
    out = s.ok("day")
    assert "Midnight: the day ends." in out and "tie nothing to a day: nothing changes." in out
    assert s.doc()["combatants"] == before
    assert s.journal()[-1]["kind"] == "day"
    s.refused_unchanged('day --aspects "A=Мана"', ExitCode.USAGE, "--aspects belongs to terra")


def test_the_prompt_takes_the_russian_words_for_the_day():
    from ttcli.repl import click_command, expand

    command = click_command()
    for word in ("день", "полночь", "сутки"):
        assert expand([word], command) == ["day"]
