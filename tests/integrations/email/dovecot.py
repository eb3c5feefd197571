"""A throwaway Dovecot IMAP server for the tests: installed from Debian when missing (and possible), started on
127.0.0.1 on a free port with its own configuration in a temporary folder, one Maildir per user."""

import contextlib
import fcntl
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

INSTALL_LOCK = Path("/tmp/planbot-dovecot-install.lock")
SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/usr/local/sbin"])


class DovecotUnavailableError(RuntimeError):
    """Dovecot is not installed and cannot be installed here (not root, or no apt-get)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def dovecot_binary() -> str | None:
    return shutil.which("dovecot", path=SEARCH_PATH)


def ensure_dovecot() -> str:
    """The path of the ``dovecot`` binary, installing Debian's ``dovecot-imapd`` once when it is missing.

    A file lock serialises the installation between parallel test processes."""
    found = dovecot_binary()
    if found:
        return found
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise DovecotUnavailableError("dovecot is not installed, and installing it needs root and apt-get")
    with INSTALL_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = dovecot_binary()  # another process may have installed it while we waited
        if found:
            return found
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "dovecot-imapd"]):
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900, check=False)
            if done.returncode != 0:
                raise DovecotUnavailableError(f"{' '.join(command)} failed: {done.stderr[-2000:]}")
    found = dovecot_binary()
    if not found:
        raise DovecotUnavailableError("dovecot-imapd was installed but no dovecot binary was found")
    return found


@dataclass(frozen=True)
class MailUser:
    login: str
    password: str
    address: str


@dataclass
class Dovecot:
    """A running instance: ``port`` on 127.0.0.1; ``maildir(login)`` is where that user's INBOX lives."""

    root: Path
    port: int
    users: tuple[MailUser, ...]
    process: subprocess.Popen[bytes]
    owner: tuple[int, int] | None
    """(uid, gid) that files delivered into a Maildir must belong to, when we are root."""
    tls_port: int
    """IMAPS (TLS from the first byte); ``port`` offers STARTTLS. Both use ``certificate``."""
    certificate: Path
    key: Path

    def maildir(self, login: str) -> Path:
        return self.root / "home" / login / "Maildir"

    def user_for(self, address: str) -> MailUser | None:
        return next((u for u in self.users if u.address.lower() == address.lower()), None)

    @property
    def log(self) -> str:
        path = self.root / "dovecot.log"
        return path.read_text(errors="replace") if path.exists() else ""


def _mail_owner() -> tuple[int, int]:
    """Dovecot refuses to serve mail as root: run mail access as ``nobody`` when we are root."""
    if os.geteuid() != 0:
        return os.geteuid(), os.getegid()
    nobody = pwd.getpwnam("nobody")
    return nobody.pw_uid, nobody.pw_gid


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 (and its key), valid for a day: the tests trust it as their CA."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return certificate, key


def _config(root: Path, port: int, tls_port: int, uid: int, gid: int) -> str:
    unprivileged = ""
    if os.geteuid() != 0:  # a non-root master runs every process as the current user
        name = pwd.getpwuid(uid).pw_name
        unprivileged = f"default_login_user = {name}\ndefault_internal_user = {name}\n"
    return f"""
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
instance_name = planbot-test-{port}
log_path = {root}/dovecot.log
ssl = yes
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = {uid}
last_valid_uid = {uid}
first_valid_gid = {gid}
mail_location = maildir:~/Maildir
{unprivileged}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/home/%u
}}
namespace inbox {{
  inbox = yes
  separator = /
  mailbox Sent {{
    special_use = \\Sent
  }}
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
service anvil {{
  chroot =
  # no growing delay after failed logins (tests make some on purpose, all from 127.0.0.1)
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service imap-login {{
  chroot =
}}
"""


def _wait_for_port(port: int, process: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dovecot exited with {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
            if conn.recv(64).startswith(b"* OK"):
                return
        time.sleep(0.05)
    raise RuntimeError("dovecot did not start listening in time")


@contextlib.contextmanager
def running_dovecot(users: tuple[MailUser, ...]) -> Iterator[Dovecot]:
    """Dovecot's unprivileged processes must reach every file: the folder is made under /tmp, mode 0755."""
    binary = ensure_dovecot()
    root = Path(tempfile.mkdtemp(prefix="planbot-dovecot-"))
    root.chmod(0o755)
    try:
        with _started(binary, root, users) as server:
            yield server
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def _started(binary: str, root: Path, users: tuple[MailUser, ...]) -> Iterator[Dovecot]:
    uid, gid = _mail_owner()
    port, tls_port = free_port(), free_port()
    certificate, key = self_signed_certificate(root)
    for folder in ("run", "state"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "passwd").write_text("".join(f"{u.login}:{{PLAIN}}{u.password}\n" for u in users))
    (root / "passwd").chmod(0o644)
    for user in users:
        for sub in ("cur", "new", "tmp"):
            (root / "home" / user.login / "Maildir" / sub).mkdir(parents=True, exist_ok=True)
    for path in [root / "home", *(root / "home").rglob("*")]:
        os.chown(path, uid, gid)
    config = root / "dovecot.conf"
    config.write_text(_config(root, port, tls_port, uid, gid))
    with (root / "stderr.log").open("wb") as stderr:
        process = subprocess.Popen([binary, "-F", "-c", str(config)], stdout=subprocess.DEVNULL, stderr=stderr)
    owner = (uid, gid) if os.geteuid() == 0 else None
    server = Dovecot(root, port, users, process, owner, tls_port, certificate, key)
    try:
        try:
            _wait_for_port(port, process, time.monotonic() + 15)
        except RuntimeError as error:
            raise RuntimeError(f"{error}\n{server.log[-3000:]}") from error
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
