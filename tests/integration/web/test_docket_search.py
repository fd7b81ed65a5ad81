"""The docket's search finds a case by the words of it its reader may see, never by a word
they may not (issue 25, §6), on SQLite and PostgreSQL: the complaint's text to everyone
who sees the complaint, the complainant's address and the history's details to full
access only; on a case against the reader, only what its official sees, whatever else the
reader is."""

from __future__ import annotations

from sqlalchemy import inspect, select

from cases import commands as c
from storage.migrate import alembic_config, upgrade
from storage.models import CaseSearchRow
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket_tools import numbers

CLERK, COUNCIL, CHAIR, RESPONDENT = ("clerk@city.test", "abrandt@city.test",
                                     "hpark@city.test", "gpruitt@city.test")


async def test_a_search_finds_by_visible_text_and_never_by_hidden_text(site: Site) -> None:
    # both complaints: "On Oct 3 the official used City Hall for a campaign event.", filed
    # by Dana Whitfield of 1418 Larch Avenue (her address: full access only)
    pruitt = open_case(site.app)
    park = open_case(site.app, "Helen Park")  # against the board chair
    # a history entry's details: the case page shows them to full access only
    step(site.app, pruitt, c.FileCorrespondence("resident@example.net",
                                                "About the gazebo permit"))
    other = open_case(site.app, "Lorna Bates")

    await site.sign_in(CLERK)  # full access to every case
    assert await numbers(site, "q=CAMPAIGN+event") == [pruitt, park, other]
    assert await numbers(site, "q=larch") == [pruitt, park, other]
    assert await numbers(site, "q=gazebo") == [pruitt]
    assert await numbers(site, "q=whitfield") == [pruitt, park, other]  # the complainant
    assert await numbers(site, "q=50%25") == []  # LIKE's wildcards are taken literally

    await site.sign_in(COUNCIL)  # the complaint without contact details, no entry details
    assert await numbers(site, "q=campaign") == [pruitt, park, other]
    assert await numbers(site, "q=larch") == []
    assert await numbers(site, "q=gazebo") == []

    await site.sign_in(RESPONDENT)  # only their case, and only what its official sees
    assert await numbers(site, "q=campaign") == [pruitt]
    assert await numbers(site, "q=larch") == []
    assert await numbers(site, "q=gazebo") == []

    await site.sign_in(CHAIR)  # full access, but the official complained against in one
    assert await numbers(site, "q=larch") == [pruitt, other]
    assert await numbers(site, "q=campaign") == [pruitt, park, other]


async def test_cases_stored_before_the_search_are_found_after_the_migration(
        site: Site) -> None:
    """A database at revision 0010 (made here by stepping back from the head) upgraded:
    each case's rows are written from its replayed history, as a save writes them."""
    from alembic import command

    app = site.app
    pruitt = open_case(app)
    step(app, pruitt, c.FileCorrespondence("resident@example.net", "About the gazebo permit"))
    with app.session_factory() as s:
        before = s.execute(select(CaseSearchRow.case_id, CaseSearchRow.access,
                                  CaseSearchRow.text).order_by(
            CaseSearchRow.case_id, CaseSearchRow.access)).all()
    assert {r.access for r in before} == {"full", "council", "respondent"}
    cfg = alembic_config(app.engine.url.render_as_string(hide_password=False))
    with app.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0010")
    assert "case_search" not in inspect(app.engine).get_table_names()
    upgrade(app.engine)
    with app.session_factory() as s:
        after = s.execute(select(CaseSearchRow.case_id, CaseSearchRow.access,
                                 CaseSearchRow.text).order_by(
            CaseSearchRow.case_id, CaseSearchRow.access)).all()
    assert after == before
    await site.sign_in(CLERK)
    assert await numbers(site, "q=gazebo") == [pruitt]
