"""Every step a person takes (one the table gives to a role) can be taken on every surface:
Slack's words (`bot.commands.steps.SPECS`, which `ethicsbot step` takes too) and a web
form derived from its command (`cases.fields.inputs`). A step added to `cases.steps.STEPS`
without them fails here."""

from __future__ import annotations

import dataclasses
import re
import types
import typing

import pytest

from bot.access import Caller
from bot.commands.args import Words
from bot.commands.help import lines
from bot.commands.spec import FIELD
from bot.commands.steps import (
    SPECS,
    SPECS_BY_WORDS,
    Spec,
    derived,
    find_spec,
    typed_usage,
)
from cases import commands as c
from cases.access import actor_for
from cases.derived import complete
from cases.disclosure import Redaction
from cases.errors import ProcedureError
from cases.fields import inputs, parse
from cases.handlers import ASKS, Asks, Command, StepRule, asked
from cases.history import EventKind
from cases.public_records import PublicRecord
from cases.section2 import NoticeMethod
from cases.steps import STEPS
from tests.unit.cases.riverton import CALENDAR, DIRECTORY
from tests.unit.cases.test_derived import CASE, Roster

TAKEN_BY_PEOPLE = [s for s in STEPS if s.roles]


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id)
def test_each_step_a_person_takes_has_slack_words_and_so_a_cli_path(rule: StepRule) -> None:
    specs = [s for s in SPECS if s.step is rule]
    assert specs, f"{rule.id}: no Slack words (bot.commands.steps.SPECS)"
    for spec in specs:
        assert spec.usage.startswith(spec.words) and spec.example.startswith(spec.words)
        assert find_spec(spec.example.split())[0] is spec  # `ethicsbot step` finds it too


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id)
def test_each_step_a_person_takes_has_a_web_form(rule: StepRule) -> None:
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    form = inputs(rule, clerk, DIRECTORY)  # a field with no input kind raises TypeError
    assert len({i.name for i in form}) == len(form)


def test_no_two_slack_words_name_one_thing_twice() -> None:
    assert len(SPECS_BY_WORDS) == len(SPECS)
    shapes = [(s.step, s.usage) for s in SPECS]
    assert len(set(shapes)) == len(shapes)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.words)
def test_slack_keeps_no_word_of_its_own_for_a_field(spec: Spec) -> None:
    """Issue 42: the word standing for a value in a step's Slack usage (`[DATE]`,
    `[@OFFICIAL]`, `[VIA EVIDENCE]`) is its field's own (`cases.handlers.asks`), written
    `{on}` in the row; a word a field of the step declares, typed out by hand, fails."""
    raw = FIELD.sub(" ", spec.syntax)
    for f in dataclasses.fields(spec.step.command):
        word = asked(spec.step.command, f.name).typed(f.name)
        assert not re.search(rf"(?<![\w@#-]){re.escape(word)}(?![\w-])", raw), (
            f"{spec.words}: write {{{f.name}}}, not {word}")


def test_a_slack_usage_names_only_fields_and_brackets_only_what_may_be_left_out() -> None:
    with pytest.raises(ValueError, match="is no field"):
        typed_usage(c.BeginHearing.step, "begin CASE [{day}]")
    with pytest.raises(ValueError, match="may not be left out"):
        typed_usage(c.RecordReturnReceipt.step, "return-receipt CASE [{on}]")
    assert typed_usage(c.RecordReturnReceipt.step, "return-receipt CASE {on} [{respondent}]") \
        == "return-receipt CASE DATE [@OFFICIAL]"
    assert typed_usage(c.RequestBoardHearing.step, "[{via} {evidence}]") == "[VIA EVIDENCE]"


def test_the_day_and_the_official_are_typed_alike_on_every_step() -> None:
    """Slack's help says a trailing [DATE] is the day it happened: each step's `on` is
    typed DATE, each `respondent` @OFFICIAL, whatever its label says of it."""
    typed = {(f.name, asked(s.command, f.name).typed(f.name)) for s in STEPS
             for f in dataclasses.fields(s.command) if f.name in ("on", "respondent")}
    assert typed == {("on", "DATE"), ("respondent", "@OFFICIAL")}
    assert SPECS_BY_WORDS["witness"].usage == "witness CASE [@OFFICIAL] [DATE] NAME [EMAIL]"


def test_a_body_act_by_motion_says_so_in_its_slack_usage() -> None:
    for spec in SPECS:
        assert spec.step.by_motion == ("motion:" in spec.usage), spec.words


SAMPLE = {"text": "2.94.030", "textarea": "a reason the record keeps", "date": "2026-01-20",
          "datetime": "2026-01-20T18:00", "number": "3", "lines": "2.94.030: censure"}
SAMPLE_BY_NAME = {"remote_link": "https://meet.city.example/ethics", "motion": "unanimous",
                  "action": "unanimous", "present": "Helen Park, Osei", "called_by": "",
                  "records": "complaint, written report", "report_file": "F0123ABCD",
                  "respondent": "", "added_sections": "2.94.040",
                  "amended_sections": "2.94.040", "entry": "",
                  "redactions": "complaint: RCW 42.56.250(4): a home address: 12 Elm St",
                  "withheld": "report: RCW 5.60.060(2)(a): attorney-client advice",
                  "email": "reporter@ledger.test", "also": "continuance"}


def conforms(value: object, hint: object) -> bool:
    """`value` is of the type `hint` names (the shapes commands use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if hint is type(None):
        return value is None
    if origin is tuple:
        return isinstance(value, tuple) and all(conforms(v, args[0]) for v in value)
    if origin is frozenset:
        return isinstance(value, frozenset) and all(conforms(v, args[0]) for v in value)
    return isinstance(value, typing.cast(type, origin or hint))


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id)
def test_each_web_form_makes_the_command_its_handler_expects(rule: StepRule) -> None:
    """Filled as a person would, each form gives a command whose every field holds what its
    type says (a release's records are `PublicRecord`s, not strings): what the handler is
    handed is what it was written for (issue 24)."""
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    form = {}
    for i in inputs(rule, clerk, DIRECTORY):
        form[i.name] = SAMPLE_BY_NAME.get(
            i.name, i.options[0][0] if i.kind == "choice" else SAMPLE[i.kind])
    values = parse(rule, form, CALENDAR, clerk, DIRECTORY)
    cmd = complete(rule.command, values, clerk, DIRECTORY, CASE, Roster())
    hints = typing.get_type_hints(rule.command)
    for f in dataclasses.fields(cmd):
        value = getattr(cmd, f.name)
        assert conforms(value, hints[f.name]), (rule.id, f.name, value)


def test_the_notice_words_keep_why_actual_notice_was_impracticable_apart_from_to_whom() -> None:
    """§2: "... on his cell because he is abroad" is to whom, then why (the `because`
    clause the strict `remote_notice` reading asks for)."""
    typed = "notice ETH-2026-0007 respondent @pruitt voicemail 2026-12-01 08:30 on his cell"
    spec, rest = find_spec(f"{typed} because He is abroad".split(" "))
    caller = Caller("UCLERK", DIRECTORY.designees[0], frozenset())
    words = Words(rest[1:], spec.usage, caller, CALENDAR)
    cmd = spec.make(words, DIRECTORY)
    assert isinstance(cmd, c.RecordNoticeServed)
    assert (cmd.how, cmd.to, cmd.impracticable) == (
        NoticeMethod.VOICEMAIL, "on his cell", "He is abroad")
    plain = spec.make(Words(["respondent", "@pruitt", "phone", "his", "cell"], spec.usage,
                            caller, CALENDAR), DIRECTORY)
    assert isinstance(plain, c.RecordNoticeServed)
    assert (plain.to, plain.impracticable) == ("his cell", "")


def test_every_field_of_every_step_has_words_of_its_own() -> None:
    """Issue 42: each field of each step's command declares its label where it is declared
    (`cases.handlers.asks`), so a field is labelled for its step: a label keyed by the
    field's name alone gave a new step's field another step's words, and no test failed."""
    bare = [f"{rule.command.__name__}.{f.name}" for rule in STEPS
            for f in dataclasses.fields(rule.command)
            if not isinstance(f.metadata.get(ASKS), Asks) or not f.metadata[ASKS].label.strip()]
    assert bare == [], f"fields with no words of their own: {bare}"


@dataclasses.dataclass(frozen=True)
class RecordResponse(Command):
    """A step declared as a new engineer might, `text` given no words of its own."""

    text: str = ""


def test_a_field_with_no_words_of_its_own_takes_none_from_another_step() -> None:
    """The clash of issue 42: `text` is an amendment's words on one form, a records
    letter's on another; a new step's `text` takes neither, its form refuses to be drawn."""
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    rule = StepRule("response", "record a response", RecordResponse, lambda s, cmd: None,  # type: ignore[arg-type, return-value]
                    EventKind.CORRESPONDENCE_FILED, frozenset(), frozenset(), "§9")
    with pytest.raises(TypeError, match=r"RecordResponse\.text: no words of its own"):
        inputs(rule, clerk, DIRECTORY)
    with pytest.raises(TypeError, match="no words of its own"):
        asked(RecordResponse, "text")


def test_a_field_shared_by_two_steps_is_labelled_for_each() -> None:
    """`text` is an amendment's words on one form, a records letter's on another: each
    form says which, from the field's own words."""
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    labels = {rule: {i.name: i.label for i in inputs(rule, clerk, DIRECTORY)}
              for rule in TAKEN_BY_PEOPLE}
    assert labels[c.AmendComplaint.step]["text"] == "Text of the amendment"
    assert labels[c.AnswerDisclosure.step]["text"].startswith("The letter's own words")
    assert labels[c.RecordClarification.step]["text"] == "What the requester clarified"
    assert labels[c.NotifyThirdParty.step]["email"] != labels[c.NameRespondent.step]["email"]
    assert labels[c.CorrectStepDate.step]["kind"] == "The step whose day was mistyped"


@pytest.mark.parametrize("rule", TAKEN_BY_PEOPLE, ids=lambda r: r.id)
def test_no_two_inputs_of_a_form_share_a_label(rule: StepRule) -> None:
    """Two inputs called alike on one form would be two things with one name."""
    for email in ("clerk@city.test", "hpark@city.test"):
        form = inputs(rule, actor_for(DIRECTORY, email), DIRECTORY)
        labels = [i.label for i in form]
        assert len(set(labels)) == len(labels), (rule.id, labels)


def derived_command(step: StepRule, typed: str) -> Command:
    """The command `typed` makes in the words derived from `step`'s fields."""
    spec = derived(step)
    clerk = actor_for(DIRECTORY, "clerk@city.test")
    caller = Caller("U1", DIRECTORY.by_email("clerk@city.test"), clerk.roles)
    made = spec.make(Words(typed.split(), spec.usage, caller, CALENDAR), DIRECTORY)
    assert isinstance(made, dict)
    return complete(step.command, made, clerk, DIRECTORY, CASE, Roster())


def test_a_step_without_words_of_its_own_is_typed_by_its_fields() -> None:
    """Issue 23: Slack is derived from the table: a step given no `Spec` is typed as
    `STEP CASE field: value; ...`, each value as its web form takes it, so adding a step
    needs no Slack row; every step a person takes has words, its own or these."""
    cmd = derived_command(c.PrepareInstalment.step, (
        "records: complaint, written report; final: yes; request: 2; redactions: "
        "complaint: RCW 42.56.250(4): a home phone: 555-0142 | complaint: RCW 42.56.240(2): "
        "a witness: Ann Lee"))
    assert cmd == c.PrepareInstalment(
        records=(PublicRecord.COMPLAINT, PublicRecord.WRITTEN_REPORT), final=True, request=2,
        redactions=(Redaction("complaint", "RCW 42.56.250(4)", "a home phone", "555-0142"),
                    Redaction("complaint", "RCW 42.56.240(2)", "a witness", "Ann Lee")))
    assert derived_command(c.PlaceLegalHold.step, "reason: Whitfield v. Riverton") == \
        c.PlaceLegalHold("Whitfield v. Riverton")
    with pytest.raises(ProcedureError, match="name a field of"):
        derived_command(c.PlaceLegalHold.step, "why: a suit")
    with pytest.raises(ProcedureError, match="Give reason"):
        derived_command(c.PlaceLegalHold.step, "")
    # every step a person takes can be typed so (a field no form can take would raise)
    for rule in TAKEN_BY_PEOPLE:
        assert derived(rule).usage.startswith(f"{rule.id} CASE")


def test_slack_help_says_what_each_field_of_a_step_typed_by_its_fields_is() -> None:
    """A step with no Slack words of its own is typed `field: value`; its help line gives
    each field's own label, as its web form does."""
    line = next(x for x in lines() if "/ethics minutes approve CASE" in x)
    assert "meeting: Meeting number." in line
    assert "corrections: Corrections to the draft, as the body approves them." in line
    step = c.PlaceLegalHold.step
    assert f"reason: {asked(step.command, 'reason').label}." not in "".join(lines())


def test_a_meeting_left_empty_says_which_meeting_it_means() -> None:
    """The web offers a step's meeting as a choice of the case's meetings; left empty, its
    first option says what the command takes instead, in the field's own words (the
    roll call's latest meeting begun, a cancellation's meeting still to come)."""
    optional = {(s.command, f.name) for s in STEPS for f in dataclasses.fields(s.command)
                if f.name == "meeting" and f.default is None}
    assert optional
    assert [f"{cmd.__name__}.{n}" for cmd, n in optional if not asked(cmd, n).empty] == []
    assert asked(c.RecordRollCall, "meeting").empty != asked(c.CancelMeeting, "meeting").empty
