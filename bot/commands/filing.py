"""`/ethics file`: the complaint form with the elements of §1, and its submission.

The form asks for everything §1 lists but requires only the official and the facts: a
complaint lacking other elements is still a complaint the city received, and the board
decides sufficiency (§2, §7). The filer is told the case number and what is missing.
Only the mayor's office and the administrator, who receive written complaints (§1), may
give the time a paper or in-person complaint really arrived; the clocks run from it.

The official complained against is chosen from the directory (every candidate is
offered, in groups when there are more than Slack's 100 a list) and a submission naming
anyone else is refused beside the field: the §2 notices go to the people named, so an
unknown name must never be dropped silently or reach them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import phonenumbers
from slack_bolt.async_app import AsyncAck, AsyncApp

from bot.access import Caller
from bot.commands.args import sections
from bot.escape import esc
from bot.ids import Field, View
from bot.service import Filed, SlackDeps, blocking, file_from_slack
from cases.access import NOT_LISTED, Refused, may_file_paper
from cases.directory import Directory, Person
from cases.filing import Complainant, Filing, missing_elements

if TYPE_CHECKING:
    from bot.commands.request import Request

SIGNATURE = ("I sign this complaint: the facts stated are true and correct to the best of "
             "my knowledge.")


async def open_modal(req: Request) -> None:
    if req.caller.person is None:
        raise Refused(NOT_LISTED)
    await req.client.views_open(trigger_id=req.body["trigger_id"],
                                view=form(req.deps.directory, req.caller))
    await req.ack()  # after views.open, within the trigger's 3 s: see bot.app


def register(bolt: AsyncApp, deps: SlackDeps) -> None:
    async def submitted(ack: AsyncAck, body: dict[str, Any], view: dict[str, Any],
                        context: dict[str, Any]) -> None:
        caller: Caller = context["caller"]
        if caller.person is None:
            raise Refused(NOT_LISTED)
        filing, errors = read_form(view["state"]["values"], deps, caller)
        if errors or filing is None:
            await ack(response_action="errors", errors=errors)
            return
        filed = await blocking(file_from_slack, deps, caller, filing, view["state"]["values"],
                               view["id"])
        await ack(response_action="update", view=receipt(filed))

    bolt.view(View.FILE.value)(submitted)


def _input(field: Field, label: str, element: dict[str, Any], *, optional: bool = True,
           hint: str | None = None) -> dict[str, Any]:
    block = {"type": "input", "block_id": field.value, "optional": optional,
             "label": {"type": "plain_text", "text": label},
             "element": {**element, "action_id": field.value}}
    if hint:
        block["hint"] = {"type": "plain_text", "text": hint}
    return block


def _text(multiline: bool = False, initial: str | None = None) -> dict[str, Any]:
    el: dict[str, Any] = {"type": "plain_text_input", "multiline": multiline}
    if initial:
        el["initial_value"] = initial
    return el


def _option(text: str, value: str) -> dict[str, Any]:
    return {"text": {"type": "plain_text", "text": text[:75]}, "value": value}


_LIST = 100  # Slack's most options in a list, and most groups in a select
UNKNOWN_RESPONDENT = ("Choose the officials from the list: only people in the city's "
                      "directory can be complained against here. If the official is not "
                      "listed, tell the city clerk, who keeps the directory.")


def _officials(directory: Directory) -> dict[str, Any]:
    """The select's `options`, or `option_groups` of 100 in name order when more."""
    people = sorted(directory.respondent_candidates(), key=lambda p: p.name.casefold())
    options = [_option(p.name + (f", {p.title}" if p.title else ""), p.email) for p in people]
    if len(options) <= _LIST:
        return {"options": options}
    groups = []
    for i in range(0, min(len(people), _LIST * _LIST), _LIST):
        first, last = people[i].name, people[min(i + _LIST, len(people)) - 1].name
        groups.append({"label": {"type": "plain_text", "text": f"{first} – {last}"[:75]},
                       "options": options[i:i + _LIST]})
    return {"option_groups": groups}


def form(directory: Directory, caller: Caller) -> dict[str, Any]:
    paper = may_file_paper(caller.actor)
    blocks = [
        _input(Field.RESPONDENTS, "Official(s) complained against",
               {"type": "multi_static_select", **_officials(directory)}, optional=False),
        _input(Field.FACTS, "Specific facts, with precision and detail", _text(True),
               optional=False),
        _input(Field.SECTIONS, "Sections and subsections of the ethics code violated",
               _text(), hint="e.g. 2.94.030(B), 2.94.040"),
        _input(Field.REASONS, "Why the facts violate those sections", _text(True)),
        _input(Field.NAME, "Complainant's name",
               _text(initial=None if paper or caller.person is None else caller.person.name)),
        _input(Field.ADDRESS, "Address where mail can be personally delivered", _text()),
        _input(Field.PHONE, "Telephone number", _text()),
        _input(Field.EMAIL, "Email (optional)", _text()),
        _input(Field.SIGNATURE, "Signature", {"type": "checkboxes",
                                              "options": [_option(SIGNATURE, "signed")]}),
    ]
    if paper:
        blocks.append(_input(Field.RECEIVED, "When the city received it (paper or in person)",
                             {"type": "datetimepicker"},
                             hint="Leave empty for a complaint received now. The statutory "
                                  "clocks run from this moment (§2)."))
    return {"type": "modal", "callback_id": View.FILE.value,
            "title": {"type": "plain_text", "text": "Ethics complaint"},
            "submit": {"type": "plain_text", "text": "File"},
            "close": {"type": "plain_text", "text": "Cancel"}, "blocks": blocks}


def read_form(values: dict[str, Any], deps: SlackDeps,
              caller: Caller) -> tuple[Filing | None, dict[str, str]]:
    """The form as a `Filing`, or the errors to show beside the fields."""
    def get(field: Field) -> dict[str, Any]:
        return dict(values.get(field.value, {}).get(field.value) or {})

    def text(field: Field) -> str:
        return (get(field).get("value") or "").strip()

    errors: dict[str, str] = {}
    phone = text(Field.PHONE)
    if phone:
        try:
            number = phonenumbers.parse(phone, "US")
            if not phonenumbers.is_possible_number(number):
                raise phonenumbers.NumberParseException(0, "impossible")
            phone = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        except phonenumbers.NumberParseException:
            errors[Field.PHONE.value] = "Not a telephone number (e.g. 509 555 0134)."
    email = text(Field.EMAIL)
    if email and ("@" not in email or any(ch.isspace() for ch in email)):
        errors[Field.EMAIL.value] = "Not an email address."
    now = deps.clock()
    received = now
    stamp = get(Field.RECEIVED).get("selected_date_time")
    if stamp is not None and may_file_paper(caller.actor):
        received = datetime.fromtimestamp(int(stamp), UTC)
        if received > now:
            errors[Field.RECEIVED.value] = "The city cannot have received it in the future."
    chosen = _chosen_respondents(get(Field.RESPONDENTS), deps.directory)
    if chosen is None:
        errors[Field.RESPONDENTS.value] = UNKNOWN_RESPONDENT
    if errors or chosen is None:
        return None, errors
    complainant = Complainant(name=text(Field.NAME) or None, email=email or None,
                              phone=phone or None, address=text(Field.ADDRESS) or None)
    code_sections = sections(text(Field.SECTIONS))
    signed = bool(get(Field.SIGNATURE).get("selected_options"))
    facts, reasons = text(Field.FACTS), text(Field.REASONS)
    return Filing(
        received_at=received, complainant=complainant, facts=facts,
        code_sections=code_sections, reasons=reasons, signed=signed,
        respondents=tuple(p.name for p in chosen),
        missing=missing_elements(has_facts=bool(facts), code_sections=code_sections,
                                 has_reasons=bool(reasons), signed=signed,
                                 complainant=complainant)), {}


def _chosen_respondents(element: dict[str, Any], directory: Directory
                        ) -> tuple[Person, ...] | None:
    """The people chosen, or None unless every one is a candidate from the directory
    (and at least one is chosen)."""
    selected = element.get("selected_options")
    if not isinstance(selected, list) or not selected:
        return None
    candidates = {p.email.lower(): p for p in directory.respondent_candidates()}
    chosen: list[Person] = []
    for option in selected:
        value = option.get("value") if isinstance(option, dict) else None
        person = candidates.get(value.strip().lower()) if isinstance(value, str) else None
        if person is None:
            return None
        if person not in chosen:
            chosen.append(person)
    return tuple(chosen)


def receipt(filed: Filed) -> dict[str, Any]:
    missing = sorted(e.value.replace("_", " ") for e in filed.filing.missing)
    state = "was already opened by this form" if filed.duplicate else "is open"
    text = (f"*{filed.number}* {state}. The city has 24 hours to inform the official and "
            "the council and submit it to the board (§2).\n")
    text += (f"*Missing §1 elements:* {esc(', '.join(missing))}. The board decides sufficiency;"
             " a complaint without them may be found insufficient." if missing
             else "Every §1 element is present.")
    return {"type": "modal", "title": {"type": "plain_text", "text": "Complaint filed"},
            "close": {"type": "plain_text", "text": "Done"},
            "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]}
