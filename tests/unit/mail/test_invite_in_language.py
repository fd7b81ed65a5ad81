"""The calendar invitation's own text is in the complainant's language (issue 40): the
.ics attached to a Spanish or French complainant's meeting invitation parses, its SUMMARY
and DESCRIPTION written from the same table as the message around it (marked LANGUAGE),
its UID, SEQUENCE, DTSTAMP, times and place the English copy's, so that one calendar entry
is updated whatever language it came in; the officials' and the board's copies stay
English."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from email.message import EmailMessage

import pytest
from icalendar import Calendar, Event

from cases import commands as c
from cases.case import Case
from cases.languages import ENGLISH, FRENCH, SPANISH
from cases.notices import NoticeType, OwedNotice
from notices.render import render
from tests.unit.cases.test_notices import new_case, step
from tests.unit.mail.test_complainant_spanish import COMPLAINANT, ENGLISH_WORDS, walked
from tests.unit.mail.test_render import ctx, parsed

T = NoticeType
# what the English invitation's DESCRIPTION says that a translated one must not
ENGLISH_ICS = re.compile(r"\b(Hearing|Deliberation|Final action|open session|TENTATIVE|"
                         r"CANCELLED|present information|PM|AM)\b")
SAYS = {SPANISH: ("ETH-2026-0001: Reunión ", "Sesión: ", "del caso ETH-2026-0001"),
        FRENCH: ("ETH-2026-0001\u00a0: Séance ", "Modalités\u00a0: ",
                 "du dossier ETH-2026-0001")}


def ics_of(msg: EmailMessage) -> tuple[Calendar, Event]:
    """The invite.ics file as the recipient's calendar reads it, and its one event; the
    text/calendar alternative is the same calendar."""
    (part,) = [p for p in msg.iter_attachments() if p.get_filename() == "invite.ics"]
    raw = part.get_payload(decode=True)
    assert isinstance(raw, bytes)
    alt = next(p for p in next(msg.iter_parts()).iter_parts()
               if p.get_content_type() == "text/calendar")
    assert alt.get_content().replace("\r\n", "\n") == raw.decode().replace("\r\n", "\n")
    cal = Calendar.from_ical(raw)
    (event,) = cal.events
    return cal, event


def sent(case: Case, n: OwedNotice, language: str) -> EmailMessage:
    return parsed(render(replace(ctx(case, n.type, n.recipient, generation=n.generation,
                                     slot=n.slot), language=language)))


def invites(owed: list[OwedNotice], to_complainant: bool) -> list[OwedNotice]:
    return [n for n in owed if n.type is T.INVITE_MEETING
            and (n.recipient.email == COMPLAINANT) == to_complainant]


@pytest.mark.parametrize("language", [SPANISH, FRENCH])
def test_the_complainants_invite_is_in_their_language_and_the_same_entry(
        language: str) -> None:
    case, owed = walked(language)
    mine = invites(owed, True)
    assert len(mine) >= 3  # the hearing called, stayed, confirmed; the council's meeting
    summary, session, case_words = SAYS[language]
    for n in mine:
        cal, event = ics_of(sent(case, n, language))
        english_cal, english = ics_of(sent(case, n, ENGLISH))
        assert str(event["SUMMARY"]).startswith(summary), event["SUMMARY"]
        description = str(event["DESCRIPTION"])
        assert session in description and case_words in description
        assert not ENGLISH_ICS.search(description), ENGLISH_ICS.search(description)
        assert not ENGLISH_WORDS.search(description.replace(str(event["LOCATION"]), ""))
        assert not re.search(r"\b\d{4}-\d\d-\d\d\b", description)
        assert event["SUMMARY"].params["LANGUAGE"] == language
        assert event["DESCRIPTION"].params["LANGUAGE"] == language
        for prop in ("UID", "SEQUENCE", "DTSTAMP", "DTSTART", "DTEND", "LOCATION",
                     "STATUS", "ORGANIZER", "ATTENDEE"):
            assert event[prop].to_ical() == english[prop].to_ical(), prop
        assert str(cal["METHOD"]) == str(english_cal["METHOD"])
        assert str(english["SUMMARY"]) != str(event["SUMMARY"])
        assert "LANGUAGE" not in english["SUMMARY"].params


@pytest.mark.parametrize("language", [SPANISH, FRENCH])
def test_the_officials_and_the_boards_invites_stay_english(language: str) -> None:
    case, owed = walked(language)
    theirs = invites(owed, False)
    assert {n.recipient.email for n in theirs} >= {"gpruitt@city.test"}
    for n in theirs:
        _, event = ics_of(sent(case, n, ENGLISH))
        assert str(event["SUMMARY"]).startswith("ETH-2026-0001: ")
        assert "Final action in open session" in str(event["DESCRIPTION"])
        assert "LANGUAGE" not in event["DESCRIPTION"].params


def stayed_case(language: str, *, decided: bool = True) -> tuple[Case, list[OwedNotice]]:
    """The board's hearing called for Tue Jan 13, the board applies for a continuance on
    Mon Jan 12 (the hearing stayed: tentative), and the council decides it on Wed Jan 14,
    after the hearing's day: the hearing is cancelled (§7)."""
    case = new_case()
    case.filing = replace(case.filing, language=language)
    owed = step(case, c.ScheduleBoardMeeting(
        datetime.fromisoformat("2026-01-13T18:00:00-08:00"), "Room 2"),
        "2026-01-07T09:00:00-08:00")
    owed += step(case, c.ApplyForContinuance(reason="counsel ill"), "2026-01-12T10:00:00-08:00")
    if decided:
        owed += step(case, c.DecideContinuance(granted_days=3), "2026-01-14T19:00:00-08:00")
    return case, owed


@pytest.mark.parametrize(("language", "tentative", "cancelled"), [
    (SPANISH, "PROVISIONAL: los procedimientos están en pausa (§7): la Junta de Ética "
              "solicitó una prórroga el lunes 12 de enero de 2026",
     "CANCELADA: los procedimientos quedaron en pausa (§7) hasta que el concejo decidió "
     "sobre la prórroga el miércoles 14 de enero de 2026."),
    (FRENCH, "PROVISOIRE\u00a0: la procédure est suspendue (§7), la Commission d'éthique "
             "ayant demandé une prorogation le lundi 12 janvier 2026",
     "ANNULÉE\u00a0: la procédure a été suspendue (§7) jusqu'à la décision du conseil sur "
     "la prorogation, le mercredi 14 janvier 2026.")])
def test_a_stayed_then_cancelled_hearing_says_so_in_the_complainants_language(
        language: str, tentative: str, cancelled: str) -> None:
    stayed_now, _ = stayed_case(language, decided=False)  # before the council decided
    case, owed = stayed_case(language)
    hearing = [n for n in invites(owed, True) if n.slot == "meeting-1"]
    assert len(hearing) == 3  # called, stayed, cancelled
    _, stayed = ics_of(sent(stayed_now, hearing[1], language))
    assert str(stayed["STATUS"]) == "TENTATIVE"
    assert str(stayed["DESCRIPTION"]).startswith(tentative), stayed["DESCRIPTION"]
    cal, gone = ics_of(sent(case, hearing[2], language))
    assert str(cal["METHOD"]) == "CANCEL" and str(gone["STATUS"]) == "CANCELLED"
    assert str(gone["DESCRIPTION"]).startswith(cancelled), gone["DESCRIPTION"]
    assert gone["UID"] == stayed["UID"] and gone["SEQUENCE"] == stayed["SEQUENCE"] + 1
    _, english = ics_of(sent(case, hearing[2], ENGLISH))
    assert str(english["DESCRIPTION"]).startswith("CANCELLED: the proceedings were stayed")
