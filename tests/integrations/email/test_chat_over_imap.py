"""`planbot chat --script`, configured by environment variables only, sends through SMTP into Priya's IMAP inbox."""

import os
import subprocess
import sys
from pathlib import Path

from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers
from tests.integrations.email.imap_helpers import stored_messages


def planbot_chat(tmp_path: Path, environment: dict[str, str], *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    inherited = {k: v for k, v in os.environ.items() if not k.startswith(("PLANBOT_", "SLACK_"))}
    done = subprocess.run(
        [str(Path(sys.executable).parent / "planbot"), "chat", "--script", str(script)],
        env={
            **inherited,
            **environment,
            "PLANBOT_DATA_DIR": str(tmp_path / "data"),
            "PLANBOT_TIMEZONE": "America/New_York",
        },
        cwd=tmp_path,  # no .env of the repository: the environment above is the whole configuration
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


async def test_planbot_chat_configured_for_imap_sends_the_planned_email(
    mail_servers: MailServers, tmp_path: Path
) -> None:
    before = {m.headers["Message-ID"] for m in await stored_messages(mail_servers, PRIYA, "INBOX", "Launch moved")}
    output = planbot_chat(
        tmp_path, mail_servers.environment(), "email priya.shah@example.com saying the launch moved", "a"
    )

    assert "Approve: Email priya.shah@example.com: Launch moved" in output
    assert "Finished" in output
    assert "✓ Sent “Launch moved”" in " ".join(output.split())  # what ran, in words (no id)
    new = [
        m
        for m in await stored_messages(mail_servers, PRIYA, "INBOX", "Launch moved")
        if m.headers["Message-ID"] not in before
    ]
    assert len(new) == 1, output
    message_id = new[0].headers["Message-ID"].strip("<>")
    arrived = [
        m
        for m in await stored_messages(mail_servers, PRIYA, "INBOX", "Launch moved")
        if m.headers["Message-ID"] == f"<{message_id}>"
    ]
    assert len(arrived) == 1
    headers = arrived[0].headers
    assert headers["Subject"] == "Launch moved"
    assert headers["From"] == f"Planbot Tester <{ACCOUNT.address}>"
    assert headers["To"] == PRIYA.address
    envelope = next(e for e in mail_servers.delivery.received if f"<{message_id}>" in e.content.decode())
    assert envelope.body == "The launch moved\r\n"  # as it travelled: CRLF line ends
    sent_copies = await stored_messages(mail_servers, ACCOUNT, "Sent", "Launch moved")
    assert [m.headers["Message-ID"] for m in sent_copies].count(f"<{message_id}>") == 1


async def test_a_send_the_server_refused_for_one_recipient_is_shown_as_partly_failed(
    mail_servers: MailServers, tmp_path: Path
) -> None:
    output = planbot_chat(
        tmp_path,
        mail_servers.environment(),
        "email priya.shah@example.com and refuse-550@example.net saying the venue changed",
        "a",
    )
    said = " ".join(output.split())
    assert "partly failed" in said and "refuse-550@example.net (550 5.1.1 No such user here)" in said, output
    assert "✓ Sent" not in said
    assert len(await stored_messages(mail_servers, PRIYA, "INBOX", "Venue changed")) >= 1
