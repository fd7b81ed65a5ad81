"""Issue 38, B7b, on the web end to end: an open-session request that came to the city
by the day of the board's meeting but was taken down only after it, the meeting having
evaluated the official's matter in executive session, is flagged on the case page for
the city attorney (§13: the matter may need to be heard again in open session). The
request is each official's own: Pruitt's letter came before the meeting and is flagged;
Bates's came after it and is not. Taken down in time, nothing is flagged, and the board's
executive session may then evaluate only the other official's matter.

Every step after the meeting is called goes through the clerk's step forms. The clock
starts Mon Nov 30 2026 09:00 PST, when the complaint is received; the board meets Wed
Dec 2 at 9:01 AM."""

from __future__ import annotations

from tests.fixtures.app import FakeClock
from tests.fixtures.cases import convene
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import ATTORNEY, CLERK, COUNCIL
from tests.integration.web.test_motions import refused, said, send

PRUITT, BATES = "gpruitt@city.test", "lbates@city.test"
BADGE = "for the city attorney"
TOLD = "It raised a flag for the city attorney: see the meetings."
OPENED = '<details class="part" open><summary class="part">1 meeting'
LATE = ("asked for an open session on {on} (§13), by the day of this meeting, but the "
        "request was recorded only after it was held, and it evaluated their matter in "
        "executive session. Tell the city attorney")


def flag_of(who: str, on: str) -> str:
    return f"{who} {LATE.format(on=on)}"


async def board_meets(site: Site, clock: FakeClock) -> str:
    """The case against Pruitt and Bates, and the board's meeting on it under way (Wed
    Dec 2, 9:01 AM), its roll call taken; the clerk signed in."""
    number = open_case(site.app, ("Gary Pruitt", "Lorna Bates"))
    clock.advance(days=2)
    convene(site.app, number)
    await site.sign_in(CLERK)
    return number


async def recorded(site: Site, number: str, slug: str, fields: dict[str, str]) -> None:
    answer = await send(site, number, slug, fields)
    assert answer.status == 200 and said(answer).startswith("Recorded"), answer.text


async def in_executive_session(site: Site, clock: FakeClock, number: str) -> None:
    """RCW 42.30.110(2): the board convenes in executive session on the matters of each
    official who has not asked for an open session, announced to end at 10:00, and comes
    out at 9:30; then the meeting ends, and the next day the clerk signs
    in again."""
    await recorded(site, number, "session-start",
                   {"ends_at": "2026-12-02T10:00"})
    clock.advance(minutes=29)
    await recorded(site, number, "session-end", {})
    clock.advance(days=1)  # Thu Dec 3, 9:30 AM: the meeting (two hours from 9:01) is over
    await site.sign_in(CLERK)  # a new day, a new sign-in (the session was idle)


def open_session(who: str, on: str, via: str, evidence: str) -> dict[str, str]:
    return {"proceeding": "board", "respondent": who, "on": on, "via": via,
            "evidence": evidence}


async def test_a_request_that_came_before_the_meeting_taken_down_after_it_is_flagged(
        site: Site, clock: FakeClock) -> None:
    number = await board_meets(site, clock)
    await in_executive_session(site, clock, number)  # about both: neither had asked
    # Thu Dec 3: the clerk takes down Pruitt's letter, left at the counter on Tue Dec 1
    # and found only now, and Bates's email of today, after the meeting: the clerk is told
    # at once of the flag Pruitt's raised, the meetings opened on it; of none for Bates's
    answer = await send(site, number, "open-session", open_session(
        PRUITT, "2026-12-01", "paper", "his letter of Dec 1, left at the counter, scan F1201"))
    assert said(answer).startswith("Recorded") and TOLD in said(answer), said(answer)
    assert OPENED in answer.text
    answer = await send(site, number, "open-session", open_session(
        BATES, "2026-12-03", "email", "her email of Dec 3, filed with the case"))
    assert said(answer).startswith("Recorded") and TOLD not in said(answer), said(answer)
    assert OPENED not in answer.text
    await site.sign_in(ATTORNEY)
    page = await site.get(f"/cases/{number}")
    assert page.status == 200
    assert flag_of(PRUITT, "2026-12-01") in page.text, page.text
    # one flag, Bates having asked after the meeting: its line, and the folded meetings'
    # summary counting it
    assert page.text.count(f'<span class="badge late">{BADGE}</span>') == 1
    assert f'<span class="badge late">1 {BADGE}</span>' in page.text
    assert f"{BATES} asked for an open session on" not in page.text
    await site.sign_in(COUNCIL)  # the council does not see the board's record
    seen = await site.get(f"/cases/{number}")
    assert seen.status == 200
    assert BADGE not in seen.text and "Tell the city attorney" not in seen.text


async def test_the_same_request_taken_down_before_the_meeting_is_not_flagged(
        site: Site, clock: FakeClock) -> None:
    number = open_case(site.app, ("Gary Pruitt", "Lorna Bates"))
    clock.advance(days=1)  # Tue Dec 1: Pruitt's letter is taken down the day it came
    await site.sign_in(CLERK)
    await recorded(site, number, "open-session", open_session(
        PRUITT, "2026-12-01", "paper", "his letter of Dec 1, left at the counter, scan F1201"))
    clock.advance(days=1)
    convene(site.app, number)
    await site.sign_in(CLERK)  # Wed Dec 2, at the meeting
    # the meeting is open as to Pruitt's matter: its executive session may not evaluate it
    why = await refused(site, number, "session-start",
                        {"ends_at": "2026-12-02T10:00", "about": PRUITT})
    assert f"{PRUITT} asked that their matter be heard in open session (§13)" in why, why
    await in_executive_session(site, clock, number)  # Bates's alone, who did not ask
    await site.sign_in(ATTORNEY)
    page = await site.get(f"/cases/{number}")
    assert page.status == 200
    assert "Open sessions requested (§13, §14)" in page.text  # Pruitt's request is shown
    assert BADGE not in page.text and "asked for an open session on" not in page.text
