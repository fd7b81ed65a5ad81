"""How the web writes a day, a moment, a phone number and a person (issue 41): as people
write them, "Tue Dec 8, 2026", "Tue Dec 8, 2026 11:59 PM PST", "(509) 555-0134",
"Helen Park", never the stored "2026-12-08", "2026-12-09T07:59:59+00:00",
"+15095550134" or "hpark@city.test".

One set, used by the pages' Python and registered as the filters of the web's templates
(`register`), so a page cannot write one of them another way. Days and moments are the
words every basis uses (`cases.calendar.fmt_day`, `fmt_moment`), to the minute. A day
period ends at the last moment of its last day (23:59:59 city time, `cases.calendar`);
wherever the web shows such a deadline, its due moment and its basis, it says so as
people do: "end of day Thu Dec 3, 2026" (`due`, `basis`), never "11:59:59 PM". A value
that is not what its filter expects is shown as it was given: a page never fails on what
a person typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

import phonenumbers
from jinja2 import Environment, pass_context
from jinja2.runtime import Context

from cases.calendar import END_OF_DAY, CityCalendar, fmt_day, fmt_moment
from cases.directory import Directory
from cases.text import words

NOTHING = "—"
REGION = "US"  # a number written without its country is the city's


def day(value: object, calendar: CityCalendar | None = None) -> str:
    """A stored day ("2026-12-08"), a date, or a moment's day in the city."""
    if value is None or value == "":
        return NOTHING
    try:
        if isinstance(value, datetime):
            found = calendar.local_date(value) if calendar else value.date()
        elif isinstance(value, date):
            found = value
        elif len(str(value)) == 10:
            found = date.fromisoformat(str(value))
        else:
            moment_ = datetime.fromisoformat(str(value))
            found = calendar.local_date(moment_) if calendar else moment_.date()
    except ValueError:
        return str(value)
    return fmt_day(found)


def moment(value: object, calendar: CityCalendar) -> str:
    """A stored moment (ISO text or an aware datetime) in city time, to the minute."""
    if value is None or value == "":
        return NOTHING
    try:
        found = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    if found.tzinfo is None:
        return str(value)
    return fmt_moment(calendar.local(found).replace(second=0, microsecond=0))


END_OF_DAY_WORDS = "end of day"  # a day period's due moment: "end of day Thu Dec 3, 2026"


def due(value: object, calendar: CityCalendar) -> str:
    """A deadline's due moment in city time: the end of a day period's last day as
    "end of day Thu Dec 3, 2026", an hour period's instant as `moment` writes it."""
    try:
        found = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    except ValueError:
        return moment(value, calendar)
    if found.tzinfo is None:
        return moment(value, calendar)
    local = calendar.local(found)
    if local.time().replace(microsecond=0) == END_OF_DAY:
        return f"{END_OF_DAY_WORDS} {fmt_day(local.date())}"
    return moment(found, calendar)


# a basis's "due by Thu Dec 3, 2026 11:59:59 PM PST" (`cases.deadlines`): a day period's end
_DAY_ENDS = re.compile(r"\b(due (?:by )?)((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} "
                       r"\d{1,2}, \d{4}) 11:59:59 PM [^\s;,.)]+")


def basis(text: object) -> str:
    """A deadline's basis (the arithmetic to check) with a day period's end written as
    `due` writes it: "…; due by end of day Thu Dec 3, 2026"; the rest as the rule wrote it."""
    return _DAY_ENDS.sub(lambda m: f"{m.group(1)}{END_OF_DAY_WORDS} {m.group(2)}",
                         str(text or ""))


_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)")


def moments_in(text: str, calendar: CityCalendar) -> str:
    """`text` (a server's reply, kept as proof) with each time stamp in it ("posted
    2026-11-30T17:00:00+00:00") written in city time, as `moment` writes it."""
    return _STAMP.sub(lambda m: moment(m.group(0).replace("Z", "+00:00"), calendar), text)


def phone(value: object) -> str:
    """A phone number as the city writes it ("(509) 555-0134"; another country's with its
    code, "+44 20 7946 0958"); as given when it is no number."""
    text = str(value or "").strip()
    if not text:
        return NOTHING
    try:
        number = phonenumbers.parse(text, REGION)
    except phonenumbers.NumberParseException:
        return text
    if not phonenumbers.is_valid_number(number):
        return text
    home = phonenumbers.region_code_for_number(number) == REGION
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL if home
                                      else phonenumbers.PhoneNumberFormat.INTERNATIONAL)


def person(value: object, directory: Directory) -> str:
    """A person by the name the directory gives their address; an address it does not
    list as it is (someone from outside the city writes in under their own)."""
    text = str(value or "").strip()
    return directory.name_of(text) if "@" in text else text or NOTHING


# the names a template's context carries them by (`web.render.page` sets them)
DIRECTORY, CALENDAR = "directory", "calendar"


def spreadsheet_cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as text: one starting =, +, - or @ would be a formula
    (the docket's CSV, the public status sheet's)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def register(env: Environment) -> None:
    """Make these the template filters `day`, `moment`, `due`, `basis`, `phone` and
    `person`; the directory and the calendar come from the page's context."""
    @pass_context
    def _day(context: Context, value: Any) -> str:
        return day(value, context.get(CALENDAR))

    @pass_context
    def _moment(context: Context, value: Any) -> str:
        return moment(value, context[CALENDAR])

    @pass_context
    def _person(context: Context, value: Any) -> str:
        return person(value, context[DIRECTORY])

    @pass_context
    def _due(context: Context, value: Any) -> str:
        return due(value, context[CALENDAR])

    env.filters.update(day=_day, moment=_moment, due=_due, basis=basis, phone=phone,
                       person=_person)


def deadline_title(x: Mapping[str, Any], name_of: Callable[[str], str]) -> str:
    """A deadline's name as a reader says it: "council decision", and ", as to Gary
    Pruitt" for one that runs for one official of their own (§12's seven days)."""
    title = words(x["key"])
    return f"{title}, as to {name_of(x['official'])}" if x.get("official") else title
