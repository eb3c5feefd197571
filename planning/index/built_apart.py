"""The example bank built by a process of its own, so that the serving process never holds what building it takes.

Building the bank embeds ~10,000 texts: ~100 MB of temporary arrays, token lists and store buffers. Freed in the
process that built them, much of it stays resident for good: the allocator's pages are interleaved with what the
requests arriving meanwhile allocated (``malloc_trim`` gives back only whole free pages), so the serving process
kept 30 to 60 MiB more than with a bank built before the start, by chance of that interleaving
(``bench/serve_memory.py``). Built by a child process that exits, all of it goes back to the system; the serving
process only opens the built bank.

Only a bank never built is built apart: an embedded store whose folder holds no store yet. A bank to build again
(its files changed) or one on a Chroma server is built where it is opened, as before; so is one whose child failed.
"""

import logging
import os
import pickle
import subprocess
import sys
from pathlib import Path

from planning.index.settings import IndexSettings

logger = logging.getLogger(__name__)
STORE_FILE = "chroma.sqlite3"  # what an embedded store's folder holds once made (chromadb's own file name)


def never_built(settings: IndexSettings) -> bool:
    """Whether ``settings`` name an embedded store that does not exist yet (so nobody has it open)."""
    return settings.url is None and settings.path is not None and not (Path(settings.path) / STORE_FILE).exists()


def build_apart(settings: IndexSettings) -> bool:
    """Build the bank of ``settings`` (and index the catalog's tools) in a child process when it was never built;
    whether it was built there. The child is a fresh interpreter with this process's import path (not
    ``multiprocessing``, which would run this process's main script again), given ``settings`` on its standard input
    (``built_from_input``); it is waited for."""
    if not never_built(settings):
        return False
    path = os.pathsep.join(entry for entry in sys.path if entry)
    child = subprocess.run(
        [sys.executable, "-c", f"from {__name__} import built_from_input; built_from_input()"],
        input=pickle.dumps(settings),
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )
    if child.returncode != 0:
        logger.warning("building the example bank apart failed (exit %s); it is built here", child.returncode)
        return False
    return True


def built_from_input() -> None:
    """The child's work: build the bank of the settings the parent wrote on standard input (pickled by it)."""
    from integrations.base import CATALOG
    from planning.index.semantic_index import SemanticIndex

    settings = pickle.loads(sys.stdin.buffer.read())
    if not isinstance(settings, IndexSettings):
        raise SystemExit("expected the index settings on standard input")
    SemanticIndex.open(settings).ensure_built(CATALOG)
