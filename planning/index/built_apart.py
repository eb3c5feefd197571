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
import multiprocessing
from pathlib import Path

from planning.index.settings import IndexSettings

logger = logging.getLogger(__name__)
STORE_FILE = "chroma.sqlite3"  # what an embedded store's folder holds once made (chromadb's own file name)


def never_built(settings: IndexSettings) -> bool:
    """Whether ``settings`` name an embedded store that does not exist yet (so nobody has it open)."""
    return settings.url is None and settings.path is not None and not (Path(settings.path) / STORE_FILE).exists()


def build_apart(settings: IndexSettings) -> bool:
    """Build the bank of ``settings`` (and index the catalog's tools) in a child process when it was never built;
    whether it was built there. The child is started fresh (``spawn``: nothing of this process is copied) and
    waited for."""
    if not never_built(settings):
        return False
    child = multiprocessing.get_context("spawn").Process(target=_build, args=(settings,), name="example-bank")
    child.start()
    child.join()
    if child.exitcode != 0:
        logger.warning("building the example bank apart failed (exit %s); it is built here", child.exitcode)
        return False
    return True


def _build(settings: IndexSettings) -> None:
    from integrations.base import CATALOG
    from planning.index.semantic_index import SemanticIndex

    SemanticIndex.open(settings).ensure_built(CATALOG)
