"""What the meeting steps share (`cases.handlers.meetings`, `cases.handlers.at_meetings`,
and the council's votes): who records them, the stages a closed case still meets in, and
which meeting of the case a step is about, given by its number or found as the one under
way.

Its own module because two parts of the procedure take meeting steps, and each finds its
meeting the same way: written once, below both.
"""

from __future__ import annotations

from datetime import datetime

from cases.calendar import fmt_moment
from cases.directory import BOARD, COUNCIL, OFFICE
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.meetings import Meeting
from cases.stages import OPEN_STAGES, Stage

__all__ = ["AFTER_CLOSURE", "MEETING_ROLES", "moment", "not_after_now", "numbered", "under_way"]

# a closed case's meetings: those called to approve minutes
# (`cases.meeting_calls.closed_but_minutes`)
AFTER_CLOSURE = OPEN_STAGES | {Stage.CLOSED}

# who may record a meeting's steps: the presiding officers (the chair; the mayor presides
# over the council) and the clerk
MEETING_ROLES = BOARD | COUNCIL | OFFICE


def moment(value: datetime, what: str) -> datetime:
    """`value`, a time given for `what`, refused without its time zone."""
    if value.tzinfo is None:
        raise ProcedureError(f"Give the {what} with its time zone.")
    return value


def numbered(s: StepContext, number: int) -> Meeting:
    """The case's meeting `number`, or the refusal that names where its meetings are listed."""
    m = s.case.meetings.get(number)
    if m is None:
        raise ProcedureError(f"{s.case.number} has no meeting {number}; `/ethics status "
                             f"{s.case.number}` lists its meetings.")
    return m


def under_way(s: StepContext, number: int | None, at: datetime) -> Meeting:
    """Meeting `number`, else the latest one that had begun by `at`."""
    if number is not None:
        m = numbered(s, number)
    else:
        begun = sorted((x for x in s.case.meetings.all if not x.cancelled and x.starts_at <= at),
                       key=lambda x: x.starts_at)
        if not begun:
            raise ProcedureError(f"No meeting of {s.case.number} had begun by "
                                 f"{fmt_moment(s.calendar.local(at))}: schedule the meeting "
                                 "(or record it after the fact) first.")
        m = begun[-1]
    if m.cancelled:
        raise ProcedureError(f"Meeting {m.number} of {s.case.number} was cancelled "
                             f"({m.cancelled}).")
    return m


def not_after_now(s: StepContext, when: datetime, what: str) -> datetime:
    """`when`, the time `what` happened, in the city's zone; refused if it is still to come."""
    if moment(when, what) > s.at:
        raise ProcedureError(f"The {what} ({fmt_moment(s.calendar.local(when))}) has not "
                             "come yet: record it when it happens, or after.")
    return s.calendar.local(when)

