"""``MailFollowUp``: after a plan that sent or changed mail, that mail again: forwarded to someone ("forward that to
Maria too"), sent again as a new email ("send the same thing to kim"), corrected ("its friday not thursday"), or
the change made to mail made to other mail ("the invoice one from maria too")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

MailAction = Literal["forward", "send_again", "correct", "same_change"]


@dataclass(frozen=True, slots=True)
class MailFollowUp:
    """``value``: who it goes to ("forward", "send_again"), the right words ("correct"; ``replaces``: the wrong ones
    the email said), or the words that describe the other mail ("same_change")."""

    kind: ClassVar[Literal["mail"]] = "mail"
    action: MailAction
    value: str
    replaces: str = ""
