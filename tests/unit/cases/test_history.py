"""The one table of events (`cases.history`): each event kind carries its row, and what the
row says is what a case does with the event."""

from __future__ import annotations

from datetime import date

from cases import commands as c
from cases.deadlines import DeadlineKey, Status
from cases.history import EventKind, EventRule, Window, opening, sees_in_history
from cases.levels import Access
from cases.notices import NoticeType
from cases.procedure import handle
from cases.stages import Stage
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_procedure import new_case


def test_every_event_kind_has_its_row_and_a_value_the_history_can_store() -> None:
    """The `events.kind` column holds 40 characters; a value is stored as it is, so two
    kinds may not share one (an enum would silently make the second an alias)."""
    assert all(isinstance(k.rule, EventRule) for k in EventKind)
    values = [k.value for k in EventKind]
    assert len(values) == len(set(values)) == len(EventKind.__members__)
    assert all(v.islower() and len(v) <= 40 for v in values)
    assert EventKind("notice_served") is EventKind.NOTICE_SERVED


def test_a_stage_is_reached_only_by_the_events_the_table_names() -> None:
    leading = {k: k.rule.leads_to for k in EventKind if k.rule.leads_to is not None}
    assert set(leading.values()) == set(Stage) - {Stage.RECEIVED}
    assert leading[EventKind.CASE_VOIDED] is Stage.VOID


def test_each_window_is_opened_by_one_event_and_is_an_invite() -> None:
    for window in Window:
        assert sum(1 for k in EventKind if k.rule.opens is window) == 1
        assert NoticeType(window.value) in set(NoticeType)
    assert opening(Window.COUNCIL_DECISION) is EventKind.DETERMINATION_RECEIVED


def test_what_each_level_sees_of_the_history_is_the_tables_column() -> None:
    for kind in EventKind:
        row = kind.rule
        assert sees_in_history(Access.FULL, kind)
        assert not sees_in_history(Access.PUBLIC, kind)
        assert sees_in_history(Access.COUNCIL, kind) is (Access.COUNCIL in row.seen_by)


def test_the_events_that_move_days_recompute_the_deadlines_in_the_history() -> None:
    """A row's `moves_days` is what the recomputation it causes is headed with."""
    movers = {k for k in EventKind if k.rule.moves_days}
    assert movers == {EventKind.RECEIPT_CORRECTED, EventKind.STEP_DATE_CORRECTED}


def test_the_day_an_event_meets_its_deadline_is_the_rows_deadline() -> None:
    case = new_case()
    handle(case, c.RecordRegisteredMail("RR123", on=at("2026-01-13T09:00:00-08:00").date()),
           at=at("2026-01-14T09:00:00-08:00"), actor="clerk@city.test", calendar=CALENDAR)
    key = EventKind.REGISTERED_MAIL_SENT.rule.meets
    assert key is not None and case.triggers().done_on[key].isoformat() == "2026-01-13"


def test_a_copy_mailed_again_leaves_the_deadline_met_by_the_first() -> None:
    """The day that meets a deadline is the day of the step whose moment met it: a
    registered copy mailed to the official again, later, neither moves nor undoes it."""
    case = new_case()  # received Tue Jan 6, 2026; the copy is due within 3 days (§2)
    for day in ("2026-01-07", "2026-01-20"):
        handle(case, c.RecordRegisteredMail("RR123", on=at(f"{day}T09:00:00-08:00").date()),
               at=at(f"{day}T10:00:00-08:00"), actor="clerk@city.test", calendar=CALENDAR)
    mail = next(d for d in case.deadlines(CALENDAR, now=at("2026-01-21T09:00:00-08:00"))
                if d.key is DeadlineKey.REGISTERED_MAIL)
    assert case.registered_mail_on == date(2026, 1, 7)
    assert mail.status is Status.MET and "Jan 20" not in mail.basis, mail.basis
