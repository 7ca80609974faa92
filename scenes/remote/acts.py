"""A phone's move, applied to the match on the loop thread with the desktop's own refusals.

``RemoteHost.drain`` takes an ``apply(seat, text) -> reason | None``; this builds the one the
tables would give: the text is read with ``parse_action`` (text that is no move of the game is
refused as such), checked with ``why_illegal`` (so a phone sees exactly the reason the desktop
shows) and only then submitted. The text comes from the network, so nothing it can hold may
raise out of here and stop the loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from babel.core.match import Match
from babel.core.protocol import ActionTextError, IllegalAction

_log = logging.getLogger(__name__)


def not_a_move(text: str) -> str:
    return f"'{text[:40]}' is not a move of this game"


def apply_to(match: Match, after: Callable[[int, str], None] | None = None) -> Callable[[int, str], str | None]:
    """An ``apply`` for ``match``; ``after(seat, text)`` is called once a move was taken."""

    def apply(seat: int, text: str) -> str | None:
        rules = match.rules
        try:
            action = rules.parse_action(text)
            reason = rules.why_illegal(match.state, seat, action)
        except ActionTextError:
            return not_a_move(text)
        except Exception:  # noqa: BLE001 - readable text a game's checks cannot take is no move either
            _log.warning("a phone's move text upset the rules: %r", text[:60], exc_info=True)
            return not_a_move(text)
        if reason is not None:
            return reason
        try:
            match.submit(seat, action)
        except IllegalAction as exc:
            return exc.reason
        if after is not None:
            after(seat, text)
        return None

    return apply
