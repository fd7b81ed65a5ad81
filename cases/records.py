"""The public records of a completed review (§13) and which of them have been released.

§13 makes three things public records: the complaint, the determination of sufficiency or
no sufficiency, and the written report of the board or the hearings examiner. §6 keeps
them confidential after completion "unless ... released through a public disclosure
request filed with the city attorney": so by default a record is shown to people not
otherwise entitled only once the city attorney has recorded its release. A city reading
§13 as releasing them at closure says so (`readings.release`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import TYPE_CHECKING

from cases.readings import Readings, Release

if TYPE_CHECKING:
    from cases.case import Case


class PublicRecord(StrEnum):
    COMPLAINT = "complaint"  # without the complainant's contact details
    SUFFICIENCY_DETERMINATION = "sufficiency_determination"  # the board's finding (§7, §8)
    WRITTEN_REPORT = "written_report"  # the board's report; the examiner's determination


WORDS = {PublicRecord.COMPLAINT: "the complaint",
         PublicRecord.SUFFICIENCY_DETERMINATION: "the sufficiency determination",
         PublicRecord.WRITTEN_REPORT: "the written report"}


@dataclass(frozen=True)
class Disclosure:
    """A public disclosure request filed with the city attorney, and its answer."""

    requester: str
    received: date
    records: tuple[PublicRecord, ...] = ()  # what was asked for, if it names records
    what: str = ""
    answered: date | None = None
    released: tuple[PublicRecord, ...] = ()
    released_to: str | None = None
    note: str = ""


def released(case: Case, readings: Readings) -> frozenset[PublicRecord]:
    """What of `case` may be shown to anyone: nothing before closure (§6)."""
    if not case.closed:
        return frozenset()
    if readings.release is Release.AT_CLOSURE:
        return frozenset(PublicRecord)
    return case.released_records
