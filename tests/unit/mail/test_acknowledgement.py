"""The complainant's acknowledgement (issue 40, items 3 and 6): owed when a case opens to a
complainant who gave an email, it says the complaint was received, its case number, what
§2 and §7 do next and §6's confidentiality, asks for exactly the §1 elements intake did
not find, names no one else, and is written in Spanish or French for a complaint written
in it unless the city answers in English."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

import pytest

from cases import commands as c
from cases.case import Case
from cases.directory import Directory, Person
from cases.filing import Complainant, Element, Filing
from cases.languages import ComplainantLanguage, written_in
from cases.notices import NoticeType, notice_language, notices_owed
from cases.procedure import handle, open_case
from cases.protection import ProtectionBasis
from cases.readings import ComplainantProtection, Readings
from notices.render import NoticeContext, render
from tests.unit.cases.riverton import CALENDAR, DIRECTORY, at, filing
from tests.unit.mail.test_render import SENDER, body, parsed

T = NoticeType.ACKNOWLEDGEMENT
NOW = at("2026-01-06T10:00:00-08:00")
ADA = Person("Ada Citizen", "ada@example.org")

SPANISH_FACTS = (
    "Presento una queja de ética contra el director de parques Gary Pruitt. El 3 de "
    "diciembre adjudicó el contrato de mantenimiento de césped a la empresa de su "
    "hermano, sin abstenerse, y nadie más pudo presentar una oferta.")
SPANISH_REASONS = ("Viola la sección 2.96.030(A) porque tenía un interés financiero en el "
                   "contrato y no se abstuvo.")
FRENCH_FACTS = (
    "Je dépose une plainte contre le directeur des parcs Gary Pruitt. Le 3 décembre, il a "
    "attribué le contrat d'entretien des pelouses à la société de son frère, sans se "
    "récuser, et personne d'autre n'a pu présenter une offre.")
FRENCH_REASONS = ("Cela viole l'article 2.96.030(A), car il avait un intérêt financier dans "
                  "le contrat et ne s'est pas récusé.")


def a_case(f: Filing, respondents: tuple[str, ...] = ("gpruitt@city.test",)) -> Case:
    return open_case(number="ETH-2026-0001", filing=f, respondents=respondents, at=NOW,
                     actor="clerk@city.test")


def owed_to(case: Case, directory: Directory = DIRECTORY) -> list[str]:
    return [n.recipient.email for n in notices_owed(case, case.history[0], directory)
            if n.type is T]


def message(case: Case, recipient: Person = ADA,
            choice: ComplainantLanguage = ComplainantLanguage.AS_WRITTEN) -> tuple[str, str, str]:
    """The acknowledgement as sent: (subject, text part, html part)."""
    ctx = NoticeContext(
        type=T, message_id="<eth-2026-0001.acknowledgement.0.cccc@ethicsbot.city.test>",
        recipient=recipient, generation=0, sender=SENDER, uid_domain="ethicsbot.city.test",
        city="Riverton", calendar=CALENDAR, now=NOW, case=case,
        deadlines=tuple(case.deadlines(CALENDAR, now=NOW)),
        language=notice_language(case, T, recipient, choice))
    msg = parsed(render(ctx))
    return str(msg["Subject"]), body(msg), body(msg, "html")


def missing(f: Filing, *elements: Element) -> Filing:
    return replace(f, missing=frozenset(elements))


def test_receipt_owes_the_acknowledgement_to_the_complainant_alone() -> None:
    assert owed_to(a_case(filing())) == ["ada@example.org"]


def test_no_email_no_acknowledgement_and_an_official_is_never_acknowledged_as_one() -> None:
    typed = replace(filing(), complainant=Complainant("Ada Citizen", None, "+12065550100",
                                                      "12 Elm St, Riverton, WA 98000"))
    assert owed_to(a_case(typed)) == []  # the clerk filed it from paper: told by post
    # an address intake took for the complainant's that is the official's own
    as_official = replace(filing(), complainant=Complainant("Gary Pruitt", "gpruitt@city.test"))
    assert owed_to(a_case(as_official)) == []


def test_it_says_received_the_case_what_happens_next_and_section_6() -> None:
    subject, text, html = message(a_case(filing()))
    assert subject == "[ETH-2026-0001] Your ethics complaint was received"
    assert text.startswith("Ada Citizen,")
    assert "received by the City of Riverton on Tue Jan 6, 2026 9:30 AM PST" in text
    assert "Its case number is ETH-2026-0001" in text
    assert "By Wed Jan 7, 2026 9:30 AM PST (§2)" in text
    assert "By Mon Jan 26, 2026 11:59:59 PM PST (§7: 20 days after receipt)" in text
    assert "Confidentiality (§6)" in text and "strictly confidential" in text
    assert "nothing more is needed from you now" in text
    assert "What the complaint still needs" not in text
    for part in (text, html):
        assert "ETH-2026-0001" in part and "§6" in part


@pytest.mark.parametrize(("elements", "asked", "not_asked"), [
    ((Element.FACTS, Element.REASONS),
     ["the facts: what the official did", "the reasons why those facts violate"],
     ["your full name", "personally delivered", "telephone number", "sections and subsections"]),
    ((Element.NAME, Element.ADDRESS, Element.PHONE, Element.SIGNATURE),
     ["your full name", "personally delivered to you", "telephone number at which"],
     ["the facts:", "the reasons why", "sections and subsections", "sign"]),
])
def test_it_asks_for_exactly_the_elements_intake_did_not_find(
        elements: tuple[Element, ...], asked: list[str], not_asked: list[str]) -> None:
    _, text, html = message(a_case(missing(filing(), *elements)))
    ask = text.split("We did not find the following in yours:")[1]
    assert len(re.findall(r"^- ", ask, re.M)) == len(asked)  # the signature is not asked
    for words in asked:
        assert words in ask and words in html
    for words in not_asked:
        assert words not in ask
    assert "Please reply to this message with what is missing." in text
    assert "nothing more is needed" not in text


def test_it_names_no_one_else_and_carries_no_copy_of_the_complaint() -> None:
    case = a_case(missing(filing(), Element.FACTS))
    ctx_text = " ".join(message(case)[1:])
    others = [p for p in DIRECTORY.people() if p.email != ADA.email]
    for p in others:
        assert p.email not in ctx_text and p.name not in ctx_text, p
    assert "mowing contract" not in ctx_text  # the complaint's words stay in the complaint
    ctx = NoticeContext(type=T, message_id="<m@x>", recipient=ADA, generation=0,
                        sender=SENDER, uid_domain="x", city="Riverton", calendar=CALENDAR,
                        now=NOW, case=case, complaint=b"raw")
    sent = render(ctx)
    assert sent.get_content_type() == "multipart/alternative"  # text and HTML, nothing else
    assert list(sent.iter_attachments()) == []


def test_a_protected_complainant_is_still_acknowledged_and_told_nothing_of_others() -> None:
    readings = Readings(complainant_protection=ComplainantProtection.WITHHELD_WHERE_RECORDED)
    case = a_case(filing())
    handle(case, c.WithholdComplainant(ProtectionBasis.RCW_42_41,
                                       "A city employee reports a contract awarded to a "
                                       "relative of the Parks Director."),
           at=at("2026-01-06T10:05:00-08:00"), actor="clerk@city.test", calendar=CALENDAR,
           readings=readings)
    assert case.protection is not None
    _, text, _ = message(case)  # to the complainant themself: nothing to withhold
    assert text.startswith("Ada Citizen,") and "summary" not in text.lower()


def test_a_complaint_in_spanish_is_acknowledged_in_spanish() -> None:
    case = a_case(missing(replace(filing(), facts=SPANISH_FACTS, reasons=SPANISH_REASONS),
                          Element.PHONE, Element.ADDRESS))
    subject, text, html = message(case)
    assert subject == "[ETH-2026-0001] Recibimos su queja de ética"
    assert text.startswith("Ada Citizen:")
    assert "La Ciudad de Riverton recibió su queja de ética el martes 6 de enero de 2026, " \
           "9:30 PST" in text
    assert "Su número de caso es ETH-2026-0001" in text
    assert "A más tardar el miércoles 7 de enero de 2026, 9:30 PST (§2)" in text
    assert "A más tardar el lunes 26 de enero de 2026, 23:59:59 PST (§7" in text
    assert "Confidencialidad (§6)" in text
    ask = text.split("En la suya no encontramos:")[1]
    assert "una dirección donde se le pueda entregar correo personalmente" in ask
    assert "un número de teléfono" in ask and "su nombre completo" not in ask
    assert '<html lang="es">' in html and "Recibimos" not in html  # the subject's, not body's
    assert "What happens next" not in text + html


def test_a_complaint_in_french_is_acknowledged_in_french() -> None:
    """The city's register: "vous", the letter's salutation and closing formula, the
    deadlines' dates as French writes them, the no-break space before each colon."""
    case = a_case(missing(replace(filing(), facts=FRENCH_FACTS, reasons=FRENCH_REASONS),
                          Element.PHONE, Element.ADDRESS))
    assert case.filing.language == "" and notice_language(
        case, T, ADA, ComplainantLanguage.AS_WRITTEN) == "fr"  # read from the facts
    subject, text, html = message(case)
    text = text.replace("\r\n", "\n")
    assert subject == "[ETH-2026-0001] Accusé de réception de votre plainte en matière d'éthique"
    assert text.startswith("Destinataire\u00a0: Ada Citizen\n\nMadame, Monsieur,\n\nLa Ville")
    assert "La Ville de Riverton a reçu votre plainte en matière d'éthique le mardi 6 " \
           "janvier 2026 à 9 h 30 PST." in text
    assert "Votre numéro de dossier est ETH-2026-0001\u00a0: nous vous prions" in text
    assert "Au plus tard le mercredi 7 janvier 2026 à 9 h 30 PST (§2)\u00a0:" in text
    assert "Au plus tard le lundi 26 janvier 2026 à 23 h 59 min 59 s PST (§7\u00a0:" in text
    assert "Confidentialité (§6)" in text
    ask = text.split("Les éléments suivants ne figurent pas dans la vôtre\u00a0:")[1]
    assert "une adresse à laquelle du courrier peut vous être remis en main propre" in ask
    assert "un numéro de téléphone" in ask and "vos nom et prénom" not in ask
    assert "Veuillez agréer, Madame, Monsieur, l'expression de nos salutations " \
           "distinguées." in text
    assert '<html lang="fr">' in html and "Accusé" not in html  # the subject's, not body's
    assert not re.search(r"[^\u00a0]:", text.replace("https:", ""))  # typography
    assert "What happens next" not in text + html and " tu " not in text


def test_a_complaint_in_a_language_without_templates_is_answered_in_english() -> None:
    portuguese = a_case(replace(filing(), language="pt"))
    assert notice_language(portuguese, T, ADA, ComplainantLanguage.AS_WRITTEN) == "en"
    assert message(portuguese)[0].endswith("Your ethics complaint was received")


def test_english_complaint_english_and_the_city_may_answer_in_english_only() -> None:
    spanish = a_case(replace(filing(), facts=SPANISH_FACTS, reasons=SPANISH_REASONS))
    english = a_case(filing())
    assert message(english)[0].endswith("Your ethics complaint was received")
    subject, text, _ = message(spanish, choice=ComplainantLanguage.ENGLISH)
    assert subject.endswith("Your ethics complaint was received") and "What happens next" in text


def test_only_the_complainant_gets_spanish_and_intake_s_reading_comes_first() -> None:
    case = a_case(replace(filing(), facts=SPANISH_FACTS, reasons=SPANISH_REASONS))
    choice = ComplainantLanguage.AS_WRITTEN
    assert notice_language(case, T, ADA, choice) == "es"
    assert notice_language(case, T, Person("Gary Pruitt", "gpruitt@city.test"), choice) == "en"
    # a notice with no Spanish templates goes in English even to the complainant: the
    # notice to a person public records concern (a public records letter to the
    # complainant as requester is in Spanish: `test_records_letter_in_language`)
    assert notice_language(case, NoticeType.THIRD_PARTY_NOTICE, ADA, choice) == "en"
    assert notice_language(case, NoticeType.DISCLOSURE_LETTER, ADA, choice) == "es"
    # intake read the whole message as English (its facts quoted a Spanish letter)
    told = a_case(replace(filing(), facts=SPANISH_FACTS, language="en"))
    assert notice_language(told, T, ADA, choice) == "en"


@pytest.mark.parametrize(("text", "language"), [
    (SPANISH_FACTS, "es"), (SPANISH_REASONS, "es"),
    ("On Dec 3 the Parks Director awarded the mowing contract to his brother's firm.", "en"),
    ("Dear Mayor, María de la Cruz and José de León saw the vote at the council.", "en"),
    # French and Portuguese share "de", "la", "que", "por" with Spanish: not taken for it
    ("Je dépose une plainte contre le conseiller Hale. Le 1er juin il a voté pour louer le "
     "dépôt à la société de son fils pour un dollar par an, ce qui viole la section "
     "2.94.030.", "fr"),
    ("Venho apresentar uma queixa contra o vereador Hale. No dia 1 de junho ele votou para "
     "arrendar o antigo depósito à empresa do seu filho por um dólar por ano.", "pt"),
    ("Queja", "en"),  # too little to tell: the city's language
    ("", "en"),
])
def test_the_language_of_a_text(text: str, language: str) -> None:
    assert written_in(text) == language


def test_a_spanish_date_is_written_as_spanish_writes_it() -> None:
    from notices.spanish import fecha
    moment = CALENDAR.local(datetime.fromisoformat("2026-08-15T00:05:00-07:00"))
    assert fecha(moment) == "sábado 15 de agosto de 2026, 0:05 PDT"


@pytest.mark.parametrize(("iso", "written"), [
    ("2026-08-15T00:05:00-07:00", "samedi 15 août 2026 à 0 h 05 PDT"),
    ("2026-01-01T18:00:00-08:00", "jeudi 1er janvier 2026 à 18 h PST"),
    ("2026-02-02T23:59:59-08:00", "lundi 2 février 2026 à 23 h 59 min 59 s PST"),
    ("2026-12-07T09:30:00-08:00", "lundi 7 décembre 2026 à 9 h 30 PST"),
])
def test_a_french_date_is_written_as_french_writes_it(iso: str, written: str) -> None:
    from notices.french import date_heure
    assert date_heure(CALENDAR.local(datetime.fromisoformat(iso))) == written


def test_the_directory_file_names_the_choice_and_refuses_another() -> None:
    from ethicsbot.directory_file import DirectoryError, embedded_directory_text, parse_directory
    text = embedded_directory_text()
    assert parse_directory(text).complainant_language is ComplainantLanguage.AS_WRITTEN
    chosen = parse_directory(text + "\ncomplainant_language: english\n")
    assert chosen.complainant_language is ComplainantLanguage.ENGLISH
    with pytest.raises(DirectoryError, match="complainant_language"):
        parse_directory(text + "\ncomplainant_language: french\n")


@pytest.mark.parametrize("facts, reasons, asked", [
    ("The director awarded the mowing contract to his brother's firm.",
     "It violates 2.96.030 because he had a financial interest.", "when it happened"),
    ("El director de parques adjudicó el contrato a la empresa de su hermano.",
     SPANISH_REASONS, "cuándo ocurrió"),
    ("Le directeur des parcs a attribué le contrat à la société de son frère.",
     FRENCH_REASONS, "la date des faits"),
])
def test_facts_that_say_nothing_of_when_are_asked_when(facts: str, reasons: str,
                                                        asked: str) -> None:
    """§4: a complaint whose facts give no time of the conduct opens flagged `undated`,
    and the acknowledgement asks the complainant when it happened, in their language;
    dated facts ("On Dec 3 ...") are not asked."""
    case = a_case(replace(filing(), facts=facts, reasons=reasons))
    _, text, html = message(case)
    assert asked in text and asked in html
    assert "Please reply" in text or "Por favor" in text or "Nous vous prions" in text
    dated = a_case(replace(filing(), facts="On Dec 3 " + facts, reasons=reasons))
    assert "when it happened" not in message(dated)[1]
