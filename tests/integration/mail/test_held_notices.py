"""§2 notices held for the clerk's decision on the complainant's protection (issue 38;
`cases.protection_hold`), from mail intake to the SMTP sink, on SQLite and PostgreSQL.

Where the city may withhold a complainant (`complainant_protection:
withheld_where_recorded`), a complaint whose writer asks to stay unknown has its
official's and council's notices held, the board's copy and the acknowledgement sent at
once, and the clerk told until when; a complaint beside it that asks nothing goes at once.
The hold ends by the protection recorded (the summary goes), by the clerk's release (the
complaint as filed goes), or at its moment, 8 hours before §2's 24 hours run out."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from email.message import EmailMessage

import pytest

from cases import commands as c
from cases.errors import ProcedureError
from cases.protection import ProtectionBasis
from cases.readings import ComplainantProtection, Readings
from cases.services import take_step
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from mail.intake import Outcome, take_in
from mail.transport import SmtpTls, SmtpTransport
from tests.integration.mail.complaints import forwarded_complaint
from tests.servers.smtp_sink import SmtpSink

ASKS = (b"I work for the city and fear retaliation: please keep my name confidential.")
SEEN = b"I saw the disclosure forms myself at the city clerk's counter."
SUMMARY = ("Alleges that the official voted to award a city contract to a relative's "
           "company without disclosing it (2.94.030, 2.94.040(B)).")
COUNCIL = {"praman@city.test", "abrandt@city.test", "bokafor@city.test",
           "mortiz@city.test", "thale@city.test"}
CLERK = "clerk@city.test"


def protecting(app: App) -> App:
    return dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(
            complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED)))


def opened(city: App, raw: bytes) -> str:
    result = take_in(raw, city.intake(), source="imap", received_at=city.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


async def sent(city: App, sink: SmtpSink) -> list[EmailMessage]:
    transport = SmtpTransport(sink.host, sink.port, tls=SmtpTls.NONE, timeout=5)
    return sink.wait_for(await dispatch_once(city.dispatch_deps(), transport))


def about(msgs: list[EmailMessage], number: str) -> dict[str, list[str]]:
    """Each recipient of case `number`'s mail, with the subjects they got."""
    out: dict[str, list[str]] = {}
    for m in msgs:
        if f"[{number}]" in str(m["Subject"]):
            out.setdefault(m["To"].addresses[0].addr_spec.lower(), []).append(str(m["Subject"]))
    return out


def step(city: App, number: str, cmd: c.Command) -> None:
    with city.uow() as uow:
        take_step(uow, number, cmd, directory=city.directory, calendar=city.calendar,
                  clock=city.clock, actor=CLERK)
        uow.commit()


def told(city: App, number: str, got: dict[str, list[str]]) -> bool:
    """Whether case `number`'s official and council (the members who are not it) got
    their §2 notices in `got`; False when none of them did (asserted either way)."""
    with city.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        officials = {e.lower() for e in case.respondents}
    council = COUNCIL - officials
    official = {e for e in officials
                if any("Notice of ethics complaint" in s for s in got.get(e, []))}
    members = {e for e in council
               if any("Ethics complaint received" in s for s in got.get(e, []))}
    if not official and not members:
        return False
    assert official == officials and members == council, (official, members)
    return True


async def test_a_complaint_asking_to_stay_unknown_is_held_and_the_protection_sends_the_summary(
        app: App, smtp_sink: SmtpSink) -> None:
    city = protecting(app)
    held = opened(city, forwarded_complaint(1).replace(SEEN, SEEN + b" " + ASKS))
    plain = opened(city, forwarded_complaint(2))
    first = await sent(city, smtp_sink)
    got_held, got_plain = about(first, held), about(first, plain)
    # the plain complaint: its official and the whole council at once
    assert told(city, plain, got_plain)
    # the held one: the board's copy, the acknowledgement and the clerk's notice only
    assert not told(city, held, got_held)
    assert any("sufficiency" in s for s in got_held["hpark@city.test"])
    assert any("§2 notices held" in s for s in got_held[CLERK])
    clerk_mail = next(m for m in first if f"[{held}]" in str(m["Subject"])
                      and "§2 notices held" in str(m["Subject"]))
    text = clerk_mail.get_body(preferencelist=("plain",))
    assert text is not None and "held until" in text.get_content()
    assert f"/ethics release-held-notices {held}" in text.get_content()

    step(city, held, c.WithholdComplainant(ProtectionBasis.RCW_42_41, SUMMARY))
    batch = await sent(city, smtp_sink)
    assert told(city, held, about(batch, held))
    to_council = [m for m in batch if str(m["Subject"]) == f"[{held}] Ethics complaint received"]
    assert to_council
    for m in to_council:
        body = m.get_body(preferencelist=("plain",))
        assert body is not None and SUMMARY in " ".join(body.get_content().split())
        assert b"fear retaliation" not in m.as_bytes()


async def test_the_clerk_releases_the_held_notices_as_filed_and_a_notice_never_held_cannot_be(
        app: App, smtp_sink: SmtpSink) -> None:
    city = protecting(app)
    held = opened(city, forwarded_complaint(3).replace(SEEN, SEEN + b" " + ASKS))
    plain = opened(city, forwarded_complaint(4))
    await sent(city, smtp_sink)
    with pytest.raises(ProcedureError, match=r"No §2 notice of .* is held"):
        step(city, plain, c.ReleaseHeldNotices("The complainant agreed to be named"))
    step(city, held, c.ReleaseHeldNotices("The complainant agreed to be named"))
    got = about(await sent(city, smtp_sink), held)
    assert told(city, held, got)
    with pytest.raises(ProcedureError, match=r"No §2 notice of .* is held"):
        step(city, held, c.ReleaseHeldNotices("again"))


async def test_undecided_the_held_notices_go_as_filed_eight_hours_before_the_24_run_out(
        app: App, smtp_sink: SmtpSink) -> None:
    city = protecting(app)
    received = city.clock()
    held = opened(city, forwarded_complaint(5).replace(SEEN, SEEN + b" " + ASKS))
    await sent(city, smtp_sink)
    city.clock.advance(hours=15, minutes=59)  # type: ignore[attr-defined]
    assert not told(city, held, about(await sent(city, smtp_sink), held))
    city.clock.set(received + timedelta(hours=16))  # type: ignore[attr-defined]
    got = about(await sent(city, smtp_sink), held)
    assert told(city, held, got)
    with pytest.raises(ProcedureError, match="no longer held"):
        step(city, held, c.ReleaseHeldNotices("too late"))
