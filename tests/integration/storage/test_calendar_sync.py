"""A change of the city's calendar or readings is applied in the background: the cases whose
deadlines were computed under others are recomputed in batches, soonest deadline first,
each batch committed on its own; meanwhile a case read or touched is recomputed first, and
nothing is reminded of from the old dates."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, date, datetime

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases.access import actor_for
from cases.commands import RecordRegisteredMail
from cases.history import EventKind
from cases.readings import ContinuanceCap
from ethicsbot.bootstrap import App
from ethicsbot.calendar_sync import recompute_batch, sweep, sync_calendar
from ethicsbot.directory_file import city_calendar
from ethicsbot.status import status
from scheduler.jobs import STALE_RECHECK, Owed
from storage import calendar_state
from storage.lookups import Asker
from storage.models import CaseRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import RECEIVED, a_filing, open_one, step
from tests.fixtures.reminders import moments

HOLIDAY = date(2026, 12, 21)  # the day hearing_begin falls due for a complaint of Nov 30


def add_holiday(app: App, day: date = HOLIDAY) -> None:
    """What a clerk's edit of the city's file and a restart do to a running App."""
    app.directory = replace(app.directory, holidays=(*app.directory.holidays, day))
    app.calendar = city_calendar(app.directory)


def history(app: App, number: str) -> list[EventKind]:
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        return [e.kind for e in case.history]


def hearing_begin(app: App, number: str) -> str:
    """The stored due day of hearing_begin, in city time."""
    with app.uow() as uow:
        due = next(d.due for d in uow.cases.stored_deadlines(number)
                   if d.key.value == "hearing_begin")
    assert due is not None
    return app.calendar.local_date(due).isoformat()


def computed_under(app: App, number: str) -> str | None:
    with app.session_factory() as s:
        return s.scalar(select(CaseRow.computed_under).where(CaseRow.number == number))


def test_a_new_city_holiday_moves_open_deadlines_once(app: App) -> None:
    assert sync_calendar(app) == 0  # the first run only remembers the calendar
    number = open_one(app)  # received Mon Nov 30: hearing_begin due Mon Dec 21
    assert sync_calendar(app) == 0  # nothing changed
    add_holiday(app)
    assert sync_calendar(app) == 1  # one case to recompute; sync itself recomputes nothing
    assert hearing_begin(app, number) == "2026-12-21"
    assert sweep(app) == 1
    assert hearing_begin(app, number) == "2026-12-22"
    assert sync_calendar(app) == 0 and sweep(app) == 0  # remembered: not recomputed twice
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        last = case.history[-1]
    assert last.kind is EventKind.DEADLINES_RECOMPUTED
    assert "calendar" in last.data["reason"]
    assert [c["key"] for c in last.data["changes"]] == ["hearing_begin"]
    # the calendars that show the hearing window get an update (board and council)
    with app.session_factory() as s:
        generations = sorted({g for (g,) in s.execute(
            select(OutboxRow.generation).where(
                OutboxRow.notice_type == "invite_sufficiency_window"))})
    assert len(generations) == 2


def test_a_changed_reading_is_a_change_too(app: App) -> None:
    sync_calendar(app)
    open_one(app)
    assert sync_calendar(app) == 0
    app.directory = replace(app.directory, readings=replace(
        app.directory.readings, continuance_cap=ContinuanceCap.IN_TOTAL))
    assert sync_calendar(app) == 1


class StopAfter:
    """A stop (SIGTERM) heard after `batches` batches."""

    def __init__(self, batches: int) -> None:
        self.left = batches

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_soonest_deadline_first_in_batches_and_a_stop_leaves_nothing_half_done(
        app: App, clock: FakeClock) -> None:
    sync_calendar(app)
    # received a week apart: the latest has the furthest deadlines
    numbers = [open_one(app, a_filing(datetime(2026, 11, day, 18, tzinfo=UTC)))
               for day in (30, 16, 23)]
    old = app.computed_under
    add_holiday(app)
    new = app.computed_under
    assert sync_calendar(app) == 3
    with app.session_factory() as s:
        assert calendar_state.stale_cases(s, new) == [numbers[1], numbers[2], numbers[0]]
    assert sweep(app, StopAfter(2), batch=1) == 2  # type: ignore[arg-type]
    # each batch committed whole; the one not reached is untouched, and waits for the next
    assert [computed_under(app, n) for n in numbers] == [old, new, new]
    assert EventKind.DEADLINES_RECOMPUTED not in history(app, numbers[0])
    assert status(app)["recompute"] == 1 and status(app)["idle"] is False
    assert sync_calendar(app) == 1  # the next start finds it
    assert sweep(app) == 1 and status(app)["recompute"] == 0
    assert recompute_batch(app, numbers) == 0  # nothing stale is left to do


def test_a_case_read_before_its_turn_shows_the_new_dates(app: App) -> None:
    sync_calendar(app)
    number = open_one(app)
    add_holiday(app)
    assert sync_calendar(app) == 1
    chair = "hpark@city.test"  # the board's chair
    asker = Asker(actor_for(app.directory, chair), chair, "slack")
    _, detail = asyncio.run(app.docket.case_view(asker, number, "case status", now=app.clock(),
                                            readings=app.directory.readings))
    due = next(d["due"] for d in detail["deadlines"] if d["key"] == "hearing_begin")
    assert app.calendar.local_date(datetime.fromisoformat(due)).isoformat() == "2026-12-22"
    assert EventKind.DEADLINES_RECOMPUTED in history(app, number)  # and said so
    assert sweep(app) == 0


def test_a_step_on_a_case_not_yet_recomputed_recomputes_it_first(app: App) -> None:
    sync_calendar(app)
    number = open_one(app)
    add_holiday(app)
    sync_calendar(app)
    step(app, number, RecordRegisteredMail("RR123456789US"))
    assert history(app, number)[-2:] == [EventKind.DEADLINES_RECOMPUTED,
                                         EventKind.REGISTERED_MAIL_SENT]
    assert hearing_begin(app, number) == "2026-12-22"


def test_no_reminder_goes_out_for_a_date_the_new_calendar_moves(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    clock.set(RECEIVED)
    sync_calendar(app)
    number = open_one(app)
    add_holiday(app)
    sync_calendar(app)
    # Mon Dec 21, 9 PM in the city: under the old calendar hearing_begin is due in 3 hours
    # (its "4 hours before" reminder has come); under the new one it is due a day later
    clock.set(datetime(2026, 12, 22, 5, 0, tzinfo=UTC))
    rem = app.reminders(paused_scheduler)
    owed: list[Owed] = []
    rem.fire(owed.append)
    assert owed == []  # the case is being recomputed: nothing from its old dates
    assert moments(app, number)["hearing_begin"] == clock.now + STALE_RECHECK
    sweep(app)
    rem.fire(owed.append)
    assert ("hearing_begin", "before-1d") in {(o.key, o.moment) for o in owed}
    assert ("hearing_begin", "before-4h") not in {(o.key, o.moment) for o in owed}
