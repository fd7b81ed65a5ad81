"""Taking a procedural step from its form: the role is checked before anything is looked
up (someone refused learns nothing, not even whether the case exists), then the case,
and whether the reader may send this form on it (`cases.access.check_form`, which the
step asks again when it is sent: a form is shown only to whoever may send it); the step
is taken as on every surface (`cases.services.take_step_as`: the same checks,
the same refusals as Slack), the form's values completed by `cases.derived`, and logged
either way."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from cases.access import Refused, check_form, check_step, may_send
from cases.case import Case
from cases.derived import complete
from cases.errors import ProcedureError
from cases.fields import BY_SLUG, BadInput, inputs, parse, taken_by_people
from cases.handlers import Command, StepRule
from cases.levels import Access
from cases.services import take_step_as
from storage.uow import SqlUnitOfWork
from web import auth
from web.ballots import drawn, unmarked, words_of
from web.formats import deadline_title
from web.pages import CaseViewSeen, case_view, viewer_of
from web.render import due_text, page, refusal
from web.request import deps_of, form, signed_in
from web.retention import back_to_queue, blind, queued_case
from web.security import CSRF_FIELD

routes = web.RouteTableDef()


def _rule(request: web.Request) -> StepRule:
    rule = BY_SLUG.get(request.match_info["step"])
    if rule is None or not taken_by_people(rule):
        raise refusal(request, 404, "No such step",
                      "There is no such step. The case page lists the steps you may take.")
    return rule


def _allowed(request: web.Request, rule: StepRule) -> None:
    deps, viewer = deps_of(request), viewer_of(request)
    try:
        check_step(viewer.actor, rule)
    except Refused as e:
        auth.log_alone(deps, viewer.person.email, None, f"step {rule.id} refused", False)
        raise refusal(request, 403, "Not your step", str(e)) from None


@routes.get("/cases/{number}/steps/{step}")
@signed_in
async def show(request: web.Request) -> web.StreamResponse:
    rule = _rule(request)
    _allowed(request, rule)
    looked = await _case_for(request, rule, f"step form {rule.id}")
    _sendable(request, rule, looked)
    return _form_page(request, rule, looked, {}, None, 200,
                      serves=_serves(request, rule, looked.view), own=_own(rule, looked))


async def _case_for(request: web.Request, rule: StepRule, action: str) -> CaseViewSeen:
    """The case the form is shown and sent on, as the reader sees it; a step of the
    case file's retention taken by one who sees no case (the records officer), on its
    line of the retention queue (`web.retention.queued_case`)."""
    if blind(viewer_of(request).actor, rule):
        return queued_case(request, request.match_info["number"], action)
    return await case_view(request, request.match_info["number"], action)


def _sendable(request: web.Request, rule: StepRule, looked: CaseViewSeen) -> None:
    """A form is shown only to whoever may send it: refused as its sending would be
    (`cases.access.check_form`, which `take_step_as` asks too), logged."""
    viewer, number = viewer_of(request), looked.view["number"]
    try:
        check_form(viewer.actor, rule, looked.view["respondents"], looked.view["askers"])
    except Refused as e:
        auth.log_alone(deps_of(request), viewer.person.email, number,
                       f"step form {rule.id} refused", False)
        raise refusal(request, 403, "Not your step", str(e)) from None


def _own(rule: StepRule, looked: CaseViewSeen) -> bool:
    """The official complained against making one of their own requests (§10-§14)."""
    return looked.access is Access.RESPONDENT and rule.respondent_asks is not None


def _serves(request: web.Request, rule: StepRule, detail: dict[str, Any]
            ) -> dict[str, Any] | None:
    """The deadline the step meets, as the case stands: what it asks, when it is due, and
    whether that time has passed (the form says so before the clerk types a date)."""
    # the soonest still waiting: where each official has their own (§12), it says whose
    waiting = sorted((x for x in detail["deadlines"] if rule.meets and x["key"] == rule.meets
                      and x["status"] in ("open", "missed") and x["due"]),
                     key=lambda x: str(x["due"]))
    if not waiting:
        return None
    found, deps = waiting[0], deps_of(request)
    return {"action": deadline_title(found, deps.directory.name_of),
            "missed": found["status"] == "missed",
            "due_text": due_text(found["due"], found["status"], deps.clock(), deps.calendar)}


def _drawn(request: web.Request, rule: StepRule, looked: CaseViewSeen, own: bool
           ) -> list[Any]:
    """The form's inputs as the web draws them (`web.ballots`: rows per member, the
    case's meetings to choose from)."""
    deps, viewer = deps_of(request), viewer_of(request)
    return drawn(rule, inputs(rule, viewer.actor, deps.directory, own=own), deps.directory,
                 looked.view["meetings"], deps.calendar)


def _form_page(request: web.Request, rule: StepRule, looked: CaseViewSeen,
               values: dict[str, str], error: str | None, status: int, *,
               serves: dict[str, Any] | None = None, own: bool = False) -> web.Response:
    number = looked.view["number"]
    return page(request, "step.html.j2", status=status, rule=rule, number=number,
                inputs=_drawn(request, rule, looked, own), values=values,
                error=error, slug=request.match_info["step"], serves=serves,
                title=(rule.respondent_asks if own else None) or rule.name)


@routes.post("/cases/{number}/steps/{step}")
@signed_in
async def take(request: web.Request) -> web.StreamResponse:
    rule = _rule(request)
    fields = await form(request)
    _allowed(request, rule)
    deps, viewer = deps_of(request), viewer_of(request)
    looked = await _case_for(request, rule, f"step form {rule.id} sent")
    number = looked.view["number"]
    typed = {k: v for k, v in fields.items() if k != CSRF_FIELD}
    own = _own(rule, looked)
    shown = _drawn(request, rule, looked, own)
    said = words_of(shown, typed)  # rows as Slack's words

    def build(case: Case, uow: SqlUnitOfWork) -> Command:
        if (missing := unmarked(shown, said)) is not None:
            raise BadInput(missing)
        values = parse(rule, said, deps.calendar, viewer.actor, deps.directory, own=own)
        return complete(rule.command, values, viewer.actor, deps.directory, case,
                        uow.rotation, via="web", today=deps.calendar.local_date(deps.clock()))

    def log(uow: SqlUnitOfWork, case: str, action: str, allowed: bool) -> None:
        auth.log(uow.session, deps, viewer.person.email, case, action, allowed)

    try:
        taken = take_step_as(deps.uow, viewer.actor, number, rule, build,
                             directory=deps.directory, calendar=deps.calendar,
                             clock=deps.clock, log=log)
    except Refused as e:
        if not may_send(viewer.actor, rule, looked.view["respondents"], looked.view["askers"]):
            raise refusal(request, 403, "Not your step", str(e)) from None  # as when shown
        return _form_page(request, rule, looked, typed, str(e), 403, own=own)
    except (ProcedureError, ValueError) as e:
        status = 400 if isinstance(e, BadInput | ValueError) else 409
        return _form_page(request, rule, looked, typed, str(e), status, own=own)
    flagged = f"&flagged={len(taken.flags)}" if taken.flags else ""
    back = (f"/retention?case={number}&" if back_to_queue(viewer.actor, rule)
            else f"/cases/{number}?")
    raise web.HTTPSeeOther(f"{back}recorded={taken.event.kind.value}{flagged}")
