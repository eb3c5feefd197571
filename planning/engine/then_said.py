"""What a reply said to do after the plan it starts: "undo that and book lunch with sam friday" after a plan ended
starts the undo's plan and keeps "book lunch with sam friday" with it (``Session.then``); once that plan is done,
the words are taken as a message of their own in the thread — a follow-up on the plan just done, or a new request.
A plan cancelled, failed or expired drops them (the user changed their mind, or what they build on did not happen)."""

from typing import TYPE_CHECKING

from integrations.base.principal import Principal
from planning.engine.parts import Parts
from planning.engine.replies import Refused, Reply, Say
from planning.engine.session import Session

if TYPE_CHECKING:
    from planning.engine.starting import Starter


async def kept(
    parts: Parts, starter: "Starter", who: Principal, thread_key: str, then: str, replies: list[Reply]
) -> list[Reply]:
    """``then`` kept with the plan the reply just opened in the thread, said once it is done; with no plan open (the
    change was done at once), said now — unless what came first was refused."""
    opened = await parts.open_session(thread_key)
    if opened is not None:
        opened.then = then
        await parts.save(opened)
        return [Say(text=f"Once that is done: “{then}”.")]
    if any(isinstance(reply, Refused) or (isinstance(reply, Say) and reply.tone == "problem") for reply in replies):
        return [Say(text=f"So I did not go on to “{then}”.", tone="problem")]
    return await said(starter, who, thread_key, then)


async def after_done(starter: "Starter", session: Session) -> list[Reply]:
    """What ``session`` kept to say once it is done, said now that it is (nothing when it is open or did not finish)."""
    if session.open or session.state != "done" or not session.then:
        return []
    return await said(starter, session.principal, session.thread_key, session.then)


async def said(starter: "Starter", who: Principal, thread_key: str, text: str) -> list[Reply]:
    """``text`` as a message of its own where no plan is open: a follow-up on the last plan, or a new request."""
    return await starter.after(who, thread_key, text) or await starter.start(who, thread_key, text)


async def queued(parts: Parts, starter: "Starter", session: Session) -> list[Reply]:
    """The requests said beside ``session`` ("also book …" while it asked), started one at a time once it ended,
    however it ended (they were asked as well, not after it); a plan left to expire drops them. One that opens a plan
    of its own takes the rest along, to start when that one ends."""
    if session.open or session.state == "expired" or not session.queued:
        return []
    waiting, session.queued = list(session.queued), []
    await parts.save(session)
    out: list[Reply] = []
    for index, text in enumerate(waiting):
        opened = await parts.open_session(session.thread_key)
        if opened is not None and opened.id != session.id:  # a plan this reply started is open: they wait for it
            opened.queued = [*opened.queued, *waiting[index:]]
            await parts.save(opened)
            break
        out += [
            Say(text=f"Now what you added: “{text}”."),
            *await said(starter, session.principal, session.thread_key, text),
        ]
    return out
