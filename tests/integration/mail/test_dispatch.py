"""The outbox dispatcher against the real SMTP sink, on SQLite and PostgreSQL: a new
case's notices arrive field by field, once each, through failures, rejections and a
crash between sending and recording; the 24-hour notice then shows met."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from cases.deadlines import DeadlineKey
from cases.notices import INVITES
from cases.readings import Readings, RemoteNotice
from ethicsbot.bootstrap import App
from mail import dispatch
from mail.dispatch import LEASE, dispatch_once
from mail.intake import Outcome, take_in
from mail.transport import FileTransport, SmtpTls, SmtpTransport
from storage import outbox
from storage.models import CaseRow, DeadlineRow, DeliveryRow, OutboxRow
from storage.outbox import SendResult
from tests.fixtures.app import FakeClock
from tests.fixtures.servers import SinkFactory
from tests.integration.mail.complaints import corpus, forwarded_complaint
from tests.servers.smtp_sink import SmtpSink

COMPLAINT = "gmail-forward-letter.eml"  # Dana Whitfield against Parks Director Gary Pruitt
RESPONDENT, CLERK, BOARD = "gpruitt@city.test", "clerk@city.test", "vosei@city.test"
COUNCIL = 5
COMPLAINANT = "dwhitfield@example.net"
# §2 notices, mail task, window invites, the complainant's acknowledgement
EXPECTED = 1 + COUNCIL + 3 + 1 + (3 + COUNCIL) + 1


def open_case(app: App) -> str:
    result = take_in(corpus(COMPLAINT), app.intake(), source="imap", received_at=app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    return result.case_number


def smtp(sink: SmtpSink) -> SmtpTransport:
    return SmtpTransport(sink.host, sink.port, tls=SmtpTls.NONE, timeout=5)


async def drain(app: App, clock: FakeClock, sink: SmtpSink, rounds: int = 30) -> None:
    """Dispatch until nothing is pending, moving the clock past every backoff."""
    for _ in range(rounds):
        await dispatch_once(app.dispatch_deps(), smtp(sink))
        with app.session_factory() as s:
            if not s.scalars(select(OutboxRow.id).where(OutboxRow.status == "pending")).first():
                return
        clock.advance(minutes=10)  # past early backoffs, short of the undelivered alert
    raise AssertionError("the outbox did not drain")


def rows(app: App) -> list[OutboxRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def deliveries(app: App) -> list[DeliveryRow]:
    with app.session_factory() as s:
        return list(s.scalars(select(DeliveryRow).order_by(DeliveryRow.id)))


def notice_24h(app: App) -> str:
    with app.session_factory() as s:
        return str(s.scalars(select(DeadlineRow.status).where(
            DeadlineRow.key == DeadlineKey.NOTICE_24H.value)).one())


def msgid(m: EmailMessage) -> str:
    return str(m["Message-ID"]).strip()  # long ids are folded onto their own line


def plain(m: EmailMessage) -> str:
    part = m.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def by_subject(messages: list[EmailMessage], phrase: str) -> list[EmailMessage]:
    return [m for m in messages if phrase in str(m["Subject"])]


def attachment(msg: EmailMessage, name: str) -> bytes:
    part = next(p for p in msg.iter_attachments() if p.get_filename() == name)
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload


async def test_a_new_case_sends_every_section_2_notice_checked_field_by_field(
        app: App, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    assert notice_24h(app) == "open"
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == EXPECTED
    got = smtp_sink.wait_for(EXPECTED)
    assert len(got) == EXPECTED
    owed = {r.message_id: r for r in rows(app)}
    root = rows(app)[0].message_id
    for m in got:
        to = m["To"].addresses
        assert len(to) == 1 and m["X-Envelope-To"] == to[0].addr_spec  # one person each
        assert owed[msgid(m)].recipient_email == to[0].addr_spec
        assert m["Subject"].startswith(f"[{number}] ")
        assert m["From"].addresses[0].addr_spec == app.settings.mail_from
        assert m["Auto-Submitted"] == "auto-generated" and m["Date"] is not None
        if msgid(m) != root:
            assert m["In-Reply-To"].strip() == root and m["References"].strip() == root
    raw = corpus(COMPLAINT)
    (notice,) = by_subject(got, "Notice of ethics complaint")
    assert notice["To"].addresses[0].addr_spec == RESPONDENT
    assert attachment(notice, f"{number}-complaint.eml") == raw
    council = by_subject(got, "Ethics complaint received")
    assert len(council) == COUNCIL and not any(list(m.iter_attachments()) for m in council)
    board = by_subject(got, "submitted for determination of sufficiency")
    assert {m["To"].addresses[0].addr_spec for m in board} == {
        "hpark@city.test", "vosei@city.test", "dbrooks@city.test"}
    assert all(attachment(m, f"{number}-complaint.eml") == raw for m in board)
    (task,) = by_subject(got, "registered mail")
    assert task["To"].addresses[0].addr_spec == CLERK
    assert "How it is computed: received" in plain(task)
    invites = by_subject(got, "Invitation: Sufficiency hearing window")
    assert len(invites) == 3 + COUNCIL
    for m in invites:
        cal = next(p for p in m.walk() if p.get_content_type() == "text/calendar")
        assert cal.get_param("method") == "REQUEST"
        assert f"UID:{number.lower()}-sufficiency-window@" in cal.get_content()
    (ack,) = by_subject(got, "Your ethics complaint was received")  # an English complaint
    assert ack["To"].addresses[0].addr_spec == COMPLAINANT
    assert f"Its case number is {number}" in plain(ack) and not list(ack.iter_attachments())
    assert {d.outcome for d in deliveries(app)} == {"sent"}
    assert all(d.server_reply.startswith("250") for d in deliveries(app))
    assert notice_24h(app) == "met"


async def test_by_the_strict_reading_the_delivered_email_does_not_record_the_official_informed(
        app: App, smtp_sink: SmtpSink) -> None:
    """`remote_notice=if_impracticable` (§2): the email to the official still goes, but
    only the clerk can record them informed, with why actual notice was impracticable;
    the council's and the board's §2 acts are recorded from their deliveries as ever."""
    strict = dataclasses.replace(app, directory=dataclasses.replace(
        app.directory, readings=Readings(remote_notice=RemoteNotice.IF_IMPRACTICABLE)))
    number = open_case(strict)
    assert await dispatch_once(strict.dispatch_deps(), smtp(smtp_sink)) == EXPECTED
    (notice,) = by_subject(smtp_sink.wait_for(EXPECTED), "Notice of ethics complaint")
    assert notice["To"].addresses[0].addr_spec == RESPONDENT
    with strict.uow() as uow:
        case = uow.cases.get(number)
    assert case is not None and not case.informed
    assert {e.data["notice"] for e in case.history if e.data.get("notice")} == {
        "council_informed", "submitted_to_board"}
    assert notice_24h(strict) == "open"


def test_a_new_cases_notices_are_sent_before_invites_owed_earlier(
        app: App, clock: FakeClock) -> None:
    """Thousands of invites revised by a change of the city's calendar are owed before a
    complaint comes in: its §2 notices still go first (`cases.notices.dispatch_rank`;
    issue 26), and the invites after them."""
    first = open_case(app)
    with app.session_factory.begin() as s:  # the first case's notices went; its invites wait
        s.execute(update(OutboxRow).where(OutboxRow.notice_type.not_in(INVITES))
                  .values(status="sent"))
    clock.advance(minutes=5)
    result = take_in(forwarded_complaint(2), app.intake(), source="imap", received_at=clock())
    assert result.case_number is not None
    second = result.case_number
    with app.session_factory.begin() as s:
        owed = len(s.scalars(select(OutboxRow.id).where(  # its §2 notices and the mail task
            OutboxRow.case_id == case_id(s, second), OutboxRow.notice_type.not_in(INVITES)))
            .all())
        claimed = outbox.claim_due(s, now=clock(), batch=owed, lease=LEASE)
        rows = s.scalars(select(OutboxRow).where(OutboxRow.id.in_([i for i, _ in claimed])))
        assert {(r.case_id, r.notice_type in INVITES) for r in rows} == {
            (case_id(s, second), False)}
        later = outbox.claim_due(s, now=clock(), batch=100, lease=LEASE)
        rows = s.scalars(select(OutboxRow).where(OutboxRow.id.in_([i for i, _ in later])))
        assert {(r.case_id, r.notice_type in INVITES) for r in rows} == {
            (case_id(s, first), True), (case_id(s, second), True)}


def test_a_complaint_behind_a_long_queue_has_its_notices_claimed_in_the_next_round(
        app: App, clock: FakeClock) -> None:
    """Issue 39: notices of ten cases queued an hour ago, more than a round sends; a
    complaint comes in: every one of its notices is in the next claim, sent first, and
    the rest of the round is still the longest waiting, so the queue drains in order."""
    backlog = [take_in(forwarded_complaint(n), app.intake(), source="imap",
                       received_at=clock()).case_number for n in range(10)]
    clock.advance(minutes=60)
    fresh = open_case(app)
    with app.session_factory.begin() as s:
        statutory = select(OutboxRow.id).where(OutboxRow.notice_type.not_in(INVITES))
        # the fresh case's statutory notices; its acknowledgement serves no deadline and
        # waits its turn with the rest
        owed_fresh = set(s.scalars(statutory.where(OutboxRow.case_id == case_id(s, fresh),
                                                   OutboxRow.deadline_key.is_not(None))))
        queued = s.scalars(statutory.where(OutboxRow.case_id != case_id(s, fresh))
                           .order_by(OutboxRow.next_attempt_at, OutboxRow.id)).all()
        assert len(queued) > 40 and backlog[0] is not None
        claimed = [i for i, _ in outbox.claim_due(s, now=clock(), batch=20, lease=LEASE)]
    assert owed_fresh <= set(claimed[:10]), "the fresh complaint's notices go first"
    assert claimed[10:] == list(queued[:10]), "then the longest waiting, in order"


async def test_a_complaint_that_comes_in_during_a_round_ends_it_and_goes_first(
        app: App, clock: FakeClock, tmp_path: Path) -> None:
    """Issue 39: a round of a long queue under way; a complaint comes in (its commit owes
    mail in this process, which wakes the dispatcher): the round ends after the row it
    is sending, gives the rest back, and the next round sends the new case's first."""
    for n in range(10):
        take_in(forwarded_complaint(n), app.intake(), source="imap", received_at=clock())
    clock.advance(minutes=60)
    woken, fresh = asyncio.Event(), []

    class ComplaintDuringTheRound(FileTransport):
        async def send(self, msg: EmailMessage, sender: str, recipient: str) -> SendResult:
            if not fresh:  # the complaint comes in as the round's first row goes out
                fresh.append(await asyncio.to_thread(open_case, app))
                woken.set()
            return await super().send(msg, sender, recipient)

    transport = ComplaintDuringTheRound(tmp_path / "sent")
    attempted = await dispatch_once(app.dispatch_deps(), transport, woken=woken, sweep=False)
    assert attempted < dispatch.BATCH // 2, "the round ended early"
    with app.session_factory() as s:
        owed = set(s.scalars(select(OutboxRow.id).where(  # statutory: not the acknowledgement
            OutboxRow.case_id == case_id(s, fresh[0]), OutboxRow.deadline_key.is_not(None))))
        given_back = s.scalar(select(func.count()).select_from(OutboxRow).where(
            OutboxRow.status == "pending", OutboxRow.attempts == 0,
            OutboxRow.case_id != case_id(s, fresh[0])))
    assert given_back and given_back > 60  # the rest of the round is due again, unattempted
    with app.session_factory.begin() as s:
        claimed = [i for i, _ in outbox.claim_due(s, now=clock(), batch=dispatch.BATCH,
                                                  lease=LEASE)]
    assert owed <= set(claimed[:len(owed)])


async def test_a_complaint_committed_while_the_round_is_claimed_ends_it_too(
        app: App, clock: FakeClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: on PostgreSQL the claim behind a long queue took 0.4 s, and a complaint
    committed meanwhile was taken as the newest case already served: its notices waited
    for the whole round (10 s behind 190,000 queued rows). The round's newest case is
    read before its claim, so that complaint is newer and ends the round as well."""
    if app.engine.dialect.name != "postgresql":
        pytest.skip("SQLite's claim holds the write lock: nothing commits while it runs")
    for n in range(10):
        take_in(forwarded_complaint(n), app.intake(), source="imap", received_at=clock())
    clock.advance(minutes=60)
    woken, fresh = asyncio.Event(), []
    claim = outbox.claim_due

    def claim_while_a_complaint_commits(s: Session, **kw: object) -> list[tuple[int, str]]:
        claimed = claim(s, **kw)  # type: ignore[arg-type]
        with ThreadPoolExecutor(1) as other:  # committed before this claim's transaction
            fresh.append(other.submit(open_case, app).result())
        woken.set()
        return claimed

    monkeypatch.setattr(outbox, "claim_due", claim_while_a_complaint_commits)
    attempted = await dispatch_once(app.dispatch_deps(), FileTransport(tmp_path / "sent"),
                                    woken=woken, sweep=False)
    assert fresh and attempted < dispatch.BATCH // 2, "the round ended early"


def case_id(s: Session, number: str) -> int:
    return s.scalars(select(CaseRow.id).where(CaseRow.number == number)).one()


async def test_a_failing_server_still_gets_every_notice_exactly_once(
        app: App, clock: FakeClock, smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(fail_first=4)
    open_case(app)
    await drain(app, clock, sink)
    got = sink.wait_for(EXPECTED)
    assert len(got) == EXPECTED
    assert len({msgid(m) for m in got}) == EXPECTED
    outcomes = Counter(d.outcome for d in deliveries(app))
    assert outcomes == {"sent": EXPECTED, "temporary": 4}
    assert all(d.server_reply.startswith("451") for d in deliveries(app)
               if d.outcome == "temporary")
    assert notice_24h(app) == "met"


async def test_a_rejected_recipient_fails_that_notice_and_tells_the_clerk(
        app: App, clock: FakeClock, smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(reject=[BOARD])
    number = open_case(app)
    await drain(app, clock, sink)
    failed = [r for r in rows(app) if r.status == "failed"]
    assert {(r.notice_type, r.recipient_email) for r in failed} == {
        ("submission_to_board", BOARD), ("invite_sufficiency_window", BOARD)}
    assert all("550" in (r.last_error or "") for r in failed)
    got = sink.wait_for(EXPECTED - 2 + 2)
    alerts = by_subject(got, "ACTION NEEDED")
    assert len(alerts) == 2 and {m["To"].addresses[0].addr_spec for m in alerts} == {CLERK}
    assert all(m["Subject"].startswith(f"[{number}]") for m in alerts)
    text = "".join(plain(m) for m in alerts)
    assert BOARD in text and "550" in text
    assert BOARD not in {m["To"].addresses[0].addr_spec for m in got}
    assert notice_24h(app) == "open"  # the board was not all reached: not met


class Killed(Exception):
    """The worker dies after the server accepted a message, before recording it."""


async def test_a_worker_killed_between_send_and_record_loses_nothing(
        app: App, clock: FakeClock, smtp_sink: SmtpSink,
        monkeypatch: pytest.MonkeyPatch) -> None:
    open_case(app)
    real = dispatch.record_attempt

    def die(*args: object) -> None:
        raise Killed

    monkeypatch.setattr(dispatch, "record_attempt", die)
    with pytest.raises(Killed):
        await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    (first,) = smtp_sink.wait_for(1)
    assert deliveries(app) == []  # sent, but nothing was recorded

    monkeypatch.setattr(dispatch, "record_attempt", real)  # restarted
    # the rest; 1 leased
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == EXPECTED - 1
    clock.advance(seconds=LEASE.total_seconds() + 1)
    # the lease ran out: re-sent
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 1
    got = smtp_sink.wait_for(EXPECTED + 1)
    ids = Counter(msgid(m) for m in got)
    assert len(ids) == EXPECTED  # nothing lost
    assert ids[msgid(first)] == 2  # the re-send carries the same Message-ID
    assert {r.status for r in rows(app)} == {"sent"}
    assert notice_24h(app) == "met"
