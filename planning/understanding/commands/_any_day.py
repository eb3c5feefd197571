"""A fixed clock for readers that only ask whether words read as a time, a date or a value of a field: which day it
is does not change the answer."""

from datetime import UTC, datetime

ANY_DAY = datetime(2026, 1, 5, 8, tzinfo=UTC)
