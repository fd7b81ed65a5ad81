"""The city's calendar: business days, legal holidays and local end of day.

RCW 35A.21.080 (code cities): a period of days excludes the day of the trigger and
includes the last day; when the last day is a Saturday, Sunday or legal holiday the act
is due on the next business day. Legal holidays are Washington's (RCW 1.16.050, which
the `holidays` package implements for US/WA, observed dates included) plus the city's own
from the directory file. A day period ends at 23:59:59 local time of its last day.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from functools import cached_property
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

if TYPE_CHECKING:
    from holidays import HolidayBase

END_OF_DAY = time(23, 59, 59)


class CityCalendar:
    """Business-day arithmetic in one time zone. Holds no clock; all inputs are explicit."""

    def __init__(self, timezone: str | ZoneInfo, city_holidays: Iterable[date] = ()) -> None:
        self.tz = timezone if isinstance(timezone, ZoneInfo) else ZoneInfo(timezone)
        self.city_holidays = frozenset(city_holidays)

    def wall(self, moment: datetime) -> datetime:
        """`moment`, a local time typed without an offset, placed in the city's zone:
        refused (`ValueError`, with the reason) when the clocks skip it at a change to
        daylight-saving time; at the change back, the first of the two such times."""
        naive = moment.replace(tzinfo=None, fold=0)
        placed = naive.replace(tzinfo=self.tz)
        if placed.astimezone(UTC).astimezone(self.tz).replace(tzinfo=None) != naive:
            raise ValueError(
                f"{naive:%Y-%m-%d %H:%M} does not exist in the city: the clocks go forward "
                "an hour that night (daylight saving time). Give the time as the clocks "
                "showed it, an hour later.")
        return placed

    @cached_property
    def _state(self) -> HolidayBase:
        """Washington's holidays, loaded when a date is first looked at: the library
        imports every country's calendar (~90 ms), which a command that computes no
        deadline (`ethicsbot status`) should not pay for."""
        import holidays

        return holidays.country_holidays("US", subdiv="WA")

    def holiday_name(self, day: date) -> str | None:
        if day in self.city_holidays:
            return "a city holiday"
        name = self._state.get(day)
        return str(name) if name else None

    def closed_because(self, day: date) -> str | None:
        """Why no act is due on `day` ("a Saturday", "Christmas Day"), or None."""
        if day.weekday() == 5:
            return "a Saturday"
        if day.weekday() == 6:
            return "a Sunday"
        return self.holiday_name(day)

    def is_business_day(self, day: date) -> bool:
        return self.closed_because(day) is None

    def roll_forward(self, day: date) -> tuple[date, list[str]]:
        """The first business day on or after `day`, and why each skipped day was skipped."""
        skipped: list[str] = []
        while (why := self.closed_because(day)) is not None:
            skipped.append(f"{fmt_day(day)} is {why}")
            day += timedelta(days=1)
        return day, skipped

    def add_business_days(self, day: date, n: int) -> tuple[date, list[str]]:
        """The `n`th business day after `day` (RCW 42.56.520's "within five business days"),
        and why each closed day in between was not counted."""
        skipped: list[str] = []
        while n > 0:
            day += timedelta(days=1)
            if (why := self.closed_because(day)) is None:
                n -= 1
            else:
                skipped.append(f"{fmt_day(day)} is {why}")
        return day, skipped

    def local_date(self, moment: datetime) -> date:
        return self.local(moment).date()

    def local(self, moment: datetime) -> datetime:
        if moment.tzinfo is None:
            raise ValueError("a moment without a time zone cannot be placed on the calendar")
        return moment.astimezone(self.tz)

    def end_of_day(self, day: date) -> datetime:
        return datetime.combine(day, END_OF_DAY, tzinfo=self.tz)


# English names, whatever the machine's locale (strftime's %a/%b follow the locale, and
# are slow enough to show in a 10,000-case docket)
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def fmt_day(day: date) -> str:
    """'Tue Dec 29, 2026': the form every basis uses, so people can check it."""
    return f"{_DAYS[day.weekday()]} {_MONTHS[day.month - 1]} {day.day}, {day.year}"


def fmt_moment(moment: datetime) -> str:
    """'Mon Nov 30, 2026 2:15 PM PST' in the moment's own zone."""
    hour = moment.hour % 12 or 12
    clock = f"{hour}:{moment.minute:02d}" + (f":{moment.second:02d}" if moment.second else "")
    half = "AM" if moment.hour < 12 else "PM"
    return f"{fmt_day(moment.date())} {clock} {half} {moment.tzname()}"


def when(moment: str | datetime | None, calendar: CityCalendar) -> str:
    """A stored moment (ISO text, as the read side gives it, or an aware datetime) in city
    time, as `fmt_moment` writes it; '—' when there is none."""
    if moment is None or moment == "":
        return "—"
    found = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    return fmt_moment(calendar.local(found))


def day_of(stored: str | None, calendar: CityCalendar) -> str:
    """A stored day (ISO date) or moment (ISO date-time: its day in the city), as
    `fmt_day` writes it; '—' when there is none."""
    if not stored:
        return "—"
    if len(stored) == 10:
        return fmt_day(date.fromisoformat(stored))
    return fmt_day(calendar.local_date(datetime.fromisoformat(stored)))


def countdown(due: datetime, now: datetime) -> str:
    """'in 3 days', 'in 5 h', 'overdue by 2 days': what a glance at the docket needs."""
    seconds = (due - now).total_seconds()
    span = abs(seconds)
    amount = f"{int(span // 86400)} days" if span >= 2 * 86400 else f"{int(span // 3600)} h"
    return f"in {amount}" if seconds >= 0 else f"overdue by {amount}"
