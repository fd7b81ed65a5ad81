"""A history entry reads as words on the case page and in the record (issue 25): names
for addresses, city time for moments, days for days, words for stored names; never a
field dump."""

from __future__ import annotations

from tests.unit.cases.riverton import CALENDAR, DIRECTORY
from web.entries import entry_details, motion_words


def test_an_entrys_facts_read_as_words() -> None:
    data = {"notice": "respondent_informed", "respondent": "gpruitt@city.test",
            "how": "voicemail", "given_at": "2026-12-01T16:30:00+00:00",
            "impracticable": "he is abroad", "filing": {"facts": "x" * 5000},
            "on": "2026-12-01", "sequence": 3, "carried": True, "records": [],
            "findings": {"gpruitt@city.test": "sufficient"}, "deadline": "2026-12-04",
            "changes": [{"key": "hearing_begin"}, {"key": "hearing_conclude"}]}
    text = entry_details(data, DIRECTORY, CALENDAR)
    assert text == ("notice: respondent informed; as to: Gary Pruitt; how: voicemail; "
                    "given: Tue Dec 1, 2026 8:30 AM PST; actual notice was not practicable "
                    "because: he is abroad; motion carried: yes; findings: Gary Pruitt "
                    "sufficient; deadline: Fri Dec 4, 2026; 2 deadlines moved")
    assert entry_details({}, DIRECTORY, CALENDAR) == ""
    assert entry_details({"reason": "Mon Dec 1 is not a date: a typo"}, DIRECTORY,
                         CALENDAR) == "reason: Mon Dec 1 is not a date: a typo"


def test_a_motion_says_how_the_body_voted_and_a_failed_one_that_it_changed_nothing() -> None:
    assert motion_words({}) == ""
    failed = {"motion": {"meeting": 4, "explanation": "1 yes, 2 no.", "carried": False}}
    assert motion_words(failed) == "By motion at meeting 4: 1 yes, 2 no. It changed nothing."
