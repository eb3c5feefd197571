"""``planbot accounts``: a service that serves two kinds (Microsoft 365: mail and calendar) is disconnected kind by
kind or both at once, and says which; with several workspaces (SLACK_CLIENT_ID) an account is only connected for a
named workspace, since one connected without a team would serve nobody."""

import asyncio

import pytest

from bot.compose import open_accounts
from bot.settings import Settings
from tests.bot.accounts.test_accounts_cli import invoke, stored_rows


def save_microsoft(team: str, user: str) -> None:
    """Both kinds of one Microsoft 365 sign-in, as the sign-in page stores them."""

    async def run() -> None:
        accounts = await open_accounts(Settings())
        try:
            for kind in ("email", "calendar"):
                credentials = {"refresh_token": "m365-refresh-token", "scopes": ["Mail.ReadWrite"]}
                label = "ann@contoso.com"
                await accounts.save(
                    team=team, user=user, kind=kind, service="microsoft", label=label, credentials=credentials
                )
        finally:
            await accounts.store.close()

    asyncio.run(run())


def test_disconnect_of_a_two_kind_service_takes_the_kind_named_or_both_and_says_which(
    planbot_env: dict[str, str],
) -> None:
    save_microsoft("T1", "UA")
    save_microsoft("T1", "UB")

    calendar = invoke("disconnect", "microsoft", "--user", "UA", "--team", "T1", "--kind", "calendar")
    assert calendar.exit_code == 0, calendar.output
    assert calendar.output.strip() == "disconnected microsoft (calendar) for UA"
    assert [row[1:3] for row in stored_rows(planbot_env) if row[1] == "UA"] == [("UA", "email")]

    both = invoke("disconnect", "microsoft", "--user", "UB", "--team", "T1")
    assert both.exit_code == 0, both.output
    assert both.output.strip() == "disconnected microsoft (email and calendar) for UB"
    assert [row[1] for row in stored_rows(planbot_env)] == ["UA"]

    wrong = invoke("disconnect", "microsoft", "--user", "UA", "--team", "T1", "--kind", "crm")
    assert wrong.exit_code == 2 and "microsoft serves email and calendar, not crm" in wrong.output
    gone = invoke("disconnect", "microsoft", "--user", "UA", "--team", "T1", "--kind", "calendar")
    assert gone.exit_code == 1 and "no microsoft calendar account is connected for UA" in gone.output
    assert len(stored_rows(planbot_env)) == 1


def test_with_several_workspaces_connect_needs_the_team(
    planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLACK_CLIENT_ID", "4242.1717")
    imap = ("connect", "imap", "--user", "UA", "--url", "imaps://mail.example.com", "--smtp-url",
            "smtps://mail.example.com", "--username", "a@example.com", "--password-stdin")  # fmt: skip
    for refused in (
        invoke(*imap, secret="app-password"),
        invoke("connect", "hubspot", "--workspace", "--token-stdin", secret="pat-na1-token"),
    ):
        assert refused.exit_code == 2, refused.output
        assert "--team is required: with several workspaces" in refused.output and "Traceback" not in refused.output
    assert stored_rows(planbot_env) == []

    named = invoke("connect", "hubspot", "--workspace", "--team", "T1", "--token-stdin", secret="pat-na1-token")
    assert named.exit_code == 0, named.output
    assert [row[:4] for row in stored_rows(planbot_env)] == [("T1", "", "crm", "hubspot")]
