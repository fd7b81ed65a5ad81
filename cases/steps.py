"""The one table of the procedure's steps: what each is, where it may be taken, which
event it records and who may take it.

Each step is declared once, in the module of its part of the procedure under
`cases.handlers`: its command, its row (`@step`, a `StepRule`), its handler and the effect
of the entry it records (`@effect`, `cases.effects`), one above the other. This module
gathers the rows, in the order the parts and their steps are declared, into `STEPS`:
`cases.procedure.handle` refuses what a row does not allow; what the step's event does to
the case is its effect (the stage it leads to, the deadline it meets: the table of
events', `cases.history`); Slack's usage, help, role checks and buttons, the web and the
CLI all read it. Nothing else lists the steps, nor the effects: loading the parts fills
`cases.effects.EFFECTS`, and the table refuses to load while a kind of entry has none
(`check_effects`).

A step recorded by EthicsBot itself (a §2 notice once delivered, correspondence filed by
intake) is checked by the table's stages like any other; `roles` says who else may.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from cases.deadlines import DeadlineKey
from cases.effects import EFFECTS, Effect, undeclared
from cases.handlers import (
    Command,
    StepRule,
    at_meetings,
    case_file,
    complainant,
    complaint,
    council,
    disclosures,
    examiner,
    meetings,
    referral,
    report,
    retention,
    sufficiency,
)
from cases.history import EventKind

# the parts of the procedure, in the order of the ordinance
PARTS: tuple[ModuleType, ...] = (sufficiency, report, meetings, at_meetings, referral, examiner,
                                 council, complaint, case_file, disclosures, retention,
                                 complainant)


def rows_of(part: ModuleType) -> list[StepRule]:
    """The rows of the steps `part` declares, in order: each command it declares carries
    its row, or the table fails to load (a command is one step)."""
    commands = [v for v in vars(part).values() if isinstance(v, type)
                and issubclass(v, Command) and v.__module__ == part.__name__]
    unruled = [cmd.__name__ for cmd in commands if "step" not in vars(cmd)]
    if unruled:
        raise TypeError(f"{part.__name__}: {', '.join(unruled)} has no row: put @step(...) "
                        "on its handler, just below it (docs/adding-a-step.md)")
    return [cmd.step for cmd in commands]


STEPS: tuple[StepRule, ...] = tuple(row for part in PARTS for row in rows_of(part))



def check_effects(table: Mapping[EventKind, Effect] = EFFECTS) -> None:
    """Every kind of entry has its effect once the parts are loaded, or the table fails to
    load naming the kinds that have none, as it does for a command without its row."""
    missing = undeclared(table)
    if missing:
        raise TypeError(f"{', '.join(k.name for k in missing)}: no effect declared; say what "
                        "the entry does to the case beside the step recording it, "
                        "@effect(EventKind...) or changes_nothing(EventKind...) "
                        "(docs/adding-a-step.md)")


check_effects()

BY_ID: dict[str, StepRule] = {s.id: s for s in STEPS}
# the events that are acts of a body (its steps' rows say so): items of its minutes
ACTS: dict[EventKind, StepRule] = {s.event: s for s in STEPS if s.body is not None}


def rule_for(cmd: Command) -> StepRule:
    """The row of the step `cmd` asks for."""
    return type(cmd).step


def meeting(key: DeadlineKey) -> StepRule | None:
    """The step that meets deadline `key`, if a person records it."""
    return next((s for s in STEPS if s.meets is key), None)
