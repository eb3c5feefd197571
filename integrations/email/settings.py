"""What both email connectors' settings share: the time zone dates are shown in, and reading settings safely."""

from pathlib import Path
from typing import TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import ValidationError
from pydantic_settings import BaseSettings

SettingsT = TypeVar("SettingsT", bound=BaseSettings)


def load_settings(model: type[SettingsT], prefix: str) -> SettingsT:
    """Read ``model`` from the environment; a problem names the variable, never its value (it may be a secret)."""
    try:
        return model()
    except ValidationError as error:
        problems = ", ".join(f"{_variable(prefix, e['loc'])}: {e['msg']}" for e in error.errors())
        raise ValueError(f"the email settings are incomplete or wrong: {problems}") from None


def _variable(prefix: str, location: tuple[int | str, ...]) -> str:
    name = "_".join(str(part) for part in location).upper()
    return name if name.startswith("PLANBOT_") or name == "TZ" else f"{prefix}{name}"


def resolve_zone(name: str | None) -> ZoneInfo:
    """The named IANA zone; without one, the machine's zone (``/etc/localtime``), else UTC."""
    if name:
        return ZoneInfo(name)
    try:
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            return ZoneInfo(target.split("zoneinfo/", 1)[1])
    except (OSError, ZoneInfoNotFoundError, ValueError):
        pass
    return ZoneInfo("UTC")


def check_zone(name: str | None) -> str | None:
    """A settings validator: ``name`` must be a known IANA zone (or unset)."""
    if name:
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"unknown time zone {name!r}") from error
    return name
