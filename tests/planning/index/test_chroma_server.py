"""The same index through ``HttpClient`` to a real Chroma server (``chroma run``) on 127.0.0.1."""

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from planning.index import IndexSettings, SemanticIndex
from planning.index.chroma import open_client
from planning.index.embedding import MiniLmEmbedder


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def chroma_url(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    chroma = Path(sys.executable).with_name("chroma")
    command = [str(chroma), "run", "--path", str(tmp_path / "server"), "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("the Chroma server did not start")
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_chroma_server_holds_the_index_for_several_replicas(
    chroma_url: str, labelled_file: Path, embedder: MiniLmEmbedder
):
    settings = IndexSettings(url=chroma_url, example_files=(labelled_file,))
    first = SemanticIndex.open(settings, embedder)
    assert first.ensure_built().rebuilt
    first.plans.add("Email John the sales report", {"steps": []})
    replica = SemanticIndex.open(settings, embedder)
    assert not replica.ensure_built().rebuilt
    vote = replica.examples.vote("put lunch with dana on my calendar")
    assert vote is not None and (vote.intent, vote.entity) == ("create", "event")
    assert [p.text for p in replica.plans.similar("email john")] == ["Email John the sales report"]


def test_a_server_url_must_be_http():
    with pytest.raises(ValueError, match="not a Chroma server URL"):
        open_client(url="chroma.internal:8000")
