"""Public records after closure (§6, §13; RCW 42.56.520): the city attorney records a
disclosure request, answers it within five business days, and records what was released,
when and to whom.

Riverton, received Tue Jan 6 2026; the board found the complaint insufficient and the
case closed Wed Feb 4 2026.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cases import commands as c
from cases.access import Refused, check_step
from cases.case import Case
from cases.deadlines import DeadlineKey, Responsible, Status, clocks_of_requests
from cases.disclosure import AnswerKind, Disclosure, Redaction, Withholding, absent, outstanding
from cases.errors import ProcedureError
from cases.handlers import Command
from cases.history import EventKind
from cases.procedure import handle
from cases.public_records import PublicRecord, Report, entries
from cases.readings import OrdinanceExemption, Readings
from cases.released import existing
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.test_access import ATTORNEY, CLERK_
from tests.unit.cases.test_procedure import CLERK, do, new_case, refused, reported

K = DeadlineKey
ATTY = "attorney@city.test"


def closed() -> Case:
    case = new_case()
    reported(case, sufficient=False)
    do(case, c.CloseCase("insufficient (§8)"), "2026-02-04T09:00:00-08:00")
    return case


def disclosure(case: Case, now: str, key: DeadlineKey = K.DISCLOSURE_RESPONSE
               ) -> dict[str, object]:
    d = next(d for d in case.deadlines(CALENDAR, now=at(now)) if d.key is key)
    return {"due": d.due.isoformat() if d.due else None, "status": d.status,
            "responsible": d.responsible, "basis": d.basis, "ordinance": d.ordinance}


def estimate(case: Case, now: str) -> dict[str, object]:
    return disclosure(case, now, K.DISCLOSURE_ESTIMATE)


def test_only_the_city_attorney_records_requests_and_answers_them() -> None:
    check_step(ATTORNEY, c.RecordDisclosureRequest.step)
    check_step(ATTORNEY, c.AnswerDisclosure.step)
    check_step(ATTORNEY, c.ReleaseRecords.step)
    check_step(CLERK_, c.PrepareInstalment.step)  # the clerk may prepare; a second person releases
    with pytest.raises(Refused, match="Only the city attorney"):
        check_step(CLERK_, c.AnswerDisclosure.step)
    with pytest.raises(Refused):
        check_step(CLERK_, c.ReleaseRecords.step)


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


RECORDS_OFFICER = "records@city.test"


def released(case: Case, records: tuple[PublicRecord, ...], when: str, *, final: bool = True,
             request: int | None = None, **more: object) -> None:
    """An instalment prepared by the clerk and released on the attorney's approval."""
    do(case, c.PrepareInstalment(records, final=final, request=request, **more), when)  # type: ignore[arg-type]
    do(case, c.ReleaseRecords(request=request), when, ATTY)


def test_an_instalment_is_released_only_on_a_second_persons_approval() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9),
                                       email="reporter@ledger.test"),
       "2026-02-09T10:00:00-08:00", ATTY)
    refused(case, c.ReleaseRecords(), "2026-02-12T10:00:00-08:00", "prepare one first")
    refused(case, c.PrepareInstalment(()), "2026-02-12T10:00:00-08:00", "Name the records")
    do(case, c.PrepareInstalment((PublicRecord.COMPLAINT,
                                  PublicRecord.SUFFICIENCY_DETERMINATION), final=True),
       "2026-02-12T10:00:00-08:00")  # the clerk prepares it
    assert case.released_records == frozenset()  # nothing goes before the approval
    assert case.disclosure_requests[0].state_words == (
        f"instalment 1 prepared by {CLERK} awaits a second person's approval")
    # the one who prepared it may not approve it
    refused(case, c.ReleaseRecords(), "2026-02-12T11:00:00-08:00", "may not approve")
    do(case, c.ReleaseRecords(on=date(2026, 2, 12)), "2026-02-12T15:00:00-08:00", ATTY)
    event = case.history[-1]
    assert event.data == {"records": ["complaint", "sufficiency_determination"],
                          "to": "A. Reporter", "on": "2026-02-12", "request": 1,
                          "instalment": 1, "final": True, "prepared_by": CLERK,
                          "redactions": 0, "withheld": 0, "note": ""}
    assert disclosure(case, "2026-02-20T00:00:00-08:00")["status"] is Status.MET
    assert case.released_records == frozenset({PublicRecord.COMPLAINT,
                                               PublicRecord.SUFFICIENCY_DETERMINATION})
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 2, 12) and x.instalments[0].approved_by == ATTY
    assert x.email == "reporter@ledger.test"
    # every request answered: another instalment is refused
    refused(case, c.PrepareInstalment((PublicRecord.WRITTEN_REPORT,)),
            "2026-02-20T10:00:00-08:00", "no open disclosure request")


def test_the_first_answer_acknowledges_with_an_estimate_and_meets_the_five_days() -> None:
    """RCW 42.56.520(1)(c): an acknowledgement with a reasonable estimate answers in time;
    the estimate is then the clock, met by the final answer."""
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE), "2026-02-10T10:00:00-08:00",
            "reasonable estimate")
    do(case, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE, estimate=date(2026, 3, 2),
                                text="the report is under review"),
       "2026-02-10T10:00:00-08:00", ATTY)
    assert disclosure(case, "2026-02-20T00:00:00-08:00")["status"] is Status.MET
    est = estimate(case, "2026-02-20T00:00:00-08:00")
    assert est["due"] == "2026-03-02T23:59:59-08:00" and est["status"] is Status.OPEN
    assert estimate(case, "2026-03-03T00:00:00-08:00")["status"] is Status.MISSED
    released(case, (PublicRecord.COMPLAINT,), "2026-02-27T10:00:00-08:00")
    assert estimate(case, "2026-03-03T00:00:00-08:00")["status"] is Status.MET


def test_waiting_on_the_requester_is_not_overdue_and_moves_the_estimate() -> None:
    """RCW 42.56.520(3): while the city waits on a clarification the estimate is tolled,
    not missed; the days waited are added to it."""
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.CLARIFY, estimate=date(2026, 3, 2)),
            "2026-02-10T10:00:00-08:00", "Say what the requester should clarify")
    refused(case, c.RecordClarification(), "2026-02-10T10:00:00-08:00", "not waiting")
    do(case, c.AnswerDisclosure(AnswerKind.CLARIFY, estimate=date(2026, 3, 2),
                                text="which of the 2026 complaints?"),
       "2026-02-10T10:00:00-08:00", ATTY)
    long_after = estimate(case, "2026-04-01T00:00:00-08:00")
    assert long_after["status"] is Status.TOLLED and long_after["due"] is None
    assert "waiting on the requester's clarification since Tue Feb 10, 2026" in str(
        long_after["basis"])
    assert case.disclosure_requests[0].state_words == (
        "estimate Mon Mar 2, 2026; waiting on the requester since Tue Feb 10, 2026")
    do(case, c.RecordClarification(on=date(2026, 2, 20), text="the Parks one"),
       "2026-02-20T10:00:00-08:00")  # ten days waited
    est = estimate(case, "2026-02-21T00:00:00-08:00")
    assert est["due"] == "2026-03-12T23:59:59-07:00" and est["status"] is Status.OPEN


def test_a_denial_cites_the_exemption_and_explains_it_and_closes_the_request() -> None:
    case = new_case()  # open: a statute withholds its records (§6 is no exemption, below)
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12)),
       "2026-01-12T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="the ordinance"),
            "2026-01-13T10:00:00-08:00", "cite the exemption as the law reads")
    refused(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="RCW 42.56.240(1)"),
            "2026-01-13T10:00:00-08:00", "explain briefly how RCW 42.56.240(1) applies")
    do(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="RCW 42.56.240(1)",
                                explanation="the review is under way (§6)"),
       "2026-01-13T10:00:00-08:00", ATTY)
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 1, 13) and x.responded == date(2026, 1, 13)
    assert [e.words for e in x.denied] == ["RCW 42.56.240(1): the review is under way (§6)"]


def test_instalments_with_a_redaction_and_a_withheld_record_then_the_closing_letter() -> None:
    """RCW 42.56.080(2), .210(3): the records go in instalments, each redaction and each
    withheld record with its exemption; the closing letter is the final disposition."""
    case = closed()
    phone = "555-0142"
    case.filing = replace(case.filing, facts=f"He called me at {phone} from his office.")
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    cut = Redaction("complaint", "RCW 42.56.250(4)", "an employee's personal phone", phone)
    refused(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), redactions=(
        replace(cut, text="not in it"),)), "2026-02-10T10:00:00-08:00", "is not in the complaint")
    refused(case, c.PrepareInstalment((), redactions=(cut,)), "2026-02-10T10:00:00-08:00",
            "Name the records")
    released(case, (PublicRecord.COMPLAINT,), "2026-02-10T10:00:00-08:00", final=False,
             redactions=(cut,))
    x = case.disclosure_requests[0]
    assert x.open and x.responded == date(2026, 2, 10)
    assert [(r.record, r.text, r.exemption.code) for r in x.redacted] == [
        (PublicRecord.COMPLAINT, phone, "RCW 42.56.250(4)")]
    held = Withholding("report", "RCW 5.60.060(2)(a)", "the city attorney's advice to the board")
    refused(case, c.PrepareInstalment((PublicRecord.WRITTEN_REPORT,), withheld=(held,)),
            "2026-02-17T10:00:00-08:00", "both released and withheld")
    released(case, (PublicRecord.SUFFICIENCY_DETERMINATION,), "2026-02-17T10:00:00-08:00",
             final=False, withheld=(held,))
    x = case.disclosure_requests[0]
    assert [(h.record, h.exemption.code) for h in x.withheld] == [
        (PublicRecord.WRITTEN_REPORT, "RCW 5.60.060(2)(a)")]
    do(case, c.AnswerDisclosure(AnswerKind.CLOSE, text="all records produced or withheld"),
       "2026-02-18T10:00:00-08:00", ATTY)
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 2, 18) and not x.open
    assert [letter.kind for letter in x.letters] == ["instalment", "instalment", "close"]


def test_a_third_party_is_told_and_the_records_wait_for_the_day_named() -> None:
    """RCW 42.56.540: the records concerning a person are released no earlier than the day
    their notice named, unless a court enjoins it; the refusal is paired with the release
    accepted on that day."""
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    refused(case, c.NotifyThirdParty("Dana Whitfield", "dana@mail.test",
                                     (PublicRecord.COMPLAINT,), date(2026, 2, 10)),
            "2026-02-10T10:00:00-08:00", "release day after today")
    do(case, c.NotifyThirdParty("Dana Whitfield", "dana@mail.test", (PublicRecord.COMPLAINT,),
                                date(2026, 2, 20)), "2026-02-10T10:00:00-08:00", ATTY)
    do(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True),
       "2026-02-11T10:00:00-08:00", RECORDS_OFFICER)
    refused(case, c.ReleaseRecords(), "2026-02-19T10:00:00-08:00", "unless a court enjoins it")
    do(case, c.ReleaseRecords(), "2026-02-20T09:00:00-08:00", ATTY)
    assert case.released_records == frozenset({PublicRecord.COMPLAINT})


def test_a_late_answer_stays_in_view_once_a_later_request_is_answered_on_time() -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    do(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="RCW 42.56.290",
                                explanation="the city is a party to the suit"),
       "2026-02-20T10:00:00-08:00", ATTY)  # due Mon Feb 16 (Presidents' Day) -> late
    do(case, c.RecordDisclosureRequest("B. Writer", on=date(2026, 2, 23)),
       "2026-02-23T10:00:00-08:00", ATTY)
    released(case, (PublicRecord.COMPLAINT,), "2026-02-24T10:00:00-08:00")
    d = disclosure(case, "2026-03-10T00:00:00-08:00")
    assert d["status"] is Status.LATE and "request 1 of 2" in str(d["basis"])


def test_each_request_has_its_own_clock_and_status() -> None:
    """RCW 42.56.520, as the surfaces show it: request #1 answered late, #2 still open
    while #3 was missed; each numbered as Slack's `#N` names it."""
    case = closed()
    for who, day in (("A. Reporter", 9), ("B. Writer", 23), ("C. Clerk", 24)):
        do(case, c.RecordDisclosureRequest(who, on=date(2026, 2, day)),
           f"2026-02-{day:02}T10:00:00-08:00", ATTY)
    do(case, c.AnswerDisclosure(AnswerKind.DENY, exemption="RCW 42.56.290",
                                explanation="the city is a party to the suit", request=1),
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


# -- issue 38: a request closes only once each record asked for is answered (RCW 42.56) ----

ALL = tuple(PublicRecord)
OPINION = Withholding("report", "RCW 5.60.060(2)(a)", "the city attorney's advice to the board")
SECTION_6 = Readings(ordinance_exemption=OrdinanceExemption.SECTION_6)


def asked_for_all(case: Case) -> None:
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9), records=ALL),
       "2026-02-09T10:00:00-08:00", ATTY)


def test_the_closing_letter_waits_until_each_record_asked_for_is_produced_or_withheld(
        ) -> None:
    """RCW 42.56.520, .210(3): a request for three records released one of them is not
    closed; once the other two are produced or withheld with their exemption, it is."""
    case = closed()
    asked_for_all(case)
    released(case, (PublicRecord.COMPLAINT,), "2026-02-10T10:00:00-08:00", final=False)
    message = refused(case, c.AnswerDisclosure(AnswerKind.CLOSE),
                      "2026-02-11T10:00:00-08:00", "neither produced nor withheld")
    assert "the sufficiency determination and the written report" in message
    assert case.disclosure_requests[0].open
    released(case, (PublicRecord.SUFFICIENCY_DETERMINATION,), "2026-02-12T10:00:00-08:00",
             final=False, withheld=(OPINION,))
    do(case, c.AnswerDisclosure(AnswerKind.CLOSE), "2026-02-12T11:00:00-08:00", ATTY)
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 2, 12)
    assert x.released == (PublicRecord.COMPLAINT, PublicRecord.SUFFICIENCY_DETERMINATION)
    assert [h.record for h in x.withheld] == [PublicRecord.WRITTEN_REPORT]


def test_a_final_instalment_releasing_one_of_three_records_is_refused() -> None:
    """The last instalment closes the request: it must leave no record asked for neither
    produced nor withheld; the same instalment, the others added or withheld, is accepted."""
    case = closed()
    asked_for_all(case)
    message = refused(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True),
                      "2026-02-10T10:00:00-08:00", "the last instalment closes it")
    assert "the sufficiency determination and the written report too" in message
    refused(case, c.PrepareInstalment((PublicRecord.COMPLAINT,
                                       PublicRecord.SUFFICIENCY_DETERMINATION), final=True),
            "2026-02-10T10:00:00-08:00", "asked for the written report too")
    released(case, (PublicRecord.COMPLAINT, PublicRecord.SUFFICIENCY_DETERMINATION),
             "2026-02-10T10:00:00-08:00", withheld=(OPINION,))
    x = case.disclosure_requests[0]
    assert x.answered == date(2026, 2, 10) and not x.open
    # not the last: one record at a time is accepted, and the request stays open
    case = closed()
    asked_for_all(case)
    released(case, (PublicRecord.COMPLAINT,), "2026-02-10T10:00:00-08:00", final=False)
    assert case.disclosure_requests[0].open


def test_a_request_naming_no_record_closes_only_once_something_was_produced_or_withheld(
        ) -> None:
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9),
                                       what="everything about the Parks complaint"),
       "2026-02-09T10:00:00-08:00", ATTY)
    do(case, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE, estimate=date(2026, 3, 2)),
       "2026-02-10T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.CLOSE), "2026-02-11T10:00:00-08:00",
            "Nothing has been produced or withheld on request 1")
    released(case, (PublicRecord.WRITTEN_REPORT,), "2026-02-12T10:00:00-08:00", final=False)
    do(case, c.AnswerDisclosure(AnswerKind.CLOSE), "2026-02-12T11:00:00-08:00", ATTY)
    assert not case.disclosure_requests[0].open


def test_a_record_the_case_does_not_have_is_answered_as_none_and_holds_nothing_open() -> None:
    """A request for the report of a case that has none is closed when what exists is
    answered, and the log says there is no such record."""
    case = new_case()  # no report yet: only the complaint exists
    assert existing(case) == frozenset({PublicRecord.COMPLAINT})
    x = Disclosure("A. Reporter", date(2026, 1, 12), ALL)
    assert outstanding(x, existing(case)) == (PublicRecord.COMPLAINT,)
    assert absent(x, existing(case)) == (PublicRecord.SUFFICIENCY_DETERMINATION,
                                         PublicRecord.WRITTEN_REPORT)
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12),
                                       records=(PublicRecord.COMPLAINT,
                                                PublicRecord.WRITTEN_REPORT)),
       "2026-01-12T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.CLOSE), "2026-01-13T10:00:00-08:00",
            "Nothing has been answered on this request yet")
    refused(case, c.PrepareInstalment((PublicRecord.WRITTEN_REPORT,)),
            "2026-01-13T10:00:00-08:00", "has no written report to release")
    released(case, (PublicRecord.COMPLAINT,), "2026-01-13T10:00:00-08:00")
    x = case.disclosure_requests[0]
    assert not x.open and x.no_such_record == (PublicRecord.WRITTEN_REPORT,)


def test_the_third_partys_notified_day_holds_for_a_second_request_for_the_same_record(
        ) -> None:
    """RCW 42.56.540: the day Dana was told holds for the complaint, whichever request
    asks for it: a second request's instalment waits for it too, and goes on that day."""
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9)),
       "2026-02-09T10:00:00-08:00", ATTY)
    do(case, c.NotifyThirdParty("Dana Whitfield", "dana@mail.test", (PublicRecord.COMPLAINT,),
                                date(2026, 2, 20)), "2026-02-10T10:00:00-08:00", ATTY)
    do(case, c.RecordDisclosureRequest("B. Writer", on=date(2026, 2, 11),
                                       records=(PublicRecord.COMPLAINT,)),
       "2026-02-11T10:00:00-08:00", ATTY)
    do(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True, request=2),
       "2026-02-11T11:00:00-08:00", RECORDS_OFFICER)
    message = refused(case, c.ReleaseRecords(request=2), "2026-02-12T10:00:00-08:00",
                      "unless a court enjoins it")
    assert "(on request 1)" in message and "Fri Feb 20, 2026" in message
    assert case.released_records == frozenset()
    do(case, c.ReleaseRecords(request=2), "2026-02-20T09:00:00-08:00", ATTY)
    assert case.released_records == frozenset({PublicRecord.COMPLAINT})


def test_an_answer_is_never_dated_before_what_it_answers() -> None:
    """An answer, a release or the closing letter dated before the request arrived, the
    instalment was prepared or the last instalment went is refused; on that day, accepted."""
    case = closed()
    do(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9),
                                       records=(PublicRecord.COMPLAINT,)),
       "2026-02-11T10:00:00-08:00", ATTY)  # typed in two days after it came
    refused(case, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE, estimate=date(2026, 3, 2),
                                     on=date(2026, 2, 6)),
            "2026-02-11T11:00:00-08:00", "before it arrived")
    do(case, c.AnswerDisclosure(AnswerKind.ACKNOWLEDGE, estimate=date(2026, 3, 2),
                                on=date(2026, 2, 9)), "2026-02-11T11:00:00-08:00", ATTY)
    do(case, c.PrepareInstalment((PublicRecord.COMPLAINT,)), "2026-02-12T10:00:00-08:00")
    refused_read(case, c.ReleaseRecords(on=date(2026, 2, 11)), "2026-02-13T10:00:00-08:00",
                 Readings(), "its release cannot be dated Wed Feb 11, 2026, before it")
    do(case, c.ReleaseRecords(on=date(2026, 2, 12)), "2026-02-13T10:00:00-08:00", ATTY)
    refused(case, c.AnswerDisclosure(AnswerKind.CLOSE, on=date(2026, 2, 10)),
            "2026-02-13T11:00:00-08:00", "the closing letter cannot be dated")
    do(case, c.AnswerDisclosure(AnswerKind.CLOSE, on=date(2026, 2, 12)),
       "2026-02-13T11:00:00-08:00", ATTY)
    assert case.disclosure_requests[0].answered == date(2026, 2, 12)


def read(case: Case, cmd: Command, when: str, readings: Readings, actor: str = ATTY) -> None:
    handle(case, cmd, at=at(when), actor=actor, calendar=CALENDAR, readings=readings)


def refused_read(case: Case, cmd: Command, when: str, readings: Readings, phrase: str) -> None:
    before = list(case.history)
    with pytest.raises(ProcedureError, match=phrase) as err:
        read(case, cmd, when, readings)
    assert str(err.value).endswith(".") and case.history == before


def test_section_6_is_no_exemption_by_default_only_a_statute_exempts() -> None:
    """RCW 42.56.070(1): a record is withheld only under a statute; the ordinance is none
    (the reading `ordinance_exemption`, default `statute_only`). A denial citing §6 is
    refused by default and accepted where the city reads §6 as an exemption."""
    deny = c.AnswerDisclosure(AnswerKind.DENY, exemption="§6",
                              explanation="the review of the complaint is under way")
    case = new_case()
    read(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12)),
         "2026-01-12T10:00:00-08:00", Readings())
    refused_read(case, deny, "2026-01-13T10:00:00-08:00", Readings(), "§6 of the ordinance "
                 "is no exemption under the city's reading")
    read(case, deny, "2026-01-13T10:00:00-08:00", SECTION_6)
    x = case.disclosure_requests[0]
    assert [e.code for e in x.denied] == ["§6"] and not x.open


def test_before_closure_a_record_is_produced_unless_the_city_reads_section_6_as_exempting_it(
        ) -> None:
    """By default a record asked for during the review is produced (or withheld under a
    statute); where the city reads §6 as an exemption the same instalment is refused until
    the case closes, then accepted. Either way the public page waits for closure."""
    for readings in (Readings(), SECTION_6):
        case = new_case()
        read(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12),
                                             records=(PublicRecord.COMPLAINT,)),
             "2026-01-12T10:00:00-08:00", readings)
        prepare = c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True)
        if readings is SECTION_6:
            refused_read(case, prepare, "2026-01-13T10:00:00-08:00", readings,
                         "confidential until the review is complete")
            continue
        read(case, prepare, "2026-01-13T10:00:00-08:00", readings, CLERK)
        read(case, c.ReleaseRecords(), "2026-01-13T11:00:00-08:00", readings)
        assert case.released_records == frozenset({PublicRecord.COMPLAINT})
        assert case.released(readings) == frozenset()  # shown to the public at closure
    case = closed()
    read(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 2, 9),
                                         records=(PublicRecord.COMPLAINT,)),
         "2026-02-09T10:00:00-08:00", SECTION_6)
    read(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True),
         "2026-02-10T10:00:00-08:00", SECTION_6, CLERK)
    read(case, c.ReleaseRecords(), "2026-02-10T11:00:00-08:00", SECTION_6)
    assert case.released(SECTION_6) == frozenset({PublicRecord.COMPLAINT})


def test_a_void_cases_complaint_is_releasable_on_either_reading() -> None:
    """A void case was never under review: §6's wait for completion does not hold its
    complaint back, whichever way the city reads §6."""
    for readings in (Readings(), SECTION_6):
        case = new_case()
        do(case, c.VoidCase("a duplicate of 2025-014", "mayor@city.test"),
           "2026-01-06T10:00:00-08:00")
        read(case, c.RecordDisclosureRequest("A. Reporter", on=date(2026, 1, 12),
                                             records=(PublicRecord.COMPLAINT,)),
             "2026-01-12T10:00:00-08:00", readings)
        read(case, c.PrepareInstalment((PublicRecord.COMPLAINT,), final=True),
             "2026-01-13T10:00:00-08:00", readings, CLERK)
        read(case, c.ReleaseRecords(), "2026-01-13T11:00:00-08:00", readings)
        assert case.released_records == frozenset({PublicRecord.COMPLAINT})
        assert not case.disclosure_requests[0].open
