"""The app as a whole: help everywhere, completions current, entry points."""

import os
import re
import subprocess
import sys

import pytest
import typer.main
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.commands.completion import FILES, completion_script

ROOT = ROOT_DIR


def _commands(group, prefix=()):
    for name, cmd in group.commands.items():
        path = (*prefix, name)
        yield path, cmd
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, path)


ALL = sorted(_commands(typer.main.get_command(app)))


@pytest.mark.parametrize("path", [p for p, _ in ALL], ids=" ".join)
def test_every_command_has_help(runner, path):
    cmd = dict(ALL)[path]
    assert (cmd.help or "").strip(), f"{' '.join(path)} has no help text"
    r = runner.invoke(app, [*path, "--help"])
    assert r.exit_code == 0 and "Usage" in r.stdout


@pytest.mark.parametrize("shell", sorted(FILES))
def test_checked_in_completions_are_current(shell):
    current = (ROOT / "completions" / FILES[shell]).read_text(encoding="utf-8")
    assert current == completion_script(shell, typer.main.get_command(app)), (
        f"completions/ is stale: run ttcli completion {shell} > completions/{FILES[shell]}")


def test_completion_offers_commands_and_formats():
    env = {"_TTCLI_COMPLETE": "complete_bash", "COMP_WORDS": "ttcli roll --format m", "COMP_CWORD": "3"}
    out = subprocess.run([sys.executable, "-m", "ttcli"], env=env, capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.split() == ["markdown"]


def test_python_dash_m_runs_the_app():
    out = subprocess.run([sys.executable, "-m", "ttcli", "roll", "2d6", "--given", "1 2"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and out.stdout == "2d6 = 1+2 = 3\n"


@pytest.mark.parametrize("words", [["session", "--help"], ["roll", "4d6", "-n", "900"], ["odds", "20d6"]],
                         ids=" ".join)
def test_a_reader_that_goes_away_stops_the_program_quietly(words, tmp_path):
    """`ttcli ... | head`: the program is stopped by SIGPIPE (the shell says 141), with no
    message: once it ran into Python's BrokenPipeError and called itself buggy (exit 70)."""
    import os
    import signal

    r, w = os.pipe()
    os.close(r)  # the reader is gone before the program writes a byte
    with os.fdopen(w, "wb") as out:
        done = subprocess.run([sys.executable, "-m", "ttcli", *words], stdout=out, stderr=subprocess.PIPE,
                              cwd=ROOT, env={**os.environ, "TTCLI_SAVES": str(tmp_path)})
    assert (done.returncode, done.stderr) == (-signal.SIGPIPE, b"")


def test_unknown_command_is_a_usage_error(runner):
    r = runner.invoke(app, ["rol", "1d6"])
    assert r.exit_code == 2 and "ttcli: error: no such command: rol (did you mean 'ttcli roll'?" in r.stderr


def test_a_bug_is_reported_without_a_traceback(monkeypatch, runner):
    from ttcli import rolling

    def broken(*a, **k):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(rolling, "roll_expressions", broken)
    r = runner.invoke(app, ["roll", "1d6"])
    assert r.exit_code == 70
    assert "internal error: ZeroDivisionError: boom" in r.stderr
    assert "Traceback" not in r.output


def test_the_zsh_completion_starts_with_its_compdef_tag():
    """zsh registers a completion function only when its first line is the #compdef tag."""
    assert (ROOT / "completions" / FILES["zsh"]).read_text(encoding="utf-8").startswith("#compdef ttcli\n")


def test_the_readmes_zsh_install_registers_ttcli_in_a_real_zsh(tmp_path):
    """README "Shell completion": copied to ~/.zfunc, with fpath+=~/.zfunc before compinit."""
    import shutil

    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("zsh is not installed on this machine")
    (tmp_path / ".zfunc").mkdir()
    shutil.copy(ROOT / "completions" / FILES["zsh"], tmp_path / ".zfunc" / "_ttcli")
    (tmp_path / ".zshrc").write_text("fpath+=~/.zfunc\nautoload -U compinit\ncompinit -u\n", encoding="utf-8")
    done = subprocess.run([zsh, "-i", "-c", 'print -r -- "${_comps[ttcli]}"'], capture_output=True, text=True,
                          env={"HOME": str(tmp_path), "ZDOTDIR": str(tmp_path), "PATH": os.environ.get("PATH", "")},
                          timeout=60)
    assert done.stdout.strip().splitlines()[-1:] == ["_ttcli"], done.stdout + done.stderr


def _examples(runner, path) -> list[str]:
    shown = runner.invoke(app, [*path, "--help"]).stdout
    return [line.strip() for line in shown.splitlines() if line.strip().startswith("ttcli ")]


#: a shell's operator glued to a word outside quotes: `9d6>=5` pasted writes a file "=5"
_GLUED = re.compile(r"\S[<>|;&]|[<>|;&](?=[^\s>])")


@pytest.mark.parametrize("path", [p for p, _ in ALL], ids=" ".join)
def test_help_examples_paste_into_a_shell_as_they_read(runner, path):
    """Issue 24, section 4: an example a master pastes must mean what it shows."""
    for line in _examples(runner, path):
        bare = re.sub(r"\"[^\"]*\"|'[^']*'", "", line)
        assert not _GLUED.search(bare), f"{' '.join(path)}: quote the expression in {line!r}"


def test_char_add_examples_use_stats_some_system_has(runner):
    import shlex

    from rules.systems import get_sheet, known

    sheets = [get_sheet(system) for system in known()]
    for line in _examples(runner, ("char", "add")):
        for word in shlex.split(line):
            key = word.partition("=")[0]
            if "=" in word and not word.startswith("-"):
                assert any(_resolves(sheet, key) for sheet in sheets), f"{line!r}: no system has {key!r}"


def _resolves(sheet, key: str) -> bool:
    try:
        sheet.resolve(key)
    except ValueError:
        return False
    return True
