"""Sessions, roster, journal, undo and committed dice through the command line, on real files."""

import json
import os

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.paths import ROOT_DIR

from ttcli.exitcodes import ExitCode


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


@pytest.fixture
def crypt(cli):
    r = cli("session", "new", "склеп", "--system", "dungeon")
    assert r.exit_code == 0, r.output
    return "склеп"


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def test_new_session_is_current_and_listed(cli, saves, crypt):
    assert (saves / "склеп.toml").exists()
    assert (saves / ".current").read_text(encoding="utf-8").strip() == "склеп"
    assert "* склеп  (dungeon, 0 combatants)" in ok(cli("session", "list")).stdout


def test_session_file_has_header_format_and_settings(cli, saves, crypt):
    text = (saves / "склеп.toml").read_text(encoding="utf-8")
    assert text.startswith("# ttcli session. You may edit this file by hand")
    assert "format = 1" in text and 'system = "dungeon"' in text and "[settings]" in text


def test_choosable_settings_are_written_out(cli, saves):
    ok(cli("session", "new", "арена", "--system", "twilight"))
    assert "success_threshold = 5" in (saves / "арена.toml").read_text(encoding="utf-8")
    ok(cli("session", "new", "стычка", "--system", "skirmish"))
    text = (saves / "стычка.toml").read_text(encoding="utf-8")
    assert "extinguish_threshold = 11" in text


@pytest.mark.parametrize("args, code", [
    (["session", "new", "x", "--system", "dnd"], ExitCode.USAGE),
    (["session", "new", "../x", "--system", "dungeon"], ExitCode.USAGE),
    (["session", "use", "нет-такой"], ExitCode.NOT_FOUND),
    (["session", "show", "нет-такой"], ExitCode.NOT_FOUND),
])
def test_bad_session_commands(cli, args, code):
    r = cli(*args)
    assert r.exit_code == code and r.stderr.startswith("ttcli: error:")


def test_creating_an_existing_session_is_refused(cli, crypt, saves):
    before = (saves / "склеп.toml").read_bytes()
    r = cli("session", "new", "склеп", "--system", "terra")
    assert r.exit_code == ExitCode.BAD_DATA and "already exists" in r.stderr
    assert (saves / "склеп.toml").read_bytes() == before


def test_commands_without_a_session_say_how_to_choose_one(cli):
    r = cli("char", "list")
    assert r.exit_code == ExitCode.NOT_FOUND and "session use" in r.stderr


def test_dg_der_1_char_add_derives_hp_from_body_and_level(cli, crypt):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    out = ok(cli("char", "show", "вик", "--json")).stdout
    data = json.loads(out)
    assert data["resources"]["hp"] == 13 and data["derived"]["hp_max"] == 13


def test_dg_stat_1_creation_rules_checked_and_force_for_house_rules(cli, crypt):
    r = cli("char", "add", "Силач", "тело=5", "реак=5", "раз=3", "хар=3")
    assert r.exit_code == ExitCode.RULES and "DG-STAT-1" in r.stderr and "--force" in r.stderr
    ok(cli("char", "add", "Силач", "тело=5", "реак=5", "раз=3", "хар=3", "--force"))


def test_unknown_stat_suggests(cli, crypt):
    r = cli("char", "add", "Маг", "тел=2")
    assert r.exit_code == ExitCode.NOT_FOUND and "did you mean: тело (body)?" in r.stderr


def test_count_adds_numbered_copies_and_english_names_work(cli, crypt):
    ok(cli("char", "add", "Гоблин", "--side", "enemy", "--count", "3", "body=2", "reaction=4", "--force"))
    ok(cli("char", "add", "Гоблин", "--side", "enemy", "--count", "2", "body=2", "--force"))
    data = json.loads(ok(cli("char", "list", "--json")).stdout)
    names = [c["name"] for c in data["combatants"]]
    assert names == [f"Гоблин {i}" for i in range(1, 6)]


def test_char_set_prefix_case_insensitive_resource_and_override(cli, crypt):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    ok(cli("char", "set", "ВИК", "hp=5", "ЗД_макс=20"))
    data = json.loads(ok(cli("char", "show", "викинг", "--json")).stdout)
    assert data["resources"]["hp"] == 5 and data["derived"]["hp_max"] == 20


def test_ambiguous_and_unknown_names(cli, crypt):
    ok(cli("char", "add", "Гоблин", "--side", "enemy", "--count", "2", "--force"))
    r = cli("char", "show", "гоб")
    assert r.exit_code == ExitCode.NOT_FOUND and "ambiguous" in r.stderr
    r = cli("char", "show", "Гоблинн 1")
    assert r.exit_code == ExitCode.NOT_FOUND and "did you mean" in r.stderr


def test_char_rm_and_undo_brings_back(cli, crypt):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    ok(cli("char", "rm", "вик"))
    assert "Викинг" not in ok(cli("char", "list")).stdout
    ok(cli("undo"))
    assert "Викинг" in ok(cli("char", "list")).stdout
    ok(cli("redo"))
    assert "Викинг" not in ok(cli("char", "list")).stdout


def test_undo_is_byte_exact_over_many_states(cli, crypt, saves):
    path = saves / "склеп.toml"
    states = [path.read_bytes()]
    for i in range(22):
        ok(cli("char", "add", f"Крыса {i}", "--side", "enemy", "--force"))
        states.append(path.read_bytes())
    for back in range(1, 21):
        ok(cli("undo"))
        assert path.read_bytes() == states[-1 - back]
    r = cli("undo")
    assert r.exit_code == ExitCode.RULES and "cannot undo" in r.stderr


def test_hand_edit_becomes_an_undoable_state(cli, crypt, saves):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    path = saves / "склеп.toml"
    edited = path.read_text(encoding="utf-8").replace("hp = 13", "hp = 9")
    path.write_text(edited, encoding="utf-8")
    ok(cli("char", "set", "вик", "fatigue=2"))
    ok(cli("undo"))
    assert path.read_text(encoding="utf-8") == edited
    ok(cli("undo"))
    assert "hp = 13" in path.read_text(encoding="utf-8")


BROKEN = {
    "syntax": lambda t: t.replace('system = "dungeon"', 'system = "dungeon'),
    "wrong type": lambda t: t.replace("hp = 13", 'hp = "много"'),
    "missing field": lambda t: t.replace('side = "party"\n', ""),
    "negative max hp": lambda t: t.replace("body = 4", "body = 4\nhp_max = -3"),
    "duplicate names": lambda t: t + '\n[combatants."викинг"]\nside = "enemy"\n',
    "bom": lambda t: "\ufeff" + t,
    "empty": lambda t: "",
    "unknown format": lambda t: t.replace("format = 1", "format = 99"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_files_exit_4_and_stay_untouched(cli, crypt, saves, case):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    path = saves / "склеп.toml"
    path.write_text(BROKEN[case](path.read_text(encoding="utf-8")), encoding="utf-8")
    before = path.read_bytes()
    for args in (["char", "set", "вик", "fatigue=1"], ["session", "check"], ["roll", "1d6"]):
        r = cli(*args)
        assert r.exit_code == ExitCode.BAD_DATA, (case, args, r.output)
        assert str(path) in r.stderr and "Traceback" not in r.output
        assert path.read_bytes() == before


def test_latin1_bytes_are_reported_with_a_position(cli, crypt, saves):
    path = saves / "склеп.toml"
    path.write_bytes(path.read_bytes().replace(b'name = "\xd1\x81', b'name = "\xe9'))
    before = path.read_bytes()
    r = cli("session", "check")
    assert r.exit_code == ExitCode.BAD_DATA and f"{path}:" in r.stderr
    assert path.read_bytes() == before


def test_field_errors_name_the_field(cli, crypt, saves):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    path = saves / "склеп.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("hp = 13", 'hp = "x"'), encoding="utf-8")
    r = cli("session", "check")
    assert 'combatants."Викинг".resources.hp' in r.stderr


def ask(saves, words, answer):
    """Run ``words`` as on a terminal where the master types ``answer``: (exit code, stdout, stderr)."""
    import io

    from ttcli.app import app
    from ttcli.env import Environment

    env = Environment(stdout=io.StringIO(), stderr=io.StringIO(), stdin=io.StringIO(answer), stdin_isatty=True,
                      saves=saves)
    code = typer.main.get_command(app).run_words(words, obj=env)
    return code, env.stdout.getvalue(), env.stderr.getvalue()


def test_rm_asks_and_yes_deletes_everything(cli, crypt, saves):
    ok(cli("roll", "1d6"))
    r = cli("session", "rm", "склеп", input="y\n")  # piped input is not an answer
    assert r.exit_code == ExitCode.USAGE and "add --yes" in r.stderr and (saves / "склеп.toml").exists()
    assert ask(saves, ["session", "rm", "склеп"], "нет\n")[0] == 0 and (saves / "склеп.toml").exists()
    ok(cli("session", "rm", "склеп", "--yes"))
    assert [p.name for p in saves.iterdir()] == []


def test_rolls_in_a_session_are_journaled_with_every_die(cli, crypt, saves):
    ok(cli("roll", "4d6kh3", "--given", "6 5 2 4"))
    ok(cli("roll", "1d20", "--hidden", "--given", "7"))
    data = json.loads(ok(cli("log", "--json")).stdout)
    assert data["schema"] == "ttcli.log"
    rolls = [e for e in data["events"] if e["kind"] == "roll"]
    assert rolls[0]["rolls"][0]["dice"][2] == {"sides": 6, "face": 2, "origin": "given", "kept": False}
    public = json.loads(ok(cli("log", "--json", "--public")).stdout)
    assert all(not e.get("hidden") for e in public["events"])
    assert len(public["events"]) == len(data["events"]) - 1


def test_log_filters_by_combatant_and_exports_bbcode(cli, crypt):
    ok(cli("char", "add", "Викинг", "тело=4", "реак=3", "раз=3", "хар=2"))
    ok(cli("char", "add", "Гоблин", "--side", "enemy", "--force"))
    ok(cli("char", "set", "гоб", "hp=1"))
    out = ok(cli("log", "--who", "гоб")).stdout
    assert "Гоблин" in out and "Викинг" not in out
    post = ok(cli("log", "--format", "bbcode")).stdout
    assert post.startswith("[b]") and "Гоблин" in post and "#1" not in post


def _reveal(cli):
    out = ok(cli("session", "reveal")).stdout
    return out.splitlines()[0].split(": ")[1]


def test_committed_rolls_verify_and_tampering_is_detected(cli, crypt, saves, tmp_path):
    commit_out = ok(cli("session", "commit")).stdout
    digest = commit_out.split(": ")[1].split()[0]
    for expr in ("4d6kh3", "9d6>=5", "1d20+3"):
        ok(cli("roll", expr))
    secret = _reveal(cli)
    journal = saves / "склеп.journal.toml"
    r = ok(cli("verify", str(journal), "--secret", secret, "--commitment", digest))
    assert "14 committed dice checked: all committed dice match" in r.stdout
    export = tmp_path / "export.json"
    export.write_text(ok(cli("log", "--json", "-n", "0")).stdout, encoding="utf-8")
    assert ok(cli("verify", str(export), "--secret", secret)).exit_code == 0
    data = json.loads(export.read_text(encoding="utf-8"))
    die = data["events"][1]["rolls"][0]["dice"][0]
    die["face"] = die["face"] % 6 + 1
    export.write_text(json.dumps(data), encoding="utf-8")
    r = cli("verify", str(export), "--secret", secret)
    assert r.exit_code == ExitCode.FAILED and "recorded" in r.stdout


def test_wrong_secret_fails_the_commitment(cli, crypt, saves):
    ok(cli("session", "commit"))
    ok(cli("roll", "1d6"))
    _reveal(cli)
    r = cli("verify", str(saves / "склеп.journal.toml"), "--secret", "00" * 32)
    assert r.exit_code == ExitCode.FAILED and "does NOT match" in r.stdout


def test_undo_never_rewinds_committed_dice(cli, crypt, saves):
    ok(cli("session", "commit"))
    ok(cli("roll", "1d20"))
    ok(cli("undo"))
    ok(cli("roll", "1d20"))
    secret = _reveal(cli)
    r = ok(cli("verify", str(saves / "склеп.journal.toml"), "--secret", secret))
    assert "2 committed dice checked" in r.stdout


def test_seed_is_refused_while_dice_are_committed(cli, crypt):
    ok(cli("session", "commit"))
    r = cli("roll", "1d6", "--seed", "1")
    assert r.exit_code == ExitCode.RULES and "committed" in r.stderr


def test_second_commit_needs_a_reveal_first(cli, crypt):
    ok(cli("session", "commit"))
    assert cli("session", "commit").exit_code == ExitCode.RULES


def test_show_hides_the_secret_until_revealed(cli, crypt):
    ok(cli("session", "commit"))
    data = json.loads(ok(cli("session", "show", "--json")).stdout)
    assert "secret" not in data["session"]["commit"]


def test_example_saves_load_and_check(runner):

    from ttcli.app import app

    folder = ROOT_DIR / "saves"
    names = sorted(p.stem for p in folder.glob("*.toml") if not p.name.endswith(".journal.toml"))
    systems = set()
    for name in names:
        r = runner.invoke(app, ["--saves", str(folder), "session", "check", name])
        assert r.exit_code == 0, r.output
        r = runner.invoke(app, ["--saves", str(folder), "session", "show", name, "--json"])
        systems.add(json.loads(r.stdout)["session"]["system"])
    assert systems == {"terra", "dungeon", "twilight", "skirmish"}


names = st.text(alphabet=st.sampled_from("АБВГДЕЁЖЗИЙКЛМНОПабвгдеёжзийклмнопxyzXYZ -_0123456789"),
                min_size=1, max_size=12).map(str.strip).filter(lambda s: s and not s.startswith("-"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(roster=st.dictionaries(names, st.tuples(st.sampled_from(["party", "enemy"]),
                                               st.integers(1, 9), st.integers(0, 2)),
                              min_size=1, max_size=5))
def test_store_round_trip_of_generated_rosters(tmp_path_factory, roster):
    from ttcli.session import fold, new_document, validate
    from ttcli.store import SessionFile

    folded = {fold(n) for n in roster}
    if len(folded) != len(roster):
        return
    path = tmp_path_factory.mktemp("rt") / "s.toml"
    doc = new_document("проба", "dungeon")
    for name, (side, body, hp) in roster.items():
        # HP above 0 and below a high maximum, so "ok" agrees with it (DG-DEATH-1)
        doc["combatants"][name] = {"side": side, "hidden": False, "status": "ok",
                                   "stats": {"body": body, "level": 100},
                                   "resources": {"hp": abs(hp) + 1}}
    session = SessionFile(path, validate)
    session.create(doc)
    assert session.read() == doc
    with session.transaction() as draft:
        draft["combatants"][next(iter(roster))]["resources"]["hp"] += 1
    again = session.read()
    first = next(iter(roster))
    assert again["combatants"][first]["resources"]["hp"] == doc["combatants"][first]["resources"]["hp"] + 1
    assert list(again["combatants"]) == list(roster)
    os.remove(path)


def test_shell_completion_offers_combatants_and_stats(cli, crypt, saves):
    import subprocess
    import sys

    ok(cli("char", "add", "Гоблин", "--side", "enemy", "--count", "2", "--force"))
    ok(cli("char", "add", "Вёльва", "--force"))
    root = ROOT_DIR

    def complete(words):
        env = {**os.environ, "_TTCLI_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1), "TTCLI_SAVES": str(saves),
               "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-m", "ttcli"], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    # bash inserts a completion as it is: a name with a space comes quoted; case and ё do not matter
    assert complete("ttcli char show Гоб") == ["'Гоблин 1'", "'Гоблин 2'"]
    assert complete("ttcli char show гоБ") == ["'Гоблин 1'", "'Гоблин 2'"]
    assert complete("ttcli char show ве") == ["Вёльва"]
    assert complete("ttcli char set Гоблин body") == ["body="]
    assert complete("ttcli char set Гоблин BO") == ["body="]
    assert complete("ttcli session use скл") == ["склеп"]


@pytest.mark.parametrize("args", [
    ["char", "add", "Маг", "тело=много"],
    ["char", "add", "Маг", "маг=возможно"],
])
def test_values_that_do_not_fit_a_stat_are_usage_errors(cli, crypt, args):
    r = cli(*args)
    assert r.exit_code == ExitCode.USAGE and "internal error" not in r.stderr


@pytest.mark.parametrize("args", [
    ["session", "list"],
    ["session", "list", "--json"],
    ["session", "new", "склеп", "--system", "dungeon"],
    ["session", "use", "склеп"],
])
def test_a_saves_path_that_is_a_file_is_one_clear_error(runner, tmp_path, args):
    """Issue 24, section 4: `--saves /etc/passwd session list` said "no sessions" (exit 0) and
    `session new` there printed the operating system's "File exists"."""
    from ttcli.app import app

    file = tmp_path / "not-a-folder"
    file.write_text("keep me\n", encoding="utf-8")
    r = runner.invoke(app, ["--saves", str(file), *args])
    assert r.exit_code == ExitCode.USAGE, r.output
    assert "is a file, not a folder" in r.stderr and "File exists" not in r.stderr
    assert file.read_text(encoding="utf-8") == "keep me\n"
