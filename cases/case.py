"""A case: its stage, what has been recorded, and the deadlines that follow from it.

The case is rebuilt from its history (events) so that what is stored is exactly what
happened; `apply` is the only place state changes. What each kind of entry does is its
effect, declared beside the step that records it (`cases.effects.EFFECTS`, filled by the
parts of `cases.handlers`), and the stage it leads to and the deadline it meets are read
from the table of events (`cases.history`). What the case holds and what is asked of it
is `cases.case_state`. Deciding whether a step is allowed is `cases.procedure`'s job.

A correction of the day an earlier step happened (`STEP_DATE_CORRECTED`) leaves the
mistaken entry in the history as it was: the case keeps the corrected day beside it
(`corrections`) and rebuilds its state from the history as corrected.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from datetime import date

from cases.case_state import CaseState
from cases.chain import is_destroyed
from cases.effects import EFFECTS, WAITS
from cases.filing import Complainant, Filing, filing_from_data
from cases.history import Event, EventKind
from cases.meetings import Business
from cases.recorded import CouncilExtensionRequest, Finding, ReportExtension, Requester
from cases.stages import Stage

# the case's values are named where they are declared (`cases.recorded`); these stay
# importable from here for the modules that always took them from the case
__all__ = ["Case", "CouncilExtensionRequest", "Finding", "ReportExtension", "Requester", "Stage"]


class Case(CaseState):
    """A case, built from its history (the module's docstring says how)."""

    @classmethod
    def replay(cls, number: str, events: Iterable[Event]) -> Case:
        it = iter(events)
        case = cls._opened(number, next(it))
        for e in it:
            case.apply(e)
        return case

    @classmethod
    def _opened(cls, number: str, first: Event) -> Case:
        if first.kind is not EventKind.COMPLAINT_RECEIVED:
            raise ValueError(f"case {number}: history must start with the complaint")
        d = first.data
        if is_destroyed(d):  # destroyed under a certificate (RCW 40.14): nothing is left
            case = cls(number=number, filing=Filing(first.at, Complainant()), respondents=())
            case.history.append(first)
            return case
        case = cls(number=number, filing=filing_from_data(d["filing"]),
                   respondents=tuple(d.get("respondents", ())),
                   public_since=date.fromisoformat(d["public_since"]) if d.get("public_since")
                   else None)
        case.alleged_sections = list(case.filing.code_sections)
        case.history.append(first)
        return case

    def apply(self, e: Event) -> None:
        if is_destroyed(e.data):  # its content destroyed: the entry stays, it says nothing
            self.history.append(e)
            return
        if e.kind is EventKind.STEP_DATE_CORRECTED:
            self.corrections[int(e.data["target"])] = str(e.data["new"])
            self._rebuild()
        else:
            self._effect(e)
        self.history.append(e)

    def _rebuild(self) -> None:
        """Every state from the history as corrected (the entries themselves unchanged)."""
        fresh = Case._opened(self.number, self.history[0])
        for i, e in enumerate(self.history[1:], start=1):
            if e.kind is not EventKind.STEP_DATE_CORRECTED and not is_destroyed(e.data):
                fresh._effect(self.as_corrected(i))
            fresh.history.append(e)
        for f in fields(self):
            if f.name not in ("corrections", "history"):
                setattr(self, f.name, getattr(fresh, f.name))

    def as_corrected(self, index: int) -> Event:
        """History entry `index` with its day as corrected, if it was."""
        e = self.history[index]
        if index not in self.corrections:
            return e
        return Event(e.kind, e.at, e.actor, {**e.data, "on": self.corrections[index]})

    def _effect(self, e: Event) -> None:
        """What `e` does: to the meetings, by its part's effect, and to the stage."""
        d = e.data
        if not e.took_effect:
            return  # a body's motion that failed: kept in the history, it changes nothing
        on = date.fromisoformat(d["on"]) if d.get("on") else None
        called = Business.OTHER if d.get("only") else Business.of(
            self.stage, "board" if self.before_the_board else None)
        self.meetings.apply(e, len(self.history), called
                            if e.kind is EventKind.BOARD_MEETING_SCHEDULED else None,
                            self.parties())
        effect = EFFECTS.get(e.kind)
        if effect is None:  # `cases.steps` refuses to load without it: a part not loaded
            raise LookupError(f"{e.kind.name} has no effect declared: each is declared beside "
                              "the step recording it, in cases.handlers, which importing "
                              "`cases` loads (docs/adding-a-step.md)")
        if effect(self, e, on) is WAITS:
            return
        row = e.kind.rule
        if row.leads_to is not None and row.leads_to.comes_after(self.stage):
            self.stage = row.leads_to  # never back: a further hearing session keeps the stage
