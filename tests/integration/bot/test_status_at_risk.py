"""`/ethics status at-risk` (issue 41): Slack's docket of the cases whose statutory notices
are at risk, the web's `/docket?show=at-risk&sort=due` by the same query and the same
thresholds (the sweep's, with the city's undelivered minutes), on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import re
from datetime import timedelta

from sqlalchemy import select

from ethicsbot.bootstrap import App
from mail.intake import Outcome, take_in
from storage import outbox
from storage.models import CaseRow, OutboxRow
from storage.queries import risk_window
from tests.fixtures.app import FakeClock
from tests.fixtures.web import Site
from tests.integration.bot.conftest import CLERK, COUNCIL, SlackDriver
from tests.integration.mail.complaints import forwarded_complaint


def opened(app: App, n: int, *, hours_ago: float) -> str:
    """Case n, received `hours_ago`: its §2 notices are due 24 hours after."""
    result = take_in(forwarded_complaint(n), app.intake(), source="imap",
                     received_at=app.clock() - timedelta(hours=hours_ago))
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


def pending(app: App, number: str) -> list[int]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow.id).join(CaseRow, CaseRow.id == OutboxRow.case_id)
                              .where(CaseRow.number == number, OutboxRow.status == "pending",
                                     OutboxRow.deadline_key.is_not(None))
                              .order_by(OutboxRow.id)))


async def listed(slack: SlackDriver, text: str = "status at-risk", user: str = CLERK
                 ) -> list[str]:
    return re.findall(r"\*(ETH-[\d-]+)\*", (await slack.command(user, text)).shown)


async def on_the_web(site: Site) -> list[str]:
    page = (await site.get("/docket?show=at-risk&sort=due")).text
    return re.findall(r'<th scope="row"><a href="/cases/(ETH-[\d-]+)">', page)


async def test_slack_lists_the_cases_at_risk_as_the_web_does(
        site: Site, slack: SlackDriver, bot_app: App, clock: FakeClock) -> None:
    await site.sign_in("clerk@city.test")  # its link is delivered now: what follows stays pending
    near = opened(bot_app, 1, hours_ago=20)  # §2's 24 hours run out in 4: within the 6
    far = opened(bot_app, 2, hours_ago=0)  # 24 hours left, nothing failed
    failing = opened(bot_app, 3, hours_ago=0)  # far off, but its mail is refused
    sent = opened(bot_app, 4, hours_ago=20)  # near, but every notice went
    went, refused = pending(bot_app, sent), pending(bot_app, failing)[0]
    with bot_app.session_factory.begin() as s:
        for row in went:
            outbox.mark_sent(s, row, at=clock())
        outbox.note_error(s, refused, error="451 4.3.0 try again later")

    # owed a moment ago and not yet tried: going out now, as the sweep judges it too
    empty = (await slack.command(CLERK, "status at-risk")).shown
    assert "No cases at risk." in empty
    assert "less than 6 hours away or passed, or failing for over 15 minutes" in empty
    assert "`/ethics status`" in empty

    clock.advance(minutes=16)  # past "just owed", and `failing` failing for over 15 minutes
    shown = (await slack.command(CLERK, "status at-risk")).shown
    assert "Cases at risk" in shown and "soonest deadline first" in shown
    assert await listed(slack) == [near, failing] == await on_the_web(site)
    assert far not in shown and sent not in shown
    # the open docket still lists every open case, in the order they were opened
    assert await listed(slack, "status") == [near, far, failing, sent]
    assert await listed(slack, "STATUS At-Risk page 1") == [near, failing]
    assert await listed(slack, "status at-risk page 2") == []
    assert "No cases at risk on page 2." in (
        await slack.command(CLERK, "status at-risk page 2")).shown
    # the council sees the whole docket, and so the same cases
    assert await listed(slack, user=COUNCIL) == [near, failing]

    # once its notices go, a case is no longer at risk
    went = pending(bot_app, near)
    with bot_app.session_factory.begin() as s:
        for row in went:
            outbox.mark_sent(s, row, at=clock())
    assert await listed(slack) == [failing] == await on_the_web(site)


async def test_a_malformed_status_says_every_form(slack: SlackDriver) -> None:
    shown = (await slack.command(CLERK, "status at-risk soon")).shown
    assert "`/ethics status at-risk`" in shown and "`/ethics status page 2`" in shown


def test_slack_judges_by_the_sweeps_thresholds_with_the_citys_minutes(bot_app: App) -> None:
    assert bot_app.slack_deps().at_risk == risk_window(bot_app.settings.undelivered_alert_after)
    custom = bot_app.settings.model_copy(update={"undelivered_alert_minutes": 40.0})
    city = dataclasses.replace(bot_app, settings=custom)
    assert city.slack_deps().at_risk.undelivered == timedelta(minutes=40)
    assert city.slack_deps().at_risk == city.web_deps().config.at_risk
