"""Which notices each step of the procedure owes, and to whom.

This decides only *that* a notice is owed (type, recipient, the deadline it serves);
rendering and delivery are the mail adapter's job, after the transaction that recorded
the step. Confidential content goes to individual addresses only (§6), so every owed
notice names one person, and nobody gets two copies of one notice.

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
from cases.history import Event, EventKind, Window, opening
from cases.meetings import Body, Meeting, MeetingKind
from cases.section2 import Section2Act
from cases.text import whole_number

GENERATION_STRIDE = 100  # room for 99 deliberate resends of one occurrence


class NoticeType(StrEnum):
    COMPLAINT_TO_RESPONDENT = "complaint_to_respondent"  # §2 inform the official
    COMPLAINT_TO_COUNCIL = "complaint_to_council"  # §2 inform the council
    SUBMISSION_TO_BOARD = "submission_to_board"  # §2 submit for sufficiency
    REGISTERED_MAIL_TASK = "registered_mail_task"  # §2 copy by registered mail
    BOARD_MEETING_SCHEDULED = "hearing_scheduled"  # §7, §9, §11, §13: the stored value stays
    CONTINUANCE_APPLIED = "continuance_applied"  # §7 tolled
    CONTINUANCE_DECIDED = "continuance_decided"  # §7 new dates
    REPORT_DELIVERED = "report_delivered"  # §10
    REFERRAL = "referral"  # §11
    REFERRAL_LAPSED = "referral_lapsed"  # §11: the official asked for the board after it
    DETERMINATION = "determination"  # §12
    COUNCIL_DECIDED = "council_decided"  # §12, §14
    CASE_CLOSED = "case_closed"  # §6 confidentiality ends
    INVITE_SUFFICIENCY_WINDOW = "invite_sufficiency_window"  # §7 begin..conclude
    INVITE_MEETING = "invite_meeting"  # a meeting of the board or council (RCW 42.30)
    INVITE_COUNCIL_DECISION = "invite_council_decision"  # §12 seven days
    QUARANTINE_ALERT = "quarantine_alert"  # to the clerk: a message opened no case
    DELIVERY_FAILED_ALERT = "delivery_failed_alert"  # to the clerk: a notice bounced (5xx)
    DEADLINE_ALERT = "deadline_alert"  # to the clerk: a notice unsent near its deadline
    MAIL_DOWN_ALERT = "mail_down_alert"  # to the clerk, by Slack: outgoing mail fails, or is back
    REMINDER = "reminder"  # to whoever must act: a deadline approaches or has passed
    SIGN_IN_LINK = "sign_in_link"  # to a person who asked the web docket for one
    MEETING_NOTICE = "meeting_notice"  # RCW 42.30.080: special meeting, members and media
    MEETING_POSTING = "meeting_posting"  # RCW 42.30.077, .080: website and meeting place
    QUORUM_WARNING = "quorum_warning"  # to the chair and the clerk: too few accepted (48 h)
    # §13: the respondent asked that the examiner's proceeding be open; to the examiner,
    # the parties and the clerks (the examiner is no governing body: no meeting notice)
    PROCEEDING_OPENED = "proceeding_opened"
    # §5: the complaint was amended; the official is told, so that the time frames give
    # them a fair opportunity to respond, and so are the council and the decision-maker
    COMPLAINT_AMENDED = "complaint_amended"
    # RCW 40.14: a legal hold placed or lifted; to the clerks and the records officer, who
    # must not destroy (or may again review) the file
    LEGAL_HOLD = "legal_hold"
    # RCW 42.56: a letter to a public records requester (an answer, an instalment with its
    # records, the closing letter), and the notice to a person the records concern
    DISCLOSURE_LETTER = "disclosure_letter"
    THIRD_PARTY_NOTICE = "third_party_notice"


# The §2 notices and the step each one completes once every copy is delivered.
SECTION_2: dict[NoticeType, Section2Act] = {
    NoticeType.COMPLAINT_TO_RESPONDENT: Section2Act.RESPONDENT_INFORMED,
    NoticeType.COMPLAINT_TO_COUNCIL: Section2Act.COUNCIL_INFORMED,
    NoticeType.SUBMISSION_TO_BOARD: Section2Act.SUBMITTED_TO_BOARD,
}

INVITES = frozenset({NoticeType.INVITE_SUFFICIENCY_WINDOW, NoticeType.INVITE_MEETING,
                     NoticeType.INVITE_COUNCIL_DECISION})


def dispatch_rank(notice_type: str) -> int:
    """The order the dispatcher sends what is due in: 0 first, then 1. Calendar invites go
    after every other notice due: they repeat dates the notices give, and a change of the
    city's calendar revises thousands of them at once, which must not hold back a new
    case's §2 notices, an alert or a sign-in link (issue 26)."""
    return 1 if notice_type in INVITES else 0


# Mail about a person's own access, owed by the web docket, never by a step of a case.
ACCESS = frozenset({NoticeType.SIGN_IN_LINK})
MEETING_NOTICES = frozenset({NoticeType.INVITE_MEETING, NoticeType.MEETING_NOTICE,
                             NoticeType.MEETING_POSTING, NoticeType.QUORUM_WARNING})
# The posting's "recipient": the city's website and the entrance of the meeting place.
POSTING = Person("Public posting (the city's website and the meeting place)", "posting")
ALERTS = frozenset({NoticeType.QUARANTINE_ALERT, NoticeType.DELIVERY_FAILED_ALERT,
                    NoticeType.DEADLINE_ALERT, NoticeType.MAIL_DOWN_ALERT})

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
    plan = [(t, people, key, "") for t, people, key in _plan(case, event, aud)]
    plan += [(t, people, None, slot) for t, people, slot in _invite_plan(case, event, aud)]
    plan += [(t, people, None, slot)
             for t, people, slot in _meeting_plan(case, event, index, aud, directory)]
    owed: list[OwedNotice] = []
    for type_, people, key, slot in plan:
        seen: set[str] = set()
        for p in people:
            if p.email.lower() not in seen:
                seen.add(p.email.lower())
                owed.append(OwedNotice(case.number, type_, p, key,
                                       index * GENERATION_STRIDE, slot))
    return owed


_Plan = list[tuple[NoticeType, list[Person], DeadlineKey | None]]


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
    t, k, key = NoticeType, EventKind, DeadlineKey
    parties = a.respondents + a.complainant
    match event.kind:
        case k.COMPLAINT_RECEIVED:
            return [(t.COMPLAINT_TO_RESPONDENT, a.respondents, key.NOTICE_24H),
                    (t.COMPLAINT_TO_COUNCIL, a.council, key.NOTICE_24H),
                    (t.SUBMISSION_TO_BOARD, a.board, key.NOTICE_24H),
                    (t.REGISTERED_MAIL_TASK, a.mayors_office, key.REGISTERED_MAIL)]
        case k.RESPONDENT_NAMED:  # the §2 notice the official was owed from the start
            named = [p for p in a.respondents if p.email.lower() == event.data["respondent"]]
            # a person the directory does not list, named with a postal address: the clerk
            # is owed the task of mailing them the registered copy (the directory's people
            # were in the task owed at receipt)
            mailed = ([(t.REGISTERED_MAIL_TASK, a.mayors_office, key.REGISTERED_MAIL)]
                      if event.data.get("address") else [])
            return [(t.COMPLAINT_TO_RESPONDENT, named, key.NOTICE_24H), *mailed]
        case k.BOARD_MEETING_SCHEDULED:
            hearing = case.board_meeting
            if hearing is None or hearing.recorded_late:
                return []  # recorded after it took place: nothing to tell anyone
            return [(t.BOARD_MEETING_SCHEDULED, a.board + parties, key.HEARING_BEGIN)]
        case k.CONTINUANCE_APPLIED | k.CONTINUANCE_DECIDED:
            # the council decides the application (§7), so it is told as well
            type_ = (t.CONTINUANCE_APPLIED if event.kind is k.CONTINUANCE_APPLIED
                     else t.CONTINUANCE_DECIDED)
            return [(type_, a.board + parties + a.mayors_office + a.council, None)]
        case k.REPORT_DELIVERED:
            return [(t.REPORT_DELIVERED, a.council + parties, key.REPORT_DELIVERY)]
        case k.COMPLAINT_AMENDED:
            return [(t.COMPLAINT_AMENDED, parties + a.council + a.examiner, None)]
        case k.REFERRED:  # to whom this referral went, and the officials whose matter it is
            went = str(event.data["to"]).lower()
            hearers = a.board if went == "board" else [p for p in a.examiner
                                                       if p.email.lower() == went]
            whose = {str(x).lower() for x in event.data.get("respondents") or ()}
            return [(t.REFERRAL, hearers + [p for p in a.respondents
                                            if not whose or p.email.lower() in whose], None)]
        case k.BOARD_HEARING_REQUESTED if event.data.get("lapsed_to"):
            # the examiner whose referral lapsed stops, and the official it was is told
            lapsed = {str(x).lower() for x in event.data["lapsed_to"]}
            whose = {str(x).lower() for x in event.data["withdraws"]}
            return [(t.REFERRAL_LAPSED, [p for p in a.roster if p.email.lower() in lapsed]
                     + [p for p in a.respondents if p.email.lower() in whose]
                     + a.mayors_office, None)]
        case k.OPEN_SESSION_REQUESTED if event.data.get("body") == "examiner":
            examiner = str(event.data.get("examiner") or "").lower()
            return [(t.PROCEEDING_OPENED, [p for p in a.examiner if p.email.lower() == examiner]
                     + parties + a.mayors_office, None)]
        case k.DETERMINATION_RECEIVED:
            return [(t.DETERMINATION, a.council + parties,
                     key.COUNCIL_DECISION if case.violation_found else None)]
        case k.COUNCIL_DECIDED:
            return [(t.COUNCIL_DECIDED, parties + a.council + a.board, None)]
        case k.CASE_CLOSED:
            return [(t.CASE_CLOSED, parties + a.council + a.board + a.mayors_office, None)]
        case k.LEGAL_HOLD_PLACED | k.LEGAL_HOLD_LIFTED:
            return [(t.LEGAL_HOLD, a.mayors_office + a.records_officer, None)]
        case k.DISCLOSURE_ANSWERED | k.RECORDS_RELEASED if "request" in event.data and (
                event.kind is k.DISCLOSURE_ANSWERED or "instalment" in event.data):
            x = case.disclosure_requests[int(event.data["request"]) - 1]
            # the requester by email; with none given, the clerks, who post it
            to = [Person(x.requester, x.email)] if x.email else a.mayors_office
            return [(t.DISCLOSURE_LETTER, to, None)]
        case k.THIRD_PARTY_NOTIFIED:
            return [(t.THIRD_PARTY_NOTICE, [Person(event.data["name"], event.data["email"])],
                     None)]
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
