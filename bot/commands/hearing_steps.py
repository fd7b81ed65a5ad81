"""Slack's words for the steps from the complaint's receipt to the council's decision
(§2–§14: notice, the hearing, the report, referral, determination, the votes and the
decision) and for the case file (amendments, corrections, closure, void): how each step's
words after the case number become its command or its typed fields.

Its own module because these readers are one part of the procedure's words, the one
`cases/handlers/sufficiency.py`, `council.py` and `case_file.py` declare; the meetings'
and the records' readers are beside it (`meeting_steps`, `record_steps`), and the table
that names each step's words is `bot.commands.steps`.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from bot.commands.args import Words, sections, slack_link
from bot.commands.spec import MOTION, Make, Typed
from bot.commands.step_reading import VIA, read_official
from cases import commands as c
from cases.case import Requester
from cases.derived import TO_BOARD
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.history import EventKind
from cases.motions import read_motion
from cases.section2 import NoticeMethod, Section2Act
from cases.steps import STEPS
from cases.tally import Vote
from cases.text import whole_number

__all__ = ["ACTION", "NEW", "REQUESTERS", "extension_decision", "read_amend",
           "read_amendment_sufficiency", "read_correct_date", "read_council_vote",
           "read_decide", "read_deliver", "read_determination", "read_heard",
           "read_name_respondent", "read_notice", "read_refer",
           "read_report", "read_void", "read_vote", "read_witness"]


_HOW: dict[str, bool | str] = {m.value: m.value for m in NoticeMethod}
_BECAUSE = re.compile(r"(?:^|\s)because\s+", re.IGNORECASE)


def read_notice(w: Words, directory: Directory) -> c.RecordNoticeServed:
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
REQUESTERS: dict[str, bool | str] = {r.value: r.value for r in Requester}


def read_witness(w: Words, d: Directory) -> c.RecordWitness:
    """Whose matter, the day, then the witness's name and (a word with @) their email."""
    official = read_official(w, d)
    on = w.optional_day()
    words = w.rest().split()
    email = next((x for x in words if "@" in x), "")
    return c.RecordWitness(" ".join(x for x in words if x != email), slack_link(email)
                           .removeprefix("mailto:"), official, on)


def read_deliver(w: Words, _d: Directory) -> c.DeliverReport:
    """The day, and for a delivery made earlier another way, how and what shows it."""
    on = w.optional_day()
    how, _, evidence = w.rest().partition(";")
    return c.DeliverReport(on, how=how.strip(), evidence=evidence.strip())


def read_report(w: Words, _d: Directory) -> c.IssueReport:
    # the finding may be left out: the report sets forth the board's, as to each official
    finding: dict[str, bool | str] = {"sufficient": True, "insufficient": False}
    sufficient = (bool(w.choice("the finding", finding))
                  if (w.peek() or "").lower() in finding else None)
    ref = slack_link(w.next("the report's Slack file id or link"))  # checked by the step
    return c.IssueReport(sufficient=sufficient, report_file=ref, summary=w.rest())


NEW = "new"  # `name-respondent CASE new ...`: a person the directory does not list


def read_name_respondent(w: Words, d: Directory) -> c.NameRespondent:
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


def read_heard(w: Words, d: Directory) -> c.RecordRespondentHeard:
    respondent = w.person("the official heard", d) if w.at_person() else None
    presented = True
    if w.peek() and not w.at_day():
        presented = bool(w.choice("whether they presented",
                                  {"presented": True, "declined": False}))
    return c.RecordRespondentHeard(presented, w.optional_day(), respondent)


def read_determination(w: Words, d: Directory) -> c.RecordDetermination:
    respondent = read_official(w, d)
    violation = bool(w.choice("the finding", {"violation": True, "no-violation": False}))
    found: list[str] = []
    while w.peek() and not w.at_day() and (w.peek() or "").lower() != MOTION:
        found += sections(w.next("a section"))
    return c.RecordDetermination(violation, tuple(found), w.optional_day(),
                                 respondent=respondent)


def read_amend(w: Words, d: Directory) -> Typed:
    """Whose matter, the sections, then the text; or, for an examiner's authorisation
    taken down, how it came and what shows it (`VIA EVIDENCE`, as an official's request)."""
    values: Typed = {"respondent": read_official(w, d),
                     "added_sections": sections(w.next("the added sections"))}
    if (w.peek() or "").lower() in VIA:
        values["via"] = str(w.choice("how the authorisation came", VIA))
        values["evidence"] = w.rest()
    else:
        values["text"] = w.rest()
    return values


def read_amendment_sufficiency(w: Words, _d: Directory) -> c.FindAmendmentSufficient:
    sufficient = bool(w.choice("the finding", {"sufficient": True, "insufficient": False}))
    found: list[str] = []
    while w.peek() and not w.at_day():
        found += sections(w.next("a section"))
    return c.FindAmendmentSufficient(tuple(found), sufficient, w.optional_day())


def extension_decision(approved: bool) -> Make:
    def make(w: Words, _d: Directory) -> Typed:
        return {"approved": approved, "on": w.optional_day()}
    return make


def read_refer(w: Words, d: Directory) -> Typed:
    """Whose matter (§11: each official's own; none named, every one waiting), then where
    (the examiner in rotation unless `board`) and the day."""
    official = read_official(w, d)
    to_board = False
    if w.peek() and not w.at_day():
        to_board = bool(w.choice("where", {"board": True, "examiner": False}))
    return {TO_BOARD: to_board, "on": w.optional_day(), "respondent": official}


def read_vote(w: Words, directory: Directory) -> Typed:
    """A member's own vote, or (the roll call: the clerk's for the council, the chair's for
    the board) the vote of the member named; then the official it is about."""
    member = {"member": w.person("the member voting", directory)} if w.at_person() else {}
    vote = Vote(str(w.choice("the vote", {v.value: v.value for v in Vote})))
    return {**member, "vote": vote, "respondent": read_official(w, directory)}


def read_council_vote(w: Words, directory: Directory) -> Typed:
    """A council member's vote as `read_vote`, then the violations a yes agrees occurred
    (§12 "as to the violations"; none named: every one found)."""
    vote = read_vote(w, directory)
    agreed: list[str] = []
    while w.peek():
        agreed += sections(w.next("a section"))
    return {**vote, "sections": tuple(agreed)}


ACTION = "action:"  # the words after it are the council's vote on the penalties (§12)


def read_decide(w: Words, d: Directory) -> Typed:
    if (w.peek() or "").lower() in ("mayor-yes", "mayor-no"):
        raise ProcedureError("The mayor's tie-breaking vote is its own step, entered by the "
                             "mayor or the clerk: `/ethics mayor-vote CASE yes|no` (§14). "
                             "Then record the decision.")
    respondent = read_official(w, d)  # each official has their own decision (§12)
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


def read_correct_date(w: Words, d: Directory) -> c.CorrectStepDate:
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


_CASE = re.compile(r"ETH-\d{4}-\d{4,6}", re.IGNORECASE)


def read_void(w: Words, _d: Directory) -> dict[str, Any]:
    """The typed fields of a void (the mayor's email and any motion come from
    `cases.derived` and the words after `motion:`)."""
    reason = w.rest()
    duplicate = _CASE.search(reason)
    return {"reason": reason, "duplicate_of": duplicate.group(0).upper() if duplicate else None}
