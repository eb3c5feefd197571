"""The segment tagger the reply readers use: loaded on first use, trained first when it is missing (about ten
seconds; ``planbot train`` does it ahead). Without its data and without a built tagger, one warning is logged and
:func:`segment_starts` finds nothing: the reply readers then cut by punctuation alone.
"""

import logging
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from planning.understanding.learned import artefact
from planning.understanding.learned.loaded_once import LoadedOnce, OnePerProcess
from planning.understanding.learned.segments.tagger import PREFIX, SegmentTagger, Start, checked

logger = logging.getLogger(__name__)


class LazySegments:
    def __init__(self, files: Sequence[Path] | None = None, folder: Path | None = None) -> None:
        self._files = files
        self._folder = folder
        self._tagger = LoadedOnce(self._open, failure="no segment tagger: %s", logger=logger)

    def starts(self, text: str) -> tuple[Start, ...]:
        tagger = self.loaded()
        return tagger.starts(text) if tagger is not None else ()

    def loaded(self) -> SegmentTagger | None:
        return self._tagger.get()

    def _open(self) -> SegmentTagger:
        from planning.understanding.learned.segments import train as segments_train

        folder = self._folder or artefact.default_folder()
        files = segments_train.training_files(self._files)
        if not files:
            found = artefact.newest(folder, PREFIX)
            if found is None:
                raise FileNotFoundError("no labelled replies and no segment tagger built")
            return SegmentTagger(checked(artefact.load_any(found), found))
        path = artefact.path_for(folder, segments_train.fingerprint(files), PREFIX)
        if not path.is_file():
            logger.info("training the segment tagger (first use; `planbot train` does it ahead)")
            path = segments_train.train(files, folder).path
        return SegmentTagger(checked(artefact.load_any(path), path))


default_segments = OnePerProcess(LazySegments)
"""One tagger per process (loaded once), on the default files and folder."""


def segment_starts(text: str) -> tuple[Start, ...]:
    """The default tagger's starts of ``text`` (cached: a reply is cut by several readers)."""
    return _cached(text)


@lru_cache(maxsize=1024)
def _cached(text: str) -> tuple[Start, ...]:
    return default_segments().starts(text)
