"""A cancel at an approval card that names one step, not the plan ("cancel the email", "don't send this one, the
meeting is fine", "hold off on the invite"): read by its structure, whatever read it as a cancel. Before the reason
said with it, the words hold a kind of thing a step does (a determiner and a word of data/step_things.txt: "the
email", "this meeting") — that kind is the target — or a phrase that points at the card shown (data/card_pointers.txt:
"this one") — the target is "shown". The engine leaves out those steps and keeps the plan's other writes; with no
other write left it cancels the plan. "cancel", "cancel it", "scratch that" stay cancels of the plan."""

from dataclasses import replace

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.decide import SHOWN, Decide
from planning.understanding.commands.kinds import Command


def marked(text: str, context: Context, commands: tuple[Command, ...]) -> tuple[Command, ...]:
    """``commands`` with a plain cancel given the step it names, at an approval card."""
    if context.question != "approval" or len(commands) != 1:
        return commands
    [command] = commands
    if not isinstance(command, Decide) or command.action != "cancel" or command.target is not None:
        return commands
    reply = Reply.of(text)
    head = reply.before_reason() or reply
    target = named_step(head.words)
    return commands if target is None else (replace(command, target=target),)


def named_step(words: tuple[str, ...]) -> str | None:
    """The kind of step the words name ("the email": "email"), or ``SHOWN`` for the card pointed at ("this one")."""
    for index in range(len(words)):
        if phrases("card_pointers").at(words, index) is not None:
            return SHOWN
        determiner = phrases("determiners").at(words, index) or phrases("pointing_determiners").at(words, index)
        if determiner is None or index + determiner[0] >= len(words):
            continue
        thing = phrases("step_things").value((words[index + determiner[0]],))
        if thing is not None:
            return thing
    return None
