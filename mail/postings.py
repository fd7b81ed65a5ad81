"""A meeting's posting: the notice for the city's website and the entrance of the meeting
place (RCW 42.30.080(2) for a special meeting; RCW 42.30.077's agenda online for a
regular one), as an HTML page and a printable PDF in the postings folder.

A posting is an outbox row like every statutory notice (`channel` "posting"), so it is
retried and its proof kept: the dispatcher renders it here from the meeting as it now
stands and `PostingFolder.publish` writes it. Each revision of a meeting is its own pair
of files, `<case>-meeting-<n>-r<revision>.html` and `.pdf`, beside a `.json` record of
when it was published and the files' SHA-256; a revision already published is never
rewritten (its first publication time stands). The `.json` record also keeps the
meeting as posted (when, which body, where, open to the public or not), for the public
page's list. `index.html` and `index.json` list every posting with its publication time,
the meeting's current one marked. Writes are atomic
(a temporary file renamed), so a reader never sees half a posting.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from cases.calendar import fmt_day, fmt_moment
from cases.case import Case
from cases.meetings import BODY_NAME, Meeting, MeetingKind
from cases.minutes import minutes
from cases.notices import MINUTES, meeting_of
from notices.meeting_text import meeting_data
from notices.render import NoticeContext
from storage.outbox import Outcome, SendResult
from templates.pdf import html_to_pdf

_ENV = Environment(loader=PackageLoader("templates", "notices"),
                   autoescape=select_autoescape(default=True, default_for_string=True),
                   undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


@dataclass(frozen=True)
class Posting:
    name: str  # "eth-2026-0003-meeting-1-r0": the files' stem
    case: str
    meeting: int
    revision: int
    title: str
    html: str
    pdf: bytes
    published_at: datetime
    cancelled: bool
    # the meeting as posted, for the public page's list (`PostingFolder.entries`): when,
    # which body, where, and whether it is open to the public or an executive session
    meeting_at: datetime | None = None
    body: str = ""
    place: str = ""
    remote_link: str | None = None
    open: bool = False
    kind: str = "notice"  # or "minutes": the meeting's approved minutes (RCW 42.30.035)


def title_of(m: Meeting) -> str:
    body = BODY_NAME[m.body].removeprefix("the ")
    if m.cancelled:
        return f"Cancellation of a {m.kind.value} meeting of the {body}"
    if m.kind is MeetingKind.SPECIAL:
        return f"Notice of special meeting of the {body}"
    return f"Agenda item for the regular meeting of the {body}"


def render_posting(ctx: NoticeContext) -> Posting:
    """The posting for the meeting `ctx.slot` names, as the case now stands (its approved
    minutes, for a minutes slot)."""
    number = meeting_of(ctx.slot)
    m = ctx.case.meetings.get(number) if ctx.case and number is not None else None
    if ctx.case is None or m is None:
        raise ValueError(f"no meeting {ctx.slot!r} to post")
    if ctx.slot.endswith(MINUTES):
        return _minutes_posting(ctx, ctx.case, m)
    title = title_of(m)
    html = _ENV.get_template("meeting_posting.html.j2").render(
        city=ctx.city, case=ctx.case.number, title=title,
        meeting=meeting_data(ctx.case, m, ctx.calendar),
        published=fmt_moment(ctx.calendar.local(ctx.now)))
    return Posting(name=f"{ctx.case.number.lower()}-meeting-{m.number}-r{m.sequence}",
                   case=ctx.case.number, meeting=m.number, revision=m.sequence, title=title,
                   html=html, pdf=html_to_pdf(html, title=title, created=ctx.now),
                   published_at=ctx.now, cancelled=bool(m.cancelled),
                   meeting_at=m.starts_at, body=BODY_NAME[m.body].removeprefix("the "),
                   place=m.place, remote_link=m.remote_link, open=m.open_to_public)


def _minutes_posting(ctx: NoticeContext, case: Case, m: Meeting) -> Posting:
    """The approved minutes of meeting `m`, for the public (RCW 42.30.035): drawn from the
    record (`cases.minutes`), naming the members and no official (§6)."""
    drawn = minutes(case, m, ctx.calendar)
    if not drawn.approved:
        raise ValueError(f"the minutes of meeting {m.number} are not approved yet")
    body = BODY_NAME[m.body].removeprefix("the ")
    title = (f"Minutes of the {m.kind.value} meeting of the {body}, "
             f"{fmt_day(ctx.calendar.local(m.starts_at).date())}")
    html = _ENV.get_template("minutes_posting.html.j2").render(
        city=ctx.city, case=case.number, title=title, lines=drawn.lines,
        published=fmt_moment(ctx.calendar.local(ctx.now)))
    return Posting(name=f"{case.number.lower()}-meeting-{m.number}-minutes-r0",
                   case=case.number, meeting=m.number, revision=0, title=title, html=html,
                   pdf=html_to_pdf(html, title=title, created=ctx.now), published_at=ctx.now,
                   cancelled=False, meeting_at=m.starts_at, body=body, place=m.place,
                   remote_link=m.remote_link, open=m.open_to_public, kind="minutes")


class PostingFolder:
    """Where postings are published: a folder the city's website serves and prints from."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    async def publish(self, posting: Posting) -> SendResult:
        try:
            return await asyncio.to_thread(self._publish, posting)
        except OSError as e:  # a full disk or a permission: retried, then the clerk is told
            return SendResult(Outcome.TEMPORARY, f"cannot write the posting {posting.name} in "
                                                 f"{self.folder}: {e.strerror or e}")

    def _publish(self, posting: Posting) -> SendResult:
        self.folder.mkdir(parents=True, exist_ok=True)
        record = self.folder / f"{posting.name}.json"
        if record.exists():
            first = json.loads(record.read_text(encoding="utf-8"))
            return SendResult(Outcome.SENT, f"already posted {first['published_at']}: "
                                            f"{self.folder / posting.name}.html, .pdf")
        html = posting.html.encode()
        _write(self.folder / f"{posting.name}.html", html)
        _write(self.folder / f"{posting.name}.pdf", posting.pdf)
        entry: dict[str, Any] = {
                 "name": posting.name, "case": posting.case, "meeting": posting.meeting,
                 "revision": posting.revision, "title": posting.title,
                 "cancelled": posting.cancelled,
                 "published_at": posting.published_at.isoformat(),
                 "meeting_at": posting.meeting_at.isoformat() if posting.meeting_at else None,
                 "body": posting.body, "place": posting.place,
                 "remote_link": posting.remote_link, "open": posting.open,
                 "kind": posting.kind,
                 "html_sha256": hashlib.sha256(html).hexdigest(),
                 "pdf_sha256": hashlib.sha256(posting.pdf).hexdigest()}
        _write(record, json.dumps(entry, indent=2).encode())
        self._index()
        return SendResult(Outcome.SENT, f"posted {entry['published_at']}: "
                                        f"{self.folder / posting.name}.html (sha256 "
                                        f"{entry['html_sha256'][:16]}…), .pdf (sha256 "
                                        f"{entry['pdf_sha256'][:16]}…)")

    def entries(self) -> list[dict[str, Any]]:
        """Every posting published, newest first; `current` marks each meeting's latest."""
        found: list[dict[str, Any]] = []
        for path in self.folder.glob("*-meeting-*-r*.json"):
            try:
                found.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # being written, or not ours
        latest: dict[tuple[str, int, str], int] = {}

        def key(e: dict[str, Any]) -> tuple[str, int, str]:  # a meeting's notice, its minutes
            return e["case"], e["meeting"], e.get("kind") or "notice"
        for e in found:
            latest[key(e)] = max(latest.get(key(e), -1), e["revision"])
        for e in found:
            e["current"] = latest[key(e)] == e["revision"]
        return sorted(found, key=lambda e: (e["published_at"], e["name"]), reverse=True)

    def _index(self) -> None:
        entries = self.entries()
        _write(self.folder / "index.json", json.dumps({"postings": entries}, indent=2).encode())
        page = _ENV.get_template("postings_index.html.j2").render(entries=entries)
        _write(self.folder / "index.html", page.encode())


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
