"""The closed set of commands a reply is read into."""

from typing import Literal

from planning.understanding.commands.answer import Answer
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.change import Change
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.pick import Pick
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo

Command = Answer | Pick | Correct | Decide | Undo | Change | NewRequest | Thanks | CannotHandle
CommandKind = Literal["answer", "pick", "correct", "decide", "undo", "change", "new_request", "thanks", "cannot_handle"]
COMMANDS: tuple[type[Command], ...] = (Answer, Pick, Correct, Decide, Undo, Change, NewRequest, Thanks, CannotHandle)
