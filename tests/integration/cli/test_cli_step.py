"""`ethicsbot step`: any step at a terminal, in Slack's words, with the same checks (the
role, a body's act by motion at its noticed meeting) and an access log line naming the
login and the person it was taken as."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

import ethicsbot.bootstrap
from ethicsbot.bootstrap import App, bootstrap
from storage.models import AccessLogRow
from tests.fixtures.app import FakeClock, make_settings
from tests.fixtures.cases import a_filing, open_one
from tests.integration.cli.test_cli import here, run  # noqa: F401 - the fixture

LA = ZoneInfo("America/Los_Angeles")
CHAIR = ("--as", "hpark@city.test")


@pytest.fixture
def app(here: Path, database_url: str, monkeypatch: pytest.MonkeyPatch  # noqa: F811
        ) -> App:
    """The CLI's own bootstrap, on the test's clock."""
    clock = FakeClock()
    built = bootstrap(make_settings(here, database_url), clock=clock)
    monkeypatch.setattr(ethicsbot.bootstrap, "bootstrap", lambda *a, **kw: built)
    return built


def test_a_step_at_the_terminal_is_checked_as_on_every_surface(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    n = open_one(app)
    code, _, err = run(capsys, "step", "--as", "abrandt@city.test", "schedule", n,
                       "2026-12-10", "18:00", "special", "City", "Hall")
    assert code == 2 and "Only the board chair or the ethics board or the mayor" in err
    code, out, _ = run(capsys, "step", *CHAIR, "schedule", n, "2026-12-10", "18:00",
                       "special", "City", "Hall")
    assert code == 0 and f"{n}: " in out and "recorded" in out
    clock = app.clock
    assert isinstance(clock, FakeClock)
    clock.set(datetime(2026, 12, 10, 18, 5, tzinfo=LA))
    apply = ("continuance", "apply", n, "the", "respondent", "is", "ill")
    code, _, err = run(capsys, "step", *CHAIR, *apply)
    assert code == 2 and "taken by motion at its meeting" in err
    code, _, err = run(capsys, "step", *CHAIR, *apply, "motion:", "unanimous")
    assert code == 2 and "Record the roll call of meeting 1 first" in err
    assert run(capsys, "step", *CHAIR, "roll-call", n, "@park", "@osei", "@brooks")[0] == 0
    code, out, _ = run(capsys, "step", *CHAIR, *apply, "motion:", "unanimous")
    assert code == 0 and "recorded" in out
    code, _, err = run(capsys, "step", "--as", "nobody@example.org", "begin", n)
    assert code == 2 and "not in the city's directory" in err
    code, _, err = run(capsys, "step", *CHAIR, "frobnicate", n)
    assert code == 2 and "`frobnicate` is not a step" in err
    with app.session_factory() as s:
        actions = [r.action for r in s.scalars(select(AccessLogRow).where(
            AccessLogRow.channel == "cli").order_by(AccessLogRow.id))]
    assert actions == [
        "step schedule refused as abrandt@city.test", "step schedule as hpark@city.test",
        "step continuance apply failed as hpark@city.test",
        "step continuance apply failed as hpark@city.test",
        "step roll-call as hpark@city.test", "step continuance apply as hpark@city.test"]


def test_the_case_as_a_person_reads_it_is_in_city_time(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    n = open_one(app)
    code, out, _ = run(capsys, "case", n)
    assert code == 0 and "received Mon Nov 30, 2026 1:15 AM PST" in out
    assert "#1  Mon Nov 30, 2026" in out and "+00:00" not in out


def test_the_clerk_names_at_the_terminal_a_person_the_directory_does_not_list(
        app: App, capsys: pytest.CaptureFixture[str]) -> None:
    """`ethicsbot step name-respondent CASE new NAME; EMAIL; ADDRESS`, as in Slack: refused
    with no way to reach them, recorded with one (issue 25)."""
    n = open_one(app, replace(a_filing(), respondents=("the parks guy",)))
    with app.uow() as uow:
        assert uow.cases.get(n).respondents == ()  # type: ignore[union-attr]
    clerk = ("--as", "clerk@city.test")
    code, _, err = run(capsys, "step", *clerk, "name-respondent", n, "new", "Terry", "Vance")
    assert code == 2 and "email or postal address, or both" in err
    code, out, _ = run(capsys, "step", *clerk, "name-respondent", n, "new", "Terry", "Vance;",
                       "tvance@example.org")
    assert code == 0 and "recorded" in out
    with app.uow() as uow:
        case = uow.cases.get(n)
    assert case is not None and case.respondents == ("tvance@example.org",)
    assert case.named_officials["tvance@example.org"].name == "Terry Vance"
