"""The connector error tree; every protocol's failures are mapped into it.

ConnectorError
├── TransientError   timeouts, 5xx, 429: worth retrying (``retry_after`` seconds when known)
├── PermanentError   the request itself is wrong: retrying cannot help
├── AuthError        credentials missing, expired or revoked: the user must reconnect
└── NotFoundError    the record, event or message does not exist
"""


class ConnectorError(Exception):
    """A connector call failed; ``service`` names the integration (e.g. ``gmail``)."""

    def __init__(self, message: str, *, service: str = "") -> None:
        super().__init__(message)
        self.service = service


class TransientError(ConnectorError):
    def __init__(self, message: str, *, service: str = "", retry_after: float | None = None) -> None:
        super().__init__(message, service=service)
        self.retry_after = retry_after


class PermanentError(ConnectorError):
    pass


class AuthError(ConnectorError):
    pass


class NotFoundError(ConnectorError):
    pass
