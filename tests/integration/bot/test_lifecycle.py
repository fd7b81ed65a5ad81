"""Issue 10 in Slack: statuses judged now wherever shown, the sections as amended, the right
hands on each vote, voiding, and public records after closure only once released.

The example city; the clock starts Mon Nov 30 2026 09:00 PST and each case is received
then: 24-hour notice due Tue Dec 1 09:00 PST, registered mail Thu Dec 3."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from sqlalchemy import select

from cases import commands as c
from cases.access import NOT_LISTED
from cases.history import EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import Readings, Release
from cases.services import get_case
from ethicsbot.bootstrap import App
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import board_finds, convene
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
    start_driver,
)
from tests.integration.bot.test_confidentiality import (
    FACTS,
    found_insufficient_and_closed,
    steps,
)
from tests.integration.bot.test_surfaces import home_of

OKAFOR, HALE = "UOKAFOR", "UHALE"


async def done(slack: SlackDriver, user: str, text: str) -> str:
    reply = await slack.command(user, text)
    assert reply.status == 200 and "recorded" in reply.json["text"], reply.text
    return str(reply.json["text"])


async def refused(slack: SlackDriver, user: str, text: str, *expected: str) -> str:
    reply = await slack.command(user, text)
    assert reply.status == 200 and "recorded" not in reply.json["text"], reply.text
    for words in expected:
        assert words in reply.json["text"], reply.json["text"]
    return str(reply.json["text"])


async def test_an_overdue_deadline_stays_on_app_home_after_a_later_step(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)
    clock.advance(days=2)  # Wed Dec 2 09:00: the 24-hour notice passed unrecorded
    await done(slack, CLERK, f"registered-mail {n} RE123456789US")  # a later step
    clerk = await home_of(slack, slack_stub, CLERK)
    assert f"*{n}* · notice 24h" in clerk, clerk
    assert "missed" in clerk and "overdue by 24 h" in clerk


async def test_status_judges_each_deadline_now_not_when_it_was_saved(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)  # saved with every deadline open
    clock.advance(days=2)
    shown = (await slack.command(CLERK, f"status {n}")).shown
    assert "*notice 24h* — missed" in shown, shown
    assert "*registered mail* — open" in shown


async def test_status_shows_the_sections_as_amended(slack: SlackDriver, bot_app: App) -> None:
    n = open_case(bot_app)
    convene(bot_app, n, also=(Action.AMENDMENT,))  # §5: the board's, by motion at its meeting
    steps(bot_app, n, c.AmendComplaint(("2.94.040",), "also used staff",
                                       motion=Motion(unanimous=True)))
    shown = (await slack.command(COUNCIL, f"status {n}")).shown
    assert "*Sections:* 2.94.030, 2.94.040" in shown, shown
    assert "2.94.040 added by amendment (§5)" in shown


async def determined(app: App, clock: FakeClock,
                     officials: tuple[str, ...] = ("Gary Pruitt",)) -> str:
    """A case through a determination of violation as to each official, and the council's
    meeting on it under way."""
    n = open_case(app, officials)
    with app.uow() as uow:
        parties = get_case(uow, n).parties()
    convene(app, n)
    steps(app, n, c.BeginHearing(), *(c.RecordRespondentHeard(respondent=p) for p in parties),
          c.ConcludeHearing())
    board_finds(app, n)
    steps(app, n, c.IssueReport(sufficient=True, report_file="F0REPORT1"), c.DeliverReport(),
          c.Refer("myu@examiners.example"),
          *(c.RecordDetermination(violation=True, respondent=p) for p in parties))
    # the council meets on it (§12, §14), three of its five present (a quorum)
    convene(app, n, Body.COUNCIL,
            present=("abrandt@city.test", "bokafor@city.test", "thale@city.test"))
    return n


async def test_each_member_votes_for_themself_and_the_clerk_records_the_roll_call(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    n = await determined(bot_app, clock)
    await refused(slack, COUNCIL, f"vote {n} @Okafor yes", "only their own vote")
    await refused(slack, CLERK, f"vote {n} @Nobody yes", "not one person in the city's")
    await done(slack, COUNCIL, f"vote {n} yes")
    await done(slack, CLERK, f"vote {n} <@UOKAFOR|ben> no")  # the roll call, by mention
    await refused(slack, CLERK, f"vote {n} thale@city.test maybe", "yes, no, abstain")
    await refused(slack, CHAIR, f"vote {n} yes", "Only the city council")
    # the tie-break waits for every member present: Hale has not voted
    await refused(slack, MAYOR, f"mayor-vote {n} yes", "thale@city.test is present")
    await done(slack, HALE, f"vote {n} abstain")
    # 1-1: the mayor breaks the tie, and no council member may enter the mayor's vote
    await refused(slack, HALE, f"mayor-vote {n} yes", "Only the mayor or the mayor's "
                  "designees may record the mayor's tie-breaking vote")
    await refused(slack, COUNCIL, f"decide {n} mayor-yes", "mayor-vote")
    await done(slack, MAYOR, f"mayor-vote {n} yes")
    decided = await done(slack, CLERK, f"decide {n} 2.94.030: written reprimand action: unanimous")
    assert "tie broken by the mayor voting yes" in decided


async def test_a_council_members_yes_names_the_violations_they_agree_occurred(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§12 "as to the violations", from Slack: a yes may name the sections agreed; a no
    naming one, or a section not found, is refused; the vote keeps the sections named."""
    n = await determined(bot_app, clock)
    await refused(slack, OKAFOR, f"vote {n} no 2.94.030", "Only a yes agrees")
    await refused(slack, OKAFOR, f"vote {n} yes 2.94.090", "is not a violation found")
    await done(slack, OKAFOR, f"vote {n} yes 2.94.030")
    with bot_app.uow() as uow:
        [vote] = [e for e in get_case(uow, n).history
                  if e.kind is EventKind.COUNCIL_VOTE_RECORDED]
    assert vote.data["sections"] == ["2.94.030"]


async def test_the_council_does_not_take_down_the_officials_request_for_its_own_time(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """Issue 38, C, end to end: a council member may not record Pruitt's §12 request for
    more time (the body it benefits does not say the official asked); the clerk records
    it from his letter, and Bates's, taken down the same way, is hers."""
    n = await determined(bot_app, clock, ("Gary Pruitt", "Lorna Bates"))
    await refused(slack, COUNCIL, f"council-extension-request {n} @Pruitt 5 email letter of "
                  "today, filed", "Only the mayor or the mayor's designees may record",
                  "The directory lists you as the city council")
    await done(slack, CLERK, f"council-extension-request {n} @Pruitt 5 email letter of "
               "today, filed")
    await done(slack, CLERK, f"council-extension-request {n} @Bates 3 paper her letter, "
               "scanned F12")
    with bot_app.uow() as uow:
        asked = get_case(uow, n).pending_council_extension_requests
    assert [(r.official, r.days) for r in asked] == [("gpruitt@city.test", 5),
                                                     ("lbates@city.test", 3)]


async def test_the_council_votes_and_decides_as_to_each_official_in_turn(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§12, §14 from Slack: violations found against Pruitt and Bates; each vote, the
    mayor's tie-break and each decision name the official; the case waits for both."""
    n = await determined(bot_app, clock, ("Gary Pruitt", "Lorna Bates"))
    await refused(slack, COUNCIL, f"vote {n} yes", "Say which official the council acts on")
    for who in (COUNCIL, OKAFOR, HALE):
        await done(slack, who, f"vote {n} yes @Pruitt")
    await done(slack, COUNCIL, f"vote {n} yes @Bates")
    await done(slack, OKAFOR, f"vote {n} no @Bates")
    await done(slack, HALE, f"vote {n} abstain @Bates")
    await refused(slack, MAYOR, f"mayor-vote {n} yes @Pruitt", "stand 3 yes, 0 no")
    await done(slack, MAYOR, f"mayor-vote {n} no @Bates")
    await refused(slack, CLERK, f"decide {n} @Pruitt 2.94.030: censure; @Bates 2.94.030: fine",
                  "one official at a time")
    decided = await done(slack, CLERK, f"decide {n} @Pruitt 2.94.030: censure action: unanimous")
    assert "3 yes" in decided
    assert "stage determined" in (await slack.command(CLERK, f"status {n}")).shown
    await refused(slack, CLERK, f"close {n} done", "the council must decide")
    decided = await done(slack, CLERK, f"decide {n} @Bates")
    assert "tie broken by the mayor voting no" in decided
    await done(slack, CLERK, f"close {n} decided as to each official")


async def test_a_case_opened_by_mistake_is_voided_by_the_mayors_office(
        slack: SlackDriver, bot_app: App) -> None:
    n = open_case(bot_app)
    await refused(slack, CHAIR, f"void {n} spam", "Only the mayor or the mayor's designees")
    await refused(slack, CLERK, f"void {n}", "Say why")
    await done(slack, CLERK, f"void {n} duplicate of ETH-2026-0001")
    shown = (await slack.command(CLERK, f"status {n}")).shown
    assert "stage void" in shown and "duplicate of ETH-2026-0001" in shown
    assert n not in (await slack.command(CLERK, "status")).shown  # off the open docket
    await refused(slack, CHAIR, f"schedule {n} 2026-12-10 18:00 special City Hall",
                  "stage 'void'")


async def test_after_closure_only_released_records_are_shown_and_each_showing_logged(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)
    found_insufficient_and_closed(bot_app, n)
    # §6: confidentiality continues after completion; a stranger learns nothing yet
    hidden = await slack.command(STRANGER, f"status {n}")
    assert hidden.json["text"] == NOT_LISTED and FACTS not in hidden.shown
    assert FACTS in (await slack.command("UOSEI", f"status {n}")).shown  # the board: all

    await refused(slack, CLERK, f"disclosure-request {n} A. Reporter", "Only the city attorney")
    await done(slack, ATTORNEY, f"disclosure-request {n} A. Reporter, Riverton Ledger")
    shown = (await slack.command(ATTORNEY, f"status {n}")).shown
    assert "disclosure response" in shown and "A. Reporter, Riverton Ledger" in shown
    assert "• #1 A. Reporter, Riverton Ledger, received" in shown
    assert "— *open*, first answer due" in shown  # its own clock (RCW 42.56.520)
    # an acknowledgement with an estimate answers in time; the request stays open
    estimate = clock().date() + timedelta(days=10)
    await done(slack, ATTORNEY, f"disclosure-answer {n} acknowledge {estimate.isoformat()} "
                                "the report is under review")
    shown = (await slack.command(ATTORNEY, f"status {n}")).shown
    assert "answered in part" in shown
    assert "open for the rest (the report is under review); estimate" in shown
    assert "— *met*, first answer due" in shown
    # the clerk prepares the instalment; the city attorney, a second person, releases it
    await done(slack, CLERK, f"instalment {n} #1 report final")
    assert "awaits a second person's approval" in (
        await slack.command(ATTORNEY, f"status {n}")).shown
    await refused(slack, ATTORNEY, f"release {n} #2", "no disclosure request 2")
    await done(slack, ATTORNEY, f"release {n} #1")
    public = (await slack.command(STRANGER, f"status {n}")).shown
    assert "F0REPORT1" in public and "insufficient" in public  # the written report
    assert FACTS not in public  # the complaint was not released
    with bot_app.session_factory() as s:
        actions = [r.action for r in s.scalars(select(AccessLogRow).where(
            AccessLogRow.who == f"slack:{STRANGER}").order_by(AccessLogRow.id))]
    assert actions[-1] == "public records shown: written_report"
    # a second request, naming the records asked for and in the requester's words
    await done(slack, ATTORNEY, f"disclosure-request {n} complaint,report B. Writer; "
                                "every record of the case")
    with bot_app.uow() as uow:
        second = get_case(uow, n).disclosure_requests[1]
    assert (second.requester, second.what) == ("B. Writer", "every record of the case")
    assert [r.value for r in second.records] == ["complaint", "written_report"]
    shown = (await slack.command(ATTORNEY, f"status {n}")).shown
    assert "• #2 B. Writer, received" in shown and ": every record of the case —" in shown


async def test_a_city_reading_release_at_closure_shows_them_at_closure(
        bot_app: App, slack_stub: SlackStub) -> None:
    app = dataclasses.replace(bot_app, directory=dataclasses.replace(
        bot_app.directory, readings=Readings(release=Release.AT_CLOSURE)))
    server, slack = await start_driver(app, slack_stub, process_before_response=True)
    try:
        n = open_case(app)
        assert FACTS not in (await slack.command(STRANGER, f"status {n}")).shown
        found_insufficient_and_closed(app, n)
        public = (await slack.command(STRANGER, f"status {n}")).shown
        assert FACTS in public and "F0REPORT1" in public
    finally:
        await slack.session.close()
        await server.close()
