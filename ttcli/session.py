"""Sessions: where their files live, what a valid session holds, which one is current.

The store (ttcli/store/) keeps bytes safe; this module knows the layout of a
session document (docs/session-format.md) and checks it with the system's
sheet, so a hand-broken file is reported by field before anything is written.
"""

from __future__ import annotations

import os
import stat
import unicodedata

from rules.core import name_key, pick
from rules.i18n import _, install_field_words, install_forms, ngettext

from .errors import CliError
from .exitcodes import ExitCode
from .i18n import LANGUAGES, current_choice, normalize, note_session_language, note_session_system

TYPE_CHECKING = False  # typing itself costs start-up time on the roll path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

# names compare the way the rules compare them: case, ё/е and spaces do not matter
fold = name_key

SUFFIX = ".toml"
JOURNAL_SUFFIX = ".journal.toml"
CURRENT = ".current"
SIDES = ("party", "enemy")
#: what a master may type for a side (``--side враг``), in either language
SIDE_WORDS = {"party": "party", "отряд": "party", "партия": "party", "герои": "party", "игроки": "party",
              "enemy": "enemy", "враг": "enemy", "враги": "enemy", "противник": "enemy", "противники": "enemy"}


def side_of(text: str) -> str | None:
    """The side a typed word names (any case, ё as е), or None."""
    return SIDE_WORDS.get(fold(text))
HEADER = (
    "ttcli session. You may edit this file by hand between commands: ttcli checks\n"
    "it on every load, reports a mistake with its line or field, and never\n"
    "overwrites a broken file. `ttcli undo` can return to your edit.\n"
    "Your comments are kept when ttcli saves, by the key or table they stand by."
)
#: longest session name in UTF-8 bytes: with ``.toml.dice`` and a temp file's
#: ``..tmp`` it must still fit a 255-byte file name (the room left is kept: a
#: limit masters met must not shrink)
MAX_NAME_BYTES = 200


def check_name(name: str, combatant: bool = False) -> str:
    """``name`` fit for a file name (a session's, or a combatant's: ``combatant``), or a usage error."""
    name = unicodedata.normalize("NFC", name.strip())
    # isprintable() is False for control characters, terminal escapes and
    # bidi overrides alike: none of them belongs in a file name shown to people
    if not name or name.startswith(".") or "/" in name or "\\" in name or not name.isprintable() \
            or len(name) > 80 or name.endswith((".journal", SUFFIX)):
        problem = (_("combatant name {name!r} cannot be used") if combatant
                   else _("session name {name!r} cannot be used"))
        raise CliError(problem.format(name=name), ExitCode.USAGE,
                       _("use letters, digits, spaces, - or _ (no / and no leading dot)"))
    size = len(name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        problem = (ngettext("the combatant name is too long for a file name ({size} byte in UTF-8)",
                            "the combatant name is too long for a file name ({size} bytes in UTF-8)", size)
                   if combatant else
                   ngettext("the session name is too long for a file name ({size} byte in UTF-8)",
                            "the session name is too long for a file name ({size} bytes in UTF-8)", size))
        raise CliError(problem.format(size=size), ExitCode.USAGE,
                       _("use at most {most} bytes: about {letters} Cyrillic letters").format(
                           most=MAX_NAME_BYTES, letters=MAX_NAME_BYTES // 2))
    return name


def saves_folder(env, create: bool = False):
    """The saves folder, checked: a file or an unusable path there is a usage error."""

    saves = env.saves_dir
    try:
        try:  # before any mkdir: a file there is said as what it is, not as mkdir's "File exists"
            is_file = not stat.S_ISDIR(os.stat(saves).st_mode)
        except FileNotFoundError:
            is_file = False
        if is_file:
            raise CliError(_("the saves folder {folder} is a file, not a folder").format(folder=saves),
                           ExitCode.USAGE, _("point --saves (or TTCLI_SAVES) at a folder"))
        if create:  # 0700 whatever the umask, as the history folder: sessions hold secrets
            saves.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        raise CliError(_("cannot use the saves folder {folder}: {problem}").format(
            folder=saves, problem=e.strerror or e), ExitCode.USAGE,
            _("point --saves (or TTCLI_SAVES) at a folder you can write to")) from None
    return saves


def session_path(saves: Path, name: str) -> Path:
    return saves / (check_name(name) + SUFFIX)


def list_sessions(saves: Path) -> list[str]:
    """Session names in the folder: regular files only (a FIFO or a link is skipped, never opened)."""

    try:
        entries = list(os.scandir(saves))
    except OSError:
        return []
    names = []
    for entry in entries:
        name = entry.name[: -len(SUFFIX)]
        if not entry.name.endswith(SUFFIX) or entry.name.endswith(JOURNAL_SUFFIX) or name.startswith(".") \
                or not name.isprintable():
            continue
        try:
            if stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
                names.append(name)
        except OSError:
            continue
    return sorted(names)


def current_name(env) -> str | None:
    if env.session:
        return env.session

    pointer = env.current_pointer()
    try:
        # never through a link, never a FIFO (it would wait for a writer)
        fd = os.open(pointer, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        raise CliError(_("{file}: cannot read the current session: {problem}").format(
            file=pointer, problem=e.strerror or e), ExitCode.BAD_DATA,
            _("remove it (it is not a file ttcli wrote) and choose again: ttcli session use NAME")) from None
    try:
        data = os.read(fd, 4096) if _is_regular(fd) else None
    finally:
        os.close(fd)
    try:
        name = data.decode("utf-8").strip() if data is not None else None
    except UnicodeDecodeError:
        name = None
    if name is None or (name and not name.isprintable()):
        raise CliError(_("{file} is not a UTF-8 text file naming the current session").format(file=pointer),
                       ExitCode.BAD_DATA, _("remove it and choose again: ttcli session use NAME"))
    return name or None


def _is_regular(fd: int) -> bool:
    return stat.S_ISREG(os.fstat(fd).st_mode)


def set_current(env, name: str | None) -> None:
    from .store import atomic_write

    pointer = env.saves_dir / CURRENT
    if name is None:
        pointer.unlink(missing_ok=True)  # unlink removes a link itself, never its target
    else:
        # no lock: of two `session use` at one instant, one may be refused ("cannot write"), never mixed
        atomic_write(pointer, (name + "\n").encode("utf-8"))


def require_current(env) -> str:
    name = current_name(env)
    if name is None:
        raise CliError(_("no session chosen"), ExitCode.NOT_FOUND,
                       _("pass --session NAME, or choose one with: ttcli session use NAME"))
    return name


def existing_session(env, name: str | None = None) -> Path:
    """The path of session ``name`` (default: the current session); it must exist."""

    name = name or require_current(env)
    path = session_path(saves_folder(env), name)
    if not os.path.lexists(path):
        known = list_sessions(env.saves_dir)
        hint = _("known sessions: {names}").format(names=", ".join(known)) if known else \
            _("create one with: ttcli session new NAME --system dungeon")
        raise CliError(_("no session {name!r} in {folder}").format(name=name, folder=env.saves_dir),
                       ExitCode.NOT_FOUND, hint)
    return path


def session_file(env, name: str | None = None) -> str:
    """:func:`existing_session` as a string, without loading pathlib when the file is there.

    The journaled roll needs nothing else of pathlib, whose import (with urllib) costs a
    tenth of the roll.  Only a saves path that pathlib would print unchanged is joined
    here, so errors name the same path; anything else, and every error, goes through
    :func:`existing_session`.
    """

    saves = os.fspath(env.saves) if env.saves is not None else (env.environ.get("TTCLI_SAVES") or "saves")
    name = name or require_current(env)
    if saves != "." and os.path.normpath(saves) == saves:
        path = os.path.join(saves, check_name(name) + SUFFIX)
        if os.path.lexists(path):
            return path
    return os.fspath(existing_session(env, name))


def peek_system(env) -> str | None:
    """The current session's system, read from the file's top-level keys (they come before
    any table in TOML), without parsing the file; None when they do not say or no session
    is there.  A one-shot command uses it to load one system's rules, not four."""
    import re

    from rules.systems import known

    try:
        path = existing_session(env, env.session)
        with open(path, "rb") as fp:
            head = fp.read(4096).decode("utf-8", "replace")
    except (CliError, OSError):
        return None
    for line in head.splitlines():
        if line.startswith("["):
            return None
        found = re.fullmatch(r'system\s*=\s*"([A-Za-z0-9_-]+)"\s*(#.*)?', line.strip())
        if found:
            return found.group(1) if found.group(1) in known() else None
    return None


def open_session(env, name: str | None = None):
    """The SessionFile of ``name`` (default: the current session); it must exist."""
    from .store import SessionFile

    return SessionFile(existing_session(env, name), validate, header=HEADER, loaded=loaded)


def note_language_of(data: bytes) -> None:
    """:func:`note_language` for the bytes of a file ttcli wrote itself, without parsing it (the
    journaled roll's quick path): its ``[settings]`` table holds ``language = "..."``."""
    import re

    from .store.toml import system_of

    table = re.search(rb"^\[settings\]\n((?:[^\[\n].*\n|\n)*)", data, re.M)
    language = re.search(rb'^language = "([^"\n]*)"$', table.group(1), re.M) if table else None
    note_language({"system": system_of(data),
                   "settings": {"language": language.group(1).decode("utf-8", "replace")} if language else {}})


def note_language_of_current(env) -> None:
    """:func:`note_language_of` for the current session's file, if there is one: an error found
    before any session was read (a usage error, a bad expression) still speaks its language."""

    if current_choice().fixed() or current_choice().session is not None:
        return
    try:
        with open(existing_session(env, env.session), "rb") as fp:
            note_language_of(fp.read(1 << 16))
    except Exception:  # noqa: BLE001 - it runs while an error is reported: that error matters more
        return


def loaded(doc: dict[str, Any]) -> None:
    """Every document read: combatants an older release wrote are brought up to date in place
    (so every reader, and the next write, sees today's shape), then its language applies."""
    upgrade_combatants(doc)
    note_language(doc)
    note_forms(doc)
    note_field_words(doc)


def note_field_words(doc: Mapping[str, Any]) -> None:
    """The session's sheet gives the words a stored key reads in (an effect's ``speed -1``)."""
    system = doc.get("system")
    if isinstance(system, str):
        install_field_words(lambda: _sheet_words(system))
    else:
        install_field_words(None)


def _sheet_words(system: str) -> Mapping[str, str]:
    from .statuswords import sheet_words  # loaded only when a text needs a key's word

    return sheet_words(system)


def note_forms(doc: Mapping[str, Any]) -> None:
    """The stored forms of the session's names are the ones texts decline them by (rules.i18n)."""
    combatants = doc.get("combatants")
    table = {}
    if isinstance(combatants, dict):
        for name, combatant in combatants.items():
            forms = combatant.get("forms") if isinstance(combatant, dict) else None
            if isinstance(forms, dict):
                table[name] = {k: v for k, v in forms.items() if isinstance(v, str)}
    install_forms(table)


def upgrade_combatants(doc: dict[str, Any]) -> None:
    """The system's ``upgrade_combatant`` over every combatant table of ``doc``, in place."""
    combatants = doc.get("combatants")
    data = _system_data(doc)
    if data is None or not isinstance(combatants, dict):
        return
    for name, table in list(combatants.items()):
        if isinstance(table, dict):
            upgraded = data.upgrade_combatant(table)
            if upgraded is not table:
                combatants[name] = dict(upgraded)


def note_language(doc: Mapping[str, Any]) -> None:
    """The loaded session's ``language`` applies from now on (unless --lang or TTCLI_LANG chose),
    in its system's words."""

    note_session_system(doc.get("system"))
    settings = doc.get("settings")
    language = settings.get("language") if isinstance(settings, dict) else None
    if isinstance(language, str) and normalize(language) is not None:
        note_session_language(language)


def now() -> str:
    import datetime as _dt

    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


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
    """A key as TOML spells it in a dotted path (control characters escaped)."""
    from .store import format_field

    return format_field((key,))


def validate(doc: Mapping[str, Any]) -> list:
    """Every problem of a session document, as StoreErrors naming the field."""
    from rules.systems import get_sheet, known

    from .store import StoreError

    problems: list[StoreError] = []

    def bad(field: str, problem: str, hint: str | None = None) -> None:
        problems.append(StoreError(None, problem, field=field, hint=hint))

    for key in ("name", "system"):
        if not isinstance(doc.get(key), str):
            bad(key, _("missing or not a text"))
    system = doc.get("system")
    if system not in known():
        if isinstance(system, str):
            bad("system", _("unknown system {system!r}").format(system=system),
                _("one of: {systems}").format(systems=", ".join(known())))
        return problems
    sheet = get_sheet(system)
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        bad("settings", _("must be a table"))
    else:
        settings = dict(settings)
        language = settings.pop("language", None)
        if language is not None and (not isinstance(language, str) or normalize(language) is None):
            bad("settings.language", _("is {value!r}, not a language ttcli speaks").format(value=language),
                _("one of: {languages}").format(languages=", ".join(LANGUAGES)))
        dialect = settings.pop("bbcode_dialect", None)
        if dialect is not None:
            from .posts import DIALECTS

            if dialect not in DIALECTS:
                bad("settings.bbcode_dialect", _("is {value!r}, not a BBCode dialect ttcli writes").format(
                    value=dialect), _("one of: {dialects}").format(dialects=", ".join(DIALECTS)))
        for message in sheet.validate_settings(settings):
            bad("settings", message)
    if isinstance(doc.get("name"), str) and not doc["name"].isprintable():
        bad("name", _("holds control or bidi characters"), _("type the name again in a plain editor"))
    commit = doc.get("commit")
    if commit is not None:
        _validate_commit(commit, bad)
    combatants = doc.get("combatants", {})
    if not isinstance(combatants, dict):
        bad("combatants", _("must be a table of combatants by name"))
        return problems
    seen: dict[str, str] = {}
    # quote() below names keys the way format_field does
    for name, table in combatants.items():
        where = f"combatants.{quote(name)}"
        if not name.isprintable():
            # a terminal escape or a bidi override would be printed raw by every listing
            bad(where, _("the name holds control or bidi characters"), _("type the name again in a plain editor"))
            continue
        folded = fold(name)
        if folded in seen:
            bad(where, _("the name {name!r} is already used by {other!r} (names ignore case)").format(
                name=name, other=seen[folded]), _("rename one of them"))
        seen[folded] = name
        if not isinstance(table, dict):
            bad(where, _("must be a table"))
            continue
        data = _system_data(doc)
        _validate_combatant(sheet, where, dict(data.upgrade_combatant(table)) if data is not None else table, bad)
    for field in _unprintable_fields(doc, problems):
        bad(field, _("holds control or bidi characters"), _("type the text again in a plain editor"))
    if not problems:
        _validate_encounter(doc, bad)
    return problems


def _unprintable_fields(doc: Mapping[str, Any], problems: list) -> list[str]:
    """Fields of ``doc`` (keys anywhere, texts of effects, items, notes ...) holding a control or
    bidi character, which a listing would print raw: a line break or a tab in a text is let be.
    Walked without recursion (the depth was checked on load); fields already reported are skipped."""
    from .store import format_field

    reported = {p.field for p in problems}
    found: list[str] = []
    stack: list = [(doc, ())]
    while stack and len(found) < 5:
        value, at = stack.pop()
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            where = at + (key,)
            if (isinstance(key, str) and not key.isprintable()) or \
                    (isinstance(item, str) and not item.isprintable() and not item.replace("\n", "").replace(
                        "\t", "").isprintable()):
                field = format_field(where)
                if field not in reported and not any(field.startswith(r + ".") for r in reported if r):
                    found.append(field)
            elif isinstance(item, (dict, list)):
                stack.append((item, where))
    return found


def _validate_encounter(doc: Mapping[str, Any], bad) -> None:
    """Effects and the fight, as the combat rules read them (a hand edit may break them)."""
    from rules.core import DocumentError, encounter_from_doc

    from .store import format_field

    try:
        encounter_from_doc(doc, _system_data(doc))
    except DocumentError as e:
        bad(format_field(e.path), e.problem)
    except ValueError as e:  # an impossible state, e.g. the turn index outside the order
        bad("fight" if "fight" in doc else "combatants", str(e))


def _system_data(doc: Mapping[str, Any]):
    """The file's system's data readers (never its fight rules), which check the tables the
    system keeps and bring an older file's up to date; None for a system this ttcli does not
    know (reported on its own)."""
    from rules.systems import system_data

    try:
        return system_data(str(doc.get("system")))
    except ValueError:
        return None


def _validate_commit(commit: Any, bad) -> None:
    if not isinstance(commit, dict):
        bad("commit", _("must be a table"))
        return
    kinds = ((str, _("missing or not a text")), (int, _("missing or not a whole number")),
             (bool, _("missing or not true or false")))
    for key, kind in (("commitment", str), ("secret", str), ("counter", int), ("revealed", bool)):
        value = commit.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            bad(f"commit.{key}", dict(kinds)[kind])
    counter = commit.get("counter")
    if isinstance(counter, int) and counter < 0:
        bad("commit.counter", _("cannot be negative"))
    secret = commit.get("secret")
    if isinstance(secret, str) and not (len(secret) == 64 and not secret.strip("0123456789abcdef")):
        bad("commit.secret", _("must be 64 hexadecimal digits"))
    elif isinstance(secret, str) and isinstance(commit.get("commitment"), str):
        import hashlib

        # a secret swapped in by hand would let its author predict every later roll
        if hashlib.sha256(bytes.fromhex(secret)).hexdigest() != commit["commitment"]:
            bad("commit.secret", _("does not match the commitment (its SHA-256 differs)"),
                _("restore the file with `ttcli undo`; the secret cannot be changed by hand"))


def refuse_unloadable(doc: Mapping[str, Any], name: str) -> None:
    """Refuse (exit 5) a change that leaves combatant ``name`` as the loader would refuse it (HP
    above its maximum, a resource below its floor ...): the loader's own check, so that a command
    never writes a file the next command cannot read."""
    from rules.systems import get_sheet

    where = f"combatants.{quote(name)}"
    problems: list[tuple[str, str, str | None]] = []
    _validate_combatant(get_sheet(doc["system"]), where, doc["combatants"][name],
                        lambda field, problem, hint=None: problems.append((field, problem, hint)))
    if problems:
        field, problem, hint = problems[0]
        raise CliError(_("{name}: {field}: {problem}").format(
            name=name, field=field[len(where) + 1:] or name, problem=problem), ExitCode.RULES, hint or "")


def _validate_combatant(sheet, where: str, table: Mapping[str, Any], bad) -> None:
    side = table.get("side")
    if side not in SIDES:
        bad(f"{where}.side", _("is {value!r}; must be party or enemy").format(value=side))
    if not isinstance(table.get("hidden", False), bool):
        bad(f"{where}.hidden", _("must be true or false"))
    if not isinstance(table.get("status", "ok"), str):
        bad(f"{where}.status", _("must be a text such as \"ok\""))
    stats = table.get("stats", {})
    if not isinstance(stats, dict):
        bad(f"{where}.stats", _("must be a table"))
        return
    for message in sheet.validate(stats):
        key = message.split(":", 1)[0].strip().split()[0] if ":" in message else ""
        field = f"{where}.stats.{key}" if key in stats else f"{where}.stats"
        bad(field, message)
    resources = table.get("resources", {})
    if not isinstance(resources, dict):
        bad(f"{where}.resources", _("must be a table"))
        return
    known = {r.key for r in sheet.resources}
    for key, value in resources.items():
        if key not in known:
            bad(f"{where}.resources.{quote(key)}", _("unknown resource for {system}").format(system=sheet.system),
                _("known: {names}").format(names=", ".join(sorted(known))))
        elif not isinstance(value, int) or isinstance(value, bool):
            bad(f"{where}.resources.{key}", _("must be a whole number, not {value!r}").format(value=value))
    for field, message in system_problems(sheet, where, table):
        bad(field, message)
    try:
        derived = sheet.derive(stats)
        caps = sheet.resource_caps(stats)
    except ValueError:
        return  # already reported by sheet.validate
    for r in sheet.resources:
        value = resources.get(r.key)
        if type(value) is not int:
            continue
        if r.minimum is not None and value < r.minimum:
            bad(f"{where}.resources.{r.key}", _("is {value}; {system} allows no less than {least}").format(
                value=value, system=sheet.system, least=r.minimum))
        elif r.key in caps and value > caps[r.key]:
            bad(f"{where}.resources.{r.key}", _("is {value}, above its maximum {most}").format(
                value=value, most=caps[r.key]),
                _("raise the maximum with: ttcli char set NAME {stat}=N").format(stat=r.cap))
    for r in sheet.resources:
        if r.cap and r.cap in derived and derived[r.cap] < 0:
            bad(f"{where}.stats.{r.cap}" if r.cap in stats else f"{where}.stats",
                _("the maximum of {label} is {value}; it cannot be negative").format(
                    label=r.label, value=derived[r.cap]))


def system_problems(sheet, where: str, table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the system's own rules find wrong in a stored combatant: (field, message).

    Asked of the system's data readers (``combatant_problems``), so no system is
    named here.  ``where`` is the combatant's field (``combatants."Викинг"``);
    each field returned starts with it.
    """
    from rules.systems import system_data

    found = system_data(sheet.system).combatant_problems(sheet, table)
    if not found:
        return []
    from .store import format_field

    return [(f"{where}.{format_field(path)}", message) for path, message in found]


def match_name(names, query: str) -> str:
    """The combatant ``query`` means (exact, else a unique prefix); NotFound otherwise."""
    names = list(names)
    if not names:
        raise CliError(_("no combatant {name!r}").format(name=query), ExitCode.NOT_FOUND,
                       _("the roster is empty: ttcli char add NAME ..."))
    return pick("combatant", query, names)
