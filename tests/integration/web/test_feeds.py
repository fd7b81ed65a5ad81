"""Calendar feeds: a private, revocable subscription URL per person, served as iCalendar
that `icalendar` parses, matching their deadlines and their invites."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from icalendar import Calendar

from cases import commands as c
from tests.fixtures.cases import step
from tests.fixtures.web import Site, csrf_of
from tests.integration.bot.conftest import open_case

CHAIR, OFFICIAL = "hpark@city.test", "gpruitt@city.test"


async def subscribe(site: Site) -> str:
    page = await site.get("/feed")
    made = await site.post("/feed", {"csrf": csrf_of(page.text)})
    found = re.search(r'id="feed-url">([^<]+)<', made.text)
    assert found, made.text
    return found.group(1)


async def test_a_feed_lists_the_chairs_deadlines_and_hearing(site: Site) -> None:
    number = open_case(site.app)
    step(site.app, number, c.ScheduleBoardMeeting(site.app.clock() + timedelta(days=9),
                                             "Council Chambers"), actor=CHAIR)
    await site.sign_in(CHAIR)
    url = await subscribe(site)
    site.http.cookie_jar.clear()  # a calendar app has no session
    answer = await site.get(url.removeprefix(site.url))
    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/calendar")
    cal = Calendar.from_ical(answer.text)
    assert "METHOD" not in cal
    events = {str(e["UID"]): e for e in cal.walk("VEVENT")}
    n = number.lower()
    assert set(events) == {f"{n}-deadline-hearing_begin@ethicsbot.city.test",
                           f"{n}-deadline-hearing_conclude@ethicsbot.city.test",
                           f"{n}-meeting-1@ethicsbot.city.test",
                           f"{n}-sufficiency-window@ethicsbot.city.test"}
    begin = events[f"{n}-deadline-hearing_begin@ethicsbot.city.test"]
    assert str(begin["DTSTART"].to_ical().decode()) == "20261221"  # Sat Dec 19 -> Mon Dec 21
    hearing = events[f"{n}-meeting-1@ethicsbot.city.test"]
    assert hearing["DTSTART"].dt.utcoffset() == timedelta(0)  # UTC
    assert hearing["LOCATION"] == "Council Chambers"
    assert "Gary" not in answer.text and "Whitfield" not in answer.text  # no names
    # the same UID as the invite mailed for the hearing: one entry in a calendar, not two
    again = Calendar.from_ical((await site.get(url.removeprefix(site.url))).text)
    assert {str(e["UID"]) for e in again.walk("VEVENT")} == set(events)


async def test_a_new_or_revoked_address_stops_the_old_one(site: Site) -> None:
    open_case(site.app)
    await site.sign_in(CHAIR)
    first = await subscribe(site)
    second = await subscribe(site)
    assert first != second
    assert (await site.get(first.removeprefix(site.url))).status == 404
    assert (await site.get(second.removeprefix(site.url))).status == 200
    page = await site.get("/feed")
    await site.post("/feed/revoke", {"csrf": csrf_of(page.text)})
    assert (await site.get(second.removeprefix(site.url))).status == 404


async def test_the_respondent_sees_the_hearing_but_not_deadlines(site: Site) -> None:
    number = open_case(site.app)
    step(site.app, number, c.ScheduleBoardMeeting(datetime.fromisoformat(
        "2026-12-10T18:00:00-08:00"), "Council Chambers"), actor=CHAIR)
    await site.sign_in(OFFICIAL)
    url = await subscribe(site)
    cal = Calendar.from_ical((await site.get(url.removeprefix(site.url))).text)
    assert [str(e["UID"]) for e in cal.walk("VEVENT")] == [
        f"{number.lower()}-meeting-1@ethicsbot.city.test"]
