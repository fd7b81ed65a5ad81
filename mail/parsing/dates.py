"""Read the dates mail clients print, as aware datetimes.

Receipt starts the statutory clocks (§2, §7), so the date of the original message matters
more than the forward's. Clients print it in their own ways: RFC 5322 in headers and
Thunderbird forwards, `Tue, Jun 9, 2026 at 7:42 AM` (Gmail), `Monday, July 13, 2026 2:18 PM`
(Outlook), `August 4, 2026 at 9:51:27 PM PDT` (Apple). A date without a zone is wall-clock
time in the city's zone, daylight saving included; a date with a zone keeps it (`PDT`,
`CEST`, `GMT+5:30`, `UTC−7`). Month names are read in the languages clients localise
their headers into. A numeric date's order (`02/06/2026`) is the writer's locale's: dots
and a number over 12 say it; otherwise the caller says (`read_date(day_first=...)`, from
the header words around it) or gets both readings, never a silent pick.
"""

from __future__ import annotations

import email.utils
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

# Month names and abbreviations as clients print them (en, es, fr, de, pt, it, nl).
_MONTH_NAMES = (
    "january jan | ene enero | janvier janv | januar jänner jän | janeiro | gennaio gen"
    " | januari",
    "february feb | febrero | février févr fév | februar | fevereiro fev | febbraio"
    " | februari",
    "march mar | marzo | mars | märz mär mrz | março | maart mrt",
    "april apr | abril abr | avril avr | aprile",
    "may | mayo | mai | maio | maggio mag | mei",
    "june jun | junio | juin | juni | junho | giugno giu",
    "july jul | julio | juillet juil | juli | julho | luglio lug",
    "august aug | agosto ago | août | augustus",
    "september sep sept | septiembre setiembre | septembre | setembro set | settembre",
    "october oct | octubre | octobre | oktober okt | outubro out | ottobre ott",
    "november nov | noviembre | novembre | novembro",
    "december dec | diciembre dic | décembre déc | dezember dez | dezembro | dicembre",
)
_MONTHS = {name: i for i, names in enumerate(_MONTH_NAMES, 1)
           for name in names.replace("|", " ").split()}
# Zone abbreviations clients print (Apple Mail, Yahoo), in minutes east of UTC; others
# (IST is India, Ireland and Israel) are ambiguous worldwide and read as local.
_ABBREVIATIONS = {
    "UTC": 0, "GMT": 0, "UT": 0, "Z": 0, "WET": 0, "WEST": 60, "BST": 60,
    "CET": 60, "CEST": 120, "MEZ": 60, "MESZ": 120, "EET": 120, "EEST": 180, "MSK": 180,
    "EST": -300, "EDT": -240, "CST": -360, "CDT": -300, "MST": -420, "MDT": -360,
    "PST": -480, "PDT": -420, "AKST": -540, "AKDT": -480, "HST": -600,
    "BRT": -180, "ART": -180, "JST": 540, "KST": 540, "SGT": 480, "HKT": 480,
    "AWST": 480, "ACST": 570, "AEST": 600, "AEDT": 660, "NZST": 720, "NZDT": 780,
}
_YEARS = (1900, 2200)
MAX_DATE_CHARS = 400  # the longest printed date read (an attribution line's length)
_RFC5322 = re.compile(r"^\s*(?:[A-Za-z]{3},\s*)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{1,2}:\d{2}")
_WORD = r"(?P<mon>[^\W\d_]{3,10})\.?"
_DATE_FORMS = (
    re.compile(_WORD + r"\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})", re.I),
    re.compile(r"(?P<day>\d{1,2})(?:\.|º|er)?\s+(?:de\s+)?" + _WORD
               + r",?\s+(?:de\s+)?(?P<year>\d{4})", re.I),
    re.compile(r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})"),
    # numeric: with dots always day first (de, nl, ...); with / or - in either order;
    # Thunderbird's attribution writes two digits of the year ("On 6/9/26 7:42 AM")
    re.compile(r"(?P<first>\d{1,2})(?P<sep>[/.-])(?P<second>\d{1,2})(?P=sep)"
               r"(?P<year>\d{4}|\d{2})\b"),
)
_TIME = re.compile(
    r"(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?\s*(?P<ampm>[ap]\.?\s?m\.?)?"
    r"(?:\s*(?:(?P<off>[+-]\d{2}:?\d{2})"
    r"|\(?(?:GMT|UTC)\s?(?P<gmt>[+\-\u2212]\d{1,2}(?::?\d{2})?)\)?"
    r"|\(?(?P<abbr>(?-i:[A-Z]{1,5}))\)?))?(?![\w:])",
    re.I,
)


@dataclass(frozen=True)
class Dated:
    """A date as printed: `moment`, and `other` when the printed order of day and month
    is unknown and the other order reads as a different, valid date (`02/06/2026`)."""

    moment: datetime
    other: datetime | None = None


def to_local_if_utc(moment: datetime, tz: ZoneInfo) -> datetime:
    """Show a UTC stamp (Exchange writes +0000 whatever the sender's zone) in city time."""
    offset = moment.utcoffset()
    return moment.astimezone(tz) if offset == timedelta(0) else moment


def parse_date(text: str, tz: ZoneInfo) -> datetime | None:
    """An aware datetime from a printed date, or None when none can be read (a numeric
    date in an unknown order is read month first; `read_date` says when that matters)."""
    found = read_date(text, tz)
    return found.moment if found else None


def read_date(text: str, tz: ZoneInfo, *, day_first: bool | None = None) -> Dated | None:
    """A printed date; `day_first`: the writer's locale puts the day first (True), the
    month first (False), or is unknown (None: an ambiguous numeric date has `other`)."""
    text = text.replace("\u202f", " ").replace("\xa0", " ").strip()[:MAX_DATE_CHARS]
    if not text:
        return None
    found = _rfc5322(text, tz) if _RFC5322.match(text) else None
    dated = Dated(found) if found else _loose(text, tz, day_first)
    # Far from now is a misreading or a trap: near datetime's bounds, converting a zone
    # or adding a day overflows.
    if dated is None or not _YEARS[0] <= dated.moment.year <= _YEARS[1]:
        return None
    return dated


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


def _loose(text: str, tz: ZoneInfo, day_first: bool | None) -> Dated | None:
    found = _calendar_date(text, day_first)
    if found is None:
        return None
    end, year, readings = found
    year += 2000 if year < 100 else 0
    time_match = _TIME.search(text, end)
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
        zone = _zone(time_match["off"] or time_match["gmt"], time_match["abbr"], tz)
    moments = []
    for month, day in readings:
        try:
            moments.append(datetime(year, month, day, hour, minute, second, tzinfo=zone))
        except ValueError:
            continue
    if not moments:
        return None
    return Dated(moments[0], moments[1] if len(moments) > 1 else None)


def _calendar_date(text: str,
                   day_first: bool | None) -> tuple[int, int, list[tuple[int, int]]] | None:
    """(where the date ends, year, the (month, day) readings, likeliest first)."""
    for form in _DATE_FORMS:
        for m in form.finditer(text):
            parts = m.groupdict()
            if parts.get("mon") is not None:
                month = _MONTHS.get(parts["mon"].lower())
                if month is None:
                    continue  # a word that is no month ("Tuesday 9 ...")
                return m.end(), int(parts["year"]), [(month, int(parts["day"]))]
            if parts.get("month") is not None:
                return m.end(), int(parts["year"]), [(int(parts["month"]), int(parts["day"]))]
            first, second = int(parts["first"]), int(parts["second"])
            month_first, day_first_reading = (first, second), (second, first)
            if parts["sep"] == "." or first > 12 or day_first is True:
                readings = [day_first_reading]
            elif second > 12 or day_first is False:
                readings = [month_first]
            else:  # both orders are dates: the second reading is kept for the caller
                readings = [month_first] + ([day_first_reading] if first != second else [])
            return m.end(), int(parts["year"]), readings
    return None


def _zone(offset: str | None, abbr: str | None, tz: ZoneInfo) -> tzinfo:
    if offset:
        sign, rest = offset[0], offset[1:]
        hours, _, minutes = rest.partition(":")
        if not minutes and len(hours) > 2:
            hours, minutes = hours[:-2], hours[-2:]
        delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
        if delta >= timedelta(hours=24):
            return tz  # no such offset (+2500): read the time as if it had none
        return timezone(delta if sign == "+" else -delta)
    if abbr and abbr.upper() in _ABBREVIATIONS:
        return timezone(timedelta(minutes=_ABBREVIATIONS[abbr.upper()]))
    return tz
