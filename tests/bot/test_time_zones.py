"""Unknown time zones: a usage error for ``--tz``; UTC and one warning for the setting; never a traceback."""

import logging
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.settings import Settings


@pytest.mark.parametrize("command", [["chat", "--script", "-"], ["plan", "hello"], ["serve"]])
@pytest.mark.parametrize("name", ["Mars/Phobos", "America", "../../etc/passwd"])
def test_an_unknown_tz_option_is_a_usage_error_naming_the_zone(command: list[str], name: str) -> None:
    result = CliRunner().invoke(main, [*command, "--tz", name], input="")
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '--tz': unknown time zone '{name}'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_unknown_timezone_setting_becomes_utc_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("PLANBOT_TIMEZONE", "Mars/Phobos")
    caplog.set_level(logging.DEBUG)
    assert Settings().timezone == "UTC"
    [warning] = caplog.records
    assert warning.levelno == logging.WARNING and "Mars/Phobos" in warning.getMessage() and not warning.exc_info


def test_a_known_or_empty_timezone_setting_is_kept_quietly(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("PLANBOT_TIMEZONE", "Asia/Tokyo")
    assert Settings().timezone == "Asia/Tokyo"
    monkeypatch.setenv("PLANBOT_TIMEZONE", "")
    assert Settings().timezone is None
    assert caplog.records == []


def test_chat_with_an_unknown_timezone_setting_plans_in_utc(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PLANBOT_TIMEZONE", "Mars/Phobos")
    result = CliRunner().invoke(
        main,
        ["chat", "--script", "-", "--data-dir", str(tmp_path), "--now", "2026-03-02T09:00:00"],
        input="schedule a call with priya.shah@example.com tomorrow at 3pm\n",
    )
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "When: Tue 3 Mar, 15:00–15:30 UTC" in result.output
