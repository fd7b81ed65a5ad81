"""A number a stranger types is ASCII digits, and few of them (issue 24): `str.isdigit`
is true of "²" (which `int` refuses: a 500) and of "٣" and a hundred digits (which
`timedelta` cannot hold)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases.text import whole_number


@pytest.mark.parametrize("typed", ["²", "٣", "१२", "3²", "", " 3", "3 ", "+3", "-3", "3.0",
                                   "1" * 7, "0x10", "٣٣"])
def test_only_a_few_ascii_digits_are_a_number(typed: str) -> None:
    assert whole_number(typed) is None


def test_ascii_digits_are_read() -> None:
    assert whole_number("12") == 12 and whole_number("000123") == 123
    assert whole_number("12345", 4) is None and whole_number("1234", 4) == 1234


@given(st.text(max_size=12))
def test_whatever_is_typed_is_none_or_a_small_whole_number(typed: str) -> None:
    number = whole_number(typed)
    assert number is None or 0 <= number < 10**6
