"""Reminder planning on fixed dates (Riverton, America/Los_Angeles)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases.calendar import CityCalendar
from ethicsbot.settings import Settings, SettingsError, load_settings, parse_offsets
from scheduler.plan import (
    DEFAULT_OFFSETS,
    Slot,
    due_now,
    in_business_hours_by,
    next_after,
    plan,
)

LA = ZoneInfo("America/Los_Angeles")
CAL = CityCalendar(LA, [date(2026, 12, 24)])  # Dec 24 a city holiday


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=LA)  # type: ignore[misc]


def test_default_slots_for_a_day_deadline_ending_on_a_monday() -> None:
    due = at(2026, 12, 21, 23, 59, 59)  # Mon Dec 21
    slots = {s.name: s.at for s in plan(due, CAL, overdue_pings=2)}
    # 3 days before = Fri Dec 18 23:59:59, after hours: moved back to Fri 17:00
    assert slots["before-3d"] == at(2026, 12, 18, 17, 0)
    # 1 day before = Sun Dec 20 23:59:59: moved back to the last business day, Fri 17:00
    assert slots["before-1d"] == at(2026, 12, 18, 17, 0)
    # 4 hours before is on the last day: exact
    assert slots["before-4h"] == at(2026, 12, 21, 19, 59, 59)
    assert slots["due"] == due
    # overdue: business mornings, skipping Dec 24 (city holiday) and Dec 25 (Christmas)
    assert slots["overdue-2026-12-22"] == at(2026, 12, 22, 9, 0)
    assert slots["overdue-2026-12-23"] == at(2026, 12, 23, 9, 0)


def test_business_hours_moments_stay_as_they_are() -> None:
    assert in_business_hours_by(at(2026, 12, 16, 10, 30), CAL) == at(2026, 12, 16, 10, 30)
    # before opening on a Wednesday: the previous business day's close
    assert in_business_hours_by(at(2026, 12, 16, 7, 0), CAL) == at(2026, 12, 15, 17, 0)
    # after Christmas (Fri) and a weekend: back to Wed Dec 23 (Dec 24 is a city holiday)
    assert in_business_hours_by(at(2026, 12, 27, 12, 0), CAL) == at(2026, 12, 23, 17, 0)


def test_the_24_hour_notice_is_not_reminded_before_it_began() -> None:
    received = at(2026, 12, 1, 14, 15)
    due = received + timedelta(hours=24)
    names = [s.name for s in plan(due, CAL, not_before=received, overdue_pings=0)]
    assert names == ["before-4h", "due"]


def test_missed_slots_are_coalesced_into_one_and_never_repeated() -> None:
    slots = plan(at(2026, 12, 21, 23, 59, 59), CAL, overdue_pings=3)
    now = at(2026, 12, 22, 12, 0)  # the worker was down from Dec 17 until now
    first = due_now(slots, now=now, sent=set())
    assert first is not None and first.name == "overdue-2026-12-22"
    assert due_now(slots, now=now, sent={first.name}) is None
    nxt = next_after(slots, now)
    assert nxt is not None and nxt.name == "overdue-2026-12-23"


@given(st.datetimes(min_value=datetime(2026, 1, 1), max_value=datetime(2028, 12, 31)),
       st.sampled_from([timedelta(days=3), timedelta(days=1), timedelta(hours=30)]))
def test_early_reminders_never_come_later_than_asked_and_fall_in_business_hours(
        naive_due: datetime, offset: timedelta) -> None:
    due = naive_due.replace(tzinfo=LA)
    for s in plan(due, CAL, offsets=[offset], overdue_pings=0):
        if s.name.startswith("before") and CAL.local_date(s.at) != CAL.local_date(due):
            assert s.at <= due - offset
            assert CAL.is_business_day(s.at.date())
            assert 9 <= s.at.hour < 17 or (s.at.hour, s.at.minute) == (17, 0)


def test_slot_is_a_value() -> None:
    assert Slot("due", at(2026, 1, 5, 9, 0)) == Slot("due", at(2026, 1, 5, 9, 0))


def test_reminder_offsets_are_a_setting_whose_default_is_the_plans() -> None:
    default = Settings.model_fields["reminder_offsets"].default
    assert parse_offsets(default) == DEFAULT_OFFSETS
    assert parse_offsets("5d, 2h") == (timedelta(days=5), timedelta(hours=2))
    with pytest.raises(SettingsError, match="REMINDER_OFFSETS"):
        load_settings(_env_file=None, reminder_offsets="3 days")


def test_a_horizon_cuts_only_overdue_pings_after_it() -> None:
    due = at(2026, 12, 21, 23, 59, 59)
    full = plan(due, CAL)
    now = at(2026, 12, 23, 12, 0)
    cut = plan(due, CAL, horizon=now)
    assert cut == full[:len(cut)]
    assert next_after(cut, now) == next_after(full, now)
    assert due_now(cut, now=now, sent=set()) == due_now(full, now=now, sent=set())
    assert len(cut) < len(full)
