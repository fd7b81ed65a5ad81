"""Loopback port helpers shared by the server wrappers."""

from __future__ import annotations

import itertools
import os
import random
import socket
import time
from collections.abc import Callable

HOST = "127.0.0.1"


# Ports handed out for servers that cannot listen on port 0: below the kernel's ephemeral
# range (32768-60999 on Linux), where every server that does bind port 0 (the SMTP sink,
# aiohttp's test servers) gets its port, and a block of its own for each xdist worker.
# A port picked from the ephemeral range could be handed by the kernel to another
# worker's sink before our server bound it (a web process's /readyz once answered "220
# smtp-sink"); here only another picker in the same block could take it.
_BLOCK = 2000
_BASE = 10000 + int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").lstrip("gw") or 0) % 10 * _BLOCK
_TURN = itertools.count(random.randrange(_BLOCK))  # processes sharing a block start apart


def free_ports(count: int) -> list[int]:
    """Return `count` distinct ports that were free on 127.0.0.1 a moment ago.

    For servers that cannot listen on port 0 and report back (Dovecot, Radicale, the web
    process). All sockets stay bound until every port is picked, so the ports are
    distinct; the race left, another picker of the same block binding it first, is
    accepted on a test machine. With the whole block taken, the kernel picks."""
    socks: list[socket.socket] = []
    try:
        for _ in range(_BLOCK):
            if len(socks) == count:
                break
            s = socket.socket()
            try:
                s.bind((HOST, _BASE + next(_TURN) % _BLOCK))
            except OSError:
                s.close()
                continue
            socks.append(s)
        while len(socks) < count:
            s = socket.socket()
            s.bind((HOST, 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def port_open(port: int, host: str = HOST) -> bool:
    """True if something accepts TCP connections on host:port right now."""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_port(port: int, timeout: float, alive: Callable[[], bool] = lambda: True) -> bool:
    """Poll until port accepts connections; give up early once `alive()` turns false."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_open(port):
            return True
        if not alive():
            return False
        time.sleep(0.05)
    return False
