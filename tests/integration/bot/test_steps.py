"""Each procedural step, typed or pressed, changes the case through `take_step` — and is
refused, with a message a clerk can act on, to a role the ordinance does not give it to."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import select

from bot.ids import step_action
from cases import commands as c
from cases.case import Stage
from ethicsbot.bootstrap import App
from storage.models import EventRow, RotationRow
from tests.fixtures.app import FakeClock
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    ATTORNEY,
    BOARD_MEMBER,
    CHAIR,
    CLERK,
    COUNCIL,
    RESPONDENT_COUNCIL,
    SlackDriver,
    open_case,
)

LA = ZoneInfo("America/Los_Angeles")


def stage(app: App, number: str) -> Stage:
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        return case.stage


def last_event(app: App) -> EventRow:
    with app.session_factory() as s:
        return s.scalars(select(EventRow).order_by(EventRow.id.desc()).limit(1)).one()


async def refused(slack: SlackDriver, user: str, text: str, *expected: str) -> None:
    reply = await slack.command(user, text)
    assert reply.status == 200 and reply.json["response_type"] == "ephemeral"
    for words in expected:
        assert words in reply.json["text"], reply.json["text"]
    assert "recorded" not in reply.json["text"]


async def done(slack: SlackDriver, user: str, text: str) -> str:
    reply = await slack.command(user, text)
    assert reply.status == 200 and "recorded" in reply.json["text"], reply.text
    return str(reply.json["text"])


async def test_every_step_from_receipt_to_closure_each_refused_to_the_wrong_role(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)

    await refused(slack, CHAIR, f"notice {n} respondent", "Only the mayor or the mayor's "
                  "designees may record a §2 notice", "the board chair")
    # the official was told by phone as the complaint came in; typed in later, with when
    await refused(slack, CLERK, f"notice {n} respondent @pruitt phone 2026-11-30 08:30",
                  "before the complaint was received")
    await done(slack, CLERK, f"notice {n} respondent @pruitt phone 2026-11-30 09:00 his cell")
    assert last_event(bot_app).data == {
        "notice": "respondent_informed", "respondent": "gpruitt@city.test", "how": "phone",
        "given_at": "2026-11-30T09:00:00-08:00", "to": "his cell"}
    for who in ("council", "board"):
        await done(slack, CLERK, f"notice {n} {who}")
    await refused(slack, COUNCIL, f"registered-mail {n} RE123456789US", "Only the mayor")
    await done(slack, CLERK, f"registered-mail {n} RE123456789US")
    await refused(slack, COUNCIL, f"return-receipt {n} 2026-11-30", "Only the mayor")
    await done(slack, CLERK, f"return-receipt {n} 2026-11-30")  # the green card, signed
    assert last_event(bot_app).data == {"on": "2026-11-30", "respondent": "gpruitt@city.test"}
    await refused(slack, CLERK, f"board-received {n}", "Only the board chair or the ethics board")
    await done(slack, BOARD_MEMBER, f"board-received {n}")

    await refused(slack, CHAIR, f"begin {n}", "Cannot begin the hearing for",
                  "is at stage 'received'")  # the procedure's own refusal, word for word
    await refused(slack, COUNCIL, f"schedule {n} 2026-12-10 18:00 special Council Chambers",
                  "Only the board chair or the ethics board or the mayor or the mayor's "
                  "designees may schedule a meeting of the board on the case",
                  "the city council")
    await done(slack, CHAIR, f"schedule {n} 2026-12-10 18:00 special Council Chambers")
    assert stage(bot_app, n) is Stage.HEARING_SCHEDULED
    assert last_event(bot_app).data["starts_at"] == "2026-12-10T18:00:00-08:00"

    # the hearing's first session: the board applies to the council for a continuance, by
    # motion at its meeting under way, with its roll call (RCW 42.30)
    clock.set(datetime(2026, 12, 10, 18, 5, tzinfo=LA))
    board = "@park @osei @brooks"
    await refused(slack, CHAIR, f"continuance apply {n} the respondent is in hospital",
                  "taken by motion at its meeting")
    await refused(slack, CHAIR, f"continuance apply {n} the respondent is in hospital "
                  "motion: unanimous", "Record the roll call of meeting 1 first")
    await done(slack, CHAIR, f"roll-call {n} {board}")
    failed = await done(slack, CHAIR, f"continuance apply {n} the respondent is in hospital "
                                      "motion: yes @park no @osei @brooks")
    assert "By motion at meeting 1: 1 yes, 2 no" in failed and "it changed nothing" in failed
    await done(slack, CHAIR, f"continuance apply {n} the respondent is in hospital "
                             "motion: yes @park @osei no @brooks")
    assert last_event(bot_app).data["motion"]["votes"] == {
        "dbrooks@city.test": "no", "hpark@city.test": "yes", "vosei@city.test": "yes"}
    await refused(slack, CHAIR, f"continuance grant {n} 5 motion: unanimous",
                  "Only the city council")
    # the council decides it at its own noticed meeting, the next evening
    await done(slack, CLERK, f"deliberation {n} 2026-12-11 19:00 special Council Chambers")
    clock.set(datetime(2026, 12, 11, 19, 5, tzinfo=LA))
    council = "@raman @brandt @okafor @hale"
    await done(slack, CLERK, f"roll-call {n} {council}")
    await refused(slack, COUNCIL, f"continuance grant {n} 12 motion: unanimous",
                  "may not exceed 10 days")
    await refused(slack, COUNCIL, f"continuance grant {n} 5", "taken by motion")
    await done(slack, COUNCIL, f"continuance grant {n} 5 motion: unanimous")
    status = await slack.command(CHAIR, f"status {n}")
    assert "1 days paused" in status.shown and "5 days continuance granted" in status.shown

    # the hearing resumes at a further noticed session
    await done(slack, CHAIR, f"schedule {n} 2026-12-16 18:00 special Council Chambers")
    clock.set(datetime(2026, 12, 16, 18, 5, tzinfo=LA))
    pressed = await slack.press(CHAIR, step_action(c.BeginHearing.step), n)  # a button under status
    assert pressed.status == 200
    assert "recorded" in slack_stub.to("response/button")[-1]["text"]
    assert stage(bot_app, n) is Stage.HEARING_BEGUN
    await refused(slack, COUNCIL, f"heard {n} presented", "Only the board chair")
    await done(slack, CHAIR, f"heard {n} presented")
    heard = last_event(bot_app).seq + 1  # its number in the history, as status lists it
    assert f"• #{heard} " in (await slack.command(CHAIR, f"status {n}")).shown
    await done(slack, BOARD_MEMBER, f"concluded {n}")
    # the hearing's days are the board's to correct, not the clerk's (issue 38, part 3)
    await refused(slack, CLERK, f"correct-date {n} concluded #{heard} 2026-12-15 typo",
                  "may conclude the hearing, and so correct its date")
    await refused(slack, CHAIR, f"correct-date {n} concluded #{heard} 2026-12-15 typo",
                  f"Entry #{heard} of {n} is a respondent heard, not a hearing concluded")

    await done(slack, CLERK, f"extension request {n} 5 respondent email letter on file")
    await refused(slack, COUNCIL, f"extension approve {n} motion: unanimous",
                  "an act of the Ethics Board", "its members or the clerk record it")
    await done(slack, CHAIR, f"roll-call {n} {board}")
    await done(slack, CHAIR, f"extension approve {n} motion: unanimous")
    await refused(slack, ATTORNEY, f"report {n} sufficient F0123ABCD", "Only the board chair",
                  "the city attorney")
    await refused(slack, CHAIR, f"report {n} sufficient F0123ABCD",
                  "The board has not determined the sufficiency")
    # the board finds it sufficient by its members' votes at the session, in open session
    await done(slack, CHAIR, f"board-vote {n} yes")
    await done(slack, BOARD_MEMBER, f"board-vote {n} yes")
    await done(slack, CHAIR, f"board-vote {n} @brooks no")  # the chair's roll call
    await done(slack, CHAIR, f"board-determination {n}")
    await refused(slack, CHAIR, f"report {n} sufficient my-report.pdf", "Slack file id")
    await done(slack, CHAIR, f"report {n} sufficient <https://city.slack.com/files/UPARK/F0"
                             f"123ABCD/report.pdf> prima facie showing")
    assert last_event(bot_app).data["report_file"] == (
        "https://city.slack.com/files/UPARK/F0123ABCD/report.pdf")
    await done(slack, CHAIR, f"deliver {n}")
    text = await done(slack, CHAIR, f"refer {n}")
    assert "myu@examiners.example" in text  # first on the roster
    with bot_app.session_factory() as s:
        assert s.get(RotationRow, "examiners").last_assigned == "myu@examiners.example"

    await refused(slack, CLERK, f"determination {n} violation 2.94.099", "was not alleged")
    await done(slack, CLERK, f"determination {n} violation 2.94.030")
    await refused(slack, CHAIR, f"vote {n} yes", "Only the city council")
    await refused(slack, COUNCIL, f"vote {n} yes", "A body acts only at its meeting")
    await done(slack, CLERK, f"deliberation {n} 2026-12-18 19:00 special Council Chambers")
    clock.set(datetime(2026, 12, 18, 19, 5, tzinfo=LA))
    await done(slack, CLERK, f"roll-call {n} {council}")
    for member, vote in ((COUNCIL, "yes"), ("UOKAFOR", "yes"), ("UHALE", "yes"),
                         (RESPONDENT_COUNCIL, "no")):
        await done(slack, member, f"vote {n} {vote}")
    # §12's two majority votes: that the violation occurred (the votes above), then the
    # action; a penalty without the second is refused
    await refused(slack, COUNCIL, f"decide {n} 2.94.030: written reprimand",
                  "§12 asks two majority votes")
    decided = await done(slack, COUNCIL, f"decide {n} 2.94.030: written reprimand action: "
                                         "yes @Raman @Brandt @Okafor no @Hale")
    assert "3 yes, 1 no" in decided
    assert stage(bot_app, n) is Stage.COUNCIL_DECIDED
    await refused(slack, COUNCIL, f"close {n}", "Only the board chair")
    await done(slack, CLERK, f"close {n} council decided")
    assert stage(bot_app, n) is Stage.CLOSED


async def test_a_respondent_takes_no_step_on_their_own_case(slack: SlackDriver,
                                                           bot_app: App) -> None:
    n = open_case(bot_app, "Teresa Lindqvist")  # the mayor
    await refused(slack, "UMAYOR", f"notice {n} council", "You are the official complained "
                  "against in this case")
    await refused(slack, COUNCIL, "schedule", "Only the board chair")  # role before usage
    await refused(slack, CHAIR, "schedule", "Give the case number",
                  "/ethics schedule CASE DATE START")
    await refused(slack, CHAIR, "frobnicate ETH-2026-0001", "`frobnicate` is not a step")


async def test_unicode_digits_are_refused_as_numbers_never_a_crash(
        slack: SlackDriver, bot_app: App) -> None:
    """"²".isdigit() is true and int("²") raises: each number Slack reads is ASCII digits,
    few of them, or a clear refusal (issue 24)."""
    n = open_case(bot_app)
    await refused(slack, CLERK, f"extension request {n} ²", "must be a whole number of days")
    await refused(slack, CLERK, f"extension request {n} {'9' * 40}",
                  "must be a whole number of days")
    await refused(slack, CLERK, f"correct-date {n} registered-mail #² 2026-12-01 typo",
                  "is not an entry's number")
    paged = await slack.command(CLERK, "status page ²")
    assert paged.status == 200 and "/ethics status page 2" in paged.json["text"]


async def test_the_clerk_names_in_slack_the_official_intake_could_not_match(
        slack: SlackDriver, bot_app: App) -> None:
    number = open_case(bot_app, "the parks guy")
    await refused(slack, CHAIR, f"name-respondent {number} @pruitt", "mayor")
    await refused(slack, CLERK, f"name-respondent {number} @nobody", "not one person")
    await done(slack, CLERK, f"name-respondent {number} @pruitt")
    event = last_event(bot_app)
    assert event.kind == "respondent_named" and event.data == {"respondent": "gpruitt@city.test"}
    await refused(slack, CLERK, f"name-respondent {number} gpruitt@city.test", "already named")


async def test_the_clerk_names_in_slack_a_person_the_directory_does_not_list(
        slack: SlackDriver, bot_app: App) -> None:
    number = open_case(bot_app, "the parks guy")
    await refused(slack, CLERK, f"name-respondent {number} new Terry Vance",
                  "email or postal address, or both")
    await refused(slack, CLERK, f"name-respondent {number} new Terry Vance; a@x.org; b@y.org",
                  "one email")
    await done(slack, CLERK, f"name-respondent {number} new Terry Vance; 12 Elm St, "
                             "Riverton, WA 99301")
    event = last_event(bot_app)
    assert event.kind == "respondent_named" and event.data == {
        "respondent": "Terry Vance", "name": "Terry Vance", "email": None,
        "address": "12 Elm St, Riverton, WA 99301"}
