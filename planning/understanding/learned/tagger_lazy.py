"""The slot tagger the understanding uses: loaded on first use, trained first when it is missing.

Without the shared training data and without a built tagger, one warning is logged and ``read`` finds no
spans (the understanding then reads no people, titles or places it would need the tagger for).
"""

import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from planning.understanding.learned import artefact, data
from planning.understanding.learned.loaded_once import LoadedOnce, OnePerProcess
from planning.understanding.learned.tagger import PREFIX, SlotSpan, SlotTagger, TaggerArtefact

logger = logging.getLogger(__name__)


class LazyTagger:
    def __init__(self, files: Sequence[Path] | None = None, folder: Path | None = None) -> None:
        self._files = files
        self._folder = folder
        self._tagger = LoadedOnce(lambda: SlotTagger(self._open()), failure="no slot tagger: %s", logger=logger)

    def read(self, text: str, known: Mapping[str, str] | None = None) -> tuple[SlotSpan, ...]:
        tagger = self.loaded()
        return tagger.read(text, known) if tagger is not None else ()

    def loaded(self) -> SlotTagger | None:
        return self._tagger.get()

    def _open(self) -> TaggerArtefact:
        from planning.understanding.learned import tagger_train

        folder = self._folder or artefact.default_folder()
        files = tagger_train.training_files(self._files)
        if (self._files is None and data.SHARED_FILE not in files) or not files:
            found = artefact.newest(folder, PREFIX)  # without the shared data: the tagger built before, if any
            if found is not None:
                return _checked(artefact.load_any(found), found)
            if not files:
                raise tagger_train.data_missing()
        path = artefact.path_for(folder, tagger_train.fingerprint(files), PREFIX)
        if not path.is_file():
            logger.info("training the slot tagger (first use; `planbot train` does it ahead)")
            path = tagger_train.train(files, folder).path
        return _checked(artefact.load_any(path), path)


def _checked(loaded: object, path: Path) -> TaggerArtefact:
    if not isinstance(loaded, TaggerArtefact):
        raise ValueError(f"{path} is not a slot tagger")
    return loaded


default_tagger = OnePerProcess(LazyTagger)
"""One tagger per process (the model is loaded once), on the default files and folder."""


# The names the requester's own data holds, for the parse under way (set by the parser around one parse).
_known: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("known_names", default=())


@contextmanager
def knowing(known: Mapping[str, str]) -> Iterator[None]:
    """Within the block, :func:`tagged` reads with ``known`` (lower-case name → person, company or event)."""
    token = _known.set(tuple(sorted(known.items())))
    try:
        yield
    finally:
        _known.reset(token)


def tagged(text: str) -> tuple[SlotSpan, ...]:
    """The default tagger's spans of ``text`` with the names known to the parse under way (cached: the same
    clause is asked about by several readers)."""
    return _tagged(text, _known.get())


@lru_cache(maxsize=1024)
def _tagged(text: str, known: tuple[tuple[str, str], ...]) -> tuple[SlotSpan, ...]:
    return default_tagger().read(text, dict(known) if known else None)


def first_names() -> Mapping[str, str]:
    """The first names the default tagger was built with (lower case → rank bucket); none without a tagger."""
    tagger = default_tagger().loaded()
    return tagger.artefact.first_names if tagger is not None else {}
