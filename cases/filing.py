"""The written complaint (§1) and which of its required elements are missing.

§1 asks for specific facts, the sections violated and the reasons why, a signature, and
the submitter's name, an address where mail can be personally delivered and a telephone
number. §2/§15: a complaint cannot be sufficient without the facts and sections. The
board decides sufficiency; EthicsBot only lists what is absent so the clerk can see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from cases.languages import written_in


class Element(StrEnum):
    """An element of a sufficient filing (§1), as named in the intake schema."""

    FACTS = "facts"
    CODE_SECTIONS = "code_sections"
    REASONS = "reasons"
    SIGNATURE = "signature"
    NAME = "name"
    ADDRESS = "address"
    PHONE = "phone"


@dataclass(frozen=True)
class Complainant:
    """The person filing: never the forwarder, never the official complained against."""

    name: str | None = None
    email: str | None = None
    phone: str | None = None  # E.164
    address: str | None = None  # one line, parts joined with ", "


@dataclass(frozen=True)
class Filing:
    """A complaint as received, before any step of the procedure.

    `received_at` is when the city first had it (§2: the clocks run from receipt), an
    aware datetime. `facts` is the complaint's own text, kept as data. `flags` name what
    intake could not know for sure and the clerk must confirm; nothing is guessed silently.
    """

    received_at: datetime
    complainant: Complainant
    facts: str = ""
    code_sections: tuple[str, ...] = ()
    reasons: str = ""
    signed: bool = False
    respondents: tuple[str, ...] = ()  # names of the officials complained against
    attachments: tuple[str, ...] = ()
    forwarded_by: str | None = None
    missing: frozenset[Element] = frozenset()
    # what the clerk must confirm before relying on it: "date_order" (the receipt date's
    # day and month order was unknown; the earlier reading was taken), "text_cut" (a text
    # part was read only to its first 500,000 characters)
    flags: tuple[str, ...] = ()
    # the language the complaint is written in ("es", "en"), as intake read it from the
    # whole complaint; "" where nobody read it (a filing typed in): `language_of` reads
    # the facts and reasons then (`cases.languages`)
    language: str = ""

    def __post_init__(self) -> None:
        if self.received_at.tzinfo is None or self.received_at.utcoffset() is None:
            raise ValueError("received_at must carry a time zone offset")


# What each flag asks the clerk to confirm, as the case pages and Slack show it.
FLAG_TEXT = {
    "limitations": "the two-year limitation (§4): the latest date the facts give for the "
                   "conduct is more than two years before the city received the complaint; "
                   "the board decides when the information became public, and may dismiss "
                   "it as time-barred (`dismiss`)",
    "undated": "the time of the conduct (§4): the facts give no date of it (a year at most), "
               "so the board cannot see from them whether the two-year limitation has run; "
               "ask the complainant when it happened",
    "date_order": "the receipt date: the original message's date could be read day-first or "
                  "month-first and nothing in it said which, so the earlier reading was "
                  "taken (the statutory clocks run from it); confirm it with the forwarder, "
                  "and if it was the later one, `ethicsbot correct-receipt` moves the deadlines",
    "text_cut": "the whole complaint: its text ran past the 500,000 characters intake reads "
                "of one part, so what was found in it (the §1 elements, the complainant's "
                "details) comes from its start only; the original message is kept whole — "
                "read it to the end",
}


def flag_text(flags: list[str] | tuple[str, ...] | None) -> str:
    """The flags of a filing as one sentence for the clerk ("" when there are none)."""
    return "; ".join(FLAG_TEXT.get(f, f) for f in flags or ())


def missing_elements(
    *,
    has_facts: bool,
    code_sections: tuple[str, ...] | list[str],
    has_reasons: bool,
    signed: bool,
    complainant: Complainant,
) -> frozenset[Element]:
    """Which §1 elements a filing lacks. An email address is not required by §1."""
    present = {
        Element.FACTS: has_facts,
        Element.CODE_SECTIONS: bool(code_sections),
        Element.REASONS: has_reasons,
        Element.SIGNATURE: signed,
        Element.NAME: bool(complainant.name),
        Element.ADDRESS: bool(complainant.address),
        Element.PHONE: bool(complainant.phone),
    }
    return frozenset(e for e, ok in present.items() if not ok)


def filing_to_data(f: Filing) -> dict[str, object]:
    """The filing as plain JSON, for the case's first event."""
    return {
        "received_at": f.received_at.isoformat(),
        "complainant": {"name": f.complainant.name, "email": f.complainant.email,
                        "phone": f.complainant.phone, "address": f.complainant.address},
        "facts": f.facts,
        "code_sections": list(f.code_sections),
        "reasons": f.reasons,
        "signed": f.signed,
        "respondents": list(f.respondents),
        "attachments": list(f.attachments),
        "forwarded_by": f.forwarded_by,
        "missing": sorted(e.value for e in f.missing),
        "flags": list(f.flags),
        "language": f.language,
    }


def filing_from_data(d: dict[str, Any]) -> Filing:
    c = d.get("complainant") or {}
    return Filing(
        received_at=datetime.fromisoformat(d["received_at"]),
        complainant=Complainant(c.get("name"), c.get("email"), c.get("phone"), c.get("address")),
        facts=d.get("facts", ""),
        code_sections=tuple(d.get("code_sections", ())),
        reasons=d.get("reasons", ""),
        signed=bool(d.get("signed")),
        respondents=tuple(d.get("respondents", ())),
        attachments=tuple(d.get("attachments", ())),
        forwarded_by=d.get("forwarded_by"),
        missing=frozenset(Element(m) for m in d.get("missing", ())),
        flags=tuple(d.get("flags", ())),
        language=str(d.get("language") or ""),
    )


def language_of(f: Filing) -> str:
    """The language `f` is written in: as intake read it, else as its facts and reasons
    read."""
    return f.language or written_in(f"{f.facts}\n{f.reasons}")
