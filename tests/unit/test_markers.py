"""`-m "not postgres"` (and `-m postgres`) select what they say: the PostgreSQL half of a
test run on both backends carries the marker at collection time, where selection
happens, not only once its fixture runs (too late: the test was selected already)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ["tests/integration/storage/test_leader.py",
          "tests/integration/storage/test_cases_store.py"]


def collected(marker: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-m", marker, *SAMPLE], cwd=ROOT, capture_output=True, text=True, timeout=120,
        check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return [line for line in proc.stdout.splitlines() if "::" in line]


def test_not_postgres_leaves_out_every_postgresql_test() -> None:
    ids = collected("not postgres")
    assert ids and all("[sqlite]" in i for i in ids), ids
    assert not any("postgres" in i for i in ids)


def test_postgres_selects_exactly_the_postgresql_tests() -> None:
    ids = collected("postgres")
    assert ids and all("[postgres]" in i or "holder_dies" in i for i in ids), ids
    assert len(ids) == len(collected("not postgres")) + 1  # + the PostgreSQL-only test
