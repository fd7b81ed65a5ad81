"""An empty view of the docket says where the other cases are (issue 41): after
`ethicsbot demo` the only case is closed, and the open docket must not leave a newcomer on
an empty page without a way to it."""

from __future__ import annotations

from cases import commands as c
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CLERK, RESPONDENT
from tests.integration.web.test_docket_tools import listed


def empty_line(text: str) -> str:
    return text.split('<p id="empty">')[1].split("</p>")[0]


async def test_an_empty_open_docket_leads_to_every_case(site: Site) -> None:
    number = open_case(site.app)
    step(site.app, number, c.VoidCase("a duplicate", "mayor@city.test"))
    await site.sign_in(CLERK)
    docket = await site.get("/docket")
    assert listed(docket.text) == []
    line = empty_line(docket.text)
    assert line.startswith("No open docket. Closed and void cases are not listed here")
    assert 'under Show “every case”. <a href="/docket?show=all">Show every case</a>' in line
    every = await site.get("/docket?show=all")
    assert listed(every.text) == [number] and 'id="empty"' not in every.text

    # a search or a stage is kept in the link
    searched = empty_line((await site.get("/docket?q=gpruitt&stage=void")).text)
    assert "No open docket match “gpruitt” at the stage void." in searched
    assert 'href="/docket?show=all&amp;stage=void&amp;q=gpruitt"' in searched
    assert "with the same search and stage" in searched
    assert listed((await site.get("/docket?show=all&stage=void&q=gpruitt")).text) == [number]

    # every case, and none: nothing more to offer
    nothing = empty_line((await site.get("/docket?show=all&q=nobody")).text)
    assert nothing == "No case matches “nobody”."

    # the official's own docket says the same of their cases
    await site.sign_in(RESPONDENT)
    assert 'href="/docket?show=all">Show every case' in (await site.get("/docket")).text
