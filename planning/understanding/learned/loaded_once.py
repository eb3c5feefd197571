"""A model loaded on first use, once per holder: the one lazy-loading mechanism of the judge and the slot tagger.

A model that cannot be loaded (no training data, a broken artefact) is warned about once and not tried again: the
understanding goes on without it.
"""

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Model = TypeVar("Model")


class LoadedOnce(Generic[Model]):
    """``load`` called on the first ``get``, under a lock; its failure logged as ``failure`` (with one ``%s``, the
    error) on ``logger``, and ``None`` from then on."""

    def __init__(self, load: Callable[[], Model], *, failure: str, logger: logging.Logger) -> None:
        self._load = load
        self._failure = failure
        self._logger = logger
        self._lock = threading.Lock()
        self._model: Model | None = None
        self._failed = False

    def get(self) -> Model | None:
        with self._lock:
            if self._model is None and not self._failed:
                try:
                    self._model = self._load()
                except Exception as error:  # a missing or broken model must not stop understanding
                    self._logger.warning(self._failure, error)
                    self._failed = True
            return self._model


class OnePerProcess(Generic[Model]):
    """The holder built by ``make`` on first use and shared by the whole process (its model is loaded once)."""

    def __init__(self, make: Callable[[], Model]) -> None:
        self._make = make
        self._lock = threading.Lock()
        self._made: Model | None = None

    def __call__(self) -> Model:
        with self._lock:
            if self._made is None:
                self._made = self._make()
            return self._made
