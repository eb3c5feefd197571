"""Which addresses a person's server may have, and sockets connected only to such addresses."""

import asyncio
import ipaddress
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from integrations.base.errors import PermanentError

AddressInfo = tuple[socket.AddressFamily, socket.SocketKind, int, str, tuple[Any, ...]]


class AddressRefusedError(PermanentError):
    """The server's address (or one its name resolves to) is inside: loopback, private, link-local, ..."""

    def __init__(self, service: str) -> None:
        super().__init__(f"the {service} server's address is not one planbot may connect to", service=service)


def is_internal(address: str) -> bool:
    """Not a public unicast address: loopback, private, shared (100.64/10), link-local, multicast, unspecified,
    reserved or documentation ranges; an IPv6 address mapping or embedding an IPv4 one is judged by that one."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # a scoped IPv6 address: fe80::1%eth0
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is not None and is_internal(str(embedded)):
            return True
    return (
        not ip.is_global
        or ip.is_multicast
        or ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_unspecified
        or ip.is_reserved
    )


def normal_host(host: str) -> str:
    """``Mail.Example.COM.`` → ``mail.example.com``; ``[::1]`` → ``::1``."""
    return host.strip().strip("[]").rstrip(".").lower()


@dataclass(frozen=True)
class ServerPolicy:
    """``allowed_hosts``: host names or addresses (as typed in the server URL) that may be internal: the
    operator's own servers (``PLANBOT_ALLOWED_SERVER_HOSTS``)."""

    allowed_hosts: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def allowing(cls, hosts: Iterable[str]) -> "ServerPolicy":
        return cls(frozenset(normal_host(host) for host in hosts if host.strip()))

    def allows(self, host: str) -> bool:
        return normal_host(host) in self.allowed_hosts

    def check(self, host: str, addresses: Iterable[str], *, service: str) -> None:
        """Raise ``AddressRefusedError`` when ``host`` is not allowed and any of its ``addresses`` is internal."""
        if not self.allows(host) and any(is_internal(address) for address in addresses):
            raise AddressRefusedError(service)

    async def addresses(self, host: str, port: int, *, service: str) -> Sequence[AddressInfo]:
        """What ``host`` resolves to now, every address checked (``OSError`` when it does not resolve)."""
        host = normal_host(host)
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        self.check(host, (str(info[4][0]) for info in found), service=service)
        return found

    async def connect(self, host: str, port: int, *, timeout: float, service: str) -> socket.socket:
        """A non-blocking socket connected to one of ``host``'s checked addresses (tried in order)."""
        loop = asyncio.get_running_loop()
        failure: OSError = OSError(f"{host} has no address")
        async with asyncio.timeout(timeout):
            for family, kind, proto, _name, address in await self.addresses(host, port, service=service):
                sock = socket.socket(family, kind, proto)
                sock.setblocking(False)
                try:
                    await loop.sock_connect(sock, address)
                except OSError as error:
                    sock.close()
                    failure = error
                    continue
                except BaseException:
                    sock.close()
                    raise
                return sock
        raise failure
