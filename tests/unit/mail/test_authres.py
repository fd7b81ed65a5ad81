"""The optional DMARC/DKIM check of forwarders: only the trusted server's topmost
Authentication-Results counts, and a forged forward is refused with a reason."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ethicsbot.directory_file import embedded_directory_text, parse_directory
from mail.parsing import ParseRules

CORPUS = Path(__file__).resolve().parents[2] / "data" / "intake"
GMAIL = (CORPUS / "gmail-forward-letter.eml").read_bytes()  # dmarc=pass by mx.city.test
RULES = ParseRules(parse_directory(embedded_directory_text()),
                   ZoneInfo("America/Los_Angeles"), trusted_authserv="mx.city.test")


def without_auth(raw: bytes) -> bytes:
    head, _, body = raw.partition(b"\n\n")
    lines, keep, skipping = head.split(b"\n"), [], False
    for line in lines:
        if line.lower().startswith(b"authentication-results:"):
            skipping = True
            continue
        if skipping and line[:1] in (b" ", b"\t"):
            continue
        skipping = False
        keep.append(line)
    return b"\n".join(keep) + b"\n\n" + body


def test_a_forward_the_city_server_vouches_for_is_accepted() -> None:
    assert RULES.parse(GMAIL).accepted


@pytest.mark.parametrize(("extra", "why"), [
    (b"", "no Authentication-Results from mx.city.test"),
    (b"Authentication-Results: mx.city.test; dmarc=fail header.from=city.test;"
     b" dkim=fail header.d=city.test\n", "did not confirm"),
    # a sender can write any header, but only the trusted server's counts
    (b"Authentication-Results: mx.evil.example; dmarc=pass header.from=city.test\n",
     "no Authentication-Results from mx.city.test"),
])
def test_a_forged_or_unverified_forward_is_refused(extra: bytes, why: str) -> None:
    result = RULES.parse(extra + without_auth(GMAIL))
    assert not result.accepted
    assert result.reject_reason == "sender_not_allowed"
    assert why in result.detail


def test_dkim_for_the_forwarders_own_domain_is_enough() -> None:
    raw = (b"Authentication-Results: mx.city.test; dkim=pass header.d=city.test;"
           b" dmarc=none\n" + without_auth(GMAIL))
    assert RULES.parse(raw).accepted


def test_without_a_trusted_server_nothing_changes() -> None:
    rules = ParseRules(RULES.directory, RULES.timezone)
    assert rules.parse(without_auth(GMAIL)).accepted
