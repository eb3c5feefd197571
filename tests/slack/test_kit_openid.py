"""The stand-in's Sign in with Slack answers as Slack documents it: slack_sdk's ``openid_connect_token`` works against
it, its ID token verifies with an independent JWT library (joserfc) against the keys it serves, with Slack's claims,
and the authorize page and the token method refuse what Slack refuses."""

from collections.abc import AsyncIterator
from urllib.parse import parse_qs, urlencode, urlsplit

import aiohttp
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from tests.slack.kit.fake_openid import SIGN_IN_CLIENT_ID, SIGN_IN_CLIENT_SECRET
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import DEMO_USERS, TEAM_ID

BACK = "https://planbot.example.com/accounts/slack/callback"
PRIYA = DEMO_USERS[0]


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlackWebApi]:
    async with FakeSlackWebApi(users=DEMO_USERS) as fake:
        fake.openid.redirect_urls.append(BACK)
        yield fake


async def authorize(slack: FakeSlackWebApi, user: str | None = PRIYA.id, **changes: str) -> tuple[int, str]:
    """The browser (signed in as ``user``) on Slack's authorize page: the status and where it is sent back."""
    query = {
        "response_type": "code",
        "scope": "openid profile email",
        "client_id": SIGN_IN_CLIENT_ID,
        "state": "s-1",
        "nonce": "n-1",
        "redirect_uri": BACK,
        "team": TEAM_ID,
        **changes,
    }
    cookies = {"d": slack.openid.sign_in(user)} if user else {}
    async with (
        aiohttp.ClientSession(cookies=cookies) as browser,
        browser.get(f"{slack.root}/openid/connect/authorize?{urlencode(query)}", allow_redirects=False) as page,
    ):
        return page.status, page.headers.get("Location", "")


async def test_the_id_token_verifies_with_the_served_keys_and_has_slacks_claims(slack: FakeSlackWebApi) -> None:
    status, back = await authorize(slack)
    assert status == 302 and back.startswith(BACK)
    sent = parse_qs(urlsplit(back).query)
    assert sent["state"] == ["s-1"]
    client = AsyncWebClient(base_url=slack.base_url)
    answer = await client.openid_connect_token(
        client_id=SIGN_IN_CLIENT_ID, client_secret=SIGN_IN_CLIENT_SECRET, code=sent["code"][0], redirect_uri=BACK
    )
    assert answer["ok"] and answer["token_type"] == "Bearer" and str(answer["access_token"]).startswith("xoxp-")
    async with aiohttp.ClientSession() as http, http.get(f"{slack.root}/openid/connect/keys") as keys:
        key_set = KeySet.import_key_set(await keys.json())
    token = jwt.decode(str(answer["id_token"]), key_set, algorithms=["RS256"])
    claims = token.claims
    assert token.header["alg"] == "RS256" and token.header["kid"] == slack.openid.kid
    assert (claims["iss"], claims["aud"], claims["sub"], claims["nonce"]) == (
        "https://slack.com",
        SIGN_IN_CLIENT_ID,
        PRIYA.id,
        "n-1",
    )
    assert claims["https://slack.com/user_id"] == PRIYA.id and claims["https://slack.com/team_id"] == TEAM_ID
    assert claims["email"] == PRIYA.email and claims["email_verified"] is True and claims["name"] == PRIYA.real_name
    assert claims["iat"] < claims["exp"] <= claims["iat"] + 300
    with pytest.raises(SlackApiError) as again:  # a code is good once
        await client.openid_connect_token(
            client_id=SIGN_IN_CLIENT_ID, client_secret=SIGN_IN_CLIENT_SECRET, code=sent["code"][0], redirect_uri=BACK
        )
    assert again.value.response["error"] == "invalid_code"


@pytest.mark.parametrize(
    ("user", "changes", "status"),
    [
        (None, {}, 401),  # not signed in to Slack
        (PRIYA.id, {"client_id": "someone-else"}, 400),
        (PRIYA.id, {"redirect_uri": "https://elsewhere.example.com/cb"}, 400),
        (PRIYA.id, {"scope": "profile email"}, 400),  # openid is required
        (PRIYA.id, {"scope": "openid chat:write"}, 400),
        (PRIYA.id, {"response_type": "token"}, 400),
        (PRIYA.id, {"team": "T0ELSEWHERE"}, 401),  # signed in to another workspace
    ],
)
async def test_the_authorize_page_refuses_what_slack_refuses_and_sends_nothing_back(
    slack: FakeSlackWebApi, user: str | None, changes: dict[str, str], status: int
) -> None:
    assert await authorize(slack, user, **changes) == (status, "")


async def test_the_token_method_wants_the_apps_secret_and_the_same_redirect_uri(slack: FakeSlackWebApi) -> None:
    client = AsyncWebClient(base_url=slack.base_url)
    for secret, redirect, error in (
        ("not-the-secret", BACK, "bad_client_secret"),
        (SIGN_IN_CLIENT_SECRET, "https://planbot.example.com/other", "bad_redirect_uri"),
    ):
        _, back = await authorize(slack)
        code = parse_qs(urlsplit(back).query)["code"][0]
        with pytest.raises(SlackApiError) as refused:
            await client.openid_connect_token(
                client_id=SIGN_IN_CLIENT_ID, client_secret=secret, code=code, redirect_uri=redirect
            )
        assert refused.value.response["error"] == error
    assert "client_secret" not in str([call.args for call in slack.calls_to("openid.connect.token")])
