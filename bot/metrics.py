"""Prometheus metrics for HTTP mode: the engine's counts and timings, Slack requests and their ack latency."""

import time
from collections.abc import Awaitable, Callable

from aiohttp import web
from aiohttp.typedefs import Middleware
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Metrics:
    """One registry per app (not the process-global one), so tests and replicas stay apart."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self._events = Counter(
            "planbot_engine_events",
            "Engine events (plans started, requests...)",
            ["name", "label"],
            registry=self.registry,
        )
        self._timings = Histogram(
            "planbot_engine_seconds",
            "Engine timings (connector calls...)",
            ["name", "tool", "outcome"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.requests = Counter(
            "planbot_slack_requests", "Slack requests received", ["kind", "status"], registry=self.registry
        )
        self.ack_seconds = Histogram(
            "planbot_slack_ack_seconds",
            "Time to answer (ack) a Slack request",
            ["kind"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )

    # the engine's Observer protocol
    def count(self, name: str, **labels: str) -> None:
        self._events.labels(name=name, label=",".join(f"{k}={v}" for k, v in sorted(labels.items()))).inc()

    def timing(self, name: str, seconds: float, **labels: str) -> None:
        self._timings.labels(name=name, tool=labels.get("tool", ""), outcome=labels.get("outcome", "")).observe(seconds)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def slack_request_kind(request: web.Request, body: bytes) -> str:
    """events / command / interactivity, from the body shape (no parsing of the contents)."""
    if body.startswith(b"{"):
        return "events"
    if body.startswith(b"payload="):
        return "interactivity"
    return "command" if b"command=" in body else "other"


def metrics_middleware(metrics: Metrics, path: str) -> Middleware:
    @web.middleware
    async def measure(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path != path:
            return await handler(request)
        started = time.perf_counter()
        body = await request.read()
        response = await handler(request)
        kind = slack_request_kind(request, body)
        metrics.ack_seconds.labels(kind=kind).observe(time.perf_counter() - started)
        metrics.requests.labels(kind=kind, status=str(response.status)).inc()
        return response

    return measure


def metrics_endpoint(metrics: Metrics) -> Handler:
    async def serve(_: web.Request) -> web.Response:
        return web.Response(body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    return serve
