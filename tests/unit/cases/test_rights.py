"""The official's rights (`cases.rights`): each request it names is one the table of steps
lets the official make themselves, every such request is named by a right, and each date
is a deadline of the table of deadlines, of the section the right cites."""

from __future__ import annotations

from cases.deadline_values import DEADLINES
from cases.rights import RIGHTS, request_name
from cases.steps import STEPS


def test_each_request_of_the_official_is_a_right_and_each_right_a_request_they_may_make(
        ) -> None:
    asked = {r.step for r in RIGHTS if r.step is not None}
    assert asked == {s for s in STEPS if s.respondent_asks}
    for right in RIGHTS:
        if right.step is not None:
            assert request_name(right) == right.step.respondent_asks
            # the right cites the section the step's row cites
            assert set(right.section.split(", ")) <= set(
                right.step.section.split(", ")), right
        else:
            assert request_name(right) is None


def test_each_date_is_a_deadline_of_the_section_the_right_cites() -> None:
    for right in RIGHTS:
        if right.by is not None:
            assert DEADLINES[right.by].section in right.section.split(", "), right
            assert right.by_words, right
        else:
            assert not right.by_words, right
    sections = {s for r in RIGHTS for s in r.section.split(", ")}
    assert {"§2", "§6", "§9", "§10", "§11", "§12", "§13", "§14"} <= sections
