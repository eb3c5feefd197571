"""Decisions over the steps of one plan, each step named by its words ("accept yes, skip the priya move for now";
"do the lead update but skip the demo"): the step named is the one still to run whose words (what its card says it
does, the verbs of that change and the words for its kind of thing) hold most of the words said, and no other holds
as many. A step named to be done at its card is approved; one named to be left out is skipped, the shown one or a
later one (``Decide.step``)."""

from planning.understanding.commands._people_swaps import named_among
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.decide import Decide


def decided(clause: Reply, context: Context) -> Decide | None:
    """The decision a clause says about a step it names, at an approval card: "skip the demo (for now)" leaves that
    step out ("shown": the card's own skip); "do the lead update", "accept yes" at the card of that step approve it.
    None when the clause names no one step that way."""
    if context.question != "approval" or not context.steps:
        return None
    said = clause.before_reason() or clause
    words, start = said.words, said.after("leads", "polite", "answer_leads")
    for name in ("step_skip_leads", "step_do_leads"):
        lead = phrases(name).at(words, start)
        if lead is None:
            continue
        said_words = _trimmed(words[start + lead[0] :])
        step = named(said_words, context)
        if step is None:
            return None
        shown = step == context.steps[0][0]
        if name == "step_do_leads":
            return Decide("approve") if shown else None
        if shown and named_among(said_words, context.people):
            return None  # "drop tom" at the email to him and dana: he is left out, not the email (people readers)
        return Decide("skip") if shown else Decide("skip", step=step)
    whole = clause.words[clause.after("leads", "polite", "answer_leads") :]
    return _verb_then_yes(whole, context)  # the whole clause: "accept yes, skip …" is more than a yes


def approved_next(reply: Reply, context: Context) -> Decide | None:
    """ "skip the email, i'll tell him myself. decline is good, go": after the step asked is left out, a last
    sentence that names the step after it and approves it (data/step_approved_tails.txt): its approval, for when it
    is shown. None unless the words name that step and no other."""
    last = reply.last_sentence()
    if last is None or len(context.steps) < 2:
        return None
    words = Reply.of(last).words
    for index in range(1, len(words)):
        if _yes_only(words[index:]):
            return Decide("approve") if named(words[:index], context) == context.steps[1][0] else None
    return None


def _yes_only(words: tuple[str, ...]) -> bool:
    """Whether the words only approve ("is good, go"), one phrase after another."""
    index, said = 0, False
    while index < len(words):
        if words[index] in (",", "-", "and"):
            index += 1
            continue
        found = phrases("step_approved_tails").at(words, index) or phrases("approve").at(words, index)
        if found is None:
            return False
        index, said = index + found[0], True
    return said


def named(said: tuple[str, ...], context: Context) -> str | None:
    """The id of the one step of ``context.steps`` whose words hold the most of ``said`` (at least one); None when
    none holds any, or two hold as many."""
    wanted = {_plain(word) for word in said if phrases("step_name_fillers").value((word,)) is None} - {""}
    if not wanted:
        return None
    scores = sorted(((len(wanted & _words_of(step, context)), step[0]) for step in context.steps), reverse=True)
    if not scores or scores[0][0] == 0 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return scores[0][1]


def _verb_then_yes(words: tuple[str, ...], context: Context) -> Decide | None:
    """ "accept yes", "send, yes": the verb of the step shown, then words of a yes: its approval."""
    verb = phrases("step_verbs").at(words, 0)
    if verb is None or verb[1] != context.doing:
        return None
    rest = tuple(word for word in words[verb[0] :] if word not in (",", "-"))
    yes = phrases("approve").at(rest, 0)
    return Decide("approve") if rest and yes is not None and yes[0] == len(rest) else None


def _trimmed(words: tuple[str, ...]) -> tuple[str, ...]:
    """The words naming a step without those that trail a decision ("for now", "pls")."""
    end = len(words)
    while end > 0 and (tail := phrases("decision_tails").ending(words[:end])) is not None:
        end -= tail[0]
    return words[:end]


def _words_of(step: tuple[str, str, str], context: Context) -> frozenset[str]:
    """A step's words: those its card says it does, the verbs of that change (data/step_verbs.txt) and the words for
    its kind of thing (data/step_things.txt)."""
    _, doing, intent = step
    thing = phrases("step_tool_things").value((doing,))
    verbs = {words[0] for words, value in phrases("step_verbs").entries if value == doing and len(words) == 1}
    things = {words[0] for words, value in phrases("step_things").entries if value == thing and len(words) == 1}
    return frozenset({_plain(word) for word in Reply.of(intent).words} | verbs | things) - {""}


def _plain(word: str) -> str:
    """A word without the quotes and marks around it and a possessive "'s" ("“1:1" → "1:1", "priya's" → "priya")."""
    word = word.strip("\"'“”‘’()[],.!?").lower()
    return word[:-2] if word.endswith(("'s", "’s")) else word
