"""The docket and the case view, read for someone (Slack's `/ethics status`, the web's
docket, case page and forms): what `storage.queries` reads as stored, let through as far
as `cases.access` lets the one asking see it, and written to the access log (§6).

One way each is read, whoever runs it: a read (`docket_read`, `case_view_read`) is the
statements to execute and how their rows become the answer, run by a `DocketReader`: in a
session on the event loop (`InlineDocket`, SQLite) or on asyncio connections
(`storage.async_docket.PooledDocket`, PostgreSQL).

The case view: the stored view (`queries.case_view_statements`' one statement), the access
it gives the one asking, and the line in the access log written with it: by the
statement that reads the case when that line is known beforehand (`case_view_read`),
else once access is decided (`CaseViewRead.decide`). A case hidden from the asker and an
absent one are refused alike (`Refused`), except to those who see the whole docket, who
are told there is no such case (`NoSuchCase`); each surface words the refusal its own way.

Someone entitled to no more than anyone (PUBLIC: a closed case's released records) is
let through only where the surface shows those records (`public_ok`), and the log names
the records shown (`cases.public_records.shown_action`).

A page of the open docket (`docket_read`) is all of it for those who see the whole
docket, the cases against them for an official, and refused (`NOT_LISTED`) to anyone
else; the look is logged in the statement that reads it (`queries.docket_statements`'
`logged`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.orm import Session, sessionmaker

from cases.access import (
    NOT_ENTITLED,
    NOT_LISTED,
    Actor,
    DocketScope,
    Refused,
    case_access,
    docket_access,
    docket_scope,
    is_walled,
    sees_every_case,
)
from cases.levels import Access
from cases.protection import as_seen
from cases.public_records import shown_action
from cases.readings import Readings
from storage import queries
from storage.queries import CaseView


@dataclass(frozen=True)
class Asker:
    """Who looks, as the access log names them, and through which surface."""

    actor: Actor
    who: str
    channel: str


Page = tuple[list[dict[str, Any]], bool]  # a docket page's lines, and whether more follow


class NoSuchCase(Exception):
    """Said only to those who see the whole docket (anyone else learns nothing)."""


def _line(asker: Asker, number: str | None, action: str, *, allowed: bool, now: datetime
          ) -> queries.Look:
    """The access-log line of a look, cut to the log's columns."""
    return queries.Look(at=now, who=asker.who[:320], number=(number or "")[:20] or None,
                        action=action[:80], channel=asker.channel, allowed=allowed)


@dataclass(frozen=True)
class CaseViewDecision:
    """What the case view comes to for the asker: the access it gives, its access-log
    line, and the answer (`answer`): the view as they may see it, or the refusal."""

    asker: Asker
    number: str
    view: CaseView | None
    access: Access
    line: queries.Look

    def answer(self) -> tuple[Access, CaseView]:
        if self.view is None or self.access is Access.NONE:
            if self.asker.actor.email is None:
                raise Refused(NOT_LISTED)
            if self.view is None and docket_scope(self.asker.actor) is DocketScope.ALL:
                raise NoSuchCase(self.number)
            raise Refused(NOT_ENTITLED)
        # a complainant withheld (`cases.protection`) is seen by full access alone
        return self.access, as_seen(self.view, self.access)


@dataclass(frozen=True)
class CaseViewRead:
    """The case view as it is read for an asker: the statements (the last gives the
    view's rows), and how their rows become the decision (`decide`). Built once for both
    ways it is run (`DocketReader.case_view`)."""

    asker: Asker
    number: str
    action: str
    now: datetime
    readings: Readings
    public_ok: bool
    statements: list[queries.Statement]
    logged: tuple[queries.Look, queries.Look] | None  # the line they write: found, not

    def decide(self, rows: list[Any]) -> tuple[CaseViewDecision, list[queries.Statement]]:
        """What the rows come to for the asker, and the statements still to run: its
        access-log line, unless the read wrote that very line (an asker who sees every
        case)."""
        view = queries.case_view_of(rows, number=self.number, now=self.now,
                                    readings=self.readings)
        action = self.action
        access = Access.NONE if view is None else case_access(
            self.asker.actor, respondents=view["respondents"], closed=not view["confidential"],
            released=view["released"], walled=view["walled"])
        if access is Access.PUBLIC and view is not None:
            access = access if self.public_ok else Access.NONE
            action = shown_action(view["released"]) if self.public_ok else action
        allowed = access is not Access.NONE
        decided = CaseViewDecision(self.asker, self.number, view, access, _line(
            self.asker, self.number, action if allowed else f"{action} refused",
            allowed=allowed, now=self.now))
        # the line the read wrote: the found look's, unless the case is missing or the asker
        # is walled off from it (the read's own test, `queries.case_view_statements`)
        seen = view is not None and not is_walled(self.asker.actor, view["walled"])
        wrote = None if self.logged is None else self.logged[0 if seen else 1]
        written = wrote == decided.line
        return decided, [] if written else [queries.access_row(decided.line)]


def case_view_read(asker: Asker, number: str, action: str, *, now: datetime,
                   readings: Readings, public_ok: bool, dialect: str) -> CaseViewRead:
    """How the case view of `number` is read for `asker`: with the look's line when it is
    known before reading (`cases.access.sees_every_case`: allowed if the case exists),
    else the line is written once the case has been read and the access decided."""
    logged = (_line(asker, number, action, allowed=True, now=now),
              _line(asker, number, f"{action} refused", allowed=False, now=now)
              ) if sees_every_case(asker.actor) else None
    statements = queries.case_view_statements(
        number, dialect=dialect, logged=logged, asker=asker.actor.email or "") if number else []
    return CaseViewRead(asker, number, action, now, readings, public_ok, statements,
                        logged if number else None)


OPEN = queries.DocketView()  # the open docket, as cases were opened: the default view


@dataclass(frozen=True)
class DocketRead:
    """A page of the open docket as it is read for an asker: the statements (the last
    gives the rows; the look's access-log row is among them) and how their answer is
    turned into the page (`answer`). Built once for both ways it is run
    (`DocketReader.docket`)."""

    statements: list[queries.Statement]
    size: int | None  # None: every line (the export)
    refused: bool  # the asker may see no docket: the statements only log the refusal

    def answer(self, rows: list[Any]) -> Page:
        """The page's lines and whether more follow; `Refused` if the asker may see none."""
        if self.refused:
            raise Refused(NOT_LISTED)
        if self.size is None:
            return queries.docket_of(rows), False
        return queries.docket_of(rows[:self.size]), len(rows) > self.size


def docket_read(asker: Asker, page: int, *, size: int | None, now: datetime, dialect: str,
                view: queries.DocketView = OPEN) -> DocketRead:
    """Page `page` (from 1) of `size` lines of the docket `asker` may see (all of it, or
    the cases against them), as `view` filters and sorts it (the open docket by
    default), read with one line more to tell whether more follow; `size` None: all of
    it (the export)."""
    scope = docket_scope(asker.actor)
    action = f"docket page {page}" if size is not None else "docket export"
    line = _line(asker, None, action if view == OPEN else f"{action} ({view.words})",
                 allowed=scope is not DocketScope.NONE, now=now)
    if scope is DocketScope.NONE:
        return DocketRead([queries.access_row(line)], size, refused=True)
    return DocketRead(queries.docket_statements(
        dialect=dialect, view=view, now=now,
        involving=asker.who if scope is DocketScope.INVOLVING else None,
        walled_as=asker.actor.email if scope is DocketScope.ALL else None,
        searcher=(asker.actor.email or asker.who, docket_access(asker.actor)),
        limit=None if size is None else size + 1,
        offset=0 if size is None else (page - 1) * size, logged=line), size, refused=False)


@dataclass(frozen=True)
class CountsRead:
    """How many cases each view of the asker's docket holds, as it is read
    (`docket_counts_read`): the one statement, none for an asker who may see no docket."""

    statements: list[queries.Statement]

    def answer(self, rows: list[Any]) -> dict[str, int]:
        return queries.docket_counts_of(rows)


def docket_counts_read(asker: Asker, *, now: datetime, dialect: str,
                       view: queries.DocketView = OPEN) -> CountsRead:
    """How many cases of the docket `asker` may see (all of it, the cases against them,
    nothing) each view holds with `view`'s stage and search: what an empty view tells of
    (issue 41), read with the very scope `docket_read` lists by, so that a count never
    tells of a case the asker's docket would not list. Not logged on its own: it is part
    of the docket page's look, logged by `docket_read`."""
    scope = docket_scope(asker.actor)
    if scope is DocketScope.NONE:
        return CountsRead([])
    return CountsRead([queries.docket_counts_statement(
        dialect=dialect, view=view, now=now,
        involving=asker.who if scope is DocketScope.INVOLVING else None,
        walled_as=asker.actor.email if scope is DocketScope.ALL else None,
        searcher=(asker.actor.email or asker.who, docket_access(asker.actor)))])


class DocketReader(Protocol):
    """Reads a page of the docket (`docket_read`) and a case view (`case_view_read`) for
    Slack and the web: on SQLite `InlineDocket`, on PostgreSQL
    `storage.async_docket.PooledDocket`."""

    async def docket(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                     view: queries.DocketView = OPEN) -> Page: ...

    async def counts(self, asker: Asker, *, now: datetime, view: queries.DocketView = OPEN
                     ) -> dict[str, int]: ...

    async def case_view(self, asker: Asker, number: str, action: str, *, now: datetime,
                        readings: Readings, public_ok: bool = True
                        ) -> tuple[Access, CaseView]: ...

    async def close(self) -> None: ...


@dataclass(frozen=True)
class FreshCases:
    """A docket reader whose case is recomputed before it is read when its deadlines were
    computed under another calendar or other readings than those in force (`freshen`:
    `cases.services.freshen`, in a transaction of its own), so that a case looked at
    while the worker recomputes in the background already shows the dates in force."""

    reader: DocketReader
    freshen: Callable[[str], None]

    async def docket(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                     view: queries.DocketView = OPEN) -> Page:
        return await self.reader.docket(asker, page, size=size, now=now, view=view)

    async def counts(self, asker: Asker, *, now: datetime, view: queries.DocketView = OPEN
                     ) -> dict[str, int]:
        return await self.reader.counts(asker, now=now, view=view)

    async def case_view(self, asker: Asker, number: str, action: str, *, now: datetime,
                        readings: Readings, public_ok: bool = True
                        ) -> tuple[Access, CaseView]:
        await asyncio.to_thread(self.freshen, number)
        return await self.reader.case_view(asker, number, action, now=now,
                                           readings=readings, public_ok=public_ok)

    async def close(self) -> None:
        await self.reader.close()


@dataclass(frozen=True)
class InlineDocket:
    """The reads run in a session, on the event loop: SQLite's reader, since a local file
    has no round trip to overlap with other requests' work (see `storage.async_docket`).
    Each read is one transaction."""

    session_factory: sessionmaker[Session]

    async def docket(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                     view: queries.DocketView = OPEN) -> Page:
        """The page and whether more follow; refused, and the refusal logged, when the
        asker may see none."""
        with self.session_factory.begin() as session:
            connection = session.connection()
            read = docket_read(asker, page, size=size, now=now,
                               dialect=connection.dialect.name, view=view)
            rows = queries.run(connection, read.statements)
        return read.answer(rows)

    async def counts(self, asker: Asker, *, now: datetime, view: queries.DocketView = OPEN
                     ) -> dict[str, int]:
        """How many cases each view holds for `asker` (`docket_counts_read`)."""
        with self.session_factory.begin() as session:
            connection = session.connection()
            read = docket_counts_read(asker, now=now, view=view,
                                      dialect=connection.dialect.name)
            rows = queries.run(connection, read.statements)
        return read.answer(rows)

    async def case_view(self, asker: Asker, number: str, action: str, *, now: datetime,
                        readings: Readings, public_ok: bool = True
                        ) -> tuple[Access, CaseView]:
        """The case view of `number` as far as `asker` may see it, the look logged as
        `action`."""
        with self.session_factory.begin() as session:
            connection = session.connection()
            read = case_view_read(asker, number, action, now=now, readings=readings,
                                  public_ok=public_ok, dialect=connection.dialect.name)
            decided, rest = read.decide(queries.run(connection, read.statements))
            queries.run(connection, rest)
        return decided.answer()

    async def close(self) -> None:
        return None
