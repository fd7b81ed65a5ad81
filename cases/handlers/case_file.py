"""The steps that keep the record straight: corrections of the receipt and of a step's day,
a dismissal as time-barred (§4), closure, voiding and the correspondence filed with a case.
What the complaint says (its amendment, §5; an official named, §2) is the part before,
`cases.handlers.complaint`. Each step is its command, its row (`@step`) and its handler,
one above the other (`cases.handlers`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any

from cases.calendar import fmt_day, fmt_moment
from cases.case import Case
from cases.case_state import CaseState
from cases.deadlines import DeadlineKey, add_years
from cases.directory import BOARD, OFFICE
from cases.effects import changes_nothing, effect
from cases.errors import ProcedureError
from cases.handlers import (
    THE_DAY,
    THE_MAYOR,
    THE_MOTION,
    THE_OFFICIAL,
    Command,
    StepContext,
    asks,
    step,
)
from cases.hearing_days import session_day
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import ClerkVoid, describe
from cases.recorded import HEARD_AT_REFERRED
from cases.stages import BEFORE_BEGUN, BEFORE_CONCLUSION, OPEN_STAGES, Stage

__all__ = ["CloseCase", "CorrectReceipt", "CorrectStepDate", "DismissAsTimeBarred",
           "FileCorrespondence", "VoidCase"]


@dataclass(frozen=True)
class CorrectReceipt(Command):
    received_at: datetime = field(metadata=asks("When the city received the complaint (city time)"))
    reason: str = field(metadata=asks("Reason", long=True, example=(
        "The letter was stamped on arrival; the scan was filed the next morning")))


@step("correct-receipt", "correct the receipt time", EventKind.RECEIPT_CORRECTED, OPEN_STAGES,
      OFFICE, "§2")
def correct_receipt(s: StepContext, cmd: CorrectReceipt) -> Event:
    if cmd.received_at.tzinfo is None:
        raise ProcedureError("Give the corrected receipt time with its time zone.")
    if not cmd.reason.strip():
        raise ProcedureError("Say why the receipt time is corrected: it moves every deadline.")
    if cmd.received_at.astimezone(UTC) > s.at.astimezone(UTC):
        raise ProcedureError(
            f"The corrected receipt time ({fmt_moment(s.calendar.local(cmd.received_at))}) has "
            f"not come yet (it is now {fmt_moment(s.calendar.local(s.at))} in the city): the "
            "city can only have received a complaint in the past (§2).")
    return s.event(EventKind.RECEIPT_CORRECTED, old=s.case.received_at.isoformat(),
                   new=cmd.received_at.isoformat(), reason=cmd.reason)


@effect(EventKind.RECEIPT_CORRECTED)
def receipt_corrected(case: CaseState, e: Event, on: date | None) -> None:
    case.filing = replace(case.filing, received_at=datetime.fromisoformat(e.data["new"]))


@dataclass(frozen=True)
class DismissAsTimeBarred(Command):
    """§4: the board finds the information on the completed misconduct was reasonably
    available to the public on `public_since`, more than two years before the complaint
    was received, and dismisses it, by motion at its meeting; the case may then close."""

    public_since: date = field(metadata=asks("The day the information became public"))
    reason: str = field(metadata=asks("Reason", long=True, example=(
        "The contract was reported in the Riverton Ledger at the time")))
    on: date | None = field(default=None, metadata=THE_DAY)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("dismiss", "dismiss the complaint as time-barred", EventKind.COMPLAINT_DISMISSED,
      BEFORE_CONCLUSION, BOARD | OFFICE, "§4", body=Body.BOARD, stayed=True,
      agenda=Action.TIME_BAR)
def dismiss(s: StepContext, cmd: DismissAsTimeBarred) -> Event:
    """§4: only a complaint received more than two years after the information on the
    completed misconduct was reasonably available to the public."""
    received = s.calendar.local_date(s.case.received_at)
    if cmd.public_since > received:
        raise ProcedureError(f"{fmt_day(cmd.public_since)} is after the complaint was received "
                             f"({fmt_day(received)}): give the day the information became "
                             "public (§4).")
    barred_after = add_years(cmd.public_since, 2)
    if received <= barred_after:
        raise ProcedureError(
            f"The complaint was received {fmt_day(received)}, within two years of "
            f"{fmt_day(cmd.public_since)} (until {fmt_day(barred_after)}): it is not "
            "time-barred (§4), and the procedure goes on.")
    if not cmd.reason.strip():
        raise ProcedureError("Give the board's reason (how the information was available to "
                             "the public, and when): it is kept in the case's history.")
    return s.event(EventKind.COMPLAINT_DISMISSED, public_since=cmd.public_since.isoformat(),
                   reason=cmd.reason.strip()[:2000], on=s.day(cmd.on).isoformat())


@effect(EventKind.COMPLAINT_DISMISSED)
def complaint_dismissed(case: CaseState, e: Event, on: date | None) -> None:
    case.public_since = date.fromisoformat(e.data["public_since"])
    case.dismissed_on = on


@dataclass(frozen=True)
class CloseCase(Command):
    reason: str = field(default="", metadata=asks("Reason", long=True))


# early only once the complaint was dismissed as time-barred (`case_file.close`)
@step("close", "close the case", EventKind.CASE_CLOSED,
      BEFORE_CONCLUSION | {Stage.REPORT_DELIVERED, Stage.DETERMINED, Stage.COUNCIL_DECIDED},
      BOARD | OFFICE, "§4, §6, §8, §12")
def close(s: StepContext, cmd: CloseCase) -> Event:
    case = s.case
    if case.stage in BEFORE_CONCLUSION and case.dismissed_on is None:
        raise ProcedureError(
            f"{case.number} is still before the board (stage "
            f"'{case.stage.value.replace('_', ' ')}'): it closes after its report, its "
            "determination or the council's decision, or once the board dismissed it as "
            "time-barred (§4). A case opened by mistake is voided instead.")
    if case.stage is Stage.REPORT_DELIVERED and case.report_sufficient:
        raise ProcedureError(f"{case.number} was found sufficient: refer it for hearing (§11) "
                             "before closing.")
    # each official's matter is complete: determined, and decided by the council when a
    # violation was found (§11, §12)
    waiting = [p for p in case.found_sufficient if p not in case.findings]
    if case.stage is Stage.DETERMINED and waiting:
        raise ProcedureError(f"The determination as to {' and '.join(waiting)} is not yet "
                             f"recorded in {case.number}: each official has their own "
                             "(§12). Record it before closing.")
    undecided = [p for p in case.violators if p not in case.council_decided]
    if case.stage is Stage.DETERMINED and undecided:
        raise ProcedureError(f"A violation was found in {case.number} as to "
                             f"{' and '.join(undecided)}: the council must decide (§12) before "
                             "the case closes.")
    return s.event(EventKind.CASE_CLOSED, reason=cmd.reason)


@effect(EventKind.CASE_CLOSED)
def case_closed(case: CaseState, e: Event, on: date | None) -> None:
    case.closed_at = e.at


@dataclass(frozen=True)
class FileCorrespondence(Command):
    """A reply to one of EthicsBot's notices: kept in the case's history, never a new case."""

    sender: str = field(metadata=asks("Who sent it", example="jdoe@example.org"))
    subject: str = field(metadata=asks("Its subject", example="Acknowledgement"))
    message_id: str | None = field(default=None, metadata=asks("Its Message-ID"))


@step("correspondence", "file correspondence", EventKind.CORRESPONDENCE_FILED, frozenset(Stage),
      frozenset(), "§6")
def correspondence(s: StepContext, cmd: FileCorrespondence) -> Event:
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=cmd.sender, subject=cmd.subject,
                   message_id=cmd.message_id)


changes_nothing(EventKind.CORRESPONDENCE_FILED, why="kept in the history")


@dataclass(frozen=True)
class CorrectStepDate(Command):
    """A clerk's typo in the day an earlier step happened, corrected as its own step: the
    entry `entry` of the case's history (its number as listed, #1 the complaint's
    receipt), else the latest step recording `kind` (for a hearing of several
    respondents, `respondent`'s). `kind` is named either way, so a mistyped number is
    caught rather than correcting another step."""

    kind: EventKind = field(metadata=asks("The step whose day was mistyped", word="STEP"))
    on: date = field(metadata=asks("The day it really happened", word="DATE"))
    reason: str = field(metadata=asks("Reason", long=True, example=(
        "Typed on the day it was recorded, not the day it happened")))
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    entry: int | None = field(default=None, metadata=asks(
        "Its number in the case's history (#N; empty: the latest such step)", word="#ENTRY"))


@step("correct-date", "correct the date of an earlier step", EventKind.STEP_DATE_CORRECTED,
      OPEN_STAGES | {Stage.CLOSED}, OFFICE | BOARD, "§7–§12")
def correct_date(s: StepContext, cmd: CorrectStepDate) -> Event:
    """A clerk's typo in an earlier step's day, corrected as its own step; the order of the
    steps is checked again on the corrected case (`cases.procedure.handle`)."""
    case = s.case
    if not cmd.reason.strip():
        raise ProcedureError("Say why the date is corrected: the correction is kept in the "
                             "case's history with the reason.")
    what = cmd.kind.value.replace("_", " ")
    index = _entry(s, cmd, what) if cmd.entry is not None else next(
        (i for i in range(len(case.history) - 1, 0, -1)
         if case.history[i].kind is cmd.kind
         and (cmd.respondent is None or str(case.history[i].data.get("respondent", ""))
              .casefold() == cmd.respondent.strip().casefold())), None)
    if index is None:
        raise ProcedureError(f"{case.number} has no {what} recorded to correct"
                             + (f" for {cmd.respondent}." if cmd.respondent else "."))
    event = case.as_corrected(index)
    if "on" not in event.data and event.kind is not EventKind.REFERRED:
        raise ProcedureError(f"A {what} has no date to correct: it is recorded when it "
                             "happens.")
    old = event.data.get("on") or s.calendar.local_date(event.at).isoformat()
    new = s.day(cmd.on)
    if new.isoformat() == old:
        raise ProcedureError(f"The {what} is already dated {fmt_day(new)}: nothing to correct.")
    _continuance_in_order(s, index, new)
    _at_a_session_again(s, event, new)
    return s.event(EventKind.STEP_DATE_CORRECTED, target=index, step=cmd.kind.value,
                   old=old, new=new.isoformat(), reason=cmd.reason.strip())


changes_nothing(EventKind.STEP_DATE_CORRECTED, why="`Case.apply` rebuilds the case as corrected")


# the steps of a hearing happen at its noticed sessions (`cases.hearing_days.session_day`): a
# corrected day is checked the same way, or a late beginning could be moved onto a day the
# board never met and the §7 deadline read met (issue 38, B)
_AT_A_SESSION: dict[EventKind, Callable[[dict[str, Any]], str]] = {
    EventKind.HEARING_BEGUN: lambda d: "the hearing began",
    EventKind.RESPONDENT_HEARD: lambda d: f"{d.get('respondent') or 'the respondent'} was heard",
    EventKind.WITNESS_HEARD: lambda d: f"{d.get('name') or 'the witness'} was heard",
    EventKind.HEARING_CONCLUDED: lambda d: "the hearing concluded",
}


def _at_a_session_again(s: StepContext, event: Event, new: date) -> None:
    said = _AT_A_SESSION.get(event.kind)
    if said is not None:
        session_day(s, new, said(event.data),
                    referred=event.data.get("hearing") == HEARD_AT_REFERRED)


def _entry(s: StepContext, cmd: CorrectStepDate, what: str) -> int:
    """The history index of entry `cmd.entry` (numbered from 1 as listed), which must
    record `cmd.kind`."""
    history, number = s.case.history, cmd.entry or 0
    if not 2 <= number <= len(history):
        raise ProcedureError(f"{s.case.number} has no entry #{number} to correct: its history "
                             f"lists #1 to #{len(history)} (#1, the receipt, is corrected "
                             "with `correct-receipt`).")
    found = history[number - 1].kind
    if found is not cmd.kind:
        raise ProcedureError(f"Entry #{number} of {s.case.number} is a "
                             f"{found.value.replace('_', ' ')}, not a {what}: check the number "
                             "in the case's history.")
    return number - 1


def _continuance_in_order(s: StepContext, index: int, new: date) -> None:
    """A continuance is decided on or after the day it was applied for (§7): checked here,
    since a continuance cannot even be held with its days the wrong way round."""
    history = s.case.history
    kind = history[index].kind
    if kind not in (EventKind.CONTINUANCE_APPLIED, EventKind.CONTINUANCE_DECIDED):
        return
    nth = sum(1 for e in history[:index + 1] if e.kind is kind) - 1
    x = s.case.continuances[nth]
    applied, decided = (new, x.decided) if kind is EventKind.CONTINUANCE_APPLIED else (
        x.applied, new)
    if decided is not None and decided < applied:
        raise ProcedureError(
            f"The council cannot decide on the continuance ({fmt_day(decided)}) before the "
            f"board applied for it ({fmt_day(applied)}) (§7). If both dates were mistyped, "
            "correct the other one first.")


@dataclass(frozen=True)
class VoidCase(Command):
    """A case opened by mistake (spam past the screening, a duplicate): kept, never
    deleted, and no deadline runs on it any more. The clerk voids it promptly (the city's
    reading `clerk_void`), or the board by motion at its meeting (`motion`); `mayor`, the
    mayor's email from the directory: the mayor's designees act for the mayor, and do not
    void a complaint against them."""

    reason: str = field(metadata=asks("Reason", long=True))
    mayor: str = field(metadata=THE_MAYOR)
    duplicate_of: str | None = field(default=None, metadata=asks(
        "The case it duplicates, if it does (ETH-…)"))
    # the board's, when the board voids it
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


def _board_if_it_moves(cmd: VoidCase, _case: Case) -> Body | None:
    """The board voids by motion at its meeting; without one, the void is the clerk's."""
    return Body.BOARD if cmd.motion is not None else None


# only before the hearing begins: a case heard is decided, not voided; a board member
# alone never voids it (`alone`): the board acts by motion
@step("void", "void the case", EventKind.CASE_VOIDED, BEFORE_BEGUN, BOARD | OFFICE,
      "§1, §2, §7", body=_board_if_it_moves, cancels_notices=True, alone=OFFICE,
      agenda=Action.VOID)
def void(s: StepContext, cmd: VoidCase) -> Event:
    """A case opened by mistake, voided with its reason. Whether the message was a
    complaint at all is a judgement on it: the clerk's only while the mayor's office still
    holds it under §2 (`_clerk_may_void`), else the board's, which determines what is
    frivolous (§2, §7) and so voids by motion."""
    if not cmd.reason.strip():
        raise ProcedureError("Say why the case is void (spam that slipped past the screening, "
                             "a duplicate of another case): the reason is kept with it.")
    extra: dict[str, str] = {}
    if cmd.motion is None:
        _clerk_may_void(s, cmd)
        extra["reading"] = describe(s.readings.clerk_void)
    return s.event(EventKind.CASE_VOIDED, reason=cmd.reason.strip(),
                   duplicate_of=cmd.duplicate_of, by="clerk" if cmd.motion is None else "board",
                   **extra)


@effect(EventKind.CASE_VOIDED)
def case_voided(case: CaseState, e: Event, on: date | None) -> None:
    case.void_reason, case.voided_at = str(e.data["reason"]), e.at


def _clerk_may_void(s: StepContext, cmd: VoidCase) -> None:
    """The mayor's office voids alone only a complaint not against the mayor (its
    designees act for the mayor: voiding would be the official's own office disposing of
    the complaint against them), and only as promptly as the city's reading `clerk_void`
    says; otherwise the board does, by motion."""
    case = s.case
    if cmd.mayor.strip().lower() in {r.lower() for r in case.respondents}:
        raise ProcedureError(
            f"The complaint in {case.number} is against the mayor, and the mayor's office "
            "acts for the mayor: neither the mayor nor a designee may void it (§2). If it "
            "was opened by mistake, the ethics board voids it by motion at its meeting.")
    if s.readings.clerk_void is not ClerkVoid.WITHIN_24_HOURS:
        return
    due = next(d.due for d in case.deadlines(s.calendar, now=s.at, readings=s.readings)
               if d.key is DeadlineKey.NOTICE_24H)
    if due is not None and s.at > due:
        raise ProcedureError(
            f"The mayor's office may void a case opened by mistake only within the 24 hours "
            f"it has to submit the complaint to the board, which ended "
            f"{fmt_moment(s.calendar.local(due))} for {case.number}; after that the board "
            "has it and voids it, if it should be, by motion at its meeting (§2, §7). By "
            f"the city's reading, {describe(s.readings.clerk_void)}.")


# entries no step of this table records: the complaint's receipt (intake) and the deadlines
# recomputed when the city's calendar changes
changes_nothing(EventKind.COMPLAINT_RECEIVED, why="it opens the case (`Case.replay`)")
changes_nothing(EventKind.DEADLINES_RECOMPUTED, why="the calendar changed: the deadlines follow")
