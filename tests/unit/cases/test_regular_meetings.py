"""A meeting called as regular must be one of the body's regular meetings, where the
city's file fixes them (RCW 42.30.070): it owes no special notice, so one called "regular"
at another time would be held with no notice at all. A regular meeting whose day is a
holiday is held on the next business day."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases import commands as c
from cases.case import Case
from cases.errors import ProcedureError
from cases.meetings import Body, MeetingKind
from cases.procedure import handle, open_case
from cases.regular_meetings import RegularTime, check_regular, parse_regular, regular_on
from ethicsbot.directory_file import DirectoryError, embedded_directory_text, parse_directory
from tests.unit.cases.riverton import CALENDAR, at, filing
from tests.unit.cases.test_procedure import CHAIR, CLERK, RESPONDENT

BOARD_3RD_TUE = {Body.BOARD: (parse_regular("3rd Tue 18:00"),)}


def new_case() -> Case:
    return open_case(number="ETH-2026-0009", filing=filing(), respondents=(RESPONDENT,),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)


def call(case: Case, starts: str, kind: MeetingKind, regular: dict[Body, tuple[RegularTime, ...]],
         **kw: object) -> None:
    handle(case, c.ScheduleBoardMeeting(at(starts), "City Hall, Room 2", kind=kind, **kw),  # type: ignore[arg-type]
           at=at("2026-01-08T09:00:00-08:00"), actor=CHAIR, calendar=CALENDAR,
           regular=regular)


def test_a_regular_meeting_off_the_boards_schedule_is_refused_and_on_it_accepted() -> None:
    """Board: 3rd Tuesday at 6 PM. Wed Jan 21 as "regular" is refused, saying the next
    regular meeting; the same time called as special (24 hours' notice) is accepted, and
    Tue Jan 20 at 6 PM as regular is accepted."""
    case = new_case()
    with pytest.raises(ProcedureError) as refused:
        call(case, "2026-01-21T18:00:00-08:00", MeetingKind.REGULAR, BOARD_3RD_TUE)
    message = str(refused.value)
    assert "is not one of the Ethics Board's regular meetings (3rd Tue 18:00" in message
    assert "RCW 42.30.070" in message and "special meeting" in message
    assert "the next regular meeting, Tue Feb 17, 2026 6:00 PM PST" in message
    assert case.meetings.all == []
    call(case, "2026-01-21T18:00:00-08:00", MeetingKind.SPECIAL, BOARD_3RD_TUE)
    assert case.board_meeting is not None and case.board_meeting.kind is MeetingKind.SPECIAL
    other = new_case()
    call(other, "2026-01-20T18:00:00-08:00", MeetingKind.REGULAR, BOARD_3RD_TUE)
    assert other.board_meeting is not None and other.board_meeting.kind is MeetingKind.REGULAR


def test_moving_a_regular_meeting_off_the_schedule_is_refused() -> None:
    case = new_case()
    call(case, "2026-01-20T18:00:00-08:00", MeetingKind.REGULAR, BOARD_3RD_TUE)
    with pytest.raises(ProcedureError, match="not one of the Ethics Board's regular"):
        call(case, "2026-01-20T19:30:00-08:00", MeetingKind.REGULAR, BOARD_3RD_TUE)
    assert case.board_meeting is not None
    assert CALENDAR.local(case.board_meeting.starts_at).hour == 18


def test_a_regular_meeting_on_a_holiday_is_held_the_next_business_day() -> None:
    """RCW 42.30.070: the board's 3rd Monday is Mon Jan 19, 2026, Martin Luther King Jr.
    Day: its regular meeting is Tue Jan 20, not the 19th."""
    third_monday = {Body.BOARD: (parse_regular("3rd Mon 18:00"),)}
    case = new_case()
    with pytest.raises(ProcedureError, match="Tue Jan 20, 2026 6:00 PM"):
        call(case, "2026-01-19T18:00:00-08:00", MeetingKind.REGULAR, third_monday)
    call(case, "2026-01-20T18:00:00-08:00", MeetingKind.REGULAR, third_monday)
    assert case.board_meeting is not None


def test_without_a_schedule_for_the_body_the_clerks_word_stands() -> None:
    """The file fixes the council's regular meetings, not the board's: any time of the
    board's is taken as the clerk says; the council's are checked."""
    council_only = {Body.COUNCIL: (parse_regular("1st Mon 18:00"),)}
    case = new_case()
    call(case, "2026-01-21T18:00:00-08:00", MeetingKind.REGULAR, council_only)
    assert case.board_meeting is not None
    starts = at("2026-02-03T18:00:00-08:00")  # a Tuesday
    with pytest.raises(ProcedureError, match="the City Council's regular meetings"):
        check_regular(MeetingKind.REGULAR, Body.COUNCIL, starts, council_only, CALENDAR)
    check_regular(MeetingKind.REGULAR, Body.COUNCIL, at("2026-02-02T18:00:00-08:00"),
                  council_only, CALENDAR)


@pytest.mark.parametrize("text, ordinal, weekday, hour", [
    ("1st Tue 18:00", 1, 1, 18), ("last monday 19:30", -1, 0, 19), ("Every Thu 9:00", 0, 3, 9),
    ("  2nd   Wed  17:30 ", 2, 2, 17)])
def test_regular_times_are_read_as_the_citys_rules_write_them(
        text: str, ordinal: int, weekday: int, hour: int) -> None:
    t = parse_regular(text)
    assert (t.ordinal, t.weekday, t.at.hour) == (ordinal, weekday, hour)


@pytest.mark.parametrize("text, says", [
    ("Tuesdays", "e.g. '1st Tue 18:00'"), ("6th Tue 18:00", "e.g. '1st Tue 18:00'"),
    ("1st Tux 18:00", "e.g. '1st Tue 18:00'"), ("1st Tue 6pm", "e.g. '1st Tue 18:00'"),
    ("", "e.g. '1st Tue 18:00'"), ("1st Tue 25:00", "25:00 is not a time of day")])
def test_a_time_that_is_not_one_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_regular(text)


def test_the_citys_file_gives_the_bodies_regular_times_and_refuses_a_bad_one() -> None:
    text = embedded_directory_text() + (
        "\nregular_meetings:\n  council: [1st Mon 18:00, 3rd Mon 18:00]\n"
        "  board: [2nd Wed 17:30]\n")
    times = parse_directory(text).regular_times
    assert [str(t) for t in times[Body.COUNCIL]] == ["1st Mon 18:00", "3rd Mon 18:00"]
    assert times[Body.BOARD] == (RegularTime(2, 2, time(17, 30)),)
    with pytest.raises(DirectoryError, match="regular_meetings"):
        parse_directory(embedded_directory_text() + "\nregular_meetings:\n  board: [Weds]\n")


@given(st.sampled_from(["1st", "2nd", "3rd", "4th", "last"]),
       st.sampled_from(["Mon", "Tue", "Wed", "Thu", "Fri"]),
       st.dates(min_value=date(2026, 1, 1), max_value=date(2030, 12, 1)))
def test_each_regular_meeting_is_held_once_on_its_day_or_the_first_business_day_after(
        which: str, day: str, month: date) -> None:
    """For any month: the time's own day is found once; its meeting is held on it, or,
    when it is a holiday, on the first business day after and on no day between."""
    t = parse_regular(f"{which} {day} 18:00")
    first = month.replace(day=1)
    own = [first + timedelta(days=i) for i in range(31)
           if (first + timedelta(days=i)).month == first.month and t.falls_on(
               first + timedelta(days=i))]
    assert len(own) == 1
    held = [own[0] + timedelta(days=i) for i in range(15)
            if regular_on([t], own[0] + timedelta(days=i), CALENDAR)]
    assert len(held) == 1
    if CALENDAR.holiday_name(own[0]) is None:
        assert held == own
    else:
        assert CALENDAR.is_business_day(held[0])
        assert all(not CALENDAR.is_business_day(own[0] + timedelta(days=i))
                   for i in range(1, (held[0] - own[0]).days))
