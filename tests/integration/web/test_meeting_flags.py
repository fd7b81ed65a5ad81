"""§13: a meeting where the board determined the sufficiency on a matter no executive
session evaluated, its official not having asked for an open session, is flagged on the
case page for those with the whole record (the clerk), never for a council member."""

from __future__ import annotations

from tests.fixtures.web import Site, reported
from tests.integration.bot.conftest import open_case

FLAG = "with no executive session on their matter recorded"


async def test_the_clerk_sees_the_meeting_flagged_and_a_council_member_does_not(
        site: Site) -> None:
    number = open_case(site.app)
    reported(site.app, number)  # the board's hearing held without an executive session
    await site.sign_in("clerk@city.test")
    page = await site.get(f"/cases/{number}")
    assert page.status == 200 and FLAG in page.text and "for the city attorney" in page.text
    await site.sign_in("abrandt@city.test")
    seen = await site.get(f"/cases/{number}")
    assert seen.status == 200 and FLAG not in seen.text
