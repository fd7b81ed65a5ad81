"""A public records letter to a requester who is the case's complainant is in the
complaint's language (issue 40), where the city answers as written: the acknowledgement,
each instalment (its records attached), the closing letter and a denial, their days, the
records' names and the exemptions' lines written from the language's table; what the
attorney typed (an exemption's code and explanation) stays as typed. A requester who is
not the complainant (a reporter) has their letters in English, whatever the complaint's
language, and so does the complainant where the city answers in English."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import pytest

from cases import commands as c
from cases.case import Case
from cases.disclosure import AnswerKind, Redaction, Withholding
from cases.history import EventKind
from cases.languages import FRENCH, SPANISH, ComplainantLanguage
from cases.notices import (
    NoticeType,
    OwedNotice,
    notice_language,
    notices_owed,
    owing_event_index,
)
from cases.procedure import handle
from cases.public_records import PublicRecord
from notices.render import render
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, at
from tests.unit.mail.test_complainant_spanish import COMPLAINANT, ENGLISH_WORDS, sent, walked
from tests.unit.mail.test_render import PHONE, ctx, parsed

T = NoticeType
ATTORNEY, CLERK = "attorney@city.test", "clerk@city.test"
CUT = Redaction("complaint", "RCW 42.56.250(4)", "a personal phone number", PHONE)
HELD = Withholding("report", "RCW 5.60.060(2)(a)", "the city attorney's advice")
DENIED = ("RCW 42.56.240(2)", "it would endanger a witness")
TYPED = (CUT.explanation, HELD.explanation, DENIED[1])


def complainant_asks(language: str) -> tuple[Case, list[OwedNotice]]:
    """The case taken through every step (a reporter's request answered), its complaint in
    `language`; then the complainant asks for the complaint and the finding (two
    instalments, the first redacted, the second withholding the report, then the closing letter) and
    again for the report, which is denied."""
    case, _ = walked(language)
    owed: list[OwedNotice] = []
    for when, cmd, actor in (
            ("2026-03-10T09:00:00-07:00", c.RecordDisclosureRequest(
                "Ada Citizen", records=(PublicRecord.COMPLAINT,
                                        PublicRecord.SUFFICIENCY_DETERMINATION),
                email=COMPLAINANT), ATTORNEY),
            ("2026-03-10T10:00:00-07:00", c.AnswerDisclosure(
                AnswerKind.ACKNOWLEDGE, estimate=date(2026, 3, 27)), ATTORNEY),
            ("2026-03-16T09:00:00-07:00", c.PrepareInstalment(
                (PublicRecord.COMPLAINT,), redactions=(CUT,)), CLERK),
            ("2026-03-16T10:00:00-07:00", c.ReleaseRecords(), ATTORNEY),
            ("2026-03-17T09:00:00-07:00", c.PrepareInstalment(
                (PublicRecord.SUFFICIENCY_DETERMINATION,), withheld=(HELD,)), CLERK),
            ("2026-03-17T10:00:00-07:00", c.ReleaseRecords(), ATTORNEY),
            ("2026-03-18T10:00:00-07:00", c.AnswerDisclosure(AnswerKind.CLOSE), ATTORNEY),
            ("2026-03-19T09:00:00-07:00", c.RecordDisclosureRequest(
                "Ada Citizen", records=(PublicRecord.WRITTEN_REPORT,), email=COMPLAINANT),
             ATTORNEY),
            ("2026-03-19T10:00:00-07:00", c.AnswerDisclosure(
                AnswerKind.DENY, exemption=DENIED[0], explanation=DENIED[1]), ATTORNEY)):
        event = handle(case, cmd, at=at(when), actor=actor, calendar=CALENDAR)
        owed += notices_owed(case, event, DIRECTORY)
    return case, [n for n in owed if n.type is T.DISCLOSURE_LETTER]


def letters_to(case: Case, owed: list[OwedNotice], email: str,
               choice: ComplainantLanguage = ComplainantLanguage.AS_WRITTEN,
               ) -> list[tuple[str, str, str]]:
    mine = [n for n in owed if n.recipient.email == email]
    return [sent(case, n, choice) for n in mine]


WORDS = {
    SPANISH: ("Su solicitud de registros públicos", [
        "Asunto: su solicitud de registros públicos del martes 10 de marzo de 2026 («la "
        "queja, la determinación sobre la suficiencia»), solicitud 2 de la ciudad",
        "Prevemos responderla a más tardar el viernes 27 de marzo de 2026",
        "Se adjunta la entrega 1 de los registros que usted solicitó (RCW 42.56.080(2)): "
        "la queja.",
        "- La queja: texto suprimido conforme a RCW 42.56.250(4): a personal phone number",
        "- El informe escrito: retenido conforme a RCW 5.60.060(2)(a): the city attorney's "
        "advice",
        "la cierra con fecha miércoles 18 de marzo de 2026",
        "La ciudad deniega su solicitud (RCW 42.56.520(1)(e)). Los registros están exentos "
        "de divulgación conforme a RCW 42.56.240(2): it would endanger a witness"]),
    FRENCH: ("Votre demande d'accès aux documents publics", [
        "Objet\u00a0: votre demande d'accès aux documents publics du mardi 10 mars 2026 "
        "(«\u00a0la plainte, la décision sur la suffisance de la plainte\u00a0»), demande "
        "n° 2 de la Ville",
        "Nous prévoyons d'y répondre au plus tard le vendredi 27 mars 2026",
        "Vous trouverez ci-joint la livraison n° 1 des documents que vous avez demandés "
        "(RCW 42.56.080(2))\u00a0: la plainte.",
        "- La plainte\u00a0: passage caviardé en vertu de RCW 42.56.250(4)\u00a0: a "
        "personal phone number",
        "- Le rapport écrit\u00a0: document non communiqué en vertu de RCW 5.60.060(2)(a)"
        "\u00a0: the city attorney's advice",
        "la clôt en date du mercredi 18 mars 2026",
        "La Ville rejette votre demande (RCW 42.56.520(1)(e)). Les documents sont soustraits "
        "à la communication en vertu de RCW 42.56.240(2)\u00a0: it would endanger a witness"]),
}


@pytest.mark.parametrize("language", [SPANISH, FRENCH])
def test_the_complainants_records_letters_are_in_the_complaints_language(
        language: str) -> None:
    case, owed = complainant_asks(language)
    letters = letters_to(case, owed, COMPLAINANT)
    assert len(letters) == 5  # acknowledged, two instalments, closed, denied
    subject, says = WORDS[language]
    text = "\n".join(t for _, t, _ in letters)
    for s, t, html in letters:
        assert s == f"[ETH-2026-0001] {subject}"
        assert f'<html lang="{language}">' in html
        spoken = t
        for typed in TYPED:
            spoken = spoken.replace(typed, "")
        assert not ENGLISH_WORDS.search(spoken), ENGLISH_WORDS.search(spoken)
        assert not re.search(r"\b\d{4}-\d\d-\d\d\b", t)
        assert PHONE not in t and PHONE not in html
    for line in says:
        assert line in text, line
    # the first instalment still carries its released records
    first = next(n for n in owed if n.recipient.email == COMPLAINANT and case.history[
        owing_event_index(n.generation)].kind is EventKind.RECORDS_RELEASED)
    msg = parsed(render(replace(ctx(case, first.type, first.recipient,
                                    generation=first.generation), language=language)))
    assert [p.get_filename() for p in msg.iter_attachments()] == [
        "ETH-2026-0001-request-2-instalment-1.pdf"]


@pytest.mark.parametrize("language", [SPANISH, FRENCH])
def test_a_requester_who_is_not_the_complainant_is_answered_in_english(
        language: str) -> None:
    case, _ = complainant_asks(language)
    _, walk = walked(language)  # the reporter's request, answered during the walk
    theirs = [n for n in walk if n.type is T.DISCLOSURE_LETTER]
    assert {n.recipient.email for n in theirs} == {"reporter@ledger.test"}
    for n in theirs:
        assert notice_language(case, n.type, n.recipient,
                               ComplainantLanguage.AS_WRITTEN) == "en"
        s, t, html = sent(case, n)
        assert s == "[ETH-2026-0001] Your public records request"
        assert "Re: your public records request of Mon Feb 23, 2026" in t
        assert '<html lang="en">' in html


def test_the_complainant_is_answered_in_english_where_the_city_answers_in_english() -> None:
    case, owed = complainant_asks(SPANISH)
    letters = letters_to(case, owed, COMPLAINANT, ComplainantLanguage.ENGLISH)
    assert len(letters) == 5
    assert all(s == "[ETH-2026-0001] Your public records request" for s, _, _ in letters)
    text = "\n".join(t for _, t, _ in letters)
    assert "We expect to answer it by Fri Mar 27, 2026" in text
    assert "The complaint: text redacted under RCW 42.56.250(4)" in text
