"""The words of a case's §13 records as an instalment releases them: redacted text removed
(never covered over), each redaction marked with its exemption, withheld records listed
with theirs (RCW 42.56.210(3)).

The original is never changed: the complaint and the reports stay as filed in the case's
history, and the released text is made from them and the instalment's redactions each
time it is shown, so the working version (what will be cut, marked) and the released one
(cut) are both in the record and always agree with it. The public page shows the
complaint and the report with every redaction any instalment made (`public_cuts`): once
released to one requester a record is released to all, as redacted for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cases.case import Case
from cases.disclosure import Cut, Exemption, Held, Instalment
from cases.protection import BASIS_CODE
from cases.public_records import WORDS, Determination, Finding, PublicRecord, Report, entries


@dataclass(frozen=True)
class Part:
    """One record's words: a heading and its paragraphs (label, text)."""

    record: PublicRecord
    title: str
    lines: tuple[tuple[str, str], ...]


def history_of(case: Case) -> list[dict[str, object]]:
    """The case's history as `cases.public_records.entries` reads it."""
    return [{"kind": e.kind, "at": e.at, "data": e.data} for e in case.history]


def existing(case: Case) -> frozenset[PublicRecord]:
    """The §13 records the case has: always its complaint; the finding and the written
    report once the board (or the examiner) made them. A request for one it does not have
    is answered that there is none, never left open for it."""
    shown = (PublicRecord.SUFFICIENCY_DETERMINATION, PublicRecord.WRITTEN_REPORT)
    return frozenset({PublicRecord.COMPLAINT}) | {
        r for r in shown if entries(history_of(case), [r])}


def parts(case: Case, records: Iterable[PublicRecord]) -> list[Part]:
    """The words of each of `records`, unredacted, in the §13 order."""
    wanted = set(records)
    out: list[Part] = []
    f = case.filing
    if PublicRecord.COMPLAINT in wanted and case.protection is not None:
        # the complainant withheld (`cases.protection`): the complaint itself, produced
        # with their identity redacted, each redaction citing the exemption (RCW
        # 42.56.210(3)); what it says is the public's, who said it is not
        cuts = identity_cuts(case)
        out.append(Part(PublicRecord.COMPLAINT, "The complaint (the complainant's identity "
                        "redacted)", (
            ("Filed by", mark(Cut(PublicRecord.COMPLAINT, "", identity_exemption(case)))),
            ("Against", ", ".join(f.respondents) or "not named"),
            ("Sections", ", ".join(case.alleged_sections) or "none named"),
            ("Facts", redact(f.facts, PublicRecord.COMPLAINT, cuts)),
            ("Reasons", redact(f.reasons, PublicRecord.COMPLAINT, cuts)))))
    elif PublicRecord.COMPLAINT in wanted:
        out.append(Part(PublicRecord.COMPLAINT, "The complaint", (
            ("Filed by", f.complainant.name or "not given"),
            ("Against", ", ".join(f.respondents) or "not named"),
            ("Sections", ", ".join(case.alleged_sections) or "none named"),
            ("Facts", f.facts), ("Reasons", f.reasons))))
    shown = [r for r in (PublicRecord.SUFFICIENCY_DETERMINATION, PublicRecord.WRITTEN_REPORT)
             if r in wanted]
    for entry in entries(history_of(case), shown):
        out.append(_entry_part(entry))
    return out


def _entry_part(e: Finding | Report | Determination) -> Part:
    if isinstance(e, Determination):
        return Part(PublicRecord.WRITTEN_REPORT, "The final determination", (
            ("Received", e.on or ""), ("As to", e.as_to or "every official"),
            ("Found", e.words), ("Sections", ", ".join(e.sections) or "none"),))
    lines: tuple[tuple[str, str], ...] = (("Made", e.on), ("Found", e.words))
    if isinstance(e, Report):
        return Part(PublicRecord.WRITTEN_REPORT, "The written report",
                    (*lines, ("Summary", e.summary)))
    return Part(PublicRecord.SUFFICIENCY_DETERMINATION, "The sufficiency determination", lines)


def identity_exemption(case: Case) -> Exemption:
    """What a redaction of a protected complainant's identity cites: the basis the clerk
    recorded (`cases.protection`)."""
    assert case.protection is not None
    return Exemption(BASIS_CODE[case.protection.basis], "the identity of the person who "
                     "filed the complaint, withheld as the city recorded on the case")


def identity_cuts(case: Case) -> list[Cut]:
    """The redactions of a protected complainant's identity from their complaint: their
    name, email, postal address and phone wherever the complaint gives them."""
    who = case.filing.complainant
    values = [v.strip() for v in (who.name, who.email, who.address, who.phone)
              if v and v.strip()]
    return [Cut(PublicRecord.COMPLAINT, v, identity_exemption(case)) for v in values]


def record_text(case: Case, record: PublicRecord) -> str:
    """All the words of one record, where a redaction's text must be found."""
    return "\n".join(text for p in parts(case, [record]) for _label, text in p.lines)


def mark(cut: Cut) -> str:
    """What stands where redacted text was: the exemption, never the text."""
    return f"[redacted: {cut.exemption.code}]"


def redact(text: str, record: PublicRecord, cuts: Iterable[Cut], *, working: bool = False
           ) -> str:
    """`text` of `record` with each cut's text removed (longest first, so a cut inside
    another leaves no fragment); `working`: kept and marked for the approver instead."""
    for cut in sorted((c for c in cuts if c.record is record), key=lambda c: -len(c.text)):
        shown = f"⟦{cut.text}⟧ {mark(cut)}" if working else mark(cut)
        text = text.replace(cut.text, shown)
    return text


def released_parts(case: Case, inst: Instalment, *, working: bool = False) -> list[Part]:
    """The instalment's records as released (or, `working`, as prepared: the cuts shown)."""
    return [Part(p.record, p.title, tuple((label, redact(text, p.record, inst.cuts,
                                                         working=working))
                                          for label, text in p.lines))
            for p in parts(case, inst.records)]


def public_cuts(case: Case) -> tuple[Cut, ...]:
    """Every redaction of every instalment released on the case."""
    return tuple(c for x in case.disclosure_requests for c in x.redacted)


def withheld_lines(held: Iterable[Held]) -> list[str]:
    return [f"{WORDS[h.record].capitalize()}: withheld under {h.exemption.words}"
            for h in held]
