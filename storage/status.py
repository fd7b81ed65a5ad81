"""The read side of the public status sheet (issue 41): where each complaint stands, for
anyone, naming no one while the case is confidential (§6).

A page costs at most four queries however large the docket: the page's cases from the
`cases` table's own columns (number, stage, received), the board's time-bar dismissals
among them (the `events` rows of that kind for those ids), which of the closed ones had
records released, and the histories of only those (§13), replayed to take the officials' names
exactly as the released complaint gives them (with every redaction an instalment made).
No other case's history is read.

What is returned: the number, the day received, the stage (the web words it), whether
the board dismissed it as time-barred (§4: final action taken in open session), and the
officials as named in the released complaint, only once the case is closed and its
complaint released. Never the complainant, the facts, or a confidential case's
respondents; a void case stays confidential and is returned with its number, day and
stage only.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cases.case import Case
from cases.history import Event, EventKind
from cases.public_records import PublicRecord
from cases.readings import Readings, Release
from cases.released import identity_cuts, public_cuts, redact
from cases.stages import Stage
from storage.models import CaseRow, EventRow


def status_sheet(*, session: Session, readings: Readings, limit: int, offset: int = 0
                 ) -> tuple[list[dict[str, Any]], bool]:
    """A page of every case, the newest first, and whether more follow."""
    rows = list(session.execute(
        select(CaseRow.id, CaseRow.number, CaseRow.stage, CaseRow.received_at)
        .order_by(CaseRow.id.desc()).limit(limit + 1).offset(offset)))
    more, rows = len(rows) > limit, rows[:limit]
    ids = [r.id for r in rows]
    dismissed = _dismissed(session, ids)
    closed = {r.id: r.number for r in rows if r.stage == Stage.CLOSED.value}
    names = _released_names(session, closed, readings)
    return [{"number": r.number, "stage": r.stage, "received_at": r.received_at,
             "dismissed": r.id in dismissed,
             "released": r.id in names, "officials": names.get(r.id, [])}
            for r in rows], more


def _dismissed(session: Session, ids: list[int]) -> set[int]:
    """The cases the board dismissed as time-barred by a motion that carried (§4)."""
    if not ids:
        return set()
    found = session.execute(select(EventRow.case_id, EventRow.data).where(
        EventRow.case_id.in_(ids), EventRow.kind == EventKind.COMPLAINT_DISMISSED.value))
    return {case_id for case_id, data in found
            if bool((data or {}).get("motion", {}).get("carried", True))}


def _released_names(session: Session, numbers: dict[int, str], readings: Readings
                    ) -> dict[int, list[str]]:
    """For each closed case whose complaint was released, the officials as the released
    complaint names them; a case missing here has names no one may see."""
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
    out: dict[int, list[str]] = {}
    for case_id, rows in events.items():
        case = Case.replay(numbers[case_id], [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                              for e in rows])
        if PublicRecord.COMPLAINT not in case.released(readings):
            continue
        cuts = (*public_cuts(case), *identity_cuts(case)) if case.protection \
            else public_cuts(case)
        out[case_id] = [redact(x, PublicRecord.COMPLAINT, cuts)
                        for x in case.filing.respondents]
    return out
