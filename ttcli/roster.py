"""The roster of a session: adding, changing and showing combatants.

Works on session documents (docs/session-format.md) with the system's sheet;
results are objects the renderer prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from rules.core import DocumentError, UnknownNameError, effect_from_doc, shown_name
from rules.dice import datatype
from rules.i18n import _, ngettext, pgettext
from rules.systems import get_sheet, system_data

from .choices import PLAIN_KEYS, STATUSES
from .declension import needs_forms, work_out
from .errors import CliError
from .exitcodes import ExitCode
from .session import SIDES, check_name, fold, match_name, refuse_unloadable, side_of
from .statuswords import resource_word, sheet_words, side_word, state_words, status_word, system_word

MAX_COUNT = 100


def split_assignment(text: str) -> tuple[str, str]:
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise CliError(_("{text!r} is not stat=value").format(text=text), ExitCode.USAGE,
                       _("for example: тело=4 or body=4"))
    return name.strip(), value.strip()


def _sheet(doc: Mapping[str, Any]):
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


def parse_assignments(sheet, assignments: list[str]) -> tuple[dict[str, Any], dict[str, int]]:
    """Typed ``name=value`` words -> (stats, current values), read as ``char set`` reads them."""
    stats: dict[str, Any] = {}
    resources: dict[str, int] = {}
    for text in assignments:
        name, value = split_assignment(text)
        where, key = resolve_target(sheet, name)
        if where == "stats":
            stats[key] = parse_value(sheet, key, value)
        else:
            resources[key] = parse_resource(sheet, key, value)
    return stats, resources


def parse_resource(sheet, key: str, value: str) -> int:
    """A typed current value (``hp=5``): a whole number within the resource's range."""
    field = next(r for r in sheet.resources if r.key == key)
    try:
        return field.parse(value)
    except ValueError as e:
        raise CliError(str(e), ExitCode.USAGE) from None


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
    if side_of(side) is None:
        raise CliError(_("side {side!r} is not party or enemy (отряд or враг)").format(side=side), ExitCode.USAGE)
    side = str(side_of(side))
    if not 1 <= count <= MAX_COUNT:
        raise CliError(_("--count must be between 1 and {most}").format(most=MAX_COUNT), ExitCode.USAGE)

    name = check_name(name, combatant=True)
    sheet = _sheet(doc)
    stats, start_values = parse_assignments(sheet, assignments)
    problems = sheet.validate(stats)
    if problems:
        raise CliError("; ".join(problems), ExitCode.RULES)
    if not force:
        problems = sheet.creation_problems(stats)
        if problems:
            raise CliError("; ".join(problems), ExitCode.RULES, _("house rules: add --force"))
    combatants = doc.setdefault("combatants", {})
    names = numbered(name, count, combatants)
    for n in names:
        if fold(n) in {fold(k) for k in combatants}:
            raise CliError(_("{name!r} is already in the roster").format(name=n), ExitCode.USAGE,
                           _("pick another name, or use --count to number them"))
    resources = sheet.initial_resources(stats)
    status = "ok"
    if start_values:
        resources.update(start_values)
        status = _settle_health(doc, sheet, stats, resources, resources, status, start_values, None)
    for n in names:
        combatants[n] = {
            "side": side,
            "hidden": hidden,
            "status": status,
            "stats": dict(stats),
            "resources": dict(resources),
        }
        if needs_forms(n):
            combatants[n]["forms"] = work_out(n)
    refuse_unloadable(doc, names[0])  # the copies are alike
    return names


def set_values(doc: dict, query: str, assignments: list[str]) -> tuple[str, dict[str, Any]]:
    """Change stats, current values, side, hidden or status of one combatant.

    Current HP and status are kept in agreement by the system's health
    rules (dungeon: ``hp=0`` knocks out, HP above 0 wakes); a lowered
    maximum brings HP down with it.
    """
    sheet = _sheet(doc)
    name = match_name(doc.get("combatants", {}), query)
    table = doc["combatants"][name]
    changed: dict[str, Any] = {}
    given: dict[str, int] = {}
    status: str | None = None
    old_resources = dict(table.get("resources", {}))

    for text in assignments:
        raw, value = split_assignment(text)
        raw = PLAIN_KEYS.get(raw) or raw  # сторона=, скрыт=, статус= too
        if raw in ("side", "hidden"):
            table[raw] = _parse_plain(raw, value)
            changed[raw] = table[raw]
            continue
        if raw == "status":
            status = _parse_status(doc, value)
            continue
        where, key = resolve_target(sheet, raw)
        if where == "stats":
            parsed = parse_value(sheet, key, value)
            table.setdefault("stats", {})[key] = parsed
        else:
            parsed = parse_resource(sheet, key, value)
            given[key] = parsed
            table.setdefault("resources", {})[key] = parsed
        changed[key] = parsed
    problems = sheet.validate(table.get("stats", {}))
    if problems:
        raise CliError("; ".join(problems), ExitCode.RULES)
    stats = table.get("stats", {})
    resources = table.setdefault("resources", {})
    before_status = table.get("status", "ok")
    after = _settle_health(doc, sheet, stats, old_resources, resources, before_status, given, status)
    changed.update(_system(doc).settle_marks(table, old_resources, given))
    # a lowered stat may leave too little room for what is carried
    _carrying(_system(doc).require_room, sheet, doc["combatants"], name)
    for key, value in resources.items():
        if key not in given and old_resources.get(key) != value:
            changed[key] = value  # brought down to a lowered maximum
    if after != before_status or status is not None:
        table["status"] = after
        changed["status"] = after
    refuse_unloadable(doc, name)
    return name, changed


def _system(doc: Mapping[str, Any]):
    """What the session's system offers the roster beyond its sheet (its data readers)."""

    return system_data(doc["system"])


def _parse_status(doc: Mapping[str, Any], value: str) -> str:
    try:
        # the common states in either language (статус=мёртв); any other word is the system's to read
        status = _system(doc).parse_status(STATUSES.get(value) or value)
    except ValueError as e:
        raise CliError(str(e), ExitCode.USAGE) from None
    if status is None:
        raise CliError(_("status is kept by the fight for {system}").format(system=doc["system"]), ExitCode.USAGE)
    return status


def _settle_health(doc: Mapping[str, Any], sheet, stats, old_resources, resources: dict, status_before: str,
                   given: Mapping[str, int], status: str | None) -> str:
    """The status after a change of HP, status or the maximum, by the system's health rules
    (dungeon: ``hp=0`` knocks out, HP above 0 wakes); HP may follow a lowered maximum.

    A system without such rules keeps the status it is given.
    """

    try:
        return _system(doc).settle_health(sheet, stats, old_resources, resources, status_before, given, status)
    except DocumentError as e:
        raise CliError(e.problem, ExitCode.BAD_DATA, _("fix the status in the session file")) from None


def _parse_plain(key: str, value: str):
    if key == "side":
        if side_of(value) is None:
            raise CliError(_("side {side!r} is not party or enemy (отряд or враг)").format(side=value),
                           ExitCode.USAGE)
        return side_of(value)
    lowered = value.lower()
    if lowered in ("true", "yes", "1", "да"):
        return True
    if lowered in ("false", "no", "0", "нет"):
        return False
    raise CliError(_("hidden: {value!r} is not true or false (да or нет)").format(value=value), ExitCode.USAGE)


# ------------------------------------------------------------------ inventory

def _carrying(operation, *args, **options):
    """Run one of the system's inventory operations; its errors said the way the roster says them."""

    try:
        return operation(*args, **options)
    except UnknownNameError as e:
        raise CliError(str(e), ExitCode.NOT_FOUND) from None
    except DocumentError as e:
        raise CliError(e.problem, ExitCode.BAD_DATA) from None
    except ValueError as e:
        if type(e) is not ValueError:
            raise
        raise CliError(str(e), ExitCode.USAGE) from None


def _inventory_operation(doc: Mapping[str, Any], verb: str):
    data = _system(doc)
    if not data.keeps_inventory:
        raise CliError(_("{system} keeps no inventory").format(system=doc["system"]), ExitCode.USAGE)
    return data.give if verb == "give" else data.take


def give_items(doc: dict, query: str, item: str, count: int = 1, *, to: str | None = None,
               kind: str | None = None, stack: int | None = None):
    """``char give``: NAME receives an item, or with ``to`` hands it to another, by the
    system's inventory rules (dungeon: DG-INV-1)."""
    operation = _inventory_operation(doc, "give")
    combatants = doc.get("combatants", {})
    name = match_name(combatants, query)
    if count < 1:
        raise CliError(_("--count must be at least 1"), ExitCode.USAGE)
    other = match_name(combatants, to) if to is not None else None
    return _carrying(operation, _sheet(doc), combatants, name, item, count, to=other, kind=kind, stack=stack)


def take_items(doc: dict, query: str, item: str, count: int = 1, *, source: str | None = None):
    """``char take``: NAME loses an item (used, sold, dropped), or takes it from ``source``."""
    operation = _inventory_operation(doc, "take")
    combatants = doc.get("combatants", {})
    name = match_name(combatants, query)
    if count < 1:
        raise CliError(_("--count must be at least 1"), ExitCode.USAGE)
    other = match_name(combatants, source) if source is not None else None
    return _carrying(operation, _sheet(doc), combatants, name, item, count, source=other)


# ------------------------------------------------------------------ results

def shown_value(value: Any) -> str:
    """A stat's value for people: a yes-or-no stat (the dungeon's caster) in words, not True/False."""
    if isinstance(value, bool):
        return pgettext("stat value", "yes") if value else pgettext("stat value", "no")
    return str(value)


def choice_word(sheet: Any, key: str, value: Any) -> str:
    """A stat's value for a Russian reader: a choice by its Russian spelling (``pisces`` -> ``Рыбы``)."""
    choice = sheet.choice(key, value)
    if choice is None:
        return shown_value(value)
    return next((n for n in choice.names if not n.isascii()), str(value))


def field_word(key: str, system: str | None = None) -> str:
    """A combatant's field in the reader's language: its own (side, hidden, status, effects, forms),
    or a stat, derived value or resource of ``system``'s sheet by the sheet's Russian name
    (``ЗД``, ``ТЕЛО``, ``слоты``) when the reader reads Russian; else the key."""
    words = {"side": pgettext("combatant field", "side"), "hidden": pgettext("combatant field", "hidden"),
             "status": pgettext("combatant field", "status"), "effects": pgettext("combatant field", "effects"),
             "forms": pgettext("combatant field", "forms")}
    if key in words:
        return words[key]
    return sheet_words(system).get(key, key) if system else key


def value_word(key: str, value: Any) -> str:
    """A combatant's value for people: a side or a status in words, yes or no for a flag."""

    if key == "side":
        return side_word(str(value))
    if key == "status":
        return status_word(str(value)) or pgettext("combatant status", "ok")
    return shown_value(value)


@datatype(frozen=True)
class CombatantView:
    """``char show``: one combatant's values, stats, derived values, inventory and state."""

    name: str
    system: str
    table: Mapping[str, Any]
    derived: Mapping[str, int]
    caps: Mapping[str, int]
    kind = "combatant"

    def lines(self, s) -> list[str]:
        sheet = get_sheet(self.system)
        t = self.table

        marks = [side_word(str(t.get("side"))), *([_("hidden")] if t.get("hidden") else []),
                 status_word(str(t.get("status", "ok"))) or _("ok")]
        head = f"{self.name} ({', '.join(marks)})"
        out = [s.strong(s.escape(head))]
        res = t.get("resources", {})
        words = sheet_words(self.system)
        if res:
            labels = {r.key: words.get(r.key) or r.label for r in sheet.resources}
            # a current value next to its maximum, each under its own word, so
            # hp (ЗД) and hp_max (ЗД_макс) are never mistaken for each other
            out.append("  " + _("now: {values}").format(values=", ".join(
                _("{name} {value} of {most}").format(name=labels.get(k, k), value=v, most=self.caps[k])
                if k in self.caps else f"{labels.get(k, k)} {v}" for k, v in res.items())))
        stats = sheet.with_defaults(t.get("stats", {}))
        out.append("  " + _("stats: {values}").format(values=", ".join(
            f"{words.get(k) or sheet.label(k)} {choice_word(sheet, k, v) if words else shown_value(v)}"
            for k, v in stats.items() if v is not None)))
        if self.derived:
            out.append("  " + _("derived: {values}").format(values=", ".join(
                f"{words.get(k) or sheet.label(k)} {v}" for k, v in self.derived.items())))
        carried = self.inventory_load()
        if carried is not None:
            load, items = carried
            out.append("  " + _("inventory, {used} of {capacity} slots used, {free} free: {items}").format(
                used=load.used, capacity=load.capacity, free=load.free,
                items=s.escape(items) if items else _("nothing")))

        effects = tuple(effect_from_doc(e, ("effects", i)) for i, e in enumerate(t.get("effects", [])))
        own = state_words(self.system, SimpleNamespace(data=t.get("data") or {}, resources=t.get("resources") or {},
                                                       effects=effects))
        if own:
            out.append("  " + s.escape(_("state: {marks}").format(marks=", ".join(own))))
        for effect in t.get("effects", []):
            out.append("  " + _("effect: {name}").format(name=shown_name(str(effect.get("name", "?")))))
        return out

    def inventory_load(self):
        """(slots used of those carried, the items in words), by the system; None if it keeps no inventory."""

        return system_data(self.system).inventory_load(self.table, self.derived)

    def to_json(self) -> dict:
        out = {"name": self.name, **dict(self.table), "derived": dict(self.derived)}
        carried = self.inventory_load()
        if carried is not None:
            load = carried[0]
            out["slots"] = {"used": load.used, "free": load.free, "capacity": load.capacity}
        return out


def combatant_view(doc: Mapping[str, Any], name: str) -> CombatantView:
    sheet = _sheet(doc)
    table = doc["combatants"][name]
    stats = table.get("stats", {})
    try:
        derived, caps = sheet.derive(stats), sheet.resource_caps(stats)
    except ValueError:
        derived, caps = {}, {}
    return CombatantView(name, doc["system"], table, derived, caps)


@datatype(frozen=True)
class RosterView:
    """``char list``: the roster by side, with HP and status."""

    doc: Mapping[str, Any]
    kind = "roster"

    def rows(self) -> list[CombatantView]:
        return [combatant_view(self.doc, n) for n in self.doc.get("combatants", {})]

    def lines(self, s) -> list[str]:
        rows = self.rows()
        if not rows:
            return [_("the roster is empty (add someone: ttcli char add NAME --side party stat=value ...)")]
        out = []
        for side in SIDES:
            members = [r for r in rows if r.table.get("side") == side]
            if not members:
                continue

            out.append(s.strong(side_word(side)))
            hp_name = resource_word(self.doc["system"], "hp")
            for r in members:
                res = r.table.get("resources", {})
                hp = f"{hp_name} {res['hp']}/{r.caps.get('hp', '?')}" if "hp" in res else ""
                flags = [status_word(str(r.table.get("status", "ok"))) or _("ok")] + (
                    [_("hidden")] if r.table.get("hidden") else [])
                out.append(f"  {s.escape(r.name)}  {hp}  ({', '.join(flags)})")
        return out

    def to_json(self) -> dict:
        return {"combatants": [r.to_json() for r in self.rows()]}


@datatype(frozen=True)
class SessionView:
    """``session show``: settings, commitment, fight and roster of a session."""

    doc: Mapping[str, Any]
    kind = "session"

    def lines(self, s) -> list[str]:
        d = self.doc
        out = [s.strong(s.escape(f"{d.get('name')} ({system_word(str(d.get('system')))})"))]
        settings = d.get("settings", {})
        if settings:
            out.append(_("settings: {values}").format(values=", ".join(f"{k} = {v}" for k, v in settings.items())))
        c = d.get("commit")
        if c:
            state = _("revealed") if c.get("revealed") else ngettext(
                "active, {n} die so far", "active, {n} dice so far", int(c.get("counter") or 0)).format(
                n=c.get("counter"))
            out.append(_("commitment: {hash} ({state})").format(hash=c.get("commitment"), state=state))
        fight = d.get("fight")
        if fight:
            out.append(_("fight: round {round}").format(round=fight.get("round")))
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


# --- a name's forms (docs/i18n.md, "Names in their case") ----------------------------------------

#: what a master may type for each key of a name's forms -> the stored key
_FORM_KEYS = {
    "gender": "gender", "пол": "gender", "род": "gender",
    "genitive": "genitive", "родительный": "genitive", "рп": "genitive", "кого": "genitive",
    "dative": "dative", "дательный": "dative", "дп": "dative", "кому": "dative",
    "accusative": "accusative", "винительный": "accusative", "вп": "accusative",
    "instrumental": "instrumental", "творительный": "instrumental", "тп": "instrumental", "кем": "instrumental",
    "prepositional": "prepositional", "предложный": "prepositional", "пп": "prepositional", "ком": "prepositional",
}
#: what a master may type for a gender -> the stored one
_GENDER_WORDS = {"m": "m", "м": "m", "муж": "m", "мужской": "m", "f": "f", "ж": "f", "жен": "f", "женский": "f",
                 "n": "n", "ср": "n", "средний": "n", "plural": "plural", "мн": "plural", "множественное": "plural"}
FORM_ORDER = ("gender", "genitive", "dative", "accusative", "instrumental", "prepositional")


def set_forms(doc: dict, query: str, assignments: list[str], again: bool = False) -> tuple[str, dict[str, str]]:
    """Work out anew (``again``) and/or correct by hand (``род=ж``, ``вп=Стрелка``) one
    combatant's forms; returns its full name and its forms as stored."""
    name = match_name(doc.get("combatants", {}), query)
    table = doc["combatants"][name]
    forms = dict(work_out(name)) if again or "forms" not in table else dict(table["forms"])
    for item in assignments:
        raw, sep, value = item.partition("=")
        key = _FORM_KEYS.get(fold(raw))
        if not sep or key is None:
            raise CliError(_("{item!r} is not a form of a name").format(item=item), ExitCode.USAGE,
                           _("write KEY=FORM with KEY one of: gender (пол), рп, дп, вп, тп, пп"))
        value = value.strip()
        if key == "gender":
            gender = _GENDER_WORDS.get(value.casefold())
            if gender is None:
                raise CliError(_("{value!r} is not a gender").format(value=value), ExitCode.USAGE,
                               _("write м, ж, ср or мн (m, f, n, plural)"))
            value = gender
        if not value or any(not c.isprintable() for c in value):
            raise CliError(_("{item!r}: a form is printable text").format(item=item), ExitCode.USAGE)
        forms[key] = value
    table["forms"] = {key: forms[key] for key in FORM_ORDER if key in forms}
    return name, table["forms"]


def forms_line(name: str, forms: Mapping[str, str]) -> str:
    """``Лучница: ж.; рп Лучницы, дп Лучнице…``: a name's forms for people."""
    genders = {"m": _("masculine"), "f": _("feminine"), "n": _("neuter"), "plural": _("plural")}
    labels = {"genitive": _("genitive"), "dative": _("dative"), "accusative": _("accusative"),
              "instrumental": _("instrumental"), "prepositional": _("prepositional")}
    cases = ", ".join(f"{labels[k]} {forms[k]}" for k in FORM_ORDER[1:] if k in forms)
    return _("{name}: {gender}; {cases}").format(name=name, gender=genders.get(forms.get("gender", "m"), ""),
                                                   cases=cases)
