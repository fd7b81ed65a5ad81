"""Browser tests run on SQLite only: the rules they exercise are the web's, and the
integration tests already run every page on both backends. The fixtures are loaded here,
not in the root conftest, so that the unit tests start without them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures.app import *  # noqa: F403
from tests.fixtures.browser import *  # noqa: F403
from tests.fixtures.oidc import *  # noqa: F403
from tests.fixtures.servers import *  # noqa: F403
from tests.fixtures.web import *  # noqa: F403


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'ethicsbot.db'}"
