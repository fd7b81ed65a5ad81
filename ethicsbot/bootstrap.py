"""The composition root: the only place that builds the engine, the calendar, the
directory and the clock. It takes overrides (tests pass a fixed clock or an engine) and
nothing happens at import time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.ports import Clock
from ethicsbot.directory_file import city_calendar, load_directory
from ethicsbot.settings import Settings, load_settings
from storage.db import make_engine, make_session_factory
from storage.migrate import upgrade
from storage.uow import SqlUnitOfWork

if TYPE_CHECKING:
    from mail.intake import IntakeContext
    from mail.parsing import ParseRules


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass
class App:
    settings: Settings
    directory: Directory
    directory_is_example: bool
    calendar: CityCalendar
    engine: Engine
    session_factory: sessionmaker[Any]
    clock: Clock

    def uow(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.session_factory, clock=self.clock,
                             msgid_domain=self.settings.msgid_domain)

    def parse_rules(self) -> ParseRules:
        return parse_rules(self.settings, self.directory, self.calendar)

    def intake(self) -> IntakeContext:
        from mail.intake import IntakeContext

        return IntakeContext(uow=self.uow, directory=self.directory, calendar=self.calendar,
                             clock=self.clock, rules=self.parse_rules(),
                             daily_cap=self.settings.intake_daily_cap)


def parse_rules(settings: Settings, directory: Directory, calendar: CityCalendar
                ) -> ParseRules:
    """How intake reads mail under these settings (the CLI's `intake` reads the same way)."""
    from mail.parsing import ParseRules

    return ParseRules(directory, calendar.tz, (settings.msgid_domain,),
                      settings.trusted_authserv_id)


def bootstrap(
    settings: Settings | None = None,
    *,
    clock: Clock = system_clock,
    engine: Engine | None = None,
    directory: Directory | None = None,
    migrate: bool = True,
) -> App:
    settings = settings or load_settings()
    is_example = False
    if directory is None:
        directory, is_example = load_directory(settings.directory)
    engine = engine or make_engine(settings.database_url)
    if migrate:
        upgrade(engine)
    return App(settings=settings, directory=directory, directory_is_example=is_example,
               calendar=city_calendar(directory, settings.timezone), engine=engine,
               session_factory=make_session_factory(engine), clock=clock)


