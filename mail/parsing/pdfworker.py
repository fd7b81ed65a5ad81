"""Read one message's PDFs (text and form values); run as a separate process by `pdf.py`.

This file is executed by path (`python pdfworker.py MAX_PAGES MAX_STREAM MEMORY < input`)
so the child imports only pdfminer and pypdf, never the caller's program, and a hostile
PDF can exhaust only this process: it sets its own memory ceiling and is killed by the
parent at the message's deadline. Input: each file as an 8-byte length and its bytes.
Output: one JSON object, `files` (text, fields, problem for each), `limit` (null, or
the limit a file went past: its name and what was found) and `peak_kb` (its memory).

Before pdfminer reads anything, every file is measured with pypdf, whose decoders stop
at a ceiling: the pages of all files together (`max_pdf_pages`) and each stream except
images (`max_pdf_stream_bytes` once decoded: a flate bomb is stopped at that size, not
after inflating). pdfminer's own decoders have no ceiling, so it never sees such a file.
"""

from __future__ import annotations

import io
import json
import logging
import struct
import sys
from typing import Any, BinaryIO

MAX_CHARS = 200_000  # text kept of one PDF: far beyond any complaint


class Over(Exception):
    """The files go past a limit: its name (a `MailLimits` field) and what was found."""

    def __init__(self, name: str, what: str) -> None:
        super().__init__(name, what)
        self.name, self.what = name, what


def _measure(data: bytes, max_stream: int) -> int:
    """The file's page count, after checking every stream but images within `max_stream`."""
    import pypdf
    from pypdf.errors import LimitReachedError
    from pypdf.generic import IndirectObject, StreamObject

    ceilings: dict[str, Any] = {f"{kind}_maximum_output_length": max_stream for kind in (
        "zlib", "lzw", "run_length", "jbig2", "brotli", "array_based_stream")}
    with pypdf.apply_configuration(None, maximum_declared_stream_length=max_stream,
                                   **ceilings):
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        for generation, numbers in list(reader.xref.items()):
            for number in list(numbers):
                try:
                    obj = reader.get_object(IndirectObject(number, generation, reader))
                    if isinstance(obj, StreamObject) and obj.get("/Subtype") != "/Image":
                        obj.get_data()
                        if hasattr(obj, "decoded_self"):
                            obj.decoded_self = None  # measured: do not keep it
                except LimitReachedError:
                    raise Over("max_pdf_stream_bytes", f"a PDF stream larger than "
                                f"{max_stream:,} bytes once decoded") from None
                except Exception:
                    continue  # a broken object: pdfminer will say what it can read
        return len(reader.pages)


def _extract(data: bytes, max_pages: int) -> dict[str, Any]:
    """Text (pdfminer.six) and filled AcroForm values (pypdf); each failure kept apart."""
    problems: list[str] = []
    text = ""
    fields: dict[str, str] = {}
    try:
        from pdfminer.high_level import extract_text

        text = extract_text(io.BytesIO(data), maxpages=max_pages)[:MAX_CHARS]
    except Exception as exc:  # a broken file: pdfminer raises many types
        problems.append(f"text unreadable ({type(exc).__name__})")
    try:
        from pypdf import PdfReader

        for name, spec in (PdfReader(io.BytesIO(data)).get_fields() or {}).items():
            value = spec.get("/V") if hasattr(spec, "get") else None
            if value is not None and str(value).strip() and not str(value).startswith("/"):
                fields[str(name)] = str(value)[:MAX_CHARS]  # "/Off", "/Yes": checkboxes
    except Exception as exc:
        problems.append(f"form fields unreadable ({type(exc).__name__})")
    return {"text": text, "fields": fields, "problem": "; ".join(problems) or None}


def read_all(files: list[bytes], max_pages: int, max_stream: int) -> dict[str, Any]:
    pages: list[int] = []
    for data in files:
        try:
            pages.append(_measure(data, max_stream))
        except Over:
            raise
        except Exception:
            pages.append(0)  # unreadable to pypdf: pdfminer may still read some of it
        if sum(pages) > max_pages:
            raise Over("max_pdf_pages", f"PDF files of more than {max_pages} pages "
                                         "together")
    spare = max(1, max_pages - sum(pages))  # for files whose pages pypdf could not count
    return {"files": [_extract(data, n or spare) for data, n in zip(files, pages, strict=True)],
            "limit": None}


def _limit_memory(limit: int) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass  # not on this platform: the parent's deadline still holds


def _peak_kb() -> int | None:
    """This process's peak resident memory (VmHWM), for the parent's log."""
    try:
        with open("/proc/self/status") as status:
            line = next(x for x in status if x.startswith("VmHWM:"))
        return int(line.split()[1])
    except (OSError, StopIteration, ValueError, IndexError):
        return None


def _files(stream: BinaryIO) -> list[bytes]:
    files = []
    while header := stream.read(8):
        (size,) = struct.unpack(">Q", header)
        files.append(stream.read(size))
    return files


def main(argv: list[str]) -> int:
    max_pages, max_stream, memory = (int(a) for a in argv[1:4])
    _limit_memory(memory)
    logging.disable(logging.CRITICAL)  # pdfminer and pypdf log every quirk of a file
    try:
        result = read_all(_files(sys.stdin.buffer), max_pages, max_stream)
    except Over as over:
        result = {"files": [], "limit": {"name": over.name, "what": over.what}}
    except MemoryError:
        result = {"files": [], "limit": {"name": "max_pdf_memory_bytes",
                                         "what": "PDF files that need more memory to read"}}
    result["peak_kb"] = _peak_kb()
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
