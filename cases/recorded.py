"""What a case keeps beside its stage: the values the entries of its history build (a
report's extension, a referral, a finding, a witness...), named once for the case
(`cases.case_state`) and for the effects that build them (`cases.effects`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

__all__ = ["HEARD_AT_REFERRED", "UNNAMED", "CouncilExtensionRequest", "ExaminerHearing",
           "Finding", "LegalHold", "NamedOfficial", "Referral", "ReportExtension",
           "Requester", "Witness"]

UNNAMED = "the official complained against"  # when the directory matched nobody
# the `hearing` of an official heard (§9) at the board's §11 hearing of the matter referred
# to it, not at its §7 hearing on sufficiency (an entry without one)
HEARD_AT_REFERRED = "referred"


class Requester(StrEnum):
    """Who asks for a longer time for the written report (§10)."""

    RESPONDENT = "respondent"  # approved by the board
    BOARD = "board"  # approved by the council


@dataclass
class ReportExtension:
    requested_by: Requester
    days: int
    approved: bool | None = None  # None while undecided
    requested_on: date | None = None
    decided_on: date | None = None


@dataclass(frozen=True)
class LegalHold:
    """A legal hold on the case file (RCW 40.14): why, who placed it, when."""

    reason: str
    placed_by: str
    placed_at: datetime


@dataclass(frozen=True)
class NamedOfficial:
    """An official complained against whom the city's directory does not list, as the
    mayor's office named them (§2): the §2 notice goes to `email` when given, the copy by
    registered mail to `address`. Kept in the case (its history), since no directory
    entry holds them."""

    name: str
    email: str | None
    address: str | None


@dataclass(frozen=True)
class CouncilExtensionRequest:
    """§12: an official's request for more time for the council's decision as to them."""

    official: str | None  # None: a history from before requests named the official
    days: int  # what they asked for: the council grants no more
    on: date  # the day the city received it


@dataclass(frozen=True)
class Witness:
    """§9: a witness heard at the hearing."""

    name: str
    email: str  # "" when they gave none
    respondent: str | None  # whose matter they spoke to; None: the case's
    on: date | None
    referred: bool = False  # at the board's §11 hearing of that matter, not its §7 hearing


@dataclass(frozen=True)
class Referral:
    """§11: where one official's matter went for hearing, and when."""

    to: str  # the examiner's email, or "board"
    at: datetime
    on: date | None  # None in histories older than the day was recorded

    @property
    def board(self) -> bool:
        return self.to == "board"


@dataclass(frozen=True)
class ExaminerHearing:
    """§11: when and where the hearings examiner hears one official's matter, as they set
    it (the latest, if it moved)."""

    starts_at: datetime
    place: str
    examiner: str


@dataclass(frozen=True)
class Finding:
    """The final determination as to one official (§11, §12)."""

    violation: bool
    sections: tuple[str, ...]  # the sections found violated (none named: as alleged)
    on: date | None  # the day the council received it

