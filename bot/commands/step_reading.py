"""What several steps' Slack words share: the official a step is about, how an official's
request taken down for them came, a time of day or a date and time, a meeting's number.

Its own module because the readers of every part (`bot.commands.hearing_steps`,
`meeting_steps`, `record_steps`) and the table (`bot.commands.steps`) read these alike.
"""

from __future__ import annotations

from datetime import datetime, time

from bot.commands.args import Words
from bot.commands.spec import Typed
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.text import whole_number

__all__ = ["SAID", "VIA", "read_clock", "read_meeting_number", "read_official", "read_said",
           "read_time"]


def read_official(w: Words, d: Directory) -> str | None:
    """An `@OFFICIAL` where one may stand: the official complained against a step is about
    (each has their own); none, with only one."""
    return w.person("the official it is about", d) if w.at_person() else None


# how a request taken down for the official came (on Slack, they make it themselves)
VIA: dict[str, bool | str] = {"mail": "mail", "email": "email", "paper": "paper",
                              "in-person": "in person", "phone": "phone"}
SAID = "[{via} {evidence}]"  # how an official's request came, and what shows it


def read_said(w: Words) -> Typed:
    """`[DATE] [VIA EVIDENCE]` at the end of an official's request: the day it was made,
    and, taken down from a letter or email, how it came and what shows it (the official
    asking on their own sign-in types neither: `cases.handlers.StepContext.said_by`)."""
    said: Typed = {"on": w.optional_day()}
    if (w.peek() or "").lower() in VIA:
        said["via"] = str(w.choice("how the request came", VIA))
        said["evidence"] = w.rest()
    return said


def read_time(w: Words, what: str) -> time:
    word = w.next(what)
    try:
        return time.fromisoformat(word if len(word) == 5 else f"0{word}")
    except ValueError:
        raise ProcedureError(f"{word!r} is not a time like 19:30. Type: `/ethics {w.usage}`") \
            from None


def read_clock(w: Words, what: str) -> datetime:
    """A time today in the city (`19:30`), or a date and a time (`2026-12-10 19:30`)."""
    if w.at_day():
        day = w.day(what)
    elif w.now is not None:
        day = w.calendar.local_date(w.now)
    else:
        raise ProcedureError(f"Give {what} with its date (like 2026-12-10 19:30).")
    return w.at(day, read_time(w, what))


def read_meeting_number(w: Words) -> int | None:
    return w.number("the meeting number") if whole_number(w.peek() or "") is not None else None
