pytest_plugins = ["tests.fixtures.servers", "tests.fixtures.app", "tests.fixtures.slack_stub",
                  "tests.fixtures.web", "tests.fixtures.browser", "tests.fixtures.oidc"]
