"""App Home's "For the city attorney": the open cases whose meetings carry a flag for the
city attorney (issue 38, B7b: Pruitt's open-session request taken down after the board's
meeting evaluated his matter in executive session), each by number with its count and a
button that shows its status, for a reader with full access (the city attorney, the
mayor's office, the board) and no one else: not the council, which does not see the
board's record, not the official complained against. A case with no flag is not listed,
and with no flag anywhere the part is absent. The count is the docket's (`flags`, as the
web docket's badge reads it).

The example city, Pruitt and Bates on Slack; the clock starts Mon Nov 30 2026 09:00 PST,
when the complaint is received."""

from __future__ import annotations

import json
from typing import Any

from bot.ids import STATUS_ACTION
from ethicsbot.bootstrap import App
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    ATTORNEY,
    CHAIR,
    CLERK,
    COUNCIL,
    MAYOR,
    STRANGER,
    SlackDriver,
    open_case,
)
from tests.integration.bot.test_lifecycle import done
from tests.integration.bot.test_officials_requests_on_slack import (
    LATE,
    ON_SLACK,
    PRUITT,
    against_both,
    in_executive_session,
    slack,
)
from tests.integration.bot.test_surfaces import home_of

__all__ = ["slack"]  # the fixture: Pruitt and Bates on Slack

HEADER = "For the city attorney"


async def home_blocks(slack: SlackDriver, stub: SlackStub, user: str) -> list[dict[str, Any]]:
    await home_of(slack, stub, user)
    (published,) = stub.to("views.publish")
    blocks: list[dict[str, Any]] = published["view"]["blocks"]
    return blocks


def flagged_line(blocks: list[dict[str, Any]], number: str) -> dict[str, Any] | None:
    """The block listing case `number` under "For the city attorney", if any."""
    return next((b for b in blocks if b.get("accessory", {}).get("action_id") == STATUS_ACTION
                 and b["accessory"]["value"] == number), None)


async def pressed_on_home(slack: SlackDriver, stub: SlackStub, user: str, number: str) -> str:
    """The status button pressed on App Home (a view: no response URL) and what the app
    sent the reader's messages with it."""
    stub.calls.clear()
    reply = await slack.interaction({
        "type": "block_actions", "team": {"id": "T1"}, "user": {"id": user},
        "trigger_id": "13.45.ab", "container": {"type": "view", "view_id": "VHOME"},
        "view": {"id": "VHOME", "type": "home"},
        "actions": [{"type": "button", "action_id": STATUS_ACTION, "value": number,
                     "block_id": "b", "action_ts": "1"}]})
    assert reply.status == 200, reply.text
    (sent,) = stub.to("chat.postMessage")
    assert sent["channel"] == user
    blocks = sent.get("blocks") or []
    if isinstance(blocks, str):
        blocks = json.loads(blocks)
    return "\n".join([sent.get("text") or ""] + [
        str((b.get("text") or {}).get("text", "")) for b in blocks])


async def test_full_access_sees_the_flagged_open_cases_on_app_home_and_no_one_else(
        slack: SlackDriver, slack_stub: SlackStub, app: App, clock: FakeClock) -> None:
    n = against_both(app)
    other = open_case(app, "Helen Ostrowski")  # no meeting, no flag
    clock.advance(days=2)
    convene(app, n)
    await in_executive_session(slack, clock, n)
    assert HEADER not in await home_of(slack, slack_stub, ATTORNEY)  # nothing flagged yet
    await done(slack, CLERK, f"open-session {n} @Pruitt board 2026-12-01 paper his letter "
               "of Dec 1, left at the counter, scan F1201")
    for reader in (ATTORNEY, CLERK, MAYOR, CHAIR):
        blocks = await home_blocks(slack, slack_stub, reader)
        shown = "\n".join(str((b.get("text") or {}).get("text", "")) for b in blocks)
        assert HEADER in shown, (reader, shown)
        line = flagged_line(blocks, n)
        assert line is not None, (reader, shown)
        assert line["text"]["text"] == f":warning: *{n}* · 1 flag for the city attorney"
        assert flagged_line(blocks, other) is None and other not in shown.split(HEADER)[1]
    for reader in (COUNCIL, ON_SLACK["Gary Pruitt"], STRANGER):
        blocks = await home_blocks(slack, slack_stub, reader)
        shown = "\n".join(str((b.get("text") or {}).get("text", "")) for b in blocks)
        assert HEADER not in shown and flagged_line(blocks, n) is None, (reader, shown)
    # the button: the case's status, as `/ethics status CASE` shows it, with the flag
    seen = await pressed_on_home(slack, slack_stub, ATTORNEY, n)
    assert f":warning: {LATE.format(who=PRUITT, on='2026-12-01')}" in seen, seen
    # pressed by someone the case is hidden from (an old Home), it is refused, saying why
    refused = await pressed_on_home(slack, slack_stub, STRANGER, n)
    assert LATE.format(who=PRUITT, on="2026-12-01") not in refused and "directory" in refused


async def test_a_case_against_the_reader_is_not_listed_for_them(
        slack: SlackDriver, slack_stub: SlackStub, app: App, clock: FakeClock) -> None:
    """The mayor has full access, but a case against the mayor is the city attorney's
    business, not theirs: the clerk's Home lists its flag, the mayor's does not."""
    n = open_case(app, ("Gary Pruitt", "Teresa Lindqvist"))
    clock.advance(days=2)
    convene(app, n)
    await in_executive_session(slack, clock, n)
    await done(slack, CLERK, f"open-session {n} @Pruitt board 2026-12-01 paper his letter "
               "of Dec 1, left at the counter, scan F1201")
    assert flagged_line(await home_blocks(slack, slack_stub, CLERK), n) is not None
    blocks = await home_blocks(slack, slack_stub, MAYOR)
    assert flagged_line(blocks, n) is None
    assert HEADER not in "\n".join(str((b.get("text") or {}).get("text", "")) for b in blocks)
