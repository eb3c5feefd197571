"""How to open the semantic index: where it lives, what seeds the example bank, how the vote works.

A plain value: the composition root fills it from the application settings (nothing here reads the
environment).
"""

from dataclasses import dataclass, field
from pathlib import Path

from planning.index.example_bank import VotePolicy


def default_example_files() -> tuple[Path, ...]:
    """The understanding's training files (HWU64's training data and the project's own labelled files): never an
    evaluation set, so that no figure measured on ``../shared/eval``'s devel or paraphrase sets was learned from
    them. ``planbot index build FILES`` seeds the bank from other files on purpose."""
    from planning.understanding.learned.data import default_files

    return default_files()


@dataclass(frozen=True, slots=True)
class IndexSettings:
    path: Path | None = None  # the embedded store's folder (``PLANBOT_DATA_DIR/index``)
    url: str | None = None  # a Chroma server instead, e.g. ``http://chroma:8000``
    prefix: str = "planbot"  # collection names: ``<prefix>-examples``, ``-tools``, ``-plans``
    example_files: tuple[Path, ...] = field(default_factory=default_example_files)
    threads: int = 1  # onnxruntime threads per embedding call (2 is ~1.7x faster on an idle 2-core machine)
    policy: VotePolicy = field(default_factory=VotePolicy)

    @classmethod
    def in_data_dir(cls, data_dir: Path, *, url: str | None = None) -> "IndexSettings":
        return cls(path=data_dir / "index", url=url)

    def collection_name(self, part: str) -> str:
        name = f"{self.prefix}-{part}"
        if not 3 <= len(name) <= 512:
            raise ValueError(f"collection name {name!r} must have 3 to 512 characters")
        return name
