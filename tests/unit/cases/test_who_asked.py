"""Issue 38, 4 (who says so): a request the ordinance gives the official complained
against (§10, §11, §12, §13) is theirs. Made on their own sign-in, the surface says how;
taken down by the clerk, the record says how it came and what shows it, and a request on
someone's word alone is refused. Each rule with two officials, Pruitt and Bates, who ask
the two ways.
"""

from __future__ import annotations

from cases import commands as c
from cases.case import Case, Requester
from cases.meetings import Proceeding
from tests.unit.cases.riverton import SECTION_A
from tests.unit.cases.test_lifecycle import (
    SECOND,
    finds,
    heard_by_both,
    reported_as_to_both,
    two_respondents,
)
from tests.unit.cases.test_procedure import RESPONDENT, do, refused

EXAMINER = "myu@examiners.example"
LETTER = "letter of Jan 27, received at the counter, scanned as F0127"


def test_the_clerk_takes_down_one_officials_board_request_from_a_letter_the_other_asks_himself(
        ) -> None:
    """§11: the clerk's entry names how Pruitt's request came and what shows it; Bates's,
    made signed in, needs neither; a request taken down with nothing to show is refused."""
    case = reported_as_to_both()
    refused(case, c.RequestBoardHearing(RESPONDENT), "2026-01-27T10:00:00-08:00",
            f"Say how the request came to the city from {RESPONDENT}")
    refused(case, c.RequestBoardHearing(RESPONDENT, via="paper"), "2026-01-27T10:00:00-08:00",
            f"Say what shows that {RESPONDENT} made this request (§11)")
    refused(case, c.RequestBoardHearing(RESPONDENT, via="web", evidence=LETTER),
            "2026-01-27T10:00:00-08:00", "made by the official, signed in, themselves")
    taken_down = do(case, c.RequestBoardHearing(RESPONDENT, via="paper", evidence=LETTER),
                    "2026-01-27T10:00:00-08:00")
    assert (taken_down.actor, taken_down.data["via"], taken_down.data["evidence"]) == (
        "clerk@city.test", "paper", LETTER)
    own = do(case, c.RequestBoardHearing(SECOND, via="web"), "2026-01-27T10:05:00-08:00",
             SECOND)
    assert (own.actor, own.data["via"]) == (SECOND, "web") and "evidence" not in own.data
    assert set(case.board_requests) == {RESPONDENT, SECOND}


def test_the_respondents_report_extension_names_the_official_asking_and_what_shows_it() -> None:
    """§10, two officials: the request is one official's, named; taken down by the clerk,
    with the letter; the board's own request names no official and is made by motion."""
    case = two_respondents()
    heard_by_both(case)
    for party in (RESPONDENT, SECOND):
        finds(case, party, True, "2026-01-22T19:00:00-08:00")
    refused(case, c.RequestReportExtension(Requester.RESPONDENT, 5, via="email",
                                           evidence=LETTER), "2026-01-23T09:00:00-08:00",
            "Say which official asks for a longer time for the report")
    refused(case, c.RequestReportExtension(Requester.RESPONDENT, 5, respondent=SECOND,
                                           via="email"), "2026-01-23T09:00:00-08:00",
            f"Say what shows that {SECOND} made this request (§10)")
    refused(case, c.RequestReportExtension(Requester.BOARD, 5, respondent=SECOND),
            "2026-01-23T09:00:00-08:00", "name no official")
    event = do(case, c.RequestReportExtension(Requester.RESPONDENT, 5, respondent=SECOND,
                                              via="email", evidence=LETTER),
               "2026-01-23T09:00:00-08:00")
    assert {k: event.data[k] for k in ("respondent", "via", "evidence")} == {
        "respondent": SECOND, "via": "email", "evidence": LETTER}


def violations_as_to_both() -> Case:
    case = reported_as_to_both()
    do(case, c.Refer(EXAMINER), "2026-01-27T11:00:00-08:00")
    for party in (RESPONDENT, SECOND):
        do(case, c.RecordDetermination(True, sections=(SECTION_A,), respondent=party),
           "2026-02-05T09:00:00-08:00")
    return case


def test_the_council_extension_request_taken_down_says_what_shows_it_one_made_signed_in_not(
        ) -> None:
    """§12: Bates asks the council for more time herself; Pruitt's, by letter, is taken
    down by the clerk with the letter named."""
    case = violations_as_to_both()
    own = do(case, c.RequestCouncilExtension(3, respondent=SECOND, via="slack"),
             "2026-02-06T09:00:00-08:00", SECOND)
    assert own.data["via"] == "slack" and "evidence" not in own.data
    do(case, c.ExtendCouncilDecision(3), "2026-02-09T19:00:00-08:00", "council")
    refused(case, c.RequestCouncilExtension(5, respondent=RESPONDENT, via="mail"),
            "2026-02-10T09:00:00-08:00", f"Say what shows that {RESPONDENT} made this")
    event = do(case, c.RequestCouncilExtension(5, respondent=RESPONDENT, via="mail",
                                               evidence=LETTER), "2026-02-10T09:00:00-08:00")
    assert (event.data["via"], event.data["evidence"]) == ("mail", LETTER)


def test_an_open_session_request_taken_down_keeps_its_letter() -> None:
    """§13: the same for the open session; the official asking signed in needs none."""
    case = two_respondents()
    refused(case, c.RequestOpenSession(Proceeding.BOARD, via="phone", respondent=RESPONDENT),
            "2026-01-08T10:00:00-08:00", f"Say what shows that {RESPONDENT} made this request")
    event = do(case, c.RequestOpenSession(Proceeding.BOARD, via="phone", respondent=RESPONDENT,
                                          evidence="the clerk's note of the call, on file"),
               "2026-01-08T10:00:00-08:00")
    assert event.data["evidence"] == "the clerk's note of the call, on file"
    own = do(case, c.RequestOpenSession(Proceeding.BOARD, via="web", respondent=SECOND),
             "2026-01-08T10:05:00-08:00", SECOND)
    assert own.data["via"] == "web" and "evidence" not in own.data
