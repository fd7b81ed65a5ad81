"""Extract a PDF's text and form values; run as a separate process by `pdf.py`.

This file is executed by path (`python pdfworker.py MAX_PAGES MAX_CHARS MEMORY < file.pdf`)
so the child imports only pdfminer and pypdf, never the caller's program, and a hostile
PDF can exhaust only this process: it sets its own memory ceiling and is killed by the
parent at the deadline. It prints one JSON object: text, fields, problem.
"""

from __future__ import annotations

import io
import json
import logging
import sys
from typing import Any


def extract(data: bytes, max_pages: int, max_chars: int) -> dict[str, Any]:
    """Text (pdfminer.six) and filled AcroForm values (pypdf); each failure kept apart."""
    problems: list[str] = []
    text = ""
    fields: dict[str, str] = {}
    try:
        from pdfminer.high_level import extract_text

        text = extract_text(io.BytesIO(data), maxpages=max_pages)[:max_chars]
    except Exception as exc:  # a broken file: pdfminer raises many types
        problems.append(f"text unreadable ({type(exc).__name__})")
    try:
        from pypdf import PdfReader

        for name, spec in (PdfReader(io.BytesIO(data)).get_fields() or {}).items():
            value = spec.get("/V") if hasattr(spec, "get") else None
            if value is not None and str(value).strip() and not str(value).startswith("/"):
                fields[str(name)] = str(value)[:max_chars]  # "/Off", "/Yes": checkboxes
    except Exception as exc:
        problems.append(f"form fields unreadable ({type(exc).__name__})")
    return {"text": text, "fields": fields, "problem": "; ".join(problems) or None}


def _limit_memory(limit: int) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass  # not on this platform: the parent's deadline still holds


def main(argv: list[str]) -> int:
    max_pages, max_chars, memory = (int(a) for a in argv[1:4])
    _limit_memory(memory)
    logging.disable(logging.CRITICAL)  # pdfminer and pypdf log every quirk of a file
    try:
        result = extract(sys.stdin.buffer.read(), max_pages, max_chars)
    except MemoryError:
        result = {"text": "", "fields": {}, "problem": "needs more memory than allowed"}
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
