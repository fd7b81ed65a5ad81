"""Shared fixtures for the mail-parsing tests: the example city and the intake corpus."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from cases.directory import Directory
from ethicsbot.directory_file import embedded_directory_text, parse_directory

CORPUS = Path(__file__).resolve().parents[2] / "data" / "intake"
CITY_TZ = ZoneInfo("America/Los_Angeles")


@pytest.fixture(scope="session")
def directory() -> Directory:
    """The embedded example city (Riverton), whose people the corpus names."""
    return parse_directory(embedded_directory_text(), source="embedded example city")
