"""The trained artefact: the fitted classifier, the policy's thresholds and what they were made from.

Saved with pickle next to the interpreter (``<venv>/share/planbot``, or the user cache folder when that is
not writable), never committed: ``planbot train`` rebuilds it from the training files and a seed. The file
name carries the fingerprint of the files, the seed, the library versions and the code that makes examples and
features (:mod:`~planning.understanding.learned.code_files`), so a change of any of them means a rebuild; an
artefact is only ever loaded from the folder this process (or ``planbot train``) wrote.
"""

import os
import pickle
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_cache_dir

from planning.understanding.learned.policy import Thresholds

PREFIX = "understanding-"
SUFFIX = ".pkl"


@dataclass(frozen=True, slots=True)
class Artefact:
    classifier: Any  # model.TextClassifier
    thresholds: Thresholds
    fingerprint: str
    figures: dict[str, float] = field(default_factory=dict)  # cross-validation figures, when tuned


def default_folder() -> Path:
    venv = Path(sys.prefix) / "share" / "planbot"
    if os.access(sys.prefix, os.W_OK) or venv.is_dir():
        return venv
    return Path(user_cache_dir("planbot", appauthor=False))


def path_for(folder: Path, fingerprint: str, prefix: str = PREFIX) -> Path:
    return folder / f"{prefix}{fingerprint}{SUFFIX}"


def newest(folder: Path, prefix: str = PREFIX) -> Path | None:
    found = sorted(folder.glob(f"{prefix}*{SUFFIX}"), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


KEEP = 12  # artefacts kept in a folder: checkouts sharing one virtual environment do not delete each other's


def save(artefact: Any, folder: Path, prefix: str = PREFIX) -> Path:
    """Write atomically (a reader never sees half a file) and remove the folder's artefacts of ``prefix`` (an
    :class:`Artefact`, or the slot tagger's with its own prefix) older than the :data:`KEEP` newest."""
    folder.mkdir(parents=True, exist_ok=True)
    target = path_for(folder, artefact.fingerprint, prefix)
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".tmp-", delete=False) as handle:
        pickle.dump(artefact, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(handle.name, target)
    found = sorted(folder.glob(f"{prefix}*{SUFFIX}"), key=lambda p: (p == target, p.stat().st_mtime))
    for old in found[:-KEEP]:
        old.unlink(missing_ok=True)
    return target


def load(path: Path) -> Artefact:
    artefact = load_any(path)
    if not isinstance(artefact, Artefact):
        raise ValueError(f"{path} is not an understanding artefact")
    return artefact


def load_any(path: Path) -> object:
    with path.open("rb") as handle:
        return pickle.load(handle)  # our own file, written by save()
