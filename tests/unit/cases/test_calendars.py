"""Deadline calendars computed by hand from the rules, checked against `compute_deadlines`.

The rules (docs/deadlines.md, RCW 35A.21.080): exclude the day of the
trigger, include the last day; a last day on a Saturday, Sunday or legal holiday (US/WA
via `holidays`, plus the city's own) moves to the next business day; a day period ends at
23:59:59 local time; 24 hours is an exact instant; tolling adds (decided - applied) paused
days + granted days to the last day *before* the roll-forward; a pending continuance
leaves the hearing deadlines without a due date.

Every expectation below was worked out on paper first; the arithmetic is beside it.
City zone America/Los_Angeles unless said otherwise. 2026: DST starts Sun Mar 8 and ends
Sun Nov 1. WA holidays used: Thanksgiving Thu Nov 26 2026, Native American Heritage Day
Fri Nov 27 2026, Christmas Fri Dec 25 2026, New Year's Day Fri Jan 1 2027, MLK Day Mon
Jan 18 2027, Presidents' Day Mon Feb 16 2026, Independence Day Sat Jul 4 2026 observed
Fri Jul 3 2026.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from cases.calendar import CityCalendar
from cases.deadlines import (
    Continuance,
    Deadline,
    DeadlineKey,
    Responsible,
    Status,
    Triggers,
    compute_deadlines,
)
from cases.directory import Directory, Person

LA = ZoneInfo("America/Los_Angeles")
CAL = CityCalendar(LA)

K = DeadlineKey
NOTICE, MAIL, BEGIN, CONCLUDE = (K.NOTICE_24H, K.REGISTERED_MAIL, K.HEARING_BEGIN,
                                 K.HEARING_CONCLUDE)
REPORT, COUNCIL, LIMITS = K.REPORT_DELIVERY, K.COUNCIL_DECISION, K.LIMITATIONS


def at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


def compute(received: str | datetime, *, now: str | None = None,
            cal: CityCalendar = CAL, **triggers: object) -> dict[DeadlineKey, Deadline]:
    r = at(received) if isinstance(received, str) else received
    moment = at(now) if now is not None else r
    out = compute_deadlines(Triggers(received=r, **triggers), cal,  # type: ignore[arg-type]
                            now=moment)
    keys = [d.key for d in out]
    assert len(keys) == len(set(keys)), keys
    return {d.key: d for d in out}


def expect(ds: dict[DeadlineKey, Deadline],
           table: dict[DeadlineKey, tuple[str | None, Status]]) -> None:
    got = {k: (d.due.isoformat() if d.due else None, d.status) for k, d in ds.items()
           if k in table}
    assert got == table
    assert set(table) <= set(ds)


def eod(iso_day: str, offset: str = "-08:00") -> str:
    """End of a local day as ISO with the offset that day has in the city."""
    return f"{iso_day}T23:59:59{offset}"


OPEN = Status.OPEN


def opened(notice: str, mail: str, begin: str, conclude: str, offset: str = "-08:00"
           ) -> dict[DeadlineKey, tuple[str | None, Status]]:
    """What `expect` takes for the four deadlines a receipt starts, all open: the 24 hours'
    instant, and the last days of the other three, each ending in `offset`."""
    return {NOTICE: (notice, OPEN), MAIL: (eod(mail, offset), OPEN),
            BEGIN: (eod(begin, offset), OPEN), CONCLUDE: (eod(conclude, offset), OPEN)}


# -- 1. a plain weekday: nothing rolls ------------------------------------------------------

def test_plain_weekdays() -> None:
    # received Tue Jan 6 2026 09:30 PST
    # 24h: Wed Jan 7 09:30 PST
    # +3  = Fri Jan 9 (business day)
    # +20 = Mon Jan 26 (Jan 19 MLK Day is inside the period, which does not matter)
    # +24 = Fri Jan 30
    ds = compute("2026-01-06T09:30:00-08:00")
    expect(ds, opened("2026-01-07T09:30:00-08:00", "2026-01-09", "2026-01-26", "2026-01-30"))
    # only the deadlines whose trigger has happened
    assert list(ds) == [NOTICE, MAIL, BEGIN, CONCLUDE]
    assert ds[NOTICE].basis == ("received Tue Jan 6, 2026 9:30 AM PST + 24 hours = "
                                "Wed Jan 7, 2026 9:30 AM PST")
    assert ds[MAIL].basis == ("received Tue Jan 6, 2026 + 3 days = Fri Jan 9, 2026; "
                              "due by Fri Jan 9, 2026 11:59:59 PM PST")
    assert "moves" not in ds[BEGIN].basis
    assert ds[NOTICE].responsible is Responsible.MAYORS_OFFICE
    assert ds[BEGIN].responsible is Responsible.BOARD_CHAIR
    assert (ds[MAIL].ordinance, ds[BEGIN].ordinance) == ("§2", "§7")


# -- 2-8. a last day on a weekend or a holiday moves to the next business day -------------

MOVES = [
    # 2. last day on a Saturday
    # received Wed Jan 7 2026 16:45 PST
    # 24h: Thu Jan 8 16:45 PST
    # +3  = Sat Jan 10 -> Sun Jan 11 -> Mon Jan 12
    # +20 = Tue Jan 27
    # +24 = Sat Jan 31 -> Sun Feb 1 -> Mon Feb 2
    pytest.param(
        "2026-01-07T16:45:00-08:00",
        opened("2026-01-08T16:45:00-08:00", "2026-01-12", "2026-01-27", "2026-02-02"),
        {MAIL: "received Wed Jan 7, 2026 + 3 days = Sat Jan 10, 2026; Sat Jan 10, 2026 is a "
               "Saturday; Sun Jan 11, 2026 is a Sunday, so it moves to the next business day, "
               "Mon Jan 12, 2026"},
        id="saturday"),
    # 3. last day on a Sunday (and no Saturday before it)
    # received Thu Jan 8 2026 14:00 PST
    # 24h: Fri Jan 9 14:00 PST
    # +3  = Sun Jan 11 -> Mon Jan 12
    # +20 = Wed Jan 28
    # +24 = Sun Feb 1 -> Mon Feb 2
    pytest.param(
        "2026-01-08T14:00:00-08:00",
        opened("2026-01-09T14:00:00-08:00", "2026-01-12", "2026-01-28", "2026-02-02"),
        {MAIL: "received Thu Jan 8, 2026 + 3 days = Sun Jan 11, 2026; Sun Jan 11, 2026 is a "
               "Sunday, so it moves to the next business day, Mon Jan 12, 2026"},
        id="sunday"),
    # 4. the day after Thanksgiving (Native American Heritage Day in WA)
    # received Tue Nov 24 2026 10:00 PST
    # 24h: Wed Nov 25 10:00 PST
    # +3  = Fri Nov 27 (Native American Heritage Day, RCW 1.16.050) -> Sat 28 -> Sun 29
    #       -> Mon Nov 30
    # +20 = Mon Dec 14
    # +24 = Fri Dec 18
    pytest.param(
        "2026-11-24T10:00:00-08:00",
        opened("2026-11-25T10:00:00-08:00", "2026-11-30", "2026-12-14", "2026-12-18"),
        {MAIL: "Fri Nov 27, 2026 is Native American Heritage Day; Sat Nov 28, 2026 is a "
               "Saturday; Sun Nov 29, 2026 is a Sunday, so it moves to the next business day, "
               "Mon Nov 30, 2026"},
        id="day-after-thanksgiving"),
    # 5. Thanksgiving itself, then the day after, then the weekend
    # received Mon Nov 23 2026 08:15 PST
    # 24h: Tue Nov 24 08:15 PST
    # +3  = Thu Nov 26 (Thanksgiving) -> Fri 27 (holiday) -> Sat -> Sun -> Mon Nov 30
    # +20 = Sun Dec 13 -> Mon Dec 14
    # +24 = Thu Dec 17
    pytest.param(
        "2026-11-23T08:15:00-08:00",
        opened("2026-11-24T08:15:00-08:00", "2026-11-30", "2026-12-14", "2026-12-17"),
        {MAIL: "Thu Nov 26, 2026 is Thanksgiving Day; Fri Nov 27, 2026 is Native American "
               "Heritage Day"},
        id="thanksgiving"),
    # 6. Christmas
    # received Tue Dec 22 2026 11:00 PST
    # 24h: Wed Dec 23 11:00 PST
    # +3  = Fri Dec 25 (Christmas Day) -> Sat 26 -> Sun 27 -> Mon Dec 28
    # +20 = Dec 22 + 9 = Dec 31, + 11 = Mon Jan 11 2027
    # +24 = Fri Jan 15 2027
    pytest.param(
        "2026-12-22T11:00:00-08:00",
        opened("2026-12-23T11:00:00-08:00", "2026-12-28", "2027-01-11", "2027-01-15"),
        {MAIL: "Fri Dec 25, 2026 is Christmas Day"},
        id="christmas"),
    # 7. New Year's Day, and MLK Day on the hearing deadline
    # received Tue Dec 29 2026 08:00 PST
    # 24h: Wed Dec 30 08:00 PST
    # +3  = Fri Jan 1 2027 (New Year's Day) -> Sat 2 -> Sun 3 -> Mon Jan 4 2027
    # +20 = Dec 29 + 2 = Dec 31, + 18 = Mon Jan 18 2027 (MLK Day) -> Tue Jan 19 2027
    # +24 = Fri Jan 22 2027
    pytest.param(
        "2026-12-29T08:00:00-08:00",
        opened("2026-12-30T08:00:00-08:00", "2027-01-04", "2027-01-19", "2027-01-22"),
        {MAIL: "Fri Jan 1, 2027 is New Year's Day",
         BEGIN: "Mon Jan 18, 2027 is Martin Luther King"},
        id="new-year-and-mlk-day"),
    # 8. July 4 on a Saturday, observed Friday July 3
    # received Tue Jun 30 2026 15:00 PDT
    # 24h: Wed Jul 1 15:00 PDT
    # +3  = Fri Jul 3 (Independence Day observed: RCW 1.16.050, a Saturday holiday is kept on
    #       the Friday before) -> Sat Jul 4 -> Sun Jul 5 -> Mon Jul 6
    # +20 = Mon Jul 20
    # +24 = Fri Jul 24
    pytest.param(
        "2026-06-30T15:00:00-07:00",
        opened("2026-07-01T15:00:00-07:00", "2026-07-06", "2026-07-20", "2026-07-24",
               "-07:00"),
        {MAIL: "Fri Jul 3, 2026 is Independence Day (observed); Sat Jul 4, 2026 is a "
               "Saturday; Sun Jul 5, 2026 is a Sunday, so it moves to the next business day, "
               "Mon Jul 6, 2026"},
        id="independence-day-observed"),
]


@pytest.mark.parametrize(("received", "table", "said"), MOVES)
def test_a_last_day_on_a_weekend_or_a_holiday_moves_to_the_next_business_day(
        received: str, table: dict[DeadlineKey, tuple[str | None, Status]],
        said: dict[DeadlineKey, str]) -> None:
    ds = compute(received)
    expect(ds, table)
    for key, words in said.items():
        assert words in ds[key].basis


# -- 9. a city holiday from the directory -------------------------------------------------

def test_city_holiday_from_the_directory() -> None:
    directory = Directory(city="Riverton", timezone="America/Los_Angeles",
                          mayor=Person("Pat Rivera", "mayor@city.test"),
                          holidays=(date(2026, 8, 14),))
    city = CityCalendar(directory.timezone, directory.holidays)
    # received Tue Aug 11 2026 09:00 PDT
    # 24h: Wed Aug 12 09:00 PDT
    # +3  = Fri Aug 14 (the city's holiday) -> Sat 15 -> Sun 16 -> Mon Aug 17
    # +20 = Mon Aug 31
    # +24 = Fri Sep 4
    ds = compute("2026-08-11T09:00:00-07:00", cal=city)
    expect(ds, opened("2026-08-12T09:00:00-07:00", "2026-08-17", "2026-08-31",
                      "2026-09-04", "-07:00"))
    assert "Fri Aug 14, 2026 is a city holiday" in ds[MAIL].basis
    # the same receipt in a city without that holiday: Fri Aug 14 is an ordinary day
    assert compute("2026-08-11T09:00:00-07:00")[MAIL].due == at(eod("2026-08-14", "-07:00"))


# -- 10. DST starts Sun Mar 8 2026 ----------------------------------------------------------

@pytest.mark.parametrize("received", [
    "2026-03-07T10:00:00-08:00",
    datetime(2026, 3, 7, 10, 0, tzinfo=LA),  # the same instant, given with the zone itself
    "2026-03-07T18:00:00+00:00",
], ids=["offset", "zoneinfo", "utc"])
def test_dst_start(received: str | datetime) -> None:
    # received Sat Mar 7 2026 10:00 PST = 18:00Z
    # 24h: Sun Mar 8 18:00Z = 11:00 PDT (the clock shows 25 hours, the instant is 24 later)
    # +3  = Tue Mar 10 -> 23:59:59 PDT (-07:00)
    # +20 = Fri Mar 27
    # +24 = Tue Mar 31
    ds = compute(received)
    expect(ds, opened("2026-03-08T11:00:00-07:00", "2026-03-10", "2026-03-27",
                      "2026-03-31", "-07:00"))
    due = ds[NOTICE].due
    assert due is not None
    assert due - at("2026-03-07T18:00:00+00:00") == timedelta(hours=24)
    assert ds[NOTICE].basis == ("received Sat Mar 7, 2026 10:00 AM PST + 24 hours = "
                                "Sun Mar 8, 2026 11:00 AM PDT")


def test_day_period_ending_on_the_dst_start_day() -> None:
    # received Thu Mar 5 2026 12:00 PST
    # +3 = Sun Mar 8 (the clocks move forward) -> Mon Mar 9, ending 23:59:59 PDT
    ds = compute("2026-03-05T12:00:00-08:00")
    assert ds[MAIL].due == at(eod("2026-03-09", "-07:00"))
    assert ds[MAIL].basis.endswith("due by Mon Mar 9, 2026 11:59:59 PM PDT")


# -- 11. DST ends Sun Nov 1 2026 ------------------------------------------------------------

@pytest.mark.parametrize("received", [
    "2026-10-31T10:00:00-07:00",
    datetime(2026, 10, 31, 10, 0, tzinfo=LA),
], ids=["offset", "zoneinfo"])
def test_dst_end(received: str | datetime) -> None:
    # received Sat Oct 31 2026 10:00 PDT = 17:00Z
    # 24h: Sun Nov 1 17:00Z = 09:00 PST (the clock shows 23 hours, the instant is 24 later)
    # +3  = Tue Nov 3 -> 23:59:59 PST (-08:00)
    # +20 = Fri Nov 20
    # +24 = Tue Nov 24
    ds = compute(received)
    expect(ds, opened("2026-11-01T09:00:00-08:00", "2026-11-03", "2026-11-20", "2026-11-24"))
    due = ds[NOTICE].due
    assert due is not None
    assert due - at("2026-10-31T17:00:00+00:00") == timedelta(hours=24)
    assert "Sun Nov 1, 2026 9:00 AM PST" in ds[NOTICE].basis


def test_day_period_ending_on_the_dst_end_day() -> None:
    # received Wed Oct 28 2026 13:00 PDT
    # +3 = Sat Oct 31 -> Sun Nov 1 (clocks fall back) -> Mon Nov 2, ending 23:59:59 PST
    ds = compute("2026-10-28T13:00:00-07:00")
    assert ds[MAIL].due == at(eod("2026-11-02"))
    assert ds[MAIL].due.isoformat() == "2026-11-02T23:59:59-08:00"  # type: ignore[union-attr]


def test_24h_notice_inside_the_repeated_hour() -> None:
    # received Sat Oct 31 2026 01:30 PDT = 08:30Z; 24h later is Nov 1 08:30Z, which is the
    # *first* 01:30 of Nov 1 (PDT, -07:00). The clock then shows 01:00-01:59 again in PST.
    ds = compute("2026-10-31T01:30:00-07:00")
    expect(ds, {NOTICE: ("2026-11-01T01:30:00-07:00", OPEN)})
    # done at 01:15 PST (the second 01:15, = 09:15Z): 45 minutes late, though the wall clock
    # reads earlier than 01:30.
    second_0115 = datetime(2026, 11, 1, 1, 15, fold=1, tzinfo=LA)
    late = compute("2026-10-31T01:30:00-07:00", done={NOTICE: second_0115})
    assert late[NOTICE].status is Status.LATE
    # done at 01:15 PDT (the first 01:15, = 08:15Z): on time.
    first_0115 = datetime(2026, 11, 1, 1, 15, fold=0, tzinfo=LA)
    met = compute("2026-10-31T01:30:00-07:00", done={NOTICE: first_0115})
    assert met[NOTICE].status is Status.MET
    # "now" in the repeated hour, after the due instant: missed
    missed = compute("2026-10-31T01:30:00-07:00", now="2026-11-01T01:10:00-08:00")
    assert missed[NOTICE].status is Status.MISSED


# -- 12. a receipt given in UTC that is another local day -----------------------------------

def test_utc_receipt_is_counted_from_the_local_day() -> None:
    # received 2026-12-01T05:00Z = Mon Nov 30 2026 21:00 PST: the trigger day is Nov 30.
    # 24h: Tue Dec 1 21:00 PST
    # +3  = Thu Dec 3 (counting from Dec 1 would give Dec 4)
    # +20 = Sun Dec 20 -> Mon Dec 21
    # +24 = Thu Dec 24 (not a holiday: Christmas falls on a Friday in 2026)
    ds = compute("2026-12-01T05:00:00+00:00")
    expect(ds, opened("2026-12-01T21:00:00-08:00", "2026-12-03", "2026-12-21", "2026-12-24"))
    assert ds[NOTICE].basis.startswith("received Mon Nov 30, 2026 9:00 PM PST")
    assert ds[MAIL].basis.startswith("received Mon Nov 30, 2026 + 3 days = Thu Dec 3, 2026")


# -- 13. another time zone is honoured -------------------------------------------------------

def test_the_city_time_zone_is_honoured() -> None:
    received = "2026-11-24T22:30:00-08:00"  # = Wed Nov 25 01:30 EST
    # Los Angeles: trigger day Tue Nov 24
    #   24h: Wed Nov 25 22:30 PST
    #   +3  = Fri Nov 27 (holiday) -> Mon Nov 30 23:59:59 PST
    #   +20 = Mon Dec 14; +24 = Fri Dec 18
    expect(compute(received), opened("2026-11-25T22:30:00-08:00", "2026-11-30", "2026-12-14",
                                     "2026-12-18"))
    # New York: trigger day Wed Nov 25
    #   24h: Thu Nov 26 01:30 EST
    #   +3  = Sat Nov 28 -> Sun 29 -> Mon Nov 30 23:59:59 EST
    #   +20 = Tue Dec 15; +24 = Sat Dec 19 -> Sun 20 -> Mon Dec 21
    ny = CityCalendar("America/New_York")
    ds = compute(received, cal=ny)
    expect(ds, opened("2026-11-26T01:30:00-05:00", "2026-11-30", "2026-12-15",
                      "2026-12-21", "-05:00"))
    assert ds[MAIL].basis.startswith("received Wed Nov 25, 2026 + 3 days = Sat Nov 28, 2026")
    assert ds[MAIL].basis.endswith("11:59:59 PM EST")


# -- 14. met, late and missed ----------------------------------------------------------------

def test_met_late_missed_and_open() -> None:
    # received Tue Jan 6 2026 09:30 PST (the calendar of test 1)
    # notice done exactly at the due instant Wed Jan 7 09:30 PST: met
    # registered mail done Sat Jan 10 00:00 PST, one second after Fri Jan 9 23:59:59: late
    # now Tue Jan 27 00:00 PST: begin (Mon Jan 26 23:59:59) missed, conclude (Fri Jan 30) open
    ds = compute("2026-01-06T09:30:00-08:00", now="2026-01-27T00:00:00-08:00",
                 done={NOTICE: at("2026-01-07T17:30:00+00:00"),
                       MAIL: at("2026-01-10T00:00:00-08:00")})
    expect(ds, {
        NOTICE: ("2026-01-07T09:30:00-08:00", Status.MET),
        MAIL: (eod("2026-01-09"), Status.LATE),
        BEGIN: (eod("2026-01-26"), Status.MISSED),
        CONCLUDE: (eod("2026-01-30"), OPEN),
    })
    assert ds[MAIL].basis.endswith("; done Sat Jan 10, 2026 12:00 AM PST")


# -- 15. a pending continuance ---------------------------------------------------------------

def test_pending_continuance_tolls_the_hearing_deadlines_only() -> None:
    # received Tue Jan 6 2026 09:30 PST; the board applies Wed Jan 21; no decision yet.
    # notice and registered mail are not tolled (§7 tolls the hearing periods only):
    #   24h Wed Jan 7 09:30 PST, done Jan 6 15:00: met
    #   +3 = Fri Jan 9, done Thu Jan 8: met
    # begin (Mon Jan 26) and conclude (Fri Jan 30): no due date while pending -> tolled
    ds = compute("2026-01-06T09:30:00-08:00", now="2026-01-27T12:00:00-08:00",
                 continuances=(Continuance(applied=date(2026, 1, 21)),),
                 done={NOTICE: at("2026-01-06T15:00:00-08:00"),
                       MAIL: at("2026-01-08T10:00:00-08:00")})
    expect(ds, {
        NOTICE: ("2026-01-07T09:30:00-08:00", Status.MET),
        MAIL: (eod("2026-01-09"), Status.MET),
        BEGIN: (None, Status.TOLLED),
        CONCLUDE: (None, Status.TOLLED),
    })
    for key in (BEGIN, CONCLUDE):
        assert "tolled since Wed Jan 21, 2026" in ds[key].basis
        assert "no due date" in ds[key].basis
        assert ds[key].as_json()["due"] is None


# -- 16. a granted continuance ---------------------------------------------------------------

def test_granted_continuance() -> None:
    # received Tue Jan 6 2026; applied Wed Jan 21, decided Mon Jan 26: 5 days paused;
    # 7 days granted.
    # begin:    Jan 6 + 20 = Mon Jan 26 + 5 + 7 = Sat Feb 7 -> Sun Feb 8 -> Mon Feb 9
    # conclude: Jan 6 + 24 = Fri Jan 30 + 5 + 7 = Wed Feb 11
    ds = compute("2026-01-06T09:30:00-08:00",
                 continuances=(Continuance(date(2026, 1, 21), date(2026, 1, 26), 7),))
    expect(ds, opened("2026-01-07T09:30:00-08:00", "2026-01-09", "2026-02-09", "2026-02-11"))
    assert ds[CONCLUDE].basis == (
        "received Tue Jan 6, 2026 + 24 days = Fri Jan 30, 2026 + 5 days paused (applied "
        "Wed Jan 21, 2026, decided Mon Jan 26, 2026) + 7 days continuance granted = "
        "Wed Feb 11, 2026; due by Wed Feb 11, 2026 11:59:59 PM PST")
    assert ("+ 7 days continuance granted = Sat Feb 7, 2026; Sat Feb 7, 2026 is a Saturday; "
            "Sun Feb 8, 2026 is a Sunday, so it moves to the next business day, "
            "Mon Feb 9, 2026") in ds[BEGIN].basis


# -- 17. a denied continuance: 0 days, but the pause still counts ---------------------------

def test_denied_continuance_still_counts_the_pause() -> None:
    # received Tue Jan 6 2026; applied Mon Jan 12, denied Thu Jan 15: 3 days paused, 0 granted
    # begin:    Mon Jan 26 + 3 = Thu Jan 29
    # conclude: Fri Jan 30 + 3 = Mon Feb 2
    ds = compute("2026-01-06T09:30:00-08:00",
                 continuances=(Continuance(date(2026, 1, 12), date(2026, 1, 15), 0),))
    expect(ds, {
        BEGIN: (eod("2026-01-29"), OPEN),
        CONCLUDE: (eod("2026-02-02"), OPEN),
    })
    assert ("+ 3 days paused (applied Mon Jan 12, 2026, decided Thu Jan 15, 2026) + 0 days "
            "(continuance denied) = Thu Jan 29, 2026") in ds[BEGIN].basis


# -- 18. tolling is added before the roll-forward ---------------------------------------------

def test_tolling_is_added_to_the_last_day_before_rolling_forward() -> None:
    # received Wed Jan 7 2026; conclude: Jan 7 + 24 = Sat Jan 31 (due Mon Feb 2 after roll).
    # applied Fri Jan 30, denied Mon Feb 2: 3 days paused.
    # conclude: Sat Jan 31 + 3 = Tue Feb 3  (adding to the rolled Mon Feb 2 would give Thu Feb 5)
    # begin: Jan 7 + 20 = Tue Jan 27 had passed when the board applied on Jan 30: unchanged.
    ds = compute("2026-01-07T16:45:00-08:00", now="2026-01-26T09:00:00-08:00",
                 continuances=(Continuance(date(2026, 1, 30), date(2026, 2, 2), 0),))
    expect(ds, {
        BEGIN: (eod("2026-01-27"), OPEN),
        CONCLUDE: (eod("2026-02-03"), OPEN),
    })
    assert ds[CONCLUDE].basis.startswith(
        "received Wed Jan 7, 2026 + 24 days = Sat Jan 31, 2026 + 3 days paused")
    assert "paused" not in ds[BEGIN].basis


# -- 19. a continuance applied after hearing_begin passed, before hearing_conclude ----------

def test_continuance_after_begin_passed_moves_only_conclude() -> None:
    # received Wed Jan 7 2026; begin due Tue Jan 27 (the hearing began Mon Jan 26);
    # conclude last day Sat Jan 31 (due Mon Feb 2).
    # applied Thu Jan 29 (> Jan 27: too late for begin), decided Mon Feb 2: 4 days paused,
    # 10 days granted.
    # begin: Tue Jan 27, unchanged, met.
    # conclude: Sat Jan 31 + 4 + 10 = Sat Feb 14 -> Sun Feb 15 -> Mon Feb 16 (Presidents'
    #           Day) -> Tue Feb 17
    ds = compute("2026-01-07T16:45:00-08:00", now="2026-02-03T09:00:00-08:00",
                 continuances=(Continuance(date(2026, 1, 29), date(2026, 2, 2), 10),),
                 done={BEGIN: at("2026-01-26T18:00:00-08:00")})
    expect(ds, {
        BEGIN: (eod("2026-01-27"), Status.MET),
        CONCLUDE: (eod("2026-02-17"), OPEN),
    })
    assert ("+ 4 days paused (applied Thu Jan 29, 2026, decided Mon Feb 2, 2026) + 10 days "
            "continuance granted = Sat Feb 14, 2026") in ds[CONCLUDE].basis
    assert "Mon Feb 16, 2026 is " in ds[CONCLUDE].basis
    assert ds[CONCLUDE].basis.endswith("Tue Feb 17, 2026; due by Tue Feb 17, 2026 11:59:59 PM PST")


def test_pending_continuance_after_begin_passed_tolls_only_conclude() -> None:
    # same case, the council has not decided yet: begin keeps Tue Jan 27, conclude tolled
    ds = compute("2026-01-07T16:45:00-08:00", now="2026-01-30T09:00:00-08:00",
                 continuances=(Continuance(date(2026, 1, 29)),))
    expect(ds, {
        BEGIN: (eod("2026-01-27"), Status.MISSED),
        CONCLUDE: (None, Status.TOLLED),
    })


# -- 20. two successive continuances -------------------------------------------------------

def test_two_successive_continuances() -> None:
    # received Tue Jan 6 2026.
    # first: applied Mon Jan 12, decided Wed Jan 14 (2 paused), 5 granted:
    #   begin Mon Jan 26 + 7 = Mon Feb 2; conclude Fri Jan 30 + 7 = Fri Feb 6
    # second: applied Mon Feb 2 (the day begin is due: still in time), decided Thu Feb 5
    #   (3 paused), 10 granted:
    #   begin Mon Feb 2 + 13 = Sun Feb 15 -> Mon Feb 16 (Presidents' Day) -> Tue Feb 17
    #   conclude Fri Feb 6 + 13 = Thu Feb 19
    first = Continuance(date(2026, 1, 12), date(2026, 1, 14), 5)
    second = Continuance(date(2026, 2, 2), date(2026, 2, 5), 10)
    ds = compute("2026-01-06T09:30:00-08:00", continuances=(second, first))  # order given
    expect(ds, {
        BEGIN: (eod("2026-02-17"), OPEN),
        CONCLUDE: (eod("2026-02-19"), OPEN),
    })
    assert ("received Tue Jan 6, 2026 + 20 days = Mon Jan 26, 2026 + 2 days paused (applied "
            "Mon Jan 12, 2026, decided Wed Jan 14, 2026) + 5 days continuance granted = "
            "Mon Feb 2, 2026 + 3 days paused (applied Mon Feb 2, 2026, decided Thu Feb 5, "
            "2026) + 10 days continuance granted = Sun Feb 15, 2026; Sun Feb 15, 2026 is a "
            "Sunday; Mon Feb 16, 2026 is ") in ds[BEGIN].basis
    # while the second is pending, both hearing deadlines are tolled again
    pending = compute("2026-01-06T09:30:00-08:00",
                      continuances=(first, Continuance(date(2026, 2, 2))))
    expect(pending, {BEGIN: (None, Status.TOLLED), CONCLUDE: (None, Status.TOLLED)})


# -- 21. report delivery with approved extensions -------------------------------------------

def test_report_delivery_with_extension() -> None:
    # hearing concluded Fri Jan 30 2026
    # +10 = Mon Feb 9
    # with 5 days extension approved (§10): Feb 9 + 5 = Sat Feb 14 -> Sun Feb 15 ->
    #   Mon Feb 16 (Presidents' Day) -> Tue Feb 17
    plain = compute("2026-01-06T09:30:00-08:00", hearing_concluded=date(2026, 1, 30))
    expect(plain, {REPORT: (eod("2026-02-09"), OPEN)})
    assert plain[REPORT].basis == ("hearing concluded Fri Jan 30, 2026 + 10 days = "
                                   "Mon Feb 9, 2026; due by Mon Feb 9, 2026 11:59:59 PM PST")
    ds = compute("2026-01-06T09:30:00-08:00", hearing_concluded=date(2026, 1, 30),
                 extensions={REPORT: 5})
    expect(ds, {REPORT: (eod("2026-02-17"), OPEN)})
    assert ("hearing concluded Fri Jan 30, 2026 + 10 days = Mon Feb 9, 2026 + 5 days "
            "extension = Sat Feb 14, 2026") in ds[REPORT].basis
    assert ds[REPORT].responsible is Responsible.BOARD_CHAIR
    assert ds[REPORT].ordinance == "§10"


# -- 22. council decision, with the respondent's extension ----------------------------------

def test_council_decision_with_extension() -> None:
    # determination received Mon Mar 2 2026
    # +7 = Mon Mar 9 (after DST began Mar 8: ends 23:59:59 PDT)
    # with 5 days extension granted (§12): Mar 9 + 5 = Sat Mar 14 -> Sun 15 -> Mon Mar 16
    ds = compute("2026-01-06T09:30:00-08:00", determination_received=date(2026, 3, 2))
    expect(ds, {COUNCIL: (eod("2026-03-09", "-07:00"), OPEN)})
    assert ds[COUNCIL].responsible is Responsible.COUNCIL
    ext = compute("2026-01-06T09:30:00-08:00", determination_received=date(2026, 3, 2),
                  extensions={COUNCIL: 5})
    expect(ext, {COUNCIL: (eod("2026-03-16", "-07:00"), OPEN)})
    assert ("determination received Mon Mar 2, 2026 + 7 days = Mon Mar 9, 2026 + 5 days "
            "extension = Sat Mar 14, 2026") in ext[COUNCIL].basis
    # the report extension does not touch the council's period, nor the reverse
    assert REPORT not in ext


# -- 23. the two-year limitation ------------------------------------------------------------

def test_limitations_from_a_leap_day() -> None:
    # public since Thu Feb 29 2024; + 2 years: 2026 has no Feb 29, the period ends Sat Feb 28
    # (or Sun Mar 1, were the anniversary taken as the day after: the result is the same)
    # -> Sun Mar 1 -> Mon Mar 2 2026, 23:59:59 PST
    timely = compute("2026-03-02T16:00:00-08:00", public_since=date(2024, 2, 29))
    expect(timely, {LIMITS: (eod("2026-03-02"), Status.MET)})
    assert timely[LIMITS].basis.startswith(
        "misconduct reasonably available to the public Thu Feb 29, 2024 + 2 years = "
        "Sat Feb 28, 2026; Sat Feb 28, 2026 is a Saturday; Sun Mar 1, 2026 is a Sunday, so "
        "it moves to the next business day, Mon Mar 2, 2026")
    assert timely[LIMITS].basis.endswith("within the period")
    late = compute("2026-03-03T08:00:00-08:00", public_since=date(2024, 2, 29))
    expect(late, {LIMITS: (eod("2026-03-02"), Status.MISSED)})
    assert late[LIMITS].basis.endswith("after the period ended (§4)")


def test_limitations_by_the_second() -> None:
    # public since Mon Mar 16 2026; + 2 years = Thu Mar 16 2028 (a business day), 23:59:59 PDT
    # (DST began Mar 12 2028). Received Fri Mar 17 2028 00:00:00 PDT: one second late.
    # Received 2028-03-17T06:59:59Z = Thu Mar 16 23:59:59 PDT: just in time.
    late = compute("2028-03-17T00:00:00-07:00", public_since=date(2026, 3, 16))
    expect(late, {LIMITS: ("2028-03-16T23:59:59-07:00", Status.MISSED)})
    ok = compute("2028-03-17T06:59:59+00:00", public_since=date(2026, 3, 16))
    expect(ok, {LIMITS: ("2028-03-16T23:59:59-07:00", Status.MET)})


# -- 24. the JSON shape the CLI prints ------------------------------------------------------

def test_as_json() -> None:
    ds = compute("2026-12-01T05:00:00+00:00",
                 continuances=(Continuance(date(2026, 12, 10)),))
    assert ds[MAIL].as_json() == {
        "key": "registered_mail", "due": "2026-12-03T23:59:59-08:00", "status": "open",
        "responsible": "mayors_office", "basis": ds[MAIL].basis}
    assert ds[BEGIN].as_json()["due"] is None
    assert ds[BEGIN].as_json()["status"] == "tolled"


def test_a_receipt_without_a_zone_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        compute(datetime(2026, 1, 6, 9, 30))


def test_continuance_limits() -> None:
    with pytest.raises(ValueError, match="may not exceed 10 days"):
        Continuance(date(2026, 1, 12), date(2026, 1, 13), 11)
    with pytest.raises(ValueError):
        Continuance(date(2026, 1, 12), None, 3)  # days granted without a decision
    with pytest.raises(ValueError):
        Continuance(date(2026, 1, 12), date(2026, 1, 11), 0)
    assert Continuance(date(2026, 1, 12), date(2026, 1, 22), 10).paused_days == 10


# -- 25. the readings the city decides (cases/readings.py) ------------------------------------

def test_continuance_cap_per_application_or_in_total() -> None:
    # received Tue Jan 6 2026; the two continuances of test 20 (5 then 10 days granted).
    # per application (the default): as test 20, begin Tue Feb 17, conclude Thu Feb 19.
    # in total: the second counts only 10 - 5 = 5 days:
    #   begin:    Mon Jan 26 + 2 + 5 = Mon Feb 2 + 3 + 5 = Tue Feb 10 (a business day)
    #   conclude: Fri Jan 30 + 7 = Fri Feb 6 + 3 + 5 = Sat Feb 14 -> Sun Feb 15 -> Mon Feb 16
    #             (Presidents' Day) -> Tue Feb 17
    from cases.readings import ContinuanceCap, Readings, describe

    first = Continuance(date(2026, 1, 12), date(2026, 1, 14), 5)
    second = Continuance(date(2026, 2, 2), date(2026, 2, 5), 10)
    per = compute("2026-01-06T09:30:00-08:00", continuances=(first, second))
    total = {d.key: d for d in compute_deadlines(
        Triggers(received=at("2026-01-06T09:30:00-08:00"), continuances=(first, second)), CAL,
        now=at("2026-01-06T09:30:00-08:00"),
        readings=Readings(continuance_cap=ContinuanceCap.IN_TOTAL))}
    expect(per, {BEGIN: (eod("2026-02-17"), OPEN), CONCLUDE: (eod("2026-02-19"), OPEN)})
    expect(total, {BEGIN: (eod("2026-02-10"), OPEN), CONCLUDE: (eod("2026-02-17"), OPEN)})
    for ds, mine, theirs in ((per, ContinuanceCap.PER_APPLICATION, ContinuanceCap.IN_TOTAL),
                             (total, ContinuanceCap.IN_TOTAL, ContinuanceCap.PER_APPLICATION)):
        for key in (BEGIN, CONCLUDE):
            assert ds[key].reading == describe(mine)
            other = ds[key].other
            assert other is not None and other.reading == describe(theirs)
    assert per[BEGIN].other is not None and per[BEGIN].other.due == at(eod("2026-02-10"))
    assert total[CONCLUDE].other is not None
    assert total[CONCLUDE].other.due == at(eod("2026-02-19"))
    assert ("+ 3 days paused (applied Mon Feb 2, 2026, decided Thu Feb 5, 2026) + 10 days "
            "continuance granted, 5 of them counted (10 days in total) = Tue Feb 10, 2026"
            ) in total[BEGIN].basis
    # the earlier date is the one reminders follow, whichever reading the city chose
    assert per[BEGIN].remind_by == total[BEGIN].remind_by == at(eod("2026-02-10"))


def test_the_council_majority_and_release_readings_move_no_date() -> None:
    from cases.readings import CouncilMajority, Readings, Release

    t = Triggers(received=at("2026-01-06T09:30:00-08:00"),
                 determination_received=date(2026, 3, 2), hearing_concluded=date(2026, 1, 30))
    now = at("2026-01-06T09:30:00-08:00")
    plain = [d.as_json() for d in compute_deadlines(t, CAL, now=now)]
    other = [d.as_json() for d in compute_deadlines(t, CAL, now=now, readings=Readings(
        council_majority=CouncilMajority.MEMBERS_ENTITLED, release=Release.AT_CLOSURE))]
    assert plain == other


# -- 26. a late extension cannot revive the deadline it would extend (§10, §12) ---------------

def test_an_extension_after_the_period_ended_is_not_counted() -> None:
    # hearing concluded Fri Jan 30 2026: + 10 = Mon Feb 9.
    # 5 days approved Mon Feb 9 (the last day): counted, Sat Feb 14 -> Tue Feb 17 (test 21).
    # 5 days approved Tue Feb 10: after the period ended; not counted, still Mon Feb 9, and
    # the report delivered Wed Feb 11 is late.
    from cases.deadlines import Extension

    in_time = compute("2026-01-06T09:30:00-08:00", hearing_concluded=date(2026, 1, 30),
                      extensions={REPORT: (Extension(5, date(2026, 2, 9)),)})
    expect(in_time, {REPORT: (eod("2026-02-17"), OPEN)})
    late = compute("2026-01-06T09:30:00-08:00", now="2026-02-12T09:00:00-08:00",
                   hearing_concluded=date(2026, 1, 30),
                   extensions={REPORT: (Extension(5, date(2026, 2, 10)),)},
                   done={REPORT: at("2026-02-11T10:00:00-08:00")})
    expect(late, {REPORT: (eod("2026-02-09"), Status.LATE)})
    assert ("5 days extension approved Tue Feb 10, 2026, after the period ended, cannot "
            "revive it (§10)") in late[REPORT].basis
    # the council's 7 days (§12): determination Mon Mar 2, + 7 = Mon Mar 9 (PDT); 3 days
    # granted Tue Mar 10 are not counted
    council = compute("2026-01-06T09:30:00-08:00", determination_received=date(2026, 3, 2),
                      extensions={COUNCIL: (Extension(3, date(2026, 3, 10)),)})
    expect(council, {COUNCIL: (eod("2026-03-09", "-07:00"), OPEN)})
    assert "cannot revive it (§12)" in council[COUNCIL].basis


# -- 27. a public disclosure request: five business days (RCW 42.56.520) ------------------------

def test_disclosure_response_in_five_business_days() -> None:
    # received Fri Nov 20 2026: Mon 23 (1), Tue 24 (2), Wed 25 (3), Thanksgiving Thu 26 and
    # Native American Heritage Day Fri 27 are not counted, Sat 28, Sun 29 neither,
    # Mon 30 (4), Tue Dec 1 (5): due Tue Dec 1 23:59:59 PST
    from cases.deadlines import DisclosureRequest

    ds = compute("2026-10-01T09:00:00-07:00", now="2026-11-24T09:00:00-08:00",
                 disclosure_requests=(DisclosureRequest(date(2026, 11, 20)),))
    expect(ds, {K.DISCLOSURE_RESPONSE: (eod("2026-12-01"), OPEN)})
    d = ds[K.DISCLOSURE_RESPONSE]
    assert d.responsible is Responsible.CITY_ATTORNEY and d.ordinance == "RCW 42.56.520"
    assert d.basis.startswith("request received Fri Nov 20, 2026 + 5 business days = "
                              "Tue Dec 1, 2026 (")
    # received on a Saturday: the first business day after it is day 1
    # Sat Feb 7 2026: Mon 9, Tue 10, Wed 11, Thu 12, Fri 13
    sat = compute("2026-01-06T09:30:00-08:00",
                  disclosure_requests=(DisclosureRequest(date(2026, 2, 7)),))
    expect(sat, {K.DISCLOSURE_RESPONSE: (eod("2026-02-13"), OPEN)})
    # answered Tue Dec 1 (in time), then the next request runs: received Wed Dec 2:
    # Thu 3, Fri 4, Mon 7, Tue 8, Wed 9
    two = compute("2026-10-01T09:00:00-07:00", now="2026-12-02T09:00:00-08:00",
                  disclosure_requests=(DisclosureRequest(date(2026, 11, 20), date(2026, 12, 1)),
                                       DisclosureRequest(date(2026, 12, 2))))
    expect(two, {K.DISCLOSURE_RESPONSE: (eod("2026-12-09"), OPEN)})
    done = compute("2026-10-01T09:00:00-07:00", now="2026-12-02T09:00:00-08:00",
                   disclosure_requests=(DisclosureRequest(date(2026, 11, 20), date(2026, 12, 2)),))
    expect(done, {K.DISCLOSURE_RESPONSE: (eod("2026-12-01"), Status.LATE)})


def test_a_local_time_the_clocks_skip_is_refused_and_one_they_repeat_is_the_first() -> None:
    cal = CAL
    with pytest.raises(ValueError, match="does not exist in the city"):
        cal.wall(datetime(2026, 3, 8, 2, 30))  # spring forward: 2:00 -> 3:00
    assert cal.wall(datetime(2026, 3, 8, 3, 30)).utcoffset() == timedelta(hours=-7)
    repeated = cal.wall(datetime(2026, 11, 1, 1, 30))  # fall back: 1:00-2:00 twice
    assert repeated.utcoffset() == timedelta(hours=-7)  # the first, still daylight time
    assert cal.wall(datetime(2026, 12, 1, 18, 0)).utcoffset() == timedelta(hours=-8)
