"""Every id Slack sends back to us: subcommands, button action ids, modal callback and
block ids. Enums, so a typo is a type error rather than a button that silently does nothing."""

from __future__ import annotations

from enum import StrEnum


class Sub(StrEnum):
    """The `/ethics` subcommands that are not procedural steps."""

    HELP = "help"
    FILE = "file"
    STATUS = "status"
    SHARE = "share"


class Step(StrEnum):
    """The procedural steps, as typed after `/ethics` (a verb may follow the first word)."""

    NOTICE = "notice"
    REGISTERED_MAIL = "registered-mail"
    BOARD_RECEIVED = "board-received"
    SCHEDULE = "schedule"
    BEGIN = "begin"
    HEARD = "heard"
    CONCLUDED = "concluded"
    CONTINUANCE_APPLY = "continuance apply"
    CONTINUANCE_GRANT = "continuance grant"
    CONTINUANCE_DENY = "continuance deny"
    REPORT = "report"
    DELIVER = "deliver"
    EXTENSION_REQUEST = "extension request"
    EXTENSION_APPROVE = "extension approve"
    EXTENSION_DENY = "extension deny"
    BOARD_HEARING = "board-hearing"
    REFER = "refer"
    DETERMINATION = "determination"
    COUNCIL_EXTENSION = "council-extension"
    VOTE = "vote"
    DECIDE = "decide"
    AMEND = "amend"
    CLOSE = "close"
    # meetings: the words are the table's (`cases.steps.StepId`), as are who may take them
    DELIBERATION = "deliberation"
    CANCEL_MEETING = "cancel-meeting"
    OPEN_SESSION = "open-session"
    SESSION_START = "session start"
    SESSION_EXTEND = "session extend"
    SESSION_END = "session end"
    BOARD_VOTE = "board-vote"
    BOARD_DETERMINATION = "board-determination"


STEP_ACTION_PREFIX = "step:"


class StepAction(StrEnum):
    """Buttons under a case's status: the steps that need nothing but the case number."""

    BOARD_RECEIVED = STEP_ACTION_PREFIX + Step.BOARD_RECEIVED
    BEGIN = STEP_ACTION_PREFIX + Step.BEGIN
    HEARD = STEP_ACTION_PREFIX + Step.HEARD
    CONCLUDED = STEP_ACTION_PREFIX + Step.CONCLUDED
    DELIVER = STEP_ACTION_PREFIX + Step.DELIVER
    REFER = STEP_ACTION_PREFIX + Step.REFER

    @property
    def step(self) -> Step:
        return Step(self.value.removeprefix(STEP_ACTION_PREFIX))


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
