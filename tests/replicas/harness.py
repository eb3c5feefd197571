"""Real `planbot serve --http` processes sharing one PostgreSQL and one data folder, driven over signed HTTP."""

import asyncio
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

from tests.slack.kit.payloads import BOT_TOKEN, json_body
from tests.slack.kit.signing import SIGNING_SECRET, post_signed

ROOT = Path(__file__).resolve().parents[2]
PLANBOT = Path(sys.executable).with_name("planbot")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Replica:
    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path
    http: aiohttp.ClientSession = field(repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def send(self, body: dict | str) -> tuple[int, str]:  # type: ignore[type-arg]
        text = json_body(body) if isinstance(body, dict) else body
        return await post_signed(self.http, self.url + "/slack/events", SIGNING_SECRET, text)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def environment(database_url: str, data_dir: Path, slack_api_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PLANBOT_", "SLACK_"))}
    env.update(
        PLANBOT_DATABASE_URL=database_url,
        PLANBOT_DATA_DIR=str(data_dir),
        SLACK_BOT_TOKEN=BOT_TOKEN,
        SLACK_SIGNING_SECRET=SIGNING_SECRET,
        SLACK_API_URL=slack_api_url,
        TZ="America/New_York",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


async def start(name: str, env: dict[str, str], http: aiohttp.ClientSession, log_dir: Path) -> Replica:
    port = free_port()
    log = log_dir / f"{name}.log"
    handle = log.open("wb")
    process = subprocess.Popen(
        [str(PLANBOT), "serve", "--http", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=handle,
        stderr=subprocess.STDOUT,
    )
    replica = Replica(name, port, process, log, http)
    deadline = asyncio.get_running_loop().time() + 60
    while True:
        if process.poll() is not None:
            raise AssertionError(f"replica {name} exited: {log.read_text()[-3000:]}")
        try:
            async with http.get(replica.url + "/readyz") as response:
                if response.status == 200:
                    return replica
        except aiohttp.ClientError:
            pass
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"replica {name} never became ready: {log.read_text()[-3000:]}")
        await asyncio.sleep(0.1)


@asynccontextmanager
async def replicas(count: int, env: dict[str, str], log_dir: Path) -> AsyncIterator[list[Replica]]:
    async with aiohttp.ClientSession() as http:
        started: list[Replica] = []
        try:
            for n in range(count):
                started.append(await start(f"replica{n + 1}", env, http, log_dir))
            yield started
        finally:
            for replica in started:
                replica.stop()
