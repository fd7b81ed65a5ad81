"""How much of a case each level of access shows (§6, §9, §10, §13): the parts of a case
page, a Slack status or a case record that a reader may see, decided once for every
surface. Who has which access is `cases.access.case_access`, and which part of the history
each sees `cases.access.sees_in_history`; this says what else each access opens.

- FULL: everything, the complainant's contact details and the filings as received
  included, and the complete case record for download (the city attorney must be able to
  produce it; the mayor's office and the board hold the same record).
- COUNCIL: the complaint without contact details, the deadlines, the notices sent to the
  member, the council's part of the history, and the §13 records once the report is
  delivered.
- RESPONDENT: the complaint without contact details, the notices sent to them, their part
  of the history, and the §13 records once delivered to them (§10).
- PUBLIC: the §13 records of a closed case, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cases.access import Access, Actor
from cases.deadlines import Responsible
from cases.directory import ATTORNEY, BOARD, COUNCIL, OFFICE


class Notices(StrEnum):
    ALL = "all"
    OWN = "own"  # only those sent to the reader
    NONE = "none"


@dataclass(frozen=True)
class Visibility:
    complaint: bool  # the complaint's facts, sections and reasons
    contact: bool  # the complainant's address, phone and email
    records: bool  # the §13 records: the written report, the final determination
    deadlines: bool  # the deadlines with their basis
    notices: Notices
    originals: bool  # the filings exactly as received, and the case record download


def visibility(access: Access, *, delivered: bool) -> Visibility:
    """What `access` opens; `delivered`: the report has been delivered or the case closed."""
    if access is Access.FULL:
        return Visibility(True, True, True, True, Notices.ALL, True)
    if access is Access.COUNCIL:
        return Visibility(True, False, delivered, True, Notices.OWN, False)
    if access is Access.RESPONDENT:
        return Visibility(True, False, delivered, False, Notices.OWN, False)
    if access is Access.PUBLIC:
        return Visibility(True, False, True, False, Notices.NONE, False)
    return Visibility(False, False, False, False, Notices.NONE, False)


# Whose deadlines are whose (DESIGN.md's table): the mayor's office the §2 acts, the board
# (its chair answers for it) the hearing and the report, the council its decision.
RESPONSIBILITIES = ((OFFICE, Responsible.MAYORS_OFFICE), (BOARD, Responsible.BOARD_CHAIR),
                    (COUNCIL, Responsible.COUNCIL), (ATTORNEY, Responsible.CITY_ATTORNEY))


def responsibilities(actor: Actor) -> list[Responsible]:
    """The deadlines `actor` must meet or see met: "my deadlines" on every surface (cases
    against the actor are left out by the caller: they act in none of them)."""
    return [r for roles, r in RESPONSIBILITIES if actor.has(roles)]
