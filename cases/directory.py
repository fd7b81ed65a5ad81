"""The people of the city and their roles in the procedure.

The directory file (`city.example.yml`) is the source of roles: who is the mayor, the mayor's
designees, the council, the board and its chair, the examiners' rotational roster (§11),
and the officials who may be complained against. Loading the YAML is an adapter's job;
this module only holds the values and answers questions about them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from cases.languages import ComplainantLanguage
from cases.meeting_terms import Body
from cases.readings import DEFAULT, Readings
from cases.regular_meetings import RegularTime, RegularTimes


class Role(StrEnum):
    MAYOR = "mayor"
    DESIGNEE = "designee"  # the mayor's office
    ADMINISTRATOR = "administrator"
    CITY_ATTORNEY = "city_attorney"
    COUNCIL = "council"
    BOARD = "board"
    BOARD_CHAIR = "board_chair"
    EXAMINER = "examiner"
    OFFICIAL = "official"
    # reads the access log and checks the history chains (issue 27), and no case: no
    # step is theirs and `cases.access` lets them into none
    AUDITOR = "auditor"
    # approves the destruction of a case file whose retention period ended (RCW 40.14;
    # issue 27): never on their own request (`cases.retention`)
    RECORDS_OFFICER = "records_officer"


# The groups the ordinance gives acts to.
OFFICE = frozenset({Role.MAYOR, Role.DESIGNEE})  # the mayor's office (§2)
BOARD = frozenset({Role.BOARD, Role.BOARD_CHAIR})  # the ethics board (§7)
COUNCIL = frozenset({Role.COUNCIL})  # the city council (§7, §10, §12)
ATTORNEY = frozenset({Role.CITY_ATTORNEY})  # receives disclosure requests (§6)
RECORDS = frozenset({Role.RECORDS_OFFICER})  # approves destruction (RCW 40.14)


@dataclass(frozen=True)
class RetentionPeriod:
    """The city's retention of a closed case file (RCW 40.14; the Local Government Common
    Records Retention Schedule): the schedule's category as the city names it (its series
    and DAN) and the years it is kept after closure. Nothing is hard-coded: a city that
    sets none has no case due for review (`cases.retention`)."""

    category: str
    years: int


@dataclass(frozen=True)
class Absence:
    """A time an examiner on the roster cannot take a referral (leave, a trial): from
    `start` to `end`, both days included (§11's rotation skips them then)."""

    start: date
    end: date
    reason: str = ""

    def covers(self, day: date) -> bool:
        return self.start <= day <= self.end


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    slack: str | None = None
    title: str | None = None
    chair: bool = False
    # an examiner's standing conflicts (§11): the emails of the people (an official, a
    # complainant) they may not hear a matter involving, recorded once for every case
    conflicts: tuple[str, ...] = ()
    # an examiner's times away, recorded once for every case (§11's rotation skips them)
    unavailable: tuple[Absence, ...] = ()
    # §11: examiners "shall be licensed and practicing attorneys who are not residents of
    # the city": their bar licence as the bar lists it ("WSBA 51234") and where they live,
    # as the city's roster records them (`Directory.examiners_unqualified`)
    licence: str | None = None
    resides_in: str | None = None


@dataclass(frozen=True)
class Directory:
    city: str
    timezone: str
    mayor: Person
    designees: tuple[Person, ...] = ()
    administrator: Person | None = None
    city_attorney: Person | None = None
    council: tuple[Person, ...] = ()
    board: tuple[Person, ...] = ()
    examiners: tuple[Person, ...] = ()
    officials: tuple[Person, ...] = ()
    forwarders: tuple[str, ...] = ()
    holidays: tuple[date, ...] = field(default=())
    readings: Readings = DEFAULT  # the city's readings of contested passages
    # news outlets that asked to be told of special meetings (RCW 42.30.080); not people
    # of the procedure: they get a meeting's public notice and nothing else
    media: tuple[Person, ...] = ()
    # links typed for a meeting or a report may be plain http:// too (`cases.links`): for
    # a city whose meeting service has no https address; published as typed
    http_links: bool = False
    # the language the complainant's acknowledgement is written in (`cases.languages`)
    complainant_language: ComplainantLanguage = ComplainantLanguage.AS_WRITTEN
    auditors: tuple[Person, ...] = ()  # the access log and the chains, no case (issue 27)
    records_officer: Person | None = None  # approves destruction (RCW 40.14; issue 27)
    retention: RetentionPeriod | None = None  # a closed case file's retention (issue 27)
    # each body's regular meeting times, as the city fixed them (RCW 42.30.070); a body
    # not listed: a meeting called as regular is taken at the clerk's word
    regular_meetings: tuple[tuple[Body, tuple[RegularTime, ...]], ...] = ()

    @property
    def regular_times(self) -> RegularTimes:
        return dict(self.regular_meetings)

    @property
    def board_chair(self) -> Person | None:
        return next((p for p in self.board if p.chair), self.board[0] if self.board else None)

    @property
    def mayors_office(self) -> tuple[Person, ...]:
        """Who acts for the mayor under §2: the mayor and the designees."""
        return (self.mayor, *self.designees)

    def people(self) -> Iterable[Person]:
        """Everyone listed, each once (a person may hold two roles)."""
        seen: set[str] = set()
        for p in (
            self.mayor,
            *self.designees,
            *(x for x in (self.administrator, self.city_attorney, self.records_officer)
              if x is not None),
            *self.council,
            *self.board,
            *self.examiners,
            *self.officials,
            *self.auditors,
        ):
            if p.email.lower() not in seen:
                seen.add(p.email.lower())
                yield p

    def roles_of(self, person: Person) -> frozenset[Role]:
        key = person.email.lower()

        def has(group: Iterable[Person]) -> bool:
            return any(p.email.lower() == key for p in group)

        roles = set()
        if has([self.mayor]):
            roles.add(Role.MAYOR)
        if has(self.designees):
            roles.add(Role.DESIGNEE)
        if self.administrator and has([self.administrator]):
            roles.add(Role.ADMINISTRATOR)
        if self.city_attorney and has([self.city_attorney]):
            roles.add(Role.CITY_ATTORNEY)
        if has(self.council):
            roles.add(Role.COUNCIL)
        if has(self.board):
            roles.add(Role.BOARD)
        chair = self.board_chair
        if chair is not None and chair.email.lower() == key:
            roles.add(Role.BOARD_CHAIR)
        if has(self.examiners):
            roles.add(Role.EXAMINER)
        if has(self.officials):
            roles.add(Role.OFFICIAL)
        if has(self.auditors):
            roles.add(Role.AUDITOR)
        if self.records_officer and has([self.records_officer]):
            roles.add(Role.RECORDS_OFFICER)
        return frozenset(roles)

    def by_slack(self, slack_id: str) -> Person | None:
        return next((p for p in self.people() if p.slack == slack_id), None)

    def by_email(self, email: str) -> Person | None:
        key = email.strip().lower()
        return next((p for p in self.people() if p.email.lower() == key), None)

    def name_of(self, email: str, *, titled: bool = False) -> str:
        """A person as the directory names them ("Gary Pruitt, Parks Director" `titled`);
        as given when it lists no such address (no longer, or "ethicsbot")."""
        person = self.by_email(email)
        if person is None:
            return email
        return f"{person.name}, {person.title}" if titled and person.title else person.name

    def named(self, word: str) -> Person | None:
        """The one person `word` names: a Slack mention (<@U123|name>), an email, or one
        word of their name after an @ (None when it names nobody, or several)."""
        if word.startswith("<@"):
            return self.by_slack(word[2:-1].split("|", 1)[0])
        if not word.startswith("@"):
            return self.by_email(word)
        token = word[1:].casefold()
        named = [p for p in self.people()
                 if token and token in (n.casefold() for n in p.name.split())]
        return named[0] if len(named) == 1 else None

    def examiners_conflicted_with(self, people: Iterable[str]) -> frozenset[str]:
        """The examiners (emails) with a standing conflict with any of `people` (§11): the
        rotation skips them on a case involving them."""
        involved = {p.casefold() for p in people}
        return frozenset(e.email for e in self.examiners
                         if involved & {x.casefold() for x in e.conflicts})

    def examiner_unqualified(self, examiner: Person) -> str | None:
        """Why the city's file does not show `examiner` qualified to hear a matter (§11:
        "licensed and practicing attorneys who are not residents of the city"), in words
        for the clerk with what to add; None when it shows them qualified. EthicsBot
        cannot look a licence up: the roster's entry is the city's word that it is
        active, checked by whoever keeps the file."""
        if not (examiner.licence or "").strip():
            return (f"{examiner.name} ({examiner.email}): the directory file gives no bar "
                    "licence; add `licence: WSBA 12345` (§11: a licensed, practising "
                    "attorney)")
        if not (examiner.resides_in or "").strip():
            return (f"{examiner.name} ({examiner.email}): the directory file does not say "
                    "where they live; add `resides_in: <their city>` (§11: not a resident "
                    f"of {self.city})")
        if _place(examiner.resides_in or "") == _place(self.city):
            return (f"{examiner.name} ({examiner.email}) lives in {self.city} (§11: an "
                    "examiner is not a resident of the city)")
        return None

    def examiners_unqualified(self) -> dict[str, str]:
        """The examiners (emails) the rotation skips on every case, with why
        (`examiner_unqualified`)."""
        return {e.email: why for e in self.examiners
                if (why := self.examiner_unqualified(e)) is not None}

    def examiners_unavailable_on(self, day: date) -> frozenset[str]:
        """The examiners (emails) away on `day` (`Person.unavailable`): a referral that day
        goes to the next in rotation."""
        return frozenset(e.email for e in self.examiners
                         if any(a.covers(day) for a in e.unavailable))

    def respondent_candidates(self) -> tuple[Person, ...]:
        """Anyone listed but the examiners and the auditors may be complained against (the
        directory's roles): both come from outside the procedure to check it."""
        outside = {p.email.lower() for p in (*self.examiners, *self.auditors)}
        return tuple(p for p in self.people() if p.email.lower() not in outside)

    def match_respondents(self, text: str) -> tuple[Person, ...]:
        """Officials named in a complaint, in order of first mention.

        A person matches by full name, or by one of their own titles with their surname
        ("Councilmember Ortiz", "Mayor Rivera"); never by surname alone, since notifying
        the wrong official would itself breach §6. Case, accents and spacing are ignored.
        """
        hay = _fold(text)
        found: list[tuple[int, Person]] = []
        for person in self.respondent_candidates():
            hits = [at for n in self._name_forms(person)
                    if (at := _first_whole(_fold(n), hay)) >= 0]
            if hits:
                found.append((min(hits), person))
        return tuple(p for _, p in sorted(found, key=lambda x: x[0]))

    def _name_forms(self, person: Person) -> list[str]:
        parts = person.name.split()
        if not parts:
            return []
        titles = [person.title] if person.title else []
        roles = self.roles_of(person)
        if Role.MAYOR in roles:
            titles.append("Mayor")
        if Role.COUNCIL in roles:
            titles += ["Councilmember", "Council Member", "Councilman", "Councilwoman"]
        return [person.name, *(f"{t} {parts[-1]}" for t in titles)]


def _first_whole(phrase: str, hay: str) -> int:
    """Where `phrase` first stands as whole words in `hay` ("Tom Hale" is not in "Tom
    Haley" or "Atom Hale"), or -1. The pattern starts with the phrase itself, so the
    search skips ahead by its letters (a leading look-behind is checked at every
    position, forty times slower on a long complaint); the word before is checked here."""
    for m in re.compile(rf"{re.escape(phrase)}(?!\w)").finditer(hay):
        if m.start() == 0 or not re.match(r"\w", hay[m.start() - 1]):
            return m.start()
    return -1


def _fold(s: str) -> str:
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", s).casefold()


def _place(name: str) -> str:
    """A place's name compared as people write it: "City of Riverton", "riverton, WA" and
    "Riverton" are one place."""
    words = name.strip().lower().split(",")[0].split()
    if words[:2] == ["city", "of"]:
        words = words[2:]
    return " ".join(words)
