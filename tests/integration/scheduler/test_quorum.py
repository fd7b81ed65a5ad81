"""The quorum look on the real database (SQLite and PostgreSQL) and SMTP sink: 48 hours
before a meeting, the chair and the clerk are warned once when fewer members accepted
than a quorum; answers recorded later are looked at again, never warned twice; a
quorum in hand warns nobody."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from cases.commands import RecordMeetingReply, ScheduleBoardMeeting
from cases.meetings import Answer
from ethicsbot.bootstrap import App
from mail.dispatch import dispatch_once
from storage.models import OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import open_one, step
from tests.integration.mail.test_dispatch import plain, smtp
from tests.servers.smtp_sink import SmtpSink

HEARING = datetime(2026, 12, 15, 18, 0, tzinfo=ZoneInfo("America/Los_Angeles"))
LOOK = datetime(2026, 12, 14, 2, 0, tzinfo=UTC)  # 48 hours before, in UTC


def scheduled(app: App) -> str:
    number = open_one(app)
    step(app, number, ScheduleBoardMeeting(HEARING, "City Hall, Room 2"), actor="hpark@city.test")
    return number


def answer(app: App, number: str, who: str, how: Answer) -> None:
    step(app, number, RecordMeetingReply(1, who, how, 0), actor="ethicsbot")


def warnings(app: App) -> list[tuple[str, str]]:
    with app.session_factory() as s:
        return sorted((e, slot) for e, slot in s.execute(select(
            OutboxRow.recipient_email, OutboxRow.slot).where(
            OutboxRow.notice_type == "quorum_warning")))


async def test_too_few_acceptances_warn_the_chair_and_the_clerk_once_48_hours_before(
        app: App, clock: FakeClock, paused_scheduler: BackgroundScheduler,
        smtp_sink: SmtpSink) -> None:
    number = scheduled(app)
    answer(app, number, "hpark@city.test", Answer.ACCEPTED)
    answer(app, number, "vosei@city.test", Answer.DECLINED)
    looks = app.quorum_looks(paused_scheduler)
    assert looks.arm() == LOOK
    assert looks.fire() == [] and warnings(app) == []  # not yet: nothing was due
    clock.set(LOOK)
    (warned,) = looks.fire()
    assert warned.number == number and warned.meeting == 1
    assert warnings(app) == [("clerk@city.test", "meeting-1:quorum:0"),
                             ("hpark@city.test", "meeting-1:quorum:0")]
    assert looks.armed_for is None  # looked: nothing more is due
    clock.advance(hours=1)
    answer(app, number, "dbrooks@city.test", Answer.TENTATIVE)  # a change: looked at again
    assert looks.arm() == clock.now
    assert looks.fire() != [] and len(warnings(app)) == 2  # still short, not warned twice
    while await dispatch_once(app.dispatch_deps(), smtp(smtp_sink)):
        pass
    got = [m for m in smtp_sink.messages() if "Quorum in doubt" in str(m["Subject"])]
    assert len(got) == 2
    text = plain(got[0])
    assert "1 of 3 members who may act have accepted" in text
    assert "Accepted: Helen Park" in text and "Declined: Victor Osei" in text
    assert "Tentative: Dana Brooks" in text and "No answer: nobody" in text


def test_a_quorum_in_hand_warns_nobody(app: App, clock: FakeClock,
                                       paused_scheduler: BackgroundScheduler) -> None:
    number = scheduled(app)
    answer(app, number, "hpark@city.test", Answer.ACCEPTED)
    answer(app, number, "dbrooks@city.test", Answer.ACCEPTED)
    looks = app.quorum_looks(paused_scheduler)
    clock.set(LOOK)
    assert looks.fire() == [] and warnings(app) == []
    assert looks.arm() is None
