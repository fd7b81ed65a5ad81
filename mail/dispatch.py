"""The outbox dispatcher: deliver owed notices after the transaction that owed them.

Guarantee: at least once, with a stable Message-ID. A row is claimed by leasing it
(`next_attempt_at` moves past the lease) in its own short transaction; the message is
sent; the attempt is recorded in another transaction. A worker that dies between the send
and the record leaves the row leased; the worker that takes the lock next makes it due at
once (storage.outbox.reclaim_leases; the lease is the backstop), and it is sent again
with the same Message-ID, which recipients' mail systems use to drop the duplicate. Every
attempt is a `deliveries` row: time, recipient, Message-ID and the server's reply, the
proof of notice. A row cancelled after it was claimed (its case voided) is skipped. 4xx,
lost connections and timeouts are retried with exponential backoff, forever (a statutory
notice is never given up silently); 5xx fails the row and owes the clerk an alert; a
statutory notice undeliverable for a while, or still unsent near its deadline, owes the
clerk an alert on every channel they have (mail.alerts), and the log says how many
statutory notices are overdue for delivery whenever that number changes. While the mail
server refuses connections it is probed, and the notices that waited for it go as soon as
it answers (mail.recovery); failing for a while, the clerk is told by paths other than
mail (mail.mail_down).

The dispatcher never ends on its own: a failing database is retried with a capped
backoff and logged once when it starts failing and once when it works again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.commands import RecordNoticeServed
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.notices import ALERTS, SECTION_2, NoticeType
from cases.ports import Clock
from cases.readings import RemoteNotice
from cases.section2 import NoticeMethod, Section2Act
from cases.services import take_step
from mail.alerts import alert_clerks, owe_deadline_alerts, run_alert_sweeps
from mail.context import Letterhead, load_context
from mail.mail_down import MAIL_DOWN_AFTER, MailDownAlarm
from mail.postings import Posting, PostingFolder, render_posting
from mail.recovery import MailWatch, OverdueLog
from mail.transport import DirectMessenger, Transport
from notices.render import NoticeContext, render
from storage import outbox, web_tokens
from storage.outbox import Outcome, SendResult
from storage.retry import Backoff, Outage, Weather, wait_for_stop
from storage.uow import SqlUnitOfWork, UowFactory

log = logging.getLogger(__name__)

BATCH = 50
LEASE = timedelta(minutes=5)  # longer than one send can take; a crash retries after it
BACKOFF_BASE, BACKOFF_CAP = timedelta(seconds=30), timedelta(minutes=30)
POLL_SECONDS = 0.2
FRESH_CHECK = 0.25  # woken during a round, how often it looks for a newer case's notices
RETRY_INITIAL, RETRY_CAP = 0.5, 5.0  # after a failed round (the database away)


@dataclass(frozen=True)
class DispatchDeps:
    """What the dispatcher is handed by the composition root, and nothing more."""

    uow: UowFactory  # a step (the §2 notice served) and each attempt's record
    session_factory: sessionmaker[Any]  # the short claim and release transactions
    directory: Directory  # who the clerks are, for alerts
    calendar: CityCalendar
    clock: Clock
    letterhead: Letterhead  # who the mail comes from
    undelivered_after: timedelta = timedelta(minutes=15)  # a statutory notice unsent this
    # long is overdue: the clerk is alerted (ETHICSBOT_UNDELIVERED_ALERT_MINUTES)
    slack_alerts: bool = False  # alert the clerk by Slack DM too (Slack is configured)
    mail_down_after: timedelta = MAIL_DOWN_AFTER  # outgoing mail failing this long: the
    # clerk is told by the other paths (mail.mail_down; ETHICSBOT_MAIL_DOWN_ALERT_MINUTES)
    postings: Path = Path("postings")  # where meetings' postings are published
    reader: sessionmaker[Any] | None = None  # reads that write nothing (what a notice says,
    # whether newer mail is owed): on SQLite without the write lock every other
    # transaction takes (`storage.db.snapshot_reader`); None: `session_factory`

    @property
    def reads(self) -> sessionmaker[Any]:
        return self.reader or self.session_factory


@dataclass(frozen=True)
class _Prepared:
    row_id: int
    recipient: str
    msg: EmailMessage | None  # an email to send
    error: str = ""
    dm: NoticeContext | None = None  # or a notice owed on Slack
    posting: Posting | None = None  # or a meeting's posting
    told_of_attempts: bool = False  # an alert: it says how other notices' attempts went

    async def send(self, mail_from: str, transport: Transport,
                   messenger: DirectMessenger | None, postings: Path) -> SendResult:
        if self.posting is not None:
            return await PostingFolder(postings).publish(self.posting)
        if self.dm is not None:
            if messenger is None:
                return SendResult(Outcome.PERMANENT, "Slack is off: set "
                                  "ETHICSBOT_SLACK_BOT_TOKEN to deliver Slack messages")
            return await messenger.send_dm(self.dm)
        if self.msg is None:
            return SendResult(Outcome.PERMANENT, self.error)
        return await transport.send(self.msg, mail_from, self.recipient)


async def run_dispatcher(deps: DispatchDeps, *, stop: asyncio.Event, transport: Transport,
                         messenger: DirectMessenger | None = None,
                         poll: float = POLL_SECONDS) -> None:
    """Deliver the outbox until `stop` is set; returns within one send of it.

    A commit in this process that owes a notice (intake, a step) wakes it at once; the
    poll finds what other processes (the web app, the CLI) owed. The sweep for notices at
    risk runs beside it (`mail.alerts.run_alert_sweeps`), never in a round's way."""
    wake, loop = asyncio.Event(), asyncio.get_running_loop()
    unhook = outbox.on_mail_owed(deps.session_factory, lambda: loop.call_soon_threadsafe(wake.set))
    stopping = asyncio.create_task(stop.wait())
    stopping.add_done_callback(lambda _: wake.set())
    log.info("outbox dispatcher started (%s)", type(transport).__name__)
    outage, backoff = Outage("outbox dispatch", log), Backoff(RETRY_INITIAL, RETRY_CAP)
    overdue = OverdueLog(deps.session_factory, deps.clock, deps.undelivered_after)
    mail = MailWatch(transport, deps.session_factory, deps.clock)
    alarm = MailDownAlarm(deps.session_factory, deps.clock, deps.directory,
                          after=deps.mail_down_after, slack=deps.slack_alerts,
                          msgid_domain=deps.letterhead.msgid_domain)
    sweeps = asyncio.create_task(run_alert_sweeps(
        uow_factory=deps.uow, clock=deps.clock, directory=deps.directory,
        undelivered_after=deps.undelivered_after, slack=deps.slack_alerts, stop=stop))
    try:
        while not stop.is_set():
            wake.clear()
            try:
                await mail.probe_if_down()
                outcomes: list[tuple[bool, SendResult]] = []
                sent = await dispatch_once(deps, transport, stop=stop, messenger=messenger,
                                           outcomes=outcomes, sweep=False, woken=wake)
                mailed = [result for by_mail, result in outcomes if by_mail]
                mail.saw(mailed)
                await asyncio.to_thread(alarm.saw, mailed)  # the clerk told if mail is down
                await asyncio.to_thread(overdue.check)
            except Exception as e:  # a database hiccup must not end delivery of notices
                # SQL errors quote their parameters, which may be complaint text
                outage.failed(type(e).__name__, then="retrying until it works again")
                log.debug("outbox dispatch failure", exc_info=True)
                if await wait_for_stop(stop, backoff.next()):
                    break
                continue
            outage.recovered()
            backoff.reset()
            if not sent:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), poll)
    finally:
        unhook()
        stopping.cancel()
        mail.close()
        closing = getattr(transport, "aclose", None)  # a connection kept open after a round
        if closing is not None:
            with contextlib.suppress(Exception):
                await closing()
        sweeps.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeps
    log.info("outbox dispatcher stopped")


async def dispatch_once(deps: DispatchDeps, transport: Transport, *,
                        stop: asyncio.Event | None = None,
                        messenger: DirectMessenger | None = None,
                        outcomes: list[tuple[bool, SendResult]] | None = None,
                        sweep: bool = True, woken: asyncio.Event | None = None) -> int:
    """Attempt every due row once (a batch); return how many were attempted. `outcomes`
    gets (sent by mail?, result) for each attempt. `sweep`: first owe the alerts about
    notices at risk (`run_dispatcher` sweeps beside its rounds instead). `woken`: set
    when this process owed mail during the round; if that is a newer case's statutory
    notices (a complaint just in), the round ends after the row it is sending and gives
    the rest back, so the next round, which claims the newest cases' first, sends them
    within a send or two instead of after the round (issue 39)."""
    if sweep:
        await asyncio.to_thread(owe_deadline_alerts, uow_factory=deps.uow, clock=deps.clock,
                                directory=deps.directory,
                                undelivered_after=deps.undelivered_after,
                                slack=deps.slack_alerts)
    claimed, newest = await asyncio.to_thread(_claim_round, deps)
    if not claimed:
        return 0
    fresher = None if woken is None else _Fresher(deps, woken, newest)
    # two lanes side by side: a mail server that hangs (each wait bounded by the
    # transport's timeouts) holds up neither Slack's messages nor the postings
    by_mail = [row_id for row_id, channel in claimed if channel == "email"]
    others = [row_id for row_id, channel in claimed if channel != "email"]
    try:
        async with asyncio.TaskGroup() as lanes:
            sent = [lanes.create_task(_lane(deps, ids, transport if ids is by_mail else None,
                                            transport, messenger, stop, outcomes, fresher))
                    for ids in (by_mail, others)]
    except ExceptionGroup as group:  # the dispatcher's loop handles the first failure
        raise group.exceptions[0] from None
    return sum(t.result() for t in sent)


async def _lane(deps: DispatchDeps, ids: list[int], session: Transport | None,
                transport: Transport, messenger: DirectMessenger | None,
                stop: asyncio.Event | None,
                outcomes: list[tuple[bool, SendResult]] | None,
                fresher: _Fresher | None = None) -> int:
    """Attempt `ids` one after the other (inside `session`, the transport's round, for
    mail), until a newer case's notices are owed (`fresher`); how many were attempted.

    The next row is rendered while this one is sent and its attempt recorded (issue 39,
    item 5): on PostgreSQL a rendering's reads and a record's transaction are ~15-25 ms
    of round trips and Python each, and one after the other, nine times for a complaint's
    §2 notices, they were most of its time beyond the floor. Each attempt is still
    recorded before the next send, so a crash leaves at most one row sent and unrecorded
    (sent again when its lease runs out). A notice rendered ahead sees the case as it
    stood before the attempt just before it was recorded; an alert, which tells of the
    other notices' attempts ("1 notice unsent, last answer ..."), is rendered again after
    it."""
    started = 0  # a row whose send began stays leased if we fail: it may have gone out
    if not ids:
        return 0
    preparing: asyncio.Future[_Prepared | None] | None = None

    def prepare(at: int) -> asyncio.Future[_Prepared | None] | None:
        if at >= len(ids):
            return None
        return asyncio.ensure_future(asyncio.to_thread(_prepare, deps, ids[at]))

    try:
        async with session or contextlib.nullcontext():
            preparing = prepare(0)
            for at, row_id in enumerate(ids):
                if stop is not None and stop.is_set():
                    break
                started += 1
                assert preparing is not None
                p, preparing = await preparing, None
                if p is not None and p.told_of_attempts and at > 0:  # after the last record
                    p = await asyncio.to_thread(_prepare, deps, row_id)
                preparing = prepare(at + 1)  # while this one is sent and recorded
                if p is None:  # cancelled since it was claimed (its case voided)
                    continue
                result = await p.send(deps.letterhead.mail_from, transport, messenger,
                                      deps.postings)
                # sent: the record is retried through a busy database, never given up
                # (a row left leased would be sent again when its lease ran out)
                await _RECORDING.run(functools.partial(record_attempt, deps, row_id, result),
                                     stop=stop or _never, unit="recording the attempt")
                if outcomes is not None:
                    outcomes.append((p.dm is None and p.msg is not None, result))
                if fresher is not None and await fresher.came():
                    break
    finally:
        if preparing is not None:  # the rendering of a row not attempted: unused
            with contextlib.suppress(Exception):
                await preparing
        if started < len(ids):
            await asyncio.to_thread(_release, deps, ids[started:])
    return started


class _Fresher:
    """Whether a newer case's statutory notices came due during a round than `newest`, the
    newest case owed just before the round was claimed (`_claim_round`), looked at again
    only when this process owed mail since, at most every FRESH_CHECK seconds. The
    round's own rows are leased, so not counted: a case committed after that look counts
    unless the claim took its rows. (Looked at after the claim, a complaint committed
    while the claim ran, 0.4 s on PostgreSQL behind 190,000 queued rows, was taken as
    the newest already served, and its notices waited for the whole round.)"""

    def __init__(self, deps: DispatchDeps, woken: asyncio.Event, newest: int | None) -> None:
        self.deps, self.woken, self.newest = deps, woken, newest
        self.next_look, self.seen = 0.0, False  # once seen, every lane of the round ends

    async def came(self) -> bool:
        loop = asyncio.get_running_loop()
        if self.seen or not self.woken.is_set() or loop.time() < self.next_look:
            return self.seen
        self.next_look = loop.time() + FRESH_CHECK
        newest = await asyncio.to_thread(self._look)
        self.seen = newest is not None and (self.newest is None or newest > self.newest)
        return self.seen

    def _look(self) -> int | None:
        with self.deps.reads() as s:
            return outbox.newest_case_owed(s, now=self.deps.clock())


_RECORDING = Weather("recording a delivery", log)
_never = asyncio.Event()  # no stop given: retried until the database answers


def _claim(deps: DispatchDeps) -> list[tuple[int, str]]:
    """Lease the due rows (a batch); their ids and channels."""
    return _claim_round(deps)[0]


def _claim_round(deps: DispatchDeps) -> tuple[list[tuple[int, str]], int | None]:
    """Lease the due rows (a batch): their ids and channels, and the newest case with
    statutory notices owed just before (what `_Fresher` compares with)."""
    now = deps.clock()
    with deps.session_factory.begin() as s:
        newest = outbox.newest_case_owed(s, now=now)
        return outbox.claim_due(s, now=now, batch=BATCH, lease=LEASE), newest


def _release(deps: DispatchDeps, ids: list[int]) -> None:
    """Give back rows claimed but not attempted (stopping): due again at once."""
    with deps.session_factory.begin() as s:
        outbox.release_claims(s, ids, now=deps.clock())


def _prepare(deps: DispatchDeps, row_id: int) -> _Prepared | None:
    """What to send for `row_id`; None when it is no longer pending (cancelled). Read in
    `deps.reads`: on SQLite every transaction of the worker's engine begins IMMEDIATE, so
    a rendering held the write lock, and the intake's commits, the records of the round's
    attempts and this waited for each other in SQLite's busy sleeps (1, 2, 5 ms, ...)."""
    with deps.reads() as s:
        row = outbox.notice(s, row_id)
        assert row is not None
        if row.status != "pending":
            return None
        try:
            ctx = load_context(s, row, letterhead=deps.letterhead, calendar=deps.calendar,
                               directory=deps.directory,
                               clock=deps.clock, now=deps.clock())
            alert = NoticeType(row.notice_type) in ALERTS
            if row.channel == "slack":
                return _Prepared(row_id, row.recipient_email, None, dm=ctx,
                                 told_of_attempts=alert)
            if row.channel == "posting":
                return _Prepared(row_id, row.recipient_email, None,
                                 posting=render_posting(ctx))
            msg = render(ctx)
        except Exception as e:  # our bug or bad data: do not retry forever, tell the clerk
            # the message may quote a name or the complaint: details only at DEBUG
            log.error("outbox row %s (%s) cannot be rendered: %s", row_id, row.notice_type,
                      type(e).__name__)
            log.debug("rendering outbox row %s failed", row_id, exc_info=True)
            return _Prepared(row_id, row.recipient_email, None, f"not rendered: {e}")
        return _Prepared(row_id, row.recipient_email, msg, told_of_attempts=alert)


def record_attempt(deps: DispatchDeps, row_id: int, result: SendResult) -> None:
    """Write down one attempt and what follows from it, in one transaction."""
    with deps.uow() as uow:
        s, now = uow.session, deps.clock()
        row = outbox.notice(s, row_id)  # as claimed: what follows changes it through outbox
        assert row is not None
        outbox.record_delivery(s, row.id, at=now, outcome=result.outcome.value,
                               reply=result.reply)
        if result.outcome is Outcome.SENT:  # cancelled while on its way: it went all the
            outbox.mark_sent(s, row.id, at=now)  # same (the reason stays)
            _served_if_complete(deps, uow, row)
        elif row.status == "cancelled":  # nothing more to try, nobody to alert
            outbox.note_error(s, row.id, error=result.reply)
        elif result.outcome is Outcome.TEMPORARY:
            outbox.note_error(s, row.id, error=result.reply, retry_at=now + min(
                BACKOFF_BASE * 2 ** max(row.attempts - 1, 0), BACKOFF_CAP))
        else:
            outbox.mark_failed(s, row.id, error=result.reply)
            log.error("notice %s (%s) failed permanently", row.id, row.notice_type)
            if NoticeType(row.notice_type) not in ALERTS and row.case_id is not None:
                alert_clerks(uow, deps.directory, row.case_id, NoticeType.DELIVERY_FAILED_ALERT,
                             row.id, slack=deps.slack_alerts)
        # `row.status` as claimed: only a temporary failure of a pending row leaves it pending
        if row.notice_type == NoticeType.SIGN_IN_LINK and (
                row.status != "pending" or result.outcome is not Outcome.TEMPORARY):
            web_tokens.forget_url(session=s, row_id=row.generation)  # sent, or never will be
        log.info("outbox row %s (%s): %s", row.id, row.notice_type, result.outcome.value)
        log.debug("outbox row %s server reply: %s", row.id, result.reply)  # may name people
        uow.commit()


def _served_if_complete(deps: DispatchDeps, uow: SqlUnitOfWork, row: outbox.Notice) -> None:
    """Record the §2 step once every copy of this kind was delivered (notice_24h met)."""
    kind = SECTION_2.get(NoticeType(row.notice_type))
    if kind is None or row.case_id is None:
        return
    uow.session.flush()
    owed, sent = outbox.recipients(uow.session, case_id=row.case_id, notice_type=row.notice_type)
    if owed != sent:
        return
    number = uow.cases.number_of(row.case_id)
    case = uow.cases.get(number)
    if case is None or kind in case.notices_served:
        return
    # each official complained against is informed in their own right (§2): those this
    # notice reached by email; one the directory could not match is recorded by the clerk,
    # and so is every official when the city's reading counts email only where actual
    # notice was not immediately practicable (the clerk knows why; EthicsBot does not)
    if kind is Section2Act.RESPONDENT_INFORMED and \
            deps.directory.readings.remote_notice is RemoteNotice.IF_IMPRACTICABLE:
        return
    delivered = {r.lower() for r in sent}
    whom: list[str | None] = [None] if kind is not Section2Act.RESPONDENT_INFORMED else [
        p for p in case.parties() if p.lower() in delivered and p not in case.informed]
    for respondent in whom:
        try:
            take_step(uow, number, RecordNoticeServed(kind, respondent, NoticeMethod.EMAIL),
                      directory=deps.directory, calendar=deps.calendar, clock=deps.clock,
                      actor="ethicsbot")
        except ProcedureError as e:  # e.g. closed meanwhile: the deliveries stay the proof
            log.warning("%s: %s not recorded: %s", number, kind.value, e)
