"""Handlers that keep the record straight: amendments (§5), corrections, closure, voiding,
public disclosure requests (§6, §13) and the correspondence filed with a case."""

from __future__ import annotations

import re
from datetime import UTC, date

from cases import commands as c
from cases.calendar import fmt_day, fmt_moment
from cases.deadlines import add_years
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.history import Event, EventKind
from cases.readings import AmendedSection, describe
from cases.stages import BEFORE_CONCLUSION, Stage


def amend(s: StepContext, cmd: c.AmendComplaint) -> Event:
    """§5: as authorised by the decision-maker: the board (whoever of it records the
    amendment), or once the matter is referred to a hearings examiner, that examiner (who
    acts by mail; a board member records it). A section added after the sufficiency
    report is marked so, for the city's reading `amended_section`."""
    if not cmd.authorized_by.strip():
        raise ProcedureError("An amendment must be authorised by the decision-maker (§5).")
    examiner = s.case.referred_to if s.case.referred_to not in (None, "board") else None
    after = s.case.report_issued_on is not None
    extra = {"after_report": True, "reading": describe(s.readings.amended_section)} \
        if after else {}
    return s.event(EventKind.COMPLAINT_AMENDED, authorized_by=examiner or cmd.authorized_by,
                   added_sections=list(cmd.added_sections), text=cmd.text, **extra)


def amendment_sufficiency(s: StepContext, cmd: c.FindAmendmentSufficient) -> Event:
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


def name_respondent(s: StepContext, cmd: c.NameRespondent) -> Event:
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


def correct_receipt(s: StepContext, cmd: c.CorrectReceipt) -> Event:
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


def dismiss(s: StepContext, cmd: c.DismissAsTimeBarred) -> Event:
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


def close(s: StepContext, cmd: c.CloseCase) -> Event:
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
    if case.stage is Stage.DETERMINED and case.violation_found:
        raise ProcedureError(f"A violation was found in {case.number}: the council must decide "
                             "(§12) before the case closes.")
    waiting = [p for p in case.found_sufficient if p not in case.findings]
    if case.stage is Stage.DETERMINED and waiting:
        raise ProcedureError(f"The determination as to {' and '.join(waiting)} is not yet "
                             f"recorded in {case.number}: each official has their own "
                             "(§12). Record it before closing.")
    return s.event(EventKind.CASE_CLOSED, reason=cmd.reason)


def correspondence(s: StepContext, cmd: c.FileCorrespondence) -> Event:
    return s.event(EventKind.CORRESPONDENCE_FILED, sender=cmd.sender, subject=cmd.subject,
                   message_id=cmd.message_id)


def correct_date(s: StepContext, cmd: c.CorrectStepDate) -> Event:
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
    return s.event(EventKind.STEP_DATE_CORRECTED, target=index, step=cmd.kind.value,
                   old=old, new=new.isoformat(), reason=cmd.reason.strip())


def _entry(s: StepContext, cmd: c.CorrectStepDate, what: str) -> int:
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


def void(s: StepContext, cmd: c.VoidCase) -> Event:
    if not cmd.reason.strip():
        raise ProcedureError("Say why the case is void (spam that slipped past the screening, "
                             "a duplicate of another case): the reason is kept with it.")
    return s.event(EventKind.CASE_VOIDED, reason=cmd.reason.strip(),
                   duplicate_of=cmd.duplicate_of)


