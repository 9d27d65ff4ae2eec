"""Real processes against one session file (DESIGN decision 4).

Runs the reliability harness with small counts: SIGKILL at random moments of
saving, and concurrent read-modify-write increments.  The same harness runs
with large counts from the command line (benchmarks/store_reliability.py).
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys

import pytest
from support.paths import ROOT_DIR

HARNESS = ROOT_DIR / "benchmarks" / "store_reliability.py"


@pytest.fixture(scope="module")
def harness():
    spec = importlib.util.spec_from_file_location("store_reliability", HARNESS)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_design_4_kill_9_during_saves_leaves_the_old_or_the_new_state(harness, tmp_path):
    figures = harness.run_kills(tmp_path, kills=50, seed=7)
    assert figures.failures == []
    assert figures.kills == 50
    assert figures.found_old + figures.found_new == 50


def test_design_4_concurrent_read_modify_writes_lose_no_update(harness, tmp_path):
    figures = harness.run_increments(tmp_path, procs=4, updates=25)
    assert figures.failures == []
    assert figures.final == 100 and figures.events == 100


def test_issue_12_kill_9_during_committed_rolls_burns_no_counter_unseen(harness, tmp_path):
    figures = harness.run_roll_kills(tmp_path, kills=10, seed=3)
    assert figures.failures == [] and figures.missing_flagged == 0
    assert figures.dice_checked > 0


def test_design_4_harness_checker_catches_a_lost_state(harness, tmp_path):
    # the checker must be able to fail: a file two states ahead is reported
    from ttcli.store import SessionFile

    session = SessionFile(tmp_path / "fight.toml", harness.validate)
    session.create(harness.make_doc(0))
    for n in (1, 2):
        with session.transaction() as doc:
            doc.update(harness.make_doc(n))
    figures = harness.KillFigures()
    assert "expected 0 or 1" in harness._check_after_kill(session, session.path, 0, figures)


# ---------------------------------------------------------------- one lock for the session and its companions

WRITER = """
import sys
from ttcli.store import HistoryLimit, SessionFile
from ttcli.store.journal import append_if_clean
path, me, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
session = SessionFile(path)
print("ready", flush=True)
sys.stdin.readline()  # all writers start together, so their commands interleave
for i in range(rounds):
    if i % 4 == 2:
        try:
            session.undo(1, {"kind": "undo", "who": me})
        except HistoryLimit:
            pass
    elif i % 4 == 3:
        append_if_clean(path, lambda: {"kind": "roll", "who": me}, b"no such bytes")
    else:
        with session.transaction() as doc:
            doc["n"] += 1
            doc.log({"kind": "inc", "who": me, "n": doc["n"]})
"""


def replay(events) -> int:
    """The value of ``n`` the journal's order implies, checking every change against it: an
    event journaled out of the order of the changes (outside their lock) does not fit."""
    states, pos = [0], 0
    for event in events:
        if event["kind"] == "inc":
            assert event["n"] == states[pos] + 1, f"event {event['seq']}: n={event['n']} after {states[pos]}"
            states, pos = states[: pos + 1] + [event["n"]], pos + 1
        elif event["kind"] == "undo":
            assert pos > 0, f"event {event['seq']}: an undo before any change"
            pos -= 1
    return states[pos]


def test_issue_12_one_lock_orders_changes_undos_and_their_journal_across_processes(tmp_path):
    import subprocess

    from ttcli.store import SessionFile, read_events

    path = tmp_path / "fight.toml"
    SessionFile(path).create({"format": 1, "n": 0})
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(k), "40"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for k in range(4)]
    assert [w.stdout.readline() for w in writers] == ["ready\n"] * 4
    for w in writers:  # every writer is told to go before any is waited for
        w.stdin.write("go\n")
        w.stdin.flush()
    errors = [w.communicate(timeout=300)[1] for w in writers]
    assert [w.returncode for w in writers] == [0] * 4, errors
    events = read_events(path.with_name("fight.journal.toml"))  # refuses a seq that does not rise by one
    kinds = {e["kind"] for e in events}
    assert kinds == {"inc", "undo", "roll"}
    assert len({e["who"] for e in events}) == 4
    assert replay(events) == SessionFile(path).read()["n"]
    # the writers really interleaved: some writer's events are not all in one block
    runs = sum(1 for a, b in itertools.pairwise(events) if a["who"] != b["who"])
    assert runs > 4


def test_issue_12_the_replay_catches_an_undo_journaled_after_another_change():
    # an undo journaled late: another process's change landed between the undo and its event
    in_order = [{"seq": 1, "kind": "inc", "n": 1}, {"seq": 2, "kind": "inc", "n": 2},
                {"seq": 3, "kind": "undo"}, {"seq": 4, "kind": "inc", "n": 2}]
    assert replay(in_order) == 2
    late = [in_order[0], in_order[1], in_order[3], in_order[2]]
    with pytest.raises(AssertionError, match="n=2 after 2"):
        replay(late)


@pytest.mark.parametrize("operation", ["transaction", "undo", "restore"])
def test_issue_12_every_journal_append_of_a_session_runs_under_its_lock(tmp_path, monkeypatch, operation, is_locked):
    from ttcli.store import SessionFile
    from ttcli.store import session as store_session

    path = tmp_path / "fight.toml"
    s = SessionFile(path)
    s.create({"format": 1, "n": 0})
    with s.transaction() as doc:
        doc["n"] = 1
    seen = []
    real_append = store_session.append_event

    def append(journal, event, system=None):
        seen.append(is_locked(path))
        return real_append(journal, event, system)

    monkeypatch.setattr(store_session, "append_event", append)
    if operation == "transaction":
        with s.transaction() as doc:
            doc["n"] = 2
            doc.log({"kind": "inc"})
    elif operation == "undo":
        s.undo(1, {"kind": "undo"})
    else:
        path.write_text("format = = 1\n")
        s.restore({"kind": "restore"})
    assert seen == [True]
    assert not is_locked(path)


# ---------------------------------------------------------------- session rm against writers (issue 27, item 4)

HOLDER = """
import sys
from ttcli.store import SessionFile
with SessionFile(sys.argv[1]).transaction() as doc:
    print("inside", flush=True)
    sys.stdin.readline()
    doc["n"] += 1
    doc.log({"kind": "inc"})
print("saved", flush=True)
"""


def _waits_for_a_lock(pid: int) -> bool:
    """Whether process ``pid`` is blocked on a file lock (the kernel's table of locks)."""
    with open("/proc/locks") as table:
        return any(line.split()[1:2] == ["->"] and str(pid) in line.split() for line in table)


def test_issue_27_session_rm_waits_for_a_change_in_progress_and_nothing_comes_back(tmp_path):
    import subprocess

    from ttcli.store import SessionFile

    saves = tmp_path / "saves"
    saves.mkdir()
    SessionFile(saves / "crypt.toml").create({"format": 1, "n": 0})
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(saves / "crypt.toml")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "inside\n"  # a change is under way, the lock held
    rm = subprocess.Popen([sys.executable, "-m", "ttcli", "--saves", str(saves), "session", "rm", "crypt", "--yes"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while rm.poll() is None and not _waits_for_a_lock(rm.pid):
        os.sched_yield()  # until rm has finished, or waits for the session's lock
    holder.stdin.write("go\n")
    holder.stdin.close()
    assert holder.wait(timeout=60) == 0
    assert rm.wait(timeout=60) == 0, rm.stderr.read()
    assert sorted(p.name for p in saves.iterdir()) == []  # the change landed, then rm took all of it


def test_issue_27_writers_running_during_session_rm_stop_and_recreate_nothing(harness, tmp_path):
    figures = harness.run_rm_race(tmp_path, trials=2, writers=3)
    assert figures.failures == []
    assert figures.removed == 2 and figures.writers_told == 6


def test_issue_27_a_command_that_finds_its_session_removed_says_so(crypt):
    from ttcli.store import SessionFile, SessionGone

    saves = crypt.path.parent
    session = SessionFile(crypt.path)  # found before the session was removed
    assert crypt("session", "rm", "crypt", "--yes").exit_code == 0
    with pytest.raises(SessionGone, match="deleted while this command waited"), session.transaction():
        pass
    assert sorted(p.name for p in saves.iterdir()) == []  # not even its lock file
