"""§13, §14: the open session is each official's own (issue 38, A). In a case against two
officials, one asks that the board's proceedings be open: the meeting opens as to that
official's matter only, and the board may still evaluate the other's in executive session;
a session about the one who asked is refused, the same session about the other accepted.
A session under way ends when the official it is about asks, not when another does.
"""

from __future__ import annotations

from datetime import date

from cases import commands as c
from cases.case import Case
from cases.meetings import Body, Proceeding
from cases.open_meetings import agenda_item, session_words
from tests.unit.cases.riverton import at
from tests.unit.cases.sessions import convene
from tests.unit.cases.test_lifecycle import SECOND, finds, heard_by_both, two_respondents
from tests.unit.cases.test_procedure import RESPONDENT, do, refused, serve_notices

HEARING = "2026-01-20T18:00:00-08:00"


def hearing_of_both() -> Case:
    """The board's hearing of the case against both officials, noticed with the
    sufficiency as to each on its agenda."""
    case = two_respondents()
    serve_notices(case)
    do(case, c.ScheduleBoardMeeting(at(HEARING), "City Hall"), "2026-01-12T09:00:00-08:00")
    return case


def asks(case: Case, who: str, when: str, proceeding: Proceeding = Proceeding.BOARD) -> None:
    do(case, c.RequestOpenSession(proceeding, via="mail", respondent=who,
                                  evidence="letter on file"), when)


def session(about: tuple[str, ...] = (), start: str = "2026-01-20T18:30:00-08:00"
            ) -> c.StartExecutiveSession:
    return c.StartExecutiveSession(at("2026-01-20T19:30:00-08:00"), started_at=at(start),
                                   about=about)


def test_one_officials_request_opens_their_matter_and_not_the_others() -> None:
    case = hearing_of_both()
    m = case.meetings.all[0]
    assert m.before == {RESPONDENT, SECOND} and m.executive
    asks(case, RESPONDENT, "2026-01-13T10:00:00-08:00")
    assert m.open_for == {RESPONDENT} and not m.open_to_public and not m.executive
    assert m.closed_as_to == {SECOND} and m.sequence == 1  # noticed again
    # the posting counts, never names (§6)
    item = agenda_item(m, case.number)
    assert "open to the public as to 1 of the 2 officials' matters at their request (§13)" in item
    assert "executive session to evaluate the others'" in item
    assert RESPONDENT not in item and "Pruitt" not in item
    assert "the others' evaluated in executive session" in session_words(m)
    # the other official may still ask, and their request is their own
    refused(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent=RESPONDENT,
                                       evidence="letter on file"),
            "2026-01-14T10:00:00-08:00", "already asked")
    asks(case, SECOND, "2026-01-14T10:30:00-08:00")
    assert m.open_for == {RESPONDENT, SECOND} and m.open_to_public and not m.closed_as_to


def test_a_session_about_the_official_who_asked_is_refused_and_about_the_other_accepted() -> None:
    case = hearing_of_both()
    asks(case, RESPONDENT, "2026-01-13T10:00:00-08:00")
    msg = refused(case, session((RESPONDENT,)), "2026-01-20T18:31:00-08:00",
                  "asked that their matter be heard in open session")
    assert SECOND in msg and "about:" in msg
    refused(case, session(("nobody@city.test",)), "2026-01-20T18:31:00-08:00",
            "no matter of theirs is before meeting 1")
    do(case, session((SECOND,)), "2026-01-20T18:31:00-08:00")
    started = case.meetings.all[0].sessions[-1]
    assert started.about == {SECOND} and case.history[-1].data["about"] == [SECOND]


def test_a_session_named_for_nobody_is_about_those_who_did_not_ask() -> None:
    case = hearing_of_both()
    asks(case, SECOND, "2026-01-13T10:00:00-08:00")
    do(case, session(), "2026-01-20T18:31:00-08:00")
    assert case.meetings.all[0].sessions[-1].about == {RESPONDENT}


def test_a_session_under_way_ends_only_when_the_official_it_is_about_asks() -> None:
    case = hearing_of_both()
    do(case, session((SECOND,)), "2026-01-20T18:31:00-08:00")
    m = case.meetings.all[0]
    asks(case, RESPONDENT, "2026-01-20T18:40:00-08:00")  # not about Pruitt: it goes on
    assert m.in_session is not None and m.open_for == {RESPONDENT}
    asks(case, SECOND, "2026-01-20T18:50:00-08:00")  # about Bates: it ends as she asks
    assert m.in_session is None and m.sessions[-1].ended_at == at("2026-01-20T18:50:00-08:00")
    assert m.open_to_public
    refused(case, session(start="2026-01-20T18:55:00-08:00"), "2026-01-20T18:56:00-08:00",
            "has no executive session")


def test_a_request_for_the_councils_deliberation_leaves_the_boards_hearing_as_it_was() -> None:
    case = hearing_of_both()
    asks(case, RESPONDENT, "2026-01-13T10:00:00-08:00", Proceeding.COUNCIL)
    m = case.meetings.all[0]
    assert m.executive and case.meetings.open_for(Proceeding.COUNCIL) == {RESPONDENT}
    assert not case.meetings.open_for(Proceeding.of(Body.BOARD))
    do(case, session(), "2026-01-20T18:31:00-08:00")
    assert m.sessions[-1].about == {RESPONDENT, SECOND}


# -- what the record flags: a request recorded late, a matter never evaluated closed ------

def test_a_request_that_came_before_the_meeting_but_was_recorded_after_it_is_flagged() -> None:
    """Pruitt's letter asking for an open session came on Jan 19; the clerk recorded it
    on Jan 21, after the hearing of Jan 20 evaluated both matters in executive session.
    The meeting is flagged as to Pruitt (not Bates); recorded in time, nothing is."""
    case = hearing_of_both()
    do(case, session(), "2026-01-20T18:31:00-08:00")
    do(case, c.EndExecutiveSession(ended_at=at("2026-01-20T19:00:00-08:00")),
       "2026-01-20T19:01:00-08:00")
    do(case, c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent=RESPONDENT,
                                  on=date(2026, 1, 19), evidence="letter on file"),
       "2026-01-21T10:00:00-08:00")
    [flag] = case.meetings.all[0].irregular
    assert flag.startswith(f"{RESPONDENT} asked for an open session on 2026-01-19 (§13)")
    assert "evaluated their matter in executive session" in flag
    in_time = hearing_of_both()
    do(in_time, c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent=RESPONDENT,
                                     on=date(2026, 1, 19), evidence="letter on file"),
       "2026-01-19T10:00:00-08:00")
    assert in_time.meetings.all[0].irregular == []
    assert in_time.meetings.all[0].open_for == {RESPONDENT}


def _found_after_a_session_about_bates(case: Case) -> Case:
    heard_by_both(case)
    convene(case, Body.BOARD, "2026-01-22T19:00:00-08:00")
    do(case, c.StartExecutiveSession(at("2026-01-22T18:45:00-08:00"),
                                     started_at=at("2026-01-22T18:15:00-08:00"),
                                     about=(SECOND,)), "2026-01-22T18:20:00-08:00")
    do(case, c.EndExecutiveSession(ended_at=at("2026-01-22T18:45:00-08:00")),
       "2026-01-22T18:46:00-08:00")
    for party in (RESPONDENT, SECOND):
        finds(case, party, True, "2026-01-22T19:00:00-08:00")
    return case


def test_a_determination_on_a_matter_never_evaluated_in_executive_session_is_flagged() -> None:
    """§13: the board evaluated Bates's matter in executive session, not Pruitt's, and
    Pruitt had not asked for an open session: the determination as to Pruitt is flagged,
    Bates's is not. Had Pruitt asked, neither would be."""
    case = _found_after_a_session_about_bates(two_respondents())
    [flag] = case.meetings.all[-1].irregular
    assert flag.startswith(f"The board determined the sufficiency as to {RESPONDENT} with no "
                           "executive session")
    asked = two_respondents()
    do(asked, c.RequestOpenSession(Proceeding.BOARD, via="mail", respondent=RESPONDENT,
                                   evidence="letter on file"),
       "2026-01-07T10:00:00-08:00")
    asked = _found_after_a_session_about_bates(asked)
    assert all(not m.irregular for m in asked.meetings.all)
