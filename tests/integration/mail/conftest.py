"""Fixtures the mail integration tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ethicsbot.bootstrap import App
from mail.listener.read_ahead import ReadAhead


@pytest.fixture
def read_ahead(app: App) -> Iterator[ReadAhead]:
    """A read-ahead process for `app`'s intake, on even where it would be off."""
    reader = ReadAhead(app.intake())
    reader._enabled = True  # also on a one-core machine: this is what is tested
    yield reader
    reader.close()
