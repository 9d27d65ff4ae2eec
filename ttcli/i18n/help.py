"""Help in the reader's language, translated when it is shown.

Help texts are written in English in the command declarations (``help=``,
docstrings) and are the msgids of the catalog (the extractor collects them).
They are translated only when help or usage is printed, so running a command
opens no catalog for its help.  A command made by :func:`localizing` translates
its own texts, its parameters' and its subcommands' before formatting them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

_TEXTS = ("help", "short_help", "epilog", "rich_help_panel")


def translate(text: str) -> str:
    from rules.i18n import _

    translated = _(text)
    if translated == text:
        cleaned = inspect.cleandoc(text)
        if cleaned != text:
            return _(cleaned)
    return translated


def _localize_object(obj: Any) -> None:
    originals = obj.__dict__.setdefault("_ttcli_en", {})
    for attr in _TEXTS:
        if attr not in originals:
            originals[attr] = getattr(obj, attr, None)
        value = originals[attr]
        if isinstance(value, str) and value.strip():
            setattr(obj, attr, translate(value))
    compose: Callable[[], str] | None = getattr(obj, "_ttcli_compose", None)
    if compose is not None:
        obj.help = compose()


def localize(command: Any, ctx: Any = None) -> None:
    """Translate ``command``'s texts, its parameters' and (for a group) its subcommands'."""
    _localize_object(command)
    for param in getattr(command, "params", ()):
        _localize_object(param)
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name in list(subcommands):
            sub = subcommands[name]
            _localize_object(sub)
    _localize_typer()


def _localize_typer() -> None:
    """The panel titles Typer prints around help (its own English constants)."""
    import typer.rich_utils as ru

    from rules.i18n import _

    ru.OPTIONS_PANEL_TITLE = _("Options")
    ru.COMMANDS_PANEL_TITLE = _("Commands")
    ru.ARGUMENTS_PANEL_TITLE = _("Arguments")
    ru.ERRORS_PANEL_TITLE = _("Error")
    ru.DEFAULT_STRING = _("[default: {}]")
    ru.REQUIRED_LONG_STRING = _("[required]")
    ru.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")


@cache
def localizing(cls: Any) -> Any:
    """``cls`` with help translated when it is formatted."""

    class Localized(cls):
        def format_help(self, ctx: Any, formatter: Any) -> Any:
            localize(self, ctx)
            return super().format_help(ctx, formatter)

        def format_usage(self, ctx: Any, formatter: Any) -> None:
            from rules.i18n import _

            formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=_("Usage: "))

        def get_help_option(self, ctx: Any) -> Any:
            option = super().get_help_option(ctx)
            if option is not None:
                from rules.i18n import _

                option.help = _("Show this message and exit.")
            return option

    Localized.__name__ = Localized.__qualname__ = cls.__name__
    return Localized


def make_localized(command: Any) -> Any:
    """``command`` itself, now of a class that translates its help when shown."""
    command.__class__ = localizing(command.__class__)
    return command
