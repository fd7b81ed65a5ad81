"""`/ethics file`: the §1 form opens in a modal, and its submission opens a case exactly
as mail intake does (the filing kept, the §2 notices owed) and tells the filer what is
missing. Only the mayor's office may back-date the receipt of a paper complaint."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from bot.ids import Field, View
from cases.directory import Person
from ethicsbot.bootstrap import App
from storage.models import CaseRow, FilingRow, OutboxRow
from tests.fixtures.slack_stub import SlackStub
from tests.integration.bot.conftest import (
    CLERK,
    COUNCIL,
    STRANGER,
    SlackDriver,
    start_driver,
)

PAPER = datetime(2026, 11, 27, 16, 30, tzinfo=UTC)  # Fri Nov 27, 8:30 AM in Riverton


def values(*, phone: str = "(509) 555-0134", received: datetime | None = None,
           reasons: str = "") -> dict[str, Any]:
    def text(v: str) -> dict[str, Any]:
        return {"type": "plain_text_input", "value": v}

    form = {
        Field.RESPONDENTS: {"type": "multi_static_select",
                            "selected_options": [{"value": "gpruitt@city.test"}]},
        Field.FACTS: text("On Oct 3 the parks director hired his nephew without posting."),
        Field.SECTIONS: text("2.94.030(B), 2.94.040"),
        Field.REASONS: text(reasons),
        Field.NAME: text("Dana Whitfield"),
        Field.ADDRESS: text("1418 Larch Avenue, Riverton, WA 99301"),
        Field.PHONE: text(phone),
        Field.EMAIL: text(""),
        Field.SIGNATURE: {"type": "checkboxes", "selected_options": [{"value": "signed"}]},
        Field.RECEIVED: {"type": "datetimepicker", "selected_date_time":
                         int(received.timestamp()) if received else None},
    }
    return {k.value: {k.value: v} for k, v in form.items()}


def opened_form(stub: SlackStub) -> dict[str, Any]:
    (call,) = stub.to("views.open")
    assert call["trigger_id"] == "13.45.ab"
    return dict(call["view"])


def block_ids(view: dict[str, Any]) -> list[str]:
    return [b["block_id"] for b in view["blocks"]]


async def test_the_form_asks_for_the_section_1_elements(slack: SlackDriver,
                                                       slack_stub: SlackStub) -> None:
    reply = await slack.command(CLERK, "file")
    assert reply.status == 200 and reply.text == ""
    form = opened_form(slack_stub)
    assert form["callback_id"] == View.FILE
    assert sorted(block_ids(form)) == sorted(f.value for f in Field)  # with the receipt time
    officials = form["blocks"][0]["element"]["options"]
    assert {"gpruitt@city.test", "praman@city.test", "mayor@city.test"} <= {
        o["value"] for o in officials}
    assert "myu@examiners.example" not in {o["value"] for o in officials}

    slack_stub.calls.clear()
    await slack.command(COUNCIL, "file")
    assert Field.RECEIVED.value not in block_ids(opened_form(slack_stub))
    stranger = await slack.command(STRANGER, "file")
    assert "directory" in stranger.json["text"]


async def test_a_submission_opens_a_case_and_owes_the_section_2_notices(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App) -> None:
    await slack.command(CLERK, "file")
    form = opened_form(slack_stub)
    reply = await slack.submit(CLERK, form, values(received=PAPER))
    assert reply.status == 200
    assert reply.json["response_action"] == "update"
    shown = reply.json["view"]["blocks"][0]["text"]["text"]
    assert "ETH-2026-0001" in shown and "reasons" in shown  # the one element left out
    with bot_app.session_factory() as s:
        case = s.scalars(select(CaseRow)).one()
        assert case.received_at == PAPER  # the clocks run from the paper's arrival
        notices = sorted((o.notice_type, o.recipient_email) for o in s.scalars(select(OutboxRow)))
        filing = s.scalars(select(FilingRow)).one()
    assert ("complaint_to_respondent", "gpruitt@city.test") in notices
    assert ("registered_mail_task", "clerk@city.test") in notices
    assert len([n for n in notices if n[0] == "complaint_to_council"]) == 5
    assert len([n for n in notices if n[0] == "submission_to_board"]) == 3
    assert (filing.source, filing.outcome, filing.case_id) == ("slack", "opened", case.id)

    again = await slack.submit(CLERK, form, values(received=PAPER))
    assert "already opened" in again.json["view"]["blocks"][0]["text"]["text"]
    with bot_app.session_factory() as s:
        assert len(s.scalars(select(CaseRow)).all()) == 1


async def test_only_the_mayors_office_sets_the_receipt_and_bad_fields_are_shown(
        slack: SlackDriver, slack_stub: SlackStub, bot_app: App) -> None:
    form = {"type": "modal", "callback_id": View.FILE.value}
    bad = await slack.submit(COUNCIL, form, values(phone="call me"), view_id="V2")
    assert bad.json == {"response_action": "errors", "errors": {
        Field.PHONE.value: "Not a telephone number (e.g. 509 555 0134)."}}
    ok = await slack.submit(COUNCIL, form, values(received=PAPER, reasons="nepotism"),
                            view_id="V3")
    assert "Every §1 element is present" in ok.json["view"]["blocks"][0]["text"]["text"]
    with bot_app.session_factory() as s:
        assert s.scalars(select(CaseRow.received_at)).one() == bot_app.clock()


def respondents(*emails: str) -> dict[str, Any]:
    chosen = values()
    chosen[Field.RESPONDENTS.value][Field.RESPONDENTS.value]["selected_options"] = [
        {"value": e} for e in emails]
    return chosen


async def test_only_respondents_from_the_directory_are_accepted(
        slack: SlackDriver, bot_app: App) -> None:
    """A submission naming someone not in the directory (or an examiner, who cannot be
    complained against) is refused beside the field, and opens no case."""
    form = {"type": "modal", "callback_id": View.FILE.value}
    for i, chosen in enumerate((("gpruitt@city.test", "boss@evil.example"),
                                ("myu@examiners.example",), ())):
        reply = await slack.submit(CLERK, form, respondents(*chosen), view_id=f"VX{i}")
        assert reply.json["response_action"] == "errors", reply.json
        error = reply.json["errors"][Field.RESPONDENTS.value]
        assert "directory" in error and "choose" in error.lower()
    with bot_app.session_factory() as s:
        assert s.scalars(select(CaseRow)).all() == []
    ok = await slack.submit(CLERK, form, respondents("GPruitt@city.test"), view_id="VOK")
    assert ok.json["response_action"] == "update"
    with bot_app.session_factory() as s:
        assert s.scalars(select(CaseRow.respondents)).one() == ["gpruitt@city.test"]


async def test_a_big_directory_is_offered_whole_in_groups(bot_app: App,
                                                         slack_stub: SlackStub) -> None:
    """Slack takes 100 options a list: 150 officials come in two groups, none left out."""
    staff = tuple(Person(f"Employee {i:03d}", f"e{i}@city.test", title="Clerk II")
                  for i in range(150))
    d = dataclasses.replace(bot_app.directory, officials=bot_app.directory.officials + staff)
    big = dataclasses.replace(bot_app, directory=d)
    server, driver = await start_driver(big, slack_stub, process_before_response=True)
    try:
        await driver.command(CLERK, "file")
        element = opened_form(slack_stub)["blocks"][0]["element"]
    finally:
        await driver.session.close()
        await server.close()
    assert "options" not in element
    groups = element["option_groups"]
    assert all(len(g["options"]) <= 100 for g in groups) and len(groups) <= 100
    offered = [o["value"] for g in groups for o in g["options"]]
    assert len(offered) == len(set(offered)) == len(d.respondent_candidates())
    assert {"e0@city.test", "e149@city.test", "gpruitt@city.test"} <= set(offered)
