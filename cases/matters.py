"""Each official's matter on a case, as a reader needs it first (issue 41): where it
stands and, once it ended, how.

A case may be against several officials, and each has their own track (§2, §7, §11,
§12): one may be found insufficient, another determined and another decided on by the
council. A page that said only "final determination" for the case, or only the case's
next deadline, would not say whom each act concerns. So the matter of each official is
read here from the case alone: how it ended (dismissed as time-barred, voided, found
insufficient, no violation, a violation and the council's decision with its penalties as
to them), or, while it goes on, the step of the table (`cases.steps`) that takes it
further. Names are the surface's to give (the directory's); this module keeps the keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from cases import commands as c
from cases.calendar import fmt_day
from cases.case import Case
from cases.handlers import Command, StepRule
from cases.history import EventKind
from cases.readings import DEFAULT, Readings, ReferredOpportunity
from cases.stages import Stage


@dataclass(frozen=True)
class Matter:
    """One official's matter: `outcome` once it ended (words, no name), else `step`, the
    step of the table that takes it further (None: nothing of theirs is waiting)."""

    official: str  # their key in `Case.respondents` (an email, or a name)
    outcome: str | None
    step: StepRule | None = None


def _step(command: type[Command]) -> StepRule:
    return command.step


def matters(case: Case, readings: Readings = DEFAULT) -> list[Matter]:
    """The matter of each official complained against, in the case's order (`readings`:
    whether the board hears an official again before it determines their matter, §9)."""
    return [_matter(case, who, readings) for who in case.respondents]


def _matter(case: Case, who: str, readings: Readings) -> Matter:
    if case.stage is Stage.VOID:
        return Matter(who, f"the case was voided: {case.void_reason or 'opened by mistake'}")
    if case.dismissed_on is not None:
        return Matter(who, f"dismissed as time-barred (§4) on {fmt_day(case.dismissed_on)}")
    if case.report_findings.get(who) is False:
        return Matter(who, "the complaint was found insufficient by the board (§7); the "
                           "determination is final (§8)")
    finding = case.findings.get(who)
    if finding is not None and not finding.violation:
        return Matter(who, "no violation: the final determination (§11, §12)"
                      + (f", received {fmt_day(finding.on)}" if finding.on else ""))
    if finding is not None:
        found = (f"a violation of {', '.join(finding.sections)}" if finding.sections
                 else "a violation")
        decision = _council_words(case, who)
        if decision is None:
            if case.stage is Stage.CLOSED:
                return Matter(who, f"{found}: the final determination (§12); closed "
                                   "without the council's decision")
            return Matter(who, None, _step(c.RecordCouncilDecision))
        return Matter(who, f"{found}: the final determination (§12); {decision}")
    if case.stage is Stage.CLOSED:
        return Matter(who, "closed before the matter was determined")
    return Matter(who, None, _waiting(case, who, readings))


def _waiting(case: Case, who: str, readings: Readings) -> StepRule | None:
    """The step that takes an open matter further, in the ordinance's order."""
    if who not in case.informed:
        return _step(c.RecordNoticeServed)
    if who not in case.report_findings:
        return _step(c.RecordBoardDetermination) if case.hearing_begun_at else _step(
            c.BeginHearing)
    referral = case.referral_of(who)
    if referral is None:
        return _step(c.Refer)
    if (referral.board and who not in case.heard_referred
            and readings.referred_opportunity is ReferredOpportunity.AT_ITS_HEARING):
        return _step(c.RecordRespondentHeard)  # at the board's §11 hearing first (§9)
    return _step(c.RecordDetermination)


def _council_words(case: Case, who: str) -> str | None:
    """The council's decision as to `who` (§12, §14), its penalties as to them; None
    while it has not decided."""
    if who not in case.council_decided:
        return None
    decided = [e for e in case.history if e.kind is EventKind.COUNCIL_DECIDED
               and e.data.get("respondent") in (who, None) and e.took_effect]
    if not decided:
        return "the council decided (§12)"
    data = decided[-1].data
    penalties = [p for p in data.get("penalties") or ()
                 if p.get("respondent") in (who, None, "")]
    said = "the council decided (§12, §14)"
    if data.get("on"):
        said += f" on {fmt_day(date.fromisoformat(str(data['on'])))}"
    if penalties:
        said += ", with the penalty " + "; ".join(
            f"{p['action']} ({p['section']})" for p in penalties)
    else:
        said += ", with no penalty"
    return said
