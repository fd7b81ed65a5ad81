"""§4: complaints are subject to a two-year limitation, running from the day information
on the completed misconduct was reasonably available to the public.

That day is the board's finding, not something a parser can know; but a complaint whose
own facts date the conduct more than two years before the city received it is flagged,
so the board looks at it first (`FLAG`). The board may then dismiss it as time-barred by
motion at its meeting (`cases.steps` "dismiss as time-barred"), naming the day the
information became public; the `limitations` deadline then shows the arithmetic.

The dates read are the plain ones a complainant writes: 2023-10-03, 10/3/2023,
October 3, 2023 (or Oct. 3rd 2023), 3 October 2023, and a month alone (October 2023,
read as its last day, so a flag is never raised on a guess). A bare year is not read.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date

FLAG = "limitations"  # a filing's flag (`cases.filing.FLAG_TEXT`)
_MONTHS = {name: i for i, names in enumerate(
    (("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
     ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
     ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
     ("december", "dec")), start=1) for name in names}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d{2})"
_PATTERNS = (
    ("ymd", re.compile(rf"\b{_YEAR}-(\d{{2}})-(\d{{2}})\b")),
    ("mdy_num", re.compile(rf"\b(\d{{1,2}})/(\d{{1,2}})/{_YEAR}\b")),
    ("mdy", re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE)),
    ("dmy", re.compile(rf"\b{_DAY}\s+{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)),
    ("my", re.compile(rf"\b{_MONTH}\s+{_YEAR}\b", re.IGNORECASE)),
)
_READ = 200_000  # the start of the facts is where a complainant dates the conduct


def conduct_dates(facts: str) -> list[date]:
    """Every plain date written in `facts` (a month alone: its last day)."""
    text, found = facts[:_READ], []
    taken: list[tuple[int, int]] = []  # "3 October 2023" is not also "October 2023"
    for shape, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            day = _date(shape, m.groups())
            if day is not None:
                found.append(day)
                taken.append(m.span())
    return found


def _date(shape: str, g: tuple[str, ...]) -> date | None:
    try:
        if shape == "ymd":
            return date(int(g[0]), int(g[1]), int(g[2]))
        if shape == "mdy_num":
            return date(int(g[2]), int(g[0]), int(g[1]))
        if shape == "mdy":
            return date(int(g[2]), _MONTHS[g[0].lower()], int(g[1]))
        if shape == "dmy":
            return date(int(g[2]), _MONTHS[g[1].lower()], int(g[0]))
        year, month = int(g[1]), _MONTHS[g[0].lower()]
        return date(year, month, monthrange(year, month)[1])
    except ValueError:  # 2023-02-30, 13/1/2024: not a date, not read
        return None


def dated_long_before(facts: str, received: date) -> date | None:
    """The latest date in `facts` when even it is more than two years before `received`
    (the complaint may be time-barred, §4); None otherwise, or when the facts give none."""
    dates = [d for d in conduct_dates(facts) if d <= received]
    if not dates:
        return None
    latest = max(dates)
    try:
        limit = latest.replace(year=latest.year + 2)
    except ValueError:  # Feb 29
        limit = date(latest.year + 2, 2, 28)
    return latest if limit < received else None
