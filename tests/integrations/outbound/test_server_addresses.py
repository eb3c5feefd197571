"""A person's IMAP, SMTP or CalDAV server may not be inside: loopback, link-local, private, IPv6 loopback, or a name
resolving to one of them is refused before any connection is made (a socket listening on 127.0.0.1 never sees
one), on every connection the connectors make; a host the operator lists gets through."""

import socket
from collections.abc import Iterator
from email.message import EmailMessage

import aiohttp
import pytest
from aiohttp import web

from integrations.base.errors import TransientError
from integrations.calendar.caldav import CalDavCalendar, CalDavSettings
from integrations.email.imap.session import imap_session
from integrations.email.imap.settings import ImapSettings, SmtpSettings
from integrations.email.imap.smtp import send, smtp_client
from integrations.outbound import AddressRefusedError, ServerPolicy, checked_session, is_internal
from tests.slack.kit.fake_web_api import serve_locally

INSIDE = ["127.0.0.1", "127.9.9.9", "169.254.169.254", "10.0.0.5", "192.168.1.10", "172.16.0.1", "100.64.0.1"]
INSIDE_V6 = ["::1", "fe80::1", "fc00::5", "::ffff:127.0.0.1", "::", "ff02::1"]
OTHER_INSIDE = ["0.0.0.0", "224.0.0.1", "240.0.0.1", "255.255.255.255", "192.0.2.1"]
OUTSIDE = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]
NOBODY = ServerPolicy()


@pytest.mark.parametrize("address", INSIDE + INSIDE_V6 + OTHER_INSIDE)
def test_inside_addresses_are_internal(address: str) -> None:
    assert is_internal(address)


@pytest.mark.parametrize("address", OUTSIDE)
def test_public_addresses_are_not(address: str) -> None:
    assert not is_internal(address)


class Listener:
    """A socket listening on 127.0.0.1 (or ::1): whether anyone connected to it."""

    def __init__(self, family: socket.AddressFamily = socket.AF_INET) -> None:
        self.sock = socket.socket(family, socket.SOCK_STREAM)
        self.sock.bind(("::1" if family == socket.AF_INET6 else "127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.setblocking(False)
        self.port = int(self.sock.getsockname()[1])

    def connections(self) -> int:
        count = 0
        while True:
            try:
                accepted, _ = self.sock.accept()
            except BlockingIOError:
                return count
            accepted.close()
            count += 1


@pytest.fixture
def listener() -> Iterator[Listener]:
    opened = Listener()
    yield opened
    opened.sock.close()


@pytest.fixture
def listener_v6() -> Iterator[Listener]:
    try:
        opened = Listener(socket.AF_INET6)
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    yield opened
    opened.sock.close()


def imap(host: str, port: int) -> ImapSettings:
    return ImapSettings.model_validate(
        {"host": host, "port": port, "security": "none", "username": "ann", "password": "pw", "timeout_seconds": 2}
    )


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "127.1", "LOCALHOST."])
async def test_imap_to_loopback_or_a_name_resolving_there_is_refused_without_connecting(
    host: str, listener: Listener
) -> None:
    with pytest.raises(AddressRefusedError):
        async with imap_session(imap(host, listener.port), NOBODY):
            pass
    assert listener.connections() == 0


async def test_imap_to_the_ipv6_loopback_is_refused_without_connecting(listener_v6: Listener) -> None:
    with pytest.raises(AddressRefusedError):
        async with imap_session(imap("::1", listener_v6.port), NOBODY):
            pass
    assert listener_v6.connections() == 0


@pytest.mark.parametrize("host", ["169.254.169.254", "10.1.2.3", "192.168.0.1", "[::1]", "0.0.0.0"])
async def test_link_local_private_and_unspecified_servers_are_refused_before_any_packet(host: str) -> None:
    with pytest.raises(AddressRefusedError):  # refused, not timed out: nothing was sent to find out
        async with imap_session(imap(host, 993), NOBODY):
            pass


async def test_smtp_to_loopback_is_refused_without_connecting(listener: Listener) -> None:
    smtp = SmtpSettings.model_validate({"host": "localhost", "port": listener.port, "security": "none"})
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.com", "bob@example.com", "hi"
    with pytest.raises(AddressRefusedError):
        await send(smtp_client(smtp, imap("localhost", 1)), message, ("bob@example.com",), NOBODY)
    assert listener.connections() == 0


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]"])
async def test_caldav_to_loopback_is_refused_without_connecting(host: str, listener: Listener) -> None:
    settings = CalDavSettings.model_validate(
        {"url": f"http://{host}:{listener.port}/dav/", "username": "ann", "password": "pw"}
    )
    calendar = CalDavCalendar.from_settings(checked_session(NOBODY, service="CalDAV"), settings, owns_session=True)
    try:
        with pytest.raises(AddressRefusedError):
            await calendar.calendar_url()
    finally:
        await calendar.aclose()
    assert listener.connections() == 0


async def test_a_redirect_from_an_allowed_server_to_an_inside_address_is_refused(listener: Listener) -> None:
    async def moved(_: web.Request) -> web.Response:
        raise web.HTTPFound(f"http://127.0.0.1:{listener.port}/inside")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", moved)
    async with serve_locally(app) as url:
        allowed = url.replace("127.0.0.1", "localhost")
        async with checked_session(ServerPolicy.allowing(["localhost"]), service="CalDAV") as session:
            with pytest.raises(AddressRefusedError):
                await session.get(allowed + "/dav/")
    assert listener.connections() == 0


async def test_the_operators_list_lets_its_hosts_through(listener: Listener) -> None:
    allowed = ServerPolicy.allowing(["127.0.0.1", "Localhost"])
    for host in ("127.0.0.1", "localhost"):
        sock = await allowed.connect(host, listener.port, timeout=5, service="imap")
        sock.close()
    assert listener.connections() == 2
    with pytest.raises(TransientError):  # reached, and it is no IMAP server: an ordinary failure
        async with imap_session(imap("127.0.0.1", listener.port), allowed):
            pass
    assert listener.connections() == 1
    async with checked_session(allowed, service="CalDAV") as session:
        with pytest.raises((aiohttp.ClientError, TimeoutError)):  # reached; it answers nothing
            await session.get(f"http://localhost:{listener.port}/", timeout=aiohttp.ClientTimeout(total=1))
    assert listener.connections() == 1
