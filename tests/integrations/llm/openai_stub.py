"""A local OpenAI-compatible server (aiohttp) answering ``POST /v1/chat/completions`` from a script.

The real ``langchain-openai`` client talks HTTP to it, so the request it sends (messages, tools,
temperature) and the way it parses the answer are exercised without any hosted model.
"""

import asyncio
import contextlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

_ids = itertools.count(1)


@dataclass(frozen=True)
class Reply:
    """An HTTP answer: ``body`` as JSON with ``status``, after ``delay`` seconds."""

    body: dict[str, Any]
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def completion(message: dict[str, Any], finish_reason: str = "stop") -> Reply:
    return Reply(
        {
            "id": f"chatcmpl-{next(_ids)}",
            "object": "chat.completion",
            "created": 1_772_000_000,
            "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }
    )


def tool_call(name: str, arguments: dict[str, Any] | str) -> Reply:
    """The model calls ``name``; ``arguments`` as a dict (sent as JSON text) or raw text (maybe not JSON)."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    call = {"id": f"call_{next(_ids)}", "type": "function", "function": {"name": name, "arguments": text}}
    return completion({"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls")


def text(content: str) -> Reply:
    return completion({"role": "assistant", "content": content})


def error(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    body = {"error": {"message": message, "type": "error", "param": None, "code": None}}
    return Reply(body, status=status, headers=headers or {})


class OpenAIStub:
    """``async with OpenAIStub(*replies) as stub:`` then ``ChatOpenAI(base_url=stub.base_url, api_key="test")``."""

    def __init__(self, *replies: Reply) -> None:
        self.script = list(replies)
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._runner: web.AppRunner | None = None
        self._closing = asyncio.Event()
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def __aenter__(self) -> "OpenAIStub":
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._completions)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1] if isinstance(site._server, asyncio.Server) else 0
        assert self.port, "the stub server did not start"
        return self

    async def __aexit__(self, *_: object) -> None:
        self._closing.set()  # a delayed answer stops waiting, so that shutting down is quick
        if self._runner is not None:
            await self._runner.cleanup()

    async def _completions(self, request: web.Request) -> web.Response:
        self.requests.append(await request.json())
        self.headers.append(dict(request.headers))
        if not self.script:
            return web.json_response({"error": {"message": "nothing scripted"}}, status=500)
        reply = self.script.pop(0)
        if reply.delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), reply.delay)
        return web.json_response(reply.body, status=reply.status, headers=reply.headers)
