"""Counting what a drill did: complaints lost, complaints with two cases, notices sent
twice under different Message-IDs (an "unfolded" duplicate, which a mail system cannot
drop) as against the same Message-ID twice (folded: recipients' systems drop the copy),
§2 notices not delivered, how long delivery took after a recovery, helper processes
that outlived a killed worker; and how each drill is run: its arguments (CI's `--quick`
form), the time it has left, and the one summary line it prints.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

from _stage import Stage, message_id
from sqlalchemy import func, select

from cases.notices import SECTION_2
from ethicsbot.status import status
from storage.models import DeliveryRow, FilingRow, OutboxRow
from tests.servers.processes import ethicsbot_env, until

S2 = [t.value for t in SECTION_2]


@dataclass(frozen=True)
class Tally:
    complaints: int
    lost: int
    duplicate_cases: int
    unfolded_duplicates: int
    folded_duplicates: int
    s2_notices: int
    s2_undelivered: int

    def figures(self) -> dict[str, int]:
        """The counts, as each drill's summary line shows them and `BASIC` reads them."""
        return dataclasses.asdict(self)


def tally(stage: Stage, numbers: Iterable[int]) -> Tally:
    expected = {message_id(n) for n in numbers}
    with stage.app.session_factory() as s:
        opened = Counter(s.scalars(select(FilingRow.message_id).where(
            FilingRow.outcome == "opened")))
        s2 = [(r.message_id, r.status) for r in s.scalars(
            select(OutboxRow).where(OutboxRow.notice_type.in_(S2)))]
    received = _sink(stage.sink_dir)
    ids_by_notice: dict[tuple[str, str], set[str]] = defaultdict(set)
    for recipient, msgid in received:
        ids_by_notice[(recipient, _notice_key(msgid))].add(msgid)
    delivered = {m for _, m in received}
    return Tally(
        complaints=len(expected), lost=len(expected - set(opened)),
        duplicate_cases=sum(n - 1 for m, n in opened.items() if m in expected and n > 1),
        unfolded_duplicates=sum(len(ids) - 1 for ids in ids_by_notice.values()),
        folded_duplicates=len(received) - len(set(received)),
        s2_notices=len(s2),
        s2_undelivered=sum(1 for m, st in s2 if st != "sent" or m not in delivered))


def _sink(folder: Path) -> list[tuple[str, str]]:
    """(envelope recipient, Message-ID) of every message the sink stored."""
    parser, out = BytesHeaderParser(), []
    for path in sorted(folder.glob("*.eml")):
        head = parser.parsebytes(path.read_bytes())
        out.append((str(head["X-Envelope-To"]).strip().lower(),
                    " ".join(str(head["Message-ID"]).split())))
    return out


def _notice_key(msgid: str) -> str:
    """The notice a Message-ID stands for: all of it but its random part
    (`<eth-2026-0007.complaint_to_council.0.9f2c…@…>` -> `eth-2026-0007.complaint_to_council.0`)."""
    local = msgid.strip("<>").split("@")[0]
    return local.rsplit(".", 1)[0]


def s2_pending(stage: Stage) -> set[int]:
    with stage.app.session_factory() as s:
        return set(s.scalars(select(OutboxRow.id).where(
            OutboxRow.notice_type.in_(S2), OutboxRow.status == "pending")))


def s2_claimed(stage: Stage) -> set[int]:
    """The pending §2 notices a worker had claimed (leased) and not recorded: what a dead
    worker leaves behind, which used to wait out the 5-minute lease."""
    recorded = (select(func.count()).select_from(DeliveryRow)
                .where(DeliveryRow.outbox_id == OutboxRow.id).scalar_subquery())
    with stage.app.session_factory() as s:
        return set(s.scalars(select(OutboxRow.id).where(
            OutboxRow.notice_type.in_(S2), OutboxRow.status == "pending",
            OutboxRow.attempts > recorded)))


def taken_in(stage: Stage) -> int:
    with stage.app.session_factory() as s:
        return int(s.scalar(select(func.count()).select_from(FilingRow)) or 0)


def delivered_after(stage: Stage, ids: set[int], since: float, *, timeout: float) -> float:
    """Wait until every notice `ids` is sent; seconds from `since` to the last sending
    (0 when there were none). Raises AssertionError after `timeout`."""
    if not ids:
        return 0.0

    def sent() -> list[float] | None:
        with stage.app.session_factory() as s:
            rows = s.execute(select(OutboxRow.status, OutboxRow.sent_at)
                             .where(OutboxRow.id.in_(ids))).all()
        if any(st != "sent" or at is None for st, at in rows):
            return None
        return [at.timestamp() for _, at in rows]

    until(lambda: sent() is not None, f"{len(ids)} §2 notice(s) to be delivered", timeout)
    times = sent()
    assert times is not None
    return max(0.0, max(times) - since)


def s2_latencies(stage: Stage) -> list[float]:
    """Seconds from each complaint's landing in the mailbox (`Stage.feed`) to the sending
    of each of its §2 notices: what a respondent and the council wait, kills included."""
    with stage.app.session_factory() as s:
        rows = s.execute(select(FilingRow.message_id, OutboxRow.sent_at)
                         .join(OutboxRow, OutboxRow.case_id == FilingRow.case_id)
                         .where(FilingRow.outcome == "opened", OutboxRow.notice_type.in_(S2),
                                OutboxRow.sent_at.is_not(None))).all()
    return sorted(at.timestamp() - stage.fed_at[m] for m, at in rows if m in stage.fed_at)


def p95(values: Sequence[float]) -> float | None:
    return values[min(len(values) - 1, int(0.95 * len(values)))] if values else None


def wait_idle(stage: Stage, *, timeout: float) -> dict[str, Any]:
    """Wait until nothing waits in the inbox or the outbox, then ask `ethicsbot status
    --json` (the operators' idle signal) to confirm; its figures."""
    until(lambda: status(stage.app)["idle"], "everything owed to be done", timeout, every=0.5)
    out = subprocess.run([sys.executable, "-m", "ethicsbot", "status", "--json"],
                         cwd=stage.root, env=ethicsbot_env(stage.env), capture_output=True,
                         text=True, timeout=60, check=False)
    figures: dict[str, Any] = json.loads(out.stdout)
    assert figures["idle"], f"ethicsbot status does not say idle: {out.stdout}"
    return figures


def logged_after(proc_lines: list[dict[str, Any]], text: str, since: float) -> float | None:
    """When (epoch seconds) a log line containing `text` was first written after `since`."""
    from datetime import datetime

    for record in proc_lines:
        at = datetime.fromisoformat(str(record.get("ts"))).timestamp()
        if at >= since and text in str(record.get("msg", "")):
            return at
    return None


Check = tuple[str, Callable[[dict[str, Any]], bool]]
BASIC: list[Check] = [
    ("0 lost", lambda f: f.get("lost", 0) == 0),
    ("0 duplicate cases", lambda f: f.get("duplicate_cases", 0) == 0),
    ("0 unfolded duplicates", lambda f: f.get("unfolded_duplicates", 0) == 0),
    ("every §2 notice delivered", lambda f: f.get("s2_undelivered", 0) == 0),
    ("0 orphans", lambda f: f.get("orphans", 0) == 0),
    ("nothing on stderr but log records", lambda f: f.get("stray_stderr", 0) == 0),
    ("IMAP reconnect <= 5 s", lambda f: f.get("reconnect_s") is None or f["reconnect_s"] <= 5),
    ("§2 p95 from landing <= 30 s", lambda f: f.get("s2_p95_s") is None or f["s2_p95_s"] <= 30),
    ("§2 notices a dead worker had claimed delivered <= 30 s after recovery",
     lambda f: f.get("deliver_after_recovery_s") is None or f["deliver_after_recovery_s"] <= 30),
]


def parsed(parser: argparse.ArgumentParser, argv: list[str] | None, *, quick: dict[str, Any],
           says: str, timeout_help: str = "seconds") -> argparse.Namespace:
    """The drill's own arguments in `parser`, with `--timeout` (600 s) and `--quick`, CI's
    form: the values in `quick` (which `says` in words) and 120 s."""
    parser.add_argument("--timeout", type=float, default=600.0, help=timeout_help)
    parser.add_argument("--quick", action="store_true", help=f"{says} (CI)")
    args = parser.parse_args(argv)
    if args.quick:
        vars(args).update(quick, timeout=120.0)
    return args


def time_left(timeout: float) -> Callable[[], float]:
    """The seconds left of `timeout` from now, each time asked (at least 1: a last wait
    still gets its look)."""
    deadline = time.monotonic() + timeout
    return lambda: max(1.0, deadline - time.monotonic())


def drill(name: str, run: Callable[[], dict[str, Any]], extra: Sequence[Check] = ()) -> int:
    """Run a drill and print its one summary line, even when it aborts; 0 if every target
    (`BASIC` and `extra`) is reached, else 1."""
    began = time.monotonic()
    try:
        figures = run()
    except Exception as e:  # the summary line still says what happened
        return _fail(name, e, began=began)
    return _report(name, figures, extra, began=began)


def _report(drill: str, figures: dict[str, Any], extra: Sequence[Check], *,
            began: float) -> int:
    missed = [name for name, ok in [*BASIC, *extra] if not ok(figures)]
    shown = " ".join(f"{k}={_fmt(v)}" for k, v in figures.items())
    verdict = "PASS" if not missed else "FAIL (" + "; ".join(missed) + ")"
    print(f"drill {drill}: {shown} took_s={time.monotonic() - began:.0f} -> {verdict}",
          flush=True)
    return 0 if not missed else 1


def _fail(drill: str, why: BaseException, *, began: float) -> int:
    print(f"drill {drill}: aborted ({type(why).__name__}: {why}) "
          f"took_s={time.monotonic() - began:.0f} -> FAIL", flush=True)
    return 1


def _fmt(value: object) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)
