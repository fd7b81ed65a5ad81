"""`ethicsbot verify [CASE] [--head] [--against COUNT:HASH]`: recompute the hash chains of
the history (issue 27, docs/evidence.md) and name the first entry of each that does not
match. Exit 0 when everything verifies, 1 when something does not, 2 on an error."""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, TypeVar

import click

from ethicsbot.cli.access import log_access
from ethicsbot.cli.terminal import CliError, for_terminal

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from storage.chain import DocketCheck, Report

T = TypeVar("T")

# A docket chain this long or longer is checked in a second process while this one and a
# third check half the cases each: on a big docket each part reads millions of rows and
# hashes each (CPU: the docket chain ~40% of the work, the cases ~60%), so on two cores
# the whole docket verifies in about half the time (bench/verify_chains.py,
# docs/topology.md). A small docket is not worth the processes' start (~1 s).
PARALLEL_FROM = 200_000


def register(group: click.Group) -> None:
    group.add_command(verify)


@click.command()
@click.argument("number", required=False)
@click.option("--head", "show_head", is_flag=True,
              help="Print the docket chain's head (COUNT:HASH) and nothing else: keep it "
                   "off this machine.")
@click.option("--against", metavar="COUNT:HASH",
              help="Also check that the chain still holds this head, one kept earlier.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def verify(number: str | None, show_head: bool, against: str | None, as_json: bool) -> None:
    """Recompute every case's history chain and the docket chain (or CASE's alone) and
    name the first entry of each that does not match. Exit 1 if any does not."""
    from cases.chain import Head
    from ethicsbot.bootstrap import bootstrap
    from storage import chain

    kept = None
    if against is not None:
        try:
            kept = Head.parse(against)
        except ValueError as e:
            raise CliError(str(e)) from None
    number = number.strip().upper() if number else None
    app = bootstrap()
    try:
        if show_head:
            with app.session_factory.begin() as session:
                head = chain.docket_head(session)
                log_access(app, None, "verify head", session=session)
            click.echo(str(head))
            return
        # read in one snapshot that holds no lock (a big docket takes a minute), then log
        with app.snapshot_session_factory().begin() as snapshot:
            report = _verify(snapshot, number)
            if kept is not None and (gone := chain.contains(snapshot, kept)) is not None:
                report.breaks.insert(0, gone)
        found = number is None or report.cases or report.breaks
        with app.session_factory.begin() as session:
            log_access(app, number, "verify", allowed=bool(found), session=session)
    finally:
        app.close()
    if not found:
        raise CliError(f"there is no case {number}, and the docket chain names none")
    if as_json:
        click.echo(json.dumps({
            "verified": report.verified, "cases": report.cases, "entries": report.entries,
            "docket_head": str(report.docket),
            "breaks": [{"case": b.case, "seq": b.seq, "what": b.what} for b in report.breaks]}))
    else:
        for b in report.breaks:
            click.echo(for_terminal(str(b)))
        what = (f"{report.cases} case(s), {report.entries} entries; docket chain head "
                f"{report.docket}")
        click.echo(f"verified: {what}" if report.verified
                   else f"NOT VERIFIED: {len(report.breaks)} break(s); {what}")
    if not report.verified:
        raise click.exceptions.Exit(1)


def _verify(session: Session, number: str | None) -> Report:
    """`storage.chain.verify`, in three parts side by side when the whole docket is
    verified and its chain is long (`PARALLEL_FROM`): the docket chain in a process of its
    own, half the cases in another, the other half here. Each part reads one consistent
    view of what it compares (a case's heads are read with its events), and `combine`
    rechecks here any case the docket chain's process saw that this one does not have."""
    from storage import chain

    if number is not None or chain.docket_head(session).count < PARALLEL_FROM:
        return chain.verify(session, number)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        docket = pool.submit(_check_docket)
        others = pool.submit(_check_cases, (1, 2))
        mine = chain.check_cases(session, None, (0, 2))
        return chain.combine(docket.result(), chain.joined([mine, others.result()]),
                             session)


def _check_docket() -> DocketCheck:
    """The docket chain's part, in a process of its own."""
    from storage import chain

    return _in_snapshot(chain.check_docket)


def _check_cases(part: tuple[int, int]) -> Report:
    """A part of the cases (`storage.chain.check_cases`), in a process of its own."""
    from storage import chain

    return _in_snapshot(lambda session: chain.check_cases(session, None, part))


def _in_snapshot(check: Callable[[Session], T]) -> T:
    """`check` in a snapshot of its own: the same settings as this command's (the
    environment and `.env` the process inherits), its own engine."""
    from ethicsbot.bootstrap import bootstrap

    app = bootstrap(migrate=False)
    try:
        with app.snapshot_session_factory().begin() as session:
            return check(session)
    finally:
        app.close()
