"""What the engine reports as it works: counts and timings for metrics. No dependency: front ends plug in."""

from typing import Protocol

from planning.types import ParseResult, Plan


class Observer(Protocol):
    def count(self, name: str, **labels: str) -> None:
        """One more of ``name`` (e.g. ``plans_started``, ``steps_run``)."""
        ...

    def timing(self, name: str, seconds: float, **labels: str) -> None:
        """How long one ``name`` took (e.g. ``connector_call`` with ``tool`` and ``outcome``)."""
        ...


class NoObserver:
    def count(self, name: str, **labels: str) -> None:
        return None

    def timing(self, name: str, seconds: float, **labels: str) -> None:
        return None


class ApprovedPlans(Protocol):
    """Where plans the user approved and that ran are remembered (plan memory, few-shot examples)."""

    def remember(self, text: str, parse: ParseResult, plan: Plan, *, scope: str, requester: str = "") -> None:
        """Blocking is allowed: the engine calls it in a worker thread, and a failure is only logged. ``requester``:
        whose request it was, so that what was learned from it can be forgotten with them."""
        ...
