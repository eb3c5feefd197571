"""HTTP plumbing shared by the SaaS connectors (Gmail, Google Calendar, HubSpot, Salesforce): one JSON client
with a timeout on every call, HTTP failures mapped into the connector error tree, and OAuth2 token refresh.

    JsonApi.request()  →  2xx: the JSON body
                          401: refresh the token once and retry, then AuthError ("reconnect")
                          403: RateLimitError (rateLimitExceeded, userRateLimitExceeded, REQUEST_LIMIT_EXCEEDED),
                               QuotaError (quotaExceeded, dailyLimitExceeded), else PermissionDeniedError
                          404/410: NotFoundError
                          429: RateLimitError(retry_after=Retry-After)    5xx, timeouts, resets: TransientError
                          other 4xx: PermanentError (with the service's own message)
Retrying transient errors with backoff is the engine's job (planning.engine.runner); this layer only maps.
"""

from integrations.http.client import JsonApi, TokenSource
from integrations.http.oauth import OAuth2Refresher, StaticToken

__all__ = ["JsonApi", "OAuth2Refresher", "StaticToken", "TokenSource"]
