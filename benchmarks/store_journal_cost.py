"""Does saving cost the same with 10,000 past events as with none?

Times one state-changing transaction that also logs a journal event, on a
session whose journal already holds ``--events`` events and on one whose
journal is empty, interleaving the two so disk noise hits both alike, and
prints the ratio of the medians (goal: within 1.1x).

    python benchmarks/store_journal_cost.py --events 10000 --rounds 200
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ttcli.store import SessionFile, read_journal  # noqa: E402
from ttcli.store.journal import JOURNAL_HEADER, render_event  # noqa: E402

T0 = dt.datetime(2024, 5, 1, 20, 0, tzinfo=dt.timezone(dt.timedelta(hours=3)))


def session_doc() -> dict:
    return {
        "format": 1,
        "round": 0,
        "combatants": {name: {"hp": 20, "ОД": 6} for name in ("Викинг", "Эльф", "Гоблин", "Тролль")},
    }


def roll_event(i: int) -> dict:
    return {"seq": i, "time": T0, "kind": "roll", "expr": "9d6>=5", "dice": [5, 4, 3, 2, 4, 5, 5, 5, 4], "result": 4}


def make_session(folder: Path, name: str, events: int) -> SessionFile:
    session = SessionFile(folder / f"{name}.toml")
    session.create(session_doc())
    if events:
        # written in one go in the journal's own format: appending them one
        # by one would only make the setup slow
        chunks = "".join(render_event(roll_event(i)) for i in range(1, events + 1))
        session.journal_path.write_text(JOURNAL_HEADER + chunks, "utf-8")
    return session


def one_save(session: SessionFile) -> float:
    started = time.perf_counter()
    with session.transaction() as doc:
        doc["round"] += 1
        doc["combatants"]["Викинг"]["hp"] -= 1
        doc.log({"kind": "roll", "expr": "1d20+3", "dice": [17], "result": 20})
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--goal", type=float, default=1.1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ttcli-journal-cost-") as tmp:
        folder = Path(tmp)
        empty = make_session(folder, "empty", 0)
        full = make_session(folder, "full", args.events)
        size = full.journal_path.stat().st_size
        for _ in range(10):  # warm up caches and both histories
            one_save(empty)
            one_save(full)
        times = {"empty": [], "full": []}
        for i in range(args.rounds):
            pair = [("empty", empty), ("full", full)]
            for name, session in pair if i % 2 else reversed(pair):
                times[name].append(one_save(session))
        assert len(read_journal(full.journal_path).events) == args.events + 10 + args.rounds
    empty_ms = 1000 * statistics.median(times["empty"])
    full_ms = 1000 * statistics.median(times["full"])
    ratio = full_ms / empty_ms
    print(f"save + journal append, median of {args.rounds} (interleaved):")
    print(f"  empty journal:               {empty_ms:.2f} ms")
    print(f"  journal of {args.events} events ({size / 1e6:.1f} MB): {full_ms:.2f} ms")
    print(f"  ratio: {ratio:.3f}x (goal: within {args.goal}x) -> {'ok' if ratio <= args.goal else 'OVER'}")
    return 0 if ratio <= args.goal else 1


if __name__ == "__main__":
    sys.exit(main())
