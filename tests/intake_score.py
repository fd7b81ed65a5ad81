"""Field-by-field comparison of intake output with a corpus expectation.

The rules are the public intake corpus's check.py (times within 60 s, names ignoring case
and Unicode form, addresses ignoring punctuation, lists of files and missing elements as
sets), plus the fields the real-mail corpus asserts as well: `respondents` (a set),
`flags` (a set: what the clerk must confirm, e.g. `date_order`), for a refused
message, `kind` (what the machine message is), and `language` (the complaint's, "es" or
"en"). One module, so the tests and `scripts/score-intake` cannot score differently.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from typing import Any

FIELDS = ["accepted", "reject_reason", "received_at", "forwarded_by", "complainant.name",
          "complainant.email", "complainant.phone", "complainant.address", "code_sections",
          "attachments", "missing"]
EXTRA = ["respondents", "flags", "kind", "language"]  # scored when the expectation has them
LISTS = {"code_sections", "attachments", "missing", "respondents", "flags"}


def get(record: dict[str, Any], dotted: str) -> Any:
    cur: Any = record
    for key in dotted.split("."):
        if not isinstance(cur, dict) or key not in cur:
            return [] if dotted in LISTS else None
        cur = cur[key]
    return [] if cur is None and dotted in LISTS else cur


def _nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def comparable(field: str, value: Any) -> Any:
    """The form a field is compared in."""
    if value is None:
        return None
    if field == "received_at":
        moment = datetime.fromisoformat(value)
        assert moment.utcoffset() is not None, "received_at must carry an offset"
        return moment
    if field == "code_sections":
        return [re.sub(r"\s+", "", x).upper() for x in value]
    if field in ("missing", "flags"):
        return {x.strip().lower() for x in value}
    if field in ("attachments", "respondents"):
        return {_nfc(x) for x in value}
    if field in ("forwarded_by", "complainant.email"):
        return value.strip().lower()
    if field == "complainant.name":
        return re.sub(r"\s+", " ", _nfc(value)).strip().casefold()
    if field == "complainant.address":
        return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", _nfc(value).lower())).strip()
    if field == "complainant.phone":
        return re.sub(r"\s+", "", value)
    return value


def fields_of(want: dict[str, Any]) -> list[str]:
    """What an expectation asserts: every field of an accepted filing, only the verdict
    (and what the message is) of a refused one."""
    base = FIELDS if want["accepted"] else FIELDS[:2]
    return base + [f for f in EXTRA if f in want]


def wrong_fields(want: dict[str, Any], got: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """{field: {want, got}} for every asserted field that does not match."""
    wrong = {}
    for field in fields_of(want):
        w, g = comparable(field, get(want, field)), comparable(field, get(got, field))
        if field == "received_at" and w is not None and g is not None:
            ok = abs((w - g).total_seconds()) <= 60
        else:
            ok = w == g and (field != "accepted" or isinstance(get(got, field), bool))
        if not ok:
            wrong[field] = {"want": get(want, field), "got": get(got, field)}
    return wrong
