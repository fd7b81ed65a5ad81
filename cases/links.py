"""Links a person types (a meeting's remote link, where the written report is kept): only
`https:` web addresses, or a Slack file id for the report.

A link is published as typed: in the posting the city puts on its own website and at the
meeting place, in the posting's PDF (`/URI`), in the mailed notice. A `javascript:` or
`data:` link there runs in the reader's browser, on the city's site, where the docket's
own Content Security Policy does not apply; `file:`, `http:` and the rest point where the
city did not mean to send anyone, or in clear text. So anything but a plain https address
with a host is refused, with what to type instead; a city whose meeting service has no
https address may accept plain `http:` too (the directory file's `http_links: true`).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from cases.errors import ProcedureError

MAX_LINK = 2000  # characters: more is no address a person typed
SLACK_FILE = re.compile(r"F[A-Z0-9]{6,}")  # a file uploaded to Slack, by its id
_UNSAFE = re.compile(r"[\s\x00-\x1f\x7f<>\"'`\\]")


def web_link(text: str | None, what: str, *, http: bool = False) -> str | None:
    """`text` as an https link, or http too when the city accepts it (`http`); None when
    nothing was typed; ProcedureError if it is anything else."""
    link = (text or "").strip()
    if not link:
        return None
    schemes = ("https", "http") if http else ("https",)
    parts = urlsplit(link) if len(link) <= MAX_LINK and not _UNSAFE.search(link) else None
    if parts is None or parts.scheme.lower() not in schemes or not parts.hostname:
        others = "javascript:, data:, file:" + ("" if http else ", http:")
        raise ProcedureError(
            f"{what} must be an {' or '.join(f'{s}://' for s in schemes)} web address with "
            f"its host (like https://meet.city.example/ethics); {link[:60]!r} is not. Other "
            f"links ({others}) are refused: the link is published as typed.")
    return link


def report_link(text: str | None, *, http: bool = False) -> str | None:
    """Where the written report is kept: a Slack file id (F0123ABCD) or a web link."""
    ref = (text or "").strip()
    if SLACK_FILE.fullmatch(ref):
        return ref
    return web_link(ref, "Where the written report is kept (a Slack file id, F0123ABCD, or "
                         "a link to the file)", http=http)
