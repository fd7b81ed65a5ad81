"""The `meetings` snapshot: written with each case (`SqlCaseRepository.save`), read by the
chair's App Home, `/ethics status`, the web, and the quorum look of the scheduler.

Rewritten whole with the case, as `deadlines` is, so it can never disagree with the
history; `quorum_look_at` is set anew each time (`cases.open_meetings.quorum_look_at`),
and a look already done is recognised by the warning it owed, not by this column.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from cases.case import Case
from cases.meetings import OPEN_SECTION, PROCEEDING_NAME, Meeting, Proceeding
from cases.open_meetings import agenda_item, quorum_look_at, session_words
from storage.models import CaseRow, MeetingRow


def save_meetings(*, session: Session, case_id: int, case: Case, now: datetime,
                  new: bool) -> None:
    if not new:
        session.execute(delete(MeetingRow).where(MeetingRow.case_id == case_id))
    open_case = case.stage.value not in ("closed", "void")
    session.add_all(MeetingRow(
        case_id=case_id, number=m.number, body=m.body.value, kind=m.kind.value,
        starts_at=m.starts_at, ends_at=m.ends_at, place=m.place, remote_link=m.remote_link,
        open_to_public=m.open_to_public, recorded_late=m.recorded_late, cancelled=m.cancelled,
        tentative=m.tentative, sequence=m.sequence,
        answers={who: a.value for who, a in sorted(m.answers().items())},
        quorum_look_at=quorum_look_at(m, now=now) if open_case else None,
        flags=len(m.irregular))
        for m in case.meetings.all)


def view(case: Case, m: Meeting) -> dict[str, Any]:
    """A meeting as `/ethics status` and the web show it, from the case's history."""
    session = m.in_session
    return {"number": m.number, "body": m.body.value, "kind": m.kind.value,
            "starts_at": m.starts_at.isoformat(), "ends_at": m.ends_at.isoformat(),
            "place": m.place, "remote_link": m.remote_link, "open": m.open_to_public,
            "session": session_words(m), "irregular": list(m.irregular),
            "recorded_late": m.recorded_late, "cancelled": m.cancelled,
            "tentative": m.tentative, "emergency": m.emergency, "sequence": m.sequence,
            "agenda": agenda_item(m, case.number),
            "answers": {who: a.value for who, a in sorted(m.answers().items())},
            "in_session_until": session.ends_at.isoformat() if session else None,
            "determination": "; ".join(
                f"as to {who}: {t.explanation}" if who else t.explanation
                for who, t in m.determinations.items()) or None}


def open_requests(case: Case) -> list[dict[str, Any]]:
    """The respondent's requests that a proceeding be open (§13, §14), the examiner's
    among them (no meeting of a body: it is shown here, not with the meetings)."""
    return [{"proceeding": r.proceeding.value, "name": PROCEEDING_NAME[r.proceeding],
             "section": OPEN_SECTION[r.proceeding],
             "respondent": r.respondent, "via": r.via, "on": r.on.isoformat(),
             "examiner": (ref.to if (ref := case.referral_of(r.respondent)) else None)
             if r.proceeding is Proceeding.EXAMINER else None}
            for r in case.meetings.open_requests.values()]


def row_dict(m: MeetingRow) -> dict[str, Any]:
    return {"number": m.number, "body": m.body, "kind": m.kind,
            "starts_at": m.starts_at.isoformat(), "ends_at": m.ends_at.isoformat(),
            "place": m.place, "remote_link": m.remote_link, "open": m.open_to_public,
            "recorded_late": m.recorded_late, "cancelled": m.cancelled,
            "tentative": m.tentative, "sequence": m.sequence, "answers": dict(m.answers)}


def of_case(*, session: Session, case_id: int) -> list[dict[str, Any]]:
    rows = session.scalars(select(MeetingRow).where(MeetingRow.case_id == case_id)
                           .order_by(MeetingRow.number))
    return [row_dict(m) for m in rows]


def upcoming(*, session: Session, now: datetime, bodies: list[str], limit: int = 50
             ) -> list[dict[str, Any]]:
    """Meetings of these bodies still to come on open cases, soonest first."""
    q = (select(MeetingRow, CaseRow.number, CaseRow.respondents)
         .join(CaseRow, CaseRow.id == MeetingRow.case_id)
         .where(MeetingRow.body.in_(bodies), MeetingRow.starts_at > now,
                MeetingRow.cancelled.is_(None), CaseRow.stage.notin_(("closed", "void")))
         .order_by(MeetingRow.starts_at).limit(limit))
    return [{**row_dict(m), "case": number, "respondents": list(respondents or ())}
            for m, number, respondents in session.execute(q)]


def next_look(*, session: Session) -> datetime | None:
    moment: datetime | None = session.scalar(
        select(MeetingRow.quorum_look_at).where(MeetingRow.quorum_look_at.is_not(None))
        .order_by(MeetingRow.quorum_look_at).limit(1))
    return moment


def due_looks(*, session: Session, now: datetime, limit: int = 200
              ) -> list[tuple[str, int, datetime]]:
    """(case number, meeting, the moment due) of the quorum looks due by `now`, oldest
    first."""
    q = (select(CaseRow.number, MeetingRow.number, MeetingRow.quorum_look_at)
         .join(CaseRow, CaseRow.id == MeetingRow.case_id)
         .where(MeetingRow.quorum_look_at <= now)
         .order_by(MeetingRow.quorum_look_at).limit(limit))
    return [(n, m, at) for n, m, at in session.execute(q) if at is not None]


def hold_for_a_look(*, session: Session, number: str) -> bool:
    """Take case `number`'s row for a quorum look, as a save does (FOR NO KEY UPDATE),
    unless another transaction holds it (a save under way): False then, and the look is
    left for the next pass rather than waiting behind the save (`scheduler.quorum`).
    SQLite has no row locks: always True there."""
    return session.scalar(select(CaseRow.id).where(CaseRow.number == number)
                          .with_for_update(key_share=True, skip_locked=True)) is not None


def looked(*, session: Session, number: str, meeting: int, seen: datetime) -> None:
    """The look at `meeting` was done: none is due until the case changes again. Only
    where nothing rewrote it meanwhile (`seen` is the moment that was due)."""
    case_id = select(CaseRow.id).where(CaseRow.number == number).scalar_subquery()
    session.execute(update(MeetingRow).where(
        MeetingRow.case_id == case_id, MeetingRow.number == meeting,
        MeetingRow.quorum_look_at == seen).values(quorum_look_at=None)
        .execution_options(synchronize_session=False))
