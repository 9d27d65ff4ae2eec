"""Options shared by several commands."""

from __future__ import annotations

from typing import Annotated

import typer
import typer.core

from ..argv import MAX_DIGITS


def _complete_format(incomplete: str) -> list[str]:
    from ..choices import FORMATS as WORDS

    return complete_choice(WORDS, incomplete)


def complete_choice(choices, incomplete: str) -> list[str]:
    """The words of a fixed list that start with what is typed: its keys, and the words it
    shows the reader (Russian ones on a Russian prompt), matched like names."""
    from ..session import fold

    wanted = fold(incomplete)
    return [w for w in dict.fromkeys([*choices.spellings, *choices.shown()]) if fold(w).startswith(wanted)]


def _check_format(value: str) -> str:
    """The format a typed word names (``plain``, ``простой``, ``ббкод`` ...)."""
    return choice_value(value, "FORMATS")


def choice_value(value: str, vocabulary: str) -> str:
    """The key ``value`` spells in the fixed list ``ttcli.choices.<vocabulary>``; a usage
    error that lists the words otherwise (Click names the option)."""
    from .. import choices

    try:
        return getattr(choices, vocabulary).key(value)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None


FormatOpt = Annotated[str, typer.Option(
    "--format", "-f", metavar="FORMAT", callback=_check_format, autocompletion=_complete_format, show_default=False,
    help="auto (rich on a terminal, plain when piped), rich, plain, json, bbcode, markdown.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Same as --format json.")]


def pick_format(fmt: str, as_json: bool) -> str:
    return "json" if as_json else fmt


class NamedArgument(typer.core.TyperArgument):
    """An argument shown by its name in capitals in usage lines and errors (``NAME``,
    ``[NAME]``, ``STAT=VALUE...``), where Typer would print ``{name}``."""

    def make_metavar(self, ctx=None, *, usage: bool = False) -> str:
        var = self.metavar or (self.name or "").upper()
        if self.metavar is None and self.nargs != 1:
            var += "..."
        if usage and not self.required and not var.startswith("["):
            var = f"[{var}]"
        return var

    @property
    def human_readable_name(self) -> str:
        return self.make_metavar()


class _Fits64Bits:
    """Mixed into Click's whole-number types: a number a session file cannot hold (beyond 64
    bits) is refused with the option's name and the range, before the command runs."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and len(value.strip()) > MAX_DIGITS + 1:  # read by its length first
            from ..argv import shown

            # English here, worded in the reader's language by ttcli.errors (as beyond_64_bits's text)
            self.fail(f"{shown(value.strip())} is far too long for a whole number: at most {MAX_DIGITS} "  # type: ignore[attr-defined]
                      "digits", param, ctx)
        number = super().convert(value, param, ctx)  # type: ignore[misc]
        from rules.core import beyond_64_bits, fits

        if not fits(number):
            self.fail(beyond_64_bits(number), param, ctx)  # type: ignore[attr-defined]
        return number


_HELD: dict[type, type] = {}


def _held_to_64_bits(param) -> None:
    """Hold a whole-number parameter (Click's ``IntParamType`` or ``IntRange``) to 64 bits; the class
    is derived from the type's own, not imported from Typer's private copy of Click."""
    kind = type(param.type)
    if kind.__name__ not in ("IntParamType", "IntRange") or issubclass(kind, _Fits64Bits):
        return
    held = _HELD.get(kind) or _HELD.setdefault(kind, type(kind.__name__, (_Fits64Bits, kind), {}))
    if kind.__name__ == "IntParamType":  # Click's one shared INT: a copy of its own
        param.type = held()
    else:
        param.type.__class__ = held


def name_arguments(command):
    """``command`` with its arguments shown by name, its whole numbers held to 64 bits (every
    integer typed on a command line), and its completions matched like the prompt's names: any
    case, ё as е (Typer's own filter is a case-sensitive prefix)."""
    for param in getattr(command, "params", ()):
        if type(param) is typer.core.TyperArgument:
            param.__class__ = NamedArgument
        _held_to_64_bits(param)
        typers = getattr(param, "_custom_shell_complete", None)
        if typers is not None and not getattr(typers, "folded", False):
            param._custom_shell_complete = _folded(typers)
    return command


def _folded(typers):
    """A completion that asks the parameter's declared callback with what is typed (so it
    can offer Russian words once a Russian letter is typed), else Typer's wrapper for every
    value (an empty prefix passes its filter), and keeps those matching what is typed, the
    way names are matched."""
    from .._compat import declared_autocompletion

    declared = declared_autocompletion(typers)

    def complete(ctx, param, incomplete: str):
        import shlex

        from .._compat import completion_item
        from ..session import fold

        wanted = fold(incomplete)
        kept = []
        if declared is not None:
            items = [completion_item(c[0], help=c[1]) if isinstance(c, tuple) else completion_item(c)
                     for c in declared(ctx, [], incomplete) or ()]
        else:
            items = typers(ctx, param, "")
        for item in items:
            try:
                bare = " ".join(shlex.split(item.value))  # a quoted name is matched by its words
            except ValueError:
                bare = item.value
            if fold(bare).startswith(wanted):
                kept.append(item)
        return kept

    complete.folded = True  # type: ignore[attr-defined]
    return complete
