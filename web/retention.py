"""The retention queue on the web (RCW 40.14; issue 38; `ethicsbot retention` is the same
queue on the command line): the closed case files whose retention period has ended, due
for review; those whose destruction was requested and awaits the records officer's
approval; and those on hold, by a legal hold (in any stage) or by a public records
request still pending. Nothing is destroyed by being listed.

Shown only to whoever the step table gives a step of the case file's retention
(`web.auth.keeps_records`, read from the rows of `cases.handlers.retention`: the clerk
requests, the records officer approves, the city attorney places and lifts a legal
hold), each line with the buttons of those steps the reader may take on it now, to the
same step forms the case page opens (`web.steps`). The records officer sees no case
(`cases.access.case_access`): the form of their step is opened on the case's line of
the queue (`queued_case`), its number and nothing of its content. Every look is logged,
refusals too (`web.request.permitted`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from aiohttp import web

from cases.access import NOT_ENTITLED, Actor, askers_of, may_send, sees_every_case, who_may
from cases.calendar import fmt_day
from cases.case import Case
from cases.directory import RetentionPeriod
from cases.handlers import StepRule
from cases.history import EventKind
from cases.levels import Access
from cases.retention import NO_PERIOD, Hold, Review, holds, retention_ends, review
from cases.text import words
from cases.visibility import visibility
from storage.retention import queue_case, queue_cases
from web import auth
from web.auth import RETENTION_STEPS, keeps_records
from web.keys import VIEWER
from web.pages import CaseViewSeen
from web.render import page, refusal
from web.request import deps_of, permitted, signed_in

routes = web.RouteTableDef()
_NUMBER = re.compile(r"ETH-\d{4}-\d{4,6}")  # as `storage.repository` numbers cases

NOT_KEEPER = ("The retention queue is for those who take the steps of a case file's "
              "retention (RCW 40.14): "
              + "; ".join(sorted({who_may(rule) for rule in RETENTION_STEPS}))
              + ". Ask the city clerk.")


def on_queue(case: Case, due: Review | None) -> bool:
    """Whether `case` has a line in the queue: not destroyed, and due for review, its
    destruction requested, or under a legal hold."""
    return case.destroyed is None and (
        due is not None or case.destruction_request is not None or case.legal_hold is not None)


# When a step of the retention part applies to a line, beside the role and the stage its
# row says (a step without an entry here: whenever those allow it): what the case's state
# makes pointless is not offered (the step would refuse it, saying why)
Applies = Callable[[Case, Review | None, list[Hold], str], bool]
APPLIES: dict[EventKind, Applies] = {
    EventKind.LEGAL_HOLD_PLACED: lambda case, due, held, who: case.legal_hold is None,
    EventKind.LEGAL_HOLD_LIFTED: lambda case, due, held, who: case.legal_hold is not None,
    EventKind.DESTRUCTION_REQUESTED: lambda case, due, held, who:
        due is not None and not held and case.destruction_request is None,
    # never the requester's own approval (two people, `destroy approve`)
    EventKind.RECORDS_DESTROYED: lambda case, due, held, who:
        case.destruction_request is not None and not held
        and case.destruction_request[0].strip().lower() != who,
}


def offered(actor: Actor, case: Case, due: Review | None, held: list[Hold]
            ) -> list[StepRule]:
    """The retention steps `actor` may take on `case`'s line now: their role, the stage
    and the form (`cases.access.may_send`, as the case page offers a step), and the
    line's state (`APPLIES`)."""
    who = (actor.email or "").lower()
    asking = askers_of(case)
    return [rule for rule in RETENTION_STEPS
            if case.stage in rule.allowed_in
            and may_send(actor, rule, case.respondents, asking)
            and APPLIES.get(rule.event, _always)(case, due, held, who)]


def _always(case: Case, due: Review | None, held: list[Hold], who: str) -> bool:
    return True


def _hold_words(h: Hold, full: bool, name_of: Callable[[str], str]) -> str:
    """A hold as a line says it: its reason and who placed or asked it to those who see
    every case; to the records officer, who sees none, only what it is and since when."""
    if not full:
        return f"{h.kind} since {fmt_day(h.since)}"
    return f"{h.kind} since {fmt_day(h.since)} ({name_of(h.by)}): {h.reason}"


def _line(case: Case, due: Review | None, actor: Actor, period: RetentionPeriod | None,
          request: web.Request) -> dict[str, Any]:
    deps = deps_of(request)
    held = holds(case, deps.calendar)
    ends = retention_ends(case, period, deps.calendar)
    requested = case.destruction_request
    state = ("on hold" if held else "awaiting approval" if requested
             else "due for review")
    name_of = deps.directory.name_of
    return {"number": case.number, "state": state, "stage": words(case.stage.value),
            "closed": fmt_day(deps.calendar.local_date(case.closed_at))
            if case.closed_at is not None else None,
            "ends": fmt_day(ends) if ends is not None else None, "ended": due is not None,
            "holds": [_hold_words(h, sees_every_case(actor), name_of) for h in held],
            "requested": (f"{name_of(requested[0])}, "
                          f"{fmt_day(deps.calendar.local_date(requested[1]))}")
            if requested else None,
            "steps": [{"slug": r.slug, "name": r.name, "section": r.section}
                      for r in offered(actor, case, due, held)]}


ORDER = ("awaiting approval", "due for review", "on hold")


@routes.get("/retention")
@signed_in
async def queue(request: web.Request) -> web.StreamResponse:
    viewer = permitted(request, keeps_records, "retention queue", title="Not your page",
                       sentence=NOT_KEEPER)
    deps = deps_of(request)
    period = deps.directory.retention
    today = deps.calendar.local_date(deps.clock())
    with deps.session_factory.begin() as session:
        found = queue_cases(session)
        auth.log(session, deps, viewer.person.email, None, "retention queue", True)
    lines = [_line(case, due, viewer.actor, period, request) for case in found
             if on_queue(case, due := review(case, period, today, deps.calendar))]
    groups = [(state, [x for x in lines if x["state"] == state]) for state in ORDER]
    kind, number = request.query.get("recorded", ""), request.query.get("case", "")
    recorded = (f"Recorded on {number}: {words(kind)}." if kind in set(EventKind)
                and _NUMBER.fullmatch(number) else None)
    return page(request, "retention.html.j2", groups=groups, period=period,
                no_period=NO_PERIOD, today=fmt_day(today), recorded=recorded,
                links=sees_every_case(viewer.actor))


def blind(actor: Actor, rule: StepRule) -> bool:
    """Whether `actor` takes `rule`, a step of the case file's retention, without seeing
    the case (the records officer): its form is opened on the queue's line
    (`queued_case`), not on the case view."""
    return rule in RETENTION_STEPS and not sees_every_case(actor)


def back_to_queue(actor: Actor, rule: StepRule) -> bool:
    """Whether `actor`, having taken `rule`, is sent back to the queue rather than to the
    case page: they see no case (`blind`), or the step destroyed the file, whose page has
    nothing left to show."""
    return blind(actor, rule) or rule.event is EventKind.RECORDS_DESTROYED


def queued_case(request: web.Request, number: str, action: str) -> CaseViewSeen:
    """The case a step's form is shown and sent on for a reader who sees no case
    (`blind`): its line of the queue, the number, its officials (whom the form's checks
    ask about) and nothing of its content; refused, alike absent or not on the queue,
    as the case view refuses. The look is logged either way."""
    deps = deps_of(request)
    viewer: auth.Viewer | None = request.get(VIEWER)
    assert viewer is not None  # `signed_in` saw to it
    wanted = number.strip().upper()
    today = deps.calendar.local_date(deps.clock())
    with deps.session_factory.begin() as session:
        case = queue_case(session, wanted) if _NUMBER.fullmatch(wanted) else None
        listed = case is not None and on_queue(
            case, review(case, deps.directory.retention, today, deps.calendar))
        auth.log(session, deps, viewer.person.email, wanted[:20] or None,
                 action if listed else f"{action} refused", listed)
    if case is None or not listed:
        raise refusal(request, 404, "Not entitled", NOT_ENTITLED)
    view = {"number": case.number, "respondents": list(case.respondents),
            "askers": askers_of(case), "meetings": [], "deadlines": []}
    return CaseViewSeen(Access.NONE, view, visibility(Access.NONE, delivered=False))
