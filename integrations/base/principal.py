"""Who a tool call acts for: one immutable principal, carried from the front end with the plan session to the
connector registry, which picks that person's account (``integrations.base.registry``)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Principal:
    """A Slack user of a workspace (``team`` empty outside Slack: the terminal chat), with their time zone and
    locale. Made once where a message comes in (the Slack listener, the terminal chat) and passed down. ``address``:
    their own email address when the front end knows it (Slack's profile, the terminal chat's workspace owner): never
    one of the people a mail to "everyone on it" goes to."""

    team: str
    user: str
    zone: str = "UTC"
    locale: str = "en"
    address: str | None = None
