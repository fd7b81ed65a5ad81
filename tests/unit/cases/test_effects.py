"""The table of effects (`cases.effects`): every kind of history entry has one effect, said
in one part of the procedure, the part whose handler records it."""

from __future__ import annotations

from cases.effects import EFFECTS, PARTS
from cases.effects.effect import nothing
from cases.history import EventKind
from cases.steps import STEPS


def test_every_event_kind_has_an_effect_or_is_declared_to_have_none() -> None:
    missing = [k.name for k in EventKind if k not in EFFECTS]
    assert missing == [], "give each kind its effect in its part (or `nothing`)"


def test_each_kind_has_its_effect_in_one_part_only() -> None:
    owners: dict[EventKind, list[str]] = {}
    for part, table in PARTS.items():
        for kind in table:
            owners.setdefault(kind, []).append(part)
    assert {k.name: parts for k, parts in owners.items() if len(parts) > 1} == {}
    assert sum(len(t) for t in PARTS.values()) == len(EFFECTS) == len(EventKind)


def test_a_steps_event_has_its_effect_in_the_part_that_declares_the_step() -> None:
    owner = {kind: part for part, table in PARTS.items() for kind in table}
    elsewhere = {s.id: (s.handler.__module__, owner[s.event]) for s in STEPS
                 if s.handler.__module__ != f"cases.handlers.{owner[s.event]}"}
    assert elsewhere == {}
    assert set(PARTS) == {s.handler.__module__.rsplit(".", 1)[1] for s in STEPS}


def test_an_entry_without_an_effect_is_taken_by_the_meetings_or_named_here() -> None:
    """An entry that changes no field is a meeting's (the meetings take it in), or one of
    these, each taken otherwise: the complaint opens the case, a corrected day rebuilds
    it, and the rest stay in the history as the proof or record they are."""
    none = {k for k, f in EFFECTS.items() if f is nothing and not k.rule.meetings}
    assert none == {EventKind.COMPLAINT_RECEIVED, EventKind.STEP_DATE_CORRECTED,
                    EventKind.DEADLINES_RECOMPUTED, EventKind.CORRESPONDENCE_FILED,
                    EventKind.RETURN_RECEIPT_RECORDED}
