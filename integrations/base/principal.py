"""Who a tool call acts for: one immutable principal, carried from the front end with the plan session to the
connector registry, which picks that person's account (``integrations.base.registry``)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Principal:
    """A Slack user of a workspace (``team`` empty outside Slack: the terminal chat), with their time zone and
    locale. Made once where a message comes in (the Slack listener, the terminal chat) and passed down."""

    team: str
    user: str
    zone: str = "UTC"
    locale: str = "en"
