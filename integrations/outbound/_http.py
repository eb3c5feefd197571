"""An aiohttp session for people's own HTTP servers (CalDAV): its resolver checks every name it resolves, a client
middleware checks a literal address (aiohttp does not resolve those), redirects included."""

import ipaddress
import socket

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver

from integrations.outbound._addresses import ServerPolicy


class _CheckedResolver(AbstractResolver):
    def __init__(self, policy: ServerPolicy, service: str) -> None:
        self._policy = policy
        self._service = service
        self._inner = DefaultResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._inner.resolve(host, port, family)
        self._policy.check(host, (str(result["host"]) for result in found), service=self._service)
        return found

    async def close(self) -> None:
        await self._inner.close()


def _literal_check(policy: ServerPolicy, service: str) -> aiohttp.ClientMiddlewareType:
    async def check(request: aiohttp.ClientRequest, handler: aiohttp.ClientHandlerType) -> aiohttp.ClientResponse:
        host = request.url.host or ""
        try:
            ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
        except ValueError:
            return await handler(request)  # a name: the resolver checks what it resolves to
        policy.check(host, [host.strip("[]")], service=service)
        return await handler(request)

    return check


def checked_session(policy: ServerPolicy, *, service: str) -> aiohttp.ClientSession:
    """A session of its own (close it): the process's shared one keeps serving the operator's servers and APIs."""
    connector = aiohttp.TCPConnector(resolver=_CheckedResolver(policy, service))
    return aiohttp.ClientSession(connector=connector, middlewares=(_literal_check(policy, service),))
