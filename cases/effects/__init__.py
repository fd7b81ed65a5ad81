"""What each kind of history entry does to a case's state, by part of the procedure.

Each part of the procedure (the same parts as `cases.handlers`) has its module here, whose
`EFFECTS` says what each of its kinds of entry does (`cases.effects.effect`); an entry
that changes no field says so (`nothing`). `EFFECTS` below gathers them into the one
table `cases.case.Case` reads, every kind in exactly one part
(`tests/unit/cases/test_effects.py`). The stage an entry leads to is its row's
(`cases.history`), not an effect's.
"""

from __future__ import annotations

from cases.effects import (
    at_meetings,
    case_file,
    complainant,
    complaint,
    council,
    disclosures,
    meetings,
    referral,
    report,
    retention,
    sufficiency,
)
from cases.effects.effect import Effect
from cases.history import EventKind

__all__ = ["EFFECTS", "PARTS"]

PARTS: dict[str, dict[EventKind, Effect]] = {
    "sufficiency": sufficiency.EFFECTS, "report": report.EFFECTS,
    "meetings": meetings.EFFECTS, "at_meetings": at_meetings.EFFECTS,
    "referral": referral.EFFECTS, "council": council.EFFECTS,
    "complaint": complaint.EFFECTS, "case_file": case_file.EFFECTS,
    "disclosures": disclosures.EFFECTS, "retention": retention.EFFECTS,
    "complainant": complainant.EFFECTS,
}
EFFECTS: dict[EventKind, Effect] = {k: f for part in PARTS.values() for k, f in part.items()}
