"""Numbers in the reader's language (issue 24): ``99 001`` and ``62,28 %`` in Russian, the
English as it always was, and machine numbers in JSON and ``-t``."""

from __future__ import annotations

import json

import pytest

from ttcli.exitcodes import ExitCode

NBSP = "\u00a0"


@pytest.fixture
def ru(cli, monkeypatch):
    monkeypatch.setenv("TTCLI_LANG", "ru")
    return cli


def _chart_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if "█" in line or "░" in line]


def test_i24_odds_chart_in_russian_has_decimal_comma_and_space_before_percent(ru):
    r = ru("odds", "4d6kh3", "--at-least", "12")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert f"не меньше 12: 61,65{NBSP}%" in lines
    assert "в среднем 12,24" in lines
    rows = _chart_rows(r.stdout)
    assert rows[0].split(maxsplit=1)[1].startswith(f"0,08{NBSP}%")
    assert not any("." in row or "%" in row.replace(f"{NBSP}%", "") for row in rows)


@pytest.mark.parametrize("args", [["2d6"], ["4d6kh3", "--cumulative"], ["1000d100"], ["20%"]])
def test_i24_odds_bars_stay_aligned_in_russian(ru, args):
    rows = _chart_rows(ru("odds", *args).stdout)
    starts = {min(row.find("█") if "█" in row else len(row), row.find("░") if "░" in row else len(row))
              for row in rows}
    assert len(starts) == 1, rows  # every bar starts in the same column


def test_i24_odds_big_values_are_grouped_in_russian(ru):
    r = ru("odds", "1000d100")
    labels = [row.split(f"{NBSP}%")[0].rsplit(" ", 1)[0].strip() for row in _chart_rows(r.stdout)]
    assert labels[0] == f"≤47{NBSP}499" and f"48{NBSP}000..48{NBSP}499" in labels
    too_many = ru("odds", "1000d100", "--full")
    assert too_many.exit_code == ExitCode.BAD_EXPRESSION
    assert f"99{NBSP}001" in too_many.stderr and f"20{NBSP}000" in too_many.stderr


def test_i24_odds_in_english_are_unchanged(cli):
    r = cli("odds", "4d6kh3", "--at-least", "12", "--cumulative")
    assert "at least 12: 61.65%" in r.stdout and "mean 12.24" in r.stdout
    assert " 3   0.08%  100.00%    0.08% ░" in r.stdout
    assert "99,001" in cli("odds", "1000d100", "--full").stderr
    assert NBSP not in r.stdout


def test_i24_odds_json_keeps_machine_numbers_in_russian(ru):
    data = json.loads(ru("odds", "1000d100", "--at-least", "50000", "--json").stdout)
    assert data["at_least"]["value"] == 50000 and isinstance(data["at_least"]["probability"], float)
    assert data["mean"] == 50500.0


def test_i24_large_roll_total_is_grouped_in_russian_and_plain_for_scripts(ru, cli):
    r = ru("roll", "1000d100", "--seed", "1")
    assert r.stdout.rstrip().endswith(f"= 51{NBSP}124")
    assert ru("roll", "1000d100", "--seed", "1", "-t").stdout == "51124\n"
    data = json.loads(ru("roll", "1000d100", "--seed", "1", "--json").stdout)
    assert data["rolls"][0]["value"] == 51124
    assert ru("roll", "2000+1d6", "--given", "3").stdout == "2000+1d6 = 2000+3 = 2003\n"  # four digits stay whole
    assert ru("roll", "100000").stdout == f"100000 = 100{NBSP}000\n"
    assert ru("roll", "1000d100", "--seed", "1", "--format", "bbcode").stdout.rstrip().endswith(f"[b]51{NBSP}124[/b]")


def test_i24_large_roll_total_in_english_is_unchanged(cli):
    assert cli("roll", "1000d100", "--seed", "1").stdout.rstrip().endswith("= 51124")
