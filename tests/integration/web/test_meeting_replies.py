"""The case page's calendar invites with each member's answer to the meeting, as intake
recorded it from their calendar (iTIP REPLY); a deadline's entry asks for none."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from cases.commands import RecordMeetingReply, ScheduleBoardMeeting
from cases.meetings import Answer
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK

HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
BROOKS, OSEI = "dbrooks@city.test", "vosei@city.test"


def invite_rows(page: str) -> dict[tuple[str, str], str]:
    """(invite, recipient) -> the Reply column, from the case page's invites, folded one
    group a kind (and meeting) as the notices are."""
    part = page.split('id="invites"')[1].split('<h2 id="filings"')[0]
    out = {}
    for group in part.split('<details class="kind">')[1:]:
        kind = group.split("<strong>")[1].split("</strong>")[0]
        # each recipient by name, their address under it
        for to, reply in re.findall(r'<th scope="row">(?:[^<]*<br><span class="muted">)?'
                                    r'([^<]+)(?:</span>)?</th><td[^>]*>.*?</td>'
                                    r"<td[^>]*>([^<]+)</td></tr>", group):
            out[(kind, to)] = reply
    return out


async def answered_by_two(site: Site) -> str:
    """A hearing the chair accepted and Osei declined; the clerk signed in to look."""
    number = open_case(site.app)
    step(site.app, number, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor=CHAIR)
    step(site.app, number, RecordMeetingReply(1, CHAIR, Answer.ACCEPTED, 0), actor="ethicsbot")
    step(site.app, number, RecordMeetingReply(1, OSEI, Answer.DECLINED, 0), actor="ethicsbot")
    await site.sign_in(CLERK)
    return number


async def test_the_case_page_shows_each_members_answer_to_the_meeting(site: Site) -> None:
    number = await answered_by_two(site)
    rows = invite_rows((await site.get(f"/cases/{number}")).text)
    assert rows[("invite meeting", CHAIR)] == "accepted"
    assert rows[("invite meeting", OSEI)] == "declined"
    assert rows[("invite meeting", BROOKS)] == "no answer yet"
    assert rows[("invite sufficiency window", CHAIR)] == "none asked (a deadline, not a meeting)"


async def test_the_case_page_has_a_block_of_its_meetings(site: Site) -> None:
    number = await answered_by_two(site)
    block = (await site.get(f"/cases/{number}")).text.split('id="meetings"')[1]
    row = block.split("</tr>")[1]  # the first meeting's row, after the header's
    assert "#1 board" in row and "City Hall, Room 2" in row
    assert "1 accepted, 1 declined" in row and "the evaluation in executive session" in row
    # its public notice, posted as the meeting was called, and the quorum: two of the
    # board's three members, by the city's reading (issue 25)
    assert "1 accepted of the 2 a quorum needs" in row
    assert "posted Mon Nov 30, 2026" in row, row
