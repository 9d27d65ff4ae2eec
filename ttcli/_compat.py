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
