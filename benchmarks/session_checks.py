"""What the dungeon's own session checks add to validating a session, in one run.

    python benchmarks/session_checks.py [--repeat 7] [--number 200]

Every command that changes a session validates the whole document before it
writes it, and a hand edit is validated when it is loaded.  The dungeon adds
HP/status agreement (DG-DEATH-1) and the inventory (DG-INV-1) to that
validation.  This times ``ttcli.session.validate`` on the example session
``saves/crypt.toml`` (10 combatants, 6 with an inventory) with those checks
and, as the peer, with them switched off, best of ``--repeat``; the ratio is
with / without.  The two take turns, one repeat each.
"""

from __future__ import annotations

import argparse
import timeit
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=200)
    args = parser.parse_args()

    import ttcli.roster as roster
    from ttcli.session import validate

    doc = tomllib.loads((ROOT / "saves" / "crypt.toml").read_text(encoding="utf-8"))
    if validate(doc):
        raise SystemExit("saves/crypt.toml does not validate")

    checks = roster.system_problems

    def once() -> float:
        return timeit.timeit(lambda: validate(doc), number=args.number) / args.number * 1e3

    # taking turns, so a change in machine load hits both alike
    with_times, without_times = [], []
    try:
        for _ in range(args.repeat):
            roster.system_problems = checks
            with_times.append(once())
            roster.system_problems = lambda sheet, where, table: []
            without_times.append(once())
    finally:
        roster.system_problems = checks
    with_checks, without = min(with_times), min(without_times)
    print(f"{'validate saves/crypt.toml':28} {'ms':>8}")
    print(f"{'with the dungeon checks':28} {with_checks:8.3f}")
    print(f"{'without them (peer)':28} {without:8.3f}")
    print(f"{'ratio':28} {with_checks / without:8.2f}")


if __name__ == "__main__":
    main()
