"""Edits typed in the thread ("edit subject=Deck"): where in the arguments, and with which type."""

from typing import Any


def set_path(arguments: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    target = arguments
    for key in keys[:-1]:
        target = target.setdefault(key, {})
    target[keys[-1]] = value


def typed_value(arguments: dict[str, Any], path: str, text: str) -> Any:
    """An edited value keeps the type the field had: a list stays a list, a number a number."""
    current: Any = arguments
    for key in path.split("."):
        current = current.get(key) if isinstance(current, dict) else None
    if isinstance(current, list):
        return [part.strip() for part in text.split(",") if part.strip()]
    if isinstance(current, bool):
        return text.strip().lower() in ("true", "yes", "1")
    if isinstance(current, int | float):
        try:
            return type(current)(text)
        except ValueError:
            return text
    return text
