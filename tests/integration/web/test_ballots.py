"""A roll call and a motion's votes on the web are one row per member of the body, and
the meeting a choice of the case's meetings (issue 41, item 2; `web.ballots`): nothing
typed, nothing chosen for the clerk. The rows are sent as the words Slack and the command
line take, so the command and every refusal are theirs: a member marked who was not
present is refused by name, a motion with too few votes fails and changes nothing, and
a motion as typed on Slack makes the same entry as the rows."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from cases.access import actor_for
from cases.commands import ApplyForContinuance
from cases.fields import inputs
from cases.history import EventKind
from cases.motions import Motion, read_motion
from tests.fixtures.app import FakeClock
from tests.fixtures.web import Site, csrf_of
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK
from tests.integration.web.test_motions import (
    BROOKS,
    EMERGENCY,
    OSEI,
    PARK,
    REASON,
    events,
    said,
    tolled,
)
from web.ballots import drawn, words_of


async def called(site: Site, clock: FakeClock) -> str:
    """A case whose board meeting (#1) was called and has begun."""
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    start = (clock.now + timedelta(minutes=1)).astimezone(site.app.calendar.tz)
    form = await site.get(f"/cases/{number}/steps/schedule")
    done = await site.post(f"/cases/{number}/steps/schedule", {
        "csrf": csrf_of(form.text), "starts_at": f"{start:%Y-%m-%dT%H:%M}",
        "place": "City Hall, Room 2", "further": "no", **EMERGENCY})
    assert done.status == 200, said(done)
    clock.advance(minutes=1)
    return number


def checked(form: str) -> list[str]:
    """The inputs the form marks for the person: checked radios, selected options but
    a blank one."""
    marks = re.findall(r'<input type="radio" name="([^"]+)" value="([^"]+)" checked', form)
    chosen = re.findall(r'<option value="([^"]+)" selected', form)
    return [f"{n}={v}" for n, v in marks] + chosen


async def test_the_roll_call_is_a_row_per_member_and_the_meeting_a_choice(
        site: Site, clock: FakeClock) -> None:
    number = await called(site, clock)
    await site.sign_in(CLERK)
    form = (await site.get(f"/cases/{number}/steps/roll-call")).text
    text = html.unescape(form)
    for name in ("Helen Park", "Victor Osei", "Dana Brooks"):  # the board's members
        assert f"<legend>{name}</legend>" in text
    assert "Anita Brandt" not in text  # the council holds no meeting on the case
    assert f'name="present-{PARK}" value="present"' in form
    assert 'name="present"' not in form  # no list of addresses to type
    assert re.search(r'<select id="f-meeting" name="meeting">\s*<option value="">the latest '
                     r'meeting of the case that has begun</option>\s*<option value="1">#1 '
                     r'board, special meeting, Mon Nov 30, 2026', text)
    assert checked(form) == []

    absent = await site.post(f"/cases/{number}/steps/roll-call", {
        "csrf": csrf_of(form), "rows": "present", f"present-{PARK}": "absent",
        f"present-{OSEI}": "absent"})
    assert absent.status == 400, absent.text  # no one present: said in the form's words
    assert said(absent).startswith("Mark who is present")
    assert f'name="present-{PARK}" value="absent" checked' in absent.text  # kept as marked
    done = await site.post(f"/cases/{number}/steps/roll-call", {
        "csrf": csrf_of(form), "rows": "present", "meeting": "1",
        f"present-{PARK}": "present", f"present-{OSEI}": "present",
        f"present-{BROOKS}": "absent"})
    assert done.status == 200 and "Recorded: roll call recorded." in said(done)
    [call] = events(site, EventKind.ROLL_CALL_RECORDED)
    assert call.data["present"] == [PARK, OSEI] and call.data["meeting"] == 1


async def test_a_motion_is_a_row_per_member_sent_as_slacks_words(
        site: Site, clock: FakeClock) -> None:
    number = await called(site, clock)
    await site.sign_in(CLERK)
    form = (await site.get(f"/cases/{number}/steps/roll-call")).text
    await site.post(f"/cases/{number}/steps/roll-call", {
        "csrf": csrf_of(form), "rows": "present", f"present-{PARK}": "present",
        f"present-{OSEI}": "present"})
    path = f"/cases/{number}/steps/continuance-apply"
    form = (await site.get(path)).text
    text = html.unescape(form)
    assert "<legend>The motion: each member's vote (optional)</legend>" in text
    assert all(f'name="motion-{PARK}" value="{v}"' in form
               for v in ("yes", "no", "abstain", "absent"))
    assert "mayor" not in form.split('name="motion-')[-1]  # the board's: no tie-break row
    assert 'name="motion"' not in form and "ann@city.test" not in form  # nothing to type
    assert '<option value="">the meeting under way</option>' in text
    assert checked(form) == []

    def rows(**votes: str) -> dict[str, str]:
        return {"csrf": csrf_of(form), "reason": REASON, "rows": "motion",
                **{f"motion-{who}": v for who, v in votes.items()}}

    # Brooks marked yes but absent from the roll call: refused by name, nothing recorded
    stray = await site.post(path, rows(**{PARK: "yes", BROOKS: "yes"}))
    assert stray.status == 409 and f"{BROOKS} was not present at the meeting" in said(stray)
    assert f'name="motion-{BROOKS}" value="yes" checked' in stray.text
    failed = await site.post(path, rows(**{PARK: "yes", OSEI: "no"}))
    assert failed.status == 200 and "the motion fails" in said(failed)
    assert not tolled(site, number)
    carried = await site.post(path, {**rows(**{PARK: "yes", OSEI: "yes", BROOKS: "absent"}),
                                     "motion-meeting": "1"})
    assert carried.status == 200 and "the motion carries" in said(carried)
    assert tolled(site, number)
    lost, won = events(site, EventKind.CONTINUANCE_APPLIED)
    assert lost.data["motion"]["carried"] is False
    assert won.data["motion"]["votes"] == {PARK: "yes", OSEI: "yes"}
    assert won.data["motion"]["meeting"] == 1 and won.actor == CLERK
    # the rows were sent as Slack's words: the same motion, the same command
    sent = words_of(drawn(ApplyForContinuance.step, inputs(
        ApplyForContinuance.step, actor_for(site.app.directory, CLERK), site.app.directory),
        site.app.directory, [], site.app.calendar),
        {"rows": "motion", "reason": REASON, "motion-meeting": "1", f"motion-{PARK}": "yes",
         f"motion-{OSEI}": "yes", f"motion-{BROOKS}": "absent"})
    assert sent == {"reason": REASON, "motion": f"yes {PARK} {OSEI} meeting 1"}
    assert read_motion(sent["motion"], site.app.directory) == Motion(1, (PARK, OSEI))


async def test_no_form_chooses_for_the_person(site: Site, clock: FakeClock) -> None:
    """The schedule form once preselected "it moves the meeting still to come"; no form
    marks a choice, and a yes or no must be marked (`test_yes_or_no`): it is never left
    to the command's default."""
    number = await called(site, clock)
    await site.sign_in(CHAIR)
    form = (await site.get(f"/cases/{number}/steps/schedule")).text
    assert 'name="further" value="no" required>' in form and checked(form) == []
    for slug in ("refer", "report", "heard", "deliberation", "cancel-meeting"):
        shown = await site.get(f"/cases/{number}/steps/{slug}")
        if shown.status == 200:
            assert checked(shown.text) == [], slug
    await site.sign_in(CLERK)
    cancel = (await site.get(f"/cases/{number}/steps/cancel-meeting")).text
    assert '<option value="">the meeting of the case still to come</option>' in cancel
    assert checked(cancel) == []
