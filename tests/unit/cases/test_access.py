"""Who may see and do what (§6, §13, §14): `cases.access`, asked by every surface."""

from __future__ import annotations

import re
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases import commands as c
from cases.access import (
    Actor,
    DocketScope,
    Refused,
    actor_for,
    case_access,
    check_body,
    check_correction,
    check_form,
    check_hands,
    check_on_case,
    check_own_request,
    check_step,
    docket_scope,
    may_file_paper,
    sees_every_case,
)
from cases.case import Case, Requester
from cases.directory import Role
from cases.errors import ProcedureError
from cases.history import EventKind as K
from cases.levels import Access
from cases.meetings import Proceeding
from cases.procedure import open_case
from cases.public_records import PublicRecord
from cases.section2 import Section2Act
from cases.steps import STEPS
from cases.tally import Vote
from tests.unit.cases.riverton import COUNCIL_EMAILS, DIRECTORY, at, filing
from tests.unit.cases.test_procedure import CLERK, decide, do, referred, votes

R = Role
CHAIR = actor_for(DIRECTORY, "hpark@city.test")
CLERK_ = actor_for(DIRECTORY, CLERK)
MAYOR = actor_for(DIRECTORY, "mayor@city.test")
RAMAN = actor_for(DIRECTORY, "praman@city.test")
BRANDT = actor_for(DIRECTORY, "abrandt@city.test")
ATTORNEY = actor_for(DIRECTORY, "attorney@city.test")
PRUITT = actor_for(DIRECTORY, "gpruitt@city.test")
STRANGER = actor_for(DIRECTORY, "nobody@example.org")
ALL_RECORDS = frozenset(PublicRecord)
MAYOR_EMAIL = "mayor@city.test"


def test_actors_from_the_directory() -> None:
    assert Actor("hpark@city.test", frozenset({R.BOARD, R.BOARD_CHAIR})) == CHAIR
    assert Actor(None, frozenset()) == STRANGER
    assert actor_for(DIRECTORY, " PRaman@City.test ").email == "praman@city.test"


@pytest.mark.parametrize(("actor", "open_", "closed"), [
    (CLERK_, Access.FULL, Access.FULL), (CHAIR, Access.FULL, Access.FULL),
    (ATTORNEY, Access.FULL, Access.FULL), (RAMAN, Access.COUNCIL, Access.COUNCIL),
    (PRUITT, Access.RESPONDENT, Access.RESPONDENT), (STRANGER, Access.NONE, Access.PUBLIC),
])
def test_who_sees_a_case(actor: Actor, open_: Access, closed: Access) -> None:
    respondents = ("gpruitt@city.test",)
    assert case_access(actor, respondents=respondents, closed=False,
                       released=ALL_RECORDS) is open_
    assert case_access(actor, respondents=respondents, closed=True,
                       released=ALL_RECORDS) is closed


def test_after_closure_a_stranger_sees_only_what_was_released() -> None:
    # §6: confidentiality continues after completion unless released through a disclosure
    # request; nothing released, nothing shown (the same refusal as for no case at all)
    assert case_access(STRANGER, respondents=(), closed=True, released=frozenset()) \
        is Access.NONE
    assert case_access(STRANGER, respondents=(), closed=True,
                       released=frozenset({PublicRecord.COMPLAINT})) is Access.PUBLIC
    # those otherwise entitled keep what they had
    assert case_access(RAMAN, respondents=(), closed=True, released=frozenset()) \
        is Access.COUNCIL


@given(roles=st.frozensets(st.sampled_from(Role)), respondent=st.booleans(),
       closed=st.booleans(), released=st.frozensets(st.sampled_from(PublicRecord)),
       walled=st.booleans())
def test_who_sees_every_case_is_let_into_any_case_they_did_not_recuse_on(
        roles: frozenset[Role], respondent: bool, closed: bool,
        released: frozenset[PublicRecord], walled: bool) -> None:
    # what lets the case view log a look in the statement that reads it: for these
    # askers, whether the look is allowed depends on nothing the case holds but whether
    # they recused on it, which the statement tests too (`storage.queries.case_view_statements`)
    actor = Actor("someone@city.test", roles)
    access = case_access(actor, respondents=("someone@city.test",) if respondent else (),
                         closed=closed, released=released,
                         walled=("someone@city.test",) if walled else ())
    if walled and not respondent:
        assert access is (Access.PUBLIC if closed and released else Access.NONE)
    elif sees_every_case(actor):
        assert access in (Access.FULL, Access.COUNCIL, Access.RESPONDENT)
    else:
        assert access in (Access.RESPONDENT, Access.PUBLIC, Access.NONE)
    assert sees_every_case(actor) is (docket_scope(actor) is DocketScope.ALL)


def test_docket_scope() -> None:
    assert docket_scope(CLERK_) is DocketScope.ALL
    assert docket_scope(RAMAN) is DocketScope.ALL
    assert docket_scope(PRUITT) is DocketScope.INVOLVING
    assert docket_scope(STRANGER) is DocketScope.NONE
    assert may_file_paper(CLERK_) and not may_file_paper(CHAIR)


def test_steps_by_role_from_the_table() -> None:
    check_step(CHAIR, c.ScheduleBoardMeeting.step)
    # RCW 42.30.080(1): the presiding officer calls a special meeting (the clerk records
    # it), or a majority of the members (`test_a_majority_of_the_members_may_call_...`)
    with pytest.raises(Refused, match=r"Only the board chair or the ethics board or the "
                                      r"mayor or the mayor's designees may schedule a "
                                      r"meeting of the board on the case\. The directory "
                                      r"lists you as the city council"):
        check_step(RAMAN, c.ScheduleBoardMeeting.step)
    check_step(CLERK_, c.ScheduleBoardMeeting.step)
    with pytest.raises(Refused, match="directory lists"):
        check_step(STRANGER, c.ScheduleBoardMeeting.step)
    with pytest.raises(Refused, match="official complained against"):
        check_on_case(PRUITT, ("GPruitt@city.test",), c.CloseCase.step)


def test_the_official_makes_their_own_requests_and_no_one_elses() -> None:
    """§10-§14 give the official complained against requests of their own: the table's
    `respondent_asks`. They make those on their own case, as themselves; nothing else."""
    own = ("GPruitt@city.test", "lbates@city.test")
    mine = [s for s in STEPS if s.respondent_asks]
    assert set(mine) == {c.RequestOpenSession.step, c.RequestReportExtension.step,
                         c.RequestBoardHearing.step, c.RequestCouncilExtension.step}
    for step in mine:
        check_step(PRUITT, step)  # the case decides
        check_on_case(PRUITT, own, step)
        with pytest.raises(Refused, match=r"Only .* may"):
            check_on_case(PRUITT, ("lbates@city.test",), step)  # not their case
    with pytest.raises(Refused, match="official complained against"):
        check_on_case(PRUITT, own, c.Refer.step)
    with pytest.raises(Refused, match="Only"):
        check_step(PRUITT, c.Refer.step)
    check_own_request(PRUITT, own, c.RequestBoardHearing("gpruitt@city.test", via="email",
                                                         evidence="letter on file"))
    check_own_request(PRUITT, own, c.RequestOpenSession(Proceeding.BOARD, via="web"))
    with pytest.raises(Refused, match=r"only for yourself, not for lbates@city\.test"):
        check_own_request(PRUITT, own, c.RequestBoardHearing("lbates@city.test", via="email",
                                                             evidence="letter on file"))
    with pytest.raises(Refused, match="by motion"):
        check_own_request(PRUITT, own, c.RequestReportExtension(Requester.BOARD, 5))
    check_own_request(PRUITT, own, c.RequestReportExtension(Requester.RESPONDENT, 5, via="email",
                                                            evidence="letter on file"))
    # the clerk records anyone's request, as before
    check_own_request(CLERK_, own, c.RequestBoardHearing("lbates@city.test", via="email",
                                                         evidence="letter on file"))


# -- the right hands on each vote (§12, §14) ------------------------------------------------

def vote(member: str, v: Vote = Vote.YES) -> c.RecordCouncilVote:
    return c.RecordCouncilVote(member, v, COUNCIL_EMAILS)


def test_a_member_enters_their_own_vote_and_the_clerk_the_roll_call() -> None:
    check_step(RAMAN, c.RecordCouncilVote.step)
    check_hands(RAMAN, vote("praman@city.test"))
    with pytest.raises(Refused, match="only their own vote"):
        check_hands(RAMAN, vote("abrandt@city.test"))
    # the mayor's office records the roll call: any member's vote
    check_step(CLERK_, c.RecordCouncilVote.step)
    check_hands(CLERK_, vote("abrandt@city.test"))
    with pytest.raises(Refused, match="Only"):
        check_step(CHAIR, c.RecordCouncilVote.step)


def test_a_board_member_enters_their_own_vote_and_the_chair_the_roll_call() -> None:
    board = frozenset({"hpark@city.test", "dbrooks@city.test", "vosei@city.test"})
    brooks = actor_for(DIRECTORY, "dbrooks@city.test")
    check_step(brooks, c.RecordBoardVote.step)
    check_hands(brooks, c.RecordBoardVote("dbrooks@city.test", Vote.YES, board))
    with pytest.raises(Refused, match=re.escape("A board member enters only their own vote "
                                                "(§7); the board chair records the roll call")):
        check_hands(brooks, c.RecordBoardVote("vosei@city.test", Vote.NO, board))
    # the chair, presiding, records the board's roll call; the clerk takes no board vote
    check_hands(CHAIR, c.RecordBoardVote("vosei@city.test", Vote.NO, board))
    with pytest.raises(Refused, match="Only"):
        check_step(CLERK_, c.RecordBoardVote.step)


def test_the_mayors_tie_break_only_by_the_mayor_or_the_clerk() -> None:
    check_step(MAYOR, c.RecordMayorVote.step)
    check_step(CLERK_, c.RecordMayorVote.step)
    for other in (RAMAN, BRANDT, CHAIR, ATTORNEY):
        with pytest.raises(Refused, match="Only the mayor or the mayor's designees"):
            check_step(other, c.RecordMayorVote.step)


def test_the_decision_counts_the_mayors_recorded_vote() -> None:
    case = _determined()
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO))
    with pytest.raises(ProcedureError, match="tie-breaking vote"):
        decide(case)
    do(case, c.RecordMayorVote(Vote.YES, MAYOR_EMAIL), "2026-02-26T20:00:00-08:00", MAYOR_EMAIL)
    event = decide(case, (c.Penalty("2.96.030(A)", "censure"),))
    assert event.data["mayor_broke_tie"] is True and event.data["carried"] is True


def test_the_mayor_votes_only_to_break_a_tie() -> None:
    case = _determined()
    votes(case, ("praman@city.test", Vote.YES))
    with pytest.raises(ProcedureError, match="only to break a tie"):
        do(case, c.RecordMayorVote(Vote.NO, MAYOR_EMAIL), "2026-02-26T20:00:00-08:00",
           MAYOR_EMAIL)


def test_no_mayors_vote_on_an_action_against_the_mayor() -> None:
    case = open_case(number="2026-031", filing=filing(respondents=("Pat Rivera",)),
                     respondents=("mayor@city.test",), at=at("2026-01-06T09:45:00-08:00"),
                     actor=CLERK)
    referred(case)
    do(case, c.RecordDetermination(violation=True), "2026-02-23T09:00:00-08:00")
    votes(case, ("praman@city.test", Vote.YES), ("abrandt@city.test", Vote.NO))
    with pytest.raises(ProcedureError, match="against the mayor"):
        do(case, c.RecordMayorVote(Vote.YES, MAYOR_EMAIL), "2026-02-26T20:00:00-08:00", CLERK)


def _determined() -> Case:
    case = open_case(number="2026-030", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    referred(case)
    do(case, c.RecordDetermination(violation=True), "2026-02-23T09:00:00-08:00")
    return case


def test_each_access_sees_its_part_of_the_history() -> None:
    from cases.history import EventKind as K
    from cases.history import sees_in_history

    assert all(sees_in_history(Access.FULL, k) for k in K)
    assert not any(sees_in_history(Access.PUBLIC, k) for k in K)
    assert not any(sees_in_history(Access.NONE, k) for k in K)
    # the council decides continuances and votes; the respondent attends the hearing
    assert sees_in_history(Access.COUNCIL, K.CONTINUANCE_DECIDED)
    assert not sees_in_history(Access.COUNCIL, K.BOARD_MEETING_SCHEDULED)
    assert sees_in_history(Access.RESPONDENT, K.BOARD_MEETING_SCHEDULED)
    assert not sees_in_history(Access.RESPONDENT, K.COUNCIL_VOTE_RECORDED)
    for access in (Access.COUNCIL, Access.RESPONDENT):  # a voiding is told to both
        assert sees_in_history(access, K.CASE_VOIDED)


def test_a_bodys_act_is_recorded_by_its_members_or_the_clerk_never_the_other_body() -> None:
    case = open_case(number="2026-001", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    apply = c.ApplyForContinuance("ill")  # the board's application (§7)
    with pytest.raises(Refused, match="an act of the Ethics Board"):
        check_body(RAMAN, apply, case)
    check_body(CHAIR, apply, case)
    check_body(CLERK_, apply, case)
    grant = c.DecideContinuance(5)  # the council's decision on it
    with pytest.raises(Refused, match="an act of the City Council"):
        check_body(CHAIR, grant, case)
    check_body(RAMAN, grant, case)
    check_body(CLERK_, grant, case)
    check_body(RAMAN, c.RecordNoticeServed(Section2Act.COUNCIL_INFORMED), case)  # no body's


def test_an_auditor_reads_the_log_and_the_chains_and_sees_no_case() -> None:
    """Issue 27: an auditor (the directory's `auditors:`) may audit, and is let into no
    case, open or closed without a release, takes no step and is no respondent."""
    from dataclasses import replace
    from pathlib import Path

    from cases.access import may_audit
    from cases.directory import Person
    from ethicsbot.directory_file import load_directory

    directory = replace(DIRECTORY, auditors=(Person("Ruth Abara", "rabara@audit.example"),))
    auditor = actor_for(directory, "RAbara@audit.example")
    assert auditor.roles == {Role.AUDITOR} and may_audit(auditor) and may_audit(CLERK_)
    assert not may_audit(CHAIR) and not may_audit(actor_for(directory, "nobody@x.example"))
    for closed in (False, True):
        assert case_access(auditor, respondents=("praman@city.test",), closed=closed,
                           released=()) is Access.NONE
    assert docket_scope(auditor) is DocketScope.INVOLVING and not sees_every_case(auditor)
    for step in STEPS:  # an official's own request is refused on the case, as theirs
        with pytest.raises(Refused, match="lists you as an auditor"):
            check_step(auditor, step)
            check_on_case(auditor, ("praman@city.test",), step)
    assert all(p.email != "rabara@audit.example" for p in directory.respondent_candidates())
    assert directory.match_respondents("Ruth Abara misused city property") == ()
    example = load_directory(Path(__file__).resolve().parents[3] / "city.example.yml")[0]
    assert [p.email for p in example.auditors] == ["rabara@audit.example"]


def test_the_body_an_officials_request_is_made_to_does_not_record_it() -> None:
    """Issue 38, C: the official's §11 request for the board and §12 request for more time
    are theirs: the board (the forum asked for) and the council (whose time it extends)
    do not record them; the clerk does, from their letter, and the official signed in."""
    respondents = ("gpruitt@city.test",)
    for rule in (c.RequestBoardHearing.step, c.RequestCouncilExtension.step):
        for member in (CHAIR, RAMAN):
            with pytest.raises(Refused, match="Only"):
                check_on_case(member, respondents, rule)
        check_on_case(CLERK_, respondents, rule)
        check_on_case(PRUITT, respondents, rule)


def test_a_form_is_for_whoever_may_send_it() -> None:
    """Issue 41: `check_form`, asked when a form is shown or offered and when it is sent.
    Of two officials, only the one found to have violated asks the council for more time
    (§12); the clerk records either's; a council member, whose time it extends, neither;
    a request open to every official stays open to both."""
    rule = c.RequestCouncilExtension.step
    both, bates = ("gpruitt@city.test", "lbates@city.test"), actor_for(DIRECTORY,
                                                                       "lbates@city.test")
    asking = {rule.id: ["lbates@city.test"]}
    with pytest.raises(Refused, match="No violation was found against you"):
        check_form(PRUITT, rule, both, asking)
    check_form(bates, rule, both, asking)
    check_form(CLERK_, rule, both, asking)
    with pytest.raises(Refused, match="Only the mayor or the mayor's designees"):
        check_form(BRANDT, rule, both, asking)
    for official in (PRUITT, bates):
        check_form(official, c.RequestOpenSession.step, both, asking)
        with pytest.raises(Refused, match="Only the board chair or the ethics board"):
            check_form(official, c.Refer.step, both, asking)
    check_form(PRUITT, rule, both, None)  # not known: the step says when it is sent


def test_a_steps_date_is_corrected_by_whoever_may_take_the_step() -> None:
    """Issue 38, 3: the board chair may correct the board's own hearing day, not the day
    the council decided nor the mayor's office's registered-mail copy; the clerk, who
    records both, corrects either."""
    case = open_case(number="2026-001", filing=filing(), respondents=("gpruitt@city.test",),
                     at=at("2026-01-06T09:45:00-08:00"), actor=CLERK)
    fix = {k: c.CorrectStepDate(k, date(2026, 1, 7), "typo")
           for k in (K.HEARING_BEGUN, K.COUNCIL_DECIDED, K.REGISTERED_MAIL_SENT)}
    check_correction(CHAIR, fix[K.HEARING_BEGUN], case)
    for kind in (K.COUNCIL_DECIDED, K.REGISTERED_MAIL_SENT):
        with pytest.raises(Refused, match="and so correct its date"):
            check_correction(CHAIR, fix[kind], case)
        check_correction(CLERK_, fix[kind], case)
