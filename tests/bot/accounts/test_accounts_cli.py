"""``planbot accounts``: connect (after a test connection to the real servers), list, disconnect; secrets read from
standard input, stored encrypted, never printed or logged; key problems are sentences, not tracebacks."""

import logging
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bot.cli import main
from tests.integrations.calendar.radicale import USERS as CALDAV_USERS
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers
from tests.integrations.email.dovecot import MailUser
from tests.integrations.email.smtp_server import SmtpServer


def invoke(*args: str, secret: str | None = None) -> Result:
    return CliRunner().invoke(main, ["accounts", *args], input=None if secret is None else f"{secret}\n")


def connect_mail(mail: MailServers, smtp: SmtpServer, user: str, who: MailUser, password: str) -> Result:
    return invoke(
        "connect", "imap", "--user", user, "--team", "T1",
        "--url", f"imap://127.0.0.1:{mail.dovecot.port}?security=none",
        "--smtp-url", f"smtp://127.0.0.1:{smtp.port}?security=none&from={who.address}",
        "--username", who.login, "--password-stdin", secret=password,
    )  # fmt: skip


def stored_rows(env: dict[str, str]) -> list[tuple[object, ...]]:
    with sqlite3.connect(Path(env["PLANBOT_DATA_DIR"]) / "plans.sqlite3") as db:
        rows = db.execute("SELECT team, user_id, kind, service, label, secret FROM accounts").fetchall()
    db.close()
    return rows


def test_connect_imap_checks_both_servers_then_stores_it_encrypted(
    mail_servers: MailServers, own_smtp: SmtpServer, planbot_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    done = connect_mail(mail_servers, own_smtp, "UA", ACCOUNT, ACCOUNT.password)
    assert done.exit_code == 0, done.output
    assert "connected imap (email) for UA: planbot@example.com" in done.output
    ((team, user, kind, service, label, secret),) = stored_rows(planbot_env)
    assert (team, user, kind, service, label) == ("T1", "UA", "email", "imap", "planbot@example.com")
    assert isinstance(secret, bytes) and ACCOUNT.password.encode() not in secret
    listed = invoke("list")
    assert listed.exit_code == 0 and "T1\tUA\temail\timap\tplanbot@example.com" in listed.output
    for text in (done.output, listed.output, caplog.text):
        assert ACCOUNT.password not in text and planbot_env["PLANBOT_SECRET_KEY"] not in text


def test_a_wrong_password_saves_nothing_and_says_why(
    mail_servers: MailServers, own_smtp: SmtpServer, planbot_env: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    done = connect_mail(mail_servers, own_smtp, "UB", PRIYA, "not-her-password")
    assert (done.exit_code == 1 and done.exception is None) or isinstance(done.exception, SystemExit)
    assert "the test connection failed" in done.output and "Nothing was saved" in done.output
    assert "Traceback" not in done.output and "not-her-password" not in done.output + caplog.text
    assert invoke("list").output.strip() == "no accounts connected"


def test_a_server_on_this_machine_is_refused_unless_listed(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = radicale.new_calendar("ann").replace("127.0.0.1", "localhost")
    args = ("connect", "caldav", "--user", "UB", "--url", url, "--username", "ann", "--password-stdin")
    monkeypatch.delenv("PLANBOT_ALLOWED_SERVER_HOSTS")
    refused = invoke(*args, secret=CALDAV_USERS["ann"])
    assert refused.exit_code == 1 and "PLANBOT_ALLOWED_SERVER_HOSTS" in refused.output, refused.output
    assert stored_rows(planbot_env) == []
    monkeypatch.setenv("PLANBOT_ALLOWED_SERVER_HOSTS", "localhost")
    assert invoke(*args, secret=CALDAV_USERS["ann"]).exit_code == 0


def test_connect_caldav_checks_the_calendar_and_disconnect_deletes_it(
    radicale: Radicale, planbot_env: dict[str, str]
) -> None:
    url = radicale.new_calendar("ann")
    args = ("connect", "caldav", "--user", "UB", "--url", url, "--username", "ann", "--password-stdin")
    refused = invoke(*args, secret="wrong")
    assert refused.exit_code == 1 and "the test connection failed" in refused.output
    done = invoke(*args, secret=CALDAV_USERS["ann"])
    assert done.exit_code == 0, done.output
    assert [row[:5] for row in stored_rows(planbot_env)] == [("", "UB", "calendar", "caldav", "ann")]
    assert invoke("disconnect", "caldav", "--user", "UB").output.strip() == "disconnected caldav for UB"
    assert stored_rows(planbot_env) == []
    again = invoke("disconnect", "caldav", "--user", "UB")
    assert again.exit_code == 1 and "no caldav account is connected for UB" in again.output


def test_a_workspace_crm_takes_a_token_and_only_crms_are_shared(planbot_env: dict[str, str]) -> None:
    done = invoke("connect", "hubspot", "--workspace", "--team", "T1", "--token-stdin", secret="pat-na1-secret-token")
    assert done.exit_code == 0, done.output
    assert "for the whole workspace" in done.output and "pat-na1" not in done.output
    assert [row[:4] for row in stored_rows(planbot_env)] == [("T1", "", "crm", "hubspot")]
    refused = invoke("connect", "imap", "--workspace", "--token-stdin", secret="x")
    assert refused.exit_code == 2 and "only a CRM can be shared" in refused.output
    assert invoke("list", "--team", "T1").output.startswith("T1\t(whole workspace)\tcrm\thubspot")
    assert "Members read through it and change no record" in done.output
    assert invoke("list").output.rstrip().endswith("connected from the command line; read-only for members")


def test_without_the_key_nothing_is_stored_and_a_wrong_key_is_named(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = radicale.new_calendar("ann")
    args = ("connect", "caldav", "--user", "UB", "--url", url, "--username", "ann", "--password-stdin")
    monkeypatch.delenv("PLANBOT_SECRET_KEY")
    missing = invoke(*args, secret=CALDAV_USERS["ann"])
    assert missing.exit_code == 1 and "set PLANBOT_SECRET_KEY" in missing.output and "Traceback" not in missing.output
    monkeypatch.setenv("PLANBOT_SECRET_KEY", planbot_env["PLANBOT_SECRET_KEY"])
    assert invoke(*args, secret=CALDAV_USERS["ann"]).exit_code == 0
    monkeypatch.delenv("PLANBOT_SECRET_KEY")
    unset = invoke("list")
    assert unset.exit_code == 1 and "accounts are stored, but PLANBOT_SECRET_KEY is not set" in unset.output
    monkeypatch.setenv("PLANBOT_SECRET_KEY", "another-secret-key-that-is-long-enough-1234")
    wrong = invoke("list")
    assert wrong.exit_code == 1 and "cannot be opened with PLANBOT_SECRET_KEY" in wrong.output
    assert "Traceback" not in wrong.output


def test_password_services_need_their_servers(planbot_env: dict[str, str]) -> None:
    done = invoke("connect", "imap", "--user", "UA", "--url", "imaps://mail.example.com", "--username", "a@example.com",
                  "--password-stdin", secret="pw")  # fmt: skip
    assert done.exit_code == 2 and "--smtp-url is required for imap" in done.output
    oauth = invoke("connect", "gmail", "--user", "UA", "--password-stdin", secret="pw")
    assert oauth.exit_code == 2 and "OAuth" in oauth.output


def test_with_postgresql_the_accounts_are_in_its_database(
    postgres_url: str, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLANBOT_DATABASE_URL", postgres_url)
    done = invoke("connect", "hubspot", "--workspace", "--team", "T1", "--token-stdin", secret="pat-na1-pg-token")
    assert done.exit_code == 0, done.output
    assert invoke("list").output.startswith("T1\t(whole workspace)\tcrm\thubspot")
    assert not (Path(planbot_env["PLANBOT_DATA_DIR"]) / "plans.sqlite3").exists()
    monkeypatch.setenv("PLANBOT_SECRET_KEY", "a-different-key-that-is-long-enough-12345")
    wrong = invoke("list")
    assert wrong.exit_code == 1 and "cannot be opened with PLANBOT_SECRET_KEY" in wrong.output
