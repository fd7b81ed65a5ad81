"""Load what one outbox row needs to be rendered: the case as it stands, its deadlines,
the thread it belongs to, the complaint as filed, and an alert's particulars.

Kept apart from `notices.render` so that rendering stays pure and testable without a
database, and apart from `mail.dispatch` so that sending stays about sending.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from cases import steps
from cases.calendar import CityCalendar, fmt_moment
from cases.case import Case
from cases.deadline_values import DEADLINES
from cases.deadlines import DeadlineKey
from cases.directory import Directory, Person
from cases.languages import ComplainantLanguage
from cases.notices import NoticeType, meeting_of, notice_language
from cases.ports import Clock
from mail.parsing.classify import KINDS
from mail.parsing.limits import MailLimits
from mail.parsing.structure import read_header
from notices.mail_down import dm_about
from notices.meeting_text import quorum_about
from notices.render import NoticeContext
from storage import filings, outbox, reminders, risk, web_tokens
from storage.repository import SqlCaseRepository

DEADLINE_ORDER = list(DeadlineKey)  # a deadline alert's generation is the key's index here


@dataclass(frozen=True)
class Letterhead:
    """Who the city's mail comes from and the domain of its Message-IDs and invite UIDs:
    the few settings the outbox needs, handed in by the composition root."""

    city: str
    mail_from: str
    msgid_domain: str
    docket_url: str | None = None  # the web docket's address, when the city has set one
    slack: bool = False  # whether people can record steps in Slack

    @property
    def sender(self) -> Person:
        """Who the notices come from, and who organises the invites."""
        return Person(f"City of {self.city} Ethics Intake", self.mail_from)


def load_context(session: Session, row: outbox.Notice, *, letterhead: Letterhead,
                 calendar: CityCalendar, clock: Clock, now: datetime,
                 directory: Directory | None = None) -> NoticeContext:
    """`directory` is needed for a quorum warning (who the members are) and names the
    official a reminder of their own deadline is about."""
    if row.notice_type == NoticeType.SIGN_IN_LINK:
        return _sign_in(session, row, letterhead=letterhead, calendar=calendar, now=now)
    cases = SqlCaseRepository(session, clock)
    case = cases.get(cases.number_of(row.case_id)) if row.case_id is not None else None
    base = NoticeContext(
        type=NoticeType(row.notice_type), message_id=row.message_id,
        recipient=Person(row.recipient_name, row.recipient_email), generation=row.generation,
        sender=letterhead.sender, uid_domain=letterhead.msgid_domain, city=letterhead.city,
        calendar=calendar, now=now, about=_about(session, row, calendar), slot=row.slot)
    if base.type is NoticeType.DEADLINE_ALERT and row.case_id is None:
        return replace(base, about=_digest(session, row.generation, calendar, letterhead, now))
    if case is None or row.case_id is None:
        return base
    root = outbox.thread_root(session, row.case_id)
    raw = filings.opened_complaint(session, row.case_id)
    about = base.about
    meeting = case.meetings.get(meeting_of(row.slot) or 0)
    if base.type is NoticeType.QUORUM_WARNING and meeting is not None and directory:
        about = quorum_about(case, meeting, directory)
    if base.type is NoticeType.REMINDER:
        about = {**about, **_where_to_record(case.number, about.get("deadline"), letterhead)}
        if about.get("official"):  # the slot keeps the official's email only in part
            about["official"] = next((p for p in case.parties()
                                      if reminders.is_of(p, about["official"])),
                                     about["official"])
            about["official_name"] = (directory.name_of(about["official"]) if directory
                                      else about["official"])
    if base.type is NoticeType.DELIVERY_FAILED_ALERT and about.get("deadline"):
        about = {**about, **_time_left(case, about["deadline"], calendar, now)}
    choice = directory.complainant_language if directory else ComplainantLanguage.AS_WRITTEN
    return replace(base, case=case, deadlines=tuple(case.deadlines(calendar, now=now)),
                   thread_root=root, complaint=raw, about=about,
                   language=notice_language(case, base.type, base.recipient, choice))


def _about(session: Session, row: outbox.Notice, calendar: CityCalendar) -> dict[str, Any]:
    kind = NoticeType(row.notice_type)
    if kind is NoticeType.QUARANTINE_ALERT and row.filing_id is not None:
        f = filings.SqlFilings(session).get(row.filing_id)
        if f is None:
            return {}
        what = (f.parsed or {}).get("kind")
        return {"filing": f.id, "taken_at": f.taken_at.isoformat(),
                # a refused message has no forwarder: the clerk is told who sent it
                "sender": f.sender or read_header(f.raw, "From", 320, MailLimits()) or None,
                "kind": KINDS.get(what, what) if what else None,
                "reason": f.reason or f.outcome, "message_id": f.message_id}
    if kind is NoticeType.DELIVERY_FAILED_ALERT:
        failed = outbox.notice(session, row.generation)
        if failed is None:
            return {}
        reply = outbox.last_reply(session, failed.id)
        return {"notice": failed.notice_type, "attempts": failed.attempts,
                "recipient": failed.addressed,
                "reply": reply or failed.last_error or "", "deadline": failed.deadline_key}
    if kind is NoticeType.MAIL_DOWN_ALERT:
        return dm_about(session, row.generation, row.slot, calendar)
    if kind is NoticeType.REMINDER:
        key, official, moment = reminders.slot_parts(row.slot)
        return {"deadline": key, "official": official, "moment": moment,
                "overdue": moment.startswith("overdue")}
    if kind is NoticeType.DEADLINE_ALERT and row.case_id is not None:  # before digests
        key = DEADLINE_ORDER[row.generation].value
        unsent_rows = outbox.unsent(session, case_id=row.case_id, deadline_key=key)
        oldest = min((u.created_at for u in unsent_rows), default=None)
        return {"deadline": key, "reason": row.slot or "deadline-near",
                "waiting_since": fmt_moment(calendar.local(oldest)) if oldest else None,
                "unsent": [
            {"notice": u.notice_type, "status": u.status,
             "recipient": u.addressed,
             "attempts": u.attempts, "last_error": u.last_error} for u in unsent_rows]}
    return {}


DIGEST_LISTED = 25  # the soonest deadlines a digest lists; the docket shows the rest


def _digest(session: Session, number: int, calendar: CityCalendar, letterhead: Letterhead,
            now: datetime) -> dict[str, Any]:
    """What a digest of deadlines at risk says (`mail.alerts`): how many, why, the soonest
    first with what each case still has unsent, and where to see them all."""
    d = risk.digest(session, number, listed=DIGEST_LISTED)
    base = letterhead.docket_url.rstrip("/") if letterhead.docket_url else None
    lines = []
    for line in d.lines:
        rule = DEADLINES.get(DeadlineKey(line.deadline_key))
        lines.append({
            "number": line.number, "deadline": line.deadline_key,
            "act": f"{rule.action} ({rule.section})" if rule else line.deadline_key,
            "due": fmt_moment(calendar.local(line.due)) if line.due else "no due date (tolled)",
            "passed": line.due is not None and line.due <= now,
            "reason": line.reason, "unsent": line.unsent, "last_error": line.last_error,
            "url": f"{base}/cases/{line.number}" if base else None})
    return {"digest": number, "deadlines": d.deadlines, "cases": d.cases,
            "near": d.reasons.get("deadline-near", 0),
            "undelivered": d.reasons.get("undelivered", 0),
            "still_unsent": d.still_unsent, "earlier": d.earlier, "lines": lines,
            "more": max(d.deadlines - len(lines), 0),
            # the docket's cases at risk (`storage.queries`' "at-risk", judged by the
            # sweep's thresholds), soonest due first: every case a digest tells of
            "docket_url": f"{base}/docket?show=at-risk&sort=due" if base else None}


def _time_left(case: Case, key: str, calendar: CityCalendar, now: datetime) -> dict[str, Any]:
    """For a failed statutory notice: when its deadline runs out, in city time, and how
    long is left (or that it has run out), so the clerk knows how fast to act."""
    d = next((d for d in case.deadlines(calendar, now=now) if d.key.value == key), None)
    if d is None or d.due is None:
        return {}
    left = d.due - now
    if left.total_seconds() <= 0:
        span = "it has run out: the deadline is missed, inform them all the same"
    else:
        hours, rest = divmod(int(left.total_seconds()) // 60, 60)
        span = f"{hours} h {rest:02d} min left" if hours else f"{rest} min left"
    return {"due": fmt_moment(calendar.local(d.due)), "time_left": span,
            "record": f"/ethics notice {case.number} …" if key == "notice_24h" else None}


def _where_to_record(number: str, key: str | None, letterhead: Letterhead) -> dict[str, Any]:
    """Where a reminder's reader records the step that clears it: the step's form on the
    web docket (and the case page) when the city gave the docket's address; Slack only
    when Slack is on."""
    out: dict[str, Any] = {"slack": letterhead.slack}
    if letterhead.docket_url:
        base = f"{letterhead.docket_url.rstrip('/')}/cases/{number}"
        step = steps.meeting(DeadlineKey(key)) if key in _KEYS else None
        out.update(case_url=base, step_url=f"{base}/steps/{step.slug}" if step else None,
                   step_name=step.name if step else None)
    return out


_KEYS = {k.value for k in DeadlineKey}


def _sign_in(session: Session, row: outbox.Notice, *, letterhead: Letterhead,
             calendar: CityCalendar, now: datetime) -> NoticeContext:
    """A sign-in link (`generation` is its `web_tokens` row): its URL while it can still
    be used; once used or expired the web has wiped it, and the mail says so."""
    link = web_tokens.get(session=session, row_id=row.generation)
    url = (link.data or {}).get("url") if link is not None and link.used_at is None else None
    live = url is not None and link is not None and (link.expires_at is None
                                                     or link.expires_at > now)
    about = {"url": url if live else None,
             "expires": fmt_moment(calendar.local(link.expires_at))
             if link is not None and link.expires_at else ""}
    return NoticeContext(
        type=NoticeType.SIGN_IN_LINK, message_id=row.message_id,
        recipient=Person(row.recipient_name, row.recipient_email), generation=row.generation,
        sender=letterhead.sender, uid_domain=letterhead.msgid_domain, city=letterhead.city,
        calendar=calendar, now=now, about=about)
