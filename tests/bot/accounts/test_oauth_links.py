"""Connect links: the URL a Connect button opens carries a sealed, short-lived token bound to one team and user."""

from urllib.parse import parse_qs, urlsplit

import pytest

from bot.accounts.oauth_links import LinkError, read_link, start_link

KEY = "a-connect-link-key-of-at-least-32-characters"


def _token(url: str) -> str:
    return parse_qs(urlsplit(url).query)["link"][0]


def test_the_link_opens_start_and_reads_back_its_person_only_with_the_key() -> None:
    # ids long enough that a random sealed token cannot contain them by chance (two characters could)
    team, user = "T0SEALEDTEAM", "U0SEALEDPERSON"
    url = start_link("https://bot.example.com/", "gmail", team, user, secret=KEY, now=1000.0)
    assert url.startswith("https://bot.example.com/accounts/google/start?link=")
    assert user not in url and team not in url  # the ids are sealed, not readable
    link = read_link(_token(url), "google", secret=KEY, now=1001.0)
    assert (link.team, link.user, link.shared) == (team, user, False)
    with pytest.raises(LinkError, match="not valid"):
        read_link(_token(url), "google", secret=KEY.upper(), now=1001.0)


def test_a_forged_expired_or_other_service_link_is_refused() -> None:
    url = start_link("https://bot.example.com", "hubspot", "T1", "U1", secret=KEY, now=1000.0, ttl_seconds=60)
    token = _token(url)
    with pytest.raises(LinkError, match="expired"):
        read_link(token, "hubspot", secret=KEY, now=1060.0)
    with pytest.raises(LinkError, match="another service"):
        read_link(token, "salesforce", secret=KEY, now=1001.0)
    with pytest.raises(LinkError, match="not valid"):
        read_link(token[:-4] + "AAAA", "hubspot", secret=KEY, now=1001.0)


def test_password_services_have_a_link_too_and_each_link_has_its_own_nonce() -> None:
    url = start_link("https://bot.example.com", "imap", "T1", "U1", secret=KEY, now=1000.0)
    assert url.startswith("https://bot.example.com/accounts/imap/start?link=")
    again = start_link("https://bot.example.com", "imap", "T1", "U1", secret=KEY, now=1000.0)
    assert (
        read_link(_token(url), "imap", secret=KEY, now=1001.0).nonce
        != read_link(_token(again), "imap", secret=KEY, now=1001.0).nonce
    )
    with pytest.raises(LinkError, match="Connect link"):
        start_link("https://bot.example.com", "local", "T1", "U1", secret=KEY)


def test_a_link_lasts_ten_minutes() -> None:
    url = start_link("https://bot.example.com", "google", "T1", "U1", secret=KEY, now=1000.0)
    assert read_link(_token(url), "google", secret=KEY, now=1599.0).user == "U1"
    with pytest.raises(LinkError, match="expired"):
        read_link(_token(url), "google", secret=KEY, now=1600.0)
