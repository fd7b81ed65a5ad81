"""Keep every open case's deadlines true to the calendar in force.

The city's time zone and holidays come from the directory file, which a clerk may edit.
At start the worker compares them with the calendar the stored deadlines were computed
under; if they differ, every open case is recomputed and the moved dates are written in
its history (cases.services.recompute), then the new calendar is remembered.
"""

from __future__ import annotations

import hashlib
import logging

from sqlalchemy import select

from cases.calendar import CityCalendar
from cases.services import recompute
from ethicsbot.bootstrap import App
from storage.models import CaseRow, StateRow

log = logging.getLogger(__name__)
KEY = "calendar"


def fingerprint(calendar: CityCalendar) -> str:
    days = ",".join(sorted(d.isoformat() for d in calendar.city_holidays))
    return hashlib.sha256(f"{calendar.tz.key}|{days}".encode()).hexdigest()


def sync_calendar(app: App) -> dict[str, int]:
    """Recompute open cases if the calendar changed; returns case -> dates moved."""
    now_print = fingerprint(app.calendar)
    with app.session_factory() as session:
        stored = session.get(StateRow, KEY)
        if stored is not None and stored.value == now_print:
            return {}
        numbers = list(session.scalars(select(CaseRow.number).where(CaseRow.stage != "closed")))
    moved: dict[str, int] = {}
    if stored is not None:
        for number in numbers:
            with app.uow() as uow:
                changes = recompute(uow, number, directory=app.directory,
                                    calendar=app.calendar, clock=app.clock,
                                    reason="the city's calendar (time zone or holidays) changed")
                uow.commit()
            if changes:
                moved[number] = len(changes)
        log.info("calendar changed: deadlines recomputed",
                 extra={"cases": len(numbers), "moved": len(moved)})
    with app.session_factory.begin() as session:
        session.merge(StateRow(key=KEY, value=now_print))
    return moved
