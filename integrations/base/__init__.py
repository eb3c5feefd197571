"""The connector base every other layer may import: tool specs, the catalog, the error tree."""

from integrations.base.catalog import CATALOG, ToolCatalog, tool_catalog
from integrations.base.connector import Connector
from integrations.base.errors import (
    AuthError,
    ConnectorError,
    DailyLimitError,
    NotFoundError,
    PartlyDoneError,
    PermanentError,
    PermissionDeniedError,
    QuotaError,
    RateLimitError,
    TransientError,
)
from integrations.base.tools import ToolKind, ToolSpec

__all__ = [
    "CATALOG",
    "AuthError",
    "Connector",
    "ConnectorError",
    "DailyLimitError",
    "NotFoundError",
    "PartlyDoneError",
    "PermanentError",
    "PermissionDeniedError",
    "QuotaError",
    "RateLimitError",
    "ToolCatalog",
    "ToolKind",
    "ToolSpec",
    "TransientError",
    "tool_catalog",
]
