"""The web writes days, moments, phone numbers and people as people write them (issue 41;
`web.formats`), and shows what is not one as it was given."""

from __future__ import annotations

from datetime import date, datetime

from jinja2 import Environment

from tests.unit.cases.riverton import CALENDAR, DIRECTORY
from web.formats import CALENDAR as CALENDAR_KEY
from web.formats import DIRECTORY as DIRECTORY_KEY
from web.formats import day, moment, moments_in, person, phone, register


def test_a_day_and_a_moment_read_as_a_clerk_writes_them() -> None:
    assert day("2026-12-08") == "Tue Dec 8, 2026" == day(date(2026, 12, 8))
    # a moment's day is the city's: 2 AM UTC on the 9th is still the 8th in Riverton
    assert day("2026-12-09T02:00:00+00:00", CALENDAR) == "Tue Dec 8, 2026"
    # a day period's last moment, to the minute, in city time
    assert moment("2026-12-09T07:59:59+00:00", CALENDAR) == "Tue Dec 8, 2026 11:59 PM PST"
    assert moment(datetime.fromisoformat("2026-12-01T16:30:00+00:00"), CALENDAR) == (
        "Tue Dec 1, 2026 8:30 AM PST")
    # what is no day or moment is shown as given, and nothing is a dash
    assert day("next Tuesday") == "next Tuesday" and moment("soon", CALENDAR) == "soon"
    assert moment("2026-12-08T18:00", CALENDAR) == "2026-12-08T18:00"  # no zone: as given
    assert day(None) == moment("", CALENDAR) == "—"
    # a server's reply kept as proof: its time stamps in city time, the rest as it was
    assert moments_in("posted 2026-11-30T17:00:00+00:00: a.html (sha256 2026-11-30)",
                      CALENDAR) == "posted Mon Nov 30, 2026 9:00 AM PST: a.html (sha256 2026-11-30)"


def test_a_phone_number_reads_as_the_city_writes_it() -> None:
    assert phone("+15095550134") == "(509) 555-0134" == phone("509.555.0134")
    assert phone("+44 20 7946 0958") == "+44 20 7946 0958"  # another country: its code
    assert phone("call the front desk") == "call the front desk"
    assert phone("555") == "555"  # no valid number: as typed
    assert phone(None) == "—"


def test_a_person_is_named_and_a_stranger_keeps_their_address() -> None:
    assert person("hpark@city.test", DIRECTORY) == "Helen Park"
    assert person("dw@example.net", DIRECTORY) == "dw@example.net"
    assert person("Dana Whitfield", DIRECTORY) == "Dana Whitfield"


def test_the_templates_have_them_as_filters() -> None:
    env = Environment(autoescape=True)
    register(env)
    page = env.from_string("{{ d|day }} | {{ m|moment }} | {{ p|phone }} | {{ e|person }}")
    assert page.render(d="2026-12-08", m="2026-12-09T07:59:59+00:00", p="+15095550134",
                       e="hpark@city.test", **{CALENDAR_KEY: CALENDAR,
                                               DIRECTORY_KEY: DIRECTORY}) == (
        "Tue Dec 8, 2026 | Tue Dec 8, 2026 11:59 PM PST | (509) 555-0134 | Helen Park")
