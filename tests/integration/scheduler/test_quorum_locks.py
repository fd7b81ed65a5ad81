"""The quorum look beside a case's save on real PostgreSQL (issue 39): a recomputation
holding a case (its row and meetings rewritten, not yet committed) neither deadlocks
with the look nor holds it up. The look skips the held case and leaves it due, looks at
the others, and looks at the held one once its save is in: nothing is lost, nothing
warned twice (`scheduler.quorum`, as the reminders' batch skips held rows,
tests/integration/storage/test_saves_beside_sweeps.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select, update

from cases.commands import RecordMeetingReply
from cases.meetings import Answer
from ethicsbot.bootstrap import App
from scheduler.quorum import Warned
from storage.models import MeetingRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.integration.scheduler.test_quorum import LOOK, scheduled, warnings
from tests.integration.storage.test_saves_beside_sweeps import (  # noqa: F401
    beside_a_recomputation,
    case_id,
    pg_app,
)

pytestmark = pytest.mark.postgres


def short_of_a_quorum(app: App, first_look: str) -> tuple[str, str]:
    """Two cases whose board meetings are short of a quorum and due a look at LOOK,
    `first_look` ("held" or "other") the one looked at first."""
    held, other = scheduled(app), scheduled(app)
    for number in (held, other):
        step(app, number, RecordMeetingReply(1, "hpark@city.test", Answer.ACCEPTED, 0),
             actor="ethicsbot")
    order = {"held": (held, other), "other": (other, held)}[first_look]
    with app.session_factory.begin() as s:
        for ago, number in enumerate(order[::-1], start=1):
            s.execute(update(MeetingRow).where(MeetingRow.case_id == case_id(app, number))
                      .values(quorum_look_at=LOOK - timedelta(minutes=ago)))
    return held, other


@pytest.mark.parametrize("first_look", ["held", "other"])
def test_the_quorum_look_skips_a_case_being_saved_and_looks_at_it_after(
        pg_app: App, clock: FakeClock,  # noqa: F811
        paused_scheduler: BackgroundScheduler, first_look: str) -> None:
    app = pg_app
    held, other = short_of_a_quorum(app, first_look)
    clock.set(LOOK)
    looks = app.quorum_looks(paused_scheduler)
    fired: list[list[Warned]] = []

    # the recomputation holds `held`, the look runs beside it, then the recomputation
    # goes on to the case the look wrote about, in the same transaction
    errors, waited = beside_a_recomputation(app, held, other,
                                            lambda: fired.append(looks.fire()))

    assert errors == [] and not waited
    assert [w.number for w in fired[0]] == [other]  # the held case was left due
    with app.session_factory() as s:
        assert s.scalar(select(MeetingRow.quorum_look_at).where(
            MeetingRow.case_id == case_id(app, held))) is not None
    # its save is in: looked at now (and `other` again: its save set its moment anew)
    assert held in [w.number for w in looks.fire()]
    assert len(warnings(app)) == 4  # the chair and the clerk, once for each case
    assert looks.fire() == [] and len(warnings(app)) == 4
