"""The judge the parser uses: the artefact loaded on first use, built first when it is missing.

Building the understanding service costs nothing and imports no scikit-learn; the first single-clause
request loads the model (and trains it once, a few seconds, if ``planbot train`` has not). Without the
shared training data and without an artefact, one warning is logged and the rules decide alone.
"""

import logging
from collections.abc import Sequence
from pathlib import Path

from planning.understanding.learned import artefact
from planning.understanding.learned.loaded_once import LoadedOnce, OnePerProcess
from planning.understanding.learned.policy import RulesView, Verdict, judge

logger = logging.getLogger(__name__)


class LazyJudge:
    def __init__(self, files: Sequence[Path] | None = None, folder: Path | None = None) -> None:
        self._files = files
        self._folder = folder
        self._artefact = LoadedOnce(self._open, failure="understanding uses the rules alone: %s", logger=logger)

    def judge(self, text: str, rules: RulesView) -> Verdict | None:
        loaded = self.loaded()
        if loaded is None:
            return None
        row = loaded.classifier.probabilities([text])[0]
        return judge(rules, dict(zip(loaded.classifier.classes, map(float, row), strict=True)), loaded.thresholds)

    def loaded(self) -> artefact.Artefact | None:
        return self._artefact.get()

    def _open(self) -> artefact.Artefact:
        from planning.understanding.learned import train

        folder = self._folder or artefact.default_folder()
        try:
            files = train.training_files(self._files)
        except train.NoTrainingDataError:
            found = artefact.newest(folder)
            if found is None:
                raise
            return artefact.load(found)
        path = artefact.path_for(folder, train.fingerprint(files))
        if not path.is_file():
            logger.info("training the understanding classifier (first use; `planbot train` does it ahead)")
            path = train.train(files, folder).path
        return artefact.load(path)


default_judge = OnePerProcess(LazyJudge)
"""One judge per process (the model is loaded once), on the default files and folder."""
