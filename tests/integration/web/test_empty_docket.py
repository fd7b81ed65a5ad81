"""An empty view of the docket says how many cases the other views hold (issue 41): after
`ethicsbot demo` the only case is closed, and the open docket must not leave a newcomer on
an empty page without a way to it. The counts are read with the reader's own scope and
search (`storage.lookups.docket_counts_read`), on SQLite and PostgreSQL: an official
counts only the cases against them, and a word the reader may not see counts nothing."""

from __future__ import annotations

from sqlalchemy import event

from cases import commands as c
from cases.access import actor_for
from storage import lookups, queries
from tests.fixtures.cases import step
from tests.fixtures.web import Site
from tests.integration.bot.conftest import open_case
from tests.integration.web.test_docket import CLERK, COUNCIL, OTHER_OFFICIAL, RESPONDENT
from tests.integration.web.test_docket_tools import listed


def empty_line(text: str) -> str:
    return text.split('<p id="empty">')[1].split("</p>")[0]


def show(view: str) -> str:
    return f'<a href="/docket?{view}">show</a>'


async def test_an_empty_view_counts_the_cases_of_the_others(site: Site) -> None:
    pruitt = open_case(site.app)  # against Gary Pruitt, voided
    step(site.app, pruitt, c.VoidCase("a duplicate", "mayor@city.test"))
    bates = open_case(site.app, "Lorna Bates")  # open
    await site.sign_in(CLERK)
    assert listed((await site.get("/docket")).text) == [bates]
    closed = empty_line((await site.get("/docket?show=closed")).text)
    assert closed == (f"No closed case. 1 open case — {show('')}; "
                      f"1 case waiting on you — {show('show=mine')}; "
                      f"1 void case — {show('show=void')}.")
    assert listed((await site.get("/docket?show=void")).text) == [pruitt]

    # a search and a stage are kept, in the counts and in the links
    searched = empty_line((await site.get("/docket?q=gpruitt")).text)
    assert searched == ("No open case matches “gpruitt”. With the same search and stage: "
                        f"1 void case — {show('show=void&amp;q=gpruitt')}.")
    staged = empty_line((await site.get("/docket?q=gpruitt&stage=void&sort=newest")).text)
    assert staged == ("No open case matches “gpruitt” at the stage void. With the same "
                      "search and stage: 1 void case — "
                      f"{show('show=void&amp;sort=newest&amp;stage=void&amp;q=gpruitt')}.")
    assert listed((await site.get("/docket?show=void&stage=void&q=gpruitt")).text) == [pruitt]

    # every case, and none: nothing more to offer
    nothing = empty_line((await site.get("/docket?show=all&q=nobody")).text)
    assert nothing == "No case matches “nobody”."
    assert empty_line((await site.get("/docket?show=void&q=nobody")).text) == (
        "No void case matches “nobody”. No other view holds one either.")

    # the complainant's street is full access's to search: the clerk's counts find both
    # cases by it, a council member's none (no count tells them a word they may not read)
    assert empty_line((await site.get("/docket?show=closed&q=larch")).text) == (
        "No closed case matches “larch”. With the same search and stage: 1 open case — "
        f"{show('q=larch')}; 1 case waiting on you — {show('show=mine&amp;q=larch')}; "
        f"1 void case — {show('show=void&amp;q=larch')}.")
    await site.sign_in(COUNCIL)
    assert empty_line((await site.get("/docket?show=closed&q=larch")).text) == (
        "No closed case matches “larch”. No other view holds one either.")

    # an official counts only the cases against them: Pruitt's docket has no open case,
    # and Bates's open case is never counted on it; Bates's, the other way round
    await site.sign_in(RESPONDENT)
    assert listed((await site.get("/docket")).text) == []
    assert empty_line((await site.get("/docket")).text) == (
        f"No open case. 1 void case — {show('show=void')}.")
    await site.sign_in(OTHER_OFFICIAL)
    assert empty_line((await site.get("/docket?show=void")).text) == (
        f"No void case. 1 open case — {show('')}.")


def test_the_counts_are_one_statement_whatever_the_docket_holds(site: Site) -> None:
    """One grouped read for every view, not a count per view nor a loop over the cases."""
    numbers = [open_case(site.app) for _ in range(3)]
    step(site.app, numbers[0], c.VoidCase("a duplicate", "mayor@city.test"))
    asker = lookups.Asker(actor_for(site.app.directory, CLERK), CLERK, "web")
    engine = site.app.engine
    read = lookups.docket_counts_read(asker, now=site.app.clock(),
                                      dialect=engine.dialect.name)
    sent: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if not statement.startswith("BEGIN"):  # SQLite's transaction, not a read
            sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        with engine.connect() as conn:
            counts = read.answer(queries.run(conn, read.statements))
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert len(sent) == 1, sent
    assert counts == {"open": 2, "mine": 0, "overdue": 0, "closed": 0, "void": 1}
