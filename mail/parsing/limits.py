"""How much work one message may cost, and the refusal when it asks for more.

Intake reads mail from anyone, and a stranger must not be able to stall it: the §2
notices are due within 24 hours of receipt for every genuine complaint in the queue
behind a hostile one. So every kind of work whose cost an author controls has a ceiling:
the message's size, its header block, its MIME parts and their nesting, the text read as
its body, and its PDFs (how many, their size, their pages, their streams, the time and
memory spent on them all together). A message over a ceiling is not read further: it is
quarantined with the ceiling named (`LimitExceeded.sentence`), the clerk is told, and the
next message is taken in at once.

Each ceiling is a setting (`ETHICSBOT_MAIL_MAX_…`); the defaults are far above any real
complaint and far below what would stall the worker (`bench/hostile_mail.py` shows both).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

MiB = 1024 * 1024


@dataclass(frozen=True)
class MailLimits:
    """The ceilings, as one picklable value (the read-ahead process receives it)."""

    max_bytes: int = 50 * MiB  # the whole message, as received
    max_header_bytes: int = 256 * 1024  # one header block: the message's or a part's
    max_header_chars: int = 8_000  # one header read (decoded); the rest of it is ignored
    max_parts: int = 200  # MIME parts, attached messages included
    max_depth: int = 20  # MIME nesting; each forward-as-attachment adds two or three
    max_text_bytes: int = 1 * MiB  # one text/plain or text/html body part, as encoded
    max_pdfs: int = 20  # PDF files read in one message
    max_pdf_bytes: int = 15 * MiB  # one PDF file
    max_pdf_pages: int = 100  # pages of all the message's PDFs together
    max_pdf_stream_bytes: int = 4 * MiB  # one decoded stream (text, fonts; not images)
    # reading the text of all the message's PDFs, in the reader's CPU seconds (so a busy
    # machine does not cut a letter short); pages past it are not read (not refused: the
    # clerk is told and the file is kept)
    max_pdf_text_seconds: float = 0.3
    max_pdf_seconds: float = 10.0  # reading all the message's PDFs
    max_pdf_memory_bytes: int = 512 * MiB  # the address space of the PDF reader process

    def setting(self, name: str) -> str:
        """`ETHICSBOT_MAIL_MAX_PARTS=200`: how a clerk or an operator finds the ceiling."""
        value = getattr(self, name)
        shown = f"{value:g}" if isinstance(value, float) else str(value)
        return f"{setting_name(name)}={shown}"


def setting_name(field: str) -> str:
    """The environment variable of a `MailLimits` field (`max_parts` -> ..._MAIL_MAX_PARTS)."""
    if field not in LIMIT_FIELDS:
        raise KeyError(field)
    return f"ETHICSBOT_MAIL_{field.upper()}"


LIMIT_FIELDS = tuple(f.name for f in fields(MailLimits))


class LimitExceeded(Exception):
    """A message asks for more work than `MailLimits` allows; it is quarantined unread.

    `what` says what was found ("10,002 MIME parts"), in words a clerk can check.
    """

    def __init__(self, limits: MailLimits, name: str, what: str) -> None:
        super().__init__(name, what)
        self.name, self.what = name, what
        self.setting = limits.setting(name)

    @property
    def sentence(self) -> str:
        return (f"Over the intake limit {self.setting}: {self.what}. The message was not "
                "read further; nothing was deleted.")
