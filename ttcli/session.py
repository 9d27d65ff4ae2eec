"""Sessions: where their files live, what a valid session holds, which one is current.

The store (ttcli/store.py) keeps bytes safe; this module knows the layout of a
session document (docs/session-format.md) and checks it with the system's
sheet, so a hand-broken file is reported by field before anything is written.
"""

from __future__ import annotations

import re
import unicodedata

from rules.core.names import name_key, pick

TYPE_CHECKING = False  # typing itself costs start-up time on the roll path
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Mapping

from .errors import CliError
from .exitcodes import ExitCode

# names compare the way the rules compare them: case, ё/е and spaces do not matter
fold = name_key

SUFFIX = ".toml"
JOURNAL_SUFFIX = ".journal.toml"
CURRENT = ".current"
SIDES = ("party", "enemy")
HEADER = (
    "ttcli session. You may edit this file by hand between commands: ttcli checks\n"
    "it on every load, reports a mistake with its line or field, and never\n"
    "overwrites a broken file. `ttcli undo` can return to your edit.\n"
    "Comments other than this header are not kept when ttcli saves."
)
_BAD_NAME = re.compile(r"[/\\\x00-\x1f]")


def check_name(name: str, what: str = "session name") -> str:
    name = unicodedata.normalize("NFC", name.strip())
    if not name or name.startswith(".") or _BAD_NAME.search(name) or len(name) > 80 \
            or name.endswith(".journal") or name.endswith(SUFFIX):
        raise CliError(f"{what} {name!r} cannot be used",
                       ExitCode.USAGE, "use letters, digits, spaces, - or _ (no / and no leading dot)")
    return name


def session_path(saves: Path, name: str) -> Path:
    return saves / (check_name(name) + SUFFIX)


def list_sessions(saves: Path) -> list[str]:
    if not saves.is_dir():
        return []
    return sorted(p.name[: -len(SUFFIX)] for p in saves.glob("*" + SUFFIX)
                  if not p.name.endswith(JOURNAL_SUFFIX) and not p.name.startswith("."))


def current_name(env) -> str | None:
    if env.session:
        return env.session
    try:
        with open(env.current_pointer(), encoding="utf-8") as f:
            name = f.read().strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return name or None


def set_current(env, name: str | None) -> None:
    from .store import atomic_write

    pointer = env.saves_dir / CURRENT
    if name is None:
        pointer.unlink(missing_ok=True)
    else:
        atomic_write(pointer, (name + "\n").encode("utf-8"))


def require_current(env) -> str:
    name = current_name(env)
    if name is None:
        raise CliError("no session chosen", ExitCode.NOT_FOUND,
                       "pass --session NAME, or choose one with: ttcli session use NAME")
    return name


def open_session(env, name: str | None = None):
    """The SessionFile of ``name`` (default: the current session); it must exist."""
    from .store import SessionFile

    name = name or require_current(env)
    path = session_path(env.saves_dir, name)
    if not path.exists():
        known = list_sessions(env.saves_dir)
        hint = f"known sessions: {', '.join(known)}" if known else \
            "create one with: ttcli session new NAME --system dungeon"
        raise CliError(f"no session {name!r} in {env.saves_dir}", ExitCode.NOT_FOUND, hint)
    return SessionFile(path, validate, header=HEADER)


def now() -> str:
    import datetime as _dt

    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def new_document(name: str, system: str) -> dict:
    from rules.systems import get_sheet

    sheet = get_sheet(system)
    return {
        "format": 1,
        "name": name,
        "system": system,
        "created": now(),
        "settings": sheet.default_settings(),
        "combatants": {},
    }


# ---------------------------------------------------------------- validation

def quote(key: str) -> str:
    """A key as TOML spells it in a dotted path."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else '"' + key.replace('"', '\\"') + '"'


def validate(doc: Mapping[str, Any]) -> list:
    """Every problem of a session document, as StoreErrors naming the field."""
    from rules.systems import get_sheet, known

    from .store import StoreError

    problems: list[StoreError] = []

    def bad(field: str, problem: str, hint: str | None = None) -> None:
        problems.append(StoreError(None, problem, field=field, hint=hint))

    for key, kind in (("name", str), ("system", str)):
        if not isinstance(doc.get(key), kind):
            bad(key, f"missing or not a {kind.__name__}")
    system = doc.get("system")
    if system not in known():
        if isinstance(system, str):
            bad("system", f"unknown system {system!r}", f"one of: {', '.join(known())}")
        return problems
    sheet = get_sheet(system)
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        bad("settings", "must be a table")
    else:
        for message in sheet.validate_settings(settings):
            bad("settings", message)
    commit = doc.get("commit")
    if commit is not None:
        _validate_commit(commit, bad)
    combatants = doc.get("combatants", {})
    if not isinstance(combatants, dict):
        bad("combatants", "must be a table of combatants by name")
        return problems
    seen: dict[str, str] = {}
    # quote() below names keys the way format_field does
    for name, table in combatants.items():
        where = f"combatants.{quote(name)}"
        folded = fold(name)
        if folded in seen:
            bad(where, f"the name {name!r} is already used by {seen[folded]!r} (names ignore case)",
                "rename one of them")
        seen[folded] = name
        if not isinstance(table, dict):
            bad(where, "must be a table")
            continue
        _validate_combatant(sheet, where, table, bad)
    if not problems:
        _validate_encounter(doc, bad)
    return problems


def _validate_encounter(doc: Mapping[str, Any], bad) -> None:
    """Effects and the fight, as the combat rules read them (a hand edit may break them)."""
    from rules.fight import encounter_from_doc
    from rules.core.errors import DocumentError

    from .store import format_field

    try:
        encounter_from_doc(doc, _data_rules(doc))
    except DocumentError as e:
        bad(format_field(e.path), e.problem)
    except ValueError as e:  # an impossible state, e.g. the turn index outside the order
        bad("fight" if "fight" in doc else "combatants", str(e))


def _data_rules(doc: Mapping[str, Any]):
    """The system's rules when the file holds system-owned ``data`` tables to check;
    None otherwise, so plain reads never import a system's fight rules."""
    fight = doc.get("fight")
    tables = [*(c for c in doc.get("combatants", {}).values() if isinstance(c, dict)),
              *([fight, fight.get("turn")] if isinstance(fight, dict) else [])]
    if not any(isinstance(table, dict) and "data" in table for table in tables):
        return None
    from rules.systems import system_rules

    try:
        return system_rules(str(doc.get("system")))
    except ValueError:
        return None  # an unknown system is reported on its own


def _validate_commit(commit: Any, bad) -> None:
    if not isinstance(commit, dict):
        bad("commit", "must be a table")
        return
    for key, kind in (("commitment", str), ("secret", str), ("counter", int), ("revealed", bool)):
        value = commit.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            bad(f"commit.{key}", f"missing or not a {kind.__name__}")
    counter = commit.get("counter")
    if isinstance(counter, int) and counter < 0:
        bad("commit.counter", "cannot be negative")
    secret = commit.get("secret")
    if isinstance(secret, str) and not re.fullmatch(r"[0-9a-f]{64}", secret):
        bad("commit.secret", "must be 64 hexadecimal digits")


def _validate_combatant(sheet, where: str, table: Mapping[str, Any], bad) -> None:
    side = table.get("side")
    if side not in SIDES:
        bad(f"{where}.side", f"is {side!r}; must be party or enemy")
    if not isinstance(table.get("hidden", False), bool):
        bad(f"{where}.hidden", "must be true or false")
    if not isinstance(table.get("status", "ok"), str):
        bad(f"{where}.status", "must be a string such as \"ok\"")
    stats = table.get("stats", {})
    if not isinstance(stats, dict):
        bad(f"{where}.stats", "must be a table")
        return
    for message in sheet.validate(stats):
        key = message.split(":", 1)[0].strip().split()[0] if ":" in message else ""
        field = f"{where}.stats.{key}" if key in stats else f"{where}.stats"
        bad(field, message)
    resources = table.get("resources", {})
    if not isinstance(resources, dict):
        bad(f"{where}.resources", "must be a table")
        return
    known = {r.key for r in sheet.resources}
    for key, value in resources.items():
        if key not in known:
            bad(f"{where}.resources.{quote(key)}", f"unknown resource for {sheet.system}",
                f"known: {', '.join(sorted(known))}")
        elif not isinstance(value, int) or isinstance(value, bool):
            bad(f"{where}.resources.{key}", f"must be a whole number, not {value!r}")
    from .roster import system_problems

    for field, message in system_problems(sheet, where, table):
        bad(field, message)
    try:
        derived = sheet.derive(stats)
    except ValueError:
        return  # already reported by sheet.validate
    for cap_key in ("hp_max",):
        if cap_key in derived and derived[cap_key] < 0:
            bad(f"{where}.stats.{cap_key}" if cap_key in stats else f"{where}.stats",
                f"maximum HP is {derived[cap_key]}; it cannot be negative")


def match_name(names, query: str, what: str = "combatant") -> str:
    """The one name ``query`` means (exact, else a unique prefix); NotFound otherwise."""
    names = list(names)
    if not names:
        raise CliError(f"no {what} {query!r}", ExitCode.NOT_FOUND,
                       "the roster is empty: ttcli char add NAME ...")
    return pick(what, query, names)
