"""The closed set of commands a reply is read into."""

from typing import Literal

from planning.understanding.commands.answer import Answer
from planning.understanding.commands.book_beside import BookBeside
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.mail_follow_up import MailFollowUp
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.record_change import RecordChange
from planning.understanding.commands.request_again import RequestAgain
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo

# a follow-up on what the last plan made: its event, its record, its mail, its request at another time, a booking
FollowUpChange = EventChange | RecordChange | MailFollowUp | RequestAgain | BookBeside
Command = Answer | Pick | Correct | Decide | Undo | FollowUpChange | NewRequest | Thanks | CannotHandle
CommandKind = Literal[
    "answer",
    "pick",
    "correct",
    "decide",
    "undo",
    "event_change",
    "record_change",
    "mail",
    "request_again",
    "book_beside",
    "new_request",
    "thanks",
    "cannot_handle",
]
COMMANDS: tuple[type[Command], ...] = (
    Answer,
    Pick,
    Correct,
    Decide,
    Undo,
    EventChange,
    RecordChange,
    MailFollowUp,
    RequestAgain,
    BookBeside,
    NewRequest,
    Thanks,
    CannotHandle,
)
