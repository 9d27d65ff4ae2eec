"""`ttcli roll` through the real command line parser."""

import json

import pytest

from ttcli.exitcodes import ExitCode
from ttcli.rolling import join_labels


def test_c_dice_2_plain_output_lists_every_die(cli):
    r = cli("roll", "9d6>=5", "--given", "5 4 3 2 4 5 5 5 4")
    assert r.exit_code == 0, r.output
    assert r.stdout == "9d6>=5 = 5+4+3+2+4+5+5+5+4 = 4 successes\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        (["4d6kh3", "--given", "6 5 2 4"], "4d6kh3 = 6+5+~~2~~+4 = 15\n"),
        (["1d20+3", "--given", "14"], "1d20+3 = 14+3 = 17\n"),
        (["2d6", "1d4", "--given", "3 5 2"], "2d6 = 3+5 = 8\n1d4 = 2\n"),
        (["3д6 [атака мечом]", "--given", "1 2 3"], "[атака мечом] 3д6 = 1+2+3 = 6\n"),
        (["2d6", "--label", "урон", "--given", "1 1"], "[урон] 2d6 = 1+1 = 2\n"),
        (["1d6", "--times", "3", "--given", "1 2 3"], "#1 1d6 = 1\n#2 1d6 = 2\n#3 1d6 = 3\n"),
        (["2d6+1", "-t", "--given", "2 2"], "5\n"),
    ],
)
def test_roll_plain_outputs(cli, args, expected):
    r = cli("roll", *args)
    assert r.exit_code == 0, r.output
    assert r.stdout == expected


def test_c_dice_3_given_extra_values_ignored_and_missing_rolled(cli):
    r = cli("roll", "2d6", "--given", "3 4 5 6")
    assert r.stdout.splitlines() == ["2d6 = 3+4 = 7", "ignored given values: 5 6"]
    r = cli("roll", "3d6", "--given", "3", "--seed", "1")
    first, note = r.stdout.splitlines()
    assert first.startswith("3d6 = 3+") and first.count("*") == 2
    assert note == "* rolled here: 2 dice (the given values ran out)"


def test_c_pct_1_percent_roll_exit_code_follows_the_test(cli):
    ok = cli("roll", "20%", "--given", "20")
    assert ok.exit_code == ExitCode.OK and "success" in ok.stdout
    bad = cli("roll", "20%", "--given", "21")
    assert bad.exit_code == ExitCode.FAILED and "failure" in bad.stdout


def test_seed_makes_rolls_reproducible(cli):
    a = cli("roll", "10d20", "--seed", "7").stdout
    b = cli("roll", "10d20", "--seed", "7").stdout
    c = cli("roll", "10d20", "--seed", "8").stdout
    assert a == b != c


@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (["2x3"], ExitCode.BAD_EXPRESSION, "unexpected character 'x' at column 2"),
        (["1001d6"], ExitCode.BAD_EXPRESSION, "too many dice"),
        (["1/0"], ExitCode.BAD_EXPRESSION, "division by zero"),
        (["4d6", "--given", "7"], ExitCode.BAD_EXPRESSION, "d6"),
        (["4d6", "--given", "a b"], ExitCode.USAGE, "not a die face"),
        (["1d6", "--times", "0"], ExitCode.USAGE, "--times"),
        (["1d6", "--format", "html"], ExitCode.USAGE, "html"),
        ([], ExitCode.USAGE, "missing argument EXPR..."),
    ],
)
def test_bad_input_one_message_and_exit_code(cli, args, code, fragment):
    r = cli("roll", *args)
    assert r.exit_code == code
    assert fragment in r.stderr
    assert r.stdout == ""
    assert "Traceback" not in r.output


def test_bad_expression_shows_a_caret_under_the_bad_character(cli):
    r = cli("roll", "2d6+x")
    assert "  2d6+x\n      ^\n" in r.stderr


def test_a_bad_expression_rolls_nothing_even_after_good_ones(cli):
    r = cli("roll", "1d6", "2d")
    assert r.exit_code == ExitCode.BAD_EXPRESSION and r.stdout == ""


def test_json_envelope_lists_every_die(cli):
    r = cli("roll", "4d6kh3", "--json", "--given", "6 5 2 4")
    data = json.loads(r.stdout)
    assert data["schema"] == "ttcli.roll" and data["version"] == 1
    (roll,) = data["rolls"]
    assert roll["value"] == 15 and roll["kind"] == "total"
    dice = roll["groups"][0]["dice"]
    assert [(d["face"], d["kept"], d["origin"]) for d in dice] == [
        (6, True, "given"), (5, True, "given"), (2, False, "given"), (4, True, "given")]


G = "[b][color=green]5[/color][/b]"


@pytest.mark.parametrize(
    "fmt, expected",
    [
        ("markdown", "_атака_: 9d6>=5 = **5**+4+3+2+4+**5**+1+1+1 = **2 successes**\n"),
        ("bbcode", f"[i]атака[/i]: 9d6>=5 = {G}+4+3+2+4+{G}+1+1+1 = [b]2 successes[/b]\n"),
    ],
)
def test_forum_formats(cli, fmt, expected):
    r = cli("roll", "9d6>=5 [атака]", "--format", fmt, "--given", "5 4 3 2 4 5 1 1 1")
    assert r.stdout == expected


def test_markdown_strikes_dropped_dice(cli):
    r = cli("roll", "2d6kh1", "--format", "markdown", "--given", "2 5")
    assert r.stdout == "2d6kh1 = ~~2~~+5 = **5**\n"


@pytest.mark.parametrize(
    "args, joined",
    [
        (["9d6>=5", "[атака", "мечом]"], ["9d6>=5 [атака мечом]"]),
        (["9d6>=5", "[атака]", "2d6"], ["9d6>=5 [атака]", "2d6"]),
        (["2d6", "1d20"], ["2d6", "1d20"]),
    ],
)
def test_labels_split_by_the_shell_are_joined(args, joined):
    assert join_labels(args) == joined


def test_no_color_env_is_honoured_on_a_terminal():
    import io

    from rules.dice.sources import GivenSource
    from ttcli.env import Environment
    from ttcli.render import emit
    from ttcli.rolling import roll_expressions

    out = io.StringIO()
    env = Environment(stdout=out, stderr=io.StringIO(), stdout_isatty=True, environ={"NO_COLOR": "1"})
    emit(roll_expressions(["2d6>=5"], source=GivenSource([2, 5])), "auto", env)
    assert "32m" not in out.getvalue()  # bold stays; colour (green) goes
    out2 = io.StringIO()
    env2 = Environment(stdout=out2, stderr=io.StringIO(), stdout_isatty=True, environ={})
    emit(roll_expressions(["2d6>=5"], source=GivenSource([2, 5])), "auto", env2)
    assert "32m" in out2.getvalue() and "2d6>=5" in out2.getvalue()


def test_label_option_keeps_the_caret_under_the_bad_character(cli):
    r = cli("roll", "--label", "x", "  1d6/(1-1)")
    assert r.exit_code == ExitCode.BAD_EXPRESSION
    assert "    1d6/(1-1)\n       ^\n" in r.stderr


@pytest.mark.parametrize("asked", [["-t", "--json"], ["--json", "--total"], ["-t", "--format", "json"]])
def test_total_with_json_prints_the_json_which_holds_the_totals(cli, asked):
    """Issue 24, section 4: `-t` with `--json` is documented: the JSON wins (README, roll --help)."""
    plain = cli("roll", "2d6", "3d6", "-t", "--seed", "5")
    assert plain.exit_code == 0
    r = cli("roll", "2d6", "3d6", "--seed", "5", *asked)
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [str(roll["value"]) for roll in doc["rolls"]] == plain.stdout.split()
