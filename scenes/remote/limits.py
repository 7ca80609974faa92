"""The phone server's limits: every message is untrusted, so every resource a client can use has
a ceiling. One frozen value holds them all, so a test can tighten one (a short handshake) without
touching the others.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

MAX_FRAME = 4096  # bytes of one WebSocket message from a client
MAX_ACTION_CHARS = 200  # an action's text form is far shorter in every game
MAX_PLY = 1_000_000  # no game gets near; larger numbers are refused as malformed
MAX_REQUEST_ID = 2**31 - 1


@dataclass(frozen=True)
class Limits:
    """Ceilings for one server. Rates are per socket; counts are per seat and in total."""

    max_frame: int = MAX_FRAME
    rate: float = 10.0  # messages per second a socket may send on average
    burst: int = 20  # messages it may send at once
    sockets_per_seat: int = 4
    sockets_total: int = 48
    watchers: int = 8  # sockets on the public page
    handshake_seconds: float = 5.0  # a socket that has not said hello by then is closed
    heartbeat_seconds: float = 20.0  # pings that notice a phone gone to sleep
    stop_seconds: float = 3.0  # how long stop() waits for the server thread


class TokenBucket:
    """A socket's message allowance: ``burst`` at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        """Spend one message; False when the socket is over its allowance."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True
