"""A case voided before its notices went out sends none of them, on SQLite and
PostgreSQL, through the real SMTP sink: the rows stay, `cancelled` with the reason, the
dispatcher skips them (even those it had already claimed), and the proof of notice
and `ethicsbot status` say so. A case voided after its invites went out sends only their
cancellations, to those who had them."""

from __future__ import annotations

import csv
import io
import json
from email.message import EmailMessage
from types import TracebackType

from sqlalchemy import select

from cases import commands as c
from ethicsbot.bootstrap import App
from ethicsbot.status import status
from mail.dispatch import dispatch_once
from mail.transport import SmtpTransport
from notices.proof import export_notice_log
from storage.models import OutboxRow
from storage.outbox import SendResult
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import step
from tests.integration.mail.test_dispatch import EXPECTED, drain, open_case, rows, smtp
from tests.servers.smtp_sink import SmtpSink, read_messages

WHY = "spam that slipped past the screening"


def void(app: App, number: str) -> None:
    step(app, number, c.VoidCase(WHY, "mayor@city.test"))


def sent_to_sink(sink: SmtpSink) -> list[EmailMessage]:
    return read_messages(sink.folder)


async def test_voided_between_queueing_and_dispatch_nothing_is_sent(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    owed = len(rows(app))
    assert owed == EXPECTED and {r.status for r in rows(app)} == {"pending"}
    clock.advance(minutes=5)
    void(app, number)
    await drain(app, clock, smtp_sink)
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 0
    assert sent_to_sink(smtp_sink) == []
    kept = rows(app)
    assert len(kept) == owed  # kept, never deleted; the void owed nobody anything new
    assert {r.status for r in kept} == {"cancelled"}
    assert {r.cancel_reason for r in kept} == {f"void the case: {WHY}"}
    assert {r.cancelled_at for r in kept} == {clock.now}
    assert all(r.attempts == 0 and r.sent_at is None for r in kept)

    proof = json.loads(export_notice_log(app.uow, number, "json"))["notices"]
    assert {(n["status"], n["cancel_reason"]) for n in proof} == {
        ("cancelled", f"void the case: {WHY}")}
    lines = list(csv.DictReader(io.StringIO(export_notice_log(app.uow, number, "csv"))))
    assert len(lines) == owed and {x["status"] for x in lines} == {"cancelled"}
    assert {x["cancel_reason"] for x in lines} == {f"void the case: {WHY}"}
    figures = status(app)["notices"]
    assert figures["pending"] == 0 and figures["cancelled"] == owed


class VoidOnFirstSend:
    """The SMTP transport, voiding the case as its first message goes: the rest of the
    batch was claimed before the void and must not go."""

    def __init__(self, inner: SmtpTransport, app: App, number: str) -> None:
        self.inner, self.app, self.number, self.sends = inner, app, number, 0

    async def __aenter__(self) -> VoidOnFirstSend:
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.inner.__aexit__(et, e, tb)

    async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult:
        self.sends += 1
        if self.sends == 1:
            void(self.app, self.number)
        return await self.inner.send(msg, sender, recipient)

    async def reachable(self) -> bool:
        return await self.inner.reachable()


async def test_notices_claimed_before_the_void_are_not_sent(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    transport = VoidOnFirstSend(smtp(smtp_sink), app, number)
    assert await dispatch_once(app.dispatch_deps(), transport) == EXPECTED  # one batch
    assert transport.sends == 1  # the one on its way when the case was voided
    await drain(app, clock, smtp_sink)
    assert len(sent_to_sink(smtp_sink)) == 1
    statuses = [r.status for r in rows(app)]
    assert statuses.count("sent") == 1 and statuses.count("cancelled") == EXPECTED - 1
    (gone,) = [r for r in rows(app) if r.status == "sent"]
    assert gone.cancel_reason == f"void the case: {WHY}"  # sent all the same: both said


async def test_voided_after_the_invites_went_only_their_cancellations_go(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    await drain(app, clock, smtp_sink)
    first = sent_to_sink(smtp_sink)
    assert len(first) == EXPECTED
    invited = {m["To"].addresses[0].addr_spec for m in first
               if "Invitation: Sufficiency hearing window" in str(m["Subject"])}
    clock.advance(hours=1)
    void(app, number)
    await drain(app, clock, smtp_sink)
    later = sent_to_sink(smtp_sink)[len(first):]
    assert {m["To"].addresses[0].addr_spec for m in later} == invited
    for m in later:
        cal = next(p for p in m.walk() if p.get_content_type() == "text/calendar")
        assert cal.get_param("method") == "CANCEL"
    with app.session_factory() as s:
        assert not s.scalars(select(OutboxRow).where(OutboxRow.status == "cancelled")).all()
