"""The case page's first box, for whoever reads it (issue 41): on an open case, the
reader's own next acts first (the deadlines their role answers for, `responsibilities`,
and the steps of an official's matter they may take), then the case's next act owed by
someone else and every deadline missed, the coming meeting, and, where the case is
against several officials, where each official's matter stands; on a closed case, how
each official's matter ended (`cases.matters`).

A board chair or a council member told only the mayor's office's task would have to read
the whole page to find their own; a missed hearing deadline or a hearing next week left
out of the box is the thing that most needed saying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from cases import steps
from cases.access import Actor
from cases.calendar import CityCalendar
from cases.deadline_values import DEADLINES, DISCLOSURE_KEYS
from cases.text import words
from cases.visibility import responsibilities
from web.formats import moment

NameOf = Callable[[str], str]


def _act(x: Mapping[str, Any], offered: Sequence[Mapping[str, Any]],
         name_of: NameOf) -> dict[str, Any]:
    """A deadline not yet met as the box says it, with the reader's step that meets it
    and, for a deadline of one official's own (§12), whom it is about."""
    rule = DEADLINES.get(x["key"])
    step = steps.meeting(rule.key) if rule is not None else None
    mine = [s for s in offered if step is not None and s["slug"] == step.slug]
    return {"action": rule.action if rule else words(x["key"]),
            "section": rule.section if rule else "", "owed_by": words(x["responsible"]),
            "due_text": x["due_text"], "missed": x["status"] == "missed",
            "step": mine[0] if mine else None,
            "as_to": name_of(x["official"]) if x.get("official") else None}


def what_is_next(deadlines: Sequence[Mapping[str, Any]], offered: Sequence[Mapping[str, Any]],
                 actor: Actor, d: Mapping[str, Any], *, now: datetime,
                 calendar: CityCalendar, name_of: NameOf) -> dict[str, Any] | None:
    """The box: `mine` (the reader's own acts, missed first, then by due time), `others`
    (the next act each other role owes, and every other one missed), `meetings` (under
    way, and the next to come), `matters` (each official's, when there are several).
    None on a closed case with nothing waiting (`outcomes` says how it ended)."""
    over = d["stage"] in ("closed", "void")  # the review's clocks stopped; RCW 42.56's run
    waiting = sorted((x for x in deadlines if x["status"] in ("open", "missed") and x["due"]
                      and (not over or x["key"] in DISCLOSURE_KEYS)),
                     key=lambda x: (x["status"] != "missed", x["due"]))
    answers = {r.value for r in responsibilities(actor)}
    mine = [_act(x, offered, name_of) for x in waiting if x["responsible"] in answers]
    others, told = [], set()  # each other role's next act, and every one missed
    for x in (x for x in waiting if x["responsible"] not in answers):
        if x["responsible"] not in told or x["status"] == "missed":
            others.append(_act(x, offered, name_of))
        told.add(x["responsible"])
    lines = matter_lines(d, offered, name_of)
    mine += [{"action": m["step_name"], "section": m["section"], "owed_by": None,
              "due_text": None, "missed": False, "step": m["step"], "as_to": m["name"]}
             for m in lines if m["step"] is not None
             and not any(a["step"] and a["step"]["slug"] == m["step"]["slug"] for a in mine)]
    meetings = coming_meetings(d.get("meetings") or [], now, calendar)
    if not (mine or others or meetings):
        return None
    return {"mine": mine, "others": others, "meetings": meetings,
            "matters": lines if len(d["respondents"]) > 1 and not over else []}


def matter_lines(d: Mapping[str, Any], offered: Sequence[Mapping[str, Any]],
                 name_of: NameOf) -> list[dict[str, Any]]:
    """Each official's matter (`cases.matters`, the case view's `matters`) by name: how it
    ended, or the step it waits on and, when the reader may take it, its form."""
    out = []
    for m in d.get("matters") or []:
        rule = steps.BY_ID.get(m["step"]) if m["step"] else None
        mine = next((s for s in offered if rule is not None and s["slug"] == rule.slug), None)
        out.append({"name": name_of(m["official"]), "outcome": m["outcome"],
                    "step_name": rule.name if rule else None,
                    "section": rule.section if rule else "", "step": mine})
    return out


def outcomes(d: Mapping[str, Any], name_of: NameOf, *, only: str | None = None
             ) -> list[dict[str, Any]]:
    """How each official's matter ended, on a closed or void case, by name (`only`: the
    official reading their own case sees their own)."""
    if d["stage"] not in ("closed", "void"):
        return []
    return [{"name": name_of(m["official"]), "outcome": m["outcome"]}
            for m in d.get("matters") or []
            if m["outcome"] and (only is None or m["official"].lower() == only)]


def coming_meetings(meetings: Sequence[Mapping[str, Any]], now: datetime,
                    calendar: CityCalendar) -> list[dict[str, Any]]:
    """The case's meetings, noticed and not cancelled, under way and the next to come:
    the body, the kind, when and where, open or executive, under way or not (those after
    the next are the meetings block's)."""
    ahead = sorted((m for m in meetings if not m["cancelled"] and not m["recorded_late"]
                    and datetime.fromisoformat(m["ends_at"]) > now),
                   key=lambda m: datetime.fromisoformat(m["starts_at"]))
    begun = [m for m in ahead if datetime.fromisoformat(m["starts_at"]) <= now]
    ahead = begun + [m for m in ahead if m not in begun][:1]
    return [{"number": m["number"], "body": words(m["body"]), "kind": words(m["kind"]),
             "when": moment(m["starts_at"], calendar), "place": m["place"],
             "session": m["session"], "tentative": m["tentative"],
             "under_way": datetime.fromisoformat(m["starts_at"]) <= now} for m in ahead]
