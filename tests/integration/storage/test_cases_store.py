"""The case store on SQLite and on a real PostgreSQL: what is committed is what was
done, numbers are unique, times come back aware, and a failed step leaves nothing."""

from __future__ import annotations

import os
import threading
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, func, select, text

from cases.commands import ApplyForContinuance, DecideContinuance, ScheduleBoardMeeting
from cases.deadlines import DeadlineKey, Status
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.meetings import Body
from cases.motions import Motion
from cases.services import recompute
from ethicsbot.bootstrap import App
from ethicsbot.cli import main
from storage import queries
from storage.db import make_engine
from storage.migrate import HEAD, is_current, script_head, upgrade
from storage.models import AccessLogRow, Base, CaseRow, EventRow, OutboxRow
from tests.fixtures.app import FakeClock
from tests.fixtures.cases import RECEIVED, a_filing, convene, open_at_once, open_one, step


def test_a_filed_complaint_is_stored_with_its_history_deadlines_and_notices(app: App) -> None:
    number = open_one(app)
    assert number == "ETH-2026-0001"
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        assert case.respondents == ("praman@city.test",)
        assert case.received_at == RECEIVED and case.received_at.tzinfo is not None
        stored = {d.key: d for d in uow.cases.stored_deadlines(number)}
        assert stored[DeadlineKey.HEARING_BEGIN].due == datetime(
            2026, 12, 21, 23, 59, 59, tzinfo=app.calendar.tz)  # Sat Dec 19 -> Mon Dec 21
        notices = [(n.notice_type, n.recipient_email, n.message_id) for n in
                   uow.session.scalars(select(OutboxRow).order_by(OutboxRow.id))]
    kinds = [(t, e) for t, e, _ in notices]
    assert ("complaint_to_respondent", "praman@city.test") in kinds
    # the respondent, a council member, is not also sent the council's copy
    council = [e for t, e in kinds if t == "complaint_to_council"]
    assert sorted(council) == sorted(p.email for p in app.directory.council
                                     if p.email != "praman@city.test")
    assert len([t for t, _ in kinds if t == "submission_to_board"]) == len(app.directory.board)
    assert [e for t, e in kinds if t == "registered_mail_task"] == ["clerk@city.test"]
    assert len({m for _, _, m in notices}) == len(notices)
    assert all(m.startswith("<eth-2026-0001.") for _, _, m in notices)


def test_steps_append_events_and_rewrite_the_deadline_snapshot(app: App,
                                                               clock: FakeClock) -> None:
    number = open_one(app)
    clock.advance(days=2)
    convene(app, number)  # the board applies by motion at its meeting (§7)
    step(app, number, ApplyForContinuance(reason="respondent hospitalised",
                                          motion=Motion(unanimous=True)))
    with app.session_factory() as s:
        row = s.scalars(select(CaseRow)).one()
        assert row.tolled
        assert row.next_due_key not in ("hearing_begin", "hearing_conclude")
    clock.advance(days=3)
    convene(app, number, Body.COUNCIL)  # the council decides by motion at its meeting
    step(app, number, DecideContinuance(granted_days=7, motion=Motion(unanimous=True)))
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        assert [e.kind for e in case.history] == [
            EventKind.COMPLAINT_RECEIVED, EventKind.BOARD_MEETING_SCHEDULED,
            EventKind.ROLL_CALL_RECORDED, EventKind.CONTINUANCE_APPLIED,
            EventKind.DELIBERATION_SCHEDULED, EventKind.ROLL_CALL_RECORDED,
            EventKind.CONTINUANCE_DECIDED]
        begin = {d.key: d for d in uow.cases.stored_deadlines(number)}[DeadlineKey.HEARING_BEGIN]
    # Dec 20 + 3 days paused + 7 granted = Dec 30 (a Wednesday)
    assert begin.status is Status.OPEN
    assert begin.due == datetime(2026, 12, 30, 23, 59, 59, tzinfo=app.calendar.tz)
    with app.session_factory() as s:
        seqs = s.scalars(select(EventRow.seq).order_by(EventRow.seq)).all()
    # receipt; the board's meeting and roll call, the application; the council's meeting
    # and roll call, the decision
    assert seqs == list(range(7))


def test_a_refused_step_leaves_nothing_behind(app: App) -> None:
    number = open_one(app)
    with app.session_factory() as s:
        before = s.scalar(select(func.count()).select_from(EventRow))
    with pytest.raises(ProcedureError, match="no continuance application"):
        step(app, number, DecideContinuance(granted_days=3))  # nothing was applied for
    with pytest.raises(ProcedureError):
        step(app, number, ScheduleBoardMeeting(starts_at=datetime(2026, 12, 8, 18, tzinfo=UTC),
                                          place=""))
    with app.session_factory() as s:
        assert s.scalar(select(func.count()).select_from(EventRow)) == before


def test_case_numbers_run_per_year_and_never_repeat_under_concurrency(app: App) -> None:
    numbers = open_at_once(app, 8)
    assert sorted(numbers) == [f"ETH-2026-{i:04d}" for i in range(1, 9)]
    new_year = open_one(app, a_filing(datetime(2027, 1, 4, 17, tzinfo=UTC)))
    assert new_year == "ETH-2027-0001"


def test_new_city_holidays_recompute_and_record_old_and_new_dates(app: App) -> None:
    number = open_one(app)
    from cases.calendar import CityCalendar

    # the council declares Mon Dec 21 a city holiday: hearing_begin moves to Tue Dec 22
    calendar = CityCalendar(app.calendar.tz, [date(2026, 12, 21)])
    with app.uow() as uow:
        changes = recompute(uow, number, directory=app.directory, calendar=calendar,
                            clock=app.clock,
                            reason="city holidays changed")
        uow.commit()
    assert {c["key"] for c in changes} == {"hearing_begin"}
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        last = case.history[-1]
    assert last.kind is EventKind.DEADLINES_RECOMPUTED
    assert last.data["changes"][0]["old"].startswith("2026-12-21T23:59:59")
    assert last.data["changes"][0]["new"].startswith("2026-12-22T23:59:59")


def test_docket_and_case_detail_queries_read_what_is_stored(app: App) -> None:
    number = open_one(app)
    with app.session_factory() as s:
        rows = queries.docket(session=s)
        detail = queries.case_view(session=s, number=number, now=app.clock())
        assert queries.case_view(session=s, number="ETH-2026-0999", now=app.clock()) is None
    assert [r["number"] for r in rows] == [number] and rows[0]["confidential"] is True
    assert detail is not None and detail["filing"]["code_sections"] == ["2.94.030"]
    assert detail["deadlines"][0]["key"] == "notice_24h"
    assert len(detail["notices"]) >= 1


def test_a_case_shows_each_filing_by_its_size_and_each_notice_with_its_attempts(
        app: App) -> None:
    """The case view's filings give their size in bytes (counted by the database, the
    raw message not fetched) and its notice log every notice, attempted or not."""
    number = open_one(app)
    raw = "Subject: é\r\n\r\n".encode() + bytes(range(256)) * 40
    with app.uow() as uow:
        row = uow.cases.row(number)
        assert row is not None
        uow.filings.add(case_id=row.id, source="imap", message_id="<a@example.net>",
                        content_hash="0" * 64, sender="dw@example.net", outcome="opened",
                        reason=None, raw=raw, parsed=None, at=app.clock(), sent_at=app.clock())
        uow.commit()
    with app.session_factory() as s:
        detail = queries.case_view(session=s, number=number, now=app.clock())
        owed = s.scalar(select(func.count()).select_from(OutboxRow))
    assert detail is not None
    assert [(f["message_id"], f["bytes"]) for f in detail["filings"]] == [
        ("<a@example.net>", len(raw))]
    assert len(detail["notices"]) == owed and all(n["attempts"] == [] for n in detail["notices"])


def test_a_docket_page_involving_someone_matches_their_address_literally_and_is_logged(
        app: App) -> None:
    """The Slack docket's one statement (on PostgreSQL the read and its access-log row
    together): `involving` is matched as written but for case, on both backends, a LIKE
    wildcard in it matches nothing else, and every page asked for leaves one line,
    whatever it found."""
    number = open_one(app)
    look = queries.Look(at=app.clock(), who="board@city.test", number=None,
                        action="docket page 1", channel="slack")
    factory = app.read_session_factory or app.session_factory
    found = {}
    for who in ("praman@city.test", "PRaman@City.test", "pr_man@city.test", "%@city.test"):
        with factory.begin() as s:
            found[who] = [r["number"] for r in queries.docket(
                session=s, view=queries.DocketView(), involving=who, limit=26, offset=0,
                logged=look)]
    assert found == {"praman@city.test": [number], "PRaman@City.test": [number],
                     "pr_man@city.test": [], "%@city.test": []}
    with app.session_factory() as s:
        assert s.scalar(select(func.count()).select_from(AccessLogRow)
                        .where(AccessLogRow.action == "docket page 1")) == 4


def test_every_look_at_a_case_from_the_command_line_is_in_the_access_log(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """§6: the CLI's reads (a case's detail, its notice log, a case that does not exist)
    each leave one line in the access log, written by the command, not by this test."""
    number = open_one(app)
    for key in [k for k in os.environ if k.startswith("ETHICSBOT_")]:
        monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICSBOT_DATABASE_URL", app.settings.database_url)
    assert main(["case", number, "--json"]) == 0
    assert main(["notices", number]) == 0
    assert main(["case", "ETH-2026-0999"]) == 2
    capsys.readouterr()
    with app.session_factory() as s:
        looks = [(r.case_number, r.action, r.channel, r.allowed, r.who.startswith("os:"),
                  r.at.tzinfo is not None)
                 for r in s.scalars(select(AccessLogRow).order_by(AccessLogRow.id))]
    assert looks == [(number, "case detail", "cli", True, True, True),
                     (number, "notice log", "cli", True, True, True),
                     ("ETH-2026-0999", "case detail", "cli", False, True, True)]


def test_migrations_are_idempotent_and_detected_current(app: App) -> None:
    upgrade(app.engine)
    assert is_current(app.engine)
    assert script_head() == HEAD  # a new migration moves HEAD too
    with app.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0005'"))
    assert not is_current(app.engine)


def test_the_migrated_schema_is_the_models_schema(app: App) -> None:
    """Every table, column, key and index the models declare is what the migrations
    built (a model changed without its migration, as a primary key widened for the
    officials' own deadlines in 0015, fails here on both databases)."""
    with app.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def test_processes_migrating_a_new_database_at_once_all_succeed(database_url: str) -> None:
    """A worker and web replicas that waited for a new database migrate it together
    when it comes: one at a time, none failing on a table another just created."""
    engines = [make_engine(database_url) for _ in range(4)]
    start, failures = threading.Barrier(len(engines)), []

    def migrate(engine: Engine) -> None:
        start.wait()
        try:
            upgrade(engine)
        except Exception as e:
            failures.append(repr(e)[:200])

    threads = [threading.Thread(target=migrate, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    try:
        assert failures == [] and is_current(engines[0])
    finally:
        for e in engines:
            e.dispose()


def test_naive_datetimes_are_refused_rather_than_guessed(app: App) -> None:
    number = open_one(app)
    with app.session_factory() as s:
        row = s.scalars(select(CaseRow).where(CaseRow.number == number)).one()
        row.updated_at = datetime(2026, 1, 1) + timedelta(0)
        with pytest.raises(Exception, match="naive"):
            s.flush()
