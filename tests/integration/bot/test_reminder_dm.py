"""A reminder owed on Slack reaches the responsible person as a DM with what is due,
when, the basis and a button to record the step; the delivery is proved like an email's."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from bot.reminders import SlackReminders
from cases.commands import RecordRegisteredMail
from ethicsbot.bootstrap import App, build_messenger, build_web_client
from mail.dispatch import dispatch_once
from mail.transport import FileTransport
from storage.models import DeliveryRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import TUESDAY as RECEIVED
from tests.fixtures.cases import a_filing, open_one, step
from tests.fixtures.reminders import fire_next
from tests.fixtures.slack_stub import SlackStub


async def test_the_board_chair_is_reminded_by_dm_with_a_button_to_record_the_step(
        bot_app: App, clock: FakeClock, slack_stub: SlackStub,
        paused_scheduler: BackgroundScheduler, tmp_path: Path) -> None:
    app = bot_app
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    transport = FileTransport(tmp_path / "outbox")
    messenger = SlackReminders(build_web_client(app.settings), app.directory)
    while await dispatch_once(app.dispatch_deps(), transport, messenger=messenger):
        pass  # the §2 notices first
    step(app, number, RecordRegisteredMail("RR123456789US"))  # no overdue ping for it
    # Fri Dec 18, 5 PM: 3 days before hearing_begin (Mon Dec 21 23:59:59), at close of business
    clock.set(datetime(2026, 12, 19, 1, 0, tzinfo=UTC))
    rem = app.reminders(paused_scheduler)
    rem.arm()
    assert fire_next(rem, paused_scheduler, clock, clock.now) == {"hearing_begin"}
    sent = 0
    while batch := await dispatch_once(app.dispatch_deps(), transport, messenger=messenger):
        sent += batch
    dms = {p["channel"]: p for p in slack_stub.to("chat.postMessage")}
    # chair Helen Park (UPARK) and board member Victor Osei (UOSEI) have Slack ids;
    # Dana Brooks has none and is reminded by email instead
    assert set(dms) == {"UPARK", "UOSEI"}
    blocks = dms["UPARK"]["blocks"]
    assert blocks[0]["text"]["text"].startswith(
        f"*[{number}] Due Mon Dec 21, 2026 11:59:59 PM PST: begin the sufficiency hearing")
    assert "received Tue Dec 1, 2026 + 20 days = Mon Dec 21, 2026" in str(blocks[1])
    button = blocks[2]["elements"][0]
    assert (button["action_id"], button["value"]) == ("step:begin", number)
    with app.session_factory() as s:
        rows = s.scalars(select(OutboxRow).where(OutboxRow.notice_type == "reminder")).all()
        by = {(r.recipient_email, r.channel): r.status for r in rows}
        proof = s.scalars(select(DeliveryRow.server_reply).join(
            OutboxRow, OutboxRow.id == DeliveryRow.outbox_id).where(
            OutboxRow.channel == "slack")).all()
    assert by == {("hpark@city.test", "slack"): "sent", ("vosei@city.test", "slack"): "sent",
                  ("dbrooks@city.test", "email"): "sent"}
    assert all(p.startswith("slack ok: channel U") for p in proof)
    assert sent == 3


async def test_a_city_on_socket_mode_only_still_gets_reminder_dms(
        app: App, clock: FakeClock, slack_stub: SlackStub,
        paused_scheduler: BackgroundScheduler, tmp_path: Path) -> None:
    """No signing secret (no HTTP endpoint), an app-level token for Socket Mode: Slack is
    on, so reminders are owed and delivered as DMs, as with HTTP."""
    app = dataclasses.replace(app, settings=app.settings.model_copy(update={
        "slack_bot_token": "xoxb-test", "slack_app_token": "xapp-test",
        "slack_signing_secret": None, "slack_api_url": slack_stub.api_url}))
    clock.set(RECEIVED)
    number = open_one(app, a_filing(RECEIVED))
    step(app, number, RecordRegisteredMail("RR123456789US"))
    transport, messenger = FileTransport(tmp_path / "outbox"), build_messenger(app)
    assert messenger is not None, "Socket Mode alone must deliver reminders on Slack"
    while await dispatch_once(app.dispatch_deps(), transport, messenger=messenger):
        pass
    clock.set(datetime(2026, 12, 19, 1, 0, tzinfo=UTC))  # Fri Dec 18, 5 PM city time
    rem = app.reminders(paused_scheduler)
    rem.arm()
    assert fire_next(rem, paused_scheduler, clock, clock.now) == {"hearing_begin"}
    while await dispatch_once(app.dispatch_deps(), transport, messenger=messenger):
        pass
    assert {p["channel"] for p in slack_stub.to("chat.postMessage")} == {"UPARK", "UOSEI"}
