"""One handler per step: it checks what the step itself requires and returns the event
to record. Which stage allows a step, where it leads and who may take it are not a
handler's business: `cases.steps.STEPS` says so, and `cases.procedure.handle` asks it.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from cases.calendar import CityCalendar, fmt_day
from cases.deadlines import DeadlineKey
from cases.errors import ProcedureError
from cases.history import Event, EventKind
from cases.readings import Readings

if TYPE_CHECKING:
    from cases.case import Case


class StepContext:
    """What a handler needs besides the command: the case, who, when, the city's calendar,
    its readings of the ordinance and whether it accepts plain http links
    (`cases.links`)."""

    def __init__(self, case: Case, at: datetime, actor: str, calendar: CityCalendar,
                 readings: Readings, *, http_links: bool = False) -> None:
        self.case, self.at, self.actor, self.calendar = case, at, actor, calendar
        self.readings, self.http_links = readings, http_links

    @property
    def today(self) -> date:
        return self.calendar.local_date(self.at)

    def day(self, on: date | None) -> date:
        """The day the step happened: `on`, else today in the city; never a day to come,
        never before the complaint was received."""
        today = self.today
        if on is not None and on > today:
            raise ProcedureError(
                f"{fmt_day(on)} has not come yet (today is {fmt_day(today)} in the city): "
                "record a step on the day it happens, or after.")
        received = self.calendar.local_date(self.case.received_at)
        if on is not None and on < received:
            raise ProcedureError(
                f"{fmt_day(on)} is before the complaint was received ({fmt_day(received)}): "
                "no step of the procedure can come before it (§2).")
        return on or today

    def party(self, named: str | None, what: str, section: str) -> str:
        """The official complained against `named` (None: the only one): each respondent
        has their own notice, mailing, hearing and outcome, so with several, say which."""
        parties = self.case.parties()
        if named is None and len(parties) > 1:
            raise ProcedureError(f"Say which official {what}: the complaint in "
                                 f"{self.case.number} is against {' and '.join(parties)}, "
                                 f"and each is owed their own ({section}).")
        party = parties[0] if named is None else next(
            (p for p in parties if p.casefold() == named.strip().casefold()), None)
        if party is None:
            raise ProcedureError(f"{named} is not complained against in {self.case.number}: "
                                 f"the complaint is against {' and '.join(parties)} "
                                 f"({section}).")
        return party

    def event(self, kind: EventKind, **data: Any) -> Event:
        return Event(kind, self.at, self.actor, data)

    def due_day(self, key: DeadlineKey) -> date | None:
        """The last day of deadline `key` as the case now stands (None: none, or tolled)."""
        d = next((d for d in self.case.deadlines(self.calendar, now=self.at,
                                                 readings=self.readings) if d.key is key), None)
        return None if d is None or d.due is None else self.calendar.local_date(d.due)

    def not_revived(self, key: DeadlineKey, day: date, what: str, section: str) -> None:
        """Refuse `what` (an extension) dated after deadline `key` has passed (§10, §12):
        the deadline stays missed, and the act it would have covered is late."""
        last = self.due_day(key)
        if last is not None and day > last:
            raise ProcedureError(
                f"Too late to {what} for {self.case.number}: the time ran out on "
                f"{fmt_day(last)} ({section}), and an extension cannot revive a deadline "
                "that has passed. The deadline stays missed; what is done now is recorded "
                "as late.")
