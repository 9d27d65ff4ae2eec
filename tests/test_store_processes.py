"""Real processes against one session file (DESIGN decision 4).

Runs the reliability harness with small counts: SIGKILL at random moments of
saving, and concurrent read-modify-write increments.  The same harness runs
with large counts from the command line (benchmarks/store_reliability.py).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

HARNESS = Path(__file__).resolve().parents[1] / "benchmarks" / "store_reliability.py"


@pytest.fixture(scope="module")
def harness():
    spec = importlib.util.spec_from_file_location("store_reliability", HARNESS)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_design_4_kill_9_during_saves_leaves_the_old_or_the_new_state(harness, tmp_path):
    figures = harness.run_kills(tmp_path, kills=50, seed=7)
    assert figures.failures == []
    assert figures.kills == 50
    assert figures.found_old + figures.found_new == 50


def test_design_4_concurrent_read_modify_writes_lose_no_update(harness, tmp_path):
    figures = harness.run_increments(tmp_path, procs=4, updates=25)
    assert figures.failures == []
    assert figures.final == 100 and figures.events == 100


def test_issue_12_kill_9_during_committed_rolls_burns_no_counter_unseen(harness, tmp_path):
    figures = harness.run_roll_kills(tmp_path, kills=10, seed=3)
    assert figures.failures == [] and figures.missing_flagged == 0
    assert figures.dice_checked > 0


def test_design_4_harness_checker_catches_a_lost_state(harness, tmp_path):
    # the checker must be able to fail: a file two states ahead is reported
    from ttcli.store import SessionFile

    session = SessionFile(tmp_path / "fight.toml", harness.validate)
    session.create(harness.make_doc(0))
    for n in (1, 2):
        with session.transaction() as doc:
            doc.update(harness.make_doc(n))
    figures = harness.KillFigures()
    assert "expected 0 or 1" in harness._check_after_kill(session, session.path, 0, figures)
