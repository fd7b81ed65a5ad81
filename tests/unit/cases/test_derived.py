"""The fields nobody types (`cases.derived`), as every surface completes a command: the
caller votes as themselves, the clerk's and the chair's roll calls name the member, the
directory names the council, the board and the mayor, the rotation the examiner."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

import pytest

from cases import commands as c
from cases.access import actor_for
from cases.derived import TO_BOARD, complete, filled, may_type
from cases.directory import Absence, Directory
from cases.errors import ProcedureError
from cases.procedure import open_case
from cases.tally import Vote
from tests.unit.cases.riverton import COUNCIL_EMAILS, DIRECTORY, at, filing

BRANDT = actor_for(DIRECTORY, "abrandt@city.test")
CLERK = actor_for(DIRECTORY, "clerk@city.test")
CHAIR = actor_for(DIRECTORY, "hpark@city.test")
CASE = open_case(number="ETH-2026-0001", filing=filing(), respondents=("gpruitt@city.test",),
                 at=at("2026-01-06T10:00:00-08:00"), actor="clerk@city.test")


@dataclass
class Roster:
    """The stored rotation, as the unit of work holds it."""

    last: str | None = None

    def last_assigned(self) -> str | None:
        return self.last

    def record_assigned(self, examiner: str) -> None:
        self.last = examiner


def test_a_member_votes_as_themselves_and_the_clerk_names_the_member() -> None:
    assert filled(c.RecordCouncilVote, BRANDT) == {"member", "council"}
    assert filled(c.RecordCouncilVote, CLERK) == {"council"}
    assert may_type(c.RecordCouncilVote, CLERK) == {"member"}
    own = complete(c.RecordCouncilVote, {"vote": Vote.YES}, BRANDT, DIRECTORY, CASE, Roster())
    assert own == c.RecordCouncilVote("abrandt@city.test", Vote.YES, COUNCIL_EMAILS)
    roll_call = complete(c.RecordCouncilVote, {"vote": Vote.NO, "member": "thale@city.test"},
                         CLERK, DIRECTORY, CASE, Roster())
    assert roll_call.member == "thale@city.test" and roll_call.council == COUNCIL_EMAILS


def test_a_board_member_votes_as_themselves_and_the_chair_names_the_member() -> None:
    board = frozenset(p.email for p in DIRECTORY.board)
    brooks = actor_for(DIRECTORY, "dbrooks@city.test")
    assert filled(c.RecordBoardVote, brooks) == {"member", "board"}
    assert filled(c.RecordBoardVote, CHAIR) == {"board"}
    assert may_type(c.RecordBoardVote, CHAIR) == {"member"} and not may_type(
        c.RecordBoardVote, CLERK)
    own = complete(c.RecordBoardVote, {"vote": Vote.YES}, brooks, DIRECTORY, CASE, Roster())
    assert own == c.RecordBoardVote("dbrooks@city.test", Vote.YES, board)
    roll_call = complete(c.RecordBoardVote, {"vote": Vote.NO, "member": "vosei@city.test"},
                         CHAIR, DIRECTORY, CASE, Roster())
    assert roll_call.member == "vosei@city.test" and roll_call.board == board
    counted = complete(c.RecordBoardDetermination, {}, CHAIR, DIRECTORY, CASE, Roster())
    assert counted == c.RecordBoardDetermination(board)


def test_the_directory_names_the_mayor_and_the_council() -> None:
    tie_break = complete(c.RecordMayorVote, {"vote": Vote.YES}, CLERK, DIRECTORY, CASE,
                         Roster())
    assert tie_break == c.RecordMayorVote(Vote.YES, "mayor@city.test")
    decision = complete(c.RecordCouncilDecision, {}, BRANDT, DIRECTORY, CASE, Roster())
    assert decision.mayor == "mayor@city.test" and decision.council == COUNCIL_EMAILS


def test_a_roll_call_and_a_recusal_take_the_bodies_from_the_directory() -> None:
    board = frozenset(p.email for p in DIRECTORY.board)
    roll = complete(c.RecordRollCall, {"present": ("vosei@city.test",), "meeting": 1}, CLERK,
                    DIRECTORY, CASE, Roster())
    assert roll == c.RecordRollCall(("vosei@city.test",), board, COUNCIL_EMAILS,
                                    "mayor@city.test", 1)
    own = complete(c.RecordRecusal, {"reason": "my brother"}, BRANDT, DIRECTORY, CASE, Roster())
    assert own.member == "abrandt@city.test"


def test_a_referral_goes_to_the_next_examiner_or_the_board_with_its_day() -> None:
    after_yu = complete(c.Refer, {TO_BOARD: False, "on": None}, CHAIR, DIRECTORY, CASE,
                        Roster("myu@examiners.example"))
    assert after_yu == c.Refer("spatel@examiners.example", None)
    day = at("2026-02-02T10:00:00-08:00").date()
    board = complete(c.Refer, {TO_BOARD: True, "on": day}, CHAIR, DIRECTORY, CASE, Roster())
    assert board == c.Refer(None, day)


def test_an_examiner_with_a_standing_conflict_is_skipped_on_every_case_of_that_person() -> None:
    """§11: a conflict the city records once, in the directory (Morgan Yu represents Gary
    Pruitt), skips the examiner on every case involving him, and on no other."""
    conflicted = replace(DIRECTORY, examiners=tuple(
        replace(p, conflicts=("GPruitt@city.test",)) if p.email == "myu@examiners.example"
        else p for p in DIRECTORY.examiners))
    assert conflicted.examiners_conflicted_with(CASE.people) == {"myu@examiners.example"}
    skipped = complete(c.Refer, {}, CHAIR, conflicted, CASE, Roster())
    assert skipped.examiner == "spatel@examiners.example"
    assert complete(c.Refer, {}, CHAIR, DIRECTORY, CASE, Roster()).examiner == (
        "myu@examiners.example")  # without the conflict, the first on the roster
    other = open_case(number="ETH-2026-0002", filing=filing(), respondents=("lbates@city.test",),
                      at=at("2026-01-06T09:45:00-08:00"), actor="clerk@city.test")
    assert complete(c.Refer, {}, CHAIR, conflicted, other, Roster()).examiner == (
        "myu@examiners.example")


def test_an_examiner_away_is_skipped_while_away_and_takes_referrals_again_after() -> None:
    """§11: Morgan Yu is on leave Feb 2-13, 2026, recorded once in the directory: a
    referral made in that time goes to the next on the roster; one made before or after
    goes to her as the rotation says."""
    away = replace(DIRECTORY, examiners=tuple(
        replace(p, unavailable=(Absence(date(2026, 2, 2), date(2026, 2, 13), "trial"),))
        if p.email == "myu@examiners.example" else p for p in DIRECTORY.examiners))
    assert away.examiners_unavailable_on(date(2026, 2, 13)) == {"myu@examiners.example"}
    during = complete(c.Refer, {}, CHAIR, away, CASE, Roster(), today=date(2026, 2, 2))
    assert during.examiner == "spatel@examiners.example"
    for day in (date(2026, 2, 1), date(2026, 2, 14)):
        assert complete(c.Refer, {}, CHAIR, away, CASE, Roster(),
                        today=day).examiner == "myu@examiners.example"


def examiners_as(**changes: dict[str, str | None]) -> Directory:
    """The example city with some examiners' entries changed (by email's first part)."""
    return replace(DIRECTORY, examiners=tuple(
        replace(p, **changes.get(p.email.split("@")[0], {})) for p in DIRECTORY.examiners))


def test_an_examiner_the_file_does_not_show_qualified_is_skipped_until_it_does() -> None:
    """§11: examiners "shall be licensed and practicing attorneys who are not residents
    of the city". Morgan Yu's entry gives no licence and Sam Patel lives in Riverton: the
    referral goes to Lee Fontaine, and the clerk is told why when no one is left. Once the
    file gives Yu's licence, and Patel moves to Cheney, the rotation takes them again."""
    gaps = examiners_as(myu={"licence": None}, spatel={"resides_in": "City of Riverton"})
    assert gaps.examiners_unqualified() == {
        "myu@examiners.example": "Morgan Yu (myu@examiners.example): the directory file "
        "gives no bar licence; add `licence: WSBA 12345` (§11: a licensed, practising "
        "attorney)",
        "spatel@examiners.example": "Sam Patel (spatel@examiners.example) lives in Riverton "
        "(§11: an examiner is not a resident of the city)"}
    assert complete(c.Refer, {}, CHAIR, gaps, CASE, Roster()).examiner == (
        "lfontaine@examiners.example")
    fixed = examiners_as(spatel={"resides_in": "Cheney, WA"})
    assert fixed.examiners_unqualified() == {}
    assert complete(c.Refer, {}, CHAIR, fixed, CASE, Roster()).examiner == (
        "myu@examiners.example")
    assert complete(c.Refer, {}, CHAIR, fixed, CASE,
                    Roster("myu@examiners.example")).examiner == "spatel@examiners.example"
    nobody = examiners_as(myu={"licence": ""}, spatel={"resides_in": "riverton, WA"},
                          lfontaine={"resides_in": None})
    with pytest.raises(ProcedureError) as refused:
        complete(c.Refer, {}, CHAIR, nobody, CASE, Roster())
    said = str(refused.value)
    assert "not shown qualified" in said and "Sam Patel (spatel@examiners.example) lives in " \
        "Riverton" in said and "add `resides_in: <their city>`" in said, said
    # the board hears the official who asks for it, whatever the roster shows
    assert complete(c.Refer, {TO_BOARD: True}, CHAIR, nobody, CASE, Roster()).examiner is None
