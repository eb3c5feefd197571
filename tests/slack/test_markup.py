"""Slack's markup read as what it means (bot/slack/markup.py)."""

from bot.slack import markup


def readable(text: str) -> str:
    return markup.render(markup.parse(text), lambda p: f"@{p.label or p.user_id}")


def test_addresses_links_channels_and_specials_read_as_what_slack_shows() -> None:
    assert readable("mail <mailto:a@b.com|a@b.com> now") == "mail a@b.com now"
    assert readable("see <https://x.io/deck|the deck>") == "see the deck (https://x.io/deck)"
    assert readable("on <http://acme.com|acme.com> and <https://acme.com/>") == "on acme.com and https://acme.com/"
    assert readable("in <#C123|general> <!here> <!subteam^S1|@sales>") == "in #general @here @sales"
    assert readable("<!date^1392734382^{date}|Feb 18, 2014>") == "Feb 18, 2014"
    assert readable("a &lt; b &amp;&amp; c &gt; d") == "a < b && c > d"


def test_people_are_kept_as_people() -> None:
    pieces = markup.parse("ask <@U0PRIYA|priya> and <@W0TOM>")
    assert markup.mentioned(pieces) == ["U0PRIYA", "W0TOM"]
    assert readable("ask <@U0PRIYA|priya> and <@W0TOM>") == "ask @priya and @W0TOM"
