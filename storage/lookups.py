"""A case and the docket as every surface looks them up (Slack's `/ethics status`, the
web's docket, case page and forms). For a case: the stored detail (one snapshot of it,
`queries.case_view`'s one statement), the access `cases.access` gives the one asking,
and the line in the access log (§6) written with it: by the statement that reads the
case when that line is known beforehand (`case_read`), else once access is decided. A
case hidden from the asker and an absent one are refused alike (`Refused`), except to
those who see the whole docket, who are told there is no such case (`NoSuchCase`); each
surface words the refusal its own way.

Someone entitled to no more than anyone (PUBLIC: a closed case's released records) is
let through only where the surface shows those records (`public_ok`), and the log names
the records shown (`cases.public_records.shown_action`).

A page of the open docket (`docket_page`) is all of it for those who see the whole
docket, the cases against them for an official, and refused (`NOT_LISTED`) to anyone
else; the look is logged in the statement that reads it (`queries.docket`'s `logged`).
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


@dataclass(frozen=True)
class Asker:
    """Who looks, as the access log names them, and through which surface."""

    actor: Actor
    who: str
    channel: str


Page = tuple[list[dict[str, Any]], bool]  # a docket page's lines, and whether more follow


class NoSuchCase(Exception):
    """Said only to those who see the whole docket (anyone else learns nothing)."""


def case(session_factory: sessionmaker[Session], asker: Asker, number: str, action: str, *,
         now: datetime, readings: Readings, public_ok: bool = True
         ) -> tuple[Access, dict[str, Any]]:
    """The case `number` as far as `asker` may see it, the look logged as `action`, in
    one transaction (`case_read`, which `storage.async_docket` runs the same)."""
    with session_factory.begin() as session:
        connection = session.connection()
        read = case_read(asker, number, action, now=now, readings=readings,
                         public_ok=public_ok, dialect=connection.dialect.name)
        decided, rest = read.decide(queries.run(connection, read.statements))
        queries.run(connection, rest)
    return decided.answer()


@dataclass(frozen=True)
class CaseRead:
    """A look at a case as it is read: the statements (the last gives the case view's
    rows), and how their rows become the look (`decide`). Built once for both ways it is
    run: a session here (`case`), the asynchronous reader on PostgreSQL."""

    asker: Asker
    number: str
    action: str
    now: datetime
    readings: Readings
    public_ok: bool
    statements: list[queries.Statement]
    logged: tuple[queries.Look, queries.Look] | None  # the line they write: found, not

    def decide(self, rows: list[Any]) -> tuple[CaseLook, list[queries.Statement]]:
        """The look the rows come to, and the statements still to run: its access-log
        line, unless the read wrote that very line (an asker who sees every case)."""
        detail = queries.case_detail_of(rows, number=self.number, now=self.now,
                                        readings=self.readings)
        decided = case_look(self.asker, self.number, self.action, detail, now=self.now,
                            public_ok=self.public_ok)
        # the line the read wrote: the found look's, unless the case is missing or the asker
        # is walled off from it (the read's own test, `queries.case_view`)
        seen = detail is not None and not is_walled(self.asker.actor, detail["walled"])
        wrote = None if self.logged is None else self.logged[0 if seen else 1]
        written = wrote == decided.look
        return decided, [] if written else [queries.access_row(decided.look)]


def case_read(asker: Asker, number: str, action: str, *, now: datetime, readings: Readings,
              public_ok: bool, dialect: str) -> CaseRead:
    """How the case `number` is read for `asker`: with the look's line when it is known
    before reading (`cases.access.sees_every_case`: allowed if the case exists), else
    the line is written once the case has been read and the access decided."""
    logged = (_look(asker, number, action, allowed=True, now=now),
              _look(asker, number, action, allowed=False, now=now)
              ) if sees_every_case(asker.actor) else None
    statements = queries.case_view(number, dialect=dialect, logged=logged,
                                   asker=asker.actor.email or "") if number else []
    return CaseRead(asker, number, action, now, readings, public_ok, statements,
                    logged if number else None)


@dataclass(frozen=True)
class CaseLook:
    """What a look at a case comes to: the access it gives, its access-log line, and the
    answer (`answer`): the detail, or the refusal."""

    asker: Asker
    number: str
    detail: dict[str, Any] | None
    access: Access
    look: queries.Look

    def answer(self) -> tuple[Access, dict[str, Any]]:
        if self.detail is None or self.access is Access.NONE:
            if self.asker.actor.email is None:
                raise Refused(NOT_LISTED)
            if self.detail is None and docket_scope(self.asker.actor) is DocketScope.ALL:
                raise NoSuchCase(self.number)
            raise Refused(NOT_ENTITLED)
        # a complainant withheld (`cases.protection`) is seen by full access alone
        return self.access, as_seen(self.detail, self.access)


def case_look(asker: Asker, number: str, action: str, detail: dict[str, Any] | None, *,
              now: datetime, public_ok: bool) -> CaseLook:
    """The access `detail` (None: no such case) gives `asker`, and the look's line."""
    access = Access.NONE if detail is None else case_access(
        asker.actor, respondents=detail["respondents"], closed=not detail["confidential"],
        released=detail["released"], walled=detail["walled"])
    if access is Access.PUBLIC and detail is not None:
        access = access if public_ok else Access.NONE
        action = shown_action(detail["released"]) if public_ok else action
    return CaseLook(asker, number, detail, access,
                    _look(asker, number, action, allowed=access is not Access.NONE, now=now))


def _look(asker: Asker, number: str, action: str, *, allowed: bool, now: datetime
          ) -> queries.Look:
    """The access-log line of a look at a case, cut to the log's columns."""
    return queries.Look(at=now, who=asker.who[:320], number=number[:20] or None,
                        action=(action if allowed else f"{action} refused")[:80],
                        channel=asker.channel, allowed=allowed)


OPEN = queries.DocketView()  # the open docket, as cases were opened: the default view


@dataclass(frozen=True)
class DocketRead:
    """A page of the open docket as it is read: the statements (the last gives the rows;
    the look's access-log row is among them) and how their answer is turned into the page.
    Built once for both ways it is run: a session here (`docket_page`), the asynchronous
    reader on PostgreSQL (`storage.async_docket`)."""

    statements: list[queries.Statement]
    size: int | None  # None: every line (the export)
    refused: bool  # the asker may see no docket: the statements only log the refusal

    def page(self, rows: list[Any]) -> Page:
        """The page's lines and whether more follow; `Refused` if the asker may see none."""
        if self.refused:
            raise Refused(NOT_LISTED)
        if self.size is None:
            return queries.docket_rows(rows), False
        return queries.docket_rows(rows[:self.size]), len(rows) > self.size


def docket_read(asker: Asker, page: int, *, size: int | None, now: datetime, dialect: str,
                view: queries.DocketView = OPEN) -> DocketRead:
    """Page `page` (from 1) of `size` lines of the docket `asker` may see (all of it, or
    the cases against them), as `view` filters and sorts it (the open docket by
    default), read with one line more to tell whether more follow; `size` None: all of
    it (the export)."""
    scope = docket_scope(asker.actor)
    action = f"docket page {page}" if size is not None else "docket export"
    look = queries.Look(at=now, who=asker.who[:320], number=None,
                        action=action if view == OPEN else f"{action} ({view.words})"[:200],
                        channel=asker.channel, allowed=scope is not DocketScope.NONE)
    if scope is DocketScope.NONE:
        return DocketRead([queries.access_row(look)], size, refused=True)
    return DocketRead(queries.docket_statements(
        dialect=dialect, view=view, now=now,
        involving=asker.who if scope is DocketScope.INVOLVING else None,
        walled_as=asker.actor.email if scope is DocketScope.ALL else None,
        searcher=(asker.actor.email or asker.who, docket_access(asker.actor)),
        limit=None if size is None else size + 1,
        offset=0 if size is None else (page - 1) * size, logged=look), size, refused=False)


def docket_page(session_factory: sessionmaker[Session], asker: Asker, page: int, *,
                size: int | None, now: datetime, view: queries.DocketView = OPEN) -> Page:
    """`docket_read`, run in a session: the page and whether more follow; refused, and
    the refusal logged, when the asker may see none."""
    with session_factory.begin() as session:
        connection = session.connection()
        read = docket_read(asker, page, size=size, now=now, dialect=connection.dialect.name,
                           view=view)
        rows = queries.run(connection, read.statements)
    return read.page(rows)


class DocketReader(Protocol):
    """Reads a page of the open docket (`docket_read`) and a case (`case`) for Slack and
    the web: on SQLite `InlineDocket`, on PostgreSQL `storage.async_docket.PooledDocket`."""

    async def page(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                   view: queries.DocketView = OPEN) -> Page: ...

    async def case(self, asker: Asker, number: str, action: str, *, now: datetime,
                   readings: Readings, public_ok: bool = True
                   ) -> tuple[Access, dict[str, Any]]: ...

    async def close(self) -> None: ...


@dataclass(frozen=True)
class FreshCases:
    """A docket reader whose case is recomputed before it is read when its deadlines were
    computed under another calendar or other readings than those in force (`freshen`:
    `cases.services.freshen`, in a transaction of its own), so that a case looked at
    while the worker recomputes in the background already shows the dates in force."""

    reader: DocketReader
    freshen: Callable[[str], None]

    async def page(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                   view: queries.DocketView = OPEN) -> Page:
        return await self.reader.page(asker, page, size=size, now=now, view=view)

    async def case(self, asker: Asker, number: str, action: str, *, now: datetime,
                   readings: Readings, public_ok: bool = True
                   ) -> tuple[Access, dict[str, Any]]:
        await asyncio.to_thread(self.freshen, number)
        return await self.reader.case(asker, number, action, now=now, readings=readings,
                                      public_ok=public_ok)

    async def close(self) -> None:
        await self.reader.close()


@dataclass(frozen=True)
class InlineDocket:
    """`docket_page` on the event loop: SQLite's reader, since a local file has no round
    trip to overlap with other requests' work (see `storage.async_docket`)."""

    session_factory: sessionmaker[Session]

    async def page(self, asker: Asker, page: int, *, size: int | None, now: datetime,
                   view: queries.DocketView = OPEN) -> Page:
        return docket_page(self.session_factory, asker, page, size=size, now=now, view=view)

    async def case(self, asker: Asker, number: str, action: str, *, now: datetime,
                   readings: Readings, public_ok: bool = True
                   ) -> tuple[Access, dict[str, Any]]:
        return case(self.session_factory, asker, number, action, now=now,
                    readings=readings, public_ok=public_ok)

    async def close(self) -> None:
        return None

