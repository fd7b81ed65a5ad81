"""When to remind, decided without I/O.

By default 3 days, 1 day and 4 hours before the due time, at the due time, then each
business morning while overdue. Pings before the last day are moved into business hours
(09:00–17:00 local on a business day), never later than asked, so a "3 days before"
reminder never arrives with less than 3 days left; pings on the last day go out at the
exact time, since the last day is when a clerk most needs them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from cases.calendar import CityCalendar

DEFAULT_OFFSETS: tuple[timedelta, ...] = (timedelta(days=3), timedelta(days=1),
                                          timedelta(hours=4))
OPEN, CLOSE = time(9, 0), time(17, 0)
MAX_OVERDUE_PINGS = 30  # a month of business mornings; then the clerk's escalation stands


@dataclass(frozen=True)
class Slot:
    """One reminder moment for one deadline. `name` is stable: it keys idempotence."""

    name: str  # "before-3d", "before-4h", "due", "overdue-2026-12-22"
    at: datetime
    overdue: bool = False


def slot_name(offset: timedelta) -> str:
    if offset % timedelta(days=1) == timedelta(0):
        return f"before-{offset.days}d"
    return f"before-{int(offset.total_seconds() // 3600)}h"


def in_business_hours_by(moment: datetime, cal: CityCalendar) -> datetime:
    """The latest business-hours moment at or before `moment` (city time)."""
    local = cal.local(moment)
    day = local.date()
    if cal.is_business_day(day) and OPEN <= local.time() <= CLOSE:
        return local
    if not (cal.is_business_day(day) and local.time() > CLOSE):
        day -= timedelta(days=1)
        while not cal.is_business_day(day):
            day -= timedelta(days=1)
    return datetime.combine(day, CLOSE, tzinfo=cal.tz)


def plan(due: datetime, cal: CityCalendar, *, offsets: Sequence[timedelta] = DEFAULT_OFFSETS,
         overdue_pings: int = MAX_OVERDUE_PINGS, not_before: datetime | None = None,
         horizon: datetime | None = None) -> list[Slot]:
    """Every reminder moment for a deadline due at `due`, in time order.

    Slots at or before `not_before` (when the deadline began to run, e.g. the receipt for the
    24-hour notice) are dropped: nobody is reminded of a deadline before it existed.
    Overdue pings after `horizon` are not worked out (the scheduler only ever needs the
    moments up to the next one; with a large docket the rest is most of the work).
    """
    last_day = cal.local_date(due)
    slots: list[Slot] = []
    for offset in sorted(offsets, reverse=True):
        nominal = due - offset
        at = nominal if cal.local_date(nominal) == last_day else in_business_hours_by(
            nominal, cal)
        slots.append(Slot(slot_name(offset), cal.local(at)))
    slots.append(Slot("due", cal.local(due)))
    day = last_day
    for _ in range(overdue_pings):
        day += timedelta(days=1)
        while not cal.is_business_day(day):
            day += timedelta(days=1)
        moment = datetime.combine(day, OPEN, cal.tz)
        slots.append(Slot(f"overdue-{day.isoformat()}", moment, overdue=True))
        if horizon is not None and moment > horizon:
            break
    slots.sort(key=lambda s: s.at)
    return [s for s in slots if not_before is None or s.at > not_before]


def due_now(slots: Sequence[Slot], *, now: datetime, sent: set[str]) -> Slot | None:
    """The one reminder to send now: the latest slot that has come and was not sent.

    Slots missed while the worker was down are coalesced into that one, so a restart
    sends one reminder, not a burst of stale ones.
    """
    ready = [s for s in slots if s.at <= now]
    if not ready or ready[-1].name in sent:
        return None
    return ready[-1]


def next_after(slots: Sequence[Slot], now: datetime) -> Slot | None:
    return next((s for s in slots if s.at > now), None)
