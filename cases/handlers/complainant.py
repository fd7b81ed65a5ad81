"""The step of the complainant's protection (issue 27; `cases.protection`): the clerk
records that the complainant's identity is withheld from the official complained against
and the council, with its basis and the summary they get instead of the complaint. The
step is its command, its row (`@step`), its handler and its effect (`@effect`), one above
the other (`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from cases.calendar import fmt_day, fmt_moment
from cases.case_state import CaseState
from cases.directory import OFFICE
from cases.effects import changes_nothing, effect
from cases.errors import ProcedureError
from cases.handlers import Command, StepContext, asks, step
from cases.history import Event, EventKind
from cases.protection import Protection, ProtectionBasis, identifying
from cases.protection_hold import hold_until
from cases.readings import ComplainantProtection, describe
from cases.stages import (
    OPEN_STAGES,
)

__all__ = ["ReleaseHeldNotices", "WithholdComplainant"]


@dataclass(frozen=True)
class WithholdComplainant(Command):
    """The complainant's identity and contact details withheld from the official
    complained against and the council, where the city's reading `complainant_protection`
    allows it (RCW 42.41.030, RCW 42.56.240(2); `cases.protection`): they get `summary`
    instead of the complaint, and the notice states the `basis`.

    `already_told`: who had been sent the complaint with the complainant named before
    this was recorded, filled in from the outbox, never typed (`cases.services`)."""

    basis: ProtectionBasis = field(metadata=asks("The statute the protection rests on"))
    summary: str = field(metadata=asks(
        "What the official and the council are given instead of the complaint: its summary, "
        "with nothing that identifies the complainant", long=True,
        example="A resident alleges the official voted on a contract with their employer"))
    already_told: tuple[str, ...] = field(default=(), metadata=asks(
        "Who was already sent the complaint with the complainant named (from the outbox)"))


# the clerk, where the city's reading allows it, and only while the case is open: a
# closed case's release is the disclosure request's (§6, §13)
@step("withhold-complainant",
      "withhold the complainant's identity from the official and the council",
      EventKind.COMPLAINANT_WITHHELD, OPEN_STAGES, OFFICE, "§2; RCW 42.41.030, RCW 42.56.240(2)")
def withhold(s: StepContext, cmd: WithholdComplainant) -> Event:
    reading = s.readings.complainant_protection
    if reading is ComplainantProtection.DISCLOSED:
        raise ProcedureError(
            "The city has not decided that a complainant's identity may be withheld from "
            "the official and the council: its reading `complainant_protection` is "
            "`disclosed`, so the §2 notice sends the official the complaint as filed. "
            "Whether RCW 42.41 (a city employee's report) or RCW 42.56.240 protects an "
            "ethics complainant is for the city attorney to decide; if the city decides it "
            "does, its directory file says `complainant_protection: "
            "withheld_where_recorded`, and the clerk then records it case by case "
            "(docs/records.md).")
    held = s.case.protection
    if held is not None:
        raise ProcedureError(
            f"The complainant's identity in {s.case.number} is already withheld under "
            f"{held.basis_words}, recorded by {held.recorded_by} on "
            f"{fmt_day(s.calendar.local_date(held.recorded_at))}; the official and the "
            "council have the summary recorded then.")
    summary = cmd.summary.strip()
    if not summary:
        raise ProcedureError(
            "Give the summary the official and the council get instead of the complaint: "
            "what is alleged and the sections cited, with nothing that identifies the "
            "complainant.")
    if found := identifying(summary, s.case.filing.complainant):
        raise ProcedureError(
            f"The summary gives the complainant's {' and '.join(found)}, and it is sent to "
            "the very people it is withheld from: write it without them.")
    told = sorted({e.strip().lower() for e in cmd.already_told if e.strip()})
    mailed = sorted(p for p in s.case.mailed if p in s.case.parties())
    return s.event(EventKind.COMPLAINANT_WITHHELD, basis=cmd.basis.value, summary=summary,
                   reading=describe(reading), already_told=told, registered_mailed=mailed,
                   note=_note(s, told, mailed))


@effect(EventKind.COMPLAINANT_WITHHELD)
def complainant_withheld(case: CaseState, e: Event, on: date | None) -> None:
    case.protection = Protection(ProtectionBasis(e.data["basis"]), str(e.data["summary"]),
                                 e.actor, e.at)


@dataclass(frozen=True)
class ReleaseHeldNotices(Command):
    """The §2 notices held for the decision on the complainant's protection
    (`cases.protection_hold`) sent now, as filed, the complainant named: the clerk decided
    that no protection applies (the complainant agreed to be named, or is no one a statute
    protects). `reason` says which, for the record."""

    reason: str = field(metadata=asks(
        "Why the complaint goes to the official and the council as filed", long=True,
        example="The complainant agreed by phone to be named"))


# the mayor's office, whose §2 acts they are, while the hold is in effect
@step("release-held-notices",
      "send the §2 notices held for the protection decision, as filed",
      EventKind.HELD_NOTICES_RELEASED, OPEN_STAGES, OFFICE, "§2")
def release_held(s: StepContext, cmd: ReleaseHeldNotices) -> Event:
    until = hold_until(s.case.history)
    if until is None:
        raise ProcedureError(
            f"No §2 notice of {s.case.number} is held: they were sent when the complaint "
            "came in, or once the protection was recorded or the notices released. The "
            "case page's notices say when each went.")
    if until <= s.at:
        raise ProcedureError(
            f"The §2 notices of {s.case.number} are no longer held: the hold ended "
            f"{fmt_moment(s.calendar.local(until))}, 8 hours before §2's 24 hours run out, "
            "and they went as filed then.")
    reason = cmd.reason.strip()
    if not reason:
        raise ProcedureError(
            "Say why the complaint goes as filed (the complainant agreed to be named, or no "
            "statute protects them): it is the record of a decision the complainant may "
            "ask about.")
    return s.event(EventKind.HELD_NOTICES_RELEASED, reason=reason)


changes_nothing(EventKind.HELD_NOTICES_RELEASED,
                why="it ends the hold, which `cases.protection_hold` reads from the history")
changes_nothing(EventKind.NOTICES_HELD,
                why="EthicsBot records it at receipt; `cases.protection_hold` reads it")


def _note(s: StepContext, told: list[str], mailed: list[str]) -> str:
    """What the clerk needs to know at once: whether the complaint, complainant named,
    already reached the official, and what to mail by registered mail (§2)."""
    unmailed = [p for p in s.case.parties() if p not in mailed]
    parts = []
    if told:
        parts.append(f"Already sent before this was recorded, the complainant named: the "
                     f"complaint to {', '.join(told)} (§2 notice); that cannot be recalled, "
                     "so tell the complainant. Everything sent and shown from now on carries "
                     "the summary.")
    else:
        parts.append("Recorded before the complaint reached the official: the §2 notices "
                     "still to go carry the summary.")
    if mailed:
        parts.append(f"The registered-mail copy already went to {', '.join(mailed)}.")
    if unmailed:
        parts.append("Mail the summary, not the complaint, by registered mail (§2) to "
                     f"{', '.join(unmailed)}.")
    return " ".join(parts)
