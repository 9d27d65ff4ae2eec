"""A terra fight through the command line and the prompt, on the bundled example
session: initiative and synchronization (TT-INIT-1..3, TT-SYNC-1..3), phases of
6 AP turns (TT-PHASE-1, TT-AP-1, TT-AP-2), delays (TT-DELAY-1), counter
attacks (TT-COUNTER-1), Rage held for a turn (TT-RH-1, TT-RH-3), the end of
the fight (TT-END-1), and every bad request refused with nothing changed."""

from __future__ import annotations

import io
import json
import shlex
import shutil
import tomllib
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR

#: The example: Айрис (ГК 1, -, Рыбы) at 0,1; Торн (ГК 3, +, Козерог) at 1,0; Плут (ГК 2, +, Весы) at 0,0;
#: Волк 1 at 2,1 and Волк 2 at 4,0 (monsters).  Initiative dice in roster order: Айрис 4 + sync 1 (= ГК 1),
#: Торн 5 + sync 1, Плут 4 + sync 2 (= ГК 2), Волк 1 4, Волк 2 2; the party group and Волк 1 share 4:
#: D6 3 against 5, the enemy first.
START = 'fight start --given "4 1 5 1 4 2 4 2 3 5"'

#: A whole fight: synchronization, a group, a delay, a provoked counter attack, Rage held for a turn.
FIGHT = [
    START,
    "move Плут --to 1,1",
    'attack Плут "Волк 1" --given "2 3"',
    "fight next",
    'attack Айрис "Волк 1" --formula D6 --type Огонь --technique --ap 4 --reach 3 --given 3',
    "fight next",
    "delay Торн",
    'attack "Волк 1" Плут --given 3',
    "fight next",
    'attack Плут "Волк 1" --formula D4 --technique --ap 3 --provokes --given "1 4"',
    'counter "Волк 1" Плут --given 2',
    "fight next",
    "fight next",
    'move "Волк 2" --to 2,0',
    'attack "Волк 2" Торн --given 4',
    "fight next",
    "damage Торн 7",
    'attack Торн "Волк 2" --given 2',
    "fight next",
    "heal Торн 5",
    *["fight next"] * 6,
    "fight end --yes",
]


def copy_example(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "saves" / "terra.toml", folder / "terra.toml")
    return folder / "terra.toml"


@pytest.fixture
def terra(tmp_path, runner):
    from ttcli.app import app

    saves = tmp_path / "saves"
    path = copy_example(saves)

    def run(*args):
        if len(args) == 1 and " " in args[0]:
            args = tuple(shlex.split(args[0]))
        return runner.invoke(app, ["--saves", str(saves), "--session", "terra", *args])

    run.path = path
    run.saves = saves
    return run


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def doc(terra) -> dict:
    return tomllib.loads(terra.path.read_text(encoding="utf-8"))


def who(terra, name: str) -> dict:
    return doc(terra)["combatants"][name]


def refused_unchanged(terra, line: str, code: ExitCode, text: str) -> None:
    """Bad input: one message, the documented exit code, the file as it was."""
    before = terra.path.read_bytes()
    r = terra(line)
    assert r.exit_code == code, r.output
    assert text in r.stderr, r.stderr
    assert r.stderr.count("error:") == 1 and "Traceback" not in r.output
    assert terra.path.read_bytes() == before


def journal(saves: Path) -> list[dict]:
    from ttcli.store import read_events

    return [{k: v for k, v in e.items() if k != "time"} for e in read_events(saves / "terra.journal.toml")]


# --- the whole fight ----------------------------------------------------------------------------------

def test_a_whole_fight_one_shot_and_in_the_prompt_gives_equal_journals(terra, tmp_path):
    """TT-INIT-1..3, TT-SYNC-1, TT-PHASE-1, TT-DELAY-1, TT-COUNTER-1, TT-RH-1, TT-RH-3, TT-END-1."""
    out = [ok(terra(line)).stdout for line in FIGHT]
    start = out[0]
    assert "Торн: initiative D6 5, synchronization D4 1." in start
    assert "Initiative 4 is shared by both sides: D6 party:enemies 3:5; the enemies act first." in start
    assert "Order: Торн, Волк 1, Айрис, Плут, Волк 2." in start
    assert "Synchronization phase: Айрис, Плут act together with 5 AP each." in start
    assert "Плут moves 1 cell: 1,1 (4 AP left)." in out[1]
    assert "Phase 1: Торн's turn, 6 AP." in out[5]
    assert "Волк 1 may answer Плут with a counter attack." in out[9]
    assert "Плут takes 3 physical variable: 3 to HP (HP 6 -> 3)." in out[10]
    assert "Торн takes 5 physical variable: ФЗ(D) 2 blocks 2; 3 to HP (HP 10 -> 7)." in out[14]
    assert "Торн loses 2 SP (SP 10 -> 8)." in out[14]  # ГК 3: only 2 of the blocked damage
    assert "Торн takes the delayed turn." in out[15]
    assert "Торн: on their feet → Rage." in out[16]
    assert "Торн in Rage: +3 to the attack, 7 in all." in out[17]
    assert "Phase 2: Торн's turn" in out[18]
    assert "Торн has played its turn in Rage: now on their feet." in "".join(out[20:26])
    assert "The fight ends" in out[-1]

    prompt_saves = tmp_path / "prompt"
    copy_example(prompt_saves)
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ttcli.env import Environment
    from ttcli.repl import Repl

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=prompt_saves)
    with create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\n" for line in FIGHT) + "exit\n")
        Repl(env, "terra", input=pipe, output=DummyOutput(), history=False).run()
    assert env.stderr.getvalue() == ""
    one_shot, prompted = journal(terra.saves), journal(prompt_saves)
    assert len(one_shot) == len(FIGHT)
    assert one_shot == prompted


# --- initiative and synchronization --------------------------------------------------------------------

def test_tt_init_1_only_characters_roll_synchronization_and_the_dice_are_listed(terra):
    body = json.loads(ok(terra(START + " --json")).stdout)
    rolls = next(e for e in body["events"] if e["kind"] == "initiative")["rolls"]
    assert [("sync" in r) for r in rolls] == [True, True, True, False, False]
    assert [d["purpose"] for d in body["dice"]][:4] == ["initiative", "synchronization"] * 2


def test_tt_init_2_equal_initiative_shares_one_place_in_phase_1(terra):
    ok(terra('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    fight = doc(terra)["fight"]
    assert fight["order"] == ["Торн", "Айрис", "Плут", "Волк 2", "Волк 1"]
    assert fight["groups"] == [["Айрис", "Плут"]]


def test_tt_init_3_a_tie_between_sides_is_rerolled_until_it_breaks(terra):
    r = ok(terra('fight start --no-sync --given "4 1 5 1 4 2 4 2 3 3 6 6 2 5"'))
    assert "D6 party:enemies 3:3; 6:6; 2:5; the enemies act first." in r.stdout


def test_tt_sync_2_the_master_skips_the_synchronization_phase(terra):
    r = ok(terra('fight start --no-sync --given "4 1 5 1 4 2 4 2 3 5"'))
    assert "The master skips the synchronization phase (Айрис, Плут synchronized)." in r.stdout
    assert doc(terra)["fight"]["turn"]["actor"] == "Торн"
    ok(terra("fight end --yes"))
    terra.path.write_text(terra.path.read_text(encoding="utf-8").replace("skip_sync = false", "skip_sync = true"),
                          encoding="utf-8")
    assert "skips the synchronization phase" in ok(terra(START)).stdout


def test_tt_sync_1_five_ap_and_movement_beyond_speed(terra):
    ok(terra("char set Плут speed=2"))
    ok(terra(START))
    r = ok(terra("move Плут --to 1,3"))  # 3 cells around Айрис and Торн: beyond speed 2, within 5 AP
    assert "Плут moves 3 cells: 1,1 1,2 1,3 (2 AP left)." in r.stdout
    refused_unchanged(terra, "move Плут --to 1,6", ExitCode.RULES, "1,6 is 3 steps away; Плут may move 2 cells now")


def test_tt_sync_3_with_no_sp_a_synchronized_character_may_decline_and_acts_last(terra):
    ok(terra("char set Айрис sp=0"))
    ok(terra(START))
    refused_unchanged(terra, "fight decline Плут", ExitCode.RULES, "still has SP")
    r = ok(terra("fight decline Айрис"))
    assert "acts last in every phase and gets 1 temporary SP" in r.stdout
    assert who(terra, "Айрис")["resources"]["sp"] == 1
    assert doc(terra)["fight"]["turn"]["actor"] == "Плут"
    ok(terra("fight next"))
    assert doc(terra)["fight"]["order"] == ["Торн", "Волк 1", "Плут", "Волк 2", "Айрис"]
    ok(terra("fight end --yes"))
    assert who(terra, "Айрис")["resources"]["sp"] == 0  # the temporary SP lasts for the fight


def test_tt_crit_6_capricorn_synchronizes_by_shifting_its_die(terra):
    r = ok(terra('fight start --given "4 1 5 2 4 2 4 2 3 5"'))
    assert "synchronization D4 2, shifted to 3 (Козерог): synchronized" in r.stdout


# --- action points and the one combat action -------------------------------------------------------------

@pytest.fixture
def phase1(terra):
    """Phase 1 without synchronization: Торн acts."""
    ok(terra('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    return terra


def test_tt_ap_1_more_ap_than_left_is_refused_and_changes_nothing(phase1):
    ok(phase1('attack Торн "Волк 1" --ap 5 --given 3'))
    refused_unchanged(phase1, "item Торн флакон --ap 2", ExitCode.RULES, "has 1 AP left this turn, 2 needed")
    refused_unchanged(phase1, "move Торн --to 1,2", ExitCode.RULES, "1,2 is 2 steps away; Торн may move 1 cells")


def test_tt_ap_2_one_combat_action_a_turn_but_items_are_not(phase1):
    ok(phase1('attack Торн "Волк 1" --given 3'))
    refused_unchanged(phase1, 'unarmed Торн "Волк 1"', ExitCode.RULES, "has made its combat action this turn")
    assert "uses флакон for 1 AP (2 AP left)" in ok(phase1("item Торн флакон --ap 1")).stdout


def test_tt_ap_2_speed_limits_movement_and_others_block_the_way(phase1):
    ok(phase1("char set Торн speed=2"))
    refused_unchanged(phase1, "move Торн --to 1,4", ExitCode.RULES, "may move 2 cells now")
    refused_unchanged(phase1, "move Торн --to 2,1", ExitCode.RULES, "occupied")
    refused_unchanged(phase1, 'move Торн --path "2,0 3,1 4,2"', ExitCode.RULES, "one diagonal")


def test_tt_ap_1_unspent_ap_burn_at_the_end_of_the_turn(phase1):
    ok(phase1("move Торн --to 1,1"))
    assert "Торн: 5 unspent AP burn." in ok(phase1("fight next")).stdout


def test_not_ones_turn_is_refused(phase1):
    refused_unchanged(phase1, 'attack Плут "Волк 1"', ExitCode.RULES, "Плут does not act now (now: Торн)")


# --- attacks --------------------------------------------------------------------------------------------------

def test_tt_crit_1_an_attack_crits_from_given_dice(phase1):
    r = ok(phase1('attack Торн "Волк 1" --given "1 3"'))
    assert "Торн: D6+2: rolled 1; first die 1 → check D4 = 3 = ГК 3: crit, 12" in r.stdout
    assert who(phase1, "Волк 1")["status"] == "dead"


def test_tt_crit_6_a_capricorn_level_5_physical_technique_always_crits(phase1):
    ok(phase1("char set Торн sign_level=5"))
    r = ok(phase1('attack Торн "Волк 1" --technique --given 4'))
    assert "a technique of Козерог always crits: 12" in r.stdout


def test_tt_radius_1_the_target_must_be_within_reach(phase1):
    refused_unchanged(phase1, 'attack Торн "Волк 2"', ExitCode.RULES, "Волк 2 is 3 cells away; Торн reaches 1")


def test_tt_unarmed_1_damage_is_level_capped_by_body_and_identify_deals_1(phase1):
    ok(phase1("char set Торн level=2"))
    r = ok(phase1('unarmed Торн "Волк 1"'))
    assert "hits Волк 1 unarmed for 3 AP (3 AP left): 2 damage." in r.stdout
    assert "Волк 1 takes 2 physical constant: ФЗ 1 blocks 1; 1 to HP" in r.stdout
    ok(phase1("fight next"))
    ok(phase1("fight next"))  # the group's place: Айрис takes it
    ok(phase1("move Айрис --to 1,1"))
    r = ok(phase1('unarmed Айрис "Волк 1" --identify --both-hands --json'))
    body = json.loads(r.stdout)
    assert next(e for e in body["events"] if e["kind"] == "unarmed")["ap"] == 5
    assert next(e for e in body["events"] if e["kind"] == "identified")["stats"]["pdef"] == 1


def test_tt_sign_1_pisces_dodges_physical_damage_on_d100(phase1):
    r = ok(phase1('damage Айрис 4 --type переменный --given 20'))
    assert "Айрис (Рыбы, 20%): d100 = 20: dodges." in r.stdout
    assert who(phase1, "Айрис")["resources"]["hp"] == 10


def test_tt_counter_1_once_a_phase_and_only_within_radius_1(phase1):
    ok(phase1('counter "Волк 1" Торн --given 2'))
    refused_unchanged(phase1, 'counter "Волк 1" Торн', ExitCode.RULES, "has made its counter attack this phase")
    refused_unchanged(phase1, 'counter "Волк 2" Торн', ExitCode.RULES, "is 3 cells away")
    refused_unchanged(phase1, 'counter Плут Торн', ExitCode.RULES, "answers an enemy")


def test_tt_sp_2_no_techniques_at_sp_0_but_the_weapon_attack_and_a_learned_technique(phase1):
    ok(phase1("char set Торн sp=0"))
    refused_unchanged(phase1, 'attack Торн "Волк 1" --technique', ExitCode.RULES, "no abilities or magic today")
    ok(phase1('attack Торн "Волк 1" --technique --learned --given 3'))


def test_tt_trance_1_enemy_damage_that_empties_sp_brings_the_trance(phase1):
    ok(phase1("char set Айрис sp=1 hp=2"))
    r = ok(phase1('damage Айрис 5 --type переменный --given 99'))  # against ФЗ(D) 1: 1 into SP, 4 to HP
    assert "Айрис falls into a combat trance" in r.stdout
    assert who(phase1, "Айрис")["resources"]["hp"] == 1  # HP cannot fall below 1 in trance
    assert who(phase1, "Айрис")["data"]["trance"] == {"uses": 3, "turns": 3}


def test_tt_rh_1_panic_only_flees(phase1):
    ok(phase1("damage Айрис 10"))
    assert who(phase1, "Айрис")["status"] == "panic"
    ok(phase1("fight next"))  # the place of Айрис and Плут opens: Айрис may take it
    refused_unchanged(phase1, 'attack Айрис "Волк 1" --reach 3', ExitCode.RULES, "flees and takes no actions")
    refused_unchanged(phase1, "move Айрис --to 1,1", ExitCode.RULES, "never closer to an enemy")
    ok(phase1("move Айрис --to 0,3"))


def test_tt_rh_2_shock_loses_the_turn(phase1):
    ok(phase1("damage Айрис 13"))
    assert who(phase1, "Айрис")["status"] == "shock"
    r = ok(phase1("fight next"))
    assert "Айрис is in Shock: turn skipped." in r.stdout


def test_tt_end_1_after_the_fight_fainted_or_dead(phase1):
    ok(phase1("damage Айрис 12"))
    ok(phase1("damage Плут 16"))
    r = ok(phase1("fight end --yes"))
    assert "After the fight Айрис (HP -2) is unconscious." in r.stdout
    assert "After the fight Плут (HP -6) is dead." in r.stdout


def test_tt_equip_1_costs_and_radius(phase1):
    assert "takes off шлем for 3 AP and 1 SP (3 AP left)" in ok(phase1("equip Торн off шлем")).stdout
    assert who(phase1, "Торн")["resources"]["sp"] == 9
    refused_unchanged(phase1, 'equip Торн give зелье --with "Волк 2"', ExitCode.RULES, "within radius 1")


def test_bad_damage_type_gets_a_suggestion_and_changes_nothing(phase1):
    refused_unchanged(phase1, 'attack Торн "Волк 1" --type Огнь', ExitCode.NOT_FOUND, "did you mean: огонь")
    refused_unchanged(phase1, 'attack Торн "Волк 1" --formula 4d6kh3', ExitCode.USAGE, "not a terra formula")


def test_a_hand_edited_terra_data_typo_is_reported_at_its_field(terra):
    text = terra.path.read_text(encoding="utf-8").replace("cell = [0, 1]", "cel = [0, 1]")
    terra.path.write_text(text, encoding="utf-8")
    r = terra("fight status")
    assert r.exit_code == ExitCode.BAD_DATA and "cel" in r.stderr and "cell" in r.stderr


def test_the_phase_benchmark_plays_a_5_against_8_phase_with_counters():
    """The benchmark's phase runs as written (it is timed only when run as a script)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import terra_phase as bench

    results = bench.measure(phases=1)
    assert {word: len(times) for word, times in results.items()} == {
        "move": 10, "cast": 5, "attack": 8, "counter": 8, "next": 13}


@pytest.mark.parametrize(("state", "stands"), [("rage", True), ("berserk", True), ("panic", True),
                                                ("shock", False), ("down", False), ("dead", False)])
def test_tt_rh_1_and_tt_rh_2_rage_berserk_and_panic_still_stand_for_their_side(state, stands):
    """Issue 25, defect 6: party members in Rage, Berserk or Panic were counted as not standing
    ("Nobody on the party side is standing"); docs/terra.md reading 3: only Shock and down do not."""
    from rules.core.common import decided
    from rules.core.outcome import Work
    from rules.core.state import ENEMY, PARTY, Combatant, Encounter, Fight
    from rules.systems.terra.rules import RULES

    enc = Encounter("terra", combatants=(Combatant("Торн", side=PARTY, status=state),
                                         Combatant("Волк", side=ENEMY, status="down")),
                    fight=Fight(order=("Торн", "Волк")))
    assert decided(Work(enc), RULES.status) == (PARTY if stands else None)
