"""Every id Slack sends back to us: subcommands, button action ids, modal callback and
block ids. Enums, so a typo is a type error rather than a button that silently does nothing.
The procedural steps have their ids in the one table of steps (`cases.steps.STEPS`)."""

from __future__ import annotations

from enum import StrEnum

from cases.handlers import StepRule
from cases.steps import BY_ID


class Sub(StrEnum):
    """The `/ethics` subcommands that are not procedural steps."""

    HELP = "help"
    FILE = "file"
    STATUS = "status"
    SHARE = "share"


STEP_ACTION_PREFIX = "step:"


def step_action(step: StepRule) -> str:
    """The action id of the button for `step` under a case's status or in a reminder: the
    table's stable id (`StepRule.id`), so a button cannot name a step that does not
    exist."""
    return STEP_ACTION_PREFIX + step.id


# the button beside a case on App Home's "For the city attorney" (`bot.home`): its status
STATUS_ACTION = "home:status"


def action_step(action_id: str) -> StepRule:
    """The step a pressed button stands for; ValueError for an id that is not one."""
    if not action_id.startswith(STEP_ACTION_PREFIX):
        raise ValueError(f"not a step button: {action_id!r}")
    words = action_id.removeprefix(STEP_ACTION_PREFIX)
    if words not in BY_ID:
        raise ValueError(f"not a step: {words!r}")
    return BY_ID[words]


class View(StrEnum):
    FILE = "ethics_file"


class Field(StrEnum):
    """Block ids (= action ids) of the file modal: one per §1 element."""

    FACTS = "facts"
    SECTIONS = "sections"
    REASONS = "reasons"
    RESPONDENTS = "respondents"
    NAME = "name"
    ADDRESS = "address"
    PHONE = "phone"
    EMAIL = "email"
    SIGNATURE = "signature"
    RECEIVED = "received"
