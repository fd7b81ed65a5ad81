"""Fuzzing the parser's entry point with real messages made hostile: whatever is cut,
inserted or repeated, `ParseRules.parse` returns a result (no exception escapes, the
last-resort handler is never needed) and the message is either parsed into a filing or
refused with a reason the clerk can read (and the limit, when one stopped it).

A fixed seed (`derandomize`) and a bounded number of examples keep it the same run each
time, well under a minute in `.ci/run`.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cases.directory import Directory
from ethicsbot.directory_file import embedded_directory_text, parse_directory
from mail.parsing import IntakeResult, ParseRules
from mail.parsing.limits import MailLimits
from tests.budget import examples
from tests.unit.mail.conftest import CORPUS

RULES = ParseRules(parse_directory(embedded_directory_text()), ZoneInfo("America/Los_Angeles"),
                   trusted_authserv=None, limits=MailLimits(max_parts=60, max_pdfs=3))
DIRECTORY: Directory = RULES.directory
MESSAGES = [p.read_bytes()[:400_000] for p in sorted(CORPUS.glob("*.eml"))]
REASONS = {"bounce", "auto_reply", "not_a_complaint", "sender_not_allowed", "over_limit"}
# What the probes of issue 11 used, and what the structure of mail is made of.
HOSTILE = [
    b"On " + b"1:11 " * 400, b"From: x\n" * 200, b"Sent: Monday, November 2, 2026 8:00 AM +2500\n",
    b"Received: x; Mon, 2 Nov 2026 08:00:00 +2500\n", b"(" * 400, b")" * 50,
    b"=?utf-8?q?ab?= " * 300, b"Authentication-Results:\n", b"Authentication-Results: ;\n",
    b"<!--" * 300, b"<a" * 300, b"<a href='", b"&#x202e;", "\u202e\u2066".encode(),
    b"\n--", b"--_000_", b"\r\n\r\n", b"Content-Type: multipart/mixed; boundary=z\n\n--z\n",
    b"Content-Type: message/rfc822\n\n", b"Content-Transfer-Encoding: base64\n\n!!",
    b"%PDF-1.4\n", b"\x00\x80\xff", b"\t \t", b"Date: Fri, 31 Dec 9999 23:59:59 -1200\n",
]


def check(result: IntakeResult) -> None:
    assert isinstance(result, IntakeResult)
    assert "internal error" not in result.detail, result.detail
    assert result.received_at.utcoffset() is not None
    if result.accepted:
        assert result.filing is not None and result.reject_reason is None
        assert result.forwarded_by in {f.lower() for f in DIRECTORY.forwarders}
    else:
        assert result.filing is None and result.reject_reason in REASONS
        assert result.detail.strip()
        assert (result.limit is not None) == (result.reject_reason == "over_limit")


@settings(derandomize=True, max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mutated_real_messages_are_parsed_or_refused_with_a_reason(data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(MESSAGES), label="message"))
    for _ in range(data.draw(st.integers(1, 10), label="edits")):
        at = data.draw(st.integers(0, len(raw)), label="at")
        kind = data.draw(st.sampled_from(["insert", "delete", "bytes", "repeat"]))
        if kind == "insert":
            raw[at:at] = data.draw(st.sampled_from(HOSTILE))
        elif kind == "delete":
            del raw[at:at + data.draw(st.integers(0, 200))]
        elif kind == "bytes":
            raw[at:at] = data.draw(st.binary(max_size=30))
        else:  # a line of the message, many times over
            start = raw.rfind(b"\n", 0, at) + 1
            end = raw.find(b"\n", at)
            line = bytes(raw[start:end if end >= 0 else len(raw)]) + b"\n"
            raw[start:start] = line * data.draw(st.integers(2, 300))
    check(RULES.parse(bytes(raw)))
