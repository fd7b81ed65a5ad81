"""Which notices each step of the procedure owes, and to whom.

This decides only *that* a notice is owed (type, recipient, the deadline it serves);
rendering and delivery are the mail adapter's job, after the transaction that recorded
the step. Confidential content goes to individual addresses only (§6), so every owed
notice names one person, and nobody gets two copies of one notice.

What each notice is, is its row in `cases.notice_types` (`NoticeType.X.rule`); who
is owed it is the plans below (`_plan`); what it says is `notices.render`'s, from the row.

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
from datetime import datetime

from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.directory import Directory, Person
from cases.filing import language_of
from cases.history import Event, EventKind, Window, opening
from cases.languages import ENGLISH, ComplainantLanguage, answered_in
from cases.meetings import Body, Meeting, MeetingKind
from cases.notice_types import (
    ACCESS,
    ALERTS,
    INVITES,
    MAIL,
    MEETING_NOTICES,
    POSTING,
    SECTION_2,
    Attachment,
    Family,
    NoticeRule,
    NoticeType,
    dispatch_rank,
)
from cases.protection_hold import HELD, hold_until
from cases.text import whole_number

# what each notice is (`cases.notice_types`), and who is owed it
__all__ = ["ACCESS", "ALERTS", "GENERATION_STRIDE", "INVITES", "MAIL", "MEETING_NOTICES",
           "MINUTES", "POSTING", "SECTION_2", "Attachment", "Family", "NoticeRule", "NoticeType",
           "OwedNotice", "channel_of", "clerks", "dispatch_rank", "invite_sequence",
           "invite_slots", "meeting_invitees", "meeting_members", "meeting_of", "meeting_slot",
           "minutes_slot", "notice_language", "notices_owed", "official_of", "official_slot",
           "owing_event_index", "quorum_warned"]

GENERATION_STRIDE = 100  # room for 99 deliberate resends of one occurrence


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
    # not sent before this moment: a §2 notice held for the decision on the complainant's
    # protection (`cases.protection_hold`); None: at once
    not_before: datetime | None = None


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
    held = hold_until(case.history)
    owed: list[OwedNotice] = []
    for type_, people, slot in plan:
        key = _serves(case, type_)
        wait = held if held is not None and type_ in HELD and held > event.at else None
        seen: set[str] = set()
        for p in people:
            if p.email.lower() not in seen:
                seen.add(p.email.lower())
                owed.append(OwedNotice(case.number, type_, p, key,
                                       index * GENERATION_STRIDE, slot, wait))
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
        case k.NOTICES_HELD:  # the clerk decides while the §2 notices wait
            return [(t.NOTICES_HELD, a.mayors_office)]
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
        case k.EXAMINER_HEARING_SET if not event.data.get("recorded_late"):
            # the official whose matter it is, not the other: each has their own forum
            heard, examiner = str(event.data["respondent"]).lower(), \
                str(event.data["examiner"]).lower()
            return [(t.EXAMINER_HEARING,
                     [p for p in a.examiner if p.email.lower() == examiner]
                     + [p for p in a.respondents if p.email.lower() == heard]
                     + a.complainant + a.mayors_office)]
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
