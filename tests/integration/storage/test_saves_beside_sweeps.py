"""A transaction that saves case after case (the recomputation after a change of the
city's file) beside the jobs that write about many cases in one transaction (the
reminders' batch, the at-risk sweep), on real PostgreSQL: none waits for the other while
holding what the other wants, so they never deadlock (issue 39).

Before: the reminders' batch updated its deadlines in `remind_at` order and waited for a
case's deadlines the recomputation was rewriting, holding another case's that the
recomputation wanted next; the sweep's alerts held their cases' foreign-key locks (KEY
SHARE) and waited for a case the recomputation had locked FOR UPDATE, which then wanted
one of theirs. Both ended in "deadlock detected". Now the batch locks its rows as it
reads them and skips those held (`storage.reminders.due_for_a_look`), and a step locks
its case FOR NO KEY UPDATE, which a foreign key's lock does not wait for
(`storage.repository`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import func, select, text, update

from cases.services import recompute
from ethicsbot.bootstrap import App, bootstrap
from storage.db import make_engine
from storage.models import AlertedRow, CaseRow, DeadlineRow
from tests.fixtures.app import FakeClock, deadline_alerts, make_settings
from tests.fixtures.cases import TUESDAY, a_filing, open_one

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_app(tmp_path: Path, postgres_url: str, clock: FakeClock) -> Iterator[App]:
    engine = make_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    built = bootstrap(make_settings(tmp_path, postgres_url), clock=clock)
    yield built
    built.close()


def case_id(app: App, number: str) -> int:
    with app.session_factory() as s:
        found: int | None = s.scalar(select(CaseRow.id).where(CaseRow.number == number))
    assert found is not None
    return found


def beside_a_recomputation(app: App, held: str, then: str, job: Callable[[], object]
                           ) -> tuple[list[BaseException], bool]:
    """Recompute case `held` (its rows now locked), run `job` in another thread, then
    recompute case `then` in the same transaction and commit: the errors of both, and
    whether `job` was still waiting when the recomputation went on."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            job()
        except BaseException as e:  # raised in the test's thread
            errors.append(e)

    with app.uow() as uow:
        uow.session.execute(text("SET LOCAL lock_timeout = '20s'"))
        recompute(uow, held, directory=app.directory, calendar=app.calendar,
                  clock=app.clock, reason="test")
        uow.session.flush()  # the case's row and deadlines rewritten: held until commit
        other = threading.Thread(target=run)
        other.start()
        other.join(timeout=3)  # the job does not wait for what the recomputation holds
        waited = other.is_alive()
        try:
            recompute(uow, then, directory=app.directory, calendar=app.calendar,
                      clock=app.clock, reason="test")
            uow.session.flush()  # what the job held: "deadlock detected" here before
            uow.commit()
        except Exception as e:
            errors.append(e)
    other.join(timeout=30)
    return errors, waited


def test_the_reminders_batch_and_a_recomputation_do_not_deadlock(
        pg_app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler) -> None:
    app = pg_app
    clock.set(TUESDAY)
    first, second = open_one(app, a_filing(TUESDAY)), open_one(app, a_filing(TUESDAY))
    # the batch reaches the second case's deadlines before the first's, the order the
    # recomputation saves them in being the other way round
    with app.session_factory.begin() as s:
        for number, ago in ((second, 2), (first, 1)):
            s.execute(update(DeadlineRow).where(
                DeadlineRow.case_id == case_id(app, number), DeadlineRow.remind_at.is_not(None))
                .values(remind_at=TUESDAY - timedelta(minutes=ago)))
    rem = app.reminders(paused_scheduler)
    looked: list[int] = []

    errors, waited = beside_a_recomputation(
        app, first, second, lambda: looked.append(rem._batch(clock())[0]))

    assert errors == [] and not waited
    assert looked and looked[0] > 0  # the second case's deadlines were looked at
    with app.session_factory() as s:  # the first's, skipped, are due a look again now
        assert s.scalar(select(func.count()).select_from(DeadlineRow).where(
            DeadlineRow.case_id == case_id(app, first), DeadlineRow.remind_at <= clock()))


def test_the_at_risk_sweep_and_a_recomputation_do_not_deadlock(pg_app: App,
                                                              clock: FakeClock) -> None:
    app = pg_app
    clock.set(TUESDAY)
    first, second = open_one(app, a_filing(TUESDAY)), open_one(app, a_filing(TUESDAY))
    clock.set(TUESDAY + timedelta(hours=20))  # §2's 24 hours near, its notices unsent
    told: list[int] = []

    # the sweep records the first case's deadline, then the second's, in one transaction;
    # the recomputation holds the second and goes on to the first
    errors, waited = beside_a_recomputation(app, second, first,
                                            lambda: told.append(deadline_alerts(app)))

    assert errors == [] and not waited
    assert told and told[0] >= 2
    with app.session_factory() as s:
        assert set(s.scalars(select(AlertedRow.case_id))) == {case_id(app, first),
                                                               case_id(app, second)}
