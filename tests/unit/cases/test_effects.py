"""The effects (`cases.effects`): every kind of history entry has one effect, declared once,
beside the step that records it, in the part of the procedure whose handler records it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cases.effects import (
    EFFECTS,
    PART,
    UNCHANGED,
    changes_nothing,
    effect,
    nothing,
    undeclared,
)
from cases.history import EventKind
from cases.steps import STEPS, check_effects

ROOT = Path(__file__).resolve().parents[3]


def test_every_event_kind_has_an_effect_or_is_declared_to_have_none() -> None:
    assert [k.name for k in undeclared()] == [], \
        "declare each kind's effect beside its step (@effect, or changes_nothing)"
    assert set(EFFECTS) == set(PART) == set(EventKind)


def test_a_kind_without_an_effect_is_named_and_stops_the_table_loading() -> None:
    """What the table checks when it loads (`cases.steps.check_effects`), given a table
    with one kind left out: the kind is named."""
    without = {k: f for k, f in EFFECTS.items() if k is not EventKind.HEARING_BEGUN}
    assert undeclared(without) == [EventKind.HEARING_BEGUN]
    with pytest.raises(TypeError, match=r"HEARING_BEGUN: no effect declared"):
        check_effects(without)
    check_effects()  # the table as declared


def test_a_kind_is_given_one_effect_in_one_place() -> None:
    """A second declaration of a kind, a function or `changes_nothing`, is refused naming
    the part that has it, and the first stands."""
    first = EFFECTS[EventKind.HEARING_BEGUN]
    with pytest.raises(TypeError, match=r"HEARING_BEGUN already has its effect, declared "
                                        r"in cases\.handlers\.sufficiency"):
        effect(EventKind.HEARING_BEGUN)(nothing)
    with pytest.raises(TypeError, match=r"RETURN_RECEIPT_RECORDED already has its effect"):
        changes_nothing(EventKind.RETURN_RECEIPT_RECORDED, why="twice")
    assert EFFECTS[EventKind.HEARING_BEGUN] is first
    assert PART[EventKind.HEARING_BEGUN] == "cases.handlers.sufficiency"


def test_a_steps_event_has_its_effect_in_the_part_that_declares_the_step() -> None:
    """Where several steps record one kind (a §2 notice, the board's receipt of it), they
    are of one part, which declares its effect once."""
    elsewhere = {s.id: (s.handler.__module__, PART[s.event]) for s in STEPS
                 if s.handler.__module__ != PART[s.event]}
    assert elsewhere == {}
    assert set(PART.values()) == {s.handler.__module__ for s in STEPS}


def test_an_entry_that_changes_nothing_says_why_where_it_is_declared() -> None:
    """`changes_nothing` takes its reason (a meeting's entry, which the meetings take in;
    the complaint, which opens the case; a proof kept in the history): no list of them is
    kept apart from their declarations."""
    none = {k for k, f in EFFECTS.items() if f is nothing}
    assert set(UNCHANGED) == none
    assert all(why.strip() for why in UNCHANGED.values())
    with pytest.raises(TypeError, match="say why the entry changes nothing"):
        changes_nothing(EventKind.HEARING_BEGUN, why=" ")
    assert EFFECTS[EventKind.HEARING_BEGUN] is not nothing


def test_a_case_replayed_by_a_module_importing_only_the_case_finds_every_effect() -> None:
    """`cases.case` reads the effects without importing the parts that declare them (they
    import it): importing `cases` loads them, so a fresh interpreter that imports only
    `cases.case` has every kind's effect."""
    code = ("from cases.case import Case\nfrom cases.effects import EFFECTS, undeclared\n"
            "assert undeclared() == [], undeclared()\nprint(len(EFFECTS))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(EventKind)
