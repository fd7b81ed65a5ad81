"""The clerk hears about a statutory notice at risk even when mail is what is down: after
ETHICSBOT_UNDELIVERED_ALERT_MINUTES of failed delivery, and again near the deadline, a
Slack DM (and an email, which waits with the rest), in one digest per channel; each
deadline once per reason. The worker's log and the figures say how many statutory
notices are overdue."""

from __future__ import annotations

import asyncio
import logging

import pytest
from sqlalchemy import select

from bot.reminders import SlackReminders
from ethicsbot.bootstrap import App, build_web_client
from mail.dispatch import dispatch_once, run_dispatcher
from storage.models import OutboxRow
from storage.outbox import delivery_figures
from tests.fixtures.app import FakeClock
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import with_slack
from tests.integration.mail.harness import eventually
from tests.integration.mail.test_dispatch import open_case
from tests.integration.mail.test_outbox import Down

SECTION_2 = ("complaint_to_respondent", "complaint_to_council", "submission_to_board")


def alerts(app: App) -> list[tuple[str, str, str, str]]:
    with app.session_factory() as s:
        return [(r.slot, r.channel, r.recipient_email, r.status) for r in s.scalars(
            select(OutboxRow).where(OutboxRow.notice_type == "deadline_alert")
            .order_by(OutboxRow.id))]


async def test_mail_down_the_clerk_is_told_by_dm_once_then_again_near_the_deadline(
        app: App, clock: FakeClock, slack_stub: SlackStub) -> None:
    app = with_slack(app, slack_stub)
    messenger = SlackReminders(build_web_client(app.settings), app.directory)
    number = open_case(app)
    # every notice: 421, retry later
    await dispatch_once(app.dispatch_deps(), Down(), messenger=messenger)
    clock.advance(minutes=14)
    await dispatch_once(app.dispatch_deps(), Down(), messenger=messenger)
    assert alerts(app) == [] and slack_stub.to("chat.postMessage") == []

    clock.advance(minutes=2)  # undeliverable for 16 minutes now
    await dispatch_once(app.dispatch_deps(), Down(), messenger=messenger)
    dms = slack_stub.to("chat.postMessage")
    # one digest DM for both statutory deadlines with unsent notices: §2's 24 hours and
    # registered mail
    assert [d["channel"] for d in dms] == ["UCLERK"]
    assert dms[0]["text"] == "URGENT: statutory notices still unsent in 1 case"
    said = str(dms[0]["blocks"])
    assert "2 deadline(s): 0 near or past, 2 undeliverable for a while" in said
    assert f"{number}: inform the official and the council; submit to the board (§2)" in said
    assert f"{number}: send the official a copy by registered mail (§2)" in said
    assert "421 4.3.2 service not available" in said
    assert "Dana Whitfield" not in str(dms) and "campaign" not in str(dms)  # no complaint
    assert sorted(alerts(app)) == sorted([
        ("digest", "slack", "clerk@city.test", "sent"),
        ("digest", "email", "clerk@city.test", "pending")])  # mail is down: it waits

    for _ in range(3):  # still down: retried, but nobody is told twice
        clock.advance(minutes=31)
        await dispatch_once(app.dispatch_deps(), Down(), messenger=messenger)
    assert len(slack_stub.to("chat.postMessage")) == 1

    clock.advance(hours=17)  # the 24-hour notice is due in under 6 hours: once more
    await dispatch_once(app.dispatch_deps(), Down(), messenger=messenger)
    dms = slack_stub.to("chat.postMessage")
    assert len(dms) == 2 and "1 deadline(s): 1 near or past" in str(dms[1]["blocks"])
    assert sum(1 for a in alerts(app) if a[0] == "digest") == 4  # two digests, DM and email


async def test_overdue_statutory_notices_are_counted_and_logged(
        app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    open_case(app)
    await dispatch_once(app.dispatch_deps(), Down())
    after = app.settings.undelivered_alert_after
    with app.session_factory() as s:
        now = delivery_figures(s, now=clock.now, overdue_after=after)
        assert now.overdue == 0 and now.pending > 0 and now.failed == 0
        clock.advance(minutes=16)
        later = delivery_figures(s, now=clock.now, overdue_after=after)
        statutory = s.scalars(select(OutboxRow.id).where(
            OutboxRow.notice_type.in_([*SECTION_2, "registered_mail_task"]))).all()
    assert later.overdue == len(statutory)

    caplog.set_level(logging.WARNING, logger="mail.dispatch")
    stop = asyncio.Event()
    task = asyncio.create_task(run_dispatcher(app.dispatch_deps(), stop=stop, transport=Down()))
    try:
        await asyncio.to_thread(eventually, lambda: any(
            f"{len(statutory)} statutory notice(s) overdue for delivery" in r.getMessage()
            for r in caplog.records), what="the overdue count in the log")
    finally:
        stop.set()
        await asyncio.wait_for(task, 5)
