"""Every field of every intake-corpus message, compared as the corpus's check.py does.

The corpus (tests/data/intake, copied from shared/corpus/intake) records what a careful
person reads out of each message; its README says how each expectation was decided.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cases.directory import Directory
from mail.parsing import intake_json, parse_message
from tests.intake_score import wrong_fields
from tests.unit.mail.conftest import CITY_TZ, CORPUS

MESSAGES = sorted(CORPUS.glob("*.eml"))


def test_corpus_is_complete() -> None:
    assert len(MESSAGES) == 12
    assert all(p.with_name(p.stem + ".expected.json").exists() for p in MESSAGES)


@pytest.mark.parametrize("eml", MESSAGES, ids=[p.stem for p in MESSAGES])
def test_every_field_matches_the_expectation(eml: Path, directory: Directory) -> None:
    want = json.loads(eml.with_name(eml.stem + ".expected.json").read_text(encoding="utf-8"))
    got = intake_json(parse_message(eml.read_bytes(), directory=directory, timezone=CITY_TZ))
    wrong = wrong_fields(want, got)
    assert not wrong, wrong


@pytest.mark.parametrize("eml", MESSAGES, ids=[p.stem for p in MESSAGES])
def test_rejected_messages_leave_the_filing_empty(eml: Path, directory: Directory) -> None:
    result = parse_message(eml.read_bytes(), directory=directory, timezone=CITY_TZ)
    assert result.detail
    assert result.received_at.utcoffset() is not None
    if not result.accepted:
        out = intake_json(result)
        assert result.filing is None and result.forwarded_by is None
        assert out["complainant"] == {"name": None, "email": None, "phone": None,
                                      "address": None}
        assert out["code_sections"] == out["attachments"] == out["missing"] == []
    else:
        assert result.filing is not None
        assert result.filing.forwarded_by == result.forwarded_by
        assert result.filing.received_at == result.received_at
