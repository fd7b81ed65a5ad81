"""The §2 notices held for the clerk's decision on the complainant's protection (issue 38;
`cases.protection_hold`): which complaints are held, by which reading, until when, which
notices wait, and the steps that end the hold."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cases import commands as c
from cases.case import Case
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.notices import NoticeType, notices_owed
from cases.procedure import handle, open_case
from cases.protection import ProtectionBasis
from cases.protection_hold import HELD, asks_confidentiality, hold_until
from cases.readings import ComplainantProtection, ProtectionHold, Readings
from notices.render import NoticeContext, render
from tests.unit.cases.riverton import CALENDAR, CLERK, DIRECTORY, at, filing

ON = Readings(complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED)
EVERY = replace(ON, protection_hold=ProtectionHold.EVERY_COMPLAINT)
RECEIVED = "2026-01-06T09:30:00-08:00"
OPENED = "2026-01-06T09:31:00-08:00"
ASKS = "I am a city employee; please keep my name confidential."


def opened(facts: str = "", readings: Readings = ON, *, received: str = RECEIVED,
           when: str = OPENED) -> Case:
    f = filing(received)
    if facts:
        f = replace(f, facts=f"{f.facts} {facts}")
    return open_case(number="ETH-2026-0001", filing=f, respondents=("gpruitt@city.test",),
                     at=at(when), actor=CLERK.email, readings=readings)


def owed_at_opening(case: Case) -> dict[NoticeType, set[object]]:
    out: dict[NoticeType, set[object]] = {}
    directory = replace(DIRECTORY, readings=ON)
    for e in case.history:
        for n in notices_owed(case, e, directory):
            out.setdefault(n.type, set()).add(n.not_before)
    return out


@pytest.mark.parametrize("text", [
    "Please keep my name confidential.", "I wish to remain anonymous.",
    "I ask that my identity be kept private.", "Do not share my name with him.",
    "I am a whistleblower under the city's policy.", "I fear retaliation from my supervisor.",
    "I request confidentiality.",
    "Solicito la confidencialidad de mi nombre.", "Quiero que mi nombre sea confidencial.",
    "Temo represalias de mi jefe.", "Deseo permanecer anónima.",
    "Je souhaite garder l'anonymat.", "Je crains des représailles.",
    "Mon nom doit rester confidentiel."])
def test_a_complaint_asking_that_its_writer_stay_unknown_is_read_as_asking(text: str) -> None:
    assert asks_confidentiality(replace(filing(), facts=f"On Dec 3 he did it. {text}"))


@pytest.mark.parametrize("text", [
    "He leaked confidential personnel records to a vendor.",
    "The official retaliated against the vendor who complained.",
    "Her name is on the contract.", "The council met in executive session."])
def test_a_complaint_about_confidential_things_asks_nothing(text: str) -> None:
    assert not asks_confidentiality(replace(filing(), facts=text))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("name keep confidential anónimo .\n")),
               max_size=30_000))
def test_a_strangers_text_is_read_in_milliseconds(text: str) -> None:
    started = time.process_time()
    asks_confidentiality(replace(filing(), facts=text, reasons=text))
    assert time.process_time() - started < 0.5


def test_held_only_where_the_city_may_withhold_and_its_reading_asks_for_it() -> None:
    """Two complaints side by side: the one asking is held by the default reading, the
    other is not; by `every_complaint` both are; with no protection allowed (the default
    `complainant_protection`) neither is, whatever they ask."""
    asking, plain = opened(ASKS), opened()
    assert [e.kind for e in asking.history] == [EventKind.COMPLAINT_RECEIVED,
                                               EventKind.NOTICES_HELD]
    assert asking.history[1].data["asked"] is True
    assert "asks for confidentiality" in asking.history[1].data["reading"]
    assert hold_until(asking.history) == at(RECEIVED) + timedelta(hours=16)
    assert len(plain.history) == 1 and hold_until(plain.history) is None
    every = opened(readings=EVERY)
    assert hold_until(every.history) == at(RECEIVED) + timedelta(hours=16)
    assert every.history[1].data["asked"] is False
    assert len(opened(ASKS, Readings()).history) == 1


def test_a_complaint_that_reached_ethicsbot_too_late_to_hold_goes_at_once() -> None:
    late = opened(ASKS, when="2026-01-07T01:30:00-08:00")  # 16 h after receipt
    assert len(late.history) == 1
    assert hold_until(opened(ASKS, when="2026-01-07T01:29:00-08:00").history) is not None


def test_the_held_notices_wait_and_the_boards_copy_and_the_clerks_notice_go_at_once() -> None:
    until = at(RECEIVED) + timedelta(hours=16)
    owed = owed_at_opening(opened(ASKS))
    for t in HELD:
        assert owed[t] == {until}, t
    for t in (NoticeType.SUBMISSION_TO_BOARD, NoticeType.ACKNOWLEDGEMENT,
              NoticeType.NOTICES_HELD):
        assert owed[t] == {None}, t
    plain = owed_at_opening(opened())
    assert NoticeType.NOTICES_HELD not in plain
    assert all(waits == {None} for waits in plain.values())


def test_the_protection_or_the_release_ends_the_hold_and_a_release_with_none_is_refused() -> None:
    """The release is refused on a case with nothing held, and accepted on the one held;
    recording the protection ends the hold too. Each says who and why."""
    plain, released, protected = opened(), opened(ASKS), opened(ASKS)
    cmd = c.ReleaseHeldNotices("The complainant agreed by phone to be named")
    with pytest.raises(ProcedureError, match="No §2 notice of ETH-2026-0001 is held"):
        handle(plain, cmd, at=at("2026-01-06T11:00:00-08:00"), actor=CLERK.email,
               calendar=CALENDAR, readings=ON)
    with pytest.raises(ProcedureError, match="Say why"):
        handle(released, c.ReleaseHeldNotices("  "), at=at("2026-01-06T11:00:00-08:00"),
               actor=CLERK.email, calendar=CALENDAR, readings=ON)
    event = handle(released, cmd, at=at("2026-01-06T11:00:00-08:00"), actor=CLERK.email,
                   calendar=CALENDAR, readings=ON)
    assert event.kind is EventKind.HELD_NOTICES_RELEASED and event.actor == CLERK.email
    assert hold_until(released.history) is None
    handle(protected, c.WithholdComplainant(ProtectionBasis.RCW_42_41, "Alleges a contract "
                                            "awarded to a relative's firm (2.94.030)."),
           at=at("2026-01-06T11:00:00-08:00"), actor=CLERK.email, calendar=CALENDAR,
           readings=ON)
    assert hold_until(protected.history) is None


def test_once_the_hold_passed_the_release_says_the_notices_went() -> None:
    case = opened(ASKS)
    with pytest.raises(ProcedureError, match="no longer held"):
        handle(case, c.ReleaseHeldNotices("late"), at=at("2026-01-07T01:30:00-08:00"),
               actor=CLERK.email, calendar=CALENDAR, readings=ON)


def test_the_official_named_during_the_hold_is_held_too() -> None:
    """A complaint intake matched to no one: the official the clerk names while the hold
    lasts is owed the notice at the hold's moment, not at once."""
    f = replace(filing(RECEIVED, respondents=("the parks guy",)), facts=f"x. {ASKS}")
    case = open_case(number="ETH-2026-0001", filing=f, respondents=(), at=at(OPENED),
                     actor=CLERK.email, readings=ON)
    event = handle(case, c.NameRespondent("gpruitt@city.test"),
                   at=at("2026-01-06T10:00:00-08:00"), actor=CLERK.email, calendar=CALENDAR,
                   readings=ON)
    owed = notices_owed(case, event, replace(DIRECTORY, readings=ON))
    assert {n.not_before for n in owed if n.type is NoticeType.COMPLAINT_TO_RESPONDENT} == {
        at(RECEIVED) + timedelta(hours=16)}


def test_the_clerks_notice_says_until_when_and_both_ways_out() -> None:
    case = opened(ASKS)
    now = at(OPENED)
    msg = render(NoticeContext(
        type=NoticeType.NOTICES_HELD, message_id="<h.1@ethicsbot.city.test>", recipient=CLERK,
        generation=100, sender=CLERK, uid_domain="ethicsbot.city.test", city="Riverton",
        calendar=CALENDAR, now=now, case=case,
        deadlines=tuple(case.deadlines(CALENDAR, now=now)), complaint=b""))
    text = " ".join(str(msg.get_body(preferencelist=("plain",)).get_content()).split())
    assert "are held until Wed Jan 7, 2026 1:30 AM PST" in text  # 16 h after receipt
    assert "/ethics withhold-complainant ETH-2026-0001" in text
    assert "/ethics release-held-notices ETH-2026-0001" in text
    assert "they go as filed at" in text
