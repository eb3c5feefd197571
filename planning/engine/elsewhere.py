"""A message typed outside the thread of a plan that asks something (in Slack, a new top-level direct message while
the plan's question waits in its thread): it answers that question when the understanding reads it, with the
question's context, as an answer to it; otherwise it is a request of its own."""

from integrations.base.principal import Principal
from planning.engine import reading
from planning.engine.answers import parse_answer, value_type
from planning.engine.offers import Offers
from planning.engine.parts import Parts
from planning.engine.session import Session
from planning.understanding.commands import Answer, Correct, Decide, Pick

_ANSWERS = (Answer, Pick, Correct, Decide)


async def answered_thread(parts: Parts, offers: Offers, who: Principal, text: str, threads: str) -> str | None:
    """The thread key of ``who``'s latest open plan among the threads whose keys start with ``threads`` when it asks
    something and ``text`` answers it; None otherwise (only the plan asked last is considered)."""
    records = [r for r in await parts.store.list_open(requester=who.user) if r.thread_key.startswith(threads)]
    for record in sorted(records, key=lambda r: r.updated_at, reverse=True):
        session = parts.from_record(record)
        if session.team != who.team or session.question is None:
            continue
        return session.thread_key if await _answers(parts, offers, session, text) else None
    return None


async def _answers(parts: Parts, offers: Offers, session: Session, text: str) -> bool:
    question = session.question
    assert question is not None
    commands = reading.read(text, session, parts.now(session.tz))
    if not commands or not all(isinstance(command, _ANSWERS) for command in commands):
        return False
    if not all(isinstance(command, Answer) for command in commands):
        return True  # a pick, a correction, a decision: said to this plan
    now = parts.now(session.tz)
    if question.kind in ("approval", "clarify", "pick"):
        return False  # words that are none of the decisions or choices offered: a request of their own
    name = question.name
    if name is not None and value_type(name) != "text" and not parse_answer(name, text, now).ok:
        return False
    return not await offers.is_new_request(session, text, now)
