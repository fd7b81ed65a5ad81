"""The clerk's alerts about statutory notices at risk are one digest per clerk and channel
per sweep (issue 39): 50 cases at risk owe the clerk one message listing the soonest
deadlines first, not 100 alerts; a sweep that finds nothing new writes nothing; a case
newly at risk is told of in a digest of its own; a sweep that stopped midway tells again."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy import func, select

from cases.notices import clerks
from ethicsbot.bootstrap import App
from mail.alerts import owe_deadline_alerts
from mail.context import DIGEST_LISTED, load_context
from mail.intake import Outcome, take_in
from notices.render import render
from storage import outbox, risk
from storage.models import AlertedRow, OutboxRow
from tests.fixtures.app import FakeClock, deadline_alerts
from tests.integration.mail.complaints import forwarded_complaint

CASES = 50


def open_cases(app: App, ns: range | list[int]) -> dict[int, str]:
    """Case n of `forwarded_complaint(n)`, received 20 hours ago plus n minutes: its 24
    hours run out in 4 hours (n minutes later for case n)."""
    numbers = {}
    for n in ns:
        result = take_in(forwarded_complaint(n), app.intake(), source="imap",
                         received_at=app.clock() - timedelta(hours=20, minutes=-n))
        assert result.outcome is Outcome.OPENED and result.case_number
        numbers[n] = result.case_number
    return numbers


def digests(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).where(
            OutboxRow.notice_type == "deadline_alert").order_by(OutboxRow.id)))


def counts(app: App) -> tuple[int, int]:
    with app.session_factory() as s:
        return (int(s.scalar(select(func.count()).select_from(OutboxRow)) or 0),
                int(s.scalar(select(func.count()).select_from(AlertedRow)) or 0))


def rendered(app: App, row: OutboxRow) -> EmailMessage:
    with app.session_factory() as s:
        notice = outbox.notice(s, row.id)
        assert notice is not None
        ctx = load_context(s, notice, letterhead=app.letterhead(), calendar=app.calendar,
                           clock=app.clock, now=app.clock(), directory=app.directory)
    return render(ctx)


def plain(m: EmailMessage) -> str:
    part = m.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


async def test_fifty_cases_at_risk_owe_each_clerk_one_digest_soonest_first(
        app: App, clock: FakeClock) -> None:
    numbers = open_cases(app, list(reversed(range(CASES))))  # opened latest-due first
    clock.advance(minutes=6)  # past "just owed": these notices should have gone by now
    # every case's 24-hour notices are at risk (registered mail has 3 days: not yet)
    assert deadline_alerts(app) == CASES
    rows = digests(app)
    people = clerks(app.directory)
    assert sorted(r.recipient_email for r in rows) == sorted(p.email for p in people)
    assert all(r.case_id is None and r.channel == "email" and r.slot == "digest"
               for r in rows)  # Slack is off here: email only

    msg = rendered(app, rows[0])
    text = plain(msg)
    assert msg["Subject"] == f"URGENT: statutory notices still unsent in {CASES} cases"
    assert f"in {CASES} cases ({CASES} deadlines: {CASES} near or past" in text
    # the soonest deadline first: case n's 24 hours ran out 7n minutes after case n-1's
    listed = [line.split(":")[0].removeprefix("- ") for line in text.splitlines()
              if line.startswith("- ETH-")]
    assert listed == [numbers[n] for n in range(DIGEST_LISTED)]
    assert f"... and {CASES - DIGEST_LISTED} more." in text
    assert "Dear Mayor" not in text and "Whitfield" not in text  # no complaint text

    # a second sweep with nothing changed writes nothing, however often it runs
    before = counts(app)
    for minutes in (1, 30):
        clock.advance(minutes=minutes)
        assert deadline_alerts(app) == 0
    assert counts(app) == before

    # one more case at risk: a digest of its own, telling of it alone
    (late,) = open_cases(app, [CASES]).values()
    clock.advance(minutes=6)
    assert deadline_alerts(app) == 1
    new = digests(app)[len(rows):]
    assert len(new) == len(people)
    text = plain(rendered(app, new[0]))
    assert "in 1 case (1 deadline: 1 near or past" in text and late in text
    assert numbers[0] not in text
    assert f"{CASES} deadlines you were alerted to before still have notices" in text


async def test_a_sweep_stopped_midway_is_told_again_by_the_next(
        app: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deadlines recorded for a digest that was never owed (the sweep died between its
    writes) are not lost: the next sweep tells of them."""
    open_cases(app, range(3))
    clock.advance(minutes=6)

    def dies(*_: object, **__: object) -> None:
        raise RuntimeError("killed between the writes and the digest")

    monkeypatch.setattr(risk, "owe_digest", dies)
    with pytest.raises(RuntimeError):
        owe_deadline_alerts(uow_factory=app.uow, clock=app.clock, directory=app.directory)
    monkeypatch.undo()
    assert digests(app) == [] and counts(app)[1] == 3  # recorded, never told
    assert deadline_alerts(app) == 3
    assert len(digests(app)) == len(clerks(app.directory))
    assert deadline_alerts(app) == 0
