"""Messages written for these tests (not from the corpus), to show the rules generalise:
other clients' forward layouts, line endings, reply threads, walk-ins, city employees."""

from __future__ import annotations

import base64
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from cases.directory import Directory
from mail.parsing import intake_json, parse_message
from tests.unit.mail.conftest import CITY_TZ, CORPUS

PDT, PST = timezone(timedelta(hours=-7)), timezone(timedelta(hours=-8))


def read(raw: bytes | str, directory: Directory) -> dict[str, Any]:
    data = raw.encode("utf-8") if isinstance(raw, str) else raw
    result = parse_message(data, directory=directory, timezone=CITY_TZ)
    return {**intake_json(result), "detail": result.detail}


APPLE_PLAIN = """\
From: Teresa Lindqvist <Mayor@City.Test>
To: ethics-intake@city.test
Subject: Fwd: Complaint about Councilmember Okafor
Date: Mon, 2 Nov 2026 09:00:00 -0800
Content-Type: text/plain; charset=us-ascii

Please log this one.

Teresa Lindqvist
Mayor
(509) 555-0100

Begin forwarded message:

From: "Okonkwo, Grace" <grace.o@example.com>
Subject: Complaint about Councilmember Okafor
Date: October 31, 2026 at 11:20:05 PM PDT
To: mayor@city.test

Hello Mayor,

Councilmember Ben Okafor voted on October 20 to award the downtown paving contract
to Okafor Brothers Construction, which his brother owns. He did not disclose the
relationship or recuse himself, and his vote decided the 4-3 decision.

This violates RMC 2.94.030 (conflict of interest) because a close relative has a
financial interest in the contract.

Best regards,
Grace Okonkwo
12 Elm St, Apt 4
Riverton, WA 99301
Cell: 509.555.0187
"""


OUTLOOK_ORIGINAL = (
    b"From: Marcus Holt <cityadmin@city.test>\r\nTo: ethics-intake@city.test\r\n"
    b"Subject: FW: ethics\r\nDate: Mon, 9 Mar 2026 16:00:00 +0000\r\n"
    b'Content-Type: text/plain; charset="x-unknown-charset"\r\n\r\n'
    b"See below.\r\n\r\nMarcus Holt\r\nCity Administrator\r\nPhone: (509) 555-0140\r\n\r\n"
    b"-----Original Message-----\r\nFrom: Pat Quinn [mailto:pquinn@example.org]\r\n"
    b"Sent: Sunday, March 8, 2026 10:30 AM\r\nTo: City Administrator\r\nSubject: ethics\r\n"
    b"\r\nMr. Holt,\r\n\r\nOn March 2, 2026 Parks Director Gary Pruitt accepted a $400 "
    b"d\xeener from a vendor whose bid\r\nwas under review, and then scored that vendor "
    b"first. I believe that breaks 2.94.040(B) and (C)\r\nsince gifts over $50 from bidders "
    b"are prohibited.\r\n\r\n/s/ Pat Quinn\r\n"
)


def test_outlook_original_message_crlf_unknown_charset_first_day_of_dst(
        directory: Directory) -> None:
    out = read(OUTLOOK_ORIGINAL, directory)
    assert out["accepted"] and out["forwarded_by"] == "cityadmin@city.test"
    assert datetime.fromisoformat(out["received_at"]) == datetime(2026, 3, 8, 10, 30,
                                                                  tzinfo=PDT)
    # the administrator's labelled office phone is not the complainant's
    assert out["complainant"] == {"name": "Pat Quinn", "email": "pquinn@example.org",
                                  "phone": None, "address": None}
    assert out["code_sections"] == ["2.94.040(B)", "2.94.040(C)"]
    assert out["missing"] == ["address", "phone"]


REPLY_THREAD = """\
From: Renee Castillo <clerk@city.test>
To: ethics-intake@city.test
Subject: Fwd: Re: question about a complaint
Date: Fri, 6 Mar 2026 10:00:00 -0800
Content-Type: text/plain; charset=utf-8

Forwarding the whole thread.

---------- Forwarded message ---------
From: Sam Rivers <sam.rivers@example.net>
Date: Thu, Mar 5, 2026 at 4:00 PM
Subject: Re: question about a complaint
To: Renee Castillo <clerk@city.test>

My mailing address is 77 Birch Road, Riverton, WA 99301 and you can call me at (509) 555-0171.

On Wed, Mar 4, 2026 at 9:00 AM Renee Castillo <clerk@city.test> wrote:
> Mr. Rivers, please send your address and phone so the Board can reach you.
> Renee Castillo, City Clerk, (509) 555-0101
>
> On Tue, Mar 3, 2026 at 8:15 PM Sam Rivers <sam.rivers@example.net> wrote:
>> I want to complain that Deputy Fire Chief Bates waived the sprinkler inspection fee for
>> her neighbour's restaurant on February 12, 2026 while charging every other business on
>> the street the full fee. That is a special privilege under 2.94.070(A).
>>
>> Sam Rivers
"""


@pytest.mark.parametrize(("raw", "forwarded_by", "received", "complainant", "section",
                          "official"), [
    pytest.param(APPLE_PLAIN, "mayor@city.test", datetime(2026, 10, 31, 23, 20, 5, tzinfo=PDT),
                 {"name": "Grace Okonkwo", "email": "grace.o@example.com",
                  "phone": "+15095550187", "address": "12 Elm St, Apt 4, Riverton, WA 99301"},
                 "2.94.030", "Ben Okafor", id="apple-mail-plain-text-forward"),
    # a forwarded reply thread is received at its first message
    pytest.param(REPLY_THREAD, "clerk@city.test", datetime(2026, 3, 3, 20, 15, tzinfo=PST),
                 {"name": "Sam Rivers", "email": "sam.rivers@example.net",
                  "phone": "+15095550171", "address": "77 Birch Road, Riverton, WA 99301"},
                 "2.94.070(A)", "Lorna Bates", id="reply-thread-received-at-its-first-message"),
])
def test_a_forward_gives_its_receipt_complainant_section_and_official(
        directory: Directory, raw: str, forwarded_by: str, received: datetime,
        complainant: dict[str, str], section: str, official: str) -> None:
    out = read(raw, directory)
    assert out["accepted"] and out["forwarded_by"] == forwarded_by
    assert datetime.fromisoformat(out["received_at"]) == received
    assert out["complainant"] == complainant
    assert (out["code_sections"], out["missing"]) == ([section], [])
    assert out["respondents"] == [official]


WALK_IN = """\
From: Renee Castillo <clerk@city.test>
To: ethics-intake@city.test
Subject: Walk-in complaint typed at the counter
Date: Fri, 6 Mar 2026 10:00:00 -0800
Content-Type: text/plain; charset=utf-8

Complainant Name: Ada Flores
Address: 5 Oak Lane, Riverton, WA 99301
Phone: 509 555 0165
Official: Planning Commissioner Helen Ostrowski
Sections: 2.94.030
Facts: Commissioner Ostrowski voted on her neighbour's variance on March 1 after he paid
for her kitchen remodel.
Reasons: She had a financial interest and should have recused.
Signature: Ada Flores

--
Renee Castillo
City Clerk
Phone: (509) 555-0101
200 Main Street, Riverton, WA 99301
"""


def test_walk_in_typed_by_the_clerk(directory: Directory) -> None:
    out = read(WALK_IN, directory)
    assert out["accepted"] and out["received_at"] == "2026-03-06T10:00:00-08:00"
    assert out["complainant"] == {"name": "Ada Flores", "email": None,
                                  "phone": "+15095550165",
                                  "address": "5 Oak Lane, Riverton, WA 99301"}
    assert (out["missing"], out["respondents"]) == ([], ["Helen Ostrowski"])


def test_walk_in_without_a_form_never_takes_the_clerks_details(directory: Directory) -> None:
    raw = WALK_IN.split("Complainant Name")[0] + (
        "Ms. Flores says Commissioner Ostrowski voted on a variance for her neighbour after\n"
        "he paid for her kitchen remodel, an ethics violation.\n\n--\nRenee Castillo\n"
        "City Clerk\nPhone: (509) 555-0101\n200 Main Street, Riverton, WA 99301\n")
    out = read(raw, directory)
    assert out["accepted"]
    assert out["complainant"] == {"name": None, "email": None, "phone": None, "address": None}


def test_a_city_employees_own_complaint_counts_but_not_their_staff_signature(
        directory: Directory) -> None:
    raw = APPLE_PLAIN.split("Begin forwarded message:")[0] + (
        "Begin forwarded message:\n\nFrom: Jamie Cole <jcole@city.test>\n"
        "Date: October 30, 2026 at 3:10:00 PM PDT\nSubject: Ethics complaint\n\n"
        "On October 12, 2026 Parks Director Gary Pruitt told me to buy our fertilizer from\n"
        "his brother-in-law's company at twice the usual price. That violates 2.94.030\n"
        "because his relative has a financial interest in the purchase.\n\n"
        "My home address is 9 Cedar Court, Riverton, WA 99301.\n\n"
        "Jamie Cole\nParks Maintenance Lead\nOffice: (509) 555-0155\n")
    out = read(raw, directory)
    assert out["complainant"] == {"name": "Jamie Cole", "email": "jcole@city.test",
                                  "phone": None, "address": "9 Cedar Court, Riverton, WA 99301"}
    assert out["missing"] == ["phone"] and out["received_at"].startswith("2026-10-30T15:10")


def test_a_broken_pdf_is_accepted_with_a_note_for_the_clerk(directory: Directory) -> None:
    broken = base64.b64encode(b"%PDF-1.4\n1 0 obj <</Type/Catalog /Pages 2 0 R>>\n").decode()
    raw = ("From: clerk@city.test\nSubject: Walk-in ethics complaint form\n"
           "Date: Fri, 6 Mar 2026 10:00:00 -0800\nMIME-Version: 1.0\n"
           'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\n'
           "Form attached.\n--b\nContent-Type: application/octet-stream\n"
           'Content-Disposition: inline; filename="form.pdf"\n'
           f"Content-Transfer-Encoding: base64\n\n{broken}\n--b--\n")
    out = read(raw, directory)
    assert out["accepted"] and out["attachments"] == ["form.pdf"]
    assert "form.pdf" in out["detail"] and "unreadable" in out["detail"]
    assert set(out["missing"]) == {"facts", "code_sections", "reasons", "signature", "name",
                                   "address", "phone"}


def test_an_original_dated_after_its_forward_does_not_set_receipt(
        directory: Directory) -> None:
    raw = APPLE_PLAIN.replace("October 31, 2026 at 11:20:05 PM PDT",
                              "December 31, 2026 at 11:20:05 PM PST")
    assert read(raw, directory)["received_at"] == "2026-11-02T09:00:00-08:00"


def swap_line_endings(raw: bytes) -> bytes:
    if b"\r\n" in raw:
        return raw.replace(b"\r\n", b"\n")
    return raw.replace(b"\n", b"\r\n")


@pytest.mark.parametrize("eml", sorted(CORPUS.glob("*.eml")), ids=lambda p: Path(p).stem)
def test_line_endings_do_not_change_the_reading(eml: Path, directory: Directory) -> None:
    raw = eml.read_bytes()
    assert read(swap_line_endings(raw), directory) == read(raw, directory)
