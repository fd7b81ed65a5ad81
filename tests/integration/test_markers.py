"""`-m "not postgres"` (and `-m postgres`) select what they say: the PostgreSQL half of a
test run on both backends carries the marker at collection time, where selection
happens, not only once its fixture runs (too late: the test was selected already).

Read from this run's own collected items (`session.items`, what is left after `-m`
deselected), not by starting pytest again."""

from __future__ import annotations

import pytest

SAMPLE = "test_a_test_on_both_backends"


def test_a_test_on_both_backends(database_url: str) -> None:
    """The sample the next test reads: one test, a half on each backend."""
    assert database_url.startswith(("sqlite:", "postgresql"))


def test_the_postgresql_half_is_marked_when_selection_reads_it(
        request: pytest.FixtureRequest) -> None:
    items = request.session.items
    halves = {i.name.removeprefix(SAMPLE): i for i in items if i.name.startswith(SAMPLE)}
    assert "[sqlite]" in halves, sorted(halves)  # this test is not marked, nor is that half
    assert halves["[sqlite]"].get_closest_marker("postgres") is None
    if "postgres" in (request.config.option.markexpr or ""):  # "not postgres": left out
        assert "[postgres]" not in halves
    else:
        assert halves["[postgres]"].get_closest_marker("postgres") is not None
    on_postgres = [i.nodeid for i in items
                   if "postgres_url" in getattr(i, "fixturenames", ())
                   and i.get_closest_marker("postgres") is None]
    assert on_postgres == []  # a test asking for the server directly is marked too
