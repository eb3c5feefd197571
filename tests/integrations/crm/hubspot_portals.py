"""HubSpot's one API host for several HubSpot accounts: each request goes to the account (a ``FakeHubSpot``, served on
its own port) whose tokens hold the request's bearer token, as api.hubapi.com serves every portal by its token. A
token no account knows gets HubSpot's 401."""

from collections.abc import AsyncIterator, Mapping
from contextlib import AsyncExitStack, asynccontextmanager

import aiohttp
from aiohttp import web

from tests.integrations.crm.hubspot_fake import FakeHubSpot, error, running
from tests.slack.kit.fake_web_api import serve_locally


@asynccontextmanager
async def portals(accounts: Mapping[str, FakeHubSpot]) -> AsyncIterator[str]:
    """Serves every account of ``accounts`` behind one URL (yielded) until the block ends."""
    async with AsyncExitStack() as stack:
        urls = {name: await stack.enter_async_context(running(fake)) for name, fake in accounts.items()}
        http = await stack.enter_async_context(aiohttp.ClientSession())

        async def forward(request: web.Request) -> web.StreamResponse:
            token = request.headers.get("Authorization", "").removeprefix("Bearer ")
            found = next((name for name, fake in accounts.items() if token and token in fake.tokens), None)
            if found is None:
                return error(401, "INVALID_AUTHENTICATION", "Authentication credentials not found.")
            body = await request.read()
            headers = {k: v for k, v in request.headers.items() if k.lower() in ("authorization", "content-type")}
            url = f"{urls[found]}{request.rel_url}"
            async with http.request(request.method, url, data=body or None, headers=headers) as answer:
                return web.Response(
                    status=answer.status, body=await answer.read(), content_type=answer.content_type or None
                )

        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", forward)
        yield await stack.enter_async_context(serve_locally(app))
