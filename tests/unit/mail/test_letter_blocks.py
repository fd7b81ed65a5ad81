"""A letter's contact block is read wherever the letter is, with the same rules (issue 40,
items 1 and 2): in a PDF whose text has a blank line between the lines of its letterhead
(a word processor's paragraph spacing) or between every line (a PDF library's loose
leading), in HTML whose paragraphs are set apart by margins (Outlook's rendering of a
forwarded message), and on one line between middle dots. The complainant is the letter's
writer, not whoever carried it; a letter attached as evidence changes nothing.

The corpus forwards 93-96 (tests/data/clients, written by tests/data/realmail/make.py)
are the whole messages; these tests pin each rule on its own.
"""

from __future__ import annotations

import base64

from fpdf import FPDF

from cases.directory import Directory
from cases.filing import Complainant
from mail.parsing import intake_json, parse_message
from mail.parsing.contact import Contact, block_contact, is_contact_line, pieces
from mail.parsing.htmltext import html_to_text, spaced
from mail.parsing.limits import MailLimits
from mail.parsing.pdf import read_pdfs
from mail.parsing.prose import without_salutations
from mail.parsing.signature import contact_under, signer
from mail.parsing.withheld import without_contact
from tests.unit.mail.conftest import CITY_TZ
from tests.unit.mail.hostile import message, parse_bounded

LETTERHEAD = ["Priscilla Nakamura", "1502 Hollis Court", "Riverton, WA 99303",
              "(509) 555-0185", "pnakamura@example.org"]
HERS = Contact("1502 Hollis Court, Riverton, WA 99303", "+15095550185",
               "pnakamura@example.org")
BODY = ("On June 1, 2026, Council Member Tom Hale voted to lease the old depot to Hale & "
        "Sons Storage, the company he co-owns with his son, for $1 a year.\n\nUnder "
        "Section 2.94.030 he was barred from voting on a lease to his own company.")


def spaced_out(lines: list[str]) -> str:
    """Lines as a PDF's text has them when each is its own paragraph: a blank between."""
    return "\n\n".join(lines)


# -- one line, between separators ----------------------------------------------------------

def test_a_letterhead_on_one_line_is_read_as_the_lines_it_stands_for() -> None:
    line = "1502 Hollis Court, Riverton, WA 99303 · (509) 555-0185 · pnakamura@example.org"
    assert pieces(line) == ["1502 Hollis Court, Riverton, WA 99303", "(509) 555-0185",
                            "pnakamura@example.org"]
    assert block_contact([line]) == HERS
    assert block_contact(["1502 Hollis Court | Riverton, WA 99303",
                          "Tel. (509) 555-0185 | pnakamura@example.org"]) == HERS
    assert contact_under(f"Priscilla Nakamura\n{line}\n\nDear Mayor,", "Priscilla Nakamura") \
        == HERS


def test_a_hyphen_or_a_comma_is_no_separator() -> None:
    assert pieces("Smith-Jones, Riverton") == ["Smith-Jones, Riverton"]
    assert not is_contact_line("Hale & Sons Storage - the company")


# -- blank lines inside a block ------------------------------------------------------------

def test_a_letterhead_with_paragraph_spacing_is_one_block() -> None:
    text = spaced_out(LETTERHEAD) + "\n\n\nDecember 1, 2026\n\nDear Mayor Lindqvist:\n\n" + BODY
    assert contact_under(text, "Priscilla Nakamura") == HERS


def test_a_signature_with_paragraph_spacing_and_no_closing_word_is_signed() -> None:
    text = ("Dear Mayor Lindqvist:\n\n" + BODY + "\n\nThank you for your attention to this "
            "matter.\n\n" + spaced_out(LETTERHEAD))
    assert signer(text) == "Priscilla Nakamura"
    assert contact_under(text, "Priscilla Nakamura") == HERS


def test_prose_after_a_blank_line_is_not_part_of_a_block() -> None:
    text = ("Priscilla Nakamura\n1502 Hollis Court\n\n12 years ago the council passed the "
            "depot lease without any discussion of who would be the tenant, and (509) "
            "555-0100 is the number of the clerk who told me so.")
    assert contact_under(text, "Priscilla Nakamura") == Contact("1502 Hollis Court")
    # a text ending in such a paragraph is not signed by the name above it
    assert signer("Dear Mayor,\n\n" + BODY + "\n\nPriscilla Nakamura\n\nCall the clerk at "
                  "(509) 555-0100 and ask her about the depot lease and who proposed the "
                  "tenant before the council ever discussed it in public.") is None


def test_two_blank_lines_end_a_block() -> None:
    text = "I ask the Board to look into this.\n\nPriscilla Nakamura\n\n\n(509) 555-0185"
    assert signer(text) is None
    assert contact_under(text, "Priscilla Nakamura") == Contact()


def test_a_letterhead_with_paragraph_spacing_goes_from_the_facts_whole() -> None:
    text = spaced_out(LETTERHEAD) + "\n\nDear Mayor Lindqvist:\n\n" + BODY
    who = Complainant(name="Priscilla Nakamura", email=HERS.email, phone=HERS.phone,
                      address=HERS.address)
    facts = without_contact(text, who, ())
    assert facts.startswith("Dear Mayor Lindqvist:") and "Riverton, WA 99303" not in facts


def test_an_inside_address_typed_line_by_line_is_not_read_for_respondents() -> None:
    text = (spaced_out([*LETTERHEAD, "December 1, 2026", "The Honorable Teresa Lindqvist",
                        "Mayor, City of Riverton", "100 E Main Street",
                        "Riverton, WA 99301"]) + "\n\nDear Mayor Lindqvist:\n\n" + BODY)
    kept = without_salutations(text)
    assert "Lindqvist" not in kept and "Tom Hale" in kept and "Priscilla Nakamura" in kept


# -- PDF text --------------------------------------------------------------------------

def loose_pdf(lines: list[str]) -> bytes:
    """A letter as fpdf2 writes it with 6 mm cells for 11 pt text (loose leading)."""
    doc = FPDF(format="letter")
    doc.add_page()
    doc.set_font("Helvetica", size=11)
    for line in lines:
        doc.multi_cell(0, 6, line or " ", new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())


def test_a_pdf_set_with_loose_leading_keeps_its_blocks() -> None:
    lines = [*LETTERHEAD, "", "Dear Mayor Lindqvist:", "",
             "On June 1, 2026, Council Member Tom Hale voted to lease the old depot to",
             "Hale & Sons Storage, the company he co-owns with his son, for $1 a year."]
    (content,) = read_pdfs([loose_pdf(lines)], MailLimits())
    text = content.text
    assert "\n".join(LETTERHEAD) + "\n\nDear Mayor Lindqvist:" in text
    assert "lease the old depot to\nHale & Sons Storage" in text  # one paragraph


# -- HTML paragraphs ---------------------------------------------------------------------

def test_html_paragraphs_are_set_apart_as_a_reader_sees_them() -> None:
    assert spaced("<p>") and spaced('<p style="margin: 0 0 10px">')
    assert not spaced('<p style="margin-top:0;margin-bottom:0">')
    assert not spaced("<p class=MsoNormal>") and not spaced('<p class="x_MsoNormal">')
    assert spaced('<p class="MsoNormal" style="margin-bottom:12.0pt">')
    assert spaced("<p class=MsoNormal style='mso-margin-top-alt:auto;"
                  "mso-margin-bottom-alt:auto'>")
    assert not spaced('<p class=MsoNormal style="margin:0in;margin-bottom:.0001pt">')
    word = ('<p class=MsoNormal>Marcus Holt<o:p></o:p></p><p class=MsoNormal>City '
            'Administrator<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>')
    assert html_to_text(word) == "Marcus Holt\nCity Administrator"
    assert html_to_text("<p>Thank you.</p><p>Carlos Mendoza<br>77 Orchard Lane</p><p>x") \
        == "Thank you.\n\nCarlos Mendoza\n77 Orchard Lane\n\nx"


def test_a_hostile_paragraph_tag_is_read_within_its_cap(directory: Directory) -> None:
    tag = "<p " + 'class=" style="margin:1pt ' * 40_000 + '">x</p>'
    got = parse_bounded(message(tag * 3 + "<p>" * 100_000, content_type="text/html; "
                                "charset=utf-8"), cpu_seconds=4, memory_mb=350)
    assert "killed" not in got, got


# -- whose letter it is -----------------------------------------------------------------

def with_pdf(note: str, pdf_data: bytes, *, sender: str = "Kevin Brooks <kbrooks@example.com>"
             ) -> bytes:
    """The mayor's forward, as an attachment, of mail that carried a PDF."""
    original = (f"From: {sender}\nTo: Teresa Lindqvist <mayor@city.test>\nSubject: Letter\n"
                "Date: Tue, 1 Dec 2026 10:00:00 -0800\nMessage-ID: <n1@example.com>\n"
                "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=IN\n\n--IN\n"
                f"Content-Type: text/plain; charset=utf-8\n\n{note}\n--IN\nContent-Type: "
                "application/pdf; name=letter.pdf\nContent-Disposition: attachment; "
                "filename=letter.pdf\nContent-Transfer-Encoding: base64\n\n"
                f"{base64.encodebytes(pdf_data).decode()}--IN--\n")
    return message("--OUT\nContent-Type: text/plain; charset=utf-8\n\nForwarding for "
                   f"intake.\n\n--OUT\nContent-Type: message/rfc822\n\n{original}\n--OUT--\n",
                   subject="FW: Letter", content_type="multipart/mixed; boundary=OUT")


def complainant(raw: bytes, directory: Directory) -> dict[str, str | None]:
    got = intake_json(parse_message(raw, directory=directory, timezone=CITY_TZ))
    assert got["accepted"], got
    found = got["complainant"]
    assert isinstance(found, dict)
    return found


def test_the_writer_of_a_letter_passed_on_is_the_complainant(directory: Directory) -> None:
    letter = loose_pdf([*LETTERHEAD, "", "Dear Mayor Lindqvist:", "", BODY, "", "Sincerely,",
                        "", "Priscilla Nakamura"])
    note = ("Mayor Lindqvist,\n\nMy neighbour asked me to send you her letter. Call me at "
            "(509) 555-0177 if needed.\n\nKevin Brooks\n12 Birch Street\nRiverton, WA 99301\n")
    assert complainant(with_pdf(note, letter), directory) == {
        "name": "Priscilla Nakamura", "email": "pnakamura@example.org",
        "phone": "+15095550185", "address": "1502 Hollis Court, Riverton, WA 99303"}


def test_a_letter_attached_as_evidence_leaves_the_complaint_its_writer_s(
        directory: Directory) -> None:
    evidence = loose_pdf(["Curtis Bell", "Green Edge Landscaping LLC", "88 Mill Road",
                          "Riverton, WA 99301", "(509) 555-0111", "", "Dear Mr. Pruitt:", "",
                          "Thank you for the Hollis Field mowing contract under section "
                          "2.94.030 of our agreement.", "", "Sincerely,", "", "Curtis Bell"])
    note = ("Mayor Lindqvist,\n\nI file an ethics complaint: on May 19, 2026 Parks Director "
            "Gary Pruitt gave the $38,400 mowing contract to his sister's husband, which "
            "violates 2.94.030 because he decided a contract his relative profits from. His "
            "thank-you letter is attached.\n\nSincerely,\n\nDana Whitfield\n1418 Larch Avenue\n"
            "Riverton, WA 99301\n(509) 555-0134\n")
    assert complainant(with_pdf(note, evidence, sender="Dana Whitfield <dwhitfield@example."
                                "net>"), directory) == {
        "name": "Dana Whitfield", "email": "dwhitfield@example.net", "phone": "+15095550134",
        "address": "1418 Larch Avenue, Riverton, WA 99301"}


def test_a_line_beginning_with_a_number_is_a_street_only_when_it_reads_as_one() -> None:
    """"12 trucks idled outside City Hall" starts like a street ("12 Elm ..."): it is none
    unless it reads as one (a suffix, few words) or an address's next line follows it."""
    assert block_contact(["12 trucks idled outside City Hall for an hour.", "Jane Doe",
                          "(509) 555-0134"]).address is None
    assert block_contact(["12 trucks", "(509) 555-0134"]).address is None
    assert block_contact(["Jane Doe", "412 Elm St", "(509) 555-0134"]).address == "412 Elm St"
    assert block_contact(["412 Birch", "Riverton, WA 99301"]).address == (
        "412 Birch, Riverton, WA 99301")
    assert block_contact(["1234 Calle Mayor", "Apt 3"]).address == "1234 Calle Mayor, Apt 3"
    assert block_contact(["PO Box 12", "Riverton, WA 99301"]).address == (
        "PO Box 12, Riverton, WA 99301")
