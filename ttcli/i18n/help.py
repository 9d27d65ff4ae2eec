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
from copy import copy
from functools import cache
from typing import Any

from rules.i18n import N_, _

_TEXTS = ("help", "short_help", "epilog", "rich_help_panel")

#: Typer's own texts that pass through ``gettext.gettext`` in ``typer.core`` (the
#: vendored Click words its texts in plain English: those are re-worded in
#: ``ttcli.errors``); marked here so the catalog carries them
TYPER_TEXTS = (N_("(dynamic)"), N_("default: {default}"), N_("required"), N_("env var: {var}"), N_("Aborted!"),
               N_("Arguments"), N_("Options"), N_("Commands"))

#: the type names help shows for a value without a metavar (``<str>``, ``<int range>``)
_TYPE_WORDS = {"str": N_("TEXT"), "int": N_("NUMBER"), "int range": N_("NUMBER"),
               "float": N_("NUMBER"), "float range": N_("NUMBER"), "path": N_("PATH")}


def translate(text: str) -> str:
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
    _localize_type_word(obj, originals)
    _localize_argument_type(obj, originals)
    compose: Callable[[], str] | None = getattr(obj, "_ttcli_compose", None)
    if compose is not None:
        obj.help = compose()


def _localize_type_word(param: Any, originals: dict) -> None:
    """An option's value shown by its type (``<str>``) reads ``ТЕКСТ`` in Russian; in
    English the type stays as Typer shows it."""
    if "metavar" not in originals:
        originals["metavar"] = getattr(param, "metavar", "")
    kind = getattr(getattr(param, "type", None), "name", None)
    if getattr(param, "param_type_name", "") != "option" or originals["metavar"] is not None \
            or getattr(param, "is_flag", False) or kind not in _TYPE_WORDS:
        return

    word = _(_TYPE_WORDS[kind])
    param.metavar = None if word == _TYPE_WORDS[kind] else word


def _localize_argument_type(param: Any, originals: dict) -> None:
    """An argument's type column (``<str>``) reads ``ТЕКСТ`` in Russian: the argument gets its
    own copy of its type that names itself so (its checks and their messages are unchanged)."""
    if getattr(param, "param_type_name", "") != "argument":
        return
    original = originals.setdefault("type", param.type)
    kind = getattr(original, "name", None)
    if kind not in _TYPE_WORDS:
        return

    word = _(_TYPE_WORDS[kind])
    if word == _TYPE_WORDS[kind]:
        param.type = original
        return
    shown = copy(original)
    shown.get_metavar = lambda param, ctx: word
    param.type = shown


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
    """The panel titles Typer prints around help (its own English constants), and the few
    texts ``typer.core`` passes through the standard ``gettext.gettext`` (which would read
    the system's default domain, not ours): our translator answers them instead."""
    import typer.core
    import typer.rich_utils as ru

    typer.core._ = _

    ru.OPTIONS_PANEL_TITLE = _("Options")
    ru.COMMANDS_PANEL_TITLE = _("Commands")
    ru.ARGUMENTS_PANEL_TITLE = _("Arguments")
    ru.ERRORS_PANEL_TITLE = _("Error")
    ru.DEFAULT_STRING = _("[default: {}]")
    ru.REQUIRED_LONG_STRING = _("[required]")
    ru.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")


def write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """The usage line in the reader's language: ``Использование: ttcli session [ПАРАМЕТРЫ] КОМАНДА
    [АРГУМЕНТЫ]...``.  Argument names (NAME, EXPR) stay as the hints and the README spell them."""

    words = {"[OPTIONS]": _("[OPTIONS]"), "COMMAND [ARGS]...": _("COMMAND [ARGS]...")}
    pieces = [words.get(piece, piece) for piece in command.collect_usage_pieces(ctx)]
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))


def help_option(option: Any) -> Any:
    """The ``--help`` option, its own help in the reader's language."""
    if option is not None:
        option.help = _("Show this message and exit.")
    return option


@cache
def localizing(cls: Any) -> Any:
    """``cls`` with help translated when it is formatted."""

    class Localized(cls):
        def format_help(self, ctx: Any, formatter: Any) -> Any:
            localize(self, ctx)
            return super().format_help(ctx, formatter)

        def format_usage(self, ctx: Any, formatter: Any) -> None:
            write_usage(self, ctx, formatter)

        def get_help_option(self, ctx: Any) -> Any:
            return help_option(super().get_help_option(ctx))

    Localized.__name__ = Localized.__qualname__ = cls.__name__
    return Localized


def make_localized(command: Any) -> Any:
    """``command`` itself, now of a class that translates its help when shown."""
    command.__class__ = localizing(command.__class__)
    return command
