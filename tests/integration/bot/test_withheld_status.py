"""`/ethics status CASE` in Slack once the complainant is withheld (issue 27, item 4;
`cases.protection`): the official complained against and a council member see the
summary and the statute, never the complainant or the complaint's words; a board member
sees the complaint as filed (SQLite and PostgreSQL)."""

from __future__ import annotations

import dataclasses

from cases import commands as c
from cases.protection import ProtectionBasis
from cases.readings import ComplainantProtection, Readings
from cases.services import take_step
from ethicsbot.bootstrap import App
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    BOARD_MEMBER,
    COUNCIL,
    RESPONDENT_COUNCIL,
    open_case,
    start_driver,
    with_slack,
)

SECRETS = ("Dana Whitfield", "1418 Larch Avenue", "+15095550134", "dw@example.net",
           "used City Hall for a campaign event")
SUMMARY = "Alleges the use of city property for a political campaign (2.94.030)."


async def test_the_official_and_the_council_see_the_summary_in_slack(
        app: App, slack_stub: SlackStub) -> None:
    decided = with_slack(dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(
            complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED))),
        slack_stub)
    server, slack = await start_driver(decided, slack_stub, process_before_response=True)
    try:
        number = open_case(decided, "Priya Raman")  # a council member complained against
        with decided.uow() as uow:
            take_step(uow, number, c.WithholdComplainant(ProtectionBasis.RCW_42_56_240,
                                                         SUMMARY),
                      directory=decided.directory, calendar=decided.calendar,
                      clock=decided.clock, actor="clerk@city.test")
            uow.commit()
        for user in (RESPONDENT_COUNCIL, COUNCIL):
            shown = (await slack.command(user, f"status {number}")).shown
            for secret in SECRETS:
                assert secret not in shown, (user, secret)
            assert SUMMARY in shown and "RCW 42.56.240(2)" in shown, user
            assert "by: withheld" in shown
        board = (await slack.command(BOARD_MEMBER, f"status {number}")).shown
        assert all(s in board for s in SECRETS)
    finally:
        await slack.session.close()
        await server.close()
