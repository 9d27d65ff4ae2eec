"""One-shot fight commands on a real session file: rules enforced, nothing lost on refusal."""

import json
import shutil
import tomllib

import pytest
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode

ROOT = ROOT_DIR


@pytest.fixture
def fight(tmp_path, runner):
    from ttcli.app import app

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")

    def run(*args, input=None):
        return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args], input=input)

    run.path = saves / "crypt.toml"
    return run


def ok(r):
    assert r.exit_code == 0, r.output
    return r


def status(fight):
    return json.loads(ok(fight("fight", "status", "--json")).stdout)


def current(fight):
    data = status(fight)
    return data["fight"]["order"][data["fight"]["index"]]


def test_dg_init_1_start_rolls_side_initiative_and_orders_sides(fight):
    out = ok(fight("fight", "start")).stdout
    assert "Initiative:" in out and "Order:" in out
    data = status(fight)
    sides = {c["name"]: c["side"] for c in data["combatants"]}
    order = [sides[n] for n in data["fight"]["order"]]
    # all of one side, then all of the other
    assert order == sorted(order, key=lambda s: s != order[0])


def test_dg_init_1_ambush_acts_first_without_a_roll(fight):
    out = ok(fight("fight", "start", "--ambush", "enemy")).stdout
    data = status(fight)
    first = data["fight"]["order"][0]
    assert next(c for c in data["combatants"] if c["name"] == first)["side"] == "enemy"
    assert "d6" not in out.split("Order:")[0]


def test_dg_init_1_acting_out_of_turn_is_refused_and_nothing_changes(fight):
    ok(fight("fight", "start"))
    actor = current(fight)
    other = next(c["name"] for c in status(fight)["combatants"] if c["name"] != actor and c["side"] == "party")
    before = fight.path.read_bytes()
    r = fight("attack", other, "Огр")
    assert r.exit_code == ExitCode.RULES and "turn" in r.stderr
    assert fight.path.read_bytes() == before


def test_dg_act_1_two_actions_then_refused(fight):
    ok(fight("fight", "start", "--ambush", "party"))
    actor = current(fight)
    for _ in range(2):
        ok(fight("act", actor, "looks", "around"))
    before = fight.path.read_bytes()
    r = fight("act", actor, "again")
    assert r.exit_code == ExitCode.RULES and fight.path.read_bytes() == before


def test_unknown_names_and_stats_are_not_found(fight):
    ok(fight("fight", "start"))
    actor = current(fight)
    assert fight("attack", actor, "Дракон").exit_code == ExitCode.NOT_FOUND
    r = fight("check", "Жрец", "полёт", "--dc", "10")
    assert r.exit_code in (ExitCode.NOT_FOUND, ExitCode.RULES) and "полёт" in r.stderr


def test_dg_death_1_attacking_the_dead_is_refused(fight):
    ok(fight("fight", "start", "--ambush", "party"))
    actor = current(fight)
    ok(fight("damage", "Огр", "100"))
    ok(fight("damage", "Огр", "1"))
    assert status(fight)["combatants"][-1]["status"] == "dead"
    r = fight("attack", actor, "Огр")
    assert r.exit_code == ExitCode.RULES and "dead" in r.stderr


def test_dg_death_1_damage_and_heal_any_time(fight):
    ok(fight("damage", "Огр", "5"))
    ok(fight("heal", "Огр", "2"))
    ogre = next(c for c in status(fight)["combatants"] if c["name"] == "Огр")
    assert ogre["resources"]["hp"] == 18 - 5 + 2
    assert fight("heal", "Огр", "-3").exit_code == ExitCode.USAGE


SECRET = "ab" * 32


@pytest.mark.parametrize("dc", [1, 12, 17, 40])
def test_dg_check_1_check_exit_code_follows_the_result(fight, dc):
    from rules.dice.sources import committed_face

    ok(fight("session", "commit", "--secret", SECRET))
    face = committed_face(bytes.fromhex(SECRET), 0, 20)  # the d20 this check will get
    mind = 4  # Жрец's РАЗ in the example
    passed = face == 20 or (face != 1 and face + mind >= dc)
    r = fight("check", "Жрец", "религия", "--dc", str(dc))
    assert r.exit_code == (0 if passed else ExitCode.FAILED)
    assert ("success" if passed else "fail") in r.stdout
    assert f"d20 {face}" in r.stdout


def test_dg_save_1_save_uses_a_d10(fight):
    r = fight("save", "Викинг", "тело")
    assert r.exit_code in (0, 1) and "d10" in r.stdout


def test_effects_tick_by_themselves_and_are_journaled(fight):
    ok(fight("fight", "start", "--ambush", "enemy"))
    first = current(fight)
    ok(fight("effect", "add", first, "яд", "--damage", "2", "--duration", "3 turns"))
    hp_before = next(c for c in status(fight)["combatants"] if c["name"] == first)["resources"]["hp"]
    for _ in range(len(status(fight)["fight"]["order"])):
        ok(fight("fight", "next"))
    hp_after = next(c for c in status(fight)["combatants"] if c["name"] == first)["resources"]["hp"]
    assert hp_after == hp_before - 2
    log = json.loads(ok(fight("log", "--json", "-n", "0")).stdout)
    assert any("poison" in " ".join(e.get("text", [])) for e in log["events"])


def test_effect_rm_and_unknown_effect(fight):
    r = fight("effect", "add", "Вор", "stun")
    assert r.exit_code == ExitCode.RULES and "running fight" in r.stderr  # stun lasts to a next turn
    ok(fight("fight", "start"))
    ok(fight("effect", "add", "Вор", "stun"))
    ok(fight("effect", "rm", "Вор", "stun"))
    assert fight("effect", "rm", "Вор", "stun").exit_code in (ExitCode.NOT_FOUND, ExitCode.RULES)


def test_public_status_hides_hidden_combatants_and_enemy_numbers(fight):
    ok(fight("char", "set", "Огр", "hidden=true"))
    ok(fight("fight", "start"))
    master = ok(fight("fight", "status", "--format", "bbcode")).stdout
    public = ok(fight("fight", "status", "--public", "--format", "bbcode")).stdout
    assert "Огр" in master and "Огр" not in public
    # the one whose turn it is is marked "> " in its name cell
    row = next(line for line in public.splitlines() if line.removeprefix("> ").startswith("Гоблин 1"))
    assert row.split("|")[2].strip() == "unhurt" and "Round 1, turn:" in public
    md = ok(fight("fight", "status", "--public", "--format", "markdown")).stdout
    assert "Round 1, turn:" in md and "```text" in md


def test_fight_end_reports_and_clears_the_fight(fight):
    ok(fight("fight", "start"))
    out = ok(fight("fight", "end", "--yes")).stdout
    assert out.strip()
    assert "fight" not in status(fight)


def test_the_skirmish_example_starts_a_fight(tmp_path, runner):
    from ttcli.app import app

    saves = tmp_path / "s"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "skirmish.toml", saves / "skirmish.toml")
    r = runner.invoke(app, ["--saves", str(saves), "--session", "skirmish", "fight", "start"])
    assert r.exit_code == 0 and "Initiative (d20 + dexterity)" in r.stdout


def test_fight_commands_use_committed_dice_and_verify(fight, tmp_path):
    ok(fight("session", "commit"))
    ok(fight("fight", "start", "--ambush", "party"))
    actor = current(fight)
    fight("attack", actor, "Огр")
    secret = ok(fight("session", "reveal")).stdout.splitlines()[0].split(": ")[1]
    journal = fight.path.with_name("crypt.journal.toml")
    r = ok(fight("verify", str(journal), "--secret", secret))
    assert "all committed dice match" in r.stdout and " 0 committed" not in r.stdout


@pytest.mark.parametrize("edit, field", [
    (lambda t: t.replace("round = 1", "round = 0"), "fight"),
    (lambda t: t.replace('tick = "turn_start"', 'tick = "sometimes"'), "effects[0]"),
])
def test_hand_broken_fight_or_effect_is_reported_and_kept(fight, edit, field):
    ok(fight("fight", "start"))
    ok(fight("effect", "add", "Огр", "яд", "--damage", "1", "--duration", "2 turns"))
    text = fight.path.read_text(encoding="utf-8")
    broken = edit(text)
    assert broken != text
    fight.path.write_text(broken, encoding="utf-8")
    r = fight("fight", "next")
    assert r.exit_code == ExitCode.BAD_DATA and field in r.stderr
    assert fight.path.read_text(encoding="utf-8") == broken


def test_hidden_attacker_stays_out_of_the_public_log_and_status(fight):
    import json as _json

    ok(fight("char", "set", "Лучница", "hidden=true"))
    ok(fight("fight", "start", "--ambush", "party"))
    assert current(fight) == "Лучница"
    master = ok(fight("attack", "Лучница", "Огр", "--ranged")).stdout
    assert "Лучница" in master
    public = ok(fight("log", "--public", "--json", "-n", "0")).stdout
    assert "Лучница" not in public
    full = _json.loads(ok(fight("log", "--json", "-n", "0")).stdout)
    assert any("Лучница" in " ".join(e.get("text", [])) for e in full["events"])


def test_round_summary_for_the_forum(fight):
    ok(fight("fight", "start", "--ambush", "party"))
    for _ in range(len(status(fight)["fight"]["order"])):
        ok(fight("fight", "next"))
    assert status(fight)["fight"]["round"] == 2
    ok(fight("damage", "Огр", "1"))
    one = ok(fight("log", "--round", "1", "--format", "bbcode", "-n", "0")).stdout
    two = ok(fight("log", "--round", "2", "--format", "markdown", "-n", "0")).stdout
    assert one.startswith("[b]") and "HP 18 -> 17" not in one
    assert two.startswith("**") and "HP 18 -> 17" in two
    assert "#" not in one + two  # a post, not a journal dump: no sequence numbers


def test_dg_move_1_path_with_diagonals_costs_two(fight):
    ok(fight("fight", "start", "--ambush", "party"))
    actor = current(fight)  # Лучница, РЕАК 5: 5 cells per move action
    out = ok(fight("move", actor, "--path", "0,0 1,1 2,2 3,2")).stdout  # 2 + 2 + 1 = 5 cells
    assert "5" in out
    assert fight("move", actor).exit_code == ExitCode.USAGE
    assert fight("move", actor, "--path", "0,0 x").exit_code == ExitCode.USAGE


@pytest.mark.parametrize("args", [
    ["attack", "Лучница", "Огр", "--weapon", "abc"],
    ["attack", "Лучница", "Огр", "--adv", "-3"],
    ["check", "Лучница", "тело", "--dc", "10", "--dis", "-1"],
    ["char", "set", "Вор", "weapon=zzz"],
])
def test_malformed_arguments_are_usage_errors_not_bugs(fight, args):
    ok(fight("fight", "start", "--ambush", "party"))
    before = fight.path.read_bytes()
    r = fight(*args)
    assert r.exit_code in (ExitCode.USAGE, ExitCode.RULES), r.output
    assert "internal error" not in r.stderr and "Traceback" not in r.output
    assert fight.path.read_bytes() == before


@pytest.mark.parametrize("duration", ["banana", "0 turns", "until round 0"])
def test_bad_durations_are_usage_errors(fight, duration):
    ok(fight("fight", "start"))
    r = fight("effect", "add", "Огр", "яд", "--duration", duration)
    assert r.exit_code == ExitCode.USAGE and "--duration" in r.stderr


def test_attack_json_holds_the_hit_roll_damage_and_hp_as_numbers(fight):
    """DG-HIT-1, DG-DMG-1: --json carries typed events with every number, from given dice."""
    ok(fight("fight", "start", "--given", "6 1"))  # the party wins the side roll
    actor = current(fight)
    data = status(fight)
    target = next(c["name"] for c in data["combatants"] if c["side"] == "enemy")
    r = fight("attack", actor, target, "--given", "20 3", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    kinds = [e["kind"] for e in out["events"]]
    assert kinds[:3] == ["hit_roll", "damage", "health"]
    hit, damage, health = out["events"][:3]
    assert hit["die"] == 20 and hit["hit"] is True and hit["natural"] == 20
    assert isinstance(hit["target_number"], int) and hit["total"] >= 20
    assert damage["dice"] == [3] and damage["dealt"] == max(0, damage["before_armor"] - damage["armor"])
    assert health["hp_before"] - health["hp_after"] == min(damage["dealt"], health["hp_before"])
    assert [d["origin"] for d in out["dice"]] == ["given", "given"]


def test_a_whole_dungeon_round_resolves_from_given_dice_only(fight):
    """C-DICE-3: initiative and every attack of a round from the players' posted dice."""
    ok(fight("fight", "start", "--given", "6 1"))
    first_round = status(fight)["fight"]["round"]
    seen = set()
    while status(fight)["fight"]["round"] == first_round:
        actor = current(fight)
        if actor in seen:
            break
        seen.add(actor)
        data = status(fight)
        me = next(c for c in data["combatants"] if c["name"] == actor)
        foe = next((c["name"] for c in data["combatants"]
                    if c["side"] != me["side"] and c["status"] == "ok"), None)
        if foe is not None:
            r = fight("attack", actor, foe, "--given", "1", "--json")  # a natural 1 always misses
            assert r.exit_code == 0, r.output
            assert all(d["origin"] == "given" for d in json.loads(r.stdout)["dice"])
        ok(fight("fight", "next", "--given", "1 1 1 1"))
    assert len(seen) >= 2
    import tomllib

    journal = tomllib.loads(fight.path.with_name("crypt.journal.toml").read_text(encoding="utf-8"))
    dice = [d for event in journal["event"] for d in event.get("dice", [])]
    assert dice and all(d["origin"] == "given" for d in dice)


def test_given_face_that_does_not_fit_is_refused_and_nothing_changes(fight):
    before = fight.path.read_bytes()
    r = fight("fight", "start", "--given", "9")
    assert r.exit_code == ExitCode.USAGE and "--given" in r.stderr
    assert fight.path.read_bytes() == before


def test_an_option_of_another_system_is_refused(fight):
    ok(fight("fight", "start", "--given", "6 1"))
    before = fight.path.read_bytes()
    r = fight("attack", current(fight), "Огр", "--bogus")
    assert r.exit_code == ExitCode.USAGE and fight.path.read_bytes() == before


def _effect(fight, who, name):
    import tomllib

    doc = tomllib.loads(fight.path.read_text(encoding="utf-8"))
    return next((e for e in doc["combatants"][who].get("effects", []) if e["name"] == name), None)


@pytest.mark.parametrize("args, field, expected", [
    (["оглушение", "--duration", "3 хода"], "until", "turn_end"),
    (["bleeding", "--dice", "1d4"], "damage_dice", "1d4"),
    (["bleeding", "--duration", "2 rounds"], "until", "round_end"),
    (["burning", "--duration", "fight"], "until", "fight_end"),
])
def test_effect_add_honours_every_option_on_presets_too(fight, args, field, expected):
    ok(fight("fight", "start", "--given", "6 1"))
    who = current(fight)
    ok(fight("effect", "add", who, *args))
    preset = {"оглушение": "stun"}.get(args[0], args[0])
    assert _effect(fight, who, preset)[field] == expected


def test_an_effect_with_a_floor_never_brings_hp_below_it_and_healing_removes_it(fight):
    ok(fight("fight", "start", "--given", "6 1"))
    who = current(fight)
    ok(fight("effect", "add", who, "кровотечение", "--damage", "50", "--floor", "1", "--healing-removes"))
    for _ in range(len(status(fight)["fight"]["order"]) + 1):
        ok(fight("fight", "next", "--given", "1 1 1 1 1 1"))
    c = next(c for c in status(fight)["combatants"] if c["name"] == who)
    assert c["resources"]["hp"] == 1 and c["status"] == "ok"
    r = ok(fight("heal", who, "2"))
    assert "healing ends bleeding" in r.stdout
    assert _effect(fight, who, "bleeding") is None


def test_a_missing_required_option_of_a_system_action_is_a_usage_error(fight):
    before = fight.path.read_bytes()
    r = fight("check", "Вор", "ловкость")
    assert r.exit_code == ExitCode.USAGE and "--dc" in r.stderr
    assert fight.path.read_bytes() == before


@pytest.mark.parametrize("typed", ["кровотечени", "bleding", "оглушенние"])
def test_an_effect_name_close_to_a_preset_is_refused_with_the_preset_offered(fight, typed):
    """Issue 24, section 4: `effect add Б кровотечени` made an empty effect of its own."""
    before = fight.path.read_bytes()
    r = fight("effect", "add", "Огр", typed, "--duration", "2 turns")
    assert r.exit_code == ExitCode.USAGE, r.output
    assert "did you mean" in r.stderr and "--custom" in r.stderr
    assert fight.path.read_bytes() == before


def test_custom_keeps_a_name_close_to_a_preset_and_a_far_name_needs_nothing(fight):
    ok(fight("effect", "add", "Огр", "кровотечени", "--custom", "--damage", "1"))
    ok(fight("effect", "add", "Огр", "страх", "--mod", "тело=-1"))
    effects = {e["name"] for e in tomllib.loads(fight.path.read_text(encoding="utf-8"))["combatants"]["Огр"]
               .get("effects", [])}
    assert effects == {"кровотечени", "страх"}
