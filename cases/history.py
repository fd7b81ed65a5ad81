"""The one table of events: for each kind of entry in a case's history, what it does.

A step (`cases.steps.STEPS`) says which event it records; what that event then does to
the case is said here, once, whichever step or process recorded it:

- `leads_to`: the stage the case takes (None: the stage stays). `Case.apply` reads it.
- `meets`: the deadline whose step it records, dated by its `on` (the day it happened,
  which decides a day period even when it was recorded later). The §2 notices meet
  theirs together (`Case.triggers`), so `NOTICE_SERVED` names none.
- `seen_by`: who, besides FULL access, sees the entry in the case's history (the council
  its part, the respondent theirs; the public none, only the released records).
- `moves_days`: it moves the days of steps already recorded (all other dated events say
  their day with `on`); its words head the recomputation it causes in the history.
- `opens` / `revises`: the calendar invite it first owes, and the invites whose dates it
  may move or cancel (their SEQUENCE counts these events, `cases.notices`).
- `meetings`: the case's meetings take it in (`cases.meetings.Meetings.apply`).

`tests/unit/cases/test_history.py` checks that every event kind has its row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from cases.deadline_values import DeadlineKey
from cases.events import EventKind
from cases.levels import Access
from cases.stages import Stage


class Window(StrEnum):
    """The windows of a case that each have a calendar invite (`cases.notices.NoticeType`
    of the same value); a meeting's invite is the meeting's own."""

    SUFFICIENCY_WINDOW = "invite_sufficiency_window"  # §7 begin..conclude
    COUNCIL_DECISION = "invite_council_decision"  # §12 seven days


@dataclass(frozen=True)
class EventRule:
    kind: EventKind
    leads_to: Stage | None = None
    meets: DeadlineKey | None = None
    seen_by: frozenset[Access] = frozenset()
    moves_days: str | None = None
    opens: Window | None = None
    revises: frozenset[Window] = frozenset()
    meetings: bool = False


_K, _S, _D = EventKind, Stage, DeadlineKey
_COUNCIL, _RESPONDENT = frozenset({Access.COUNCIL}), frozenset({Access.RESPONDENT})
_BOTH = _COUNCIL | _RESPONDENT
_WINDOW, _DECISION = frozenset({Window.SUFFICIENCY_WINDOW}), frozenset({Window.COUNCIL_DECISION})
_EVERY_WINDOW = _WINDOW | _DECISION

_ROWS = (
    EventRule(_K.COMPLAINT_RECEIVED, seen_by=_BOTH, opens=Window.SUFFICIENCY_WINDOW),
    EventRule(_K.NOTICE_SERVED),
    EventRule(_K.NOTICE_BOUNCED),
    EventRule(_K.REGISTERED_MAIL_SENT, meets=_D.REGISTERED_MAIL),
    EventRule(_K.RETURN_RECEIPT_RECORDED),
    EventRule(_K.HEARING_SCHEDULED, _S.HEARING_SCHEDULED, seen_by=_RESPONDENT, meetings=True),
    EventRule(_K.HEARING_BEGUN, _S.HEARING_BEGUN, _D.HEARING_BEGIN),
    EventRule(_K.RESPONDENT_HEARD),
    EventRule(_K.HEARING_CONCLUDED, _S.HEARING_CONCLUDED, _D.HEARING_CONCLUDE),
    EventRule(_K.CONTINUANCE_APPLIED, seen_by=_COUNCIL, revises=_WINDOW, meetings=True),
    EventRule(_K.CONTINUANCE_DECIDED, seen_by=_COUNCIL, revises=_WINDOW, meetings=True),
    EventRule(_K.REPORT_EXTENSION_REQUESTED, seen_by=_COUNCIL),
    EventRule(_K.REPORT_EXTENSION_DECIDED, seen_by=_COUNCIL),
    EventRule(_K.REPORT_ISSUED, _S.REPORTED),
    EventRule(_K.REPORT_DELIVERED, _S.REPORT_DELIVERED, _D.REPORT_DELIVERY, seen_by=_BOTH),
    EventRule(_K.BOARD_HEARING_REQUESTED, seen_by=_RESPONDENT),
    EventRule(_K.REFERRED, _S.REFERRED, seen_by=_RESPONDENT),
    EventRule(_K.DETERMINATION_RECEIVED, _S.DETERMINED, seen_by=_BOTH,
              opens=Window.COUNCIL_DECISION),
    EventRule(_K.COUNCIL_DECISION_EXTENDED, seen_by=_BOTH, revises=_DECISION),
    EventRule(_K.COUNCIL_VOTE_RECORDED, seen_by=_COUNCIL),
    EventRule(_K.MAYOR_VOTE_RECORDED, seen_by=_COUNCIL),
    EventRule(_K.COUNCIL_DECIDED, _S.COUNCIL_DECIDED, _D.COUNCIL_DECISION, seen_by=_BOTH),
    EventRule(_K.COMPLAINT_AMENDED, seen_by=_BOTH),
    EventRule(_K.RECEIPT_CORRECTED, moves_days="receipt corrected", revises=_WINDOW),
    EventRule(_K.DEADLINES_RECOMPUTED, revises=_EVERY_WINDOW),
    EventRule(_K.CORRESPONDENCE_FILED),
    EventRule(_K.STEP_DATE_CORRECTED, moves_days="date of an earlier step corrected",
              revises=_EVERY_WINDOW),
    EventRule(_K.CASE_CLOSED, _S.CLOSED, seen_by=_BOTH),
    EventRule(_K.CASE_VOIDED, _S.VOID, seen_by=_BOTH, revises=_EVERY_WINDOW, meetings=True),
    EventRule(_K.DISCLOSURE_REQUESTED),
    EventRule(_K.RECORDS_RELEASED, meets=_D.DISCLOSURE_RESPONSE),
    EventRule(_K.DISCLOSURE_ANSWERED, meets=_D.DISCLOSURE_RESPONSE),
    EventRule(_K.DISCLOSURE_CLARIFIED),
    EventRule(_K.INSTALMENT_PREPARED),
    EventRule(_K.THIRD_PARTY_NOTIFIED),
    EventRule(_K.DELIBERATION_SCHEDULED, meetings=True),
    EventRule(_K.MEETING_CANCELLED, meetings=True),
    EventRule(_K.OPEN_SESSION_REQUESTED, meetings=True),
    EventRule(_K.EXECUTIVE_SESSION_STARTED, meetings=True),
    EventRule(_K.EXECUTIVE_SESSION_EXTENDED, meetings=True),
    EventRule(_K.EXECUTIVE_SESSION_ENDED, meetings=True),
    EventRule(_K.BOARD_VOTE_RECORDED, meetings=True),
    EventRule(_K.BOARD_DETERMINED, meetings=True),
    EventRule(_K.MEETING_REPLY_RECORDED, meetings=True),
    EventRule(_K.ROLL_CALL_RECORDED, meetings=True),
    EventRule(_K.MEMBER_RECUSED),
    EventRule(_K.COUNCIL_EXTENSION_REQUESTED, seen_by=_BOTH),
    EventRule(_K.EXAMINER_CONFLICTED),
    EventRule(_K.COMPLAINT_DISMISSED, seen_by=_BOTH),
    EventRule(_K.AMENDMENT_FOUND, seen_by=_BOTH),
    EventRule(_K.RESPONDENT_NAMED, seen_by=_BOTH),
    EventRule(_K.LEGAL_HOLD_PLACED),
    EventRule(_K.LEGAL_HOLD_LIFTED),
    EventRule(_K.DESTRUCTION_REQUESTED),
    EventRule(_K.RECORDS_DESTROYED, seen_by=_BOTH),
    # the full-access roles only: the entry holds the basis and who had the complaint
    EventRule(_K.COMPLAINANT_WITHHELD),
)

EVENTS: Mapping[EventKind, EventRule] = {r.kind: r for r in _ROWS}


def sees_in_history(access: Access, kind: EventKind) -> bool:
    """Whether `access` sees an entry of kind `kind` in a case's history: FULL every
    entry, the council and the respondent their part, the public none."""
    return access is Access.FULL or access in EVENTS[kind].seen_by


def opening(invite: Window) -> EventKind:
    """The event that first owes `invite`."""
    return next(k for k, r in EVENTS.items() if r.opens is invite)
