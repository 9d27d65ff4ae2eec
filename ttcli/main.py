"""Console entry point (``ttcli``) and ``python -m ttcli``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from .app import app

    try:
        app(args=argv, prog_name="ttcli", standalone_mode=True)
    except SystemExit as e:
        return int(e.code or 0) if not isinstance(e.code, str) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
