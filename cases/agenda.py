"""A meeting's agenda: the business its notice says the body will take final action on
(RCW 42.30.080(2), (3): a special meeting takes final disposition on no other matter;
RCW 42.30.077: a regular meeting's agenda is posted a day ahead).

Each item (`cases.meetings.Item`) is an `Action` (the business, in the words the notice
and the posting use) and, where the business is each official's own, the official it is
about. The step table says
which action each act of a body is (`cases.handlers.StepRule.agenda`); `agenda_for` says
which items the case brings before a body when its meeting is called (or moved: a meeting
moved is noticed again, with its agenda as the case then stands), plus any the clerk adds
(`CallMeeting.also`: a §4 dismissal, say, which nothing in the case foretells).
`check_on_agenda` refuses an act at a special meeting whose notice did not state it; at
a regular meeting, whose agenda may be modified (RCW 42.30.077), the act stands and the
minutes mark it added at the meeting.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cases.case import Requester
from cases.errors import ProcedureError
from cases.meetings import BODY_NAME, Action, Body, Item, Meeting, MeetingKind
from cases.stages import Stage

if TYPE_CHECKING:
    from cases.case import Case


# what the clerk may add to a meeting's notice that the case does not foretell
ADDABLE = {Body.BOARD: (Action.TIME_BAR, Action.VOID, Action.CONTINUANCE,
                        Action.REPORT_EXTENSION, Action.AMENDMENT, Action.MINUTES),
           Body.COUNCIL: (Action.CONTINUANCE, Action.REPORT_EXTENSION,
                          Action.COUNCIL_EXTENSION, Action.MINUTES)}


_HEARING = frozenset({Stage.RECEIVED, Stage.HEARING_SCHEDULED, Stage.HEARING_BEGUN})


def agenda_for(case: Case, body: Body, also: Iterable[Action] = (), *, only: bool = False
               ) -> tuple[Item, ...]:
    """The items `case` brings before `body` now, then those added (`also`); `only`: the
    added ones alone (a board meeting on a continuance, not a session of the hearing)."""
    items: list[Item] = []
    if only:
        pass
    elif body is Body.BOARD:
        if case.stage in _HEARING | {Stage.HEARING_CONCLUDED}:
            items += [Item(Action.SUFFICIENCY, p) for p in case.parties()
                      if case.meetings.sufficiency(p) is None]
        if case.stage in _HEARING:
            items.append(Item(Action.CONTINUANCE))  # the board may apply at its hearing
        # the time for the report (§10): the board may ask at the hearing it concludes, and
        # approves the official's request at its meeting
        extension = case.pending_report_extension
        if case.stage in _HEARING | {Stage.HEARING_CONCLUDED} or extension is not None:
            items.append(Item(Action.REPORT_EXTENSION))
        if any(s not in case.amendments_found for s in case.amended_after_report):
            items.append(Item(Action.AMENDMENT))
        items += [Item(Action.DETERMINATION, p) for p in case.before_the_board]
    else:
        if case.pending_continuance is not None:
            items.append(Item(Action.CONTINUANCE))
        extension = case.pending_report_extension
        if extension is not None and extension.requested_by is Requester.BOARD:
            items.append(Item(Action.REPORT_EXTENSION))
        if case.pending_council_extension_request is not None:
            items.append(Item(Action.COUNCIL_EXTENSION))
        items += [Item(Action.COUNCIL_DECISION, p) for p in case.violators
                  if p not in case.council_decided]
    if case.meetings.unapproved(body) and not only:
        items.append(Item(Action.MINUTES))  # RCW 42.30.035
    for action in also:
        if action not in ADDABLE[body]:
            raise ProcedureError(
                f"{action.words[0].upper()}{action.words[1:]} is not business a clerk adds to "
                f"the notice of a meeting of {BODY_NAME[body]}: it is on the agenda when the "
                "case brings it. What may be added: "
                f"{', '.join(a.value.replace('_', '-') for a in ADDABLE[body])}.")
        if Item(action) not in items:
            items.append(Item(action))
    return tuple(items)


def check_on_agenda(m: Meeting, action: Action | None, respondent: str | None,
                    what: str) -> bool:
    """Refuse `what`, an act on `action` (as to `respondent`), at special meeting `m`
    whose notice does not state it (RCW 42.30.080(3)); True when the act is at a regular
    meeting whose posted agenda did not have it (it stands, added at the meeting,
    RCW 42.30.077). A meeting from a history stored before agendas states everything."""
    if action is None or m.agenda is None:
        return False
    item = Item(action, respondent if action.per_official else None)
    if item in m.agenda:
        return False
    if m.kind is MeetingKind.REGULAR:
        return True
    about = f" as to {respondent}" if action.per_official and respondent else ""
    stated = "; ".join(describe_items(m.agenda)) or "nothing of this case"
    raise ProcedureError(
        f"Cannot {what} at meeting {m.number}: its notice did not state {action.words}"
        f"{about}, and a special meeting takes final action only on the business its notice "
        f"states (RCW 42.30.080(3)); it stated: {stated}. Call a meeting of "
        f"{BODY_NAME[m.body]} with it on the agenda (24 hours' notice; `also: "
        f"{action.value.replace('_', '-')}` when the case does not bring it by itself), or "
        "move this one to a time at least 24 hours away: it is noticed again with the "
        "business as the case now stands.")


def describe_items(items: Iterable[Item]) -> list[str]:
    """The agenda's business in the notice's words, one line an action, naming how many
    officials it is about (never who: the posting is public while the case is
    confidential, §6)."""
    counts: dict[Action, int] = {}
    for item in items:
        counts[item.action] = counts.get(item.action, 0) + 1
    return [action.words + (f", as to each of {n} officials" if n > 1 else "")
            for action, n in counts.items()]
