"""Browser tests run on SQLite only: the rules they exercise are the web's, and the
integration tests already run every page on both backends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'ethicsbot.db'}"
