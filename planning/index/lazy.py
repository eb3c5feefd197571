"""An ``ExampleVoter`` that opens the semantic index on its first vote, so that building the understanding
service costs nothing and the rules-only path never imports chromadb or onnxruntime. A bank never built is built
by a process of its own first (``built_apart``), so this process only opens it.

If the index cannot be opened (the ``index`` extra or the embedding model is not installed, the Chroma
server is down), the failure is logged once and every vote is ``None``: understanding goes on with the
rules alone.
"""

import logging
import threading

from integrations.base import CATALOG
from planning.index.built_apart import build_apart
from planning.index.freed_memory import give_back
from planning.index.semantic_index import SemanticIndex
from planning.index.settings import IndexSettings
from planning.understanding.examples import Vote

logger = logging.getLogger(__name__)


class LazyExampleVoter:
    def __init__(self, settings: IndexSettings) -> None:
        self._settings = settings
        self._lock = threading.Lock()
        self._index: SemanticIndex | None = None
        self._failed = False

    def vote(self, text: str) -> Vote | None:
        index = self.index()
        return index.examples.vote(text) if index is not None else None

    def index(self) -> SemanticIndex | None:
        """The opened (and, when needed, built) index; ``None`` when it cannot be had."""
        with self._lock:
            if self._index is None and not self._failed:
                try:
                    apart = build_apart(self._settings)  # a bank never built: by a process of its own
                    index = SemanticIndex.open(self._settings)
                    report = index.ensure_built(CATALOG)
                    if apart:
                        logger.info("example bank built by a process of its own: %d examples", report.examples)
                    self._index = index
                    give_back()  # what loading the model and building the bank left freed (bench/serve_memory.py)
                except Exception:  # an index problem must not stop understanding
                    logger.exception("the semantic index is unavailable; understanding uses the rules alone")
                    self._failed = True
            return self._index
