"""The docket's tools, on SQLite and PostgreSQL: a filter (open, overdue, closed, void),
a stage, a search by case number or respondent's name or address, the order, paging
links that keep them, and the CSV export of what the page shows. Each look is logged
with what it asked for; a respondent's docket, filtered or exported, holds only the
cases against them."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

from sqlalchemy import select

from cases import commands as c
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case

CLERK, RESPONDENT = "clerk@city.test", "gpruitt@city.test"


def listed(text: str) -> list[str]:
    return re.findall(r'<th scope="row"><a href="/cases/(ETH-[\d-]+)">', text)


async def numbers(site: Site, query: str = "") -> list[str]:
    answer = await site.get("/docket" + (f"?{query}" if query else ""))
    assert answer.status == 200 and "/docket" in answer.url, answer.url  # not sent to sign in
    return listed(answer.text)


def actions(site: Site, who: str) -> list[str]:
    with site.app.session_factory() as s:
        return list(s.scalars(select(AccessLogRow.action).where(AccessLogRow.who == who)
                              .order_by(AccessLogRow.id)))


async def test_the_docket_filters_searches_and_sorts(site: Site, clock: FakeClock) -> None:
    pruitt = open_case(site.app)  # Gary Pruitt
    clock.advance(hours=1)
    bates = open_case(site.app, "Lorna Bates")
    clock.advance(hours=1)
    voided = open_case(site.app)
    step(site.app, voided, c.VoidCase(f"a duplicate of {pruitt}", "mayor@city.test"))
    await site.sign_in(CLERK)

    assert await numbers(site) == [pruitt, bates]  # the open docket, as opened
    assert await numbers(site, "show=void") == [voided]
    assert await numbers(site, "show=closed") == []
    assert await numbers(site, "show=all") == [pruitt, bates, voided]
    assert await numbers(site, "sort=newest") == [bates, pruitt]
    assert await numbers(site, "q=lorna+BATES") == [bates]  # a name, any case
    assert await numbers(site, "q=gpruitt") == [pruitt]  # part of an address
    assert await numbers(site, f"q={bates[-4:]}") == [bates]  # part of a number
    assert await numbers(site, "q=nobody") == []
    assert await numbers(site, "stage=received") == [pruitt, bates]
    assert await numbers(site, "stage=referred") == []
    assert await numbers(site, "show=overdue") == []  # nothing due has passed yet
    clock.advance(days=5)  # past the registered mail's 3 days (§2)
    await site.sign_in(CLERK)  # the session has ended meanwhile
    assert await numbers(site, "show=overdue") == [pruitt, bates]
    # what no one can choose is the default, never an error
    assert await numbers(site, "show=%27;drop&sort=x&stage=nope") == [pruitt, bates]

    page = (await site.get("/docket?q=bates")).text
    assert "Lorna Bates" in page and "send the official a copy by registered mail (§2)" in page
    assert 'href="/docket.csv?q=bates"' in page
    assert actions(site, CLERK)[-2:] == ["docket page 1",  # the unknown choices: the default
                                         "docket page 1 (open, search 'bates')"]


async def test_a_search_as_long_as_the_box_takes_is_answered_and_logged_cut_to_the_log(
        site: Site) -> None:
    """The look's line is cut to the access log's column (80 characters): a search of the
    100 characters the docket keeps, written whole, was longer than PostgreSQL takes."""
    open_case(site.app)
    await site.sign_in(CLERK)
    assert await numbers(site, "q=" + "z" * 100) == []
    logged = actions(site, CLERK)[-1]
    assert logged == ("docket page 1 (open, search '" + "z" * 100)[:80]


async def test_the_export_is_the_page_as_a_spreadsheet_and_a_respondent_s_holds_theirs(
        site: Site) -> None:
    pruitt = open_case(site.app)
    bates = open_case(site.app, "Lorna Bates")
    await site.sign_in(CLERK)
    answer = await site.get("/docket.csv?sort=newest")
    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/csv")
    assert 'filename="docket.csv"' in answer.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert rows[0] == ["Case", "Stage", "Received", "Respondents", "Next act", "Owed by",
                       "Due", "Status", "Hearing"]
    assert [(r[0], r[3], r[1]) for r in rows[1:]] == [
        (bates, "Lorna Bates", "received"), (pruitt, "Gary Pruitt", "received")]
    assert actions(site, CLERK)[-1] == "docket export (open, sorted newest)"

    await site.sign_in(RESPONDENT)
    mine = list(csv.reader(io.StringIO((await site.get("/docket.csv?show=all")).text)))
    assert [r[0] for r in mine[1:]] == [pruitt]
    assert await numbers(site, "q=bates") == []  # a search reaches no one else's case


async def test_waiting_on_me_is_the_cases_whose_next_act_the_reader_owes(site: Site) -> None:
    first, second = open_case(site.app), open_case(site.app, "Lorna Bates")
    await site.sign_in(CLERK)  # the mayor's office sends the registered mail (§2)
    assert await numbers(site, "show=mine") == [first, second]
    await site.sign_in("hpark@city.test")  # the chair: the hearing is not next yet
    assert await numbers(site, "show=mine") == []
    assert "No case's next act is yours" in (await site.get("/docket?show=mine")).text
    assert await numbers(site) == [first, second]  # the chair still sees the open docket


async def test_the_docket_shows_each_cases_hearing_still_to_come(
        site: Site, clock: FakeClock) -> None:
    """Issue 25: a column for the hearing: the board's next noticed meeting of the case,
    on the page and in the export; none once it is past, or cancelled."""
    heard, waiting = open_case(site.app), open_case(site.app, "Lorna Bates")
    step(site.app, heard, c.ScheduleBoardMeeting(clock() + timedelta(days=8), "Council Chambers"),
         actor="hpark@city.test")
    await site.sign_in(CLERK)
    page = (await site.get("/docket")).text
    line = page.split(f">{heard}</a>")[1].split("</tr>")[0]
    assert 'data-label="Hearing">Tue Dec 8, 2026' in line, line
    other = page.split(f">{waiting}</a>")[1].split("</tr>")[0]
    assert 'data-label="Hearing">—' in other
    rows = {r[0]: r for r in csv.reader(io.StringIO((await site.get("/docket.csv")).text))}
    assert rows[heard][8].startswith("Tue Dec 8, 2026") and rows[waiting][8] == ""
    clock.advance(days=9)  # held: no hearing still to come
    await site.sign_in(CLERK)  # a new day's session
    page = (await site.get("/docket?show=all")).text
    assert 'data-label="Hearing">—' in page.split(f">{heard}</a>")[1].split("</tr>")[0]
