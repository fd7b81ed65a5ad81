"""Every field of every intake-corpus message, compared as the corpus's check.py does.

The corpus (tests/data/intake, copied from shared/corpus/intake) records what a careful
person reads out of each message; its README says how each expectation was decided.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from cases.directory import Directory
from mail.parsing import intake_json, parse_message
from tests.unit.mail.conftest import CITY_TZ, CORPUS

MESSAGES = sorted(CORPUS.glob("*.eml"))
FIELDS = ["accepted", "reject_reason", "received_at", "forwarded_by", "complainant.name",
          "complainant.email", "complainant.phone", "complainant.address", "code_sections",
          "attachments", "missing"]
LISTS = {"code_sections", "attachments", "missing"}


def get(record: dict[str, Any], dotted: str) -> Any:
    cur: Any = record
    for key in dotted.split("."):
        if not isinstance(cur, dict) or key not in cur:
            return [] if dotted in LISTS else None
        cur = cur[key]
    return [] if cur is None and dotted in LISTS else cur


def nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def comparable(field: str, value: Any) -> Any:
    """The form check.py compares a field in (same rules, written as a normaliser)."""
    if value is None:
        return None
    if field == "received_at":
        moment = datetime.fromisoformat(value)
        assert moment.utcoffset() is not None, "received_at must carry an offset"
        return moment
    if field == "code_sections":
        return [re.sub(r"\s+", "", x).upper() for x in value]
    if field == "missing":
        return {x.strip().lower() for x in value}
    if field == "attachments":
        return {nfc(x) for x in value}
    if field in ("forwarded_by", "complainant.email"):
        return value.strip().lower()
    if field == "complainant.name":
        return re.sub(r"\s+", " ", nfc(value)).strip().casefold()
    if field == "complainant.address":
        return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", nfc(value).lower())).strip()
    if field == "complainant.phone":
        return re.sub(r"\s+", "", value)
    return value


def test_corpus_is_complete() -> None:
    assert len(MESSAGES) == 12
    assert all(p.with_name(p.stem + ".expected.json").exists() for p in MESSAGES)


@pytest.mark.parametrize("eml", MESSAGES, ids=[p.stem for p in MESSAGES])
def test_every_field_matches_the_expectation(eml: Path, directory: Directory) -> None:
    want = json.loads(eml.with_name(eml.stem + ".expected.json").read_text(encoding="utf-8"))
    got = intake_json(parse_message(eml.read_bytes(), directory=directory, timezone=CITY_TZ))
    fields = FIELDS if want["accepted"] else FIELDS[:2]
    wrong = {}
    for field in fields:
        w, g = comparable(field, get(want, field)), comparable(field, get(got, field))
        if field == "received_at" and w is not None and g is not None:
            ok = abs((w - g).total_seconds()) <= 60
        else:
            ok = w == g and (field != "accepted" or isinstance(get(got, field), bool))
        if not ok:
            wrong[field] = {"want": get(want, field), "got": get(got, field)}
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
