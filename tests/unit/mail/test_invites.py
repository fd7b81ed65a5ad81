"""The council's §12 window is each official's own (issue 38, A): in a case against two
officials found to have violated, each council member gets two entries with their own
UIDs, never one UID twice at the same SEQUENCE (a calendar keeps one and drops the
other); the extension granted as to one official moves that official's entry only."""

from __future__ import annotations

from datetime import date

from cases import commands as c
from cases.notices import NoticeType, invite_sequence, invite_slots, notices_owed
from notices.invites import build_invite
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, SECTION_A, at
from tests.unit.cases.test_lifecycle import SECOND, reported_as_to_both
from tests.unit.cases.test_procedure import RESPONDENT, do, new_case, reported

T = NoticeType
DOMAIN = "ethicsbot.city.test"


def test_each_official_found_to_have_violated_has_their_own_council_window() -> None:
    case = reported_as_to_both()
    do(case, c.Refer("myu@examiners.example"), "2026-01-27T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=RESPONDENT),
       "2026-02-23T09:00:00-08:00")
    first = [n for n in notices_owed(case, case.history[-1], DIRECTORY)
             if n.type is T.INVITE_COUNCIL_DECISION]
    assert {n.slot for n in first} == {"official-1"}
    do(case, c.RecordDetermination(True, (SECTION_A,), respondent=SECOND, on=date(2026, 2, 25)),
       "2026-02-25T09:00:00-08:00")
    second = [n for n in notices_owed(case, case.history[-1], DIRECTORY)
              if n.type is T.INVITE_COUNCIL_DECISION]
    assert {n.slot for n in second} == {"official-2"}  # Pruitt's entry is not sent again
    assert invite_slots(case, T.INVITE_COUNCIL_DECISION) == ["official-1", "official-2"]
    now = at("2026-02-25T10:00:00-08:00")
    one, two = (build_invite(case, T.INVITE_COUNCIL_DECISION, CALENDAR, now=now,
                             uid_domain=DOMAIN, slot=s) for s in ("official-1", "official-2"))
    assert one.uid != two.uid and one.uid.endswith("-council-decision-1@" + DOMAIN)
    assert "official 2 of 2" in two.summary and "Bates" not in two.summary
    assert (one.start, two.start) == (date(2026, 2, 23), date(2026, 2, 25))
    assert one.end < two.end  # each official's seven days from their own determination
    # Pruitt asks and is granted more time: his entry moves (SEQUENCE 1), Bates's stays
    do(case, c.RequestCouncilExtension(days=5, respondent=RESPONDENT, via="email",
                                       evidence="letter on file"),
       "2026-02-26T09:00:00-08:00")
    do(case, c.ExtendCouncilDecision(days=5), "2026-02-26T19:00:00-08:00")
    moved = [n for n in notices_owed(case, case.history[-1], DIRECTORY)
             if n.type is T.INVITE_COUNCIL_DECISION]
    assert {n.slot for n in moved} == {"official-1"}
    assert invite_sequence(case, T.INVITE_COUNCIL_DECISION, "official-1") == 1
    assert invite_sequence(case, T.INVITE_COUNCIL_DECISION, "official-2") == 0


def test_a_case_against_one_official_keeps_its_one_council_window() -> None:
    case = new_case()
    reported(case, sufficient=True)
    do(case, c.Refer("myu@examiners.example"), "2026-02-04T11:00:00-08:00")
    do(case, c.RecordDetermination(True, (SECTION_A,)), "2026-02-23T09:00:00-08:00")
    assert invite_slots(case, T.INVITE_COUNCIL_DECISION) == [""]
    invite = build_invite(case, T.INVITE_COUNCIL_DECISION, CALENDAR,
                          now=at("2026-02-23T10:00:00-08:00"), uid_domain=DOMAIN)
    assert invite.uid == f"{case.number.lower()}-council-decision@{DOMAIN}"
