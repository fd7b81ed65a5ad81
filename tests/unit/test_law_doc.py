"""docs/law.md, the city attorney's matrix of the law, cites only what exists: each step
(`cases.steps.STEPS`), deadline key, module, test and reading it names is there (a
reading with the default the page gives it), every section §1-§14 has its row, and every
step, deadline and reading the code has is cited somewhere on the page. Whether a row's
words are right is the city attorney's reading, not this test's."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from cases import steps
from cases.deadline_values import DeadlineKey
from cases.readings import DEFAULT, Readings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "law.md"
TICKED = re.compile(r"`([^`]+)`")
TEST_REF = re.compile(r"^(tests/[\w/]+\.py)::(\w+)$")
# the columns of each table of provisions
PROVISION, STEPS, WHERE, TESTS, READINGS = (
    "provision", "steps", "deadlines, code", "tests", "readings")


def tables() -> list[dict[str, str]]:
    """The rows of the page's tables of provisions, each as {column: cell}."""
    out: list[dict[str, str]] = []
    header: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-: "):  # not the |---| line
            out.append(dict(zip(header, cells, strict=True)))
    return [row for row in out if STEPS in row]


def ticked(row: dict[str, str], column: str) -> list[str]:
    """The backticked names of one cell; a cell naming nothing says 'none'."""
    names = TICKED.findall(row[column])
    assert names or row[column].startswith("none"), (row[PROVISION][:40], column)
    return names


def test_the_page_has_its_tables() -> None:
    rows = tables()
    assert len(rows) >= 14
    assert all({PROVISION, STEPS, WHERE, TESTS, READINGS} <= set(row) for row in rows)


def test_every_section_of_the_ordinance_has_its_row() -> None:
    sections = {int(m.group(1)) for row in tables()
                if (m := re.match(r"§(\d+)\b", row[PROVISION]))}
    assert set(range(1, 15)) <= sections, sorted(set(range(1, 15)) - sections)


def test_every_step_cited_exists_and_every_step_is_cited() -> None:
    known = {s.id for s in steps.STEPS}
    cited = {name for row in tables() for name in ticked(row, STEPS)}
    assert cited <= known, sorted(cited - known)
    assert known <= cited, f"steps with no row in docs/law.md: {sorted(known - cited)}"


def test_every_deadline_and_module_cited_exists_and_every_deadline_is_cited() -> None:
    keys = {k.value for k in DeadlineKey}
    cited = [name for row in tables() for name in ticked(row, WHERE)]
    unknown = [name for name in cited
               if name not in keys and not (name.endswith(".py") and (ROOT / name).is_file())]
    assert not unknown, unknown
    assert keys <= set(cited), f"deadlines with no row: {sorted(keys - set(cited))}"


def test_every_test_cited_exists() -> None:
    refs = [name for row in tables() for name in ticked(row, TESTS)]
    # the page's other tables (the gaps checked) cite tests too
    refs += [name for name in TICKED.findall(DOC.read_text(encoding="utf-8"))
             if name.startswith("tests/") and "::" in name]
    assert refs
    missing = []
    for ref in refs:
        m = TEST_REF.match(ref)
        path = ROOT / m.group(1) if m else None
        if m is None or path is None or not path.is_file() or not re.search(
                rf"^(async )?def {m.group(2)}\(", path.read_text(encoding="utf-8"),
                re.MULTILINE):
            missing.append(ref)
    assert not missing, missing


def test_every_reading_is_cited_with_its_default() -> None:
    defaults = {f.name: str(getattr(DEFAULT, f.name)) for f in dataclasses.fields(Readings)}
    cited: set[str] = set()
    for row in tables():
        for name in ticked(row, READINGS):
            reading, _, default = name.partition("=")
            assert reading in defaults, name
            assert default == defaults[reading], f"{name}: the default is {defaults[reading]}"
            cited.add(reading)
    assert set(defaults) <= cited, f"readings with no row: {sorted(set(defaults) - cited)}"
