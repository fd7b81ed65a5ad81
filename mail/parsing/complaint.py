"""Separate the complaint from the mail that carried it.

A forwarded complaint is wrapped in notes and signatures of city staff ("Forwarding for
intake", the mayor's office phone, City Hall's address). Those are never the
complainant's (README of the intake corpus; a classic helpdesk bug makes the forwarder
the complainant). So each message of the thread is sorted: written by the city (a
forwarder, anyone in the directory, an address at the city's domains) or by someone
else. The complaint is what the others wrote, plus the documents the mail carries; the
city's text is kept only to recognise its numbers and addresses when they recur.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from email.message import Message

from cases.directory import Directory
from mail.parsing import mime
from mail.parsing.forwards import Segment
from mail.parsing.labels import Labelled, form_fields_text, read_labels
from mail.parsing.pdf import read_pdf
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

    @property
    def forwarded(self) -> bool:
        """An original written by someone outside the city was found inside the mail."""
        return bool(self.authors)


def city_domains(directory: Directory, own_domains: tuple[str, ...]) -> tuple[str, ...]:
    """The forwarders' mail domains and EthicsBot's own: mail from these is the city's."""
    domains = [f.rsplit("@", 1)[-1].lower() for f in directory.forwarders if "@" in f]
    return tuple(dict.fromkeys([*domains, *(d.lower() for d in own_domains)]))


def in_domains(address: str | None, domains: tuple[str, ...]) -> bool:
    if not address or "@" not in address:
        return False
    host = address.rsplit("@", 1)[1].lower()
    return any(host == d or host.endswith("." + d) for d in domains)


def is_city_person(name: str | None, email: str | None, directory: Directory,
                   domains: tuple[str, ...]) -> bool:
    """A forwarder, anyone in the directory, or an address at the city's domains."""
    if email:
        return (email in directory.forwarders or directory.by_email(email) is not None
                or in_domains(email, domains))
    return bool(name) and any(same_name(name or "", p.name) for p in directory.people())


def gather(msg: Message, thread: list[Segment], directory: Directory,
           own_domains: tuple[str, ...]) -> Material:
    """The complaint material of a message whose thread has been split."""
    domains = city_domains(directory, own_domains)
    by_city = [is_city_person(s.name, s.email, directory, domains) for s in thread]
    city = [s for s, ours in zip(thread, by_city, strict=True) if ours]
    theirs = sorted((s for s, ours in zip(thread, by_city, strict=True) if not ours),
                    key=lambda s: (s.date is None, s.date.timestamp() if s.date else 0.0))
    city_texts = [s.text for s in city]
    if theirs:
        texts = [s.text for s in theirs]
    else:  # a walk-in typed or attached by the clerk: the clerk's text minus signature
        outer = next((s for s in thread if s.outer), thread[0])
        kept, signature = _split_signature(outer.text, outer.name)
        texts = [kept]
        city_texts = [signature, *(s.text for s in city if s is not outer)]
    notes: list[str] = []
    files = mime.files(msg)
    for part in files:
        if part.content_type == "application/pdf" or part.name.lower().endswith(".pdf"):
            content = read_pdf(part.data())
            texts += [form_fields_text(content.fields), content.text]
            if content.problem:
                notes.append(f"{part.name} {content.problem}")
    labelled = Labelled()
    for text in texts:
        read_labels(text, labelled)
    dates = [s.date for s in theirs if s.date is not None]
    return Material(
        texts=tuple(t for t in texts if t.strip()),
        labelled=labelled,
        authors=tuple((s.name, s.email) for s in theirs),
        subjects=tuple(s.subject for s in theirs) or tuple(s.subject for s in thread[:1]),
        received_at=min(dates) if dates else None,
        city_text="\n\n".join(city_texts),
        city_domains=domains,
        attachments=tuple(p.name for p in files),
        notes=tuple(notes),
    )


def _split_signature(text: str, writer: str | None) -> tuple[str, str]:
    """(text, signature) of a city writer: the signature runs from `-- ` or their name."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.rstrip() == "--" or (writer and same_name(re.sub(r",.*", "", line), writer)):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    return text, ""
