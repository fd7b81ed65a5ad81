"""The readings the city decides (`readings:` in the directory file): each contested
passage has a documented default, and every date or tally names the reading it used.

Dates: Riverton, received Tue Jan 6 2026 09:30 PST (see test_calendars for the plain
calendar: begin by Mon Jan 26, conclude by Fri Jan 30).
"""

from __future__ import annotations

from datetime import date

import pytest

from cases import commands as c
from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.procedure import handle
from cases.public_records import PublicRecord
from cases.readings import (
    DEFAULT,
    BoardQuorum,
    ContinuanceCap,
    CouncilMajority,
    ExaminerNotice,
    Readings,
    RegularAgenda,
    Release,
    describe,
)
from cases.tally import Vote, council_tally
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.sessions import at_its_meeting
from tests.unit.cases.test_procedure import CLERK, new_case, reported

K = DeadlineKey
IN_TOTAL = Readings(continuance_cap=ContinuanceCap.IN_TOTAL)
ENTITLED = Readings(council_majority=CouncilMajority.MEMBERS_ENTITLED)
AT_CLOSURE = Readings(release=Release.AT_CLOSURE)


def do(case: Case, cmd: Command, when: str, readings: Readings = DEFAULT) -> None:
    handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=CLERK, calendar=CALENDAR,
           readings=readings)


def test_the_defaults() -> None:
    assert Readings(ContinuanceCap.PER_APPLICATION, CouncilMajority.VOTES_CAST,
                               Release.DISCLOSURE_REQUEST) == DEFAULT
    assert (DEFAULT.board_quorum, DEFAULT.regular_agenda, DEFAULT.examiner_notice) == (
        BoardQuorum.BOARD_MEMBERS, RegularAgenda.DAY_AHEAD, ExaminerNotice.NOT_A_MEETING)
    assert all(describe(choice) for kind in (BoardQuorum, RegularAgenda, ExaminerNotice)
               for choice in kind)
    assert describe(ContinuanceCap.PER_APPLICATION) == (
        "continuances capped at 10 days per application (§7)")


# -- continuance cap (§7) --------------------------------------------------------------------

def two_continuances(readings: Readings = DEFAULT) -> Case:
    # first: applied Mon Jan 12, decided Wed Jan 14 (2 paused), 5 granted
    # second: applied Mon Feb 2, decided Thu Feb 5 (3 paused), 5 granted
    case = new_case()
    do(case, c.ApplyForContinuance("first"), "2026-01-12T09:00:00-08:00", readings)
    do(case, c.DecideContinuance(5), "2026-01-14T20:00:00-08:00", readings)
    do(case, c.ApplyForContinuance("second"), "2026-02-02T09:00:00-08:00", readings)
    return case


def test_ten_days_per_application_allows_a_second_grant_of_ten() -> None:
    case = two_continuances()
    do(case, c.DecideContinuance(10), "2026-02-05T20:00:00-08:00")
    assert case.continuances[-1].granted_days == 10


def test_ten_days_in_total_caps_the_second_grant() -> None:
    case = two_continuances(IN_TOTAL)
    with pytest.raises(ProcedureError) as err:
        do(case, c.DecideContinuance(10), "2026-02-05T20:00:00-08:00", IN_TOTAL)
    assert "10 days in total" in str(err.value) and "at most 5" in str(err.value)
    do(case, c.DecideContinuance(5), "2026-02-05T20:00:00-08:00", IN_TOTAL)


def test_where_the_cap_reading_changes_a_date_the_other_date_is_shown() -> None:
    # granted 5 + 10 under the default reading (see test_calendars for the arithmetic):
    # per application: begin Tue Feb 17, conclude Thu Feb 19
    # in total (5 + 5 counted): begin Tue Feb 10, conclude Tue Feb 17
    case = two_continuances()
    do(case, c.DecideContinuance(10), "2026-02-05T20:00:00-08:00")
    now = at("2026-02-06T09:00:00-08:00")
    ds = {d.key: d for d in case.deadlines(CALENDAR, now=now)}
    begin = ds[K.HEARING_BEGIN]
    assert begin.due == at("2026-02-17T23:59:59-08:00")
    assert begin.reading == describe(ContinuanceCap.PER_APPLICATION)
    assert begin.other is not None
    assert begin.other.reading == describe(ContinuanceCap.IN_TOTAL)
    assert begin.other.due == at("2026-02-10T23:59:59-08:00")
    assert begin.remind_by == begin.other.due  # reminders follow the earlier date
    assert "10 days per application (§7)" in begin.basis
    assert "Tue Feb 10, 2026" in begin.basis
    assert begin.as_json()["other_reading"] == {
        "reading": describe(ContinuanceCap.IN_TOTAL), "due": "2026-02-10T23:59:59-08:00"}
    # the city reading "in total" has the earlier date as its own, the later beside it
    total = {d.key: d for d in case.deadlines(CALENDAR, now=now, readings=IN_TOTAL)}
    assert total[K.HEARING_CONCLUDE].due == at("2026-02-17T23:59:59-08:00")
    other = total[K.HEARING_CONCLUDE].other
    assert other is not None and other.due == at("2026-02-19T23:59:59-08:00")
    assert total[K.HEARING_CONCLUDE].remind_by == total[K.HEARING_CONCLUDE].due


def test_where_the_readings_agree_no_other_date_is_shown() -> None:
    case = two_continuances()
    do(case, c.DecideContinuance(5), "2026-02-05T20:00:00-08:00")
    ds = {d.key: d for d in case.deadlines(CALENDAR, now=at("2026-02-06T09:00:00-08:00"))}
    # 5 + 5 days: either reading gives the same dates, so neither is named
    for key in (K.HEARING_BEGIN, K.HEARING_CONCLUDE, K.REGISTERED_MAIL):
        assert ds[key].other is None and ds[key].reading is None
        assert "reading" not in ds[key].as_json() and "reading" not in ds[key].basis


# -- council majority (§12, §14) --------------------------------------------------------------

COUNCIL = frozenset({"a@city.test", "b@city.test", "c@city.test", "d@city.test",
                     "e@city.test"})
NOBODY: frozenset[str] = frozenset()


def test_two_yes_one_no_two_abstaining_carries_only_by_votes_cast() -> None:
    votes = {"a@city.test": Vote.YES, "b@city.test": Vote.YES, "c@city.test": Vote.NO,
             "d@city.test": Vote.ABSTAIN, "e@city.test": Vote.ABSTAIN}
    cast = council_tally(votes, council=COUNCIL, respondents=NOBODY)
    assert cast.carried and "majority of the votes cast" in cast.explanation
    entitled = council_tally(votes, council=COUNCIL, respondents=NOBODY,
                     majority=CouncilMajority.MEMBERS_ENTITLED)
    assert not entitled.carried
    assert "majority of the members entitled to vote" in entitled.explanation
    assert "3 of 5" in entitled.explanation


def test_members_entitled_leave_out_the_respondent() -> None:
    # Tom Hale is complained against: 4 members entitled, a majority is 3
    votes = {"a@city.test": Vote.YES, "b@city.test": Vote.YES, "c@city.test": Vote.YES}
    t = council_tally(votes, council=COUNCIL, respondents=frozenset({"e@city.test"}),
              majority=CouncilMajority.MEMBERS_ENTITLED)
    assert t.carried and "3 of 4" in t.explanation


def test_the_mayors_tie_break_counts_towards_the_members_entitled() -> None:
    votes = {"a@city.test": Vote.YES, "b@city.test": Vote.YES, "c@city.test": Vote.NO,
             "d@city.test": Vote.NO, "e@city.test": Vote.ABSTAIN}
    t = council_tally(votes, council=COUNCIL, respondents=NOBODY, mayor_vote=Vote.YES,
              majority=CouncilMajority.MEMBERS_ENTITLED)
    assert t.carried and t.mayor_broke_tie
    assert "majority of the members entitled to vote" in t.explanation


def test_the_decision_names_the_reading_it_used() -> None:
    from tests.unit.cases.test_procedure import referred, votes

    case = new_case()
    referred(case)
    do(case, c.RecordDetermination(violation=True), "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.YES),
          ("bokafor@city.test", Vote.NO))
    from tests.unit.cases.riverton import COUNCIL_EMAILS

    with pytest.raises(ProcedureError, match="members entitled to vote"):
        do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, "mayor@city.test",
                                         (c.Penalty("2.96.030(A)", "censure"),)),
           "2026-02-26T21:00:00-08:00", ENTITLED)
    do(case, c.RecordCouncilDecision(COUNCIL_EMAILS, "mayor@city.test"),
       "2026-02-26T21:00:00-08:00", ENTITLED)
    data = case.history[-1].data
    assert data["carried"] is False
    assert data["reading"] == describe(CouncilMajority.MEMBERS_ENTITLED)


# -- release after closure (§6, §13) ----------------------------------------------------------

def test_release_at_closure_or_only_by_disclosure_request() -> None:
    case = new_case()
    reported(case, sufficient=False)
    assert case.released(AT_CLOSURE) == frozenset()  # not before closure, either way
    do(case, c.CloseCase("insufficient"), "2026-02-04T09:00:00-08:00")
    assert case.released(AT_CLOSURE) == frozenset(PublicRecord)
    assert case.released(DEFAULT) == frozenset()
    do(case, c.RecordDisclosureRequest("A. Reporter, Riverton Ledger", on=date(2026, 2, 9),
                                       records=(PublicRecord.WRITTEN_REPORT,)),
       "2026-02-09T10:00:00-08:00")
    do(case, c.PrepareInstalment((PublicRecord.WRITTEN_REPORT,), final=True),
       "2026-02-10T10:00:00-08:00")
    handle(case, c.ReleaseRecords(), at=at("2026-02-10T10:00:00-08:00"),
           actor="attorney@city.test", calendar=CALENDAR)  # a second person approves
    assert case.released(DEFAULT) == frozenset({PublicRecord.WRITTEN_REPORT})
