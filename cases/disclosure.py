"""A public disclosure request's file, as RCW 42.56 and RCW 40.14.026 ask it be kept.

§6 sends a request for a case's records to the city attorney. The Public Records Act then
asks, and this module keeps:

- a **first answer** within five business days (RCW 42.56.520(1)): the records, an
  acknowledgement with a reasonable estimate of the time needed, an acknowledgement asking
  the requester to clarify (with an estimate), or a denial;
- a **pause** while the city waits for the requester's clarification (RCW
  42.56.520(3)(b)): the estimate is not overdue while it lasts, and its days are added to
  the estimate when the clarification comes;
- **instalments** (RCW 42.56.080(2)), each prepared by one person and released on a
  second person's approval; every record withheld or text redacted in one names the
  exemption and briefly explains how it applies (RCW 42.56.210(3));
- **notice to a third party** the records concern, with the day they will be released
  unless a court enjoins it (RCW 42.56.540);
- a **closing letter**, whose day is the request's final disposition (RCW 40.14.026(4)).

Each answer, instalment and notice is a letter rendered from a template and sent through
the outbox, whose delivery record is its proof (`cases.notices`, the request log). What
each event's data holds is built by the handlers (`cases.handlers.disclosures`); this
module only reads it back, so a history replays to the same file.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum
from typing import Any

from cases.calendar import fmt_day
from cases.history import EventKind
from cases.public_records import WORDS, PublicRecord


class AnswerKind(StrEnum):
    """An answer that is a letter of its own (RCW 42.56.520(1)); producing records is an
    instalment (`Instalment`)."""

    ACKNOWLEDGE = "acknowledge"  # (1)(c): received; a reasonable estimate of the time
    CLARIFY = "clarify"  # (1)(d): received; please clarify (the estimate waits on it)
    DENY = "deny"  # (1)(e): denied, each exemption cited and explained
    CLOSE = "close"  # the closing letter: the final disposition (RCW 40.14.026(4))


FINAL_ANSWERS = frozenset({AnswerKind.DENY, AnswerKind.CLOSE})

# A citation: "RCW 42.56.240(2)", "RCW 5.60.060(2)(a)", "WAC 44-14-06002"; a court rule or
# other law is cited the same way. The words of the law are the city attorney's to cite:
# EthicsBot checks the form, and that an explanation goes with it.
CITATION = re.compile(r"^(RCW|WAC) \d+[A-Z]?(\.\d+[A-Z]?)+(\(\w{1,4}\))*$"
                      r"|^WAC \d+-\d+-\d+(\(\w{1,4}\))*$")


@dataclass(frozen=True)
class Exemption:
    """The law that exempts a record or text, and how it applies here (RCW 42.56.210(3):
    "a statement of the specific exemption authorizing the withholding of the record (or
    part) and a brief explanation of how the exemption applies")."""

    code: str
    explanation: str

    @property
    def words(self) -> str:
        return f"{self.code}: {self.explanation}"


@dataclass(frozen=True)
class Redaction:
    """Text removed from a released record, every time it occurs in it. A line of a form
    or of `/ethics`: RECORD: CODE: EXPLANATION: TEXT (the text last, so it may hold a
    colon)."""

    record: str  # complaint, determination or report (`record_named`)
    code: str
    explanation: str
    text: str


@dataclass(frozen=True)
class Withholding:
    """A whole record withheld from an instalment: RECORD: CODE: EXPLANATION."""

    record: str
    code: str
    explanation: str


_NAMES = {"complaint": PublicRecord.COMPLAINT,
          "determination": PublicRecord.SUFFICIENCY_DETERMINATION,
          "sufficiency determination": PublicRecord.SUFFICIENCY_DETERMINATION,
          "report": PublicRecord.WRITTEN_REPORT, "written report": PublicRecord.WRITTEN_REPORT}


def record_named(word: str) -> PublicRecord | None:
    """The §13 record `word` names: complaint, determination, report, or the record's
    own value or words ("written_report", "written report")."""
    key = word.strip().lower().replace("_", " ")
    return _NAMES.get(key)


@dataclass(frozen=True)
class Cut:
    """A redaction as kept in the history: the record, the text, the exemption."""

    record: PublicRecord
    text: str
    exemption: Exemption


@dataclass(frozen=True)
class Held:
    """A withheld record as kept in the history."""

    record: PublicRecord
    exemption: Exemption


@dataclass(frozen=True)
class Instalment:
    """An instalment of records: prepared by one person, released on another's approval."""

    number: int
    records: tuple[PublicRecord, ...]
    cuts: tuple[Cut, ...]
    held: tuple[Held, ...]
    final: bool
    prepared_by: str
    prepared_on: date
    approved_by: str | None = None
    released_on: date | None = None
    index: int = 0  # the position of the release in the case's history (its letter's)


@dataclass(frozen=True)
class ThirdParty:
    """A person the records concern, told the day they will be released unless a court
    enjoins it (RCW 42.56.540)."""

    name: str
    email: str
    records: tuple[PublicRecord, ...]
    notified_on: date
    release_on: date


@dataclass(frozen=True)
class Letter:
    """A letter of the request, found again by its event's position in the history."""

    kind: str  # an `AnswerKind`, "instalment" or "third_party"
    on: date
    index: int


@dataclass(frozen=True)
class Disclosure:
    """A public disclosure request filed with the city attorney, and everything since."""

    requester: str
    received: date
    records: tuple[PublicRecord, ...] = ()  # what was asked for, if it names records
    what: str = ""  # the request's own words, as the log keeps them
    answered: date | None = None  # the final disposition (the request is closed)
    released: tuple[PublicRecord, ...] = ()  # every instalment's records so far
    responded: date | None = None  # the first answer, whatever it was (RCW 42.56.520)
    released_to: str | None = None
    note: str = ""
    email: str = ""  # where its letters go; none: the city attorney posts them
    estimate: date | None = None  # the reasonable estimate given, moved by any pause
    paused_since: date | None = None  # waiting on the requester's clarification
    denied: tuple[Exemption, ...] = ()  # a denial's exemptions
    letters: tuple[Letter, ...] = ()
    instalments: tuple[Instalment, ...] = ()  # released
    draft: Instalment | None = None  # prepared, awaiting a second person's approval
    third_parties: tuple[ThirdParty, ...] = ()
    no_such_record: tuple[PublicRecord, ...] = ()  # asked for; the closing letter: none kept

    @property
    def open(self) -> bool:
        return self.answered is None

    @property
    def state_words(self) -> str:
        """Where the request stands besides its answer, as every surface says it: the
        estimate, a wait on the requester, an instalment awaiting approval, the cuts."""
        parts = []
        if self.estimate is not None and self.open:
            parts.append(f"estimate {fmt_day(self.estimate)}")
        if self.paused_since is not None and self.open:
            parts.append(f"waiting on the requester since {fmt_day(self.paused_since)}")
        if self.draft is not None:
            parts.append(f"instalment {self.draft.number} prepared by "
                         f"{self.draft.prepared_by} awaits a second person's approval")
        if self.redacted or self.withheld or self.denied:
            parts.append(f"{len(self.redacted)} redaction(s), "
                         f"{len(self.withheld) + len(self.denied)} exemption(s) withholding")
        return "; ".join(parts)

    @property
    def accounted(self) -> frozenset[PublicRecord]:
        """The records this request's instalments produced or withheld with an exemption."""
        return frozenset(self.released) | {h.record for h in self.withheld}

    @property
    def withheld(self) -> tuple[Held, ...]:
        return tuple(h for i in self.instalments for h in i.held)

    @property
    def redacted(self) -> tuple[Cut, ...]:
        return tuple(c for i in self.instalments for c in i.cuts)


def outstanding(x: Disclosure, existing: Collection[PublicRecord], *,
                records: Iterable[PublicRecord] = (), held: Iterable[PublicRecord] = ()
                ) -> tuple[PublicRecord, ...]:
    """The records `x` asked for that are still neither produced nor withheld with an
    exemption, once `records` are produced and `held` withheld too: a request is closed
    only when none is left (RCW 42.56.520, .210(3): every record asked for is produced, or
    the answer says which exemption withholds it and how). A record the case does not
    have (no report on a case voided before its hearing) is not outstanding: the closing
    letter says there is none (`absent`)."""
    done = x.accounted | set(records) | set(held)
    return tuple(r for r in PublicRecord if r in x.records and r in existing and r not in done)


def absent(x: Disclosure, existing: Collection[PublicRecord]) -> tuple[PublicRecord, ...]:
    """The records `x` asked for that the case does not have, which the closing letter
    answers by saying so."""
    return tuple(r for r in PublicRecord if r in x.records and r not in existing)


def listed(records: Iterable[PublicRecord]) -> str:
    """'the complaint, the sufficiency determination and the written report'."""
    words = [WORDS[r] for r in records]
    return words[0] if len(words) < 2 else f"{', '.join(words[:-1])} and {words[-1]}"


def exemption_of(d: Mapping[str, Any]) -> Exemption:
    return Exemption(str(d["code"]), str(d["explanation"]))


def cuts_of(data: Mapping[str, Any]) -> tuple[Cut, ...]:
    return tuple(Cut(PublicRecord(x["record"]), str(x["text"]), exemption_of(x))
                 for x in data.get("redactions") or ())


def held_of(data: Mapping[str, Any]) -> tuple[Held, ...]:
    return tuple(Held(PublicRecord(x["record"]), exemption_of(x))
                 for x in data.get("withheld") or ())


def paused_days(since: date, until: date) -> int:
    return max(0, (until - since).days)


def estimate_after_pause(estimate: date | None, since: date, until: date) -> date | None:
    """The estimate, moved by the days the city waited on the requester."""
    return None if estimate is None else estimate + timedelta(days=paused_days(since, until))


def answered_in(x: Disclosure, kind: AnswerKind, on: date, index: int,
                data: Mapping[str, Any]) -> Disclosure:
    """`x` (a `public_records.Disclosure`) after an answer letter."""
    estimate = date.fromisoformat(data["estimate"]) if data.get("estimate") else x.estimate
    none = tuple(PublicRecord(r) for r in data.get("no_such_record") or ())
    exemption = (exemption_of(data["exemption"]),) if data.get("exemption") else ()
    return replace(
        x, responded=x.responded or on, estimate=estimate,
        answered=on if kind in FINAL_ANSWERS else x.answered,
        paused_since=on if kind is AnswerKind.CLARIFY else x.paused_since,
        denied=x.denied + exemption, no_such_record=x.no_such_record + none,
        letters=(*x.letters, Letter(kind.value, on, index)),
        note="; ".join(filter(None, (x.note, str(data.get("text") or "")))))


def apply(requests: list[Disclosure], kind: EventKind, data: Mapping[str, Any], on: date,
          actor: str, index: int) -> None:
    """`requests` after an event of a disclosure request (`KINDS`), recorded by `actor` at
    position `index` of the case's history."""
    if kind is EventKind.DISCLOSURE_REQUESTED:
        requests.append(Disclosure(
            str(data["requester"]), on, tuple(PublicRecord(r) for r in data["records"]),
            str(data.get("what") or ""), email=str(data.get("email") or "")))
        return
    n = int(data["request"]) - 1
    x = requests[n]
    match kind:
        case EventKind.DISCLOSURE_ANSWERED:
            x = answered_in(x, AnswerKind(data["answer"]), on, index, data)
        case EventKind.DISCLOSURE_CLARIFIED:
            since = x.paused_since or on
            x = replace(x, paused_since=None,
                        estimate=estimate_after_pause(x.estimate, since, on))
        case EventKind.INSTALMENT_PREPARED:
            x = replace(x, draft=Instalment(
                len(x.instalments) + 1, tuple(PublicRecord(r) for r in data["records"]),
                cuts_of(data), held_of(data), bool(data.get("final")), actor, on))
        case EventKind.THIRD_PARTY_NOTIFIED:
            told = ThirdParty(str(data["name"]), str(data["email"]),
                              tuple(PublicRecord(r) for r in data["records"]), on,
                              date.fromisoformat(data["release_on"]))
            x = replace(x, third_parties=(*x.third_parties, told),
                        letters=(*x.letters, Letter("third_party", on, index)))
        case EventKind.RECORDS_RELEASED:
            x = _released(x, data, on, actor, index)
    requests[n] = x


def _released(x: Disclosure, data: Mapping[str, Any], on: date, actor: str,
              index: int) -> Disclosure:
    """An instalment released on approval, or (a history from before instalments) an
    answer recorded with the records it released."""
    now = tuple(PublicRecord(r) for r in data["records"])
    final = bool(data.get("final", True))
    if "instalment" in data:
        assert x.draft is not None
        done = replace(x.draft, approved_by=actor, released_on=on, index=index)
        x = replace(x, draft=None, instalments=(*x.instalments, done),
                    letters=(*x.letters, Letter("instalment", on, index)))
    none = tuple(PublicRecord(r) for r in data.get("no_such_record") or ())
    return replace(
        x, responded=x.responded or on, answered=on if final else x.answered,
        no_such_record=x.no_such_record + none,
        released_to=str(data.get("to") or x.requester),
        released=x.released + tuple(r for r in now if r not in x.released),
        note="; ".join(filter(None, (x.note, str(data.get("note") or "")))))


KINDS = frozenset({EventKind.DISCLOSURE_REQUESTED, EventKind.DISCLOSURE_ANSWERED,
                   EventKind.DISCLOSURE_CLARIFIED, EventKind.INSTALMENT_PREPARED,
                   EventKind.THIRD_PARTY_NOTIFIED, EventKind.RECORDS_RELEASED})


def log_entry(case_number: str, number: int, x: Disclosure,
              delivered: Mapping[int, str]) -> dict[str, Any]:
    """One line of the request log RCW 40.14.026(4) asks for: the requester, the day
    received, the request's own words, the records produced, those redacted or withheld
    with the reasons, the day of final disposition; and each letter with its proof of
    delivery (`delivered`: the outbox's words for the letter owed by history entry N)."""
    return {
        "case": case_number, "request": number, "requester": x.requester,
        "email": x.email or None, "received": x.received.isoformat(),
        "text": x.what or ", ".join(r.value for r in x.records),
        "first_answer": x.responded.isoformat() if x.responded else None,
        "estimate": x.estimate.isoformat() if x.estimate else None,
        "waiting_on_requester_since": x.paused_since.isoformat() if x.paused_since else None,
        "produced": [r.value for r in x.released],
        "redacted": [{"record": c.record.value, "exemption": c.exemption.code,
                      "explanation": c.exemption.explanation} for c in x.redacted],
        "withheld": [{"record": h.record.value, "exemption": h.exemption.code,
                      "explanation": h.exemption.explanation}
                     for h in x.withheld] + [{"record": "all", "exemption": e.code,
                                              "explanation": e.explanation} for e in x.denied],
        "no_such_record": [r.value for r in x.no_such_record],
        "third_parties": [{"name": t.name, "release_on": t.release_on.isoformat()}
                          for t in x.third_parties],
        "awaiting_approval": x.draft.number if x.draft else None,
        "final_disposition": x.answered.isoformat() if x.answered else None,
        "letters": [{"kind": letter.kind, "on": letter.on.isoformat(),
                     "delivery": delivered.get(letter.index, "no letter owed")}
                    for letter in x.letters],
    }
