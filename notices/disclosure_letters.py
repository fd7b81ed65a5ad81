"""What a public records letter says (`NoticeType.DISCLOSURE_LETTER`, `THIRD_PARTY_NOTICE`):
the request it answers and the answer, from the case's history at the letter's own entry,
so a letter rendered again (a resend, the record) says what it said the first time. A
redaction is named by its record and exemption, never by the text it removed."""

from __future__ import annotations

from datetime import date
from typing import Any

from cases.calendar import CityCalendar, fmt_day
from cases.case import Case
from cases.disclosure import Disclosure, Instalment
from cases.history import Event, EventKind
from cases.public_records import WORDS, PublicRecord
from cases.released import withheld_lines
from templates.released import released_pdf


def _day(iso: str | None) -> str | None:
    return fmt_day(date.fromisoformat(iso)) if iso else None


def _records(values: list[str] | tuple[PublicRecord, ...]) -> str:
    return ", ".join(WORDS[PublicRecord(v)] for v in values) or "none"


def request_of(case: Case, event: Event) -> tuple[int, Disclosure]:
    number = int(event.data["request"])
    return number, case.disclosure_requests[number - 1]


def instalment_of(x: Disclosure, event: Event) -> Instalment | None:
    n = event.data.get("instalment")
    return x.instalments[int(n) - 1] if n and int(n) <= len(x.instalments) else None


def letter_data(case: Case, event: Event) -> dict[str, Any]:
    """The letter's values in English, and under `kept` the facts they are written from
    (days as stored, records by name, each exemption's code and explanation as typed), from which
    `notices.translated` writes them again for a requester who is the complainant."""
    number, x = request_of(case, event)
    d = event.data
    data: dict[str, Any] = {
        "number": number, "requester": x.requester, "received": fmt_day(x.received),
        "what": x.what or _records(x.records), "kind": d.get("answer") or (
            "third_party" if event.kind is EventKind.THIRD_PARTY_NOTIFIED else "instalment"),
        "on": _day(d.get("on")), "text": d.get("text") or "", "estimate": _day(d.get("estimate")),
        "exemption": d.get("exemption"), "by_post": not x.email,
    }
    kept: dict[str, Any] = {
        "received": x.received.isoformat(), "on": d.get("on"), "estimate": d.get("estimate"),
        "what": x.what, "asked": [PublicRecord(r).value for r in x.records]}
    data["kept"] = kept
    if event.kind is EventKind.THIRD_PARTY_NOTIFIED:
        data.update(name=d["name"], records=_records(d["records"]),
                    release_on=_day(d["release_on"]))
    inst = instalment_of(x, event)
    if inst is not None:
        data.update(instalment=inst.number, final=inst.final, records=_records(inst.records),
                    redactions=[f"{WORDS[c.record].capitalize()}: text redacted under "
                                f"{c.exemption.words}" for c in inst.cuts],
                    withheld=withheld_lines(inst.held))
        kept.update(records=[r.value for r in inst.records],
                    cuts=[(c.record.value, c.exemption.code, c.exemption.explanation)
                          for c in inst.cuts],
                    held=[(h.record.value, h.exemption.code, h.exemption.explanation)
                          for h in inst.held])
    if d.get("answer") == "close":
        data.update(produced=_records(x.released), withheld=withheld_lines(x.withheld),
                    redacted=len(x.redacted))
        kept.update(produced=[r.value for r in x.released],
                    held=[(h.record.value, h.exemption.code, h.exemption.explanation)
                          for h in x.withheld])
    return data




def attachment(case: Case, event: Event, calendar: CityCalendar) -> tuple[str, bytes] | None:
    """An instalment's released records, as a PDF dated by its release entry (the same
    bytes each time the letter is rendered)."""
    if event.kind is not EventKind.RECORDS_RELEASED:
        return None
    number, x = request_of(case, event)
    inst = instalment_of(x, event)
    if inst is None or not inst.records:
        return None
    name = f"{case.number}-request-{number}-instalment-{inst.number}.pdf"
    return name, released_pdf(case, number, inst, calendar=calendar, created=event.at)
