"""Issue 11's probes of intake, kept as tests: a hostile message is read within bounds or
refused with the limit named; a stranger's is decided from its headers; the parser
never crashes on odd headers; a look-alike domain is not the forwarder's; the facts
never carry the complainant's contact details; bidirectional controls are shown."""

from __future__ import annotations

import json
import tracemalloc
from dataclasses import fields
from pathlib import Path

import pytest

from cases.directory import Directory
from ethicsbot.bootstrap import parse_rules
from ethicsbot.directory_file import city_calendar
from ethicsbot.settings import Settings
from mail.parsing import intake_json, parse_message
from mail.parsing.limits import LIMIT_FIELDS, MailLimits, setting_name
from tests.unit.mail.conftest import CITY_TZ, CORPUS
from tests.unit.mail.hostile import (
    COMPLAINT,
    SHAPE,
    SHAPES,
    STRANGER,
    Shape,
    message,
    parse_bounded,
    text_pdf,
    with_files,
)

ROOT = Path(__file__).resolve().parents[3]
GMAIL = (CORPUS / "gmail-forward-letter.eml").read_bytes()  # dkim=pass by mx.city.test


def read(raw: bytes, directory: Directory, *, limits: MailLimits | None = None,
         trusted_authserv: str | None = None) -> dict[str, object]:
    more = {"limits": limits} if limits else {}
    result = parse_message(raw, directory=directory, timezone=CITY_TZ,
                           trusted_authserv=trusted_authserv, **more)
    return {**intake_json(result), "detail": result.detail,
            "limit": getattr(result, "limit", None)}


# -- bounded work -------------------------------------------------------------------------
# The ceilings (CPU seconds, MB) are far above the goals the bench shows (1 s, 150 MB; a
# stranger's 50 ms): they fail a hang or a blow-up, never a slow machine.

@pytest.mark.parametrize("shape", [s for s in SHAPES if not s.name.startswith("stranger")],
                         ids=lambda s: s.name)
def test_a_hostile_message_is_read_within_bounds_or_refused_with_its_limit(
        shape: Shape) -> None:
    got = parse_bounded(shape.build(), cpu_seconds=4, memory_mb=350)
    assert "killed" not in got, got
    if shape.stopped_by is None:
        assert got["accepted"], got
    else:
        assert (got["reason"], got["limit"]) == (
            "over_limit", MailLimits().setting(shape.stopped_by)), got
        assert got["limit"] in got["detail"] and "(from mayor@city.test)" in got["detail"]


@pytest.mark.parametrize("name", ["stranger_parts", "stranger_big", "stranger_json"])
def test_a_stranger_s_message_is_decided_from_its_headers(name: str) -> None:
    got = parse_bounded(SHAPE[name].build(), cpu_seconds=1, memory_mb=150)
    assert "killed" not in got, got
    assert got["reason"] == "sender_not_allowed" and got["limit"] is None, got


def test_a_stranger_s_message_past_every_limit_is_still_just_a_stranger_s(
        directory: Directory) -> None:
    tight = MailLimits(max_bytes=100, max_parts=1, max_depth=1, max_text_bytes=10)
    raw = message(COMPLAINT * 50, sender=STRANGER)
    assert read(raw, directory, limits=tight)["reject_reason"] == "sender_not_allowed"
    assert read(message("Lunch on Tuesday?", sender=STRANGER, subject="lunch"), directory,
                limits=tight)["reject_reason"] == "not_a_complaint"


@pytest.mark.parametrize(("limits", "raw", "name"), [
    (MailLimits(max_bytes=500), message(COMPLAINT * 10), "max_bytes"),
    (MailLimits(max_header_bytes=300), message(COMPLAINT, extra="X-Pad: " + "x" * 400 + "\n"),
     "max_header_bytes"),
    (MailLimits(max_parts=3), with_files([(f"{i}.txt", "text/plain", b"x") for i in range(3)]),
     "max_parts"),
    (MailLimits(max_text_bytes=200), message(COMPLAINT * 3), "max_text_bytes"),
    (MailLimits(max_pdfs=2), with_files([(f"{i}.pdf", "application/pdf", text_pdf("x"))
                                         for i in range(3)]), "max_pdfs"),
    (MailLimits(max_pdf_bytes=100), with_files([("a.pdf", "application/pdf", text_pdf("x"))]),
     "max_pdf_bytes"),
    (MailLimits(max_pdf_pages=2), with_files([(f"{i}.pdf", "application/pdf", text_pdf("x"))
                                              for i in range(3)]), "max_pdf_pages"),
    (MailLimits(max_pdf_seconds=0.001), with_files([("a.pdf", "application/pdf",
                                                     text_pdf("x"))]), "max_pdf_seconds"),
])
def test_a_message_past_a_limit_is_refused_with_the_setting_and_its_value(
        limits: MailLimits, raw: bytes, name: str, directory: Directory) -> None:
    got = read(raw, directory, limits=limits)
    assert got["accepted"] is False and got["reject_reason"] == "over_limit"
    assert got["limit"] == f"{setting_name(name)}={getattr(limits, name):g}"
    assert str(got["limit"]) in str(got["detail"])
    assert read(raw, directory)["accepted"], "within the default limits it is a complaint"


def test_an_encoded_word_subject_is_decoded_within_a_size_cap(directory: Directory) -> None:
    """12,000 encoded words took 1.5 GB to decode; allocations are counted, not timed."""
    raw = SHAPE["encoded_subject"].build()
    tracemalloc.start()
    try:
        result = parse_message(raw, directory=directory, timezone=CITY_TZ)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.accepted
    assert peak < 60 * 2**20, f"{peak / 2**20:.0f} MB allocated"


def test_one_overlong_header_is_read_in_part_and_the_complaint_still_opened(
        directory: Directory) -> None:
    got = read(message(COMPLAINT, subject="ethics " * 5000), directory)
    assert got["accepted"] and got["limit"] is None


def test_every_limit_is_a_setting_with_the_default_of_mail_limits(
        directory: Directory, monkeypatch: pytest.MonkeyPatch) -> None:
    example = (ROOT / ".env.example").read_text()
    defaults = Settings(_env_file=None)  # type: ignore[call-arg]
    for name in LIMIT_FIELDS:
        assert f"# {setting_name(name)}=" in example, name
        assert getattr(defaults, f"mail_{name}") == getattr(MailLimits(), name), name
    monkeypatch.setenv("ETHICSBOT_MAIL_MAX_PARTS", "7")
    monkeypatch.setenv("ETHICSBOT_MAIL_MAX_PDF_SECONDS", "2.5")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    rules = parse_rules(settings, directory, city_calendar(directory, None))
    assert (rules.limits.max_parts, rules.limits.max_pdf_seconds) == (7, 2.5)
    assert {f.name for f in fields(MailLimits)} == set(LIMIT_FIELDS)


# -- headers that crashed the parser ------------------------------------------------------

def forwarded(sent_line: str, **kw: str) -> bytes:
    return message(f"Forwarding for intake.\n\nFrom: Dana Whitfield <dana@example.net>\n"
                   f"{sent_line}\nTo: mayor@city.test\nSubject: complaint\n\n{COMPLAINT}",
                   **kw)


@pytest.mark.parametrize("raw", [
    forwarded("Sent: Monday, November 2, 2026 8:00 AM +2500"),
    forwarded("Date: Mon, 2 Nov 2026 08:00:00 +2500"),
    forwarded("Sent: Monday, November 2, 2026 8:00 AM +2500",
              extra="Received: from mx by mx.city.test; Mon, 2 Nov 2026 08:00:00 +2500\n"
              ).replace(b"Date: Mon, 2 Nov 2026 09:00:00 -0800\n", b""),
    message(COMPLAINT, sender="(" * 600 + "x" + ")" * 600 + " Teresa <mayor@city.test>"),
    message(COMPLAINT, content_type="text/plain; charset=utf-8 " + "(" * 600 + ")" * 600),
    forwarded("Sent: Monday, January 1, 0001 0:00 AM +0000"),
    forwarded("Date: Fri, 31 Dec 9999 23:59:59 -1200"),
], ids=["sent+2500", "date+2500", "received+2500", "nested-parens", "content-type-parens",
        "year-1", "year-9999"])
def test_a_genuine_complaint_with_one_odd_header_is_still_opened(
        raw: bytes, directory: Directory) -> None:
    got = read(raw, directory)
    assert got["accepted"], got["detail"]
    assert "internal error" not in str(got["detail"])


@pytest.mark.parametrize("empty", ["Authentication-Results:", "Authentication-Results: ;",
                                   "Authentication-Results:   ; dkim=pass header.d=city.test"])
def test_an_empty_authentication_results_header_counts_for_nothing(
        empty: str, directory: Directory) -> None:
    got = read(empty.encode() + b"\n" + GMAIL, directory, trusted_authserv="mx.city.test")
    assert got["accepted"], got["detail"]
    alone = read(empty.encode() + b"\n" + message(COMPLAINT), directory,
                 trusted_authserv="mx.city.test")
    assert alone["reject_reason"] == "sender_not_allowed"
    assert "no Authentication-Results from mx.city.test" in str(alone["detail"])


# -- forwarder authentication -------------------------------------------------------------

@pytest.mark.parametrize(("results", "accepted"), [
    ("dkim=pass header.d=city.test", True),
    ("dkim=pass header.d=mail.city.test", True),  # a subdomain of the forwarder's
    ("dkim=pass header.d=evilcity.test", False),  # a look-alike is not
    ("dkim=pass header.d=city.test.evil.example", False),
    ("dkim=pass header.d=test", False),
    ("dmarc=pass header.from=city.test", True),
    ("dmarc=pass header.from=evilcity.test", False),  # judged on another From
    ("dmarc=pass", False),  # on which From, it does not say
])
def test_the_dkim_or_dmarc_domain_is_the_forwarder_s_exactly_or_dot_bounded(
        results: str, accepted: bool, directory: Directory) -> None:
    raw = f"Authentication-Results: mx.city.test; {results}\n".encode() + message(COMPLAINT)
    got = read(raw, directory, trusted_authserv="mx.city.test")
    assert got["accepted"] is accepted, got["detail"]


def test_checking_is_on_whenever_the_trusted_server_is_configured(
        directory: Directory) -> None:
    calendar = city_calendar(directory, None)
    off = parse_rules(Settings(_env_file=None), directory, calendar)  # type: ignore[call-arg]
    on = parse_rules(Settings(_env_file=None, trusted_authserv_id="mx.city.test"),  # type: ignore[call-arg]
                     directory, calendar)
    assert (off.trusted_authserv, on.trusted_authserv) == (None, "mx.city.test")
    forged = message(COMPLAINT)  # From: the mayor, no server vouching for it
    assert off.parse(forged).accepted and not on.parse(forged).accepted


# -- the complainant's contact details stay out of the facts ------------------------------

ACCEPTED = [p for p in sorted(CORPUS.glob("*.eml")) if json.loads(
    p.with_name(p.name.replace(".eml", ".expected.json")).read_text())["accepted"]]


@pytest.mark.parametrize("path", ACCEPTED, ids=lambda p: p.stem)
def test_the_facts_and_reasons_never_show_the_complainant_s_contact_details(
        path: Path, directory: Directory) -> None:
    filing = parse_message(path.read_bytes(), directory=directory, timezone=CITY_TZ).filing
    assert filing is not None
    who = filing.complainant
    shown = f"{filing.facts}\n{filing.reasons}".lower()
    digits = "".join(c for c in shown if c.isdigit())
    if who.phone:
        assert who.phone[-7:] not in digits, "the phone"
    if who.email:
        assert who.email.lower() not in shown
    if who.address:
        assert who.address.split(",")[0].lower() not in shown
    assert filing.facts.strip(), "the facts themselves are kept"


def test_a_signature_block_goes_and_a_contact_sentence_is_withheld(
        directory: Directory) -> None:
    body = ("Councilmember Ben Okafor voted on October 20 to award the paving contract to\n"
            "Okafor Brothers, his brother's firm, without disclosing it, which violates\n"
            "RMC 2.94.030 because a relative has a financial interest. You can reach me at\n"
            "(509) 555-0187 or grace.o@example.com.\n\nBest regards,\nGrace Okonkwo\n"
            "12 Elm St, Apt 4\nRiverton, WA 99301\nCell: 509.555.0187\n")
    raw = message("Forwarding for intake.\n\nFrom: Grace Okonkwo <grace.o@example.com>\n"
                  "Sent: Monday, November 2, 2026 8:00 AM\nTo: mayor@city.test\n"
                  f"Subject: complaint\n\n{body}")
    filing = parse_message(raw, directory=directory, timezone=CITY_TZ).filing
    assert filing is not None
    assert filing.complainant.phone == "+15095550187"
    facts = filing.facts
    assert "Okafor Brothers" in facts and "[contact details withheld]" in facts
    assert "555" not in facts and "Elm St" not in facts and "example.com" not in facts
    assert "Best regards" not in facts and "Grace Okonkwo" not in facts


# -- bidirectional controls ---------------------------------------------------------------

def test_bidirectional_controls_are_shown_as_marks_in_all_the_parser_produces(
        directory: Directory) -> None:
    body = COMPLAINT.replace("accepted", "accepted \u202etnelav\u202c").replace(
        "Dana Whitfield", "Dana \u2066Whitfield\u2069")
    raw = message(body, subject="Fwd: complaint \u202e")
    result = parse_message(raw, directory=directory, timezone=CITY_TZ)
    assert result.filing is not None
    printed = json.dumps(intake_json(result), ensure_ascii=False) + result.filing.facts
    assert not any(c in printed + result.detail for c in "\u202a\u202b\u202c\u202d\u202e"
                   "\u2066\u2067\u2068\u2069")
    assert "[U+202E]tnelav[U+202C]" in result.filing.facts
    assert "\u202e".encode() in raw, "the raw message is left as it came"

