"""The roster of a session: adding, changing and showing combatants.

Works on session documents (docs/session-format.md) with the system's sheet;
results are objects the renderer prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import CliError
from .exitcodes import ExitCode
from .session import SIDES, fold, match_name

MAX_COUNT = 100


def split_assignment(text: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise CliError(f"{text!r} is not stat=value", ExitCode.USAGE, "for example: тело=4 or body=4")
    return name.strip(), value.strip()


def _sheet(doc: Mapping[str, Any]):
    from rules.systems import get_sheet

    return get_sheet(doc["system"])


def resolve_target(sheet, name: str) -> tuple[str, str]:
    """("stats" | "resources", key) for a name typed in ``char set``.

    A resource's own key wins (``hp=5`` sets current HP); otherwise stats and
    derived values (``ОЗ=20`` overrides maximum HP), then resource names.
    """
    resources = {r.key for r in sheet.resources}
    if name in resources:
        return "resources", name
    try:
        return "stats", sheet.resolve(name)
    except ValueError as stat_error:
        try:
            return "resources", sheet.resolve_resource(name)
        except ValueError:
            raise stat_error from None


def parse_value(sheet, key: str, value: str):
    """A typed value for a stat; a value that does not fit is a usage error."""
    try:
        return sheet.parse_value(key, value)
    except ValueError as e:
        if type(e) is not ValueError:  # UnknownStat and friends keep their own codes
            raise
        raise CliError(str(e), ExitCode.USAGE) from None


def parse_stats(sheet, assignments: list[str]) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    for text in assignments:
        name, value = split_assignment(text)
        key = sheet.resolve(name)
        stats[key] = parse_value(sheet, key, value)
    return stats


def numbered(name: str, count: int, taken) -> list[str]:
    """"Гоблин 1".."Гоблин N", continuing after numbers already in the roster."""
    if count == 1:
        return [name]
    folded = {fold(n) for n in taken}
    start = 1
    while fold(f"{name} {start}") in folded:
        start += 1
    return [f"{name} {i}" for i in range(start, start + count)]


def add_combatants(doc: dict, name: str, side: str, assignments: list[str], *, count: int = 1,
                   hidden: bool = False, force: bool = False) -> list[str]:
    if side not in SIDES:
        raise CliError(f"side {side!r} is not party or enemy", ExitCode.USAGE)
    if not 1 <= count <= MAX_COUNT:
        raise CliError(f"--count must be between 1 and {MAX_COUNT}", ExitCode.USAGE)
    from .session import check_name

    name = check_name(name, "combatant name")
    sheet = _sheet(doc)
    stats = parse_stats(sheet, assignments)
    problems = sheet.validate(stats)
    if problems:
        raise CliError("; ".join(problems), ExitCode.RULES)
    if not force:
        problems = sheet.creation_problems(stats)
        if problems:
            raise CliError("; ".join(problems), ExitCode.RULES, "house rules: add --force")
    combatants = doc.setdefault("combatants", {})
    names = numbered(name, count, combatants)
    for n in names:
        if fold(n) in {fold(k) for k in combatants}:
            raise CliError(f"{n!r} is already in the roster", ExitCode.USAGE,
                           "pick another name, or use --count to number them")
    resources = sheet.initial_resources(stats)
    for n in names:
        combatants[n] = {
            "side": side,
            "hidden": hidden,
            "status": "ok",
            "stats": dict(stats),
            "resources": dict(resources),
        }
    return names


def set_values(doc: dict, query: str, assignments: list[str]) -> tuple[str, dict[str, Any]]:
    sheet = _sheet(doc)
    name = match_name(doc.get("combatants", {}), query)
    table = doc["combatants"][name]
    changed: dict[str, Any] = {}
    for text in assignments:
        raw, value = split_assignment(text)
        if raw in ("side", "hidden"):
            table[raw] = _parse_plain(raw, value)
            changed[raw] = table[raw]
            continue
        where, key = resolve_target(sheet, raw)
        if where == "stats":
            parsed = parse_value(sheet, key, value)
        else:
            parsed = _parse_int(raw, value)
        table.setdefault(where, {})[key] = parsed
        changed[key] = parsed
    problems = sheet.validate(table.get("stats", {}))
    if problems:
        raise CliError("; ".join(problems), ExitCode.RULES)
    return name, changed


def _parse_int(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise CliError(f"{name}: {value!r} is not a whole number", ExitCode.USAGE) from None


def _parse_plain(key: str, value: str):
    if key == "side":
        if value not in SIDES:
            raise CliError(f"side {value!r} is not party or enemy", ExitCode.USAGE)
        return value
    lowered = value.lower()
    if lowered in ("true", "yes", "1", "да"):
        return True
    if lowered in ("false", "no", "0", "нет"):
        return False
    raise CliError(f"hidden: {value!r} is not true or false", ExitCode.USAGE)


# ------------------------------------------------------------------ results

@dataclass(frozen=True)
class CombatantView:
    name: str
    system: str
    table: Mapping[str, Any]
    derived: Mapping[str, int]
    caps: Mapping[str, int]
    kind = "combatant"

    def lines(self, s) -> list[str]:
        from rules.systems import get_sheet

        sheet = get_sheet(self.system)
        t = self.table
        head = f"{self.name} ({t.get('side')}{', hidden' if t.get('hidden') else ''}, {t.get('status', 'ok')})"
        out = [s.strong(s.escape(head))]
        res = t.get("resources", {})
        if res:
            out.append("  " + ", ".join(
                f"{k} {v}/{self.caps[k]}" if k in self.caps else f"{k} {v}" for k, v in res.items()))
        stats = sheet.with_defaults(t.get("stats", {}))
        out.append("  " + ", ".join(f"{sheet.label(k)} {v}" for k, v in stats.items() if v is not None))
        if self.derived:
            out.append("  " + ", ".join(f"{sheet.label(k)} {v}" for k, v in self.derived.items()))
        for effect in t.get("effects", []):
            out.append(f"  effect: {effect.get('name')}")
        return out

    def to_json(self) -> dict:
        return {"name": self.name, **dict(self.table), "derived": dict(self.derived)}


def combatant_view(doc: Mapping[str, Any], name: str) -> CombatantView:
    sheet = _sheet(doc)
    table = doc["combatants"][name]
    stats = table.get("stats", {})
    try:
        derived, caps = sheet.derive(stats), sheet.resource_caps(stats)
    except ValueError:
        derived, caps = {}, {}
    return CombatantView(name, doc["system"], table, derived, caps)


@dataclass(frozen=True)
class RosterView:
    doc: Mapping[str, Any]
    kind = "roster"

    def rows(self) -> list[CombatantView]:
        return [combatant_view(self.doc, n) for n in self.doc.get("combatants", {})]

    def lines(self, s) -> list[str]:
        rows = self.rows()
        if not rows:
            return ["the roster is empty (add someone: ttcli char add NAME --side party stat=value ...)"]
        out = []
        for side in SIDES:
            members = [r for r in rows if r.table.get("side") == side]
            if not members:
                continue
            out.append(s.strong(side))
            for r in members:
                res = r.table.get("resources", {})
                hp = f"hp {res['hp']}/{r.caps.get('hp', '?')}" if "hp" in res else ""
                flags = [r.table.get("status", "ok")] + (["hidden"] if r.table.get("hidden") else [])
                out.append(f"  {s.escape(r.name)}  {hp}  ({', '.join(flags)})")
        return out

    def to_json(self) -> dict:
        return {"combatants": [r.to_json() for r in self.rows()]}


@dataclass(frozen=True)
class SessionView:
    doc: Mapping[str, Any]
    kind = "session"

    def lines(self, s) -> list[str]:
        d = self.doc
        out = [s.strong(s.escape(f"{d.get('name')} ({d.get('system')})"))]
        settings = d.get("settings", {})
        if settings:
            out.append("settings: " + ", ".join(f"{k} = {v}" for k, v in settings.items()))
        c = d.get("commit")
        if c:
            state = "revealed" if c.get("revealed") else f"active, {c.get('counter')} dice so far"
            out.append(f"commitment: {c.get('commitment')} ({state})")
        fight = d.get("fight")
        if fight:
            out.append(f"fight: round {fight.get('round')}")
        out.extend(RosterView(d).lines(s))
        return out

    def to_json(self) -> dict:
        d = dict(self.doc)
        if "commit" in d:  # the secret is shown only by `session reveal`
            d["commit"] = {k: v for k, v in d["commit"].items()
                           if k != "secret" or d["commit"].get("revealed")}
        return {"session": d}


def session_summary(doc: Mapping[str, Any]) -> SessionView:
    return SessionView(doc)
