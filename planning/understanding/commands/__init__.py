"""A reply in a conversation read once, with the conversation's context, into a closed set of typed commands.

    read_reply("the one from Initech", Context(question="pick", candidates=...))  → (Pick(index=2),)
    read_reply("make it an hour", Context(left=frozenset({"event"})))             → (EventChange("durationMinutes", …),)

The engine dispatches on (question kind × command kind) and never reads words itself. The words live in
``data/*.txt`` (one phrase a line); times and lengths come from the understanding's span readers (``timeexpr``,
``timewords``).
"""

from planning.understanding.commands._days import names_a_day
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.book_beside import BookBeside
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.context import Context, QuestionKind
from planning.understanding.commands.correct import KIND, OWNER, REQUESTER, Correct
from planning.understanding.commands.decide import SHOWN, Decide
from planning.understanding.commands.event_change import EventChange, EventField, by_amount
from planning.understanding.commands.kinds import COMMANDS, Command, CommandKind, FollowUpChange
from planning.understanding.commands.listed_named import thing_said_in
from planning.understanding.commands.mail_follow_up import MailAction, MailFollowUp
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.ordinal_named import ordinal_named
from planning.understanding.commands.pick import ChoiceKey, Pick
from planning.understanding.commands.pointing import (
    follows_up,
    names_nothing,
    names_them,
    people_named,
    pointed_people,
    points_at_one,
    points_back,
    points_by_owner,
    points_with_pronoun,
)
from planning.understanding.commands.reader import read_reply
from planning.understanding.commands.record_change import RECORD_FIELDS, RecordChange, RecordField
from planning.understanding.commands.request_again import RequestAgain
from planning.understanding.commands.restate import clock_only, clock_without_day, one_clock_no_day, restated
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo

__all__ = [
    "COMMANDS",
    "KIND",
    "OWNER",
    "RECORD_FIELDS",
    "REQUESTER",
    "SHOWN",
    "Answer",
    "BookBeside",
    "CannotHandle",
    "ChoiceKey",
    "Command",
    "CommandKind",
    "Context",
    "Correct",
    "Decide",
    "EventChange",
    "EventField",
    "FollowUpChange",
    "MailAction",
    "MailFollowUp",
    "NewRequest",
    "Pick",
    "QuestionKind",
    "RecordChange",
    "RecordField",
    "RequestAgain",
    "Thanks",
    "Undo",
    "by_amount",
    "clock_only",
    "clock_without_day",
    "follows_up",
    "names_a_day",
    "names_nothing",
    "names_them",
    "one_clock_no_day",
    "ordinal_named",
    "people_named",
    "pointed_people",
    "points_at_one",
    "points_back",
    "points_by_owner",
    "points_with_pronoun",
    "read_reply",
    "restated",
    "thing_said_in",
]
