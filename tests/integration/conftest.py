"""The fixtures the integration tests use, loaded here rather than in the root conftest so that the
unit tests start without them (`tests.fixtures.markers`)."""

from tests.fixtures.app import *  # noqa: F403
from tests.fixtures.oidc import *  # noqa: F403
from tests.fixtures.servers import *  # noqa: F403
from tests.fixtures.slack_stub import *  # noqa: F403
from tests.fixtures.web import *  # noqa: F403
