"""Which notices each step of the procedure owes, and to whom.

This decides only *that* a notice is owed (kind, recipient, the deadline it serves);
rendering and delivery are the mail adapter's job, after the transaction that recorded
the step. Confidential content goes to individual addresses only (§6), so every owed
notice names one person.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cases.case import Case
from cases.deadlines import DeadlineKey
from cases.directory import Directory, Person
from cases.events import Event, EventKind


class NoticeType(StrEnum):
    COMPLAINT_TO_RESPONDENT = "complaint_to_respondent"  # §2 inform the official
    COMPLAINT_TO_COUNCIL = "complaint_to_council"  # §2 inform the council
    SUBMISSION_TO_BOARD = "submission_to_board"  # §2 submit for sufficiency
    REGISTERED_MAIL_TASK = "registered_mail_task"  # §2 copy by registered mail


@dataclass(frozen=True)
class OwedNotice:
    case_number: str
    type: NoticeType
    recipient: Person
    deadline: DeadlineKey | None  # the statutory deadline the notice serves, if any
    generation: int = 0  # a deliberate resend is a new generation


def notices_owed(case: Case, event: Event, directory: Directory) -> list[OwedNotice]:
    """The notices `event` makes owed on `case`."""
    if event.kind is EventKind.COMPLAINT_RECEIVED:
        return _on_receipt(case, directory)
    return []


def _on_receipt(case: Case, directory: Directory) -> list[OwedNotice]:
    def owe(t: NoticeType, people: tuple[Person, ...] | list[Person],
            key: DeadlineKey | None) -> list[OwedNotice]:
        return [OwedNotice(case.number, t, p, key) for p in people]

    respondents = [p for e in case.respondents if (p := directory.by_email(e)) is not None]
    return [
        *owe(NoticeType.COMPLAINT_TO_RESPONDENT, respondents, DeadlineKey.NOTICE_24H),
        *owe(NoticeType.COMPLAINT_TO_COUNCIL,
             [p for p in directory.council if p.email not in case.respondents],
             DeadlineKey.NOTICE_24H),
        *owe(NoticeType.SUBMISSION_TO_BOARD,
             [p for p in directory.board if p.email not in case.respondents],
             DeadlineKey.NOTICE_24H),
        *owe(NoticeType.REGISTERED_MAIL_TASK, directory.designees or (directory.mayor,),
             DeadlineKey.REGISTERED_MAIL),
    ]
