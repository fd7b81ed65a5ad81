"""A holiday added to the directory file moves open cases' deadlines, with history."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlalchemy import select

from cases.events import EventKind
from ethicsbot.bootstrap import App
from ethicsbot.calendar_sync import sync_calendar
from ethicsbot.directory_file import city_calendar
from storage.models import OutboxRow
from tests.fixtures.cases import open_one


def test_a_new_city_holiday_moves_open_deadlines_once(app: App) -> None:
    assert sync_calendar(app) == {}  # the first run only remembers the calendar
    number = open_one(app)  # received Mon Nov 30: hearing_begin due Mon Dec 21
    assert sync_calendar(app) == {}  # nothing changed
    app.directory = replace(app.directory, holidays=(date(2026, 12, 21),))
    app.calendar = city_calendar(app.directory)
    assert sync_calendar(app) == {number: 1}
    assert sync_calendar(app) == {}  # remembered: not recomputed twice
    with app.uow() as uow:
        case = uow.cases.get(number)
        assert case is not None
        last = case.history[-1]
    assert last.kind is EventKind.DEADLINES_RECOMPUTED
    assert "calendar" in last.data["reason"]
    assert [c["key"] for c in last.data["changes"]] == ["hearing_begin"]
    # the calendars that show the hearing window get an update (board and council)
    with app.session_factory() as s:
        generations = sorted({g for (g,) in s.execute(
            select(OutboxRow.generation).where(
                OutboxRow.notice_type == "invite_sufficiency_window"))})
    assert len(generations) == 2
