"""Requests reach `/ethics` only when Slack signed them, and only the directory's people
get answers: a stranger learns nothing, not even whether a case exists."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.engine import make_url

from bot.app import FAILED
from ethicsbot.bootstrap import App, bootstrap
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    BOARD_MEMBER,
    CHAIR,
    STRANGER,
    SlackDriver,
    open_case,
    start_driver,
    with_slack,
)
from tests.servers import postgres


def access_log(app: App) -> list[tuple[str, str | None, str, bool]]:
    with app.session_factory() as s:
        return [(r.who, r.case_number, r.action, r.allowed)
                for r in s.scalars(select(AccessLogRow).order_by(AccessLogRow.id))]


async def test_a_bad_signature_or_an_old_timestamp_gets_401(slack: SlackDriver,
                                                             bot_app: App) -> None:
    forged = await slack.command(BOARD_MEMBER, "status", secret="not-the-secret")
    stale = await slack.command(BOARD_MEMBER, "status", timestamp=int(time.time()) - 6 * 60)
    assert (forged.status, stale.status) == (401, 401)
    assert access_log(bot_app) == []  # nothing was looked up
    fresh = await slack.command(BOARD_MEMBER, "status", timestamp=int(time.time()) - 4 * 60)
    assert fresh.status == 200


async def test_a_stranger_gets_the_same_refusal_whether_or_not_the_case_exists(
        slack: SlackDriver, bot_app: App) -> None:
    number = open_case(bot_app)
    replies = [await slack.command(STRANGER, text) for text in (
        "status", f"status {number}", "status ETH-2026-0999", f"schedule {number} x", "help")]
    assert {r.status for r in replies} == {200}
    texts = {r.json["text"] for r in replies}
    assert len(texts) == 1, texts
    (text,) = texts
    assert "directory" in text and number not in text and "ETH-2026-0999" not in text
    assert all(r.json["response_type"] == "ephemeral" for r in replies)
    logged = access_log(bot_app)
    assert [(who, n, ok) for who, n, _, ok in logged] == [
        ("slack:UNOBODY", None, False), ("slack:UNOBODY", number, False),
        ("slack:UNOBODY", "ETH-2026-0999", False), ("slack:UNOBODY", number, False)]


async def test_a_board_member_gets_the_docket(slack: SlackDriver, bot_app: App,
                                             slack_stub: SlackStub, clock: FakeClock) -> None:
    first, second = open_case(bot_app), open_case(bot_app, "Lorna Bates")
    clock.advance(hours=1)
    reply = await slack.command(BOARD_MEMBER, "status")
    assert reply.status == 200 and reply.json["response_type"] == "ephemeral"
    shown = reply.shown
    assert first in shown and second in shown
    assert "notice 24h due" in shown and "(in 23 h)" in shown  # the 24-hour notice counts down
    assert ("vosei@city.test", None, "docket page 1", True) in access_log(bot_app)
    assert [c.method for c in slack_stub.calls] == ["auth.test"]  # answered in the ack


async def test_a_refusal_shows_what_was_typed_as_written_never_as_a_mention_or_link(
        slack: SlackDriver, bot_app: App) -> None:
    number = open_case(bot_app)
    typed = {f"schedule {number} <!channel> 18:00 special Hall": "<!channel>",
             "status <@UOSEI>": "<@UOSEI>",
             f"open-session {number} examiner <http://evil.test|x>": "<http://evil.test|x>",
             "<!here> x": "<!here>"}
    for text, quoted in typed.items():
        reply = (await slack.command(CHAIR, text)).json["text"]
        assert "<" not in reply and ">" not in reply, reply
        shown = quoted.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        assert shown in reply, reply  # quoted as typed, so the clerk sees the mistake


@pytest.mark.postgres
async def test_while_the_database_is_away_status_says_so_in_one_line_within_slacks_3_s(
        own_database: str, tmp_path: Path, clock: FakeClock, slack_stub: SlackStub) -> None:
    """PostgreSQL made unreachable (only this test's database): `/ethics status` answers,
    inside Slack's 3 s, that nothing was recorded and what to do; once the database is
    back, the next request gets the docket."""
    app = with_slack(bootstrap(make_settings(tmp_path, own_database), clock=clock),
                     slack_stub)
    number, name = open_case(app), make_url(own_database).database
    assert name is not None
    server, driver = await start_driver(app, slack_stub, process_before_response=True)
    try:
        assert number in (await driver.command(BOARD_MEMBER, "status")).shown
        await asyncio.to_thread(postgres.refuse_connections, postgres.server_url(), name)
        t0 = time.monotonic()
        reply = await driver.command(BOARD_MEMBER, "status")
        assert time.monotonic() - t0 < 3.0
        assert (reply.status, reply.json["text"]) == (200, FAILED)
        await asyncio.to_thread(postgres.allow_connections, postgres.server_url(), name)
        assert number in (await driver.command(BOARD_MEMBER, "status")).shown
    finally:
        await driver.session.close()
        await server.close()
        app.close()
