"""Each official's matter (`cases.matters`, issue 41): while it goes on, the step of the
table it waits on, in the ordinance's order; once it ended, how, in words that say what
was found and, for a violation, the council's decision and its penalty as to them."""

from __future__ import annotations

from cases import commands as c
from cases.case import Case
from cases.matters import matters
from cases.readings import Readings, ReferredOpportunity
from cases.tally import Vote
from tests.unit.cases.riverton import SECTION_A
from tests.unit.cases.test_lifecycle import SECOND, finds, heard_by_both, two_respondents
from tests.unit.cases.test_procedure import (
    CHAIR,
    MAYOR,
    RESPONDENT,
    decide,
    do,
    new_case,
    reported,
    serve_notices,
    violation_found,
    votes,
)
from tests.unit.cases.test_referrals import EXAMINER, pruitt_asked


def waiting(case: Case) -> list[str | None]:
    return [m.step.id if m.step else None for m in matters(case)]


def test_an_open_matter_waits_on_the_next_step_of_the_table() -> None:
    case = new_case()
    assert waiting(case) == ["notice"]  # §2: the official not yet informed
    serve_notices(case)
    assert waiting(case) == ["begin"]  # the hearing not begun (§7)
    case = violation_found()
    [matter] = matters(case)
    assert matter.outcome is None and matter.step is c.RecordCouncilDecision.step


def test_a_violation_ends_with_the_councils_decision_and_penalty_as_to_them() -> None:
    case = violation_found()
    votes(case, *[(m, Vote.YES) for m in ("praman@city.test", "abrandt@city.test",
                                           "bokafor@city.test")])
    decide(case, (c.Penalty(SECTION_A, "public reprimand"),))
    [matter] = matters(case)
    assert matter.step is None and matter.outcome is not None
    assert matter.outcome.startswith(f"a violation of {SECTION_A}: the final determination "
                                     "(§12); the council decided (§12, §14) on Thu Feb 26")
    assert matter.outcome.endswith(f"with the penalty public reprimand ({SECTION_A})")


def test_insufficient_and_void_say_so() -> None:
    insufficient = new_case()
    reported(insufficient, sufficient=False)
    [matter] = matters(insufficient)
    assert matter.outcome == ("the complaint was found insufficient by the board (§7); the "
                              "determination is final (§8)")
    void = new_case()
    do(void, c.VoidCase("a duplicate of 2025-014", MAYOR), "2026-01-06T10:00:00-08:00")
    assert [m.outcome for m in matters(void)] == ["the case was voided: a duplicate of 2025-014"]


def test_two_officials_each_have_their_own_matter() -> None:
    case = two_respondents()
    serve_notices(case)
    heard_by_both(case)
    finds(case, RESPONDENT, True, "2026-01-22T19:00:00-08:00")
    finds(case, SECOND, False, "2026-01-22T19:10:00-08:00")
    do(case, c.IssueReport(), "2026-01-23T10:00:00-08:00", CHAIR)
    pruitt, bates = matters(case)
    assert (pruitt.official, pruitt.step) == (RESPONDENT, c.Refer.step)  # §11: to refer
    assert bates.official == SECOND and bates.step is None
    assert bates.outcome is not None and "found insufficient" in bates.outcome


def test_a_matter_before_the_board_waits_on_the_officials_opportunity_then_its_determination(
        ) -> None:
    """§9 at the board's §11 hearing: Pruitt's matter, referred to the board, waits on
    Pruitt heard there (by the city's default reading), then on the determination; Bates's,
    with the examiner, on the examiner's determination alone."""
    case = pruitt_asked()
    do(case, c.Refer(None), "2026-01-27T11:00:00-08:00")
    do(case, c.Refer(EXAMINER), "2026-01-27T11:05:00-08:00")
    assert waiting(case) == ["heard", "determination"]
    other = Readings(referred_opportunity=ReferredOpportunity.AT_THE_SUFFICIENCY_HEARING)
    assert [m.step.id if m.step else None for m in matters(case, other)] == [
        "determination", "determination"]
    do(case, c.RecordRespondentHeard(respondent=RESPONDENT), "2026-02-06T18:30:00-08:00")
    assert waiting(case) == ["determination", "determination"]
