"""HTTP plumbing shared by the SaaS connectors (Gmail, Google Calendar, HubSpot, Salesforce, Microsoft 365): one
JSON client with a timeout on every call, each account kept inside its service's published limits (``limits``),
HTTP failures mapped into the connector error tree, and OAuth2 token refresh.

    JsonApi.request()  →  waits for a slot of the account's gate (concurrency, requests per window, Retry-After)
                          2xx: the JSON body
                          401: refresh the token once and retry, then AuthError ("reconnect")
                          daily allowance used up (Salesforce 403 REQUEST_LIMIT_EXCEEDED "TotalRequests", HubSpot
                               429 policyName DAILY, Google 403 dailyLimitExceeded): DailyLimitError, not retried
                          403: RateLimitError (rateLimitExceeded, userRateLimitExceeded, concurrent requests),
                               QuotaError (quotaExceeded), else PermissionDeniedError
                          404/410: NotFoundError
                          429: waits out a short Retry-After (the whole account pauses) and sends again, up to 3
                               times; then RateLimitError(retry_after=Retry-After)
                          5xx, timeouts, resets: TransientError
                          other 4xx: PermanentError (with the service's own message)
Retrying other transient errors with backoff is the engine's job (planning.engine.runner).
"""

from integrations.http.client import JsonApi, RawBody, TokenSource
from integrations.http.limits import LIMITS, Limiter, PathLimit, ServiceLimits
from integrations.http.oauth import OAuth2Refresher, StaticToken

__all__ = [
    "LIMITS",
    "JsonApi",
    "Limiter",
    "OAuth2Refresher",
    "PathLimit",
    "RawBody",
    "ServiceLimits",
    "StaticToken",
    "TokenSource",
]
