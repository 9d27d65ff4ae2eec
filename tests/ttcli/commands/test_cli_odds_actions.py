"""`ttcli odds attack|check|save`: each system's action odds against a brute force over every die.

The reference here is written from RULES.md alone, the icepool way: every face of
every die listed with ``itertools.product``, each outcome counted, nothing shared
with the rules code; the command's exact fractions must equal it.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app
from ttcli.exitcodes import ExitCode


@pytest.fixture
def game(tmp_path):
    """``game(save, *args)`` runs ttcli on a copy of the example save ``save``."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for name in ("crypt", "skirmish", "terra", "arena"):
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", saves / f"{name}.toml")
    runner = CliRunner()

    def run(save, *args):
        return runner.invoke(app, ["--saves", str(saves), "--session", save, *args])

    return run


def odds(game, save, *args):
    r = game(save, "odds", *args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema"] == "ttcli.action_odds" and data["version"] == 1
    law = {o["value"]: Fraction(o["exact"]) for o in data["law"]["outcomes"]}
    assert sum(law.values()) == 1
    return data, {k: Fraction(v["exact"]) for k, v in data["chances"].items()}, law


def frequencies(outcomes):
    counts = Counter(outcomes)
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in counts.items()}


# --- dungeon --------------------------------------------------------------------------------


def test_dg_hit_1_attack_odds_match_every_d20_and_weapon_die(game):
    """Огр (2d6, body 5) on Вор (armor 0, HP 7): every d20 and both weapon dice."""
    data, chances, law = odds(game, "crypt", "attack", "Огр", "Вор")
    dodge, hp = data["facts"]["dodge"], data["facts"]["hp"]
    outcomes = []
    for d20, a, b in product(range(1, 21), range(1, 7), range(1, 7)):
        hit = d20 == 20 or (d20 != 1 and d20 >= dodge)  # DG-HIT-1, natural 1 and 20 [I]
        outcomes.append(max(0, a + b + 5 - 0) if hit else 0)  # DG-DMG-1: dice + body - armor
    reference = frequencies(outcomes)
    assert law == reference
    assert chances["hit"] == sum(p for v, p in reference.items() if v > 0)
    assert chances["drop"] == sum(p for v, p in reference.items() if v >= hp)


def test_dg_check_1_and_dg_save_1_odds_match_the_die(game):
    _, chances, _ = odds(game, "crypt", "check", "Вор", "reaction", "--dc", "15")
    assert chances["pass"] == frequencies(
        f == 20 or (f != 1 and f + 4 >= 15) for f in range(1, 21))[True]
    _, chances, law = odds(game, "crypt", "save", "Викинг", "body")
    assert chances["pass"] == Fraction(4, 10)  # DG-SAVE-1: d10 <= body 4
    assert law == {f: Fraction(1, 10) for f in range(1, 11)}


# --- skirmish -------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["block", "dodge", "none"])
def test_sk_atk_1_attack_odds_match_every_pair_of_d20s(game, answer):
    """Разбойник 1's axe (4 fixed + strength 2) on Рыцарь, through def (his shield's too when he blocks)."""
    data, chances, law = odds(game, "skirmish", "attack", "Разбойник 1", "Рыцарь", "--answer", answer)
    f = data["facts"]
    attack, defence, armour = f["attack_modifier"], f["defence"], f["def"]
    assert attack == 3  # d20 + accuracy 3
    dealt = max(0, int(4 + 2 - armour))  # SK-DMG-1
    landed = [answer == "none" or a + attack > d + defence  # SK-ATK-1, SK-TIE-1: a tie is the defender's
              for a, d in product(range(1, 21), repeat=2)]
    assert law == frequencies(dealt if hit else 0 for hit in landed)
    assert chances["hit"] == frequencies(landed)[True]
    # SK-EFF-1: bleeding 25%, poison 20%, each its own d100 after a hit
    assert chances["effect:bleeding"] == chances["hit"] * Fraction(25, 100)
    assert chances["effect:poison"] == chances["hit"] * Fraction(20, 100)


def test_sk_reroll_1_check_odds_take_the_rerolls_the_skill_allows(game):
    """Outside a fight no reroll is counted; the odds of one d20 + the stat."""
    data, chances, _ = odds(game, "skirmish", "check", "Рыцарь", "accuracy", "--dc", "15")
    score = data["facts"]["value"]
    assert chances["pass"] == frequencies(f + score >= 15 for f in range(1, 21))[True]


# --- terra ----------------------------------------------------------------------------------


def test_tt_crit_1_attack_odds_follow_the_crit_check_of_the_attackers_blood_group(game):
    """Торн (D6+2, ГК 3) on Волк 1: the first die's 1 asks the D4 (crit 12, minimum 3, miss 0)."""
    data, chances, law = odds(game, "terra", "attack", "Торн", "Волк 1")
    assert data["facts"]["blood_group"] == 3
    rolls = []
    for d6, d4 in product(range(1, 7), range(1, 5)):
        if d6 != 1:
            rolls.append(d6 + 2)
        elif d4 == 3:
            rolls.append(12)  # crit: the die doubled, the constant cancelled
        elif d4 == 1:
            rolls.append(3)  # minimum: 1 + 2 (the value farthest from ГК 3)
        else:
            rolls.append(0)  # miss
    assert chances["crit"] == Fraction(1, 24) and chances["miss"] == Fraction(1, 12)
    # the wolf has ФЗ 1 and no ФЗ(D): a formula with a die is variable damage (TT-DEF-1), unblocked
    assert law == frequencies(rolls)
    assert chances["drop"] == frequencies(r >= 10 for r in rolls)[True]


def test_tt_crit_4_a_monster_rolls_its_formula_plainly(game):
    _, chances, _law = odds(game, "terra", "attack", "Волк 1", "Торн")
    assert chances["crit"] == 0 and chances["miss"] == 0


# --- twilight -------------------------------------------------------------------------------


def test_tw_def_1_attack_odds_match_every_success_pattern(game):
    """Each die a success with chance 2/6 (threshold 5): every pattern of successes enumerated."""
    data, chances, law = odds(game, "arena", "attack", "Кочевник", "Викинг", "--defenses", "1")
    f = data["facts"]
    n, m, per = f["attack_pool"], f["defense_pool"], f["damage_per_success"]
    p = Fraction(2, 6)

    def pool(size):
        out = Counter()
        for pattern in product((0, 1), repeat=size):
            s = sum(pattern)
            out[s] += p ** s * (1 - p) ** (size - s)
        return out

    reference = Counter()
    for a, pa in pool(n).items():
        for d, pd in pool(m).items():
            reference[max(0, a - d) * per] += pa * pd
    assert law == dict(reference)
    assert chances["hit"] == sum(v for k, v in reference.items() if k > 0)


def test_tw_def_1_the_best_of_two_defense_rolls_counts(game):
    _, one, _ = odds(game, "arena", "attack", "Кочевник", "Викинг", "--defenses", "1")
    _, two, _ = odds(game, "arena", "attack", "Кочевник", "Викинг", "--defenses", "2")
    assert two["hit"] < one["hit"]


# --- bad input ------------------------------------------------------------------------------


def test_odds_of_an_action_without_a_session_is_one_clear_error(tmp_path):
    r = CliRunner().invoke(app, ["--saves", str(tmp_path / "none"), "odds", "attack", "A", "B"])
    assert r.exit_code == ExitCode.NOT_FOUND, r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("save, args, code, words", [
    ("crypt", ["attack", "Никто", "Вор"], ExitCode.NOT_FOUND, "Никто"),
    ("crypt", ["check", "Вор", "удача", "--dc", "10"], ExitCode.NOT_FOUND, "удача"),
    ("terra", ["check", "Торн", "body", "--dc", "10"], ExitCode.RULES, "has no odds of check"),
    ("crypt", ["attack", "Огр", "Вор", "--answer", "block"], ExitCode.USAGE, "--answer"),
    ("crypt", ["attack", "Огр"], ExitCode.USAGE, "two names"),
])
def test_odds_of_an_action_refuses_bad_input_with_one_message(game, save, args, code, words):
    r = game(save, "odds", *args)
    assert r.exit_code == code, r.output
    assert words in r.output and "Traceback" not in r.output


def test_odds_of_an_action_changes_nothing(game, tmp_path):
    path = tmp_path / "saves" / "crypt.toml"
    before = path.read_bytes()
    assert game("crypt", "odds", "attack", "Огр", "Вор").exit_code == 0
    assert path.read_bytes() == before
    assert not list((tmp_path / "saves").glob("*.journal*"))


def test_odds_of_an_action_reads_russian_and_a_forum_post(game, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    r = game("crypt", "odds", "атака", "Огр", "Вор", "--format", "bbcode")
    assert r.exit_code == 0, r.output
    assert "[code]" in r.stdout and "Огр" in r.stdout
