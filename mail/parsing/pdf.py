"""Read a message's attached PDFs (text and fillable-form values) within the message's limits.

The complaint is often only in a PDF: a letter (text, read with pdfminer.six) or the
city's fillable form (AcroForm values, which pdfminer does not return, read with pypdf's
`get_fields()`). PDFs from the public are untrusted: a crafted file can loop or inflate
for minutes, and a message can carry many. So the limits are the message's, not each
file's: how many PDFs, the size of each, their pages together, each decoded stream, and
the time and memory of reading them all, in one reader process (`pdfworker.py`, a fresh
interpreter with a memory ceiling, killed at the deadline). A subprocess rather than
multiprocessing: it never re-imports the caller's main module and never forks a threaded
process. A file that is merely broken gets a `problem` for the clerk; a message past a
limit raises `LimitExceeded` and is quarantined unread.
"""

from __future__ import annotations

import json
import logging
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mail.parsing import pdfworker
from mail.parsing.limits import LimitExceeded, MailLimits

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PdfContent:
    text: str = ""
    fields: dict[str, str] = field(default_factory=dict)  # filled AcroForm fields, in order
    problem: str | None = None  # why (part of) the PDF could not be read


def is_pdf(data: bytes) -> bool:
    return b"%PDF" in data[:1024]


def read_pdfs(files: list[bytes], limits: MailLimits) -> list[PdfContent]:
    """Text and form values of each file (in order), all within `limits`; a file that is
    not a PDF at all gets a problem. Raises `LimitExceeded`."""
    if len(files) > limits.max_pdfs:
        raise LimitExceeded(limits, "max_pdfs", f"{len(files)} PDF files")
    for data in files:
        if len(data) > limits.max_pdf_bytes:
            raise LimitExceeded(limits, "max_pdf_bytes", f"a PDF file of {len(data):,} bytes")
    readable = [data for data in files if is_pdf(data)]
    contents = iter(_read(readable, limits) if readable else [])
    return [next(contents) if is_pdf(data) else PdfContent(problem="is not a PDF file")
            for data in files]


def _read(files: list[bytes], limits: MailLimits) -> list[PdfContent]:
    args = [str(limits.max_pdf_pages), str(limits.max_pdf_stream_bytes),
            str(limits.max_pdf_text_seconds), str(limits.max_pdf_memory_bytes)]
    framed = b"".join(struct.pack(">Q", len(data)) + data for data in files)
    try:
        done = subprocess.run(
            [sys.executable, "-s", str(Path(pdfworker.__file__)), *args],
            input=framed, capture_output=True, timeout=limits.max_pdf_seconds, check=False,
        )
    except subprocess.TimeoutExpired:
        raise LimitExceeded(limits, "max_pdf_seconds", f"{len(files)} PDF file(s) that take "
                            f"longer than {limits.max_pdf_seconds:g} s to read") from None
    except OSError as exc:  # no processes allowed here: read in-process, limits still hold
        log.warning("PDF reader process unavailable (%s); reading in-process", exc)
        return _contents(_in_process(files, limits), files, limits)
    try:
        result = json.loads(done.stdout)
    except ValueError:
        problem = f"could not be read (reader exit status {done.returncode})"
        return [PdfContent(problem=problem) for _ in files]
    if isinstance(result, dict):
        log.debug("read %d PDF file(s); the reader's peak memory was %s kB", len(files),
                  result.get("peak_kb"))
    return _contents(result, files, limits)


def _in_process(files: list[bytes], limits: MailLimits) -> Any:
    try:
        return pdfworker.read_all(files, limits.max_pdf_pages, limits.max_pdf_stream_bytes,
                                  limits.max_pdf_text_seconds)
    except pdfworker.Over as over:
        return {"files": [], "limit": {"name": over.name, "what": over.what}}


def _contents(result: Any, files: list[bytes], limits: MailLimits) -> list[PdfContent]:
    if not isinstance(result, dict):
        return [PdfContent(problem="could not be read") for _ in files]
    over = result.get("limit")
    if isinstance(over, dict) and over.get("name") in ("max_pdf_pages", "max_pdf_stream_bytes",
                                                       "max_pdf_memory_bytes"):
        raise LimitExceeded(limits, str(over["name"]), str(over.get("what") or "PDF files"))
    found = result.get("files")
    items = found if isinstance(found, list) and len(found) == len(files) else []
    return [_content(item, limits) for item in items] or [
        PdfContent(problem="could not be read") for _ in files]


def _content(item: Any, limits: MailLimits) -> PdfContent:
    if not isinstance(item, dict):
        return PdfContent(problem="could not be read")
    fields = item.get("fields")
    fields = fields if isinstance(fields, dict) else {}
    problem = item.get("problem") or _unread(item.get("pages_read"), item.get("pages"), limits)
    return PdfContent(text=str(item.get("text") or ""),
                      fields={str(k): str(v) for k, v in fields.items()},
                      problem=str(problem) if problem else None)


def _unread(read: object, pages: object, limits: MailLimits) -> str | None:
    """What the clerk is told of pages the text budget did not reach."""
    if not isinstance(read, int) or not isinstance(pages, int) or read >= pages:
        return None
    return (f"was read for text on {read} of its {pages} pages: reading the PDFs' text "
            f"takes longer than {limits.setting('max_pdf_text_seconds')} s; the file is "
            "kept with the message")
