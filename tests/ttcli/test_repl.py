"""The combat prompt: prompt_toolkit through a pipe, completion, toolbar, piped scripts."""

import io

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from support.paths import ROOT_DIR

from ttcli.env import Environment
from ttcli.repl import Repl, candidates, click_command
from ttcli.tracker import toolbar_text

ROOT = ROOT_DIR


def prompt(saves, text):
    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), saves=saves)
    with create_pipe_input() as pipe:
        pipe.send_text(text)
        code = Repl(env, "crypt", input=pipe, output=DummyOutput(), history=False).run()
    return code, env.stdout.getvalue(), env.stderr.getvalue()


def read(saves):
    from ttcli.session import open_session

    return open_session(Environment(saves=saves, session="crypt")).read()


def test_prompt_runs_commands_and_saves_each_before_the_next(saves):
    code, out, _err = prompt(saves, "fight start\nstatus\n\x04")
    assert code == 0
    assert "Order:" in out and "round 1" in out
    assert read(saves)["fight"]["round"] == 1


def test_an_error_prints_a_message_and_the_prompt_goes_on(saves):
    _code, out, err = prompt(saves, "bogus\nattack Нихто Огр\nchar show огр\nexit\n")
    assert "ttcli: error: no such command: bogus (see 'ttcli --help')" in err
    assert "Нихто" in err
    assert "Огр (enemy" in out  # the command after the errors still ran


def test_ctrl_c_cancels_the_line_and_ctrl_d_leaves(saves):
    _code, out, _err = prompt(saves, "fight start\x03char list\n\x04")
    assert "fight" not in read(saves)  # the cancelled line never ran
    assert "Викинг" in out


def test_undo_works_inside_the_prompt(saves):
    prompt(saves, "fight start\nundo\nexit\n")
    assert "fight" not in read(saves)


def test_the_fight_is_saved_even_if_the_prompt_dies(saves, tmp_path):
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "ttcli", "--saves", str(saves), "--session", "crypt", "fight"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=ROOT, text=True)
    proc.stdin.write("fight start\n")
    proc.stdin.flush()
    proc.stdout.readline()  # the command has answered, so it has saved
    proc.kill()
    proc.wait()
    assert read(saves)["fight"]["round"] == 1


def test_piped_script_reports_failure_exit_code(saves):
    from typer.testing import CliRunner

    from ttcli.app import app

    r = CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", "fight"],
                           input="fight start\nbogus\n")
    assert r.exit_code == 2 and "Order:" in r.stdout


@pytest.mark.parametrize("words, current, expected", [
    ([], "fi", ["fight"]),
    ([], "ne", ["next"]),
    (["fight"], "st", ["start", "status"]),
    (["attack"], "гоб", ["Гоблин 1", "Гоблин 2", "Гоблин 3", "Гоблин 4", "Гоблин-шаман"]),
    (["attack", "Викинг"], "ог", ["Огр"]),
    (["attack", "Викинг", "Огр"], "--ran", ["--ranged"]),
    (["check", "Жрец"], "bo", ["body"]),
    (["char", "set", "Вор"], "we", ["weapon="]),
])
def test_completion_of_commands_names_stats_and_options(saves, words, current, expected):
    names = list(read(saves)["combatants"])
    got = candidates(words, current, click_command(), names, ["body", "reaction", "weapon", "hp"])
    assert got == expected


def test_toolbar_shows_round_turn_and_resources(saves):
    assert toolbar_text(read(saves)) == " crypt (dungeon) | no fight: fight start"
    prompt(saves, "fight start\nexit\n")
    text = toolbar_text(read(saves))
    assert text.startswith(" crypt | round 1 | ") and "| 2 actions left |" in text and "hp " in text


def test_scripted_fight_one_shot_and_prompt_give_the_same_journal(tmp_path):
    import scripted_fight as fr

    a, b = tmp_path / "one-shot", tmp_path / "prompt"
    fr.prepare(a)
    fr.prepare(b)
    lines = fr.one_shot_fight(a, rounds=10)
    assert lines[0] == "fight start" and lines[-1] == "fight end --yes"
    assert sum(line.startswith("attack") for line in lines) >= 10
    fr.prompt_fight(b, lines)
    assert fr.journal(a) == fr.journal(b)
    fight_events = [e for e in fr.journal(a) if e["kind"] != "char-set"]  # the set-up is not typed
    assert len(fight_events) == len(lines) + 1  # + the commit
    assert max(e.get("round", 0) for e in fight_events) > 10  # ten whole rounds were fought


# ---------------------------------------------------------------- issue 27: line cap, Ctrl-C


def test_issue_27_a_line_past_the_cap_is_refused_by_its_length(saves):
    from typer.testing import CliRunner

    from ttcli.app import app
    from ttcli.repl import MAX_LINE

    long_line = "roll 1d6 " + "+1" * MAX_LINE
    r = CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", "fight"],
                           input=f"{long_line}\nroll 1d8\n")
    assert r.exit_code == 2 and "the prompt reads at most 10,000" in r.stderr
    assert "1d8 =" in r.stdout  # the next line still ran
    assert len(r.stderr) < 600  # the line is not echoed whole


def test_issue_27_ctrl_c_in_piped_mode_stops_one_command_not_the_lines_after(saves, monkeypatch):
    from typer.testing import CliRunner

    from ttcli import repl
    from ttcli.app import app

    real = repl.Dispatcher.run

    def interrupted_once(self, line):
        if line.startswith("fight start"):
            raise KeyboardInterrupt
        return real(self, line)

    monkeypatch.setattr(repl.Dispatcher, "run", interrupted_once)
    r = CliRunner().invoke(app, ["--saves", str(saves), "--session", "crypt", "fight"],
                           input="fight start\nroll 1d8\nchar show огр\n")
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "interrupted" in r.stderr and "Traceback" not in r.output
    assert "1d8 =" in r.stdout and "Огр (enemy" in r.stdout  # the lines after it ran


def test_issue_27_ctrl_c_during_start_up_is_one_line_not_a_traceback(monkeypatch, capsys):
    from ttcli import main

    def interrupted(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr(main, "_run", interrupted)
    with pytest.raises(SystemExit) as leaving:
        main.console()
    assert leaving.value.code == 130
    assert capsys.readouterr().err.strip().endswith("interrupted")
