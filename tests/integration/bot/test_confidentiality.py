"""§6 and §13 in Slack: each person sees a case as far as their role entitles them, every
lookup is logged, and after closure the public records are there for anyone who asks,
once the city attorney has released them on a disclosure request (§6)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from sqlalchemy import select

from cases import commands as c
from cases.access import NOT_ENTITLED
from cases.handlers import Command
from cases.public_records import PublicRecord
from cases.services import take_step
from ethicsbot.bootstrap import App
from storage.models import AccessLogRow
from tests.fixtures.cases import board_finds, convene, step
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    ATTORNEY,
    BOARD_MEMBER,
    COUNCIL,
    RESPONDENT_COUNCIL,
    STRANGER,
    SlackDriver,
    open_case,
    start_driver,
    with_slack,
)

CONTACT = ("1418 Larch Avenue", "+15095550134", "dw@example.net")
FACTS = "used City Hall for a campaign event"


def steps(app: App, number: str, *cmds: Command) -> None:
    for cmd in cmds:
        with app.uow() as uow:
            take_step(uow, number, cmd, directory=app.directory, calendar=app.calendar,
                      clock=app.clock, actor="hpark@city.test")
            uow.commit()


def found_insufficient_and_closed(app: App, number: str) -> None:
    convene(app, number)
    steps(app, number, c.BeginHearing(), c.RecordRespondentHeard(), c.ConcludeHearing())
    board_finds(app, number, sufficient=False)
    steps(app, number, c.IssueReport(sufficient=False, summary="no prima facie showing",
                        report_file="F0REPORT1"), c.DeliverReport(), c.CloseCase("insufficient"))


@pytest.fixture
def pruitt_on_slack(app: App, slack_stub: SlackStub) -> App:
    """The example city with its parks director on Slack: listed, but in no role that
    sees complaints."""
    d = app.directory
    officials = tuple(dataclasses.replace(p, slack="UPRUITT") if p.name == "Gary Pruitt"
                      else p for p in d.officials)
    return with_slack(dataclasses.replace(app, directory=dataclasses.replace(
        d, officials=officials)), slack_stub)


async def test_a_council_member_complained_against_sees_only_their_own_notice_rights(
        slack: SlackDriver, bot_app: App) -> None:
    n = open_case(bot_app, "Priya Raman")
    own = (await slack.command(RESPONDENT_COUNCIL, f"status {n}")).shown
    assert FACTS in own and "Dana Whitfield" in own
    assert not any(x in own for x in CONTACT)
    assert "complaint to respondent → praman@city.test" in own
    assert "complaint to council" not in own and "submission to board" not in own
    assert "*Deadlines*" not in own and "hearing begin" not in own

    colleague = (await slack.command(COUNCIL, f"status {n}")).shown
    assert FACTS in colleague and "*Deadlines*" in colleague
    assert not any(x in colleague for x in CONTACT)
    assert "complaint to council → abrandt@city.test" in colleague
    assert "praman@city.test:" not in colleague and "submission to board" not in colleague

    board = (await slack.command(BOARD_MEMBER, f"status {n}")).shown
    assert all(x in board for x in CONTACT) and "submission to board → vosei@city.test" in board
    assert "Hearing began" not in board  # no button for a step the stage does not allow

    with bot_app.session_factory() as s:
        log = [(r.who, r.case_number, r.action, r.allowed) for r in s.scalars(
            select(AccessLogRow).order_by(AccessLogRow.id))]
    assert log == [(who, n, "case status", True) for who in (
        "praman@city.test", "abrandt@city.test", "vosei@city.test")]


async def test_someone_listed_without_a_role_learns_nothing_until_closure(
        pruitt_on_slack: App, slack_stub: SlackStub) -> None:
    app = pruitt_on_slack
    server, slack = await start_driver(app, slack_stub, process_before_response=True)
    try:
        own, other = open_case(app, "Gary Pruitt"), open_case(app, "Lorna Bates")
        docket = (await slack.command("UPRUITT", "status")).shown
        assert own in docket and other not in docket
        hidden = await slack.command("UPRUITT", f"status {other}")
        absent = await slack.command("UPRUITT", "status ETH-2026-0999")
        assert hidden.json["text"] == absent.json["text"] == NOT_ENTITLED

        found_insufficient_and_closed(app, other)
        # closed, but nothing released yet: confidentiality continues (§6)
        still = await slack.command("UPRUITT", f"status {other}")
        assert still.json["text"] == NOT_ENTITLED
        steps(app, other, c.RecordDisclosureRequest("A. Reporter"),
              c.PrepareInstalment(tuple(PublicRecord), final=True))
        step(app, other, c.ReleaseRecords(), actor="attorney@city.test")
        for user in ("UPRUITT", STRANGER, ATTORNEY):
            public = (await slack.command(user, f"status {other}")).shown
            assert FACTS in public and "insufficient" in public and "F0REPORT1" in public
            assert "public records (§13)" in public
            if user != ATTORNEY:  # the public records, not the file
                assert not any(x in public for x in CONTACT)
                assert "*History*" not in public and "*Notices*" not in public
        with app.session_factory() as s:
            refused = s.scalars(select(AccessLogRow.case_number).where(
                AccessLogRow.allowed.is_(False))).all()
        assert refused == [other, "ETH-2026-0999", other]
    finally:
        await slack.session.close()
        await server.close()


async def test_bidirectional_controls_in_a_stored_complaint_are_shown_as_marks(
        slack: SlackDriver, bot_app: App) -> None:
    """Text stored before any parser neutralised it (or typed into the form) still cannot
    reorder what a board member reads in Slack."""
    from cases.filing import Complainant, Filing
    from cases.services import file_complaint
    from cases.text import BIDI_CONTROLS

    filing = Filing(received_at=bot_app.clock(),
                    complainant=Complainant("Dana \u202eWhitfield", "dw@example.net", None,
                                            "1418 Larch \u2066Avenue\u2069"),
                    facts="He was paid \u202e0001$\u202c in cash.",
                    code_sections=("2.94.030",), reasons="\u2067misuse\u2069", signed=True,
                    respondents=("Gary Pruitt",))
    with bot_app.uow() as uow:
        number = file_complaint(uow, filing, directory=bot_app.directory,
                                calendar=bot_app.calendar, clock=bot_app.clock,
                                actor="clerk@city.test").number
        uow.commit()
    reply = await slack.command(BOARD_MEMBER, f"status {number}")
    answer = json.dumps(reply.json, ensure_ascii=False)
    assert "paid" in answer and not any(ch in answer for ch in BIDI_CONTROLS)
    shown = reply.shown
    assert "He was paid [U+202E]0001$[U+202C] in cash." in shown
    assert "Dana [U+202E]Whitfield" in shown and "1418 Larch [U+2066]Avenue[U+2069]" in shown
    assert "[U+2067]misuse[U+2069]" in shown
