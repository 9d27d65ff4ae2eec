"""Skirmish rules the master no longer has to remember: the chaser's attack on a
runner, exhaustion when MP or st run out, casting, cover that stays, the burning
item, and the gear kept without editing the file.  Played through the command
line from given dice, as in test_skirmish_cli.py."""

from __future__ import annotations

import json

import pytest
from test_skirmish_cli import ARCHER, DUEL, Duel, _kinds

from ttcli.exitcodes import ExitCode


@pytest.fixture
def duel(tmp_path):
    return Duel(tmp_path).started()


# --- SK-COVER-1: cover the master sets stays until changed -----------------------------------


def test_sk_cover_1_stored_cover_takes_every_shot_until_destroyed(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    r = duel.ok("cover", "Монстр", "3")
    assert "Монстр is in cover (destruction rating 3)" in r.stdout
    assert duel.who("Монстр")["data"]["cover"] == 3
    assert "in cover 3" in duel.ok("fight", "status").stdout
    # the first shot: d20 12 for the shot, then the cover's d20 5 + 3 = 8 < 11: it holds, no miss roll asked
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 5")
    cover = next(e for e in events if e["kind"] == "cover")
    assert (cover["rating"], cover["total"], cover["destroyed"]) == (3, 8, False)
    assert "pending" not in duel.doc()["fight"].get("data", {})
    assert duel.who("Монстр")["data"]["cover"] == 3
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    # the next shot uses it again; d20 8 + 3 = 11 destroys it, and the cover is gone
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 8")
    assert next(e for e in events if e["kind"] == "cover")["destroyed"] is True
    assert "cover" not in duel.who("Монстр").get("data", {})
    assert "in cover" not in duel.ok("fight", "status").stdout


def test_sk_cover_1_the_master_clears_cover_and_a_shot_asks_for_a_miss_roll_again(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    duel.ok("cover", "Монстр", "2")
    r = duel.ok("cover", "Монстр", "--clear")
    assert "Монстр leaves cover" in r.stdout
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12")
    assert "cover" not in _kinds(events)
    assert duel.doc()["fight"]["data"]["pending"][0]["shot"] is True


def test_sk_cover_1_melee_ignores_cover_and_bad_cover_requests_change_nothing(duel):
    duel.ok("cover", "Монстр", "4")
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Меч", "--given", "10")
    assert "cover" not in _kinds(events)  # cover stops shots, not a sword [I]
    before = duel.path.read_bytes()
    r = duel("cover", "Воин", "--clear")
    assert r.exit_code == ExitCode.RULES and "not in cover" in r.stderr
    r = duel("cover", "Воин")
    assert r.exit_code == ExitCode.USAGE and "--clear" in r.stderr
    assert duel.path.read_bytes() == before


def test_sk_cover_1_a_negative_rating_and_russian_words(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    duel.ok("cover", "Монстр", "--", "-2")
    r = duel.ok("--lang", "ru", "attack", "Воин", "Монстр", "--weapon", "Лук", "--given", "12 13")
    assert "13 + -2 = 11" in r.stdout
    assert "cover" not in duel.who("Монстр").get("data", {})


# --- SK-BURN-1: the one burning item, named by the master ------------------------------------------


def test_sk_burn_1_the_master_names_the_burning_item_and_it_rolls_each_turn(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "поджог")
    r = duel.ok("burn", "Воин", "--item", "меч")
    assert "Воин burns: Меч rolls for breakage each burning turn" in r.stdout
    r = duel.ok("fight", "next", "--given", "2 6")
    assert "Воин: Меч breakage (burning): d10 6: -1 durability (durability 10 -> 9)" in r.stdout
    assert duel.who("Воин")["data"]["armor"]["Кольчуга"]["durability"] == 8  # the armor did not burn
    duel.ok("extinguish", "Воин", "--given", "15")
    assert "burning" not in duel.doc()["fight"].get("data", {})


def test_sk_burn_1_without_a_pick_the_strongest_breaking_armor_burns(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "burning")
    r = duel.ok("fight", "next", "--given", "1 5")
    assert "Воин: Кольчуга breakage (burning): d10 5" in r.stdout


def test_sk_burn_1_a_destroyed_pick_falls_back_to_the_default(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "burning")
    duel.ok("burn", "Воин", "--item", "Меч")
    r = duel.ok("fight", "next", "--given", "1 1")
    assert "Меч breakage (burning): d10 1: destroyed" in r.stdout
    duel.ok("fight", "next")
    r = duel.ok("fight", "next", "--given", "1 9")
    assert "Кольчуга breakage (burning): d10 9" in r.stdout


def test_sk_burn_1_bad_picks_are_refused_and_change_nothing(duel):
    before = duel.path.read_bytes()
    r = duel("burn", "Воин", "--item", "Меч")
    assert r.exit_code == ExitCode.RULES and "not burning" in r.stderr
    duel.ok("effect", "add", "Воин", "burning")
    before = duel.path.read_bytes()
    r = duel("burn", "Воин", "--item", "Щит")
    assert r.exit_code == ExitCode.RULES and "Щит has no breakage chance; items that can break: Кольчуга, Меч" \
        in r.stderr
    r = duel("burn", "Воин", "--item", "Лопата")
    assert r.exit_code == ExitCode.NOT_FOUND and "Лопата" in r.stderr
    r = duel("--lang", "ru", "burn", "Воин", "--item", "Щит")
    assert "Щит не может сломаться" in r.stderr
    assert duel.path.read_bytes() == before


# --- SK-FLEE-1: the chaser's attack on a runner leaving outside its turn ------------------------------


def test_sk_flee_1_the_chasers_attack_waits_for_the_runners_answer_then_it_leaves(duel):
    # Воин's turn: Монстр runs out of its turn; d20 18 + 2 = 20 beats Воин's 15 + 4 = 19, and Воин's
    # attack with Меч (d20 10 + 5 = 15) waits for Монстр's answer
    r = duel.ok("flee", "Монстр", "--chaser", "Воин", "--given", "18 15 10")
    assert "escapes" in r.stdout
    assert "Воин chases Монстр and attacks it as it flees with Меч: d20 10 + 5 accuracy = 15" in r.stdout
    pending = duel.doc()["fight"]["data"]["pending"]
    assert [(p["attacker"], p["target"], p["chase"]) for p in pending] == [("Воин", "Монстр", True)]
    assert "Монстр" in duel.doc()["fight"]["order"]  # not gone before it answers
    r = duel("flee", "Монстр")
    assert r.exit_code == ExitCode.RULES and "got away already" in r.stderr
    status = duel.ok("fight", "status").stdout
    assert "waiting: Воин -> Монстр (Меч) = 15" in status and "Монстр got away" in status
    # dodge d20 5 + 2 = 7 < 15: hit 5 + 2 strength - 1 def = 6; Меч's bleeding and stun miss (99 99)
    events = duel.events("defend", "Монстр", "dodge", "--given", "5 99 99")
    assert next(e for e in events if e["kind"] == "hit")["dealt"] == 6
    assert "left" in _kinds(events)
    assert "Монстр" not in duel.doc()["fight"]["order"]
    assert duel.who("Монстр")["resources"]["hp"] == 34


def test_sk_flee_1_answered_at_once_and_a_dodge_lets_it_go(duel):
    events = duel.events("flee", "Монстр", "--chaser", "Воин", "--weapon", "меч", "--answer", "dodge",
                         "--given", "18 15 10 19")
    defence = next(e for e in events if e["kind"] == "defence")
    assert (defence["total"], defence["landed"]) == (21, False)
    assert "Монстр" not in duel.doc()["fight"]["order"]
    assert "dodged" not in duel.doc()["fight"].get("data", {})  # no counterattack from someone gone


def test_sk_flee_1_a_runner_the_chaser_brings_down_does_not_get_away(duel):
    duel.ok("damage", "Монстр", "35")
    duel.ok("flee", "Монстр", "--chaser", "Воин", "--given", "18 15 10")
    r = duel.ok("defend", "Монстр", "none", "--given", "99 99")
    assert "Монстр fell and does not get away" in r.stdout
    assert "Монстр" in duel.doc()["fight"]["order"]
    assert "fled" not in duel.doc()["fight"].get("data", {})


def test_sk_flee_1_caught_the_runner_stays_and_still_takes_the_attack(duel):
    r = duel("flee", "Монстр", "--chaser", "Воин", "--answer", "none", "--given", "3 15 10 99 99", "--json")
    assert r.exit_code == ExitCode.FAILED  # it stays: exit code 1, as any failed flight
    events = json.loads(r.stdout)["events"]
    assert next(e for e in events if e["kind"] == "flee")["escaped"] is False
    assert "hit" in _kinds(events)
    assert "Монстр" in duel.doc()["fight"]["order"]


def test_sk_flee_1_in_its_own_turn_no_attack_and_it_leaves_when_the_turn_ends(duel):
    duel.to_turn_of("Монстр")
    r = duel("flee", "Монстр", "--chaser", "Воин", "--weapon", "Меч", "--given", "18 15")
    assert r.exit_code == ExitCode.USAGE and "outside its own turn" in r.stderr
    events = duel.events("flee", "Монстр", "--chaser", "Воин", "--given", "18 15")
    assert "attack_roll" not in _kinds(events)
    assert "Монстр" in duel.doc()["fight"]["order"]
    duel.ok("fight", "next")
    assert "Монстр" not in duel.doc()["fight"]["order"]


def test_sk_flee_1_a_stunned_chaser_cannot_chase_and_nothing_changes(duel):
    duel.ok("effect", "add", "Воин", "stun")
    before = duel.path.read_bytes()
    r = duel("flee", "Монстр", "--chaser", "Воин", "--given", "18 15 10")
    assert r.exit_code == ExitCode.RULES and "cannot chase" in r.stderr
    assert duel.path.read_bytes() == before


# --- SK-EXH-1: casting, and running out of MP or st without the master counting ----------------

MAGE = DUEL.replace("st_max = 20\n", "st_max = 20\nmp_max = 6\n", 1)


def test_sk_exh_1_the_seeds_mage_casts_runs_out_pays_hp_and_faints_as_the_checks_grow(tmp_path):
    duel = Duel(tmp_path, MAGE).started()
    r = duel.ok("spell", "Воин", "Искра", "4", "--target", "Монстр")
    assert "Воин casts Искра on Монстр: 4 MP (MP 6 -> 2)." in r.stdout
    # the MP run out: the check at once, d20 12 + 5 endurance = 17 against 10
    events = duel.events("spell", "Воин", "Искра", "2", "--given", "12")
    assert [(e["die"], e["penalty"], e["passed"]) for e in events if e["kind"] == "exhaustion"] == [(12, 0, True)]
    assert duel.who("Воин")["resources"]["mp"] == 0
    # out of MP: 3 HP pay, then the check again 1 harder: d20 6 + 5 - 1 = 10 passes
    r = duel.ok("spell", "Воин", "Искра", "3", "--given", "6")
    assert "Воин pays 3 MP with HP: HP 30 -> 27" in r.stdout
    assert "d20 6 + 5 endurance - 1 earlier checks = 10 against 10: keeps going" in r.stdout
    # and 2 harder: d20 6 + 5 - 2 = 9 fails: the spell is cast, then Воин faints (exit code 1)
    r = duel("spell", "Воин", "Искра", "1", "--given", "6", "--json")
    assert r.exit_code == ExitCode.FAILED
    assert duel.who("Воин")["resources"]["hp"] == 26
    assert duel.effect("Воин", "fainted")["skip_turn"] is True


def test_sk_exh_1_a_failed_check_before_paying_spends_nothing(tmp_path):
    duel = Duel(tmp_path, DUEL).started()  # no MP at all
    r = duel("spell", "Воин", "Искра", "2", "--given", "2")
    assert r.exit_code == ExitCode.FAILED
    assert "d20 2 + 5 endurance = 7 against 10: faints for 1 turn" in r.stdout
    assert "Воин faints before casting Искра: nothing is spent." in r.stdout
    assert duel.who("Воин").get("resources", {}).get("hp", 30) == 30


def test_sk_exh_1_the_session_sets_the_turns_of_fainting(tmp_path):
    duel = Duel(tmp_path, DUEL.replace('created = "2026-11-29T13:29:04+00:00"\n',
                                       'created = "2026-11-29T13:29:04+00:00"\n\n[settings]\nfaint_turns = 3\n'))
    duel.started()
    r = duel("spell", "Воин", "Искра", "2", "--given", "1")
    assert r.exit_code == ExitCode.FAILED and "faints for 3 turns" in r.stdout


def test_sk_exh_1_sk_nodef_1_the_fainted_cannot_answer_or_cast(tmp_path):
    duel = Duel(tmp_path, DUEL).started()
    duel.ok("fight", "next")
    duel("spell", "Воин", "Искра", "2", "--given", "1")
    events = duel.events("attack", "Монстр", "Воин", "--weapon", "Когти", "--given", "2 99 99")
    assert "no_defence" in _kinds(events) and "hit" in _kinds(events)
    before = duel.path.read_bytes()
    r = duel("spell", "Воин", "Искра", "1")
    assert r.exit_code == ExitCode.RULES and "has fainted and cannot cast" in r.stderr
    r = duel("--lang", "ru", "spell", "Воин", "Искра", "1")
    assert "Воин: в обмороке, колдовать не может" in r.stderr
    assert duel.path.read_bytes() == before


def test_sk_exh_1_sk_move_1_a_dash_out_of_st_checks_endurance_before_the_strike(duel):
    duel.ok("char", "set", "Воин", "st=2")
    # 3 m cost 3 st of 2: the check d20 10 + 5 = 15, 1 HP, the check again (d20 10 + 5 - 1);
    # then the attack's d20 12 and the dash's d5 4: 12 + 5 - 1 = 16
    r = duel.ok("attack", "Воин", "Монстр", "--dash", "3", "--given", "10 10 12 4")
    assert "Воин pays 1 st with HP: HP 30 -> 29" in r.stdout
    assert "d20 12 + 5 accuracy - 1 dash = 16" in r.stdout
    assert duel.who("Воин")["resources"]["st"] == 0


# --- the gear: given, valued, handed over and taken without editing the file ------------------------


def test_sk_dmg_1_sk_slot_1_gear_is_given_valued_and_fights_with_its_values(duel):
    r = duel.ok("char", "give", "Воин", "Секира", "--kind", "ближнее")
    assert "Воин gets Секира" in r.stdout
    r = duel.ok("gear", "Воин", "Секира", "damage=7", "size=двуручное", "кровотечение=40", "яд=10/2",
                "breakage=да", "durability=9", "bonus.ловкость=-1")
    assert "Секира is now: melee weapon, damage 7, bleeding 40%, poison 10%, dexterity -1, breaks 9" in r.stdout
    axe = duel.who("Воин")["data"]["weapons"]["Секира"]
    assert axe == {"kind": "melee", "damage": 7, "size": "two-handed", "effects": {"bleeding": 40,
                   "poison": {"chance": 10, "damage": 2}}, "breakage": True, "durability": 9,
                   "bonuses": {"dexterity": -1}}
    # SK-SLOT-1: Меч 1 + Щит 1 + Секира 2 = 4 slots: -3 stealth, -1 dexterity; the bonus -1 on top
    events = duel.events("slots", "Воин")
    assert (events[0]["used"], events[0]["stealth"], events[0]["dexterity"]) == (4, -3, -1)
    # SK-DMG-1: 7 + 2 strength - 1 def = 8 on a hit with it
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "секира", "--answer", "none",
                         "--given", "10 99 99")
    assert next(e for e in events if e["kind"] == "hit")["dealt"] == 8
    duel.ok("gear", "Воин", "Секира", "яд=")
    assert "poison" not in duel.who("Воин")["data"]["weapons"]["Секира"]["effects"]


def test_sk_dmg_1_gear_armor_and_artifacts_add_their_def(duel):
    duel.ok("char", "give", "Монстр", "Шкура", "--kind", "броня")
    duel.ok("gear", "Монстр", "Шкура", "def=2")
    duel.ok("char", "give", "Монстр", "Амулет", "--kind", "артефакт")
    duel.ok("gear", "Монстр", "Амулет", "def=1")
    # SK-DMG-1: Меч 5 + 2 strength - (1 endurance def + 2 armor + 1 artifact) = 3
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Меч", "--answer", "none", "--given", "10 99 99")
    assert next(e for e in events if e["kind"] == "hit")["dealt"] == 3
    r = duel.ok("char", "show", "Монстр")
    assert "Шкура (armor, def 2)" in r.stdout and "Амулет (artifact, def 1)" in r.stdout


def test_gear_is_handed_over_and_taken_away(duel):
    r = duel.ok("char", "give", "Воин", "меч", "--to", "Монстр")
    assert "Воин gives Меч to Монстр" in r.stdout
    assert "Меч" not in duel.who("Воин")["data"]["weapons"]
    assert duel.who("Монстр")["data"]["weapons"]["Меч"]["durability"] == 10  # values and all
    r = duel.ok("char", "take", "Монстр", "Жал")
    assert "Монстр no longer carries Жало" in r.stdout
    duel.ok("char", "take", "Воин", "Меч", "--from", "Монстр")
    assert "Меч" in duel.who("Воин")["data"]["weapons"]


def test_gear_bad_input_gets_one_message_and_changes_nothing(duel):
    before = duel.path.read_bytes()
    for args, code, words in [
        (("char", "give", "Воин", "Меч"), ExitCode.USAGE, "already carries Меч"),
        (("char", "give", "Воин", "Топор", "--count", "2"), ExitCode.USAGE, "one item"),
        (("char", "give", "Воин", "Топор", "--kind", "axe"), ExitCode.NOT_FOUND, "axe"),
        (("char", "take", "Воин", "Лопата"), ExitCode.NOT_FOUND, "Лопата"),
        (("gear", "Воин", "Меч", "size=huge"), ExitCode.USAGE, "Меч: size: a weapon's size is one of"),
        (("gear", "Воин", "Меч", "speed=3"), ExitCode.NOT_FOUND, "speed"),
        (("gear", "Воин", "Меч", "damage=много"), ExitCode.USAGE, "damage=много: give a number"),
        (("gear", "Воин", "Меч", "кровотечение=130"), ExitCode.USAGE, "a chance is 0 to 100"),
        (("gear", "Воин", "Кольчуга", "damage=3"), ExitCode.USAGE, "unknown key; armor has"),
        (("gear", "Воин", "Меч", "damage"), ExitCode.USAGE, "write key=value"),
    ]:
        r = duel(*args)
        assert r.exit_code == code, (args, r.output)
        assert words in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
    assert duel.path.read_bytes() == before
    r = duel("--lang", "ru", "gear", "Воин", "Меч", "damage=много")
    assert "damage=много: укажите число" in r.stderr


# --- the new actions give the same journal typed one-shot and into the prompt ----------------------

PLAYED = [
    'fight start --given "20 1"',
    "cover Монстр 1",
    'spell Воин Искра 4 --target Монстр',
    'spell Воин Искра 2 --given "12"',
    'attack Воин Монстр --weapon Меч --given "10"',
    'defend Монстр dodge --given "5 99 99"',
    "fight next",
    "effect add Воин поджог",
    "burn Воин --item Кольчуга",
    'flee Воин --chaser Монстр --no-attack --given "3 15"',
    'fight next --given "2 8"',
    'flee Монстр --chaser Воин --answer block --given "18 15 9 20"',
    'fight end --yes --given "7 6"',
]


def test_sk_cover_1_sk_flee_1_sk_exh_1_sk_burn_1_one_shot_and_prompt_give_the_same_journal(tmp_path):
    import shlex

    from scripted_fight import prompt_fight

    from ttcli.store import read_events

    one = Duel(tmp_path, MAGE)
    for line in PLAYED:
        r = one(*shlex.split(line))
        assert r.exit_code in (0, ExitCode.FAILED), (line, r.output)
    typed = tmp_path / "prompt" / "saves"
    typed.mkdir(parents=True)
    (typed / "duel.toml").write_text(MAGE, encoding="utf-8")
    prompt_fight(typed, PLAYED, "duel")

    def journal(folder):
        return [{k: v for k, v in e.items() if k != "time"} for e in read_events(folder / "duel.journal.toml")]

    played = journal(one.saves)
    assert len(played) == len(PLAYED)
    # SK-BREAK-1: the fire's damage counts as damage taken: Кольчуга rolls after the fight too (d10 6)
    end = [e for e in played[-1]["events"] if e["kind"] == "breakage"]
    assert [(e["item"], e["die"]) for e in end] == [("Меч", 7), ("Кольчуга", 6)]
    assert played == journal(typed)
    kinds = {event["kind"] for record in played for event in record.get("events", [])}
    assert {"cover_set", "cast", "exhaustion", "burning_item", "flee", "attack_roll", "left", "breakage"} <= kinds
