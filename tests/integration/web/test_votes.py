"""The council's votes on the web as on Slack (§12, §14): a member enters their own vote,
the mayor's office records the roll call naming the member, the mayor's tie-breaking vote
is its own step, each with the checks and sentences of `cases.access` and the handlers."""

from __future__ import annotations

import html

from sqlalchemy import select

from cases import commands as c
from cases.access import Actor, Refused, check_hands, check_step
from cases.directory import Role
from cases.tally import Vote
from storage.models import EventRow
from tests.fixtures.cases import step
from tests.fixtures.web import Site, csrf_of
from tests.fixtures.web import determined as council_meets
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CLERK, logged

BRANDT, OKAFOR, ORTIZ, HALE = ("abrandt@city.test", "bokafor@city.test", "mortiz@city.test",
                               "thale@city.test")
MAYOR = "mayor@city.test"


def determined(site: Site, present: tuple[str, ...] | None = None) -> str:
    """A determination of a violation before the council, at its meeting under way with
    its roll call (every member present unless `present` says who came; §12, §14)."""
    number = open_case(site.app)  # against Gary Pruitt
    council_meets(site.app, number, present=present)
    return number


def decision_meeting(site: Site) -> int:
    """The number of the council's meeting the votes were cast at (its roll call's)."""
    [call] = events(site, "roll_call_recorded")[-1:]
    return int(call.data["meeting"])


def events(site: Site, kind: str) -> list[EventRow]:
    with site.app.session_factory() as s:
        return list(s.scalars(select(EventRow).where(EventRow.kind == kind)
                              .order_by(EventRow.id)))


def step_form(page: str) -> str:
    return page.split('<form class="step"')[1].split("</form>")[0]


def sentence(fn: object, *args: object) -> str:
    try:
        fn(*args)  # type: ignore[operator]
    except Refused as e:
        return str(e)
    raise AssertionError("not refused")


async def vote(site: Site, number: str, fields: dict[str, str]):  # type: ignore[no-untyped-def]
    form = await site.get(f"/cases/{number}/steps/vote")
    assert form.status == 200, form.text
    return form, await site.post(f"/cases/{number}/steps/vote",
                                 {"csrf": csrf_of(form.text), **fields})


async def test_the_clerk_records_the_roll_call_naming_each_member(site: Site) -> None:
    number = determined(site)
    await site.sign_in(CLERK)
    form, done = await vote(site, number, {"member": BRANDT, "vote": "yes"})
    # the member is a choice of the council, by name
    assert f'value="{BRANDT}"' in form.text and "Anita Brandt" in form.text
    assert "The council member whose vote this is" in form.text
    assert done.status == 200 and "Recorded: council vote recorded." in done.text
    [recorded] = events(site, "council_vote_recorded")
    assert recorded.data["member"] == BRANDT and recorded.actor == CLERK
    assert (number, "step vote", True) in logged(site, CLERK)


async def test_a_member_votes_only_once_the_roll_call_names_them_present(site: Site) -> None:
    """A council vote is cast at the meeting under way by a member its roll call counts
    present (RCW 42.30); a member who arrives late votes once the roll call is taken again."""
    number = determined(site, present=(BRANDT, OKAFOR, ORTIZ))
    await site.sign_in(HALE)
    _, absent = await vote(site, number, {"vote": "no"})
    assert absent.status == 409, absent.text
    assert (f"{HALE} is not on the roll call of meeting 2 as present: only members present "
            "vote") in html.unescape(absent.text)
    assert events(site, "council_vote_recorded") == []
    assert (number, "step vote failed", True) in logged(site, HALE)
    await site.sign_in(CLERK)
    form = await site.get(f"/cases/{number}/steps/roll-call")
    arrived = await site.post(f"/cases/{number}/steps/roll-call", {
        "csrf": csrf_of(form.text), "present": f"{BRANDT}, {OKAFOR}, {ORTIZ}, {HALE}"})
    assert arrived.status == 200, arrived.text
    await site.sign_in(HALE)
    _, counted = await vote(site, number, {"vote": "no"})
    assert counted.status == 200, counted.text
    [recorded] = events(site, "council_vote_recorded")
    assert recorded.data["member"] == HALE and recorded.data["vote"] == "no"


async def test_the_clerks_roll_call_names_a_council_member(site: Site) -> None:
    number = determined(site)
    await site.sign_in(CLERK)
    _, unnamed = await vote(site, number, {"vote": "yes"})
    assert unnamed.status == 400
    assert "Give the council member whose vote this is" in unnamed.text
    _, stranger = await vote(site, number, {"member": "gpruitt@city.test", "vote": "yes"})
    assert stranger.status == 400 and "choose one of the options" in stranger.text
    assert events(site, "council_vote_recorded") == []
    assert logged(site, CLERK).count((number, "step vote failed", True)) == 2


async def test_a_member_entering_anothers_vote_gets_slacks_refusal(site: Site) -> None:
    number = determined(site)
    await site.sign_in(BRANDT)
    form, forged = await vote(site, number, {"member": OKAFOR, "vote": "no"})
    assert "The council member whose vote this is" not in form.text  # votes as herself
    expected = sentence(check_hands, Actor(BRANDT, frozenset({Role.COUNCIL})),
                        c.RecordCouncilVote(OKAFOR, Vote.NO, frozenset()))
    assert forged.status == 403 and expected in html.unescape(forged.text)
    assert events(site, "council_vote_recorded") == []
    assert (number, "step vote refused", False) in logged(site, BRANDT)


async def test_the_mayors_tie_break_is_its_own_step(site: Site) -> None:
    number = determined(site, present=(BRANDT, OKAFOR, ORTIZ, HALE))  # every one votes
    for member, how in ((BRANDT, Vote.YES), (OKAFOR, Vote.YES), (ORTIZ, Vote.NO),
                        (HALE, Vote.NO)):
        step(site.app, number, c.RecordCouncilVote(member, how, frozenset(
            p.email for p in site.app.directory.council)), actor=CLERK)
    await site.sign_in(BRANDT)
    refused = await site.get(f"/cases/{number}/steps/mayor-vote")
    expected = sentence(check_step, Actor(BRANDT, frozenset({Role.COUNCIL})),
                        c.RecordMayorVote.step)
    assert refused.status == 403 and expected in html.unescape(refused.text)

    await site.sign_in(CLERK)
    form = await site.get(f"/cases/{number}/steps/mayor-vote")
    assert 'value="yes"' in form.text and 'value="abstain"' not in form.text
    assert "Mayor" not in step_form(form.text)  # the directory names the mayor
    abstained = await site.post(f"/cases/{number}/steps/mayor-vote",
                                {"csrf": csrf_of(form.text), "vote": "abstain"})
    assert abstained.status == 400 and "choose one of the options" in abstained.text
    done = await site.post(f"/cases/{number}/steps/mayor-vote",
                           {"csrf": csrf_of(form.text), "vote": "yes"})
    assert done.status == 200, done.text
    [tie_break] = events(site, "mayor_vote_recorded")
    assert tie_break.data == {"vote": "yes", "mayor": MAYOR, "respondent": "gpruitt@city.test",
                              "meeting": decision_meeting(site)}
    assert tie_break.actor == CLERK

    form = await site.get(f"/cases/{number}/steps/decide")
    # the council's members come from the directory: no input asks for them
    assert 'name="council"' not in step_form(form.text)
    assert 'name="mayor"' not in step_form(form.text)
    decided = await site.post(f"/cases/{number}/steps/decide", {"csrf": csrf_of(form.text)})
    assert decided.status == 200, decided.text
    [decision] = events(site, "council_decided")
    assert decision.data["mayor_broke_tie"] is True, decision.data


async def test_a_tie_break_without_a_tie_is_refused_by_the_procedure(site: Site) -> None:
    number = determined(site, present=(BRANDT, OKAFOR, ORTIZ))
    for member, how in ((BRANDT, Vote.YES), (OKAFOR, Vote.YES), (ORTIZ, Vote.NO)):
        step(site.app, number, c.RecordCouncilVote(member, how, frozenset(
            p.email for p in site.app.directory.council)), actor=CLERK)
    await site.sign_in(CLERK)
    form = await site.get(f"/cases/{number}/steps/mayor-vote")
    answer = await site.post(f"/cases/{number}/steps/mayor-vote",
                             {"csrf": csrf_of(form.text), "vote": "yes"})
    assert answer.status == 409  # no tie: the council's votes stand 2 yes, 1 no
    assert "The mayor votes only to break a tie" in html.unescape(answer.text)
