"""Options shared by several commands."""

from __future__ import annotations

from typing import Annotated

import typer

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
