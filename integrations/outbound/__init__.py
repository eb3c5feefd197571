"""Connections to servers a person typed (their IMAP, SMTP and CalDAV addresses), checked after DNS.

A person's server may not be, or resolve to, a loopback, link-local, private, shared, multicast, unspecified or
reserved address, unless the operator lists its host in ``ServerPolicy.allowed_hosts``: the check runs on every
connection, on the addresses the name resolves to at that moment, and the connection goes to the address checked
(so a name that resolves inside, or that changes its answer between two lookups, gets nowhere). A refusal is
``AddressRefusedError`` (a ``PermanentError``), raised before any packet leaves for the address.

    ServerPolicy.connect(host, port)   a connected socket to a checked address (IMAP and SMTP clients take it)
    checked_session(policy)            an aiohttp session whose resolver checks names, and a middleware literals
"""

from integrations.outbound._addresses import AddressRefusedError, ServerPolicy, is_internal
from integrations.outbound._http import checked_session

__all__ = ["AddressRefusedError", "ServerPolicy", "checked_session", "is_internal"]
