"""Read-side queries: the docket and the case view (one case) as stored, for the CLI,
Slack and the web.

Each is read one way: its statements (`docket_statements`, `case_view_statements`), their
rows made into it (`docket_of`, `case_view_of`); `docket` and `case_view` run them in a
session for whoever was already let in (the CLI, the case record), and
`storage.lookups` reads them for someone, deciding what they may see. Every look at a
case's details is written to the access log (§6), allowed or not.

A stored deadline's status was judged when it was saved; every reader here judges it
again at the `now` it is given (`cases.deadlines.status_at`), so nothing shows `open` for
a deadline whose due time has passed. What the case's history says beyond its snapshot
(the sections as amended, a voiding, the records released) comes from replaying it.

Some 770 lines, on purpose: the docket's statement and the case view's share their
tables, their access-log line (`_LOG_IF_FOUND`, written in the same statement as the
read, so a look is logged exactly when it is made) and the deadline's reading
(`_deadline`); split, each half would import the other's private parts.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from operator import itemgetter
from typing import Any, Protocol

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Connection,
    Executable,
    FromClause,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    cast,
    exists,
    func,
    insert,
    literal_column,
    null,
    or_,
    select,
    true,
    union,
    union_all,
)
from sqlalchemy import case as sql_case
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.visitors import InternalTraversal
from sqlalchemy.types import TypeEngine

from cases.access import askers_of
from cases.case import Case
from cases.deadlines import DISCLOSURE_KEYS, DeadlineKey, Status, status_at
from cases.history import Event, EventKind
from cases.levels import Access
from cases.matters import matters
from cases.protection import protection_data
from cases.readings import DEFAULT, Readings
from storage import meetings
from storage.models import (
    AccessLogRow,
    CaseRow,
    CaseSearchRow,
    DeadlineRow,
    DeliveryRow,
    EventRow,
    FilingRow,
    MeetingRow,
    OutboxRow,
)
from storage.risk import RiskSql

_FINAL = ("closed", "void")


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


@dataclass(frozen=True)
class Look:
    """One access-log entry (§6): who looked, when, at what, through what, allowed or not."""

    at: datetime
    who: str
    number: str | None
    action: str
    channel: str
    allowed: bool = True

    COLUMNS = ("at", "who", "case_number", "action", "channel", "allowed")

    def values(self) -> dict[str, Any]:
        """The parameters of the access-log INSERT (`access_row`), also where the docket's
        statement carries it."""
        return dict(zip((f"log_{c}" for c in self.COLUMNS),
                        (self.at, self.who, self.number, self.action, self.channel,
                         self.allowed), strict=True))


class _StoredDeadline(Protocol):
    """A deadline as read: a `DeadlineRow`, or the case view's row of the same names."""

    key: str
    official: str
    status: str
    due: datetime | None
    responsible: str
    basis: str
    reading: str | None
    other_reading: str | None
    other_due: datetime | None


def _deadline(d: _StoredDeadline, now: datetime) -> dict[str, Any]:
    status = status_at(d.key, d.status, d.due, now)
    return {"key": d.key, "official": d.official, "due": _iso(d.due), "status": status.value,
            "responsible": d.responsible, "basis": d.basis, "reading": d.reading,
            "other_reading": None if d.other_reading is None else {
                "reading": d.other_reading, "due": _iso(d.other_due)}}


Statement = tuple[Executable, dict[str, Any]]  # a statement and its parameters
# the case view: one case as stored, its deadlines judged at a moment (`case_view_of`);
# what every surface shows of a case is made from it
CaseView = dict[str, Any]


# the docket's filters, first the default; "mine": open, the next act owed by the reader;
# "at-risk": the cases whose statutory notices are at risk (`RiskWindow`)
SHOWS = ("open", "mine", "overdue", "at-risk", "closed", "void", "all")
SORTS = ("opened", "newest", "due")  # its orders: as opened, newest first, soonest due first
SEARCH_CHARS = 100  # a search longer than this is cut: no one types more of a name


@dataclass(frozen=True)
class RiskWindow:
    """When a statutory deadline's pending notices are at risk, as the at-risk sweep
    judges it (`risk_window` below holds the thresholds; the docket's "at-risk"
    view is handed the same): the deadline is due within `near`, unless its notices were
    owed less than `just_owed` ago and none has failed yet (they are going out now); or
    one of them has failed an attempt and was owed more than `undelivered` ago."""

    near: timedelta
    just_owed: timedelta
    undelivered: timedelta

    def params(self, now: datetime) -> dict[str, datetime]:
        """The moments the docket's statement compares with, at `now`."""
        return {"near_by": now + self.near, "just_owed_since": now - self.just_owed,
                "failed_since": now - self.undelivered}

    @property
    def words(self) -> str:
        """What "at risk" means, in words, for every docket that lists it (the web's,
        Slack's): the thresholds as a person reads them."""
        def span(t: timedelta) -> str:
            minutes = round(t.total_seconds() / 60)
            if minutes % 60 == 0:
                return f"{minutes // 60} hour{'s' if minutes != 60 else ''}"
            return f"{minutes} minute{'s' if minutes != 1 else ''}"
        return (f"Statutory notices still unsent with their deadline less than "
                f"{span(self.near)} away or passed, or failing for over "
                f"{span(self.undelivered)}: the cases the clerk's at-risk alerts tell of.")


ALERT_BEFORE = timedelta(hours=6)
# A notice owed this recently is being sent as the alert would be: a complaint taken in
# 20 hours after the city received it owes its §2 notices with the deadline near, and
# the clerk is told only if they are still unsent after this.
JUST_OWED = timedelta(minutes=5)
UNDELIVERED_AFTER = timedelta(minutes=15)  # the default of the setting


def risk_window(undelivered_after: timedelta = UNDELIVERED_AFTER) -> RiskWindow:
    """The thresholds a deadline is at risk by: what the sweep tells the clerk of, and
    what the web docket's "at-risk" view lists (the digest links to it), the same."""
    return RiskWindow(near=ALERT_BEFORE, just_owed=JUST_OWED, undelivered=undelivered_after)


@dataclass(frozen=True)
class DocketView:
    """Which cases a docket page lists, and in which order: the docket's filter (`show`),
    a stage, a search and the sorting. The default is the open docket in the order the
    cases were opened, which the primary key serves without sorting.

    `search` matches part of a case number, of a respondent's address, or of the text of
    the case its reader may see (`cases.search`, given the reader); `emails` are the
    addresses of the people whose names matched it (the directory knows names, the cases
    keep addresses), found by the caller. `mine`: the deadlines the reader answers for
    (their keys), which "mine" keeps the cases whose next act is one of. `risk`: the
    thresholds "at-risk" judges by (the sweep's, `risk_window`); that view
    needs them, no other uses them."""

    show: str = "open"
    sort: str = "opened"
    stage: str | None = None
    search: str | None = None
    emails: tuple[str, ...] = ()
    mine: tuple[str, ...] = ()
    risk: RiskWindow | None = None

    def __post_init__(self) -> None:
        if self.show not in SHOWS or self.sort not in SORTS:
            raise ValueError(f"no docket view {self.show!r}, {self.sort!r}")
        if self.show == "at-risk" and self.risk is None:
            raise ValueError("the at-risk docket needs the thresholds it judges by")

    @property
    def words(self) -> str:
        """The view as the access log keeps it ("open", "closed, stage referred, search ...")."""
        parts = [self.show] + ([f"stage {self.stage}"] if self.stage else []) + (
            [f"search {self.search!r}"] if self.search else []) + (
            [f"sorted {self.sort}"] if self.sort != "opened" else [])
        return ", ".join(parts)


ALL_CASES = DocketView(show="all")


def docket(*, session: Session, view: DocketView = ALL_CASES, involving: str | None = None,
           limit: int | None = None, offset: int = 0, now: datetime | None = None,
           logged: Look | None = None) -> list[dict[str, Any]]:
    """The docket from the `cases` snapshot, in case-number order (the order cases were
    opened) unless `view` sorts it otherwise: the primary key serves that order, so a page
    of a 10,000-case docket is read without sorting it (bench/slack_status.py).
    `involving` keeps the cases whose respondents include that email (in any case);
    `limit`/`offset` page it (Slack shows a page at a time).

    `logged` is written to the access log with the read: on PostgreSQL in the same
    statement (a data-modifying WITH), one round trip for the whole lookup."""
    connection = session.connection()
    return docket_of(run(connection, docket_statements(
        dialect=connection.dialect.name, view=view, involving=involving, limit=limit,
        offset=offset, now=now, logged=logged)))


def docket_statements(*, dialect: str, view: DocketView = ALL_CASES,
                      involving: str | None = None, limit: int | None = None, offset: int = 0,
                      now: datetime | None = None, logged: Look | None = None,
                      walled_as: str | None = None,
                      searcher: tuple[str, Access] | None = None) -> list[Statement]:
    """`docket` as the statements that read it, the last giving the rows: what a session
    (`docket`, `storage.lookups.InlineDocket`) and the asynchronous reader
    (`storage.async_docket`) execute, so the docket has one statement whoever runs it.
    `now` judges "overdue".

    `searcher`: the reader's email and the access they have to the cases listed that are
    not against them (`cases.access.docket_access`); with it a search also looks in the
    text of each case that reader may see (`cases.search`): their level's row, or the
    respondent's where the case is against them. Without it, in the number and the
    officials only."""
    statements: list[Statement] = []
    in_statement = logged is not None and dialect == "postgresql"
    params = _view_params(view, now=now, involving=involving, walled_as=walled_as,
                          searcher=searcher)
    params.update(limit=limit, offset=offset)
    if logged is not None:
        if in_statement:
            params.update(logged.values())
        else:
            statements.append(access_row(logged))
    statements.append((_docket_query(
        show=view.show, sort=view.sort, stage=view.stage is not None,
        search=bool(view.search), text=bool(view.search) and searcher is not None,
        hashed=dialect == "postgresql",
        emails=len(view.emails), involving=involving is not None,
        walled=walled_as is not None, paged=limit is not None, logged=in_statement), params))
    return statements


def _view_params(view: DocketView, *, now: datetime | None, involving: str | None,
                 walled_as: str | None, searcher: tuple[str, Access] | None
                 ) -> dict[str, Any]:
    """The parameters of a docket statement for `view` and its reader (see
    `docket_statements`)."""
    params: dict[str, Any] = {"now": now, "stage": view.stage, "mine": list(view.mine) or [""]}
    if involving is not None:
        params["involving"] = member_like(involving)
    if walled_as is not None:
        params["walled"] = member_like(walled_as)
    if view.search:
        params["search"] = f"%{_like_escaped(' '.join(view.search.lower().split()))}%"
    if view.search and searcher is not None:
        params["reader"], params["level"] = member_like(searcher[0]), searcher[1].value
        params["words"] = " ".join(view.search.lower().split())
    params.update((f"email{i}", member_like(e)) for i, e in enumerate(view.emails))
    if view.show == "at-risk" and view.risk is not None:
        if now is None:
            raise ValueError("the at-risk docket is judged at a moment: `now`")
        params.update(view.risk.params(now))
    return params


def docket_counts_statement(*, dialect: str, view: DocketView, now: datetime,
                            involving: str | None = None, walled_as: str | None = None,
                            searcher: tuple[str, Access] | None = None) -> Statement:
    """How many cases each view of the docket (`COUNTED`) holds for the reader
    `docket_statements` would list them for (the same `involving`, `walled_as`,
    `searcher`), with `view`'s stage and search kept and its filter and order set aside:
    what an empty view points to (issue 41). One statement, one row of counts, whatever
    the docket's size; "mine" by `view.mine`. Its rows become the counts by
    `docket_counts_of`."""
    params = _view_params(view, now=now, involving=involving, walled_as=walled_as,
                          searcher=searcher)
    return (_counts_query(
        stage=view.stage is not None, search=bool(view.search),
        text=bool(view.search) and searcher is not None, hashed=dialect == "postgresql",
        emails=len(view.emails), involving=involving is not None,
        walled=walled_as is not None), params)


def docket_counts_of(rows: Sequence[Any]) -> dict[str, int]:
    """The counts' one row as {view: how many}, every view of `COUNTED` it counted."""
    if not rows:
        return {}
    row = rows[0]  # a Row or psycopg's namedtuple: columns by name, as `docket_of` reads
    return {s: int(getattr(row, s)) for s in COUNTED}


def run(connection: Connection, statements: list[Statement]) -> list[Any]:
    """Execute `statements` in order; the last one's rows (none if it returns none)."""
    result = None
    for statement, params in statements:
        result = connection.execute(statement, params)
    return list(result.all()) if result is not None and result.returns_rows else []


def docket_of(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """The docket's lines from its statement's rows (tuples with the columns' names)."""
    return [
        {"number": r.number, "stage": r.stage, "confidential": r.confidential,
         "received_at": _iso(r.received_at), "next_deadline": r.next_due_key,
         "next_due": _iso(r.next_due), "tolled": r.tolled,
         "respondents": list(r.respondents or []), "hearing": _iso(r.hearing),
         "flags": int(r.flags or 0)}
        for r in rows
    ]


@cache
def _docket_query(*, show: str, sort: str, stage: bool, search: bool, text: bool,
                  hashed: bool, emails: int, involving: bool, walled: bool, paged: bool,
                  logged: bool) -> Select[Any]:
    """The docket's statement for one shape of request, built once: built on every call,
    and its cache key computed anew, it cost more Python than the rest of a Slack docket
    request's database work (bench/slack_status.py). Core columns, not ORM attributes:
    the rows are plain tuples, and the ORM's result machinery has nothing to do."""
    c = CaseRow.__table__.c
    m = MeetingRow.__table__.c
    # the hearing: the board's next noticed meeting of the case still to come (issue 25)
    hearing = (select(func.min(m.starts_at)).where(
        m.case_id == c.id, m.body == "board", m.cancelled.is_(None),
        m.starts_at >= bindparam("now", type_=m.starts_at.type))
        .scalar_subquery().label("hearing"))
    # the flags for the city attorney its meetings carry (issue 41), shown to full access
    flags = (select(func.coalesce(func.sum(m.flags), 0)).where(m.case_id == c.id)
             .scalar_subquery().label("flags"))
    q: Select[Any] = select(c.number, c.stage, c.confidential, c.received_at,
                            c.next_due_key, c.next_due, c.tolled, c.respondents, hearing,
                            flags)
    orders: dict[str, list[ColumnElement[Any]]] = {
        "opened": [c.id], "newest": [c.id.desc()],
        "due": [c.next_due.is_(None), c.next_due, c.id]}  # no due date last
    q = q.order_by(*orders[sort])
    if logged:
        q = q.add_cte(_LOG_ACCESS.cte("logged"))
    if show != "all":
        q = q.where(_shown(show, c, hashed=hashed))
    q = _narrowed(q, c, stage=stage, search=search, text=text, hashed=hashed, emails=emails,
                  involving=involving, walled=walled)
    if paged:
        q = q.limit(bindparam("limit")).offset(bindparam("offset"))
    return q


def _shown(show: str, c: Any, *, hashed: bool) -> ColumnElement[bool]:
    """The cases the docket's filter `show` lists (`SHOWS`), every one for "all"."""
    live = c.stage.not_in(_FINAL)
    if show == "mine":
        return and_(live, c.next_due_key.in_(bindparam("mine", expanding=True)))
    if show == "overdue":
        return and_(live, c.next_due < bindparam("now"))
    if show == "at-risk":
        return _at_risk(c, hashed=hashed)
    if show in _FINAL:
        final: ColumnElement[bool] = c.stage == show
        return final
    return live if show == "open" else true()  # "all": as a count's filter


def _narrowed(q: Select[Any], c: Any, *, stage: bool, search: bool, text: bool, hashed: bool,
              emails: int, involving: bool, walled: bool) -> Select[Any]:
    """`q` kept to the cases of the stage and search asked for, and to those its reader
    may list (`involving`: the cases against them; `walled`: without those they recused
    on): what every view of the docket, and its counts, read alike."""
    if stage:
        q = q.where(c.stage == bindparam("stage"))
    if search or emails:
        officials = func.lower(cast(c.respondents, String))
        anywhere: list[ColumnElement[bool]] = [
            officials.like(bindparam(f"email{i}"), escape="/") for i in range(emails)]
        if search:
            anywhere += [func.lower(c.number).like(bindparam("search"), escape="/"),
                         func.lower(cast(c.respondents, String)).like(bindparam("search"),
                                                                      escape="/")]
        if text:  # the words of the case its reader may see: their level's row (issue 25)
            anywhere.append(_text_found(c, hashed=hashed))
        q = q.where(or_(*anywhere))
    if involving:
        # lower() on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does
        # not, and an address's case means nothing
        q = q.where(func.lower(cast(c.respondents, String)).like(bindparam("involving"),
                                                                 escape="/"))
    if walled:  # the cases the asker recused on are left out of their docket
        q = q.where(func.lower(cast(c.walled, String)).not_like(bindparam("walled"),
                                                                escape="/"))
    return q


# the views an empty one points to, each counted (`docket_counts_statement`); "all" is
# their sum. Not "at-risk": its cases are open ones, counted under "open", and its test,
# the docket's costliest, counted for every case made an empty view's page several times
# slower (bench/web_docket.py, 10,000 cases on SQLite: p50 167 against 590 ms)
COUNTED = ("open", "mine", "overdue", "closed", "void")


@cache
def _counts_query(*, stage: bool, search: bool, text: bool, hashed: bool, emails: int,
                  involving: bool, walled: bool) -> Select[Any]:
    """How many cases of the reader's docket each view (`COUNTED`) holds, with the same
    stage and search: one row of counts, each view's filter counted in one pass over the
    cases (`_shown`), built once per shape."""
    c = CaseRow.__table__.c
    counted: list[ColumnElement[Any]] = [
        func.count(sql_case((_shown(s, c, hashed=hashed), 1))).label(s) for s in COUNTED]
    q: Select[Any] = select(*counted)
    return _narrowed(q.select_from(CaseRow.__table__), c, stage=stage, search=search,
                     text=text, hashed=hashed, emails=emails, involving=involving,
                     walled=walled)


def _at_risk(c: Any, *, hashed: bool) -> ColumnElement[bool]:
    """The case has a deadline whose pending notices are at risk (`RiskWindow`), by the
    at-risk sweep's own condition (`storage.risk.RiskSql`, read by
    `storage.risk.at_risk` too), whether the clerk was told already or not.

    On PostgreSQL (`hashed`) read the sweep's way: the deadlines still running by due
    time (`ix_deadlines_status_due`), each with its pending notices, and the failing
    notices by when they were owed (`ix_outbox_failing_created`), a set the docket's
    rows are matched against; tried case by case (an EXISTS per row), PostgreSQL read
    every pending notice of the docket, 140 ms with 10,000 cases whose notices were all
    queued and no statistics yet (bench/web_docket.py), 55 ms this way and 3-16 ms once
    analyzed. SQLite, which keeps no statistics, took the set through the outbox's
    queue index (110 ms) and does better case by case, each case's pending notices by
    their deadline (`ix_outbox_pending_deadline`; 40-70 ms)."""
    r = RiskSql()
    d, o = _DEADLINE_ROWS.alias(r.d).c, _OUTBOX.alias(r.o).c
    its_notice = and_(o.case_id == d.case_id, o.deadline_key == d.key)
    if not hashed:
        return exists().where(d.case_id == c.id, its_notice,
                              r.clause(r.live, r.pending, r.notice))
    near = select(d.case_id).where(r.clause(r.live, r.near), exists().where(
        its_notice, r.clause(r.pending, r.notice)))
    failing = select(o.case_id).where(r.clause(r.pending, r.failing), exists().where(
        its_notice, r.clause(r.live, r.notice)))
    found: ColumnElement[bool] = c.id.in_(union(near, failing))
    return found


_SEARCH = CaseSearchRow.__table__.c


class _Holds(ColumnElement[bool]):
    """`text` holds `words` as they are, a plain substring: strpos() on PostgreSQL,
    instr() elsewhere. On PostgreSQL not LIKE: the stored text and the words are both
    lowercased already (`cases.search`), and a LIKE pattern scanned 10,000 complaints at
    less than half the speed (40 against 17 ms). SQLite's LIKE is the faster of its two
    (12 against 21 ms), so SQLite's statement keeps LIKE (`_text_found`)."""

    inherit_cache = True
    type = Boolean()
    # its parts are its cache key: two of them with other parts compile differently
    _traverse_internals = [("text", InternalTraversal.dp_clauseelement),  # noqa: RUF012
                           ("words", InternalTraversal.dp_clauseelement)]

    def __init__(self, text: ColumnElement[str], words: ColumnElement[str]) -> None:
        self.text, self.words = text, words

    def get_children(self, **_kw: Any) -> tuple[ColumnElement[Any], ...]:
        return self.text, self.words


@compiles(_Holds)
def _holds(element: _Holds, compiler: SQLCompiler, **kw: Any) -> str:
    return (f"instr({compiler.process(element.text, **kw)}, "
            f"{compiler.process(element.words, **kw)}) > 0")


@compiles(_Holds, "postgresql")
def _holds_pg(element: _Holds, compiler: SQLCompiler, **kw: Any) -> str:
    return (f"strpos({compiler.process(element.text, **kw)}, "
            f"{compiler.process(element.words, **kw)}) > 0")


def _text_found(c: Any, *, hashed: bool) -> ColumnElement[bool]:
    """The search's words are in the text of the case its reader may see
    (`cases.search`): the respondent's row where the case is against the reader (whatever
    else they are, `cases.access.case_access`), else the row of their level. Never another
    level's: a word the reader may not see must not find the case (§6).

    `hashed` (PostgreSQL): as two uncorrelated sets of cases, one per level, which
    PostgreSQL hashes once each from its own level's rows (a third of the text); the
    respondent's is built only when a case against the reader comes up. Otherwise
    (SQLite, which would build such a set before the first row, even for a page that
    the officials' names fill at once) one lookup of the case's row of that level, its
    text matched by LIKE (`_Holds`)."""
    against = func.lower(cast(c.respondents, String)).like(bindparam("reader"), escape="/")
    words = bindparam("words", type_=_SEARCH.text.type)
    level = bindparam("level", type_=_SEARCH.access.type)
    respondent = literal_column(f"'{Access.RESPONDENT.value}'", String)
    if not hashed:
        return exists().where(_SEARCH.case_id == c.id,
                              _SEARCH.access == sql_case((against, respondent), else_=level),
                              _SEARCH.text.like(bindparam("search"), escape="/"))

    def cases_of(access: ColumnElement[str]) -> Any:
        return select(_SEARCH.case_id).where(_SEARCH.access == access,
                                             _Holds(_SEARCH.text, words))

    return or_(and_(~against, c.id.in_(cases_of(level))),
               and_(against, c.id.in_(cases_of(respondent))))


def member_like(email: str) -> str:
    """The LIKE pattern of `email` in a JSON list of emails as text ('"email"' on both
    backends), lowercased; compared with lower() of the column: SQLite's LIKE ignores
    ASCII case and PostgreSQL's does not, and an address's case means nothing."""
    return f"%{_like_escaped(chr(34) + email.lower() + chr(34))}%"


def _like_escaped(text: str) -> str:
    """`text` matched literally by LIKE … ESCAPE '/'."""
    return text.replace("/", "//").replace("%", "/%").replace("_", "/_")


def case_view(*, session: Session, number: str, now: datetime,
              readings: Readings = DEFAULT) -> CaseView | None:
    """The case view of `number`, read in `session` for whoever was already let in (the
    CLI, the case record): no access is decided and no look logged here; a surface reads
    it for someone through `storage.lookups`."""
    connection = session.connection()
    return case_view_of(run(connection, case_view_statements(
        number, dialect=connection.dialect.name)), number=number, now=now, readings=readings)


def case_view_statements(number: str, *, dialect: str, logged: tuple[Look, Look] | None = None,
                         asker: str = "") -> list[Statement]:
    """The statements that read the case view of `number` (`case_view_of` makes it of
    their rows), the last giving its rows.

    `logged`: the look's access-log line if the case is found, and if it is not, for an
    asker let into any case there is (`cases.access.sees_every_case`), written with the
    read: on PostgreSQL in the same statement (a data-modifying WITH), so the whole look
    is one round trip, where reading and then logging were two (bench/slack_status.py
    --text); elsewhere in the statement before it. Which line is written is decided by
    the same condition, in the same snapshot, as the case row the read finds: found, and
    `asker` (their email) not walled off from it (they recused on it)."""
    if logged is None:
        return [(_CASE_VIEW.statement, {"number": number})]
    found, missing = logged
    params = {**found.values(), "log_refused": missing.action, "number": number,
              "walled": member_like(asker)}
    if dialect == "postgresql":
        return [(_CASE_VIEW_LOGGED, params)]
    return [(_LOG_IF_FOUND, params), (_CASE_VIEW.statement, {"number": number})]


def case_view_of(rows: Iterable[Sequence[Any]], *, number: str, now: datetime,
                 readings: Readings = DEFAULT) -> CaseView | None:
    """The case view: one case as stored (from `case_view_statements`' rows), its
    deadlines judged at `now`; `released` lists the public records anyone may be shown
    (`Case.released`, by the city's `readings`).

    Read in one statement (`_CASE_VIEW`), so that the case row, its history, deadlines,
    notices and filings are one snapshot on PostgreSQL too: read as four statements
    outside a transaction, or inside a READ COMMITTED one, a step committed between
    them showed the case before the step with its deadlines and notices after it. One
    round trip where four were also costs less (bench/slack_status.py --text). A
    filing's size is counted by the database: its raw bytes, up to the intake limit
    each, are not fetched to be measured."""
    found, events, deadlines, notices, filings = _CASE_VIEW.split(rows)
    if not found:
        return None
    row = found[0]
    first = events[0].data if events else {}
    case = Case.replay(number, [Event(EventKind(e.kind), e.at, e.actor, e.data)
                                for e in events]) if events else None
    return {
        "number": row.number,
        "stage": row.stage,
        "confidential": row.confidential,
        "received_at": _iso(row.received_at),
        "respondents": row.respondents,
        # those the directory does not list, as the mayor's office named them (§2)
        "named_officials": {k: {"name": o.name, "email": o.email, "address": o.address}
                            for k, o in case.named_officials.items()} if case else {},
        "walled": list(row.walled or ()),
        "filing": first.get("filing"),
        # the complainant withheld from the official and the council (`cases.protection`;
        # what each reader sees of it: `storage.lookups.CaseViewDecision.answer`)
        "protection": protection_data(case.protection) if case else None,
        "alleged_sections": list(case.alleged_sections) if case else [],
        "amendments": [{"at": _iso(e.at), "authorized_by": e.data.get("authorized_by"),
                        "added_sections": e.data.get("added_sections", []),
                        "after_report": e.data.get("reading")}
                       for e in events if e.kind == EventKind.COMPLAINT_AMENDED],
        "void_reason": case.void_reason if case else None,
        "released": sorted(r.value for r in case.released(readings)) if case else [],
        "disclosure_requests": [
            {"requester": x.requester, "received": x.received.isoformat(), "what": x.what,
             "records": [r.value for r in x.records],
             "answered": x.answered.isoformat() if x.answered else None,
             "responded": x.responded.isoformat() if x.responded else None,
             "released": [r.value for r in x.released], "to": x.released_to, "note": x.note,
             "state": x.state_words, "instalments": [i.number for i in x.instalments]}
            for x in (case.disclosure_requests if case else [])],
        "meetings": [meetings.view(case, m) for m in case.meetings.all] if case else [],
        "open_requests": meetings.open_requests(case) if case else [],
        # who of the officials may make each request only some may (§11, §12): their
        # forms are offered and opened to them alone (`cases.access.check_form`)
        "askers": askers_of(case) if case else {},
        # each official's matter: how it ended, or the step of the table it waits on
        # (`cases.matters`)
        "matters": [{"official": m.official, "outcome": m.outcome,
                     "step": m.step.id if m.step else None}
                    for m in matters(case, readings)] if case else [],
        "deadlines": [_deadline(d, now) for d in sorted(
            deadlines, key=lambda d: (d.due is None, d.due or row.received_at))],
        "notices": _notices(notices),
        "history": [{"seq": e.seq, "kind": e.kind, "at": _iso(e.at), "actor": e.actor,
                     "data": e.data} for e in events],
        "filings": [{"id": f.id, "source": f.source, "message_id": f.message_id,
                     "outcome": f.outcome, "taken_at": _iso(f.taken_at), "bytes": f.bytes,
                     "sender": f.sender}
                    for f in filings],
    }


def notice_log(*, session: Session, case_id: int) -> list[dict[str, Any]]:
    """The proof of notice: every owed notice and each delivery attempt, in one query
    (each notice with its attempts, or alone if none was made yet)."""
    return _notices(session.execute(_NOTICES, {"case_id": case_id}))


def _notices(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """Notices from rows of a notice and one of its attempts (or none), in order: rows
    named as `_NOTICE_COLUMNS` (`_NOTICES`'s, or the case view's)."""
    out: dict[int, dict[str, Any]] = {}
    for n in rows:
        notice = out.get(n.id)
        if notice is None:
            notice = out[n.id] = {
                "type": n.notice_type, "recipient": n.recipient_email, "status": n.status,
                "message_id": n.message_id, "deadline": n.deadline_key, "slot": n.slot,
                "sent_at": _iso(n.sent_at), "cancelled_at": _iso(n.cancelled_at),
                "cancel_reason": n.cancel_reason, "attempts": []}
        if n.attempted_at is not None:
            notice["attempts"].append({"at": _iso(n.attempted_at), "outcome": n.outcome,
                                       "server_reply": n.server_reply})
    return list(out.values())


_CASES, _EVENTS, _DEADLINE_ROWS, _OUTBOX, _DELIVERIES, _FILING_ROWS = (
    m.__table__ for m in (CaseRow, EventRow, DeadlineRow, OutboxRow, DeliveryRow, FilingRow))
_NOTICE_COLUMNS = {
    "id": _OUTBOX.c.id, "notice_type": _OUTBOX.c.notice_type,
    "recipient_email": _OUTBOX.c.recipient_email, "status": _OUTBOX.c.status,
    "message_id": _OUTBOX.c.message_id, "deadline_key": _OUTBOX.c.deadline_key,
    "slot": _OUTBOX.c.slot, "sent_at": _OUTBOX.c.sent_at,
    "cancelled_at": _OUTBOX.c.cancelled_at, "cancel_reason": _OUTBOX.c.cancel_reason,
    "attempted_at": _DELIVERIES.c.attempted_at, "outcome": _DELIVERIES.c.outcome,
    "server_reply": _DELIVERIES.c.server_reply}
_NOTICES = (select(*(c.label(k) for k, c in _NOTICE_COLUMNS.items()))
            .select_from(_OUTBOX.outerjoin(_DELIVERIES,
                                           _DELIVERIES.c.outbox_id == _OUTBOX.c.id))
            .where(_OUTBOX.c.case_id == bindparam("case_id"))
            .order_by(_OUTBOX.c.id, _DELIVERIES.c.id))


class _OneStatement:
    """Differently shaped reads of one case (the case `number`), each a `part`, as one
    UNION ALL, and its rows split back into each part's named rows.

    The parts share columns: each part's columns are laid, in order, onto the first free
    column of their kind (text, integer, time, JSON, truth), so the statement is as wide
    as its widest part, not the sum of them. Both cost: the PostgreSQL driver describes
    every column of every result, and caches the translation of a statement only up to
    4,096 characters (psycopg's MAX_CACHED_STATEMENT_LENGTH; bench/slack_status.py
    --text). Each part is ordered by its first two integer columns. A NULL standing for
    another part's column is cast to its kind (but text): PostgreSQL matches a UNION's
    types pair by pair, and two bare NULLs are text, which no timestamp then matches."""

    def __init__(self, parts: Sequence[tuple[FromClause, Mapping[str, ColumnElement[Any]]]]
                 ) -> None:
        kinds: list[TypeEngine[Any]] = []  # each shared column's type: its first part's
        layouts: list[list[int]] = []
        for _, columns in parts:
            layout: list[int] = []
            for column in columns.values():
                affinity = column.type._type_affinity
                free = [i for i, t in enumerate(kinds)
                        if t._type_affinity is affinity and i not in layout]
                if not free:
                    kinds.append(column.type)
                    free = [len(kinds) - 1]
                layout.append(free[0])
            layouts.append(layout)
        names = [f"c{i}" for i in range(len(kinds))]

        def stand_in(i: int) -> ColumnElement[Any]:
            bare = kinds[i]._type_affinity is String
            return (null() if bare else cast(null(), kinds[i])).label(names[i])

        selects = []
        for part, ((source, columns), layout) in enumerate(zip(parts, layouts, strict=True)):
            placed = dict(zip(layout, columns.values(), strict=True))
            selects.append(
                select(literal_column(str(part), Integer).label("part"),
                       *(placed[i].label(names[i]) if i in placed else stand_in(i)
                         for i in range(len(kinds))))
                .select_from(source).where(_CASES.c.number == bindparam("number")))
        integers = [names[i] for i, t in enumerate(kinds) if t._type_affinity is Integer]
        self.statement = union_all(*selects).order_by(
            *(literal_column(name) for name in ["part", *integers[:2]]))
        # each part's rows: its own columns picked out of the shared ones, by name
        self._rows: list[tuple[Any, itemgetter[Any]]] = [
            (namedtuple(f"Part{part}", columns), itemgetter(*(1 + i for i in layout)))
            for part, ((_, columns), layout) in enumerate(zip(parts, layouts, strict=True))]

    def split(self, rows: Iterable[Sequence[Any]]) -> list[list[Any]]:
        """The rows of each part, in the order the parts were given, from the
        statement's rows (whoever ran it: a session, `storage.async_docket`)."""
        out: list[list[Any]] = [[] for _ in self._rows]
        for r in rows:
            shape, pick = self._rows[r[0]]
            out[r[0]].append(shape._make(pick(r)))
        return out


def _with_case(table: FromClause) -> FromClause:
    return table.join(_CASES, _CASES.c.id == table.c.case_id)


_CASE_VIEW = _OneStatement([
    # the case row alone, so that a case that somehow has no event is still found
    (_CASES, {c: _CASES.c[c] for c in (
        "number", "stage", "confidential", "received_at", "respondents", "walled")}),
    (_with_case(_EVENTS), {c: _EVENTS.c[c] for c in ("seq", "kind", "at", "actor", "data")}),
    (_with_case(_DEADLINE_ROWS), {c: _DEADLINE_ROWS.c[c] for c in (
        "key", "official", "due", "status", "responsible", "basis", "reading",
        "other_reading", "other_due")}),
    (_with_case(_OUTBOX).outerjoin(_DELIVERIES, _DELIVERIES.c.outbox_id == _OUTBOX.c.id),
     {"id": _OUTBOX.c.id, "attempt": _DELIVERIES.c.id, **_NOTICE_COLUMNS}),
    (_with_case(_FILING_ROWS), {
        **{c: _FILING_ROWS.c[c] for c in (
            "id", "source", "message_id", "outcome", "taken_at", "sender")},
        "bytes": func.length(_FILING_ROWS.c.raw, type_=Integer)}),
])


_LOG_COLUMNS = AccessLogRow.__table__.c
# found, for the one looking: a case they are walled off from (they recused) is as if not
# found, so the line says refused (`lookups.CaseViewRead.decide` knows it by the same test)
_FOUND = select(exists().where(
    _CASES.c.number == bindparam("number"),
    func.lower(cast(_CASES.c.walled, String)).not_like(bindparam("walled"), escape="/"))
    .label("found")).subquery("looked_for")
# the line of `case_view_statements`' `logged`: the found look's, or the missing one's
# action, and allowed exactly when the case row is there (looked for once)
_LOG_IF_FOUND = insert(AccessLogRow.__table__).from_select(  # type: ignore[arg-type]
    list(Look.COLUMNS),
    select(*(bindparam(f"log_{c}", type_=_LOG_COLUMNS[c].type)
             for c in ("at", "who", "case_number")),
           sql_case((_FOUND.c.found, bindparam("log_action", type_=_LOG_COLUMNS.action.type)),
                    else_=bindparam("log_refused", type_=_LOG_COLUMNS.action.type)),
           bindparam("log_channel", type_=_LOG_COLUMNS.channel.type), _FOUND.c.found
           ).select_from(_FOUND))
_CASE_VIEW_LOGGED = _CASE_VIEW.statement.add_cte(_LOG_IF_FOUND.cte("logged"))


def log_access(*, session: Session, at: datetime, who: str, number: str | None, action: str,
               channel: str, allowed: bool = True) -> None:
    session.execute(*access_row(Look(at=at, who=who, number=number, action=action,
                                 channel=channel, allowed=allowed)))


def access_row(look: Look) -> Statement:
    """The access-log row of `look`, as a statement: one prepared INSERT, since on every
    Slack status request the ORM's flush, or a statement built anew, would cost more than
    the query it logs (bench/slack_status.py). A refusal is written unless the same one
    (who, case, action) was in the last `REFUSALS_EVERY`: whoever repeats a refused request
    at will costs one row a minute, not one a request; the first is the evidence."""
    if look.allowed:
        return _LOG_ACCESS, look.values()
    return _LOG_REFUSAL_ONCE, {**look.values(), "log_since": look.at - REFUSALS_EVERY}


# Core: the ORM's bulk insert, on every lookup, cost more than the insert itself; its
# parameters named, since the docket's statement carries it among its own
_LOG_ACCESS = insert(AccessLogRow.__table__).values(  # type: ignore[arg-type]
    {c: bindparam(f"log_{c}") for c in Look.COLUMNS})
REFUSALS_EVERY = timedelta(minutes=1)  # one repeated refusal logged at most this often
_LOGGED = AccessLogRow.__table__.c
_LOG_REFUSAL_ONCE = insert(AccessLogRow.__table__).from_select(  # type: ignore[arg-type]
    list(Look.COLUMNS),
    select(*(bindparam(f"log_{c}", type_=_LOGGED[c].type) for c in Look.COLUMNS)).where(
        ~exists().where(_LOGGED.who == bindparam("log_who"),
                        _LOGGED.action == bindparam("log_action"),
                        _LOGGED.allowed.is_(False),
                        _LOGGED.at > bindparam("log_since", type_=_LOGGED.at.type),
                        _LOGGED.case_number.is_not_distinct_from(
                            bindparam("log_case_number", type_=_LOGGED.case_number.type)))))


def open_deadlines(*, session: Session, responsible: list[str], now: datetime, asker: str,
                   limit: int = 50) -> list[dict[str, Any]]:
    """The deadlines still to be met that the given responsibilities answer for, soonest
    first and tolled last (someone's "Your deadlines"): open, tolled and missed ones of
    cases under review, and the answer to a disclosure request on a closed case. Each is
    judged at `now`: a missed one stays on the list, marked, until the step is recorded.
    The cases `asker` (an email) recused on are left out: they are walled off from them."""
    waiting = (Status.OPEN.value, Status.TOLLED.value, Status.MISSED.value)
    q = (select(DeadlineRow, CaseRow.number, CaseRow.respondents)
         .join(CaseRow, CaseRow.id == DeadlineRow.case_id)
         .where(DeadlineRow.responsible.in_(responsible), DeadlineRow.status.in_(waiting),
                DeadlineRow.key != DeadlineKey.LIMITATIONS.value,
                (CaseRow.stage.not_in(_FINAL))
                | DeadlineRow.key.in_([k.value for k in DISCLOSURE_KEYS]),
                func.lower(cast(CaseRow.walled, String)).not_like(member_like(asker),
                                                                   escape="/"))
         .order_by(DeadlineRow.due.is_(None), DeadlineRow.due, CaseRow.id).limit(limit))
    return [{"number": number, "respondents": respondents, **_deadline(d, now)}
            for d, number, respondents in session.execute(q)]
