"""Read-side queries: the docket and one case as stored, for the CLI, Slack and the web.

Every look at a case's details is written to the access log (§6), allowed or not.

A stored deadline's status was judged when it was saved; every reader here judges it
again at the `now` it is given (`cases.deadlines.status_at`), so nothing shows `open` for
a deadline whose due time has passed. What the case's history says beyond its snapshot
(the sections as amended, a voiding, the records released) comes from replaying it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection, Executable, Select, String, bindparam, cast, func, insert, select
from sqlalchemy.orm import Session

from cases.case import Case
from cases.deadlines import DeadlineKey, Status, status_at
from cases.events import Event, EventKind
from cases.readings import DEFAULT, Readings
from cases.records import released
from storage import meetings
from storage.models import (
    AccessLogRow,
    CaseRow,
    DeadlineRow,
    DeliveryRow,
    EventRow,
    FilingRow,
    OutboxRow,
)

_FINAL = ("closed", "void")


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


@dataclass(frozen=True)
class Look:
    """One access-log entry (§6): who looked, when, at what, through what, allowed or not."""

    at: datetime
    who: str
    number: str | None
    action: str
    channel: str
    allowed: bool = True

    COLUMNS = ("at", "who", "case_number", "action", "channel", "allowed")

    def values(self) -> dict[str, Any]:
        """The parameters of the access-log INSERT (`access_row`), also where the docket's
        statement carries it."""
        return dict(zip((f"log_{c}" for c in self.COLUMNS),
                        (self.at, self.who, self.number, self.action, self.channel,
                         self.allowed), strict=True))


def _deadline(d: DeadlineRow, now: datetime) -> dict[str, Any]:
    status = status_at(d.key, d.status, d.due, now)
    return {"key": d.key, "due": _iso(d.due), "status": status.value,
            "responsible": d.responsible, "basis": d.basis, "reading": d.reading,
            "other_reading": None if d.other_reading is None else {
                "reading": d.other_reading, "due": _iso(d.other_due)}}


Statement = tuple[Executable, dict[str, Any]]  # a statement and its parameters


def docket(*, session: Session, open_only: bool = False, involving: str | None = None,
           limit: int | None = None, offset: int = 0,
           logged: Look | None = None) -> list[dict[str, Any]]:
    """The docket from the `cases` snapshot, in case-number order (the order cases were
    opened), which the primary key serves: a page of a 10,000-case docket is read without
    sorting it (bench/slack_status.py). `involving` keeps the cases whose respondents
    include that email (in any case); `limit`/`offset` page it (Slack shows a page at a time).

    `logged` is written to the access log with the read: on PostgreSQL in the same
    statement (a data-modifying WITH), one round trip for the whole lookup."""
    connection = session.connection()
    return docket_rows(run(connection, docket_statements(
        dialect=connection.dialect.name, open_only=open_only, involving=involving,
        limit=limit, offset=offset, logged=logged)))


def docket_statements(*, dialect: str, open_only: bool = False, involving: str | None = None,
                      limit: int | None = None, offset: int = 0,
                      logged: Look | None = None) -> list[Statement]:
    """`docket` as the statements that read it, the last giving the rows: what both the
    session above and the asynchronous reader (`storage.async_docket`) execute, so the
    docket has one statement whoever runs it."""
    statements: list[Statement] = []
    in_statement = logged is not None and dialect == "postgresql"
    params: dict[str, Any] = {"limit": limit, "offset": offset}
    if logged is not None:
        if in_statement:
            params.update(logged.values())
        else:
            statements.append(access_row(logged))
    if involving is not None:  # the JSON list as text holds '"email"' on both backends
        params["involving"] = f"%{_like_escaped(chr(34) + involving.lower() + chr(34))}%"
    statements.append((_docket_query(open_only=open_only, involving=involving is not None,
                                     paged=limit is not None, logged=in_statement), params))
    return statements


def run(connection: Connection, statements: list[Statement]) -> list[Any]:
    """Execute `statements` in order; the last one's rows (none if it returns none)."""
    result = None
    for statement, params in statements:
        result = connection.execute(statement, params)
    return list(result.all()) if result is not None and result.returns_rows else []


def docket_rows(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """The docket's lines from its statement's rows (tuples with the columns' names)."""
    return [
        {"number": r.number, "stage": r.stage, "confidential": r.confidential,
         "received_at": _iso(r.received_at), "next_deadline": r.next_due_key,
         "next_due": _iso(r.next_due), "tolled": r.tolled}
        for r in rows
    ]


@cache
def _docket_query(*, open_only: bool, involving: bool, paged: bool, logged: bool
                  ) -> Select[Any]:
    """The docket's statement for one shape of request, built once: built on every call,
    and its cache key computed anew, it cost more Python than the rest of a Slack docket
    request's database work (bench/slack_status.py). Core columns, not ORM attributes:
    the rows are plain tuples, and the ORM's result machinery has nothing to do."""
    c = CaseRow.__table__.c
    q = select(c.number, c.stage, c.confidential, c.received_at, c.next_due_key,
               c.next_due, c.tolled).order_by(c.id)
    if logged:
        q = q.add_cte(_LOG_ACCESS.cte("logged"))
    if open_only:
        q = q.where(c.stage.not_in(_FINAL))
    if involving:
        # lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does
        # not, and an address's case means nothing
        q = q.where(func.lower(cast(c.respondents, String)).like(bindparam("involving"),
                                                                 escape="/"))
    if paged:
        q = q.limit(bindparam("limit")).offset(bindparam("offset"))
    return q


def _like_escaped(text: str) -> str:
    """`text` matched literally by LIKE … ESCAPE '/'."""
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def case_detail(*, session: Session, number: str, now: datetime,
                readings: Readings = DEFAULT) -> dict[str, Any] | None:
    """One case as stored, its deadlines judged at `now`; `released` lists the public
    records anyone may be shown (`cases.records.released`, by the city's `readings`).

    Four statements, each built once (`_CASE_AND_HISTORY` …): on PostgreSQL each is a
    round trip, and each was once a statement built anew, so the case view cost three
    times SQLite's CPU (bench/slack_status.py --text). A filing's size is counted by the
    database: its raw bytes, up to the intake limit each, are not fetched to be measured."""
    found = session.execute(_CASE_AND_HISTORY, {"number": number}).all()
    if not found:
        return None
    row = found[0][0]
    events = [e for _, e in found if e is not None]
    first = events[0].data if events else {}
    case = Case.replay(number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                for e in events]) if events else None
    deadlines = session.scalars(_DEADLINES, {"case_id": row.id}).all()
    return {
        "number": row.number,
        "stage": row.stage,
        "confidential": row.confidential,
        "received_at": _iso(row.received_at),
        "respondents": row.respondents,
        "filing": first.get("filing"),
        "alleged_sections": list(case.alleged_sections) if case else [],
        "amendments": [{"at": _iso(e.at), "authorized_by": e.data.get("authorized_by"),
                        "added_sections": e.data.get("added_sections", [])}
                       for e in events if e.kind == EventKind.COMPLAINT_AMENDED],
        "void_reason": case.void_reason if case else None,
        "released": sorted(r.value for r in released(case, readings)) if case else [],
        "disclosure_requests": [
            {"requester": x.requester, "received": x.received.isoformat(), "what": x.what,
             "records": [r.value for r in x.records],
             "answered": x.answered.isoformat() if x.answered else None,
             "released": [r.value for r in x.released], "to": x.released_to, "note": x.note}
            for x in (case.disclosure_requests if case else [])],
        "meetings": [meetings.view(case, m) for m in case.meetings.all] if case else [],
        "open_requests": meetings.open_requests(case) if case else [],
        "deadlines": [_deadline(d, now) for d in sorted(
            deadlines, key=lambda d: (d.due is None, d.due or row.received_at))],
        "notices": notice_log(session=session, case_id=row.id),
        "history": [{"seq": e.seq, "kind": e.kind, "at": _iso(e.at), "actor": e.actor,
                     "data": e.data} for e in events],
        "filings": [{"id": f.id, "source": f.source, "message_id": f.message_id,
                     "outcome": f.outcome, "taken_at": _iso(f.taken_at), "bytes": f.bytes,
                     "sender": f.sender}
                    for f in session.execute(_FILINGS, {"case_id": row.id})],
    }


# the case row with its whole history, in order: one statement (a case has an event
# from the moment it is filed; the outer join keeps a case row that somehow has none)
_CASE_AND_HISTORY = (select(CaseRow, EventRow)
                     .outerjoin(EventRow, EventRow.case_id == CaseRow.id)
                     .where(CaseRow.number == bindparam("number")).order_by(EventRow.seq))
_DEADLINES = select(DeadlineRow).where(DeadlineRow.case_id == bindparam("case_id"))
_FILINGS = (select(FilingRow.id, FilingRow.source, FilingRow.message_id, FilingRow.outcome,
                   FilingRow.taken_at, FilingRow.sender,
                   func.length(FilingRow.raw).label("bytes"))
            .where(FilingRow.case_id == bindparam("case_id")).order_by(FilingRow.id))


def notice_log(*, session: Session, case_id: int) -> list[dict[str, Any]]:
    """The proof of notice: every owed notice and each delivery attempt, in one query
    (each notice with its attempts, or alone if none was made yet)."""
    out: dict[int, dict[str, Any]] = {}
    for n in session.execute(_NOTICES, {"case_id": case_id}):
        notice = out.get(n.id)
        if notice is None:
            notice = out[n.id] = {
                "type": n.notice_type, "recipient": n.recipient_email, "status": n.status,
                "message_id": n.message_id, "deadline": n.deadline_key, "slot": n.slot,
                "sent_at": _iso(n.sent_at), "cancelled_at": _iso(n.cancelled_at),
                "cancel_reason": n.cancel_reason, "attempts": []}
        if n.attempted_at is not None:
            notice["attempts"].append({"at": _iso(n.attempted_at), "outcome": n.outcome,
                                       "server_reply": n.server_reply})
    return list(out.values())


_NOTICES = (select(OutboxRow.id, OutboxRow.notice_type, OutboxRow.recipient_email,
                   OutboxRow.status, OutboxRow.message_id, OutboxRow.deadline_key,
                   OutboxRow.slot, OutboxRow.sent_at, OutboxRow.cancelled_at,
                   OutboxRow.cancel_reason, DeliveryRow.attempted_at,
                   DeliveryRow.outcome, DeliveryRow.server_reply)
            .outerjoin(DeliveryRow, DeliveryRow.outbox_id == OutboxRow.id)
            .where(OutboxRow.case_id == bindparam("case_id"))
            .order_by(OutboxRow.id, DeliveryRow.id))


def log_access(*, session: Session, at: datetime, who: str, number: str | None, action: str,
               channel: str, allowed: bool = True) -> None:
    session.execute(*access_row(Look(at=at, who=who, number=number, action=action,
                                 channel=channel, allowed=allowed)))


def access_row(look: Look) -> Statement:
    """The access-log row of `look`, as a statement: one prepared INSERT, since on every
    Slack status request the ORM's flush, or a statement built anew, would cost more than
    the query it logs (bench/slack_status.py)."""
    return _LOG_ACCESS, look.values()


# Core: the ORM's bulk insert, on every lookup, cost more than the insert itself; its
# parameters named, since the docket's statement carries it among its own
_LOG_ACCESS = insert(AccessLogRow.__table__).values(  # type: ignore[arg-type]
    {c: bindparam(f"log_{c}") for c in Look.COLUMNS})


def open_deadlines(*, session: Session, responsible: list[str], now: datetime,
                   limit: int = 50) -> list[dict[str, Any]]:
    """The deadlines still to be met that the given responsibilities answer for, soonest
    first and tolled last (someone's "Your deadlines"): open, tolled and missed ones of
    cases under review, and the answer to a disclosure request on a closed case. Each is
    judged at `now`: a missed one stays on the list, marked, until the step is recorded."""
    waiting = (Status.OPEN.value, Status.TOLLED.value, Status.MISSED.value)
    q = (select(DeadlineRow, CaseRow.number, CaseRow.respondents)
         .join(CaseRow, CaseRow.id == DeadlineRow.case_id)
         .where(DeadlineRow.responsible.in_(responsible), DeadlineRow.status.in_(waiting),
                DeadlineRow.key != DeadlineKey.LIMITATIONS.value,
                (CaseRow.stage.not_in(_FINAL))
                | (DeadlineRow.key == DeadlineKey.DISCLOSURE_RESPONSE.value))
         .order_by(DeadlineRow.due.is_(None), DeadlineRow.due, CaseRow.id).limit(limit))
    return [{"number": number, "respondents": respondents, **_deadline(d, now)}
            for d, number, respondents in session.execute(q)]
