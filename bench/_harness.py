"""What the mail benchmarks share: their arguments, a private Dovecot, the settings of a
worker that reads its mailbox, and how they name the database they ran on."""

from __future__ import annotations

import argparse
import logging
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ethicsbot.settings import Settings
from tests.servers.dovecot import DovecotServer, ImapAccount
from tests.servers.net import free_ports


def bench_args(doc: str, *, n: int, n_help: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=n, help=n_help)
    parser.add_argument("--database-url", help="default: a fresh SQLite file")
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return args


@contextmanager
def private_dovecot() -> Iterator[tuple[Path, DovecotServer]]:
    """A scratch folder and a Dovecot of its own on free ports, both gone afterwards."""
    root = Path(tempfile.mkdtemp(prefix="ethicsbot-bench-"))
    root.chmod(0o755)  # Dovecot's mail processes run as `mail`
    server = DovecotServer(root / "testbed", *free_ports(2))
    server.start()
    try:
        yield root, server
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


def worker_settings(root: Path, account: ImapAccount, database_url: str | None,
                    **more: Any) -> Settings:
    """A worker reading `account`, no daily cap (a benchmark is one big burst)."""
    return Settings(  # type: ignore[call-arg]
        _env_file=None, database_url=database_url or f"sqlite:///{root / 'bench.db'}",
        directory=root / "city.yml", maildir=root / "mailbox", outbox_dir=root / "outbox",
        postings_dir=root / "postings", **account.settings(), intake_daily_cap=10**9, **more)


def backend(settings: Settings) -> str:
    return "SQLite" if settings.database_url.startswith("sqlite") else "PostgreSQL"
