"""The worker's own reminder service (`run_reminders`: a real AsyncIOScheduler, the
reconcile at start, then `watch` following case changes), not jobs fired by hand: it
owes the reminders that are due by itself, for cases open at start and for a case
opened while it runs. Dates are in the past of any real clock, so armed jobs are due at
once and nothing waits for a deadline."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select

from ethicsbot.bootstrap import App, build_scheduler
from scheduler.jobs import run_reminders
from storage.models import CaseRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import a_filing, open_one
from tests.integration.mail.harness import Running, eventually

RECEIVED = datetime(2024, 3, 5, 22, 15, tzinfo=UTC)  # Tue Mar 5, 2024, 2:15 PM in Riverton
LATER = datetime(2024, 3, 11, 16, 30, tzinfo=UTC)  # Mon Mar 11, 9:30 AM: registered mail late


def reminders_for(app: App, number: str) -> set[tuple[str, str]]:
    with app.session_factory() as s:
        return {(r.slot, r.recipient_email) for r in s.scalars(
            select(OutboxRow).join(CaseRow, CaseRow.id == OutboxRow.case_id).where(
                CaseRow.number == number, OutboxRow.notice_type == "reminder"))}


def test_the_reminder_service_owes_due_reminders_at_start_and_for_new_cases(
        app: App, clock: FakeClock) -> None:
    clock.set(RECEIVED)
    first = open_one(app, a_filing(RECEIVED))
    clock.set(LATER)
    assert reminders_for(app, first) == set()

    service = Running(lambda stop: run_reminders(app.reminders(build_scheduler(app)),
                                                 stop=stop))
    late = "registered_mail:overdue-2024-03-11"
    with service:
        eventually(lambda: (late, "clerk@city.test") in reminders_for(app, first),
                   what="the overdue registered-mail reminder, owed at start")
        second = open_one(app, a_filing(RECEIVED, respondent="Gary Pruitt"))  # while running
        eventually(lambda: (late, "clerk@city.test") in reminders_for(app, second),
                   what="the same reminder for the case opened while it runs")
        assert service.alive
