"""Real servers for the accounts tests: Dovecot (two mailboxes) with an aiosmtpd that takes each person's own login,
and Radicale (two users), as the connector tests start them; a key and a data folder for planbot."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.smtp import AuthResult, LoginPassword

from tests.integrations.calendar.conftest import radicale
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers, mail_servers
from tests.integrations.email.smtp_server import SmtpServer, running_smtp

__all__ = ["mail_servers", "radicale"]
SECRET_KEY = "test-secret-key-of-at-least-32-characters"
USERS = (ACCOUNT, PRIYA)
LOCAL_SERVERS = "127.0.0.1"  # PLANBOT_ALLOWED_SERVER_HOSTS of the tests: people's servers are the local test servers


class OwnLogins:
    """SMTP AUTH as a mail provider does it: each person logs in with their own mailbox's user name and password."""

    def __call__(self, server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
        pairs = {(u.login.encode(), u.password.encode()) for u in USERS}
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) in pairs
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


@pytest.fixture(scope="session")
def own_smtp(mail_servers: MailServers) -> Iterator[SmtpServer]:
    with running_smtp(mail_servers.delivery, OwnLogins()) as server:  # type: ignore[arg-type]
        yield server


@pytest.fixture
def planbot_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A fresh data folder, the key, and nothing of the machine's own planbot settings."""
    monkeypatch.chdir(tmp_path)  # no .env of the project
    for name in ("PLANBOT_SECRET_KEY", "PLANBOT_OLD_SECRET_KEYS", "PLANBOT_OWNER", "PLANBOT_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    env = {
        "PLANBOT_DATA_DIR": str(tmp_path / "data"),
        "PLANBOT_SECRET_KEY": SECRET_KEY,
        "PLANBOT_ALLOWED_SERVER_HOSTS": LOCAL_SERVERS,  # Dovecot, aiosmtpd and Radicale run on this machine
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env
