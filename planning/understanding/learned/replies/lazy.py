"""The reply-act classifier the reply reader uses: loaded on first use, trained first when it is missing (a few
seconds; ``planbot train`` does it ahead). Without its data and without a built model, one warning is logged and
``read`` gives nothing: the reply readers then read alone.
"""

import logging
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from planning.understanding.learned import artefact
from planning.understanding.learned.loaded_once import LoadedOnce, OnePerProcess
from planning.understanding.learned.replies.acts import PREFIX, ReplyActs, checked

logger = logging.getLogger(__name__)


class LazyReplyActs:
    def __init__(self, files: Sequence[Path] | None = None, folder: Path | None = None) -> None:
        self._files = files
        self._folder = folder
        self._model = LoadedOnce(self._open, failure="no reply-act classifier: %s", logger=logger)

    def read(self, segment: str, kind: str, asked: str = "none") -> dict[str, float]:
        """Each act's probability for ``segment`` of a reply to a question of ``kind``; empty without a model."""
        model = self.loaded()
        return model.read(segment, kind, asked) if model is not None else {}

    def loaded(self) -> ReplyActs | None:
        return self._model.get()

    def _open(self) -> ReplyActs:
        from planning.understanding.learned.replies import train as reply_acts_train

        folder = self._folder or artefact.default_folder()
        files = reply_acts_train.training_files(self._files)
        if not files:
            found = artefact.newest(folder, PREFIX)
            if found is None:
                raise FileNotFoundError("no labelled replies and no reply-act classifier built")
            return ReplyActs(checked(artefact.load_any(found), found))
        path = artefact.path_for(folder, reply_acts_train.fingerprint(files), PREFIX)
        if not path.is_file():
            logger.info("training the reply-act classifier (first use; `planbot train` does it ahead)")
            path = reply_acts_train.train(files, folder).path
        return ReplyActs(checked(artefact.load_any(path), path))


default_reply_acts = OnePerProcess(LazyReplyActs)
"""One classifier per process (loaded once), on the default files and folder."""


def act_probabilities(segment: str, kind: str, asked: str = "none") -> dict[str, float]:
    """The default classifier's reading of ``segment`` (cached: a reply's clauses are asked about more than once)."""
    return dict(_cached(segment, kind, asked))


@lru_cache(maxsize=1024)
def _cached(segment: str, kind: str, asked: str) -> tuple[tuple[str, float], ...]:
    return tuple(default_reply_acts().read(segment, kind, asked).items())
