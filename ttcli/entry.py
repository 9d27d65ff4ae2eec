"""The ``ttcli`` program's entry point (and ``python -m ttcli``'s): as small as a module can be.

Ctrl-C while the program starts is one line and exit code 130 (``ttcli.main.console``), but
that handler exists only once ``ttcli.main`` and what it imports have loaded: some
milliseconds in which a Ctrl-C printed a traceback.  Loading them here, inside a ``try``,
leaves only this module's own few lines unguarded.
"""

from __future__ import annotations

import sys


def console() -> None:
    try:
        from .main import console as run
    except KeyboardInterrupt:
        sys.stderr.write(_interrupted() + "\n")
        sys.exit(130)
    run()


def _interrupted() -> str:
    """The line an interrupted start prints, in the language the environment asks for when the
    catalogs can still be read (a second Ctrl-C, or a start cut off inside them: in English)."""
    try:
        from rules.i18n import _

        from .i18n import setup

        setup()
        return _("ttcli: interrupted")
    except BaseException:  # noqa: BLE001 - any failure here still ends with the line, not a traceback
        return "ttcli: interrupted"
