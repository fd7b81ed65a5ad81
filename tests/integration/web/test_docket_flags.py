"""A case whose meetings carry a flag for the city attorney (issue 38's late open-session
request) shows it on its docket line too (issue 41), so the clerk sees it without
opening the case, on SQLite and PostgreSQL: to full access alone, as the case page shows
it, and never on the line of a case against the reader. The count is kept with the
meetings' snapshot (`meetings.flags`); a database from before it is replayed by its
migration."""

from __future__ import annotations

from storage.migrate import alembic_config, upgrade
from tests.fixtures.app import FakeClock
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import ATTORNEY, COUNCIL
from tests.integration.web.test_late_open_session_flag import (
    PRUITT,
    board_meets,
    in_executive_session,
    open_session,
    recorded,
)

BADGE = '<span class="badge late">1 for the city attorney</span>'


def line_of(page: str, number: str) -> str:
    """The docket's row of case `number`."""
    start = page.index(f'<th scope="row"><a href="/cases/{number}">')
    return page[start:page.index("</tr>", start)]


async def test_a_flagged_case_shows_its_flag_on_the_docket(site: Site,
                                                           clock: FakeClock) -> None:
    number = await board_meets(site, clock)
    other = open_case(site.app, "Lorna Bates")  # no meeting, no flag
    await in_executive_session(site, clock, number)
    docket = (await site.get("/docket")).text
    assert BADGE not in line_of(docket, number)  # nothing flagged yet
    # Pruitt's letter of Dec 1, taken down on Dec 3 after the meeting heard him closed
    await recorded(site, number, "open-session", open_session(
        PRUITT, "2026-12-01", "paper", "his letter of Dec 1, left at the counter, scan F1201"))
    docket = (await site.get("/docket")).text
    assert BADGE in line_of(docket, number), line_of(docket, number)
    assert "for the city attorney" not in line_of(docket, other)
    await site.sign_in(ATTORNEY)
    assert BADGE in line_of((await site.get("/docket")).text, number)
    await site.sign_in(COUNCIL)  # the council does not see the board's record
    docket = (await site.get("/docket")).text
    assert number in docket and "for the city attorney" not in docket
    await site.sign_in(PRUITT)  # his own case: the flag is the city attorney's business
    docket = (await site.get("/docket")).text
    assert number in docket and "for the city attorney" not in docket


async def test_a_flag_raised_before_the_count_was_kept_is_counted_by_the_migration(
        site: Site, clock: FakeClock) -> None:
    """A database at revision 0015 (made here by stepping back from the head) upgraded:
    each meeting's count is written from the replayed history, as a save writes it."""
    from alembic import command

    number = await board_meets(site, clock)
    await in_executive_session(site, clock, number)
    await recorded(site, number, "open-session", open_session(
        PRUITT, "2026-12-01", "paper", "his letter of Dec 1, left at the counter, scan F1201"))
    app = site.app
    cfg = alembic_config(app.engine.url.render_as_string(hide_password=False))
    with app.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0015")
    upgrade(app.engine)
    assert BADGE in line_of((await site.get("/docket")).text, number)
