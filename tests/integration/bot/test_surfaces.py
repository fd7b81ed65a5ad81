"""App Home, sharing into channels, the acknowledge-first mode and the health checks."""

from __future__ import annotations

import asyncio
import dataclasses

import aiohttp
from aiohttp.test_utils import TestServer

from bot.ids import step_action
from bot.web import EVENTS_PATH
from cases import commands as c
from ethicsbot.bootstrap import App, bootstrap, build_bolt, build_web_app
from mail.transport import SmtpTls
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.slack_stub import BOT_USER, SlackStub
from tests.integration.bot.conftest import (
    ATTORNEY,
    BOARD_MEMBER,
    CHAIR,
    CLERK,
    COUNCIL,
    STRANGER,
    SlackDriver,
    open_case,
    start_driver,
)
from tests.servers.net import free_ports
from tests.servers.smtp_sink import SmtpSink


async def home_of(slack: SlackDriver, stub: SlackStub, user: str) -> str:
    stub.calls.clear()
    reply = await slack.event(user, {"type": "app_home_opened", "tab": "home",
                                     "channel": "D0DM", "event_ts": "1"})
    assert reply.status == 200
    (published,) = stub.to("views.publish")
    assert published["user_id"] == user and published["view"]["type"] == "home"
    return "\n".join(str(b.get("text", {}).get("text", "")) for b in published["view"]["blocks"])


async def test_app_home_lists_the_deadlines_of_the_person_opening_it(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)
    clock.advance(hours=2)
    clerk = await home_of(slack, slack_stub, CLERK)
    assert "Your deadlines" in clerk
    assert f"*{n}* · notice 24h" in clerk and "(in 22 h)" in clerk
    assert "registered mail" in clerk and "hearing begin" not in clerk
    chair = await home_of(slack, slack_stub, CHAIR)
    assert "hearing begin" in chair and "notice 24h" not in chair
    council = await home_of(slack, slack_stub, COUNCIL)
    assert "Nothing is due from you" in council
    assert "directory" in await home_of(slack, slack_stub, STRANGER)


async def test_a_case_is_posted_only_into_a_private_channel_of_entitled_people(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App) -> None:
    n = open_case(bot_app)
    slack_stub.channels.update({
        "CPUBLIC": {"id": "CPUBLIC", "is_private": False},
        "GBOARD": {"id": "GBOARD", "is_private": True},
        "GMIXED": {"id": "GMIXED", "is_private": True},
        "GSHARED": {"id": "GSHARED", "is_private": True, "is_ext_shared": True}})
    slack_stub.members.update({"GBOARD": [CHAIR, BOARD_MEMBER, ATTORNEY, BOT_USER],
                               "GMIXED": [CHAIR, COUNCIL, BOT_USER], "GSHARED": [CHAIR]})
    for channel, why in (("CPUBLIC", "not a private channel"), ("GSHARED", "not a private"),
                         ("GMIXED", "1 member(s) of this channel may not see"),
                         ("CUNKNOWN", "cannot check this channel")):
        reply = await slack.command(CHAIR, f"share {n}", channel=channel)
        assert why in reply.json["text"] and reply.json["response_type"] == "ephemeral"
    assert slack_stub.to("chat.postMessage") == []
    council = await slack.command(COUNCIL, f"share {n}", channel="GBOARD")
    assert "Only the mayor's office, the board and the city attorney" in council.json["text"]

    posted = await slack.command(CHAIR, f"share {n}", channel="GBOARD")
    assert posted.json["text"] == f"Posted {n} in this private channel."
    (message,) = slack_stub.to("chat.postMessage")
    assert message["channel"] == "GBOARD" and n in message["text"]


async def test_every_page_of_a_channel_s_members_is_checked_before_a_case_is_posted(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App) -> None:
    """A stranger on the third page of conversations.members keeps the case out."""
    n = open_case(bot_app)
    slack_stub.channels["GBIG"] = {"id": "GBIG", "is_private": True}
    slack_stub.members["GBIG"] = [CHAIR, BOARD_MEMBER, BOT_USER, ATTORNEY, STRANGER]
    slack_stub.members_page = 2
    refused = await slack.command(CHAIR, f"share {n}", channel="GBIG")
    assert "1 member(s) of this channel may not see" in refused.json["text"]
    assert slack_stub.to("chat.postMessage") == []
    assert len(slack_stub.to("conversations.members")) == 3

    slack_stub.members["GBIG"].remove(STRANGER)
    posted = await slack.command(CHAIR, f"share {n}", channel="GBIG")
    assert posted.json["text"] == f"Posted {n} in this private channel."
    cursors = [p.get("cursor") for p in slack_stub.to("conversations.members")[3:]]
    assert cursors == [None, "2"]


async def test_acknowledged_first_the_answers_arrive_through_the_response_url(
        bot_app: App, slack_stub: SlackStub) -> None:
    server, slack = await start_driver(bot_app, slack_stub, process_before_response=False)
    try:
        n = open_case(bot_app)
        docket = await slack.command(BOARD_MEMBER, "status")
        assert n in docket.shown  # fast enough to answer in the acknowledgement itself
        pressed = await slack.press(CHAIR, step_action(c.BeginHearing.step), n)  # not scheduled yet
        assert pressed.status == 200 and pressed.text == ""
        for _ in range(200):  # the refusal follows the acknowledgement
            if slack_stub.to("response/button"):
                break
            await asyncio.sleep(0.01)
        (answer,) = slack_stub.to("response/button")
        assert answer["response_type"] == "ephemeral" and "Cannot begin the hearing" in (
            answer["text"])
    finally:
        await slack.session.close()
        await server.close()


async def test_health_and_readiness(bot_app: App, tmp_path: object, clock: FakeClock) -> None:
    fresh = bootstrap(make_settings(tmp_path, f"sqlite:///{tmp_path}/fresh.db"),  # type: ignore[arg-type]
                      clock=clock, migrate=False)
    open_case(bot_app)
    async with aiohttp.ClientSession() as http:
        for app, ready in ((bot_app, 200), (fresh, 503)):
            server = TestServer(build_web_app(app, None), host="127.0.0.1")
            await server.start_server()
            try:
                async with http.get(server.make_url("/healthz")) as r:
                    assert r.status == 200
                async with http.get(server.make_url("/readyz")) as r:
                    assert r.status == ready, await r.text()
                    body = await r.json()
            finally:
                await server.close()
            if app is bot_app:  # the figures of `ethicsbot status`, without the worker's host
                assert body["database"] == "current" and body["idle"] is False
                assert body["inbox"] == {"source": "maildir", "waiting": 0}
                assert body["notices"]["pending"] > 0 and body["notices"]["overdue"] == 0
                assert body["worker"] == {"active": False, "since": None}
            else:
                assert body["database"] == "not migrated: run `ethicsbot migrate`"
    fresh.engine.dispose()


async def test_slack_is_served_over_http_only_with_a_signing_secret(bot_app: App) -> None:
    off = dataclasses.replace(bot_app, settings=bot_app.settings.model_copy(
        update={"slack_signing_secret": None}))
    answers = {}
    async with aiohttp.ClientSession() as http:
        for name, app in (("with secret", bot_app), ("without", off)):
            server = TestServer(build_web_app(app, build_bolt(app)), host="127.0.0.1")
            await server.start_server()
            try:  # unsigned, and one Bolt answers by itself: a forgery where served
                async with http.post(server.make_url(EVENTS_PATH), json={
                        "type": "url_verification", "challenge": "forged"}) as r:
                    answers[name] = r.status
            finally:
                await server.close()
    assert answers == {"with secret": 401, "without": 404}


async def test_readyz_says_whether_forwarders_are_checked_without_failing_for_it(
        app: App) -> None:
    checked = dataclasses.replace(app, settings=app.settings.model_copy(
        update={"trusted_authserv_id": "mx.city.test"}))
    answers = []
    async with aiohttp.ClientSession() as http:
        for each in (app, checked):
            server = TestServer(build_web_app(each, None), host="127.0.0.1")
            await server.start_server()
            try:
                async with http.get(server.make_url("/readyz")) as r:
                    answers.append((r.status, await r.json()))
            finally:
                await server.close()
    (off_status, off), (on_status, on) = answers
    assert off_status == on_status == 200 and off["status"] == on["status"] == "ready"
    assert off["forwarders"].startswith("not checked") and (
        "ETHICSBOT_TRUSTED_AUTHSERV_ID" in off["forwarders"])
    assert on["forwarders"].startswith("checked") and "mx.city.test" not in str(on)


async def test_readyz_names_an_unreachable_mail_server_and_a_reachable_one(
        app: App, smtp_sink: SmtpSink) -> None:
    (closed,) = free_ports(1)  # nothing listens there
    settings = app.settings.model_copy(update={
        "imap_host": "127.0.0.1", "imap_port": closed, "imap_user": "u", "imap_password": "p",
        "smtp_host": smtp_sink.host, "smtp_port": smtp_sink.port, "smtp_tls": SmtpTls.NONE})
    server = TestServer(build_web_app(dataclasses.replace(app, settings=settings), None),
                        host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(server.make_url("/readyz")) as r:
            body = await r.json()
            assert r.status == 503
    finally:
        await server.close()
    assert body["status"] == "unready" and body["database"] == "current"
    assert body["imap"].startswith("unreachable") and body["smtp"] == "reachable"
    assert body["inbox"] == {"source": "imap", "waiting": None,
                             "error": "unreachable (ConnectionRefusedError)"}
    assert "127.0.0.1" not in str(body)


async def test_readyz_gives_its_figures_to_the_operator_only(app: App) -> None:
    """Issue 24: the figures (whether forged forwarder mail would open a case, counts that
    rise when a confidential complaint arrives) go to the operator: on this machine, or
    with the operator's token; anyone else, here through a proxy, learns ready or not."""
    tokened = dataclasses.replace(app, settings=app.settings.model_copy(
        update={"operator_token": "s3cret-operator-token"}))
    server = TestServer(build_web_app(tokened, None), host="127.0.0.1")
    await server.start_server()
    answers = {}
    try:
        async with aiohttp.ClientSession() as http:
            for who, headers in (
                    ("here", {}),
                    ("stranger", {"X-Forwarded-For": "203.0.113.9"}),
                    ("wrong token", {"X-Forwarded-For": "203.0.113.9",
                                     "Authorization": "Bearer guess"}),
                    ("operator", {"X-Forwarded-For": "203.0.113.9",
                                  "Authorization": "Bearer s3cret-operator-token"})):
                async with http.get(server.make_url("/readyz"), headers=headers) as r:
                    answers[who] = (r.status, await r.json())
    finally:
        await server.close()
    assert answers["stranger"] == answers["wrong token"] == (200, {"status": "ready"})
    for who in ("here", "operator"):
        status, body = answers[who]
        assert status == 200 and "forwarders" in body and "notices" in body, who
