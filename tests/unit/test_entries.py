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
    assert text == ("Respondent informed as to Gary Pruitt by voicemail; given Tue Dec 1, "
                    "2026 8:30 AM PST; actual notice was not practicable because he is "
                    "abroad; the motion carried; found sufficient as to Gary Pruitt; "
                    "deadline: Fri Dec 4, 2026; 2 deadlines moved.")
    assert entry_details({}, DIRECTORY, CALENDAR) == ""
    assert entry_details({"reason": "Mon Dec 1 is not a date: a typo"}, DIRECTORY,
                         CALENDAR) == "The reason given: Mon Dec 1 is not a date: a typo."


def test_a_no_that_says_nothing_is_left_out_and_a_yes_is_said() -> None:
    """Issue 41: "moved: no; late: no" said nothing a reader needs; a meeting moved, or a
    board vote, reads as a sentence."""
    scheduled = {"meeting": 2, "moved": False, "late": False, "agenda_late": False,
                 "meeting_kind": "special", "place": "City Hall, Room 2",
                 "starts_at": "2026-12-08T18:00:00-08:00"}
    text = entry_details(scheduled, DIRECTORY, CALENDAR)
    assert text == ("At meeting 2; a special meeting; at City Hall, Room 2; from Tue Dec 8, "
                    "2026 6:00 PM PST.")
    assert "no" not in text.split() and ":" not in text.replace("6:00", "")
    moved = entry_details({**scheduled, "moved": True}, DIRECTORY, CALENDAR)
    assert "it moves the meeting still to come" in moved
    vote = {"member": "hpark@city.test", "vote": "yes", "respondent": "gpruitt@city.test",
            "meeting": 4}
    assert entry_details(vote, DIRECTORY, CALENDAR) == (
        "Helen Park voted yes as to Gary Pruitt at meeting 4.")
    found = {"carried": True, "yes": 2, "no": 0, "explanation": "2 yes, 0 no: sufficient (§7)."}
    assert entry_details(found, DIRECTORY, CALENDAR) == (
        "The motion carried; 2 yes, 0 no: sufficient (§7).")


def test_a_motion_says_how_the_body_voted_and_a_failed_one_that_it_changed_nothing() -> None:
    assert motion_words({}) == ""
    failed = {"motion": {"meeting": 4, "explanation": "1 yes, 2 no.", "carried": False}}
    assert motion_words(failed) == "By motion at meeting 4: 1 yes, 2 no. It changed nothing."
