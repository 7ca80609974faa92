"""Seat tokens: the only thing that lets a phone read or act for a seat.

A token is a long random value (``secrets``), new for every game and every issue; issuing a
seat's token revokes the one before it. Only a SHA-256 of each live token is kept, and a token is
checked against every live entry with ``hmac.compare_digest`` (no lookup keyed by the secret, no
early exit), so the time a check takes says nothing about any token. Each issue also gets a
generation number: a socket remembers the generation it logged in with, and anything it queued
is dropped once that generation is revoked. Issued and revoked on the loop thread, checked on the
server thread: a lock guards the table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import dataclass

TOKEN_BYTES = 24  # secrets.token_urlsafe(24): 32 characters, 192 random bits
MAX_TOKEN_CHARS = 128  # longer text is not a token of ours; refused before hashing


@dataclass(frozen=True)
class Grant:
    """One live token's record: its seat, the token's hash and the issue's generation."""

    seat: int
    digest: bytes
    generation: int


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class TokenBook:
    """The live tokens of one game, at most one per seat."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self._lock = threading.Lock()
        self._grants: dict[int, Grant] = {}
        self._generation = 0

    def issue(self, seat: int) -> tuple[str, int]:
        """A new token for ``seat`` (the old one is revoked) and its generation."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat + 1} in a {self.seats}-seat game")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._generation += 1
            self._grants[seat] = Grant(seat, _digest(token), self._generation)
            return token, self._generation

    def revoke(self, seat: int) -> bool:
        """Forget ``seat``'s token; True if it had one."""
        with self._lock:
            return self._grants.pop(seat, None) is not None

    def revoke_all(self) -> list[int]:
        with self._lock:
            seats = sorted(self._grants)
            self._grants.clear()
            return seats

    def check(self, token: object) -> Grant | None:
        """The live grant ``token`` opens, compared in constant time against every live one."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
            return None
        probe = _digest(token)
        found: Grant | None = None
        with self._lock:
            grants = list(self._grants.values())
        for grant in grants:
            if hmac.compare_digest(probe, grant.digest):
                found = grant
        return found

    def live(self, seat: int, generation: int) -> bool:
        """Whether the grant of ``generation`` for ``seat`` is still the live one."""
        with self._lock:
            grant = self._grants.get(seat)
            return grant is not None and grant.generation == generation

    def issued(self) -> list[int]:
        with self._lock:
            return sorted(self._grants)
