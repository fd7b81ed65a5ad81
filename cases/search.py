"""The text of a case each level of access may search (issue 25): what the docket's search
box finds a case by, beyond its number and its officials.

A search must never find a case by a word its reader may not see: a council member who
found a case by a word of the complainant's address, or of a history entry only the board
sees, would learn that word is there (§6). So each level gets its own text, built from
exactly what the case page shows it (`cases.visibility`, `cases.history.sees_in_history`):

- the complaint, to every level that sees it: its facts, reasons, sections, the officials
  it names, the complainant's name (and, FULL only, their address, phone and email); where
  the complainant is withheld (`cases.protection`), the summary instead, but in full view;
- the history entries the level sees: the motion each was taken by (every reader of the
  entry sees it) and, FULL only, the facts each recorded (the case page shows the details
  to FULL alone);
- the §13 records once the level sees them (the report's summary).

The storage keeps one row per level (`storage.search`), rewritten with the case, and the
docket's statement picks the reader's row. Text is lowercased and its whitespace folded,
as the search is, and cut at `SEARCH_TEXT_CHARS`: a scan of every case must stay cheap
(bench/web_docket.py), and a complaint's first 20,000 characters hold what one searches
it for (a 500,000-character complaint is found by its start).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cases.case import Case
from cases.history import EventKind, sees_in_history
from cases.levels import Access
from cases.public_records import Report, entries
from cases.released import history_of
from cases.visibility import visibility

# the levels whose readers have a docket to search (PUBLIC and NONE have none)
SEARCHED = (Access.FULL, Access.COUNCIL, Access.RESPONDENT)
SEARCH_TEXT_CHARS = 20_000
# kept apart from an entry's facts: the complaint as filed is its own part, and these are
# a program's bookkeeping, not words a person reads on the page
_NOT_TEXT = frozenset({"filing", "motion", "changes", "sequence", "hash"})


def searchable(case: Case, access: Access) -> str:
    """What `access` may find `case` by, lowercased, whitespace folded, at most
    `SEARCH_TEXT_CHARS` characters; '' for a level that sees nothing of it, or has no
    docket (PUBLIC: a stranger reads the released records, `cases.public_records`)."""
    if access not in SEARCHED:
        return ""
    delivered = any(e.kind is EventKind.REPORT_DELIVERED for e in case.history) or (
        not case.confidential)
    seen = visibility(access, delivered=delivered)
    parts: list[str] = []
    if seen.complaint:
        f = case.filing
        # the complainant withheld (`cases.protection`): the summary stands for the
        # complaint, and neither its words nor the name find the case, but in full view
        said = ([case.protection.summary] if case.protection and access is not Access.FULL
                else [f.facts, f.reasons, f.complainant.name or ""])
        parts += [*said, *f.code_sections, *case.alleged_sections, *f.respondents]
        parts += [o.name for o in case.named_officials.values()]
    if seen.contact:
        c = case.filing.complainant
        parts += [c.email or "", c.phone or "", c.address or ""]
    for e in case.history:
        if not sees_in_history(access, e.kind):
            continue
        motion = e.data.get("motion")
        if isinstance(motion, dict) and motion.get("explanation"):
            parts.append(str(motion["explanation"]))
        if access is Access.FULL:
            parts += list(_words(e.data, skip=_NOT_TEXT))
    if seen.records:
        parts += [x.summary for x in entries(history_of(case)) if isinstance(x, Report)]
    text = " ".join(" ".join(p.split()) for p in parts if p and p.strip())
    return text.lower()[:SEARCH_TEXT_CHARS]


def _words(value: Any, *, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """The text values of an entry's data (strings, in lists and maps too), keys in
    `skip` left out at the top."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key not in skip:
                yield from _words(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _words(inner)
