"""Every hook of the contract, reached through the command line by the toy system.

The toy (``tests/support/toy_system``) overrides every hook of ``SystemData`` and
``SystemRules`` with a small rule of its own.  Each case below names one hook,
runs the command that asks it and looks for the toy's own effect, so a case
fails when the program stops asking the hook (or asks the contract's default
instead).  A hook added to the contract fails here twice: until the toy
overrides it, and until a case reaches it through the CLI.
"""

from __future__ import annotations

import ast
import json
import tomllib

import pytest
from support.paths import ROOT_DIR
from support.registered import session_of

from rules.core.contract import SystemRules
from rules.core.errors import RuleError
from rules.core.systemdata import SystemData
from ttcli.exitcodes import ExitCode


def _public(cls: type) -> set[str]:
    return {name for name in vars(cls) if not name.startswith("_")}


#: every hook and member a system may declare
CONTRACT = _public(SystemData) | _public(SystemRules)

#: hooks the toy leaves at the contract's default, each with the reason it cannot override it
EXEMPT = {
    "status": "the one status model: the contract's status() reads the system's `statuses` table "
              "(the toy declares one) and no system overrides the method; its case below still "
              "shows the CLI asking it",
    "day": "the template every system shares: it refuses during a fight, tells the day and asks the "
           "system's end_day (the toy overrides that); its case below still shows the CLI asking it",
}

#: hooks a system declares that nothing in the program reads, so no command can reach them
NOT_ASKED = {
    "clock": "declared (twilight and the round system say ROUNDS_CLOCK), but no module of rules/ or ttcli/ "
             "reads it: a system's start and step call the clock's functions themselves",
}


@pytest.fixture
def toy(tmp_path, runner, monkeypatch):
    return session_of(tmp_path, runner, monkeypatch, "toy", "toy_system", "pit", "Ёж", "Уж")


# --- reading and editing the session -------------------------------------------------------


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def refused(result, code, words):
    assert result.exit_code == code and words in result.stderr, result.output
    return result


def stored(toy, name=None):
    """The session file as TOML; one combatant's table when ``name`` is given."""
    doc = tomllib.loads(toy.path.read_text(encoding="utf-8"))
    return doc["combatants"][name] if name is not None else doc


def fight(toy):
    return json.loads(ok(toy("fight", "status", "--json")).stdout)["fight"]


def hand_edit(toy, old, new):
    text = toy.path.read_text(encoding="utf-8")
    assert old in text, old
    toy.path.write_text(text.replace(old, new, 1), encoding="utf-8")


def append(toy, text):
    toy.path.write_text(toy.path.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")


def mood(toy, name, word):
    """A hand-written ``data.mood`` (on a combatant that has no data table yet)."""
    append(toy, f'[combatants."{name}".data]\nmood = "{word}"\n')


def next_turn_of(toy, name):
    """``fight next`` until ``name``'s turn has started; what those steps said."""
    said = []
    for _ in range(3):
        said.append(ok(toy("fight", "next")).stdout)
        if fight(toy).get("turn", {}).get("actor") == name:
            return "".join(said)
    raise AssertionError(f"{name}'s turn never came: {''.join(said)}")


def healed_at_next_turn(toy, name, amount):
    """A heal of ``amount`` that ticks as ``name``'s next turn starts (the clock asks the system's mend)."""
    ok(toy("effect", "add", name, "glue", "--heal", str(amount), "--custom"))
    return next_turn_of(toy, name)


# --- one case per hook ---------------------------------------------------------------------

CASES = {}


def reaches(hook):
    def register(case):
        CASES[hook] = case
        return case

    return register


# the data readers (SystemData)


@reaches("upgrade_combatant")
def _upgrade_combatant(toy):
    """An older file keeps Ёж's mood at the top of its table: read as data.mood, saved there."""
    ok(toy("char", "give", "Уж", "red"))  # a data table in the file: see the test of the gap below
    hand_edit(toy, '[combatants."Ёж"]\n', '[combatants."Ёж"]\nmood = "sleepy"\n')
    ok(toy("fight", "start"))
    assert "mood" not in stored(toy, "Ёж") and stored(toy, "Ёж")["data"]["mood"] == "sleepy"
    assert "feels sleepy" in ok(toy("fight", "status", "--format", "plain")).stdout


@reaches("decode_combatant_data")
def _decode_combatant_data(toy):
    append(toy, '[combatants."Ёж".data.marbles]\nred = 0\n')
    r = refused(toy("session", "check"), ExitCode.BAD_DATA, "must be a whole number, 1 or more")
    assert "data.marbles.red" in r.stderr


@reaches("decode_fight_data")
def _decode_fight_data(toy):
    ok(toy("fight", "start"))
    append(toy, '[fight.data]\nloud = "yes"\n')
    r = refused(toy("session", "check"), ExitCode.BAD_DATA, "must be true or false")
    assert "fight.data.loud" in r.stderr


@reaches("decode_turn_data")
def _decode_turn_data(toy):
    ok(toy("fight", "start"))
    ok(toy("poke", "Ёж", "Уж", "--given", "1"))
    assert stored(toy)["fight"]["turn"]["data"] == {"pokes": 1}
    hand_edit(toy, "pokes = 1", "pokes = 0")
    r = refused(toy("session", "check"), ExitCode.BAD_DATA, "must be a whole number, 1 or more")
    assert "fight.turn.data.pokes" in r.stderr


@reaches("combatant_problems")
def _combatant_problems(toy):
    mood(toy, "Ёж", "very sleepy")
    refused(toy("session", "check"), ExitCode.BAD_DATA, "a toy's mood is one word")


@reaches("parse_status")
def _parse_status(toy):
    ok(toy("char", "set", "Ёж", "status=dizzy"))
    assert stored(toy, "Ёж")["status"] == "dizzy"
    refused(toy("char", "set", "Ёж", "status=asleep"), ExitCode.USAGE, "a toy is ok, dizzy, unconscious, dead")


@reaches("settle_health")
def _settle_health(toy):
    """HP follows a lowered maximum down (the default refuses HP above it); 0 HP knocks out, HP wakes."""
    ok(toy("char", "set", "Ёж", "hp_max=3"))
    assert stored(toy, "Ёж")["resources"]["hp"] == 3
    ok(toy("char", "set", "Ёж", "hp=0"))
    assert stored(toy, "Ёж")["status"] == "unconscious"
    ok(toy("char", "set", "Ёж", "hp=2"))
    assert stored(toy, "Ёж")["status"] == "ok"


@reaches("settle_marks")
def _settle_marks(toy):
    """HP set back to the maximum by hand smooths out the dents (TOY-DENT-2); less HP keeps them."""
    ok(toy("poke", "Уж", "Ёж", "--given", "3"))
    ok(toy("poke", "Уж", "Ёж", "--given", "1"))
    assert "dents" not in ok(toy("char", "set", "Ёж", "hp=5")).stdout
    assert stored(toy, "Ёж")["data"] == {"dents": 2}
    assert "Ёж: hp 5 -> 6, dents 2 -> 0" in ok(toy("char", "set", "Ёж", "hp=6")).stdout
    assert "data" not in stored(toy, "Ёж")


@reaches("keeps_inventory")
def _keeps_inventory(toy):
    assert "Ёж gets 3 x red" in ok(toy("char", "give", "Ёж", "red", "--count", "3")).stdout
    assert stored(toy, "Ёж")["data"]["marbles"] == {"red": 3}


@reaches("item_kinds")
def _item_kinds(toy):
    """Completion of ``char give --kind`` offers the toy's one kind."""
    from typer.completion import completion_init

    completion_init()  # as ttcli's main does when a shell asks for completions
    env = {"_TTCLI_COMPLETE": "complete_bash", "COMP_WORDS": "ttcli char give Ёж red --kind m", "COMP_CWORD": "6"}
    r = ok(toy.invoke(env=env, prog_name="ttcli"))
    assert "marble" in r.stdout.split()


@reaches("give")
def _give(toy):
    ok(toy("char", "give", "Ёж", "red", "--count", "3"))
    assert "Ёж gives red to Уж (Уж: 1 of 12" in ok(toy("char", "give", "Ёж", "red", "--to", "Уж")).stdout
    assert stored(toy, "Ёж")["data"]["marbles"] == {"red": 2} and stored(toy, "Уж")["data"]["marbles"] == {"red": 1}
    refused(toy("char", "give", "Ёж", "key", "--kind", "armor"), ExitCode.USAGE, "a toy carries marbles only")


@reaches("take")
def _take(toy):
    ok(toy("char", "give", "Ёж", "red", "--count", "3"))
    assert "Ёж no longer carries 2 x red" in ok(toy("char", "take", "Ёж", "red", "--count", "2")).stdout
    assert stored(toy, "Ёж")["data"]["marbles"] == {"red": 1}
    refused(toy("char", "take", "Ёж", "blue"), ExitCode.NOT_FOUND, "unknown marble 'blue'")


@reaches("require_room")
def _require_room(toy):
    """Ten marbles fill the pockets of max HP 5 or more (two a point): lowering it to 4 is refused."""
    ok(toy("char", "give", "Ёж", "red", "--count", "10"))
    before = toy.path.read_bytes()
    refused(toy("char", "set", "Ёж", "hp_max=4"), ExitCode.RULES, "Ёж carries 10 marbles; its pockets would hold 8")
    assert toy.path.read_bytes() == before
    ok(toy("char", "set", "Ёж", "hp_max=5"))


@reaches("inventory_load")
def _inventory_load(toy):
    ok(toy("char", "give", "Ёж", "red", "--count", "3"))
    assert "inventory, 3 of 12 slots used, 9 free: 3 x red" in ok(toy("char", "show", "Ёж")).stdout
    shown = json.loads(ok(toy("char", "show", "Ёж", "--json")).stdout)
    assert shown["slots"] == {"used": 3, "free": 9, "capacity": 12}


@reaches("status_notes")
def _status_notes(toy):
    mood(toy, "Ёж", "sleepy")
    ok(toy("poke", "Уж", "Ёж", "--given", "1"))
    assert "state: feels sleepy, 1 dent" in ok(toy("char", "show", "Ёж")).stdout


@reaches("fight_notes")
def _fight_notes(toy):
    ok(toy("fight", "start"))
    ok(toy("poke", "Ёж", "Уж", "--given", "1"))
    out = ok(toy("fight", "status", "--format", "plain")).stdout
    assert "2 toys still squeak" in out and "Ёж has poked 1 time this turn" in out


# the rules object (SystemRules)


@reaches("id")
def _id(toy):
    """The help of the toy's verb is filed under its id and its Russian name; the verb runs in its session."""
    assert "toy: Игрушка" in ok(toy.invoke("poke", "--help")).stdout
    ok(toy("poke", "Ёж", "Уж", "--given", "1"))


@reaches("name_ru")
def _name_ru(toy):
    ok(toy("session", "new", "den", "--system", "игрушка"))
    assert tomllib.loads((toy.saves / "den.toml").read_text(encoding="utf-8"))["system"] == "toy"


@reaches("name_en")
def _name_en(toy):
    ok(toy("session", "new", "den", "--system", "Toybox"))
    assert tomllib.loads((toy.saves / "den.toml").read_text(encoding="utf-8"))["system"] == "toy"


@reaches("sheet")
def _sheet(toy):
    """Healing stops at the maximum the sheet gives (max HP 4 here)."""
    ok(toy("char", "set", "Ёж", "hp_max=4"))
    ok(toy("fight", "start"))
    ok(toy("poke", "Уж", "Ёж", "--given", "3"))
    assert "(HP 1 -> 4)" in healed_at_next_turn(toy, "Ёж", 5)
    assert stored(toy, "Ёж")["resources"]["hp"] == 4


@reaches("hp_max")
def _hp_max(toy):
    """A grumpy toy never heals its last point: max HP 6 on the sheet, healing stops at 5."""
    mood(toy, "Ёж", "grumpy")
    ok(toy("fight", "start"))
    ok(toy("poke", "Уж", "Ёж", "--given", "4"))
    assert "(HP 2 -> 5)" in healed_at_next_turn(toy, "Ёж", 5)
    assert stored(toy, "Ёж")["resources"]["hp"] == 5


@reaches("actions")
def _actions(toy):
    assert "Ёж pokes Уж for 4 (HP 6 -> 2)." in ok(toy("тык", "Ёж", "Уж", "--given", "4")).stdout
    assert stored(toy, "Уж")["resources"]["hp"] == 2


@reaches("start_params")
def _start_params(toy):
    ok(toy("fight", "start", "--loud"))
    assert stored(toy)["fight"]["data"] == {"loud": True}
    assert "2 toys still squeak loudly" in ok(toy("fight", "status", "--format", "plain")).stdout


@reaches("day_params")
def _day_params(toy):
    """``day --wind-up`` (the toy's own option of ``day``) cheers a sulky toy up."""
    mood(toy, "Уж", "sulky")
    assert "Уж is wound up and cheers up." in ok(toy("day", "--wind-up")).stdout
    assert "mood" not in stored(toy, "Уж").get("data", {})


@reaches("end_day")
def _end_day(toy):
    """Overnight the toy's dents smooth out (TOY-DAY-1), and the contract's default words stay away."""
    ok(toy("fight", "start"))
    ok(toy("poke", "Уж", "Ёж", "--given", "4"))
    ok(toy("fight", "end", "--yes"))
    said = ok(toy("day")).stdout
    assert "Overnight Ёж's 1 dent smooth out." in said and "nothing changes" not in said
    assert "dents" not in stored(toy, "Ёж").get("data", {})


@reaches("day")
def _day(toy):
    """The contract's template: a day does not end during a fight, and nothing changes."""
    ok(toy("fight", "start"))
    before = toy.path.read_bytes()
    refused(toy("day"), ExitCode.RULES, "end the fight first")
    assert toy.path.read_bytes() == before
    ok(toy("fight", "end", "--yes"))
    assert "Midnight: the day ends." in ok(toy("day")).stdout


@reaches("effect_presets")
def _effect_presets(toy):
    ok(toy("effect", "add", "Ёж", "липучка"))
    (effect,) = stored(toy, "Ёж")["effects"]
    assert (effect["name"], effect["hook"], effect["tick"]) == ("sticky", "stick", "turn_start")
    refused(toy("effect", "add", "Уж", "stiky"), ExitCode.USAGE, "did you mean 'sticky'?")


@reaches("messages")
def _messages(toy):
    """The toy's words for an event the core has words for too."""
    ok(toy("fight", "start"))
    assert "The toys go back in the box after 1 round." in ok(toy("fight", "end", "--yes")).stdout


@reaches("work")
def _work(toy):
    """In a loud fight the toy's scratch copy marks every event loud: its words end in a squeak."""
    ok(toy("fight", "start", "--loud"))
    done = json.loads(ok(toy("poke", "Ёж", "Уж", "--given", "2", "--json")).stdout)
    assert "Ёж pokes Уж for 2 (HP 6 -> 4). Squeak!" in done["lines"]
    assert [e.get("loud") for e in done["events"] if e["kind"] == "poke"] == [True]


@reaches("statuses")
def _statuses(toy):
    """The toy's own status word: a dizzy toy cannot act, so its turn is skipped."""
    ok(toy("char", "set", "Уж", "status=dizzy"))
    ok(toy("fight", "start"))
    assert "Уж is dizzy: turn skipped." in ok(toy("fight", "next")).stdout
    assert fight(toy)["turn"]["actor"] == "Ёж"


@reaches("status")
def _status(toy):
    """``fight end`` asks who still stands: a dizzy foe does not, so it ends without asking."""
    ok(toy("char", "set", "Уж", "side=enemy", "status=dizzy"))
    ok(toy("fight", "start"))
    ok(toy("fight", "end"))  # with a foe standing it would ask, and no terminal can answer here
    assert "fight" not in stored(toy)


@reaches("resolve_modifier")
def _resolve_modifier(toy):
    ok(toy("effect", "add", "Ёж", "sticky", "--mod", "жизни=1"))
    assert stored(toy, "Ёж")["effects"][0]["modifiers"] == {"hp_max": 1}
    refused(toy("effect", "add", "Уж", "sticky", "--mod", "luck=1"), ExitCode.NOT_FOUND, "luck")


@reaches("start")
def _start(toy):
    assert "The toys line up: Ёж, Уж." in ok(toy("fight", "start")).stdout
    state = fight(toy)
    assert state["order"] == ["Ёж", "Уж"] and state["turn"]["actor"] == "Ёж"


@reaches("step")
def _step(toy):
    ok(toy("fight", "start"))
    assert "Turn: Уж." in ok(toy("fight", "next")).stdout


@reaches("end")
def _end(toy):
    """When the fight ends a dizzy toy is steady again."""
    ok(toy("char", "set", "Уж", "status=dizzy"))
    ok(toy("fight", "start"))
    assert "Уж is steady again." in ok(toy("fight", "end", "--yes")).stdout
    assert stored(toy, "Уж")["status"] == "ok"


@reaches("join")
def _join(toy):
    ok(toy("fight", "start"))
    ok(toy("char", "add", "Лис", "hp_max=4"))
    assert "Лис cuts in at the front." in ok(toy("fight", "join", "Лис")).stdout
    state = fight(toy)
    assert state["order"] == ["Лис", "Ёж", "Уж"] and state["turn"]["actor"] == "Ёж"


@reaches("add_effect")
def _add_effect(toy):
    """A toy has two paws: a third effect is refused, the same one again stacks."""
    ok(toy("effect", "add", "Ёж", "sticky"))
    ok(toy("effect", "add", "Ёж", "glue", "--heal", "1", "--custom"))
    refused(toy("effect", "add", "Ёж", "tar", "--custom"), ExitCode.RULES, "a toy has two paws")
    ok(toy("effect", "add", "Ёж", "sticky"))
    assert [e["name"] for e in stored(toy, "Ёж")["effects"]] == ["sticky", "glue"]


@reaches("remove_effect")
def _remove_effect(toy):
    ok(toy("effect", "add", "Ёж", "sticky"))
    assert "Peeling sticky off stings Ёж (HP 6 -> 5)." in ok(toy("effect", "rm", "Ёж", "sticky")).stdout
    assert stored(toy, "Ёж")["resources"]["hp"] == 5 and "effects" not in stored(toy, "Ёж")


@reaches("new_turn")
def _new_turn(toy):
    """An eager toy's turn holds two actions."""
    mood(toy, "Ёж", "eager")
    ok(toy("fight", "start"))
    assert fight(toy)["turn"]["actions"] == 2
    ok(toy("fight", "next"))
    assert fight(toy)["turn"] == {"actor": "Уж", "actions": 1, "spent": 0}


@reaches("hurt")
def _hurt(toy):
    """Every blow that lands leaves a dent."""
    ok(toy("poke", "Ёж", "Уж", "--given", "2"))
    ok(toy("poke", "Ёж", "Уж", "--given", "1"))
    assert stored(toy, "Уж")["data"] == {"dents": 2} and stored(toy, "Уж")["resources"]["hp"] == 3


@reaches("mend")
def _mend(toy):
    """Healing smooths out the dents."""
    ok(toy("fight", "start"))
    ok(toy("poke", "Уж", "Ёж", "--given", "2"))
    assert stored(toy, "Ёж")["data"] == {"dents": 1}
    assert "(HP 4 -> 5)" in healed_at_next_turn(toy, "Ёж", 1)
    assert "data" not in stored(toy, "Ёж")


@reaches("effect_hook")
def _effect_hook(toy):
    ok(toy("fight", "start"))
    ok(toy("effect", "add", "Ёж", "sticky"))
    assert "Ёж picks up a stray marble (1 now)." in next_turn_of(toy, "Ёж")
    assert stored(toy, "Ёж")["data"]["marbles"] == {"stray": 1}


@reaches("ticks")
def _ticks(toy):
    """A frozen toy's effects do not tick; a sticky Уж beside it picks its marble up."""
    mood(toy, "Ёж", "frozen")
    ok(toy("fight", "start"))
    for name in ("Ёж", "Уж"):
        ok(toy("effect", "add", name, "sticky"))
    said = next_turn_of(toy, "Ёж")
    assert "Уж picks up a stray marble" in said and "Ёж picks up" not in said
    assert "marbles" not in stored(toy, "Ёж")["data"] and stored(toy, "Ёж")["effects"][0]["name"] == "sticky"


@reaches("cannot_act")
def _cannot_act(toy):
    """A sulky toy sits its turns out, and pokes nobody."""
    mood(toy, "Уж", "sulky")
    ok(toy("fight", "start"))
    refused(toy("poke", "Уж", "Ёж"), ExitCode.RULES, "Уж sulks")
    assert "Уж sulks: turn skipped." in ok(toy("fight", "next")).stdout
    assert fight(toy)["turn"]["actor"] == "Ёж"


@reaches("action")
def _action(toy):
    """Toys never wait for their turn: Уж pokes in Ёж's turn, and Ёж's turn is untouched."""
    ok(toy("fight", "start"))
    assert "Уж pokes Ёж for 3" in ok(toy("poke", "Уж", "Ёж", "--given", "3")).stdout
    assert fight(toy)["turn"] == {"actor": "Ёж", "actions": 1, "spent": 0}


@reaches("skill_words")
def _skill_words(toy):
    """A check's stat completes to the toy's skill too, in the session's language until a Russian letter."""
    import typer
    import typer.main

    from ttcli.app import app
    from ttcli.commands.completion import complete_stat_word

    ctx = typer.Context(typer.main.get_command(app), info_name="ttcli", resilient_parsing=True)
    ctx.params.update(saves=toy.saves, session="pit")  # what the shell's line names, as `check NAME <Tab>` reads it
    assert complete_stat_word(ctx, "") == ["hp_max", "squeak"]
    assert complete_stat_word(ctx, "пи") == ["писк"]


def poke_odds(toy):
    """``odds attack Ёж Уж --json`` on Уж at 2 HP: the toy's odds of a poke."""
    ok(toy("char", "set", "Уж", "hp=2"))
    return json.loads(ok(toy("odds", "attack", "Ёж", "Уж", "--json")).stdout)


def test_toy_odds_1_the_toys_odds_module_answers_ttcli_odds(toy):
    """TOY-ODDS-1: a system's ``odds`` module (``ODDS``) is what ``ttcli odds`` answers: the toy's
    odds of a poke, a d6 played through its own rule; Уж at 2 HP drops on 2 to 6."""
    done = poke_odds(toy)
    assert done["action"] == "attack"
    assert done["title"] == "Ёж pokes Уж: a d6 against HP 2" and done["chances"]["drop"]["exact"] == "5/6"
    assert [o["value"] for o in done["law"]["outcomes"]] == [1, 2, 3, 4, 5, 6]
    checked = toy("odds", "check", "Ёж", "hp_max", "--dc", "3")
    refused(checked, ExitCode.RULES, "toy has no odds of check; it has: attack")


def test_toy_odds_1_the_library_asks_the_same_table(toy):
    """``rules.fight.action_odds`` answers from the same ``odds`` module the command line reads."""
    from rules import fight as combat
    from rules.systems import read_encounter

    shown = poke_odds(toy)
    odds = combat.action_odds(read_encounter(stored(toy)), "attack", attacker="Ёж", target="Уж")
    assert odds.title == shown["title"] and str(odds.chances[0].chance) == shown["chances"]["drop"]["exact"]
    with pytest.raises(RuleError, match="toy has no odds of check; it has: attack"):
        combat.action_odds(read_encounter(stored(toy)), "check", name="Ёж", stat="hp_max")


@pytest.mark.parametrize("hook", sorted(CASES))
def test_the_cli_reaches_the_toys_own_hook(toy, hook):
    CASES[hook](toy)


# --- the toy overrides every hook, and every hook has its case ---------------------------------


def test_the_toy_overrides_every_hook_of_the_contract():
    """A hook added to SystemData or SystemRules fails here until the toy declares it."""
    from toy_system.data import DECODERS
    from toy_system.rules import RULES

    def own(cls: type, contract: tuple[type, ...]) -> set[str]:
        return {name for k in cls.__mro__ if k not in (*contract, object) for name in vars(k)}

    assert CONTRACT - own(type(RULES), (SystemRules, SystemData)) - EXEMPT.keys() == set()
    assert _public(SystemData) - own(type(DECODERS), (SystemData,)) - EXEMPT.keys() == set()
    # an exemption names a hook of today's contract that the toy really leaves alone
    assert EXEMPT.keys() <= CONTRACT and not EXEMPT.keys() & own(type(RULES), (SystemRules, SystemData))


def test_every_hook_has_a_case_through_the_cli_or_is_read_by_nothing():
    assert CASES.keys() | NOT_ASKED.keys() == CONTRACT
    assert not CASES.keys() & NOT_ASKED.keys()


@pytest.mark.parametrize("hook", sorted(NOT_ASKED))
def test_a_hook_no_command_reaches_is_read_by_no_module(hook):
    """When the program starts reading the hook, give it a case above and take it out of NOT_ASKED."""
    readers = []
    for package in ("rules", "ttcli"):
        for path in sorted((ROOT_DIR / package).rglob("*.py")):
            if path.is_relative_to(ROOT_DIR / "rules" / "systems"):
                continue  # the systems declare it
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                named = (isinstance(node, ast.Attribute) and node.attr == hook) or (
                    isinstance(node, ast.Constant) and node.value == hook)
                if named:
                    readers.append(f"{path.relative_to(ROOT_DIR)}:{node.lineno}")
    assert readers == [], readers


# --- what the program does not ask (found by the toy) ---------------------------------------


def test_an_older_file_without_any_data_table_is_upgraded_too(toy):
    hand_edit(toy, '[combatants."Ёж"]\n', '[combatants."Ёж"]\nmood = "sleepy"\n')
    ok(toy("session", "check"))
    # every reader sees the upgraded table, and the next change stores it so
    assert "feels sleepy" in ok(toy("char", "show", "Ёж")).stdout
    ok(toy("char", "set", "Ёж", "hp_max=7"))
    assert 'mood = "sleepy"' in toy.path.read_text(encoding="utf-8").split("[combatants.\"Ёж\".data]")[1]
