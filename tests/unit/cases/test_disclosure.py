"""Public records after closure (§6, §13; RCW 42.56.520): the city attorney records a
disclosure request, answers it within five business days, and records what was released,
when and to whom.

Riverton, received Tue Jan 6 2026; the board found the complaint insufficient and the
case closed Wed Feb 4 2026.
"""

from __future__ import annotations

from datetime import date

import pytest

from cases import commands as c
from cases.access import Refused, check_step
from cases.case import Case
from cases.deadlines import DeadlineKey, Responsible, Status, clocks_of_requests
from cases.events import EventKind
from cases.public_records import PublicRecord, Report, entries
from cases.steps import StepId
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_access import ATTORNEY, CLERK_
from tests.unit.cases.test_procedure import do, new_case, refused, reported

K = DeadlineKey
ATTY = "attorney@city.test"


def closed() -> Case:
    case = new_case()
    reported(case, sufficient=False)
    do(case, c.CloseCase("insufficient (§8)"), "2026-02-04T09:00:00-08:00")
    return case


def disclosure(case: Case, now: str) -> dict[str, object]:
    d = next(d for d in case.deadlines(CALENDAR, now=at(now)) if d.key is K.DISCLOSURE_RESPONSE)
    return {"due": d.due.isoformat() if d.due else None, "status": d.status,
            "responsible": d.responsible, "basis": d.basis, "ordinance": d.ordinance}


def test_only_the_city_attorney_records_requests_and_releases() -> None:
    check_step(ATTORNEY, StepId.DISCLOSURE_REQUEST)
    check_step(ATTORNEY, StepId.RELEASE)
    with pytest.raises(Refused, match="Only the city attorney"):
        check_step(CLERK_, StepId.RELEASE)


def test_a_request_owes_an_answer_within_five_business_days() -> None:
    # received Mon Feb 9 2026: Tue 10, Wed 11, Thu 12, Fri 13, (Mon Feb 16 Presidents'
    # Day), Tue Feb 17: due Tue Feb 17 23:59:59 PST
    case = closed()
    refused(case, c.RecordDisclosureRequest(" ", on=date(2026, 2, 9)),
            "2026-02-09T10:00:00-08:00", "who asked")
    do(case, c.RecordDisclosureRequest("A. Reporter, Riverton Ledger", on=date(2026, 2, 9),
                                       records=(PublicRecord.COMPLAINT,),
                                       what="the complaint against the Parks Director"),
       "2026-02-09T10:00:00-08:00", ATTY)
    d = disclosure(case, "2026-02-10T09:00:00-08:00")
    assert d["due"] == "2026-02-17T23:59:59-08:00"
    assert d["status"] is Status.OPEN and d["responsible"] is Responsible.CITY_ATTORNEY
    assert d["ordinance"] == "RCW 42.56.520"
    assert str(d["basis"]).startswith(
        "request received Mon Feb 9, 2026 + 5 business days = Tue Feb 17, 2026 (Sat Feb 14, "
        "2026 is a Saturday; Sun Feb 15, 2026 is a Sunday; Mon Feb 16, 2026 is Presidents' "
        "Day: not counted); due by Tue Feb 17, 2026 11:59:59 PM PST")
    assert disclosure(case, "2026-02-18T00:00:00-08:00")["status"] is Status.MISSED
    assert case.disclosure_requests[0].requester == "A. Reporter, Riverton Ledger"


def test_the_release_is_recorded_which_records_when_to_whom() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    refused(case, c.ReleaseRecords((), to="A. Reporter"), "2026-02-12T10:00:00-08:00",
            "say what")
    refused(case, c.ReleaseRecords((PublicRecord.COMPLAINT,), to=" "),
            "2026-02-12T10:00:00-08:00", "to whom")
    do(case, c.ReleaseRecords((PublicRecord.COMPLAINT, PublicRecord.SUFFICIENCY_DETERMINATION),
                              to="A. Reporter", on=date(2026, 2, 12)),
       "2026-02-12T15:00:00-08:00", ATTY)
    event = case.history[-1]
    assert event.data == {"records": ["complaint", "sufficiency_determination"],
                          "to": "A. Reporter", "on": "2026-02-12", "request": 1, "note": "",
                          "final": True}
    d = disclosure(case, "2026-02-20T00:00:00-08:00")
    assert d["status"] is Status.MET
    assert case.released_records == frozenset({PublicRecord.COMPLAINT,
                                               PublicRecord.SUFFICIENCY_DETERMINATION})
    # every request answered: a release without one is refused
    refused(case, c.ReleaseRecords((PublicRecord.WRITTEN_REPORT,), to="B"),
            "2026-02-20T10:00:00-08:00", "no disclosure request awaiting an answer")


def test_an_answer_without_records_needs_a_note_and_counts_as_the_response() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    do(case, c.ReleaseRecords((), to="A. Reporter", note="acknowledged; estimate Mar 2"),
       "2026-02-18T10:00:00-08:00", ATTY)
    assert disclosure(case, "2026-02-20T00:00:00-08:00")["status"] is Status.LATE
    assert case.released_records == frozenset()


def test_before_closure_a_request_is_answered_but_nothing_released() -> None:
    case = new_case()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12)),
       "2026-01-12T10:00:00-08:00", ATTY)
    msg = refused(case, c.ReleaseRecords((PublicRecord.COMPLAINT,), to="A. Reporter"),
                  "2026-01-13T10:00:00-08:00", "confidential until the review is complete")
    assert "(§6)" in msg
    do(case, c.ReleaseRecords((), to="A. Reporter", note="exempt until the review is complete"),
       "2026-01-13T10:00:00-08:00", ATTY)


def test_an_interim_answer_meets_the_five_days_and_the_records_follow_in_instalments() -> None:
    """RCW 42.56.520, .080: an acknowledgement with an estimate answers in time and leaves
    the request open; the records follow after closure, in instalments, then the final
    answer closes it."""
    case = new_case()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12)),
       "2026-01-12T10:00:00-08:00", ATTY)
    do(case, c.ReleaseRecords((), to="A. Reporter", note="acknowledged; estimate after "
                              "closure", final=False), "2026-01-13T10:00:00-08:00", ATTY)
    assert disclosure(case, "2026-01-30T00:00:00-08:00")["status"] is Status.MET
    reported(case, sufficient=False)
    do(case, c.CloseCase("insufficient (§8)"), "2026-02-04T09:00:00-08:00")
    do(case, c.ReleaseRecords((PublicRecord.COMPLAINT,), to="A. Reporter", final=False),
       "2026-02-05T10:00:00-08:00", ATTY)
    assert case.disclosure_requests[0].answered is None  # still open for the rest
    do(case, c.ReleaseRecords((PublicRecord.WRITTEN_REPORT,), to="A. Reporter",
                              note="the last instalment"), "2026-02-06T10:00:00-08:00", ATTY)
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 2, 6) and x.responded == date(2026, 1, 13)
    assert set(x.released) == {PublicRecord.COMPLAINT, PublicRecord.WRITTEN_REPORT}
    refused(case, c.ReleaseRecords((PublicRecord.SUFFICIENCY_DETERMINATION,), to="A"),
            "2026-02-07T10:00:00-08:00", "no disclosure request awaiting an answer")


def test_a_late_answer_stays_in_view_once_a_later_request_is_answered_on_time() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    do(case, c.ReleaseRecords((), to="A. Reporter", note="denied: exempt"),
       "2026-02-20T10:00:00-08:00", ATTY)  # due Mon Feb 16 (Presidents' Day) -> late
    do(case, c.RecordDisclosureRequest("B. Writer", on=date(2026, 2, 23)),
       "2026-02-23T10:00:00-08:00", ATTY)
    do(case, c.ReleaseRecords((PublicRecord.COMPLAINT,), to="B. Writer"),
       "2026-02-24T10:00:00-08:00", ATTY)
    d = disclosure(case, "2026-03-10T00:00:00-08:00")
    assert d["status"] is Status.LATE and "request 1 of 2" in str(d["basis"])


def test_each_request_has_its_own_clock_and_status() -> None:
    """RCW 42.56.520, as the surfaces show it: request #1 answered late, #2 still open
    while #3 was missed; each numbered as Slack's `release #N` names it."""
    case = closed()
    for who, day in (("A. Reporter", 9), ("B. Writer", 23), ("C. Clerk", 24)):
        do(case, c.RecordDisclosureRequest(who, on=date(2026, 2, day)),
           f"2026-02-{day:02}T10:00:00-08:00", ATTY)
    do(case, c.ReleaseRecords((), to="A. Reporter", note="denied: exempt", request=1),
       "2026-02-26T10:00:00-08:00", ATTY)
    requests = [{"received": x.received.isoformat(), "answered": None,
                 "responded": x.responded.isoformat() if x.responded else None}
                for x in case.disclosure_requests]
    clocks = clocks_of_requests(requests, CALENDAR, now=at("2026-03-04T12:00:00-08:00"))
    assert [d.status for d in clocks] == [Status.LATE, Status.MISSED, Status.MISSED]
    clocks = clocks_of_requests(requests, CALENDAR, now=at("2026-03-03T12:00:00-08:00"))
    assert [d.status for d in clocks] == [Status.LATE, Status.MISSED, Status.OPEN]
    assert "request 3 of 3 received Tue Feb 24, 2026 + 5 business days" in clocks[2].basis


def test_the_record_list_dates_each_record_by_its_own_day_as_corrected() -> None:
    """§13's list: a report typed in days later is dated the day it was issued, and a
    corrected day replaces the mistyped one."""
    case = new_case()
    reported(case, sufficient=True)
    issued = next(i for i, e in enumerate(case.history) if e.kind is EventKind.REPORT_ISSUED)
    history = [{"kind": e.kind.value, "at": e.at.isoformat(), "data": e.data}
               for e in case.history]
    report = next(x for x in entries(history) if isinstance(x, Report))
    assert report.on == case.history[issued].data["on"]
    history.append({"kind": EventKind.STEP_DATE_CORRECTED.value, "at": "2026-02-05T10:00:00",
                    "data": {"target": issued, "new": "2026-01-30"}})
    report = next(x for x in entries(history) if isinstance(x, Report))
    assert report.on == "2026-01-30"
