"""The effects of the entries on what the complaint says (its amendment, §5; the finding
on sections added after the report; an official named, §2), as `cases.handlers.complaint`
records them."""

from __future__ import annotations

from datetime import date

from cases.case_state import CaseState
from cases.effects.effect import Effect
from cases.history import Event, EventKind
from cases.recorded import NamedOfficial

__all__ = ["EFFECTS"]


def complaint_amended(case: CaseState, e: Event, on: date | None) -> None:
    for s in e.data.get("added_sections", []):
        if s not in case.alleged_sections:
            case.alleged_sections.append(s)
            if e.data.get("after_report"):
                case.amended_after_report.append(s)


def amendment_found(case: CaseState, e: Event, on: date | None) -> None:
    for s in e.data["sections"]:
        case.amendments_found[str(s)] = bool(e.data["sufficient"])


def respondent_named(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.respondents = (*case.respondents, str(d["respondent"]))
    if d.get("name"):  # a person the directory does not list
        case.named_officials[str(d["respondent"])] = NamedOfficial(
            str(d["name"]), d.get("email"), d.get("address"))


_K = EventKind
EFFECTS: dict[EventKind, Effect] = {
    _K.COMPLAINT_AMENDED: complaint_amended,
    _K.AMENDMENT_FOUND: amendment_found,
    _K.RESPONDENT_NAMED: respondent_named,
}
