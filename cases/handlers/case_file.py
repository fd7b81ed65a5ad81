"""The steps that keep the record straight: amendments (§5), corrections, closure, voiding
and the correspondence filed with a case. Each step is its command, its row (`@step`) and
its handler, one above the other (`cases.handlers`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from cases.calendar import fmt_day, fmt_moment
from cases.case import Case
from cases.deadlines import DeadlineKey, add_years
from cases.directory import BOARD, OFFICE
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
from cases.handlers.sufficiency import session_day
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import AmendedSection, ClerkVoid, describe
from cases.recorded import HEARD_AT_REFERRED
from cases.stages import (
    BEFORE_BEGUN,
    BEFORE_CONCLUSION,
    BEFORE_DETERMINATION,
    OPEN_STAGES,
    Stage,
)

__all__ = ["AmendComplaint", "CloseCase", "CorrectReceipt", "CorrectStepDate",
           "DismissAsTimeBarred", "FileCorrespondence", "FindAmendmentSufficient", "NameRespondent",
           "VoidCase"]


@dataclass(frozen=True)
class AmendComplaint(Command):
    """§5: authorised by the decision-maker as justice requires: the board, by motion at
    its meeting, or, for a matter referred to a hearings examiner, that examiner in
    writing (examiners act by mail: taken down with how it came and what shows it)."""

    added_sections: tuple[str, ...] = field(default=(), metadata=asks("Sections added"))
    text: str = field(default="", metadata=asks("Text of the amendment", long=True))
    # whose matter it amends (each official's decision-maker is their own); None: every
    # official's matter still open, when one decision-maker has them all
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)  # the board's
    # the examiner's authorisation taken down (not asked of the board, which acts by motion)
    via: str = field(default="", metadata=asks(
        "For a matter referred to an examiner: how their authorisation came"))
    evidence: str = field(default="", metadata=asks(
        "For a matter referred to an examiner: what shows they authorised it"))


def _deciders(case: Case, respondent: str | None) -> dict[str, str]:
    """§5: who decides on an amendment of each open matter it concerns: "board" (before
    a referral, and for a matter referred to the board), or the examiner a matter is
    referred to (their email)."""
    named = next((p for p in case.parties()
                  if respondent and p.lower() == respondent.strip().lower()), None)
    open_ = [p for p in case.parties() if case.report_findings.get(p) is not False
             and p not in case.findings]
    parties = [named] if named else open_
    out: dict[str, str] = {}
    for p in parties:
        r = case.referral_of(p)
        out[p] = r.to if r is not None and not r.board else "board"
    return out


def _amended_by(cmd: AmendComplaint, case: Case) -> Body | None:
    """The board's amendment is its act at its meeting; an examiner's is one person's."""
    return Body.BOARD if set(_deciders(case, cmd.respondent).values()) <= {"board"} else None


# until each official's determination: one determined leaves the other's matter open to it
@step("amend", "amend the complaint", EventKind.COMPLAINT_AMENDED,
      BEFORE_DETERMINATION | {Stage.DETERMINED}, BOARD | OFFICE, "§5", stayed=True,
      body=_amended_by, agenda=Action.AMENDMENT)
def amend(s: StepContext, cmd: AmendComplaint) -> Event:
    """§5: as authorised by the decision-maker: the board, by motion at its meeting (not
    one member alone), or once an official's matter is referred to a hearings examiner,
    that examiner, in writing. A section added after the sufficiency report is marked so,
    for the city's reading `amended_section`."""
    if not cmd.added_sections and not cmd.text.strip():
        raise ProcedureError("Give the sections the amendment adds, or its text (§5).")
    party = s.party(cmd.respondent, "whose matter is amended", "§5") if cmd.respondent \
        else None
    if party in s.case.findings or (party is None and not _deciders(s.case, None)):
        raise ProcedureError(
            f"The final determination as to {party or 'every official'} is recorded (§11, "
            "§12): the complaint is amended only before it (§5).")
    deciders = _deciders(s.case, party)
    if len(set(deciders.values())) > 1:
        raise ProcedureError(
            "Each official's matter is amended by its own decision-maker (§5): "
            + "; ".join(f"{p}'s by " + ("the board" if d == "board" else f"the hearings "
                                        f"examiner {d}") for p, d in deciders.items())
            + ". Name the official whose matter the amendment is for.")
    decider = next(iter(deciders.values()), "board")
    said = {} if decider == "board" else s.said_by(
        cmd, decider, "§5", noun="authorisation", owner="the hearings examiner")
    after = s.case.report_issued_on is not None
    extra = {"after_report": True, "reading": describe(s.readings.amended_section)} \
        if after else {}
    return s.event(EventKind.COMPLAINT_AMENDED, authorized_by=decider,
                   added_sections=list(cmd.added_sections), text=cmd.text,
                   **({"respondent": party} if party else {}), **said, **extra)


@dataclass(frozen=True)
class FindAmendmentSufficient(Command):
    """§5, §7: the board finds sections added by amendment after its sufficiency report
    sufficient or not, by motion at its meeting (by the city's reading `amended_section`,
    nothing rests on them until it does)."""

    amended_sections: tuple[str, ...] = field(metadata=asks(
        "Sections added after the report that the board finds on (§5, §7)"))
    sufficient: bool = field(metadata=asks(
        "The board's finding (§7)", yes_no=("Sufficient", "Insufficient")))
    on: date | None = field(default=None, metadata=THE_DAY)
    motion: Motion | None = field(default=None, metadata=THE_MOTION)


@step("amendment-sufficiency", "find sections added after the report sufficient",
      EventKind.AMENDMENT_FOUND,
      frozenset({Stage.REPORTED, Stage.REPORT_DELIVERED, Stage.REFERRED, Stage.DETERMINED}),
      BOARD | OFFICE, "§5, §7", body=Body.BOARD, stayed=True, agenda=Action.AMENDMENT)
def amendment_sufficiency(s: StepContext, cmd: FindAmendmentSufficient) -> Event:
    """§5, §7: the board's finding on sections added after its report, which by the city's
    reading `amended_section` (default) nothing rests on until the board finds them."""
    if s.readings.amended_section is not AmendedSection.NOT_YET_SUFFICIENT:
        raise ProcedureError(f"By the city's reading, {describe(s.readings.amended_section)}: "
                             "there is nothing for the board to find.")
    waiting = [x for x in s.case.amended_after_report if x not in s.case.amendments_found]
    asked = list(dict.fromkeys(x.strip() for x in cmd.amended_sections if x.strip()))
    if not asked:
        raise ProcedureError("Name the sections the board finds on: those added by amendment "
                             f"after its report and not yet found ({', '.join(waiting) or 'none'}"
                             ").")
    other = [x for x in asked if x not in waiting]
    if other:
        raise ProcedureError(f"{', '.join(other)} is not a section added by amendment after the "
                             "sufficiency report and awaiting the board's finding (those "
                             f"awaiting: {', '.join(waiting) or 'none'}).")
    return s.event(EventKind.AMENDMENT_FOUND, sections=asked, sufficient=cmd.sufficient,
                   on=s.day(cmd.on).isoformat())


# an address a notice can go to: one @, a dot in the domain, nothing a header would split on
_EMAIL = re.compile(r"[^@\s<>,;:\"()\[\]]+@[^@\s<>,;:\"()\[\]]+\.[^@\s<>,;:\"()\[\]]+")


@dataclass(frozen=True)
class NameRespondent(Command):
    """§2: the official a complaint is against, when intake matched no one in the city's
    directory (a misspelt name, a title only): named by the mayor's office, and owed the
    §2 notices then. The complaint's receipt stays the day the clock started.

    Either `official`, someone the directory lists, or a person it does not list (an
    official who left, one of another body): their `name` with their `email` (the §2
    notice goes there) and/or their postal `address` (the copy by registered mail, §2)."""

    # their email in the city's directory; empty: the person below
    official: str = field(default="", metadata=asks(
        "The official complained against (§2), as the city's directory lists them",
        word="@OFFICIAL"))
    name: str = field(default="", metadata=asks(
        "Or a person the directory does not list: their full name"))
    email: str = field(default="", metadata=asks("Their email (the §2 notice goes there at once)"))
    address: str = field(default="", metadata=asks(
        "Their postal address (the mayor's office is given the task of mailing them the "
        "complaint by registered mail, §2)", long=True, word="POSTAL ADDRESS"))


@step("name-respondent", "name the official complained against", EventKind.RESPONDENT_NAMED,
      OPEN_STAGES, OFFICE, "§2")
def name_respondent(s: StepContext, cmd: NameRespondent) -> Event:
    """§2: the official intake could not match, named: someone of the city's directory
    (the adapters offer only those), or a person it does not list, with what §2 needs to
    reach them: an email for the notice, a postal address for the registered copy. The
    entry is dated when it is recorded; the 24 hours still run from receipt."""
    official = cmd.official.strip().lower()
    name, email, address = (cmd.name.strip(), cmd.email.strip().lower(),
                            cmd.address.strip())
    if official and (name or email or address):
        raise ProcedureError("Name either an official the city's directory lists or a person "
                             "it does not list (their name, email and postal address), not "
                             "both.")
    if official:
        if "@" not in official:
            raise ProcedureError("Name the official by their email in the city's directory.")
        return s.event(EventKind.RESPONDENT_NAMED,
                       respondent=_not_named_yet(s, official, cmd.official))
    if not name:
        raise ProcedureError("Name the official complained against: choose them from the "
                             "city's directory, or give the name of a person it does not "
                             "list with their email or postal address (§2).")
    if not email and not address:
        raise ProcedureError(f"Give {name}'s email or postal address, or both: §2's notice "
                             "goes by email and its copy of the complaint by registered mail, "
                             "and without either they cannot be told.")
    if email and not _EMAIL.fullmatch(email):
        raise ProcedureError(f"{cmd.email.strip()[:80]!r} is not an email address (like "
                             "name@example.org): give it as they use it, or leave it empty "
                             "and give their postal address.")
    return s.event(EventKind.RESPONDENT_NAMED, respondent=_not_named_yet(s, email or name, name),
                   name=name[:200], email=email or None, address=address[:500] or None)



def _not_named_yet(s: StepContext, key: str, said: str) -> str:
    """`key` (an email, or a name for a person without one), refused when the case
    already names them."""
    if key.casefold() in {r.casefold() for r in s.case.respondents}:
        raise ProcedureError(f"{said} is already named as complained against in "
                             f"{s.case.number}.")
    return key


@dataclass(frozen=True)
class CorrectReceipt(Command):
    received_at: datetime = field(metadata=asks("When the city received the complaint (city time)"))
    reason: str = field(metadata=asks("Reason", long=True))


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


@dataclass(frozen=True)
class DismissAsTimeBarred(Command):
    """§4: the board finds the information on the completed misconduct was reasonably
    available to the public on `public_since`, more than two years before the complaint
    was received, and dismisses it, by motion at its meeting; the case may then close."""

    public_since: date = field(metadata=asks("The day the information became public"))
    reason: str = field(metadata=asks("Reason", long=True))
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


@dataclass(frozen=True)
class FileCorrespondence(Command):
    """A reply to one of EthicsBot's notices: kept in the case's history, never a new case."""

    sender: str = field(metadata=asks("Who sent it"))
    subject: str = field(metadata=asks("Its subject"))
    message_id: str | None = field(default=None, metadata=asks("Its Message-ID"))


@step("correspondence", "file correspondence", EventKind.CORRESPONDENCE_FILED, frozenset(Stage),
      frozenset(), "§6")
def correspondence(s: StepContext, cmd: FileCorrespondence) -> Event:
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=cmd.sender, subject=cmd.subject,
                   message_id=cmd.message_id)


@dataclass(frozen=True)
class CorrectStepDate(Command):
    """A clerk's typo in the day an earlier step happened, corrected as its own step: the
    entry `entry` of the case's history (its number as listed, #1 the complaint's
    receipt), else the latest step recording `kind` (for a hearing of several
    respondents, `respondent`'s). `kind` is named either way, so a mistyped number is
    caught rather than correcting another step."""

    kind: EventKind = field(metadata=asks("The step whose day was mistyped", word="STEP"))
    on: date = field(metadata=asks("The day it really happened", word="DATE"))
    reason: str = field(metadata=asks("Reason", long=True))
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


# the steps of a hearing happen at its noticed sessions (`sufficiency.session_day`): a
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
