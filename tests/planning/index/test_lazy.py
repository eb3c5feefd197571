from pathlib import Path

import pytest

from integrations.base import CATALOG
from planning.index import IndexSettings, LazyExampleVoter
from planning.index.semantic_index import SemanticIndex


def test_the_index_opens_on_the_first_vote_and_is_built_then(index_settings: IndexSettings):
    voter = LazyExampleVoter(index_settings)
    vote = voter.vote("put lunch with dana on my calendar")
    assert vote is not None and (vote.intent, vote.entity) == ("create", "event")
    index = voter.index()
    assert index is not None and index.tools.count() == len(CATALOG)  # the core catalog, indexed with the bank


def test_an_index_that_cannot_be_opened_means_rules_only_and_is_not_retried(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path: Path
):
    opened: list[IndexSettings] = []

    def failing_open(settings: IndexSettings, embedder: object = None) -> SemanticIndex:
        opened.append(settings)
        raise RuntimeError("the embedding model is not installed")

    monkeypatch.setattr(SemanticIndex, "open", failing_open)
    voter = LazyExampleVoter(IndexSettings(path=tmp_path))
    assert voter.vote("put lunch with dana on my calendar") is None
    assert voter.vote("book lunch with dana") is None
    assert len(opened) == 1
    assert "understanding uses the rules alone" in caplog.text
