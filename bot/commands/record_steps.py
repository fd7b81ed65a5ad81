"""Slack's own words for the steps of public records (RCW 42.56: a request, its answers
and instalments, a third party's notice) and of the complainant's protection (issue 27):
how each step's words after the case number become its command (a clarification and the
release are typed by their fields, `bot.commands.field_words`).

Its own module because these readers are the records' part of the procedure's words (the
steps `cases/handlers/disclosures.py` and `complainant.py` declare); the table that names
each step's words is `bot.commands.steps`.
"""

from __future__ import annotations

import re

from bot.commands.args import Words
from bot.commands.spec import Typed
from cases import commands as c
from cases.derived import read_line
from cases.directory import Directory
from cases.disclosure import AnswerKind, Redaction, Withholding, record_named
from cases.errors import ProcedureError
from cases.protection import ProtectionBasis
from cases.public_records import PublicRecord
from cases.text import whole_number

__all__ = ["read_answer", "read_disclosure_request", "read_instalment", "read_request",
           "read_third_party", "read_withhold"]


_ANSWERS: dict[str, bool | str] = {a.value: a.value for a in AnswerKind}
_EMAIL = re.compile(r"<?([^\s<>@]+@[^\s<>@]+)>?")


def read_request(w: Words) -> int | None:
    """`#N`: which of the case's disclosure requests (None: the oldest still open)."""
    if not (w.peek() or "").startswith("#"):
        return None
    number = w.next("the request's number")[1:]
    request = whole_number(number, 4)
    if request is None:
        raise ProcedureError(f"#{number[:20]} is not a request's number: `/ethics status` "
                             "lists the case's requests in order, #1 the first.")
    return request


def _records(w: Words, what: str) -> tuple[PublicRecord, ...]:
    """The §13 records the next word lists (`complaint,report`; `none`: no record)."""
    records: list[PublicRecord] = []
    for part in filter(None, w.next(what).lower().split(",")):
        found = record_named(part)
        if part != "none" and found is None:
            raise ProcedureError(f"{part!r} is not a public record (§13): name complaint, "
                                 "determination or report, or none for no record. Type: "
                                 f"`/ethics {w.usage}`")
        if found is not None:
            records.append(found)
    return tuple(records)


def _with_email(text: str) -> tuple[str, str]:
    """'A. Reporter <a@ledger.test>' -> ('A. Reporter', 'a@ledger.test')."""
    found = _EMAIL.search(text)
    if found is None:
        return text.strip(), ""
    return (text[:found.start()] + text[found.end():]).strip(" ,"), found.group(1)


def read_disclosure_request(w: Words, _d: Directory) -> c.RecordDisclosureRequest:
    """`[DATE] [RECORDS] REQUESTER [EMAIL][; WHAT THEY ASKED FOR]`: the records are named
    when the first word lists only §13 records."""
    on = w.optional_day()
    first = (w.peek() or "").lower()
    named = bool(first) and all(record_named(x) for x in first.split(",") if x)
    records = _records(w, "the records asked for") if named else ()
    who, _, what = w.rest().partition(";")
    requester, email = _with_email(who)
    return c.RecordDisclosureRequest(requester=requester, on=on, records=records,
                                     what=what.strip(), email=email)


def read_answer(w: Words, _d: Directory) -> c.AnswerDisclosure:
    """`[#N] acknowledge|clarify ESTIMATE [TEXT]`, `deny CODE: EXPLANATION`, `close
    [TEXT]`: the letter is dated today."""
    request = read_request(w)
    kind = AnswerKind(str(w.choice("the answer", _ANSWERS)))
    estimate = w.optional_day() if kind in (AnswerKind.ACKNOWLEDGE, AnswerKind.CLARIFY) else None
    if kind is AnswerKind.DENY:
        code, _, why = w.rest().partition(":")
        return c.AnswerDisclosure(kind, exemption=code.strip(), explanation=why.strip(),
                                  request=request)
    return c.AnswerDisclosure(kind, text=w.rest(), estimate=estimate, request=request)


def read_instalment(w: Words, _d: Directory) -> c.PrepareInstalment:
    """`[#N] RECORDS|none [final] [; redact RECORD: CODE: EXPLANATION: TEXT] [; withhold
    RECORD: CODE: EXPLANATION]`: each clause a line of the web form's lists."""
    request = read_request(w)
    records = _records(w, "the records released (complaint,determination,report or "
                              "none)")
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
                                 f"withhold. Type: `/ethics {w.usage}`")
    return c.PrepareInstalment(records, tuple(redactions), tuple(withheld), final, request)


def read_third_party(w: Words, _d: Directory) -> c.NotifyThirdParty:
    request = read_request(w)
    records = _records(w, "the records that concern them")
    release_on = w.day("the day they will be released")
    name, email = _with_email(w.rest())
    return c.NotifyThirdParty(name, email, records, release_on, request)


# the basis of a complainant's protection as typed ("42.41", "RCW 42.56.240")
_BASES = {b.value.removeprefix("rcw-"): b for b in ProtectionBasis}


def read_withhold(w: Words, _d: Directory) -> Typed:
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
