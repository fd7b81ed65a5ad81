"""Reading the words typed after `/ethics`: dates and times in the city's zone, choices,
numbers. A mistake raises `ProcedureError` with an example, so the error handler shows the
clerk what to type instead."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time

from bot.access import Caller
from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.errors import ProcedureError
from cases.text import whole_number

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass
class Words:
    """The words of a request, consumed left to right."""

    items: list[str]
    usage: str
    caller: Caller
    calendar: CityCalendar
    pos: int = field(default=0)
    now: datetime | None = None  # the injected clock's now, for a time typed without a date

    def _fail(self, problem: str) -> ProcedureError:
        return ProcedureError(f"{problem}. Type: `/ethics {self.usage}`")

    def next(self, what: str) -> str:
        if self.pos >= len(self.items):
            raise self._fail(f"Give {what}")
        self.pos += 1
        return self.items[self.pos - 1]

    def peek(self) -> str | None:
        return self.items[self.pos] if self.pos < len(self.items) else None

    def rest(self) -> str:
        text = " ".join(self.items[self.pos:])
        self.pos = len(self.items)
        return text

    def choice(self, what: str, options: dict[str, bool | str]) -> bool | str:
        word = self.next(what).lower()
        if word not in options:
            raise self._fail(f"{what} is one of {', '.join(options)}; {word!r} is not")
        return options[word]

    def number(self, what: str) -> int:
        word = self.next(what)
        number = whole_number(word, 4)
        if number is None:
            raise self._fail(f"{what} must be a whole number of days, not {word[:20]!r}")
        return number

    def day(self, what: str) -> date:
        word = self.next(what)
        try:
            return date.fromisoformat(word)
        except ValueError:
            raise self._fail(f"{what}: {word!r} is not a date like 2026-12-10") from None

    def at_day(self) -> bool:
        return bool(_DATE.fullmatch(self.peek() or ""))

    def optional_day(self) -> date | None:
        """A trailing `[DATE]`: the day the step happened, if not today."""
        return self.day("the date") if self.at_day() else None

    def moment(self, what: str) -> datetime:
        """A date and a 24-hour time, in the city's zone."""
        day = self.day(what)
        word = self.next(f"{what}'s time (like 18:00)")
        try:
            clock = time.fromisoformat(word)
        except ValueError:
            raise self._fail(f"{word!r} is not a time like 18:00") from None
        return self.at(day, clock)

    def at(self, day: date, clock: time) -> datetime:
        """`day` at `clock` in the city, refused if the clocks skip it (daylight saving)."""
        try:
            return self.calendar.wall(datetime.combine(day, clock))
        except ValueError as e:
            raise ProcedureError(str(e)) from None

    def at_person(self) -> bool:
        """The next word names a person: a Slack mention (<@U123|name>, when the command
        escapes them), an @name, or an email."""
        return "@" in (self.peek() or "")

    def person(self, what: str, directory: Directory) -> str:
        """The directory email of the person the next word names: by Slack id, by email,
        or by one word of their name after an @ (which must name one person only)."""
        word = self.next(what)
        found = directory.named(word)
        if found is None:
            raise self._fail(f"{what}: {word[:60]!r} is not one person in the city's directory "
                             "(give their email)")
        return found.email

    def done(self) -> None:
        if self.pos < len(self.items):
            raise self._fail(f"Unexpected {' '.join(self.items[self.pos:])!r}")


def sections(text: str) -> tuple[str, ...]:
    """Code sections as typed: '2.94.030, 2.94.040' or '2.94.030 2.94.040'."""
    return tuple(s for s in re.split(r"[\s,;]+", text.strip()) if s)


def slack_link(word: str) -> str:
    """Slack sends a pasted URL as `<https://...>` or `<https://...|label>`."""
    if word.startswith("<") and word.endswith(">"):
        return word[1:-1].split("|", 1)[0]
    return word
