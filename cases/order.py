"""Steps in order: every dated step is consistent with the ones before it.

The ordinance's steps follow one another (§7 to §12): a hearing concludes after it began,
each respondent is heard while it runs (§9), the report follows the conclusion, its
delivery the report, the referral the delivery (§11), an official heard at the board's
§11 hearing their referral, the determination the referral (and that hearing),
the council's decision the determination (§12); a continuance is decided after it was
applied for, and the hearing concludes after the council decided (§7). A history that
breaks this is one the ordinance does not allow: `problems` names each break with both
days, and `cases.procedure.handle` refuses a step (or a correction of a step's day) that
would add one. Days are the city's local days on which the steps happened.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import TYPE_CHECKING

from cases.calendar import CityCalendar, fmt_day

if TYPE_CHECKING:
    from cases.case import Case

_FIX = " If a date was mistyped, record a correction of that step's date."

# (earlier, later, sentence): `later` may not be dated before `earlier`.
_Rule = tuple[date | None, date | None, str]


def problems(case: Case, cal: CityCalendar) -> list[str]:
    """Every break in the order of the case's dated steps, as a sentence for the clerk."""
    return [sentence.format(e=fmt_day(earlier), l=fmt_day(later)) + _FIX
            for earlier, later, sentence in _rules(case, cal)
            if earlier is not None and later is not None and later < earlier]


def _rules(case: Case, cal: CityCalendar) -> Iterator[_Rule]:
    received = cal.local_date(case.received_at)
    referred = case.referred_on or (cal.local_date(case.referred_at) if case.referred_at
                                    else None)
    steps = {"the registered-mail copy was sent": case.registered_mail_on,
             "the hearing began": case.hearing_begun_on,
             "the hearing concluded": case.hearing_concluded_on,
             "the report was issued": case.report_issued_on,
             "the report was delivered": case.report_delivered_on,
             "the matter was referred": referred,
             "the determination was received": case.determination_received_on,
             "the council decided": case.council_decided_on}
    steps |= {f"{party} was heard": on for party, on in case.heard_on.items()}
    steps |= {f"the board applied for a continuance ({i})": x.applied
              for i, x in enumerate(case.continuances, start=1)}
    if case.disclosure_requests:
        steps["a disclosure request was received"] = case.disclosure_requests[0].received
    for what, on in steps.items():
        yield (received, on, "No step comes before the complaint was received ({e}), but "
               + what.replace("{", "{{").replace("}", "}}") + " on {l} (§2).")

    begun, concluded = case.hearing_begun_on, case.hearing_concluded_on
    yield begun, concluded, "The hearing cannot conclude ({l}) before it began ({e}) (§7)."
    for party, on in case.heard_on.items():
        p = party.replace("{", "{{").replace("}", "}}")
        yield begun, on, p + " cannot be heard ({l}) before the hearing began ({e}) (§9)."
        yield on, concluded, ("The hearing cannot conclude ({l}) before " + p
                              + " was heard ({e}) (§9).")
    previous: date | None = None
    for x in case.continuances:
        yield previous, x.applied, ("A continuance application ({l}) cannot be dated before "
                                    "the council decided the previous one ({e}) (§7).")
        yield x.applied, x.decided, ("The council cannot decide on the continuance ({l}) "
                                     "before the board applied for it ({e}) (§7).")
        yield x.decided, concluded, ("The hearing cannot conclude ({l}) while the proceedings "
                                     "were stayed: the council decided the continuance on "
                                     "{e} (§7).")
        previous = x.decided
    yield concluded, case.report_issued_on, ("The report cannot be dated ({l}) before the "
                                             "hearing concluded ({e}) (§7, §10).")
    for ext in case.report_extensions:
        yield ext.requested_on, ext.decided_on, ("A longer time for the report cannot be decided "
                                             "({l}) before it was requested ({e}) (§10).")
    yield case.report_issued_on, case.report_delivered_on, (
        "The report cannot be delivered ({l}) before it was issued ({e}) (§10).")
    yield case.report_delivered_on, referred, ("The matter cannot be referred ({l}) before the "
                                               "report was delivered ({e}) (§11).")
    for party, r in case.referrals.items():  # each official's own referral and determination
        p = party.replace("{", "{{").replace("}", "}}")
        found = case.findings.get(party)
        yield r.on or cal.local_date(r.at), found.on if found else None, (
            "The determination as to " + p + " cannot be received ({l}) before their matter "
            "was referred ({e}) (§11, §12).")
        heard = case.heard_referred_on.get(party)  # at the board's §11 hearing (§9)
        yield r.on or cal.local_date(r.at), heard, (
            p + " cannot be heard at the board's hearing of their matter ({l}) before it was "
            "referred to the board ({e}) (§9, §11).")
        yield heard, found.on if found else None, (
            "The board's determination as to " + p + " cannot be dated ({l}) before " + p
            + " was heard at its hearing of the matter ({e}) (§9).")
    yield referred, case.determination_received_on, (
        "The determination cannot be received ({l}) before the referral ({e}) (§11, §12).")
    yield case.determination_received_on, case.council_decided_on, (
        "The council cannot decide ({l}) before it received the determination ({e}) (§12).")
    for request in case.disclosure_requests:
        yield request.received, request.answered, (
            "A disclosure request cannot be answered ({l}) before it was received ({e}) "
            "(RCW 42.56.520).")
