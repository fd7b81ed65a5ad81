"""One table defines each deadline (`cases.deadline_values.DEADLINES`): every key has its
row, a section leads to its deadlines in one hop, and docs/deadlines.md says what the
table says."""

from __future__ import annotations

import re
from pathlib import Path

from cases.deadlines import BY_SECTION, DEADLINES, TOLLED_KEYS, DeadlineKey

DOC = Path(__file__).resolve().parents[3] / "docs" / "deadlines.md"


def test_every_deadline_has_its_row_and_a_section_finds_its_deadlines() -> None:
    assert set(DEADLINES) == set(DeadlineKey)
    assert all(DEADLINES[k].key is k for k in DeadlineKey)
    assert BY_SECTION["§7"] == (DeadlineKey.HEARING_BEGIN, DeadlineKey.HEARING_CONCLUDE)
    assert BY_SECTION["§2"] == (DeadlineKey.NOTICE_24H, DeadlineKey.REGISTERED_MAIL)
    assert set(BY_SECTION["§7"]) | {DeadlineKey.DISCLOSURE_ESTIMATE} == TOLLED_KEYS
    extendable = {k for k, r in DEADLINES.items() if r.extended_by}
    assert extendable == {DeadlineKey.REPORT_DELIVERY, DeadlineKey.COUNCIL_DECISION}
    assert all(DEADLINES[k].extension_verb for k in extendable)


def test_the_documented_table_is_the_code_table() -> None:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `(\w+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|", line)
        if m and m.group(1) in set(DeadlineKey):
            rows[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    assert set(rows) == {k.value for k in DeadlineKey}
    for key, rule in DEADLINES.items():
        ordinance, period = rows[key.value]
        assert rule.section in ordinance, key
        assert period == rule.period, key
