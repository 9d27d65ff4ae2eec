"""`ttcli odds attack`: each system's action odds against the worked examples of its seed.

Where a seed works an action out with numbers, the odds of that very action must
give those numbers their exact chances; the reference is written from the seed's
text alone.  The skirmish seed's example (a warrior against a monster) gives no
numbers and the dungeon seed works out only derived stats, so they have no test
here (their odds are checked against every die in test_cli_odds_actions.py).
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from itertools import product

import pytest
from support.paths import ROOT_DIR
from typer.testing import CliRunner

from ttcli.app import app


@pytest.fixture
def odds(tmp_path):
    """``odds(save, *args)``: the JSON of ``ttcli odds ARGS --json`` on a copy of an example save,
    with its chances and its law as exact fractions."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for name in ("terra", "arena"):
        shutil.copy(ROOT_DIR / "saves" / f"{name}.toml", saves / f"{name}.toml")

    def run(save, *args):
        r = CliRunner().invoke(app, ["--saves", str(saves), "--session", save, "odds", *args, "--json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        law = {o["value"]: Fraction(o["exact"]) for o in data["law"]["outcomes"]}
        assert sum(law.values()) == 1
        return data, {k: Fraction(v["exact"]) for k, v in data["chances"].items()}, law

    return run


def _terra(odds, formula):
    """Торн (ГК 3) strikes Волк 1 (ФЗ 1, no ФЗ(D): a formula with a die is not reduced, TT-DEF-1)."""
    data, chances, law = odds("terra", "attack", "Торн", "Волк 1", "--formula", formula)
    assert data["facts"]["blood_group"] == 3
    return chances, law


def _crit_check(first_faces, rest, crit, minimum):
    """The seed's crit check for ГК 3, written out: the first die's 1 asks the D4;
    D4 = 3 crit, D4 = 1 (farthest from 3) minimum, anything else a miss."""
    out: dict[int, Fraction] = {}
    for first, *others in product(first_faces, *rest):
        for d4 in range(1, 5):
            if first != 1:
                value = first + sum(others)
            elif d4 == 3:
                value = crit + sum(others)
            elif d4 == 1:
                value = minimum + sum(others)
            else:
                value = 0
            weight = Fraction(1, len(first_faces) * 4)
            for r in rest:
                weight /= len(r)
            out[value] = out.get(value, Fraction(0)) + weight
    return out


def test_tt_crit_1_seed_d4_plus_2_crits_for_8_misses_for_0_minimum_3(odds):
    """Seed (terra): «крит отменяет любые константные прибавки к числу. Например вы должны
    нанести урон по формуле D4+2, в случае крита вы нанесете 8, в случае промаха 0, в случае
    же минимального урона 3.»"""
    chances, law = _terra(odds, "D4+2")
    assert law == {0: Fraction(1, 8), 3: Fraction(1, 16), 4: Fraction(1, 4), 5: Fraction(1, 4),
                   6: Fraction(1, 4), 8: Fraction(1, 16)}
    assert chances["crit"] == Fraction(1, 16) and chances["miss"] == Fraction(1, 8)


def test_tt_crit_1_seed_a_d6_crit_deals_12(odds):
    """Seed (terra): «D будет заменен на свое полное удвоенное значение. Например вы кидали D6
    на урон, крит означает что вы нанесли 12.»"""
    chances, law = _terra(odds, "D6")
    assert law[12] == Fraction(1, 24) == chances["crit"]  # a 1 (1/6), then the D4 shows 3 (1/4)
    assert law == {0: Fraction(1, 12), 1: Fraction(1, 24), 2: Fraction(1, 6), 3: Fraction(1, 6),
                   4: Fraction(1, 6), 5: Fraction(1, 6), 6: Fraction(1, 6), 12: Fraction(1, 24)}


def test_tt_crit_2_seed_3_times_d6_crits_for_18_plus_6(odds):
    """Seed (terra): «Если у D в формуле уже был множитель больше 2-ки, то крит заменяет D на
    максимальное значение, без удвоения, но к результату будет приплюсовано еще одно полное
    значение D. Например формула 3*D6 при крите выдаст 18+6 урона, а не 12*3.»"""
    chances, law = _terra(odds, "3*D6")
    assert law[24] == Fraction(1, 24) == chances["crit"]
    assert 36 not in law
    assert law[3] == Fraction(1, 24)  # the minimum: the die stays 1, times 3
    assert set(law) == {0, 3, 6, 9, 12, 15, 18, 24}


def test_tt_crit_3_seed_only_the_first_of_d4_d4_d4_is_checked(odds):
    """Seed (terra): «Если формула содержит несколько D, то Критическая проверка выполняется
    только для первого значения, остальные просто прибавляются к результату. Например формула
    D4+D4+D4 при крите выдаст 8+D4+D4, при промахе 0, при минимальном уроне 1+D4+D4.»"""
    chances, law = _terra(odds, "D4+D4+D4")
    d4 = range(1, 5)
    assert law == _crit_check(d4, [d4, d4], crit=8, minimum=1)
    assert law[16] == Fraction(1, 256)  # 8+4+4: only a crit reaches past 12
    assert law[0] == chances["miss"] == Fraction(1, 8)


def _successes(pool, p=Fraction(2, 6)):
    """Successes of ``pool`` d6 counting fives and sixes («Успехами для простоты будут считаться
    только пятёрки и шестёрки»), every pattern of dice listed."""
    out: dict[int, Fraction] = {}
    for pattern in product((0, 1), repeat=pool):
        s = sum(pattern)
        out[s] = out.get(s, Fraction(0)) + p ** s * (1 - p) ** (pool - s)
    return out


def test_tw_def_1_seed_nomad_against_the_viking_best_of_two_defenses(odds):
    """Seed (twilight): «Кочевник имеет условные 6д6 от первого меча ... А также 3д6 от
    смертоносности. Викинг имеет среднюю броню с защитой 5д6 и дополнительный 4д6 к защите от
    выносливости. ... Дальновидный викинг вкладывает оба ОД в защиту ... и получает два броска
    защиты в 9д6» — «выбирается ЛУЧШИЙ ... каждый успех на ЗАЩИТЕ блокирует один успех в
    НАПАДЕНИИ»: the first roll's 4 successes against the best defense of 5 deal nothing, the
    third's 6 deal one success of damage."""
    data, chances, law = odds("arena", "attack", "Кочевник", "Викинг", "--defenses", "2")
    f = data["facts"]
    assert (f["attack_pool"], f["defense_pool"], f["defenses"]) == (9, 9, 2)  # the seed's pools
    per = f["damage_per_success"]
    attack, defense = _successes(9), _successes(9)
    reference: dict[int, Fraction] = {}
    bleed = deadly = Fraction(0)
    for s, p in attack.items():
        for d1, q1 in defense.items():
            for d2, q2 in defense.items():
                best = max(d1, d2)
                w = p * q1 * q2
                dealt = max(0, s - best) * per
                reference[dealt] = reference.get(dealt, Fraction(0)) + w
                # TW-HIT-1: all the attack's successes count toward a threshold, not the excess
                if dealt and s >= 5:
                    bleed += w
                if dealt and s >= 8:
                    deadly += w
    assert law == reference
    assert chances["bleed"] == bleed
    assert chances["deadly"] == deadly


def test_tw_hit_1_seed_paladin_seven_successes_over_six_bleed(odds):
    """Seed (twilight): «Амазонка уходит в глухую защиту, выбрасывая 6 успехов ... второй
    пробивает защиту. Формально всего один успех сверх шести заблокированных ... Но так как 7
    успехов на успешном броске достаточно для кровотечения, то амазонка получает эффект
    КРОВОТЕЧЕНИЕ(1)»: the chance of bleeding counts every hit whose roll reaches the threshold,
    one success over the defense included."""
    data, chances, _law = odds("arena", "attack", "Кочевник", "Викинг", "--defenses", "1")
    attack, defense = _successes(data["facts"]["attack_pool"]), _successes(data["facts"]["defense_pool"])
    one_over = sum(p * q for s, p in attack.items() for d, q in defense.items() if s == d + 1 and s >= 5)
    assert one_over > 0
    assert chances["bleed"] == sum(p * q for s, p in attack.items() for d, q in defense.items()
                                   if s > d and s >= 5)
