"""Every yes or no on a web form is the person's own mark (issue 41, item 2: "no form
preselects a change"; `web.ballots.drawn`/`unmarked`): shown unmarked and required, a
form sent with it unmarked is refused with a sentence naming it and records nothing (the
command's default, "it moves the meeting still to come", is never taken for a person who
marked nothing), and the same form is accepted once it is marked. One test per form
with such a choice: the board's meeting and the council's (`further`), the respondent
heard (`presented`), an instalment of records (`final`)."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from cases import commands as c
from cases.history import EventKind
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene, step
from tests.fixtures.web import Site, csrf_of, determined
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import ATTORNEY, CHAIR, CLERK
from tests.integration.web.test_motions import events, said
from tests.integration.web.test_public import closed_insufficient


def radios(form: str, name: str) -> list[str]:
    """The radio inputs of `name` as the form draws them."""
    return re.findall(rf'<input type="radio" name="{name}" value="[^"]*"[^>]*>', form)


async def unmarked_then_marked(site: Site, number: str, slug: str, name: str,
                               fields: dict[str, str], mark: str, kind: EventKind) -> str:
    """Open the step's form: `name`'s yes and no drawn required, neither checked; send
    `fields` without it: 400, the sentence asking for it, nothing recorded; send them
    with `mark`: recorded. The refusal's sentence."""
    form = await site.get(f"/cases/{number}/steps/{slug}")
    assert form.status == 200, form.text
    drawn = radios(form.text, name)
    assert len(drawn) == 2 and all(" required" in r and "checked" not in r for r in drawn)
    before = len(events(site, kind))
    sent = {"csrf": csrf_of(form.text), **fields}
    left = await site.post(f"/cases/{number}/steps/{slug}", sent)
    assert left.status == 400, left.text
    refusal = said(left)
    assert refusal.startswith("Mark one answer to “") and "nothing was recorded" in refusal
    assert len(events(site, kind)) == before
    # the form comes back with what was typed, the choice still unmarked
    assert all("checked" not in r for r in radios(left.text, name))
    done = await site.post(f"/cases/{number}/steps/{slug}", {**sent, name: mark})
    assert done.status == 200, said(done)
    assert len(events(site, kind)) == before + 1
    return refusal


async def test_the_board_meeting_form_asks_whether_it_is_a_further_meeting(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    await site.sign_in(CHAIR)
    day = (clock.now + timedelta(days=10)).astimezone(site.app.calendar.tz)
    fields = {"starts_at": f"{day:%Y-%m-%d}T18:00", "place": "Council Chambers",
              "kind": "special"}
    refusal = await unmarked_then_marked(site, number, "schedule", "further", fields, "no",
                                         EventKind.BOARD_MEETING_SCHEDULED)
    assert "A further meeting, or the one still to come moved" in refusal
    assert "it moves the body's meeting still to come" in refusal
    # marked yes, a second meeting is added; marked no, the one to come is moved: each
    # because the person said so
    later = {**fields, "starts_at": f"{day + timedelta(days=1):%Y-%m-%d}T18:00"}
    await unmarked_then_marked(site, number, "schedule", "further", later, "yes",
                               EventKind.BOARD_MEETING_SCHEDULED)
    first, further = events(site, EventKind.BOARD_MEETING_SCHEDULED)
    assert (first.data["meeting"], first.data["moved"]) == (1, False)
    assert (further.data["meeting"], further.data["moved"]) == (2, False)
    await unmarked_then_marked(site, number, "schedule", "further", fields, "no",
                               EventKind.BOARD_MEETING_SCHEDULED)
    moved = events(site, EventKind.BOARD_MEETING_SCHEDULED)[-1]
    assert (moved.data["meeting"], moved.data["moved"]) == (2, True)  # the latest to come


async def test_the_council_meeting_form_asks_whether_it_is_a_further_meeting(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    determined(site.app, number)  # the council's meeting #2 under way
    await site.sign_in(CLERK)
    day = (clock.now + timedelta(days=10)).astimezone(site.app.calendar.tz)
    await unmarked_then_marked(site, number, "deliberation", "further", {
        "starts_at": f"{day:%Y-%m-%d}T18:00", "place": "Council Chambers",
        "kind": "special"}, "yes", EventKind.DELIBERATION_SCHEDULED)
    added = events(site, EventKind.DELIBERATION_SCHEDULED)[-1]
    assert added.data["moved"] is False and added.data["meeting"] == 3


async def test_the_heard_form_asks_whether_the_respondent_presented(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    convene(site.app, number)
    step(site.app, number, c.BeginHearing())
    await site.sign_in(CHAIR)
    refusal = await unmarked_then_marked(site, number, "heard", "presented", {}, "no",
                                         EventKind.RESPONDENT_HEARD)
    assert "The respondent presented, or the respondent declined" in html.unescape(refusal)
    [heard] = events(site, EventKind.RESPONDENT_HEARD)
    assert heard.data["presented"] is False  # not the command's default, True


async def test_the_instalment_form_asks_whether_it_is_the_last(site: Site) -> None:
    number = closed_insufficient(site.app)
    step(site.app, number, c.RecordDisclosureRequest("A. Reporter"), actor=ATTORNEY)
    await site.sign_in(CLERK)
    refusal = await unmarked_then_marked(site, number, "instalment", "final",
                                         {"records": "written report"}, "no",
                                         EventKind.INSTALMENT_PREPARED)
    assert "The last instalment" in refusal
    [prepared] = events(site, EventKind.INSTALMENT_PREPARED)
    assert prepared.data.get("final") is False
