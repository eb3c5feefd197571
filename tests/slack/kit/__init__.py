"""A Slack test kit: a local fake of the Web API, builders for the payloads Slack sends, and request signing.

Import from the modules: :mod:`.fake_web_api` (``FakeSlackWebApi``, ``SlackCall``, ``serve_locally``),
:mod:`.payloads` (event envelopes, command and interactivity bodies, the test workspace's ids and people),
:mod:`.signing` (``signed_headers``, ``forged_headers``, ``stale_headers``, ``post_signed``),
:mod:`.fake_installs` (``FakeSlackInstalls``: the install flow and several workspaces, ``install_through_browser``).
"""
