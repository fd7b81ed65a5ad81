"""The scans that find a long text's few interesting lines by one search (issue 40, the
`salutation_lines` shape: 100,000 `Dear x,` lines read in well under the 1 s goal) give
what testing every line gave: the same names, signatures, salutations and quoting."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mail.parsing.forwards import _QUOTES
from mail.parsing.prose import (
    _SALUTATION,
    _drop_inside_address,
    is_salutation,
    without_salutations,
)
from mail.parsing.signature import lines_named, same_name, slash_signature
from mail.parsing.withheld import _SLASH_LINE
from tests.budget import examples

# characters that fold (NFC, case), space (what str.split splits on but "\n" does not),
# quote and sign: where a scan of the whole text could differ from a test of each line
_TRICKY = st.text(alphabet=st.sampled_from(list("/s >ab,\n\t\rÉé\u0301\u00a0\x1cßS")),
                  max_size=40)
_NAMES = st.sampled_from(["ab", "a b", "É a", "e\u0301 a", "ss", "ß", "a,b", " ", "S S"])


@settings(max_examples=examples(3000), deadline=None)
@given(_TRICKY, _NAMES, st.booleans())
@example("x\n E\u0301  A, Mayor\n", "é a", True)  # decomposed, spaced, before a comma
@example("a,b\n", "a,b", True)  # a comma in the name: the part before is never it
def test_the_lines_named_are_those_same_name_finds(text: str, name: str, before: bool
                                                   ) -> None:
    lines = text.split("\n")
    want = [i for i, line in enumerate(lines)
            if same_name(line.partition(",")[0] if before else line, name)]
    assert lines_named(text, name, before_comma=before) == want


@settings(max_examples=examples(3000), deadline=None)
@given(_TRICKY)
@example("/s/a \n")  # one letter then a space: too short once the line is stripped
def test_the_slash_signed_lines_are_those_slash_signature_finds(text: str) -> None:
    lines = text.split("\n")
    want = {i for i, line in enumerate(lines) if slash_signature(line.strip())}
    got = {text.count("\n", 0, m.start()) for m in _SLASH_LINE.finditer(text)}
    assert got == want


@settings(max_examples=examples(3000), deadline=None)
@given(_TRICKY)
def test_a_texts_quoting_is_each_lines(text: str) -> None:
    one = re.compile(r"^(?:\s*>)+ ?")
    assert _QUOTES.sub("", text) == "\n".join(one.sub("", x) for x in text.split("\n"))


def _each_line(text: str) -> str:
    """`without_salutations` as a test of every line."""
    out: list[str] = []
    first = True
    for line in text.split("\n"):
        if line.strip():
            if not is_salutation(line, first=first):
                out.append(line)
            elif _SALUTATION.match(line.strip()):
                _drop_inside_address(out)
            first = False
        else:
            out.append(line)
    return "\n".join(out)


_LETTER_LINES = st.sampled_from([
    "Dear x,", "dear", "To:", "  hello,", "Hi Bob:", "Dear Mayor Lindqvist,", "Madame la Maire,",
    "The Honorable Teresa Lindqvist", "Mayor", "100 E Main Street", "", " ", "\t", "Name,",
    "Ann Lee:", "one two three four five six seven eight nine ten", "\r", "to be or not"])


@settings(max_examples=examples(3000), deadline=None)
@given(st.lists(_LETTER_LINES, max_size=25))
def test_salutations_and_inside_addresses_go_as_a_test_of_each_line_drops_them(
        lines: list[str]) -> None:
    text = "\n".join(lines)
    assert without_salutations(text) == _each_line(text)
