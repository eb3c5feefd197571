"""The offline ``extract`` tool: latency over a typical email list and over the largest input it reads.

Run: `.venv/bin/python -m bench.extract [--rounds 5]`. Prints figures; asserts nothing.
"""

import argparse
import statistics
import time
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from planning.tools.extract.connector import extract
from planning.tools.extract.items import MAX_TOTAL

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))
FIELDS = {
    "startTime": "datetime",
    "day": "date",
    "at": "time",
    "durationMinutes": "duration",
    "location": "text",
    "email": "email",
    "phone": "phone",
    "guests": "number",
}
PARAGRAPH = (
    "Hi team, the partner summit is on Thursday 12 March at 10:00 at the Hilton and will last 3 hours. "
    "We expect 120 guests; questions to priya.shah@example.com or +1 (555) 010-2000. Please RSVP by Friday. "
)


def emails(count: int, chars: int) -> list[dict[str, Any]]:
    """``count`` different emails of about ``chars`` characters each (different, so no cache helps)."""
    body = (PARAGRAPH * (chars // len(PARAGRAPH) + 1))[:chars]
    return [{"id": f"m{i}", "date": "2026-02-27T16:00:00-05:00", "body": f"#{i} {body}"} for i in range(count)]


def timed(value: Any, rounds: int) -> list[float]:
    times = []
    for round_ in range(rounds):
        fresh = [{**item, "body": f"r{round_} {item['body']}"} for item in value]
        t0 = time.perf_counter()
        extract(fresh, FIELDS, "the partner summit", NOW)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    cases = [("10 emails x 2 KB", emails(10, 2_000)), ("50 emails x 20 KB (capped)", emails(50, 20_000))]
    print(f"extract, {len(FIELDS)} fields, {rounds} rounds; input capped at {MAX_TOTAL:,} characters")
    for label, value in cases:
        times = timed(value, rounds)
        print(f"  {label:28s} median {statistics.median(times):8.1f} ms   max {max(times):8.1f} ms")


if __name__ == "__main__":
    main()
