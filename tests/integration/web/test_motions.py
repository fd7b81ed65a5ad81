"""A body acts on the web only by a motion at its noticed meeting under way, with the roll
call recorded (RCW 42.30; `cases.motions`), on SQLite and PostgreSQL: the clerk calls the
meeting, records the roll call and the motion through the step forms, each refused with
the procedure's sentence until the rule holds, then accepted, and a motion that fails is
kept in the history and changes nothing."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from sqlalchemy import select

from cases.commands import ApplyForContinuance
from cases.history import EventKind
from cases.motions import Motion
from storage.models import CaseRow, EventRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene, step
from tests.fixtures.web import Answer, Site, csrf_of
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK, logged

PARK, OSEI, BROOKS = "hpark@city.test", "vosei@city.test", "dbrooks@city.test"
BRANDT, OKAFOR, ORTIZ, HALE = ("abrandt@city.test", "bokafor@city.test", "mortiz@city.test",
                               "thale@city.test")
REASON = "respondent hospitalised"
# RCW 42.30.080(4): the meeting is called at once, so the test need not wait a day
EMERGENCY = {"emergency": "a fire in City Hall: the meeting moves and is called at once",
             "emergency_ground": "damage to property", "kind": "special"}


async def send(site: Site, number: str, slug: str, fields: dict[str, str]) -> Answer:
    form = await site.get(f"/cases/{number}/steps/{slug}")
    assert form.status == 200, form.text
    return await site.post(f"/cases/{number}/steps/{slug}",
                           {"csrf": csrf_of(form.text), **fields})


async def refused(site: Site, number: str, slug: str, fields: dict[str, str], *,
                  status: int = 409) -> str:
    """What the step's form says refusing `fields`, refused with `status`."""
    answer = await send(site, number, slug, fields)
    assert answer.status == status, answer.text
    return said(answer)


def said(answer: Answer) -> str:
    """The refusal the form page shows, or the notice the case page shows once recorded."""
    found = re.search(r'(?:id="error"|role="status")>(.*?)</p>', answer.text, re.S)
    assert found, answer.text
    return html.unescape(found.group(1))


def events(site: Site, kind: EventKind) -> list[EventRow]:
    with site.app.session_factory() as s:
        return list(s.scalars(select(EventRow).where(EventRow.kind == kind.value)
                              .order_by(EventRow.id)))


def tolled(site: Site, number: str) -> bool:
    with site.app.session_factory() as s:
        return bool(s.scalar(select(CaseRow.tolled).where(CaseRow.number == number)))


async def test_the_board_applies_by_motion_once_its_roll_call_is_recorded(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)  # against Gary Pruitt
    await site.sign_in(CHAIR)  # the board calls its meeting, noticed and posted at once
    scripted = await refused(site, number, "schedule", {
        "starts_at": "2026-11-30T09:01", "place": "City Hall, Room 2",
        "remote_link": "javascript:alert(document.domain)", "further": "no", **EMERGENCY})
    assert "must be an https:// web address" in scripted
    called = await send(site, number, "schedule", {
        "starts_at": "2026-11-30T09:01", "place": "City Hall, Room 2", "further": "no",
        **EMERGENCY})
    assert called.status == 200 and "Recorded: hearing scheduled." in called.text

    await site.sign_in(CLERK)  # the clerk records the meeting's acts on the board's behalf
    bare = await refused(site, number, "continuance-apply", {"reason": REASON})
    assert bare.startswith("To apply for a continuance is an act of the Ethics Board, "
                           "taken by motion at its meeting (RCW 42.30)")
    early = await refused(site, number, "continuance-apply",
                          {"reason": REASON, "motion": "unanimous"})
    assert "The Ethics Board acts only at a meeting" in early
    clock.advance(minutes=1)  # the meeting has begun
    no_roll = await refused(site, number, "continuance-apply",
                            {"reason": REASON, "motion": "unanimous"})
    assert no_roll.startswith("Record the roll call of meeting 1 first: the Ethics "
                              "Board acts only with a quorum present")
    garbled = await refused(site, number, "continuance-apply",
                            {"reason": REASON, "motion": "carried"}, status=400)
    assert "'carried' in the motion" in garbled
    assert events(site, EventKind.CONTINUANCE_APPLIED) == []

    # the members present by name, as the clerk hears them (or by email); a name that is
    # no member of the board is refused by name
    stranger = await refused(site, number, "roll-call", {"present": "Helen Park, Nobody Known"})
    assert "Nobody Known is not a member of" in stranger
    roll = await send(site, number, "roll-call", {"present": "Helen Park, Osei"})
    assert roll.status == 200 and "Recorded: roll call recorded." in said(roll)
    [call] = events(site, EventKind.ROLL_CALL_RECORDED)
    assert call.data["present"] == [PARK, OSEI] and call.data["meeting"] == 1
    absent = await refused(site, number, "continuance-apply",
                           {"reason": REASON, "motion": f"yes {PARK} {BROOKS}"})
    assert f"{BROOKS} was not present at the meeting" in absent
    silent = await refused(site, number, "continuance-apply",
                           {"reason": REASON, "motion": f"yes {PARK}"})
    assert f"{OSEI} has none" in silent
    assert events(site, EventKind.CONTINUANCE_APPLIED) == []

    # one of three yes: a majority of the board's members is two; the motion fails
    failed = await send(site, number, "continuance-apply",
                        {"reason": REASON, "motion": f"yes {PARK} no {OSEI}"})
    assert failed.status == 200 and "the motion fails" in said(failed)
    assert "It changed nothing." in said(failed) and not tolled(site, number)
    carried = await send(site, number, "continuance-apply",
                         {"reason": REASON, "motion": f"yes {PARK} @osei"})
    assert carried.status == 200 and "the motion carries" in said(carried)
    assert "It changed nothing." not in said(carried) and tolled(site, number)
    lost, won = events(site, EventKind.CONTINUANCE_APPLIED)
    assert lost.data["motion"]["carried"] is False
    assert won.data["motion"]["votes"] == {PARK: "yes", OSEI: "yes"}
    assert won.data["motion"]["meeting"] == 1 and won.actor == CLERK
    log = logged(site, CLERK)
    assert (number, "step continuance apply", True) in log
    assert log.count((number, "step continuance apply failed", True)) == 6


async def test_the_council_decides_by_motion_at_its_own_meeting(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    convene(site.app, number)  # the board's meeting, its roll call, its application
    step(site.app, number, ApplyForContinuance(REASON, motion=Motion(unanimous=True)))
    await site.sign_in(CLERK)
    # the board's meeting under way is not the council's
    at_the_board = await refused(site, number, "continuance-decide",
                                 {"granted_days": "5", "motion": "unanimous"})
    assert "The City Council acts only at a meeting" in at_the_board
    start = (clock.now + timedelta(minutes=1)).astimezone(site.app.calendar.tz)
    called = await send(site, number, "deliberation", {
        "starts_at": f"{start:%Y-%m-%dT%H:%M}", "place": "Council Chambers", "further": "no",
        **EMERGENCY})
    assert called.status == 200 and "Recorded: deliberation scheduled." in said(called)
    clock.advance(minutes=1)
    no_roll = await refused(site, number, "continuance-decide",
                            {"granted_days": "5", "motion": "unanimous"})
    assert no_roll.startswith("Record the roll call of meeting 2 first")
    board_members = await refused(site, number, "roll-call", {"present": f"{PARK} {OSEI}"})
    assert "is not a member of the City Council" in board_members
    # Priya Raman absent: four of five is a quorum (RCW 35A.12.120)
    roll = await send(site, number, "roll-call",
                      {"present": f"{BRANDT}, {OKAFOR}, {ORTIZ}, {HALE}"})
    assert roll.status == 200, said(roll)
    bare = await refused(site, number, "continuance-decide", {"granted_days": "5"})
    assert "taken by motion at its meeting" in bare
    assert events(site, EventKind.CONTINUANCE_DECIDED) == []

    done = await send(site, number, "continuance-decide", {
        "granted_days": "5", "motion": f"yes @brandt {OKAFOR} {ORTIZ} no {HALE}"})
    assert done.status == 200 and "Recorded: continuance decided." in said(done)
    [decided] = events(site, EventKind.CONTINUANCE_DECIDED)
    motion = decided.data["motion"]
    assert motion["body"] == "council" and motion["meeting"] == 2 and motion["carried"]
    assert motion["votes"] == {BRANDT: "yes", OKAFOR: "yes", ORTIZ: "yes", HALE: "no"}
    case = await site.get(f"/cases/{number}")
    assert "By motion at meeting 2: " in html.unescape(case.text)
