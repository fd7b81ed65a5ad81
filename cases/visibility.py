"""How much of a case each level of access shows (§6, §9, §10, §13), decided once:
`visibility` is what the web's case page and Slack's `/ethics status CASE` show of the
complaint, the §13 records, the deadlines, the notices and the originals (the filings as
received and the case record download). Who has which access is
`cases.access.case_access`; which part of the history each sees,
`cases.access.sees_in_history`, and which open-session requests,
`cases.access.sees_open_request`. The meetings' lines are the surfaces' own (who sees
which body's meetings and answers: `bot.meetings`).

- FULL: everything, the complainant's contact details and the filings as received
  included, and the complete case record for download (the city attorney must be able to
  produce it; the mayor's office and the board hold the same record).
- COUNCIL: the complaint without contact details, the deadlines, the notices sent to the
  member, and the §13 records once the report is delivered.
- RESPONDENT: the complaint without contact details, the notices sent to them, and the
  §13 records once delivered to them (§10); not the deadlines' workings, only the dates
  their rights apply by (`cases.rights`).
- PUBLIC: a surface shows the released §13 records of a closed case instead
  (`cases.public_records.released`); this module's answer for it is not used for a case page.
- NONE: nothing.

It also says whose deadlines are whose (`responsibilities`: "my deadlines" on Slack's App
Home, the web and the calendar feed), from the deadline table's `responsible` column
(`cases.deadline_values.DEADLINES`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cases.access import Actor
from cases.deadlines import Responsible
from cases.directory import ATTORNEY, BOARD, COUNCIL, OFFICE
from cases.levels import Access


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


# Whose deadlines are whose (the deadline table's `responsible` column): the mayor's office
# the §2 acts, the board (its chair answers for it) the hearing and the report, the council
# its decision.
RESPONSIBILITIES = ((OFFICE, Responsible.MAYORS_OFFICE), (BOARD, Responsible.BOARD_CHAIR),
                    (COUNCIL, Responsible.COUNCIL), (ATTORNEY, Responsible.CITY_ATTORNEY))


def responsibilities(actor: Actor) -> list[Responsible]:
    """The deadlines `actor` must meet or see met: "my deadlines" on every surface (cases
    against the actor are left out by the caller: they act in none of them)."""
    return [r for roles, r in RESPONSIBILITIES if actor.has(roles)]
