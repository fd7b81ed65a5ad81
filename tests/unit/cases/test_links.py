"""Links a person types are published as typed (postings, their PDF, notices): only https
web addresses pass, and, for the written report, a Slack file id (issue 24)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cases import commands as c
from cases.errors import ProcedureError
from cases.links import report_link, web_link
from cases.procedure import handle
from tests.unit.cases.riverton import CALENDAR, at
from tests.unit.cases.sessions import at_its_meeting
from tests.unit.cases.test_meetings import HEARING, new_case
from tests.unit.cases.test_procedure import CLERK, do, refused


@pytest.mark.parametrize("typed", [
    "javascript:alert(document.cookie)", "JavaScript:alert(1)", " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
    "http://meet.city.example/ethics", "https://", "https:///path", "//evil.example/x",
    "https://meet.city.example/a b", "https://meet.city.example/\x00", "meet.city.example",
    "vbscript:msgbox(1)", "https://meet.city.example/" + "a" * 2000,
])
def test_anything_but_an_https_address_with_a_host_is_refused(typed: str) -> None:
    with pytest.raises(ProcedureError, match=r"must be an https:// web address"):
        web_link(typed, "The remote link")


def test_an_https_address_or_nothing_passes_and_the_report_may_be_a_slack_file() -> None:
    assert web_link("  https://meet.city.example/ethics?id=7  ", "x") == (
        "https://meet.city.example/ethics?id=7")
    assert web_link("", "x") is None and web_link(None, "x") is None
    assert report_link("F0123ABCD") == "F0123ABCD"
    with pytest.raises(ProcedureError, match="a Slack file id"):
        report_link("javascript:alert(1)")


@given(st.text(max_size=80))
def test_whatever_is_typed_is_refused_or_an_https_address(typed: str) -> None:
    try:
        link = web_link(typed, "The remote link")
    except ProcedureError:
        return
    assert link is None or link.lower().startswith("https://")


def test_the_schedule_step_refuses_a_javascript_link_and_takes_an_https_one() -> None:
    case = new_case()
    when = "2026-01-12T09:00:00-08:00"
    refused(case, c.ScheduleBoardMeeting(HEARING, "City Hall", remote_link="javascript:alert(1)"),
            when, "must be an https:// web address")
    do(case, c.ScheduleBoardMeeting(HEARING, "City Hall", remote_link="https://meet.city.example/e"),
       when)
    assert case.board_meeting is not None and case.board_meeting.remote_link == "https://meet.city.example/e"


def test_plain_http_passes_only_where_the_city_accepts_it_and_nothing_else_does() -> None:
    """Issue 24: "only https: (and http: if the city says so)"; the directory file's
    `http_links: true` reaches the step through `take_step` (`Directory.http_links`)."""
    typed = "http://meet.city.example/ethics"
    with pytest.raises(ProcedureError, match=r"must be an https:// web address.*http:\)"):
        web_link(typed, "The remote link")
    assert web_link(typed, "The remote link", http=True) == typed
    for other in ("javascript:alert(1)", "file:///etc/passwd", "http://", "ftp://x.example/"):
        with pytest.raises(ProcedureError, match=r"must be an https:// or http:// web"):
            web_link(other, "The remote link", http=True)
    assert report_link(typed, http=True) == typed
    case = new_case()
    when = "2026-01-12T09:00:00-08:00"
    hearing = c.ScheduleBoardMeeting(HEARING, "City Hall", remote_link=typed)
    refused(case, hearing, when, "must be an https:// web address")
    handle(case, at_its_meeting(case, hearing, when), at=at(when), actor=CLERK,
           calendar=CALENDAR, http_links=True)
    assert case.board_meeting is not None and case.board_meeting.remote_link == typed

