"""The at-risk sweep (`storage.risk.at_risk`) and the docket's at-risk view
(`storage.queries` `show=at-risk`) say "at risk" the same way (issue 39): one condition,
`storage.risk.RiskSql`, read by both. Cases built at each edge of the window
(`risk_window`: due by `near_by`, owed by `just_owed_since`, failed and owed by
`failed_since`), and two officials' own §12 lines under one key, are judged case by case
by both, on SQLite and PostgreSQL, and the sweep tells each deadline once."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import update

from cases.deadlines import DeadlineKey
from cases.notices import NoticeType
from ethicsbot.bootstrap import App
from mail.intake import Outcome, take_in
from storage import risk
from storage.models import CaseRow, DeadlineRow, OutboxRow
from storage.queries import DocketView, docket, risk_window
from storage.risk import DEADLINE_NEAR, UNDELIVERED
from tests.fixtures.app import FakeClock
from tests.integration.mail.complaints import forwarded_complaint

KEY = DeadlineKey.COUNCIL_DECISION.value
SECOND = timedelta(seconds=1)
LONG_AGO = timedelta(days=2)


@dataclass(frozen=True)
class Line:
    """One deadline line of the key: its official ("" the case's own), due, status."""

    due: str | None  # "near-in", "near-edge", "near-out", "far", or None (tolled)
    official: str = ""
    status: str = "open"


@dataclass(frozen=True)
class Owed:
    """One notice for the key: when owed, whether failed, its type."""

    owed: str  # "long-ago", "just-in", "just-edge", "just-out", "failed-in", "failed-out"
    failed: bool = False
    type_: NoticeType = NoticeType.DETERMINATION


# name: (lines, notices, the reason the sweep gives, or None: not at risk)
EDGES: dict[str, tuple[list[Line], list[Owed], str | None]] = {
    "due just inside near, owed long ago": ([Line("near-in")], [Owed("long-ago")],
                                            DEADLINE_NEAR),
    "due at near itself, owed at just-owed itself": (
        [Line("near-edge")], [Owed("just-edge")], DEADLINE_NEAR),
    "due just outside near, owed long ago": ([Line("near-out")], [Owed("long-ago")], None),
    "near, owed just before just-owed": ([Line("near-in")], [Owed("just-in")],
                                         DEADLINE_NEAR),
    "near, owed just after just-owed: going out now": (
        [Line("near-in")], [Owed("just-out")], None),
    "near, owed just now but failed": ([Line("near-in")], [Owed("just-out", failed=True)],
                                       DEADLINE_NEAR),
    "far, failed and owed before failed-since": (
        [Line("far")], [Owed("failed-in", failed=True)], UNDELIVERED),
    "far, failed and owed after failed-since": (
        [Line("far")], [Owed("failed-out", failed=True)], None),
    "tolled, failed before failed-since": ([Line(None, status="tolled")],
                                           [Owed("failed-in", failed=True)], UNDELIVERED),
    "near but met": ([Line("near-in", status="met")], [Owed("long-ago", failed=True)], None),
    "near, only a reminder pending": ([Line("near-in")],
                                      [Owed("long-ago", type_=NoticeType.REMINDER)], None),
    "two officials, one near one far, failed long ago: told once, as near": (
        [Line("far", "a@city.test"), Line("near-in", "b@city.test")],
        [Owed("failed-in", failed=True), Owed("long-ago")], DEADLINE_NEAR),
    "two officials both far, failed long ago: told once": (
        [Line("far", "a@city.test"), Line("far", "b@city.test")],
        [Owed("failed-in", failed=True)], UNDELIVERED),
    "two officials, the near one met, the other far, not failed": (
        [Line("near-in", "a@city.test", status="met"), Line("far", "b@city.test")],
        [Owed("long-ago")], None),
    "two officials, the near one met, the other far, failed after failed-since": (
        [Line("near-in", "a@city.test", status="met"), Line("far", "b@city.test")],
        [Owed("failed-out", failed=True)], None),
    "two officials both near, one notice owed just after just-owed": (
        [Line("near-in", "a@city.test"), Line("near-edge", "b@city.test")],
        [Owed("just-out")], None),
}


def moments(now: datetime) -> tuple[dict[str, datetime], dict[str, datetime]]:
    at = risk_window().params(now)
    due = {"near-in": at["near_by"] - SECOND, "near-edge": at["near_by"],
           "near-out": at["near_by"] + SECOND, "far": now + timedelta(days=5)}
    owed = {"long-ago": now - LONG_AGO, "just-in": at["just_owed_since"] - SECOND,
            "just-edge": at["just_owed_since"], "just-out": at["just_owed_since"] + SECOND,
            "failed-in": at["failed_since"] - SECOND, "failed-out": at["failed_since"] + SECOND}
    return due, owed


def build(app: App, n: int, lines: list[Line], notices: list[Owed]) -> tuple[int, str]:
    """A case whose own notices have all gone, with `lines` and `notices` for KEY."""
    result = take_in(forwarded_complaint(n), app.intake(), source="imap",
                     received_at=app.clock())
    assert result.outcome is Outcome.OPENED and result.case_number
    due, owed = moments(app.clock())
    with app.session_factory.begin() as s:
        case_id = s.query(CaseRow.id).filter(CaseRow.number == result.case_number).scalar()
        s.execute(update(OutboxRow).where(OutboxRow.case_id == case_id)
                  .values(status="sent", sent_at=app.clock()))
        for line in lines:
            s.add(DeadlineRow(case_id=case_id, key=KEY, official=line.official,
                              due=None if line.due is None else due[line.due],
                              status=line.status, responsible="council", basis="§12"))
        for i, notice in enumerate(notices):
            s.add(OutboxRow(case_id=case_id, notice_type=notice.type_.value,
                            recipient_email=f"council{i}@city.test", recipient_name="Council",
                            deadline_key=KEY, message_id=f"<{secrets.token_hex(8)}@test>",
                            next_attempt_at=app.clock(), created_at=owed[notice.owed],
                            last_error="451 try later" if notice.failed else None))
    return case_id, result.case_number


def test_the_sweep_and_the_docket_judge_every_edge_alike(app: App, clock: FakeClock) -> None:
    built = {name: build(app, n, lines, notices)
             for n, (name, (lines, notices, _)) in enumerate(EDGES.items(), start=1)}
    now = clock()
    with app.session_factory() as s:
        swept = risk.at_risk(s, **risk_window().params(now))
        listed = {line["number"] for line in docket(
            session=s, view=DocketView(show="at-risk", risk=risk_window()), now=now)}
    lines = [(r.case_id, r.deadline_key) for r in swept]
    assert len(lines) == len(set(lines)), "a deadline told twice in one sweep"
    reasons = {r.case_id: r.reason for r in swept}
    for name, (case_id, number) in built.items():
        expected = EDGES[name][2]
        assert reasons.get(case_id) == expected, name
        assert (number in listed) == (expected is not None), name
