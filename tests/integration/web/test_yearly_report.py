"""The yearly report's web page (issue 41): for the council, the mayor's office and the
city attorney, the same figures as `ethicsbot report`; refused to the board; no names."""

from __future__ import annotations

import html

from cases import commands as c
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import logged
from tests.integration.web.test_public import closed_insufficient


async def test_the_council_reads_the_yearly_report_and_the_board_is_refused(
        site: Site) -> None:
    open_case(site.app)
    voided = open_case(site.app)
    step(site.app, voided, c.VoidCase("a duplicate", "mayor@city.test"))
    closed_insufficient(site.app)
    await site.sign_in("hpark@city.test")
    refused = await site.get("/report?year=2026")
    assert refused.status == 403 and "city council" in refused.text
    await site.sign_in("abrandt@city.test")
    page = html.unescape((await site.get("/report?year=2026")).text)
    assert "Complaints received: 3" in page
    for outcome in ("insufficient", "void", "still open"):
        cell = f'{outcome}</th><td data-label="Complaints">1</td>'
        assert cell in page, outcome
    assert "Gary Pruitt" not in page and "Dana Whitfield" not in page
    assert (None, "yearly report 2026", True) in logged(site, "abrandt@city.test")
    assert (None, "yearly report refused", False) in logged(site, "hpark@city.test")
