"""Mail as real clients and machines write it (tests/data/clients, tests/data/machine),
complaints written in Spanish (tests/data/spanish) and forwards from clients in French
(tests/data/french).

Each forward's expectation asserts every field, the officials named and what the clerk
must confirm (`flags`); each machine message's asserts the refusal and what the message
is (`kind`). The shapes' sources are in the folders' READMEs; `scripts/score-intake`
prints the same comparison as a per-field table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cases.directory import Directory
from mail.parsing import intake_json, parse_message
from tests.intake_score import wrong_fields
from tests.unit.mail.conftest import CITY_TZ, CORPUS

DATA = CORPUS.parent
FORWARDS = sorted((DATA / "clients").glob("*.eml"))
MACHINE = sorted((DATA / "machine").glob("*.eml"))
LANGUAGES = sorted((DATA / "spanish").glob("*.eml")) + sorted((DATA / "french").glob("*.eml"))


def test_the_corpus_is_as_large_as_promised() -> None:
    assert len(FORWARDS) >= 60 and len(MACHINE) >= 40 and len(LANGUAGES) >= 12
    assert all(p.with_name(p.stem + ".expected.json").exists()
               for p in FORWARDS + MACHINE + LANGUAGES)


@pytest.mark.parametrize("eml", FORWARDS + MACHINE + LANGUAGES,
                         ids=[f"{p.parent.name}/{p.stem}" for p in FORWARDS + MACHINE + LANGUAGES])
def test_every_asserted_field_matches(eml: Path, directory: Directory) -> None:
    want = json.loads(eml.with_name(eml.stem + ".expected.json").read_text(encoding="utf-8"))
    got = intake_json(parse_message(eml.read_bytes(), directory=directory, timezone=CITY_TZ))
    assert not (wrong := wrong_fields(want, got)), wrong
