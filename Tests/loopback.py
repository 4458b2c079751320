"""Ports on loopback for the black-box suites (ServerTests, InstallTests, EngineTests), which import it by putting
Tests/ on sys.path. The in-process tests' counterpart is TestSupport's `withClosedPort`."""
from __future__ import annotations

import socket

_held_ports: list[socket.socket] = []


def closed_port() -> int:
    """A loopback port that refuses every connection: bound by a socket that never listens, held until the run ends,
    so that no server started later (by the other pytest worker too) can be given it."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    _held_ports.append(s)
    return s.getsockname()[1]
