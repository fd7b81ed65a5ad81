"""slack/manifest.yml says what the code serves: one paste must give a working app."""

from __future__ import annotations

from pathlib import Path

import yaml

from bot.web import EVENTS_PATH

MANIFEST = Path(__file__).resolve().parents[3] / "slack" / "manifest.yml"


def test_the_manifest_matches_the_endpoint_the_command_and_the_events() -> None:
    m = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    (command,) = m["features"]["slash_commands"]
    settings = m["settings"]
    urls = [command["url"], settings["event_subscriptions"]["request_url"],
            settings["interactivity"]["request_url"]]
    assert command["command"] == "/ethics"
    assert all(u == f"https://YOUR-HOST{EVENTS_PATH}" for u in urls)
    assert settings["event_subscriptions"]["bot_events"] == ["app_home_opened"]
    assert settings["interactivity"]["is_enabled"] and m["features"]["app_home"][
        "home_tab_enabled"]
    # reminders arrive as DMs in the Messages tab, which people read but cannot write in
    assert m["features"]["app_home"]["messages_tab_enabled"]
    assert m["features"]["app_home"]["messages_tab_read_only_enabled"]
    assert set(m["oauth_config"]["scopes"]["bot"]) == {
        "commands", "chat:write", "groups:read", "im:read", "mpim:read"}
