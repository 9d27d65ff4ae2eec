"""The parts of Click that Typer keeps private (``typer._click``), in one place.

Typer 0.26+ vendors Click and exposes no public name for these; ttcli needs them
for usage errors worded in the reader's language, for telling a typed option from
a default, for the current context, and for the shell completion scripts.  A test
(``tests/ttcli/test_compat.py``) fails when Typer moves or changes any of them, so a
Typer upgrade breaks here and nowhere else.  Each is imported on first use.
"""

from __future__ import annotations

from typing import Any


def click_exceptions() -> Any:
    """Click's exceptions module (UsageError, NoArgsIsHelpError, ClickException ...)."""
    from typer._click import exceptions

    return exceptions


def parameter_source() -> Any:
    """Click's ParameterSource enum: where a parameter's value came from."""
    from typer._click.core import ParameterSource

    return ParameterSource


def current_context() -> Any:
    """The Click context of the command being run."""
    from typer._click.globals import get_current_context

    return get_current_context()


def completion_class(shell: str) -> Any:
    """Click's completion class for ``shell``, or None for a shell it does not know."""
    from typer._click.shell_completion import get_completion_class

    return get_completion_class(shell)


def add_completion_class(cls: Any, shell: str) -> None:
    """Register ``cls`` as the completion class of ``shell`` (replacing Typer's)."""
    from typer._click.shell_completion import add_completion_class as add

    add(cls, shell)


def completion_item(value: str, help: str | None = None) -> Any:
    """One completion as Click hands it to a shell's class."""
    from typer._click.shell_completion import CompletionItem

    return CompletionItem(value, help=help)


def resolve_for_completion(cli: Any, ctx_args: Any, prog_name: str, args: list[str], incomplete: str) -> Any:
    """(context, the command or parameter being completed, the word typed), as Click's own
    ``ShellComplete.get_completions`` finds them."""
    from typer._click.shell_completion import _resolve_context, _resolve_incomplete

    ctx = _resolve_context(cli, ctx_args, prog_name, args)
    obj, incomplete = _resolve_incomplete(ctx, args, incomplete)
    return ctx, obj, incomplete


def declared_autocompletion(wrapper: Any) -> Any:
    """The ``autocompletion`` callback a Typer parameter was declared with, ``(ctx, args,
    incomplete) -> values``, or None, found in ``wrapper``, the parameter's completion as
    Typer installs it.  Typer keeps the callback only inside that wrapper (which drops
    every value that does not start with exactly what was typed, case and quoting
    included); ttcli matches like names, so it asks the callback itself."""
    code = getattr(wrapper, "__code__", None)
    if code is None or "autocompletion" not in code.co_freevars or wrapper.__closure__ is None:
        return None
    return wrapper.__closure__[code.co_freevars.index("autocompletion")].cell_contents
