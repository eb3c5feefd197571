"""The semantic index on chromadb: the one module of planbot that imports it.

An embedded ``PersistentClient`` in a folder by default, or an ``HttpClient`` to a Chroma server (several
bot replicas sharing one index). Collections use cosine distance and planbot's offline embedding function
(registered with chromadb under ``planbot-minilm-int8``), never chromadb's default one, which downloads a
model at run time.
"""

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import chromadb
from chromadb.api import ClientAPI
from chromadb.api.collection_configuration import CreateCollectionConfiguration, CreateHNSWConfiguration
from chromadb.api.models.Collection import Collection as ChromaCollection
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings
from chromadb.config import Settings as ChromaSettings
from chromadb.utils.embedding_functions import register_embedding_function

from planning.index.embedding import MiniLmEmbedder
from planning.index.model_files import MODEL_ID
from planning.index.store import Match, Metadata, Scalar

SPACE: Final = "cosine"
BATCH = 1000  # records per upsert, well below chromadb's maximum batch size


@register_embedding_function
class OfflineEmbeddingFunction(EmbeddingFunction[Documents]):
    """chromadb's view of :class:`MiniLmEmbedder`. The model loads on the first call (chromadb builds throwaway
    instances from the stored configuration to compare them), and nothing is ever downloaded."""

    def __init__(self, embedder: MiniLmEmbedder | None = None) -> None:
        self._embedder = embedder

    def __call__(self, input: Documents) -> Embeddings:  # chromadb names the parameter ``input``
        if self._embedder is None:
            self._embedder = MiniLmEmbedder()
        return list(self._embedder.embed(list(input)))

    @staticmethod
    def name() -> str:
        return "planbot-minilm-int8"

    def default_space(self) -> Any:
        return SPACE

    def supported_spaces(self) -> Any:
        return [SPACE]

    def get_config(self) -> dict[str, Any]:
        return {"model": MODEL_ID}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "OfflineEmbeddingFunction":
        return OfflineEmbeddingFunction()


def open_client(*, path: Path | None = None, url: str | None = None) -> ClientAPI:
    """A Chroma server at ``url`` when given, else an embedded store in the folder ``path``."""
    settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if url:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not a Chroma server URL: {url!r} (expected http(s)://host:port)")
        ssl = parts.scheme == "https"
        port = parts.port or (443 if ssl else 8000)
        return chromadb.HttpClient(host=parts.hostname, port=port, ssl=ssl, settings=settings)
    if path is None:
        raise ValueError("give the index folder or a Chroma server URL")
    path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=settings)


class ChromaStore:
    """:class:`planning.index.store.VectorStore` on a chromadb client."""

    def __init__(self, client: ClientAPI, embedder: MiniLmEmbedder) -> None:
        self._client = client
        self._function = OfflineEmbeddingFunction(embedder)

    def collection(self, name: str) -> "ChromaCollectionAdapter":
        collection = self._client.get_or_create_collection(
            name,
            embedding_function=self._function,  # type: ignore[arg-type]  # a text-only function; chromadb's is generic
            configuration=CreateCollectionConfiguration(hnsw=CreateHNSWConfiguration(space=SPACE)),
        )
        return ChromaCollectionAdapter(collection)

    def drop(self, name: str) -> None:
        if any(existing.name == name for existing in self._client.list_collections()):
            self._client.delete_collection(name)


class ChromaCollectionAdapter:
    """:class:`planning.index.store.Collection` on one chromadb collection."""

    def __init__(self, collection: ChromaCollection) -> None:
        self._collection = collection

    def add(self, ids: Sequence[str], documents: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        for start in range(0, len(ids), BATCH):
            end = start + BATCH
            self._collection.upsert(
                ids=list(ids[start:end]),
                documents=list(documents[start:end]),
                metadatas=[dict(m) for m in metadatas[start:end]],
            )

    def nearest(
        self,
        text: str,
        k: int,
        *,
        exclude: Metadata | None = None,
        within: Mapping[str, Sequence[Scalar]] | None = None,
    ) -> list[Match]:
        conditions: list[dict[str, Any]] = [{key: {"$ne": value}} for key, value in (exclude or {}).items()]
        conditions += [{key: {"$in": list(values)}} for key, values in (within or {}).items()]
        where = _all_of(conditions)
        result = self._collection.query(
            query_texts=[text],
            n_results=k,
            where=where,
            include=["documents", "metadatas", "distances"],
        )
        ids = result["ids"][0]
        documents = (result["documents"] or [[]])[0]
        metadatas = (result["metadatas"] or [[]])[0]
        distances = (result["distances"] or [[]])[0]
        return [
            Match(id_, doc, _plain(meta), float(dist))
            for id_, doc, meta, dist in zip(ids, documents, metadatas, distances, strict=True)
        ]

    def remove(self, *, where: Metadata) -> None:
        condition = _all_of([{key: value} for key, value in where.items()])
        self._collection.delete(where=condition)

    def count(self) -> int:
        return self._collection.count()

    def everything(self) -> list[Match]:
        result = self._collection.get(include=["documents", "metadatas"])
        documents = result["documents"] or []
        metadatas = result["metadatas"] or []
        return [
            Match(id_, doc, _plain(meta)) for id_, doc, meta in zip(result["ids"], documents, metadatas, strict=True)
        ]

    def stamp(self) -> Metadata:
        return _plain(self._collection.metadata)

    def update_stamp(self, values: Metadata) -> None:
        self._collection.modify(metadata={**self.stamp(), **values})


def _all_of(conditions: list[dict[str, Any]]) -> dict[str, Any] | None:
    if not conditions:
        return None
    return conditions[0] if len(conditions) == 1 else {"$and": conditions}


def _plain(metadata: Mapping[str, Any] | None) -> dict[str, str | int | float | bool]:
    return {key: value for key, value in (metadata or {}).items() if isinstance(value, str | int | float | bool)}
