"""Who is reminded of which deadline (the deadline table's `responsible` column,
`cases.deadline_values.DEADLINES`, via the directory).

The official complained against is never reminded of the city's own deadlines on their
case (they are told what the ordinance entitles them to by notices instead), and a
council or board member who is the respondent is left out of their body's reminders.
"""

from __future__ import annotations

from collections.abc import Iterable

from cases.deadlines import DeadlineKey, Responsible
from cases.directory import Directory, Person

_WITH_BOARD = {DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE,
               DeadlineKey.REPORT_DELIVERY}


def reminder_recipients(key: DeadlineKey, responsible: Responsible, directory: Directory,
                        respondents: Iterable[str]) -> list[Person]:
    excluded = {e.lower() for e in respondents}
    people: list[Person] = []
    if responsible is Responsible.MAYORS_OFFICE:
        people = list(directory.mayors_office)
    elif responsible is Responsible.BOARD_CHAIR:
        chair = directory.board_chair
        people = [chair] if chair else []
        if key in _WITH_BOARD:
            people += list(directory.board)
    elif responsible is Responsible.COUNCIL:
        people = [*directory.council, *directory.mayors_office]
    elif responsible is Responsible.CITY_ATTORNEY:  # a disclosure request's answer (§6)
        people = [directory.city_attorney] if directory.city_attorney else []
    seen: set[str] = set()
    out = []
    for p in people:
        k = p.email.lower()
        if k not in seen and k not in excluded:
            seen.add(k)
            out.append(p)
    return out
