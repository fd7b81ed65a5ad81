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

A complaint whose facts say nothing of when at all (no date, not even "Oct 3", "last
Tuesday" or "yesterday"; a bare year at most) is flagged too (`UNDATED`): the board then
cannot see from it whether the two years have run, and the complainant can be asked.
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date

FLAG = "limitations"  # a filing's flag (`cases.filing.FLAG_TEXT`)
UNDATED = "undated"  # the facts give no time of the conduct, a year at most
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
    return _long_before(conduct_dates(facts), received)


def _long_before(found: list[date], received: date) -> date | None:
    dates = [d for d in found if d <= received]
    if not dates:
        return None
    latest = max(dates)
    try:
        limit = latest.replace(year=latest.year + 2)
    except ValueError:  # Feb 29
        limit = date(latest.year + 2, 2, 28)
    return latest if limit < received else None


# the months in Spanish and French, for a day written with one ("3 de octubre", "le 3
# octobre"): enough to tell the complaint is dated, not read as a date
_MONTHS_ES_FR = (r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|sept?iembre|octubre"
                 r"|noviembre|diciembre|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t"
                 r"|septembre|octobre|novembre|d[ée]cembre)")
# what tells when without a full date: a month and day ("Oct 3", "3rd of October"), a
# weekday, a relative day or period ("yesterday", "last week", "two days ago"), a time of
# day of a day named ("this morning"), in English, Spanish and French
_WHEN = re.compile(
    rf"\b{_MONTH}\s+{_DAY}\b|\b{_DAY}\s+(?:of\s+|de\s+)?{_MONTH}"
    rf"|\b\d{{1,2}}(?:er)?\s+(?:de\s+)?{_MONTHS_ES_FR}\b"
    r"|\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|hier|avant-hier)\b"
    r"|\baujourd'hui\b|\b(?:semaine|mois|ann[ée]e)\s+derni[èe]re?\b|\bil\s+y\s+a\s+\w+\s+"
    r"(?:jours?|semaines?|mois|ans?)\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|\b(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\b"
    r"|\b(?:yesterday|today|tonight|ayer|hoy|anoche)\b"
    r"|\b(?:this|last|past)\s+(?:morning|afternoon|evening|night|week|weekend|month|year)\b"
    r"|\b(?:semana|mes|año)\s+pasad[oa]\b"
    r"|\b(?:days?|weeks?|months?|years?)\s+ago\b"
    r"|\bhace\s+\w+\s+(?:d[ií]as?|semanas?|meses|a[ñn]os?)\b",
    re.IGNORECASE)


def undated(facts: str, dates: list[date] | None = None) -> bool:
    """The facts say nothing of when the conduct happened (a bare year at most); `dates`:
    their `conduct_dates`, when already read."""
    text = facts[:_READ]
    if not text.strip() or (conduct_dates(text) if dates is None else dates):
        return False
    return _WHEN.search(text) is None


def limitation_flags(facts: str, received: date) -> list[str]:
    """The §4 flags a complaint opens with: `FLAG` when even its latest date is over two
    years before `received`, `UNDATED` when it gives no time of the conduct; the facts'
    dates read once."""
    dates = conduct_dates(facts)
    return ([FLAG] if _long_before(dates, received) else []) + (
        [UNDATED] if undated(facts, dates) else [])
