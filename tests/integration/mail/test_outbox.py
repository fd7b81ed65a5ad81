"""The outbox around the dispatcher: the loud alert near a deadline, a deliberate resend,
the exported proof of notice, the .eml folder of the embedded default, TLS and auth."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import logging
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from cases.commands import ScheduleBoardMeeting
from cases.meetings import MeetingKind
from ethicsbot.bootstrap import App, build_transport
from ethicsbot.cli import main
from mail import intake
from mail.dispatch import dispatch_once, run_dispatcher
from mail.transport import SmtpTls, SmtpTransport
from notices.proof import export_notice_log, resend
from storage.models import AlertedRow, CaseRow, DeliveryRow, OutboxRow
from storage.outbox import Outcome, SendResult
from tests.fixtures.app import FakeClock, deadline_alerts
from tests.fixtures.cases import step
from tests.fixtures.servers import SinkFactory
from tests.integration.mail.complaints import corpus
from tests.integration.mail.test_dispatch import (
    COMPLAINT,
    EXPECTED,
    open_case,
    plain,
    rows,
    smtp,
)
from tests.servers.smtp_sink import SmtpSink

MACHINE = Path(__file__).resolve().parents[2] / "data" / "machine"


class Down:
    """A mail server that answers every message with a temporary failure."""

    async def __aenter__(self) -> Down:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def send(self, msg: object, sender: str, recipient: str) -> SendResult:
        return SendResult(Outcome.TEMPORARY, "421 4.3.2 service not available")

    async def reachable(self) -> bool:
        return True  # it answers, with a refusal


async def test_notices_unsent_near_their_deadline_alert_the_clerk_once(
        app: App, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), Down())
    assert deadline_alerts(app) == 0  # 24 hours away: nothing yet
    clock.advance(hours=19)  # five hours left
    with caplog.at_level(logging.ERROR, logger="mail.alerts"):
        # the 24-hour notice's deadline is near; registered mail (3 days) is not, but its
        # notice has failed for longer than the undelivered threshold
        assert deadline_alerts(app) == 2
    said = [r.getMessage() for r in caplog.records if r.name == "mail.alerts"]
    assert said == ["statutory notices at risk for 2 more deadline(s) in 1 case(s) (1 near "
                    "their deadline, 1 undelivered for over 15 minutes): the clerk is "
                    "alerted in digest 1"]
    with app.session_factory() as s:
        told = sorted((a.case_id, a.deadline_key, a.reason, a.digest)
                      for a in s.scalars(select(AlertedRow)))
        case_id = s.scalars(select(CaseRow.id).where(CaseRow.number == number)).one()
    assert told == [(case_id, "notice_24h", "deadline-near", 1),
                    (case_id, "registered_mail", "undelivered", 1)]
    clock.advance(hours=1)
    assert deadline_alerts(app) == 0  # once per case, deadline and reason
    alerts = [r for r in rows(app) if r.notice_type == "deadline_alert"]
    # one digest telling of both, to the clerk on every channel they have
    assert [(a.case_id, a.slot, a.recipient_email, a.channel, a.status) for a in alerts] == [
        (None, "digest", "clerk@city.test", "email", "pending")]  # Slack is off here


async def test_notices_just_owed_near_their_deadline_alert_no_one_unless_still_unsent(
        app: App, clock: FakeClock) -> None:
    """A complaint taken in 20 hours after the city received it: its §2 notices are owed
    with four hours left, and go out at once; the clerk is told only if they do not."""
    result = intake.take_in(corpus(COMPLAINT), app.intake(), source="imap",
                            received_at=clock.now - timedelta(hours=20))
    assert result.outcome is intake.Outcome.OPENED
    assert deadline_alerts(app) == 0  # owed a moment ago: being sent
    clock.advance(minutes=6)  # still unsent, never tried: something is wrong
    assert deadline_alerts(app) == 1


async def test_the_deadline_alert_lists_what_is_unsent(
        app: App, clock: FakeClock, smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(reject=["vosei@city.test"])
    number = open_case(app)
    clock.advance(hours=20)
    # the alert is owed first, then sent with the rest
    await dispatch_once(app.dispatch_deps(), smtp(sink))
    await dispatch_once(app.dispatch_deps(), smtp(sink))
    (alert,) = [m for m in sink.messages() if "URGENT" in str(m["Subject"])]
    text = plain(alert)
    # rendered as it is sent, after the notices before it: one refused for good
    assert f"- {number}: inform the official and the council" in text
    assert "1 notice unsent (last answer: 5" in text


async def test_a_deliberate_resend_is_a_new_generation_with_a_new_message_id(
        app: App, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    assert resend(app.uow, number, "complaint_to_respondent", "GPruitt@city.test") == 1
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 1
    got = smtp_sink.wait_for(EXPECTED + 1)
    notices = [m for m in got if "Notice of ethics complaint" in str(m["Subject"])]
    assert len({str(m["Message-ID"]) for m in notices}) == 2
    log = json.loads(export_notice_log(app.uow, number))
    sent = [n for n in log["notices"] if n["type"] == "complaint_to_respondent"]
    assert [len(n["attempts"]) for n in sent] == [1, 1]


async def test_the_notice_log_exports_every_attempt_as_csv(
        app: App, clock: FakeClock, smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(fail_first=1)
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(sink))
    clock.advance(minutes=1)
    await dispatch_once(app.dispatch_deps(), smtp(sink))
    table = list(csv.DictReader(io.StringIO(export_notice_log(app.uow, number, "csv"))))
    assert len(table) == EXPECTED + 1  # one line per attempt
    assert {r["outcome"] for r in table} == {"sent", "temporary"}
    assert all(r["message_id"].startswith("<eth-") and r["attempt_at"] for r in table)


async def test_the_embedded_default_writes_eml_files_and_stops_promptly(app: App) -> None:
    stop = asyncio.Event()
    # a poll far longer than the test: only the wake-up on the intake's commit can send
    task = asyncio.create_task(run_dispatcher(app.dispatch_deps(), stop=stop,
                                               transport=build_transport(app.settings), poll=60))
    await asyncio.sleep(0.2)
    await asyncio.to_thread(open_case, app)
    folder: Path = app.settings.outbox_dir
    for _ in range(200):
        if len(list(folder.glob("*.eml"))) >= EXPECTED:
            break
        await asyncio.sleep(0.05)
    stop.set()
    await asyncio.wait_for(task, 2)
    files = sorted(folder.glob("*.eml"))
    assert len(files) == EXPECTED and not list(folder.glob("*.tmp"))
    assert {f.name for f in files} == {r.message_id.strip("<>") + ".eml" for r in rows(app)}


async def test_starttls_and_auth(app: App, smtp_sink_factory: SinkFactory) -> None:
    sink = smtp_sink_factory(auth=True, starttls=True)
    open_case(app)
    transport = SmtpTransport(sink.host, sink.port, tls=SmtpTls.STARTTLS, user=sink.user,
                              password=sink.password, validate_certs=False, timeout=5)
    assert await dispatch_once(app.dispatch_deps(), transport) == EXPECTED
    assert len(sink.wait_for(EXPECTED)) == EXPECTED
    wrong = SmtpTransport(sink.host, sink.port, tls=SmtpTls.STARTTLS, user=sink.user,
                          password="wrong", validate_certs=False, timeout=5)
    number = open_case_again(app)
    # a login refused is no verdict on the recipients
    await dispatch_once(app.dispatch_deps(), wrong)
    with app.session_factory() as s:
        statuses = set(s.scalars(select(OutboxRow.status).where(
            OutboxRow.message_id.like(f"<{number.lower()}.%"))))
    assert statuses == {"pending"}


def open_case_again(app: App) -> str:
    from mail.intake import take_in
    from tests.integration.mail.complaints import forwarded_complaint

    result = take_in(forwarded_complaint(1), app.intake(), source="imap",
                     received_at=app.clock())
    assert result.case_number
    return result.case_number


async def test_a_scheduled_hearing_sends_notices_and_invites(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    step(app, number, ScheduleBoardMeeting(clock.now + timedelta(days=10), "Council Chambers"),
         actor="hpark@city.test")
    # hearing scheduled and invitation: board 3, respondent, complainant; the special
    # meeting's notice: board 3 and the newsroom; its posting, to the postings folder
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 2 * 5 + 4 + 1
    got = smtp_sink.wait_for(EXPECTED + 14)[EXPECTED:]
    invites = [m for m in got if "Invitation: Sufficiency hearing" in str(m["Subject"])]
    assert len(invites) == 5
    text = plain(invites[0])
    assert "Executive session to receive and evaluate a complaint" in text
    assert "Council Chambers" in text
    notices = [m for m in got if "Notice of special meeting" in str(m["Subject"])]
    assert sorted(str(m["To"]).rsplit("<")[-1].strip(">") for m in notices) == [
        "dbrooks@city.test", "hpark@city.test", "news@gazette.example", "vosei@city.test"]
    assert all("Gary Pruitt" not in plain(m) and "Pruitt" not in plain(m) for m in notices)
    assert "Business to be transacted" in plain(notices[0])
    postings = app.settings.postings_dir
    assert sorted(p.name for p in postings.iterdir()) == [
        "eth-2026-0001-meeting-1-r0.html", "eth-2026-0001-meeting-1-r0.json",
        "eth-2026-0001-meeting-1-r0.pdf", "index.html", "index.json"]
    (entry,) = json.loads((postings / "index.json").read_text())["postings"]
    assert entry["published_at"] == clock.now.isoformat() and entry["current"]
    (posting,) = [r for r in rows(app) if r.notice_type == "meeting_posting"]
    assert (posting.channel, posting.status, posting.slot) == ("posting", "sent", "meeting-1")
    with app.session_factory() as s:
        proof = s.scalars(select(DeliveryRow).where(DeliveryRow.outbox_id == posting.id)).one()
    assert proof.server_reply.startswith(f"posted {clock.now.isoformat()}: ")
    assert (postings / "eth-2026-0001-meeting-1-r0.pdf").read_bytes().startswith(b"%PDF")


async def test_a_regular_meetings_agenda_item_is_posted_without_the_special_notice(
        app: App, clock: FakeClock, smtp_sink: SmtpSink) -> None:
    """RCW 42.30.077: a regular meeting's agenda goes online; the members' and the media's
    written notice is the special meeting's (RCW 42.30.080) and is not sent for it."""
    number = open_case(app)
    await dispatch_once(app.dispatch_deps(), smtp(smtp_sink))
    step(app, number, ScheduleBoardMeeting(clock.now + timedelta(days=10), "Council Chambers",
                                      MeetingKind.REGULAR), actor="hpark@city.test")
    # hearing scheduled and invitation: board 3, respondent, complainant; the posting
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 2 * 5 + 1
    got = smtp_sink.wait_for(EXPECTED + 10)[EXPECTED:]
    assert not [m for m in got if "special meeting" in str(m["Subject"]).lower()]
    assert "news@gazette.example" not in {str(m["To"]).rsplit("<")[-1].strip(">") for m in got}
    postings = app.settings.postings_dir
    (entry,) = json.loads((postings / "index.json").read_text())["postings"]
    assert entry["title"] == "Agenda item for the regular meeting of the Ethics Board"
    assert entry["published_at"] == clock.now.isoformat()
    page = (postings / f"{entry['name']}.html").read_text()
    assert "RCW 42.30.077" in page and "Council Chambers" in page and "Pruitt" not in page
    assert "less than 24 hours" not in page
    assert (postings / f"{entry['name']}.pdf").read_bytes().startswith(b"%PDF")
    (posting,) = [r for r in rows(app) if r.notice_type == "meeting_posting"]
    assert (posting.channel, posting.status) == ("posting", "sent")


def test_ethicsbot_notices_prints_the_log(app: App, monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    number = open_case(app)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", app.settings.database_url)
    assert main(["notices", number, "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('"case","type","recipient","message_id","status"')  # all quoted
    assert out.count("\n") == EXPECTED + 1


async def test_a_quarantined_message_alerts_the_clerk_without_case_details(
        app: App, smtp_sink: SmtpSink) -> None:
    from mail.intake import Outcome as Taken
    from mail.intake import take_in
    from tests.integration.mail.complaints import corpus

    raw = corpus("reject-resident-direct.eml")
    assert take_in(raw, app.intake(), source="imap").outcome is Taken.QUARANTINED
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 1
    (alert,) = smtp_sink.wait_for(1)
    assert alert["To"].addresses[0].addr_spec == "clerk@city.test"
    assert alert["Subject"] == "EthicsBot: a message was held for review"
    text = plain(alert)
    assert "From: Raymond Tessier <rtessier@example.com>" in text  # no forwarder: its From
    assert "What it is" not in text and "ethicsbot file --quarantined 1" in text
    assert "Paula Greer" not in text and "Scottsdale" not in text  # not the message itself
    assert list(alert.iter_attachments()) == []


async def test_a_quarantine_alert_says_what_a_machine_message_is(
        app: App, smtp_sink: SmtpSink) -> None:
    from mail.intake import Outcome as Taken
    from mail.intake import take_in

    raw = (MACHINE / "mdn-german-gelesen.eml").read_bytes()
    assert take_in(raw, app.intake(), source="imap").outcome is Taken.QUARANTINED
    assert await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)) == 1
    text = plain(smtp_sink.wait_for(1)[0])
    assert "From: Anita Brandt <abrandt@city.test>" in text
    assert "What it is: a read receipt" in text
