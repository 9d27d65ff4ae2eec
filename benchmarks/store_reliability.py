"""Reliability harness for the session store, with real processes.

Three experiments:

* kills: a child process saves in a loop (one transaction per save, each
  logging a journal event); the parent kills it with SIGKILL at a random
  moment, then checks that the session file loads and holds exactly the last
  state the child confirmed or the one after it, that the journal reads
  (a torn tail is allowed, counted and skipped) and that the undo history
  loads; kills after which a temp file lay are counted, and one more save must leave none
  (each file's temp has one name, and the next write replaces it).
* increments: N processes each do M read-modify-write increments of one
  counter at the same time; no update may be lost and the journal must hold
  every event with gap-free sequence numbers.
* committed rolls: a child makes hidden committed rolls in a loop and is
  killed at random moments; afterwards ``verify`` must find every counter
  either in a roll or journaled as burned (none missing, none used twice),
  and every die and shown total matching the secret.
* undo kills: a child changes, undoes and redoes in a random mix and is killed
  at random moments; the file must hold the state the journal's events lead to
  (the last event may be one whose state a kill kept from being written: the
  journal goes first), never a state no event tells.
* session rm: six processes change a session in a loop while ``session rm``
  removes it; nothing of the session may come back, rm must succeed and every
  writer must stop with "the session was deleted".

    python benchmarks/store_reliability.py --kills 1000 --procs 8 --updates 100 --roll-kills 200

Exit status 0 when every check held, 1 otherwise.  The test suite runs the
same functions with small counts.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ttcli.store import SessionFile, StoreError, read_journal  # noqa: E402

FIGHTERS = 30


def make_doc(n: int) -> dict:
    """A state fully determined by n, big enough that a save takes a while."""
    return {
        "format": 1,
        "n": n,
        "combatants": {f"Боец {i}": {"hp": n + i, "заметки": "х" * 40 + str(n)} for i in range(FIGHTERS)},
    }


def validate(doc) -> list[StoreError]:
    n = doc.get("n")
    if not isinstance(n, int):
        return [StoreError(None, "n must be an integer", field="n")]
    if doc != make_doc(n):
        return [StoreError(None, f"state is not a whole state {n}", field="combatants")]
    return []


# ---------------------------------------------------------------- children


def _warm_up() -> None:
    """Load lazily imported modules before saying ready, so kills land in saves, not imports."""
    import datetime  # noqa: F401
    import fcntl  # noqa: F401

    from rules.dice.sources import committed_face
    from ttcli.rolling import roll_expressions
    from ttcli.store import files, history, journal, session, toml  # noqa: F401

    roll_expressions(["1d6"])
    committed_face(b"x", 0, 6)
    text = toml.dump_document(make_doc(0), "header")
    toml.parse_document(text.encode("utf-8"))
    journal.render_event({"seq": 1, "kind": "warm"})
    files.digest(b"")


def child_saver(path: str) -> None:
    session = SessionFile(path, validate)
    _warm_up()
    print("ready", flush=True)
    while True:
        with session.transaction() as doc:
            n = doc["n"] + 1
            doc.clear()
            doc.update(make_doc(n))
            doc.log({"kind": "save", "n": n})
        print(n, flush=True)


def child_incrementer(path: str, updates: int) -> None:
    session = SessionFile(path, validate)
    sys.stdin.readline()  # start together
    for _ in range(updates):
        with session.transaction() as doc:
            n = doc["n"] + 1
            doc.clear()
            doc.update(make_doc(n))
            doc.log({"kind": "inc", "pid": os.getpid(), "n": n})


SECRET = "5e" * 32


def child_roller(path: str) -> None:
    from ttcli.dicelog import roll_record, session_source, store_counter
    from ttcli.rolling import roll_expressions

    session = SessionFile(path)
    _warm_up()
    print("ready", flush=True)
    while True:
        with session.transaction() as doc:
            source = session_source(doc, None, session.path)
            result = roll_expressions(["3d6", "1d20+2"], source=source)
            store_counter(doc, source, session.path)
            records = [roll_record(r) for r in result.rolls]
            doc.log({"kind": "roll", "hidden": True, "text": [r["text"] for r in records], "rolls": records})
        print(doc["commit"]["counter"], flush=True)


def child_undoer(path: str, seed: str) -> None:
    """Changes, undos and redos in a random mix, each journaled; prints each one's seq when done."""
    from ttcli.store import HistoryLimit

    rng = random.Random(int(seed))
    session = SessionFile(path, validate)
    _warm_up()
    print("ready", flush=True)
    while True:
        what = rng.random()
        try:
            if what < 0.4:
                with session.transaction() as doc:
                    # every state its own bytes: a write killed after the file was replaced whose bytes
                    # equal a kept state's would be read, rightly, as a move to that state
                    n = rng.randrange(10 ** 12)
                    doc.clear()
                    doc.update(make_doc(n))
                    doc.log({"kind": "inc", "n": n})
            elif what < 0.7:
                session.undo(1, {"kind": "undo", "steps": 1})
            else:
                session.redo(1, {"kind": "redo", "steps": 1})
        except HistoryLimit:
            continue
        print("done", flush=True)


def child_rm_writer(path: str) -> None:
    """Change the session in a loop until it is removed: exit 0 when told so (SessionGone),
    3 on any other error."""
    from ttcli.store import SessionGone

    session = SessionFile(path, validate)
    _warm_up()
    print("ready", flush=True)
    sys.stdin.readline()
    saves = 0
    while True:
        try:
            with session.transaction() as doc:
                n = doc["n"] + 1
                doc.clear()
                doc.update(make_doc(n))
                doc.log({"kind": "inc", "pid": os.getpid(), "n": n})
        except SessionGone:
            print(saves, flush=True)
            return
        except StoreError as exc:
            print(f"error: {exc}", flush=True)
            sys.exit(3)
        saves += 1


def _child(*args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, "--child", *args], text=True, **popen)


# ---------------------------------------------------------------- experiments


@dataclass
class KillFigures:
    kills: int = 0
    saves_confirmed: int = 0
    found_old: int = 0
    found_new: int = 0
    torn_journal_tails: int = 0
    temps_left_by_kills: int = 0
    failures: list[str] = field(default_factory=list)


def run_kills(folder: Path, kills: int, *, seed: int = 1, max_delay: float = 0.03) -> KillFigures:
    rng = random.Random(seed)
    path = folder / "fight.toml"
    session = SessionFile(path, validate)
    session.create(make_doc(0))
    figures = KillFigures()
    confirmed = 0
    for attempt in range(kills):
        child = _child("saver", str(path), stdout=subprocess.PIPE)
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            figures.failures.append(f"kill {attempt}: child did not start")
            child.kill()
            child.wait()
            continue
        time.sleep(rng.uniform(0, max_delay))
        child.send_signal(signal.SIGKILL)
        child.wait()
        lines = child.stdout.read().split()
        child.stdout.close()
        figures.kills += 1
        if lines:
            figures.saves_confirmed += len(lines)
            confirmed = int(lines[-1])
        failure = _check_after_kill(session, path, confirmed, figures)
        if failure:
            figures.failures.append(f"kill {attempt}: {failure}")
            break
        # the next child starts from whatever state the file now holds
        confirmed = SessionFile(path).read()["n"]
        figures.temps_left_by_kills += any(folder.rglob("*.tmp"))
    with SessionFile(path, validate).transaction() as doc:
        doc.update(make_doc(doc["n"] + 1))
    leftovers = [p.name for p in folder.rglob("*.tmp")]
    if leftovers:
        figures.failures.append(f"temp files left after one more save: {leftovers}")
    return figures


def _check_after_kill(session: SessionFile, path: Path, confirmed: int, figures: KillFigures) -> str | None:
    try:
        doc = SessionFile(path).read()
    except StoreError as exc:
        return f"file does not load: {exc}"
    n = doc.get("n")
    if n == confirmed:
        figures.found_old += 1
    elif n == confirmed + 1:
        figures.found_new += 1
    else:
        return f"file holds n={n}, expected {confirmed} or {confirmed + 1}"
    if validate(doc):
        return f"file holds a mixed state: {validate(doc)[0]}"
    try:
        journal = read_journal(session.journal_path)
        session.history.load()
    except StoreError as exc:
        return f"journal or history unreadable: {exc}"
    if journal.torn is not None:
        figures.torn_journal_tails += 1
    seqs = [e["seq"] for e in journal.events]
    if seqs != list(range(1, len(seqs) + 1)):
        return "journal sequence numbers have gaps or repeats"
    return None


@dataclass
class IncrementFigures:
    procs: int
    updates: int
    final: int = 0
    events: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def run_increments(folder: Path, procs: int, updates: int) -> IncrementFigures:
    path = folder / "counter.toml"
    session = SessionFile(path, validate)
    session.create(make_doc(0))
    figures = IncrementFigures(procs, updates)
    children = [_child("incrementer", str(path), str(updates), stdin=subprocess.PIPE) for _ in range(procs)]
    time.sleep(0.3)  # let every child import before the start signal (speed only, not correctness)
    started = time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.close()
    codes = [child.wait() for child in children]
    figures.seconds = time.perf_counter() - started
    if any(codes):
        figures.failures.append(f"child exit codes {codes}")
    figures.final = SessionFile(path).read()["n"]
    events = read_journal(session.journal_path).events
    figures.events = len(events)
    expected = procs * updates
    if figures.final != expected:
        figures.failures.append(f"counter is {figures.final}, expected {expected}: updates were lost")
    if [e["seq"] for e in events] != list(range(1, expected + 1)):
        figures.failures.append("journal sequence numbers are not 1..N")
    if sorted(e["n"] for e in events) != list(range(1, expected + 1)):
        figures.failures.append("journal events do not cover every increment exactly once")
    return figures


@dataclass
class RollFigures:
    kills: int = 0
    rolls_confirmed: int = 0
    dice_checked: int = 0
    burned: int = 0
    missing_flagged: int = 0
    failures: list[str] = field(default_factory=list)


def run_roll_kills(folder: Path, kills: int, *, seed: int = 1, max_delay: float = 0.08) -> RollFigures:
    from rules.dice.sources import commitment
    from ttcli.verifier import verify_events

    rng = random.Random(seed)
    path = folder / "hidden.toml"
    session = SessionFile(path)
    digest = commitment(bytes.fromhex(SECRET))
    session.create({"format": 1, "commit": {"commitment": digest, "secret": SECRET, "counter": 0, "revealed": False}})
    with session.transaction() as doc:
        doc.log({"kind": "commit", "commitment": digest})
    figures = RollFigures()
    for attempt in range(kills):
        child = _child("roller", str(path), stdout=subprocess.PIPE)
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            figures.failures.append(f"kill {attempt}: child did not start")
        time.sleep(rng.uniform(0, max_delay))
        child.send_signal(signal.SIGKILL)
        child.wait()
        figures.rolls_confirmed += len(child.stdout.read().split())
        child.stdout.close()
        figures.kills += 1
    with session.transaction():  # the next command journals what a killed one burned
        pass
    result = verify_events(read_journal(session.journal_path).events, SECRET)
    figures.dice_checked, figures.burned = result.checked, result.burned
    figures.missing_flagged = sum("missing" in m.problem for m in result.mismatches)
    figures.failures += [m.text() for m in result.mismatches][:10]
    return figures


@dataclass
class UndoFigures:
    kills: int = 0
    moves_confirmed: int = 0
    undos_journaled: int = 0
    redos_journaled: int = 0
    event_without_its_state: int = 0
    failures: list[str] = field(default_factory=list)


def replay_moves(events: list, skipped: set) -> int:
    """The ``n`` the journal's changes, undos and redos lead to (events in ``skipped`` were
    journaled by a killed command whose state was never written)."""
    states, pos = [0], 0
    for event in events:
        if event["seq"] in skipped:
            continue
        if event["kind"] == "inc":
            states, pos = states[: pos + 1] + [event["n"]], pos + 1
        elif event["kind"] == "undo":
            pos -= 1
        elif event["kind"] == "redo":
            pos += 1
        if not 0 <= pos < len(states):
            raise ValueError(f"event {event['seq']} ({event['kind']}) moves outside the states")
    return states[pos]


def run_undo_kills(folder: Path, kills: int, *, seed: int = 1, max_delay: float = 0.08) -> UndoFigures:
    """SIGKILL while changes, undos and redos run: the journal must tell every state the file
    ends in (at most its last event journaled and not yet written)."""
    rng = random.Random(seed)
    path = folder / "undo.toml"
    session = SessionFile(path, validate)
    session.create(make_doc(0))
    figures = UndoFigures()
    skipped: set = set()
    for attempt in range(kills):
        child = _child("undoer", str(path), str(rng.randrange(10 ** 6)), stdout=subprocess.PIPE)
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            figures.failures.append(f"kill {attempt}: child did not start")
        time.sleep(rng.uniform(0, max_delay))
        child.send_signal(signal.SIGKILL)
        child.wait()
        figures.moves_confirmed += len(child.stdout.read().split())
        child.stdout.close()
        figures.kills += 1
        try:
            n = SessionFile(path, validate).read()["n"]
            events = read_journal(session.journal_path).events
        except StoreError as exc:
            figures.failures.append(f"kill {attempt}: {exc}")
            break
        try:
            if replay_moves(events, skipped) != n:
                if events and replay_moves(events[:-1], skipped) == n:
                    skipped.add(events[-1]["seq"])  # journaled, then killed before its state was written
                    figures.event_without_its_state += 1
                else:
                    figures.failures.append(f"kill {attempt}: the file holds n={n}, which the journal does not tell")
                    break
        except ValueError as exc:
            figures.failures.append(f"kill {attempt}: {exc}")
            break
    events = read_journal(session.journal_path).events
    figures.undos_journaled = sum(e["kind"] == "undo" for e in events)
    figures.redos_journaled = sum(e["kind"] == "redo" for e in events)
    return figures


@dataclass
class RemoveFigures:
    trials: int = 0
    removed: int = 0
    saves_before_rm: int = 0
    writers_told: int = 0
    failures: list[str] = field(default_factory=list)


def run_rm_race(folder: Path, trials: int, writers: int = 6) -> RemoveFigures:
    """``session rm`` (the real command) while ``writers`` processes change the session in a loop:
    afterwards nothing of the session may be left, rm must succeed, and every writer must have
    stopped with "the session was deleted" instead of writing it again."""
    figures = RemoveFigures()
    for trial in range(trials):
        path = folder / "crypt.toml"
        SessionFile(path, validate).create(make_doc(0))
        children = [_child("rm-writer", str(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                    for _ in range(writers)]
        for child in children:
            assert child.stdout is not None and child.stdin is not None
            child.stdout.readline()
        for child in children:
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.close()
        rm = subprocess.run([sys.executable, "-m", "ttcli", "--saves", str(folder), "session", "rm", "crypt",
                             "--yes"], capture_output=True, text=True, env={**os.environ, "TTCLI_LANG": "en"})
        told = []
        for child in children:
            assert child.stdout is not None
            told.append(child.stdout.read().strip())
            child.stdout.close()
            child.wait()
        figures.trials += 1
        figures.saves_before_rm += sum(int(t) for t in told if t.isdigit())
        figures.writers_told += sum(child.returncode == 0 for child in children)
        left = sorted(p.name for p in folder.iterdir())
        if rm.returncode != 0:
            figures.failures.append(f"trial {trial}: rm exited {rm.returncode}: {rm.stderr.strip()}")
        if left:
            figures.failures.append(f"trial {trial}: left after rm: {left}")
            for name in left:
                target = folder / name
                if target.is_dir():
                    import shutil

                    shutil.rmtree(target)
                else:
                    target.unlink()
        else:
            figures.removed += 1
        bad = [t for child, t in zip(children, told, strict=True) if child.returncode != 0]
        if bad:
            figures.failures.append(f"trial {trial}: writers did not stop cleanly: {bad[:2]}")
    return figures


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--procs", type=int, default=4)
    parser.add_argument("--updates", type=int, default=25)
    parser.add_argument("--roll-kills", type=int, default=50)
    parser.add_argument("--rm-trials", type=int, default=10)
    parser.add_argument("--undo-kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        role, path, *rest = args.child
        if role == "saver":
            child_saver(path)
        elif role == "roller":
            child_roller(path)
        elif role == "undoer":
            child_undoer(path, rest[0])
        elif role == "rm-writer":
            child_rm_writer(path)
        else:
            child_incrementer(path, int(rest[0]))
        return 0

    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ttcli-reliability-") as tmp:
        folder = Path(tmp, "kills")
        folder.mkdir()
        started = time.perf_counter()
        kills = run_kills(folder, args.kills, seed=args.seed)
        elapsed = time.perf_counter() - started
        print(f"kill -9 during saves: {kills.kills} kills in {elapsed:.1f} s")
        print(f"  saves confirmed by the children:  {kills.saves_confirmed}")
        print(f"  file held the last confirmed state: {kills.found_old}")
        print(f"  file held the state after it:       {kills.found_new}")
        print(f"  torn journal tails skipped:         {kills.torn_journal_tails}")
        print(f"  kills after which a temp file lay:  {kills.temps_left_by_kills} (none after one more save)")
        print(f"  failures:                           {len(kills.failures)}")
        failures += kills.failures

        folder = Path(tmp, "increments")
        folder.mkdir()
        inc = run_increments(folder, args.procs, args.updates)
        total = args.procs * args.updates
        print(f"concurrent read-modify-write: {args.procs} processes x {args.updates} updates")
        print(f"  final counter: {inc.final} of {total}; journal events: {inc.events}")
        print(f"  {inc.seconds:.2f} s, {1000 * inc.seconds / max(total, 1):.2f} ms per update under contention")
        print(f"  failures: {len(inc.failures)}")
        failures += inc.failures

        folder = Path(tmp, "rolls")
        folder.mkdir()
        started = time.perf_counter()
        rolls = run_roll_kills(folder, args.roll_kills, seed=args.seed)
        print(f"kill -9 during committed hidden rolls: {rolls.kills} kills in {time.perf_counter() - started:.1f} s")
        print(f"  rolls confirmed by the children:   {rolls.rolls_confirmed}")
        print(f"  committed dice verified:           {rolls.dice_checked}")
        print(f"  counters journaled as burned:      {rolls.burned}")
        print(f"  burned counters flagged missing:   {rolls.missing_flagged}")
        print(f"  failures:                          {len(rolls.failures)}")
        failures += rolls.failures

        folder = Path(tmp, "undo")
        folder.mkdir()
        started = time.perf_counter()
        undos = run_undo_kills(folder, args.undo_kills, seed=args.seed)
        print(f"kill -9 during changes, undos and redos: {undos.kills} kills in {time.perf_counter() - started:.1f} s")
        print(f"  commands confirmed by the children:  {undos.moves_confirmed}")
        print(f"  undos / redos journaled:             {undos.undos_journaled} / {undos.redos_journaled}")
        print(f"  killed after the event, before the state: {undos.event_without_its_state}")
        print(f"  failures (a state the journal does not tell): {len(undos.failures)}")
        failures += undos.failures

        folder = Path(tmp, "rm")
        folder.mkdir()
        started = time.perf_counter()
        removed = run_rm_race(folder, args.rm_trials)
        print(f"session rm while 6 writers change the session: {removed.trials} trials "
              f"in {time.perf_counter() - started:.1f} s")
        print(f"  saves the writers made before rm:  {removed.saves_before_rm}")
        print(f"  trials with nothing left after rm: {removed.removed}")
        print(f"  writers stopped by 'deleted':      {removed.writers_told} of {6 * removed.trials}")
        print(f"  failures:                          {len(removed.failures)}")
        failures += removed.failures
    for failure in failures:
        print("FAIL", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
