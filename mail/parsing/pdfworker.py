"""Read one message's PDFs (text and form values); run as a separate process by `pdf.py`.

This file is executed by path (`python pdfworker.py MAX_PAGES MAX_STREAM TEXT_SECONDS
MEMORY`, the files on stdin)
so the child imports only pdfminer and pypdf, never the caller's program, and a hostile
PDF can exhaust only this process: it sets its own memory ceiling and is killed by the
parent at the message's deadline. Input: each file as an 8-byte length and its bytes.
Output: one JSON object, `files` (text, fields, problem for each), `limit` (null, or
the limit a file went past: its name and what was found) and `peak_kb` (its memory).

Before pdfminer reads anything, every file is measured with pypdf, whose decoders stop
at a ceiling: the pages of all files together (`max_pdf_pages`) and each stream except
images (`max_pdf_stream_bytes` once decoded: a flate bomb is stopped at that size, not
after inflating). pdfminer's own decoders have no ceiling, so it never sees such a file.

pdfminer then reads the pages' text, and it can be slow on a file made to be: about 4 µs
a byte of content stream (a 1 MB stream of text operators takes 5 s), and its layout
analysis is quadratic in lines that overlap (800 lines drawn at one spot take 10 s). So
the text of all the files together has a time budget (`max_pdf_text_seconds`, of the
reader's CPU): the
pages read within it are kept, those past it are counted and not read (the parent
tells the clerk; the file stays with the message). The message's own deadline
(`max_pdf_seconds`, the parent's) still bounds everything else.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import signal
import struct
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

MAX_CHARS = 200_000  # text kept of one PDF: far beyond any complaint
# Lines whose white space between them is under this many line heights are one block
# (pdfminer's `line_margin`; its default, 0.5, puts a blank line between every line of
# a letter set with loose leading, as PDF libraries' 1.5-line cells are, so the body's
# rules saw no letterhead or signature block). A blank line or a paragraph's spacing
# leaves a line's height or more, and still separates blocks.
LINE_MARGIN = 0.8


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


class Spent(BaseException):
    """The text budget's time is up (a BaseException: pdfminer catches `Exception`)."""


@contextlib.contextmanager
def _time_budget(seconds: float) -> Iterator[None]:
    """Raise `Spent` wherever the reading is once it has used `seconds` of this
    process's CPU. A timer signal: pdfminer's slow parts (a long stream of operators,
    the layout of overlapping lines, quadratic in their number) have no hook to check a
    clock in. CPU time, not the wall clock's: the budget is what a file costs to read,
    the same on a busy machine as on a quiet one, so a letter another process's load
    slows is not cut short (the message's own deadline, `max_pdf_seconds`, bounds the
    wall clock). Only in the reader process's main thread; read in-process (no
    subprocesses allowed), the message's own deadline is all there is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(*_: object) -> None:
        raise Spent

    previous = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@dataclass
class Reading:
    """One file's text as its pages are read: what is kept if the time runs out."""

    pages: int  # as pypdf counted them (0: it could not)
    out: io.StringIO = field(default_factory=io.StringIO)
    read: int = 0
    problem: str | None = None

    @property
    def text(self) -> str:
        return self.out.getvalue()[:MAX_CHARS]


def _read_text(data: bytes, max_pages: int, reading: Reading) -> None:
    """pdfminer.six's text of the file's pages, with its layout analysis, page by page
    into `reading` (`high_level.extract_text`, unrolled so a page ended is kept)."""
    from pdfminer.converter import TextConverter
    from pdfminer.layout import LAParams
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    resources = PDFResourceManager(caching=True)
    interpreter = PDFPageInterpreter(resources, TextConverter(
        resources, reading.out, laparams=LAParams(line_margin=LINE_MARGIN)))
    for page in PDFPage.get_pages(io.BytesIO(data), maxpages=max_pages):
        interpreter.process_page(page)
        reading.read += 1
    reading.pages = max(reading.pages, reading.read)


def _texts(files: list[bytes], pages: list[int], max_pages: int,
           seconds: float) -> list[Reading]:
    """Each file's text within one time budget for them all; past it, pages unread."""
    readings = [Reading(pages=n) for n in pages]
    spare = max(1, max_pages - sum(pages))  # for files whose pages pypdf could not count
    try:
        with _time_budget(seconds):
            for data, reading in zip(files, readings, strict=True):
                try:
                    _read_text(data, reading.pages or spare, reading)
                except Exception as exc:  # a broken file: pdfminer raises many types
                    reading.problem = f"text unreadable ({type(exc).__name__})"
    except Spent:
        pass
    return readings


def _fields(data: bytes) -> tuple[dict[str, str], str | None]:
    """Filled AcroForm values (pypdf; pdfminer does not return them), or the problem."""
    fields: dict[str, str] = {}
    try:
        from pypdf import PdfReader

        for name, spec in (PdfReader(io.BytesIO(data)).get_fields() or {}).items():
            value = spec.get("/V") if hasattr(spec, "get") else None
            if value is not None and str(value).strip() and not str(value).startswith("/"):
                fields[str(name)] = str(value)[:MAX_CHARS]  # "/Off", "/Yes": checkboxes
    except Exception as exc:
        return fields, f"form fields unreadable ({type(exc).__name__})"
    return fields, None


def read_all(files: list[bytes], max_pages: int, max_stream: int,
             max_text_seconds: float) -> dict[str, Any]:
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
    out = []
    for data, reading in zip(files, _texts(files, pages, max_pages, max_text_seconds),
                             strict=True):
        fields, problem = _fields(data)
        out.append({"text": reading.text, "fields": fields,
                    "problem": "; ".join(p for p in (reading.problem, problem) if p) or None,
                    "pages_read": reading.read, "pages": reading.pages})
    return {"files": out, "limit": None}


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
    max_pages, max_stream, memory = (int(a) for a in (*argv[1:3], argv[4]))
    max_text_seconds = float(argv[3])
    _limit_memory(memory)
    logging.disable(logging.CRITICAL)  # pdfminer and pypdf log every quirk of a file
    try:
        result = read_all(_files(sys.stdin.buffer), max_pages, max_stream, max_text_seconds)
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
