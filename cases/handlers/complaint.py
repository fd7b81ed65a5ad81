"""The steps on what the complaint says: its amendment (§5), the board's finding on the
sufficiency of sections added after its report (§5, §7), and the naming of an official
intake could not match (§2). The rest of keeping the record straight (corrections,
dismissal, closure, voiding, correspondence) is the next part's,
`cases.handlers.case_file`. Each step is its command, its row (`@step`), its handler and
its effect (`@effect`), one above the other (`cases.handlers`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from cases.case import Case
from cases.case_state import CaseState
from cases.directory import BOARD, OFFICE
from cases.effects import effect
from cases.errors import ProcedureError
from cases.handlers import THE_DAY, THE_MOTION, THE_OFFICIAL, Command, StepContext, asks, step
from cases.history import Event, EventKind
from cases.meetings import Action, Body
from cases.motions import Motion
from cases.readings import AmendedSection, describe
from cases.recorded import NamedOfficial
from cases.stages import BEFORE_DETERMINATION, OPEN_STAGES, Stage

__all__ = ["AmendComplaint", "FindAmendmentSufficient", "NameRespondent"]


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


@effect(EventKind.COMPLAINT_AMENDED)
def complaint_amended(case: CaseState, e: Event, on: date | None) -> None:
    for s in e.data.get("added_sections", []):
        if s not in case.alleged_sections:
            case.alleged_sections.append(s)
            if e.data.get("after_report"):
                case.amended_after_report.append(s)


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


@effect(EventKind.AMENDMENT_FOUND)
def amendment_found(case: CaseState, e: Event, on: date | None) -> None:
    for s in e.data["sections"]:
        case.amendments_found[str(s)] = bool(e.data["sufficient"])


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


@effect(EventKind.RESPONDENT_NAMED)
def respondent_named(case: CaseState, e: Event, on: date | None) -> None:
    d = e.data
    case.respondents = (*case.respondents, str(d["respondent"]))
    if d.get("name"):  # a person the directory does not list
        case.named_officials[str(d["respondent"])] = NamedOfficial(
            str(d["name"]), d.get("email"), d.get("address"))



def _not_named_yet(s: StepContext, key: str, said: str) -> str:
    """`key` (an email, or a name for a person without one), refused when the case
    already names them."""
    if key.casefold() in {r.casefold() for r in s.case.respondents}:
        raise ProcedureError(f"{said} is already named as complained against in "
                             f"{s.case.number}.")
    return key
