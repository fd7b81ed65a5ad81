"""A TCP server on loopback that accepts every connection and never says a word: what a
hung mail server (or a firewall that accepts and drops) looks like to a client."""

from __future__ import annotations

import contextlib
import socket
import threading

from tests.servers.net import HOST


class SilentServer:
    def __init__(self, port: int = 0) -> None:
        self._listener = socket.create_server((HOST, port))
        self.port: int = self._listener.getsockname()[1]
        self.accepted: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, name="silent-server", daemon=True)

    def start(self) -> SilentServer:
        self._thread.start()
        return self

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:  # closed by stop()
                return
            self.accepted.append(conn)  # held open, unread, unanswered

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._thread.join(timeout=5)
        for conn in self.accepted:
            conn.close()
