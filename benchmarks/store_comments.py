"""What keeping the master's comments costs a save, and why not tomlkit.

For each example session (``saves/*.toml``), plain and annotated (a comment line above
every table header, one at the end of every ``hp`` line and of every inventory item,
which is far more than a master writes), times in this process, interleaved round by
round:

- a whole in-session command's transaction (lock, read, change one HP, write the file, its
  snapshot and the history's index), with the comments carried and with the carrying turned
  off (tomli-w's output alone, what ttcli wrote before), on one file each;
- carrying alone (``ttcli.store.comments.carry``: reading the comments of the old text and
  weaving them into tomli-w's new text);
- and, when it is installed (it is not a dependency: ``pip install tomlkit`` in a bench
  environment), tomlkit's parse + dumps of the same annotated file, the least a store
  keeping comments through tomlkit pays per save, besides its import.

Times are CPU time of this thread (``time.thread_time``), which a busy machine disturbs
far less than wall time; the table gives medians in ms.  Goal: the carrying adds at most
3 ms to a command on every example save (the script exits 1 otherwise).

With ``--processes N`` it also runs ``ttcli damage`` as whole processes (the ``ttcli``
next to this interpreter, or ``--ttcli PATH``), N times on a plain copy of ``crypt`` and
N times on an annotated one, taking turns, and gives the median CPU time of the child
(user + system): a one-shot command also pays the comment reader's import.

    python benchmarks/store_comments.py [--rounds 40] [--skip-fsync] [--processes 30]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ttcli.session import HEADER  # noqa: E402
from ttcli.store import SessionFile  # noqa: E402
from ttcli.store import files as store_files  # noqa: E402
from ttcli.store.comments import carry  # noqa: E402
from ttcli.store.toml import dump_document  # noqa: E402

GOAL_MS = 3.0


def annotate(text: str) -> tuple[str, int]:
    """``text`` with a comment above every table header and at the end of every ``hp`` line
    and inventory item; and how many comments that is."""
    out, count = [], 0
    for line in text.split("\n"):
        if line.startswith("["):
            out.append(f"# заметка мастера {count}: о таблице ниже")
            count += 1
        if line.startswith(("hp = ", "    { name = ")):
            line += f"  # заметка {count}"
            count += 1
        out.append(line)
    return "\n".join(out), count


def first_fighter(doc) -> str:
    return next(name for name, fighter in doc["combatants"].items() if "hp" in fighter.get("resources", {}))


def command(session: SessionFile, name: str, sign: int) -> float:
    """One in-session command: one HP up or down, as `damage` or `heal` would."""
    started = time.thread_time()
    with session.transaction() as doc:
        doc["combatants"][name]["resources"]["hp"] += sign
    return (time.thread_time() - started) * 1000


def carry_alone(old: bytes, new: bytes, header, old_doc, new_doc) -> float:
    started = time.thread_time()
    carry(old, new, header, old_doc, new_doc)
    return (time.thread_time() - started) * 1000


def tomlkit_times(text: str, rounds: int) -> tuple[float, float] | None:
    try:
        import tomlkit
    except ImportError:
        return None
    times = []
    for _ in range(rounds):
        started = time.thread_time()
        tomlkit.dumps(tomlkit.parse(text))
        times.append((time.thread_time() - started) * 1000)
    code = "import time; t = time.thread_time(); import tomlkit; print((time.thread_time() - t) * 1000)"
    imports = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                    check=True).stdout) for _ in range(5)]
    return statistics.median(times), statistics.median(imports)


def one_shot(ttcli: str, saves: Path, sign: int) -> float:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    verb = "damage" if sign < 0 else "heal"
    subprocess.run([ttcli, "--saves", str(saves), "--session", "crypt", verb, "Викинг", "1"],
                   check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def processes(ttcli: str, runs: int) -> None:
    plain = dump_document(tomllib.loads((ROOT / "saves" / "crypt.toml").read_text("utf-8")), HEADER)
    annotated, count = annotate(plain)
    with tempfile.TemporaryDirectory() as scratch:
        folders = {}
        for label, text in (("plain", plain), ("annotated", annotated)):
            folders[label] = Path(scratch) / label
            folders[label].mkdir()
            (folders[label] / "crypt.toml").write_text(text, "utf-8")
        times: dict[str, list[float]] = {"plain": [], "annotated": []}
        for run in range(runs + 1):
            for label in ("plain", "annotated") if run % 2 else ("annotated", "plain"):
                spent = one_shot(ttcli, folders[label], -1 if run % 2 else 1)
                if run:
                    times[label].append(spent)
    plain_ms, annotated_ms = statistics.median(times["plain"]), statistics.median(times["annotated"])
    print(f"\n`ttcli damage` / `heal` as processes on crypt, CPU ms (median of {runs}): without comments "
          f"{plain_ms:.1f}, with {count} comments {annotated_ms:.1f} ({annotated_ms - plain_ms:+.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--skip-fsync", action="store_true", help="time without fsync (the CPU side alone)")
    parser.add_argument("--processes", type=int, default=0, help="also time N one-shot commands of each kind")
    parser.add_argument("--ttcli", default=str(Path(sys.executable).with_name("ttcli")))
    args = parser.parse_args()
    if args.processes:
        processes(args.ttcli, args.processes)
    if args.skip_fsync:
        os.fsync = lambda fd: None  # type: ignore[assignment]
        store_files.fsync_dir = lambda folder: None  # type: ignore[assignment]
    keep = SessionFile._carry

    def tomli_w_only(self, old, new, old_doc=None, new_doc=None):
        return new

    rows = []
    worst = 0.0
    with tempfile.TemporaryDirectory() as scratch:
        for source in sorted((ROOT / "saves").glob("*.toml")):
            plain = dump_document(tomllib.loads(source.read_text("utf-8")), HEADER)
            annotated, count = annotate(plain)
            results = {}
            for label, text in (("plain", plain), ("annotated", annotated)):
                paths = {}
                for variant in ("kept", "dropped"):
                    folder = Path(scratch) / f"{source.stem}-{label}-{variant}"
                    folder.mkdir()
                    paths[variant] = folder / source.name
                    paths[variant].write_text(text, "utf-8")
                sessions = {variant: SessionFile(path, header=HEADER) for variant, path in paths.items()}
                name = first_fighter(tomllib.loads(text))
                times: dict[str, list[float]] = {"kept": [], "dropped": []}
                for round_ in range(args.rounds + 1):
                    for variant in ("kept", "dropped") if round_ % 2 else ("dropped", "kept"):
                        SessionFile._carry = keep if variant == "kept" else tomli_w_only  # type: ignore[method-assign]
                        spent = command(sessions[variant], name, -1 if round_ % 2 else 1)
                        if round_:  # the first round loads the modules
                            times[variant].append(spent)
                SessionFile._carry = keep  # type: ignore[method-assign]
                doc = tomllib.loads(text)
                changed = tomllib.loads(text)
                changed["combatants"][name]["resources"]["hp"] -= 1
                new = dump_document(changed, HEADER).encode("utf-8")
                header = sessions["kept"].header_lines
                alone = statistics.median(carry_alone(text.encode("utf-8"), new, header, doc, changed)
                                          for _ in range(args.rounds))
                kept, dropped = statistics.median(times["kept"]), statistics.median(times["dropped"])
                results[label] = (kept, dropped, alone)
                worst = max(worst, kept - dropped)
                shutil.rmtree(paths["kept"].parent)
                shutil.rmtree(paths["dropped"].parent)
            peer = tomlkit_times(annotated, args.rounds)
            rows.append((source.name, len(plain.split("\n")), count, results, peer))

    print(f"CPU ms, median of {args.rounds} commands each; {'no fsync' if args.skip_fsync else 'with fsync'}\n")
    print("| save | lines | comments | plain: kept | dropped | annotated: kept | dropped | added | carry alone "
          "| tomlkit parse+dumps |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, lines, count, results, peer in rows:
        (pk, pd, _pa), (ak, ad, aa) = results["plain"], results["annotated"]
        tomlkit = f"{peer[0]:.2f} (+ import {peer[1]:.0f})" if peer else "not installed"
        print(f"| {name} | {lines} | {count} | {pk:.2f} | {pd:.2f} | {ak:.2f} | {ad:.2f} | {ak - ad:+.2f} | "
              f"{aa:.2f} | {tomlkit} |")
    print(f"\nlargest cost of carrying the comments: {worst:+.2f} ms a command (goal: at most {GOAL_MS} ms)")
    return 0 if worst <= GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
