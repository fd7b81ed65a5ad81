pytest_plugins = ["tests.fixtures.servers", "tests.fixtures.app", "tests.fixtures.slack_stub",
                  "tests.fixtures.web", "tests.fixtures.browser", "tests.fixtures.oidc"]

# Hypothesis: the default profile's examples for tests that name none; those that do scale
# with `tests.budget.examples` (thorough in CI, quick for a developer)
from hypothesis import settings  # noqa: E402

from tests.budget import THOROUGH  # noqa: E402

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=20, deadline=None)  # no timing noise
settings.load_profile("ci" if THOROUGH else "dev")
