"""How hard the property and fuzz tests try: thoroughly in CI (`CI=true`, the examples
each test names), quickly on a developer's machine (a fifth of them, at least 10), so a
change can be tried in seconds and is still tried hard before it lands."""

from __future__ import annotations

import os

THOROUGH = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def examples(thorough: int) -> int:
    """The number of examples for a property test that wants `thorough` in CI."""
    return thorough if THOROUGH else max(10, thorough // 5)
