"""A small city for the unit tests: its directory, calendar and a complaint."""

from __future__ import annotations

from datetime import date, datetime

from cases.calendar import CityCalendar
from cases.directory import Directory, Person
from cases.filing import Complainant, Filing

MAYOR = Person("Pat Rivera", "mayor@city.test", slack="UMAYOR")
CLERK = Person("Casey Clerk", "clerk@city.test", slack="UCLERK", title="City Clerk")
COUNCIL = (
    Person("Priya Raman", "praman@city.test", slack="URAMAN"),
    Person("Anita Brandt", "abrandt@city.test"),
    Person("Ben Okafor", "bokafor@city.test"),
    Person("María Ortiz", "mortiz@city.test"),
    Person("Tom Hale", "thale@city.test"),
)
BOARD = (
    Person("Victor Osei", "vosei@city.test"),
    Person("Helen Park", "hpark@city.test", slack="UPARK", chair=True),
    Person("Dana Brooks", "dbrooks@city.test"),
)
EXAMINERS = (
    Person("Morgan Yu", "myu@examiners.example", licence="WSBA 40112", resides_in="Spokane"),
    Person("Sam Patel", "spatel@examiners.example", licence="WSBA 38907",
           resides_in="Cheney"),
    Person("Lee Fontaine", "lfontaine@examiners.example", licence="WSBA 51230",
           resides_in="Medical Lake"),
)
OFFICIALS = (
    Person("Gary Pruitt", "gpruitt@city.test", title="Parks Director"),
    Person("Lorna Bates", "lbates@city.test", title="Deputy Fire Chief"),
)

DIRECTORY = Directory(
    city="Riverton",
    timezone="America/Los_Angeles",
    mayor=MAYOR,
    designees=(CLERK,),
    administrator=Person("Alex Admin", "cityadmin@city.test", title="City Administrator"),
    city_attorney=Person("Jordan Lee", "attorney@city.test", slack="UATTY"),
    council=COUNCIL,
    board=BOARD,
    examiners=EXAMINERS,
    officials=OFFICIALS,
    forwarders=("mayor@city.test", "clerk@city.test", "cityadmin@city.test"),
    holidays=(date(2026, 8, 14),),
)

CALENDAR = CityCalendar(DIRECTORY.timezone, DIRECTORY.holidays)
COUNCIL_EMAILS = frozenset(p.email for p in COUNCIL)
SECTION_A, SECTION_B, SECTION_OTHER = "2.96.030(A)", "2.96.030(B)", "2.96.040"


def at(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


def filing(received: str = "2026-01-06T09:30:00-08:00",
           respondents: tuple[str, ...] = ("Gary Pruitt",)) -> Filing:
    return Filing(
        received_at=at(received),
        complainant=Complainant("Ada Citizen", "ada@example.org", "+12065550100",
                                "12 Elm St, Riverton, WA 98000"),
        facts="On Dec 3 the Parks Director awarded the mowing contract to his brother's firm.",
        code_sections=(SECTION_A, SECTION_B),
        reasons="He had a financial interest and did not recuse.",
        signed=True,
        respondents=respondents,
        forwarded_by="clerk@city.test",
    )
