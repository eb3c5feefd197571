import logging
import threading

import pytest

from planning.understanding.learned.loaded_once import LoadedOnce, OnePerProcess

logger = logging.getLogger("tests.loaded_once")


def test_model_is_loaded_on_first_use_and_only_once() -> None:
    loads: list[int] = []

    def load() -> str:
        loads.append(1)
        return "model"

    once = LoadedOnce(load, failure="no model: %s", logger=logger)
    assert loads == []
    assert once.get() == "model"
    assert once.get() == "model"
    assert loads == [1]


def test_model_that_cannot_load_is_warned_once_and_not_tried_again(caplog: pytest.LogCaptureFixture) -> None:
    tries: list[int] = []

    def load() -> str:
        tries.append(1)
        raise FileNotFoundError("no training data")

    once = LoadedOnce(load, failure="no model: %s", logger=logger)
    with caplog.at_level(logging.WARNING, logger="tests.loaded_once"):
        assert once.get() is None
        assert once.get() is None
    assert tries == [1]
    assert [record.getMessage() for record in caplog.records] == ["no model: no training data"]


def test_one_holder_per_process_even_when_threads_race() -> None:
    shared = OnePerProcess(object)
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(shared())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(holder) for holder in seen}) == 1
