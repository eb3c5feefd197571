"""The install flow's loggers: nothing secret of it reaches the logs.

Bolt's OAuth flow logs the single-use code when ``oauth.v2.access`` fails, and the callback's query (code and state)
at DEBUG; slack_sdk's Web API client logs, at DEBUG, each request's form (the code, a refresh token) and each answer
(bot tokens, refresh tokens). The clients of the install flow, of token rotation and of Bolt's authorization log
through ``WEB_LOGGER``, which never logs at DEBUG (slack_sdk checks the logger's own level); the flow logs through
``FLOW_LOGGER``, at INFO and up, with codes, states and tokens taken out of each message.
"""

import logging
import re

_SECRET_FIELD = re.compile(
    r"""(?P<name>code|state|client_secret|refresh_token|access_token|token)(?P<sep>['"]?\s*[:=]\s*\[?\s*['"]?)"""
    r"""[^\s'"&,\]}]+""",
    re.IGNORECASE,
)
_SLACK_TOKEN = re.compile(r"xox[a-z]-[\w.-]+|xoxe\.xox[a-z]-[\w.-]+")
REDACTED = "(redacted)"


def redact(text: str) -> str:
    """``text`` without the values of code=, state=, token fields, nor any Slack token."""
    text = _SLACK_TOKEN.sub(REDACTED, text)
    return _SECRET_FIELD.sub(lambda m: f"{m['name']}{m['sep']}{REDACTED}", text)


class _NoSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redact(record.getMessage()), None
        return True


def _logger(name: str) -> logging.Logger:
    logger = logging.getLogger(name)
    logger.setLevel(logging.INFO)
    if not any(isinstance(each, _NoSecrets) for each in logger.filters):
        logger.addFilter(_NoSecrets())
    return logger


WEB_LOGGER = _logger("bot.slack.install_flow.web")
FLOW_LOGGER = _logger("bot.slack.install_flow.oauth")
