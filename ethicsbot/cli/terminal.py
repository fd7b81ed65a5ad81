"""What every command prints through, and its one-line failure: a stranger's words (a
sender's name, a complaint) go out with every control a terminal would obey shown as a
mark instead, so they cannot clear the screen, retitle the window or reorder the words.
Each `ethicsbot` command module imports these from here; `ethicsbot.cli` only registers
the commands."""

from __future__ import annotations

import json

from cases.text import BIDI_CONTROLS, neutralise_bidi


class CliError(Exception):
    """A one-line reason to stop; exit status 2."""


# C0 and C1 controls (ESC, CSI U+009B, BEL, ...), DEL and the bidirectional controls; a
# line break and a tab are layout, and stay
_UNSAFE = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if chr(c) not in "\n\t"]
_CONTROL_MARKS = {ord(ch): f"[U+{ord(ch):04X}]" for ch in _UNSAFE}
_JSON_ESCAPES = {ord(ch): f"\\u{ord(ch):04x}" for ch in (*_UNSAFE, *BIDI_CONTROLS)}


def for_terminal(text: str) -> str:
    """`text` with every control that a terminal would obey shown as a mark instead."""
    return neutralise_bidi(text.translate(_CONTROL_MARKS))


def json_for_terminal(value: object) -> str:
    """Indented JSON, letters as they are (accents, other scripts), controls escaped:
    the same data for a program, nothing a terminal obeys."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return text.translate(_JSON_ESCAPES)
