"""At the card, another of the people a lookup's pick was made among, named by a word only that one holds ("wait no
sorry - park. he's the one who asked for it" after John Smith was picked of the two Johns): that person takes the
place of the one picked, the plan's other people kept (:func:`._picks.singled_out`, grounded in those shown)."""

from planning.understanding.commands._picks import singled_out
from planning.understanding.commands._words import Reply
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct


def repicked(reply: Reply, context: Context) -> Correct | None:
    """The person picked before replaced by the one the reply singles out among the same options; None when the reply
    singles out none, or the one picked, or the options have no addresses."""
    for made in context.picked:
        other = singled_out(reply, made.options, ())
        if other is None or other.index is None or other.index - 1 == made.chosen:
            continue
        new, old = made.options[other.index - 1].get("email"), made.options[made.chosen].get("email")
        if isinstance(new, str) and isinstance(old, str) and "@" in new and "@" in old:
            return Correct(new, people=True, replaces=old)
    return None
