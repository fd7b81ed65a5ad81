"""The Open Public Meetings Act's rules for a case's meetings (RCW 42.30), as pure functions.

- A special meeting needs written notice delivered at least 24 hours before it, to each
  member and to each news outlet that asked (RCW 42.30.080(2)); EthicsBot sends it when
  the meeting is scheduled, so scheduling one less than 24 hours ahead is refused unless
  it is recorded as an emergency with its reason (RCW 42.30.080(4)). A meeting that
  already took place can still be recorded (a clerk catching up): it is marked recorded
  late and nothing is sent for it.
- A regular meeting's agenda is posted online at least 24 hours ahead (RCW 42.30.077): a
  case item put on a regular meeting less than 24 hours ahead is refused, unless the
  city's reading (`readings.regular_agenda`) allows a late addition, which the posting
  then states. Either way the posting goes up at once; no member or media notice is
  sent for a regular meeting (that is the special meeting's, RCW 42.30.080).
- The agenda item names the case and the legal ground, never the respondent or the
  complainant while the case is confidential (§6); the public texts a clerk types (the
  place, the emergency's reason) are refused when they name them.
- A complaint against a public officer is heard in executive session (RCW
  42.30.110(1)(f)) unless the person involved asks for an open one (§13, §14). Before
  convening, the presiding officer announces the purpose and the time the session will
  end; it may be extended only by announcing a later time (RCW 42.30.110(2)).
- Final action is taken in open session (RCW 42.30.060; 42.30.110(1)(f)): a body's act
  (the table of steps names the body) is refused while an executive session of it is
  under way, and otherwise needs its meeting noticed, under way and quorate
  (`cases.motions`).
- Quorum: for the council, a majority of the councilmembers (RCW 35A.12.120). The
  ordinance sets none for the ethics board, so the city's reading decides
  (`readings.board_quorum`, default a majority of the board's members) and the rule's
  words name the reading. A member complained against is never counted among those who
  will attend to act on their own case.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cases.agenda import describe_items
from cases.calendar import CityCalendar, fmt_moment
from cases.directory import Directory, Person, _first_whole, _fold
from cases.errors import ProcedureError
from cases.meetings import (
    BODY_NAME,
    OPEN_SECTION,
    Action,
    Answer,
    Body,
    Business,
    EmergencyGround,
    Meeting,
    MeetingKind,
)
from cases.readings import BoardQuorum, RegularAgenda, describe

NOTICE_AHEAD = timedelta(hours=24)  # RCW 42.30.080(2) special; 42.30.077 regular agenda
QUORUM_LOOK = timedelta(hours=48)  # when the chair and the clerk hear of a short quorum
EXECUTIVE_GROUND = "RCW 42.30.110(1)(f)"
_PURPOSE = "receive and evaluate a complaint against a public officer"
FINAL_ACTION = {Body.BOARD: "the determination of the sufficiency of the complaint (§7)",
                Body.COUNCIL: "the council's decision on the final determination (§12, §14)"}


def check_lead_time(kind: MeetingKind, starts_at: datetime, *, now: datetime,
                    emergency: str | None, calendar: CityCalendar,
                    regular_agenda: RegularAgenda,
                    ground: EmergencyGround | None = None) -> None:
    """Refuse a special meeting less than 24 hours ahead, unless an emergency on the
    statute's ground is stated with its facts; refuse a case item on a regular meeting
    less than 24 hours ahead, unless the city's reading allows a late addition
    (`agenda_posted_late` then says so on the posting). A meeting that already began is a
    record after the fact, not a call to meet."""
    if emergency is not None and not emergency.strip():
        raise ProcedureError("Give the emergency's reason (RCW 42.30.080(4)): it is what "
                             "excuses the 24 hours' notice, and it is posted with the meeting.")
    if (emergency is None) != (ground is None):
        grounds = "; ".join(g.value for g in EmergencyGround)
        raise ProcedureError(
            "An emergency excuses the 24 hours' notice only on the statute's ground (RCW "
            f"42.30.080(4)), named with the facts that make notice impractical: choose the "
            f"ground ({grounds}) and give the facts.")
    ahead = _short_notice(starts_at, now)
    if ahead is None:
        return
    hours, minutes = int(ahead.total_seconds() // 3600), int(ahead.total_seconds() % 3600 // 60)
    moment, earliest = fmt_moment(calendar.local(starts_at)), calendar.local(now) + NOTICE_AHEAD
    if kind is MeetingKind.SPECIAL and not emergency:
        raise ProcedureError(
            f"A special meeting needs written notice at least 24 hours before it (RCW "
            f"42.30.080): {moment} is only {hours} h {minutes} min away. Choose a time after "
            f"{fmt_moment(earliest)}, or record it as an emergency with its reason (RCW "
            "42.30.080(4)).")
    if kind is MeetingKind.REGULAR and regular_agenda is RegularAgenda.DAY_AHEAD:
        raise ProcedureError(
            f"A regular meeting's agenda is posted online at least 24 hours before it (RCW "
            f"42.30.077): the meeting of {moment} is only {hours} h {minutes} min away, too "
            "late to add the case to its agenda. Put it on a later regular meeting (after "
            f"{fmt_moment(earliest)}), or call a special meeting.")


def agenda_posted_late(kind: MeetingKind, starts_at: datetime, *, now: datetime) -> bool:
    """A regular meeting's agenda item posted less than 24 hours ahead (RCW 42.30.077),
    as the city's `late_addition` reading allows: the posting must say so."""
    return kind is MeetingKind.REGULAR and _short_notice(starts_at, now) is not None


def _short_notice(starts_at: datetime, now: datetime) -> timedelta | None:
    """How far ahead a meeting still to begin is, when that is under 24 hours."""
    ahead = starts_at.astimezone(UTC) - now.astimezone(UTC)
    return ahead if timedelta(0) < ahead < NOTICE_AHEAD else None


def agenda_item(meeting: Meeting, case_number: str) -> str:
    """The agenda's words for the meeting: the case number and the legal ground, no names
    (§6: a count of officials, never who asked)."""
    what = "Hearing" if meeting.body is Body.BOARD else "Deliberation"
    section = OPEN_SECTION[meeting.proceeding]
    if meeting.executive:
        return (f"Executive session to {_PURPOSE}, {EXECUTIVE_GROUND} (case {case_number})")
    if meeting.open_to_public:
        return (f"{what} to {_PURPOSE}, open to the public at the request of the person "
                f"complained against ({section}) (case {case_number})")
    return (f"{what} to {_PURPOSE}, open to the public as to {_share(meeting)} at their "
            f"request ({section}); executive session to evaluate the others', "
            f"{EXECUTIVE_GROUND} (case {case_number})")


def meeting_title(meeting: Meeting) -> str:
    """What the meeting is called in its notice's subject, posting and invitation: by the
    business its agenda states, so a meeting of the board on a continuance alone is not
    called the sufficiency hearing (a meeting from before agendas: by its business)."""
    items = None if meeting.agenda is None else {i.action for i in meeting.agenda}
    name = BODY_NAME[meeting.body]
    if meeting.body is Body.COUNCIL:
        decides = items is None or Action.COUNCIL_DECISION in items
        return f"deliberation of {name}" if decides else f"meeting of {name} on the case"
    business = meeting.business or Business.SUFFICIENCY_HEARING
    if items is None:
        hearing, referred = business.sufficiency, business is Business.REFERRED_HEARING
    else:
        hearing, referred = Action.SUFFICIENCY in items, Action.DETERMINATION in items
    if hearing:
        return f"sufficiency hearing of {name}"
    return f"hearing of {name} on the matter referred to it" if referred else (
        f"meeting of {name} on the case")


def session_words(meeting: Meeting) -> str:
    """How the meeting is held, in the words every notice and page uses: a meeting is
    open, and only an announced executive session within it is not (RCW 42.30.110(2));
    each official's own request opens their matter (§13, §14)."""
    section = OPEN_SECTION[meeting.proceeding]
    if meeting.open_to_public:
        return f"open to the public, at the request of the person complained against ({section})"
    if meeting.executive:
        return (f"open meeting; the evaluation in executive session ({section}, "
                f"{EXECUTIVE_GROUND}), opened to the public as to any official who asks")
    return (f"open meeting; open to the public as to {_share(meeting)} at their request "
            f"({section}), the others' evaluated in executive session ({EXECUTIVE_GROUND})")


def _share(meeting: Meeting) -> str:
    """'1 of the 2 officials' matters': how many asked, no names (§6)."""
    return (f"{len(meeting.open_for & meeting.before)} of the {len(meeting.before)} "
            "officials' matters")


def final_actions(meeting: Meeting) -> str:
    """What its notice says the body will take final action on (`cases.agenda`); a
    meeting from a history stored before agendas, the body's usual business."""
    if meeting.agenda is None:
        return FINAL_ACTION[meeting.body]
    return "; ".join(describe_items(meeting.agenda)) or "none"


def business(meeting: Meeting, case_number: str) -> list[str]:
    """The business to be transacted (RCW 42.30.080(2)): the agenda item, then the final
    actions on its agenda, which are always taken in open session."""
    return [agenda_item(meeting, case_number),
            f"Final action in open session: {final_actions(meeting)}"]


def check_public_text(texts: dict[str, str | None], names: Iterable[str]) -> None:
    """Refuse public words (the posting's place, an emergency's reason) that name the
    respondent or the complainant while the case is confidential (§6)."""
    forms = {n for name in names if name and name.strip()
             for n in (name.strip(), name.split()[-1]) if len(n) >= 3}
    for what, text in texts.items():
        hay = _fold(text or "")
        named = sorted(n for n in forms if _first_whole(_fold(n), hay) >= 0)
        if named:
            raise ProcedureError(
                f"The {what} is posted publicly and names {named[0]}: the complaint and the "
                "people it concerns are confidential until the review is complete (§6). "
                "Say it without the name.")


def announcement(meeting: Meeting, ends_at: datetime, calendar: CityCalendar) -> str:
    """What the presiding officer reads before convening in executive session (RCW
    42.30.110(2)): the purpose, with its citation, and the time the session will end."""
    name = BODY_NAME[meeting.body]
    return (f"{name[0].upper()}{name[1:]} will now convene in executive session "
            f"to {_PURPOSE}, as {EXECUTIVE_GROUND} allows. The executive session will end "
            f"at {_clock(calendar.local(ends_at))}; any extension will be announced. No "
            "action will be taken in executive session; final action on the business "
            f"noticed will be taken in open session when it ends: {final_actions(meeting)}.")


def _clock(moment: datetime) -> str:
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'} {moment.tzname()}"


@dataclass(frozen=True)
class Quorum:
    """How many of the body's members make a quorum, who is counted as coming, and the
    rule that set the number (its citation, or the city's reading)."""

    members: int  # the body's members the majority is taken of
    needed: int  # a majority of them
    counted: frozenset[str]  # members who may act on the case (respondents left out)
    basis: str  # "RCW 35A.12.120", or the city's reading for the board

    @property
    def rule(self) -> str:
        return f"a quorum is a majority of the {self.members} members, {self.needed} ({self.basis})"


def quorum(body: Body, members: Iterable[str], respondents: Iterable[str],
           board_quorum: BoardQuorum) -> Quorum:
    """The council's quorum is set by statute; the board's by the city's reading."""
    everyone = {m.lower() for m in members}
    counted = frozenset(everyone - {r.lower() for r in respondents})
    base: frozenset[str] = frozenset(everyone)
    if body is Body.COUNCIL:
        basis = "RCW 35A.12.120"
    else:
        base = counted if board_quorum is BoardQuorum.MEMBERS_WHO_MAY_ACT else base
        basis = f"the city's reading: {describe(board_quorum)}"
    return Quorum(len(base), len(base) // 2 + 1, counted, basis)


def body_members(body: Body, directory: Directory) -> tuple[Person, ...]:
    """The body's members as the directory lists them (respondents among them)."""
    return directory.board if body is Body.BOARD else directory.council


def body_quorum(body: Body, directory: Directory, respondents: Iterable[str]) -> Quorum:
    """The quorum of `body` on a case against `respondents`, by the city's readings."""
    return quorum(body, (p.email for p in body_members(body, directory)), respondents,
                  directory.readings.board_quorum)


def quorum_look_at(meeting: Meeting, *, now: datetime) -> datetime | None:
    """When the chair and the clerk must hear whether a quorum is coming: 48 hours before
    the meeting, or halfway to it for one called less than 48 hours ahead (the members get
    half the time to answer). A moment passed is now: every change after it (an answer, a
    move) is looked at again. None for a meeting cancelled, begun or recorded late."""
    if meeting.cancelled or meeting.recorded_late or meeting.starts_at <= now:
        return None
    look = max(meeting.starts_at - QUORUM_LOOK,
               meeting.scheduled_at + (meeting.starts_at - meeting.scheduled_at) / 2)
    return max(look, now)


def accepted(meeting: Meeting, q: Quorum) -> list[str]:
    return sorted(who for who, a in meeting.answers().items()
                  if a is Answer.ACCEPTED and who in q.counted)


def shortfall(meeting: Meeting, q: Quorum) -> str | None:
    """Why the meeting may lack a quorum, or None when enough members accepted."""
    coming = accepted(meeting, q)
    if len(coming) >= q.needed:
        return None
    return (f"{len(coming)} of {len(q.counted)} members who may act have accepted the "
            f"invitation; {q.rule}.")
