"""What a case record holds, as the web's record page loads it and the PDF prints it
(`web.record`, `web.record_pdf`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.chain import EMPTY, Head
from cases.directory import Directory
from notices.invites import Invite


@dataclass(frozen=True)
class Record:
    number: str
    city: str
    moment: datetime  # the record's last moment: its only date
    detail: dict[str, Any]
    originals: list[tuple[int, str, bytes]]  # (filing id, source, raw bytes)
    invites: list[Invite]
    calendar: CityCalendar  # times print in city time, as every deadline's basis does
    directory: Directory  # people print by name and title, as the case page shows them
    # the case's history chain where this record was made from: its last entry (seq
    # `head.count - 1`) and that entry's hash (`cases.chain`, docs/evidence.md)
    head: Head = EMPTY
    # each public records instalment released, as released and as prepared (the working
    # copy): (file name, PDF bytes) (`templates.released`)
    releases: tuple[tuple[str, bytes], ...] = ()

    @property
    def head_words(self) -> str:
        if not self.head.count:
            return "no history entry"
        return f"history entry #{self.head.count - 1}, SHA-256 {self.head.hash}"

    def digest_of(self, raw: bytes) -> str:
        return hashlib.sha256(raw).hexdigest()
