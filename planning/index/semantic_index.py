"""The semantic index as one object: example bank, tool retrieval and plan memory on one vector store.

``SemanticIndex.open`` is where chromadb and the embedding model are loaded (both lazily imported here, so
importing this module costs nothing). The example bank is built once and cached in the store, stamped with
the files it was built from and their fingerprint: ``ensure_built`` builds it when it was never built, or
when the settings' files changed since; a bank built by ``rebuild`` from other files
(``planbot index build FILES``) is kept. A change of embedding model re-embeds every stored text. Examples
from approved plans and the plan memory survive rebuilds.
"""

import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from integrations.base import ToolSpec
from planning.index.example_bank import ExampleBank
from planning.index.plan_memory import DEFAULT_SCOPE, PlanMemory
from planning.index.settings import IndexSettings
from planning.index.sources import fingerprint, read_examples
from planning.index.store import Collection, VectorStore
from planning.index.tool_index import ToolIndex
from planning.types import ParseResult

if TYPE_CHECKING:
    from planning.index.embedding import MiniLmEmbedder

logger = logging.getLogger(__name__)
MODEL = "model"
SEED = "seed"
SEED_FILES = "seed_files"


@dataclass(frozen=True, slots=True)
class BuildReport:
    examples: int
    tools: int
    seconds: float
    rebuilt: bool


class SemanticIndex:
    def __init__(self, store: VectorStore, settings: IndexSettings, model_id: str) -> None:
        self._settings = settings
        self._model_id = model_id
        collections = {
            part: store.collection(settings.collection_name(part)) for part in ("examples", "tools", "plans")
        }
        for collection in collections.values():
            _follow_model(collection, model_id)
        self._examples_collection = collections["examples"]
        self.examples = ExampleBank(collections["examples"], settings.policy)
        self.tools = ToolIndex(collections["tools"])
        self.plans = PlanMemory(collections["plans"])

    @classmethod
    def open(cls, settings: IndexSettings, embedder: "MiniLmEmbedder | None" = None) -> "SemanticIndex":
        """Connect (an embedded folder or a Chroma server) and load the embedding model (unless one is
        given); builds nothing."""
        from planning.index.chroma import ChromaStore, open_client
        from planning.index.embedding import MiniLmEmbedder

        embedder = embedder or MiniLmEmbedder(threads=settings.threads)
        store = ChromaStore(open_client(path=settings.path, url=settings.url), embedder)
        return cls(store, settings, embedder.model_id)

    def ensure_built(self, tools: Iterable[ToolSpec] = ()) -> BuildReport:
        """Build the example bank from the settings' files unless it is built already (see the module)."""
        stamp = self._examples_collection.stamp()
        files = self._settings.example_files
        stale = SEED not in stamp or (
            stamp.get(SEED_FILES) == _names(files) and stamp.get(SEED) != fingerprint(files, self._model_id)
        )
        return self._build(files, tools, force=stale)

    def rebuild(self, files: Iterable[Path] | None = None, tools: Iterable[ToolSpec] = ()) -> BuildReport:
        """Replace the seed examples with those of ``files`` (the settings' files by default) and re-index
        ``tools``; approved examples and plan memory stay."""
        chosen = self._settings.example_files if files is None else tuple(files)
        return self._build(chosen, tools, force=True)

    def remember_approved(
        self,
        text: str,
        parse: ParseResult,
        plan_json: str | Mapping[str, Any],
        *,
        scope: str = DEFAULT_SCOPE,
        requester: str = "",
    ) -> None:
        """A user approved this plan for ``text`` (asked by ``requester``): keep it as a few-shot example (within
        ``scope``, e.g. the Slack team) and, for a request of one goal, as a labelled example for understanding."""
        self.plans.add(text, plan_json, scope=scope, requester=requester)
        goals = parse.meta.goals
        if len(goals) == 1:
            self.examples.add_approved(text, goals[0].intent, goals[0].entity, requester=requester)

    def forget(self, requester: str) -> int:
        """Delete what was remembered from ``requester``'s requests (plans and examples); how many records went."""
        return self.plans.forget(requester) + self.examples.forget(requester)

    def _build(self, files: Iterable[Path], tools: Iterable[ToolSpec], *, force: bool) -> BuildReport:
        started = time.perf_counter()
        paths = tuple(files)
        if force:
            examples = [example for path in paths for example in read_examples(path)]
            self.examples.replace_seed(examples)
            stamp = {SEED: fingerprint(paths, self._model_id), SEED_FILES: _names(paths)}
            self._examples_collection.update_stamp(stamp)
            logger.info("example bank built: %d examples from %d files", len(examples), len(paths))
        tool_list = list(tools)
        if tool_list:
            self.tools.sync(tool_list)
        return BuildReport(self.examples.count(), self.tools.count(), time.perf_counter() - started, force)


def _names(paths: Iterable[Path]) -> str:
    return ",".join(sorted(path.name for path in paths))


def _follow_model(collection: Collection, model_id: str) -> None:
    """Texts embedded by another model are embedded again (same ids, same metadata)."""
    if collection.stamp().get(MODEL) == model_id:
        return
    stored = collection.everything()
    if stored:
        logger.info("re-embedding %d texts for the model %s", len(stored), model_id)
        collection.add([m.id for m in stored], [m.document for m in stored], [m.metadata for m in stored])
    collection.update_stamp({MODEL: model_id})
