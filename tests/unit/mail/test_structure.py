"""The MIME shape read from the bytes (`structure`) gives the very tree the standard parser
gives, while the parser itself only sees a skeleton without the larger bodies."""

from __future__ import annotations

import email
import email.policy
from email.message import Message
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mail.parsing import mime, structure
from mail.parsing.headers import capped_policy
from mail.parsing.limits import LimitExceeded, MailLimits
from tests.budget import examples
from tests.unit.mail.conftest import CORPUS

LOOSE = MailLimits(max_parts=10**6, max_depth=100, max_header_bytes=10**8,
                   max_text_bytes=10**9, max_bytes=10**9)
MESSAGES = [p.read_bytes()[:300_000] for p in sorted(CORPUS.glob("*.eml"))]
PIECES = [b"\n", b"\r\n", b"\r", b"--", b"--_000_", b"--b1", b"--b1--", b"\n\n", b" ", b"\t",
          b":", b"\x80", b"\xff", b"=?utf-8?q?x?=", b"Content-Type: message/rfc822\n\n",
          b"Content-Type: multipart/mixed; boundary=b1\n", b"Content-Type: multipart/digest;"
          b" boundary=b1\n\n--b1\n\n", b"Content-Transfer-Encoding: base64\n"]


def _standard_payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:
        data = None
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def tree(msg: Message, payload: Any) -> list[tuple[object, ...]]:
    """Each part's type, file name and (for leaves) decoded body, in walk order."""
    out: list[tuple[object, ...]] = []
    for part in msg.walk():
        leaf = not part.is_multipart() and part.get_content_maintype() not in (
            "message", "multipart")
        out.append((part.get_content_type(), None if part.is_multipart() else part.get_filename(),
                    payload(part) if leaf else None))
    return out


def same_tree(raw: bytes) -> None:
    standard = email.message_from_bytes(raw, policy=email.policy.default)
    ours = mime.parse_bytes(raw, LOOSE)
    assert tree(ours, mime._payload) == tree(standard, _standard_payload)


@pytest.mark.parametrize("raw", MESSAGES)
def test_every_corpus_message_has_the_standard_tree(raw: bytes) -> None:
    same_tree(raw)


@settings(derandomize=True, max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_messages_have_the_standard_tree(data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(MESSAGES), label="message"))
    for _ in range(data.draw(st.integers(1, 8), label="edits")):
        at = data.draw(st.integers(0, len(raw) - 1))
        if data.draw(st.booleans()):
            raw[at:at] = data.draw(st.sampled_from(PIECES))
        else:
            del raw[at:at + data.draw(st.integers(0, 30))]
    same_tree(bytes(raw))


@pytest.mark.parametrize("body", [
    # repeated boundary lines make no empty part; a close right after one is swallowed
    "--b\n--b\nContent-Type: text/plain\n\none\n--b\n--b--\nContent-Type: text/plain\n\n"
    "two\n--b--\nepilogue\n--b\nnot a part\n",
    # an outer boundary ends the parts inside it; a part without headers
    "--b\nContent-Type: multipart/alternative; boundary=c\n\n--c\n\ninner\n--b\n\nlast\n",
    # no start boundary: no parts at all; trailing blanks after a boundary
    "preamble only\n--b--\n--b\nlate\n",
    "--b \t\nContent-Type: text/plain\n\nx\n--b--  \n",
])
def test_boundary_rules_follow_the_standard_parser(body: str) -> None:
    head = "From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n"
    same_tree((head + body).encode())
    same_tree((head + body).replace("\n", "\r\n").encode())


def test_large_bodies_are_left_out_of_the_skeleton_and_read_from_the_bytes() -> None:
    photo = bytes(range(256)) * 40_000  # 10 MB
    msg = email.message.EmailMessage()
    msg["From"] = "a@b.c"
    msg.set_content("the complaint")
    msg.add_attachment(photo, maintype="image", subtype="jpeg", filename="p.jpg")
    raw = msg.as_bytes()
    found = structure.shape(raw, MailLimits(), capped_policy(8000))
    assert len(structure.skeleton(raw, found).data) < 2_000
    [part] = mime.files(mime.parse_bytes(raw))
    assert part.data() == photo and part.name == "p.jpg"


@pytest.mark.parametrize(("raw", "name"), [
    (b"From: a@b.c\nX: " + b"y" * 300 + b"\n\nbody", "max_header_bytes"),
    (b"From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n" + b"--b\n\nx\n" * 5,
     "max_parts"),
    (b"From: a@b.c\nContent-Type: message/rfc822\n\n" * 4, "max_depth"),
    (b"From: a@b.c\n\n" + b"x" * 300, "max_text_bytes"),
])
def test_the_shape_stops_at_the_first_limit_it_passes(raw: bytes, name: str) -> None:
    tight = MailLimits(max_header_bytes=200, max_parts=4, max_depth=3, max_text_bytes=200)
    with pytest.raises(LimitExceeded) as caught:
        structure.shape(raw, tight, capped_policy(8000))
    assert caught.value.name == name


def test_a_named_text_file_is_not_body_text_and_not_limited_as_such() -> None:
    raw = (b"From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nhi\n--b\n"
           b"Content-Type: text/plain\nContent-Disposition: attachment; filename=log.txt\n\n"
           + b"x" * 5000 + b"\n--b--\n")
    found = structure.shape(raw, MailLimits(max_text_bytes=1000), capped_policy(8000))
    assert [p.content_type for p in found.parts] == ["multipart/mixed", "text/plain",
                                                     "text/plain"]
