"""How to open the semantic index: where it lives, what seeds the example bank, how the vote works.

A plain value: the composition root fills it from the application settings (nothing here reads the
environment).
"""

from dataclasses import dataclass, field
from pathlib import Path

from planning.index.example_bank import VotePolicy

# The labelled sets next to the repository (``../shared/eval``) when they are there.
_SHARED_EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"
DEFAULT_EXAMPLE_NAMES = ("paraphrases.jsonl", "slurp_devel.jsonl")


def default_example_files() -> tuple[Path, ...]:
    """The paraphrase set and the SLURP devel set of ``../shared/eval``, those of them that exist."""
    return tuple(path for name in DEFAULT_EXAMPLE_NAMES if (path := _SHARED_EVAL / name).is_file())


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
