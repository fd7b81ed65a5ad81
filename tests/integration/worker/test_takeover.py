"""The worker that takes the lock is the only sender: what the previous worker claimed
and never recorded is due at once (it used to wait out a 5-minute lease), while a notice
backing off after a failed attempt keeps its wait; and it says who it is, since when."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from ethicsbot.bootstrap import App
from ethicsbot.processes import take_over
from mail import dispatch
from storage.leader import WorkerLock, active_worker, worker_id
from storage.models import OutboxRow
from storage.outbox import Outcome, SendResult
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import open_one


def pending(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).where(OutboxRow.status == "pending")
                              .order_by(OutboxRow.id)))


def test_takeover_makes_the_dead_workers_claims_due_now_and_leaves_backoffs_alone(
        app: App, clock: FakeClock) -> None:
    open_one(app)
    deps = app.dispatch_deps()
    claimed = [i for i, _ in dispatch._claim(deps)]  # the previous worker claimed a batch, died
    failed, *rest = claimed
    dispatch.record_attempt(deps, failed, SendResult(Outcome.TEMPORARY, "451 try later"))
    backed_off = {r.id: r.next_attempt_at for r in pending(app)}[failed]
    assert all(r.next_attempt_at > clock.now for r in pending(app))

    lock = WorkerLock(app.engine)
    assert lock.try_acquire()
    try:
        assert take_over(app, lock) == len(rest)
        now = {r.id: r for r in pending(app)}
        # due again as of when they were owed: first in the queue, before later notices
        assert all(now[i].next_attempt_at == now[i].created_at <= clock.now
                   and now[i].attempts == 0 for i in rest)
        assert now[failed].next_attempt_at == backed_off and now[failed].attempts == 1
        assert take_over(app, lock) == 0  # nothing is claimed twice over
        with app.session_factory() as s:
            worker = active_worker(s)
        assert worker is not None and worker.id == worker_id() and worker.since == clock.now
    finally:
        lock.release()
    with app.session_factory() as s:
        assert active_worker(s) is None


def test_the_lease_still_protects_a_live_senders_claims(app: App, clock: FakeClock) -> None:
    open_one(app)
    deps = app.dispatch_deps()
    claimed = dispatch._claim(deps)
    clock.advance(minutes=1)
    assert dispatch._claim(deps) == []  # another sender's claims are not taken meanwhile
    clock.advance(seconds=(dispatch.LEASE - timedelta(minutes=1)).total_seconds() + 1)
    assert sorted(dispatch._claim(deps)) == sorted(claimed)
