"""The complainant's identity withheld from the official and the council (issue 27, item
4; `cases.protection`): a city reading, default off; the clerk's step with its basis and
summary; what each reader sees; the notices that carry the summary instead of the
complaint."""

from __future__ import annotations

import email
from dataclasses import replace
from email import policy
from email.message import EmailMessage

import pytest

from cases import commands as c
from cases.access import Actor, Refused, check_step
from cases.case import Case
from cases.directory import Person, Role
from cases.errors import ProcedureError
from cases.filing import Complainant
from cases.history import EventKind
from cases.levels import Access
from cases.notices import NoticeType
from cases.procedure import handle, open_case
from cases.protection import (
    ProtectionBasis,
    as_seen,
    identifying,
    protection_data,
    withheld_statement,
)
from cases.public_records import PublicRecord
from cases.readings import DEFAULT, ComplainantProtection, Readings
from cases.released import parts
from notices.render import NoticeContext, render
from tests.unit.cases.riverton import BOARD, CALENDAR, CLERK, COUNCIL, at, filing

ON = Readings(complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED)
SUMMARY = ("Alleges that the Parks Director awarded a mowing contract to a relative's "
           "firm without recusing (2.96.030(A), 2.96.030(B)).")
RAW = (b"From: Ada Citizen <ada@example.org>\r\nTo: mayor@city.test\r\n"
       b"Subject: Ethics complaint\r\n\r\n"
       b"On Dec 3 the Parks Director awarded the mowing contract to his brother's firm.\r\n")
RESPONDENT = Person("Gary Pruitt", "gpruitt@city.test")
SENDER = Person("City of Riverton Ethics Intake", "ethics-intake@city.test")
WHEN = "2026-01-06T10:00:00-08:00"


def a_case() -> Case:
    return open_case(number="ETH-2026-0001", filing=filing(),
                     respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK.email)


def withhold(case: Case, readings: Readings = ON, *, summary: str = SUMMARY,
             told: tuple[str, ...] = ()) -> None:
    handle(case, c.WithholdComplainant(ProtectionBasis.RCW_42_41, summary, told),
           at=at(WHEN), actor=CLERK.email, calendar=CALENDAR, readings=readings)


def test_refused_while_the_city_has_not_decided_and_recorded_once_it_has() -> None:
    """The reading off (the default): the clerk is told what the city must decide, and
    nothing is recorded; the same step under the city's reading is recorded."""
    assert DEFAULT.complainant_protection is ComplainantProtection.DISCLOSED
    case = a_case()
    with pytest.raises(ProcedureError) as err:
        withhold(case, DEFAULT)
    message = str(err.value)
    assert "complainant_protection" in message and "withheld_where_recorded" in message
    assert "city attorney" in message and "RCW 42.41" in message
    assert case.protection is None and len(case.history) == 1

    withhold(case, ON)
    assert case.protection is not None
    assert case.protection.basis is ProtectionBasis.RCW_42_41
    assert case.protection.summary == SUMMARY and case.protection.recorded_by == CLERK.email
    entry = case.history[-1]
    assert entry.kind is EventKind.COMPLAINANT_WITHHELD
    assert entry.data["basis"] == "rcw-42.41" and "RCW 42.41.030" in entry.data["reading"]


def test_only_the_mayors_office_records_it() -> None:
    check_step(Actor(CLERK.email, frozenset({Role.DESIGNEE})), c.WithholdComplainant.step)
    for role in (Role.BOARD_CHAIR, Role.COUNCIL, Role.OFFICIAL):
        with pytest.raises(Refused):
            check_step(Actor("x@city.test", frozenset({role})), c.WithholdComplainant.step)


@pytest.mark.parametrize(("summary", "gives"), [
    ("Ada Citizen says the director favoured his brother.", "name"),
    ("Filed by ada@example.org about a contract.", "email"),
    ("Call (206) 555-0100 about the contract.", "phone"),
    ("From 12 elm st, riverton, wa 98000: a contract.", "address"),
])
def test_a_summary_that_identifies_the_complainant_is_refused(summary: str, gives: str) -> None:
    case = a_case()
    with pytest.raises(ProcedureError) as err:
        withhold(case, summary=summary)
    assert f"complainant's {gives}" in str(err.value)
    assert case.protection is None


def test_the_summary_is_required_and_recorded_once() -> None:
    case = a_case()
    with pytest.raises(ProcedureError, match="Give the summary"):
        withhold(case, summary="   ")
    withhold(case)
    with pytest.raises(ProcedureError, match=r"already withheld under RCW 42\.41\.030"):
        withhold(case, summary="Another summary of the contract.")


def test_identifying_finds_nothing_in_a_summary_that_names_no_one() -> None:
    who = Complainant("Ada Citizen", "ada@example.org", "+12065550100", "12 Elm St")
    assert identifying(SUMMARY, who) == []
    assert identifying("ADA CITIZEN", who) == ["name"]
    assert identifying("206.555.0100", who) == ["phone"]


def test_the_entry_tells_the_clerk_what_had_already_gone_and_what_to_mail() -> None:
    """Recorded after the official's §2 notice was delivered: the entry names who had the
    complaint, complainant named, and says the registered copy to mail is the summary."""
    before = a_case()
    withhold(before)
    assert "Recorded before the complaint reached the official" in \
        before.history[-1].data["note"]
    after = a_case()
    withhold(after, told=("GPruitt@city.test",))
    data = after.history[-1].data
    assert data["already_told"] == ["gpruitt@city.test"]
    assert "the complaint to gpruitt@city.test" in data["note"]
    assert "tell the complainant" in data["note"]
    assert "Mail the summary, not the complaint, by registered mail (§2) to " \
           "gpruitt@city.test" in data["note"]


def _detail(case: Case) -> dict[str, object]:
    first = case.history[0]
    return {"number": case.number, "filing": first.data["filing"],
            "protection": protection_data(case.protection),
            "history": [{"kind": e.kind.value, "data": e.data} for e in case.history],
            # a hearing notice to the complainant and their answer to its invitation
            "notices": [{"type": "hearing_scheduled", "recipient": "ada@example.org"},
                        {"type": "hearing_scheduled", "recipient": "gpruitt@city.test"}],
            "meetings": [{"number": 1, "answers": {"ada@example.org": "accepted",
                                                   "gpruitt@city.test": "accepted"}}]}


def test_the_official_and_the_council_see_the_summary_the_full_record_everything() -> None:
    case = a_case()
    plain = _detail(case)
    assert as_seen(plain, Access.COUNCIL) == plain  # no protection: nothing changes
    withhold(case)
    detail = _detail(case)
    assert as_seen(detail, Access.FULL) == detail
    for access in (Access.COUNCIL, Access.RESPONDENT, Access.PUBLIC):
        seen = as_seen(detail, access)
        text = repr(seen)
        for secret in ("Ada Citizen", "ada@example.org", "5550100", "Elm St", "brother"):
            assert secret not in text, (access, secret)
        assert seen["filing"]["facts"] == SUMMARY  # type: ignore[index]
        assert [n["recipient"] for n in seen["notices"]] == ["gpruitt@city.test"]  # type: ignore[attr-defined]
        assert seen["meetings"][0]["answers"] == {"gpruitt@city.test": "accepted"}  # type: ignore[index]
        assert seen["filing"]["code_sections"] == ["2.96.030(A)", "2.96.030(B)"]  # type: ignore[index]


def _ctx(case: Case, type_: NoticeType, recipient: Person) -> NoticeContext:
    now = at(WHEN)
    return NoticeContext(type=type_, message_id=f"<{type_.value}.1@ethicsbot.city.test>",
                         recipient=recipient, generation=0, sender=SENDER,
                         uid_domain="ethicsbot.city.test", city="Riverton",
                         calendar=CALENDAR, now=now, case=case,
                         deadlines=tuple(case.deadlines(CALENDAR, now=now)), complaint=RAW)


def _seen(msg: EmailMessage) -> str:
    """Everything the recipient can read: every part, attachments included."""
    out = email.message_from_bytes(msg.as_bytes(policy=policy.SMTP), _class=EmailMessage,
                                   policy=policy.default)
    assert isinstance(out, EmailMessage)
    return "\n".join(str(p.get_content()) for p in out.walk() if not p.is_multipart())


def test_the_officials_and_councils_notices_carry_the_summary_and_the_basis() -> None:
    case = a_case()
    withhold(case)
    statement = withheld_statement(ProtectionBasis.RCW_42_41)
    for type_, to in ((NoticeType.COMPLAINT_TO_RESPONDENT, RESPONDENT),
                      (NoticeType.COMPLAINT_TO_COUNCIL, COUNCIL[0])):
        msg = render(_ctx(case, type_, to))
        assert list(msg.iter_attachments()) == [], type_
        text = " ".join(_seen(msg).split())
        for secret in ("Ada Citizen", "ada@example.org", "5550100", "brother's firm"):
            assert secret not in text, (type_, secret)
        assert " ".join(SUMMARY.split()) in text
        assert statement in text and "RCW 42.41.030" in text
    task = " ".join(_seen(render(_ctx(case, NoticeType.REGISTERED_MAIL_TASK, CLERK))).split())
    assert "Mail the summary below, not the complaint" in task and SUMMARY in task
    board = render(_ctx(case, NoticeType.SUBMISSION_TO_BOARD, BOARD[0]))
    assert [p.get_filename() for p in board.iter_attachments()] == \
        ["ETH-2026-0001-complaint.eml"]  # the board judges what was filed
    assert "do not disclose who filed the complaint" in " ".join(_seen(board).split())


def test_without_a_protection_the_official_gets_the_complaint_as_before() -> None:
    case = a_case()
    msg = render(_ctx(case, NoticeType.COMPLAINT_TO_RESPONDENT, RESPONDENT))
    assert [p.get_filename() for p in msg.iter_attachments()] == \
        ["ETH-2026-0001-complaint.eml"]
    text = _seen(msg)
    assert "Ada Citizen" in text and "withheld" not in text


def test_a_records_request_releases_the_complaint_with_the_identity_redacted() -> None:
    """Issue 38, part 5: a protected complainant's complaint is produced as filed, with
    their identity redacted, each redaction citing the basis recorded (RCW 42.56.210(3));
    not the clerk's summary. Their name, written into the facts, is cut there too."""
    case = a_case()
    case.filing = replace(case.filing, facts="I, Ada Citizen (ada@example.org), saw the "
                          "Parks Director award the mowing contract to his brother's firm.")
    withhold(case)
    [part] = parts(case, [PublicRecord.COMPLAINT])
    lines = dict(part.lines)
    assert lines["Filed by"] == "[redacted: RCW 42.41.030]"
    assert lines["Facts"] == ("I, [redacted: RCW 42.41.030] ([redacted: RCW 42.41.030]), saw "
                              "the Parks Director award the mowing contract to his brother's "
                              "firm.")
    assert lines["Reasons"] == case.filing.reasons
    text = " ".join(lines.values())
    assert SUMMARY not in text and "Ada" not in text and "ada@" not in text
