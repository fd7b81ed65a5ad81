"""The rules behind the real-mail corpus, one at a time: numeric date order, decorated
From lines, Yahoo's run-on header block, who the complainant is in a chain, what counts
as facts and reasons, and what a machine message is."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cases.directory import Directory
from cases.filing import Element
from mail.parsing import parse_message
from mail.parsing.classify import GLANCE_TEXT, KINDS, machine_generated, recipient_in
from mail.parsing.dates import read_date
from mail.parsing.elements import _is_fact, _is_reason, in_directory_titles
from mail.parsing.forwards import split_inline
from mail.parsing.headers import split_address, split_parties
from mail.parsing.mime import MAX_TEXT, parse_bytes
from mail.parsing.prose import without_salutations
from tests.budget import examples
from tests.unit.mail.conftest import CITY_TZ
from tests.unit.mail.test_parsing_rules import assert_handled

PDT = timezone(timedelta(hours=-7))


@pytest.mark.parametrize(("printed", "day_first", "moment", "other"), [
    ("02/06/2026 9:15 AM", None, (2026, 2, 6), (2026, 6, 2)),  # open: both kept
    ("02/06/2026 9:15 AM", True, (2026, 6, 2), None),  # es/fr/de/pt header words
    ("02/06/2026 9:15 AM", False, (2026, 2, 6), None),
    ("02.06.2026 09:15", None, (2026, 6, 2), None),  # dots: day first
    ("25/03/2026 16:05", None, (2026, 3, 25), None),  # 25 is no month
    ("03/25/2026 16:05", None, (2026, 3, 25), None),
    ("06/06/2026 16:05", None, (2026, 6, 6), None),  # the same either way
])
def test_a_numeric_date_keeps_its_other_reading_when_its_order_is_unknown(
        printed: str, day_first: bool | None, moment: tuple[int, int, int],
        other: tuple[int, int, int] | None) -> None:
    found = read_date(printed, CITY_TZ, day_first=day_first)
    assert found is not None and found.moment.timetuple()[:3] == moment
    assert (found.other.timetuple()[:3] if found.other else None) == other


@pytest.mark.parametrize(("printed", "offset_minutes"), [
    ("June 12, 2026 at 9:01:00 AM EEST", 180), ("2. Mai 2026 um 17:03:09 MESZ", 120),
    ("17 de marzo de 2026, 19:20:02 CET", 60), ("April 20, 2026 at 10:16:45 PM GMT+5:30", 330),
    ("9 juin 2026 à 07:42:11 UTC\u22127", -420), ("terça-feira, 9 de junho de 2026 07:42", -420),
])
def test_zones_and_localised_months_are_read(printed: str, offset_minutes: int) -> None:
    found = read_date(printed, CITY_TZ)
    assert found is not None and found.moment.utcoffset() == timedelta(minutes=offset_minutes)


@pytest.mark.parametrize(("value", "name", "address"), [
    ("Dana Whitfield<mailto:dw@example.net> <dw@example.net<mailto:dw@example.net>>",
     "Dana Whitfield", "dw@example.net"),
    ("Bauer, Ingrid <ib@example.de>", "Ingrid Bauer", "ib@example.de"),
    ("Pruitt, Jr. <gp@example.org>", "Pruitt, Jr.", "gp@example.org"),
])
def test_outlook_decorated_from_lines(value: str, name: str, address: str) -> None:
    assert split_address(value) == (name, address)


@pytest.mark.parametrize(("value", "parties"), [
    # Outlook and OWA print "Sender on behalf of Owner": the sender wrote and sent it from
    # the owner's mailbox (a delegate, a member of a shared mailbox); both are kept, and
    # the letter's signature says which wrote it (issue 40)
    ("Dana Whitfield <dw@example.net> on behalf of Quarry Road Neighbors <n@example.org>",
     [("Dana Whitfield", "dw@example.net"), ("Quarry Road Neighbors", "n@example.org")]),
    ("Neighbors <n@example.org> on behalf of Walter Greene <wg@example.net>",
     [("Neighbors", "n@example.org"), ("Walter Greene", "wg@example.net")]),
    ("Vecinos <v@example.org> en nombre de Lucía Fernández <lf@example.es>",
     [("Vecinos", "v@example.org"), ("Lucía Fernández", "lf@example.es")]),  # issue 24
    ("Nachbarn <n@example.org> im Auftrag von Ingrid Bauer <ib@example.de>",
     [("Nachbarn", "n@example.org"), ("Ingrid Bauer", "ib@example.de")]),
    ("Voisins <v@example.org> de la part de Amélie Rousseau <ar@example.fr>",
     [("Voisins", "v@example.org"), ("Amélie Rousseau", "ar@example.fr")]),
    ("Ingrid Bauer <ib@example.de>", [("Ingrid Bauer", "ib@example.de")]),
])
def test_on_behalf_of_names_both_parties_sender_first(
        value: str, parties: list[tuple[str, str]]) -> None:
    assert split_parties(value) == parties
    assert split_address(value) == parties[0]


def test_yahoos_run_on_header_block_is_split_into_its_headers() -> None:
    text = ("Note.\n\n----- Forwarded Message ----- From: Ann Lee <al@example.net>To: mayor@"
            "city.test <mayor@city.test>Sent: Tuesday, June 9, 2026, 07:42:11 AM PDTSubject: "
            "Ethics\n Dear Mayor,\n Text.")
    lead, (inner,) = split_inline(text, CITY_TZ)
    assert (lead, inner.name, inner.email, inner.subject) == (
        "Note.", "Ann Lee", "al@example.net", "Ethics")
    assert inner.date == datetime(2026, 6, 9, 7, 42, 11, tzinfo=PDT)


def test_a_quoted_attribution_is_marked_quoted_a_forward_block_is_not() -> None:
    text = ("From: Ann Lee <al@example.net>\nSent: Tuesday, June 9, 2026 7:42 AM\n"
            "Subject: x\n\nMine.\n\nOn Mon, Jun 8, 2026 at 3:10 PM Bob Ray <br@example.org> "
            "wrote:\n> His.\n")
    _, segments = split_inline(text, CITY_TZ)
    assert [(s.email, s.quoted) for s in segments] == [
        ("al@example.net", False), ("br@example.org", True)]


@pytest.mark.parametrize(("sentence", "fact"), [
    ("On May 19 Gary Pruitt gave the $38,400 mowing contract to his sister's husband.", True),
    ("At the March 11, 2026 meeting Commissioner Helen Ostrowski voted for the rezone.", True),
    ("I have had concerns about the Parks Department for a long time now.", False),
    ("This falls under 2.94.030 as far as I know, I think.", False),  # a section is no date
    ("El 1 de junio el concejal Tom Hale votó a favor de arrendar el depósito.", True),
    ("Tengo dudas desde hace tiempo sobre el Departamento de Parques.", False),
    # Spanish amounts and relative times, English "... ago" (issue 40)
    ("Hace dos semanas la concejala Ortiz envió los pliegos de la licitación a su cuñado.", True),
    ("La semana pasada el director Pruitt adjudicó el contrato a la empresa de su cuñado.", True),
    ("El director Pruitt adjudicó un contrato de 38.400 dólares a su cuñado sin declararlo.",
     True),
    ("Two weeks ago Director Pruitt gave the mowing contract to his brother-in-law.", True),
    # French: a day of a month without its year, "mardi dernier", "il y a", "52 000 $"
    ("Le 3 octobre, le conseiller Hale a voté pour louer le dépôt à son fils.", True),
    ("Le 1er mars la conseillère Ortiz a envoyé les documents à son beau-frère.", True),
    ("Mardi dernier, le directeur des parcs a attribué le contrat au mari de sa sœur.", True),
    ("Il y a deux semaines la conseillère Ortiz a envoyé les documents à son beau-frère.",
     True),
    ("La maire a signé un contrat de 52 000 $ avec l'entreprise de son frère.", True),
    ("Je m'inquiète depuis longtemps du service des parcs de la ville.", False),
])
def test_a_fact_ties_someone_to_an_anchored_event(sentence: str, fact: bool) -> None:
    assert _is_fact(sentence) is fact


@pytest.mark.parametrize(("sentence", "reason", "language"), [
    ("I believe this violates Section 2.94.030 because he voted on his wife's lease.", True, "en"),
    ("2.94.030 bars officials from awarding contracts to relatives.", True, "en"),
    ("The ethics code does not let a commissioner vote on her own household's matter.", True, "en"),
    ("She should have recused herself under 2.94.050(A)(2).", True, "en"),
    ("I believe this violates Section 2.94.030 because Mr. Pruitt took part in a contract "
     "decision in which a close relative has a financial interest.", True, "en"),  # "Mr." no stop
    # a citation alone says which section, not why (§1; issue 40)
    ("I want to file an ethics complaint against Councilmember Tom Hale for violating "
     "2.94.060.", False, "en"),
    ("I believe this violates Section 2.94.030.", False, "en"),
    ("That is what RMC 2.94.030 covers.", False, "en"),
    ("This is a clear violation of the ethics code, section 2.94.060 (use of confidential "
     "information).", False, "en"),  # a section's gloss is its title
    ("Quiero presentar una denuncia contra el concejal Tom Hale por violar la sección "
     "2.94.060.", False, "es"),
    ("The conduct described above violates 2.94.060.", False, "en"),  # what was done, by reference
    ("Esta conducta viola el artículo 2.94.060.", False, "es"),
    ("Such conduct violates 2.94.040(B), which prohibits gifts over $50 from bidders.", True, "en"),
    ("Sincerely,", False, "en"),  # "since" once matched
    ("I am writing because my neighbour asked me to pass this on.", False, "en"),
    ("See Section 2.94.030.", False, "en"),
    ("The ethics training covered conflicts of interest and how to recuse.", False, "en"),
    ("Creo que esto viola la Sección 2.94.030 porque votó sobre el contrato de su hijo.",
     True, "es"),  # Spanish (issue 24)
    ("Creo que esto viola la Sección 2.94.030.", False, "es"),
    ("No debió votar: la sección 2.94.030 lo prohíbe.", True, "es"),
    ("Debió abstenerse de votar conforme al 2.94.050(A)(2).", True, "es"),
    ("Le escribo porque mi vecino me pidió que lo hiciera.", False, "es"),
    ("Atentamente,", False, "es"),
    # French, read the same way
    ("Cela viole la section 2.94.030 parce qu'il a voté sur le bail de son fils.", True, "fr"),
    ("Elle a enfreint l'article 2.94.060 puisqu'elle a utilisé sa fonction pour aider son "
     "frère.", True, "fr"),
    ("Il n'aurait pas dû voter : la section 2.94.030 l'interdit.", True, "fr"),
    ("Elle aurait dû se récuser en vertu de la section 2.94.050(A)(2).", True, "fr"),
    ("Je souhaite déposer une plainte éthique contre la conseillère Ortiz pour violation de "
     "l'article 2.94.060.", False, "fr"),
    ("Cette conduite viole l'article 2.94.060.", False, "fr"),
    ("Je vous écris parce que mon voisin me l'a demandé.", False, "fr"),
    ("Cordialement,", False, "fr"),
])
def test_a_reason_links_the_conduct_to_a_rule(sentence: str, reason: bool,
                                              language: str) -> None:
    """Each sentence read in its complaint's language (`mail.parsing.elements`: English's
    words and that language's)."""
    assert _is_reason(sentence, language) is reason


def test_a_letters_inside_address_is_not_read_for_respondents() -> None:
    letter = ("Dana Whitfield\n1418 Larch Avenue\n\nThe Honorable Teresa Lindqvist\nMayor\n"
              "100 E Main Street\n\nDear Mayor Lindqvist:\n\nGary Pruitt took the tickets.")
    kept = without_salutations(letter)
    assert "Lindqvist" not in kept and "Gary Pruitt" in kept and "Dana Whitfield" in kept


@pytest.mark.parametrize(("head", "body", "reason", "kind"), [
    ("From: MAILER-DAEMON (Mail Delivery System)\nSubject: Returned mail", "x", "bounce",
     "delivery_status"),
    ("From: a@mx.example.org\nSubject: Re: Notice", "Could not be delivered: 550 5.1.1 unknown",
     "bounce", "delivery_status"),
    ("From: n@example.org\nSubject: AWS Notification Message",
     '{"notificationType": "Complaint", "complaint": {}}', "auto_reply", "provider_notification"),
    ("From: n@example.org\nSubject: AWS Notification Message",
     '{"notificationType": "Bounce"}', "bounce", "provider_notification"),
    ("From: n@example.org\nSubject: AWS Notification Message",  # cut short (issue 24)
     '{"Type": "Notification", "Message": "{\\"notificationType\\":\\"Bounce\\",\\"mail', "bounce",
     "provider_notification"),
    ("From: x-owner@lists.example.org\nSubject: held\nList-Id: <x.lists.example.org>", "held",
     "auto_reply", "list_notice"),
    ("From: mayor@city.test\nSubject: Abwesenheitsnotiz: Ihre Nachricht", "Bis Montag.",
     "auto_reply", "out_of_office"),
    ("From: mayor@city.test\nSubject: =?utf-8?b?6Ieq5YuV5b+c562U?=: notice", "x", "auto_reply",
     "out_of_office"),
])
def test_machine_mail_is_named_for_what_it_is(head: str, body: str, reason: str,
                                              kind: str) -> None:
    msg = parse_bytes(f"{head}\nContent-Type: text/plain; charset=utf-8\n\n{body}\n".encode())
    found = machine_generated(msg)
    assert found is not None and (found.reason, found.kind) == (reason, kind)
    assert KINDS[kind] in found.detail.lower()


def test_a_complaint_that_mentions_a_bounce_is_not_machine_mail() -> None:
    msg = parse_bytes(b"From: mayor@city.test\nSubject: Fwd: complaint\n\nMy letter to the "
                      b"director came back undeliverable, so I am writing to you instead.\n")
    assert machine_generated(msg) is None


QUOTED_BOUNCE = (
    "Subject: Fwd: ethics complaint about Director Raman\n"
    "Date: Mon, 09 Nov 2026 10:00:00 -0800\nContent-Type: text/plain; charset=utf-8\n\n"
    "---------- Forwarded message ---------\nFrom: Dana Whitfield <dana@example.net>\n"
    "Date: Mon, Nov 9, 2026 at 9:12 AM\nSubject: ethics complaint\nTo: <mayor@city.test>\n\n"
    "I wrote to Director Priya Raman on 2 November 2026 about the contract and my mail came "
    "back: 550 5.1.1 <praman@city.test>: Recipient address rejected: could not be delivered.\n"
    "On 14 October 2026 she awarded the $48,000 paving contract to her brother's firm, which "
    "violates section 2.64.030 because she had a financial interest in it.\n\n"
    "Dana Whitfield\n12 Elm Street, Riverton\n(555) 201-3344\n")


def test_a_forwarders_complaint_quoting_a_bounce_is_a_complaint(directory: Directory) -> None:
    """What only a body's words say (an SMTP status beside 'could not be delivered') does
    not make a forwarder's mail machine mail: held as a bounce, the complaint would miss its
    §2 notices. From a stranger, the same words are a bounce, as before."""
    forwarded = parse_message(f"From: mayor@city.test\n{QUOTED_BOUNCE}".encode(),
                              directory=directory, timezone=CITY_TZ)
    assert forwarded.accepted, forwarded.reject_reason
    stranger = parse_message(f"From: mx@mail.example.org\n{QUOTED_BOUNCE}".encode(),
                             directory=directory, timezone=CITY_TZ)
    assert (stranger.reject_reason, stranger.kind) == ("bounce", "delivery_status")


@settings(max_examples=examples(300), deadline=None)
@given(text=st.text(max_size=300))
def test_dates_and_from_lines_of_any_text_never_raise(text: str) -> None:
    found = read_date(text, CITY_TZ)
    assert found is None or found.moment.utcoffset() is not None
    assert isinstance(split_address(text), tuple)
    split_inline(text, CITY_TZ)


def test_a_charset_name_holding_a_null_byte_is_read_as_no_text(directory: Directory) -> None:
    """Found by mutating the real-mail corpus: the standard library raised ValueError."""
    raw = (b"From: mayor@city.test\nSubject: Fwd: ethics complaint\nMIME-Version: 1.0\n"
           b"Content-Type: text/plain; charset=ut\x00f-8\n\nGary Pruitt violated 2.94.030.\n")
    assert_handled(parse_message(raw, directory=directory, timezone=CITY_TZ))


def test_a_complaint_longer_than_intake_reads_is_flagged_for_the_clerk(
        directory: Directory) -> None:
    """A text part past mime.MAX_TEXT characters (within the byte limit) is read only to
    there: the case says so, so the clerk reads the original (kept whole) to its end."""
    head = QUOTED_BOUNCE.split("\n\n", 1)[0]
    body = QUOTED_BOUNCE.split("\n\n", 1)[1]
    long = body + "More of what I saw. " * (MAX_TEXT // 20) + "The last page names a bribe.\n"
    found = {}
    for name, text in (("short", body), ("long", long)):
        result = parse_message(f"From: mayor@city.test\n{head}\n\n{text}".encode(),
                               directory=directory, timezone=CITY_TZ)
        assert result.accepted and result.filing is not None, result.reject_reason
        found[name] = result.filing.flags
    assert found == {"short": (), "long": ("text_cut",)}


MACHINE_DATA = Path(__file__).resolve().parents[2] / "data" / "machine"


@pytest.mark.parametrize("name", sorted(
    p.name.removesuffix(".expected.json") for p in MACHINE_DATA.glob("*.expected.json")
    if "recipient" in json.loads(p.read_text(encoding="utf-8"))))
def test_a_bounce_names_the_recipient_it_could_not_reach(name: str,
                                                         directory: Directory) -> None:
    """Issue 40: whom the mail did not reach, read from the report, the MTA's header or its
    own words (a carrier's `RCPT TO:`, KDDI's `Could not be delivered to:`, `宛先:`), so the
    clerk's alert says it."""
    want = json.loads((MACHINE_DATA / f"{name}.expected.json").read_text(encoding="utf-8"))
    result = parse_message((MACHINE_DATA / f"{name}.eml").read_bytes(), directory=directory,
                           timezone=CITY_TZ)
    assert (result.reject_reason, result.kind) == (want["reject_reason"], want["kind"])
    assert result.recipient == want["recipient"] and want["recipient"] in result.detail


def test_a_forwarded_bounce_is_named_a_bounce_unless_a_resident_wrote_in_it(
        directory: Directory) -> None:
    """The office forwarding a failure notice it got is no case; a resident's letter inside
    the same forward is that resident's complaint, the mail system never its writer."""
    raw = (MACHINE_DATA / "forward-apple-bounce.eml").read_bytes()
    alone = parse_message(raw, directory=directory, timezone=CITY_TZ)
    assert (alone.reject_reason, alone.kind) == ("bounce", "delivery_status")
    assert "mayor@city.test forwarded" in alone.detail
    letter = ("\n\nFrom: Dana Whitfield <dana@example.net>\nDate: Thu, Dec 3, 2026 at 9:14 AM\n"
              "Subject: ethics complaint\n\nOn December 1, 2026 Parks Director Gary Pruitt "
              "gave the $38,400 mowing contract to his sister's husband, which violates "
              "2.94.030 because a relative has a financial interest in it.\n\nDana Whitfield\n"
              "12 Elm Street, Riverton\n(509) 555-0134\n")
    with_letter = parse_message(raw.replace(b"\nSent from my iPad", letter.encode() +
                                            b"\nSent from my iPad"),
                                directory=directory, timezone=CITY_TZ)
    assert with_letter.accepted and with_letter.filing is not None, with_letter.detail
    assert with_letter.filing.complainant.email == "dana@example.net"


@pytest.mark.parametrize(("head", "body"), [
    ("From: post_master@vtext.example", "Error: 550 - Requested action not taken: no such "
     "user here\n"),  # the local part alone: Verizon's
    ("From: sysadmin@vzwpix.example", "Message could not be delivered to mobile.\nError: No "
     "valid recipients for this MM\n"),
    ("From: no-reply@dion.example.jp", "Your mail sent on: Sat, 05 Dec 2026 10:05:14 +0900\n"
     "    Could not be delivered to: <a@au.example.jp>\n"),
])
def test_carriers_bounces_without_a_status_code_are_bounces(head: str, body: str) -> None:
    msg = parse_bytes(f"{head}\nContent-Type: text/plain; charset=utf-8\n\n{body}".encode())
    found = machine_generated(msg)
    assert found is not None and (found.reason, found.kind) == ("bounce", "delivery_status")


@pytest.mark.parametrize(("text", "named"), [
    ("Presento una denuncia contra el concejal Hale.", ["Tom Hale"]),
    ("la concejala Ortiz envió los pliegos", ["Maria Ortiz"]),
    ("el director de parques Pruitt adjudicó el contrato", ["Gary Pruitt"]),
    ("la subjefa de bomberos Bates aceptó dos noches", ["Lorna Bates"]),
    ("la comisionada de planificación Ostrowski votó", ["Helen Ostrowski"]),
    ("la alcaldesa Lindqvist firmó el contrato", ["Teresa Lindqvist"]),
    # as in English, never a surname or a title alone (§6: the wrong official informed)
    ("Ortiz envió los pliegos", []),
    ("el alcalde lo sabía", []),
    # French
    ("Je dépose une plainte contre le conseiller municipal Hale.", ["Tom Hale"]),
    ("la conseillère Ortiz a envoyé les documents", ["Maria Ortiz"]),
    ("le directeur des parcs Pruitt a attribué le contrat", ["Gary Pruitt"]),
    ("la cheffe adjointe des pompiers Bates a accepté", ["Lorna Bates"]),
    ("la commissaire à l'urbanisme Ostrowski a voté", ["Helen Ostrowski"]),
    ("la maire Lindqvist a signé le contrat", ["Teresa Lindqvist"]),
    ("le maire le savait", []),
])
def test_officials_are_named_by_their_spanish_and_french_titles(
        text: str, named: list[str], directory: Directory) -> None:
    """Issue 40: a complaint in Spanish or French names officials its own way."""
    found = directory.match_respondents(in_directory_titles(text))
    assert [p.name for p in found] == named


FORM = ("From: Renée Castillo <clerk@city.test>\nTo: ethics-intake@city.test\nSubject: Ethics "
        "complaint form received at the counter\nDate: Mon, 07 Dec 2026 09:00:00 -0800\n"
        "Content-Type: text/plain; charset=utf-8\n\nTyped from the paper form.\n\n"
        "Complainant Name: Bart Kowalczyk\nMailing Address: 2640 Quail Run Road, Riverton, WA "
        "99301\nDaytime Phone: 509-555-0158\nOfficial Complained Against: Gary Pruitt, Parks "
        "Director\nCode Section(s) Violated: RMC 2.94.030\nStatement of Facts:\nOn May 19, 2026 "
        "Gary Pruitt awarded the $38,400 mowing contract to his sister's husband.\n"
        "Why This Is a Violation:\n{why}\nSignature: /s/ Bart Kowalczyk\n")


@pytest.mark.parametrize(("why", "has_reasons"), [
    ("It violates RMC 2.94.030.", False),  # the section again, not why
    ("2.94.030 bars officials from awarding contracts to relatives, and the contract went "
     "to his sister's husband.", True),
])
def test_a_forms_reasons_field_holding_only_a_citation_is_no_reason(
        why: str, has_reasons: bool, directory: Directory) -> None:
    result = parse_message(FORM.format(why=why).encode(), directory=directory,
                           timezone=CITY_TZ)
    assert result.accepted and result.filing is not None, result.detail
    assert (Element.REASONS not in result.filing.missing) is has_reasons
    assert Element.FACTS not in result.filing.missing
    assert Element.CODE_SECTIONS not in result.filing.missing


def test_a_city_employees_own_message_around_a_forwarded_bounce_is_theirs(
        directory: Directory) -> None:
    """Only what the forwarders alone pass on is machine mail: a council member who writes
    their complaint above the bounce they got is read as a complaint, as before."""
    raw = (MACHINE_DATA / "forward-apple-bounce.eml").read_bytes()
    head, body = raw.split(b"\n\n", 1)
    own = ("Renée, please file this.\n\n---------- Forwarded message ---------\nFrom: Anita "
           "Brandt <abrandt@city.test>\nDate: Fri, Dec 4, 2026 at 6:00 PM\nSubject: ethics "
           "complaint\nTo: <mayor@city.test>\n\nOn December 1, 2026 Parks Director Gary Pruitt "
           "gave the $38,400 mowing contract to his sister's husband, which violates 2.94.030 "
           "because a relative has a financial interest in it. My mail to him bounced:\n\n")
    result = parse_message(head + b"\n\n" + own.encode() + body, directory=directory,
                           timezone=CITY_TZ)
    assert result.accepted and result.filing is not None, result.detail
    assert result.filing.respondents == ("Gary Pruitt",)


def test_what_a_forwarded_bounce_returns_inline_is_not_someone_writing_in_it(
        directory: Directory) -> None:
    """Apple Mail shows the returned message under the bounce: our own notice there is what
    bounced, not a city employee's message, and the forward stays a bounce."""
    raw = (MACHINE_DATA / "forward-apple-bounce.eml").read_bytes()
    returned = ("\n>\n> From: EthicsBot <ethics-intake@city.test>\n> Subject: Notice of ethics "
                "complaint\n> Date: December 4, 2026 at 5:05:10 PM PST\n> To: "
                "gpruitt@parks.example.org\n>\n> An ethics complaint naming you was received.\n")
    result = parse_message(raw.rstrip(b"\n") + returned.encode(), directory=directory,
                           timezone=CITY_TZ)
    assert (result.reject_reason, result.kind) == ("bounce", "delivery_status"), result.detail


@pytest.mark.parametrize("text", ["\n" * GLANCE_TEXT, " \n" * (GLANCE_TEXT // 2),
                                  "<" + "a" * GLANCE_TEXT, ("<" + "a" * 60 + "@") * 250])
def test_a_bounces_recipient_is_looked_for_in_linear_time(text: str) -> None:
    """A line-start pattern whose leading `\\s*` spans lines rescans every blank line
    after it: 16 KB of newlines once took 2.4 s."""
    started = time.perf_counter()
    assert recipient_in(text) is None
    machine_generated(parse_bytes(f"From: a@example.org\n\n{text}".encode()))
    assert time.perf_counter() - started < 0.5
