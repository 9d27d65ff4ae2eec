"""Options shared by several commands."""

from __future__ import annotations

from typing import Annotated

import typer
import typer.core

FORMATS = ("auto", "rich", "plain", "json", "bbcode", "markdown")


def _complete_format(incomplete: str) -> list[str]:
    return [f for f in FORMATS if f.startswith(incomplete)]


def _check_format(value: str) -> str:
    if value not in FORMATS:
        raise typer.BadParameter(f"{value!r} is not one of: {', '.join(FORMATS)}")
    return value


FormatOpt = Annotated[str, typer.Option(
    "--format", "-f", metavar="FORMAT", callback=_check_format, autocompletion=_complete_format,
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


def name_arguments(command):
    """``command`` with its arguments (and its subcommands' already built) shown by name."""
    for param in getattr(command, "params", ()):
        if type(param) is typer.core.TyperArgument:
            param.__class__ = NamedArgument
    return command
