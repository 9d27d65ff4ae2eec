"""Terra, issue 25: what the program disagreed with the seed on, and what a master could not
reach: the rhesus bonus on an unarmed attack (TT-RH-1, TT-UNARMED-1), the spear's two cells
(TT-WEAPON-1), theatrical actions (TT-AP-1, Лев and Близнецы: TT-SIGN-2) and Змееносец/Кит's
copying (TT-SIGN-1).  Every situation is played through the command line on the example session."""

from __future__ import annotations

import json

import pytest
from test_terra_fight import doc, ok, phase1, refused_unchanged, terra, who  # noqa: F401  (fixtures)

from ttcli.exitcodes import ExitCode

#: phase 1 without synchronization (as test_terra_fight's ``phase1``), with Кулак (ГК 3, +, Овен,
#: level 5, Тело 4, no weapon) added last: his initiative D6 6 puts him first; he stands at 2,2 by Волк 1
KULAK = "char add Кулак --side party ГК=3 резус=+ знак=овен тело=4 уровень=5"
START_KULAK = 'fight start --no-sync --given "4 1 5 1 4 2 1 2 6 1"'


# --- defect 3: the rhesus bonus reaches only an unarmed character's unarmed attack --------------------------

def test_tt_rh_1_rage_bonus_skips_an_armed_characters_unarmed_attack(phase1):  # noqa: F811
    """Seed: Rage gives "+3 к своей Атаке Оружием (либо безоружной Атаке, если не вооружен)": Торн carries
    a weapon (D6+2), so his unarmed attack in Rage deals min(level 1, Тело 4) = 1, not 4."""
    ok(phase1("damage Торн 10"))
    assert who(phase1, "Торн")["status"] == "rage"
    r = ok(phase1('unarmed Торн "Волк 1"'))
    assert "hits Волк 1 unarmed for 3 AP (3 AP left): 1 damage." in r.stdout
    assert who(phase1, "Волк 1")["resources"]["hp"] == 10  # ФЗ 1 blocks the 1


def test_tt_unarmed_1_identification_deals_1_whatever_the_berserk_bonus(terra):  # noqa: F811
    """Seed: "Идентификация нанесет всего 1 урон": Кулак, unarmed and in Berserk, still deals 1 (the +4
    goes to a damaging unarmed attack only)."""
    ok(terra(KULAK))
    ok(terra("place Кулак 2,2"))
    ok(terra(START_KULAK))
    ok(terra("damage Кулак 13"))
    assert who(terra, "Кулак")["status"] == "berserk"
    r = ok(terra('unarmed Кулак "Волк 1" --identify'))
    assert "Кулак identifies Волк 1 with an unarmed attack for 3 AP (3 AP left): 1 damage." in r.stdout


def test_tt_rh_1_rage_bonus_reaches_the_unarmed_attack_of_one_without_a_weapon(terra):  # noqa: F811
    """Seed: "(либо безоружной Атаке, если не вооружен)": Кулак has no weapon, so Rage adds +3 to
    min(level 5, Тело 4) = 4: 7 damage, ФЗ 1 of Волк 1 blocks 1."""
    ok(terra(KULAK))
    ok(terra('place Кулак 2,2'))
    ok(terra(START_KULAK))
    assert doc(terra)["fight"]["turn"]["actor"] == "Кулак"
    ok(terra("damage Кулак 10"))
    r = ok(terra('unarmed Кулак "Волк 1"'))
    assert "hits Волк 1 unarmed for 3 AP (3 AP left): 7 damage." in r.stdout
    assert who(terra, "Волк 1")["resources"]["hp"] == 4


def test_tt_rh_1_a_worn_weapon_arms_a_character_without_a_formula(terra):  # noqa: F811
    """TT-WEAPON-1 slots: a weapon worn in the weapon slot arms Кулак, so Rage adds nothing to his
    unarmed attack."""
    ok(terra(KULAK))
    ok(terra('place Кулак 2,2'))
    ok(terra("equip Кулак on посох --slot оружие"))
    ok(terra(START_KULAK))
    ok(terra("damage Кулак 10"))
    r = ok(terra('unarmed Кулак "Волк 1"'))
    assert "hits Волк 1 unarmed for 3 AP (3 AP left): 4 damage." in r.stdout





# --- the spear's two cells -----------------------------------------------------------------------------------

def spear(phase1):  # noqa: F811
    """Торн (1,0) takes a spear; Волк 2 steps to 3,0 (2 cells away); Волк 1 (2,1) stands between."""
    ok(phase1('char set Торн "тип оружия"=копьё'))
    ok(phase1('place "Волк 2" 3,0'))
    return phase1


def test_tt_weapon_1_a_spear_strikes_two_cells_with_one_attack(phase1):  # noqa: F811
    """Seed: "Копья наносят урон по двум клеткам одновременно, по дальней клетке максимальный, по ближней
    меньший": one Attack (3 AP, one combat action, one roll), Волк 2 at radius 2 takes the formula's 7, Волк 1
    between takes half, 3 [I]."""
    spear(phase1)
    r = ok(phase1('attack Торн "Волк 2" --near "Волк 1" --given 5 --json'))
    body = json.loads(r.stdout)
    assert len(body["dice"]) == 1  # one roll of D6+2 (5, no crit check)
    assert "Торн's spear strikes the nearer cell too: Волк 1, 3 (half)." in body["lines"]
    assert who(phase1, "Волк 2")["resources"]["hp"] == 3
    assert who(phase1, "Волк 1")["resources"]["hp"] == 7
    assert doc(phase1)["fight"]["turn"]["spent"] == 3  # one Attack's AP, once
    refused_unchanged(phase1, 'attack Торн "Волк 1"', ExitCode.RULES, "has made its combat action this turn")


@pytest.mark.parametrize(("line", "code", "text"), [
    ('attack Торн "Волк 2" --near Айрис', ExitCode.RULES, "a spear strikes two cells in a line"),
    ('attack Торн "Волк 1" --near "Волк 2"', ExitCode.RULES, "must stand 2 cells from Торн"),
    ('attack Торн "Волк 2" --near "Волк 1" --technique', ExitCode.RULES, "not of a technique"),
    ('attack Торн "Волк 2" --near "Волк 2"', ExitCode.USAGE, "not either of them"),
])
def test_tt_weapon_1_a_spear_attack_on_cells_out_of_line_is_refused(phase1, line, code, text):  # noqa: F811
    spear(phase1)
    refused_unchanged(phase1, line, code, text)


def test_tt_weapon_1_near_needs_a_spear(phase1):  # noqa: F811
    ok(phase1('place "Волк 2" 3,0'))
    refused_unchanged(phase1, 'attack Торн "Волк 2" --near "Волк 1"', ExitCode.RULES, "weapon is not a spear")


# --- theatrical actions and the auras that decide checks ---------------------------------------------------------

def test_tt_ap_1_a_theatrical_action_costs_the_masters_ap_and_rolls_its_check(phase1):  # noqa: F811
    """Seed: "Некоторые специальные действия, называемые Театральными ... по усмотрению Мастера тоже могут
    требовать некоторое количество ОД и каких-либо проверок": the master's AP (not a combat action) and
    the check, d100 <= N [I]; a failed check exits 1 for scripts."""
    r = phase1('theatre Торн "прыжок через стол" --ap 2 --chance 40 --given 55')
    assert r.exit_code == ExitCode.FAILED, r.output
    assert "Торн, a theatrical action: прыжок через стол, for 2 AP (4 AP left)." in r.stdout
    assert "Торн's check: d100 = 55 > 40: failure." in r.stdout
    ok(phase1('attack Торн "Волк 1" --given 3'))  # still the turn's combat action to make
    refused_unchanged(phase1, 'theatre Торн "ещё прыжок" --ap 2', ExitCode.RULES, "has 1 AP left this turn")


def test_tt_sign_2_leo_wins_every_defensive_check(phase1):  # noqa: F811
    """Seed, Лев: "Выигрывает все защитные проверки в бою": no roll, out of turn."""
    ok(phase1("char set Плут знак=лев"))
    r = ok(phase1('theatre Плут "устоять на ногах" --chance 5 --defensive --given 99'))
    assert "Плут (Лев) wins every defensive check: success, no roll." in r.stdout
    assert json.loads(ok(phase1('theatre Плут "устоять" --chance 5 --defensive --json')).stdout)["dice"] == []


def test_tt_sign_2_leo_level_5_guarantees_an_ally_one_defensive_win_a_turn(phase1):  # noqa: F811
    """Seed, Лев 5: "гарантирует 1 выигрыш любой защитной проверки в ход любому сопартийцу в радиусе 1":
    Айрис (Лев 5, at 0,1) and Торн (1,0) stand 1 apart: Торн's first defensive check this turn is won,
    the second is rolled; the next turn the guarantee is there again."""
    ok(phase1('char set Айрис знак=лев "уровень знака"=5'))
    r = ok(phase1('theatre Торн "устоять" --chance 30 --defensive'))
    assert "Айрис (Лев) guarantees Торн this turn's defensive check: success, no roll." in r.stdout
    r = phase1('theatre Торн "устоять" --chance 30 --defensive --given 50')
    assert r.exit_code == ExitCode.FAILED and "d100 = 50 > 30: failure." in r.stdout
    ok(phase1("fight next"))  # the place of Айрис and Плут opens
    ok(phase1("fight next"))  # Айрис takes it and passes: a new turn
    assert "guarantees Торн" in ok(phase1('theatre Торн "устоять" --chance 30 --defensive')).stdout


def test_tt_sign_2_enemies_within_radius_2_of_gemini_fail_every_check(phase1):  # noqa: F811
    """Seed, Близнецы: "все враги в радиусе 2 проваливают все свои проверки": Волк 1 (Близнецы, 2,1) is 1
    from Торн: Торн's check fails without a roll, even at 95%; with Волк 1 moved away it is rolled."""
    ok(phase1('char set "Волк 1" знак=близнецы'))
    r = phase1('theatre Торн "отвлечь волка" --ap 1 --chance 95 --given 1')
    assert r.exit_code == ExitCode.FAILED, r.output
    assert "Торн is within radius 2 of the enemy Волк 1 (Близнецы): the check fails, no roll." in r.stdout
    ok(phase1('place "Волк 1" 5,5'))
    r = ok(phase1('theatre Торн "отвлечь волка" --ap 1 --chance 95 --given 1'))
    assert "d100 = 1 <= 95: success." in r.stdout


@pytest.mark.parametrize(("line", "code", "text"), [
    ('theatre Торн "прыжок" --chance 140', ExitCode.USAGE, "--chance is a percentage"),
    ('theatre Торн "прыжок" --defensive', ExitCode.USAGE, "give its --chance too"),
    ('theatre Плут "прыжок" --ap 1', ExitCode.RULES, "does not act now"),
])
def test_tt_ap_1_a_bad_theatrical_action_is_refused_and_changes_nothing(phase1, line, code, text):  # noqa: F811
    refused_unchanged(phase1, line, code, text)


# --- Змееносец and Кит: copying and the level-10 reflection (TT-SIGN-1) ------------------------------------------

#: Змей (ГК 2, +, Змееносец, main stat 4: 8 MP) joins the enemies at 2,0, next to Торн (1,0); his initiative D6 3
#: puts him after Айрис and Плут (4) and before Волк 2 (2) and Волк 1 (1).  Торн (Душа today) acts first.
SERPENT = 'char add Змей --side enemy ГК=2 резус=+ знак=змееносец "главная характеристика=4"'
START_SERPENT = 'fight start --no-sync --given "4 1 5 1 4 2 1 2 3 1"'
STRIKE = "technique Торн Удар --aspect Душа --formula D6 --type Сила --ap 4 --hp 2 --mp 3"


def serpent(terra, level: int = 1, *before: str, start: str = START_SERPENT):  # noqa: F811
    ok(terra(f'{SERPENT} "уровень знака={level}"'))
    ok(terra("place Змей 2,0"))
    for line in before:
        ok(terra(line))
    ok(terra(start))
    ok(terra("char set Торн аспект=Душа"))
    ok(terra(STRIKE))
    return terra


def dice(result) -> list[int]:
    return [d["face"] for d in json.loads(result.stdout)["dice"]]


def test_tt_sign_1_ophiuchus_copies_an_enemy_technique_used_on_him(terra):  # noqa: F811
    """Seed: "Змееносец (и Кит) – 20% шанс скопировать любой прием проведенный врагом, на него": Торн's Удар
    on Змей, D6 4 then Змей's d100 15 <= 20: copied.  [I] The copy is Змей's for this fight, whatever his
    day's aspect (he has chosen none), and goes when the fight ends."""
    serpent(terra)
    r = ok(terra('cast Торн Удар Змей --given "4 15"'))
    assert "Змей (Змееносец, 20%): d100 = 15: copies Удар; it is Змей's for this fight." in r.stdout
    assert "Змей takes 4 Force: 4 to HP (HP 10 -> 6)." in r.stdout  # the copy does not stop the technique
    assert who(terra, "Змей")["data"]["techniques"]["Удар"] == {
        "aspect": "soul", "formula": "D6", "type": "Сила", "ap": 4, "hp": 2, "mp": 3, "copied": True}
    for _ in range(4):  # Торн, the place of Айрис and Плут, Айрис, Плут: Змей's turn
        ok(terra("fight next"))
    r = ok(terra("cast Змей Удар Торн --given 3"))
    assert "Змей uses Удар (Душа) for 4 AP, 2 HP, 3 MP (2 AP left)." in r.stdout
    r = ok(terra("fight end --yes"))
    assert "Змей forgets the copied Удар: the fight is over." in r.stdout
    assert "techniques" not in who(terra, "Змей")["data"]


def test_tt_sign_1_a_roll_above_the_chance_copies_nothing(terra):  # noqa: F811
    """Seed: a 20% chance: d100 21 copies nothing, and the die is listed after the formula's."""
    serpent(terra)
    r = ok(terra('cast Торн Удар Змей --given "4 21" --json'))
    assert dice(r) == [4, 21]
    assert "Змей (Змееносец, 20%): d100 = 21: copies nothing." in json.loads(r.stdout)["lines"]
    assert "techniques" not in who(terra, "Змей")["data"]


def test_tt_sign_1_each_party_member_of_those_signs_costs_5_percent(terra):  # noqa: F811
    """Seed: "Способность теряет 5% за каждого сопартийца Змееносца или Кита": Волк 2 (Кит) on Змей's side
    leaves 15%, so d100 18 copies nothing."""
    serpent(terra, 1, 'char set "Волк 2" знак=кит')
    r = ok(terra('cast Торн Удар Змей --given "4 18"'))
    assert "Змей (Змееносец, 20% - 5% = 15%): d100 = 18: copies nothing." in r.stdout


def test_tt_sign_1_four_party_members_of_those_signs_leave_no_chance(terra):  # noqa: F811
    """Seed: "-5% за каждого сопартийца": four of them on Змей's side take the whole 20%: no die is rolled."""
    serpent(terra, 1, 'char set "Волк 1" знак=кит', 'char set "Волк 2" знак=змееносец',
            'char add "Кит 1" --side enemy monster=true знак=кит',
            'char add "Кит 2" --side enemy monster=true знак=кит',
            start=START_SERPENT[:-1] + ' 1 1"')  # the two monsters' initiative D6 1 each
    r = ok(terra('cast Торн Удар Змей --given 4 --json'))
    assert dice(r) == [4]
    assert "Змей (Змееносец): 4 party members of Змееносец or Кит leave no chance to copy." in json.loads(
        r.stdout)["lines"]


def test_tt_sign_1_never_against_creatures_of_those_signs(terra):  # noqa: F811
    """Seed: "Не действует против существ Знака Змееносец либо Кит": Торн as Кит gets no roll at all; the
    same Удар from Торн as Козерог gets Змей's d100."""
    serpent(terra)
    ok(terra("char set Торн знак=кит"))
    r = ok(terra('cast Торн Удар Змей --given "4 15" --json'))
    assert dice(r) == [4]
    assert not any("Змееносец" in line for line in json.loads(r.stdout)["lines"])
    assert "techniques" not in who(terra, "Змей")["data"]
    ok(terra("undo"))
    ok(terra("char set Торн знак=козерог"))
    r = ok(terra('cast Торн Удар Змей --given "4 15" --json'))
    assert dice(r) == [4, 15]
    assert who(terra, "Змей")["data"]["techniques"]["Удар"]["copied"] is True


def test_tt_sign_1_level_5_copies_at_40_percent(terra):  # noqa: F811
    """Seed, 5 уровень: "шанс повышается до 40%"."""
    serpent(terra, 5)
    r = ok(terra('cast Торн Удар Змей --given "4 40"'))
    assert "Змей (Змееносец, 40%): d100 = 40: copies Удар; it is Змей's for this fight." in r.stdout


def test_tt_sign_1_level_10_reflects_the_whole_technique_instead(terra):  # noqa: F811
    """Seed, 10 уровень: "вместо копирования, прием целиком отражается" ([I] at the level-5 chance, 40%):
    Торн's Удар comes back on Торн (HP 10, 2 paid, 4 Force: HP 4); Змей takes nothing and copies nothing."""
    serpent(terra, 10)
    r = ok(terra('cast Торн Удар Змей --given "4 40"'))
    assert "Змей (Змееносец, 40%): d100 = 40: the technique is reflected whole onto Торн." in r.stdout
    assert "Торн takes 4 Force: 4 to HP (HP 8 -> 4)." in r.stdout
    assert who(terra, "Торн")["resources"]["hp"] == 4
    assert who(terra, "Змей")["resources"]["hp"] == 10
    assert "techniques" not in who(terra, "Змей")["data"]


def test_tt_sign_1_level_10_a_roll_above_40_is_not_reflected_and_nothing_is_copied(terra):  # noqa: F811
    """Seed, 10 уровень: "вместо копирования": a failed reflection leaves the technique on Змей, uncopied."""
    serpent(terra, 10)
    r = ok(terra('cast Торн Удар Змей --given "4 41"'))
    assert "Змей (Змееносец, 40%): d100 = 41: the technique is not reflected." in r.stdout
    assert who(terra, "Змей")["resources"]["hp"] == 6
    assert "techniques" not in who(terra, "Змей")["data"]


def test_tt_sign_1_level_10_reflects_a_healing_technique_onto_its_caster(terra):  # noqa: F811
    """Seed: "прием целиком отражается" ("любой прием"): Торн's healing meant for Змей heals Торн."""
    serpent(terra, 10)
    ok(terra("damage Торн 5"))
    ok(terra("technique Торн Лечение --aspect Душа --effect heal --formula D4 --ap 2"))
    r = ok(terra('cast Торн Лечение Змей --given "3 10"'))
    assert "the technique is reflected whole onto Торн." in r.stdout
    assert "Торн is healed by 3 (HP 5 -> 8)." in r.stdout


def test_tt_sign_1_an_unwritten_technique_is_reflected_too(terra):  # noqa: F811
    """`attack --technique` (a technique the master does not write down) is a technique used on him too."""
    serpent(terra, 10)
    r = ok(terra('attack Торн Змей --technique --formula D6 --type Огонь --ap 4 --given "5 30"'))
    assert "the technique is reflected whole onto Торн." in r.stdout
    assert "Торн takes 5 Fire: 5 to HP (HP 10 -> 5)." in r.stdout
    assert who(terra, "Змей")["resources"]["hp"] == 10


def test_tt_sign_1_a_copy_of_an_unwritten_technique_is_written_down_by_the_master(terra):  # noqa: F811
    """A copied `attack --technique` has no name or costs on a sheet: the master writes it with --copied, and
    it goes with the fight like any copy."""
    serpent(terra)
    r = ok(terra('attack Торн Змей --technique --formula D6 --type Огонь --ap 4 --given "5 10"'))
    assert "Змей (Змееносец, 20%): d100 = 10: copies Торн's technique; write it down to use it in this fight" \
        in r.stdout
    r = ok(terra("technique Змей Огонёк --aspect Мана --formula D6 --type Огонь --ap 4 --copied"))
    assert "Змей knows Огонёк (Мана, D6; 4 AP; copied, for this fight)." in r.stdout
    assert "Змей forgets the copied Огонёк" in ok(terra("fight end --yes")).stdout


@pytest.mark.parametrize(("line", "code", "text"), [
    ("technique Торн Огонёк --aspect Мана --formula D6 --copied", ExitCode.RULES,
     "Торн is not Змееносец or Кит: only they copy enemy techniques; write it without --copied"),
    ("technique Змей Огонёк --aspect Мана --formula D6 --copied --slot", ExitCode.USAGE,
     "--copied is a technique copied from an enemy"),
])
def test_tt_sign_1_a_bad_copy_is_refused_and_changes_nothing(terra, line, code, text):  # noqa: F811
    serpent(terra)
    refused_unchanged(terra, line, code, text)


def test_tt_sign_1_a_copy_outside_a_fight_is_refused_and_changes_nothing(terra):  # noqa: F811
    """[I] A copy lasts the fight it was made in: with no fight running there is none to write."""
    ok(terra(SERPENT))
    refused_unchanged(terra, "technique Змей Огонёк --aspect Мана --formula D6 --copied", ExitCode.RULES,
                      "no fight is running: write it without --copied")
