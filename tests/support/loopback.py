"""Keeping a test's processes on this machine: `loopback_only()` refuses (and reports on stdout, as
`fail tried to connect to …`) any TCP connection to anywhere but 127.0.0.1 or ::1."""

from __future__ import annotations

import socket
from typing import Any

LOOPBACK = ("127.0.0.1", "::1")


def loopback_only() -> None:
    """Refuse (and report) any TCP connection that does not stay on this machine."""
    connect = socket.socket.connect

    def checked(sock: socket.socket, address: Any) -> None:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and address[0] not in LOOPBACK:
            print(f"fail tried to connect to {address[0]}", flush=True)
            raise ConnectionRefusedError(f"a test process stays on 127.0.0.1, not {address[0]}")
        connect(sock, address)

    socket.socket.connect = checked  # type: ignore[method-assign]
