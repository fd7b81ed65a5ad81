"""What happened to a case: an append-only history, each entry past tense.

An event's `data` is plain JSON (strings, numbers, booleans, lists, dicts) so it can be
stored as it is and replayed to rebuild the case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    COMPLAINT_RECEIVED = "complaint_received"
    NOTICE_SERVED = "notice_served"
    # §2: a notice delivered by email came back (a bounce): it served no one
    NOTICE_BOUNCED = "notice_bounced"
    REGISTERED_MAIL_SENT = "registered_mail_sent"
    # §2: the registered copy's return receipt came back, signed on its day (the proof)
    RETURN_RECEIPT_RECORDED = "return_receipt_recorded"
    HEARING_SCHEDULED = "hearing_scheduled"
    HEARING_BEGUN = "hearing_begun"
    RESPONDENT_HEARD = "respondent_heard"
    HEARING_CONCLUDED = "hearing_concluded"
    CONTINUANCE_APPLIED = "continuance_applied"
    CONTINUANCE_DECIDED = "continuance_decided"
    REPORT_EXTENSION_REQUESTED = "report_extension_requested"
    REPORT_EXTENSION_DECIDED = "report_extension_decided"
    REPORT_ISSUED = "report_issued"
    REPORT_DELIVERED = "report_delivered"
    BOARD_HEARING_REQUESTED = "board_hearing_requested"
    REFERRED = "referred"
    DETERMINATION_RECEIVED = "determination_received"
    COUNCIL_DECISION_EXTENDED = "council_decision_extended"
    COUNCIL_VOTE_RECORDED = "council_vote_recorded"
    MAYOR_VOTE_RECORDED = "mayor_vote_recorded"
    COUNCIL_DECIDED = "council_decided"
    COMPLAINT_AMENDED = "complaint_amended"
    AMENDMENT_FOUND = "amendment_found"  # §5, §7: the board's finding on a later section
    RECEIPT_CORRECTED = "receipt_corrected"
    RESPONDENT_NAMED = "respondent_named"  # §2: the official intake could not match
    DEADLINES_RECOMPUTED = "deadlines_recomputed"
    CORRESPONDENCE_FILED = "correspondence_filed"
    STEP_DATE_CORRECTED = "step_date_corrected"
    CASE_CLOSED = "case_closed"
    CASE_VOIDED = "case_voided"
    DISCLOSURE_REQUESTED = "disclosure_requested"
    RECORDS_RELEASED = "records_released"  # an instalment released on approval
    # a disclosure request's file (RCW 42.56; cases.disclosure): an answer letter, the
    # requester's clarification, an instalment prepared, a third party told
    DISCLOSURE_ANSWERED = "disclosure_answered"
    DISCLOSURE_CLARIFIED = "disclosure_clarified"
    INSTALMENT_PREPARED = "instalment_prepared"
    THIRD_PARTY_NOTIFIED = "third_party_notified"
    # meetings (cases.meetings): the council's deliberation, cancellations, the open-session
    # request, the executive session, the board's vote, the invitees' answers
    DELIBERATION_SCHEDULED = "deliberation_scheduled"
    MEETING_CANCELLED = "meeting_cancelled"
    OPEN_SESSION_REQUESTED = "open_session_requested"
    EXECUTIVE_SESSION_STARTED = "executive_session_started"
    EXECUTIVE_SESSION_EXTENDED = "executive_session_extended"
    EXECUTIVE_SESSION_ENDED = "executive_session_ended"
    BOARD_VOTE_RECORDED = "board_vote_recorded"
    BOARD_DETERMINED = "board_determined"
    MEETING_REPLY_RECORDED = "meeting_reply_recorded"
    # a body acts by a motion at its meeting (cases.motions): who was present, who recused
    ROLL_CALL_RECORDED = "roll_call_recorded"
    MEMBER_RECUSED = "member_recused"
    # §12: the extension of the council's time is granted only on the respondent's request
    COUNCIL_EXTENSION_REQUESTED = "council_extension_requested"
    # §11: an examiner conflicted on the case, skipped by the rotation (withdrawn if assigned)
    EXAMINER_CONFLICTED = "examiner_conflicted"
    # §4: the board dismisses a complaint as time-barred, naming when it became public
    COMPLAINT_DISMISSED = "complaint_dismissed"
    # retention (RCW 40.14; cases.retention): a legal hold, a request to destroy the case
    # file once its retention ended, and the records officer's approval, whose entry is
    # the certificate of destruction
    LEGAL_HOLD_PLACED = "legal_hold_placed"
    LEGAL_HOLD_LIFTED = "legal_hold_lifted"
    DESTRUCTION_REQUESTED = "destruction_requested"
    RECORDS_DESTROYED = "records_destroyed"
    # issue 27: the complainant's identity withheld from the official and the council
    # (RCW 42.41, RCW 42.56.240; the reading `complainant_protection`, cases.protection)
    COMPLAINANT_WITHHELD = "complainant_withheld"


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
