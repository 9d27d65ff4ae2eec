"""The fight on a terminal: the status as a rich table, and the prompt's toolbar.

One row per combatant in the order of the fight: the current turn marked and
highlighted, HP as a coloured bar, the other resources, every effect with
what is left of it, and, under the table, who acts next.  The players'
version (``--public``) keeps the rules of the plain status: no hidden
combatant, enemies' health as a condition word.  rich is imported here only,
so piped commands never load it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core import FIGHT_END, NEVER, ROUND_END, ROUND_START, TURN_END, TURN_START, shown_name
from rules.i18n import N_, _, ngettext, pgettext
from rules.systems import read_encounter

from .statuswords import caps, condition_word, resource_words, system_word

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rules.core import Effect
    from rules.core.state import Combatant, Encounter, Fight

BAR_CELLS = 10
#: share of max HP left -> colour of the bar (first that fits)
BAR_COLOURS = ((0.5, "green"), (0.25, "yellow"), (0.0, "red"))
CURRENT = "▶"
#: the words ttcli.statuswords.condition_word returns, for the catalog
CONDITION_WORDS = (N_("unhurt"), N_("wounded"), N_("badly wounded"), N_("unconscious"), N_("dead"))


def bar_colour(hp: int, hp_max: int) -> str:
    share = hp / hp_max if hp_max > 0 else 1.0
    return next(colour for floor, colour in BAR_COLOURS if share >= floor or floor == 0.0)


def hp_bar(hp: int, hp_max: int, cells: int = BAR_CELLS) -> tuple[str, str]:
    """(bar, colour): ``███████░░░`` for 7 of 10; a living combatant's sliver never rounds away."""
    full = 0 if hp_max <= 0 else round(cells * max(min(hp, hp_max), 0) / hp_max)
    if hp > 0 and full == 0:
        full = 1
    return "█" * full + "░" * (cells - full), bar_colour(hp, hp_max)


def other_resources(system: str, c: Combatant, words: Mapping[str, str]) -> str:
    """Every resource but HP: ``УСТ 1/5, рационы 3``; one the character lacks (0 of 0) is left out."""
    top = caps(system, c.stats)
    return ", ".join(
        f"{words.get(k, k)} {v}/{top[k]}" if k in top else f"{words.get(k, k)} {v}"
        for k, v in c.resources.items() if k != "hp" and (top.get(k) or v))


def left_of(effect: Effect, fight: Fight | None, bearer: str) -> str:
    """What is left of an effect, counted on the fight's clock: ``2 turns left``, ``until round 4``."""

    if effect.until == NEVER:
        return _("until removed")
    if effect.until == FIGHT_END or fight is None:
        return _("until the end of the fight")
    ahead = fight.turn_ahead(bearer) or fight.acting(bearer)
    counted = {
        ROUND_END: (effect.until_round - fight.round + 1, "rounds"),
        ROUND_START: (effect.until_round - fight.round, "rounds"),
        TURN_END: (effect.until_round - fight.round + (1 if ahead else 0), "turns"),
    }
    if effect.until == TURN_START:
        return _("until its turn in round {n}").format(n=effect.until_round)
    n, unit = counted[effect.until]
    if unit == "rounds":
        return ngettext("{n} round left", "{n} rounds left", n).format(n=max(n, 0))
    return ngettext("{n} turn left", "{n} turns left", n).format(n=max(n, 0))


def effects_text(enc: Encounter, c: Combatant) -> str:
    shown = []
    for effect in c.effects:
        name = shown_name(effect.name)
        if effect.stacks > 1:
            name = _("{name} x{stacks}").format(name=name, stacks=effect.stacks)
        shown.append(_("{effect} ({left})").format(effect=name, left=left_of(effect, enc.fight, c.name)))
    return "; ".join(shown)


def next_up(enc: Encounter, public: bool = False) -> str | None:
    """Who acts after the current turn: the next in the order still standing (the
    order starts again in the next round); None when the fight has no turns."""
    fight = enc.fight
    if fight is None or fight.current is None or not fight.order:
        return None
    order = fight.order
    for step in range(1, len(order) + 1):
        name = order[(fight.index + step) % len(order)]
        c = enc.get(name)
        if c.status == "dead" or (public and c.hidden):
            continue
        return name
    return None


def _condition(enc: Encounter, c: Combatant) -> str:
    return _(condition_word(enc.system, c))


def status_table(doc: Mapping[str, Any], public: bool = False) -> RenderableType:
    """The fight status for a terminal (see the module's text)."""
    from rich.console import Group
    from rich.text import Text

    enc = read_encounter(doc)
    fight = enc.fight
    words = resource_words(enc.system)
    title = Text(f"{doc.get('name')} ({enc.system})", style="bold")
    parts: list[Any] = [title]
    if fight is None:
        parts.append(Text(_("no fight running (start one: fight start)")))
    else:
        head = _("Round {n}").format(n=fight.round)
        if fight.turn is not None and not public and fight.current:
            head += " · " + _("turn: {name}, {actions}").format(
                name=fight.current, actions=ngettext("{n} action left", "{n} actions left",
                                                     fight.turn.remaining).format(n=fight.turn.remaining))
        parts.append(Text(head, style="bold"))
    in_order = list(fight.order) if fight is not None else []
    rows = []
    for c in [enc.get(n) for n in in_order] + [c for c in enc if c.name not in in_order]:
        if public and c.hidden:
            continue
        current = fight is not None and c.name == fight.current
        side = {"party": pgettext("side", "party"), "enemy": pgettext("side", "enemy")}.get(c.side, c.side)
        if public and c.side == "enemy":
            hp_cells: tuple[Any, ...] = ((_condition(enc, c), ""),)
            others = ""
        else:
            hp = c.resources.get("hp", 0)
            top = caps(enc.system, c.stats).get("hp", hp)
            bar, colour = hp_bar(hp, top)
            hp_cells = ((bar, colour), (f" {hp}/{top}", ""))
            if c.status != "ok":
                hp_cells += ((" " + _condition(enc, c), "bold red"),)
            others = other_resources(enc.system, c, words)
        name = c.name + (" " + _("(hidden)") if c.hidden else "")
        style = "bold reverse" if current else ("dim" if c.status == "dead" else "")
        rows.append((CURRENT if current else "", name, side, hp_cells, others, effects_text(enc, c), style))
    parts.append(_FittedStatus(rows, words.get("hp", "hp")))
    following = next_up(enc, public)
    if following is not None:
        parts.append(Text(_("Next: {name}").format(name=following)))
    return Group(*parts)


#: below this many columns the status is a list, one combatant a block, not a table
NARROW = 72


class _FittedStatus:
    """The combatants' rows, laid out for the width of the terminal they are printed on.

    A wide terminal gets the table; a narrow one (a phone's, a split pane: 40 columns)
    a block per combatant, its name whole on the first line with side and HP after it
    when they fit, resources and effects on the lines below, so no line is cut or
    wrapped in the middle of a name.
    """

    def __init__(self, rows, hp_word: str) -> None:
        self.rows = rows
        self.hp_word = hp_word

    def __rich_console__(self, console, options):
        from rich.table import Table
        from rich.text import Text

        width = options.max_width
        if width >= NARROW:
            table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
            for column in ("", _("name"), _("side"), self.hp_word, _("resources"), _("effects")):
                table.add_column(column, no_wrap=column == _("name"))
            for mark, name, side, hp_cells, others, effects, style in self.rows:
                table.add_row(mark, Text(name), side, Text.assemble(*hp_cells), others, effects, style=style)
            yield table
            return
        for mark, name, side, hp_cells, others, effects, style in self.rows:
            head = Text.assemble((f"{mark or ' '} ", style), (name, style or "bold"))
            rest = Text.assemble(f" · {side} · ", *hp_cells)
            if head.cell_len + rest.cell_len <= width:
                yield Text.assemble(head, rest, no_wrap=True, overflow="fold")
            else:
                yield Text.assemble(head, no_wrap=False, overflow="fold")
                yield _indented(Text.assemble(f"{side} · ", *hp_cells), width)
            for extra in (others, effects):
                if extra:
                    yield _indented(Text(extra), width)


def _indented(text, width: int):
    """``text`` two cells in, folded at ``width`` (rich wraps it at its spaces)."""
    from rich.padding import Padding

    return Padding(text, (0, 0, 0, 2), expand=False) if width > 4 else text


def toolbar_text(doc: Mapping[str, Any]) -> str:
    """The prompt's bottom line: round, whose turn with what is left of it, that
    character's resources and effects, and who is next."""

    name = doc.get("name", "?")
    try:
        enc = read_encounter(doc)
    except Exception:  # noqa: BLE001 - a hand-broken file is reported by commands
        return " " + _("{session}: the session file needs fixing (session check)").format(session=name)
    fight = enc.fight
    if fight is None or fight.current is None:
        return " " + _("{session} ({system}) | no fight: fight start").format(
            session=name, system=system_word(enc.system))
    c = enc.get(fight.current)
    words = resource_words(enc.system)
    parts = [str(name), _("round {n}").format(n=fight.round), c.name]
    if fight.turn is not None:
        parts.append(ngettext("{n} action left", "{n} actions left", fight.turn.remaining).format(
            n=fight.turn.remaining))
    hp, top = c.resources.get("hp"), caps(enc.system, c.stats).get("hp")
    resources = ([f"{words.get('hp', 'hp')} {hp}/{top}" if top is not None else f"{words.get('hp', 'hp')} {hp}"]
                 if hp is not None else [])
    others = other_resources(enc.system, c, words)
    parts.append(", ".join(resources + ([others] if others else [])))
    effects = effects_text(enc, c)
    if effects:
        parts.append(effects)
    following = next_up(enc)
    if following is not None:
        parts.append(_("next: {name}").format(name=following))
    return " " + " | ".join(p for p in parts if p)
