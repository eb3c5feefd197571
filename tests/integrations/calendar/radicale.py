"""A real CalDAV server for the tests: Radicale on 127.0.0.1 (a free port, temporary storage, htpasswd users).

With ``CI=true`` a server that cannot start fails the tests; elsewhere they are skipped with the reason.
"""

import base64
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

USERS = {"planbot": "planbot-secret", "ann": "ann-secret", "dana@example.com": "dana-secret"}
# Each user owns their calendars; planbot may read the free/busy time (only) of ann's "work" calendar.
RIGHTS = """
[root]
user: .+
collection:
permissions: R

[principal]
user: .+
collection: {user}
permissions: RW

[calendars]
user: .+
collection: {user}/[^/]+
permissions: rw

[ann-free-busy]
user: planbot
collection: ann/work
permissions: f
"""
START_SECONDS = 20.0


@dataclass(frozen=True)
class Radicale:
    base_url: str
    process: subprocess.Popen[bytes]

    def new_calendar(self, user: str = "planbot", name: str | None = None) -> str:
        """MKCALENDAR a fresh, empty calendar of ``user``; its URL ends in ``/``."""
        url = f"{self.base_url}{user}/{name or uuid.uuid4().hex}/"
        assert self.send("MKCALENDAR", url, user=user)[0] == 201
        return url

    def send(
        self, method: str, url: str, *, user: str = "planbot", body: bytes | None = None, **headers: str
    ) -> tuple[int, str]:
        secret = base64.b64encode(f"{user}:{USERS[user]}".encode()).decode()
        request = urllib.request.Request(url, data=body, method=method)
        request.add_header("Authorization", f"Basic {secret}")
        for name, value in headers.items():
            request.add_header(name.replace("_", "-"), value)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def objects(self, calendar_url: str, user: str = "planbot") -> list[str]:
        """Every calendar object in the collection, as iCalendar text (read straight from the server)."""
        body = (
            b'<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            b'<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter>'
            b"</C:calendar-query>"
        )
        status, text = self.send(
            "REPORT", calendar_url, user=user, body=body, Depth="1", Content_Type="application/xml"
        )
        assert status == 207, text
        found = ET.fromstring(text).iter("{urn:ietf:params:xml:ns:caldav}calendar-data")
        return [element.text or "" for element in found]


def start_radicale(folder: Path) -> Radicale:
    (folder / "users").write_text("".join(f"{user}:{password}\n" for user, password in USERS.items()))
    (folder / "rights").write_text(RIGHTS)
    port = _free_port()
    command = [
        sys.executable, "-m", "radicale", "--config", "",
        "--server-hosts", f"127.0.0.1:{port}",
        "--storage-filesystem-folder", str(folder / "storage"),
        "--auth-type", "htpasswd", "--auth-htpasswd-filename", str(folder / "users"),
        "--auth-htpasswd-encryption", "plain", "--auth-delay", "0",
        "--rights-type", "from_file", "--rights-file", str(folder / "rights"),
        "--logging-level", "warning",
    ]  # fmt: skip
    with (folder / "radicale.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return Radicale(base_url=f"http://127.0.0.1:{port}/", process=process)
        except OSError:
            time.sleep(0.05)
    stop(process)
    reason = f"Radicale did not start: {(folder / 'radicale.log').read_text(errors='replace')[-2000:]}"
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
