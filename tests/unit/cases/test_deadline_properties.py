"""Properties every deadline calendar must have, whatever the dates.

- a due date never falls on a Saturday, Sunday, WA legal holiday or city holiday;
- more tolling (more paused or granted days) never moves a due date earlier;
- nothing depends on the time zone of the machine that computes it;
- a period of N days is never due before N days after the local receipt date, and the
  24-hour notice is exactly 24 hours after receipt.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import holidays
from hypothesis import given, settings
from hypothesis import strategies as st

from cases.calendar import CityCalendar
from cases.deadlines import (
    MAX_CONTINUANCE_DAYS,
    Continuance,
    Deadline,
    DeadlineKey,
    Status,
    Triggers,
    compute_deadlines,
)
from tests.budget import examples

K = DeadlineKey
CITY_HOLIDAYS = (date(2026, 8, 14), date(2027, 3, 15), date(2028, 10, 9))
ZONES = ("America/Los_Angeles", "America/New_York", "Pacific/Honolulu", "America/Anchorage")
WA = holidays.country_holidays("US", subdiv="WA")
DAYS = {K.REGISTERED_MAIL: 3, K.HEARING_BEGIN: 20, K.HEARING_CONCLUDE: 24,
        K.REPORT_DELIVERY: 10, K.COUNCIL_DECISION: 7}
MACHINE_ZONES = ("UTC", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago",
                 "America/Los_Angeles", "Australia/Lord_Howe")

calendars = st.sampled_from(ZONES).map(lambda z: CityCalendar(z, CITY_HOLIDAYS))
receipts = st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2030, 12, 31),
                        timezones=st.sampled_from([UTC, *map(ZoneInfo, ZONES)]),
                        allow_imaginary=False)


@st.composite
def continuance_plans(draw: st.DrawFn) -> tuple[tuple[int, int | None, int], ...]:
    """(days after receipt applied, days pending or None if undecided, days granted).

    In order of application; only the last may still be undecided (§7 allows one pending
    application at a time, and the procedure refuses another while one pends).
    """
    n = draw(st.integers(0, 3))
    applied = sorted(draw(st.lists(st.integers(0, 40), min_size=n, max_size=n)))
    last_undecided: bool = draw(st.booleans())
    plans: list[tuple[int, int | None, int]] = [
        (a, draw(st.integers(0, 15)), draw(st.integers(0, MAX_CONTINUANCE_DAYS)))
        for a in applied]
    if plans and last_undecided:
        plans[-1] = (plans[-1][0], None, 0)
    return tuple(plans)


def continuances(received_day: date, plans: tuple[tuple[int, int | None, int], ...]
                 ) -> tuple[Continuance, ...]:
    # applications one after another: each is made after the previous one was decided
    out: list[Continuance] = []
    floor = received_day
    for applied_after, paused, granted in plans:
        applied = max(received_day + timedelta(days=applied_after), floor)
        decided = None if paused is None else applied + timedelta(days=paused)
        out.append(Continuance(applied, decided, granted))
        floor = decided or applied
    return tuple(out)


@st.composite
def triggers(draw: st.DrawFn, cal: CityCalendar) -> Triggers:
    received = draw(receipts)
    day = cal.local_date(received)
    concluded = draw(st.none() | st.integers(0, 80).map(lambda n: day + timedelta(days=n)))
    determined = draw(st.none() | st.integers(0, 200).map(lambda n: day + timedelta(days=n)))
    public = draw(st.none() | st.integers(0, 1200).map(lambda n: day - timedelta(days=n)))
    return Triggers(
        received=received,
        continuances=continuances(day, draw(continuance_plans())),
        hearing_concluded=concluded,
        determination_received=determined,
        public_since=public,
        extensions={K.REPORT_DELIVERY: draw(st.integers(0, 30)),
                    K.COUNCIL_DECISION: draw(st.integers(0, 30))},
    )


@st.composite
def cases(draw: st.DrawFn) -> tuple[CityCalendar, Triggers]:
    cal = draw(calendars)
    return cal, draw(triggers(cal))


def compute(t: Triggers, cal: CityCalendar) -> dict[DeadlineKey, Deadline]:
    return {d.key: d for d in compute_deadlines(t, cal, now=t.received)}


@given(cases())
def test_no_day_period_falls_due_on_a_closed_day(c: tuple[CityCalendar, Triggers]) -> None:
    cal, t = c
    for d in compute(t, cal).values():
        if d.key is K.NOTICE_24H or d.due is None:
            continue
        local = d.due.astimezone(cal.tz)
        assert d.due.utcoffset() == local.utcoffset()
        assert (local.hour, local.minute, local.second) == (23, 59, 59)
        day = local.date()
        assert day.weekday() < 5, (d.key, d.basis)
        assert day not in WA, (d.key, WA.get(day), d.basis)
        assert day not in CITY_HOLIDAYS, (d.key, d.basis)
        assert f"{day:%b} {day.day}, {day.year}" in d.basis


@given(cases())
def test_a_period_of_n_days_is_never_due_before_n_days(c: tuple[CityCalendar, Triggers]) -> None:
    cal, t = c
    ds = compute(t, cal)
    received_day = cal.local_date(t.received)
    notice = ds[K.NOTICE_24H].due
    assert notice is not None
    # in UTC: subtracting two datetimes that share a tzinfo gives the wall-clock difference
    assert notice.astimezone(UTC) - t.received.astimezone(UTC) == timedelta(hours=24)
    starts = {K.REGISTERED_MAIL: received_day, K.HEARING_BEGIN: received_day,
              K.HEARING_CONCLUDE: received_day, K.REPORT_DELIVERY: t.hearing_concluded,
              K.COUNCIL_DECISION: t.determination_received}
    for key, start in starts.items():
        d = ds.get(key)
        if d is None or d.due is None:
            continue
        assert start is not None
        n = DAYS[key] + t.extensions.get(key, 0)
        assert (cal.local_date(d.due) - start).days >= n, d.basis
    if t.public_since is not None:
        due = ds[K.LIMITATIONS].due
        assert due is not None
        assert (cal.local_date(due) - t.public_since).days >= 365 * 2


@given(cases())
def test_hearing_deadlines_are_tolled_exactly_while_a_continuance_pends(
        c: tuple[CityCalendar, Triggers]) -> None:
    cal, t = c
    ds = compute(t, cal)
    for key in (K.NOTICE_24H, K.REGISTERED_MAIL):
        assert ds[key].due is not None
    if not any(x.pending for x in t.continuances):
        assert ds[K.HEARING_BEGIN].due is not None
        assert ds[K.HEARING_CONCLUDE].due is not None
    for key in (K.HEARING_BEGIN, K.HEARING_CONCLUDE):
        assert (ds[key].due is None) == (ds[key].status is Status.TOLLED)


def _due(t: Triggers, cal: CityCalendar, key: DeadlineKey) -> datetime | None:
    return compute(t, cal)[key].due


@st.composite
def decided_plans(draw: st.DrawFn) -> tuple[tuple[int, int | None, int], ...]:
    """One to three continuances, all decided: every example has one to lengthen, and no
    pending one leaves the dates tolled (with nothing to compare)."""
    applied = sorted(draw(st.lists(st.integers(0, 40), min_size=1, max_size=3)))
    return tuple((a, draw(st.integers(0, 15)), draw(st.integers(0, MAX_CONTINUANCE_DAYS)))
                 for a in applied)


@given(calendars, receipts, decided_plans(), st.data())
def test_more_tolling_never_moves_a_due_date_earlier(
        cal: CityCalendar, received: datetime, plans: tuple[tuple[int, int | None, int], ...],
        data: st.DataObject) -> None:
    t = Triggers(received=received, continuances=continuances(cal.local_date(received), plans))
    i = data.draw(st.integers(0, len(t.continuances) - 1))
    x = t.continuances[i]
    assert x.decided is not None
    # a later decision must still come before the next application
    nxt = t.continuances[i + 1] if i + 1 < len(t.continuances) else None
    room = (nxt.applied - x.decided).days if nxt is not None else 10
    more_paused = data.draw(st.integers(0, room))
    more_granted = data.draw(st.integers(0, MAX_CONTINUANCE_DAYS - x.granted_days))
    longer = Continuance(x.applied, x.decided + timedelta(days=more_paused),
                         x.granted_days + more_granted)
    more = Triggers(received=t.received,
                    continuances=(*t.continuances[:i], longer, *t.continuances[i + 1:]))
    less = Triggers(received=t.received, continuances=t.continuances)
    for key in (K.HEARING_BEGIN, K.HEARING_CONCLUDE):
        before, after = _due(less, cal, key), _due(more, cal, key)
        assert before is not None and after is not None  # nothing pends: never tolled
        assert after >= before


@given(calendars, receipts, st.integers(0, 40), st.integers(0, 15), st.integers(0, 10),
       st.integers(0, 15), st.integers(0, 10))
def test_more_paused_or_granted_days_on_one_continuance(cal: CityCalendar, received: datetime,
                                                        applied: int, paused: int, granted: int,
                                                        more_paused: int,
                                                        more_granted: int) -> None:
    day = cal.local_date(received) + timedelta(days=applied)
    granted2 = min(granted + more_granted, MAX_CONTINUANCE_DAYS)
    base = Continuance(day, day + timedelta(days=paused), granted)
    longer = Continuance(day, day + timedelta(days=paused + more_paused), granted2)
    for key in (K.HEARING_BEGIN, K.HEARING_CONCLUDE):
        a = _due(Triggers(received=received), cal, key)
        b = _due(Triggers(received=received, continuances=(base,)), cal, key)
        c = _due(Triggers(received=received, continuances=(longer,)), cal, key)
        assert a is not None and b is not None and c is not None
        assert a <= b <= c


@contextmanager
def machine_zone(zone: str) -> Iterator[None]:
    saved = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = saved
        time.tzset()


def _everything(t: Triggers, cal: CityCalendar, now: datetime) -> list[dict[str, str | None]]:
    return [d.as_json() for d in compute_deadlines(t, cal, now=now)]


@settings(max_examples=examples(60))
@given(cases(), st.integers(0, 60), st.data())
def test_results_do_not_depend_on_the_machine_time_zone(c: tuple[CityCalendar, Triggers],
                                                        hours_later: int,
                                                        data: st.DataObject) -> None:
    cal, t = c
    # some steps done (at UTC instants, as storage returns them), to exercise the "done" text
    done = {k: t.received.astimezone(UTC) + timedelta(hours=data.draw(st.integers(1, 900)))
            for k in data.draw(st.sets(st.sampled_from(list(K))))}
    t = Triggers(received=t.received, continuances=t.continuances,
                 hearing_concluded=t.hearing_concluded,
                 determination_received=t.determination_received,
                 public_since=t.public_since, extensions=t.extensions, done=done)
    now = t.received + timedelta(hours=hours_later)
    results = []
    for zone in MACHINE_ZONES:
        with machine_zone(zone):
            results.append(_everything(t, cal, now))
    assert all(r == results[0] for r in results[1:])


def test_done_while_tolled_is_shown_in_the_city_zone() -> None:
    # The hearing began Tue Jan 20 2026 10:00 PST, then the board applied for a continuance:
    # begin has no due date while it pends, but the record of when it was done must still be
    # shown in the city's zone, whatever the machine's zone.
    cal = CityCalendar("America/Los_Angeles")
    t = Triggers(received=datetime.fromisoformat("2026-01-06T09:30:00-08:00"),
                 continuances=(Continuance(date(2026, 1, 21)),),
                 done={K.HEARING_BEGIN: datetime.fromisoformat("2026-01-20T18:00:00+00:00")})
    for zone in ("UTC", "Asia/Kolkata", "Pacific/Kiritimati"):
        with machine_zone(zone):
            begin = compute(t, cal)[K.HEARING_BEGIN]
        assert begin.status is Status.MET
        assert begin.due is None
        assert begin.basis.endswith("; done Tue Jan 20, 2026 10:00 AM PST"), begin.basis
