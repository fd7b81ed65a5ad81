"""The case page writes people, days, moments and phone numbers as people write them, and
its history in sentences (issue 41, item 2; `web.formats`, `web.entries`): "Helen Park",
"Tue Dec 8, 2026 9:00 AM PST", "(509) 555-0134", never the stored "hpark@city.test",
"2026-12-01T08:00:00+00:00" or "+15095550134"; a day period's end "end of day Thu Dec 3,
2026" wherever a deadline shows (its due moment and its basis), never "11:59:59 PM"; a
meeting's history entry says what was done, not "moved: no; late: no"."""

from __future__ import annotations

import html
import io
import re
from datetime import timedelta

from pypdf import PdfReader

from cases import commands as c
from cases.meetings import Proceeding
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site, csrf_of
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CHAIR, CLERK, COUNCIL
from tests.integration.web.test_record import opened

ISO_MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
ISO_DAY = re.compile(r"(?<![\w/-])\d{4}-\d\d-\d\d(?![\w/-])")


def main(page: str) -> str:
    """A page's or a part's text as shown (a page's <main>; tags and links' targets
    aside)."""
    body = page.split('<main id="main"', 1)[-1].split("</main>")[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


async def test_the_clerks_case_page_writes_as_people_write(
        site: Site, clock: FakeClock) -> None:
    number = opened(site)  # a forwarded letter, kept as its filing
    start = (clock.now + timedelta(days=8)).astimezone(site.app.calendar.tz)
    step(site.app, number, c.ScheduleBoardMeeting(start, "Council Chambers"), CHAIR)
    step(site.app, number, c.RequestOpenSession(
        proceeding=Proceeding.BOARD, respondent="gpruitt@city.test", via="mail",
        evidence="his letter of Nov 30"), CLERK)
    await site.deliver()
    await site.sign_in(CLERK)
    page = (await site.get(f"/cases/{number}")).text
    shown = main(page)
    found = ISO_MOMENT.search(shown)
    assert found is None, shown[found.start() - 300:found.end() + 50]
    assert ISO_DAY.search(shown) is None, ISO_DAY.search(shown)
    # a day period's end as people say it, in the due column and in the basis alike
    assert "11:59:59" not in shown and "11:59 PM" not in shown
    assert "end of day Thu Dec 3, 2026" in shown
    filings = main(page.split('id="filings"')[1].split("</table>")[0])
    assert re.search(r"Mon Nov 30, 2026 \d+:\d\d [AP]M PST", filings)  # not UTC, not ISO
    notices = main(page.split('id="notices"')[1].split('id="invites"')[0])
    assert "Helen Park" in notices and "hpark@city.test" in notices  # name, then address
    history = main(page.split('class="history"')[1].split("</ol>")[0])
    assert "moved: no" not in history and "late: no" not in history
    assert ("At meeting 1; on the agenda: sufficiency as to Gary Pruitt, continuance, "
            "report extension; from Tue Dec 8, 2026 9:00 AM PST; until Tue Dec 8, 2026 "
            "11:00 AM PST; at Council Chambers; a special meeting.") in history
    requests = main(page.split('id="open-sessions"')[1].split("</ul>")[0])
    assert "asked by Gary Pruitt by mail on Mon Nov 30, 2026" in requests


async def test_the_complainants_phone_reads_as_a_number_is_written(site: Site) -> None:
    number = open_case(site.app)  # Dana Whitfield, +15095550134
    await site.sign_in(CLERK)
    page = (await site.get(f"/cases/{number}")).text
    assert "<dt>Phone</dt><dd>(509) 555-0134</dd>" in page and "+1509" not in page
    download = await site.get(f"/cases/{number}/complaint.txt")
    assert "Phone: (509) 555-0134" in download.text and "+1509" not in download.text
    await site.sign_in(COUNCIL)  # who may not see it sees no number at all
    theirs = (await site.get(f"/cases/{number}")).text
    assert "555-0134" not in theirs and "<dt>Phone</dt>" not in theirs


async def test_a_day_periods_end_reads_end_of_day_wherever_a_deadline_shows(
        site: Site) -> None:
    """A day period ends at the last moment of its last day (23:59:59 city time): the
    web says "end of day Thu Dec 3, 2026" in the due column, the basis, the step form,
    "my deadlines", the calendar feed and the case record; an hour period keeps its
    instant (the 24 hours: "Tue Dec 1, 2026 9:00 AM PST")."""
    number = open_case(site.app)  # received Mon Nov 30, 2026 9:00 AM PST
    await site.sign_in(CLERK)
    case = main((await site.get(f"/cases/{number}")).text)
    assert ("received Mon Nov 30, 2026 + 3 days = Thu Dec 3, 2026; due by end of day "
            "Thu Dec 3, 2026") in case
    assert "end of day Thu Dec 3, 2026 (in 3 days)" in case
    assert "+ 24 hours = Tue Dec 1, 2026 9:00 AM PST" in case
    form = main((await site.get(f"/cases/{number}/steps/registered-mail")).text)
    assert "due end of day Thu Dec 3, 2026 (in 3 days)." in form
    await site.sign_in(CHAIR)
    mine = main((await site.get("/deadlines")).text)
    assert "due by end of day Mon Dec 21, 2026" in mine
    assert "end of day Mon Dec 21, 2026 (in " in mine
    page = await site.get("/feed")
    made = await site.post("/feed", {"csrf": csrf_of(page.text)})
    url = re.search(r'id="feed-url">([^<]+)<', made.text)
    assert url
    feed = (await site.get(url.group(1).removeprefix(site.url))).text
    unfolded = feed.replace("\r\n ", "")
    assert "due by end of day Mon Dec 21\\, 2026." in unfolded
    for shown in (case, form, mine, unfolded):
        assert "11:59:59" not in shown and "11:59 PM" not in shown
    async with site.http.get(site.url + f"/cases/{number}/record.pdf") as r:
        pdf = await r.read()
    text = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages
                              ).split())
    assert "due by end of day Mon Dec 21, 2026" in text and "11:59" not in text
