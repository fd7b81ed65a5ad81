"""What intake finds missing is what the board is told is missing (issue 40): a complaint
that only cites a section ("... for violating 2.94.060. Please have someone call me.")
reaches the board's §2 submission with facts and reasons named as not found, the section
as cited; one that says why reaches it with its reasons."""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest

from cases.directory import Directory, Person
from cases.notices import NoticeType
from cases.procedure import open_case
from mail.parsing import parse_message
from notices.render import NoticeContext, render
from tests.unit.cases.riverton import BOARD, CALENDAR, at
from tests.unit.mail.conftest import CITY_TZ, CORPUS

CLIENTS = CORPUS.parent / "clients"
NOW = at("2026-12-04T12:00:00-08:00")


def submission(name: str, directory: Directory) -> str:
    raw = (CLIENTS / f"{name}.eml").read_bytes()
    result = parse_message(raw, directory=directory, timezone=CITY_TZ)
    assert result.accepted and result.filing is not None, result.detail
    case = open_case(number="ETH-2026-0040", filing=result.filing,
                     respondents=("thale@city.test",), at=NOW, actor="clerk@city.test")
    ctx = NoticeContext(
        type=NoticeType.SUBMISSION_TO_BOARD, recipient=BOARD[0], generation=0,
        message_id="<eth-2026-0040.submission_to_board.0.a@ethicsbot.city.test>",
        sender=Person("City of Riverton Ethics Intake", "ethics-intake@city.test"),
        uid_domain="ethicsbot.city.test", city="Riverton", calendar=CALENDAR, now=NOW,
        case=case, deadlines=tuple(case.deadlines(CALENDAR, now=NOW)), thread_root=None,
        complaint=raw)
    msg = BytesParser(_class=EmailMessage, policy=policy.default).parsebytes(
        render(ctx).as_bytes(policy=policy.SMTP))
    assert isinstance(msg, EmailMessage)
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    return " ".join(str(part.get_content()).split())


@pytest.mark.parametrize(("name", "missing", "reasons"), [
    ("81-statement-citation-only", {"facts", "reasons", "address"}, "(none extracted)"),
    ("82-statement-citation-with-reasons", None, "That violates 2.94.060 because"),
])
def test_the_board_is_told_which_section_1_element_is_missing(
        name: str, missing: set[str] | None, reasons: str, directory: Directory) -> None:
    text = submission(name, directory)
    assert "Provisions cited: 2.94.060" in text  # the section, never listed missing
    listed = re.search(r"Elements §1 asks for that intake did not find: ([a-z_, ]+?) Facts",
                       text)
    assert (set(listed[1].split(", ")) if listed else None) == missing
    assert f"Reasons given: {reasons}" in text
