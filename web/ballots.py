"""What a body does member by member, as the web's step forms draw it (issue 41): a
motion's votes and a roll call as one row per member of the body (yes, no, abstain or
absent; present or absent), and a meeting chosen from the case's own meetings, never
typed. A clerk at a meeting marks what they hear; typing "yes ann@city.test ..." or a
comma list of addresses was a command line in a form.

The rows are only drawing: when the form is sent they are written back as the words every
surface takes (`cases.motions.read_motion`'s "yes A B no C meeting 2", the roll call's list
of members), and `cases.fields.parse` reads those as it reads Slack's and the command
line's. The command a step makes is therefore the same whichever surface it came from,
and every check and refusal is the procedure's.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cases import commands as c
from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.fields import Input
from cases.handlers import ASKS, THE_MEETING, StepRule, asked
from cases.meetings import BODY_NAME, Body
from cases.motions import Motion
from cases.text import words
from web.formats import moment

VOTES = (("yes", "yes"), ("no", "no"), ("abstain", "abstain"), ("absent", "absent"))
PRESENCE = (("present", "present"), ("absent", "absent"))
ROWS = "rows"  # a hidden field naming the inputs drawn as rows: they, not typed words, count
_UNDER_WAY = THE_MEETING[ASKS].empty  # the meeting a motion was carried at, left empty


@dataclass(frozen=True)
class Rows:
    """An input drawn as one row per member: `kind` "votes" (a motion) or "present" (a
    roll call); `groups` the members of each body it may concern, by name; `meeting` the
    choice of the meeting a motion was carried at (a motion only)."""

    name: str
    label: str
    kind: str
    required: bool
    groups: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    meeting: Input | None = None
    mayor: bool = False  # a council motion: the mayor's vote to break a tie (§14)
    hint: str = ""
    default: str = ""

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """Each row's choices: a vote, or present or absent."""
        return VOTES if self.kind == "votes" else PRESENCE


def bodies(rule: StepRule, meetings: Sequence[Mapping[str, Any]]) -> list[Body]:
    """The bodies whose members a step's rows list: the step's own body; where the case
    decides which (a void, a report's extension, the minutes), those that meet on it."""
    if isinstance(rule.body, Body):
        return [rule.body]
    met = {Body(m["body"]) for m in meetings if not m["cancelled"]}
    return [b for b in Body if b in met] or list(Body)


def meeting_choice(name: str, label: str, required: bool, blank: str,
                   meetings: Sequence[Mapping[str, Any]], calendar: CityCalendar) -> Input:
    """A choice of the case's meetings not cancelled, by number, body, kind and time; the
    first option chosen by nobody (`blank`: what leaving it means)."""
    options = tuple((str(m["number"]), f"#{m['number']} {words(m['body'])}, {words(m['kind'])}"
                     f" meeting, {moment(m['starts_at'], calendar)}"
                     + (" (recorded after it took place)" if m["recorded_late"] else ""))
                    for m in meetings if not m["cancelled"])
    return Input(name, label, "select", required, (("", blank), *options))


def drawn(rule: StepRule, shown: Sequence[Input], directory: Directory,
          meetings: Sequence[Mapping[str, Any]], calendar: CityCalendar) -> list[Any]:
    """`shown` (`cases.fields.inputs`) as the web draws them: a motion and the members
    present as rows, a meeting as a choice of the case's meetings, and no choice made
    for the person: every yes or no is required and unmarked (a command's default, like
    "it moves the meeting still to come", is never taken for a person who marked
    nothing; a yes or no the step reads from the case when left empty, the written
    report's finding, stays optional); any other choice with a default is shown
    unmarked."""
    hints = typing.get_type_hints(rule.command)
    out: list[Any] = []
    for i in shown:
        kind = _base(hints.get(i.name))
        if kind is Motion or (i.name == "present" and rule.command is c.RecordRollCall):
            out.append(_rows(rule, i, kind is Motion, directory, meetings, calendar))
        elif i.name == "meeting" and kind is int:
            # what leaving it empty means is the field's own word (`cases.handlers.asks`)
            blank = (asked(rule.command, i.name).empty if not i.required
                     else "choose the meeting")
            out.append(meeting_choice(i.name, "The meeting", i.required, blank, meetings,
                                      calendar))
        elif yes_or_no(i) and not _optional(hints.get(i.name)):
            # a yes or no is the person's to mark: never preselected, never left to the
            # command's default ("it moves the meeting still to come"); `unmarked` refuses
            # the form until one is marked (issue 41)
            out.append(replace(i, required=True, default=""))
        elif i.kind == "choice" and i.default:
            out.append(replace(i, default=""))  # no form preselects a choice (issue 41)
        else:
            out.append(i)
    return out


def _rows(rule: StepRule, i: Input, motion: bool, directory: Directory,
          meetings: Sequence[Mapping[str, Any]], calendar: CityCalendar) -> Rows:
    groups = []
    for body in bodies(rule, meetings):
        members = directory.board if body is Body.BOARD else directory.council
        groups.append((BODY_NAME[body], tuple((p.email, p.name) for p in members)))
    if not motion:
        return Rows(i.name, "Members present", "present", i.required, tuple(groups),
                    hint="Mark each member present or absent, as the roll is called.")
    return Rows(i.name, "The motion: each member's vote", "votes", i.required, tuple(groups),
                meeting=meeting_choice(f"{i.name}-meeting", "Carried at", False,
                                       _UNDER_WAY, meetings, calendar),
                mayor=Body.COUNCIL in bodies(rule, meetings),
                hint=("When the board or the council acts (RCW 42.30): mark each member's "
                      "vote; leave every row empty when no body acts by this step."))


def yes_or_no(i: Any) -> bool:
    """A choice between yes and no (a yes/no field, or the referral's board or examiner)."""
    return (isinstance(i, Input) and i.kind == "choice"
            and {v for v, _label in i.options} == {"yes", "no"})


def _optional(hint: Any) -> bool:
    """`X | None`: left unmarked, the step reads it from the case (the written report's
    finding is the board's vote), so it is no one's default."""
    return type(None) in typing.get_args(hint)


def _base(hint: Any) -> Any:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    return args[0] if len(args) == 1 else hint


def words_of(drawn_inputs: Sequence[Any], form: Mapping[str, str]) -> dict[str, str]:
    """The form's values with each input drawn as rows written as the words every
    surface takes: a motion as "yes A B no C abstain D meeting N mayor yes", the members
    present as a comma list ('' when no row is marked: no motion, no one present). An
    input the form did not draw as rows (`ROWS` does not name it) keeps its words."""
    out = dict(form)
    rows_drawn = set((form.get(ROWS) or "").split())
    out.pop(ROWS, None)
    for i in drawn_inputs:
        if not isinstance(i, Rows) or i.name not in rows_drawn:
            continue
        members = [email for _body, people in i.groups for email, _name in people]
        marks = {m: (form.get(row_name(i.name, m)) or "").strip() for m in members}
        for m in members:
            out.pop(row_name(i.name, m), None)
        if i.kind == "present":
            out[i.name] = ", ".join(dict.fromkeys(m for m in members if marks[m] == "present"))
            continue
        said = []
        for vote, _label in VOTES[:3]:
            voters = [m for m in dict.fromkeys(members) if marks[m] == vote]
            if voters:
                said += [vote, *voters]
        meeting = (out.pop(f"{i.name}-meeting", "") or "").strip()
        mayor = (out.pop(f"{i.name}-mayor", "") or "").strip()
        if said or mayor:  # a meeting alone is no motion: the rows say the votes
            said += ["meeting", meeting] if meeting else []
            said += ["mayor", mayor] if mayor else []
        out[i.name] = " ".join(said)
    return out


def unmarked(drawn_inputs: Sequence[Any], said: Mapping[str, str]) -> str | None:
    """What to say of a required input drawn as rows that no row was marked for (the
    words of `cases.fields.parse` ask for names typed with commas, which this form has
    not), or of a yes or no left unmarked (`cases.fields.parse` would give it the
    command's default); None when each is marked."""
    for i in drawn_inputs:
        if isinstance(i, Rows) and i.required and not (said.get(i.name) or "").strip():
            return ("Mark who is present: the roll call is what the quorum and every vote "
                    "at the meeting are counted from." if i.kind == "present" else
                    "Mark each member's vote on the motion.")
        if yes_or_no(i) and i.required and not (said.get(i.name) or "").strip():
            # (a value that is neither is `cases.fields.parse`'s to refuse: not an option)
            return (f"Mark one answer to “{i.label}”: {i.options[0][1]}, or "
                    f"{i.options[1][1][0].lower()}{i.options[1][1][1:]}. The form chooses "
                    "nothing for you, and nothing was recorded.")
    return None


def row_name(field: str, member: str) -> str:
    """The form's name of one member's row of `field`."""
    return f"{field}-{member}"
