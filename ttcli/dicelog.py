"""Dice in the journal: how rolls are recorded, and how players re-check them.

Every die is recorded with its sides, face and origin; a die from a committed
sequence also carries its counter, so anyone with the revealed secret can
recompute it (``ttcli verify``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from .errors import CliError
from .exitcodes import ExitCode


def die_record(d) -> dict:
    """One die for the journal: sides, face, origin; its counter if committed, and
    whether it was dropped or what it was rolled for, where the die says so."""
    out = {"sides": d.sides, "face": d.face, "origin": d.origin}
    if d.counter is not None:
        out["counter"] = d.counter
    if not getattr(d, "kept", True):
        out["kept"] = False
    purpose = getattr(d, "purpose", "")
    if purpose:
        out["purpose"] = purpose
    return out


def roll_record(roll) -> dict:
    from rules.dice import to_text

    out: dict[str, Any] = {"expression": roll.text, "kind": roll.kind, "value": roll.value,
                           "text": to_text(roll), "dice": [die_record(d) for d in roll.dice]}
    if roll.label:
        out["label"] = roll.label
    if roll.passed is not None:
        out["passed"] = roll.passed
    return out


def counter_path(session_target: Path) -> Path:
    """Sidecar with the next committed counter.

    It lives outside the session file on purpose: ``undo`` restores the
    session byte for byte but must never rewind the dice, or undoing a roll
    and rolling again would reuse a committed value (and let a master re-roll
    in secret).  The journal keeps both rolls.
    """
    return session_target.with_name(f".{session_target.name}.dice")


def session_source(doc: Mapping[str, Any], seed: int | None, session_target: Path | None = None):
    """The dice source for a session's rolls: its committed sequence while one is active."""
    from rules.core.sources import CommittedSource, RandomSource

    commit = doc.get("commit")
    if commit is not None and not commit.get("revealed"):
        if seed is not None:
            raise CliError("this session's dice are committed; --seed would bypass the commitment",
                           ExitCode.RULES, "roll without --seed, or reveal first: ttcli session reveal")
        counter = commit["counter"]
        if session_target is not None:
            counter = max(counter, _sidecar_counter(session_target, commit["commitment"]))
        return CommittedSource(bytes.fromhex(commit["secret"]), counter)
    return RandomSource(seed)


def _sidecar_counter(session_target: Path, commitment: str) -> int:
    """The next counter recorded for this commitment (0 for a new one)."""
    try:
        recorded, value = counter_path(session_target).read_text().split()
        return int(value) if recorded == commitment else 0
    except (FileNotFoundError, ValueError):
        return 0


def store_counter(doc: dict, source, session_target: Path | None = None) -> None:
    """Record the next counter, so no committed value is ever used twice."""
    from rules.core.sources import CommittedSource

    inner = getattr(source, "fallback", source)
    if isinstance(inner, CommittedSource):
        if inner.counter == doc["commit"]["counter"]:
            return  # no committed die was drawn: nothing to record
        doc["commit"] = {**doc["commit"], "counter": inner.counter}
        if session_target is not None:
            # A plain write, no fsync: the session file (written durably in the
            # same transaction) holds the counter too, so a crash can only lose
            # the guard against an undo that comes right after it; a torn
            # sidecar reads as absent.
            line = f"{doc['commit']['commitment']} {inner.counter}\n"
            counter_path(session_target).write_text(line, encoding="ascii")


def event_dice(event: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """Every die recorded in an event, wherever the event kept it."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if "face" in item and "sides" in item:
                yield item
            else:
                stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


@dataclass(frozen=True)
class Mismatch:
    seq: Any
    counter: int
    sides: int
    recorded: int
    expected: int | None
    problem: str


@dataclass(frozen=True)
class Verification:
    checked: int
    mismatches: tuple[Mismatch, ...]
    commitment_ok: bool | None
    commitment: str | None
    kind = "verify"

    @property
    def ok(self) -> bool:
        return not self.mismatches and self.commitment_ok is not False

    def lines(self, s) -> list[str]:
        out = []
        if self.commitment_ok is True:
            out.append(f"the secret matches the commitment {self.commitment}")
        elif self.commitment_ok is False:
            out.append(s.strong(f"the secret does NOT match the commitment {self.commitment}"))
        for m in self.mismatches:
            where = f"event {m.seq}, counter {m.counter}, d{m.sides}"
            if m.expected is None:
                out.append(f"{where}: {m.problem}")
            else:
                out.append(f"{where}: recorded {m.recorded}, the secret gives {m.expected}")
        verdict = "all committed dice match" if self.ok else f"{len(self.mismatches)} problem(s) found"
        out.append(s.strong(f"{self.checked} committed dice checked: {verdict}"))
        return out

    def to_json(self) -> dict:
        return {"checked": self.checked, "ok": self.ok, "commitment": self.commitment,
                "commitment_ok": self.commitment_ok,
                "mismatches": [m.__dict__ for m in self.mismatches]}


def verify_events(events: list[Mapping[str, Any]], secret_hex: str,
                  commitment: str | None = None) -> Verification:
    from rules.core.sources import commitment as commit_of, committed_face

    try:
        secret = bytes.fromhex(secret_hex.strip())
    except ValueError:
        raise CliError("--secret must be the hexadecimal secret printed by 'session reveal'",
                       ExitCode.USAGE) from None
    if commitment is None:  # the journal records the hash that was published
        commitment = next((e.get("commitment") for e in events if e.get("kind") == "commit"), None)
    commitment_ok = None if commitment is None else commit_of(secret) == commitment.strip().lower()
    mismatches: list[Mismatch] = []
    seen: dict[int, Any] = {}
    checked = 0
    for event in events:
        seq = event.get("seq")
        for die in event_dice(event):
            if die.get("origin") != "committed":
                continue
            counter, sides, face = die.get("counter"), die.get("sides"), die.get("face")
            if not all(isinstance(v, int) for v in (counter, sides, face)) or sides < 1:
                mismatches.append(Mismatch(seq, counter if isinstance(counter, int) else -1,
                                           sides if isinstance(sides, int) else 0,
                                           face if isinstance(face, int) else 0, None,
                                           "the record is incomplete"))
                continue
            checked += 1
            if counter in seen:
                mismatches.append(Mismatch(seq, counter, sides, face, None,
                                           f"counter already used in event {seen[counter]}"))
            seen[counter] = seq
            expected = committed_face(secret, counter, sides)
            if expected != face:
                mismatches.append(Mismatch(seq, counter, sides, face, expected, "face differs"))
    if seen:
        missing = sorted(set(range(max(seen) + 1)) - set(seen))
        for counter in missing[:20]:
            mismatches.append(Mismatch(None, counter, 0, 0, None,
                                       "no die with this counter: a committed roll is missing"))
    return Verification(checked, tuple(mismatches), commitment_ok, commitment)
