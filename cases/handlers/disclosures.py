"""The steps of a public disclosure request's file (RCW 42.56; `cases.disclosure`): the
request, its answer letters, the requester's clarification, instalments prepared and
released on a second person's approval, and notice to a third party. Each step is its
command, its row (`@step`), its handler and its effect (`@effect`), one above the other
(`cases.handlers`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from cases import disclosure
from cases.calendar import fmt_day
from cases.case_state import CaseState
from cases.directory import ATTORNEY, OFFICE, RECORDS
from cases.disclosure import (
    FINAL_ANSWERS,
    AnswerKind,
    Redaction,
    Withholding,
    absent,
    listed,
    outstanding,
)
from cases.disclosure_checks import (
    closing,
    exemption,
    kept_by_section_6,
    not_before_request,
    open_request,
    record_of,
)
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import THE_DAY, Command, StepContext, asks, step
from cases.history import Event, EventKind
from cases.public_records import WORDS, PublicRecord
from cases.released import existing, record_text
from cases.stages import Stage

__all__ = ["AnswerDisclosure", "NotifyThirdParty", "PrepareInstalment", "RecordClarification",
           "RecordDisclosureRequest", "ReleaseRecords"]

_EMAIL_SHAPE = "name@example.org"


# which of the case's requests a step is on
_WHICH_REQUEST = asks("Which request (1 = the first; empty: the oldest still open)",
                       word="#REQUEST")


@dataclass(frozen=True)
class RecordDisclosureRequest(Command):
    """A public disclosure request filed with the city attorney (§6; RCW 42.56)."""

    requester: str = field(metadata=asks("Who asked (as they gave their name)"))
    on: date | None = field(default=None, metadata=THE_DAY)  # the day the city received it
    records: tuple[PublicRecord, ...] = field(default=(), metadata=asks(
        "The records asked for, if it names them"))
    # the request in the requester's words (the log keeps its text)
    what: str = field(default="", metadata=asks("What they asked for, in their words"))
    # where its letters go; none: the city attorney posts them
    email: str = field(default="", metadata=asks(
        "The requester's email, for the letters (empty: the clerks post them)"))


# §6 sends the request to the city attorney, who answers it; the clerk may prepare an
# instalment and record a clarification; a second person (the attorney, the records
# officer) approves each release, never the one who prepared it (`disclosures.release`)
@step("disclosure-request", "record a public disclosure request", EventKind.DISCLOSURE_REQUESTED,
      frozenset(Stage), ATTORNEY, "§6; RCW 42.56")
def disclosure_request(s: StepContext, cmd: RecordDisclosureRequest) -> Event:
    if not cmd.requester.strip():
        raise ProcedureError("Say who asked: a public disclosure request is recorded with the "
                             "requester, the day it was received and what it asks for.")
    email = cmd.email.strip()
    if email and ("@" not in email or any(ch.isspace() for ch in email)):
        raise ProcedureError(f"{email[:60]!r} is not an email address (like {_EMAIL_SHAPE}): "
                             "give the requester's, or none to post the letters.")
    return s.event(EventKind.DISCLOSURE_REQUESTED, requester=cmd.requester.strip(),
                   on=s.day(cmd.on).isoformat(), records=[r.value for r in cmd.records],
                   what=cmd.what.strip(), email=email)


@dataclass(frozen=True)
class AnswerDisclosure(Command):
    """A letter answering a disclosure request (RCW 42.56.520(1)): an acknowledgement with
    a reasonable estimate, a request to clarify (with one), a denial citing the exemption
    and how it applies, or the closing letter. Records go in instalments."""

    answer: AnswerKind = field(metadata=asks("The answer (RCW 42.56.520(1))"))
    text: str = field(default="", metadata=asks(
        "The letter's own words (what to clarify, why the estimate, anything more)", long=True))
    estimate: date | None = field(default=None, metadata=asks(
        "Reasonable estimate: the day the records or the next answer will be ready"))
    exemption: str = field(default="", metadata=asks(
        "A denial: the exemption cited (like RCW 42.56.240(2))"))
    explanation: str = field(default="", metadata=asks(
        "... and briefly how it applies (RCW 42.56.210(3))"))
    request: int | None = field(default=None, metadata=_WHICH_REQUEST)
    on: date | None = field(default=None, metadata=THE_DAY)


@step("disclosure-answer", "answer a disclosure request by letter", EventKind.DISCLOSURE_ANSWERED,
      frozenset(Stage), ATTORNEY, "§6; RCW 42.56.520")
def answer(s: StepContext, cmd: AnswerDisclosure) -> Event:
    number, x = open_request(s, cmd.request)
    on = s.day(cmd.on)
    not_before_request(number, x, on, "its answer")
    kind = cmd.answer
    data: dict[str, object] = {"request": number, "answer": kind.value, "on": on.isoformat(),
                               "text": cmd.text.strip()}
    if kind in (AnswerKind.ACKNOWLEDGE, AnswerKind.CLARIFY):
        if cmd.estimate is None or cmd.estimate <= on:
            raise ProcedureError("Give the reasonable estimate of when the records (or the "
                                 "next answer) will be ready: a day after this letter "
                                 "(RCW 42.56.520(1)(c), (d)).")
        data["estimate"] = cmd.estimate.isoformat()
    if kind is AnswerKind.CLARIFY and not cmd.text.strip():
        raise ProcedureError("Say what the requester should clarify: the letter asks it, and "
                             "the estimate waits on their answer (RCW 42.56.520(3)).")
    if kind is AnswerKind.DENY:
        data["exemption"] = vars(exemption(cmd.exemption, cmd.explanation, "A denial",
                                           s.readings))
    if kind in FINAL_ANSWERS and x.draft is not None:
        raise ProcedureError(f"Instalment {x.draft.number} of request {number} was prepared "
                             f"by {x.draft.prepared_by} and awaits approval: release it "
                             "(`release`) before the request's final answer.")
    if kind is AnswerKind.CLOSE and (none := closing(s, number, x, on)):
        data["no_such_record"] = none
    return s.event(EventKind.DISCLOSURE_ANSWERED, **data)


@dataclass(frozen=True)
class RecordClarification(Command):
    """The requester clarified: the city's wait on them ends (RCW 42.56.520(3))."""

    text: str = field(default="", metadata=asks("What the requester clarified", long=True))
    request: int | None = field(default=None, metadata=_WHICH_REQUEST)
    on: date | None = field(default=None, metadata=THE_DAY)


@step("disclosure-clarified", "record the requester's clarification",
      EventKind.DISCLOSURE_CLARIFIED, frozenset(Stage), ATTORNEY | OFFICE, "RCW 42.56.520(3)")
def clarified(s: StepContext, cmd: RecordClarification) -> Event:
    number, x = open_request(s, cmd.request)
    if x.paused_since is None:
        raise ProcedureError(f"Request {number} on {s.case.number} is not waiting on the "
                             "requester: only an answer asking them to clarify pauses it.")
    on = s.day(cmd.on)
    if on < x.paused_since:
        raise ProcedureError(f"The city asked for the clarification on "
                             f"{fmt_day(x.paused_since)}: it cannot have come on "
                             f"{fmt_day(on)}.")
    return s.event(EventKind.DISCLOSURE_CLARIFIED, request=number, on=on.isoformat(),
                   text=cmd.text.strip())


@dataclass(frozen=True)
class PrepareInstalment(Command):
    """An instalment of records made ready for release (RCW 42.56.080(2)): the records,
    the text redacted from them and the records withheld, each with its exemption. A
    second person approves its release (`ReleaseRecords`)."""

    records: tuple[PublicRecord, ...] = field(default=(), metadata=asks(
        "The records this instalment releases"))
    redactions: tuple[Redaction, ...] = field(default=(), metadata=asks(
        "Text to redact, one a line: RECORD: CODE: EXPLANATION: TEXT (the text exactly as the "
        "record has it; RCW 42.56.210(3))"))
    withheld: tuple[Withholding, ...] = field(default=(), metadata=asks(
        "Records withheld, one a line: RECORD: CODE: EXPLANATION"))
    final: bool = field(default=False, metadata=asks(
        "The last instalment (its release closes the request)"))
    request: int | None = field(default=None, metadata=_WHICH_REQUEST)


@step("instalment", "prepare an instalment of records", EventKind.INSTALMENT_PREPARED,
      frozenset(Stage), ATTORNEY | OFFICE | RECORDS, "§6, §13; RCW 42.56.080, 42.56.210(3)")
def prepare(s: StepContext, cmd: PrepareInstalment) -> Event:
    number, x = open_request(s, cmd.request)
    case = s.case
    if x.draft is not None:
        raise ProcedureError(f"Instalment {x.draft.number} of request {number} awaits "
                             f"approval (prepared by {x.draft.prepared_by}): release it "
                             "first.")
    if not cmd.records and not cmd.withheld:
        raise ProcedureError("Name the records the instalment releases (complaint, "
                             "determination, report), or those it withholds with their "
                             "exemption.")
    if cmd.records and kept_by_section_6(s):
        raise ProcedureError(f"The records of {case.number} stay confidential until the "
                             "review is complete (§6), which the city reads as exempting "
                             "them: acknowledge the request with an estimate now, or deny "
                             "it citing §6, and release its records after closure.")
    have = existing(case)
    missing = [WORDS[r].removeprefix("the ") for r in cmd.records if r not in have]
    if missing:
        raise ProcedureError(f"{case.number} has no {' or '.join(missing)} to release: name "
                             "the records it has; the closing letter says it has no other.")
    cuts = []
    for r in cmd.redactions:
        record = record_of(r.record, "A redaction")
        if record not in cmd.records:
            raise ProcedureError(f"A redaction from {WORDS[record]}, which the instalment "
                                 "does not release: name it among the records.")
        text = r.text.strip()
        if len(text) < 2 or text not in record_text(case, record):
            raise ProcedureError(f"{text[:60]!r} is not in {WORDS[record]}: a redaction "
                                 "names text exactly as the record has it.")
        cuts.append({"record": record.value, "text": text,
                     **vars(exemption(r.code, r.explanation, "A redaction", s.readings))})
    held = []
    for w in cmd.withheld:
        record = record_of(w.record, "A withheld record")
        if record in cmd.records:
            raise ProcedureError(f"{WORDS[record].capitalize()} is both released and withheld: "
                                 "redact the exempt part instead, or withhold it whole.")
        held.append({"record": record.value,
                     **vars(exemption(w.code, w.explanation, "A withheld record",
                                      s.readings))})
    left = outstanding(x, have, records=cmd.records,
                       held=[PublicRecord(h["record"]) for h in held]) if cmd.final else ()
    if left:
        it = "them" if len(left) > 1 else "it"
        raise ProcedureError(
            f"Request {number} asked for {listed(left)} too, and the last instalment closes "
            f"it: release {it} in this instalment, withhold {it} here with the exemption and "
            "how it applies (RCW 42.56.210(3)), or prepare this instalment as not the last.")
    return s.event(EventKind.INSTALMENT_PREPARED, request=number,
                   records=[r.value for r in cmd.records], redactions=cuts, withheld=held,
                   final=cmd.final, on=s.today.isoformat())


@dataclass(frozen=True)
class ReleaseRecords(Command):
    """The prepared instalment approved and released by a second person: its letter and
    the released records go to the requester."""

    request: int | None = field(default=None, metadata=_WHICH_REQUEST)
    on: date | None = field(default=None, metadata=THE_DAY)


@step("release", "approve and release the prepared instalment", EventKind.RECORDS_RELEASED,
      frozenset(Stage), ATTORNEY | RECORDS, "§6, §13; RCW 42.56.520")
def release(s: StepContext, cmd: ReleaseRecords) -> Event:
    """The second person's approval: never the one who prepared the instalment; never
    before the day a third party was told the records concerning them would go."""
    number, x = open_request(s, cmd.request)
    draft = x.draft
    if draft is None:
        raise ProcedureError(f"No instalment of request {number} awaits approval on "
                             f"{s.case.number}: prepare one first (`instalment`).")
    if draft.prepared_by.strip().lower() == s.actor.strip().lower():
        raise ProcedureError(f"You prepared instalment {draft.number} of request {number} "
                             "and may not approve its release too: a second person checks "
                             "what is released and what is redacted.")
    on = s.day(cmd.on)
    not_before_request(number, x, on, "the release of its records")
    if on < draft.prepared_on:
        raise ProcedureError(f"Instalment {draft.number} of request {number} was prepared on "
                             f"{fmt_day(draft.prepared_on)}: its release cannot be dated "
                             f"{fmt_day(on)}, before it.")
    # the day a person was told holds for the record, whichever request asks for it: once
    # released to one requester, a record is released to all (`released.public_cuts`)
    for m, y in enumerate(s.case.disclosure_requests, start=1):
        for told in y.third_parties:
            early = [r for r in PublicRecord if r in told.records and r in draft.records]
            if early and on < told.release_on:
                via = "" if m == number else f" (on request {m})"
                raise ProcedureError(
                    f"{told.name} was told on {fmt_day(told.notified_on)}{via} that "
                    f"{listed(early)} would be released on {fmt_day(told.release_on)} "
                    "unless a court enjoins it (RCW 42.56.540): release it on that day or "
                    "after, on every request.")
    none = [r.value for r in absent(x, existing(s.case))] if draft.final else []
    return s.event(EventKind.RECORDS_RELEASED, request=number, instalment=draft.number,
                   records=[r.value for r in draft.records], to=x.requester,
                   on=on.isoformat(), final=draft.final, prepared_by=draft.prepared_by,
                   redactions=len(draft.cuts), withheld=len(draft.held), note="",
                   **({"no_such_record": none} if none else {}))


@dataclass(frozen=True)
class NotifyThirdParty(Command):
    """A person the records concern told the day they will be released unless a court
    enjoins it (RCW 42.56.540)."""

    name: str = field(metadata=asks("The person the records concern"))
    email: str = field(metadata=asks("Their email (the notice goes there)"))
    records: tuple[PublicRecord, ...] = field(metadata=asks("The records that concern them"))
    release_on: date = field(metadata=asks(
        "The day the records will be released unless a court enjoins it", word="RELEASE-DATE"))
    request: int | None = field(default=None, metadata=_WHICH_REQUEST)


@step("third-party", "notify a person the records concern", EventKind.THIRD_PARTY_NOTIFIED,
      frozenset(Stage), ATTORNEY, "RCW 42.56.540")
def third_party(s: StepContext, cmd: NotifyThirdParty) -> Event:
    number, _x = open_request(s, cmd.request)
    on = s.today
    name, email = cmd.name.strip(), cmd.email.strip()
    if not name or "@" not in email or any(ch.isspace() for ch in email):
        raise ProcedureError("Name the person the records concern and give their email "
                             f"(like {_EMAIL_SHAPE}): the notice goes to them.")
    if not cmd.records:
        raise ProcedureError("Name the records that concern them (complaint, determination, "
                             "report).")
    if cmd.release_on <= on:
        raise ProcedureError(f"Give a release day after today ({fmt_day(on)}): the notice "
                             "leaves them time to ask a court to enjoin it (RCW 42.56.540).")
    return s.event(EventKind.THIRD_PARTY_NOTIFIED, request=number, name=name, email=email,
                   records=[r.value for r in cmd.records], on=on.isoformat(),
                   release_on=cmd.release_on.isoformat())


# every entry of a request, whichever step records it, is taken into its file
@effect(*disclosure.KINDS)
def request_file(case: CaseState, e: Event, on: date | None) -> None:
    """The entry at the end of the history, taken into its request's file."""
    assert on is not None
    disclosure.apply(case.disclosure_requests, e.kind, e.data, on, e.actor, len(case.history))
