"""``ttcli fight simulate`` (issue 26): whole fights played to their end many times with the real rules,
never touching the session or its journal; the same seed gives the same report whatever --jobs; bad
input is refused clearly; a fight that cannot end is cut off and reported; Ctrl-C reports what ran.
And the simulation agrees with an exact enumeration of the same rules' dice (section 4)."""

from __future__ import annotations

import io
import json
import math
import shutil
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import tomli_w
from support.paths import ROOT_DIR

SAVES = ("crypt", "terra", "arena", "skirmish")


@pytest.fixture
def folder(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    for name in SAVES:
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", saves / f"{name}.toml")
    return saves


def simulate(runner, folder: Path, session: str, *args: str):
    from ttcli.app import app

    return runner.invoke(app, ["--saves", str(folder), "--session", session, "fight", "simulate", *args])


def report(result) -> dict:
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["schema"] == "ttcli.simulation" and data["version"] == 1
    return data


def rewrite(folder: Path, session: str, change) -> None:
    path = folder / f"{session}.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize("session", SAVES)
def test_simulate_plays_each_example_save_and_touches_nothing(runner, folder, session):
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    data = report(simulate(runner, folder, session, "--runs", "12", "--seed", "5", "--jobs", "1", "--json"))
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # no session change, no journal
    assert data["runs"] == 12 and not data["interrupted"]
    assert sum(o["runs"] for o in data["outcomes"].values()) == 12
    for o in data["outcomes"].values():
        assert o["low"] <= o["probability"] <= o["high"]
    assert sum(r["runs"] for r in data["rounds"]) == 12 - data["outcomes"].get("unfinished", {"runs": 0})["runs"]
    for c in data["combatants"]:
        assert set(c) == {"name", "side", "tactic", "standing", "down", "dead", "hp_mean", "runs"}
        assert sum(c["runs"].values()) == 12
        assert math.isclose(c["standing"] + c["down"] + c["dead"], 1.0)
    # a side wins when one of its own is still standing at the end of that run
    party = [c for c in data["combatants"] if c["side"] == "party"]
    assert max(c["runs"]["standing"] for c in party) <= data["outcomes"]["party"]["runs"] + \
        data["outcomes"].get("unfinished", {"runs": 0})["runs"]


def test_simulate_same_seed_same_report_whatever_jobs(runner, folder):
    one = report(simulate(runner, folder, "arena", "--runs", "40", "--seed", "11", "--jobs", "1", "--json"))
    two = report(simulate(runner, folder, "arena", "--runs", "40", "--seed", "11", "--jobs", "2", "--json"))
    assert one.pop("jobs") == 1 and two.pop("jobs") == 2
    assert one == two
    other = report(simulate(runner, folder, "arena", "--runs", "40", "--seed", "12", "--jobs", "1", "--json"))
    assert other["outcomes"] != one["outcomes"] or other["combatants"] != one["combatants"]


def test_simulate_without_a_seed_shows_the_one_it_used_and_it_replays(runner, folder):
    first = report(simulate(runner, folder, "arena", "--runs", "10", "--jobs", "1", "--json"))
    again = report(simulate(runner, folder, "arena", "--runs", "10", "--jobs", "1", "--seed", str(first["seed"]),
                            "--json"))
    assert again == first


@pytest.mark.parametrize("runs", ["0", "1000001", "-3"])
def test_simulate_refuses_runs_outside_the_range(runner, folder, runs):
    r = simulate(runner, folder, "crypt", "--runs", runs)
    assert r.exit_code == 2
    assert "give 1 to 1,000,000 runs" in r.stderr and "Traceback" not in r.output


def test_simulate_without_a_session_says_so(runner, tmp_path):
    from ttcli.app import app

    (tmp_path / "empty").mkdir()
    r = runner.invoke(app, ["--saves", str(tmp_path / "empty"), "fight", "simulate"])
    assert r.exit_code == 6 and "no session chosen" in r.stderr


def test_simulate_without_a_fight_or_a_roster_says_so(runner, folder):
    rewrite(folder, "crypt", lambda doc: doc.pop("combatants"))
    r = simulate(runner, folder, "crypt")
    assert r.exit_code == 6 and "no fight and no roster to simulate" in r.stderr


def test_simulate_with_one_side_only_says_nobody_fights(runner, folder):
    def only_party(doc):
        doc["combatants"] = {k: v for k, v in doc["combatants"].items() if v["side"] == "party"}

    rewrite(folder, "crypt", only_party)
    r = simulate(runner, folder, "crypt")
    assert r.exit_code == 2 and "the roster needs combatants on both sides" in r.stderr


def test_simulate_refuses_an_unknown_tactic(runner, folder):
    r = simulate(runner, folder, "crypt", "--tactic", "party=zerg")
    assert r.exit_code == 2
    assert "unknown tactic 'zerg' for party; known: focus, brute, first" in r.stderr


def test_simulate_tactic_per_side_per_name_and_in_the_session(runner, folder):
    rewrite(folder, "crypt", lambda doc: doc["combatants"]["Огр"].update(tactic="brute"))
    data = report(simulate(runner, folder, "crypt", "--runs", "3", "--seed", "1", "--jobs", "1", "--json",
                           "--tactic", "отряд=первый", "--tactic", "вор=brute"))
    tactics = {c["name"]: c["tactic"] for c in data["combatants"]}
    assert tactics["Викинг"] == "first" and tactics["Вор"] == "brute"  # side word and name prefix
    assert tactics["Огр"] == "brute" and tactics["Гоблин 1"] == "first"  # the session's, the system's default
    # the session's tactic is a hand edit ttcli keeps when it saves
    from ttcli.app import app

    assert runner.invoke(app, ["--saves", str(folder), "--session", "crypt", "fight", "start", "--seed", "1"]
                         ).exit_code == 0
    assert 'tactic = "brute"' in (folder / "crypt.toml").read_text(encoding="utf-8")


def test_simulate_refuses_an_unknown_tactic_in_the_session(runner, folder):
    rewrite(folder, "crypt", lambda doc: doc["combatants"]["Огр"].update(tactic="sleepy"))
    r = simulate(runner, folder, "crypt")
    assert r.exit_code == 2 and "Огр: unknown tactic 'sleepy' in the session" in r.stderr


def test_simulate_a_fight_that_cannot_end_is_cut_off_as_unfinished(runner, folder):
    """Everyone holds its place out of reach: nobody ever strikes, and the round cap ends each run."""
    rewrite(folder, "terra", lambda doc: doc["combatants"]["Волк 1"]["data"].update(cell=[30, 30]))
    rewrite(folder, "terra", lambda doc: doc["combatants"]["Волк 2"]["data"].update(cell=[30, 32]))
    data = report(simulate(runner, folder, "terra", "--runs", "3", "--seed", "1", "--jobs", "1", "--json",
                           "--tactic", "party=hold", "--tactic", "enemy=hold"))
    assert data["outcomes"]["unfinished"]["runs"] == 3 and data["rounds"] == []
    plain = simulate(runner, folder, "terra", "--runs", "3", "--seed", "1", "--jobs", "1",
                     "--tactic", "party=hold", "--tactic", "enemy=hold")
    assert "unfinished (over 100 rounds, or nobody could act): 100.0%" in plain.stdout


def test_simulate_ctrl_c_reports_the_runs_finished(runner, folder, monkeypatch):
    import rules.simulate

    real = rules.simulate.run_block
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) > 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(rules.simulate, "run_block", interrupted)
    r = simulate(runner, folder, "arena", "--runs", "300", "--seed", "1", "--jobs", "1", "--json")
    assert r.exit_code == 130
    data = json.loads(r.stdout)
    assert data["interrupted"] and 0 < data["runs"] < 300 and data["asked_runs"] == 300
    assert sum(o["runs"] for o in data["outcomes"].values()) == data["runs"]


def test_simulate_in_russian_and_as_forum_posts(runner, folder, monkeypatch):
    monkeypatch.delenv("TTCLI_LANG")
    r = simulate(runner, folder, "crypt", "--runs", "5", "--seed", "1", "--jobs", "1")
    assert r.exit_code == 0
    assert "crypt: 5 сыгранных боёв, зерно 1" in r.stdout and "победа: отряд" in r.stdout
    assert "на ногах" in r.stdout and "здоровье в конце" in r.stdout
    bb = simulate(runner, folder, "crypt", "--runs", "5", "--seed", "1", "--jobs", "1", "--format", "bbcode")
    assert bb.stdout.startswith("[b]crypt: 5 сыгранных боёв") and "[code]" in bb.stdout
    md = simulate(runner, folder, "crypt", "--runs", "5", "--seed", "1", "--jobs", "1", "--format", "markdown")
    assert md.stdout.startswith("**crypt: 5 сыгранных боёв") and "```" in md.stdout


def test_simulate_from_the_combat_prompt_in_russian(folder):
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ttcli.env import Environment
    from ttcli.repl import Repl

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=folder)
    with create_pipe_input() as pipe:
        pipe.send_text("симуляция --runs 4 --seed 2 --jobs 1\nбой симуляция --runs 4 --seed 2 --jobs 1\n\x04")
        code = Repl(env, "crypt", input=pipe, output=DummyOutput(), history=False).run()
    assert code == 0, env.stderr.getvalue()
    assert env.stdout.getvalue().count("crypt: 4 simulated fights, seed 2") == 2


# --- section 4: the simulation and the exact odds of one attack agree ---------------------------------
#
# The exact side is the action odds of the same rules (``rules.fight.action_odds``, ``rules.odds.actions``,
# what ``ttcli odds attack`` shows); the simulated side is the simulation's own runs, cut off after the first
# round.  Each value's frequency, and the hit's, must fall within the 99.9% interval of its exact chance.

Z999 = 3.2905  # two-sided 99.9%


def _within(seen: int, n: int, p: Fraction) -> bool:
    p = float(p)
    return abs(seen / n - p) <= Z999 * math.sqrt(p * (1 - p) / n)


def _first_rounds(enc, n: int) -> Counter[int]:
    """HP the dummy lost in the first round of each of ``n`` simulated fights (seed 2026)."""
    from rules.dice.sources import RandomSource
    from rules.simulate import UNFINISHED, play, prepare, run_seed

    rules, kit, tactics = prepare(enc)
    dummy = enc.names.index("Манекен")
    seen: Counter[int] = Counter()
    for i in range(n):
        winner, rounds, people = play(rules, enc, RandomSource(run_seed(2026, i)), kit, tactics, cap=1)
        assert winner == UNFINISHED and rounds == 1
        seen[1000 - people[dummy][1]] += 1
    return seen


def _load(folder: Path, session: str):
    from rules.fight import encounter_from_doc
    from rules.systems import system_rules

    doc = tomllib.loads((folder / f"{session}.toml").read_text(encoding="utf-8"))
    return encounter_from_doc(doc, system_rules(doc["system"]))


def _terra_duel(folder: Path):
    """Торн (D6+2, ГК 3: the crit check, TT-CRIT-1) next to a dummy with 1,000 HP and no defense;
    no synchronization phase, so in the first phase Торн makes exactly one weapon Attack on it."""

    def two(doc):
        doc["settings"]["skip_sync"] = True
        torn = doc["combatants"]["Торн"]
        torn["data"]["cell"] = [0, 0]
        dummy = {"side": "enemy", "status": "ok", "stats": {"weapon": "1", "monster": True, "body": 1},
                 "resources": {"hp": 1000, "sp": 10, "mp": 0}, "data": {"cell": [1, 0]}}
        doc["combatants"] = {"Торн": torn, "Манекен": dummy}

    rewrite(folder, "terra", two)
    return _load(folder, "terra")


def test_TT_CRIT_1_simulated_attack_round_agrees_with_the_exact_action_odds(folder):
    """The simulation's first phase (one weapon Attack of Торн) against the exact odds of the same attack
    (``ttcli odds attack Торн Манекен``): every damage value's frequency, and the hit chance, within the
    99.9% interval of its exact probability."""
    from rules.fight import action_odds

    enc = _terra_duel(folder)
    odds = action_odds(enc, "attack", attacker="Торн", target="Манекен")
    exact = dict(odds.law.pairs)
    # D6+2 with the crit check of ГК 3: a 1 on the D6 checks a D4 (3 crit: 12, 1 minimum: 3, else miss: 0)
    assert exact == {0: Fraction(1, 12), 3: Fraction(1, 24), 4: Fraction(1, 6), 5: Fraction(1, 6),
                     6: Fraction(1, 6), 7: Fraction(1, 6), 8: Fraction(1, 6), 12: Fraction(1, 24)}
    hit = next(c.chance for c in odds.chances if c.key == "hit")
    assert hit == 1 - exact[0] == Fraction(11, 12)
    n = 1500
    seen = _first_rounds(enc, n)
    assert set(seen) <= set(exact)
    for value, p in exact.items():
        assert _within(seen[value], n, p), (value, seen[value] / n, p)
    assert _within(n - seen[0], n, hit)


def test_DG_HIT_1_simulated_attack_round_agrees_with_the_exact_action_odds(folder):
    """Dungeon: Викинг (1d8, body 4) against a dummy with armor 2, dodge from reaction 3 and 1,000 HP that has
    no weapon to answer with.  A round gives Викинг its two actions (DG-ACT-1), two attacks (DG-HIT-1,
    DG-DMG-1): the damage of the simulated round, value by value, and the rounds without a hit, against the
    exact odds of one attack (``ttcli odds attack Викинг Манекен``) taken twice."""
    from rules.fight import action_odds

    def two(doc):
        viking = doc["combatants"]["Викинг"]
        dummy = {"side": "enemy", "status": "ok",
                 "stats": {"body": 1, "reaction": 3, "mind": 1, "charisma": 1, "armor": 2},
                 "resources": {"hp": 1000, "fatigue": 0}}
        doc["combatants"] = {"Викинг": viking, "Манекен": dummy}

    rewrite(folder, "crypt", two)
    enc = _load(folder, "crypt")
    odds = action_odds(enc, "attack", attacker="Викинг", target="Манекен")
    one = dict(odds.law.pairs)
    hit = next(c.chance for c in odds.chances if c.key == "hit")
    # a hit always gets through the armor (1d8 + 4 - 2 >= 3), so no damage is a miss, and a miss only
    assert 0 < hit < 1 and one[0] == 1 - hit and min(v for v in one if v) == 3 and max(one) == 10
    both: dict[int, Fraction] = {}
    for a, p in one.items():
        for b, q in one.items():
            both[a + b] = both.get(a + b, Fraction(0)) + p * q
    n = 1500
    seen = _first_rounds(enc, n)
    assert set(seen) <= set(both)
    for value, p in both.items():
        assert _within(seen[value], n, p), (value, seen[value] / n, p)
    # the rounds where neither attack hit: (1 - hit)^2
    assert _within(seen[0], n, (1 - hit) ** 2)
