"""Slack's own words for the steps of a case's meetings (RCW 42.30): calling one, the
start of its executive session, its roll call, a member's recusal (the meetings' other
steps are typed by their fields, `bot.commands.field_words`).

Its own module because these readers are the meetings' part of the procedure's words (the
steps `cases/handlers/meetings.py` declares); the table that names each step's words is
`bot.commands.steps`.
"""

from __future__ import annotations

import re

from bot.commands.args import Words, slack_link
from bot.commands.spec import Typed
from bot.commands.step_reading import read_clock, read_meeting_number, read_time
from cases import commands as c
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.meetings import Action, EmergencyGround, MeetingKind

__all__ = ["CALL", "read_call", "read_recuse", "read_roll_call",
           "read_session_start"]


# a meeting called, as typed after the step's words (`schedule`, `deliberation`)
CALL = ("CASE DATE START [END] regular|special {place} [LINK] [also|only: time-bar ...] "
        "[called-by: @A @B ...] [emergency: persons|property|likely FACTS]")
# RCW 42.30.080(4)'s grounds, as typed after `emergency:`
_GROUNDS = {"persons": EmergencyGround.PERSONS, "property": EmergencyGround.PROPERTY,
            "likely": EmergencyGround.LIKELY}
_TIME = re.compile(r"\d{1,2}:\d{2}")


def read_call(w: Words, d: Directory) -> Typed:
    """`DATE START [END] regular|special PLACE [LINK] [called-by: @A @B ...] [emergency:
    GROUND FACTS]`: the place is what is left once a link (a word starting https://), the
    members calling it (RCW 42.30.080(1)) and the emergency are taken out."""
    starts = w.moment("the meeting date")
    ends = None
    if _TIME.fullmatch(w.peek() or ""):
        ends = w.at(starts.date(), read_time(w, "the expected end"))
    meeting_kind = MeetingKind(str(w.choice("the kind of meeting", {
        "regular": "regular", "special": "special"})))
    text, marked, emergency = w.rest().partition("emergency:")
    text, _, callers = text.partition("called-by:")
    text, alone, added = text.partition("only:")  # that business alone (`CallMeeting.only`)
    if not alone:
        text, _, added = text.partition("also:")
    also = []
    for word in added.split():
        try:
            also.append(Action(word.lower().replace("-", "_")))
        except ValueError:
            raise ProcedureError(
                f"also: {word[:40]!r} is not business a meeting's notice states; write one "
                f"or more of: {', '.join(a.value.replace('_', '-') for a in Action)}."
            ) from None
    words = text.split()
    called_by = []
    for name in callers.split():
        person = d.named(name)
        if person is None:
            raise ProcedureError(f"called-by: {name[:60]!r} is not one person in the city's "
                                 "directory (give their email or @name).")
        called_by.append(person.email)
    links = [slack_link(x) for x in words if slack_link(x).startswith("https://")]
    place = " ".join(x for x in words if not slack_link(x).startswith("https://"))
    word, _, facts = emergency.strip().partition(" ")
    if marked and word.lower() not in _GROUNDS:
        raise ProcedureError(
            "An emergency excuses the 24 hours' notice only on the statute's ground (RCW "
            "42.30.080(4)): write `emergency: persons|property|likely FACTS` (injury or "
            "damage to persons; damage to property; the likelihood of either).")
    return {"starts_at": starts, "place": place, "kind": meeting_kind, "ends_at": ends,
            "remote_link": links[0] if links else None,
            "emergency": facts.strip() if marked else None,
            "emergency_ground": _GROUNDS[word.lower()] if marked else None,
            "called_by": tuple(called_by), "also": tuple(also), "only": bool(alone)}



def read_session_start(w: Words, d: Directory) -> c.StartExecutiveSession:
    """The announced end, the start if not now, then whose matters the session evaluates
    (§13, §14: none named, every official before the meeting who did not ask it open)."""
    ends = read_clock(w, "the announced end")
    started = read_clock(w, "the start") if w.peek() and not w.at_person() else None
    about = []
    while w.at_person():
        about.append(str(w.person("an official the session is about", d)))
    return c.StartExecutiveSession(ends_at=ends, started_at=started, about=tuple(about))


def read_roll_call(w: Words, directory: Directory) -> Typed:
    meeting = read_meeting_number(w)
    present: list[str] = []
    while w.peek():
        present.append(w.person("a member present", directory))
    return {"present": tuple(present), "meeting": meeting}


def read_recuse(w: Words, directory: Directory) -> Typed:
    # a member's own recusal, or (the clerk, the board chair) that of the member named
    member = {"member": w.person("the member recusing", directory)} if w.at_person() else {}
    reason = w.rest()
    if not reason:
        raise ProcedureError("Give the reason for the recusal (a relative, a business tie, "
                             "the member filed the complaint): it goes into the record.")
    return {**member, "reason": reason}
