"""Hostile messages, as a stranger (or a forwarder tricked into forwarding them) would
write them, and a way to read one under a CPU and memory ceiling.

Each shape is what issue 11's probes found (or what probing the fixes found next): its
builder, who sends it, and the limit that should stop it (None: read within bounds).
`bench/hostile_mail.py` times the same shapes; the tests only check that each is read
under ceilings far above the goals (a hang or a blow-up fails them, a slow machine not).
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
FORWARDER = "Teresa Lindqvist <mayor@city.test>"
STRANGER = "Pat Stranger <pat@example.com>"
COMPLAINT = ("I file an ethics complaint: Parks Director Gary Pruitt accepted a $400 dinner\n"
             "from a bidder on March 2, 2026, which violates 2.94.040(B), because he took a\n"
             "gift from a person seeking city business.\n\nDana Whitfield\n"
             "1418 Larch Avenue\nRiverton, WA 99301\n(509) 555-0134\n")


def message(body: str | bytes, *, sender: str = FORWARDER, subject: str = "Fwd: complaint",
            extra: str = "", content_type: str = "text/plain; charset=utf-8") -> bytes:
    data = body.encode() if isinstance(body, str) else body
    ident = hashlib.sha256(data + subject.encode() + sender.encode()).hexdigest()[:16]
    head = (f"From: {sender}\nTo: ethics-intake@city.test\nSubject: {subject}\n"
            f"Date: Mon, 2 Nov 2026 09:00:00 -0800\nMessage-ID: <{ident}@mail.city.test>\n"
            f"MIME-Version: 1.0\n{extra}Content-Type: {content_type}\n\n")
    return head.encode() + data


def pdf(content: bytes, *, filters: bytes = b"") -> bytes:
    """A one-page PDF whose page content stream is `content` (encoded by `filters`)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d %s>>\nstream\n" % (len(content), filters) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return assemble(objects)


def assemble(objects: list[bytes]) -> bytes:
    """A PDF file of `objects` (numbered from 1, the first the catalog), with its xref."""
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)


def text_pdf(line: str) -> bytes:
    return pdf(b"BT /F1 12 Tf 72 700 Td (%s) Tj ET" % line.encode())


def with_files(files: list[tuple[str, str, bytes]], *, sender: str = FORWARDER) -> bytes:
    """A forward carrying the complaint as text and `files` (name, type, bytes)."""
    parts = [f"--B\nContent-Type: text/plain; charset=utf-8\n\n{COMPLAINT}\n"]
    for name, ctype, data in files:
        parts.append(f"--B\nContent-Type: {ctype}\nContent-Disposition: attachment; "
                     f"filename={name}\nContent-Transfer-Encoding: base64\n\n"
                     + base64.encodebytes(data).decode())
    return message("".join(parts) + "--B--\n", sender=sender,
                   content_type="multipart/mixed; boundary=B")


def pages_pdf(contents: list[bytes]) -> bytes:
    """A PDF of one page per content stream, each stream deflated."""
    kids = b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(len(contents)))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(contents)),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for i, content in enumerate(contents):
        packed = zlib.compress(content)
        objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                    b"/Resources << /Font << /F1 3 0 R >> >> >>" % (5 + 2 * i),
                    b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed)
                    + packed + b"\nendstream"]
    return assemble(objects)


TEXT_RUN = b"BT /F1 12 Tf 72 700 Td (hello world) Tj ET\n"  # a line, drawn at one spot


def flate_bomb(inflated: int) -> bytes:
    """A PDF whose page stream inflates to `inflated` bytes (from ~1/1000 of that)."""
    packer, chunk = zlib.compressobj(9), b" " * 2**20
    packed = b"".join(packer.compress(chunk) for _ in range(inflated // 2**20)) + packer.flush()
    return pdf(packed, filters=b"/Filter /FlateDecode ")


@dataclass(frozen=True)
class Shape:
    name: str
    what: str  # for the bench's table
    build: Callable[[], bytes]
    stopped_by: str | None  # the MailLimits field that refuses it, None: read in bounds


def _many_parts(n: int, sender: str = FORWARDER) -> bytes:
    parts = "".join("--P\nContent-Type: text/plain\n\nx\n" for _ in range(n))
    return message(f"--P\nContent-Type: text/plain\n\n{COMPLAINT}\n{parts}--P--\n",
                   content_type="multipart/mixed; boundary=P", sender=sender)


def _subject(words: int) -> bytes:
    return message(COMPLAINT, subject=" ".join("=?utf-8?q?ab?=" for _ in range(words)))


SHAPES: tuple[Shape, ...] = (
    Shape("wrote_line", "a 50 KB `On … wrote:`-like line", lambda: message(
        COMPLAINT + "\nOn " + "1:11 " * 10_000 + "wrote:\n"), None),
    Shape("from_lines", "6,000 `From:` lines in the body", lambda: message(
        COMPLAINT + "\n" + "From: x\n" * 6_000), None),
    Shape("encoded_subject", "12,000 encoded words in the Subject", lambda: _subject(12_000),
          None),
    Shape("many_parts", "10,000 MIME parts", lambda: _many_parts(10_000), "max_parts"),
    Shape("nested_parts", "3,000 nested multiparts", lambda: message(
        "".join(f"--b{i}\nContent-Type: multipart/mixed; boundary=b{i + 1}\n\n"
                for i in range(3_000)), content_type="multipart/mixed; boundary=b0"),
          "max_depth"),
    Shape("many_pdfs", "60 small PDFs", lambda: with_files(
        [(f"exhibit{i}.pdf", "application/pdf", text_pdf(f"Exhibit {i}")) for i in range(60)]),
          "max_pdfs"),
    Shape("big_stream", "a 14 MB PDF content stream", lambda: with_files([(
        "letter.pdf", "application/pdf",
        pdf(b"BT /F1 12 Tf 72 700 Td (x) Tj ET\n" * 430_000))]), "max_pdf_stream_bytes"),
    Shape("flate_bomb", "a PDF stream inflating to 256 MB", lambda: with_files([(
        "bomb.pdf", "application/pdf", flate_bomb(2**28))]), "max_pdf_stream_bytes"),
    Shape("pdf_operators", "a PDF page of 1 MB of text operators", lambda: with_files([(
        "letter.pdf", "application/pdf", pdf(TEXT_RUN * 24_000))]), None),
    Shape("pdf_overlap", "a PDF page of 800 lines drawn at one spot", lambda: with_files([(
        "letter.pdf", "application/pdf", pdf(TEXT_RUN * 800))]), None),
    Shape("pdf_pages", "100 PDF pages of 1 MB of operators each, deflated", lambda: with_files(
        [("letter.pdf", "application/pdf", pages_pdf([TEXT_RUN * 24_000] * 100))]), None),
    Shape("big_text", "a 50 MB text body", lambda: message(
        COMPLAINT + ("word " * 15 + "\n") * 660_000), "max_text_bytes"),
    Shape("big_photo", "a 47 MB message: a 35 MB photo", lambda: with_files([(
        "photo.jpg", "image/jpeg", b"\xff\xd8\xff" + bytes(35 * 2**20))]), None),
    Shape("huge_message", "a 60 MB message", lambda: with_files([(
        "photo.jpg", "image/jpeg", bytes(46 * 2**20))]), "max_bytes"),
    Shape("html_comments", "1 MB of `<!--` in an HTML body", lambda: message(
        "<p>" + COMPLAINT + "</p>" + "<!--" * 250_000,
        content_type="text/html; charset=utf-8"), None),
    Shape("html_tags", "1 MB of `<a` in an HTML body", lambda: message(
        "<p>" + COMPLAINT + "</p>" + "<a" * 500_000,
        content_type="text/html; charset=utf-8"), None),
    Shape("run_on_headers", "200 Yahoo-like run-on header lines of 2 KB", lambda: message(
        ("From: a <a@example.org>" + "To: b Sent: 1/2/2026 " * 90 + "Subject: s\n") * 200
        + COMPLAINT), None),
    Shape("salutation_lines", "100,000 `Dear x,` lines between blank lines", lambda: message(
        COMPLAINT + "\n\n" + "Dear x,\n\n\n" * 100_000), None),
    Shape("stranger_json", "a stranger's JSON body nested 8,000 deep", lambda: message(
        '{"Type": ' + "[" * 8_000 + "]" * 8_000 + "}\n" + COMPLAINT, sender=STRANGER), None),
    Shape("stranger_parts", "a stranger's 10,000 parts", lambda: _many_parts(10_000, STRANGER),
          None),
    Shape("stranger_big", "a stranger's 40 MB message", lambda: with_files([(
        "photo.jpg", "image/jpeg", bytes(30 * 2**20))], sender=STRANGER), None),
)
SHAPE = {s.name: s for s in SHAPES}

_CHILD = r"""
import json, resource, sys
sys.path.insert(0, sys.argv[1])
from zoneinfo import ZoneInfo
from ethicsbot.directory_file import embedded_directory_text, parse_directory
from mail.parsing import ParseRules
rules = ParseRules(parse_directory(embedded_directory_text()), ZoneInfo("America/Los_Angeles"))
rules.parse(b"From: a@b.c\n\nwarm up")
raw = sys.stdin.buffer.read()
cpu, memory = float(sys.argv[2]), int(sys.argv[3])
used = resource.getrusage(resource.RUSAGE_SELF)
resource.setrlimit(resource.RLIMIT_CPU, (int(used.ru_utime + used.ru_stime + cpu) + 1,) * 2)
size = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + memory, size + memory))
result = rules.parse(raw)
print(json.dumps({"accepted": result.accepted, "reason": result.reject_reason,
                  "limit": getattr(result, "limit", None), "detail": result.detail}))
"""


def parse_bounded(raw: bytes, *, cpu_seconds: float, memory_mb: int) -> dict[str, Any]:
    """`ParseRules.parse(raw)` in a child process allowed `cpu_seconds` of CPU and
    `memory_mb` of address space beyond what it had before; {"killed": code} if it
    needed more (or died)."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), str(cpu_seconds), str(memory_mb * 2**20)],
        input=raw, capture_output=True, check=False, timeout=120)
    if done.returncode != 0 or not done.stdout.strip():
        return {"killed": done.returncode, "stderr": done.stderr.decode()[-300:]}
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer
