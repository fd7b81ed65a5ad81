"""§12's seven days run as to each official a violation was found against, from the day
the council received the determination as to them (issue 38): with two officials the
case has two lines of the deadline, stored, reminded and shown each on its own, and a
reminder says whose (SQLite and PostgreSQL)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

import cases.commands as c
from cases.deadlines import DeadlineKey, Status, status_at
from ethicsbot.bootstrap import App
from mail.context import load_context
from notices.render import render
from storage import outbox
from storage.models import CaseRow, DeadlineRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import a_filing, board_finds, convene, open_one, step
from tests.fixtures.reminders import look, run_until

PRUITT, BATES = "gpruitt@city.test", "lbates@city.test"
MONDAY = datetime(2026, 11, 30, 17, 0, tzinfo=UTC)  # Mon Nov 30, 9 AM in Riverton


def determined_four_days_apart(app: App, clock: FakeClock) -> str:
    """Violations found against Pruitt (received Tue Dec 1) and Bates (Sat Dec 5)."""
    clock.set(MONDAY)
    number = open_one(app, replace(a_filing(MONDAY), respondents=("Gary Pruitt",
                                                                  "Lorna Bates")))
    convene(app, number)
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        parties = case.parties()
    assert set(parties) == {PRUITT, BATES}
    for cmd in (c.BeginHearing(), *(c.RecordRespondentHeard(respondent=p) for p in parties),
                c.ConcludeHearing()):
        step(app, number, cmd)
    board_finds(app, number)
    for cmd in (c.IssueReport(sufficient=True, report_file="F0REPORT1"), c.DeliverReport(),
                c.Refer("myu@examiners.example")):
        step(app, number, cmd)
    clock.set(MONDAY + timedelta(days=1))
    step(app, number, c.RecordDetermination(violation=True, respondent=PRUITT))
    clock.set(MONDAY + timedelta(days=5))
    step(app, number, c.RecordDetermination(violation=True, respondent=BATES))
    return number


def stored(app: App, number: str) -> dict[str, DeadlineRow]:
    with app.session_factory() as s:
        return {r.official: r for r in s.scalars(
            select(DeadlineRow).join(CaseRow, CaseRow.id == DeadlineRow.case_id).where(
                CaseRow.number == number, DeadlineRow.key == DeadlineKey.COUNCIL_DECISION))}


def reminders_of(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).where(OutboxRow.notice_type == "reminder",
                                                      OutboxRow.slot.like("council%"))
                              .order_by(OutboxRow.id)))


def test_each_officials_seven_days_are_stored_reminded_and_rendered_as_theirs(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    number = determined_four_days_apart(app, clock)
    lines = stored(app, number)
    assert set(lines) == {PRUITT, BATES}
    tz = app.calendar.tz
    # Tue Dec 1 + 7 = Tue Dec 8; Sat Dec 5 + 7 = Sat Dec 12, rolled to Mon Dec 14
    assert lines[PRUITT].due.astimezone(tz).date().isoformat() == "2026-12-08"
    assert lines[BATES].due.astimezone(tz).date().isoformat() == "2026-12-14"
    assert f"determination as to {BATES} received" in lines[BATES].basis

    rem = app.reminders(paused_scheduler)
    look(rem, paused_scheduler, clock)
    # Thu Dec 10: Pruitt's time has run out and is reminded as overdue; Bates's not yet due
    run_until(rem, paused_scheduler, clock, datetime(2026, 12, 10, 20, 0, tzinfo=UTC))
    slots = {r.slot for r in reminders_of(app)}
    assert any(s.startswith(f"council_decision@{PRUITT}:overdue") for s in slots), slots
    assert not any(s.startswith(f"council_decision@{BATES}:overdue") for s in slots)
    judged = {who: status_at(r.key, r.status, r.due, clock.now)
              for who, r in stored(app, number).items()}
    assert judged == {PRUITT: Status.MISSED, BATES: Status.OPEN}

    # one of Pruitt's reminders, as mailed: it says whose seven days they are
    row = next(r for r in reminders_of(app) if r.slot.startswith(f"council_decision@{PRUITT}")
               and r.channel == "email")
    with app.session_factory() as s:
        notice = outbox.notice(s, row.id)
        assert notice is not None
        ctx = load_context(s, notice, letterhead=app.letterhead(), calendar=app.calendar,
                           clock=app.clock, now=app.clock(), directory=app.directory)
    assert "render a decision (§12) as to Gary Pruitt" in str(render(ctx)["Subject"])

    # Mon Dec 14, Bates's last day: hers are owed too, each slot once
    run_until(rem, paused_scheduler, clock, datetime(2026, 12, 14, 20, 0, tzinfo=UTC))
    owed = [(r.slot, r.recipient_email, r.channel) for r in reminders_of(app)]
    assert any(s.startswith(f"council_decision@{BATES}:") for s, _, _ in owed)
    assert len(owed) == len(set(owed))
