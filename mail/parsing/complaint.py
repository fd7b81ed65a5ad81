"""Separate the complaint from the mail that carried it.

A forwarded complaint is wrapped in notes and signatures of city staff ("Forwarding for
intake", the mayor's office phone, City Hall's address). Those are never the
complainant's (README of the intake corpus; a classic helpdesk bug makes the forwarder
the complainant). So each message of the thread is sorted: written by the city (a
forwarder, anyone in the directory, an address at the city's domains) or by someone
else. The complaint is what the others wrote, plus the documents the mail carries; the
city's text is kept only to recognise its numbers and addresses when they recur.

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
from mail.parsing.signature import same_name


@dataclass(frozen=True)
class Material:
    """The complaint as a whole: the complainant's messages and the attached documents."""

    texts: tuple[str, ...]  # complainant's messages oldest first, then document texts
    labelled: Labelled
    authors: tuple[tuple[str | None, str | None], ...]  # (name, email) of those messages
    subjects: tuple[str, ...]
    received_at: datetime | None  # the earliest of those messages' dates
    city_text: str  # what city staff wrote around it
    city_domains: tuple[str, ...]
    attachments: tuple[str, ...]
    notes: tuple[str, ...]  # parts that could not be read, for the clerk


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
    theirs = _by_date([s for s in thread
                       if not is_city_person(s.name, s.email, directory, domains)])
    if theirs:
        texts = [s.text for s in theirs]
        chosen = set(theirs)  # a set: a thread of thousands of parts stays linear
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
    notes: list[str] = []
    files = mime.files(msg)
    pdfs = [part for part in files if part.content_type == "application/pdf"
            or part.name.lower().endswith(".pdf")]
    for content, part in zip(read_pdfs(_pdf_data(pdfs, limits), limits), pdfs, strict=True):
        texts += [clean(form_fields_text(content.fields)), clean(content.text)]
        if content.problem:
            notes.append(f"{part.name} {content.problem}")
    labelled = Labelled()
    for text in texts:
        read_labels(text, labelled)
    dates = _plausible([s.date for s in theirs], next((s.date for s in thread if s.outer), None))
    return Material(
        texts=tuple(t for t in texts if t.strip()),
        labelled=labelled,
        authors=tuple((s.name, s.email) for s in theirs),
        subjects=tuple(s.subject for s in theirs or thread[:1]),
        received_at=min(dates) if dates else None,
        city_text="\n\n".join(city_texts),
        city_domains=domains,
        attachments=tuple(p.name for p in files),
        notes=tuple(notes),
    )


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
    for i, line in enumerate(lines):
        if line.rstrip() == "--" or (writer and same_name(re.sub(r",.*", "", line), writer)):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    return text, ""
