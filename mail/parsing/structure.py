"""A message's MIME shape read from its bytes, within the limits, before anything parses it.

The standard library's parser holds every part in memory several times over (a 50 MB
message peaks near 450 MB) and parses every header of every part (10,000 parts take
seconds). So the shape comes first, from the bytes, in one pass whose cost is bounded by
the limits: header blocks (at most `max_header_bytes` scanned each), parts (the scan stops
at `max_parts`), nesting (`max_depth`), and for each multipart a search of its boundary
lines (`bytes.find`, linear). Then `skeleton` rewrites the message without the bodies of
its larger leaf parts, so the standard parser only ever sees a few kilobytes per part;
each body left out is named by a marker header holding its offsets, and `mime` reads it
from the original bytes when (and only when) it is needed: a PDF, a text body.

The rules mirror `email.feedparser` (RFC 2046): a header block ends at an empty line or at
the first line that is not a header; a boundary line is `--boundary`, optionally `--`,
blanks, then the end of the line; the line break before it belongs to it; repeated
boundary lines make no empty parts; an outer boundary ends every part inside it; `message/*`
bodies (but `message/delivery-status`) are messages of their own. The boundary and content
type are read by the same header methods the standard parser uses.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import EmailPolicy

from mail.parsing.headers import capped_policy, is_attachment
from mail.parsing.limits import LimitExceeded, MailLimits

ELIDE_OVER = 4096  # leaf bodies larger than this are read from the original bytes
_LINE_END = re.compile(rb"\r\n|\r|\n")
_HEADER = re.compile(rb"From |[\x21-\x39\x3b-\x7e]*:|[\t ]")  # feedparser's headerRE


@dataclass(frozen=True)
class Part:
    """One node of the MIME tree, as offsets into the message's bytes."""

    start: int  # its header block
    head_end: int  # the end of its header block (before the empty line)
    body: int  # its body
    end: int  # just after its body (the line break before a boundary excluded)
    content_type: str
    depth: int  # the message itself is 1
    leaf: bool  # neither multipart nor an encapsulated message


@dataclass(frozen=True)
class Shape:
    parts: tuple[Part, ...]  # in document order; parts[0] is the message itself
    cuts: tuple[tuple[int, int], ...]  # preambles and epilogues worth leaving out


def header_end(raw: bytes, start: int, end: int, limits: MailLimits) -> tuple[int, int]:
    """(where the header block ends, where the body begins) for the block at `start`,
    by feedparser's rule; the empty line between them, if any, belongs to neither."""
    window = min(end, start + limits.max_header_bytes)
    pos = start
    while pos < window:
        brk = _LINE_END.search(raw, pos, window)
        if brk is None:
            if window < end:
                break  # a header line running past the ceiling
            line_end = next_pos = end
        else:
            line_end, next_pos = brk.start(), brk.end()
        if line_end == pos:  # the empty line: the body follows it
            return pos, next_pos
        if not _HEADER.match(raw, pos, line_end):
            return pos, pos  # a body line without the empty line before it
        pos = next_pos
    if pos >= end:
        return end, end
    raise LimitExceeded(limits, "max_header_bytes",
                        f"a header block longer than {limits.max_header_bytes:,} bytes")


def header_block(raw: bytes, limits: MailLimits) -> bytes:
    """The message's own header block (for reading a header without the body)."""
    return raw[:header_end(raw, 0, len(raw), limits)[1]]


def read_header(raw: bytes, name: str, limit: int, limits: MailLimits) -> str:
    """One header of `raw`, read from its header block alone (a message may carry 50 MB,
    and decoding the whole of a hostile header costs far more than `limit` characters);
    "" when absent or unreadable."""
    try:
        block = header_block(raw, limits)
        head = BytesHeaderParser(policy=capped_policy(limit)).parsebytes(block)
        return " ".join(str(head.get(name, "") or "").split())[:limit]
    except (LimitExceeded, ValueError, TypeError, IndexError, LookupError, RecursionError):
        return ""


class _Scan:
    def __init__(self, raw: bytes, limits: MailLimits, policy: EmailPolicy) -> None:
        self.raw, self.limits, self.policy = raw, limits, policy
        self.parts: list[Part] = []
        self.cuts: list[tuple[int, int]] = []

    def node(self, start: int, end: int, depth: int, default_type: str, *,
             message: bool = False) -> None:
        """Scan the part at [start, end); `message`: it is a whole message (its body is
        read as text even when it is named like a file, as `mime.body_text` does)."""
        limits = self.limits
        if depth > limits.max_depth:
            raise LimitExceeded(limits, "max_depth",
                                f"MIME parts nested more than {limits.max_depth} deep")
        if len(self.parts) >= limits.max_parts:
            raise LimitExceeded(limits, "max_parts",
                                f"more than {limits.max_parts} MIME parts")
        head_end, body = header_end(self.raw, start, end, limits)
        head = self._headers(start, body, default_type)
        ctype = head.get_content_type()
        maintype = ctype.partition("/")[0]
        boundary = head.get_boundary() if maintype == "multipart" else None
        encapsulated = maintype == "message" and ctype != "message/delivery-status"
        self.parts.append(Part(start, head_end, body, end, ctype, depth,
                               leaf=not encapsulated and boundary is None))
        if encapsulated:
            self.node(body, end, depth + 1, "text/plain", message=True)
        elif boundary is not None:
            kids = "message/rfc822" if ctype == "multipart/digest" else "text/plain"
            self._multipart(body, end, boundary, depth, kids)
        elif ctype in ("text/plain", "text/html") and end - body > limits.max_text_bytes and (
                message or not is_attachment(head)):
            raise LimitExceeded(limits, "max_text_bytes",
                                f"a {ctype} body of {end - body:,} bytes, more than "
                                f"{limits.max_text_bytes:,}")

    def _headers(self, start: int, body: int, default_type: str) -> Message:
        head = BytesHeaderParser(policy=self.policy).parsebytes(self.raw[start:body])
        head.set_default_type(default_type)
        return head

    def _multipart(self, start: int, end: int, boundary: str, depth: int,
                   kids: str) -> None:
        try:
            sep = ("--" + boundary).encode("ascii", "surrogateescape")
        except UnicodeEncodeError:
            return  # a boundary no line can match (the header model replaced 8-bit bytes)
        # Boundary lines are found as they are needed: the scan ends with the parts limit.
        lines = _boundary_lines(self.raw, start, end, sep)
        line = next(lines, None)
        if line is None or line[2]:
            return  # no start boundary before the close: the standard parser sees no parts
        self._cut(start, _before_break(self.raw, start, line[0]))
        following = next(lines, None)
        while True:
            while following is not None and following[0] == line[1]:
                line, following = following, next(lines, None)  # boundary lines in a row
            begin = line[1]  # (a close one too) make no part between them
            if following is None:
                # No close delimiter: the part runs to the end. At the end of the message
                # its last line break goes (an outer boundary took it off already).
                stop = _before_break(self.raw, begin, end) if end == len(self.raw) else end
                self.node(begin, stop, depth + 1, kids)
                return
            at, after, close = following
            self.node(begin, _before_break(self.raw, begin, at), depth + 1, kids)
            if close:
                self._cut(after, end)  # the epilogue
                return
            line, following = following, next(lines, None)

    def _cut(self, start: int, end: int) -> None:
        if end - start > ELIDE_OVER:
            self.cuts.append((start, end))


def _boundary_lines(raw: bytes, start: int, end: int,
                    sep: bytes) -> Iterator[tuple[int, int, bool]]:
    """(line start, next line start, is the close delimiter) of each boundary line, up to
    the first close delimiter that does not follow another boundary line."""
    previous_end = -1
    pos = start
    while (at := raw.find(sep, pos, end)) >= 0:
        pos = at + 1
        if at > start and raw[at - 1] not in b"\r\n":
            continue
        q = at + len(sep)
        close = raw.startswith(b"--", q, end)
        q += 2 if close else 0
        while q < end and raw[q] in b" \t":
            q += 1
        if q < end and raw[q] not in b"\r\n":
            continue
        after = q + (2 if raw.startswith(b"\r\n", q, end) else 1 if q < end else 0)
        repeated = previous_end == at
        yield at, after, close
        if close and not repeated:
            return  # what follows the close delimiter is the epilogue
        previous_end = pos = after


def _before_break(raw: bytes, start: int, at: int) -> int:
    """`at` less the line break before it, which belongs to the boundary line."""
    if at - start >= 2 and raw[at - 2:at] == b"\r\n":
        return at - 2
    if at > start and raw[at - 1] in b"\r\n":
        return at - 1
    return at


def shape(raw: bytes, limits: MailLimits, policy: EmailPolicy) -> Shape:
    """The MIME tree of `raw`; raises `LimitExceeded` as soon as it passes a limit."""
    if len(raw) > limits.max_bytes:
        raise LimitExceeded(limits, "max_bytes", f"a message of {len(raw):,} bytes")
    scan = _Scan(raw, limits, policy)
    scan.node(0, len(raw), 1, "text/plain", message=True)
    return Shape(tuple(scan.parts), tuple(scan.cuts))


@dataclass(frozen=True)
class Skeleton:
    """The message with its larger bodies left out, and how to find them again."""

    data: bytes
    marker: str  # header name of the offsets of a body left out; random per message


def skeleton(raw: bytes, found: Shape) -> Skeleton:
    marker = f"X-Ethicsbot-Elided-{secrets.token_hex(8)}"
    edits: list[tuple[int, int, bytes]] = [(a, b, b"") for a, b in found.cuts]
    for part in found.parts:
        if part.leaf and part.end - part.body > ELIDE_OVER:
            # After the part's own headers: nothing can fold into the marker there.
            edits.append((part.head_end, part.head_end,
                          f"{marker}: {part.body} {part.end}\r\n".encode("ascii")))
            edits.append((part.body, part.end, b""))
    edits.sort(key=lambda e: (e[0], e[1]))
    out, pos = [], 0
    for a, b, text in edits:
        if a < pos:
            continue  # inside a stretch already left out
        out += [raw[pos:a], text]
        pos = b
    out.append(raw[pos:])
    return Skeleton(b"".join(out), marker)
