# Only what every directory shares; the fixtures of servers, the app, Slack, the web and the
# browser are loaded by the conftest of each directory that uses them, so a pure-rule test
# under tests/unit starts without importing them
pytest_plugins = ["tests.fixtures.markers"]

# Hypothesis: the default profile's examples for tests that name none; those that do scale
# with `tests.budget.examples` (thorough in CI, quick for a developer)
from hypothesis import settings  # noqa: E402

from tests.budget import THOROUGH  # noqa: E402

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=20, deadline=None)  # no timing noise
settings.load_profile("ci" if THOROUGH else "dev")
