"""The action a refusal names, from the understanding's own explanation ("'unsend' (delete) on emails is outside
what planbot does"): kept beside the understanding that writes that explanation, so the engine reads no prose."""

import re

_ACT_ON_OURS = re.compile(r"'([^']+)' \(([a-z][a-z ]*)\) on ([a-z][a-z ,]*?) is outside")


def refused_action(explanation: str) -> tuple[str, str, str] | None:
    """(the words the user said, the action's kind, the things it acts on), or None."""
    found = _ACT_ON_OURS.search(explanation)
    if found is None:
        return None
    return found.group(1).strip().lower(), found.group(2).strip(), found.group(3).strip()
