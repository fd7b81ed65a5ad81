"""Render one outbox row into the email it stands for.

Everything the message says comes from `NoticeContext` (loaded by `mail.context`), so
rendering is pure and can be tested without a database. What each notice is (its subject's
words, the deadlines it spells out, what it carries) is its row (`NoticeType.X.rule`,
`cases.notices`); this module writes it. Templates live in `templates/`:
the complaint and every other value reach them as data, never as template source; the
HTML part is autoescaped and the plain-text part is not (there "Smith & Sons" must stay
"Smith & Sons"); every value shown has its bidirectional controls neutralised
(`cases.text`); and no value reaches a header with a CR or LF in it (Python 3.11's
header folding does not refuse them reliably, and a newline there would let a complaint
add headers or recipients).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from cases.calendar import CityCalendar, fmt_moment
from cases.case import Case
from cases.deadlines import Deadline, DeadlineKey
from cases.directory import Person
from cases.history import Event, EventKind
from cases.languages import ENGLISH
from cases.meetings import Body, Business, Meeting
from cases.notices import (
    ALERTS,
    INVITES,
    Attachment,
    NoticeType,
    meeting_of,
    owing_event_index,
)
from cases.open_meetings import session_words
from cases.text import neutralise_bidi
from notices import translated
from notices.acknowledgement import acknowledgement_data
from notices.disclosure_letters import attachment, letter_data
from notices.invites import Invite, attendee_role, build_invite, to_ical, when_text
from notices.meeting_text import meeting_data, meeting_subject
from notices.written_in import WRITTEN

T, K = NoticeType, DeadlineKey

def _shown(value: object) -> object:
    """Every `{{ value }}` passes here before it is written (Jinja's `finalize`)."""
    return neutralise_bidi(value) if isinstance(value, str) else value


# HTML templates are escaped, plain-text ones not; any other kind (none yet) would be.
_ENV = Environment(loader=PackageLoader("templates", "notices"),
                   autoescape=select_autoescape(enabled_extensions=("html.j2",),
                                                disabled_extensions=("txt.j2",),
                                                default_for_string=True, default=True),
                   finalize=_shown, undefined=StrictUndefined, trim_blocks=True,
                   lstrip_blocks=True, keep_trailing_newline=True)
_ADDRESS = re.compile(r"^[^@\s<>,;:\"()\[\]\\]+@[^@\s<>,;:\"()\[\]\\]+$")


class HeaderInjection(ValueError):
    """A value meant for a header contains a line break or is not a plain address."""


@dataclass(frozen=True)
class NoticeContext:
    type: NoticeType
    message_id: str
    recipient: Person
    generation: int
    sender: Person  # the From (settings.mail_from) and the invites' organizer
    uid_domain: str
    city: str
    calendar: CityCalendar
    now: datetime
    case: Case | None = None
    deadlines: tuple[Deadline, ...] = ()
    thread_root: str | None = None  # the case's first notice; None for that notice itself
    complaint: bytes | None = None  # the complaint exactly as filed
    about: dict[str, Any] = field(default_factory=dict)  # an alert's particulars
    slot: str = ""  # the meeting a meeting's notice is about ("meeting-2")
    # the language it is written in: English, or one of its row's `translated`
    # (`mail.context` asks `cases.languages` for the complainant's notices)
    language: str = ENGLISH


def attaches_complaint(ctx: NoticeContext) -> bool:
    """Whether the message carries the complaint exactly as filed."""
    row = ctx.type.rule
    if Attachment.COMPLAINT not in row.attaches or ctx.complaint is None or ctx.case is None:
        return False
    return ctx.case.protection is None or not row.summary_if_withheld


def single_line(value: str) -> str:
    """`value` for a header, refused when it could break out of its line."""
    if any(ch in value for ch in "\r\n\0"):
        raise HeaderInjection(f"line break in a header value: {value[:40]!r}")
    return value


def address(email: str) -> str:
    if not _ADDRESS.match(single_line(email)):
        raise HeaderInjection(f"not a plain email address: {email[:60]!r}")
    return email


def mailbox(name: str, email: str) -> Address:
    """One person as an address header holds them: their name, whatever it contains, as
    the display name of exactly one address."""
    local, _, domain = address(email).rpartition("@")
    return Address(display_name=single_line(name), username=local, domain=domain)


def render(ctx: NoticeContext) -> EmailMessage:
    """The complete message for one outbox row (a posting is not mail: `mail.postings`)."""
    if ctx.type is T.MEETING_POSTING:
        raise ValueError("a meeting's posting is written to the postings folder, not mailed")
    invite = (build_invite(ctx.case, ctx.type, ctx.calendar, now=ctx.now,
                           uid_domain=ctx.uid_domain, slot=ctx.slot)
              if ctx.type in INVITES and ctx.case is not None else None)
    data = in_language(ctx, template_data(ctx, invite))
    msg = EmailMessage()
    # Address objects, never formatted strings: a name such as 'Zoë <a@b.example>, Quinn'
    # stays one display name, where a string is parsed again into two recipients
    msg["From"] = mailbox(ctx.sender.name, ctx.sender.email)
    msg["To"] = mailbox(ctx.recipient.name, ctx.recipient.email)
    msg["Subject"] = single_line(_subject(ctx, invite))
    msg["Date"] = format_datetime(ctx.now)
    msg["Message-ID"] = single_line(ctx.message_id)
    if ctx.thread_root and ctx.thread_root != ctx.message_id:
        msg["In-Reply-To"] = single_line(ctx.thread_root)
        msg["References"] = ctx.thread_root
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no auto-replies back to us
    msg["X-Auto-Response-Suppress"] = "All"  # the same, for Exchange
    name = template_name(ctx)
    msg.set_content(_ENV.get_template(f"{name}.txt.j2").render(data))
    msg.add_alternative(_ENV.get_template(f"{name}.html.j2").render(data), subtype="html")
    if invite is not None and ctx.case is not None:
        invite = invite_in_language(ctx, invite)
        ics = to_ical(invite, organizer=ctx.sender, attendee=ctx.recipient, now=ctx.now,
                      role=attendee_role(ctx.case, invite, ctx.recipient.email))
        msg.add_alternative(ics, subtype="calendar", params={"method": invite.method})
        msg.add_attachment(ics.encode(), maintype="application", subtype="ics",
                           filename="invite.ics")
    _attach(msg, ctx)
    return msg


def template_name(ctx: NoticeContext) -> str:
    """'acknowledgement' (English) or 'acknowledgement.es': its templates' stem."""
    if ctx.language == ENGLISH:
        return ctx.type.value
    if ctx.language not in ctx.type.rule.languages:
        raise ValueError(f"a {ctx.type.value} is not written in {ctx.language!r}")
    return f"{ctx.type.value}.{ctx.language}"


# the subject of a board meeting's notice, by what the board meets on
BOARD_HEADLINES = {
    Business.SUFFICIENCY_HEARING: "Sufficiency hearing scheduled",
    Business.FURTHER_SESSION: "Further session of the sufficiency hearing scheduled",
    Business.REFERRED_HEARING: "Ethics Board hearing (§11) scheduled",
    Business.OTHER: "Ethics Board meeting on the case scheduled",
}


def _subject(ctx: NoticeContext, invite: Invite | None) -> str:
    subject = ctx.type.rule.subject_in(ctx.language)
    if subject is None:
        raise ValueError(f"a {ctx.type.value} is not mailed: it has no subject")
    if ctx.language != ENGLISH:  # to the complainant, in the complaint's language
        return _tagged(ctx, _translated_subject(ctx, subject, invite))
    if ctx.type is T.BOARD_MEETING_SCHEDULED and (board := _board_meeting(ctx)) is not None:
        subject = BOARD_HEADLINES[board.business or Business.SUFFICIENCY_HEARING]
    if ctx.type is T.REMINDER:
        subject = reminder_headline(ctx)
    if ctx.type is T.DEADLINE_ALERT and ctx.about.get("reason") == "undelivered":
        subject = "URGENT: statutory notices could not be delivered"
    if ctx.type is T.DEADLINE_ALERT and ctx.about.get("digest"):
        subject = digest_headline(ctx.about)
    meeting = _meeting(ctx)
    if meeting is not None:
        subject = meeting_subject(ctx.type, meeting)
    if invite is not None:
        subject = ("Cancelled: " if invite.cancelled
                   else "Updated: " if invite.sequence else "Invitation: ") + subject
    return _tagged(ctx, subject)


def _tagged(ctx: NoticeContext, subject: str) -> str:
    """'[ETH-2026-0001] ...': the subject led by its case's number, where it has one."""
    if ctx.type is T.QUARANTINE_ALERT or ctx.case is None:
        return subject  # a held message has no case; its details stay in the body
    return f"[{ctx.case.number}] {subject}"


def _translated_subject(ctx: NoticeContext, subject: str, invite: Invite | None) -> str:
    """The subject in the notice's language: its row's words, or what the English one takes
    from the board meeting's business and the invitation's meeting
    (`notices.translated.subject`)."""
    board = _board_meeting(ctx) if ctx.type is T.BOARD_MEETING_SCHEDULED else None
    kind = None if invite is None else (
        "cancelled" if invite.cancelled else "updated" if invite.sequence else "new")
    return translated.subject(WRITTEN[ctx.language], subject, board=board,
                              meeting=_meeting(ctx), invite=kind)


def digest_headline(about: dict[str, Any]) -> str:
    """'URGENT: statutory notices still unsent in 50 cases': a digest's subject and its DM's
    first line (`mail.alerts`)."""
    cases = int(about.get("cases", 0))
    return (f"URGENT: statutory notices still unsent in {cases} "
            f"case{'s' if cases != 1 else ''}")


def reminded(ctx: NoticeContext) -> Deadline | None:
    """The deadline a reminder is about: its key's line, the one running for the official
    it names where each official has their own (§12's seven days)."""
    key, official = DeadlineKey(ctx.about["deadline"]), ctx.about.get("official") or ""
    return next((d for d in ctx.deadlines if d.key is key and d.official == official), None)


def reminder_headline(ctx: NoticeContext) -> str:
    """'OVERDUE: begin the sufficiency hearing (§7)' / 'Due Mon Dec 21, 2026 11:59:59 PM
    PST: ...': what to do and by when, without a word of the complaint; one official's
    own deadline says whose ('... (§12) as to Gary Pruitt')."""
    key = DeadlineKey(ctx.about["deadline"])
    d = reminded(ctx)
    what = f"{d.action} ({d.ordinance})" if d else key.value.replace("_", " ")
    if d is not None and d.official:
        what += f" as to {ctx.about.get('official_name') or d.official}"
    if ctx.about.get("overdue"):
        return f"OVERDUE: {what}"
    when = fmt_moment(ctx.calendar.local(d.due)) if d and d.due else "soon"
    return f"Due {when}: {what}"


def _attach(msg: EmailMessage, ctx: NoticeContext) -> None:
    if ctx.case is None:
        return
    if attaches_complaint(ctx):
        assert ctx.complaint is not None
        # the bytes exactly as filed; message/rfc822 would re-serialise them (and may not
        # be base64-encoded), so it travels as an .eml file every mail client opens
        msg.add_attachment(ctx.complaint, maintype="application", subtype="octet-stream",
                           filename=f"{ctx.case.number}-complaint.eml")
    if Attachment.RECORDS in ctx.type.rule.attaches:
        found = attachment(ctx.case, _owing(ctx), ctx.calendar)
        if found is not None:
            msg.add_attachment(found[1], maintype="application", subtype="pdf",
                               filename=found[0])
    report = _event_data(ctx.case, "report_issued")
    if Attachment.REPORT in ctx.type.rule.attaches and report.get("summary"):
        msg.add_attachment(str(report["summary"]), filename=f"{ctx.case.number}-report.txt")


def _meeting(ctx: NoticeContext) -> Meeting | None:
    number = meeting_of(ctx.slot)
    return None if number is None or ctx.case is None else ctx.case.meetings.get(number)


def _board_meeting(ctx: NoticeContext) -> Meeting | None:
    """The board meeting a notice is about: the one its event called (a history from before
    meetings were numbered: the board's latest)."""
    if ctx.case is None:
        return None
    number = _owing(ctx).data.get("meeting")
    called = ctx.case.meetings.get(int(number)) if number is not None else None
    return called if called is not None and called.body is Body.BOARD else (
        ctx.case.board_meeting)


def _owing(ctx: NoticeContext) -> Event:
    """The history entry that owed the notice."""
    assert ctx.case is not None
    history = ctx.case.history
    return history[min(owing_event_index(ctx.generation), len(history) - 1)]


def _event_data(case: Case, kind: str) -> dict[str, Any]:
    return next((e.data for e in reversed(case.history) if e.kind.value == kind), {})


def _mailed_to(case: Case, event: Event) -> dict[str, str] | None:
    """Whom a registered-mail task owed by naming a person the directory does not list
    is for, and where: their name and postal address (`cases.notices`)."""
    if event.kind is not EventKind.RESPONDENT_NAMED:
        return None
    named = case.named_officials.get(str(event.data.get("respondent")))
    if named is None or not named.address:
        return None
    return {"name": named.name, "address": named.address}


def template_data(ctx: NoticeContext, invite: Invite | None = None) -> dict[str, Any]:
    """What the templates see: plain values, the complaint's words among them as data."""
    data: dict[str, Any] = {
        "city": ctx.city, "recipient": ctx.recipient.name, "about": ctx.about,
        "case": ctx.case.number if ctx.case else None, "invite": None, "deadlines": [],
        "confidential": False, "meeting": None, "protection": None,
    }
    case = ctx.case
    if case is None:
        return data
    cal, keys = ctx.calendar, ctx.type.rule.spells_out
    meeting = _meeting(ctx)
    if meeting is not None:
        data["meeting"] = meeting_data(case, meeting, cal)
        keys = ((K.HEARING_BEGIN, K.HEARING_CONCLUDE) if meeting.body is Body.BOARD
                else (K.COUNCIL_DECISION,)) if ctx.type is T.INVITE_MEETING else ()
    if (ctx.type in ALERTS or ctx.type is T.REMINDER) and ctx.about.get("deadline"):
        keys = (DeadlineKey(ctx.about["deadline"]),)
    event = _owing(ctx)
    board = _board_meeting(ctx)
    data.update(
        received=fmt_moment(cal.local(case.received_at)), confidential=case.confidential,
        respondents=list(case.filing.respondents), sections=list(case.alleged_sections),
        unnamed=not case.respondents,  # intake matched no one in the directory (issue 25)
        send_to=_mailed_to(case, event) if ctx.type is T.REGISTERED_MAIL_TASK else None,
        event=event.data, complaint_attached=attaches_complaint(ctx),
        # the complainant's identity withheld (`cases.protection`): the statement and the
        # summary, which the official's and the council's notices carry instead
        protection=None if case.protection is None else {
            "statement": case.protection.statement, "summary": case.protection.summary},
        deadlines=[{"action": d.action, "ordinance": d.ordinance, "status": d.status.value,
                    "due": fmt_moment(cal.local(d.due)) if d.due else "no due date (tolled)",
                    "basis": d.basis} for k in keys for d in ctx.deadlines if d.key is k],
        board_meeting=None if board is None else {
            "when": fmt_moment(cal.local(board.starts_at)), "place": board.place,
            "open": board.open_to_public, "session": session_words(board),
            "business": str(board.business or Business.SUFFICIENCY_HEARING),
            "sufficiency": (board.business or Business.SUFFICIENCY_HEARING).sufficiency},
        report=_event_data(case, "report_issued"), violation=case.violation_found,
        decision=_event_data(case, "council_decided"), referred_to=(
            _owing(ctx).data.get("to") if ctx.type is T.REFERRAL else case.referred_to),
    )
    if ctx.type is T.EXAMINER_HEARING:  # §11: when and where, as the examiner set it
        starts = cal.local(datetime.fromisoformat(event.data["starts_at"]))
        data["examiner_hearing"] = {
            "at": starts, "when": fmt_moment(starts), "place": event.data["place"],
            "open": bool(event.data.get("open")), "moved": bool(event.data.get("moved"))}
    if ctx.type is T.NOTICES_HELD:  # until when the §2 notices wait for the clerk
        data["held_until"] = fmt_moment(cal.local(datetime.fromisoformat(event.data["until"])))
    if ctx.type is T.ACKNOWLEDGEMENT:
        data.update(acknowledgement_data(case, ctx.deadlines, cal, ctx.language, keys))
    if ctx.type is T.SUBMISSION_TO_BOARD:  # the board decides sufficiency on the facts
        data.update(facts=case.filing.facts, reasons=case.filing.reasons,
                    complainant=case.filing.complainant.name or "not given",
                    missing=sorted(e.value for e in case.filing.missing))
    if ctx.type in (T.DISCLOSURE_LETTER, T.THIRD_PARTY_NOTICE):
        # to a member of the public: what they asked and the answer, never the case's
        # confidential particulars (`notices.disclosure_letters`)
        data.update(confidential=False, deadlines=[], disclosure=letter_data(case, event))
    if invite is not None:
        data["invite"] = {"method": invite.method, "sequence": invite.sequence,
                          "when": when_text(invite, cal), "location": invite.location,
                          "description": invite.description, "tentative": invite.tentative}
    return data


def invite_in_language(ctx: NoticeContext, invite: Invite) -> Invite:
    """The invitation's own text (the .ics SUMMARY and DESCRIPTION) in the notice's
    language: as it is in English, or the complainant's meeting invitation written by
    `notices.translated.invite` from the same table as the message around it."""
    meeting = _meeting(ctx)
    if ctx.language == ENGLISH or ctx.case is None or meeting is None:
        return invite
    return translated.invite(WRITTEN[ctx.language], invite, ctx.case, meeting, ctx.calendar)


def in_language(ctx: NoticeContext, data: dict[str, Any]) -> dict[str, Any]:
    """`data` as the notice's language writes it: the English values as they are, or, for a
    notice to the complainant in Spanish or French, every date, deadline and meeting's
    words written again by `notices.translated` from that language's table (one way for
    every translated notice and language, none of its own)."""
    if ctx.language == ENGLISH or ctx.case is None:
        return data
    if ctx.language not in WRITTEN:
        raise ValueError(f"no values are written in {ctx.language!r}")
    # the deadlines `data` spells out, found again among the case's by their words
    spelled = [d for shown in data["deadlines"] for d in ctx.deadlines
               if (d.action, d.basis) == (shown["action"], shown["basis"])]
    board = _board_meeting(ctx) if data.get("board_meeting") else None
    return translated.values(WRITTEN[ctx.language], data, received=ctx.case.received_at,
                             calendar=ctx.calendar, deadlines=spelled, board=board,
                             meeting=_meeting(ctx))
