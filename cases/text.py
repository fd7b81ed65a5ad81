"""Text from outside (a complaint, a name, a sender's address) as it may be shown.

Unicode's bidirectional controls (the embeddings and overrides U+202A–U+202E and the
isolates U+2066–U+2069) change the order in which the characters after them are
displayed, so "pay 100" can be made to read "001 yap" and a phrase can be hidden or
moved ("Trojan Source", CVE-2021-42574). In a record a city relies on, what is shown must
be what was written: wherever such text is displayed (Slack, the command line, notices)
each control is replaced by a visible mark naming it, and plain right-to-left writing
(Arabic, Hebrew), which needs none of them, reads as before.
"""

from __future__ import annotations

import re

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
_MARKS = {ord(ch): f"[U+{ord(ch):04X}]" for ch in BIDI_CONTROLS}


def neutralise_bidi(text: str) -> str:
    """`text` with each bidirectional control shown as `[U+202E]` instead of obeyed.
    ASCII text, which holds none, is given back as it is: Python knows a string is ASCII
    without reading it, and a Slack case view escapes some sixty strings."""
    return text if text.isascii() else text.translate(_MARKS)


_WHOLE = re.compile(r"[0-9]+")


def whole_number(text: str, digits: int = 6) -> int | None:
    """`text` as a whole number when it is 1 to `digits` ASCII digits, else None. Not
    `str.isdigit`: it is true of "²" and "٣", which `int` then refuses or reads, and of a
    hundred digits, which `timedelta` cannot hold; a stranger's input must cost neither."""
    return int(text) if len(text) <= digits and _WHOLE.fullmatch(text) else None


def words(value: object) -> str:
    """A stored name ('hearing_scheduled', 'council_informed') as words for a reader."""
    return str(value).replace("_", " ")
