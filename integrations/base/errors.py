"""The connector error tree; every protocol's failures are mapped into it.

ConnectorError
├── TransientError            timeouts, 5xx: worth retrying (``retry_after`` seconds when known)
│   └── RateLimitError        429, or a 403 that says "rate limit": refused before acting, so safe to repeat
├── PermanentError            the request itself is wrong: retrying cannot help
│   ├── PartlyDoneError       it happened only in part (a mail the server took for some recipients, refused for
│   │                         others): ``result`` is what was done, ``not_reached`` who was refused; never repeated
│   ├── PermissionDeniedError the account may not do this (not the organiser, no write access, a scope not granted)
│   └── QuotaError            a usage limit of the account is reached (Google's "Calendar usage limits exceeded")
│       └── DailyLimitError   the service's daily request allowance is used up (Salesforce REQUEST_LIMIT_EXCEEDED,
│                             HubSpot's DAILY policy, Google's dailyLimitExceeded): not retried; ``resets`` says when
├── AuthError                 credentials missing, expired or revoked: the user must reconnect
└── NotFoundError             the record, event or message does not exist

Only ``AuthError`` asks the user to reconnect; a refusal of one action (403) is ``PermissionDeniedError``.
"""

from collections.abc import Sequence
from typing import Any


class ConnectorError(Exception):
    """A connector call failed; ``service`` names the integration (e.g. ``gmail``)."""

    def __init__(self, message: str, *, service: str = "") -> None:
        super().__init__(message)
        self.service = service


class TransientError(ConnectorError):
    def __init__(self, message: str, *, service: str = "", retry_after: float | None = None) -> None:
        super().__init__(message, service=service)
        self.retry_after = retry_after


class RateLimitError(TransientError):
    """The service refused the call for its rate: nothing happened, so even a write may be repeated."""

    not_applied = True


class PermanentError(ConnectorError):
    pass


class PartlyDoneError(PermanentError):
    """The change happened for some of its targets only: repeating it would do the done part twice."""

    def __init__(self, message: str, *, service: str = "", result: Any, not_reached: Sequence[str]) -> None:
        super().__init__(message, service=service)
        self.result = result
        self.not_reached = list(not_reached)


class PermissionDeniedError(PermanentError):
    """The account is signed in but may not do this; reconnecting does not help (except for a missing scope)."""


class QuotaError(PermanentError):
    """A usage limit of the account or the service is reached; it lifts after hours, not seconds."""


class DailyLimitError(QuotaError):
    """The service's allowance for the day is used up: retrying within seconds only spends more of the next one.
    ``resets`` is when it comes back, in words that follow "it resets" (e.g. "at midnight Pacific Time")."""

    def __init__(self, *, service: str, label: str, resets: str) -> None:
        super().__init__(f"the daily limit of {label} is used up; it resets {resets}", service=service)
        self.label = label
        self.resets = resets


class AuthError(ConnectorError):
    pass


class NotFoundError(ConnectorError):
    pass


class AccountNotConnectedError(PermanentError):
    """The requester has no account of this kind connected: the step does not run on anyone else's."""

    def __init__(self, kind: str, *, service: str = "") -> None:
        super().__init__(f"connect your {kind} account first", service=service)
        self.kind = kind
