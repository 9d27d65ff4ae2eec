"""The fast path of `ttcli roll` behaves exactly like the full Typer app."""

import os
import subprocess
import sys

import pytest
from support.paths import ROOT_DIR

from ttcli.fastroll import parse_args

ROOT = ROOT_DIR

CASES = [
    ["roll", "4d6kh3", "--seed", "1"],
    ["roll", "9d6>=5", "--given", "5 4 3 2 4 5 5 5 4"],
    ["roll", "2d6", "1d20+3", "-n", "3", "--seed", "9"],
    ["roll", "--times=2", "1d6", "--seed=4", "-t"],
    ["roll", "9d6>=5", "[атака", "мечом]", "--seed", "2", "--format", "bbcode"],
    ["roll", "20%", "--given", "90"],
    ["roll", "1d6", "--json", "--given", "3"],
    ["roll", "2x3"],
    ["roll", "4d6", "--given", "9"],
    ["roll", "1d6", "--times", "0"],
    ["roll", "1d6", "--format", "html"],
    ["roll", "1d6", "--seed", "x"],
    ["roll", "1d6", "--seed", "9223372036854775807"],
    ["roll", "1d6", "--seed", "9223372036854775808"],  # trust item 1: beyond 64 bits, refused alike
    ["roll", "1d6", "--seed", "-9223372036854775809"],
    ["roll", "--", "-1d6", "--seed"],
    ["roll"],
    ["roll", "1d6", "--bogus"],
]


def run(args, cwd, fast):
    env = {k: v for k, v in os.environ.items() if k not in ("TTCLI_SAVES", "NO_COLOR")}
    if not fast:
        env["TTCLI_NO_FASTPATH"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "ttcli", *args], capture_output=True, text=True,
                          cwd=cwd, env=env)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a))
def test_fast_path_matches_the_full_app(args, tmp_path):
    assert run(args, tmp_path, fast=True) == run(args, tmp_path, fast=False)


def test_fast_path_matches_in_a_session(tmp_path):
    subprocess.run([sys.executable, "-m", "ttcli", "session", "new", "s", "--system", "dungeon"],
                   cwd=tmp_path, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    fast = run(["roll", "2d6", "--given", "1 2"], tmp_path, fast=True)
    full = run(["roll", "2d6", "--given", "1 2"], tmp_path, fast=False)
    assert fast == full == (0, "2d6 = 1+2 = 3\n", "")
    journal = (tmp_path / "saves" / "s.journal.toml").read_text(encoding="utf-8")
    assert journal.count('kind = "roll"') == 2


@pytest.mark.parametrize("args", [
    ["--help"], ["-h"], ["1d6", "--bogus"], ["1d6", "-n3"], ["1d6", "--seed"], ["--no-color", "1d6"],
    [], ["1d6", "-tn", "2"],
    # a value the full app words an error for (the roll's own reader once raised on "--3")
    ["1d6", "--times", "--3"], ["1d6", "-n", "+-3"], ["1d6", "--seed", "٣"], ["1d6", "--times", "9" * 25],
])
def test_fast_path_hands_over_what_it_does_not_know(args):
    assert parse_args(args) is None


def test_fast_path_parses_known_options():
    assert parse_args(["2d6", "--times", "3", "--seed=5", "-t", "--json", "--label", "x"]) == {
        "expressions": ["2d6"], "times": 3, "seed": 5, "total": True, "fmt": "json", "label": "x"}


PROBE = (
    "import sys\n"
    "sys.modules.pop('pathlib', None)  # an editable install's import hook loads it first\n"
    "from ttcli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "print(sorted(m for m in ('pathlib', 'tomllib', 'typer', 'ttcli.store') if m in sys.modules))\n"
)


def test_a_journaled_roll_loads_neither_pathlib_nor_the_session_reader(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("TTCLI_SAVES", "NO_COLOR")}
    env["PYTHONPATH"] = str(ROOT)
    subprocess.run([sys.executable, "-m", "ttcli", "session", "new", "s", "--system", "dungeon"],
                   cwd=tmp_path, check=True, capture_output=True, env=env)
    done = subprocess.run([sys.executable, "-c", PROBE, "roll", "2d6", "--given", "1 2"], cwd=tmp_path,
                          capture_output=True, text=True, env=env)
    assert done.stdout.splitlines()[0] == "2d6 = 1+2 = 3"
    # the store appends to the journal without reading the session as TOML, and nothing needs pathlib
    assert done.stdout.splitlines()[-1] == str(["ttcli.store"])
    assert (tmp_path / "saves" / "s.journal.toml").read_text(encoding="utf-8").count('kind = "roll"') == 1


@pytest.mark.parametrize("saves", ["saves", "saves/", "./saves", "saves//", "sub/../saves", ".", "{tmp}/saves",
                                   "{tmp}/./saves"])
@pytest.mark.parametrize("name", ["s", "нет"])
def test_session_file_names_the_path_existing_session_names(saves, name, tmp_path, monkeypatch):
    from ttcli.env import Environment
    from ttcli.errors import CliError
    from ttcli.session import existing_session, session_file

    (tmp_path / "saves").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "saves" / "s.toml").write_text("", encoding="utf-8")
    (tmp_path / "s.toml").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    env = Environment(saves=saves.format(tmp=tmp_path), session=name)

    def answer(find):
        try:
            return os.fspath(find(env))
        except CliError as e:
            return (e.message, e.hint)

    assert answer(session_file) == answer(existing_session)


def test_the_cycle_collector_is_off_only_on_the_fast_paths(monkeypatch, capsys):
    import gc

    import ttcli.app
    from ttcli.main import main

    seen = []
    monkeypatch.setattr("ttcli.fastroll.run", lambda words, options: seen.append(gc.isenabled()) or 0)
    assert main(["roll", "1d6"]) == 0
    # the full app (and the prompt it may start, a long-lived process) collects as usual
    monkeypatch.setattr(ttcli.app, "app", lambda **kwargs: seen.append(gc.isenabled()))
    assert main(["session", "list"]) == 0
    assert seen == [False, True] and gc.isenabled()
    gc.disable()
    try:
        main(["roll", "1d6"])
        assert not gc.isenabled()  # a caller's choice is left as it was
    finally:
        gc.enable()


@pytest.mark.parametrize(("args", "code"), [(["roll", "1d6", "--seed", "1"], 0), (["roll", "1d6", "--times", "0"], 2)])
def test_a_fast_path_leaves_at_once_but_runs_what_is_registered_to_run_at_exit(args, code, tmp_path):
    # without an atexit handler the process leaves without tearing Python down; with one,
    # Python's own exit runs it; both with the command's output and exit code
    script = "from ttcli.main import console\nconsole()\n"
    # an object whose finalizer speaks when Python tears the module down
    teardown = "class Told:\n    def __del__(self):\n        print('torn down')\ntold = Told()\n"
    hook = "import atexit\natexit.register(lambda: print('at exit'))\n"
    env = {**{k: v for k, v in os.environ.items() if k not in ("TTCLI_SAVES", "NO_COLOR")}, "PYTHONPATH": str(ROOT)}
    plain = subprocess.run([sys.executable, "-c", teardown + script, *args], capture_output=True, text=True,
                           cwd=tmp_path, env=env)
    hooked = subprocess.run([sys.executable, "-c", teardown + hook + script, *args], capture_output=True, text=True,
                            cwd=tmp_path, env=env)
    assert plain.returncode == hooked.returncode == code
    assert "torn down" not in plain.stdout
    assert hooked.stdout == plain.stdout + "at exit\ntorn down\n" and hooked.stderr == plain.stderr
    assert plain.stdout if code == 0 else plain.stderr
