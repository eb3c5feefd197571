"""Outlook mail search against Graph's per-mailbox concurrency: with the shared limiter, and with none.

Run: `.venv/bin/python -m bench.outlook_limits [--messages 30] [--latency 0.1] [--rounds 3]`. Prints figures; asserts
nothing. The Graph stand-in (tests/integrations/microsoft) runs on 127.0.0.1 and answers each request after
``--latency`` seconds, 4 in flight per mailbox at most (429 ``MailboxConcurrency`` with ``Retry-After: 1`` beyond).
A search finds ``--messages`` messages with one attachment each, so the connector lists that many attachments.
For each setting: the wall time of one search (median of the rounds), Graph requests, 429s, most in flight. The
stand-in checks every request and answer with msgraph-sdk's models in this process: that CPU is in the times too.
"""

import argparse
import asyncio
import statistics
import time
from datetime import UTC, datetime, timedelta

import aiohttp

from integrations.base.arguments import FetchEmailsArgs
from integrations.http import JsonApi, Limiter
from integrations.microsoft import MicrosoftSettings, OutlookMail, tokens_for
from integrations.microsoft.graph import PREFER, SERVICE, Graph
from tests.integrations.microsoft.fake_calendar import FakeCalendar
from tests.integrations.microsoft.fake_graph import CLIENT, REFRESH_TOKEN, TENANT, FakeGraph, serving
from tests.integrations.microsoft.fake_mail import FakeMailbox


async def one_setting(name: str, limiter: Limiter, messages: int, latency: float, rounds: int) -> None:
    graph = FakeGraph(latency=latency)
    mailbox, _ = FakeMailbox(graph), FakeCalendar(graph)
    start = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
    for n in range(messages):
        moment = start + timedelta(minutes=n)
        mailbox.deliver(sender=f"p{n}@example.org", subject=f"Invoice {n}", body="x", received=moment,
                        files=((f"invoice-{n}.pdf", b"%PDF-1.4 x"),))  # fmt: skip
    async with serving(graph) as url, aiohttp.ClientSession() as session:
        settings = MicrosoftSettings(  # type: ignore[call-arg]
            _env_file=None, client_id=CLIENT[0], client_secret=CLIENT[1], refresh_token=REFRESH_TOKEN, tenant=TENANT,
            api_url=f"{url}/v1.0", token_url=f"{url}/{TENANT}/oauth2/v2.0/token",
        )  # fmt: skip
        api = JsonApi(session=session, base_url=settings.api_url, tokens=tokens_for(settings, session),
                      service=SERVICE, headers={"Prefer": PREFER}, limiter=limiter)  # fmt: skip
        mail = OutlookMail(Graph(api), zone=settings.work_week.zone)
        await mail.fetch_emails(FetchEmailsArgs(limit=1))  # signed in
        graph.requests.clear()
        times: list[float] = []
        failures = 0
        for _ in range(rounds):
            began = time.perf_counter()
            try:
                await mail.fetch_emails(FetchEmailsArgs(query="invoice", limit=messages))
            except Exception:  # the figure is how often it fails, not why
                failures += 1
            times.append(time.perf_counter() - began)
            graph.calm_at = 0.0
    print(
        f"{name:<22} search {statistics.median(times):6.2f} s (median of {rounds})  requests {len(graph.requests):4d}"
        f"  429s {len(graph.throttled):3d}  most in flight {graph.most_in_flight:2d}  failed searches {failures}"
    )


async def main(messages: int, latency: float, rounds: int) -> None:
    print(f"Outlook search finding {messages} messages with an attachment each; Graph answers in {latency:.2f} s")
    await one_setting("shared limiter (4)", Limiter(), messages, latency, rounds)
    await one_setting("no limiter", Limiter({}), messages, latency, rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=30)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    asyncio.run(main(options.messages, options.latency, options.rounds))
