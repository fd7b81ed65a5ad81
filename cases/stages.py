"""The stages a case passes through, in the order of the ordinance.

A stage changes only by an event whose row in `cases.history.EventKind` says where it leads,
and only forward: stages compare in the order below (a further hearing session scheduled
after the hearing began, or the board's §11 hearing after the referral, keeps the stage).
`VOID` is not a stage of the procedure: it marks a case opened by mistake (spam that
slipped past the screening, a duplicate), kept with its history and never deleted.
"""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """In the procedure's order (`comes_after`)."""

    RECEIVED = "received"
    HEARING_SCHEDULED = "hearing_scheduled"
    HEARING_BEGUN = "hearing_begun"
    HEARING_CONCLUDED = "hearing_concluded"
    REPORTED = "reported"
    REPORT_DELIVERED = "report_delivered"
    REFERRED = "referred"
    DETERMINED = "determined"
    COUNCIL_DECIDED = "council_decided"
    CLOSED = "closed"
    VOID = "void"

    def comes_after(self, other: Stage) -> bool:
        order = list(Stage)
        return order.index(self) > order.index(other)


# Stages in which the review is still under way: every step of the procedure happens here.
OPEN_STAGES = frozenset(Stage) - {Stage.CLOSED, Stage.VOID}
# Stages before the sufficiency hearing concluded: a continuance may still be applied for
# (§7), and a complaint dismissed as time-barred (§4) closes from one of them.
BEFORE_CONCLUSION = frozenset({Stage.RECEIVED, Stage.HEARING_SCHEDULED, Stage.HEARING_BEGUN})
# Stages from the hearing's conclusion to the report: the report's time may be extended (§10).
AFTER_CONCLUSION = frozenset({Stage.HEARING_CONCLUDED, Stage.REPORTED})
# Stages before the final determination (§11, §12): the complaint may be amended, a
# hearings examiner found conflicted, the board's meeting on the case scheduled.
BEFORE_DETERMINATION = OPEN_STAGES - {Stage.DETERMINED, Stage.COUNCIL_DECIDED}
# Stages of the sufficiency hearing under way or concluded (§7, §9): a board member's vote
# on sufficiency, and a respondent heard on a day of the hearing.
AT_HEARING = frozenset({Stage.HEARING_BEGUN, Stage.HEARING_CONCLUDED})
# Stages once a matter is referred (§11) until the council decided: a determination as to
# each official, and the board's §11 hearing of a matter referred to it (§9).
REFERRED_STAGES = frozenset({Stage.REFERRED, Stage.DETERMINED})
# Stages before the hearing began: a case opened by mistake may be voided.
BEFORE_BEGUN = frozenset({Stage.RECEIVED, Stage.HEARING_SCHEDULED})
# Stages a case never leaves.
FINAL_STAGES = frozenset({Stage.CLOSED, Stage.VOID})
