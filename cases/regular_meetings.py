"""The bodies' regular meetings, at the times each has fixed (RCW 42.30.070).

A regular meeting owes no special meeting notice (RCW 42.30.080), only its agenda posted
online a day ahead (RCW 42.30.077). So calling a meeting "regular" when it is not one of
the body's regular meetings would hold it with no notice at all: where the city's file
gives a body's regular times, a meeting called as regular must fall on one of them, or
on the next business day when that time falls on a holiday (RCW 42.30.070: "If at any
time any regular meeting falls on a holiday, such regular meeting shall be held on the
next business day"). Where the file gives none for a body, the clerk's word stands, as
the docs say.

A time is written as the city's rules write it: "1st Tue 18:00", "3rd Wed 17:30",
"last Mon 19:00", "every Thu 09:00".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from cases.calendar import CityCalendar, fmt_moment
from cases.errors import ProcedureError
from cases.meeting_terms import BODY_NAME, Body, MeetingKind

__all__ = ["RegularTime", "RegularTimes", "check_regular", "parse_regular", "regular_on"]

_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "last": -1, "every": 0}
_TIME = re.compile(r"^(1st|2nd|3rd|4th|5th|last|every)\s+([a-z]{3})[a-z]*\s+(\d{1,2}):(\d{2})$")


@dataclass(frozen=True)
class RegularTime:
    """One of a body's regular meeting times: the `ordinal` weekday of each month (1-5,
    -1 the last, 0 every week) at `at`, city time."""

    ordinal: int
    weekday: int  # Monday 0
    at: time

    def __str__(self) -> str:
        which = next(k for k, v in _ORDINALS.items() if v == self.ordinal)
        return f"{which} {_DAYS[self.weekday].capitalize()} {self.at.strftime('%H:%M')}"

    def falls_on(self, day: date) -> bool:
        """Whether `day` is one of this time's days (before any holiday moves it)."""
        if day.weekday() != self.weekday:
            return False
        if self.ordinal == 0:
            return True
        if self.ordinal == -1:
            return (day + timedelta(days=7)).month != day.month
        return (day.day - 1) // 7 + 1 == self.ordinal


# the regular times of each body, as the city's file fixes them (none: not given)
RegularTimes = Mapping[Body, tuple[RegularTime, ...]]


def parse_regular(text: str) -> RegularTime:
    """"2nd Tue 18:00" as a `RegularTime`; a ValueError saying what a time looks like."""
    found = _TIME.match(" ".join(text.lower().split()))
    day = found.group(2) if found else ""
    if found is None or day not in _DAYS:
        raise ValueError(f"{text!r} is not a regular meeting time: write it as the city's "
                         "rules do, e.g. '1st Tue 18:00', 'last Mon 19:00', 'every Thu 09:00'")
    hour, minute = int(found.group(3)), int(found.group(4))
    if hour > 23 or minute > 59:
        raise ValueError(f"{text!r}: {hour}:{minute:02d} is not a time of day")
    return RegularTime(_ORDINALS[found.group(1)], _DAYS.index(day), time(hour, minute))


def regular_on(times: Sequence[RegularTime], day: date, cal: CityCalendar) -> list[time]:
    """The body's regular meeting times held on `day`: each whose own day it is, unless
    that is a holiday, and each whose own day was a holiday and `day` the next business
    day after it (RCW 42.30.070)."""
    held = []
    for t in times:
        for back in range(15):  # a run of closed days is never two weeks long
            own = day - timedelta(days=back)
            if t.falls_on(own) and _held_day(own, cal) == day:
                held.append(t.at)
                break
    return held


def _held_day(own: date, cal: CityCalendar) -> date:
    """The day a regular meeting whose own day is `own` is held."""
    if cal.holiday_name(own) is None:
        return own
    day = own + timedelta(days=1)
    while not cal.is_business_day(day):
        day += timedelta(days=1)
    return day


def check_regular(kind: MeetingKind, body: Body, starts: datetime, times: RegularTimes,
                  cal: CityCalendar) -> None:
    """Refuse a meeting called as regular at a time that is none of the body's regular
    meetings, where the city's file gives them: it would be held with no notice."""
    fixed = times.get(body, ())
    if kind is not MeetingKind.REGULAR or not fixed:
        return
    local = cal.local(starts)
    if local.time().replace(second=0, microsecond=0) in regular_on(fixed, local.date(), cal):
        return
    listed = ", ".join(str(t) for t in fixed)
    nxt = _next_regular(fixed, local, cal)
    raise ProcedureError(
        f"{fmt_moment(local)} is not one of {BODY_NAME[body]}'s regular meetings ({listed}, "
        "as the city's file fixes them; RCW 42.30.070). A regular meeting needs no special "
        "notice, so one called at another time would be held with none: call it as a "
        "special meeting, with its written notice 24 hours ahead (RCW 42.30.080)"
        + (f", or put the case on the next regular meeting, {fmt_moment(nxt)}." if nxt
           else "."))


def _next_regular(times: Sequence[RegularTime], after: datetime,
                  cal: CityCalendar) -> datetime | None:
    """The body's first regular meeting after `after` (looked for over a year)."""
    day = after.date()
    for _ in range(370):
        for at in sorted(regular_on(times, day, cal)):
            moment = datetime.combine(day, at, tzinfo=after.tzinfo)
            if cal.local(moment) > after:
                return cal.local(moment)
        day += timedelta(days=1)
    return None
