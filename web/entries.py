"""A history entry as a person reads it, on the case page and in the case record: what
was done, on which day, by whom, and the facts it recorded in words (names, city time,
days), never the stored field names and values a program keeps."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from cases.calendar import CityCalendar, fmt_day, when
from cases.directory import Directory
from cases.text import words

# shown by their own column or line (the day, the motion), or too long for a line (the
# complaint as filed is the record's own section; a recomputation's dates are counted)
_APART = frozenset({"filing", "motion", "on", "changes", "sequence"})  # an invite's revision
_LABELS = {"respondent": "as to", "tracking_number": "registered-mail tracking number",
           "given_at": "given", "impracticable": "actual notice was not practicable because",
           "to": "to whom", "sufficient": "found sufficient", "carried": "motion carried"}
_ENUM = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")  # a stored name: 'respondent_informed'


def entry_details(data: dict[str, Any], directory: Directory, calendar: CityCalendar) -> str:
    """The facts an entry recorded, as "as to Gary Pruitt; how: phone; given: Tue Dec 1,
    2026 8:30 AM"; '' when it recorded none worth a reader's line."""
    parts = [f"{_LABELS.get(key, words(key))}: {_value(value, directory, calendar)}"
             for key, value in data.items() if key not in _APART and _shown(value)]
    if changes := data.get("changes"):
        parts.append(f"{len(changes)} deadline{'s' if len(changes) != 1 else ''} moved")
    return "; ".join(parts)


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
        return directory.name_of(text)
    if _ENUM.fullmatch(text):
        return words(text)
    return _as_time(text, calendar) or text


def _as_time(text: str, calendar: CityCalendar) -> str | None:
    """A stored day or moment in city words; None when `text` is neither."""
    try:
        if len(text) == 10:
            return fmt_day(date.fromisoformat(text))
        if len(text) > 10 and text[10] == "T":
            return when(datetime.fromisoformat(text), calendar)
    except ValueError:
        return None
    return None
