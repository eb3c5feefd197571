"""The index never reaches the network: chromadb's default embedding function would download a model."""

import os
import subprocess
import sys
from pathlib import Path

from integrations.base import CATALOG
from tests.planning.index.conftest import LABELLED, write_labelled

GUARDED = """
import socket, sys
def refuse(*args, **kwargs):
    raise OSError("network access attempted")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
from pathlib import Path
from integrations.base import CATALOG
from planning.index import IndexSettings, SemanticIndex
index = SemanticIndex.open(IndexSettings(path=Path(sys.argv[1]), example_files=(Path(sys.argv[2]),)))
report = index.ensure_built(CATALOG)
vote = index.examples.vote("put lunch with dana on my calendar")
index.plans.add("Email John the sales report", {"steps": []})
print(report.examples, report.tools, vote.intent, vote.entity, len(index.plans.similar("email john")))
"""


def test_build_and_queries_work_with_every_socket_refused(tmp_path: Path):
    labelled = write_labelled(tmp_path / "labelled.jsonl", LABELLED)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", GUARDED, str(tmp_path / "index"), str(labelled)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    examples = len([item for item in LABELLED if item[2]])
    assert result.stdout.split() == [str(examples), str(len(CATALOG)), "create", "event", "1"]
    assert not (tmp_path / ".cache" / "chroma").exists()  # where chromadb's default model would go


def test_the_guard_does_stop_chromadbs_own_embedding_function(tmp_path: Path):
    guard = GUARDED.split("from pathlib")[0]
    code = guard + "from chromadb.utils.embedding_functions import DefaultEmbeddingFunction\n"
    code += "DefaultEmbeddingFunction()(['hello'])\n"
    env = {**os.environ, "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode != 0
