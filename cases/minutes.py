"""A meeting's minutes (RCW 42.30.035), drawn from what was recorded at it: the notice,
the roll call, the agenda, the executive sessions with their purpose and times, and each
act of the body (the table of steps says which events are: `cases.steps.ACTS`) with its
motion and every member's vote, in the order they were recorded.

The draft is made anew from the history each time it is shown, so it says exactly what
the record says; the body approves it by motion (`ApproveMinutes`, with the clerk's
corrections), and the approved minutes are the draft of the history as it stood then,
with those corrections. They name the members (no vote is secret, RCW 42.30.060) but not
the officials complained against or the complainant: an official is "official 1", "2",
in the order the complaint names them, so the minutes can be published while the case is
confidential (§6); the case file says who each is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from cases.agenda import describe_items
from cases.calendar import CityCalendar, fmt_day, fmt_moment
from cases.case import Case
from cases.history import Event, EventKind
from cases.meetings import BODY_NAME, Meeting, MeetingKind
from cases.steps import ACTS


@dataclass(frozen=True)
class Minutes:
    """A meeting's minutes: their lines, and whether the body approved them."""

    meeting: int
    approved: bool
    lines: tuple[str, ...]

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def minutes(case: Case, m: Meeting, calendar: CityCalendar) -> Minutes:
    """The minutes of meeting `m`: as approved, once they were; else the draft."""
    through = m.approved.through if m.approved is not None else len(case.history)
    lines = list(_drawn(case, m, case.history[:through], calendar))
    if m.approved is not None:
        if m.approved.corrections:
            lines.append(f"Corrections: {m.approved.corrections}")
        lines.append(f"Approved by {BODY_NAME[m.body]} at meeting {m.approved.at_meeting}, "
                     f"{fmt_moment(calendar.local(m.approved.at))} (RCW 42.30.035).")
    else:
        lines.append("DRAFT: not yet approved by the body (RCW 42.30.035).")
    return Minutes(m.number, m.approved is not None, tuple(lines))


def _drawn(case: Case, m: Meeting, history: Iterable[Event],
           calendar: CityCalendar) -> Iterable[str]:
    name = BODY_NAME[m.body]
    kind = "Regular" if m.kind is MeetingKind.REGULAR else "Special"
    yield (f"Minutes of meeting {m.number} of {name} on case {case.number}: {kind.lower()} "
           f"meeting, {fmt_moment(calendar.local(m.starts_at))}, {m.place}.")
    yield f"{kind} meeting: " + (
        "recorded after it took place; no notice of it is on record." if m.recorded_late
        else f"notice given as an emergency ({m.emergency})." if m.emergency
        else "noticed and posted through EthicsBot (RCW 42.30.077, 42.30.080).")
    if m.agenda is not None:
        yield "Agenda (final action in open session): " + (
            "; ".join(describe_items(m.agenda)) or "nothing of this case") + "."
    who = _officials(case)
    for e in history:
        line = _line(case, m, e, who, calendar)
        if line:
            yield f"{fmt_moment(calendar.local(e.at))}: {line}"


def _officials(case: Case) -> dict[str, str]:
    """Each official complained against as the minutes name them: "official 1", ..."""
    return {p.lower(): f"official {i}" for i, p in enumerate(case.parties(), start=1)}


def _line(case: Case, m: Meeting, e: Event, who: dict[str, str],
          calendar: CityCalendar) -> str | None:
    d: dict[str, Any] = e.data
    motion = d.get("motion") or {}
    if m.number not in (d.get("meeting"), motion.get("meeting")):
        return None
    about = f" as to {who.get(str(d['respondent']).lower(), 'the official')}" \
        if d.get("respondent") else ""
    k = EventKind
    match e.kind:
        case k.ROLL_CALL_RECORDED:
            present = sorted(d["present"])
            absent = sorted(set(d["members"]) - set(present))
            return (f"Roll call: present {', '.join(present) or 'none'}; absent "
                    f"{', '.join(absent) or 'none'}.")
        case k.EXECUTIVE_SESSION_STARTED:
            return (f"Executive session from {_at(d['started_at'], calendar)}, announced: "
                    f"{d.get('announced', '')}")
        case k.EXECUTIVE_SESSION_EXTENDED:
            return f"Executive session extended to {_at(d['until'], calendar)}."
        case k.EXECUTIVE_SESSION_ENDED:
            return (f"Executive session ended {_at(d['ended_at'], calendar)}; open session "
                    "resumed.")
        case k.MINUTES_APPROVED if d.get("of") == m.number:
            return None  # the approval is said at the end
        case k.MINUTES_APPROVED:
            return f"Minutes of meeting {d['of']} approved (RCW 42.30.035)."
        case k.BOARD_VOTE_RECORDED | k.COUNCIL_VOTE_RECORDED:
            agrees = (f", agreeing that {', '.join(d['sections'])} occurred (§12)"
                      if d.get("sections") else "")
            return f"{d['member']} votes {d['vote']}{about}{agrees}."
        case k.MAYOR_VOTE_RECORDED:
            return f"The mayor breaks the tie{about}, voting {d['vote']} (§14)."
    rule = ACTS.get(e.kind)
    if rule is None:
        return None
    moved = _MOVED.get(e.kind)
    said = f"Motion to {rule.name}{about}{moved(d) if moved else ''} ({rule.section})"
    if motion:
        votes = motion.get("votes") or {}
        by = "; ".join(f"{v} {', '.join(sorted(k for k, x in votes.items() if x == v))}"
                       for v in ("yes", "no", "abstain") if v in votes.values())
        said += (f": {by}. {'Carried' if motion.get('carried') else 'Failed'}: "
                 f"{motion.get('explanation', '')}")
    elif "explanation" in d:
        said += f": {d['explanation']}"
    if d.get("on"):
        said += f" Dated {fmt_day(date.fromisoformat(d['on']))}."
    if d.get("added_to_agenda"):
        said += " Added to the agenda at the meeting (RCW 42.30.077)."
    return said


def _sections(d: dict[str, Any]) -> str:
    return ", ".join(d.get("sections") or ()) or "the sections alleged"


def _penalties(d: dict[str, Any]) -> str:
    agreed = (f", the majority agreeing that {', '.join(d['agreed'])} occurred"
              if d.get("agreed") else "")
    imposed = [f"{p.get('action')} ({p.get('section')})" for p in d.get("penalties") or ()
               if isinstance(p, dict)]
    return agreed + (f", imposing {'; '.join(imposed)}" if imposed else "")


# What each motion moved, in the words of its act's own record (RCW 42.30.035: the minutes
# record every motion, not only that one was made): the days, the finding, the penalty.
_MOVED: dict[EventKind, Callable[[dict[str, Any]], str]] = {
    EventKind.CONTINUANCE_APPLIED: lambda d: f", for the reason given: {d.get('reason', '')}",
    EventKind.CONTINUANCE_DECIDED: lambda d: (
        f", granting {d['granted_days']} days" if d.get("granted_days") else ", denying it"),
    EventKind.REPORT_EXTENSION_REQUESTED: lambda d: f", of {d.get('days')} days",
    EventKind.REPORT_EXTENSION_DECIDED: lambda d: (
        ", approving it" if d.get("approved") else ", denying it"),
    EventKind.DETERMINATION_RECEIVED: lambda d: (
        f", finding a violation of {_sections(d)}" if d.get("violation")
        else ", finding no violation"),
    EventKind.COUNCIL_DECISION_EXTENDED: lambda d: f", by {d.get('days')} days",
    EventKind.COUNCIL_DECIDED: _penalties,
    EventKind.AMENDMENT_FOUND: lambda d: (
        f", finding {_sections(d)} {'sufficient' if d.get('sufficient') else 'insufficient'}"),
    EventKind.COMPLAINT_DISMISSED: lambda d: (
        f", the information public since {d.get('public_since')}: {d.get('reason', '')}"),
    EventKind.CASE_VOIDED: lambda d: f": {d.get('reason', '')}",
}


def _at(iso: str, calendar: CityCalendar) -> str:
    return fmt_moment(calendar.local(datetime.fromisoformat(iso)))
