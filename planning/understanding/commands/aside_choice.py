"""Which reading of a reply with asides is taken: the whole reply's, or the one without its asides
(:mod:`.asides`). The reading without them wins where the whole took an aside for a value; the whole wins where an
aside named a value the command needs, or where leaving it out would lose a command, a change or an email's text."""

from planning.understanding.commands import asides
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.answer import Answer
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.kinds import Command
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.pick import Pick


def chosen(
    whole: tuple[Command, ...], commands: tuple[Command, ...], kept: str, said_aside: tuple[str, ...]
) -> tuple[Command, ...]:
    """The reading to take: ``whole`` (of the reply) or ``commands`` (of ``kept``, the reply without ``said_aside``)."""
    if any(_aside_taken(command, said_aside) for command in whole) and not isinstance(commands[0], CannotHandle):
        return commands  # the whole reading took an aside for a value
    if not isinstance(whole[0], NewRequest | CannotHandle) and _uses_aside(whole, said_aside, kept):
        return whole  # "argh undo, that was for peter": the "aside" named who it was meant for
    return commands if _asides_mislead(whole, commands, kept) else whole


def _uses_aside(whole: tuple[Command, ...], said_aside: tuple[str, ...], kept: str) -> bool:
    """Whether a value the whole reading took holds a word only an aside says."""
    aside_words = {word for aside in said_aside for word in Reply.of(aside).words if word.isalnum()}
    only_aside = aside_words - set(Reply.of(kept).words) - {w for w in aside_words if phrases("stop_words").value((w,))}
    for command in whole:
        value = command.text if isinstance(command, Answer) else getattr(command, "value", None)
        value = command.title if isinstance(command, Pick) else value  # "…, call it summit rehearsal": its name
        if isinstance(value, str) and only_aside & set(Reply.of(value).words):
            return True
    return False


def _aside_taken(command: Command, said_aside: tuple[str, ...]) -> bool:
    """Whether ``command`` took an aside whole as its value ("oh wait she's in a workshop till 3 that day, move it
    to friday" where a start is asked: a correction to the words of the reason): that is no more done, but misread."""
    value = command.text if isinstance(command, Answer) else getattr(command, "value", None)
    return isinstance(value, str) and any(asides.same_words(aside, value) for aside in said_aside)


def _said(commands: tuple[Command, ...]) -> int:
    """How many things a reading does: each command, and each change said with another ("also")."""
    return sum(1 + len(getattr(command, "also", ())) for command in commands)


def _asides_mislead(whole: tuple[Command, ...], kept: tuple[Command, ...], text: str) -> bool:
    """Whether the reading of a reply without its asides (``kept``, of ``text``) is to be taken over the reading of
    the whole: it is placed, it is not the whole's reading with less in it ("looks right, but do it at 2:15": the
    aside was an approval after all), and it loses nothing the whole read as a command of the open plan or a
    follow-up ("oh no, i meant the 14th not the 12th": the "aside" was the correction). Never an answer (its reader
    finds the value in the whole reply), nor a request that writes an email or makes a record (an aside may be the
    email's text or the record's fields)."""
    unplaced = (NewRequest, CannotHandle)
    if isinstance(kept[0], CannotHandle) or any(isinstance(command, Answer) for command in kept):
        return False
    if all(_within(command, whole) for command in kept):
        return False
    if not isinstance(whole[0], unplaced) and (isinstance(kept[0], unplaced) or _said(whole) > _said(kept)):
        return False  # "he's already contacted, i called him fri. his cell is …": the "aside" was a change
    request = any(isinstance(command, NewRequest) for command in kept)
    return not (request and (asides.may_be_text(text) or asides.may_be_details(text)))


def _within(command: Command, whole: tuple[Command, ...]) -> bool:
    """Whether ``command`` is one of ``whole``'s, or the same change of an event with less said ("start it at 10:30"
    of "start it at 10:30, still end at 11": the "aside" was its end)."""
    if command in whole:
        return True
    if not isinstance(command, EventChange):
        return False
    return any(
        isinstance(other, EventChange)
        and (other.field, other.value) == (command.field, command.value)
        and set(command.also) < set(other.also)
        for other in whole
    )
