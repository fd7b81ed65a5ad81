"""Logging for people and for machines: readable lines on a terminal, one JSON object per
line otherwise (platform log collectors). Complaint text and personal data are never
logged above DEBUG; log case numbers and outcomes instead."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        out.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def configure_logging(level: str = "INFO", *, json_lines: bool | None = None) -> None:
    """Configure the root logger once; JSON when stderr is not a terminal."""
    use_json = (not sys.stderr.isatty()) if json_lines is None else json_lines
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if use_json else logging.Formatter(
        "%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for noisy in ("aiosmtplib", "imapclient", "apscheduler", "mail.log", "aiohttp.access"):
        logging.getLogger(noisy).setLevel(max(root.level, logging.WARNING))
