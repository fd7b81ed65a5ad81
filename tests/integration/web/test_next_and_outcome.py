"""The case page's first box says each reader's own next act first (issue 41, item 2):
the board chair the hearing, a council member the council's decision, the clerk the §2
acts, each beside what others owe, any deadline missed and the coming meeting; with
several officials, where each one's matter stands. A closed case opens with how each
official's matter ended, by name, and each final determination says whom it concerns."""

from __future__ import annotations

import html
from datetime import timedelta

from cases import commands as c
from cases.motions import Motion
from cases.tally import Vote
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.fixtures.web import determined as council_meets
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK, COUNCIL
from tests.integration.web.test_form_access import BATES, PRUITT, two_heard

EXAMINER = "myu@examiners.example"


def box(page: str) -> str:
    """The "what is next" box of a case page, as text."""
    assert 'id="next-h"' in page, page
    return html.unescape(page.split('id="next-h"')[1].split("</section>")[0])


def part(text: str, heading: str) -> str:
    """The list under `heading` of the box ('' when the box has no such part)."""
    if f'id="{heading}"' not in text:
        return ""
    return text.split(f'id="{heading}"')[1].split("</ul>")[0]


def outcome(page: str) -> str:
    assert 'id="outcome-h"' in page, page
    return html.unescape(page.split('id="outcome-h"')[1].split("</section>")[0])


async def test_each_reader_is_told_their_own_next_act_first(site: Site) -> None:
    number = open_case(site.app)
    await site.deliver()  # the §2 notices: the 24 hours are met
    await site.sign_in(CHAIR)
    chair = box((await site.get(f"/cases/{number}")).text)
    mine = part(chair, "next-mine")
    assert "Begin the sufficiency hearing (§7)" in mine
    assert "due end of day Mon Dec 21, 2026" in mine
    assert "registered mail" not in mine  # the mayor's office's, not the chair's
    assert "copy by registered mail (§2)</strong>: owed by mayors office" in part(
        chair, "next-others")

    await site.sign_in(CLERK)
    clerk = box((await site.get(f"/cases/{number}")).text)
    assert "Send the official a copy by registered mail (§2)" in part(clerk, "next-mine")
    assert f'href="/cases/{number}/steps/registered-mail"' in part(clerk, "next-mine")
    assert "sufficiency hearing" in part(clerk, "next-others")

    await site.sign_in(COUNCIL)  # nothing is the council's yet: no "for you" at all
    member = box((await site.get(f"/cases/{number}")).text)
    assert part(member, "next-mine") == "" and "For you" not in member
    assert "registered mail" in part(member, "next-others")
    assert "/steps/" not in member  # offered no one else's step


async def test_a_council_member_sees_the_councils_decision_as_theirs(site: Site) -> None:
    number = open_case(site.app)
    council_meets(site.app, number)  # a violation determined; the council meets under way
    await site.sign_in(COUNCIL)
    member = box((await site.get(f"/cases/{number}")).text)
    mine = part(member, "next-mine")
    assert "Convene and render a decision (§12)" in mine
    assert "owed by" not in mine  # their own needs no owner named
    assert "Under way:</strong> #2 council" in member  # the meeting they are at
    await site.sign_in(CHAIR)  # the chair: nothing of theirs, the council's named as theirs
    chair = box((await site.get(f"/cases/{number}")).text)
    assert part(chair, "next-mine") == ""
    # the council's seven days are the official's own (§12): the line says whose
    assert ("render a decision (§12)</strong>, as to Gary Pruitt: owed by council"
            in part(chair, "next-others"))


async def test_the_box_names_the_coming_meeting_and_a_missed_hearing_deadline(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app)
    await site.deliver()
    start = (clock.now + timedelta(days=6)).astimezone(site.app.calendar.tz)
    step(site.app, number, c.ScheduleBoardMeeting(start.replace(hour=18, minute=0),
                                                  "City Hall, Room 2"), CLERK)
    await site.sign_in(COUNCIL)
    member = box((await site.get(f"/cases/{number}")).text)
    assert "Coming meeting:</strong> #1 board, special, Sun Dec 6, 2026 6:00 PM PST" in member
    assert "City Hall, Room 2" in member and "missed" not in member
    later = start.replace(hour=18, minute=0) + timedelta(days=7)  # a further one: not here
    step(site.app, number, c.ScheduleBoardMeeting(later, "City Hall, Room 2", further=True),
         CLERK)
    member = box((await site.get(f"/cases/{number}")).text)
    assert member.count("Coming meeting") == 1 and "#2 board" not in member

    clock.advance(days=25)  # the hearing was never begun: its 20 days ran out (§7)
    await site.sign_in(COUNCIL)
    page = (await site.get(f"/cases/{number}")).text
    member = box(page)
    assert "Coming meeting" not in member  # the meeting is over
    others = part(member, "next-others")
    assert 'badge missed">missed</span> <strong>Begin the sufficiency hearing (§7)' in others
    assert 'badge missed">missed</span> <strong>Conclude the sufficiency hearing' in others
    assert "missed-act" in page.split('id="next-h"')[0][-200:]


async def test_with_two_officials_the_box_says_where_each_matter_stands(site: Site) -> None:
    number = two_heard(site.app, {PRUITT: True, BATES: False})
    await site.sign_in(CHAIR)
    chair = box((await site.get(f"/cases/{number}")).text)
    each = part(chair, "next-matters")
    assert "<strong>Gary Pruitt</strong>: next, refer the matter (§11)." in each
    assert ("<strong>Lorna Bates</strong>: the complaint was found insufficient by the board "
            "(§7); the determination is final (§8).") in each
    # the referral is the chair's own act, as to the official whose matter it is
    mine = part(chair, "next-mine")
    assert "Refer the matter (§11)</strong>, as to Gary Pruitt." in mine
    assert f'href="/cases/{number}/steps/refer"' in mine
    await site.sign_in(COUNCIL)  # told where each stands; not offered the board's step
    member = box((await site.get(f"/cases/{number}")).text)
    assert "Gary Pruitt</strong>: next, refer the matter" in part(member, "next-matters")
    assert part(member, "next-mine") == "" and "/steps/refer" not in member
    # one official's case has no such list
    single = open_case(site.app)
    assert 'id="next-matters"' not in (await site.get(f"/cases/{single}")).text


async def test_a_closed_case_opens_with_each_officials_outcome(
        site: Site, clock: FakeClock) -> None:
    number = two_heard(site.app, {PRUITT: True, BATES: False})
    step(site.app, number, c.Refer(EXAMINER, respondent=PRUITT), CHAIR)
    step(site.app, number, c.RecordDetermination(False, respondent=PRUITT), CLERK)
    step(site.app, number, c.CloseCase("no violation found"), CLERK)
    clock.advance(hours=3)  # the board's meeting is over
    await site.sign_in(CLERK)
    page = (await site.get(f"/cases/{number}")).text
    said = outcome(page)
    assert "Outcome, official by official" in said
    assert ("<strong>Lorna Bates</strong>: the complaint was found insufficient by the "
            "board (§7)") in said
    assert ("<strong>Gary Pruitt</strong>: no violation: the final determination "
            "(§11, §12)") in said
    assert page.index('id="outcome-h"') < page.index("<dl class=\"pairs\">")  # at the top
    assert 'id="next-h"' not in page, box(page)  # nothing waits on a closed case
    # the §13 records: each final determination says whom it concerns, by name
    records = html.unescape(page.split('id="records"')[1].split("<h2")[0])
    assert "Final determination as to Gary Pruitt (" in records
    assert "gpruitt@city.test" not in records
    await site.sign_in(PRUITT)  # the official sees their own matter's outcome, not Bates's
    theirs = outcome((await site.get(f"/cases/{number}")).text)
    assert "Gary Pruitt" in theirs and "Lorna Bates" not in theirs


async def test_the_councils_decision_and_penalty_open_the_closed_case(site: Site) -> None:
    number = open_case(site.app)
    council_meets(site.app, number)  # a violation of 2.94.030 determined; council meets
    council = frozenset(p.email for p in site.app.directory.council)
    for member in sorted(council):
        step(site.app, number, c.RecordCouncilVote(member, Vote.YES, council), CLERK)
    penalty = c.Penalty("2.94.030", "public reprimand")
    step(site.app, number, c.RecordCouncilDecision(
        council, site.app.directory.mayor.email, (penalty,),
        action=Motion(unanimous=True)), CLERK)
    step(site.app, number, c.CloseCase("council decision rendered"), CLERK)
    await site.sign_in(COUNCIL)
    said = outcome((await site.get(f"/cases/{number}")).text)
    assert said.startswith(">Outcome</h2>")  # one official: no "official by official"
    assert "<strong>Gary Pruitt</strong>: a violation" in said
    assert "the council decided (§12, §14)" in said
    assert "with the penalty public reprimand (2.94.030)" in said
