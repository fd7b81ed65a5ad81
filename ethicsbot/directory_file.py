"""Read the city directory YAML (its shape: `city.example.yml`) into a `cases.directory.Directory`.

The file is validated with pydantic so a clerk who mistypes it hears which entry is wrong.
When the configured file does not exist, the embedded example city is used so that
`ethicsbot run` works on a fresh machine; the start-up banner says so.
"""

from __future__ import annotations

from datetime import date
from importlib import resources
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cases.calendar import CityCalendar
from cases.directory import Absence, Directory, Person, RetentionPeriod
from cases.languages import ComplainantLanguage
from cases.meeting_terms import Body
from cases.readings import DEFAULT, Readings
from cases.regular_meetings import parse_regular


class DirectoryError(Exception):
    """The directory file cannot be used; the message says where and why."""


class _Absence(BaseModel):
    """An examiner's time away: {from: 2027-01-04, to: 2027-01-15, reason: trial}."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    start: date = Field(alias="from")
    end: date = Field(alias="to")
    reason: str = ""

    @model_validator(mode="after")
    def _ordered(self) -> _Absence:
        if self.end < self.start:
            raise ValueError(f"an absence ending {self.end} before it starts ({self.start})")
        return self


class _Person(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    email: str
    slack: str | None = None
    title: str | None = None
    chair: bool = False
    conflicts: list[str] = []  # an examiner's standing conflicts: people's emails (§11)
    unavailable: list[_Absence] = []  # an examiner's times away (§11's rotation skips)
    licence: str | None = None  # an examiner's bar licence, "WSBA 51234" (§11)
    resides_in: str | None = None  # where an examiner lives: not the city (§11)

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        if "@" not in v or any(c in v for c in "\r\n <>,"):
            raise ValueError(f"not an email address: {v!r}")
        return v.strip()

    def to_person(self) -> Person:
        return Person(name=self.name, email=self.email, slack=self.slack, title=self.title,
                      chair=self.chair, conflicts=tuple(c.strip().lower() for c in self.conflicts),
                      unavailable=tuple(Absence(a.start, a.end, a.reason.strip())
                                        for a in self.unavailable),
                      licence=(self.licence or "").strip() or None,
                      resides_in=(self.resides_in or "").strip() or None)


class _Retention(BaseModel):
    """RCW 40.14: the retention schedule's category for a closed case file, as the city
    names it (series and DAN), and its years after closure."""

    model_config = ConfigDict(extra="forbid")
    category: str
    years: int

    @field_validator("category")
    @classmethod
    def _category(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("name the retention schedule's category (series and DAN)")
        return v.strip()

    @field_validator("years")
    @classmethod
    def _years(cls, v: int) -> int:
        if not 1 <= v <= 200:
            raise ValueError(f"a retention period of {v} years: give whole years, 1 to 200")
        return v


class _DirectoryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    city: str
    timezone: str = "America/Los_Angeles"
    holidays: list[date] = []
    mayor: _Person
    designees: list[_Person] = []
    administrator: _Person | None = None
    city_attorney: _Person | None = None
    council: list[_Person] = []
    board: list[_Person] = []
    examiners: list[_Person] = []
    officials: list[_Person] = []
    forwarders: list[str] = []
    # the city's readings of contested passages (`cases.readings`, defaults documented in
    # docs/deadlines.md): validated as the dataclass itself, an unknown name refused
    readings: Readings = DEFAULT
    media: list[_Person] = []  # news outlets that asked for special meeting notices
    http_links: bool = False  # accept plain http:// links typed for meetings and reports
    # the complainant's acknowledgement in the complaint's language, or in English
    complainant_language: ComplainantLanguage = ComplainantLanguage.AS_WRITTEN
    auditors: list[_Person] = []  # read the access log and check the chains (issue 27)
    records_officer: _Person | None = None  # approves destruction (RCW 40.14)
    retention: _Retention | None = None  # a closed case file's retention (RCW 40.14)
    # each body's regular meeting times (RCW 42.30.070): {"board": ["2nd Tue 18:00"]}
    regular_meetings: dict[Body, list[str]] = {}

    @field_validator("regular_meetings")
    @classmethod
    def _regular(cls, v: dict[Body, list[str]]) -> dict[Body, list[str]]:
        for times in v.values():
            for t in times:
                parse_regular(t)  # its ValueError says what a time looks like
        return v


def _ppl(items: list[_Person]) -> tuple[Person, ...]:
    return tuple(p.to_person() for p in items)


def parse_directory(text: str, *, source: str = "directory file") -> Directory:
    try:
        raw = yaml.safe_load(text)
        d = _DirectoryFile.model_validate(raw)
    except yaml.YAMLError as e:
        raise DirectoryError(f"{source} is not valid YAML: {e}") from e
    except ValidationError as e:
        where = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors()
        )
        raise DirectoryError(f"{source} has errors: {where}") from e
    forwarders = d.forwarders or [
        p.email for p in [d.mayor, *d.designees, *([d.administrator] if d.administrator else [])]
    ]
    return Directory(
        city=d.city,
        timezone=d.timezone,
        holidays=tuple(d.holidays),
        mayor=d.mayor.to_person(),
        designees=_ppl(d.designees),
        administrator=d.administrator.to_person() if d.administrator else None,
        city_attorney=d.city_attorney.to_person() if d.city_attorney else None,
        council=_ppl(d.council),
        board=_ppl(d.board),
        examiners=_ppl(d.examiners),
        officials=_ppl(d.officials),
        forwarders=tuple(f.strip().lower() for f in forwarders),
        readings=d.readings,
        media=_ppl(d.media),
        http_links=d.http_links,
        complainant_language=d.complainant_language,
        auditors=_ppl(d.auditors),
        records_officer=d.records_officer.to_person() if d.records_officer else None,
        retention=RetentionPeriod(d.retention.category, d.retention.years)
        if d.retention else None,
        regular_meetings=tuple((body, tuple(parse_regular(t) for t in times))
                               for body, times in d.regular_meetings.items() if times),
    )


def embedded_directory_text() -> str:
    return resources.files("ethicsbot").joinpath("default_city.yml").read_text(encoding="utf-8")


def load_directory(path: Path) -> tuple[Directory, bool]:
    """The directory at `path`, or the embedded example city; the flag says which."""
    if path.exists():
        return parse_directory(path.read_text(encoding="utf-8"), source=str(path)), False
    return parse_directory(embedded_directory_text(), source="embedded example city"), True


def city_calendar(directory: Directory, timezone: str | None = None) -> CityCalendar:
    """The city's calendar: its zone (a setting overrides the file's) and its holidays."""
    return CityCalendar(timezone or directory.timezone, directory.holidays)
