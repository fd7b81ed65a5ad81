"""The complainant's identity withheld from the official and the council (issue 27).

§2 has the official complained against informed of the complaint and sent a copy of it;
§6 keeps it confidential from everyone else until the review is complete. Two statutes
can protect the person who filed it, even from the official: RCW 42.41.030 has a local
government keep the identity of an employee who reports improper governmental action
confidential to the extent possible under law, and RCW 42.56.240(2) exempts the identity
of a person who files a complaint with an investigative agency where disclosure would
endanger a person's life, physical safety or property (the complainant's wish governs).
Whether an ethics complaint to the board falls under either is the city's to decide: its
reading `complainant_protection` (`cases.readings`), default off.

Where the city allows it, the clerk records on a case that a protection applies, with its
basis and a summary of the complaint that identifies no one who filed it (the step
`withhold-complainant`). From then on the official, the council and the public are given
the summary instead of the complaint, never the complainant's name or contact details,
and every notice that carries the summary says under which provision. The board, the
mayor's office and the city attorney (full access) keep the whole complaint: the board
must judge its sufficiency on what was filed.

Pure rules: the mail renderer, the storage reads and the web ask them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from cases.filing import Complainant
from cases.levels import Access


class ProtectionBasis(StrEnum):
    """Why the complainant's identity is withheld, as the clerk records it."""

    RCW_42_41 = "rcw-42.41"  # a city employee reporting improper governmental action
    RCW_42_56_240 = "rcw-42.56.240"  # the city's reading of the investigative exemption


BASIS_WORDS: dict[ProtectionBasis, str] = {
    ProtectionBasis.RCW_42_41: (
        "RCW 42.41.030 (the complainant is a city employee reporting improper governmental "
        "action, whose identity the city keeps confidential to the extent possible under "
        "law)"),
    ProtectionBasis.RCW_42_56_240: (
        "RCW 42.56.240(2), as the city reads it (the identity of a person who files a "
        "complaint with an investigative agency, where disclosure would endanger a "
        "person's life, physical safety or property)"),
}


# the exemption a released record's redaction of the complainant's identity cites
BASIS_CODE: dict[ProtectionBasis, str] = {ProtectionBasis.RCW_42_41: "RCW 42.41.030",
                                          ProtectionBasis.RCW_42_56_240: "RCW 42.56.240(2)"}


@dataclass(frozen=True)
class Protection:
    """A protection recorded on a case: its basis, the summary sent instead of the
    complaint, who recorded it and when."""

    basis: ProtectionBasis
    summary: str
    recorded_by: str
    recorded_at: datetime

    @property
    def basis_words(self) -> str:
        return BASIS_WORDS[self.basis]

    @property
    def statement(self) -> str:
        """The sentence every notice and page carrying the summary says."""
        return withheld_statement(self.basis)


def withheld_statement(basis: ProtectionBasis) -> str:
    return (f"The complainant's identity and contact details are withheld under "
            f"{BASIS_WORDS[basis]}: a summary of the complaint is given instead of the "
            "complaint.")


def sees_complainant(access: Access) -> bool:
    """Whether a reader with `access` sees who filed a protected complaint: only those
    with the whole record (the mayor's office, the board, the city attorney)."""
    return access is Access.FULL


_SEPARATORS = re.compile(r"[\s().\-+/]")


def identifying(summary: str, complainant: Complainant) -> list[str]:
    """What of the complainant's identity `summary` gives away ("name", "email", ...):
    the summary is sent to the very people it is withheld from, so it must name none of
    it. Compared without case, a phone number by its last ten digits whatever the
    punctuation."""
    text = summary.casefold()
    found = [what for what, value in (("name", complainant.name),
                                      ("email", complainant.email),
                                      ("address", complainant.address))
             if value and value.strip() and value.strip().casefold() in text]
    digits = re.sub(r"\D", "", complainant.phone or "")[-10:]
    if len(digits) >= 7 and digits in _SEPARATORS.sub("", summary):
        found.append("phone")
    return found


def protection_data(p: Protection | None) -> dict[str, Any] | None:
    """A protection as a case view carries it (plain JSON), or None."""
    if p is None:
        return None
    return {"basis": p.basis.value, "basis_words": p.basis_words, "statement": p.statement,
            "summary": p.summary, "recorded_by": p.recorded_by,
            "recorded_at": p.recorded_at.isoformat()}


def withheld_filing(filing: dict[str, Any] | None, summary: str) -> dict[str, Any]:
    """A stored filing as it is shown to those the complainant is withheld from: no
    complainant, no forwarder, no attachment names; the summary for the facts."""
    kept = {k: v for k, v in (filing or {}).items()
            if k in ("received_at", "code_sections", "respondents", "signed")}
    return {**kept, "complainant": {}, "facts": summary, "reasons": "", "attachments": [],
            "forwarded_by": None, "missing": [], "flags": [], "withheld": True}


def as_seen(detail: dict[str, Any], access: Access) -> dict[str, Any]:
    """A case view (`storage.queries.case_view_of`) as a reader with `access` may see
    it: a protected complainant's filing replaced by the summary (the case's own and the
    first entry of its history) for all but full access; the notices sent to the
    complainant and their answers to the meetings' invitations left out, since both name
    their address (the surfaces show a reader only their own, and this holds if one
    did not)."""
    p = detail.get("protection")
    if not p or sees_complainant(access):
        return detail
    email = str(((detail.get("filing") or {}).get("complainant") or {}).get("email")
                or "").lower()
    history = [{**e, "data": {**e["data"], "filing": withheld_filing(
                   e["data"].get("filing"), p["summary"])}}
               if isinstance(e.get("data"), dict) and "filing" in e["data"] else e
               for e in detail.get("history", [])]
    out = {**detail, "filing": withheld_filing(detail.get("filing"), p["summary"]),
           "history": history}
    if email:
        out["notices"] = [n for n in detail.get("notices", [])
                          if str(n.get("recipient", "")).lower() != email]
        out["meetings"] = [{**m, "answers": {k: v for k, v in m["answers"].items()
                                             if k.lower() != email}}
                           if isinstance(m.get("answers"), dict) else m
                           for m in detail.get("meetings", [])]
    return out
