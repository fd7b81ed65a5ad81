"""A member who recused on a case is walled off from it (§14 applied to every conflict):
the look that reads the case refuses them, the docket leaves it out for them, and the
access log says so once; every other member still sees it. Both ways a case is read
(Slack's autocommit reader, the web's), on both databases."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from cases import commands as c
from cases.access import NOT_ENTITLED, Refused, actor_for
from cases.levels import Access
from ethicsbot.bootstrap import App
from storage import lookups, queries
from storage.models import AccessLogRow
from tests.fixtures.cases import open_one, step

OSEI, PARK = "vosei@city.test", "hpark@city.test"


def factory_of(app: App, surface: str) -> sessionmaker[Session]:
    return (app.slack_deps() if surface == "slack" else app.web_deps()).session_factory


def look(app: App, factory: sessionmaker[Session], who: str, number: str) -> Access:
    access, _ = asyncio.run(lookups.InlineDocket(factory).case_view(
        lookups.Asker(actor_for(app.directory, who), who, "test"), number, "case status",
        now=app.clock(), readings=app.directory.readings))
    return access


def docket(app: App, factory: sessionmaker[Session], who: str) -> list[str]:
    rows, _ = asyncio.run(lookups.InlineDocket(factory).docket(
        lookups.Asker(actor_for(app.directory, who), who, "test"), 1, size=50,
        now=app.clock()))
    return [r["number"] for r in rows]


@pytest.mark.parametrize("surface", ["slack", "web"])
def test_a_member_who_recused_is_walled_off_from_the_case_and_its_docket_line(
        app: App, surface: str) -> None:
    number, other = open_one(app), open_one(app)
    factory = factory_of(app, surface)
    assert look(app, factory, OSEI, number) is Access.FULL  # before: a board member sees all
    board = frozenset(p.email for p in app.directory.board)
    council = frozenset(p.email for p in app.directory.council)
    step(app, number, c.RecordRecusal(OSEI, "the complainant is my sister", board, council),
         actor=OSEI)
    with pytest.raises(Refused, match=NOT_ENTITLED[:40]):
        look(app, factory, OSEI, number)
    assert look(app, factory, OSEI, other) is Access.FULL  # walled off from that case only
    assert look(app, factory, PARK, number) is Access.FULL  # the other members still see it
    assert number not in docket(app, factory, OSEI) and other in docket(app, factory, OSEI)
    assert {number, other} <= set(docket(app, factory, PARK))
    with app.session_factory() as s:  # "your deadlines" leaves the case out for them too
        def deadlines_of(who: str) -> set[str]:
            return {r["number"] for r in queries.open_deadlines(
                session=s, responsible=["board_chair"], now=app.clock(), asker=who)}
        assert number not in deadlines_of(OSEI) and other in deadlines_of(OSEI)
        assert number in deadlines_of(PARK)
    with app.session_factory() as s:  # each look logged once, the refused one as refused
        lines = s.execute(select(AccessLogRow.action, AccessLogRow.allowed).where(
            AccessLogRow.who == OSEI, AccessLogRow.case_number == number)
            .order_by(AccessLogRow.id)).all()
    assert [tuple(x) for x in lines] == [("case status", True),
                                        ("case status refused", False)]
