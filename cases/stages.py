"""The stages a case passes through, in the order of the ordinance.

A stage changes only by a step whose row in `cases.steps.STEPS` says where it leads.
`VOID` is not a stage of the procedure: it marks a case opened by mistake (spam that
slipped past the screening, a duplicate), kept with its history and never deleted.
"""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
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


# Stages in which the review is still under way: every step of the procedure happens here.
OPEN_STAGES = frozenset(Stage) - {Stage.CLOSED, Stage.VOID}
# Stages a case never leaves.
FINAL_STAGES = frozenset({Stage.CLOSED, Stage.VOID})
