"""Every notice the city sends the complainant is in the complaint's language (issue 40,
item 6): a case taken through every step, its complaint written in Spanish, sends each of
the complainant's notices in Spanish (formal "usted", the ordinance's sections, dates as
Spanish writes them), the officials', the board's and the council's copies in English, and
all of them in English for an English complaint or a city that answers in English."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from cases import commands as c
from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.languages import ENGLISH, LANGUAGES, SPANISH, ComplainantLanguage
from cases.meetings import Business
from cases.notices import NoticeType, OwedNotice, notice_language
from cases.readings import AmendedSection, ExaminerNotice, describe
from notices import spanish
from notices.render import render
from notices.written_in import WRITTEN
from tests.unit.cases.riverton import CALENDAR
from tests.unit.cases.test_notices import new_case, report_delivered, step
from tests.unit.mail.test_render import body, ctx, lifecycle, parsed

T = NoticeType
COMPLAINANT = "ada@example.org"
TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "notices"
# what a case taken through every step sends the complainant (besides the acknowledgement)
LATER = {T.BOARD_MEETING_SCHEDULED, T.INVITE_MEETING, T.CONTINUANCE_APPLIED,
         T.CONTINUANCE_DECIDED, T.REPORT_DELIVERED, T.PROCEEDING_OPENED,
         T.COMPLAINT_AMENDED, T.EXAMINER_HEARING, T.DETERMINATION, T.COUNCIL_DECIDED,
         T.CASE_CLOSED}
# English a Spanish notice must not carry: the base's words, the English clock and months
ENGLISH_WORDS = re.compile(
    r"\b(the|The|is|are|was|and|of|to|will|has|have|Deadlines?|hearing|council|"
    r"AM|PM|Jan|Feb|Mar|Tue|Wed|Thu|Fri|Mon)\b")


def walked(language: str = "") -> tuple[Case, list[OwedNotice]]:
    """The case every step was taken on, its complaint written in `language`."""
    case, owed = lifecycle()
    case.filing = replace(case.filing, language=language)
    return case, owed


def sent(case: Case, n: OwedNotice,
         choice: ComplainantLanguage = ComplainantLanguage.AS_WRITTEN) -> tuple[str, str, str]:
    """(subject, text, html) of `n` as the dispatcher would send it, its language chosen
    the one way every notice's is (`notice_language`)."""
    c = replace(ctx(case, n.type, n.recipient, generation=n.generation, slot=n.slot),
                language=notice_language(case, n.type, n.recipient, choice))
    msg = parsed(render(c))
    return (" ".join(str(msg["Subject"]).split()), body(msg).replace("\r\n", "\n"),
            body(msg, "html"))


def to_complainant(owed: list[OwedNotice]) -> list[OwedNotice]:
    return [n for n in owed if n.recipient.email == COMPLAINANT]


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_notice_the_complainant_is_sent_has_each_language(language: str) -> None:
    """Fails when a step comes to owe the complainant a notice with no Spanish or French
    row or template: each would go out in English to a Spanish or French complainant; and
    when a language has templates but no words for the values (`notices.written_in`)."""
    _, owed = walked()
    types = {n.type for n in to_complainant(owed)}
    assert types == LATER | {T.ACKNOWLEDGEMENT}
    assert language in WRITTEN
    for t in types:
        assert language in t.rule.languages, t
        for fmt in t.rule.formats:
            assert (TEMPLATES / f"{t.value}.{language}.{fmt}.j2").is_file(), (t, fmt)


def test_the_notices_to_officials_the_board_and_the_council_have_no_spanish() -> None:
    _, owed = walked()
    # and a public records letter, which goes to a requester who may be the complainant
    # (`test_records_letter_in_language`); the walk's requester is a reporter
    to_complainant_only = {n.type for n in to_complainant(owed)} | {T.DISCLOSURE_LETTER}
    for t in NoticeType:
        assert not t.rule.languages or t in to_complainant_only, t


@pytest.mark.parametrize("type_", sorted(LATER), ids=str)
def test_a_spanish_complaint_gets_each_later_notice_in_spanish(type_: NoticeType) -> None:
    case, owed = walked(SPANISH)
    notices = [n for n in to_complainant(owed) if n.type is type_]
    assert notices
    for n in notices:
        subject, text, html = sent(case, n)
        assert subject.startswith("[ETH-2026-0001] ")
        assert text.startswith("Ada Citizen:\n") and '<html lang="es">' in html
        assert "Las respuestas a esta dirección se archivan con el caso" in text
        assert not re.search(r"\.[A-ZÁÉÍÓÚ]", text) and "\nPlazo" not in text.replace(
            "\n\nPlazo", "")
        assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)
        assert not ENGLISH_WORDS.search(re.sub(r"<[^>]+>", " ", html))
        # no day left as it was stored ("2026-01-12"): each written as Spanish writes it
        assert not re.search(r"\b\d{4}-\d\d-\d\d\b", text)


@pytest.mark.parametrize("type_", sorted(LATER), ids=str)
def test_an_english_complaint_gets_each_later_notice_in_english(type_: NoticeType) -> None:
    case, owed = walked()
    for n in (n for n in to_complainant(owed) if n.type is type_):
        subject, text, html = sent(case, n)
        assert subject.startswith("[ETH-2026-0001] ")
        assert subject.split("] ", 1)[1] not in {type_.rule.subject_in(lang)
                                                  for lang in LANGUAGES[1:]}
        assert text.startswith("Ada Citizen,\n") and '<html lang="en">' in html
        assert "Replies to this address are filed with case" in text
        # every paragraph its own: no sentence run on into the next, the deadlines apart
        assert not re.search(r"\.[A-Z]", text) and "\nDeadline" not in text.replace(
            "\n\nDeadline", "")
        assert "Las respuestas" not in text and not re.search(r"\bde (enero|febrero)\b", text)
        assert "Les réponses" not in text and not re.search(r"\b(janvier|février)\b", text)


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_in_a_case_in_another_language_the_officials_and_the_bodies_copies_stay_english(
        language: str) -> None:
    case, owed = walked(language)
    others = [n for n in owed if n.type in LATER and n.recipient.email != COMPLAINANT]
    assert {n.type for n in others} == LATER  # each also goes to someone else
    for n in others:
        _, text, html = sent(case, n)
        assert text.startswith(f"{n.recipient.name},\n") and '<html lang="en">' in html


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_a_city_that_answers_in_english_sends_the_complainant_english(language: str) -> None:
    case, owed = walked(language)
    for n in to_complainant(owed):
        _, text, _ = sent(case, n, ComplainantLanguage.ENGLISH)
        assert text.startswith("Ada Citizen,\n"), n.type


def test_what_each_notice_says_in_spanish() -> None:
    """The values the English notice computes, written again in Spanish: the dates and
    days, the deadlines, the board's business and the session, the city's readings, how
    the official's request came; what someone typed stays as they typed it."""
    case, owed = walked(SPANISH)
    said: dict[NoticeType, tuple[str, str, str]] = {}
    for n in to_complainant(owed):
        said.setdefault(n.type, sent(case, n))
    subject, text, _ = said[T.BOARD_MEETING_SCHEDULED]
    assert subject.endswith("Audiencia sobre la suficiencia programada")
    assert "La Junta de Ética ha programado la audiencia sobre la suficiencia de la queja " \
           "(§7) en el caso ETH-2026-0001." in text
    assert "Cuándo: martes 20 de enero de 2026, 18:00 PST" in text
    assert "la evaluación en sesión ejecutiva (§13, RCW 42.30.110(1)(f))" in text
    assert "- Comenzar la audiencia sobre la suficiencia de la queja (§7): lunes 2 de " \
           "febrero de 2026, 23:59:59 PST [cumplido]" in text
    subject, text, _ = said[T.INVITE_MEETING]
    assert re.search(r"\] (Invitación|Actualizada): Reunión especial de la Junta de Ética$",
                     subject)
    assert "Cuándo: martes 20 de enero de 2026, de 18:00 a 20:00 PST" in text
    _, text, _ = said[T.CONTINUANCE_APPLIED]
    assert text.count("El lunes 12 de enero de 2026, la Junta de Ética solicitó") == 1
    assert "Motivo indicado: counsel ill" in text  # as the board gave it
    _, text, _ = said[T.CONTINUANCE_DECIDED]
    assert "concedió una prórroga de 3 días en el caso ETH-2026-0001 (§7)" in text
    _, text, _ = said[T.REPORT_DELIVERED]
    assert "Conclusión: la queja es SUFICIENTE." in text and "(§8)" in text
    assert "- Entregar el informe escrito al concejo, al funcionario y a quien presentó la " \
           "queja (§10): viernes 30 de enero de 2026, 23:59:59 PST [cumplido]" in text
    _, text, _ = said[T.PROCEEDING_OPENED]
    assert "pidió (por escrito, en papel) que el procedimiento ante el examinador" in text
    assert "el examinador de audiencias es una persona, no un órgano de gobierno" in text
    _, text, _ = said[T.COMPLAINT_AMENDED]
    assert "Secciones añadidas: 2.94.040." in text and "also used city staff" in text
    assert "aún no se ha declarado suficiente" in text
    _, text, _ = said[T.DETERMINATION]
    assert "se recibió el martes 10 de febrero de 2026: se determinó que hubo una " \
           "infracción del código de ética." in text and "(§12)" in text
    _, text, _ = said[T.COUNCIL_DECIDED]
    assert "el martes 17 de febrero de 2026: la moción fue aprobada (5 a favor, 0 en " \
           "contra)" in text
    subject, text, _ = said[T.CASE_CLOSED]
    assert subject.endswith("] Caso cerrado")
    assert "El caso ETH-2026-0001 está cerrado" in text and "(§6)" in text


def test_the_spanish_words_cover_every_value_a_notice_to_the_complainant_can_carry() -> None:
    """A new business, reading or deadline spelled out to the complainant needs its
    Spanish words here, or the Spanish notice would fail or carry English."""
    assert set(spanish.BUSINESS) == set(spanish.HEADLINES) == set(Business)
    for choice in (*ExaminerNotice, *AmendedSection):
        assert describe(choice) in spanish.READINGS, choice
    spelled = {k for t in NoticeType if t.rule.languages for k in t.rule.spells_out}
    assert spelled | {DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE,
                      DeadlineKey.COUNCIL_DECISION} <= set(spanish.DEADLINES)


def test_a_meeting_s_time_in_spanish() -> None:
    start = CALENDAR.local(datetime.fromisoformat("2026-08-15T18:00:00-07:00"))
    end = CALENDAR.local(datetime.fromisoformat("2026-08-15T20:30:00-07:00"))
    assert spanish.de_a(start, end) == "sábado 15 de agosto de 2026, de 18:00 a 20:30 PDT"
    late = CALENDAR.local(datetime.fromisoformat("2026-08-16T01:00:00-07:00"))
    assert spanish.de_a(start, late) == ("sábado 15 de agosto de 2026, 18:00 PDT a "
                                         "domingo 16 de agosto de 2026, 1:00 PDT")


def test_english_is_what_every_other_language_gets() -> None:
    case, owed = walked("pt")  # Portuguese is read, never answered in
    for n in to_complainant(owed):
        assert notice_language(case, n.type, n.recipient,
                               ComplainantLanguage.AS_WRITTEN) == ENGLISH


def test_a_pending_continuance_and_a_denied_one_in_spanish() -> None:
    """While the application is pending the hearing's deadlines have no due date (§7): the
    Spanish rows say so; the council's denial is told as one."""
    case = new_case()
    case.filing = replace(case.filing, language=SPANISH)
    (applied,) = [n for n in step(case, c.ApplyForContinuance(reason="testigo en el "
                                                              "extranjero"),
                                  "2026-01-10T10:00:00-08:00")
                  if n.recipient.email == COMPLAINANT and n.type is T.CONTINUANCE_APPLIED]
    _, text, html = sent(case, applied)
    assert "Motivo indicado: testigo en el extranjero" in text
    assert text.count("sin fecha de vencimiento (plazo suspendido) [suspendido]") == 2
    assert "<strong>suspendidos</strong>" in html
    (denied,) = [n for n in step(case, c.DecideContinuance(granted_days=0),
                                 "2026-01-12T10:00:00-08:00")
                 if n.recipient.email == COMPLAINANT and n.type is T.CONTINUANCE_DECIDED]
    _, text, _ = sent(case, denied)
    assert "el concejo municipal denegó la prórroga en el caso ETH-2026-0001 (§7)" in text
    assert "al igual que los días concedidos" not in text
    assert re.search(r"Comenzar la audiencia .* \(§7\): \w+ \d+ de enero de 2026, "
                     r"23:59:59 PST \[pendiente\]", text)


def test_the_boards_section_11_hearing_is_announced_in_spanish_as_such() -> None:
    case = new_case()
    case.filing = replace(case.filing, language=SPANISH)
    report_delivered(case, sufficient=True)
    step(case, c.RequestBoardHearing(via="email", evidence="letter on file"),
         "2026-01-23T11:00:00-08:00")
    step(case, c.Refer(examiner=None), "2026-01-24T10:00:00-08:00")
    owed = step(case, c.ScheduleBoardMeeting(datetime.fromisoformat(
        "2026-02-03T18:00:00-08:00"), "Council Chambers"), "2026-01-26T10:00:00-08:00")
    (n,) = [n for n in owed
            if n.recipient.email == COMPLAINANT and n.type is T.BOARD_MEETING_SCHEDULED]
    subject, text, _ = sent(case, n)
    assert subject == "[ETH-2026-0001] Audiencia de la Junta de Ética (§11) programada"
    assert "ha programado su audiencia del asunto que se le remitió (§11)" in text
    assert "Cuándo: martes 3 de febrero de 2026, 18:00 PST" in text
    assert "(§9)" not in text  # promised at the §7 hearing only, as the English notice does
