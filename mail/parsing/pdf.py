"""Read an attached PDF's text and fillable-form values, with hard limits.

The complaint is often only in a PDF: a letter (text, read with pdfminer.six) or the
city's fillable form (AcroForm values, which pdfminer does not return, read with pypdf's
`get_fields()`). PDFs from the public are untrusted: a crafted file can loop or inflate
for minutes. So each PDF is read by `pdfworker.py` in a fresh interpreter with a memory
ceiling, killed at the deadline; oversized files are not opened at all. A subprocess
rather than multiprocessing: it never re-imports the caller's main module and never forks
a threaded process. What went wrong is returned as `problem`, for the clerk, never raised.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mail.parsing import pdfworker

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PdfLimits:
    max_bytes: int = 15 * 1024 * 1024
    max_pages: int = 40
    max_chars: int = 200_000
    timeout_s: float = 20.0
    memory_bytes: int = 1024 * 1024 * 1024


@dataclass(frozen=True)
class PdfContent:
    text: str = ""
    fields: dict[str, str] = field(default_factory=dict)  # filled AcroForm fields, in order
    problem: str | None = None  # why (part of) the PDF could not be read


def read_pdf(data: bytes, limits: PdfLimits | None = None) -> PdfContent:
    """Text and form values of a PDF, within `limits`; never raises."""
    limits = limits or PdfLimits()
    if len(data) > limits.max_bytes:
        return PdfContent(problem=f"is larger than {limits.max_bytes // (1024 * 1024)} MB "
                                  "and was not opened")
    if b"%PDF" not in data[:1024]:
        return PdfContent(problem="is not a PDF file")
    args = [str(limits.max_pages), str(limits.max_chars), str(limits.memory_bytes)]
    try:
        done = subprocess.run(
            [sys.executable, "-s", str(Path(pdfworker.__file__)), *args],
            input=data, capture_output=True, timeout=limits.timeout_s, check=False,
        )
    except subprocess.TimeoutExpired:
        return PdfContent(problem=f"took longer than {limits.timeout_s:g} s to read")
    except OSError as exc:  # no processes allowed here: read in-process, pages still capped
        log.warning("PDF reader process unavailable (%s); reading in-process", exc)
        return _content(pdfworker.extract(data, limits.max_pages, limits.max_chars))
    try:
        return _content(json.loads(done.stdout))
    except ValueError:
        return PdfContent(problem=f"could not be read (reader exit status {done.returncode})")


def _content(result: Any) -> PdfContent:
    if not isinstance(result, dict):
        return PdfContent(problem="could not be read")
    fields = result.get("fields")
    fields = fields if isinstance(fields, dict) else {}
    problem = result.get("problem")
    return PdfContent(text=str(result.get("text") or ""),
                      fields={str(k): str(v) for k, v in fields.items()},
                      problem=str(problem) if problem else None)
