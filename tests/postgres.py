"""A throwaway PostgreSQL cluster for tests: started once per test session on 127.0.0.1, one fresh database
per test.

Use the fixtures from any test module (``tests/conftest.py`` re-exports them)::

    async def test_something(postgres_url: str) -> None:      # a new, empty database, dropped afterwards
        store = await PostgresPlanStore.open(postgres_url)

    def test_other(postgres_cluster: PostgresCluster) -> None:  # the cluster, to make databases of your own
        url = postgres_cluster.create_database()

The binaries are looked up under ``/usr/lib/postgresql/*/bin`` (the newest version wins). Without them the
tests skip, unless ``CI=true``: then they fail, so that CI can never pass by skipping. As root (our machines),
``initdb`` and the server run as the ``postgres`` user through ``runuser``, in a temporary folder they own.
The cluster trades durability for speed (``fsync=off``, in ``/dev/shm`` where there is one): it is thrown away at
the end of the session.
"""

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_BIN_GLOB = "/usr/lib/postgresql/*/bin"
SUPERUSER = "postgres"
START_ATTEMPTS = 3
_SERVER_OPTIONS = (
    "-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=300 -c shared_buffers=32MB"
)


def find_bin_dir() -> Path | None:
    """The newest PostgreSQL's ``bin`` folder that has ``initdb``, ``pg_ctl`` and ``postgres``, if any."""

    def version(folder: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())

    found = [
        folder
        for folder in Path("/").glob(POSTGRES_BIN_GLOB.lstrip("/"))
        if all((folder / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres"))
    ]
    return max(found, key=version) if found else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresCluster:
    """A running throwaway cluster; ``create_database`` gives the URL of a new empty database."""

    def __init__(self, bin_dir: Path, root: Path, port: int, run_as: list[str]) -> None:
        self.bin_dir = bin_dir
        self.root = root
        self.data_dir = root / "data"
        self.port = port
        self._run_as = run_as
        self._names = itertools.count(1)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _tool(self, name: str, *args: str) -> subprocess.CompletedProcess[str]:
        command = [*self._run_as, str(self.bin_dir / name), *args]
        return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)

    def init(self) -> None:
        done = self._tool(
            "initdb", "-D", str(self.data_dir), "-U", SUPERUSER, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"
        )
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed ({done.returncode}): {done.stderr.strip()}")

    def start(self) -> None:
        log = self.root / "server.log"
        options = f"{_SERVER_OPTIONS} -p {self.port} -k {self.root}"
        done = self._tool("pg_ctl", "-D", str(self.data_dir), "-l", str(log), "-o", options, "-w", "-t", "60", "start")
        if done.returncode != 0:
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start on port {self.port}: {done.stderr.strip()}\n{tail}")

    def stop(self) -> None:
        self._tool("pg_ctl", "-D", str(self.data_dir), "-m", "immediate", "-w", "stop")

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(sql.encode())

    def create_database(self, name: str | None = None) -> str:
        """A new empty database (a unique name unless given); returns its URL."""
        name = name or f"test_{os.getpid()}_{next(self._names)}"
        self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database, disconnecting whoever is still connected to it."""
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _memory_backed_dir() -> str | None:
    """``/dev/shm`` when usable: on a busy disk, creating a database there takes ~20 ms instead of ~0.7 s."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def start_cluster(bin_dir: Path) -> PostgresCluster:
    """Init and start a cluster in a new temporary folder; the caller stops it and removes ``cluster.root``."""
    root = Path(tempfile.mkdtemp(prefix="planbot-pg-", dir=_memory_backed_dir()))
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb and postgres refuse to run as root
        shutil.chown(root, user=SUPERUSER, group=None)
        run_as = ["runuser", "-u", SUPERUSER, "--"]
    cluster = PostgresCluster(bin_dir, root, _free_port(), run_as)
    try:
        cluster.init()
        for attempt in range(1, START_ATTEMPTS + 1):  # another process may take the free port before we do
            try:
                cluster.start()
                return cluster
            except RuntimeError:
                if attempt == START_ATTEMPTS:
                    raise
                cluster.port = _free_port()
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    raise AssertionError("unreachable")


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required when CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A throwaway PostgreSQL cluster on 127.0.0.1 for the whole test session."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        _unavailable(f"no PostgreSQL binaries under {POSTGRES_BIN_GLOB}")
    assert bin_dir is not None
    if os.geteuid() == 0 and (shutil.which("runuser") is None or not _user_exists(SUPERUSER)):
        _unavailable(f"running as root, but runuser or the {SUPERUSER} user is missing (initdb refuses root)")
    cluster = start_cluster(bin_dir)
    try:
        yield cluster
    finally:
        with contextlib.suppress(Exception):
            cluster.stop()
        shutil.rmtree(cluster.root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    url = postgres_cluster.create_database()
    yield url
    postgres_cluster.drop_database(url.rsplit("/", 1)[1])
