"""The read side of the public status sheet (issue 41): where each complaint stands, for
anyone, naming no one while the case is confidential (§6).

A page costs at most four queries however large the docket: the page's cases from the
`cases` table's own columns (number, stage, received; by the city's reading
`status_listing`, only those closed or with a meeting called on them, an EXISTS on the
case's events), the board's time-bar dismissals
among them (the `events` rows of that kind for those ids), which of the closed ones had
records released, and the histories of only those (§13), replayed to take the officials' names
exactly as the released complaint gives them (with every redaction an instalment made).
No other case's history is read.

What is returned: the number, the day received, the stage (the web words it), whether
the board dismissed it as time-barred (§4: final action taken in open session), and the
officials as named in the released complaint with how each one's matter ended
(`cases.matters`), only once the case is closed and its complaint released. Never the
complainant, the facts, or a confidential case's respondents or outcome; a void case
stays confidential and is returned with its number, day and stage only.

`docket_days`: the docket chain's head (`ethicsbot verify --head`) as it stood at the end
of each city day the chain grew, for the public to keep and check later with `ethicsbot
verify --against COUNT:HASH`: a history rewritten inside the city, every hash
recomputed, no longer matches a head someone outside kept (docs/evidence.md). The list
is read from the chain itself, so a rewrite changes it too: what catches the rewrite is
the copy kept off the machine, which is what publishing it every day makes possible.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, date
from typing import Any

from sqlalchemy import exists, or_, select
from sqlalchemy.orm import Session

from cases.calendar import CityCalendar
from cases.case import Case
from cases.chain import Head
from cases.history import Event, EventKind
from cases.matters import matters
from cases.public_records import PublicRecord
from cases.readings import Readings, Release, StatusListing
from cases.released import identity_cuts, public_cuts, redact
from cases.stages import Stage
from storage.models import CaseRow, DocketChainRow, EventRow


def status_sheet(*, session: Session, readings: Readings, limit: int | None,
                 offset: int = 0) -> tuple[list[dict[str, Any]], bool]:
    """A page of every case the city's reading `status_listing` lists, the newest first,
    and whether more follow (`limit` None: every one, as the CSV lists them)."""
    q = select(CaseRow.id, CaseRow.number, CaseRow.stage, CaseRow.received_at
               ).order_by(CaseRow.id.desc()).offset(offset)
    if readings.status_listing is StatusListing.FROM_FIRST_NOTICE:
        q = q.where(or_(CaseRow.stage == Stage.CLOSED.value, exists().where(
            EventRow.case_id == CaseRow.id, EventRow.kind.in_(_CALLED))))
    rows = list(session.execute(q if limit is None else q.limit(limit + 1)))
    more = limit is not None and len(rows) > limit
    rows = rows[:limit] if limit is not None else rows
    ids = [r.id for r in rows]
    dismissed = _dismissed(session, ids)
    closed = {r.id: r.number for r in rows if r.stage == Stage.CLOSED.value}
    names = _released_names(session, closed, readings)
    return [{"number": r.number, "stage": r.stage, "received_at": r.received_at,
             "dismissed": r.id in dismissed,
             "released": r.id in names, "officials": names.get(r.id, ([], []))[0],
             "outcomes": names.get(r.id, ([], []))[1]}
            for r in rows], more


# the steps that call a meeting on a case: its notice names the case's number (RCW 42.30)
_CALLED = (EventKind.BOARD_MEETING_SCHEDULED.value, EventKind.DELIBERATION_SCHEDULED.value)


def docket_days(*, session: Session, calendar: CityCalendar, days: int | None = None,
                chunk: int = 1000) -> list[tuple[date, Head]]:
    """The docket chain's head at the end of each city day it grew, the newest day first:
    that day's last entry, as `COUNT:HASH` names it. The chain is read backwards from its
    head by its primary key, `chunk` entries at a time, until `days` days are found
    (None: every day, as the CSV lists them), so the page reads only its last few days'
    entries however long the chain is. Each is a head the chain had."""
    found: dict[date, Head] = {}
    below: int | None = None
    while days is None or len(found) < days:
        q = select(DocketChainRow.position, DocketChainRow.at, DocketChainRow.hash
                   ).order_by(DocketChainRow.position.desc()).limit(chunk)
        rows = list(session.execute(q if below is None else
                                    q.where(DocketChainRow.position < below)))
        for position, at, digest in rows:
            day = calendar.local_date(at if at.tzinfo else at.replace(tzinfo=UTC))
            if day not in found:
                if days is not None and len(found) == days:
                    break
                found[day] = Head(position, digest)
        if len(rows) < chunk:
            break
        below = rows[-1].position
    return sorted(found.items(), reverse=True)


def _dismissed(session: Session, ids: list[int]) -> set[int]:
    """The cases the board dismissed as time-barred by a motion that carried (§4)."""
    if not ids:
        return set()
    found = session.execute(select(EventRow.case_id, EventRow.data).where(
        EventRow.case_id.in_(ids), EventRow.kind == EventKind.COMPLAINT_DISMISSED.value))
    return {case_id for case_id, data in found
            if bool((data or {}).get("motion", {}).get("carried", True))}


def _released_names(session: Session, numbers: dict[int, str], readings: Readings
                    ) -> dict[int, tuple[list[str], list[tuple[str, str]]]]:
    """For each closed case whose complaint was released, the officials as the released
    complaint names them, and each official's matter as it ended (their key, the words
    of `cases.matters`); a case missing here has names and outcomes no one may see."""
    closed = list(numbers)
    if not closed:
        return {}
    if readings.release is not Release.AT_CLOSURE:
        closed = list(session.scalars(select(EventRow.case_id).distinct().where(
            EventRow.case_id.in_(closed), EventRow.kind == EventKind.RECORDS_RELEASED.value)))
        if not closed:
            return {}
    events: dict[int, list[EventRow]] = defaultdict(list)
    for e in session.scalars(select(EventRow).where(EventRow.case_id.in_(closed))
                             .order_by(EventRow.case_id, EventRow.seq)):
        events[e.case_id].append(e)
    out: dict[int, tuple[list[str], list[tuple[str, str]]]] = {}
    for case_id, rows in events.items():
        case = Case.replay(numbers[case_id], [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                              for e in rows])
        if PublicRecord.COMPLAINT not in case.released(readings):
            continue
        cuts = (*public_cuts(case), *identity_cuts(case)) if case.protection \
            else public_cuts(case)
        out[case_id] = ([redact(x, PublicRecord.COMPLAINT, cuts)
                         for x in case.filing.respondents],
                        [(m.official, m.outcome) for m in matters(case, readings)
                         if m.outcome])
    return out
