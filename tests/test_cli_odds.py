"""`ttcli odds` through the command line."""

import json
from fractions import Fraction

import pytest

from ttcli.exitcodes import ExitCode


def test_odds_json_is_exact_and_sums_to_one(cli):
    r = cli("odds", "4d6kh3", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema"] == "ttcli.odds" and data["version"] == 1
    total = sum(Fraction(o["exact"]) for o in data["outcomes"])
    assert total == 1
    assert [o["value"] for o in data["outcomes"]] == list(range(3, 19))
    assert data["mean"] == pytest.approx(15869 / 1296)


def _binomial_at_least(n, p, k):
    from math import comb

    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize("args, fragment", [
    (["9d6>=5", "--at-least", "3"], f"at least 3: {100 * _binomial_at_least(9, 1 / 3, 3):.2f}%"),
    (["2d6", "--at-most", "2"], f"at most 2: {100 / 36:.2f}%"),
    (["20%"], "chance to succeed 20.00%"),
    (["1d20+3", "--at-least", "24"], "at least 24: 0.00%"),
])
def test_odds_answers_what_are_my_chances(cli, args, fragment):
    r = cli("odds", *args)
    assert r.exit_code == 0, r.output
    assert fragment in r.stdout


def test_odds_chart_has_a_bar_per_value_and_the_mean(cli):
    lines = cli("odds", "2d6").stdout.splitlines()
    assert lines[0] == "2d6"
    rows = [line for line in lines if "█" in line]
    assert len(rows) == 11 and rows[5].split()[0] == "7"
    assert "mean 7" in lines


def test_odds_folds_rare_tails_of_big_pools(cli):
    lines = cli("odds", "100d6").stdout.splitlines()
    rows = [line for line in lines if "█" in line]
    assert rows[0].lstrip().startswith("≤") and rows[-1].lstrip().startswith("≥")
    assert len(rows) <= 20


def test_odds_bad_expression(cli):
    r = cli("odds", "2d")
    assert r.exit_code == ExitCode.BAD_EXPRESSION and "^" in r.stderr


def test_odds_refuses_too_much_work_quickly(cli):
    r = cli("odds", "1000d6kh500")
    assert r.exit_code == ExitCode.BAD_EXPRESSION and "limit" in r.stderr.lower() or "too" in r.stderr
