"""Slack's words for a step come from its command's fields (`bot.commands.field_words`):
a new step with ordinary fields is typed with no row in `bot.commands.steps`, the rows
that remain are only those its fields cannot give, and the steps whose rows were replaced
by their fields take what clerks typed before (issue 42, item 3)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import date, datetime
from typing import get_type_hints

import pytest

from bot.access import Caller
from bot.commands.args import Words
from bot.commands.field_words import typed
from bot.commands.spec import MOTION, Spec, derived
from bot.commands.steps import OWN, SPECS_BY_WORDS, specs_of
from cases import commands as c
from cases.access import actor_for
from cases.derived import complete
from cases.directory import Role
from cases.errors import ProcedureError
from cases.fields import unwrap
from cases.handlers import (
    THE_DAY,
    THE_OFFICIAL,
    Command,
    OfficialsRequest,
    StepRule,
    asked,
    asks,
)
from cases.history import EventKind
from cases.meetings import Proceeding
from cases.stages import Stage
from cases.steps import STEPS
from cases.tally import Vote
from tests.unit.cases.riverton import CALENDAR, DIRECTORY
from tests.unit.cases.test_derived import CASE, Roster

CLERK = actor_for(DIRECTORY, "clerk@city.test")


@dataclass(frozen=True, kw_only=True)
class RecordWrittenResponse(OfficialsRequest):
    """A step as a new engineer declares it: the official's written response (§9), with
    its pages, the day and whose matter, taken down from the letter it came in."""

    pages: int = field(metadata=asks("Pages"))
    reference: str = field(metadata=asks("The letter's reference"))
    on: date | None = field(default=None, metadata=THE_DAY)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


def new_step(command: type[Command], step_id: str = "written-response") -> StepRule:
    return StepRule(step_id, "record the official's written response", command,
                    lambda s, cmd: None,  # type: ignore[arg-type, return-value]
                    EventKind.CORRESPONDENCE_FILED, frozenset({Stage.RECEIVED}),
                    frozenset({Role.DESIGNEE}), "§9")


def made(spec: Spec, typed_words: str, now: datetime | None = None) -> Command:
    """The command `typed_words` (after the case number) make, taken by the clerk."""
    caller = Caller("UCLERK", DIRECTORY.by_email("clerk@city.test"), CLERK.roles)
    words = Words(typed_words.split(), spec.usage, caller, CALENDAR, now=now)
    out = spec.make(words, DIRECTORY)
    words.done()
    assert isinstance(out, dict)
    return complete(spec.step.command, out, CLERK, DIRECTORY, CASE, Roster(), via="slack")


def test_a_new_step_with_ordinary_fields_needs_no_slack_row() -> None:
    """What the table gives a step it has no row for is its fields in order, each typed
    as its field declares: no usage, example or reader is written for it."""
    rule = new_step(RecordWrittenResponse)
    (spec,) = specs_of(rule)
    assert spec.words == "written-response"
    assert spec.usage == ("written-response CASE [@OFFICIAL] PAGES REFERENCE [DATE] "
                          "[VIA EVIDENCE]")
    assert made(spec, "3 L-12") == RecordWrittenResponse(pages=3, reference="L-12")
    # the official and the day may stand before, between or after the values
    want = RecordWrittenResponse(pages=3, reference="L-12", on=date(2027, 1, 4),
                                 respondent="gpruitt@city.test", via="paper",
                                 evidence="scan F0123")
    assert made(spec, "@pruitt 3 L-12 2027-01-04 paper scan F0123") == want
    assert made(spec, "3 2027-01-04 L-12 @pruitt paper scan F0123") == want
    assert made(spec, spec.example.split(" ", 2)[2]) == RecordWrittenResponse(
        pages=7, reference="REFERENCE")  # its example is typed as it says
    with pytest.raises(ProcedureError, match="pages must be a whole number"):
        made(spec, "three L-12")
    with pytest.raises(ProcedureError, match="Give the letter's reference"):
        made(spec, "3")


@dataclass(frozen=True)
class RecordResponse(Command):
    """Without the official's request's `via`, a paragraph comes last."""

    summary: str = field(metadata=asks("What it says", long=True))
    on: date | None = field(default=None, metadata=THE_DAY)


def test_a_paragraph_takes_the_words_left_after_the_day() -> None:
    (spec,) = specs_of(new_step(RecordResponse))
    assert spec.usage == "written-response CASE [DATE] SUMMARY"
    assert made(spec, "2027-01-04 it denies every allegation") == RecordResponse(
        "it denies every allegation", date(2027, 1, 4))


@dataclass(frozen=True)
class RecordExcuse(Command):
    """A one-word value and a paragraph, each with the example its field declares."""

    letter: str = field(metadata=asks("The letter's reference", example="L-12"))
    text: str = field(metadata=asks("Their response, as they wrote it", long=True,
                                    example="I deny each allegation"))


def test_a_free_text_is_shown_in_the_example_by_the_value_its_field_declares() -> None:
    """A free text's example is a value as a person gives it (`asks(example=)`), not its
    label; with none declared, the word its usage shows. Either reads back as typed."""
    (spec,) = specs_of(new_step(RecordExcuse))
    assert spec.example == "written-response ETH-2026-0007 L-12 I deny each allegation"
    assert made(spec, spec.example.split(" ", 2)[2]) == RecordExcuse(
        "L-12", "I deny each allegation")
    (plain,) = specs_of(new_step(RecordResponse))
    assert plain.example == "written-response ETH-2026-0007 SUMMARY"


@dataclass(frozen=True)
class AnExampleOfTwoWords(Command):
    letter: str = field(metadata=asks("The letter's reference", example="L 12"))
    on: date | None = field(default=None, metadata=THE_DAY)


def test_a_value_whose_example_is_several_words_is_typed_field_by_field() -> None:
    """A text in the middle whose example is several words ("Hearing Room B") cannot be
    typed as one word by its place: the step is typed `field: value`."""
    rule = new_step(AnExampleOfTwoWords)
    assert typed(rule) is None
    assert [s.syntax for s in specs_of(rule)] == [derived(rule).syntax]


# each free text (a `str`, or one that may be left out) of each step Slack types by its fields
FREE_TEXT = [(s, f.name) for s in STEPS if (spec := typed(s)) is not None
             for f in fields(s.command) if "{" + f.name + "}" in spec.syntax
             and unwrap(get_type_hints(s.command)[f.name])[0] is str
             and not asked(s.command, f.name).word.startswith("@")
             and f.name not in ("respondent", "via", "evidence")]


@pytest.mark.parametrize(("rule", "name"), FREE_TEXT,
                         ids=lambda x: x.id if isinstance(x, StepRule) else x)
def test_no_step_typed_by_its_fields_shows_a_label_as_a_value(rule: StepRule,
                                                              name: str) -> None:
    """Each free text a step's Slack example shows is the example its field declares (or,
    with none, its usage word), and the example reads back to it."""
    spec = typed(rule)
    assert spec is not None
    own = asked(rule.command, name)
    value = own.example or own.typed(name)
    assert own.label not in spec.example
    example = spec.example.split(f" {MOTION} ")[0].split()[len(spec.words.split()) + 1:]
    if f"[{{{name}}}]" not in spec.syntax:  # one that may not be left out is shown
        assert value in " ".join(example)
    if not any("@" in w for w in example):  # a person's sample is no one in this directory
        read = spec.make(Words(example, spec.usage, Caller(
            "UCLERK", DIRECTORY.by_email("clerk@city.test"), CLERK.roles), CALENDAR),
            DIRECTORY)
        assert isinstance(read, dict)
        assert read.get(name, value) == value  # an optional one may be left out


@dataclass(frozen=True)
class TwoDays(Command):
    """Two days that may be left out cannot be told apart by their shape."""

    on: date | None = field(default=None, metadata=THE_DAY)
    received: date | None = field(default=None, metadata=asks("The day it came"))


@dataclass(frozen=True)
class AYesNo(Command):
    """A yes/no has no word of its own on Slack."""

    admitted: bool = field(metadata=asks("Admitted"))


@dataclass(frozen=True, kw_only=True)
class AParagraphAndWhatShowsIt(OfficialsRequest):
    """A paragraph and the evidence would both take the words left."""

    text: str = field(metadata=asks("What they wrote", long=True))


@pytest.mark.parametrize("command", [TwoDays, AYesNo, AParagraphAndWhatShowsIt],
                         ids=lambda k: k.__name__)
def test_a_step_its_fields_cannot_type_by_position_is_typed_field_by_field(
        command: type[Command]) -> None:
    rule = new_step(command)
    assert typed(rule) is None
    assert [s.syntax for s in specs_of(rule)] == [derived(rule).syntax]


@dataclass(frozen=True)
class FindSections(Command):
    """Sections, then the day and the official that may be left out."""

    sections: tuple[str, ...] = field(metadata=asks("Sections", word="SECTIONS"))
    on: date | None = field(default=None, metadata=THE_DAY)
    respondent: str | None = field(default=None, metadata=THE_OFFICIAL)


def test_the_codes_sections_are_read_up_to_the_day_or_the_official() -> None:
    (spec,) = specs_of(new_step(FindSections))
    assert spec.usage == "written-response CASE [@OFFICIAL] SECTIONS [DATE]"
    assert made(spec, "2.94.030, 2.94.040 @bates 2027-01-04") == FindSections(
        ("2.94.030", "2.94.040"), date(2027, 1, 4), "lbates@city.test")


@pytest.mark.parametrize("row", OWN, ids=lambda s: s.words)
def test_a_row_of_slacks_own_says_what_the_fields_alone_do_not(row: Spec) -> None:
    """A row is kept only where the step's fields give other words, or none."""
    from_fields = typed(row.step, row.words)
    assert from_fields is None or from_fields.usage != row.usage, (
        f"{row.words}: its fields give these words; drop the row")


# what clerks typed when these steps had rows of their own, and the command it made
TYPED_BEFORE = [
    ("registered-mail", "RE123456789US 2026-12-01 @pruitt",
     c.RecordRegisteredMail("RE123456789US", date(2026, 12, 1), "gpruitt@city.test")),
    ("return-receipt", "2026-12-04 @pruitt",
     c.RecordReturnReceipt(date(2026, 12, 4), "gpruitt@city.test")),
    ("begin", "2026-12-04", c.BeginHearing(date(2026, 12, 4))),
    ("mayor-vote", "yes @pruitt", None),
    ("council-extension", "@bates 7 2027-03-02",
     c.ExtendCouncilDecision(days=7, on=date(2027, 3, 2), respondent="lbates@city.test")),
    ("council-extension-request", "@pruitt 7 email of 2027-03-02 in the case file",
     c.RequestCouncilExtension(days=7, respondent="gpruitt@city.test", via="email",
                               evidence="of 2027-03-02 in the case file")),
    ("open-session", "board in-person at the counter",
     c.RequestOpenSession(proceeding=Proceeding.BOARD, via="in person",
                          evidence="at the counter")),
    ("board-hearing", "@pruitt 2027-01-04 paper letter of that day",
     c.RequestBoardHearing(respondent="gpruitt@city.test", on=date(2027, 1, 4), via="paper",
                           evidence="letter of that day")),
    ("dismiss", "2023-05-02 the minutes were published that day",
     c.DismissAsTimeBarred(date(2023, 5, 2), "the minutes were published that day")),
    ("cancel-meeting", "2 the chamber is closed",
     c.CancelMeeting(meeting=2, reason="the chamber is closed")),
    ("release", "#2 2027-03-05", c.ReleaseRecords(request=2, on=date(2027, 3, 5))),
    ("disclosure-clarified", "#1 only the 2026 complaint",
     c.RecordClarification(request=1, text="only the 2026 complaint")),
    ("close", "found insufficient", c.CloseCase(reason="found insufficient")),
    ("hold lift", "", c.LiftLegalHold(reason="")),
    ("examiner-conflict", "@Yu represented the complainant",
     c.RecordExaminerConflict("myu@examiners.example", "represented the complainant")),
    ("board-determination", "@bates", None),
]


@pytest.mark.parametrize(("words", "typed_words", "want"), TYPED_BEFORE,
                         ids=[t[0] for t in TYPED_BEFORE])
def test_what_was_typed_for_a_step_before_its_row_went_is_read_alike(
        words: str, typed_words: str, want: Command | None) -> None:
    spec = SPECS_BY_WORDS[words]
    assert spec not in OWN
    got = made(spec, typed_words)
    if want is None:  # a command the caller completes: the values typed are the point
        assert getattr(got, "respondent", None) in ("gpruitt@city.test", "lbates@city.test")
        if words == "mayor-vote":
            assert getattr(got, "vote", None) is Vote.YES
        return
    assert got == want


def test_a_time_today_or_a_date_and_time_both_make_a_moment() -> None:
    now = CALENDAR.wall(datetime(2026, 12, 10, 19, 0))
    extend = SPECS_BY_WORDS["session extend"]
    assert made(extend, "19:15", now) == c.ExtendExecutiveSession(
        until=CALENDAR.wall(datetime(2026, 12, 10, 19, 15)))
    receipt = SPECS_BY_WORDS["correct-receipt"]
    assert made(receipt, "2026-12-01 16:40 forwarded a day late") == c.CorrectReceipt(
        CALENDAR.wall(datetime(2026, 12, 1, 16, 40)), "forwarded a day late")
