"""Issue 27, item 5: delivery evidence. A §2 notice delivered by email that bounces serves
no one: the act it counted for is undone and `notice_24h` is open again (or missed); a
notice the clerk gave another way stands."""

from __future__ import annotations

from cases import commands as c
from cases.case import Case
from cases.deadlines import Status
from cases.history import Event, EventKind
from cases.section2 import NoticeMethod, Section2Act
from tests.unit.cases.test_procedure import (
    CLERK,
    RESPONDENT,
    K,
    do,
    new_case,
    refused,
    status,
)

A = Section2Act
EMAIL = NoticeMethod.EMAIL
BOT = "ethicsbot"
SENT = "2026-01-06T10:00:00-08:00"  # received Tue Jan 6 9:45: due Wed Jan 7 9:45
BOUNCED = "2026-01-06T10:05:00-08:00"


def served(official: NoticeMethod = EMAIL) -> Case:
    """A new case with its three §2 acts recorded at SENT, each by email as EthicsBot
    records it, but the official's given the `official` way (which the clerk records)."""
    case = new_case()
    do(case, c.RecordNoticeServed(A.RESPONDENT_INFORMED, RESPONDENT, official), SENT,
       BOT if official is EMAIL else CLERK)
    do(case, c.RecordNoticeServed(A.COUNCIL_INFORMED, None, EMAIL), SENT, BOT)
    do(case, c.RecordNoticeServed(A.SUBMITTED_TO_BOARD, None, EMAIL), SENT, BOT)
    return case


def bounced(case: Case, act: Section2Act, to: str, reason: str = "550") -> Event:
    """The bounce of `act`'s email to `to`, as EthicsBot records it at BOUNCED."""
    return do(case, c.RecordNoticeBounced(act, to, reason), BOUNCED, BOT)


def test_a_bounce_of_the_officials_email_notice_opens_notice_24h_again() -> None:
    case = served()
    assert status(case, K.NOTICE_24H, "2026-01-06T11:00:00-08:00") is Status.MET
    e = bounced(case, A.RESPONDENT_INFORMED, RESPONDENT.upper(), "550 5.1.1 user unknown")
    assert e.kind is EventKind.NOTICE_BOUNCED and e.data["respondent"] == RESPONDENT
    assert e.data["reason"] == "550 5.1.1 user unknown"
    assert RESPONDENT not in case.informed and A.RESPONDENT_INFORMED not in case.notices_served
    assert status(case, K.NOTICE_24H, "2026-01-06T11:00:00-08:00") is Status.OPEN
    assert status(case, K.NOTICE_24H, "2026-01-07T10:00:00-08:00") is Status.MISSED
    # the clerk informs the official by phone in time: met again
    do(case, c.RecordNoticeServed(A.RESPONDENT_INFORMED, RESPONDENT, NoticeMethod.PHONE),
       "2026-01-06T15:00:00-08:00")
    assert status(case, K.NOTICE_24H, "2026-01-07T10:00:00-08:00") is Status.MET


def test_a_bounce_of_one_council_copy_undoes_the_councils_act() -> None:
    case = served()
    bounced(case, A.COUNCIL_INFORMED, "abrandt@city.test", "mailbox full")
    assert A.COUNCIL_INFORMED not in case.notices_served
    assert A.SUBMITTED_TO_BOARD in case.notices_served  # the board's act stands
    assert status(case, K.NOTICE_24H, "2026-01-06T11:00:00-08:00") is Status.OPEN


def test_a_notice_given_another_way_stands_after_a_bounce() -> None:
    """The refusal's pair: the bounce undoes only what email did."""
    case = served(official=NoticeMethod.HAND)
    bounced(case, A.RESPONDENT_INFORMED, RESPONDENT)
    assert RESPONDENT in case.informed
    assert status(case, K.NOTICE_24H, "2026-01-07T10:00:00-08:00") is Status.MET


def test_a_bounce_replays_the_same_from_the_history() -> None:
    case = served()
    bounced(case, A.SUBMITTED_TO_BOARD, "hpark@city.test")
    again = Case.replay(case.number, case.history)
    assert A.SUBMITTED_TO_BOARD not in again.notices_served
    assert again.notices_served == case.notices_served and again.informed == case.informed


def test_a_bounce_to_someone_not_complained_against_is_refused() -> None:
    case = served()
    refused(case, c.RecordNoticeBounced(A.RESPONDENT_INFORMED, "nobody@city.test", "550"),
            BOUNCED, "is not complained against")
    refused(case, c.RecordNoticeBounced(A.COUNCIL_INFORMED, " ", "550"), BOUNCED,
            "Say to whom")
