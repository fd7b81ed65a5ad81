"""Read the dates mail clients print, as aware datetimes.

Receipt starts the statutory clocks (§2, §7), so the date of the original message matters
more than the forward's. Clients print it in their own ways: RFC 5322 in headers and
Thunderbird forwards, `Tue, Jun 9, 2026 at 7:42 AM` (Gmail), `Monday, July 13, 2026 2:18 PM`
(Outlook), `August 4, 2026 at 9:51:27 PM PDT` (Apple). A date without a zone is wall-clock
time in the city's zone, daylight saving included; a date with a zone keeps it.
"""

from __future__ import annotations

import email.utils
import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
# US zone abbreviations clients print; others are ambiguous worldwide and read as local.
_ABBREVIATIONS = {
    "UTC": 0, "GMT": 0, "UT": 0, "Z": 0,
    "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
    "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10,
}
_YEARS = (1900, 2200)
_RFC5322 = re.compile(r"^\s*(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{1,2}:\d{2}")
_MONTH_NAME = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_FORMS = (
    re.compile(_MONTH_NAME + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})", re.I),
    re.compile(r"(?P<day>\d{1,2})\.?\s+" + _MONTH_NAME + r",?\s+(?P<year>\d{4})", re.I),
    re.compile(r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})"),
    re.compile(r"(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})"),
)
_TIME = re.compile(
    r"(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[ap]\.?\s?m\.?)?"
    r"(?:\s*(?:(?P<off>[+-]\d{2}:?\d{2})|\(?(?P<abbr>(?-i:[A-Z]{1,5}))\)?))?(?![\w:])",
    re.I,
)


def to_local_if_utc(moment: datetime, tz: ZoneInfo) -> datetime:
    """Show a UTC stamp (Exchange writes +0000 whatever the sender's zone) in city time."""
    offset = moment.utcoffset()
    return moment.astimezone(tz) if offset == timedelta(0) else moment


def parse_date(text: str, tz: ZoneInfo) -> datetime | None:
    """An aware datetime from a printed date, or None when none can be read."""
    text = text.replace("\u202f", " ").replace("\xa0", " ").strip()
    if not text:
        return None
    found = _rfc5322(text, tz) if _RFC5322.match(text) else None
    found = found or _loose(text, tz)
    # Far from now is a misreading or a trap: near datetime's bounds, converting a zone
    # or adding a day overflows.
    return found if found is not None and _YEARS[0] <= found.year <= _YEARS[1] else None


def _rfc5322(text: str, tz: ZoneInfo) -> datetime | None:
    try:
        moment = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if moment.tzinfo is None:
        # "-0000" means UTC with the sender's zone unknown; a missing zone means local.
        zone: tzinfo = UTC if re.search(r"-0000\b", text) else tz
        moment = moment.replace(tzinfo=zone)
    return moment


def _loose(text: str, tz: ZoneInfo) -> datetime | None:
    for form in _DATE_FORMS:
        date_match = form.search(text)
        if date_match:
            break
    else:
        return None
    parts = date_match.groupdict()
    month = _MONTHS[parts["mon"][:3].lower()] if parts.get("mon") else int(parts["month"])
    time_match = _TIME.search(text, date_match.end())
    hour = minute = second = 0
    zone: tzinfo = tz
    if time_match:
        hour, minute = int(time_match["h"]), int(time_match["m"])
        second = int(time_match["s"] or 0)
        ampm = (time_match["ampm"] or "").lower().replace(".", "").replace(" ", "")
        if ampm and not 1 <= hour <= 12:
            return None
        if ampm == "pm" and hour != 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        zone = _zone(time_match["off"], time_match["abbr"], tz)
    try:
        return datetime(int(parts["year"]), month, int(parts["day"]), hour, minute, second,
                        tzinfo=zone)
    except ValueError:
        return None


def _zone(offset: str | None, abbr: str | None, tz: ZoneInfo) -> tzinfo:
    if offset:
        digits = offset.replace(":", "")
        delta = timedelta(hours=int(digits[1:3]), minutes=int(digits[3:5]))
        if delta >= timedelta(hours=24):
            return tz  # no such offset (+2500): read the time as if it had none
        return timezone(-delta if digits[0] == "-" else delta)
    if abbr and abbr.upper() in _ABBREVIATIONS:
        return timezone(timedelta(hours=_ABBREVIATIONS[abbr.upper()]))
    return tz
