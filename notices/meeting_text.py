"""What a meeting's notices say about it: the values their templates read and their
subjects, shared by the invitation, the special meeting notice, the posting and the
quorum warning, so they cannot tell the same meeting two ways.

Every value comes from the meeting as it now stands and from `cases.open_meetings` (the
agenda's words, the business, the ground for the executive session): no name of a party
reaches them (§6)."""

from __future__ import annotations

from typing import Any

from cases.calendar import CityCalendar, fmt_moment
from cases.case import Case
from cases.directory import Directory
from cases.meetings import BODY_NAME, OPEN_SECTION, Answer, Meeting, MeetingKind
from cases.notices import NoticeType
from cases.open_meetings import (
    EXECUTIVE_GROUND,
    agenda_item,
    body_members,
    body_quorum,
    business,
    meeting_title,
    session_words,
    shortfall,
)


def meeting_data(case: Case, m: Meeting, calendar: CityCalendar) -> dict[str, Any]:
    special = m.kind is MeetingKind.SPECIAL
    return {
        "number": m.number, "body": BODY_NAME[m.body], "title": meeting_title(m),
        "kind": m.kind.value, "special": special,
        "when": fmt_moment(calendar.local(m.starts_at)),
        "ends": fmt_moment(calendar.local(m.ends_at)), "place": m.place,
        "remote_link": m.remote_link, "agenda": agenda_item(m, case.number),
        "business": business(m, case.number), "open": m.open_to_public,
        "session": session_words(m),
        "open_section": OPEN_SECTION[m.proceeding], "ground": EXECUTIVE_GROUND,
        "tentative": m.tentative, "cancelled": m.cancelled, "emergency": m.emergency,
        "sequence": m.sequence, "late": m.recorded_late, "agenda_late": m.agenda_late,
        # RCW 42.30.080 asks a special meeting's notice; RCW 42.30.077 a regular one's
        # agenda online 24 hours ahead
        "statute": "RCW 42.30.080" if special else "RCW 42.30.077",
    }


def meeting_subject(notice: NoticeType, m: Meeting) -> str:
    if notice is NoticeType.MEETING_NOTICE:
        title = f"notice of special meeting of {BODY_NAME[m.body]}"
        return ("Cancelled: " if m.cancelled else "Revised " if m.sequence else "") + (
            title if m.cancelled or m.sequence else title[0].upper() + title[1:])
    if notice is NoticeType.QUORUM_WARNING:
        return f"Quorum in doubt: {meeting_title(m)} (meeting {m.number})"
    title = meeting_title(m)
    return title[0].upper() + title[1:]


def quorum_about(case: Case, m: Meeting, directory: Directory) -> dict[str, Any]:
    """The quorum warning's particulars, as the meeting's answers now stand: who accepted,
    declined, answered tentative or has not answered, among the members who may act."""
    q = body_quorum(m.body, directory, case.respondents)
    names = {p.email.lower(): p.name for p in body_members(m.body, directory)}
    answers = m.answers()

    def who(answer: Answer) -> list[str]:
        return sorted(names[w] for w, a in answers.items() if a is answer and w in q.counted)

    return {"shortfall": shortfall(m, q) or f"enough members have accepted since; {q.rule}.",
            "accepted": who(Answer.ACCEPTED), "declined": who(Answer.DECLINED),
            "tentative": who(Answer.TENTATIVE),
            "silent": sorted(names[w] for w in q.counted if w not in answers)}
