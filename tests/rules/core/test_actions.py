"""The numbers an action's words hold (rules/core/actions.py): read with a length limit.

Issue 27, item 5: "Every integer argument is read with a length limit and a clear error" —
an action's whole numbers and grid cells were read by ``int()`` whatever their length.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.actions import CELLS, INT, MAX_DIGITS, Param, convert, parse_cells, whole

HUGE = "9" * 5000


@pytest.mark.parametrize("text", [HUGE, "1" * (MAX_DIGITS + 1), "١٢", "²", "", "-", "1e3", "0x10"])
def test_issue_27_5_a_word_that_is_no_short_whole_number_is_refused(text):
    with pytest.raises(ValueError):
        whole(text)


@given(st.integers(min_value=-(10**MAX_DIGITS) + 1, max_value=10**MAX_DIGITS - 1))
def test_issue_27_5_every_whole_number_within_the_limit_reads_as_python_reads_it(n):
    assert whole(str(n)) == n
    assert whole(f" {n} ") == n


def test_issue_27_5_an_action_number_beyond_the_limit_is_a_clear_error_that_quotes_it_short():
    with pytest.raises(ValueError) as caught:
        convert(Param("metres", INT, "How far."), HUGE)
    assert "(5000)" in str(caught.value) and len(str(caught.value)) < 200


def test_issue_27_5_a_cell_beyond_the_limit_is_a_clear_error():
    with pytest.raises(ValueError) as caught:
        convert(Param("path", CELLS, "Where."), f"{HUGE},1")
    assert len(str(caught.value)) < 200
    assert parse_cells("0,0 1,-1") == ((0, 0), (1, -1))
