"""The pieces of mail parsing, one rule at a time, and properties over hostile input."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cases.directory import Directory
from mail.parsing import IntakeResult, intake_json, parse_message
from mail.parsing.classify import default_own_domains
from mail.parsing.contact import normalise_phone
from mail.parsing.dates import parse_date
from mail.parsing.forwards import split_inline
from mail.parsing.htmltext import html_to_text
from mail.parsing.labels import field_of
from mail.parsing.limits import LimitExceeded, MailLimits
from mail.parsing.pdf import read_pdfs
from mail.parsing.sections import find_sections, section_pattern
from tests.budget import examples
from tests.unit.mail.conftest import CITY_TZ, CORPUS

PDT, PST = timezone(timedelta(hours=-7)), timezone(timedelta(hours=-8))


def message(sender: str, subject: str, body: str, **headers: str) -> bytes:
    head = {"From": sender, "To": "ethics-intake@city.test", "Subject": subject,
            "Date": "Fri, 6 Mar 2026 10:00:00 -0800", **headers}
    lines = [f"{k.replace('_', '-')}: {v}" for k, v in head.items()]
    return ("\n".join(lines) + "\nContent-Type: text/plain; charset=utf-8\n\n" + body).encode()


COMPLAINT = ("I file an ethics complaint: Parks Director Gary Pruitt accepted a $400 dinner\n"
             "from a bidder on March 2, 2026, which violates 2.94.040(B).\n")


# -- code sections -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "sections"), [
    ("Section 2.94.030 of the code", ["2.94.030"]),
    ("RMC 2.94.040 (B) and Sec. 2.94.070(A)", ["2.94.040(B)", "2.94.070(A)"]),
    ("§ 2.94.040(B) and (C)", ["2.94.040(B)", "2.94.040(C)"]),
    ("2.94.040(A), (B) or (C)", ["2.94.040(A)", "2.94.040(B)", "2.94.040(C)"]),
    ("2.94.050(A)(1) and (2)", ["2.94.050(A)(1)", "2.94.050(A)(2)"]),
    ("in violation of RMC 2.94.060 (use or disclosure of confidential information)",
     ["2.94.060"]),
    ("(2.94.050(A)(2)). Later 2.94.050(A)(1), then 2.94.050(A)(2) again",
     ["2.94.050(A)(2)", "2.94.050(A)(1)"]),
    ("ETHICS COMPLAINT FORM (RMC Chapter 2.94); 12.94.030; 2.94.0301", []),
])
def test_sections_are_normalised_unique_and_in_order(text: str, sections: list[str]) -> None:
    assert list(find_sections([text])) == sections


def test_the_chapter_is_a_parameter() -> None:
    text = "violates 3.12.010(A) but not 2.94.030"
    assert find_sections([text], section_pattern("3.12")) == ("3.12.010(A)",)


def test_parse_message_takes_a_section_pattern(directory: Directory) -> None:
    raw = message("mayor@city.test", "Fwd: ethics complaint",
                  COMPLAINT.replace("2.94.040(B)", "3.12.010(A)"))
    default = parse_message(raw, directory=directory, timezone=CITY_TZ)
    custom = parse_message(raw, directory=directory, timezone=CITY_TZ,
                           section_pattern=section_pattern("3.12"))
    assert default.filing and default.filing.code_sections == ()
    assert custom.filing and custom.filing.code_sections == ("3.12.010(A)",)
    with pytest.raises(re.error):  # a broken pattern is the caller's bug, said at once
        parse_message(raw, directory=directory, timezone=CITY_TZ, section_pattern="(")


@pytest.mark.parametrize(("label", "kind"), [
    ("Complainant Name", "name"), ("ComplainantName", "name"), ("Business name", None),
    ("Mailing Address", "address"), ("Address (where mail can be delivered)", "address"),
    ("Property address", None), ("Daytime Phone", "phone"), ("txtPhone", "phone"),
    ("E-mail address", "email"), ("Zip Code", None), ("Code Section(s) Violated", "sections"),
    ("Official Complained Against", "respondent"), ("Statement of Facts", "facts"),
    ("Why the facts violate those sections", "reasons"), ("Signature", "signature"),
    ("Note", None), ("Office", None),
])
def test_form_labels_are_recognised_strictly_for_contact_fields(
        label: str, kind: str | None) -> None:
    assert field_of(label) == kind


# -- phones and dates ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "e164"), [
    ("(509) 555-0134", "+15095550134"),
    ("Daytime Phone: 509-555-0158", "+15095550158"),
    ("Cell: 509.555.0187", "+15095550187"),
    ("509 555 0165", "+15095550165"),
    ("+1 509-555-0126", "+15095550126"),
    ("1-509-555-0126", "+15095550126"),
    ("Riverton, WA 99301 on 2026-06-09", None),
])
def test_phone_numbers_become_e164(text: str, e164: str | None) -> None:
    assert normalise_phone(text) == e164


@pytest.mark.parametrize(("printed", "expected"), [
    # zone-less: wall-clock time in Los Angeles, daylight saving included
    ("Saturday, March 7, 2026 10:00 AM", datetime(2026, 3, 7, 10, 0, tzinfo=PST)),
    ("Sunday, March 8, 2026 10:00 AM", datetime(2026, 3, 8, 10, 0, tzinfo=PDT)),
    ("Sat, Oct 31, 2026 at 11:59 PM", datetime(2026, 10, 31, 23, 59, tzinfo=PDT)),
    ("Sunday, November 1, 2026 10:00 AM", datetime(2026, 11, 1, 10, 0, tzinfo=PST)),
    ("Tue, Jun 9, 2026 at 7:42 AM", datetime(2026, 6, 9, 7, 42, tzinfo=PDT)),
    ("12 June 2026 at 14:05", datetime(2026, 6, 12, 14, 5, tzinfo=PDT)),
    # a printed zone is kept
    ("August 4, 2026 at 9:51:27 PM PDT", datetime(2026, 8, 4, 21, 51, 27, tzinfo=PDT)),
    ("Wed, 22 Jul 2026 21:10:44 +0530",
     datetime(2026, 7, 22, 21, 10, 44, tzinfo=timezone(timedelta(hours=5, minutes=30)))),
    ("Mon, 21 Sep 2026 14:31:55 -0000", datetime(2026, 9, 21, 14, 31, 55, tzinfo=UTC)),
])
def test_dates_are_read_in_the_city_zone_unless_they_carry_one(
        printed: str, expected: datetime) -> None:
    got = parse_date(printed, CITY_TZ)
    assert got == expected and got.utcoffset() == expected.utcoffset()


@pytest.mark.parametrize("printed", ["", "soon", "February 30, 2026 10:00 AM", "13:99 PM"])
def test_unreadable_dates_are_none(printed: str) -> None:
    assert parse_date(printed, CITY_TZ) is None


# -- HTML and forward headers --------------------------------------------------------------

def test_html_keeps_lines_blank_paragraphs_and_header_rows() -> None:
    html = ('<style>p {x}</style><p class=MsoNormal>Hello,<o:p></o:p></p>\n'
            '<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n<p>Dana<br>1 Elm St</p>'
            '<table><tr><th>Subject: </th><td>Fwd</td></tr></table>')
    # Word's paragraphs have no margin (its style sheet); a plain <p> is set apart
    assert html_to_text(html) == "Hello,\n\nDana\n1 Elm St\n\nSubject: \tFwd"


def test_outlook_original_message_with_mailto_and_wrapped_gmail_attribution() -> None:
    text = ("Note.\n\n-----Original Message-----\nFrom: Pat Quinn [mailto:pq@example.org]\n"
            "Sent: Sunday, March 8, 2026 10:30 AM\nTo: Admin\nSubject: x\n\nFirst.\n\n"
            "On Sat, Mar 7, 2026 at 9:00 AM Lee Ray <\nlee@example.net> wrote:\n> Older.\n")
    lead, inner = split_inline(text, CITY_TZ)
    assert lead == "Note."
    assert [(s.name, s.email, s.text) for s in inner] == [
        ("Pat Quinn", "pq@example.org", "First."), ("Lee Ray", "lee@example.net", "Older.")]
    assert inner[0].date == datetime(2026, 3, 8, 10, 30, tzinfo=PDT)


# -- rejections ----------------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "reason"), [
    # a bounce that is also auto-submitted is a bounce
    (message("MAILER-DAEMON@city.test", "Undelivered Mail Returned to Sender", COMPLAINT,
             Auto_Submitted="auto-replied"), "bounce"),
    (message("Microsoft Outlook <postmaster@city.test>", "Undeliverable: notice", COMPLAINT),
     "bounce"),
    # machine mail from an allowed forwarder is still machine mail
    (message("mayor@city.test", "Fwd: ethics complaint", COMPLAINT, X_Autoreply="yes"),
     "auto_reply"),
    (message("mayor@city.test", "Automatic reply: ethics complaint", COMPLAINT), "auto_reply"),
    # a reply to our notice is not a new complaint, whoever sends it
    (message("mayor@city.test", "RE: [ETH-2026-0007] Notice", COMPLAINT), "not_a_complaint"),
    (message("someone@example.com", "Re: notice", COMPLAINT,
             In_Reply_To="<eth-2026-0007.notice.1@ethicsbot.city.test>"), "not_a_complaint"),
    (message("spam@example.com", "Cheap pills", "Buy now.", X_Spam_Flag="YES"),
     "not_a_complaint"),
    (message("mayor@city.test", "lunch Tuesday?", "Can we move lunch?"), "not_a_complaint"),
    (message("mayor@city.test", "Fwd: Ortiz", "Councilmember Ortiz took a bribe."), None),
    (message("stranger@example.com", "hello", "Nice town."), "not_a_complaint"),
    # a real complaint from anyone else: compared case-insensitively
    (message("Resident <resident@example.com>", "ethics complaint", COMPLAINT),
     "sender_not_allowed"),
    (message("MAYOR@CITY.TEST", "Fwd: ethics complaint", COMPLAINT), None),
])
def test_rejections_follow_the_precedence(raw: bytes, reason: str | None,
                                          directory: Directory) -> None:
    result = parse_message(raw, directory=directory, timezone=CITY_TZ)
    assert (result.accepted, result.reject_reason) == (reason is None, reason)
    assert result.detail.endswith(".")


def test_own_domains_default_and_override(directory: Directory) -> None:
    assert default_own_domains(directory) == ("ethicsbot.city.test",)
    raw = message("mayor@city.test", "Re: your message", COMPLAINT,
                  References="<abc.ack.1@bot.example.org>")
    assert parse_message(raw, directory=directory, timezone=CITY_TZ).accepted
    ours = parse_message(raw, directory=directory, timezone=CITY_TZ,
                         own_domains=("bot.example.org",))
    assert ours.reject_reason == "not_a_complaint"


def test_case_tag_and_message_id_are_kept(directory: Directory) -> None:
    raw = message("mayor@city.test", "Re: hello", "Thanks.", Message_ID="<m1@city.test>",
                  References="<eth-2026-0031.ack.2@ethicsbot.city.test>")
    result = parse_message(raw, directory=directory, timezone=CITY_TZ)
    assert (result.case_tag, result.message_id) == ("ETH-2026-0031", "<m1@city.test>")


# -- hostile input -------------------------------------------------------------------------

def assert_handled(result: IntakeResult) -> None:
    """Read deliberately: not via the last-resort handler, and printable as UTF-8 JSON."""
    assert isinstance(result, IntakeResult)
    assert "internal error" not in result.detail, result.detail
    assert result.received_at.utcoffset() is not None
    json.dumps(intake_json(result), ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize("raw", [
    b"", b"\r\n\r\n", b"\x00\xff\xfe\x80garbage", b"no headers, an ethics complaint\n",
    b"From: mayor@city.test\n", b"From: mayor@city.test\nSubject: =?bogus?Q?x?=\n\n\xff\xfe",
    b"From: mayor@city.test\nContent-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type:",
    b"From: \xc3\x28 <mayor@city.test>\nSubject: \xe9thics complaint\n\n2.94.030 \xff",
    b"From: mayor@city.test\nContent-Type: text/plain; charset=no-such-charset\n\n\xe9thics",
    b"From: mayor@city.test\nContent-Transfer-Encoding: base64\n\n!!!not base64",
])
def test_garbage_never_raises(raw: bytes, directory: Directory) -> None:
    assert_handled(parse_message(raw, directory=directory, timezone=CITY_TZ))


@pytest.mark.parametrize("depth", [60, 3000])
def test_absurdly_nested_mime_is_refused_with_a_reason(depth: int, directory: Directory) -> None:
    head = b"From: mayor@city.test\nSubject: Fwd: ethics complaint\n"
    nested = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i)
                      for i in range(depth))
    result = parse_message(head + nested + b"Content-Type: text/plain\n\n2.94.030\n",
                           directory=directory, timezone=CITY_TZ)
    assert result.reject_reason == "over_limit" and "nested more than 20 deep" in result.detail
    assert result.limit == "ETHICSBOT_MAIL_MAX_DEPTH=20"
    assert_handled(result)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=3000))
def test_arbitrary_bytes_never_raise(raw: bytes, directory: Directory) -> None:
    assert_handled(parse_message(raw, directory=directory, timezone=CITY_TZ))


# the public corpus's small messages and the real-mail corpus (every client, every machine)
SMALL = [p for d in ("intake", "clients", "machine")
         for p in sorted((CORPUS.parent / d).glob("*.eml")) if p.stat().st_size < 100_000]


@settings(max_examples=examples(250), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_corpus_messages_never_raise(data: st.DataObject, directory: Directory) -> None:
    raw = bytearray(data.draw(st.sampled_from(SMALL), label="message").read_bytes())
    for _ in range(data.draw(st.integers(0, 12), label="edits")):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at:at + data.draw(st.integers(0, 40))] = data.draw(st.binary(max_size=40))
        if not raw:
            break
    if data.draw(st.booleans(), label="truncate") and raw:
        del raw[data.draw(st.integers(0, len(raw))):]
    assert_handled(parse_message(bytes(raw), directory=directory, timezone=CITY_TZ))


# -- PDFs ----------------------------------------------------------------------------------

def corpus_pdf(name: str) -> bytes:
    from mail.parsing.mime import files, parse_bytes
    msg = parse_bytes((CORPUS / name).read_bytes())
    return next(f.data() for f in files(msg) if f.name.endswith(".pdf"))


def test_pdf_form_values_and_letter_text_are_read() -> None:
    form, letter = read_pdfs([corpus_pdf("owa-empty-body-acroform.eml"),
                              corpus_pdf("owa-forward-pdf-letter.eml")], MailLimits())
    assert form.problem is None and form.fields["Phone"] == "(509) 555-0149"
    assert "908 Orchard Lane" in letter.text and letter.fields == {}


@pytest.mark.parametrize(("limits", "name"), [
    (MailLimits(max_pdf_bytes=1000), "max_pdf_bytes"),
    (MailLimits(max_pdf_seconds=0.01), "max_pdf_seconds"),
    (MailLimits(max_pdfs=1), "max_pdfs"),
    (MailLimits(max_pdf_pages=1), "max_pdf_pages"),
])
def test_a_message_s_pdfs_past_a_limit_raise_with_the_limit_named(
        limits: MailLimits, name: str) -> None:
    pdf = corpus_pdf("owa-forward-pdf-letter.eml")
    with pytest.raises(LimitExceeded) as caught:
        read_pdfs([pdf, pdf], limits)
    assert caught.value.name == name
    assert caught.value.setting == limits.setting(name)


def letter_pages(pages: int) -> bytes:
    from tests.unit.mail.hostile import pages_pdf

    return pages_pdf([b"".join(
        b"BT /F1 12 Tf 72 %d Td (Page %d, line %d of the letter.) Tj ET\n"
        % (700 - 14 * line, page, line) for line in range(40)) for page in range(1, pages + 1)])


def test_pages_past_the_text_time_are_told_not_refused_and_a_letter_is_read_whole() -> None:
    from tests.unit.mail.hostile import TEXT_RUN, pdf

    overlap = pdf(TEXT_RUN * 800)  # layout analysis is quadratic in lines that overlap
    letter, slow = read_pdfs([letter_pages(3), overlap], MailLimits())
    assert letter.problem is None and "Page 3, line 39 of the letter." in letter.text
    assert slow.problem is not None and slow.text == ""
    assert slow.problem.startswith("was read for text on 0 of its 1 pages")
    assert MailLimits().setting("max_pdf_text_seconds") in slow.problem
    assert "kept with the message" in slow.problem


def test_a_city_that_allows_more_time_has_a_long_document_read_whole() -> None:
    [long] = read_pdfs([letter_pages(30)], MailLimits(max_pdf_text_seconds=8.0))
    assert long.problem is None and "Page 30, line 39 of the letter." in long.text


def test_a_broken_or_foreign_file_is_a_problem_not_a_limit() -> None:
    pdf = corpus_pdf("owa-forward-pdf-letter.eml")
    exe, broken = read_pdfs([b"MZ\x90\x00 an exe", pdf[: len(pdf) // 3]], MailLimits())
    assert exe.problem == "is not a PDF file"
    assert broken.problem and "unreadable" in broken.problem


def test_json_has_the_corpus_keys_plus_respondents_flags_kind_recipient_and_limit(
        directory: Directory) -> None:
    raw = (CORPUS / "gmail-forward-letter.eml").read_bytes()
    out = intake_json(parse_message(raw, directory=directory, timezone=CITY_TZ))
    assert list(out) == ["accepted", "reject_reason", "received_at", "forwarded_by",
                         "complainant", "code_sections", "attachments", "missing",
                         "respondents", "flags", "kind", "recipient", "limit",
                         "language"]
    assert out["respondents"] == ["Gary Pruitt"] and out["language"] == "en"
    assert out["flags"] == [] and out["kind"] is None and out["limit"] is None
    assert out["recipient"] is None  # a bounce's: whom it could not reach (issue 40)
