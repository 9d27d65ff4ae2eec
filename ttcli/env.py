"""One injected environment: streams, terminal flags, colour, the saves folder.

Commands and renderers read everything about the outside world from here, so
tests swap it for one with string streams (httpie's pattern).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass
class Environment:
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    stdout_isatty: bool | None = None
    stderr_isatty: bool | None = None
    environ: dict = field(default_factory=lambda: dict(os.environ))
    no_color: bool = False
    saves: Path | None = None
    session: str | None = None

    def __post_init__(self) -> None:
        if self.stdout_isatty is None:
            self.stdout_isatty = _isatty(self.stdout)
        if self.stderr_isatty is None:
            self.stderr_isatty = _isatty(self.stderr)
        # NO_COLOR: any non-empty value disables colour (no-color.org).
        if self.environ.get("NO_COLOR"):
            self.no_color = True

    @property
    def color(self) -> bool:
        return self.stdout_isatty and not self.no_color

    @property
    def saves_dir(self) -> Path:
        """--saves > TTCLI_SAVES > ./saves"""
        if self.saves is not None:
            return self.saves
        env = self.environ.get("TTCLI_SAVES")
        return Path(env) if env else Path("saves")
