"""An approval that stands for every card of the plan ("yes both", "both look fine, send", "all good, send them",
"go ahead with all of it"): read by its structure, not by its sentence. However the approval itself was read (its
phrases, the learned reply acts), it covers the plan's other writes when a word of it quantifies over what is shown
(data/covering_words.txt: "both", "all", "each", "them") outside the words that approve ("all good" alone approves
the one card shown) and outside the words that quantify over nothing shown (data/covering_not.txt: "that's all").
A reply that reads as nothing at a card but approves once its covering words are set aside ("approve all", "ok do
them all") is that covering approval."""

from collections.abc import Callable
from dataclasses import replace

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.cannot_handle import CannotHandle
from planning.understanding.commands.context import Context
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.kinds import Command

Read = Callable[[str, Context], tuple[Command, ...]]


def marked(text: str, context: Context, commands: tuple[Command, ...], read: Read) -> tuple[Command, ...]:
    """``commands`` (the reading of ``text`` at an approval card) with its approval marked as covering every card
    when the words say so; a reply that read as nothing, read again without its covering words."""
    if context.question != "approval":
        return commands
    reply = Reply.of(text)
    spans = _covering_spans(reply.words)
    if not spans:
        return commands
    if any(_plain_approval(command) for command in commands):
        return tuple(_covering(c) for c in commands)
    if len(commands) == 1 and isinstance(commands[0], CannotHandle):
        rest = _without(reply, spans)
        again = read(rest, context) if rest else ()
        if len(again) == 1 and _plain_approval(again[0]):
            return (_covering(again[0]),)
    return commands


def covers(text: str) -> bool:
    """Whether ``text`` says a word that quantifies over every card shown, outside the words that approve."""
    return bool(_covering_spans(Reply.of(text).words))


def uncovered(text: str) -> str | None:
    """``text`` without its covering words ("approve all" → "approve"); None when it says none."""
    reply = Reply.of(text)
    spans = _covering_spans(reply.words)
    return _without(reply, spans) if spans else None


def _covering(command: Command) -> Command:
    return replace(command, covering=True) if isinstance(command, Decide) and _plain_approval(command) else command


def _plain_approval(command: Command) -> bool:
    """An approval of the card as shown, not of items of it picked by their numbers."""
    return isinstance(command, Decide) and command.action == "approve" and not command.numbers


def _covering_spans(words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the covering words are, (start, end) token spans, read past approval phrases and words that quantify
    over nothing shown."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(words):
        skipped = phrases("covering_not").at(words, index) or phrases("approve").at(words, index)
        if skipped is not None:
            index += skipped[0]
            continue
        found = phrases("covering_words").at(words, index)
        if found is not None:
            spans.append((index, index + found[0]))
            index += found[0]
            continue
        index += 1
    return spans


def _without(reply: Reply, spans: list[tuple[int, int]]) -> str:
    """The reply's text with the covering words left out ("approve all" → "approve")."""
    inside = {index for start, end in spans for index in range(start, end)}
    return " ".join(token.word for index, token in enumerate(reply.toks) if index not in inside)
