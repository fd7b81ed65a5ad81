"""Loopback port helpers shared by the server wrappers."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

HOST = "127.0.0.1"


def free_ports(count: int) -> list[int]:
    """Return `count` distinct ports that were free on 127.0.0.1 a moment ago.

    For servers that cannot listen on port 0 and report back (Dovecot, Radicale).
    All sockets stay bound until every port is picked, so the ports are distinct;
    another process could still grab one before the server binds it, a race we
    accept on a test machine in exchange for never clashing with fixed ports.
    """
    socks = [socket.socket() for _ in range(count)]
    try:
        for s in socks:
            s.bind((HOST, 0))
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
