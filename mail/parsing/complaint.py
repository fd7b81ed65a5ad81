"""Separate the complaint from the mail that carried it.

A forwarded complaint is wrapped in notes and signatures of city staff ("Forwarding for
intake", the mayor's office phone, City Hall's address). Those are never the
complainant's (README of the intake corpus; a classic helpdesk bug makes the forwarder
the complainant). So each message of the thread is sorted: written by the city (a
forwarder, anyone in the directory, an address at the city's domains) or by someone
else. The complaint is what the others wrote, plus the documents the mail carries; the
city's text is kept only to recognise its numbers and addresses when they recur.

The complainant is the innermost person outside the city whose mail was forwarded (a
forward of a forward: the original's writer), else the first one quoted; whatever
other outsiders wrote that they quote (a neighbour's mail under `On ... wrote:`) is
evidence: its text counts towards the complaint, its writer, date and signature do not.
Receipt is the earliest date of the complainant's own messages; a numeric date whose
order of day and month is unknown is read the earlier way (the clocks never run late)
and flagged for the clerk (`DATE_ORDER`), unless the forward's own date rules one out.

When nobody outside the city wrote anything, the complaint is a city employee's own
message forwarded to intake (their words count, their staff signature does not), or
else a walk-in the clerk typed or attached (the clerk's text minus the signature).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import Message

from cases.directory import Directory
from mail.parsing import mime
from mail.parsing.city import city_domains, forwarders, is_city_person
from mail.parsing.forwards import Segment
from mail.parsing.headers import clean
from mail.parsing.labels import Labelled, form_fields_text, read_labels
from mail.parsing.limits import LimitExceeded, MailLimits
from mail.parsing.pdf import read_pdfs
from mail.parsing.prose import line_numbers
from mail.parsing.signature import lines_named, same_name


@dataclass(frozen=True)
class Material:
    """The complaint as a whole: the complainant's messages and the attached documents."""

    texts: tuple[str, ...]  # complainant's messages oldest first, quoted evidence, documents
    labelled: Labelled
    authors: tuple[tuple[str | None, str | None], ...]  # (name, email) of those messages
    subjects: tuple[str, ...]
    received_at: datetime | None  # the earliest of those messages' dates
    city_text: str  # what city staff wrote around it
    city_domains: tuple[str, ...]
    attachments: tuple[str, ...]
    notes: tuple[str, ...]  # parts that could not be read, for the clerk
    own_texts: tuple[str, ...] = ()  # the complainant's own words and the documents
    flags: tuple[str, ...] = ()  # what the clerk must confirm (`DATE_ORDER`, `TEXT_CUT`)
    # the other party of those messages' "Sender on behalf of Owner" lines: (name, email)
    behalf: tuple[tuple[str | None, str | None], ...] = ()
    from_outside: bool = False  # someone outside the city wrote in it (not a mail system)
    documents: tuple[str, ...] = ()  # the attached PDFs' text: a letter may be in one


DATE_ORDER = "date_order"  # the receipt date's day and month order could not be known
TEXT_CUT = "text_cut"  # a text part longer than mime.MAX_TEXT was read only to there


def _is_forwarder(segment: Segment, directory: Directory) -> bool:
    if segment.email:
        return segment.email in forwarders(directory)
    people = (directory.by_email(f) for f in forwarders(directory))
    return any(p is not None and same_name(segment.name or "", p.name) for p in people)


def _by_date(segments: list[Segment]) -> list[Segment]:
    return sorted(segments, key=lambda s: (s.date is None, s.date.timestamp() if s.date else 0))


def gather(msg: Message, thread: list[Segment], directory: Directory,
           own_domains: tuple[str, ...], limits: MailLimits) -> Material:
    """The complaint material of a message whose thread has been split; raises
    `LimitExceeded` when its PDFs ask for more than `limits` allow."""
    domains = city_domains(directory, own_domains)
    # a mail system's notice inside a forward is nobody's complaint (its words may still
    # carry a resident's letter, which is their own segment)
    thread = [s for s in thread if not s.machine]
    outsiders = [s for s in thread if not is_city_person(s.name, s.email, directory, domains)]
    theirs = _by_date(_complainants(outsiders))
    evidence: list[str] = []
    if theirs:
        texts = [s.text for s in theirs]
        chosen = set(theirs)  # a set: a thread of thousands of parts stays linear
        evidence = [s.text for s in outsiders if s not in chosen]
        chosen.update(s for s in outsiders)
        city_texts = [s.text for s in thread if s not in chosen]
    else:
        theirs = _by_date([s for s in thread if not s.outer
                           and not _is_forwarder(s, directory)])
        writers = theirs or [s for s in thread if s.outer]
        split = [_split_signature(s.text, s.name) for s in writers]
        # An employee's own message counts whole (their name ends it); a clerk's note
        # loses its signature. Either way the staff signature vouches for no number.
        texts = [s.text for s in theirs] or [kept for kept, _ in split]
        chosen = set(writers)
        city_texts = [sig for _, sig in split] + [s.text for s in thread if s not in chosen]
    own = list(texts)
    texts += evidence
    notes: list[str] = []
    documents: list[str] = []
    files = mime.files(msg)
    pdfs = [part for part in files if part.content_type == "application/pdf"
            or part.name.lower().endswith(".pdf")]
    for content, part in zip(read_pdfs(_pdf_data(pdfs, limits), limits), pdfs, strict=True):
        document = [clean(form_fields_text(content.fields)), clean(content.text)]
        texts += document
        own += document
        documents.append(document[1])
        if content.problem:
            notes.append(f"{part.name} {content.problem}")
    labelled = Labelled()
    for text in own:
        read_labels(text, labelled)
    received, other = _receipt(theirs, next((s.date for s in thread if s.outer), None))
    if received and other:
        notes.append(_date_order_note(received, other))
    return Material(
        texts=tuple(t for t in texts if t.strip()),
        labelled=labelled,
        authors=tuple((s.name, s.email) for s in theirs),
        subjects=tuple(s.subject for s in theirs or thread[:1]),
        received_at=received,
        city_text="\n\n".join(city_texts),
        city_domains=domains,
        attachments=tuple(p.name for p in files),
        notes=tuple(notes),
        own_texts=tuple(t for t in own if t.strip()),
        flags=((DATE_ORDER,) if received and other else ()) + (
            (TEXT_CUT,) if mime.was_cut(msg) else ()),
        behalf=tuple(p for s in theirs for p in s.behalf),
        from_outside=bool(outsiders),
        documents=tuple(d for d in documents if d.strip()),
    )


def _complainants(outsiders: list[Segment]) -> list[Segment]:
    """The complainant's messages among those outside the city: the innermost forwarded
    writer's (else the first quoted one's), with their own earlier messages in the thread."""
    forwarded = [s for s in outsiders if not s.quoted]
    who = forwarded[-1] if forwarded else next(iter(outsiders), None)
    if who is None:
        return []
    return [s for s in outsiders if s is who or _same_writer(s, who)]


def _same_writer(a: Segment, b: Segment) -> bool:
    if a.email and b.email:
        return a.email == b.email
    return bool(a.name and b.name and same_name(a.name, b.name))


def _receipt(theirs: list[Segment],
             forwarded: datetime | None) -> tuple[datetime | None, datetime | None]:
    """(the earliest plausible date of the complainant's messages, its other reading when
    the order of day and month is open and both readings are plausible)."""
    best: datetime | None = None
    other: datetime | None = None
    for segment in theirs:
        readings = sorted(set(_plausible([segment.date, segment.date_other], forwarded)))
        if readings and (best is None or readings[0] < best):
            best, other = readings[0], readings[1] if len(readings) > 1 else None
    return best, other


def _date_order_note(received: datetime, other: datetime) -> str:
    return (f"the original's date reads as {received:%B %-d, %Y} or {other:%B %-d, %Y} "
            f"(day and month order unknown); receipt is taken as {received:%B %-d, %Y}, the "
            "earlier, until the clerk confirms it with the forwarder")


def _pdf_data(pdfs: list[mime.FilePart], limits: MailLimits) -> list[bytes]:
    """The files' bytes; the count and the size as carried are checked before any is
    decoded (base64 is a third larger than the file)."""
    if len(pdfs) > limits.max_pdfs:
        raise LimitExceeded(limits, "max_pdfs", f"{len(pdfs)} PDF files")
    for part in pdfs:
        if part.encoded_size() * 3 // 4 > limits.max_pdf_bytes + 1024:
            raise LimitExceeded(limits, "max_pdf_bytes", f"a PDF file of about "
                                f"{part.encoded_size() * 3 // 4:,} bytes ({part.name})")
    return [part.data() for part in pdfs]


def _plausible(dates: list[datetime | None], forwarded: datetime | None) -> list[datetime]:
    """Dates of originals, without those after the forward itself (a misread or a wrong
    clock: nobody forwards a message before it was written). A day of slack allows for a
    zone-less date read in the city's zone but written elsewhere."""
    latest = forwarded + timedelta(days=1) if forwarded else None
    return [d for d in dates if d is not None and (latest is None or d <= latest)]


def _split_signature(text: str, writer: str | None) -> tuple[str, str]:
    """(text, signature) of a city writer: the signature runs from `-- ` or their name."""
    lines = text.split("\n")
    starts = line_numbers(text, _DASHES, first_only=True)
    starts += lines_named(text, writer, before_comma=True)[:1] if writer else []
    if not starts:
        return text, ""
    i = min(starts)
    return "\n".join(lines[:i]), "\n".join(lines[i:])


_DASHES = re.compile(r"^--[^\S\n]*$", re.M)  # the signature separator, "-- "
