"""The read side of the public page: the closed cases whose §13 records anyone may see
(`Case.released`, by the city's readings), and exactly those records.

Only the case's history is read (no notices, filings or deadlines), so a stranger's page
costs one query for the cases and one for their events, however large the docket. What
is returned holds nothing that was not released: the complaint's text and names without
the complainant's contact details, only when the complaint was released; the history's
§13 entries only as far as `cases.public_records.entries` lets the released records through.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from cases.case import Case
from cases.disclosure import Cut
from cases.history import Event, EventKind
from cases.public_records import PublicRecord, Report, entries
from cases.readings import Readings, Release
from cases.released import identity_cuts, identity_exemption, mark, public_cuts, redact
from storage.models import CaseRow, EventRow

_CLOSED = "closed"


def released_cases(*, session: Session, readings: Readings, limit: int, offset: int = 0
                   ) -> tuple[list[dict[str, Any]], bool]:
    """A page of the closed cases with released records, the newest case first, and
    whether more follow."""
    q = (select(CaseRow.id, CaseRow.number).where(CaseRow.stage == _CLOSED)
         .order_by(CaseRow.id.desc()).limit(limit + 1).offset(offset))
    if readings.release is not Release.AT_CLOSURE:
        q = q.where(exists(select(EventRow.id).where(
            EventRow.case_id == CaseRow.id,
            EventRow.kind == EventKind.RECORDS_RELEASED.value)))
    rows = list(session.execute(q))
    more, rows = len(rows) > limit, rows[:limit]
    history = _histories(session, [r.id for r in rows])
    shown = [_public(r.number, history[r.id], readings) for r in rows]
    return [x for x in shown if x is not None], more


def released_case(*, session: Session, number: str, readings: Readings
                  ) -> dict[str, Any] | None:
    """One case's released records, or None (absent, open, or nothing released)."""
    row = session.execute(select(CaseRow.id, CaseRow.number).where(
        CaseRow.number == number, CaseRow.stage == _CLOSED)).one_or_none()
    if row is None:
        return None
    return _public(row.number, _histories(session, [row.id])[row.id], readings)


def _histories(session: Session, ids: list[int]) -> dict[int, list[EventRow]]:
    found: dict[int, list[EventRow]] = defaultdict(list)
    if ids:
        for e in session.scalars(select(EventRow).where(EventRow.case_id.in_(ids))
                                 .order_by(EventRow.case_id, EventRow.seq)):
            found[e.case_id].append(e)
    return found


def _public(number: str, events: list[EventRow], readings: Readings) -> dict[str, Any] | None:
    if not events:
        return None
    case = Case.replay(number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                for e in events])
    shown = case.released(readings)
    if not shown:
        return None
    closed_at = next((e.at for e in reversed(events) if e.kind == EventKind.CASE_CLOSED),
                     events[-1].at)
    history = [{"kind": e.kind, "at": e.at.isoformat(), "data": e.data} for e in events]
    cuts = public_cuts(case)  # as redacted for any requester, redacted for all
    return {
        "number": number,
        "released": sorted(r.value for r in shown),
        "released_on": _released_on(events, shown, closed_at.date().isoformat(), readings),
        "closed_at": closed_at.isoformat(),
        "complaint": _complaint(events[0].data, case) if PublicRecord.COMPLAINT in shown
        else None,
        "entries": [replace(x, summary=redact(x.summary, PublicRecord.WRITTEN_REPORT, cuts))
                    if isinstance(x, Report) else x for x in entries(history, shown)],
    }


def _released_on(events: list[EventRow], shown: frozenset[PublicRecord], closed_on: str,
                 readings: Readings) -> dict[str, str]:
    """The day each record was first released (at closure, if the city reads §13 so)."""
    if readings.release is Release.AT_CLOSURE:
        return {r.value: closed_on for r in shown}
    days: dict[str, str] = {}
    for e in events:
        if e.kind == EventKind.RECORDS_RELEASED:
            for r in e.data.get("records") or []:
                days.setdefault(str(r), str(e.data.get("on") or e.at.date().isoformat()))
    return days


def _complaint(first: dict[str, Any], case: Case) -> dict[str, Any]:
    """The complaint as released: who filed it and against whom, as written, the sections
    as amended, the facts and reasons, with every redaction an instalment made
    (`cases.released`); never the complainant's address, phone or email. A complainant
    withheld (`cases.protection`) is redacted from it wherever it gives them, each
    redaction citing the basis recorded (RCW 42.56.210(3)), with the statement saying why."""
    filing = first.get("filing") or {}
    cuts = (*public_cuts(case), *identity_cuts(case)) if case.protection else public_cuts(case)

    def cut(text: str) -> str:
        return redact(text, PublicRecord.COMPLAINT, cuts)

    by = (filing.get("complainant") or {}).get("name") or ""
    return {"by": mark(Cut(PublicRecord.COMPLAINT, by, identity_exemption(case)))
            if case.protection else cut(by),
            "against": [cut(x) for x in filing.get("respondents") or []],
            "sections": list(case.alleged_sections),
            "facts": cut(filing.get("facts") or ""), "reasons": cut(filing.get("reasons") or ""),
            "received_at": filing.get("received_at"),
            "withheld": (f"The complainant's identity is redacted wherever the complaint gives "
                         f"it, under {case.protection.basis_words} (RCW 42.56.210(3))."
                         if case.protection else None)}
