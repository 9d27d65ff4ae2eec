"""The private parts of Typer's vendored Click that ttcli uses (``ttcli._compat``) are still
there and still what ttcli expects: a Typer release that moves them fails here first."""

from __future__ import annotations

import pytest
import typer

from ttcli import _compat


def test_click_exceptions_are_the_ones_typer_raises():
    errors = _compat.click_exceptions()
    assert issubclass(errors.UsageError, errors.ClickException)
    assert issubclass(errors.NoArgsIsHelpError, errors.UsageError)
    assert issubclass(typer.BadParameter, errors.UsageError)


def test_parameter_source_tells_a_typed_value_from_a_default():
    source = _compat.parameter_source()
    assert {"COMMANDLINE", "ENVIRONMENT", "DEFAULT"} <= set(source.__members__)


def test_current_context_is_the_running_commands():
    seen = []
    app = typer.Typer()

    @app.command()
    def probe() -> None:
        seen.append(_compat.current_context())

    from typer.testing import CliRunner

    assert CliRunner().invoke(app, []).exit_code == 0
    assert seen[0].command.name == "probe" and callable(seen[0].get_parameter_source)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_classes_of_the_three_shells(shell):
    from typer.completion import completion_init

    completion_init()
    cls = _compat.completion_class(shell)
    assert cls is not None and callable(getattr(cls, "source", None))


def test_an_unknown_shell_has_no_completion_class():
    assert _compat.completion_class("tcsh") is None
