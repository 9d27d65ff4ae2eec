"""`ttcli odds` through the command line."""

import json
from fractions import Fraction
from itertools import pairwise

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
    assert (r.exit_code == ExitCode.BAD_EXPRESSION and "limit" in r.stderr.lower()) or "too" in r.stderr


# -- charts that fit a screen (issue 8) and odds within their limits (issue 12) --

def _rows(text):
    return [line for line in text.splitlines() if "█" in line or "░" in line]


def test_c_pct_1_twenty_percent_is_a_short_chart_with_the_successes_highlighted(cli):
    r = cli("odds", "20%")
    assert r.exit_code == 0, r.output
    rows = _rows(r.stdout)
    assert len(rows) == 10
    assert [row.split()[0] for row in rows if "█" in row] == ["1..10", "11..20"]
    assert all("░" in row for row in rows[2:])
    assert "chance to succeed 20.00%" in r.stdout


@pytest.mark.parametrize("args, highlighted", [
    (["2d6", "--at-least", "10"], ["10", "11", "12"]),
    (["2d6", "--at-most", "3"], ["2", "3"]),
    (["2d6", "--at-least", "6", "--at-most", "8"], ["6", "7", "8"]),
    (["100d6", "--at-least", "360"], ["360..369", "370..379", "380..389", "390..399",
                                      "400..409", "≥410"]),
])
def test_the_range_asked_is_highlighted_row_by_row(cli, args, highlighted):
    rows = _rows(cli("odds", *args).stdout)
    assert [row.split()[0] for row in rows if "█" in row] == highlighted
    assert all("░" in row for row in rows if row.split()[0] not in highlighted)


def test_at_least_and_at_most_together_give_the_chance_in_between(cli):
    out = cli("odds", "2d6", "--at-least", "6", "--at-most", "8").stdout
    assert f"from 6 to 8: {100 * 16 / 36:.2f}%" in out


def test_cumulative_columns_say_at_least_and_at_most_for_each_row(cli):
    lines = cli("odds", "2d6", "--cumulative").stdout.splitlines()
    assert lines[1].split() == ["chance", "at", "least", "at", "most"]
    seven = next(line for line in lines if line.split()[0] == "7")
    assert seven.split()[1:4] == ["16.67%", "58.33%", "58.33%"]
    two = next(line for line in lines if line.split()[0] == "2")
    assert two.split()[1:4] == ["2.78%", "100.00%", "2.78%"]


def test_markdown_chart_is_a_fenced_code_block(cli):
    from markdown_it import MarkdownIt

    out = cli("odds", "10d6", "--at-least", "40", "--format", "markdown").stdout
    tokens = MarkdownIt().parse(out)
    fences = [t for t in tokens if t.type == "fence"]
    assert len(fences) == 1
    chart = fences[0].content.splitlines()
    assert chart == _rows(out) and len(chart) <= 21
    assert "*" not in fences[0].content  # no markup inside the block
    assert "at least 40: **" in out


def test_bbcode_chart_is_a_code_block(cli):
    lines = cli("odds", "3d6", "--format", "bbcode", "-c").stdout.splitlines()
    start, end = lines.index("[code]"), lines.index("[/code]")
    assert lines[0] == "[b]3d6[/b]"
    inside = lines[start + 1:end]
    assert "at least" in inside[0] and len(inside) == 17
    assert not any("[" in line for line in inside)


def test_json_is_folded_like_the_chart(cli):
    data = json.loads(cli("odds", "100d6", "--json").stdout)
    assert data["folded"] is True
    rows = data["outcomes"]
    assert len(rows) <= 20
    assert sum(Fraction(o["exact"]) for o in rows) == 1
    assert rows[0]["low"] == 100 and rows[-1]["high"] == 600
    assert all(a["high"] + 1 == b["low"] for a, b in pairwise(rows))
    assert all(("value" in o) == (o["low"] == o["high"]) for o in rows)
    assert rows[0]["at_least"] == 1.0 and rows[-1]["at_most"] == 1.0


def test_json_full_lists_every_value(cli):
    data = json.loads(cli("odds", "100d6", "--json", "--full").stdout)
    assert data["folded"] is False
    assert [o["value"] for o in data["outcomes"]] == list(range(100, 601))
    assert sum(Fraction(o["exact"]) for o in data["outcomes"]) == 1


def test_full_has_its_own_limit(cli):
    r = cli("odds", "1000d100", "--json", "--full")
    assert r.exit_code == ExitCode.BAD_EXPRESSION
    assert r.stdout == ""
    assert r.stderr.startswith("ttcli: error: ") and "--full" in r.stderr
    assert "99,001" in r.stderr


@pytest.mark.parametrize("args", [
    ["1000d1000000>=2", "--json"], ["1000d1000000>=2", "--json", "--full"],
    ["1000d100"], ["1d1000000", "--json"], ["200d6kh100", "-c"], ["100d6!", "--json"],
    ["50d10!"], ["1000d1000000"], ["1000d6kh999", "--json"],
])
def test_no_internal_error_from_big_expressions(cli, args):
    r = cli("odds", *args)
    assert r.exit_code in (0, ExitCode.BAD_EXPRESSION), r.output
    assert "Traceback" not in r.output
    if r.exit_code == 0:
        assert len(r.stdout) < (200_000 if "--full" in args else 20_000)
        if "--json" in args:
            json.loads(r.stdout)
    else:
        assert "too long" in r.stderr


def test_huge_fractions_are_left_out_of_json_but_chances_are_given(cli):
    # 1000d1000000>=2: the common denominator has 6,000 digits
    data = json.loads(cli("odds", "1000d1000000>=2", "--json", "--at-least", "1000").stdout)
    assert all(o["exact"] is None for o in data["outcomes"])
    assert data["at_least"]["exact"] is None
    assert data["at_least"]["probability"] == pytest.approx((999_999 / 1_000_000) ** 1000)


def test_big_odds_stay_within_200_mb(tmp_path):
    # A process of its own, so its peak memory is these expressions' alone.
    # VmHWM is the peak of this program's own memory; ru_maxrss would also
    # count what the forking test process held at the fork.
    import subprocess
    import sys
    from pathlib import Path

    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc/self/status (Linux)")
    script = (
        "from pathlib import Path\n"
        "from ttcli.oddsview import odds_of\n"
        "from ttcli.render import render_text\n"
        "for text, fmt in [('1000d100', 'plain'), ('1000d100', 'json'), ('1d1000000', 'json'),\n"
        "                  ('1d1000000', 'plain'), ('1000d6', 'json')]:\n"
        "    render_text(odds_of(text), fmt)\n"
        "render_text(odds_of('1000d6', full=True), 'json')\n"
        "status = Path('/proc/self/status').read_text()\n"
        "print(next(line.split()[1] for line in status.splitlines() if line.startswith('VmHWM')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert int(done.stdout) < 200 * 1024  # kilobytes


def test_full_chart_has_a_row_per_value(cli):
    rows = _rows(cli("odds", "20%", "--full").stdout)
    assert [row.split()[0] for row in rows] == [str(v) for v in range(1, 101)]
    assert all("█" in row for row in rows[:20]) and all("░" in row for row in rows[20:])


def test_a_long_full_table_is_one_line_of_json(cli):
    r = cli("odds", "1000d6", "--json", "--full")
    assert r.exit_code == 0
    assert r.stdout.count("\n") == 1
    data = json.loads(r.stdout)
    assert len(data["outcomes"]) == 5001
    assert sum(Fraction(o["exact"]) for o in data["outcomes"]) == 1
