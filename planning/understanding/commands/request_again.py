"""``RequestAgain``: after a plan ended, only another time said ("and tomorrow?", "what about friday"): the earlier
request again at that time."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class RequestAgain:
    """``text``: the reply as typed (the time in it replaces the earlier request's)."""

    kind: ClassVar[Literal["request_again"]] = "request_again"
    text: str
