"""What the engine says, in one place."""

from planning.engine.wording import clipped, name_in_words
from planning.types import OutOfScope

HELP = (
    "I plan and run work across your email, CRM and calendar. Try:\n"
    "• “Email Priya the Q3 deck and book 30 minutes with her Thursday at 2pm”\n"
    "• “What's on my calendar tomorrow?”\n"
    "• “Show open deals for Initech”\n"
    "• “Mark the Globex lead as qualified”\n"
    "I show the plan first, ask for anything missing, and run each step that changes something only after "
    "you approve it."
)
CANT_DO = (
    "I can't do that: I work with email, CRM records (contacts, leads, deals, accounts) and calendars. "
    "Ask “help” to see examples."
)


LEAD_CONVERSION = (
    "I can't convert a lead: the CRM lets me find, create and update leads and contacts, but not turn one into "
    "the other. I can add a contact with the lead's details, for example “add a contact: their name, "
    "title at company”, and mark the lead qualified."
)


def cant_do(outside: OutOfScope) -> str:
    """The refusal: an action planbot cannot take on things it does work with is named ("I can't delete emails"),
    so the refusal does not read as "I can't do that: I work with email"."""
    if outside.topic == "lead conversion":
        return LEAD_CONVERSION
    if not (outside.action and outside.things):
        return CANT_DO
    said, things = outside.said, outside.things
    action = said if said.isalpha() else outside.action  # "unsend" as the user said it, else its kind
    return (
        f"I can't {action} {things}: that is not among what I can do with them. I read, send, reply to and forward "
        "email; find, create and update CRM records; and read, book, move and cancel calendar events. "
        "Ask “help” to see examples."
    )


def not_understood(text: str) -> str:
    """For a request that sounds like ours but was not understood: say so, with two phrasings that work."""
    shown = clipped(text)
    return (
        f"I didn't understand what to do with “{shown}”. Say what to do and with what, for example "
        "“book lunch with Maria on Friday at noon” or “what's on my calendar tomorrow?”."
    )


PARTLY_UNSUPPORTED = "Part of that is outside email, CRM and calendar, so I left it out of the plan."
TRY_AGAIN = "Could you say it another way?"
NOT_YOURS = "Only the person who asked for this plan (or a configured approver) can decide on its steps."
NO_SUCH_PLAN = "I can't find that plan any more."
NOTHING_TO_UNDO = "There is nothing in your last plan here that I can undo."
NOT_ALLOWED = "Sorry, I'm not set up to work for you here. Ask whoever installed me to add you."
MOVED_ON = "That plan has moved on since this was shown; use the latest message in the thread."
STALE_APPROVAL = "This step changed since you saw it. Here is the current version to approve."
EXPIRED_APPROVAL = "That approval request expired. Here it is again if you still want it."
SESSION_EXPIRED = "This plan expired because it waited too long. Ask again to start over."
BUSY = "I'm working on this plan; I'll ask when I need something."
DAY_TAKEN_BACK = "Taken back: the day you gave for it."
STOPPED_AT_PROBLEM = "I stopped there: nothing else in that message was done, and nothing was approved."
APPROVAL_WORDS = "Reply “approve”, “skip”, “edit FIELD=VALUE”, “remove N” (an item of a list) or “cancel”."


def which_of_existing(notice: str | None) -> str:
    """A yes at a card that found the thing already there: another one, or the existing one? Nothing is done yet."""
    there = f"{notice}, so" if notice else "It already exists, so"
    return (
        f"{there} nothing was created yet. Reply “create another” to make a second one, or “use the existing one” "
        "to keep the one there."
    )


def not_understood_at_card(text: str) -> str:
    """A reply at an approval card read as neither a change nor a decision: nothing changed, and it says so."""
    said = clipped(text.strip())
    return (
        f"I did not understand “{said}” as a change or a decision, so nothing changed and nothing was approved. "
        "What should I change? Or reply “approve”, “skip”, “edit FIELD=VALUE”, “remove N” (an item of a list) "
        "or “cancel”."
    )


def approve_without(unread: str) -> str:
    """An approval typed right after a reply at the card that was not understood: asked once more."""
    said = clipped(unread.strip())
    return (
        f"Just checking: “{said}” did not change anything, so the card is still as shown. Approve it as it is? "
        "Reply “yes” to approve it unchanged, or say the change in other words."
    )


def already_over(state: str) -> str:
    return f"This plan is already {state}."


def rate_limited(started: int, limit: int) -> str:
    return (
        f"You have started {started} plans in the last hour, and the limit is {limit}. "
        "Finish or cancel one (see /plans), or try again a little later."
    )


def no_such_date(date: str) -> str:
    """Why a date is asked for (again): shown as “Sorry, there is no 30 February.” above the question."""
    return f"there is no {date}"


def start_has_passed(when: str) -> str:
    return f"{when} has already passed. Book it anyway, or give another time?"


PAST_START_EXAMPLE = "“yes”, or “tomorrow at 10am”"
ANOTHER_TIME = "Which time should I use instead?"


_NOT_GIVEN = ("skipped by you: no ", " given")
_VALUE_WORDS = {"durationMinutes": "length", "body": "text", "to": "recipient", "startTime": "start time"}


def step_state(state: str, note: str | None) -> str:
    """A plan line's state with its note in plain words: "skipped: no start time was given", "skipped by you",
    "done (used the existing one)"; never a field's name (``startTime``) or the state said twice."""
    if not note:
        return state
    head, tail = _NOT_GIVEN
    name = note[len(head) : -len(tail)] if note.startswith(head) and note.endswith(tail) else ""
    if name and (name.replace("_", "").isalnum()):
        words = _VALUE_WORDS.get(name) or name_in_words(name)
        return f"{state}: no {words} was given"
    if note.startswith((state + " ", state + ":")):
        return note
    return f"{state} ({note})"


WELCOME = "Glad to help."


def then_heading(count: int) -> str:
    """The heading of the later changes an approval card approves too."""
    what = "the next change" if count == 1 else f"the next {count} changes"
    return f"Approving this approves {what} too (each shown as it runs; one with a warning waits):"
