"""The docket's "at risk" view (issue 39, item 1), on SQLite and PostgreSQL: the cases
whose statutory notices are still pending with their deadline near, or failing past the
undelivered time, judged by the at-risk sweep's own thresholds (`storage.queries.risk_window`);
the clerk's digest links to it, and it lists exactly the cases the digest tells of."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlalchemy import select

from mail.context import load_context
from mail.intake import Outcome, take_in
from notices.render import render
from storage import outbox
from storage.models import CaseRow, OutboxRow
from storage.queries import risk_window
from tests.fixtures.app import FakeClock, deadline_alerts
from tests.fixtures.web import Site
from tests.integration.mail.complaints import forwarded_complaint

CLERK = "clerk@city.test"


def opened(site: Site, n: int, *, hours_ago: float) -> str:
    """Case n, received `hours_ago`: its 24-hour notices (§2) are due 24 hours after."""
    result = take_in(forwarded_complaint(n), site.app.intake(), source="imap",
                     received_at=site.app.clock() - timedelta(hours=hours_ago))
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


def pending_notices(site: Site, number: str) -> list[int]:
    """The case's statutory notices still pending (its §2 notices)."""
    with site.app.session_factory() as s:
        return list(s.scalars(select(OutboxRow.id).join(CaseRow, CaseRow.id == OutboxRow.case_id)
                              .where(CaseRow.number == number, OutboxRow.status == "pending",
                                     OutboxRow.deadline_key.is_not(None))
                              .order_by(OutboxRow.id)))


async def at_risk(site: Site, query: str = "show=at-risk&sort=due") -> list[str]:
    answer = await site.get(f"/docket?{query}")
    assert answer.status == 200 and "/docket" in answer.url, answer.url
    return re.findall(r'<th scope="row"><a href="/cases/(ETH-[\d-]+)">', answer.text)


async def test_the_docket_lists_the_cases_at_risk_and_the_digest_links_to_them(
        site: Site, clock: FakeClock) -> None:
    await site.sign_in(CLERK)  # its link is delivered now: what follows stays pending
    near = opened(site, 1, hours_ago=20)  # §2's 24 hours run out in 4: within the 6
    far = opened(site, 2, hours_ago=0)  # 24 hours left, nothing failed: not at risk
    failing = opened(site, 3, hours_ago=0)  # far off, but its mail is refused
    sent = opened(site, 4, hours_ago=20)  # near, but every notice went
    went, refused = pending_notices(site, sent), pending_notices(site, failing)[0]
    with site.app.session_factory.begin() as s:
        for row in went:
            outbox.mark_sent(s, row, at=clock())
        outbox.note_error(s, refused, error="451 4.3.0 try again later")

    page = (await site.get("/docket?show=at-risk")).text
    assert "<option value=\"at-risk\" selected>cases at risk</option>" in page
    assert "less than 6 hours away or passed, or failing for over 15 minutes" in page
    # owed a moment ago and not yet tried: going out now, as the sweep judges it too
    assert await at_risk(site) == []
    assert deadline_alerts(site.app) == 0

    clock.advance(minutes=6)  # past "just owed": `near` should have gone by now
    assert await at_risk(site) == [near]
    clock.advance(minutes=10)  # `failing` has failed for over the 15 minutes
    assert await at_risk(site) == [near, failing]  # soonest due first
    assert far not in await at_risk(site, "show=at-risk&sort=opened")
    sheet = (await site.get("/docket.csv?show=at-risk&sort=due")).text
    assert [line.split(",")[0] for line in sheet.splitlines()[1:]] == [near, failing]
    # the filter keeps the search and the other filters
    assert await at_risk(site, f"show=at-risk&q={near[-4:]}") == [near]
    assert await at_risk(site, "show=at-risk&stage=referred") == []

    # the sweep tells of the same cases, and its digest links to this very view
    assert deadline_alerts(site.app) > 0
    with site.app.session_factory() as s:
        row = s.scalars(select(OutboxRow).where(OutboxRow.case_id.is_(None),
                                                OutboxRow.notice_type == "deadline_alert",
                                                OutboxRow.channel == "email")).first()
        assert row is not None
        notice = outbox.notice(s, row.id)
        assert notice is not None
        ctx = load_context(s, notice, letterhead=site.app.letterhead(),
                           calendar=site.app.calendar, clock=site.app.clock,
                           now=site.app.clock(), directory=site.app.directory)
    told = {line["number"] for line in ctx.about["lines"]}
    assert told == {near, failing}
    link = ctx.about["docket_url"]
    assert link == f"{site.url}/docket?show=at-risk&sort=due"
    part = render(ctx).get_body(("plain",))
    assert part is not None and link in str(part.get_content())
    assert await at_risk(site, link.split("?", 1)[1]) == [near, failing]

    # once its notices go, a case is no longer at risk
    went = pending_notices(site, near)
    with site.app.session_factory.begin() as s:
        for n in went:
            outbox.mark_sent(s, n, at=clock())
    assert await at_risk(site) == [failing]


async def test_the_thresholds_are_the_sweeps_and_the_citys_minutes(site: Site) -> None:
    """The web is handed the sweep's window, with the city's undelivered minutes."""
    assert site.app.web_deps().config.at_risk == risk_window(
        site.app.settings.undelivered_alert_after)
    custom = site.app.settings.model_copy(update={"undelivered_alert_minutes": 40.0})
    assert risk_window(custom.undelivered_alert_after).undelivered == timedelta(minutes=40)
