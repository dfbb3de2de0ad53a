"""The links' secrets: one unguessable token per audience (the besiegers, the defenders,
either side), made by ``secrets.token_urlsafe`` and compared in constant time.

A token is the whole of a link's authority: whoever holds it sees what that audience may
know, and nothing else. Revoking an audience's link gives it a new token (the old one is
refused from then on, and the server ends the pages opened with it); a link can also be
left off entirely.
"""

from __future__ import annotations

import hmac
import secrets
import threading

from siegeboard.share.side_state import AUDIENCES, Audience

TOKEN_BYTES = 32  # 256 bits: 43 URL-safe characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class ShareLinks:
    """The current token of each audience. Thread-safe: the window revokes while the
    server's thread checks."""

    def __init__(self, audiences: tuple[Audience, ...] = AUDIENCES):
        self._lock = threading.Lock()
        self._tokens: dict[Audience, str] = {audience: new_token() for audience in audiences}

    def token(self, audience: Audience) -> str | None:
        """The audience's token, None when its link is off."""
        with self._lock:
            return self._tokens.get(audience)

    def tokens(self) -> dict[Audience, str]:
        with self._lock:
            return dict(self._tokens)

    def audience_of(self, token: str) -> Audience | None:
        """Whose link ``token`` is, None for no valid link. Every token is compared (in
        constant time), so the time taken says nothing of which one came near."""
        found: Audience | None = None
        presented = token.encode("utf-8", "surrogateescape")
        with self._lock:
            for audience, known in self._tokens.items():
                if hmac.compare_digest(presented, known.encode("ascii")):
                    found = audience
        return found

    def revoke(self, audience: Audience, *, renew: bool = True) -> str | None:
        """End ``audience``'s link: a new token when ``renew`` (the new link to hand out),
        else the link is off until ``renew``ed. Returns the new token or None."""
        with self._lock:
            if renew:
                self._tokens[audience] = new_token()
            else:
                self._tokens.pop(audience, None)
            return self._tokens.get(audience)
