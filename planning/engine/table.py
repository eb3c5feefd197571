"""What happens next: one table of (what the plan asks × what the reply says) → a small handler.

The understanding reads each reply once into a command (:mod:`planning.understanding.commands`); the conversation
looks the pair up here and runs the handler the row names. ``python -m planning.engine.table`` prints it.

    question    the open question's kind; "offer": the bot asked whether the last reply was a new request;
                "none": nothing is asked (a step is running); "ended": no plan is open, the person's last one in
                the thread ended (a follow-up on it, :mod:`~planning.engine.after_plan`); "any": whatever is asked
    command     the command's kind; a decision by its action ("decide:approve"), a pick by its key ("pick:new"),
                a mail follow-up by its action ("mail:forward")

A reply read as several commands (every clause of it, :mod:`planning.understanding.commands.accounted`) runs each by
its row, in order (:mod:`~planning.engine.handlers`); after a plan ended, the first by its row, and the rest, one
message, once the plan it started is done (:mod:`~planning.engine.then_said`; an undo with a change of the record it
puts back is one plan, :mod:`~planning.engine.undo_changed`).
"""

from dataclasses import dataclass

from planning.understanding.commands import Command, Decide, MailFollowUp, Pick


@dataclass(frozen=True, slots=True)
class Row:
    question: str
    command: str
    handler: str
    does: str


TABLE: tuple[Row, ...] = (
    Row("any", "decide:cancel", "cancel", "cancel the plan: nothing else runs"),
    Row("approval", "decide:cancel_named", "cancel_named", "the step named or shown left out, the other writes kept"),
    Row("offer", "pick:new", "take_offer", "drop the open plan and start the request offered"),
    Row("offer", "pick:answer", "keep_offer", "keep the plan: a text asked takes the offered words, else ask again"),
    Row("offer", "cannot_handle", "offer_again", 'neither choice said ("a", "yes"): keep the plan, offer again'),
    Row("any", "correct", "correct", "change the value named, or the one it fits; fits none: read as an answer"),
    Row("none", "any", "busy", "a step is running: say so (or take over a write whose process stopped)"),
    Row("any", "decide:skip_named", "skip_named", 'leave out the step named ("skip the email"); what is asked stays'),
    Row("clarify", "pick", "clarify_pick", "plan the request again as the reading picked"),
    Row("clarify", "decide:approve", "clarify_yes", "go ahead with the plan as understood"),
    Row("clarify", "any", "clarify_new", "drop the question: plan the reply as the request"),
    Row("approval", "decide:approve", "approve", "run the step shown (checked again first)"),
    Row("approval", "decide:skip", "skip", "leave the step out"),
    Row("approval", "pick", "card_choice", "the card's choice: the next free slot, the existing record, another"),
    Row("approval", "decide:remove", "remove", "take the items numbered out of a repeated step"),
    Row("approval", "decide:edit", "edit", "set a field of the step, then ask for approval again"),
    Row("approval", "event_change", "instead", "the event's length, start or place changed; said instead: that update"),
    Row("approval", "request_again", "other_occurrence", "another day's occurrence of the event found: planned anew"),
    Row("approval", "new_request", "new_at_card", "a request of its own: offer to start it, the card shown again"),
    Row("approval", "any", "approval_words", "say what an approval takes"),
    Row("value", "undo", "undo_answer", "the day said for the time asked taken back; none said: asked again"),
    Row("value", "new_request", "maybe_new", "a request of its own: offer to start it; else the text asked"),
    Row("recover", "new_request", "maybe_new", "a request of its own: offer to start it; else the words to look for"),
    Row("ended", "undo", "undo", "the last plan's changes put back (all, or the fields named)"),
    Row("ended", "event_change", "event_change", "the event it made or changed: moved, lengthened, people, deleted"),
    Row("ended", "record_change", "record_change", "a field of the record it made, changed or found (not another's)"),
    Row("ended", "mail:forward", "forward", "the email it sent forwarded to the people named"),
    Row("ended", "mail:send_again", "send_again", "the email it sent sent again to the people named (or forwarded)"),
    Row("ended", "mail:correct", "correct_sent", "a correction of the email it sent, sent as a new email"),
    Row("ended", "mail:same_change", "same_mail_change", "the change it made to mail made to the mail described"),
    Row("ended", "request_again", "request_again", "its request planned again at the time said"),
    Row("ended", "book_beside", "book_beside", "a booking placed right after, before or at what it showed"),
    Row("ended", "pick", "book_free_time", "one of the free times it found, booked"),
    Row("ended", "thanks", "welcome", "say you're welcome"),
    Row("ended", "any", "not_follow_up", "no follow-up: the words start a new request"),
    Row("any", "any", "answer", "the answer to what is asked (asked again when it is not one)"),
)


OFFER_ANSWERS = ("pick:new", "pick:answer", "cannot_handle")


def label(command: Command) -> str:
    """A command as the table names it: "decide:approve", "pick:new", "pick", "answer", …"""
    if isinstance(command, Decide):
        named = command.target is not None or command.step is not None
        return f"decide:{command.action}{'_named' if named else ''}"
    if isinstance(command, Pick) and command.key in ("new", "answer"):
        return f"pick:{command.key}"
    if isinstance(command, MailFollowUp):
        return f"mail:{command.action}"
    return command.kind


def row_for(question: str, command: Command) -> Row:
    """The first row that fits: the question's own rows before "any", a command's own before "any"."""
    said = label(command)
    for row in TABLE:
        if row.question in (question, "any") and row.command in (said, said.split(":")[0], "any"):
            return row
    raise LookupError(f"no row for {question} × {said}")  # the last row fits every pair


def render() -> str:
    """The table as text, one row a line."""
    head = f"{'question':<10} {'command':<18} {'handler':<17} what happens"
    lines = [head, "-" * len(head)]
    lines += [f"{r.question:<10} {r.command:<18} {r.handler:<17} {r.does}" for r in TABLE]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m planning.engine.table
    print(render())
