"""``ttcli char``: the roster of the current session."""

from __future__ import annotations

from typing import Annotated

import typer

from rules.i18n import _, ngettext

from ..store import events
from .options import FormatOpt, JsonOpt, pick_format
from .session_cmd import Message, emit

app = typer.Typer(help="Add, change, show and remove combatants of the current session.",
                  epilog="Examples:\n\n  ttcli char add Бард тело=2 реак=3 раз=3 хар=4\n\n"
                         "  ttcli char set Вор hp=5\n\n  ttcli char list",
                  no_args_is_help=True)


def side_word(side: str) -> str:
    """A stored side in the reader's language."""
    return {"party": _("party"), "enemy": _("enemy")}.get(side, side)


def stat_words(system: str) -> list[str]:
    """Keys of every stat, derived value and resource of ``system``'s sheet."""
    from rules.systems import get_sheet

    sheet = get_sheet(system)
    return list(dict.fromkeys(f.key for f in (*sheet.stats, *sheet.derived, *sheet.resources)))


def complete_combatant(ctx: typer.Context, incomplete: str) -> list[str]:
    """The names of the session the line acts on, matched like names (``вик`` -> ``Викинг``)."""
    from .completion import line_document, matching, shell_values

    doc = line_document(ctx)
    names = doc.get("combatants", {}) if doc else {}
    return shell_values(matching(names, incomplete))


def complete_stat(ctx: typer.Context, incomplete: str) -> list[str]:
    """``stat=`` words of the session's system, in its language (``те`` -> ``тело=``)."""
    from .completion import complete_assignment

    return complete_assignment(ctx, incomplete)


def _complete_side(incomplete: str) -> list[str]:
    from .completion import complete_side

    return complete_side(incomplete)


Assignments = Annotated[list[str], typer.Argument(
    metavar="STAT=VALUE...", help="Stats in Russian or English: тело=4 реак=3 or body=4.",
    autocompletion=complete_stat)]


@app.command("add")
def add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Name (Cyrillic welcome).")],
    assignments: Assignments = None,  # type: ignore[assignment]  # Typer reads None as "no words given"
    side: Annotated[str, typer.Option("--side", help="party or enemy (отряд or враг); party when left out.",
                                      autocompletion=_complete_side, show_default=False)] = "party",
    count: Annotated[int, typer.Option("--count", "-c", help="Add NAME 1..N with the same stats.")] = 1,
    hidden: Annotated[bool, typer.Option("--hidden", help="Leave out of public forum output.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Skip the creation rules (house rules).")] = False,
) -> None:
    """Add a combatant (or --count of them) to the current session.

    Examples:

      ttcli char add Следопыт тело=3 реак=4 раз=3 хар=2

      ttcli char add Гоблин --side враг --count 4 тело=2 реак=3 --force
    """
    from ..roster import add_combatants
    from ..session import open_session

    with open_session(ctx.obj).transaction() as doc:
        names = add_combatants(doc, name, side, assignments or [], count=count, hidden=hidden, force=force)
        side = doc["combatants"][names[0]]["side"]  # as stored: "враг" is kept as "enemy"
        line = _("added {names} ({side})").format(names=", ".join(names), side=side_word(side))
        # the journal keeps the sentence, as for a fight: log reads it, not the event's fields
        doc.log(events.char_added(names, side, hidden, line))
    emit(ctx, Message((line,), {"names": names, "side": side}))


@app.command("set")
def set_(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Combatant (unique prefix is enough).",
                                        autocompletion=complete_combatant)],
    assignments: Assignments,
) -> None:
    """Change stats or current values: hp=5 (current HP; ЗД, ОЗ, здоровье too), ЗД_макс=20
    (a maximum override), status=dead, side=enemy, hidden=true.

    HP and status agree: hp=0 knocks out, HP above 0 wakes the unconscious.

    Examples:

      ttcli char set Вор hp=5

      ttcli char set Огр ЗД=12 side=враг hidden=true
    """
    import copy

    from ..roster import set_values
    from ..session import match_name, open_session

    with open_session(ctx.obj).transaction() as doc:
        before = copy.deepcopy(doc["combatants"][match_name(doc.get("combatants", {}), name)])
        full, changed = set_values(doc, name, assignments)
        hidden = before.get("hidden", False) or doc["combatants"][full].get("hidden", False)
        line = _change_line(full, before, changed, doc.get("system"))
        doc.log(events.char_set(assignments, full, changed, hidden, line))
    emit(ctx, Message((line,), {"name": full, "changes": changed}))


@app.command("forms")
def forms(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Combatant (unique prefix is enough).",
                                        autocompletion=complete_combatant)],
    assignments: Annotated[list[str] | None, typer.Argument(
        metavar="KEY=FORM...", help="Corrections: пол=ж (м, ж, ср, мн), рп=…, дп=…, вп=…, тп=…, пп=….")] = None,
    again: Annotated[bool, typer.Option("--again", help="Work the forms out anew from the dictionary.")] = False,
) -> None:
    """Show or correct how a name is declined in Russian texts: its gender and its cases
    (worked out when the combatant was added; stored in the session file as its forms).

    Examples:

      ttcli char forms Стрелок пол=ж

      ttcli char forms Огр вп=Огра тп=Огром

      ttcli char forms Лучница --again
    """
    from ..roster import forms_line, set_forms
    from ..session import open_session

    if not assignments and not again:
        from ..session import match_name

        doc = open_session(ctx.obj).read()
        full = match_name(doc.get("combatants", {}), name)
        table = doc["combatants"][full].get("forms") or {}
        emit(ctx, Message((forms_line(full, table),), {"name": full, "forms": table}))
        return
    with open_session(ctx.obj).transaction() as doc:
        full, stored = set_forms(doc, name, assignments or [], again)
        hidden = doc["combatants"][full].get("hidden", False)
        line = forms_line(full, stored)
        doc.log(events.char_set(["forms", *(assignments or [])], full, {"forms": stored}, hidden, line))
    emit(ctx, Message((line,), {"name": full, "forms": stored}))


def _old_value(table: dict, key: str):
    """A combatant's value of ``key`` before a change: a stat, a current value, side, hidden, status,
    a system's mark in ``data``, or whether it had the effect of that name."""
    for where in ("resources", "stats", "data"):
        if key in table.get(where, {}):
            return table[where][key]
    if key not in table and any(isinstance(e, dict) and e.get("name") == key for e in table.get("effects", ())):
        return True
    return table.get(key)


def _change_line(name: str, before: dict, changed: dict, system: str | None = None) -> str:
    """``Вор: hp 7 -> 5, body 3 -> 4``: what a ``char set`` changed, for the output and the journal.

    Every field reads in the reader's language: a stat by its sheet's name (``ЗД 7 -> 5``), side,
    hidden and status in words (``сторона отряд -> враг``)."""
    from ..roster import field_word, value_word

    parts = []
    for key, value in changed.items():
        old = _old_value(before, key)
        word = field_word(key, system)
        if old is None or old == value:
            parts.append(_("{key} = {value}").format(key=word, value=value_word(key, value)))
        else:
            parts.append(_("{key} {old} -> {new}").format(key=word, old=value_word(key, old),
                                                         new=value_word(key, value)))
    return _("{name}: {changes}").format(name=name, changes=", ".join(parts) or _("nothing changed"))




@app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Combatant.", autocompletion=complete_combatant)],
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Show one combatant: current values next to their maximum, stats, derived values,
    inventory with used and free slots, effects.

    Examples:

      ttcli char show Вор

      ttcli char show вор --json
    """
    from ..roster import combatant_view
    from ..session import match_name, open_session

    doc = open_session(ctx.obj).read()
    full = match_name(doc.get("combatants", {}), name)
    emit(ctx, combatant_view(doc, full), pick_format(fmt, as_json))


def complete_kind(incomplete: str) -> list[str]:
    """The item kinds of every system that keeps an inventory (its data readers' ``item_kinds``)."""
    from rules.systems import known, system_data

    kinds = [k for system in known() for k in system_data(system).item_kinds]
    return [k for k in dict.fromkeys(kinds) if k.startswith(incomplete)]


ItemArg = Annotated[str, typer.Argument(
    help="Item name; an item already carried may be named by a unique prefix when it moves.")]
CountOpt = Annotated[int, typer.Option("--count", "-n", min=1, help="How many pieces.")]


def _inventory_message(verb: str, change) -> Message:
    item = change.item
    pieces = _("{count} x {item}").format(count=item.quantity, item=item.name) if item.quantity != 1 else item.name
    if change.giver and change.taker:
        text = _("{giver} gives {pieces} to {taker}").format(giver=change.giver, pieces=pieces, taker=change.taker)
    elif change.taker:
        text = _("{taker} gets {pieces}").format(taker=change.taker, pieces=pieces)
    else:
        # a system whose items come in pieces (the dungeon's candles) says what is left
        left = _pieces_left(getattr(change, "giver_after", None), item.name)
        text = (_("{giver} no longer carries {pieces}") if not left else
                _("{giver} gives up {pieces}, {left} still carried")).format(giver=change.giver, pieces=pieces,
                                                                            left=left)
    load = change.taker_load
    if load is not None:
        text += " " + ngettext("({taker}: {used} of {capacity} slot used, {free} free)",
                               "({taker}: {used} of {capacity} slots used, {free} free)",
                               load.capacity).format(taker=change.taker, used=load.used, capacity=load.capacity,
                                                     free=load.free)
    data = {"item": item.name, "kind": item.kind, "count": item.quantity,
            "from": change.giver, "to": change.taker}
    if load is not None:
        data["slots"] = {"used": load.used, "free": load.free, "capacity": load.capacity}
    return Message((text,), data)


def _pieces_left(inventory, name: str) -> int:
    """How many of the item ``name`` an inventory still holds (after a ``take``)."""
    return sum(i.quantity for i in inventory.items if i.name == name) if inventory is not None else 0


def _log_inventory(doc, command: str, change) -> None:
    combatants = doc["combatants"]
    who = [n for n in (change.giver, change.taker) if n]
    hidden = any(combatants[n].get("hidden", False) for n in who)
    doc.log(events.char_carried(command, who[0], change.item.name, change.item.quantity, change.giver or "",
                                change.taker or "", hidden, list(_inventory_message(command, change).text)))


@app.command("give")
def give(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Who gets the item, or with --to who hands it over.",
                                        autocompletion=complete_combatant)],
    item: ItemArg,
    count: CountOpt = 1,
    to: Annotated[str | None, typer.Option(
        "--to", help="Hand the item from NAME to this combatant.",
        autocompletion=complete_combatant)] = None,
    kind: Annotated[str | None, typer.Option(
        "--kind", help="For a new item: item (1 slot), armor or two_handed (2 slots), "
                       "small (stacks; броня, двуручное, мелочь too).",
        autocompletion=complete_kind)] = None,
    stack: Annotated[int | None, typer.Option(
        "--stack", min=1, help="Small items: how many share one slot (default 10).")] = None,
) -> None:
    """Give NAME an item, or hand it from NAME to another with --to (DG-INV-1).

    Refused when the receiver's slots (ТЕЛО x 3) cannot hold it.

    Examples:

      ttcli char give Вор факел --count 2

      ttcli char give Жрец свеча --to Вор
    """
    from ..roster import give_items
    from ..session import open_session

    with open_session(ctx.obj).transaction() as doc:
        change = give_items(doc, name, item, count, to=to, kind=kind, stack=stack)
        _log_inventory(doc, "give", change)
    emit(ctx, _inventory_message("give", change))


@app.command("take")
def take(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Who loses the item, or with --from who takes it.",
                                        autocompletion=complete_combatant)],
    item: ItemArg,
    count: CountOpt = 1,
    source: Annotated[str | None, typer.Option(
        "--from", help="NAME takes the item from this combatant.",
        autocompletion=complete_combatant)] = None,
) -> None:
    """Take an item away from NAME (used up, sold, lost), or with --from NAME takes it
    from another (DG-INV-1).

    Examples:

      ttcli char take Вор верёвка

      ttcli char take Вор свеча --from Жрец
    """
    from ..roster import take_items
    from ..session import open_session

    with open_session(ctx.obj).transaction() as doc:
        change = take_items(doc, name, item, count, source=source)
        _log_inventory(doc, "take", change)
    emit(ctx, _inventory_message("take", change))


@app.command("list")
def list_(ctx: typer.Context, fmt: FormatOpt = "auto", as_json: JsonOpt = False) -> None:
    """List the roster by side.

    Examples:

      ttcli char list

      ttcli char list --format markdown
    """
    from ..roster import RosterView
    from ..session import open_session

    emit(ctx, RosterView(open_session(ctx.obj).read()), pick_format(fmt, as_json))


def _leave_the_fight(doc: dict, names: list[str]) -> None:
    """Those of ``names`` in a running fight leave its order first (the core's ``leave_fight``:
    the order, its groups and the initiative close up; the one whose turn it is is refused),
    so the fight never names a combatant the roster no longer has."""
    fight = doc.get("fight")
    if not isinstance(fight, dict) or not any(n in fight.get("order", ()) for n in names):
        return
    from rules.fight import encounter_from_doc, encounter_to_doc, leave_fight
    from rules.systems import system_rules

    enc = encounter_from_doc(doc, system_rules(str(doc.get("system"))))
    for name in names:
        if enc.fight is not None and name in enc.fight.order:
            enc = leave_fight(enc, name).encounter
    new_doc = encounter_to_doc(enc, doc)
    doc.clear()
    doc.update(new_doc)


@app.command("rm")
def rm(
    ctx: typer.Context,
    names: Annotated[list[str], typer.Argument(help="Combatants to remove.", autocompletion=complete_combatant)],
) -> None:
    """Remove combatants (undo brings them back).

    Examples:

      ttcli char rm "Гоблин 3"

      ttcli char rm гоблин-ш Огр
    """
    from ..session import match_name, open_session

    with open_session(ctx.obj).transaction() as doc:
        combatants = doc.get("combatants", {})
        full = [match_name(combatants, n) for n in names]
        hidden = any(combatants[n].get("hidden", False) for n in full)
        _leave_the_fight(doc, full)
        for n in full:
            combatants.pop(n, None)
        line = _("removed {names}").format(names=", ".join(full))
        doc.log(events.char_removed(full, hidden, line))
    emit(ctx, Message((line,), {"names": full}))
