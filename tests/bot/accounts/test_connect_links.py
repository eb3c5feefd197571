"""A Connect link is no bearer token: it works once, for ten minutes, and only for the Slack person it was made for
(Sign in with Slack, checked against the link); a stranger's callback leaves the owner's sign-in usable. Against the
local authorization server, the Slack stand-in's Sign in with Slack and the Google Calendar stand-in."""

import json
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from tests.bot.accounts.test_oauth_flow import _no_machine_settings, google, world
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar

__all__ = ["_no_machine_settings", "google"]


async def test_a_link_sent_to_someone_else_connects_nothing_and_tells_them_whose_it_is(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        ann_link = w.link("UA")  # Ann sends her own link to Bea ("connect your calendar for the team bot")
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as bea:
            w.signed_in_to_slack("UB", bea)
            async with bea.get(ann_link) as page:
                text = await page.text()
        assert page.status == 403 and "made for someone else" in text and "Bea Lopez" in text
        assert "Home tab" in text and "Traceback" not in text
        assert await w.app.accounts.list() == []  # type: ignore[union-attr]
        assert w.provider.token_requests == [] and w.provider.codes == {}  # Bea never reached Google's consent
        status, text = await w.sign_in(ann_link)  # and Ann's link is used up: she asks for a new one
        assert status == 410 and "already used" in text


async def test_a_used_link_is_refused_with_a_page_that_says_to_ask_for_a_new_one(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        link = w.link()
        status, first = await w.sign_in(link)
        assert status == 200 and "Ann Example" in first  # the page names the Slack person it is connected for
        exchanges = len(w.provider.token_requests)
        w.provider.revoke_all()  # whatever happens next must not replace her grant
        status, again = await w.sign_in(link)
        assert status == 410 and "already used" in again and "ask for a new one in Slack" in again.replace("A", "a")
        assert len(w.provider.token_requests) == exchanges
        async with w.browser.get(link, allow_redirects=False) as opened:
            assert opened.status == 410 and "Location" not in opened.headers


async def test_a_strangers_callback_leaves_the_owners_sign_in_usable(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        callback = await w.to_callback()
        async with aiohttp.ClientSession() as stranger, stranger.get(callback) as refused:
            assert refused.status == 400 and "the browser where you started" in await refused.text()
        assert w.provider.token_requests == []
        async with w.browser.get(callback) as page:  # the owner's browser finishes it after all
            text = await page.text()
        assert page.status == 200 and "Connected" in text and ME in text
        [account] = await w.app.accounts.list()  # type: ignore[union-attr]
        assert (account.team, account.user) == ("T1", "UA")


async def test_a_strangers_slack_callback_leaves_the_owners_slack_step_usable(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        async with w.browser.get(w.link(), allow_redirects=False) as start:
            to_slack = start.headers["Location"]
        async with w.browser.get(to_slack, allow_redirects=False) as slack:
            slack_callback = slack.headers["Location"]
        async with aiohttp.ClientSession() as stranger, stranger.get(slack_callback) as refused:
            assert refused.status == 400
        async with w.browser.get(slack_callback, allow_redirects=False) as owner:
            assert owner.status == 302 and owner.headers["Location"].startswith(w.provider.url)


async def test_slacks_id_token_is_checked_its_signature_and_nonce(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        w.slack.openid.sign_with_other_key = True
        status, text = await w.sign_in()
        assert status == 502 and "could not be verified" in text
        w.slack.openid.sign_with_other_key = False
        w.slack.openid.tamper = lambda claims: {**claims, "nonce": "another"}
        status, text = await w.sign_in()
        assert status == 502 and "could not be verified" in text
        w.slack.openid.tamper = lambda claims: {**claims, "https://slack.com/team_id": "T2"}
        status, text = await w.sign_in()
        assert status == 403 and "made for someone else" in text
        assert await w.app.accounts.list() == [] and w.provider.token_requests == []  # type: ignore[union-attr]
        w.slack.openid.tamper = None
        assert (await w.sign_in())[0] == 200


async def test_the_slack_step_asks_slack_for_the_links_workspace_and_the_openid_scopes(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str]
) -> None:
    async with world(tmp_path, google) as w:
        async with w.browser.get(w.link(), allow_redirects=False) as start:
            to_slack = URL(start.headers["Location"])
            cookies = start.headers.getall("Set-Cookie")
        assert str(to_slack).startswith(f"{w.slack.root}/openid/connect/authorize?")
        assert to_slack.query["scope"].split() == ["openid", "profile", "email"]
        assert to_slack.query["team"] == "T1" and to_slack.query["nonce"] and to_slack.query["state"]
        assert to_slack.query["redirect_uri"] == f"{w.public}/accounts/slack/callback"
        [cookie] = cookies
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/accounts/" in cookie
        assert (await w.sign_in())[0] == 200
        [exchange] = w.slack.calls_to("openid.connect.token")
        assert exchange.ok and "client_secret" not in json.dumps(exchange.args)


@pytest.mark.parametrize("minutes", [11])
async def test_a_link_older_than_ten_minutes_is_refused(
    tmp_path: Path, google: tuple[FakeGoogleCalendar, str], minutes: int
) -> None:
    async with world(tmp_path, google) as w:
        link = w.link()
        w.clock.advance(minutes=minutes)
        status, text = await w.sign_in(link)
        assert status == 400 and "expired" in text
