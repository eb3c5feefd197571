"""``NewRequest``: the reply is a request of its own, planned as any new message."""

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True, slots=True)
class NewRequest:
    """``text``: the request, to be understood and planned (the planner's reading of it is the parse); ``added``: said
    beside the open plan ("also book …", "oh and email tom …"), to be done as well, not instead."""

    kind: ClassVar[Literal["new_request"]] = "new_request"
    text: str
    added: bool = False
