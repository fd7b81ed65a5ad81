"""What EthicsBot says while outgoing mail is down (issue 39, item 4), on every path that
does not need the mail: the banner of every web docket page and the App Home, the Slack
DM's particulars, `ethicsbot status`. The alarm itself, which decides when the clerk is
told, is the mail room's (`mail.mail_down`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session

from cases.calendar import CityCalendar, when
from storage import mail_down
from storage.mail_down import MailOutage


@dataclass(frozen=True)
class Banner:
    """What every path says while the clerk is told that mail is down."""

    headline: str
    todo: str

    @property
    def text(self) -> str:
        return f"{self.headline} {self.todo}"


TODO = ("Notices and alerts by email wait in the outbox and go as soon as it works; one "
        "that cannot wait (a §2 notice near its 24 hours) must be delivered another way "
        "and recorded with its case. Check the mail server or relay (the worker's log "
        "says why).")


def banner(outage: MailOutage | None, calendar: CityCalendar) -> Banner | None:
    """The banner of a told outage (None: nothing to show)."""
    if outage is None or outage.told_at is None or outage.cleared_at is not None:
        return None
    return Banner(f"Outgoing mail is failing since {when(outage.since, calendar)} "
                  f"({outage.cause}).", TODO)


def shown(session: Session, calendar: CityCalendar) -> Banner | None:
    """The banner to show now, read from the database (web pages, App Home)."""
    return banner(mail_down.told(session), calendar)


def status_json(outage: MailOutage | None) -> dict[str, Any]:
    """`ethicsbot status --json`'s `mail`: down (told) since when and why, or working."""
    if outage is None:
        return {"down": False}
    return {"down": True, "since": outage.since.isoformat(), "cause": outage.cause,
            "told_at": outage.told_at.isoformat() if outage.told_at else None}


def dm_about(session: Session, outage_id: int, slot: str, calendar: CityCalendar
             ) -> dict[str, Any]:
    """A DM's particulars, read when it is sent (mail.context): a "down" DM sent after
    mail came back says so too."""
    outage = mail_down.by_id(session, outage_id)
    if outage is None:
        return {"mail": slot}
    return {"mail": slot, "since": when(outage.since, calendar), "cause": outage.cause,
            "back": when(outage.cleared_at, calendar) if outage.cleared_at else None,
            "lasted": span_words(outage.cleared_at - outage.since) if outage.cleared_at else None}


def span_words(span: timedelta) -> str:
    """"42 min", "2 h 05 min": how long mail has been down, as a person says it."""
    minutes = int(span.total_seconds() // 60)
    if minutes < 120:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"
