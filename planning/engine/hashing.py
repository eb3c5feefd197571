"""An approval is bound to a step and a hash of the exact arguments it showed."""

import hashlib
import json
from typing import Any


def args_hash(step_id: str, arguments: dict[str, Any]) -> str:
    canonical = json.dumps({"step": step_id, "arguments": arguments}, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]
