"""What the engine reports as it works: counts and timings for metrics. No dependency: front ends plug in."""

from typing import Protocol


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
