"""Each requester's own names (``bot.personal_names``): memory of one person's index at the listing bound, the time
to list a person's CRM over HTTP (the HubSpot stand-in), and the time ``mentions`` takes on the request path.

Run: `.venv/bin/python -m bench.personal_names [--records 200] [--rounds 5]`. Prints figures; asserts nothing.
"""

import argparse
import asyncio
import os
import statistics
import time
import tracemalloc
from datetime import UTC, datetime

import aiohttp

from bot.account_names import LIMIT, crm_names
from bot.accounts.book import Accounts
from bot.accounts.connectors import PersonalConnectors
from bot.accounts.services import Options
from bot.accounts.vault import Vault
from bot.known_names import RefreshedNames
from bot.personal_names import PEOPLE
from integrations.base import Connector
from integrations.base.principal import Principal
from planning.store.credentials import InMemoryCredentialStore
from planning.understanding.learned.gazetteer import first_names, surnames
from tests.integrations.crm.hubspot_fake import FakeHubSpot, running

KEY = "a-bench-key-of-more-than-thirty-two-characters"
_QUALIFIERS = (
    "Quarterly",
    "Weekly",
    "Accounts",
    "Pipeline",
    "Design",
    "Budget",
    "Hiring",
    "Roadmap",
    "Vendor",
    "Board",
)
_HEADS = ("review", "sync", "standup", "planning", "retro", "kickoff", "debrief", "office hours", "demo", "offsite")
REQUESTS = (
    "move the AR sync to 3pm",
    "email whitfield about the budget",
    "what's on my calendar tomorrow",
    "find the deal with initech and ping its owner",
    "cancel the QBR and tell the team",
)


def synthetic_names(records: int) -> list[tuple[str, str]]:
    """``records`` names of each kind, as a full listing gives them: people, companies, deals, events, senders."""
    firsts, lasts = sorted(first_names())[:400], sorted(surnames())[:400]
    people = [f"{firsts[i % len(firsts)].title()} {lasts[(i * 7) % len(lasts)].title()}" for i in range(records * 3)]
    companies = [f"{lasts[(i * 13) % len(lasts)].title()} {('Labs', 'Inc', 'Group')[i % 3]}" for i in range(records)]
    titles = [f"{_QUALIFIERS[i % 10]} {_HEADS[(i // 10) % 10]} {i // 100 or ''}".strip() for i in range(records)]
    return [
        *((name, "contact") for name in people[:records]),
        *((name, "lead") for name in people[records : 2 * records]),
        *((name, "sender") for name in people[2 * records :]),
        *((name, "account") for name in companies),
        *((f"{name} renewal", "deal") for name in companies),
        *((title, "event") for title in titles),
    ]


async def index_figures(records: int) -> None:
    names = synthetic_names(records)

    async def listed() -> list[tuple[str, str]]:
        return names

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    index = RefreshedNames([listed])
    started = time.perf_counter()
    await index.refresh()
    built = time.perf_counter() - started
    size = sum(stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    times = []
    for _ in range(50):
        for text in REQUESTS:
            t0 = time.perf_counter()
            index.mentions(text)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    print(f"one person's index: {len(names)} names listed ({records} of each kind)")
    print(f"  memory {size / 1024:.0f} KiB; {PEOPLE} people (the LRU bound): {size * PEOPLE / 2**20:.1f} MiB")
    print(f"  built in {built * 1000:.0f} ms (in a worker thread, off the request path)")
    print(f"  mentions(): p50 {statistics.median(times):.3f} ms, p99 {times[int(len(times) * 0.99)]:.3f} ms")


async def listing_figures(records: int, rounds: int) -> None:
    fake = FakeHubSpot(token="pat-bench")
    for i, (name, kind) in enumerate(synthetic_names(records)):
        if kind == "contact":
            first, _, last = name.partition(" ")
            fake.store.add("contacts", {"firstname": first, "lastname": last})
        elif kind == "account":
            fake.store.add("companies", {"name": name, "domain": f"c{i}.example"})
        elif kind == "deal":
            fake.store.add("deals", {"dealname": name, "amount": "1000", "dealstage": "qualifiedtobuy"})
    async with running(fake) as url, aiohttp.ClientSession() as http:
        os.environ["PLANBOT_HUBSPOT_BASE_URL"] = url
        accounts = Accounts(InMemoryCredentialStore(), Vault(KEY))
        await accounts.save(
            team="T", user="U", kind="crm", service="hubspot", label="x", credentials={"token": "pat-bench"}
        )
        personal = PersonalConnectors(accounts, http, Options())
        who = Principal("T", "U")

        async def opened() -> Connector | None:
            return await personal.connector("crm", who)

        listing = crm_names(opened, lambda: datetime.now(UTC))
        durations, listed = [], 0
        for _ in range(rounds):
            index = RefreshedNames([listing])
            requests = len(fake.requests)
            started = time.perf_counter()
            await index.refresh()
            durations.append(time.perf_counter() - started)
            listed = len(await listing())
            calls = len(fake.requests) - requests
        await personal.close()
    print(f"listing one person's CRM (HubSpot stand-in, local HTTP, {min(records, LIMIT)} of each kind at most):")
    print(f"  {listed} names in {calls} API calls; refresh {statistics.median(durations) * 1000:.0f} ms median")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=LIMIT)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    await index_figures(options.records)
    await listing_figures(options.records, options.rounds)


if __name__ == "__main__":
    asyncio.run(main())
