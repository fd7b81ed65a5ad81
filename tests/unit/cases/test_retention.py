"""Retention and legal hold (RCW 40.14; cases.retention): due for review exactly N years
after closure, refused before, blocked by a hold or a pending disclosure request, never
approved by the person who requested it; each refusal paired with the same command
accepted once the rule allows it."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cases import commands as c
from cases.case import Case
from cases.chain import Entry, chain, destroyed_marker, verify_case
from cases.directory import RetentionPeriod
from cases.disclosure import AnswerKind
from cases.errors import ProcedureError
from cases.history import Event, EventKind
from cases.procedure import handle
from cases.retention import due_for_review, holds, retention_ends, review
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_procedure import CHAIR, CLERK, do, new_case, refused, reported

PERIOD = RetentionPeriod("CORE ethics complaint series (example)", 6)
ATTORNEY, OFFICER = "attorney@city.test", "records@city.test"
CLOSED = "2026-02-05T10:00:00-08:00"  # closed Thu Feb 5 2026 in Riverton


def closed() -> Case:
    case = new_case()
    reported(case, sufficient=False)
    do(case, c.CloseCase("insufficient"), CLOSED, CHAIR)
    return case


def request(period: RetentionPeriod | None = PERIOD) -> c.RequestDestruction:
    return c.RequestDestruction(period.category if period else "", period.years if period else 0)


def approve() -> c.ApproveDestruction:
    return c.ApproveDestruction(PERIOD.category, PERIOD.years)


def test_due_for_review_exactly_n_years_after_the_day_of_closure() -> None:
    case = closed()
    assert retention_ends(case, PERIOD, CALENDAR) == date(2032, 2, 5)
    assert not due_for_review(case, PERIOD, date(2032, 2, 4), CALENDAR)
    assert due_for_review(case, PERIOD, date(2032, 2, 5), CALENDAR)
    assert not due_for_review(case, None, date(2099, 1, 1), CALENDAR)  # no period: never
    line = review(case, PERIOD, date(2032, 2, 5), CALENDAR)
    assert line is not None and line.closed_on == date(2026, 2, 5) and line.holds == ()
    assert not due_for_review(new_case(), PERIOD, date(2099, 1, 1), CALENDAR)  # open


def test_a_request_is_refused_before_the_period_ends_and_accepted_on_its_last_day() -> None:
    case = closed()
    refused(case, request(), "2032-02-04T16:00:00-08:00", "until Thu Feb 5, 2032")
    refused(case, request(None), "2032-02-05T09:00:00-08:00", "no retention period")
    do(case, request(), "2032-02-05T09:00:00-08:00")
    assert case.destruction_request is not None and case.destruction_request[0] == CLERK


def test_the_requester_may_not_approve_and_the_records_officer_may() -> None:
    case = closed()
    when = "2032-03-01T09:00:00-08:00"
    refused(case, approve(), when, "Nobody has requested")
    do(case, request(), when, OFFICER)  # the records officer's own request...
    with pytest.raises(ProcedureError, match="may not approve it too") as err:
        do(case, approve(), "2032-03-01T10:00:00-08:00", OFFICER)
    assert "two people" in str(err.value) and case.destroyed is None
    case2 = closed()
    do(case2, request(), when, CLERK)  # ...the clerk's request, approved by the officer
    event = do(case2, approve(), "2032-03-01T10:00:00-08:00", OFFICER)
    assert event.kind is EventKind.RECORDS_DESTROYED
    cert = event.data
    assert cert["requested_by"] == CLERK and cert["approved_by"] == OFFICER
    assert cert["category"] == PERIOD.category and cert["years"] == 6
    assert "RCW 40.14" in cert["authority"] and cert["closed_on"] == "2026-02-05"
    assert len(cert["entries"]) == len(case2.history) - 1


def test_a_legal_hold_blocks_until_lifted_and_one_stands_at_a_time() -> None:
    case = closed()
    do(case, request(), "2032-03-01T09:00:00-08:00")
    refused(case, c.PlaceLegalHold(" "), "2032-03-01T09:30:00-08:00", "Say why")
    do(case, c.PlaceLegalHold("Whitfield v. Riverton"), "2032-03-01T09:30:00-08:00", ATTORNEY)
    refused(case, c.PlaceLegalHold("another"), "2032-03-01T09:40:00-08:00", "one hold stands")
    assert [h.kind for h in holds(case, CALENDAR)] == ["legal hold"]
    refused(case, approve(), "2032-03-01T10:00:00-08:00", "Whitfield v. Riverton")
    do(case, c.LiftLegalHold("dismissed"), "2032-03-02T09:00:00-08:00", ATTORNEY)
    refused(case, c.LiftLegalHold(), "2032-03-02T09:10:00-08:00", "no legal hold to lift")
    do(case, approve(), "2032-03-02T10:00:00-08:00", OFFICER)
    assert case.destroyed is not None


def test_a_pending_public_records_request_is_a_hold_by_itself() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", what="the whole file"),
       "2032-03-01T08:00:00-08:00", ATTORNEY)
    refused(case, request(), "2032-03-01T09:00:00-08:00", "public records request")
    do(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="RCW 42.56.290",
                                explanation="the city is a party to the suit"),
       "2032-03-01T09:30:00-08:00", ATTORNEY)
    do(case, request(), "2032-03-01T10:00:00-08:00")


def test_a_destroyed_history_still_verifies_and_replays_without_its_content() -> None:
    case = closed()
    do(case, request(), "2032-03-01T09:00:00-08:00")
    cert = do(case, approve(), "2032-03-01T10:00:00-08:00", OFFICER)
    n = len(case.history) - 1
    entries = [Entry(i, e.kind.value, e.at, e.actor, e.data) for i, e in enumerate(case.history)]
    hashes = chain(case.number, entries)
    kept = [Entry(i, e.kind, e.at, e.actor, destroyed_marker(n) if i < n else e.data, h)
            for i, (e, h) in enumerate(zip(entries, hashes, strict=True))]
    listed = {i: (k, h) for i, (k, h) in enumerate(cert.data["entries"])}
    ends, broken = verify_case(case.number, kept, certificate=lambda _seq: listed)
    assert broken is None and ends.hash == hashes[-1]
    # without the certificate's list, or with an entry's hash changed, it does not verify
    assert verify_case(case.number, kept, certificate=lambda _seq: {})[1] is not None
    bad = [*kept[:1], Entry(1, kept[1].kind, kept[1].at, kept[1].actor, kept[1].data, "0" * 64),
           *kept[2:]]
    assert verify_case(case.number, bad, certificate=lambda _seq: listed)[1] is not None
    replayed = Case.replay(case.number, [Event(EventKind(e.kind), e.at, e.actor, dict(e.data))
                                         for e in kept])
    assert replayed.destroyed is not None and replayed.closed and replayed.filing.facts == ""
    assert replayed.respondents == () and replayed.deadlines(CALENDAR, now=at(CLOSED)) == []
    with pytest.raises(ProcedureError, match="was destroyed"):
        handle(replayed, c.PlaceLegalHold("late"), at=at("2032-04-01T10:00:00-08:00"),
               actor=ATTORNEY, calendar=CALENDAR)


def test_placing_and_lifting_a_hold_is_notified_to_the_clerk_and_the_records_officer() -> None:
    from cases.directory import Person
    from cases.notices import NoticeType, notices_owed
    from tests.unit.cases.riverton import DIRECTORY

    directory = replace(DIRECTORY, records_officer=Person("Alma Reyes", OFFICER))
    case = closed()
    for cmd, when in ((c.PlaceLegalHold("Whitfield v. Riverton"), "2032-03-01T09:30:00-08:00"),
                      (c.LiftLegalHold("dismissed"), "2032-03-02T09:30:00-08:00")):
        event = do(case, cmd, when, ATTORNEY)
        owed = notices_owed(case, event, directory)
        assert {n.type for n in owed} == {NoticeType.LEGAL_HOLD}
        assert {n.recipient.email for n in owed} == {CLERK, OFFICER}


def test_a_destroyed_entry_is_no_public_record_any_more() -> None:
    """RCW 40.14: once destroyed, a report's entry holds only the marker; the §13 records
    read from a history skip it rather than fail (the destroyed file's case page), and the
    same entry intact is a record."""
    from cases.public_records import entries

    report = {"kind": "report_issued", "at": "2026-02-01T10:00:00-08:00",
              "data": {"sufficient": True, "summary": "prima facie", "on": "2026-02-01"}}
    assert len(entries([report])) == 1
    assert entries([{**report, "data": destroyed_marker(7)}]) == []
