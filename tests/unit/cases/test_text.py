"""Text from outside as it may be shown (`cases.text`): bidirectional controls shown as
marks, never obeyed; all else as written."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cases.text import BIDI_CONTROLS, neutralise_bidi

# plain text, right-to-left writing and every control, mixed
TEXT = st.text(st.one_of(st.characters(), st.sampled_from(sorted(BIDI_CONTROLS)),
                         st.sampled_from("مرحبا שלום")))


@given(TEXT)
def test_each_control_is_shown_as_its_mark_and_the_rest_as_written(text: str) -> None:
    shown = neutralise_bidi(text)
    assert BIDI_CONTROLS.isdisjoint(shown)
    assert shown == "".join(f"[U+{ord(c):04X}]" if c in BIDI_CONTROLS else c for c in text)


def test_ascii_and_right_to_left_text_read_as_before() -> None:
    assert neutralise_bidi("pay 100 to <@U1>") == "pay 100 to <@U1>"
    assert neutralise_bidi("شكوى ضد العضو") == "شكوى ضد العضو"
    assert neutralise_bidi("pay \u202e001") == "pay [U+202E]001"
