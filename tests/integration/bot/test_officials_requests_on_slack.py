"""Issue 38 in Slack, end to end: the official's own requests, and what the record shows
when one is taken down late.

- B7b (§13): Pruitt's letter asking for an open session came before the board's meeting
  and was taken down only after the meeting had evaluated his matter in executive
  session: the reply to the clerk who takes it down says so, and `/ethics status` flags
  the meeting for the city attorney, as to him only (Bates asked after the meeting).
  Taken down in time, nothing is flagged, and the session may not evaluate his matter.
- C1 (§10): the board chair (or another member) may not take down the official's request
  for a longer time for the report, which the board itself approves; the reply says who
  may. The clerk takes it down with how it came and what shows it, and the official
  signed in makes it themselves, for themselves only.

The example city, both officials on Slack; the clock starts Mon Nov 30 2026 09:00 PST,
when the complaint is received."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest

from cases import commands as c
from cases.history import Event, EventKind
from cases.services import get_case
from ethicsbot.bootstrap import App
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    ATTORNEY,
    BOARD_MEMBER,
    CHAIR,
    CLERK,
    COUNCIL,
    SlackDriver,
    open_case,
    start_driver,
    with_slack,
)
from tests.integration.bot.test_confidentiality import steps
from tests.integration.bot.test_lifecycle import done, refused

PRUITT, BATES = "gpruitt@city.test", "lbates@city.test"
ON_SLACK = {"Gary Pruitt": "UPRUITT", "Lorna Bates": "UBATES"}
LETTER = "email his letter of Dec 3, filed with the case"
LATE = ("{who} asked for an open session on {on} (§13), by the day of this meeting, but the "
        "request was recorded only after it was held, and it evaluated their matter in "
        "executive session. Tell the city attorney")


@pytest.fixture
async def slack(app: App, slack_stub: SlackStub) -> AsyncIterator[SlackDriver]:
    """The Bolt app of the example city with Pruitt and Bates on Slack (listed, in no
    role that sees complaints but their own)."""
    d = app.directory
    officials = tuple(dataclasses.replace(p, slack=ON_SLACK.get(p.name, p.slack))
                      for p in d.officials)
    on_slack = with_slack(dataclasses.replace(
        app, directory=dataclasses.replace(d, officials=officials)), slack_stub)
    server, driver = await start_driver(on_slack, slack_stub, process_before_response=True)
    yield driver
    await driver.session.close()
    await server.close()


def against_both(app: App) -> str:
    return open_case(app, ("Gary Pruitt", "Lorna Bates"))


async def status(slack: SlackDriver, user: str, number: str) -> str:
    reply = await slack.command(user, f"status {number}")
    assert reply.status == 200, reply.text
    return reply.shown


# -- B7b: a late open-session request is flagged for the city attorney ----------------------

async def in_executive_session(slack: SlackDriver, clock: FakeClock, number: str) -> None:
    """The board's meeting of Wed Dec 2 at 9:01 AM, its roll call taken (`convene`); the
    clerk records its executive session, announced to end at 10:00, from 9:01 to 9:30,
    on the matters of each official who had not asked for an open session; a day later
    the meeting (two hours) is long over."""
    await done(slack, CLERK, f"session start {number} 10:00")
    clock.advance(minutes=29)
    await done(slack, CLERK, f"session end {number}")
    clock.advance(days=1)  # Thu Dec 3, 9:30 AM


async def test_a_request_that_came_before_the_meeting_taken_down_after_it_is_flagged(
        slack: SlackDriver, app: App, clock: FakeClock) -> None:
    n = against_both(app)
    clock.advance(days=2)
    convene(app, n)
    await in_executive_session(slack, clock, n)  # about both: neither had asked
    # Pruitt's letter, left at the counter Tue Dec 1, is found and taken down only now;
    # Bates's email came today, after the meeting. The clerk who takes the letter down is
    # told of the flag it raises, at once; of none for Bates's
    told = await done(slack, CLERK, f"open-session {n} @Pruitt board 2026-12-01 paper his "
                      "letter of Dec 1, left at the counter, scan F1201")
    flag = f":warning: *For the city attorney:* {LATE.format(who=PRUITT, on='2026-12-01')}"
    assert flag in told, told
    told = await done(slack, CLERK, f"open-session {n} @Bates board 2026-12-03 email her "
                      "email of Dec 3, filed with the case")
    assert ":warning:" not in told, told
    seen = await status(slack, ATTORNEY, n)
    assert f":warning: {LATE.format(who=PRUITT, on='2026-12-01')}" in seen, seen
    assert seen.count(":warning:") == 1 and f"{BATES} asked for an open session" not in seen
    assert "asked by gpruitt@city.test by paper on 2026-12-01" in seen  # the request itself
    # the council sees its own meetings only, and so not the board's flag
    assert ":warning:" not in await status(slack, COUNCIL, n)


async def test_the_same_request_taken_down_before_the_meeting_is_not_flagged(
        slack: SlackDriver, app: App, clock: FakeClock) -> None:
    n = against_both(app)
    clock.advance(days=1)  # Tue Dec 1: the clerk takes Pruitt's letter down the day it came
    await done(slack, CLERK, f"open-session {n} @Pruitt board 2026-12-01 paper his letter "
               "of Dec 1, left at the counter, scan F1201")
    clock.advance(days=1)
    convene(app, n)
    # the meeting is open as to Pruitt's matter: its executive session may not evaluate it
    await refused(slack, CLERK, f"session start {n} 10:00 @Pruitt",
                  f"{PRUITT} asked that their matter be heard in open session (§13)")
    await in_executive_session(slack, clock, n)  # Bates's matter alone
    with app.uow() as uow:
        [session] = get_case(uow, n).meetings.all[0].sessions
    assert session.about == {BATES}
    seen = await status(slack, ATTORNEY, n)
    assert "asked by gpruitt@city.test by paper on 2026-12-01" in seen
    assert ":warning:" not in seen and "asked for an open session on" not in seen


# -- C1: the official's §10 request is not the board's to take down -------------------------

def concluded(app: App) -> str:
    """The case against both, its hearing held and concluded at the board's meeting, each
    official heard: the ten days for the report run (§10)."""
    n = against_both(app)
    convene(app, n)
    steps(app, n, c.BeginHearing(), c.RecordRespondentHeard(respondent=PRUITT),
          c.RecordRespondentHeard(respondent=BATES), c.ConcludeHearing())
    return n


def requests_for_time(app: App, number: str) -> list[Event]:
    """The requests for a longer time for the report the record keeps (§10)."""
    with app.uow() as uow:
        return [e for e in get_case(uow, number).history
                if e.kind is EventKind.REPORT_EXTENSION_REQUESTED]


def asked(app: App, number: str) -> dict[str, object]:
    """What the record keeps of the one request: who took it down, and its data."""
    [event] = requests_for_time(app, number)
    return {"actor": event.actor, **event.data}


BOARD_REFUSED = ("To ask for a longer time for the written report is the official's own "
                 "request (§10), and the Ethics Board, which decides on it, does not record it "
                 "for them: the official makes it themselves, signed in, or the mayor or the "
                 "mayor's designees record it from their letter or email: send it to the "
                 "city clerk.")


async def test_the_board_may_not_take_down_the_officials_request_the_clerk_and_the_official_may(
        slack: SlackDriver, app: App) -> None:
    n = concluded(app)
    for member in (CHAIR, BOARD_MEMBER):  # "the respondent asks 30 days", typed by the board
        await refused(slack, member, f"extension request {n} 30 respondent @Pruitt {LETTER}",
                      BOARD_REFUSED,
                      "The Ethics Board's own request is made by motion at its meeting")
    assert requests_for_time(app, n) == []
    # the clerk takes the same request down, with how it came and what shows it
    await done(slack, CLERK, f"extension request {n} 30 respondent @Pruitt {LETTER}")
    assert {k: v for k, v in asked(app, n).items() if k != "on"} == {
        "actor": "clerk@city.test", "requested_by": "respondent", "days": 30,
        "respondent": PRUITT, "via": "email", "evidence": "his letter of Dec 3, filed with "
        "the case"}


async def test_the_official_signed_in_asks_for_themselves_and_not_for_the_other(
        slack: SlackDriver, app: App) -> None:
    n = concluded(app)
    await refused(slack, CHAIR, f"extension request {n} 30 respondent @Bates {LETTER}",
                  BOARD_REFUSED)
    await refused(slack, "UBATES", f"extension request {n} 30 respondent @Pruitt",
                  f"only for yourself, not for {PRUITT}")
    await done(slack, "UBATES", f"extension request {n} 30 respondent")
    made = asked(app, n)
    assert (made["actor"], made["respondent"], made["via"]) == (BATES, BATES, "slack")
    assert "evidence" not in made
