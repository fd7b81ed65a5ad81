"""§11, §13: the hearings examiner's hearing of one official's matter (`examiner-hearing`).

The case against Pruitt and Bates, both found sufficient: Pruitt asks for the board, Bates
does not. Bates's matter goes to the examiner Morgan Yu, who sets her hearing by email;
the clerk takes it down with what shows it. Pruitt's matter, heard by the board, has no
examiner's hearing. The notice goes to Bates, the complainant, the examiner and the
mayor's office, not to Pruitt; a hearing recorded after it was held tells no one. The
examiner's determination as to Bates is received only on or after her hearing's day.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from cases import commands as c
from cases.case import Case
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.history import Event
from cases.meetings import Proceeding
from cases.notices import NoticeType, notices_owed
from cases.procedure import handle
from cases.readings import (
    DEFAULT,
    ExaminerDetermination,
    ExaminerNotice,
    Readings,
    describe,
    other,
)
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, at
from tests.unit.cases.sessions import at_its_meeting
from tests.unit.cases.test_lifecycle import reported_as_to_both
from tests.unit.cases.test_procedure import CLERK, RESPONDENT, do, refused
from tests.unit.cases.test_referrals import EXAMINER, SECOND, pruitt_asked

EMAIL = "the examiner's email of Jan 28, filed with the case (#41)"


def referred_apart() -> Case:
    """Pruitt's matter referred to the board, Bates's to the examiner (Tue Jan 27)."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    return case


def hearing(starts: datetime, who: str = SECOND, **said: str) -> c.RecordExaminerHearing:
    return c.RecordExaminerHearing(starts, "Hearing Room B, 210 Main St", respondent=who,
                                   **({"via": "email", "evidence": EMAIL} | said))


def owed_to(case: Case, directory: Directory = DIRECTORY) -> dict[NoticeType, set[str]]:
    owed: dict[NoticeType, set[str]] = {}
    for n in notices_owed(case, case.history[-1], directory):
        owed.setdefault(n.type, set()).add(n.recipient.email)
    return owed


def test_the_examiner_sets_the_hearing_of_the_matter_referred_to_them_and_only_that() -> None:
    case = referred_apart()
    # Pruitt's matter is the board's: no examiner hears it
    refused(case, hearing(datetime(2026, 2, 5, 14), RESPONDENT), "2026-01-28T10:00:00-08:00",
            "the ethics board hears it (§11)")
    # the examiner's hearing is theirs to set: taken down, the record shows how it came
    refused(case, hearing(datetime(2026, 2, 5, 14), via="", evidence=""),
            "2026-01-28T10:00:00-08:00", "Say how the hearing notice came to the city")
    refused(case, hearing(datetime(2026, 2, 5, 14), evidence=""),
            "2026-01-28T10:00:00-08:00", "Say what shows that")
    event = do(case, hearing(datetime(2026, 2, 5, 14)), "2026-01-28T10:00:00-08:00")
    assert event.data == {
        "respondent": SECOND, "examiner": EXAMINER, "starts_at": "2026-02-05T14:00:00-08:00",
        "place": "Hearing Room B, 210 Main St", "open": False, "moved": False,
        "notice_reading": event.data["notice_reading"], "via": "email", "evidence": EMAIL}
    assert "not a governing body" in event.data["notice_reading"]  # the default reading
    assert case.examiner_hearings[SECOND].starts_at == at("2026-02-05T14:00:00-08:00")
    # to Bates, the complainant, the examiner and the mayor's office; Pruitt is not told
    told = owed_to(case)[NoticeType.EXAMINER_HEARING]
    assert EXAMINER in told and SECOND in told and RESPONDENT not in told
    assert told == {EXAMINER, SECOND, "ada@example.org", "clerk@city.test"}


def test_the_examiners_determination_follows_the_hearing_and_a_move_is_told_again() -> None:
    case = referred_apart()
    do(case, hearing(datetime(2026, 2, 5, 14)), "2026-01-28T10:00:00-08:00")
    refused(case, c.RecordDetermination(True, respondent=SECOND), "2026-02-04T09:00:00-08:00",
            "set their hearing of lbates@city.test's matter for Thu Feb 5, 2026")
    # the examiner moves it a day earlier, by another email: told again, as moved
    moved = do(case, hearing(datetime(2026, 2, 3, 9)), "2026-01-30T10:00:00-08:00")
    assert moved.data["moved"] is True and NoticeType.EXAMINER_HEARING in owed_to(case)
    do(case, c.RecordDetermination(True, respondent=SECOND), "2026-02-04T09:00:00-08:00")
    assert case.findings[SECOND].violation is True
    # determined: the hearing is over, and cannot be set again
    refused(case, hearing(datetime(2026, 2, 9, 9)), "2026-02-05T10:00:00-08:00",
            "the examiner's hearing of their matter is over")


def test_a_hearing_taken_down_after_it_was_held_is_kept_and_tells_no_one() -> None:
    case = referred_apart()
    late = do(case, hearing(datetime(2026, 2, 2, 9)), "2026-02-03T10:00:00-08:00")
    assert late.data["recorded_late"] is True
    assert NoticeType.EXAMINER_HEARING not in owed_to(case)
    do(case, c.RecordDetermination(False, respondent=SECOND), "2026-02-03T11:00:00-08:00")


def test_an_open_proceeding_is_said_open_and_the_other_reading_wants_a_day_ahead() -> None:
    """§13: Bates asked that the examiner's proceeding be open: the hearing is recorded
    open. By the reading `as_special_meeting` it needs 24 hours' notice: one set for the
    next morning is refused, the same one two days ahead is accepted."""
    case = referred_apart()
    do(case, c.RequestOpenSession(Proceeding.EXAMINER, respondent=SECOND, via="paper",
                                  evidence="her letter of Jan 28, scan F0128"),
       "2026-01-28T09:00:00-08:00")
    special = Readings(examiner_notice=ExaminerNotice.AS_SPECIAL_MEETING)
    cmd = hearing(datetime(2026, 1, 29, 9))
    with pytest.raises(ProcedureError, match="less than 24 hours away"):
        handle(case, cmd, at=at("2026-01-28T10:00:00-08:00"), actor=CLERK, calendar=CALENDAR,
               readings=special)
    event = handle(case, replace(cmd, starts_at=datetime(2026, 1, 30, 9)),
                   at=at("2026-01-28T10:00:00-08:00"), actor=CLERK, calendar=CALENDAR,
                   readings=special)
    assert event.data["open"] is True and "special meeting" in event.data["notice_reading"]


HEARD = Readings(examiner_determination=ExaminerDetermination.AFTER_THE_HEARING)


def by(case: Case, cmd: c.Command, when: str, readings: Readings) -> Event:
    return handle(case, at_its_meeting(case, cmd, when), at=at(when), actor=CLERK,
                  calendar=CALENDAR, readings=readings)


def test_by_the_other_reading_no_examiners_determination_until_the_hearing_is_recorded(
) -> None:
    """§11 refers the matter "for hearing": by the reading `after_the_hearing` the
    examiner's determination as to Bates, with no hearing of her matter recorded, is
    refused, the clerk told to record it first; recorded, the same determination is
    received, unflagged. Pruitt's matter, the board's, goes on by the board's own rules:
    heard at its hearing, determined by motion, no examiner's hearing asked."""
    case = referred_apart()
    determined = c.RecordDetermination(True, respondent=SECOND)
    with pytest.raises(ProcedureError) as err:
        by(case, determined, "2026-02-04T09:00:00-08:00", HEARD)
    assert f"No hearing of {SECOND}'s matter by the hearings examiner is recorded" in \
        str(err.value)
    assert f"examiner-hearing starts_at: …; place: …; respondent: {SECOND}" in str(err.value)
    assert SECOND not in case.findings
    # the board hears and determines Pruitt's matter meanwhile: no examiner's hearing
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    pruitt = by(case, c.RecordDetermination(False, respondent=RESPONDENT),
                "2026-02-06T19:00:00-08:00", HEARD)
    assert pruitt.data["by"] == "board" and "flag" not in pruitt.data
    # the examiner's hearing taken down, held the day before: the determination follows it
    by(case, hearing(datetime(2026, 2, 3, 9)), "2026-02-04T08:00:00-08:00", HEARD)
    bates = by(case, determined, "2026-02-04T09:00:00-08:00", HEARD)
    assert bates.data["by"] == EXAMINER and "flag" not in bates.data
    assert case.findings[SECOND].violation is True


def test_by_default_a_determination_with_no_examiners_hearing_is_received_and_flagged(
) -> None:
    """The default (`unheard_flagged`): neither official asked for the board, so both
    matters go to the examiner; Bates's hearing is recorded and Pruitt's is not. Pruitt's
    determination is received and its history entry flagged for the city attorney;
    Bates's, heard, is not."""
    case = reported_as_to_both()
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    assert {getattr(case.referral_of(p), "to", None) for p in (RESPONDENT, SECOND)} == {
        EXAMINER}
    do(case, hearing(datetime(2026, 2, 3, 9)), "2026-01-28T10:00:00-08:00")
    bates = do(case, c.RecordDetermination(False, respondent=SECOND),
               "2026-02-04T09:00:00-08:00")
    assert "flag" not in bates.data
    pruitt = do(case, c.RecordDetermination(False, respondent=RESPONDENT),
                "2026-02-04T09:30:00-08:00")
    assert pruitt.data["flag"].startswith(
        f"The hearings examiner's determination as to {RESPONDENT} was received with no "
        "hearing of their matter recorded (§11")
    assert "tell the city attorney" in pruitt.data["flag"]
    assert describe(ExaminerDetermination.UNHEARD_FLAGGED) in pruitt.data["flag"]
    assert case.findings[RESPONDENT].violation is False
    # the other reading would have refused that one, and only that one
    assert other(DEFAULT.examiner_determination) is ExaminerDetermination.AFTER_THE_HEARING
