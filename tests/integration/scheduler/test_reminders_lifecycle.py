"""Reminders and issue 10 (SQLite and PostgreSQL): they follow the earlier date where the
city's reading and the other differ, they remind the city attorney of a disclosure
request's answer on a closed case, and they stop for a case voided as opened by mistake.

Received Tue Dec 1 2026 2:15 PM PST (tests.fixtures.cases.TUESDAY)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases import commands as c
from cases.deadlines import DeadlineKey
from cases.meetings import Body
from cases.motions import Motion
from cases.public_records import PublicRecord
from ethicsbot.bootstrap import App
from scheduler.jobs import JOB_ID, Reminders
from scheduler.plan import next_after, plan
from storage.models import OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import TUESDAY as RECEIVED
from tests.fixtures.cases import a_filing, board_finds, convene, open_one, step
from tests.fixtures.reminders import fire_next, look, moments

LA = "-08:00"


def at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


def remindable(app: App, rem: Reminders, sched: BackgroundScheduler, clock: FakeClock,
               number: str) -> dict[str, datetime]:
    """The scheduler's look after a step: deadline key -> its next reminder moment."""
    look(rem, sched, clock)
    return moments(app, number)


def test_reminders_follow_the_earlier_of_two_readings(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    # two continuances of 10 days each (1 day paused each), by the default reading of 10
    # days per application: begin Mon Dec 21 + 1 + 10 + 1 + 10 = Tue Jan 12 2027. Read as
    # 10 days in total the second counts nothing: Sat Jan 2 -> Mon Jan 4 2027. Reminders
    # follow Mon Jan 4.
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    # the board applies, the council decides, each by motion at its meeting (§7)
    carried = Motion(unanimous=True)
    for when, body, cmd in (
            ("2026-12-03T09:00", Body.BOARD, c.ApplyForContinuance("witness abroad",
                                                                   motion=carried)),
            ("2026-12-04T09:00", Body.COUNCIL, c.DecideContinuance(10, motion=carried)),
            ("2026-12-07T09:00", Body.BOARD, c.ApplyForContinuance("counsel in trial",
                                                                   motion=carried)),
            ("2026-12-08T09:00", Body.COUNCIL, c.DecideContinuance(10, motion=carried))):
        clock.set(at(when + LA))
        convene(app, number, body)
        step(app, number, cmd)
    rem = app.reminders(paused_scheduler)
    following = plan(at("2027-01-04T23:59:59" + LA), app.calendar, horizon=clock.now)
    nxt = next_after(following, clock.now)
    assert nxt is not None
    assert remindable(app, rem, paused_scheduler, clock, number)["hearing_begin"] == nxt.at
    with app.uow() as uow:
        stored = {d.key: d for d in uow.cases.stored_deadlines(number)}
    begin = stored[DeadlineKey.HEARING_BEGIN]
    assert begin.due == at("2027-01-12T23:59:59" + LA)  # the city's reading is the due date
    assert begin.other is not None and begin.other.due == at("2027-01-04T23:59:59" + LA)
    assert begin.reading is not None and "per application" in begin.reading


def closed_case(app: App, clock: FakeClock) -> str:
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    clock.set(at("2026-12-02T09:00:00" + LA))
    convene(app, number)  # the board's hearing, noticed, with its roll call
    for cmd in (c.BeginHearing(), c.RecordRespondentHeard()):
        step(app, number, cmd)
    board_finds(app, number, sufficient=False)
    for cmd in (c.ConcludeHearing(), c.IssueReport(sufficient=False), c.DeliverReport(),
                c.CloseCase("insufficient (§8)")):
        step(app, number, cmd)
    return number


def test_the_city_attorney_is_reminded_to_answer_a_disclosure_request(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    number = closed_case(app, clock)
    rem = app.reminders(paused_scheduler)
    # closed: nothing more is due from anyone
    assert remindable(app, rem, paused_scheduler, clock, number) == {}
    # received Wed Dec 2: Thu 3, Fri 4, Mon 7, Tue 8, Wed Dec 9
    step(app, number, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 12, 2),
                                                records=(PublicRecord.COMPLAINT,)),
         actor="attorney@city.test")
    assert set(remindable(app, rem, paused_scheduler, clock, number)) == {
        DeadlineKey.DISCLOSURE_RESPONSE.value}
    while fire_next(rem, paused_scheduler, clock, until=at("2026-12-10T00:00:00" + LA)):
        pass
    with app.session_factory() as s:
        owed = {(r.slot, r.recipient_email) for r in s.scalars(
            select(OutboxRow).where(OutboxRow.notice_type == "reminder"))}
    assert ("disclosure_response:due", "attorney@city.test") in owed
    assert {email for _, email in owed} == {"attorney@city.test"}
    # answered: the reminders end
    clock.set(at("2026-12-10T09:00:00" + LA))
    step(app, number, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True))
    step(app, number, c.ReleaseRecords(), actor="attorney@city.test")
    assert remindable(app, rem, paused_scheduler, clock, number) == {}


def test_a_voided_case_is_reminded_of_nothing(app: App, clock: FakeClock,
                                              paused_scheduler: BackgroundScheduler) -> None:
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    rem = app.reminders(paused_scheduler)
    assert set(remindable(app, rem, paused_scheduler, clock, number)) == {
        k.value for k in (DeadlineKey.NOTICE_24H, DeadlineKey.REGISTERED_MAIL,
                          DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE)}
    clock.set(RECEIVED + timedelta(hours=1))
    step(app, number, c.VoidCase("a duplicate of ETH-2026-0001", "mayor@city.test"))
    assert remindable(app, rem, paused_scheduler, clock, number) == {}
    assert paused_scheduler.get_job(JOB_ID) is None  # nothing left to arm for
