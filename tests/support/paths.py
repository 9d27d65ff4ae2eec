"""Where the tests find the project: its root, the tests' data, and the throwaway systems
and drivers they share (this folder)."""

from pathlib import Path

SUPPORT_DIR = Path(__file__).resolve().parent
TESTS_DIR = SUPPORT_DIR.parent
ROOT_DIR = TESTS_DIR.parent
DATA_DIR = TESTS_DIR / "data"
