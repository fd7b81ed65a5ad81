"""The history of a case and the one table of events: each kind of entry, and what it does.

A case's history is append-only, each entry (`Event`) in the past tense; its `data` is plain
JSON (strings, numbers, booleans, lists, dicts) so it can be stored as it is and replayed to
rebuild the case.

Each kind of entry (`EventKind`) carries its row (`EventKind.X.rule`, an `EventRule`): what
that event does to the case, said once, whichever step or process recorded it:

- `leads_to`: the stage the case takes (None: the stage stays). `Case.apply` reads it.
- `meets`: the deadline whose step it records (`cases.steps.meeting` finds that step for a
  reminder's button). The case holds the step's moment and its day (`*_at`, `*_on`; the
  day it happened decides a day period even when it was recorded later), which
  `Case.triggers` pairs with the deadline. The §2 notices meet theirs together, so
  `NOTICE_SERVED` names none.
- `seen_by`: who, besides FULL access, sees the entry in the case's history (the council
  its part, the respondent theirs; the public none, only the released records).
- `moves_days`: it moves the days of steps already recorded (all other dated events say
  their day with `on`); its words head the recomputation it causes in the history.
- `opens` / `revises`: the calendar invite it first owes, and the invites whose dates it
  may move or cancel (their SEQUENCE counts these events, `cases.notices`).
- `meetings`: the case's meetings take it in (`cases.meetings.Meetings.apply`).

A kind with no row of its own (`NOTICE_SERVED = "notice_served"`) is an entry only the
full-access roles see, changing no stage and meeting no deadline. The kind's value is
stored in each history entry and never renamed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from cases.deadline_values import DeadlineKey
from cases.levels import Access
from cases.stages import Stage


class Window(StrEnum):
    """The windows of a case that each have a calendar invite (`cases.notices.NoticeType`
    of the same value); a meeting's invite is the meeting's own."""

    SUFFICIENCY_WINDOW = "invite_sufficiency_window"  # §7 begin..conclude
    COUNCIL_DECISION = "invite_council_decision"  # §12 seven days


@dataclass(frozen=True)
class EventRule:
    """What an event of one kind does to the case (the module's docstring says each)."""

    leads_to: Stage | None = None
    meets: DeadlineKey | None = None
    seen_by: frozenset[Access] = frozenset()
    moves_days: str | None = None
    opens: Window | None = None
    revises: frozenset[Window] = frozenset()
    meetings: bool = False


_R, _S, _D = EventRule, Stage, DeadlineKey
_COUNCIL, _RESPONDENT = frozenset({Access.COUNCIL}), frozenset({Access.RESPONDENT})
_BOTH = _COUNCIL | _RESPONDENT
_WINDOW, _DECISION = frozenset({Window.SUFFICIENCY_WINDOW}), frozenset({Window.COUNCIL_DECISION})
_EVERY_WINDOW = _WINDOW | _DECISION
_NOTHING = EventRule()


class EventKind(StrEnum):
    """Each kind of entry in a history, with its row: `NAME = "stored value", _R(...)`."""

    rule: EventRule

    def __new__(cls, value: str, rule: EventRule = _NOTHING) -> EventKind:
        kind = str.__new__(cls, value)
        kind._value_ = value
        kind.rule = rule
        return kind

    COMPLAINT_RECEIVED = "complaint_received", _R(seen_by=_BOTH, opens=Window.SUFFICIENCY_WINDOW)
    NOTICE_SERVED = "notice_served"
    # §2: a notice delivered by email came back (a bounce): it served no one
    NOTICE_BOUNCED = "notice_bounced"
    REGISTERED_MAIL_SENT = "registered_mail_sent", _R(meets=_D.REGISTERED_MAIL)
    # §2: the registered copy's return receipt came back, signed on its day (the proof)
    RETURN_RECEIPT_RECORDED = "return_receipt_recorded"
    # a meeting of the board on the case (its business: `cases.meetings.Business`); the
    # value is from when the only one was the §7 hearing, and stays as stored
    BOARD_MEETING_SCHEDULED = "hearing_scheduled", _R(_S.HEARING_SCHEDULED, seen_by=_RESPONDENT,
                                                      meetings=True)
    HEARING_BEGUN = "hearing_begun", _R(_S.HEARING_BEGUN, _D.HEARING_BEGIN)
    RESPONDENT_HEARD = "respondent_heard"
    HEARING_CONCLUDED = "hearing_concluded", _R(_S.HEARING_CONCLUDED, _D.HEARING_CONCLUDE)
    CONTINUANCE_APPLIED = "continuance_applied", _R(seen_by=_COUNCIL, revises=_WINDOW,
                                                    meetings=True)
    CONTINUANCE_DECIDED = "continuance_decided", _R(seen_by=_COUNCIL, revises=_WINDOW,
                                                    meetings=True)
    REPORT_EXTENSION_REQUESTED = "report_extension_requested", _R(seen_by=_COUNCIL)
    REPORT_EXTENSION_DECIDED = "report_extension_decided", _R(seen_by=_COUNCIL)
    REPORT_ISSUED = "report_issued", _R(_S.REPORTED)
    REPORT_DELIVERED = "report_delivered", _R(_S.REPORT_DELIVERED, _D.REPORT_DELIVERY,
                                              seen_by=_BOTH)
    BOARD_HEARING_REQUESTED = "board_hearing_requested", _R(seen_by=_RESPONDENT)
    REFERRED = "referred", _R(_S.REFERRED, seen_by=_RESPONDENT)
    # the board's, on a matter referred to it, is checked for its §13 executive session
    DETERMINATION_RECEIVED = "determination_received", _R(_S.DETERMINED, seen_by=_BOTH,
                                                          opens=Window.COUNCIL_DECISION,
                                                          meetings=True)
    COUNCIL_DECISION_EXTENDED = "council_decision_extended", _R(seen_by=_BOTH, revises=_DECISION)
    COUNCIL_VOTE_RECORDED = "council_vote_recorded", _R(seen_by=_COUNCIL, meetings=True)
    MAYOR_VOTE_RECORDED = "mayor_vote_recorded", _R(seen_by=_COUNCIL, meetings=True)
    COUNCIL_DECIDED = "council_decided", _R(_S.COUNCIL_DECIDED, _D.COUNCIL_DECISION, seen_by=_BOTH)
    COMPLAINT_AMENDED = "complaint_amended", _R(seen_by=_BOTH)
    # §5, §7: the board's finding on a later section
    AMENDMENT_FOUND = "amendment_found", _R(seen_by=_BOTH)
    RECEIPT_CORRECTED = "receipt_corrected", _R(moves_days="receipt corrected", revises=_WINDOW)
    # §2: the official intake could not match
    RESPONDENT_NAMED = "respondent_named", _R(seen_by=_BOTH)
    DEADLINES_RECOMPUTED = "deadlines_recomputed", _R(revises=_EVERY_WINDOW)
    CORRESPONDENCE_FILED = "correspondence_filed"
    STEP_DATE_CORRECTED = "step_date_corrected", _R(moves_days="date of an earlier step corrected",
                                                    revises=_EVERY_WINDOW)
    CASE_CLOSED = "case_closed", _R(_S.CLOSED, seen_by=_BOTH)
    CASE_VOIDED = "case_voided", _R(_S.VOID, seen_by=_BOTH, revises=_EVERY_WINDOW, meetings=True)
    DISCLOSURE_REQUESTED = "disclosure_requested"
    # an instalment released on approval
    RECORDS_RELEASED = "records_released", _R(meets=_D.DISCLOSURE_RESPONSE)
    # a disclosure request's file (RCW 42.56; cases.disclosure): an answer letter, the
    # requester's clarification, an instalment prepared, a third party told
    DISCLOSURE_ANSWERED = "disclosure_answered", _R(meets=_D.DISCLOSURE_RESPONSE)
    DISCLOSURE_CLARIFIED = "disclosure_clarified"
    INSTALMENT_PREPARED = "instalment_prepared"
    THIRD_PARTY_NOTIFIED = "third_party_notified"
    # meetings (cases.meetings): the council's deliberation, cancellations, the open-session
    # request, the executive session, the board's vote, the invitees' answers
    DELIBERATION_SCHEDULED = "deliberation_scheduled", _R(meetings=True)
    MEETING_CANCELLED = "meeting_cancelled", _R(meetings=True)
    OPEN_SESSION_REQUESTED = "open_session_requested", _R(meetings=True)
    EXECUTIVE_SESSION_STARTED = "executive_session_started", _R(meetings=True)
    EXECUTIVE_SESSION_EXTENDED = "executive_session_extended", _R(meetings=True)
    EXECUTIVE_SESSION_ENDED = "executive_session_ended", _R(meetings=True)
    BOARD_VOTE_RECORDED = "board_vote_recorded", _R(meetings=True)
    BOARD_DETERMINED = "board_determined", _R(meetings=True)
    MEETING_REPLY_RECORDED = "meeting_reply_recorded", _R(meetings=True)
    # a body acts by a motion at its meeting (cases.motions): who was present, who recused
    ROLL_CALL_RECORDED = "roll_call_recorded", _R(meetings=True)
    # RCW 42.30.035: the body approved a meeting's minutes (`cases.minutes`), by motion
    MINUTES_APPROVED = "minutes_approved", _R(meetings=True)
    MEMBER_RECUSED = "member_recused"
    # §9: a witness heard at the hearing; a member who was one acts on nothing in the case
    WITNESS_HEARD = "witness_heard"
    # §12: the extension of the council's time is granted only on the respondent's request
    COUNCIL_EXTENSION_REQUESTED = "council_extension_requested", _R(seen_by=_BOTH)
    # §11: an examiner conflicted on the case, skipped by the rotation (withdrawn if assigned)
    EXAMINER_CONFLICTED = "examiner_conflicted"
    # §11, §13: the hearing an examiner set for one official's matter, taken down
    EXAMINER_HEARING_SET = "examiner_hearing_set", _R(seen_by=_RESPONDENT)
    # §4: the board dismisses a complaint as time-barred, naming when it became public
    COMPLAINT_DISMISSED = "complaint_dismissed", _R(seen_by=_BOTH)
    # retention (RCW 40.14; cases.retention): a legal hold, a request to destroy the case
    # file once its retention ended, and the records officer's approval, whose entry is
    # the certificate of destruction
    LEGAL_HOLD_PLACED = "legal_hold_placed"
    LEGAL_HOLD_LIFTED = "legal_hold_lifted"
    DESTRUCTION_REQUESTED = "destruction_requested"
    RECORDS_DESTROYED = "records_destroyed", _R(seen_by=_BOTH)
    # issue 27: the complainant's identity withheld from the official and the council
    # (RCW 42.41, RCW 42.56.240; the reading `complainant_protection`, cases.protection)
    # the full-access roles only: the entry holds the basis and who had the complaint
    COMPLAINANT_WITHHELD = "complainant_withheld"
    # the official's and the council's §2 notices held for the clerk's decision on that
    # protection (the reading `protection_hold`, cases.protection_hold), and released by
    # the clerk as filed; full access only: the entry says the complaint asked for it
    NOTICES_HELD = "notices_held"
    HELD_NOTICES_RELEASED = "held_notices_released"


@dataclass(frozen=True)
class Event:
    kind: EventKind
    at: datetime  # when it was recorded (aware)
    actor: str  # who recorded it: an email, or "ethicsbot"
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def took_effect(self) -> bool:
        """False for a body's act whose motion failed: kept in the history as the
        minutes keep it, it changes nothing and owes no notice (`cases.acts`)."""
        return bool(self.data.get("motion", {}).get("carried", True))


def sees_in_history(access: Access, kind: EventKind) -> bool:
    """Whether `access` sees an entry of kind `kind` in a case's history: FULL every
    entry, the council and the respondent their part, the public none."""
    return access is Access.FULL or access in kind.rule.seen_by


def opening(invite: Window) -> EventKind:
    """The event that first owes `invite`."""
    return next(k for k in EventKind if k.rule.opens is invite)
