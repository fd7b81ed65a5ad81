"""A history entry as a person reads it, on the case page and in the case record: what
was done, on which day, by whom, and the facts it recorded in words (names, city time,
days), never the stored field names and values a program keeps."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from cases.calendar import CityCalendar
from cases.directory import Directory
from cases.text import words
from web.formats import day, moment, person

# shown by their own column or line (the day, the motion), or too long for a line (the
# complaint as filed is the record's own section; a recomputation's dates are counted; a
# vote's counts are its explanation's; the body's members are the directory's)
_APART = frozenset({"filing", "motion", "on", "changes", "sequence", "members", "yes", "no",
                    "abstained"})
# each fact as a phrase of a sentence ("as to Gary Pruitt", "given Tue Dec 1, 2026 8:30 AM
# PST"); a yes or no as what it means, or nothing when a no is nothing to say (a meeting
# not moved, not late); any other fact as "its name: its value"
_SAID = {"respondent": "as to {}", "how": "by {}", "to": "to {}", "by": "by {}",
         "given_at": "given {}", "impracticable": "actual notice was not practicable because {}",
         "tracking_number": "registered-mail tracking number {}", "place": "at {}",
         "starts_at": "from {}", "ends_at": "until {}", "meeting": "at meeting {}",
         "meeting_kind": "a {} meeting", "remote_link": "open remotely at {}",
         "reason": "the reason given: {}", "granted_days": "{} days granted",
         "vote": "voted {}", "answer": "answered {}", "attendee": "by {}", "explanation": "{}",
         "present": "present: {}", "sections": "sections {}", "member": "{}",
         "requester": "requested by {}", "notice": "{}", "body": "before the {}",
         "via": "by {}", "evidence": "shown by {}", "open_for": "open to the public as to {}"}
_YES_NO: dict[str, tuple[str, str | None]] = {
    "carried": ("the motion carried", "the motion failed"),
    "sufficient": ("found sufficient", "found insufficient"),
    "violation": ("a violation found", "no violation found"),
    "presented": ("the official presented their side", "the official declined to"),
    "moved": ("it moves the meeting still to come", None),
    "late": ("called with less notice than the law asks", None),
    "agenda_late": ("its agenda was not posted in time", None),
    "mayor_broke_tie": ("the mayor broke a tie", None),
    "final": ("the last instalment", None)}
# a phrase that completes the one before it ("Helen Park voted yes as to Gary Pruitt")
_ATTACHED = frozenset({"respondent", "how", "to", "by", "vote", "meeting", "attendee",
                       "via"})
_ENUM = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")  # a stored name: 'respondent_informed'


def entry_details(data: dict[str, Any], directory: Directory, calendar: CityCalendar) -> str:
    """The facts an entry recorded, as a sentence: "Respondent informed as to Gary Pruitt
    by phone; given Tue Dec 1, 2026 8:30 AM PST."; '' when it recorded none worth a
    reader's line. Never "moved: no; late: no"."""
    text = ""
    for key, value in data.items():
        if key in _APART or not _shown(value):
            continue
        phrase = _phrase(key, value, directory, calendar)
        if phrase:
            text += (" " if key in _ATTACHED and text else "; " if text else "") + phrase
    if changes := data.get("changes"):
        text += ("; " if text else "") + (
            f"{len(changes)} deadline{'s' if len(changes) != 1 else ''} moved")
    return f"{text[0].upper()}{text[1:]}." if text else ""


def _phrase(key: str, value: object, directory: Directory, calendar: CityCalendar) -> str:
    if isinstance(value, bool):
        yes, no = _YES_NO.get(key, (words(key), None))
        return yes if value else no or ""
    if key == "findings" and isinstance(value, dict):  # the report's, official by official
        return "; ".join(
            f"{_found(found)} as to {_value(who, directory, calendar)}"
            for who, found in value.items())
    if key == "agenda" and isinstance(value, list):  # a meeting's business (RCW 42.30.080)
        return "on the agenda: " + ", ".join(
            words(item.get("action", "")) + (
                f" as to {_value(item['respondent'], directory, calendar)}"
                if item.get("respondent") else "")
            for item in value if isinstance(item, dict))
    said = _value(value, directory, calendar).rstrip(".")
    return _SAID[key].format(said) if key in _SAID else f"{words(key)}: {said}"


def _found(found: object) -> str:
    if isinstance(found, bool):
        return "found sufficient" if found else "found insufficient"
    return f"found {found}"


def motion_words(data: dict[str, Any]) -> str:
    """The motion an entry was taken by, as the body voted it ('' when none)."""
    motion = data.get("motion")
    if not isinstance(motion, dict) or "explanation" not in motion:
        return ""
    text = f"By motion at meeting {motion.get('meeting')}: {motion['explanation']}"
    if not motion.get("carried", True):
        text += " It changed nothing."
    return text


def _shown(value: object) -> bool:
    return value not in (None, "", [], {})


def _value(value: object, directory: Directory, calendar: CityCalendar) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v, directory, calendar) for v in value if _shown(v))
    if isinstance(value, dict):
        return ", ".join(f"{_value(k, directory, calendar)} {_value(v, directory, calendar)}"
                         for k, v in value.items() if _shown(v))
    text = str(value)
    if "@" in text and " " not in text:
        return person(text, directory)
    if _ENUM.fullmatch(text):
        return words(text)
    return _as_time(text, calendar) or text


def _as_time(text: str, calendar: CityCalendar) -> str | None:
    """A stored day or moment in city words; None when `text` is neither."""
    try:
        if len(text) == 10:
            return day(text)
        if len(text) > 10 and text[10] == "T":
            return moment(datetime.fromisoformat(text), calendar)
    except ValueError:
        return None
    return None
