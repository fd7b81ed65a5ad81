"""Each procedural step as Slack types it: its words after `/ethics`, the order its values
are typed in, an example, and how the words become a `cases.commands` command. That is
all Slack keeps: what each step is called, where it is allowed and who may take it are in
`cases.steps.STEPS`; the word standing for each value in the usage (`{on}`: `[DATE]`) is
its field's own (`cases.handlers.asks`); the fields nobody types (who votes, the council,
the mayor, the examiner next in rotation) come from `cases.derived`, as on the web.

Some steps are typed two ways ("continuance grant 5" and "continuance deny" both record
the council's decision on a continuance): two specs, one step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields, replace
from datetime import datetime, time
from typing import Any

from bot.commands.args import Words, sections, slack_link
from bot.service import StepRun
from cases import commands as c
from cases.case import Case, Requester
from cases.derived import TO_BOARD, complete, filled, read_line
from cases.directory import Directory
from cases.disclosure import AnswerKind, Redaction, Withholding, record_named
from cases.errors import ProcedureError
from cases.fields import parse
from cases.handlers import Command, StepRule, asked
from cases.history import EventKind
from cases.meetings import Action, EmergencyGround, MeetingKind, Proceeding
from cases.motions import Motion, read_motion
from cases.protection import ProtectionBasis
from cases.public_records import PublicRecord
from cases.section2 import NoticeMethod, Section2Act
from cases.steps import STEPS
from cases.tally import Vote
from cases.text import whole_number
from storage.uow import SqlUnitOfWork

Typed = dict[str, Any]  # the fields typed; `cases.derived.complete` makes the command
Make = Callable[[Words, Directory], "Command | Typed"]
_CASE = re.compile(r"ETH-\d{4}-\d{4,6}", re.IGNORECASE)


_FIELD = re.compile(r"\{(\w+)\}")


def typed_usage(rule: StepRule, syntax: str) -> str:
    """`syntax` with each `{field}` of `rule`'s command the word its field declares
    (`cases.handlers.Asks.typed`: `{on}` is `DATE`); a field in brackets must be one that
    may be left out (it has a default, or `cases.derived` fills it), else ValueError."""
    names = {f.name: f for f in fields(rule.command)}
    optional = filled(rule.command) | {
        n for n, f in names.items()
        if f.default is not MISSING or f.default_factory is not MISSING}

    def word(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in names:
            raise ValueError(f"{rule.id}: {{{name}}} is no field of "
                             f"{rule.command.__name__}")
        before = syntax[:found.start()]
        if before.count("[") > before.count("]") and name not in optional:
            raise ValueError(f"{rule.id}: {name} may not be left out, yet is in brackets")
        return asked(rule.command, name).typed(name)

    return _FIELD.sub(word, syntax)


@dataclass(frozen=True)
class Spec:
    words: str  # what is typed after `/ethics`: "continuance grant"
    step: StepRule
    syntax: str  # its usage, each `{field}` standing for that field's word (`typed_usage`)
    example: str
    make: Make  # the command, or the typed fields of one that `cases.derived` completes

    def __post_init__(self) -> None:
        typed_usage(self.step, self.syntax)  # a field renamed or left out fails at import

    @property
    def usage(self) -> str:
        return typed_usage(self.step, self.syntax)

    @property
    def what(self) -> str:
        return self.step.name

    def run(self, words: Words, directory: Directory) -> StepRun:
        """The step from `words`, read once the case is found (so a refusal comes before
        a usage error, and either is in the access log)."""
        command = self.step.command

        def build(case: Case, uow: SqlUnitOfWork) -> Command:
            motion = _motion(words, directory) if self.step.by_motion else None
            made = self.make(words, directory)
            words.done()
            if isinstance(made, Command):
                assert not filled(command), f"{command.__name__}: typed fields only"
                return made if motion is None else replace(made, motion=motion)  # type: ignore[call-arg]
            if motion is not None:
                made = {**made, "motion": motion}
            return complete(command, made, words.caller.actor, directory, case, uow.rotation,
                            via="slack")
        return StepRun(self.step, build)


MOTION = "motion:"  # the words after it are the body's motion (`cases.motions.read_motion`)
ACTION = "action:"  # the words after it are the council's vote on the penalties (§12)
_MOTION_USAGE = f" {MOTION} yes @A @B no @C abstain @D|unanimous [meeting N] [mayor yes|no]"


def _motion(w: Words, directory: Directory) -> Motion | None:
    """The motion at the end of the words (`motion: ...`), taken out of them: a body's act
    is a motion at its meeting, whatever else the step's words say."""
    rest = [x.lower() for x in w.items[w.pos:]]
    if MOTION not in rest:
        return None
    at = w.pos + rest.index(MOTION)
    text = " ".join(w.items[at + 1:])
    del w.items[at:]
    return read_motion(text, directory)


def _official(w: Words, d: Directory) -> str | None:
    """An `@OFFICIAL` where one may stand: the official complained against a step is about
    (each has their own); none, with only one."""
    return w.person("the official it is about", d) if w.at_person() else None


_SAID = "[{via} {evidence}]"  # how an official's request came, and what shows it


def _said(w: Words) -> Typed:
    """`[DATE] [VIA EVIDENCE]` at the end of an official's request: the day it was made,
    and, taken down from a letter or email, how it came and what shows it (the official
    asking on their own sign-in types neither: `cases.handlers.StepContext.said_by`)."""
    said: Typed = {"on": w.optional_day()}
    if (w.peek() or "").lower() in _VIA:
        said["via"] = str(w.choice("how the request came", _VIA))
        said["evidence"] = w.rest()
    return said


def _session_start(w: Words, d: Directory) -> c.StartExecutiveSession:
    """The announced end, the start if not now, then whose matters the session evaluates
    (§13, §14: none named, every official before the meeting who did not ask it open)."""
    ends = _clock(w, "the announced end")
    started = _clock(w, "the start") if w.peek() and not w.at_person() else None
    about = []
    while w.at_person():
        about.append(str(w.person("an official the session is about", d)))
    return c.StartExecutiveSession(ends_at=ends, started_at=started, about=tuple(about))


def _witness(w: Words, d: Directory) -> c.RecordWitness:
    """Whose matter, the day, then the witness's name and (a word with @) their email."""
    official = _official(w, d)
    on = w.optional_day()
    words = w.rest().split()
    email = next((x for x in words if "@" in x), "")
    return c.RecordWitness(" ".join(x for x in words if x != email), slack_link(email)
                           .removeprefix("mailto:"), official, on)


def _deliver(w: Words, _d: Directory) -> c.DeliverReport:
    """The day, and for a delivery made earlier another way, how and what shows it."""
    on = w.optional_day()
    how, _, evidence = w.rest().partition(";")
    return c.DeliverReport(on, how=how.strip(), evidence=evidence.strip())


def _report(w: Words, _d: Directory) -> c.IssueReport:
    # the finding may be left out: the report sets forth the board's, as to each official
    finding: dict[str, bool | str] = {"sufficient": True, "insufficient": False}
    sufficient = (bool(w.choice("the finding", finding))
                  if (w.peek() or "").lower() in finding else None)
    ref = slack_link(w.next("the report's Slack file id or link"))  # checked by the step
    return c.IssueReport(sufficient=sufficient, report_file=ref, summary=w.rest())


NEW = "new"  # `name-respondent CASE new ...`: a person the directory does not list


def _name_respondent(w: Words, d: Directory) -> c.NameRespondent:
    """The official from the directory (`@pruitt`), or after `new` a person it does not
    list: their name, email and postal address, separated by semicolons, the email known
    by its @ (either may be left out, not both: the handler says so)."""
    if (w.peek() or "").lower() != NEW:
        return c.NameRespondent(w.person("the official complained against", d))
    w.next(NEW)
    name, *parts = [p.strip() for p in w.rest().split(";")]
    emails = [p for p in parts if "@" in p and " " not in p]
    addresses = [p for p in parts if p and p not in emails]
    if len(emails) > 1 or len(addresses) > 1:
        raise ProcedureError("Give one name, one email and one postal address, separated by "
                             f"semicolons. Type: `/ethics {w.usage}`")
    return c.NameRespondent(name=name, email=next(iter(emails), ""),
                            address=next(iter(addresses), ""))


def _heard(w: Words, d: Directory) -> c.RecordRespondentHeard:
    respondent = w.person("the official heard", d) if w.at_person() else None
    presented = True
    if w.peek() and not w.at_day():
        presented = bool(w.choice("whether they presented",
                                  {"presented": True, "declined": False}))
    return c.RecordRespondentHeard(presented, w.optional_day(), respondent)


def _determination(w: Words, d: Directory) -> c.RecordDetermination:
    respondent = _official(w, d)
    violation = bool(w.choice("the finding", {"violation": True, "no-violation": False}))
    found: list[str] = []
    while w.peek() and not w.at_day() and (w.peek() or "").lower() != MOTION:
        found += sections(w.next("a section"))
    return c.RecordDetermination(violation, tuple(found), w.optional_day(),
                                 respondent=respondent)


def _amend(w: Words, d: Directory) -> Typed:
    """Whose matter, the sections, then the text; or, for an examiner's authorisation
    taken down, how it came and what shows it (`VIA EVIDENCE`, as an official's request)."""
    values: Typed = {"respondent": _official(w, d),
                     "added_sections": sections(w.next("the added sections"))}
    if (w.peek() or "").lower() in _VIA:
        values["via"] = str(w.choice("how the authorisation came", _VIA))
        values["evidence"] = w.rest()
    else:
        values["text"] = w.rest()
    return values


def _amendment_sufficiency(w: Words, _d: Directory) -> c.FindAmendmentSufficient:
    sufficient = bool(w.choice("the finding", {"sufficient": True, "insufficient": False}))
    found: list[str] = []
    while w.peek() and not w.at_day():
        found += sections(w.next("a section"))
    return c.FindAmendmentSufficient(tuple(found), sufficient, w.optional_day())


def _extension_decision(approved: bool) -> Make:
    def make(w: Words, _d: Directory) -> Typed:
        return {"approved": approved, "on": w.optional_day()}
    return make


def _refer(w: Words, d: Directory) -> Typed:
    """Whose matter (§11: each official's own; none named, every one waiting), then where
    (the examiner in rotation unless `board`) and the day."""
    official = _official(w, d)
    to_board = False
    if w.peek() and not w.at_day():
        to_board = bool(w.choice("where", {"board": True, "examiner": False}))
    return {TO_BOARD: to_board, "on": w.optional_day(), "respondent": official}


def _vote(w: Words, directory: Directory) -> Typed:
    """A member's own vote, or (the roll call: the clerk's for the council, the chair's for
    the board) the vote of the member named; then the official it is about."""
    member = {"member": w.person("the member voting", directory)} if w.at_person() else {}
    vote = Vote(str(w.choice("the vote", {v.value: v.value for v in Vote})))
    return {**member, "vote": vote, "respondent": _official(w, directory)}


def _council_vote(w: Words, directory: Directory) -> Typed:
    """A council member's vote as `_vote`, then the violations a yes agrees occurred
    (§12 "as to the violations"; none named: every one found)."""
    vote = _vote(w, directory)
    agreed: list[str] = []
    while w.peek():
        agreed += sections(w.next("a section"))
    return {**vote, "sections": tuple(agreed)}


def _mayor_vote(w: Words, d: Directory) -> Typed:
    only: dict[str, bool | str] = {v: v for v in asked(c.RecordMayorVote, "vote").only}
    return {"vote": Vote(str(w.choice("the mayor's vote", only))),
            "respondent": _official(w, d)}


def _decide(w: Words, d: Directory) -> Typed:
    if (w.peek() or "").lower() in ("mayor-yes", "mayor-no"):
        raise ProcedureError("The mayor's tie-breaking vote is its own step, entered by the "
                             "mayor or the clerk: `/ethics mayor-vote CASE yes|no` (§14). "
                             "Then record the decision.")
    respondent = _official(w, d)  # each official has their own decision (§12)
    text, marked, vote = w.rest().partition(ACTION)
    penalties = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        if "@" in part.partition(" ")[0]:
            raise ProcedureError("The council decides as to one official at a time (§12): "
                                 "name them once, after the case (`decide CASE @OFFICIAL "
                                 "SECTION: PENALTY; ...`), and record the decision as to "
                                 "another official on its own.")
        section, _, action = part.partition(":")
        if not action.strip():
            raise ProcedureError(f"Write each penalty as SECTION: action, separated by ';' "
                                 f"({part!r} has no action).")
        penalties.append(c.Penalty(section.strip(), action.strip()))
    return {"penalties": tuple(penalties), "respondent": respondent,
            "action": read_motion(vote, d) if marked else None}


# The steps whose day can be corrected: those recorded with the day they happened, typed
# by their id with a hyphen for a space ("continuance-apply").
_DATED: dict[str, bool | str] = {
    s.id.replace(" ", "-"): s.event.value for s in STEPS
    if "on" in {f.name for f in fields(s.command)} and s is not c.CorrectStepDate.step}


def _correct_date(w: Words, d: Directory) -> c.CorrectStepDate:
    kind = EventKind(str(w.choice("the step", _DATED)))
    entry = None
    if (w.peek() or "").startswith("#"):  # its number in the case's history
        word = w.next("the entry's number")[1:]
        entry = whole_number(word)
        if entry is None:
            raise ProcedureError(f"#{word[:20]} is not an entry's number: the case's history "
                                 "lists each entry as #N.")
    on = w.day("the day it really happened")
    respondent = w.person("the official heard", d) if w.at_person() else None
    return c.CorrectStepDate(kind, on, w.rest(), respondent, entry)


def _void(w: Words, _d: Directory) -> dict[str, Any]:
    """The typed fields of a void (the mayor's email and any motion come from
    `cases.derived` and the words after `motion:`)."""
    reason = w.rest()
    duplicate = _CASE.search(reason)
    return {"reason": reason, "duplicate_of": duplicate.group(0).upper() if duplicate else None}


_ANSWERS: dict[str, bool | str] = {a.value: a.value for a in AnswerKind}
_EMAIL = re.compile(r"<?([^\s<>@]+@[^\s<>@]+)>?")


def _request(w: Words) -> int | None:
    """`#N`: which of the case's disclosure requests (None: the oldest still open)."""
    if not (w.peek() or "").startswith("#"):
        return None
    number = w.next("the request's number")[1:]
    request = whole_number(number, 4)
    if request is None:
        raise ProcedureError(f"#{number[:20]} is not a request's number: `/ethics status` "
                             "lists the case's requests in order, #1 the first.")
    return request


def _records(word: str, step: str) -> tuple[PublicRecord, ...]:
    """The §13 records a word lists (`complaint,report`; `none`: no record)."""
    records: list[PublicRecord] = []
    for part in filter(None, word.lower().split(",")):
        found = record_named(part)
        if part != "none" and found is None:
            raise ProcedureError(f"{part!r} is not a public record (§13): name complaint, "
                                 "determination or report, or none for no record. Type: "
                                 f"`/ethics {SPECS_BY_WORDS[step].usage}`")
        if found is not None:
            records.append(found)
    return tuple(records)


def _with_email(text: str) -> tuple[str, str]:
    """'A. Reporter <a@ledger.test>' -> ('A. Reporter', 'a@ledger.test')."""
    found = _EMAIL.search(text)
    if found is None:
        return text.strip(), ""
    return (text[:found.start()] + text[found.end():]).strip(" ,"), found.group(1)


def _disclosure_request(w: Words, _d: Directory) -> c.RecordDisclosureRequest:
    """`[DATE] [RECORDS] REQUESTER [EMAIL][; WHAT THEY ASKED FOR]`: the records are named
    when the first word lists only §13 records."""
    on = w.optional_day()
    first = (w.peek() or "").lower()
    named = bool(first) and all(record_named(x) for x in first.split(",") if x)
    records = _records(w.next("the records asked for"), "disclosure-request") if named else ()
    who, _, what = w.rest().partition(";")
    requester, email = _with_email(who)
    return c.RecordDisclosureRequest(requester=requester, on=on, records=records,
                                     what=what.strip(), email=email)


def _answer(w: Words, _d: Directory) -> c.AnswerDisclosure:
    """`[#N] acknowledge|clarify ESTIMATE [TEXT]`, `deny CODE: EXPLANATION`, `close
    [TEXT]`: the letter is dated today."""
    request = _request(w)
    kind = AnswerKind(str(w.choice("the answer", _ANSWERS)))
    estimate = w.optional_day() if kind in (AnswerKind.ACKNOWLEDGE, AnswerKind.CLARIFY) else None
    if kind is AnswerKind.DENY:
        code, _, why = w.rest().partition(":")
        return c.AnswerDisclosure(kind, exemption=code.strip(), explanation=why.strip(),
                                  request=request)
    return c.AnswerDisclosure(kind, text=w.rest(), estimate=estimate, request=request)


def _instalment(w: Words, _d: Directory) -> c.PrepareInstalment:
    """`[#N] RECORDS|none [final] [; redact RECORD: CODE: EXPLANATION: TEXT] [; withhold
    RECORD: CODE: EXPLANATION]`: each clause a line of the web form's lists."""
    request = _request(w)
    records = _records(w.next("the records released (complaint,determination,report or "
                              "none)"), "instalment")
    final = (w.peek() or "").lower() == "final"
    if final:
        w.next("final")
    redactions, withheld = [], []
    for clause in filter(None, (x.strip() for x in w.rest().split(";"))):
        verb, _, line = clause.partition(" ")
        if verb.lower() == "redact":
            redactions.append(read_line(Redaction, line, "A redaction"))
        elif verb.lower() == "withhold":
            withheld.append(read_line(Withholding, line, "A withheld record"))
        else:
            raise ProcedureError(f"{clause[:40]!r}: begin each part after ';' with redact or "
                                 f"withhold. Type: `/ethics {SPECS_BY_WORDS['instalment'].usage}`")
    return c.PrepareInstalment(records, tuple(redactions), tuple(withheld), final, request)


def _third_party(w: Words, _d: Directory) -> c.NotifyThirdParty:
    request = _request(w)
    records = _records(w.next("the records that concern them"), "third-party")
    release_on = w.day("the day they will be released")
    name, email = _with_email(w.rest())
    return c.NotifyThirdParty(name, email, records, release_on, request)


# the basis of a complainant's protection as typed ("42.41", "RCW 42.56.240")
_BASES = {b.value.removeprefix("rcw-"): b for b in ProtectionBasis}


def _withhold(w: Words, _d: Directory) -> Typed:
    """`42.41|42.56.240 SUMMARY`: the statute the protection rests on, then the summary
    the official and the council get instead of the complaint (who already had the
    complaint is filled in from the outbox: `cases.derived.FROM_OUTBOX`)."""
    typed = w.next("the basis (42.41 or 42.56.240)")
    if typed.lower() == "rcw":
        typed = w.next("the basis (42.41 or 42.56.240)")
    basis = _BASES.get(typed.lower().removeprefix("rcw").strip(" -"))
    if basis is None:
        raise ProcedureError(f"`{typed}` is not a basis: say 42.41 (a city employee's "
                             "report, RCW 42.41.030) or 42.56.240 (RCW 42.56.240(2), as the "
                             "city reads it).")
    return {"basis": basis, "summary": w.rest()}


_CALL = ("CASE DATE START [END] regular|special {place} [LINK] [also|only: time-bar ...] "
         "[called-by: @A @B ...] [emergency: persons|property|likely FACTS]")
# RCW 42.30.080(4)'s grounds, as typed after `emergency:`
_GROUNDS = {"persons": EmergencyGround.PERSONS, "property": EmergencyGround.PROPERTY,
            "likely": EmergencyGround.LIKELY}
_PROCEEDINGS: dict[str, bool | str] = {p.value: p.value for p in Proceeding}
# how a request taken down for the official came (on Slack, they make it themselves)
_VIA: dict[str, bool | str] = {"mail": "mail", "email": "email", "paper": "paper",
                               "in-person": "in person", "phone": "phone"}
_TIME = re.compile(r"\d{1,2}:\d{2}")




def _call(w: Words, d: Directory) -> Typed:
    """`DATE START [END] regular|special PLACE [LINK] [called-by: @A @B ...] [emergency:
    GROUND FACTS]`: the place is what is left once a link (a word starting https://), the
    members calling it (RCW 42.30.080(1)) and the emergency are taken out."""
    starts = w.moment("the meeting date")
    ends = None
    if _TIME.fullmatch(w.peek() or ""):
        ends = w.at(starts.date(), _time(w, "the expected end"))
    meeting_kind = MeetingKind(str(w.choice("the kind of meeting", {
        "regular": "regular", "special": "special"})))
    text, marked, emergency = w.rest().partition("emergency:")
    text, _, callers = text.partition("called-by:")
    text, alone, added = text.partition("only:")  # that business alone (`CallMeeting.only`)
    if not alone:
        text, _, added = text.partition("also:")
    also = []
    for word in added.split():
        try:
            also.append(Action(word.lower().replace("-", "_")))
        except ValueError:
            raise ProcedureError(
                f"also: {word[:40]!r} is not business a meeting's notice states; write one "
                f"or more of: {', '.join(a.value.replace('_', '-') for a in Action)}."
            ) from None
    words = text.split()
    called_by = []
    for name in callers.split():
        person = d.named(name)
        if person is None:
            raise ProcedureError(f"called-by: {name[:60]!r} is not one person in the city's "
                                 "directory (give their email or @name).")
        called_by.append(person.email)
    links = [slack_link(x) for x in words if slack_link(x).startswith("https://")]
    place = " ".join(x for x in words if not slack_link(x).startswith("https://"))
    word, _, facts = emergency.strip().partition(" ")
    if marked and word.lower() not in _GROUNDS:
        raise ProcedureError(
            "An emergency excuses the 24 hours' notice only on the statute's ground (RCW "
            "42.30.080(4)): write `emergency: persons|property|likely FACTS` (injury or "
            "damage to persons; damage to property; the likelihood of either).")
    return {"starts_at": starts, "place": place, "kind": meeting_kind, "ends_at": ends,
            "remote_link": links[0] if links else None,
            "emergency": facts.strip() if marked else None,
            "emergency_ground": _GROUNDS[word.lower()] if marked else None,
            "called_by": tuple(called_by), "also": tuple(also), "only": bool(alone)}


def _time(w: Words, what: str) -> time:
    word = w.next(what)
    try:
        return time.fromisoformat(word if len(word) == 5 else f"0{word}")
    except ValueError:
        raise ProcedureError(f"{word!r} is not a time like 19:30. Type: `/ethics {w.usage}`") \
            from None


def _clock(w: Words, what: str) -> datetime:
    """A time today in the city (`19:30`), or a date and a time (`2026-12-10 19:30`)."""
    if w.at_day():
        day = w.day(what)
    elif w.now is not None:
        day = w.calendar.local_date(w.now)
    else:
        raise ProcedureError(f"Give {what} with its date (like 2026-12-10 19:30).")
    return w.at(day, _time(w, what))


def _meeting_number(w: Words) -> int | None:
    return w.number("the meeting number") if whole_number(w.peek() or "") is not None else None


def _roll_call(w: Words, directory: Directory) -> Typed:
    meeting = _meeting_number(w)
    present: list[str] = []
    while w.peek():
        present.append(w.person("a member present", directory))
    return {"present": tuple(present), "meeting": meeting}


def _recuse(w: Words, directory: Directory) -> Typed:
    # a member's own recusal, or (the clerk, the board chair) that of the member named
    member = {"member": w.person("the member recusing", directory)} if w.at_person() else {}
    reason = w.rest()
    if not reason:
        raise ProcedureError("Give the reason for the recusal (a relative, a business tie, "
                             "the member filed the complaint): it goes into the record.")
    return {**member, "reason": reason}


_HOW: dict[str, bool | str] = {m.value: m.value for m in NoticeMethod}
_BECAUSE = re.compile(r"(?:^|\s)because\s+", re.IGNORECASE)


def _notice(w: Words, directory: Directory) -> c.RecordNoticeServed:
    kind = Section2Act(str(w.choice("who was told", _NOTICES)))
    respondent = w.person("the official informed", directory) if w.at_person() else None
    how = NoticeMethod(str(w.choice("how", _HOW))) if (w.peek() or "").lower() in _HOW \
        else None
    given = w.moment("when it was given") if w.at_day() else None
    to, *why = _BECAUSE.split(w.rest(), maxsplit=1)  # "... because no phone answers"
    return c.RecordNoticeServed(kind, respondent, how, given, to=to.strip(),
                                impracticable="".join(why).strip())


_NOTICES: dict[str, bool | str] = {
    "respondent": Section2Act.RESPONDENT_INFORMED, "council": Section2Act.COUNCIL_INFORMED,
    "board": Section2Act.SUBMITTED_TO_BOARD}
_REQUESTERS: dict[str, bool | str] = {r.value: r.value for r in Requester}
SPECS: tuple[Spec, ...] = (
    Spec("notice", c.RecordNoticeServed.step,
         "notice CASE respondent|council|board [{respondent}] "
         "[hand|phone|voicemail|email|mail] [DATE TIME given] [{to}] [because {impracticable}]",
         "notice ETH-2026-0007 respondent @pruitt voicemail 2026-12-01 08:30 on his cell "
         "because he is abroad", _notice),
    Spec("registered-mail", c.RecordRegisteredMail.step,
         "registered-mail CASE TRACKING [{on}] [{respondent}]",
         "registered-mail ETH-2026-0007 RE123456789US",
         lambda w, d: c.RecordRegisteredMail(
             w.next("the tracking number"), w.optional_day(),
             w.person("the official sent the copy", d) if w.at_person() else None)),
    Spec("return-receipt", c.RecordReturnReceipt.step, "return-receipt CASE {on} [{respondent}]",
         "return-receipt ETH-2026-0007 2026-12-04",
         lambda w, d: c.RecordReturnReceipt(
             w.day("the day the return receipt was signed"),
             w.person("the official who signed it", d) if w.at_person() else None)),
    Spec("board-received", c.RecordBoardReceived.step, "board-received CASE",
         "board-received ETH-2026-0007", lambda w, _: c.RecordBoardReceived()),
    Spec("schedule", c.ScheduleBoardMeeting.step, f"schedule {_CALL}",
         "schedule ETH-2026-0007 2026-12-10 18:00 20:00 special Council Chambers",
         _call),
    Spec("begin", c.BeginHearing.step, "begin CASE [{on}]", "begin ETH-2026-0007",
         lambda w, _: c.BeginHearing(w.optional_day())),
    Spec("heard", c.RecordRespondentHeard.step,
         "heard CASE [{respondent}] [presented|declined] [{on}]",
         "heard ETH-2026-0007 presented", _heard),
    Spec("concluded", c.ConcludeHearing.step, "concluded CASE [{on}]", "concluded ETH-2026-0007",
         lambda w, _: c.ConcludeHearing(w.optional_day())),
    Spec("continuance apply", c.ApplyForContinuance.step,
         "continuance apply CASE {reason}" + _MOTION_USAGE,
         "continuance apply ETH-2026-0007 the respondent is in hospital until Dec 20 "
         "motion: unanimous",
         lambda w, _: c.ApplyForContinuance(w.rest())),
    Spec("continuance grant", c.DecideContinuance.step,
         "continuance grant CASE DAYS [{on}]" + _MOTION_USAGE,
         "continuance grant ETH-2026-0007 7 motion: yes @ames @baker @cole no @diaz",
         lambda w, _: c.DecideContinuance(w.number("the days granted"), w.optional_day())),
    Spec("continuance deny", c.DecideContinuance.step,
         "continuance deny CASE [{on}]" + _MOTION_USAGE,
         "continuance deny ETH-2026-0007 motion: unanimous",
         lambda w, _: c.DecideContinuance(0, w.optional_day())),
    Spec("report", c.IssueReport.step, "report CASE [sufficient|insufficient] FILE [{summary}]",
         "report ETH-2026-0007 sufficient F0123ABCD prima facie showing of 2.94.030", _report),
    Spec("witness", c.RecordWitness.step, "witness CASE [{respondent}] [{on}] {name} [{email}]",
         "witness ETH-2026-0007 Maria Lopez mlopez@example.org", _witness),
    Spec("deliver", c.DeliverReport.step, "deliver CASE [{on} {how}; {evidence}]",
         "deliver ETH-2026-0007", _deliver),
    Spec("extension request", c.RequestReportExtension.step,
         "extension request CASE {days} respondent [{respondent}] [{on}] " + _SAID + " | "
         "extension request CASE {days} board [{on}] motion: ...",
         "extension request ETH-2026-0007 5 respondent email letter of 2027-01-04, #12",
         lambda w, d: {"days": w.number("the days"), "requested_by": Requester(
             str(w.choice("who asks", _REQUESTERS))), "respondent": _official(w, d),
             **_said(w)}),
    Spec("extension approve", c.DecideReportExtension.step,
         "extension approve CASE [{on}]" + _MOTION_USAGE,
         "extension approve ETH-2026-0007 motion: unanimous", _extension_decision(True)),
    Spec("extension deny", c.DecideReportExtension.step,
         "extension deny CASE [{on}]" + _MOTION_USAGE,
         "extension deny ETH-2026-0007 motion: unanimous", _extension_decision(False)),
    Spec("board-hearing", c.RequestBoardHearing.step,
         "board-hearing CASE [{respondent}] [{on}] " + _SAID,
         "board-hearing ETH-2026-0007 @pruitt 2027-01-04 paper letter of that day, scan F0123",
         lambda w, d: {"respondent": _official(w, d), **_said(w)}),
    Spec("refer", c.Refer.step, "refer CASE [{respondent}] [board] [{on}]", "refer ETH-2026-0007",
         _refer),
    Spec("determination", c.RecordDetermination.step,
         "determination CASE [{respondent}] violation|no-violation [{sections}] [{on}] "
         "[motion: ...]",
         "determination ETH-2026-0007 violation 2.94.030", _determination),
    Spec("council-extension", c.ExtendCouncilDecision.step,
         "council-extension CASE [{respondent}] {days} [{on}]" + _MOTION_USAGE,
         "council-extension ETH-2026-0007 7 motion: unanimous",
         lambda w, d: c.ExtendCouncilDecision(respondent=_official(w, d),
                                              days=w.number("the days"),
                                              on=w.optional_day())),
    Spec("vote", c.RecordCouncilVote.step,
         "vote CASE [{member}] yes|no|abstain [{respondent}] [{sections}]",
         "vote ETH-2026-0007 yes 2.94.030", _council_vote),
    Spec("mayor-vote", c.RecordMayorVote.step, "mayor-vote CASE yes|no [{respondent}]",
         "mayor-vote ETH-2026-0007 yes",
         _mayor_vote),
    Spec("decide", c.RecordCouncilDecision.step,
         "decide CASE [{respondent}] [SECTION: PENALTY; ... action: yes @A @B no @C|unanimous]",
         "decide ETH-2026-0007 2.94.030: written reprimand action: unanimous", _decide),
    Spec("amend", c.AmendComplaint.step,
         "amend CASE [{respondent}] SECTIONS [{text}]" + _MOTION_USAGE
         + " | amend CASE [{respondent}] SECTIONS {via} {evidence} (an examiner's, in "
         "writing)",
         "amend ETH-2026-0007 2.94.040 motion: unanimous", _amend),
    Spec("correct-date", c.CorrectStepDate.step,
         "correct-date CASE {kind} [{entry}] {on} [{respondent}] {reason}",
         "correct-date ETH-2026-0007 concluded 2026-12-18 typed the wrong day", _correct_date),
    Spec("close", c.CloseCase.step, "close CASE [{reason}]",
         "close ETH-2026-0007 found insufficient",
         lambda w, _: c.CloseCase(reason=w.rest())),
    Spec("void", c.VoidCase.step,
         "void CASE {reason} [motion: ...]", "void ETH-2026-0008 duplicate of ETH-2026-0007",
         _void),
    Spec("disclosure-request", c.RecordDisclosureRequest.step,
         "disclosure-request CASE [{on}] [complaint,determination,report] {requester}[; {what}]",
         "disclosure-request ETH-2026-0007 A. Reporter, Riverton Ledger", _disclosure_request),
    # -- retention (RCW 40.14) --------------------------------------------------------------
    Spec("hold place", c.PlaceLegalHold.step, "hold place CASE {reason}",
         "hold place ETH-2026-0007 Whitfield v. Riverton, preserve all records",
         lambda w, _: c.PlaceLegalHold(reason=w.rest())),
    Spec("hold lift", c.LiftLegalHold.step, "hold lift CASE [{reason}]",
         "hold lift ETH-2026-0007 the suit was dismissed with prejudice",
         lambda w, _: c.LiftLegalHold(reason=w.rest())),
    Spec("destroy request", c.RequestDestruction.step, "destroy request CASE",
         "destroy request ETH-2026-0007", lambda w, _: {}),
    Spec("destroy approve", c.ApproveDestruction.step, "destroy approve CASE",
         "destroy approve ETH-2026-0007", lambda w, _: {}),
    Spec("disclosure-answer", c.AnswerDisclosure.step,
         "disclosure-answer CASE [{request}] acknowledge|clarify {estimate} [{text}] | deny "
         "CODE: {explanation} | close [{text}]",
         "disclosure-answer ETH-2026-0007 acknowledge 2027-03-05 the report is being reviewed",
         _answer),
    Spec("disclosure-clarified", c.RecordClarification.step,
         "disclosure-clarified CASE [{request}] [{on}] "
         "[WHAT THEY SAID]", "disclosure-clarified ETH-2026-0007 only the 2026 complaint",
         lambda w, _: c.RecordClarification(request=_request(w), on=w.optional_day(),
                                            text=w.rest())),
    Spec("third-party", c.NotifyThirdParty.step,
         "third-party CASE [{request}] complaint,determination,report {release_on} {name} {email}",
         "third-party ETH-2026-0007 complaint 2027-03-15 Dana Whitfield dana@mail.test",
         _third_party),
    Spec("instalment", c.PrepareInstalment.step,
         "instalment CASE [{request}] complaint,determination,report|none [final] [; redact "
         "RECORD: CODE: EXPLANATION: TEXT] [; withhold RECORD: CODE: EXPLANATION]",
         "instalment ETH-2026-0007 complaint; redact complaint: RCW 42.56.250(4): an "
         "employee's home address: 12 Elm St", _instalment),
    Spec("release", c.ReleaseRecords.step,
         "release CASE [{request}] [{on}]", "release ETH-2026-0007",
         lambda w, _: c.ReleaseRecords(request=_request(w), on=w.optional_day())),
    # -- meetings (RCW 42.30) ------------------------------------------------------------
    Spec("deliberation", c.ScheduleDeliberation.step, f"deliberation {_CALL}",
         "deliberation ETH-2026-0007 2027-02-16 19:00 regular Council Chambers",
         _call),
    Spec("cancel-meeting", c.CancelMeeting.step, "cancel-meeting CASE [{meeting}] {reason}",
         "cancel-meeting ETH-2026-0007 the chamber is closed for repairs",
         lambda w, _: c.CancelMeeting(meeting=_meeting_number(w), reason=w.rest())),
    Spec("open-session", c.RequestOpenSession.step,
         "open-session CASE [{respondent}] board|examiner|council [{on}] " + _SAID,
         "open-session ETH-2026-0007 board paper letter of 2027-01-04 at the counter",
         lambda w, d: {"respondent": _official(w, d), "proceeding": Proceeding(
             str(w.choice("whose proceedings", _PROCEEDINGS))), **_said(w)}),
    Spec("session start", c.StartExecutiveSession.step,
         "session start CASE UNTIL [STARTED] [@OFFICIAL ...]",
         "session start ETH-2026-0007 19:30", _session_start),
    Spec("session extend", c.ExtendExecutiveSession.step, "session extend CASE {until}",
         "session extend ETH-2026-0007 20:00",
         lambda w, _: c.ExtendExecutiveSession(until=_clock(w, "the new end"))),
    Spec("session end", c.EndExecutiveSession.step,
         "session end CASE [ENDED]", "session end ETH-2026-0007",
         lambda w, _: c.EndExecutiveSession(
             ended_at=_clock(w, "the end") if w.peek() else None)),
    Spec("board-vote", c.RecordBoardVote.step,
         "board-vote CASE [{member}] yes|no|abstain [{respondent}]",
         "board-vote ETH-2026-0007 yes", _vote),
    Spec("board-determination", c.RecordBoardDetermination.step,
         "board-determination CASE [{respondent}]",
         "board-determination ETH-2026-0007",
         lambda w, d: {"respondent": _official(w, d)}),
    Spec("roll-call", c.RecordRollCall.step, "roll-call CASE [{meeting}] @MEMBER ...",
         "roll-call ETH-2026-0007 @ames @baker @cole", _roll_call),
    Spec("recuse", c.RecordRecusal.step, "recuse CASE [{member}] {reason}",
         "recuse ETH-2026-0007 the respondent is my brother-in-law", _recuse),
    Spec("council-extension-request", c.RequestCouncilExtension.step,
         "council-extension-request CASE [{respondent}] {days} [{on}] " + _SAID,
         "council-extension-request ETH-2026-0007 7 email of 2027-03-02 in the case file",
         lambda w, d: {"respondent": _official(w, d), "days": w.number("the days"),
                       **_said(w)}),
    Spec("dismiss", c.DismissAsTimeBarred.step,
         "dismiss CASE {public_since} {reason}" + _MOTION_USAGE,
         "dismiss ETH-2026-0007 2023-05-02 the minutes were published that day "
         "motion: unanimous",
         lambda w, _: c.DismissAsTimeBarred(w.day("the day the information became public"),
                                            w.rest())),
    Spec("amendment-sufficiency", c.FindAmendmentSufficient.step,
         "amendment-sufficiency CASE sufficient|insufficient SECTIONS [{on}]" + _MOTION_USAGE,
         "amendment-sufficiency ETH-2026-0007 sufficient 2.94.040 motion: unanimous",
         _amendment_sufficiency),
    Spec("examiner-conflict", c.RecordExaminerConflict.step,
         "examiner-conflict CASE {examiner} {reason}",
         "examiner-conflict ETH-2026-0007 myu@examiners.example represented the complainant",
         lambda w, d: c.RecordExaminerConflict(w.person("the examiner", d), w.rest())),
    Spec("name-respondent", c.NameRespondent.step,
         "name-respondent CASE {official} | name-respondent CASE " + NEW
         + " {name}; [{email}]; [{address}]",
         "name-respondent ETH-2026-0007 @pruitt", _name_respondent),
    Spec("correct-receipt", c.CorrectReceipt.step, "correct-receipt CASE DATE TIME {reason}",
         "correct-receipt ETH-2026-0007 2026-12-01 16:40 forwarded a day late",
         lambda w, _: c.CorrectReceipt(w.moment("when the city received it"), w.rest())),
    # -- the complainant's protection (issue 27) ---------------------------------------------
    Spec("withhold-complainant", c.WithholdComplainant.step,
         "withhold-complainant CASE 42.41|42.56.240 {summary}",
         "withhold-complainant ETH-2026-0007 42.41 Alleges the director steered a parks "
         "contract to a relative's firm (2.94.030).", _withhold),
)
LINE_BREAK = " | "  # between the lines of a list typed on one line (`derived`)


def derived(rule: StepRule) -> Spec:
    """The Slack words of a step that has none of its own, from its command's fields
    (`cases.fields`, as its web form): `/ethics STEP CASE field: value; field: value`,
    each value as the form takes it, a list's lines separated by ` | `. A new step is
    typed so until it is given words of its own."""
    names = [f.name for f in fields(rule.command) if f.name != "motion"]
    usage = f"{rule.id} CASE " + "; ".join(f"{n}: ..." for n in names)
    if rule.by_motion:
        usage += _MOTION_USAGE

    def make(w: Words, d: Directory) -> Typed:
        form: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in w.rest().split(";"))):
            name, colon, value = part.partition(":")
            key = "_".join(name.lower().replace("-", " ").split())
            if not colon or key not in names:
                raise ProcedureError(f"{part[:40]!r}: name a field of {rule.name}, then ':' "
                                     f"and its value. Type: `/ethics {usage}`")
            form[key] = value.replace(LINE_BREAK, "\n").strip()
        return parse(rule, form, w.calendar, w.caller.actor, d)

    return Spec(rule.id, rule, usage, f"{rule.id} ETH-2026-0007 "
                + "; ".join(f"{n}: ..." for n in names[:1]), make)


# every step a person takes, in the words of its own or derived from its fields
SPECS = (*SPECS, *(derived(r) for r in STEPS
                   if r.roles and r not in {s.step for s in SPECS}))
SPECS_BY_WORDS = {s.words: s for s in SPECS}


def find_spec(typed_words: list[str]) -> tuple[Spec, list[str]]:
    """The step the first word or two name ("continuance grant", "begin"), and the words
    after them; the same on every surface that takes `/ethics` words."""
    two = " ".join(typed_words[:2]).lower()
    key, rest = (two, typed_words[2:]) if two in SPECS_BY_WORDS else (
        (typed_words[0].lower() if typed_words else ""), typed_words[1:])
    if key not in SPECS_BY_WORDS:
        raise ProcedureError(f"`{key}` is not a step. `/ethics help` (or `ethicsbot step "
                             "--help`) lists them, each with an example.")
    return SPECS_BY_WORDS[key], rest

