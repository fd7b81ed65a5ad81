"""What the steps of a public disclosure request's file (`cases.handlers.disclosures`)
hold it to: which request a step is on and that it is still open, that an answer is not
dated before the request came (RCW 42.56.520), that an exemption is cited as the law reads
with how it applies (RCW 42.56.210(3); §6 only by the city's reading), that the closing
letter comes once every record asked for is accounted for, and which record a word names.

Its own module because these are the statute's tests on the file, each applied by more
than one step (the answer, the instalment, the release), below the steps that record them.
"""

from __future__ import annotations

import re
from datetime import date

from cases.calendar import fmt_day
from cases.disclosure import (
    CITATION,
    Disclosure,
    Exemption,
    absent,
    listed,
    outstanding,
    record_named,
)
from cases.errors import ProcedureError
from cases.handlers import StepContext
from cases.public_records import PublicRecord
from cases.readings import OrdinanceExemption, Readings, describe
from cases.released import existing
from cases.stages import Stage

__all__ = ["closing", "exemption", "kept_by_section_6", "not_before_request", "open_request",
           "record_of"]


def open_request(s: StepContext, number: int | None) -> tuple[int, Disclosure]:
    """The request `number` names (None: the oldest still open), refused when closed."""
    case = s.case
    requests = case.disclosure_requests
    if number is not None and not 1 <= number <= len(requests):
        raise ProcedureError(f"{case.number} has no disclosure request {number}: it has "
                             f"{len(requests)}.")
    found = number or next((i for i, x in enumerate(requests, start=1) if x.open), None)
    if found is None:
        raise ProcedureError(f"There is no open disclosure request on {case.number}: record "
                             "the request first.")
    x = requests[found - 1]
    if not x.open:
        assert x.answered is not None
        raise ProcedureError(f"Request {found} on {case.number} was closed on "
                             f"{fmt_day(x.answered)} (its final answer): record a new "
                             "request for anything more.")
    return found, x


def not_before_request(number: int, x: Disclosure, on: date, what: str) -> None:
    """An answer answers a request that had come: it is never dated before the day the city
    received it (RCW 42.56.520 counts from that day)."""
    if on < x.received:
        raise ProcedureError(f"Request {number} was received on {fmt_day(x.received)}: "
                             f"{what} cannot be dated {fmt_day(on)}, before it arrived. "
                             "Give the day it was sent.")


# §6 cited as the exemption: "§6", "§ 6", "ordinance §6", "section 6"
_SECTION_6 = re.compile(r"^(the )?(ordinance |ethics code )?(§ ?|section )6$", re.IGNORECASE)


def exemption(code: str, explanation: str, what: str, readings: Readings) -> Exemption:
    """RCW 42.56.210(3): the exemption cited and briefly how it applies, both required.
    §6 is an exemption only where the city reads it as one (`readings.ordinance_exemption`;
    RCW 42.56.070(1): by default only a statute exempts)."""
    code, explanation = " ".join(code.split()), " ".join(explanation.split())
    if _SECTION_6.match(code):
        if readings.ordinance_exemption is OrdinanceExemption.STATUTE_ONLY:
            raise ProcedureError(
                f"{what}: §6 of the ordinance is no exemption under the city's reading "
                f"({describe(OrdinanceExemption.STATUTE_ONLY)}): cite the statute that "
                "withholds the record, like RCW 42.56.240(1), or produce it.")
        code = "§6"
    elif not CITATION.match(code):
        raise ProcedureError(f"{what}: cite the exemption as the law reads, like "
                             f"RCW 42.56.240(2) or RCW 5.60.060(2)(a) ({code[:40]!r} is not).")
    if not explanation:
        raise ProcedureError(f"{what}: explain briefly how {code} applies to the record "
                             "(RCW 42.56.210(3) asks for it with every exemption).")
    return Exemption(code, explanation[:1000])


def closing(s: StepContext, number: int, x: Disclosure, on: date) -> list[str]:
    """The closing letter ends the request only once each record it asked for was produced
    or withheld with its exemption (RCW 42.56.520, .210(3)); a request naming no record,
    once something was. Returns the records asked for that the case does not have, which
    the letter says it has none of."""
    have = existing(s.case)
    none = absent(x, have)
    if x.responded is None and not (x.records and len(none) == len(x.records)):
        raise ProcedureError("Nothing has been answered on this request yet: deny it, or "
                             "release its records first; the closing letter ends it.")
    left = outstanding(x, have)
    if left:
        raise ProcedureError(
            f"Request {number} asked for {listed(left)}, which has been neither produced nor "
            "withheld: release it in an instalment, or withhold it there with its exemption "
            "and how it applies (RCW 42.56.210(3)), before the closing letter.")
    if not x.records and not x.accounted:
        raise ProcedureError(
            f"Nothing has been produced or withheld on request {number}: release the records "
            "it asks for in an instalment, withhold them with their exemption, or deny it, "
            "before the closing letter.")
    last = max((i.released_on for i in x.instalments if i.released_on), default=None)
    if last is not None and on < last:
        raise ProcedureError(f"Instalment {len(x.instalments)} of request {number} was "
                             f"released on {fmt_day(last)}: the closing letter cannot be "
                             f"dated {fmt_day(on)}, before it.")
    return [r.value for r in none]


def record_of(word: str, what: str) -> PublicRecord:
    """The record of the case `word` names, for `what` (a redaction, a withheld record)."""
    found = record_named(word)
    if found is None:
        raise ProcedureError(f"{what}: {word[:40]!r} is not a record of the case (§13): "
                             "name complaint, determination or report.")
    return found


def kept_by_section_6(s: StepContext) -> bool:
    """The case is under review and the city reads §6 as exempting its records until the
    review is complete (`readings.ordinance_exemption`). A void case was never under
    review: nothing in §6 waits for it."""
    return (s.readings.ordinance_exemption is OrdinanceExemption.SECTION_6
            and s.case.stage not in (Stage.CLOSED, Stage.VOID))
