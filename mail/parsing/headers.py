"""Read headers safely: decoded within a size cap, never crashing on a malformed value.

The standard library's header model is exact but not built for hostile input: an
encoded-word Subject of 12,000 words takes 1.5 GB to decode (its cost grows with the
square of the value), and a few hundred nested parentheses in an address overflow the
stack. So every header is read through `capped_policy`: at most `max_header_chars` of a
value are parsed (no real header comes near it), and parentheses nested deeper than
`MAX_COMMENT_DEPTH` are dropped before any parser sees them (the text inside is kept).

`clean` is what makes any text from a message safe to store: raw 8-bit bytes recovered
as UTF-8, control characters dropped. (Bidirectional controls are kept until the parser
hands its result on, where they are shown as marks: `cases.text.neutralise_bidi`.)
"""

from __future__ import annotations

import email.utils
import re
from email.message import Message
from email.policy import EmailPolicy
from functools import lru_cache
from typing import Any

MAX_COMMENT_DEPTH = 20  # RFC 5322 comments nest; real mail uses one level
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MAILTO = re.compile(r"\[mailto:([^\]\s]+)\]", re.I)
_MAILTO_TAIL = re.compile(r"<mailto:[^<>\s]*>", re.I)  # Outlook.com: "a@x<mailto:a@x>"
# "Sender on behalf of Owner" as Outlook and OWA print it in the languages they localise
# it into (en, es, fr, de, pt, nl, it): the sender (a delegate, a member of a shared
# mailbox) wrote and sent it from the owner's mailbox.
_ON_BEHALF = re.compile(r"\s+(?:on behalf of|en nombre de|de la part de|im auftrag von"
                        r"|em nome de|namens|per conto di)\s+", re.I)
_LAST_FIRST = re.compile(r"^(?P<last>[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*)?), "
                         r"(?P<first>[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*)?)$")
_UNQUOTED_COMMA = re.compile(r"^([^\"<>,@]{1,80},[^\"<>,@]{1,80}?)\s*<")
_NOT_A_FIRST_NAME = re.compile(r"^(?:jr|sr|ii|iii|iv|phd|md|esq|inc|llc|ltd)\.?$", re.I)
_ID = re.compile(r"<([^<>\s]+)>")
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")  # a raw 8-bit byte, as surrogateescape keeps it


def clean(text: str) -> str:
    """Text safe to store: raw 8-bit bytes recovered as UTF-8, control characters dropped."""
    if _ESCAPED_BYTE.search(text):  # one search, not a test of every character
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    text = text.encode("utf-8", "replace").decode("utf-8")  # any other lone surrogate
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def shallow_comments(value: str, depth: int = MAX_COMMENT_DEPTH) -> str:
    """`value` without the parentheses nested deeper than `depth` (linear; text kept)."""
    if value.count("(") <= depth:
        return value
    out, level = [], 0
    for char in value:
        if char == "(":
            level += 1
            if level > depth:
                continue
        elif char == ")":
            level = max(0, level - 1)
            if level >= depth:
                continue
        out.append(char)
    return "".join(out)


class CappedPolicy(EmailPolicy):
    """`email.policy.default`, but a header value is cut to `max_header_chars` and its
    comments flattened before the header parser runs on it."""

    max_header_chars = 8_000

    def header_fetch_parse(self, name: str, value: Any) -> Any:
        if not hasattr(value, "name"):
            value = shallow_comments(str(value)[:self.max_header_chars])
        return super().header_fetch_parse(name, value)


@lru_cache(maxsize=8)
def capped_policy(max_header_chars: int) -> CappedPolicy:
    cap: dict[str, Any] = {"max_header_chars": max_header_chars}
    policy: CappedPolicy = CappedPolicy().clone(**cap)  # its own field: typed as kwargs
    return policy


def _raw(msg: Message, name: str) -> str:
    value = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), "")
    return str(value)


def header_text(msg: Message, name: str) -> str:
    """One header's decoded, unfolded value, or "" when absent."""
    try:
        value = msg.get(name)
        text = "" if value is None else str(value)
    except Exception:  # the header model failed on a malformed value; use the raw text
        cap = getattr(msg.policy, "max_header_chars", CappedPolicy.max_header_chars)
        text = _raw(msg, name)[:cap]
    return re.sub(r"\s*\n\s*", " ", clean(raw_iso2022jp(text))).strip()


def raw_iso2022jp(text: str) -> str:
    """`text` with raw 7-bit ISO-2022-JP decoded: Japanese carriers' MTAs and older
    Japanese mailers write Subject and From that way, not RFC 2047-encoded, and its escape
    bytes would otherwise be dropped as control characters, leaving `$B%a!<%k...`."""
    if "\x1b$" not in text or not text.isascii():
        return text
    try:
        return text.encode("ascii").decode("iso-2022-jp")
    except UnicodeDecodeError:
        return text


def header_count(msg: Message, name: str) -> int:
    return sum(1 for k, _ in msg.raw_items() if k.lower() == name.lower())


def split_address(value: str) -> tuple[str | None, str | None]:
    """(display name, lower-cased address) of a From-style value; either may be None.

    Also reads Outlook's `Name [mailto:addr]`, Outlook.com's `Name<mailto:a> <a<mailto:a>>`,
    `Sender on behalf of Owner <a>` (the sender's, who wrote it: Microsoft's "actual
    author"; `split_parties` gives both), `Last, First <a>` (read "First Last"),
    and a bare name without an address, which Exchange prints for colleagues inside the
    same organisation.
    """
    return split_parties(value)[0]


def split_parties(value: str) -> list[tuple[str | None, str | None]]:
    """Each party a From-style value names, as `split_address` reads one: the one party,
    or for Outlook's `Sender on behalf of Owner` (also `en nombre de`, `im Auftrag von`,
    `de la part de`, ...) the sender, then the owner. Which of them wrote the letter its
    signature says (`complainant.identify`)."""
    value = _MAILTO.sub(r"<\1>", shallow_comments(clean(value))).strip()
    parts = _ON_BEHALF.split(_MAILTO_TAIL.sub("", value), maxsplit=1)
    return [_party(p.strip()) for p in parts]


def _party(value: str) -> tuple[str | None, str | None]:
    value = _UNQUOTED_COMMA.sub(r'"\1" <', value, count=1)  # "Last, First <a>" is no list
    try:
        name, addr = email.utils.parseaddr(value)
    except (RecursionError, ValueError, IndexError):
        name, addr = "", ""
    if "@" not in addr:
        bare = value.strip(" \"'")
        return (_first_last(bare) or None), None
    return (_first_last(name.strip(" \"'")) or None), addr.strip().lower()


def _first_last(name: str) -> str:
    """"Whitfield, Dana" (a directory's display name) as written in a letter, "Dana
    Whitfield"; "Pruitt, Jr." and "Acme, Inc." stay as they are."""
    m = _LAST_FIRST.match(name) if len(name) <= 100 else None
    if m is None or _NOT_A_FIRST_NAME.match(m["first"]):
        return name
    return f"{m['first']} {m['last']}"


def header_address(msg: Message, name: str) -> tuple[str | None, str | None]:
    return split_address(header_text(msg, name))


def message_ids(msg: Message, *names: str) -> list[str]:
    """Message ids (without angle brackets, lower-cased) named in the given headers."""
    ids: list[str] = []
    for name in names:
        ids += [i.lower() for i in _ID.findall(header_text(msg, name))]
    return ids


def filename(part: Message) -> str | None:
    """The part's file name, cleaned, or None."""
    try:
        name = part.get_filename()
    except Exception:
        return None
    if not name:
        return None
    return clean(name).strip() or None


def is_attachment(part: Message) -> bool:
    """A file rather than body text: `attachment`, or named (Apple Mail's inline files)."""
    try:
        return part.get_content_disposition() == "attachment" or filename(part) is not None
    except Exception:  # a malformed disposition: read the part as text
        return False
