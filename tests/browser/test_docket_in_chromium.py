"""The web docket in a real headless Chromium: sign in by the link taken from the real
SMTP sink, see the docket, open a case, record a step, be refused a step of another
role, download the case record, subscribe to the feed (which parses in `icalendar` and
matches the deadlines), record a roll call and the board's motion, and a stranger sees
only the public page."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp
from icalendar import Calendar
from sqlalchemy import select

from cases import commands as c
from mail.intake import Outcome, take_in
from storage.models import CaseRow, DeadlineRow
from tests.fixtures.app import FakeClock
from tests.fixtures.browser import signed_in_as
from tests.fixtures.cases import EMERGENCY, EMERGENCY_GROUND, step
from tests.fixtures.web import Site
from tests.integration.mail.complaints import corpus

CHAIR, CLERK = "hpark@city.test", "clerk@city.test"


def opened(site: Site) -> str:
    result = take_in(corpus("gmail-forward-letter.eml"), site.app.intake(), source="imap",
                     received_at=site.app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


async def test_a_stranger_sees_only_the_public_page(site: Site, browser: Any,
                                                    screenshot: Any) -> None:
    number = opened(site)
    page = await browser.new_page()
    await page.goto(site.url + "/")
    assert await page.locator("h1").inner_text() == "Riverton ethics complaints: public information"
    assert number not in await page.content()
    await page.keyboard.press("Tab")  # the first stop skips to the content
    assert await page.evaluate("document.activeElement.textContent") == "Skip to the content"
    for path in ("/docket", f"/cases/{number}", f"/cases/{number}/record.pdf", "/deadlines"):
        await page.goto(site.url + path)
        assert page.url == site.url + "/sign-in", path
    await screenshot(page, "sign-in")


async def test_the_chair_works_a_case_in_the_browser(site: Site, browser: Any,
                                                    screenshot: Any) -> None:
    number = opened(site)
    page = await browser.new_page()
    await signed_in_as(site, page, CHAIR)
    assert number in await page.locator("table").inner_text()
    await screenshot(page, "docket")

    await page.get_by_role("link", name=number).click()
    assert await page.locator("h1").inner_text() == number
    assert "Dana Whitfield" in await page.content()
    await screenshot(page, "case")

    await page.get_by_role("link", name="Schedule a meeting of the board on the case").click()
    await page.get_by_label("Date and time (city time)").fill("2026-12-10T18:00")
    await page.get_by_label("Place").fill("Council Chambers")
    await page.get_by_label("special", exact=True).check()  # a special meeting (RCW 42.30.080)
    await screenshot(page, "step-form")
    # the yes or no is required and unmarked: the browser keeps the form until it is marked
    await page.get_by_role("button", name="Schedule a meeting of the board on the case").click()
    assert await page.locator('input[name="further"]:invalid').count() == 2
    await page.get_by_label("It moves the body's meeting still to come").check()
    await page.get_by_role("button", name="Schedule a meeting of the board on the case").click()
    assert "Recorded: hearing scheduled." in await page.get_by_role("status").inner_text()
    with site.app.session_factory() as s:
        assert s.scalar(select(CaseRow.stage)) == "hearing_scheduled"

    answer = await page.goto(site.url + f"/cases/{number}/steps/registered-mail")
    assert answer is not None and answer.status == 403
    assert "Only the mayor or the mayor's designees may record registered mail" in (
        await page.locator("main").inner_text())

    await page.goto(site.url + f"/cases/{number}")
    async with page.expect_download() as pdf:
        await page.get_by_role("link", name="Case record (PDF)").click()
    saved = await (await pdf.value).path()
    assert Path(saved).read_bytes()[:5] == b"%PDF-"
    async with page.expect_download() as archive:
        await page.get_by_role("link", name="Case record with the originals (ZIP)").click()
    assert Path(await (await archive.value).path()).read_bytes()[:2] == b"PK"

    await page.goto(site.url + "/deadlines")
    await screenshot(page, "my-deadlines")
    await page.get_by_role("link", name="Calendar feed").click()
    await page.get_by_role("button", name="Make a new calendar address").click()
    url = await page.locator("#feed-url").inner_text()
    await screenshot(page, "calendar-feed")
    async with aiohttp.ClientSession() as calendar_app, calendar_app.get(url) as r:
        cal = Calendar.from_ical(await r.text())
    due = {str(e["UID"]).split("-deadline-")[1].split("@")[0]: e["DTSTART"].dt
           for e in cal.walk("VEVENT") if "-deadline-" in str(e["UID"])}
    with site.app.session_factory() as s:
        stored = {d.key: site.app.calendar.local_date(d.due) for d in s.scalars(
            select(DeadlineRow).where(DeadlineRow.responsible == "board_chair"))
            if d.due is not None and d.status == "open"}
    assert due == stored and set(due) == {"hearing_begin", "hearing_conclude"}



async def test_the_clerk_records_a_roll_call_and_the_boards_motion(
        site: Site, browser: Any, clock: FakeClock, screenshot: Any) -> None:
    """A body acts by motion at its meeting (RCW 42.30): in Chromium the board's act is
    refused without a motion and before the roll call, then taken once the clerk records
    both, and the case's history says how the motion carried."""
    number = opened(site)
    step(site.app, number, c.ScheduleBoardMeeting(  # noticed and posted at once, an emergency
        clock.now + timedelta(minutes=1), "City Hall, Room 2", emergency=EMERGENCY,
        emergency_ground=EMERGENCY_GROUND), actor=CHAIR)
    clock.advance(minutes=1)  # the board's meeting has begun
    page = await browser.new_page()
    await signed_in_as(site, page, CLERK)

    apply = site.url + f"/cases/{number}/steps/continuance-apply"
    await page.goto(apply)
    await page.get_by_label("Reason").fill("respondent hospitalised")
    await page.get_by_role("button", name="Apply for a continuance").click()
    assert "taken by motion at its meeting" in await page.get_by_role("alert").inner_text()

    async def mark(member: str, choice: str) -> None:  # one row per member (issue 41)
        await page.get_by_role("group", name=member, exact=True).get_by_label(
            choice, exact=True).check()

    for member in ("Helen Park", "Victor Osei", "Dana Brooks"):
        await mark(member, "yes")
    await page.get_by_role("button", name="Apply for a continuance").click()
    assert "Record the roll call of meeting 1 first" in (
        await page.get_by_role("alert").inner_text())

    await page.goto(site.url + f"/cases/{number}/steps/roll-call")
    meeting = page.get_by_label("The meeting")  # the case's meetings, to choose from
    assert "#1 board, special meeting" in await meeting.inner_text()
    await meeting.select_option("1")
    for member in ("Helen Park", "Victor Osei", "Dana Brooks"):
        await mark(member, "present")
    await page.get_by_role("button", name="Record the roll call of a meeting").click()
    assert "Recorded: roll call recorded." in await page.get_by_role("status").inner_text()

    await page.goto(apply)
    await page.get_by_label("Reason").fill("respondent hospitalised")
    for member, vote in (("Helen Park", "yes"), ("Victor Osei", "yes"),
                         ("Dana Brooks", "no")):
        await mark(member, vote)
    await screenshot(page, "motion-form")
    await page.get_by_role("button", name="Apply for a continuance").click()
    assert "the motion carries" in await page.get_by_role("status").inner_text()
    history = await page.locator("ol.history").inner_text()
    assert "Continuance applied" in history and "By motion at meeting 1: 2 yes, 1 no" in history
    with site.app.session_factory() as s:
        assert s.scalar(select(CaseRow.tolled)) is True
