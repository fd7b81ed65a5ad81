"""Members' answers to a meeting's invitation, as Outlook, Google Calendar and Thunderbird
send them, appended to the real Dovecot and taken in by the IMAP listener: each is
recorded against the right meeting and member, opens no case, tells the clerk nothing
and is filed under Processed; an answer sent for a member by someone else is held."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import select

from cases.commands import ScheduleBoardMeeting
from cases.meetings import Answer
from cases.services import get_case
from ethicsbot.bootstrap import App
from mail.intake import IntakeOutcome, Outcome
from storage.models import OutboxRow
from tests.fixtures.cases import open_one, step
from tests.integration.mail.harness import append_all, case_count, eventually, filings
from tests.integration.mail.imap_support import connected, counts, intake_app, listening
from tests.servers.dovecot import DovecotServer, ImapAccount

__all__ = ["intake_app"]  # a fixture, used by name
DATA = Path(__file__).resolve().parents[2] / "data" / "calendar_replies"
CLIENTS = ("outlook-accepted.eml", "google-declined.eml", "thunderbird-tentative.eml")
HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))


def a_meeting(app: App) -> str:
    number = open_one(app)
    assert number == "ETH-2026-0001"  # the UID the answers carry
    step(app, number, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor="hpark@city.test")
    return number


def outbox_count(app: App) -> int:
    with app.session_factory() as s:
        return len(s.scalars(select(OutboxRow.id)).all())


def test_answers_from_three_clients_are_recorded_and_open_nothing(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    number = a_meeting(intake_app)
    owed_before = outbox_count(intake_app)
    taken: list[IntakeOutcome] = []
    with listening(intake_app, on_taken=taken.append):
        connected(dovecot, imap_account)
        append_all(dovecot, imap_account, [(DATA / n).read_bytes() for n in CLIENTS])
        eventually(lambda: counts(dovecot, imap_account)["Processed"] == 3, timeout=10,
                   what="the three answers filed")
    assert [t.outcome for t in taken] == [Outcome.CALENDAR_REPLY] * 3
    assert {t.case_number for t in taken} == {number}
    assert case_count(intake_app) == 1  # no case opened
    assert counts(dovecot, imap_account) == {"INBOX": 0, "Processed": 3, "Quarantine": 0}
    with intake_app.uow() as uow:
        meeting = get_case(uow, number).meetings.get(1)
    assert meeting is not None
    assert meeting.answers() == {"hpark@city.test": Answer.ACCEPTED,
                                 "vosei@city.test": Answer.DECLINED,
                                 "dbrooks@city.test": Answer.TENTATIVE}
    assert outbox_count(intake_app) == owed_before  # nobody is told of an answer
    assert [f.outcome for f in filings(intake_app)] == ["calendar_reply"] * 3


def test_an_answer_sent_for_a_member_by_someone_else_is_held_for_the_clerk(
        dovecot: DovecotServer, imap_account: ImapAccount, intake_app: App) -> None:
    number = a_meeting(intake_app)
    with listening(intake_app):
        connected(dovecot, imap_account)
        append_all(dovecot, imap_account,
                   [(DATA / "outlook-accepted-other-sender.eml").read_bytes()])
        eventually(lambda: counts(dovecot, imap_account)["Quarantine"] == 1, timeout=10,
                   what="the answer held")
    with intake_app.uow() as uow:
        meeting = get_case(uow, number).meetings.get(1)
    assert meeting is not None and meeting.answers() == {}
    (held,) = filings(intake_app)
    assert held.outcome == "quarantined" and "sent by helen.park@freemail.example" in (
        held.reason or "")
