"""The operator's view (`ethicsbot status`, and the same figures on `/readyz`): messages
waiting in the inbox, notices pending and overdue, the active worker and since when,
how many cases the worker still has to recompute since the city's calendar or readings
changed (`ethicsbot.calendar_sync`), whether outgoing mail has been failing long
enough for the clerk to be told (`mail.mail_down`), and which of the worker's loops are
failing now, since when, why and what to do (`storage.loop_faults`). Each condition is
stored by the worker and read here the same way, so a status run in another process, or
on another machine, sees it.

"Idle" means everything owed is done: nothing waits in the inbox and nothing in the
outbox, which is what an operator (or a drill) waits for after an outage. Each part is
read on its own, so an unreachable IMAP server still leaves the outbox figures, and a
database that is down says so instead of failing the whole answer.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from ethicsbot.settings import Settings
from mail.listener.waiting import imap_waiting, maildir_waiting
from notices.mail_down import status_json
from storage import calendar_state, loop_faults
from storage.chain import docket_head
from storage.leader import DATABASE_DOWN, active_worker
from storage.mail_down import told
from storage.migrate import is_current
from storage.outbox import delivery_figures


class Sources(Protocol):
    """What the figures are read from: the settings, the database, the clock (the App
    built by `ethicsbot.bootstrap` has them; this module needs nothing more of it)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def session_factory(self) -> sessionmaker[Any]: ...
    @property
    def clock(self) -> Callable[[], datetime]: ...


def status(app: Sources) -> dict[str, Any]:
    """The figures, as the JSON of `ethicsbot status --json` (blocking: IMAP and SQL)."""
    return combine(inbox(app), outbox_and_worker(app))


def combine(inbox: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    notices = stored.get("notices")
    idle = (inbox.get("waiting") == 0 and notices is not None and notices["pending"] == 0
            and stored.get("recompute") == 0)
    return {"database": stored["database"], "inbox": inbox, "notices": notices,
            "worker": stored.get("worker"), "recompute": stored.get("recompute"), "idle": idle,
            "docket_head": stored.get("docket_head"), "mail": stored.get("mail"),
            "loops": stored.get("loops")}


def database_state(app: Sources) -> str:
    """`current`, `not migrated: ...` or `unreachable (the kind of failure)`: never the
    URL, a host or the server's words."""
    try:
        return "current" if is_current(app.engine) else "not migrated: run `ethicsbot migrate`"
    except DATABASE_DOWN as e:
        return f"unreachable ({type(e).__name__})"


def outbox_and_worker(app: Sources) -> dict[str, Any]:
    """What the database says: the outbox figures and the active worker."""
    s = app.settings
    try:
        if (state := database_state(app)) != "current":
            return {"database": state}
        with app.session_factory() as session:
            figures = delivery_figures(session, now=app.clock(),
                                       overdue_after=s.undelivered_alert_after)
            worker = active_worker(session)
            in_force = calendar_state.in_force(session)
            # open cases whose deadlines the worker still has to recompute in the
            # background since the city's calendar or readings changed
            recompute = calendar_state.count_stale(session, in_force) if in_force else 0
            head = docket_head(session)  # to keep off the machine (docs/evidence.md)
            mail = status_json(told(session))  # outgoing mail failing, the clerk told
            loops = [{"loop": c.loop, "since": c.since.isoformat(), "error": c.error,
                      "todo": c.todo} for c in loop_faults.current(session)]
    except DATABASE_DOWN as e:
        return {"database": f"unreachable ({type(e).__name__})"}
    return {"database": "current",
            "notices": {**figures.as_json(), "overdue_after_minutes": s.undelivered_alert_minutes},
            "worker": {"active": worker.id if worker else None,
                       "since": worker.since.isoformat() if worker and worker.since else None},
            "recompute": recompute, "docket_head": str(head), "mail": mail, "loops": loops}


def public(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures for `/readyz`, which anyone can read: the worker's host name and pid
    are left out (whether one is active, and since when, stay), and so is the docket
    chain's head (its count says how much the docket moved)."""
    figures = {k: v for k, v in figures.items() if k != "docket_head"}
    if figures.get("mail"):  # down or not, and since when; why is the operator's
        figures["mail"] = {k: v for k, v in figures["mail"].items() if k != "cause"}
    if figures.get("loops"):  # which loop fails and since when; the error is the operator's
        figures["loops"] = [{"loop": f["loop"], "since": f["since"]} for f in figures["loops"]]
    worker = figures.get("worker")
    if worker is None:
        return figures
    return {**figures, "worker": {"active": worker["active"] is not None,
                                  "since": worker["since"]}}


def inbox(app: Sources) -> dict[str, Any]:
    """The intake folder: how many messages wait there (or why that is unknown)."""
    s = app.settings
    if not s.uses_imap:
        return {"source": "maildir", "waiting": maildir_waiting(s.maildir)}
    from imapclient import IMAPClient

    assert s.imap_host is not None
    try:
        waiting = imap_waiting(host=s.imap_host, port=s.imap_port_effective,
                               user=s.imap_user or "", password=s.imap_password or "",
                               folder=s.imap_folder, use_ssl=s.imap_ssl,
                               verify_tls=s.imap_verify_tls)
    except (OSError, IMAPClient.Error) as e:  # never the host or the server's words
        return {"source": "imap", "waiting": None, "error": f"unreachable ({type(e).__name__})"}
    return {"source": "imap", "waiting": waiting}
