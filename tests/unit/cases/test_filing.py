"""The written complaint (§1): what it must contain, and its round trip as plain data."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from cases.filing import (
    Complainant,
    Element,
    Filing,
    filing_from_data,
    filing_to_data,
    missing_elements,
)
from tests.unit.cases.riverton import filing


def test_a_complete_filing_misses_nothing() -> None:
    f = filing()
    assert missing_elements(has_facts=bool(f.facts), code_sections=f.code_sections,
                            has_reasons=bool(f.reasons), signed=f.signed,
                            complainant=f.complainant) == frozenset()


def test_each_missing_element_is_named() -> None:
    missing = missing_elements(has_facts=False, code_sections=[], has_reasons=False,
                               signed=False, complainant=Complainant(email="a@example.org"))
    assert missing == set(Element)
    # §1 asks for name, address and telephone; an email address alone is not required
    only_phone = missing_elements(
        has_facts=True, code_sections=("2.96.030",), has_reasons=True, signed=True,
        complainant=Complainant("Ada", None, None, "12 Elm St"))
    assert only_phone == {Element.PHONE}


def test_round_trip_through_plain_json() -> None:
    f = Filing(**{**filing().__dict__, "missing": frozenset({Element.SIGNATURE}),
                  "attachments": ("complaint.pdf",), "signed": False})
    data = json.loads(json.dumps(filing_to_data(f)))
    assert data["received_at"] == "2026-01-06T09:30:00-08:00"
    assert data["missing"] == ["signature"]
    assert filing_from_data(data) == f


def test_receipt_must_carry_a_zone() -> None:
    with pytest.raises(ValueError, match="time zone"):
        Filing(received_at=datetime(2026, 1, 6, 9, 30), complainant=Complainant())
