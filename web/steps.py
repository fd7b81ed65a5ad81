"""Taking a procedural step from its form: the role is checked before anything is looked
up (someone refused learns nothing, not even whether the case exists), then the case, then
the form's values; the step is taken through `cases.services.take_step` in one unit of
work, with the same refusals Slack gives, and logged either way."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from cases import commands as c
from cases.access import Refused, check_not_respondent, check_step
from cases.derived import caller_fields
from cases.errors import ProcedureError
from cases.events import Event
from cases.rotation import referral
from cases.services import get_case, take_step
from cases.steps import StepRule
from storage import rotation
from web import auth
from web.app import deps_of, form, signed_in
from web.forms import BY_SLUG, inputs, parse, taken_by_people
from web.pages import look_up, viewer_of
from web.render import page, refusal, words


def routes(r: web.UrlDispatcher) -> None:
    r.add_get("/cases/{number}/steps/{step}", show)
    r.add_post("/cases/{number}/steps/{step}", take)


def _rule(request: web.Request) -> StepRule:
    rule = BY_SLUG.get(request.match_info["step"])
    if rule is None or not taken_by_people(rule):
        raise refusal(request, 404, "No such step",
                      "There is no such step. The case page lists the steps you may take.")
    return rule


def _allowed(request: web.Request, rule: StepRule) -> None:
    deps, viewer = deps_of(request), viewer_of(request)
    try:
        check_step(viewer.actor, rule.id)
    except Refused as e:
        auth.log_alone(deps, viewer.person.email, None, f"step {rule.id.value} refused", False)
        raise refusal(request, 403, "Not your step", str(e)) from None


@signed_in
async def show(request: web.Request) -> web.StreamResponse:
    rule = _rule(request)
    _allowed(request, rule)
    looked = look_up(request, request.match_info["number"], f"step form {rule.id.value}")
    return _form_page(request, rule, looked.detail["number"], {}, None, 200)


def _form_page(request: web.Request, rule: StepRule, number: str, values: dict[str, str],
               error: str | None, status: int) -> web.Response:
    return page(request, "step.html.j2", status=status, rule=rule, number=number,
                inputs=inputs(rule), values=values, error=error,
                slug=request.match_info["step"])


@signed_in
async def take(request: web.Request) -> web.StreamResponse:
    rule = _rule(request)
    fields = await form(request)
    _allowed(request, rule)
    deps, viewer = deps_of(request), viewer_of(request)
    number = look_up(request, request.match_info["number"], f"step {rule.id.value}"
                     ).detail["number"]
    typed = {k: v for k, v in fields.items() if k != "csrf"}
    action = f"step {rule.id.value}"
    try:
        values = parse(rule, typed, deps.calendar)
        event = _run(request, rule, number, values)
    except (ProcedureError, Refused, ValueError) as e:
        refused = isinstance(e, Refused)
        auth.log_alone(deps, viewer.person.email, number,
                       f"{action} refused" if refused else f"{action} failed", False)
        return _form_page(request, rule, number, typed, str(e), 403 if refused else 409
                          if isinstance(e, ProcedureError) and "Give" not in str(e) else 400)
    raise web.HTTPSeeOther(f"/cases/{number}?recorded={event.kind.value}")


def _run(request: web.Request, rule: StepRule, number: str, values: dict[str, Any]) -> Event:
    deps, viewer = deps_of(request), viewer_of(request)
    with deps.uow() as uow:
        case = get_case(uow, number)
        check_not_respondent(viewer.actor, case.respondents, rule.id)
        to_board = bool(values.pop("to_board", False))
        if rule.command is c.Refer:
            cmd: c.Command = referral(case, [p.email for p in deps.directory.examiners],
                                      last_assigned=rotation.last_assigned(session=uow.session),
                                      to_board=to_board)
        else:
            cmd = rule.command(**values, **caller_fields(rule.command, viewer.actor,
                                                         deps.directory))
        event = take_step(uow, number, cmd, directory=deps.directory, calendar=deps.calendar,
                          clock=deps.clock, actor=viewer.person.email)
        if isinstance(cmd, c.Refer) and cmd.examiner:
            rotation.record_assigned(session=uow.session, examiner=cmd.examiner)
        auth.log(uow.session, deps, viewer.person.email, number, f"step {rule.id.value}", True)
        uow.commit()
    return event


def recorded_text(kind: str) -> str:
    return f"Recorded: {words(kind)}."
