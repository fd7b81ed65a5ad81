"""Meetings through Slack over signed HTTP: calling the hearing, the respondent's
open-session request, the executive session with its announcement, the board's vote in
open session only; who has answered, under `/ethics status` and on the chair's App Home."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from cases.commands import (
    BeginHearing,
    ConcludeHearing,
    DeliverReport,
    IssueReport,
    RecordMeetingReply,
    RecordRespondentHeard,
    Refer,
    ScheduleBoardMeeting,
)
from cases.meetings import Answer
from cases.services import get_case
from ethicsbot.bootstrap import App
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import board_finds, convene, step
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    BOARD_MEMBER,
    CHAIR,
    CLERK,
    COUNCIL,
    RESPONDENT_COUNCIL,
    SlackDriver,
    open_case,
)
from tests.integration.bot.test_steps import done, last_event, refused
from tests.integration.bot.test_surfaces import home_of

LA = ZoneInfo("America/Los_Angeles")


async def status_text(slack: SlackDriver, user: str, number: str) -> str:
    reply = await slack.command(user, f"status {number}")
    return "\n".join(str(b.get("text", {}).get("text", "")) for b in reply.json["blocks"])


async def test_the_chair_calls_the_hearing_and_sees_who_is_coming(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)
    # now is Mon Nov 30, 9 AM in the city: 23 hours is too short for a special meeting
    await refused(slack, CHAIR, f"schedule {n} 2026-12-01 08:00 special City Hall",
                  "RCW 42.30.080", "emergency")
    await refused(slack, CHAIR, f"schedule {n} 2027-03-14 02:30 special City Hall",
                  "2027-03-14 02:30 does not exist in the city", "daylight saving")
    await refused(slack, CHAIR, f"schedule {n} 2026-12-01 08:00 special City Hall emergency:",
                  "only on the statute's ground", "persons|property|likely")
    await refused(slack, CHAIR, f"schedule {n} 2026-12-01 08:00 special City Hall emergency: "
                  "the chair is on holiday next week", "only on the statute's ground")
    await refused(slack, CHAIR, f"schedule {n} 2026-12-01 08:00 special City Hall emergency: "
                  "property", "Give the emergency's reason")
    await done(slack, CHAIR, f"schedule {n} 2026-12-10 18:00 20:00 special City Hall, Room 2 "
                             "<https://meet.city.test/ethics>")
    text = await status_text(slack, CHAIR, n)
    assert "*Meeting 1*: special meeting of the Ethics Board, Thu Dec 10, 2026 6:00 PM PST" in text
    assert "open meeting; the evaluation in executive session (§13, RCW 42.30.110(1)(f))" in text
    assert f"Executive session to receive and evaluate a complaint against a public officer, " \
           f"RCW 42.30.110(1)(f) (case {n})" in text
    await done(slack, CLERK, f"open-session {n} board paper letter on file")
    step(bot_app, n, RecordMeetingReply(1, "hpark@city.test", Answer.ACCEPTED, 1),
         actor="ethicsbot")
    text = await status_text(slack, CHAIR, n)
    assert "open to the public, at the request of the person complained against (§13)" in text
    assert "Answers: accepted Helen Park; no answer Dana Brooks, Victor Osei · quorum 2 of 3: " \
           "1 accepted, *in doubt*" in text
    home = await home_of(slack, slack_stub, CHAIR)
    assert "Your meetings" in home and f"*{n}* · meeting 1 of the Ethics Board" in home
    assert "Your meetings" not in await home_of(slack, slack_stub, COUNCIL)
    council_view = await status_text(slack, COUNCIL, n)
    assert "Meeting 1" not in council_view  # the board's hearing is not the council's


async def test_the_executive_session_is_announced_and_final_action_waits_for_its_end(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    n = open_case(bot_app)
    await done(slack, CHAIR, f"schedule {n} 2026-12-10 18:00 special City Hall")
    clock.set(datetime(2026, 12, 10, 18, 5, tzinfo=LA))
    await done(slack, CHAIR, f"begin {n}")
    await refused(slack, CHAIR, f"board-vote {n} yes", "Record the roll call")
    await done(slack, CHAIR, f"roll-call {n} @park @osei @brooks")
    started = await done(slack, CHAIR, f"session start {n} 19:00")
    assert "The executive session will end at 7:00 PM PST" in started
    assert "as RCW 42.30.110(1)(f) allows" in started
    await refused(slack, CHAIR, f"board-vote {n} yes", "a body acts in open session",
                  "(announced to end Thu Dec 10, 2026 7:00 PM PST)")
    clock.set(datetime(2026, 12, 10, 18, 55, tzinfo=LA))
    await done(slack, CHAIR, f"session extend {n} 19:15")
    clock.set(datetime(2026, 12, 10, 19, 10, tzinfo=LA))
    await done(slack, CHAIR, f"session end {n}")
    await done(slack, CHAIR, f"board-vote {n} yes")
    await refused(slack, BOARD_MEMBER, f"board-vote {n} @Brooks no", "only their own vote")
    await done(slack, BOARD_MEMBER, f"board-vote {n} yes")
    await done(slack, CHAIR, f"board-vote {n} @Brooks no")  # the chair's roll call
    # §9: not before the respondent had the opportunity to present; then it is counted
    await refused(slack, CHAIR, f"board-determination {n}", "opportunity to present (§9)")
    await done(slack, CHAIR, f"heard {n} presented")
    counted = await done(slack, CHAIR, f"board-determination {n}")
    assert "found sufficient by majority of the board, 2 of 3 members" in counted
    await refused(slack, CLERK, f"board-vote {n} no", "Only")  # the board's own act


async def test_one_official_asks_the_hearing_open_and_the_session_is_about_the_other(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§13 from Slack, each official's own: Pruitt asks the board's hearing open; a session
    about Pruitt is refused, the same about Bates accepted, and the status says the
    meeting is open as to one of the two officials' matters."""
    n = open_case(bot_app, ("Gary Pruitt", "Lorna Bates"))
    await done(slack, CHAIR, f"schedule {n} 2026-12-10 18:00 special City Hall")
    await done(slack, CLERK, f"open-session {n} @Pruitt board paper letter on file")
    assert "open to the public as to 1 of the 2 officials' matters" in await status_text(
        slack, CHAIR, n)
    clock.set(datetime(2026, 12, 10, 18, 5, tzinfo=LA))
    await refused(slack, CHAIR, f"session start {n} 19:00 @Pruitt",
                  "asked that their matter be heard in open session")
    started = await done(slack, CHAIR, f"session start {n} 19:00 @Bates")
    assert "The executive session will end at 7:00 PM PST" in started


async def test_the_request_to_open_the_examiners_proceeding_is_recorded_and_shown(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§13 opens the hearings examiner's proceeding on the respondent's request: recorded
    like the board's (here from Slack), once the matter is referred to an examiner, and
    shown in the case; the examiner is no governing body, so no meeting is made of it."""
    n = open_case(bot_app)
    await refused(slack, CLERK, f"open-session {n} examiner mail",
                  "has not been referred to a hearings examiner")
    convene(bot_app, n)
    for cmd in (BeginHearing(), RecordRespondentHeard(), ConcludeHearing()):
        step(bot_app, n, cmd)
    board_finds(bot_app, n)
    for cmd in (IssueReport(sufficient=True), DeliverReport(), Refer("myu@examiners.example")):
        step(bot_app, n, cmd)
    await done(slack, CLERK, f"open-session {n} examiner mail letter on file")
    text = await status_text(slack, CHAIR, n)
    assert "*Open sessions requested* (§13, §14)" in text
    assert ("The hearings examiner's proceeding (myu@examiners.example): open to the public "
            "(§13), asked by gpruitt@city.test by mail on 2026-11-30") in text
    await refused(slack, CLERK, f"open-session {n} examiner paper letter on file",
                  "already asked")
    assert "examiner's proceeding" not in await status_text(slack, COUNCIL, n)


async def test_a_meetings_place_is_shown_as_written_never_obeyed(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """The meeting lines use Slack's one escape (`bot.escape.esc`): a bidirectional
    override is shown as a mark and a mention or link is shown, not made."""
    n = open_case(bot_app)
    place = "Room \u202e2A <!channel> & <https://evil.example|City Hall>"
    step(bot_app, n, ScheduleBoardMeeting(datetime(2026, 12, 10, 18, 0, tzinfo=LA), place),
         actor=CHAIR)
    text = await status_text(slack, CHAIR, n)
    assert ("Room [U+202E]2A &lt;!channel&gt; &amp; &lt;https://evil.example|City Hall&gt;"
            in text)
    assert "\u202e" not in text and "<!channel>" not in text


def heard_pruitt_and_bates(bot_app: App) -> str:
    """A case against Pruitt and Bates, both heard at the board's hearing, concluded."""
    n = open_case(bot_app, ("Gary Pruitt", "Lorna Bates"))
    convene(bot_app, n)
    step(bot_app, n, BeginHearing())
    for official in ("gpruitt@city.test", "lbates@city.test"):
        step(bot_app, n, RecordRespondentHeard(respondent=official))
    step(bot_app, n, ConcludeHearing())
    return n


async def test_the_board_votes_and_determines_as_to_each_official_and_the_report_states_both(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§7, §8, §11 from Slack: a complaint against Pruitt and Bates; the board's votes and
    determination name the official; the report sets forth each finding; only the official
    found sufficient against may ask for the board."""
    n = heard_pruitt_and_bates(bot_app)
    await refused(slack, CHAIR, f"board-vote {n} yes", "Say which official the vote is about")
    for member in ("", "@Brooks ", "@Osei "):
        await done(slack, CHAIR, f"board-vote {n} {member}yes @Pruitt")
        await done(slack, CHAIR, f"board-vote {n} {member}no @Bates")
    await refused(slack, CHAIR, f"board-determination {n}", "Say which official")
    counted = await done(slack, CHAIR, f"board-determination {n} @Pruitt")
    assert "3 yes, 0 no: the complaint is found sufficient" in counted
    await refused(slack, CHAIR, f"report {n} F0123ABCD findings", "has not determined",
                  "as to lbates@city.test")
    counted = await done(slack, CHAIR, f"board-determination {n} @Bates")
    assert "0 yes, 3 no: the complaint is found insufficient" in counted
    await refused(slack, CHAIR, f"report {n} sufficient F0123ABCD findings",
                  "leave out sufficient or insufficient")
    await done(slack, CHAIR, f"report {n} F0123ABCD findings as to each official")
    text = await status_text(slack, CHAIR, n)
    assert ("the board found the complaint *sufficient as to gpruitt@city.test; insufficient "
            "as to lbates@city.test*") in text
    step(bot_app, n, DeliverReport())
    await refused(slack, CLERK, f"board-hearing {n} @Bates", "insufficient as to lbates")
    await done(slack, CLERK, f"board-hearing {n} @Pruitt email letter on file")
    # §13: the official asking for an open session is named, as each has their own
    await refused(slack, CLERK, f"open-session {n} board paper", "Say which official asked")
    await done(slack, CLERK, f"open-session {n} @Pruitt board paper letter on file")


async def test_a_request_taken_down_for_an_official_says_what_shows_it_one_made_signed_in_not(
        slack: SlackDriver, bot_app: App) -> None:
    """Issue 38, 4 (who says so), two officials who ask two ways: the clerk takes down
    Pruitt's §11 request from his email, and must say how it came and what shows it;
    Councilmember Raman asks on Slack herself, and needs neither."""
    n = open_case(bot_app, ("Priya Raman", "Gary Pruitt"))
    convene(bot_app, n)
    step(bot_app, n, BeginHearing())
    for official in ("praman@city.test", "gpruitt@city.test"):
        step(bot_app, n, RecordRespondentHeard(respondent=official))
    step(bot_app, n, ConcludeHearing())
    board_finds(bot_app, n)
    for cmd in (IssueReport(sufficient=True), DeliverReport()):
        step(bot_app, n, cmd)
    await refused(slack, CLERK, f"board-hearing {n} @Pruitt",
                  "Say how the request came to the city from gpruitt@city.test")
    await refused(slack, CLERK, f"board-hearing {n} @Pruitt email",
                  "Say what shows that gpruitt@city.test made this request (§11)")
    await done(slack, CLERK, f"board-hearing {n} @Pruitt email of 2026-12-09 from "
                             "gpruitt@city.test, filed with the case")
    taken_down = last_event(bot_app).data
    assert (taken_down["respondent"], taken_down["via"], taken_down["evidence"]) == (
        "gpruitt@city.test", "email", "of 2026-12-09 from gpruitt@city.test, filed with the case")
    await refused(slack, RESPONDENT_COUNCIL, f"board-hearing {n} @Pruitt",
                  "only for yourself, not for")
    await done(slack, RESPONDENT_COUNCIL, f"board-hearing {n}")
    own = last_event(bot_app)
    assert (own.actor, own.data["respondent"], own.data["via"]) == (
        "praman@city.test", "praman@city.test", "slack")
    assert "evidence" not in own.data


async def test_each_officials_matter_is_referred_where_they_chose_from_slack(
        slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    """§11 from Slack, each official's own forum: both found sufficient, Pruitt asks for
    the board; Bates's matter may not go to the board, `refer` sends Pruitt's there and
    then Bates's to the examiner in rotation."""
    n = heard_pruitt_and_bates(bot_app)
    board_finds(bot_app, n)
    for cmd in (IssueReport(sufficient=True), DeliverReport()):
        step(bot_app, n, cmd)
    await done(slack, CLERK, f"board-hearing {n} @Pruitt email letter on file")
    await refused(slack, CHAIR, f"refer {n} @Bates board", "goes to the next hearings examiner")
    await done(slack, CHAIR, f"refer {n}")  # Pruitt's, to the board
    await refused(slack, CHAIR, f"refer {n} @Pruitt", "is not waiting for a referral")
    await done(slack, CHAIR, f"refer {n}")  # Bates's, to the examiner in rotation
    with bot_app.uow() as uow:
        referrals = get_case(uow, n).referrals
    assert referrals["gpruitt@city.test"].to == "board"
    assert referrals["lbates@city.test"].to.endswith("@examiners.example")


async def test_a_member_who_recuses_from_slack_no_longer_sees_the_case(
        slack: SlackDriver, bot_app: App) -> None:
    """A member steps aside with the reason kept; from then on the case is walled off from
    them on Slack (the same refusal as any case they may not see) and off their docket."""
    n = open_case(bot_app)
    await refused(slack, "UOSEI", f"recuse {n}", "Give the reason for the recusal")
    assert n in (await slack.command("UOSEI", f"status {n}")).shown
    await done(slack, "UOSEI", f"recuse {n} the complainant is my sister")
    walled = await slack.command("UOSEI", f"status {n}")
    assert "You are not entitled to see that" in walled.json["text"]
    assert n not in (await slack.command("UOSEI", "status")).shown
    assert n in (await slack.command(CHAIR, "status")).shown


async def test_a_majority_of_the_board_calls_a_special_meeting_from_slack(
        slack: SlackDriver, bot_app: App) -> None:
    """RCW 42.30.080(1): a board member alone may not call the board's meeting; with a
    majority of the members calling it, they may."""
    n = open_case(bot_app)
    call = f"schedule {n} 2026-12-10 18:00 special City Hall, Room 2"
    await refused(slack, "UOSEI", call, "The presiding officer (the board chair) calls")
    await refused(slack, "UOSEI", f"{call} called-by: @Osei", "1 of the 3 members")
    await done(slack, "UOSEI", f"{call} called-by: @Osei @Brooks")
    text = await status_text(slack, CHAIR, n)
    assert "*Meeting 1*: special meeting of the Ethics Board" in text
    assert "City Hall, Room 2" in text
