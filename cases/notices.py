"""Which notices each step of the procedure owes, and to whom.

This decides only *that* a notice is owed (type, recipient, the deadline it serves);
rendering and delivery are the mail adapter's job, after the transaction that recorded
the step. Confidential content goes to individual addresses only (§6), so every owed
notice names one person, and nobody gets two copies of one notice.

What each notice is, is its row (`NoticeType.X.rule`, a `NoticeRule`, declared with the
member as `EventKind`'s are): its family (each set below, the §2 notices, the invites, the
alerts..., is read from the rows), its subject, its templates, the deadline it serves, the
deadlines it spells out and what it carries. Who is owed it is the plans below (`_plan`);
what it says is `notices.render`'s, from the row.

A notice's `generation` says which occurrence it is: the owing event's position in the
case history times `GENERATION_STRIDE`, plus one per deliberate resend. So a second
continuance owes new notices (its event sits elsewhere in the history) while the same
step replayed owes nothing new, and the renderer can find the owing event again.

Calendar invites are notices too (`INVITE_*`): one per person and purpose, re-owed when
an event moves the purpose's dates (the table of events' `opens` and `revises`,
`cases.history`); their iCalendar SEQUENCE is the number of such events in the history,
so it is derived from what is stored.

A meeting (`cases.meetings`) owes, each time an event revises it, its invitation to the
members of its body and to the parties, and, unless it was recorded after the fact, its
posting for the city's website and the meeting place; a special meeting also owes the
written notice of RCW 42.30.080 to each member and to each news outlet that asked (the
directory's `media`). These notices name their meeting in `slot` ("meeting-2"); the
posting is delivered to the `postings/` folder, not by mail (`channel_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.directory import Directory, Person
from cases.filing import language_of
from cases.history import Event, EventKind, Window, opening
from cases.languages import ENGLISH, SPANISH, ComplainantLanguage, answered_in
from cases.meetings import Body, Meeting, MeetingKind
from cases.section2 import Section2Act
from cases.text import whole_number

GENERATION_STRIDE = 100  # room for 99 deliberate resends of one occurrence


class Family(StrEnum):
    """What kind of notice a notice is, which says how it is treated as a whole."""

    SECTION_2 = "section 2"  # §2's acts within 24 hours, and the registered copy's task
    STEP = "step"  # a step of the procedure told to those it concerns
    INVITE = "invite"  # a calendar invite (iTIP), sent after everything else due
    MEETING = "meeting"  # RCW 42.30: a meeting's notice, posting or quorum warning
    DISCLOSURE = "disclosure"  # RCW 42.56: to a requester, or a person records concern
    RETENTION = "retention"  # RCW 40.14: to the clerks and the records officer
    ALERT = "alert"  # to the clerk about EthicsBot's own work (mail held, failed, unsent)
    REMINDER = "reminder"  # to whoever must act on a deadline
    ACCESS = "access"  # about a person's own access to the web docket, owed by no case


class Attachment(StrEnum):
    """What a notice carries besides its text (the mail adapter attaches it)."""

    COMPLAINT = "the complaint as filed"
    INVITE = "the calendar invite (.ics)"
    RECORDS = "the records released, as one PDF"
    REPORT = "the report's summary"


MAIL = ("txt", "html")  # a mailed notice: its plain-text and HTML templates


@dataclass(frozen=True)
class NoticeRule:
    """A notice's row: its family, its subject's words (None: never mailed), the template
    formats it is written in (`templates/notices/<value>.<format>.j2`), the deadline it
    serves when that is fixed, the deadlines it spells out, what it carries, and whether
    it is about one meeting."""

    family: Family
    subject: str | None
    formats: tuple[str, ...] = MAIL
    serves: DeadlineKey | None = None
    spells_out: tuple[DeadlineKey, ...] = ()
    attaches: frozenset[Attachment] = frozenset()
    # where the complainant's identity is withheld (`cases.protection`), the complaint as
    # filed goes to the board alone: this notice carries the summary instead
    summary_if_withheld: bool = False
    completes: Section2Act | None = None  # the §2 act it completes once every copy is out
    meeting: bool = False  # about one meeting, which its slot names
    # the languages besides English it is written in, each with its subject's words
    # (`templates/notices/<value>.<language>.<format>.j2`): every notice the complainant
    # is sent has Spanish (a test walks a case and checks), and goes in the complaint's
    # language where the city answers as written (`notice_language`, `cases.languages`)
    translated: tuple[tuple[str, str], ...] = ()

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.translated)

    def subject_in(self, language: str) -> str | None:
        """The subject's words in `language` (English where it has none)."""
        return dict(self.translated).get(language, self.subject)


_N, _F, _D, _A = NoticeRule, Family, DeadlineKey, Attachment


def _es(subject: str) -> tuple[tuple[str, str], ...]:
    """A row's `translated` for a notice the complainant is sent: Spanish, its subject."""
    return ((SPANISH, subject),)


_HEARING = (_D.HEARING_BEGIN, _D.HEARING_CONCLUDE)
_COMPLAINT, _ICS = frozenset({_A.COMPLAINT}), frozenset({_A.INVITE})


class NoticeType(StrEnum):
    """Each notice, with its row: `NAME = "stored value", _N(...)`; the value is stored in
    each outbox row and names its templates."""

    rule: NoticeRule

    # each member gives its one row; `NoticeType("value")` looks a member up, with none
    def __new__(cls, value: str, *row: NoticeRule) -> NoticeType:
        notice = str.__new__(cls, value)
        notice._value_ = value
        (notice.rule,) = row
        return notice

    # §2 inform the official
    COMPLAINT_TO_RESPONDENT = "complaint_to_respondent", _N(
        _F.SECTION_2, "Notice of ethics complaint", serves=_D.NOTICE_24H, spells_out=_HEARING,
        attaches=_COMPLAINT, summary_if_withheld=True,
        completes=Section2Act.RESPONDENT_INFORMED)
    # §2 inform the council
    COMPLAINT_TO_COUNCIL = "complaint_to_council", _N(
        _F.SECTION_2, "Ethics complaint received", serves=_D.NOTICE_24H,
        spells_out=(_D.NOTICE_24H, *_HEARING), completes=Section2Act.COUNCIL_INFORMED)
    # §2 submit for sufficiency
    SUBMISSION_TO_BOARD = "submission_to_board", _N(
        _F.SECTION_2, "Complaint submitted for determination of sufficiency",
        serves=_D.NOTICE_24H, spells_out=(_D.NOTICE_24H, *_HEARING), attaches=_COMPLAINT,
        completes=Section2Act.SUBMITTED_TO_BOARD)
    # §2 copy by registered mail
    REGISTERED_MAIL_TASK = "registered_mail_task", _N(
        _F.SECTION_2, "Task: send the complaint by registered mail", serves=_D.REGISTERED_MAIL,
        spells_out=(_D.REGISTERED_MAIL,), attaches=_COMPLAINT, summary_if_withheld=True)
    # §1, §2, §6, §7: to the complainant who gave an email, that the complaint was
    # received, what happens next, and which of §1's elements to send (EthicsBot's own
    # courtesy: it serves no deadline, and is in Spanish for a complaint written in it)
    ACKNOWLEDGEMENT = "acknowledgement", _N(
        _F.STEP, "Your ethics complaint was received",
        spells_out=(_D.NOTICE_24H, _D.HEARING_BEGIN),
        translated=_es("Recibimos su queja de ética"))
    # §7, §9, §11, §13: the stored value stays; the subject is the meeting's business's
    # (`notices.render.BOARD_HEADLINES`) once the meeting is known
    BOARD_MEETING_SCHEDULED = "hearing_scheduled", _N(
        _F.STEP, "Ethics Board meeting scheduled", serves=_D.HEARING_BEGIN, spells_out=_HEARING,
        translated=_es("Reunión de la Junta de Ética programada"))
    CONTINUANCE_APPLIED = "continuance_applied", _N(  # §7 tolled
        _F.STEP, "Continuance applied for: hearing deadlines tolled", spells_out=_HEARING,
        translated=_es("Solicitud de prórroga: plazos de la audiencia suspendidos"))
    CONTINUANCE_DECIDED = "continuance_decided", _N(  # §7 new dates
        _F.STEP, "Continuance decided: hearing deadlines", spells_out=_HEARING,
        translated=_es("Prórroga decidida: plazos de la audiencia"))
    REPORT_DELIVERED = "report_delivered", _N(  # §10
        _F.STEP, "Written report on sufficiency", serves=_D.REPORT_DELIVERY,
        spells_out=(_D.REPORT_DELIVERY,), attaches=frozenset({_A.REPORT}),
        translated=_es("Informe escrito sobre la suficiencia"))
    REFERRAL = "referral", _N(_F.STEP, "Matter referred for hearing")  # §11
    # §11: the official asked for the board after it
    REFERRAL_LAPSED = "referral_lapsed", _N(
        _F.STEP, "Referral for hearing withdrawn: the official asked for the board")
    # §12: it serves the council's seven days only when a violation was found (`_serves`)
    DETERMINATION = "determination", _N(
        _F.STEP, "Final determination received", serves=_D.COUNCIL_DECISION,
        spells_out=(_D.COUNCIL_DECISION,), translated=_es("Determinación final recibida"))
    COUNCIL_DECIDED = "council_decided", _N(  # §12, §14
        _F.STEP, "Council decision recorded", spells_out=(_D.COUNCIL_DECISION,),
        translated=_es("Decisión del concejo registrada"))
    CASE_CLOSED = "case_closed", _N(  # §6 confidentiality ends
        _F.STEP, "Case closed", translated=_es("Caso cerrado"))
    INVITE_SUFFICIENCY_WINDOW = "invite_sufficiency_window", _N(  # §7 begin..conclude
        _F.INVITE, "Sufficiency hearing window", spells_out=_HEARING, attaches=_ICS)
    # a meeting of the board or council (RCW 42.30); its subject the meeting's own label
    INVITE_MEETING = "invite_meeting", _N(_F.INVITE, "Meeting", attaches=_ICS, meeting=True,
                                           translated=_es("Reunión"))
    INVITE_COUNCIL_DECISION = "invite_council_decision", _N(  # §12 seven days
        _F.INVITE, "Council decision window", spells_out=(_D.COUNCIL_DECISION,), attaches=_ICS)
    # to the clerk: a message opened no case
    QUARANTINE_ALERT = "quarantine_alert", _N(
        _F.ALERT, "EthicsBot: a message was held for review")
    # to the clerk: a notice bounced (5xx)
    DELIVERY_FAILED_ALERT = "delivery_failed_alert", _N(
        _F.ALERT, "ACTION NEEDED: a notice could not be delivered")
    # to the clerk: a notice unsent near its deadline
    DEADLINE_ALERT = "deadline_alert", _N(
        _F.ALERT, "URGENT: notices still unsent as their deadline nears")
    # to the clerk, by Slack: outgoing mail fails, or is back (no mail: no template)
    MAIL_DOWN_ALERT = "mail_down_alert", _N(_F.ALERT, None, formats=())
    # to whoever must act: a deadline approaches or has passed
    REMINDER = "reminder", _N(_F.REMINDER, "Reminder")
    # to a person who asked the web docket for one
    SIGN_IN_LINK = "sign_in_link", _N(_F.ACCESS, "Your sign-in link to the ethics docket")
    # RCW 42.30.080: special meeting, members and media; its subject the meeting's own
    MEETING_NOTICE = "meeting_notice", _N(_F.MEETING, "Notice of special meeting", meeting=True)
    # RCW 42.30.077, .080: website and meeting place (a page, not mail: `channel_of`)
    MEETING_POSTING = "meeting_posting", _N(_F.MEETING, None, formats=("html",), meeting=True)
    # to the chair and the clerk: too few accepted (48 h)
    QUORUM_WARNING = "quorum_warning", _N(_F.MEETING, "Quorum in doubt", meeting=True)
    # §13: the respondent asked that the examiner's proceeding be open; to the examiner,
    # the parties and the clerks (the examiner is no governing body: no meeting notice)
    PROCEEDING_OPENED = "proceeding_opened", _N(
        _F.STEP, "The examiner's proceeding is open to the public",
        translated=_es("El procedimiento ante el examinador de audiencias es público"))
    # §5: the complaint was amended; the official is told, so that the time frames give
    # them a fair opportunity to respond, and so are the council and the decision-maker
    COMPLAINT_AMENDED = "complaint_amended", _N(
        _F.STEP, "The complaint was amended", translated=_es("La queja fue enmendada"))
    # RCW 40.14: a legal hold placed or lifted; to the clerks and the records officer, who
    # must not destroy (or may again review) the file
    LEGAL_HOLD = "legal_hold", _N(_F.RETENTION, "Legal hold on a case file")
    # RCW 42.56: a letter to a public records requester (an answer, an instalment with its
    # records, the closing letter), and the notice to a person the records concern
    DISCLOSURE_LETTER = "disclosure_letter", _N(
        _F.DISCLOSURE, "Your public records request", attaches=frozenset({_A.RECORDS}))
    THIRD_PARTY_NOTICE = "third_party_notice", _N(
        _F.DISCLOSURE, "Records concerning you will be released")


def _of(family: Family) -> frozenset[NoticeType]:
    return frozenset(t for t in NoticeType if t.rule.family is family)


# The §2 notices and the step each one completes once every copy is delivered.
SECTION_2: dict[NoticeType, Section2Act] = {
    t: t.rule.completes for t in NoticeType if t.rule.completes is not None}
INVITES = _of(Family.INVITE)


def dispatch_rank(notice_type: str) -> int:
    """The order the dispatcher sends what is due in: 0 first, then 1. Calendar invites go
    after every other notice due: they repeat dates the notices give, and a change of the
    city's calendar revises thousands of them at once, which must not hold back a new
    case's §2 notices, an alert or a sign-in link (issue 26)."""
    return 1 if notice_type in INVITES else 0


# Mail about a person's own access, owed by the web docket, never by a step of a case.
ACCESS = _of(Family.ACCESS)
MEETING_NOTICES = frozenset(t for t in NoticeType if t.rule.meeting)
# The posting's "recipient": the city's website and the entrance of the meeting place.
POSTING = Person("Public posting (the city's website and the meeting place)", "posting")
ALERTS = _of(Family.ALERT)


@dataclass(frozen=True)
class OwedNotice:
    case_number: str
    type: NoticeType
    recipient: Person
    deadline: DeadlineKey | None  # the statutory deadline the notice serves, if any
    generation: int = 0  # see the module docstring
    # which meeting a meeting's notice is about ("meeting-2"), which official's matter a
    # window is about ("official-2"); else empty
    slot: str = ""


def channel_of(notice_type: NoticeType) -> str:
    """How a notice is delivered: the posting to its folder, everything else by email."""
    return "posting" if notice_type is NoticeType.MEETING_POSTING else "email"


def meeting_slot(number: int) -> str:
    return f"meeting-{number}"


MINUTES = ":minutes"  # a meeting's slot with this: its approved minutes' posting


def minutes_slot(number: int) -> str:
    return f"{meeting_slot(number)}{MINUTES}"


def meeting_of(slot: str) -> int | None:
    """The meeting a slot names ("meeting-2", "meeting-2:quorum:0"), if any."""
    head = slot.split(":", 1)[0]
    return whole_number(head[8:]) if head.startswith("meeting-") else None


def owing_event_index(generation: int) -> int:
    """The position in the case history of the event that owed a notice."""
    return generation // GENERATION_STRIDE


def official_slot(case: Case, official: str) -> str:
    """The slot of `official`'s own window: "official-2" for the second party. A case
    against one official keeps one window for the case (the empty slot)."""
    parties = case.parties()
    return f"official-{parties.index(official) + 1}" if len(parties) > 1 else ""


def official_of(case: Case, slot: str) -> str | None:
    """The official a window's slot names (None: the case's one window)."""
    n = whole_number(slot[9:]) if slot.startswith("official-") else None
    parties = case.parties()
    return parties[n - 1] if n is not None and 0 < n <= len(parties) else None


def invite_slots(case: Case, invite: NoticeType) -> list[str]:
    """The entries `invite` has in `case` (a window not opened yet has none): the §12
    window is each official's own, as the council's seven days are (`_council_decision`)."""
    if invite is NoticeType.INVITE_COUNCIL_DECISION and len(case.parties()) > 1:
        slots = [official_slot(case, p) for p in case.violators]
    else:
        slots = [""]
    return [s for s in slots if invite_sequence(case, invite, s) is not None]


def invite_sequence(case: Case, invite: NoticeType, slot: str = "") -> int | None:
    """The iCalendar SEQUENCE of `invite` (for one official, the one `slot` names) as the
    history stands (None: not opened yet).

    Counting stored events, not sends, keeps it stable across restarts and resends: a
    re-sent invite repeats its SEQUENCE, and only a change of dates raises it. An
    official's own window opens with the determination of a violation as to them, and
    what moves it is what names them or no one."""
    window = Window(invite.value)
    official = official_of(case, slot)

    def about(e: Event) -> bool:
        return official is None or e.data.get("respondent") in (None, "", official)

    opened = next((i for i, e in enumerate(case.history) if e.kind is opening(window)
                   and about(e) and (official is None or e.data.get("violation"))), None)
    if opened is None:
        return None
    return sum(1 for e in case.history[opened + 1:]
               if window in e.kind.rule.revises and about(e))


def notice_language(case: Case, notice: NoticeType, recipient: Person,
                    choice: ComplainantLanguage) -> str:
    """The language `notice` to `recipient` is written in: the complaint's, for mail to the
    complainant that exists in it, where the city answers as written (`cases.languages`);
    English for everyone else (the officials' notices are the city's record)."""
    own = case.filing.complainant.email
    if not own or recipient.email.lower() != own.lower():
        return ENGLISH
    return answered_in(language_of(case.filing), notice.rule.languages, choice)


def clerks(directory: Directory) -> tuple[Person, ...]:
    """Who acts for the mayor on paperwork and hears about trouble: the designees, else
    the mayor."""
    return directory.designees or (directory.mayor,)


def notices_owed(case: Case, event: Event, directory: Directory) -> list[OwedNotice]:
    """The notices `event` (already applied to `case`) makes owed: none for a motion
    that failed, which changed nothing."""
    if not event.took_effect:
        return []
    index = next((i for i, e in enumerate(case.history) if e is event), len(case.history) - 1)
    aud = _Audience(case, directory)
    plan = [(t, people, "") for t, people in _plan(case, event, aud)]
    plan += _invite_plan(case, event, aud)
    plan += _meeting_plan(case, event, index, aud, directory)
    owed: list[OwedNotice] = []
    for type_, people, slot in plan:
        key = _serves(case, type_)
        seen: set[str] = set()
        for p in people:
            if p.email.lower() not in seen:
                seen.add(p.email.lower())
                owed.append(OwedNotice(case.number, type_, p, key,
                                       index * GENERATION_STRIDE, slot))
    return owed


_Plan = list[tuple[NoticeType, list[Person]]]


def _serves(case: Case, notice: NoticeType) -> DeadlineKey | None:
    """The deadline `notice` serves (its row's): the council's seven days only once a
    violation was found, since without one the council decides nothing (§12)."""
    key = notice.rule.serves
    if key is DeadlineKey.COUNCIL_DECISION and not case.violation_found:
        return None
    return key


class _Audience:
    """The people a notice can go to, the officials complained against set apart: they
    get the respondent's version, never the council's or the board's copy; a member who
    recused gets neither."""

    def __init__(self, case: Case, directory: Directory) -> None:
        # the directory's people, and those named outside it who gave an email
        self.respondents = [p for e in case.respondents
                            if (p := directory.by_email(e) or _outside(case, e)) is not None]
        parties = {e.lower() for e in case.respondents}
        # a member who recused is walled off from the case's material and its meetings'
        # invitations (`cases.access.case_access`); the statutory meeting notice of RCW
        # 42.30.080 still goes to every member (`_meeting_plan`)
        walled = parties | set(case.recusals)
        self.council = _without(directory.council, walled)
        self.board = _without(directory.board, walled)
        self.mayors_office = list(clerks(directory))
        self.records_officer = [directory.records_officer] if directory.records_officer else []
        c, email = case.filing.complainant, case.filing.complainant.email
        # The complainant is told by email when they gave one; otherwise by post (§1 asks
        # for an address), which is the clerk's job, not ours.
        self.complainant = ([Person(c.name or email, email)]
                            if email and email.lower() not in parties else [])
        # the examiners the officials' matters are referred to (§11; each has their own)
        referred = {r.to.lower() for r in case.referrals.values() if not r.board}
        self.examiner = [p for p in directory.examiners if p.email.lower() in referred]
        self.roster = list(directory.examiners)  # those a referral lapsed for, among them


def _outside(case: Case, key: str) -> Person | None:
    """A respondent the directory does not list, as a person mail can reach (none without
    an email: their §2 copy goes by registered mail, the clerk's task)."""
    named = case.named_officials.get(key)
    return Person(named.name, named.email) if named and named.email else None


def _without(people: Iterable[Person], emails: set[str]) -> list[Person]:
    return [p for p in people if p.email.lower() not in emails]


def _plan(case: Case, event: Event, a: _Audience) -> _Plan:
    t, k = NoticeType, EventKind
    parties = a.respondents + a.complainant
    match event.kind:
        case k.COMPLAINT_RECEIVED:  # the complainant told last: §2's acts come first
            return [(t.COMPLAINT_TO_RESPONDENT, a.respondents),
                    (t.COMPLAINT_TO_COUNCIL, a.council),
                    (t.SUBMISSION_TO_BOARD, a.board),
                    (t.REGISTERED_MAIL_TASK, a.mayors_office),
                    (t.ACKNOWLEDGEMENT, a.complainant)]
        case k.RESPONDENT_NAMED:  # the §2 notice the official was owed from the start
            named = [p for p in a.respondents if p.email.lower() == event.data["respondent"]]
            # a person the directory does not list, named with a postal address: the clerk
            # is owed the task of mailing them the registered copy (the directory's people
            # were in the task owed at receipt)
            mailed = ([(t.REGISTERED_MAIL_TASK, a.mayors_office)]
                      if event.data.get("address") else [])
            return [(t.COMPLAINT_TO_RESPONDENT, named), *mailed]
        case k.BOARD_MEETING_SCHEDULED:
            hearing = case.board_meeting
            if hearing is None or hearing.recorded_late:
                return []  # recorded after it took place: nothing to tell anyone
            return [(t.BOARD_MEETING_SCHEDULED, a.board + parties)]
        case k.CONTINUANCE_APPLIED | k.CONTINUANCE_DECIDED:
            # the council decides the application (§7), so it is told as well
            type_ = (t.CONTINUANCE_APPLIED if event.kind is k.CONTINUANCE_APPLIED
                     else t.CONTINUANCE_DECIDED)
            return [(type_, a.board + parties + a.mayors_office + a.council)]
        case k.REPORT_DELIVERED:
            return [(t.REPORT_DELIVERED, a.council + parties)]
        case k.COMPLAINT_AMENDED:
            return [(t.COMPLAINT_AMENDED, parties + a.council + a.examiner)]
        case k.REFERRED:  # to whom this referral went, and the officials whose matter it is
            went = str(event.data["to"]).lower()
            hearers = a.board if went == "board" else [p for p in a.examiner
                                                       if p.email.lower() == went]
            whose = {str(x).lower() for x in event.data.get("respondents") or ()}
            return [(t.REFERRAL, hearers + [p for p in a.respondents
                                            if not whose or p.email.lower() in whose])]
        case k.BOARD_HEARING_REQUESTED if event.data.get("lapsed_to"):
            # the examiner whose referral lapsed stops, and the official it was is told
            lapsed = {str(x).lower() for x in event.data["lapsed_to"]}
            whose = {str(x).lower() for x in event.data["withdraws"]}
            return [(t.REFERRAL_LAPSED, [p for p in a.roster if p.email.lower() in lapsed]
                     + [p for p in a.respondents if p.email.lower() in whose]
                     + a.mayors_office)]
        case k.OPEN_SESSION_REQUESTED if event.data.get("body") == "examiner":
            examiner = str(event.data.get("examiner") or "").lower()
            return [(t.PROCEEDING_OPENED, [p for p in a.examiner if p.email.lower() == examiner]
                     + parties + a.mayors_office)]
        case k.DETERMINATION_RECEIVED:
            return [(t.DETERMINATION, a.council + parties)]
        case k.COUNCIL_DECIDED:
            return [(t.COUNCIL_DECIDED, parties + a.council + a.board)]
        case k.CASE_CLOSED:
            return [(t.CASE_CLOSED, parties + a.council + a.board + a.mayors_office)]
        case k.LEGAL_HOLD_PLACED | k.LEGAL_HOLD_LIFTED:
            return [(t.LEGAL_HOLD, a.mayors_office + a.records_officer)]
        case k.DISCLOSURE_ANSWERED | k.RECORDS_RELEASED if "request" in event.data and (
                event.kind is k.DISCLOSURE_ANSWERED or "instalment" in event.data):
            x = case.disclosure_requests[int(event.data["request"]) - 1]
            # the requester by email; with none given, the clerks, who post it
            to = [Person(x.requester, x.email)] if x.email else a.mayors_office
            return [(t.DISCLOSURE_LETTER, to)]
        case k.THIRD_PARTY_NOTIFIED:
            return [(t.THIRD_PARTY_NOTICE, [Person(event.data["name"], event.data["email"])])]
    return []


def _meeting_plan(case: Case, event: Event, index: int, a: _Audience,
                  directory: Directory) -> list[tuple[NoticeType, list[Person], str]]:
    """What each meeting `event` revised owes: see the module docstring. Minutes approved
    are posted for the public (RCW 42.30.035)."""
    plan: list[tuple[NoticeType, list[Person], str]] = []
    if event.kind is EventKind.MINUTES_APPROVED:
        plan.append((NoticeType.MEETING_POSTING, [POSTING], minutes_slot(int(event.data["of"]))))
    for m in case.meetings.changed_by(index):
        if m.recorded_late:
            continue  # it took place before it was recorded: nothing is sent for it
        # RCW 42.30.080: every member of the body, a member complained against included
        members = list(directory.board if m.body is Body.BOARD else directory.council)
        slot = meeting_slot(m.number)
        plan.append((NoticeType.INVITE_MEETING, _invitees(m, a), slot))
        if m.starts_at <= event.at:
            continue  # too late to post or give notice; the invitation still updates calendars
        plan.append((NoticeType.MEETING_POSTING, [POSTING], slot))
        if m.kind is MeetingKind.SPECIAL:
            plan.append((NoticeType.MEETING_NOTICE, members + list(directory.media), slot))
    return plan


def _invitees(m: Meeting, a: _Audience) -> list[Person]:
    members = a.board if m.body is Body.BOARD else a.council
    return members + a.respondents + a.complainant


def meeting_invitees(case: Case, meeting: Meeting, directory: Directory) -> list[Person]:
    """Who is invited to `meeting`: its body's members (but a respondent) and the parties."""
    return _invitees(meeting, _Audience(case, directory))


def meeting_members(case: Case, meeting: Meeting, directory: Directory) -> list[Person]:
    """The members of the meeting's body who may act on the case (respondents left out)."""
    a = _Audience(case, directory)
    return a.board if meeting.body is Body.BOARD else a.council


def quorum_warned(case: Case, meeting: Meeting, directory: Directory) -> list[Person]:
    """Who hears that a meeting may lack a quorum: its presiding officer (the board's
    chair; the mayor for the council, RCW 35A.12.100) and the clerks, never a respondent."""
    chair = directory.board_chair if meeting.body is Body.BOARD else directory.mayor
    parties = {r.lower() for r in case.respondents}
    seen: set[str] = set()
    out = []
    for p in [*([chair] if chair else []), *clerks(directory)]:
        if p.email.lower() not in parties | seen:
            seen.add(p.email.lower())
            out.append(p)
    return out


def _invite_plan(case: Case, event: Event, a: _Audience) -> list[
        tuple[NoticeType, list[Person], str]]:
    """The windows `event` opens or moves, each entry (an official's own) by its slot."""
    audiences = {
        NoticeType.INVITE_SUFFICIENCY_WINDOW: a.board + a.council,
        NoticeType.INVITE_COUNCIL_DECISION: a.council,
    }
    plan = []
    for window in Window:
        invite = NoticeType(window.value)
        row = event.kind.rule
        if row.opens is not window and window not in row.revises:
            continue
        if invite is NoticeType.INVITE_COUNCIL_DECISION and not case.violation_found:
            continue  # no violation: the council does not decide (§12)
        named = event.data.get("respondent")
        for slot in invite_slots(case, invite):
            # an event about one official opens or moves their window, not another's
            if not named or official_of(case, slot) in (None, named):
                plan.append((invite, audiences[invite], slot))
    return plan
