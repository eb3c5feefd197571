"""The narrow storage contract of the semantic index: named collections of embedded texts.

``chroma.py`` implements it on chromadb (the only module that imports chromadb); everything else in this
package is written against these types, so the example bank, tool retrieval and plan memory do not know the
vector store's API.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

Scalar = str | int | float | bool
Metadata = Mapping[str, Scalar]


@dataclass(frozen=True, slots=True)
class Match:
    """A stored text near a query; ``distance`` is the cosine distance (0 identical, 2 opposite)."""

    id: str
    document: str
    metadata: Metadata = field(hash=False)
    distance: float = 0.0


class Collection(Protocol):
    def add(self, ids: Sequence[str], documents: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        """Insert or replace these records (embedding ``documents``)."""
        ...

    def nearest(
        self,
        text: str,
        k: int,
        *,
        exclude: Metadata | None = None,
        within: Mapping[str, Sequence[Scalar]] | None = None,
    ) -> list[Match]:
        """The ``k`` records nearest ``text``, nearest first, skipping records whose metadata has any of the
        ``exclude`` key/value pairs, and keeping only records whose value for each ``within`` key is listed."""
        ...

    def remove(self, *, where: Metadata) -> None:
        """Delete the records whose metadata has all of the ``where`` key/value pairs."""
        ...

    def count(self) -> int: ...

    def everything(self) -> list[Match]:
        """Every record (distance 0), for re-embedding after a model change."""
        ...

    def stamp(self) -> Metadata:
        """The collection's own metadata (what built it)."""
        ...

    def update_stamp(self, values: Metadata) -> None:
        """Set these keys of the collection's metadata, keeping the others."""
        ...


class VectorStore(Protocol):
    def collection(self, name: str) -> Collection:
        """The collection called ``name`` (3–512 characters), created empty when absent."""
        ...

    def drop(self, name: str) -> None:
        """Delete the collection ``name`` if it exists."""
        ...


def forget_requester(collection: Collection, requester: str) -> int:
    """Delete the records of ``collection`` kept from ``requester``'s requests; how many went."""
    if not requester:
        return 0
    found = sum(1 for match in collection.everything() if match.metadata.get("requester") == requester)
    if found:
        collection.remove(where={"requester": requester})
    return found
