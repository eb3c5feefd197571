"""Decisions in so many words: cancel, approve, skip, edit, remove items, a card's named choices, what to do with
a write whose outcome is unknown, a start that has passed."""

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.decide import Decide
from planning.understanding.commands.pick import Pick
from planning.understanding.timeexpr import find_times


def cancel(reply: Reply) -> Decide | None:
    """ "cancel", "cancel that", "cancel it, we don't need it any more" (a reason said with it)."""
    return Decide("cancel") if _said(reply, "cancel", things=False) else None


def approve(reply: Reply, *, thanks: bool = False) -> Decide | None:
    """ "yes", "looks good, send", "ok go ahead": approval phrases only, one after the other; with ``thanks`` (at a
    card, where no text is asked) also with thanks said after it ("ok thanks"). A question ("the rest ok?") is never
    an approval."""
    words = reply.words
    if reply.text.rstrip().endswith("?"):
        return None
    lead = phrases("approve_leads").at(words)
    index, said, one = (lead[0] if lead is not None and lead[0] < len(words) else 0), False, False
    while index < len(words):
        if words[index] in (",", "and", "-"):
            index += 1
            continue
        found = phrases("approve").at(words, index)
        polite = None
        after = (*_AFTER_YES, "thanks") if thanks else _AFTER_YES  # "yes pls", "yes, just today", "yeah that"
        for name in after if found is None and said else ():
            here = phrases(name).at(words, index)
            one = one or (here is not None and polite is None and name == "one_occurrence")
            polite = polite or here
        if found is None and polite is None:
            return None
        said = said or found is not None
        index += (found or polite or (1, ""))[0]
    return Decide("approve", one_occurrence=one) if said else None


_AFTER_YES = ("one_occurrence", "polite", "objects")  # words after a yes that add nothing to it


def approve_naming(reply: Reply, doing: str | None) -> Decide | None:
    """ "yep, accept", "ok, send it", "sure - move it please", "yes add the note": a yes, then the words of what the
    step shown does (data/step_verbs.txt), with the thing named in one word or not; words of another action ("yes,
    decline" for an acceptance) are no approval."""
    words, index = reply.words, 0
    if doing is None:
        return None
    said_yes = False
    while index < len(words):
        if words[index] in (",", "and", "-", "just"):
            index += 1
            continue
        verb = _verb_doing(words, index, doing)
        if verb is not None and said_yes:
            rest = words[index + verb[0] :]
            polite = phrases("polite").value(rest) is not None or phrases("objects").value(rest) is not None
            return Decide("approve") if not rest or polite or _one_thing(rest) else None
        found = phrases("approve").at(words, index)
        if found is None:
            return None
        said_yes, index = True, index + found[0]
    return None


def _verb_doing(words: tuple[str, ...], index: int, doing: str) -> tuple[int, str] | None:
    """The longest phrase of data/step_verbs.txt at ``index`` that says what the step shown does: "add" at a new
    record's card, though "add it" is a booking's words (the longest phrase there, of another step)."""
    for phrase, value in phrases("step_verbs").entries:
        if value == doing and words[index : index + len(phrase)] == phrase:
            return len(phrase), value
    return None


def _one_thing(words: tuple[str, ...]) -> bool:
    """ "the note", "the invite": a determiner and one word naming the thing the step makes ("yes add the note")."""
    named = phrases("determiners").at(words)
    return named is not None and len(words) == named[0] + 1 and words[-1].isalpha()


def only_another(reply: Reply, doing: str | None) -> Decide | None:
    """ "just book the kickoff", "only the meeting": only the change named is wanted. At the card of another change,
    the one shown is left out (a skip); at the card of that change, it is approved. The change is named by what it
    does (data/step_verbs.txt) or by the kind of thing it makes (data/step_things.txt, step_tool_things.txt)."""
    words = reply.words
    starts = (0, reply.after("leads", "polite"))  # "just" may be read as a lead ("just send it")
    found = next(((start, just) for start in starts if (just := phrases("only_words").at(words, start))), None)
    if found is None or doing is None:
        return None
    at = found[0] + found[1][0]
    pointer = phrases("card_pointers").at(words, at)
    if pointer is not None and (at + pointer[0] == len(words) or phrases("only_tails").value(words[at + pointer[0] :])):
        return Decide("approve", only=True)  # "just this one (for now)": the card shown, alone
    verb, named, thing = _change_named(words, at)
    shown = phrases("step_tool_things").value((doing,))
    tail = words[named + 1 :]
    alone = not tail or phrases("only_tails").value(tail) is not None  # "just the email for now"
    if thing is not None and shown is not None and (verb is not None or alone):
        return Decide("approve", only=True) if thing == shown else Decide("skip")  # "just send the invite" there
    if verb is None or thing is not None:
        return None
    pointed = any(phrases("objects").at(words, i) is not None for i in range(at + 1, min(named + 1, len(words))))
    return None if pointed else Decide("approve", only=True) if verb[1] == doing else Decide("skip")


def doing_named(reply: Reply, doing: str | None) -> Decide | None:
    """ "send the email", "book the meeting" as a clause at the card of that change (beside another decision: "send
    the email but skip the meeting"): its approval. The change is named by its verb and the kind of thing it makes,
    nothing after them (:func:`_change_named`)."""
    words = reply.words
    verb, named, thing = _change_named(words, reply.after("leads", "polite"))
    if verb is None or doing is None or named + 1 != len(words):
        return None
    return (
        Decide("approve", only=True)
        if thing is not None and thing == phrases("step_tool_things").value((doing,))
        else None
    )


def _change_named(words: tuple[str, ...], at: int) -> tuple[tuple[int, str] | None, int, str | None]:
    """A change named from token ``at``: the verb of what it does (data/step_verbs.txt) if said, where the thing's
    word is (after an article or "this"), and the kind of thing that word names (data/step_things.txt)."""
    verb = phrases("step_verbs").at(words, at)
    named = at + verb[0] if verb is not None else at
    while named < len(words) and words[named] in ("the", "a", "an", "that", "this"):
        named += 1
    return verb, named, phrases("step_things").value(words[named : named + 1])


def skip(reply: Reply) -> Decide | None:
    """ "skip", "skip the email", "skip the email, i'll tell him in person" (a reason said with it); the kind of
    thing named, when the words name one ("email": data/step_things.txt)."""
    if not _said(reply, "skip", things=True):
        first = reply.first_sentence()  # "skip the email. just book the kickoff": the rest says what is kept
        if first is None or not _said(first, "skip", things=True):
            return _step_left_out(reply)
        reply = first
    said = reply.before_reason() or reply
    named = phrases("step_things").value(said.words[-1:]) if len(said.words) > 1 else None
    return Decide("skip", target=named)


def _step_left_out(reply: Reply) -> Decide | None:
    """ "nah no need for the email, she has it already", "forget the invite, just the meeting": words that leave out a
    step (data/step_skip_leads.txt) naming the kind of thing it makes or changes (step_things.txt) first, whatever
    follows: a skip of that kind of step."""
    words = reply.words
    starts = range(reply.after("leads", "polite", "answer_leads") + 1)  # "nah no need …": "no" is a lead too
    found = next(((at, lead) for at in starts if (lead := phrases("step_skip_leads").at(words, at)) is not None), None)
    if found is None:
        return None
    named = found[0] + found[1][0]
    if named < len(words) and words[named] in ("a", "an"):
        return None  # "no need for a reply, all good": what the email says, no step of the plan
    while named < len(words) and words[named] in ("the", "that", "this"):
        named += 1
    thing = phrases("step_things").value(words[named : named + 1])
    ends = named + 1 >= len(words) or not words[named + 1][:1].isalnum()  # "the email, she has it": a mark next
    return Decide("skip", target=thing) if thing is not None and ends else None


def skip_said_last(reply: Reply) -> Decide | None:
    """A skip said after the reason, where a value or a person is asked: "no idea who that is, just skip him"."""
    found = skip(reply)
    last = _last_clause(reply) if found is None else None
    return found if last is None else skip(last)


def _last_clause(reply: Reply) -> Reply | None:
    """The words after the last comma or dash, without the words that soften them ("…, just skip him" → "skip
    him"); None for a reply of one clause."""
    words = reply.words
    cut = max((i for i, w in enumerate(words) if w in (",", "-", "–", "—", ";")), default=None)
    if cut is None or cut + 1 >= len(words):
        return None
    tail = Reply.of(reply.rest(cut + 1))
    start = tail.after("leads", "polite")
    return Reply.of(tail.rest(start)) if start < len(tail.words) else None


def _said(reply: Reply, name: str, *, things: bool) -> bool:
    """Whether the reply is the decision of ``data/{name}.txt`` (with what it acts on), alone or with a reason.
    ``things``: "skip the email" (a skip is never a request of its own; "cancel the meeting" may be one)."""
    for said in (reply, reply.before_reason()):
        if said is None:
            continue
        if said.is_one_of(name, objects=True, things=things) is not None:
            return True
        bare = _bare(said)  # "hmm hold off actually": the decision between words that only lead or trail it
        if bare is not None and bare.is_one_of(name, objects=True, things=things) is not None:
            return True
    return False


def _bare(reply: Reply) -> Reply | None:
    """``reply`` without the words that lead it ("hmm", "ok so": data/leads.txt) and those that trail a decision
    ("actually", "for now": data/decision_tails.txt); None when there are none, or nothing is left."""
    words = reply.words
    start, end = reply.after("leads"), len(words)
    while end > start and (tail := phrases("decision_tails").ending(words[start:end])) is not None:
        end -= tail[0]
    if (start, end) == (0, len(words)) or end - start < _BARE_WORDS:
        return None  # "hmm no, park": a lone "no" after a lead starts a correction, it decides nothing
    return Reply.of(reply.rest(start, end))


_BARE_WORDS = 2  # a decision read between other words says itself in two words or more ("hold off", "skip that")


def edit(reply: Reply) -> Decide | None:
    """ "edit when=Friday 4pm", "e title: Kickoff": the field and its new value as typed."""
    words = reply.words
    head = phrases("edit_words").at(words)
    if head is None:
        return None
    mark = next((i for i in range(head[0], len(words)) if words[i] in ("=", ":")), None)
    if mark is None or mark == head[0] or mark + 1 >= len(words):
        return None
    field, value = reply.rest(head[0], mark), reply.rest(mark + 1)
    if not all(part.replace("_", "").replace(".", "").replace("-", "").isalpha() for part in field.split()):
        return None
    return Decide("edit", field=field, value=value)


def note(reply: Reply) -> Decide | None:
    """ "add a note: back on Monday", "please include a comment saying see page 2": text added to the message shown
    (the field the words name, data/note_leads.txt), as typed after the link word."""
    words = reply.words
    start = reply.after("polite")
    lead = phrases("note_leads").at(words, start)
    if lead is None:
        return None
    index = start + lead[0]
    link = phrases("note_links").at(words, index)
    if link is None:  # "add a note" alone says nothing to add
        return None
    value = reply.rest(index + link[0]).strip("\"“”'")
    return Decide("edit", field=lead[1], value=value, adding=True) if value else None


def remove(reply: Reply) -> Decide | None:
    """ "r 2", "remove 2 and 3", "drop #1": the numbers of the items taken out of a repeated step."""
    words = reply.words
    head = phrases("remove_words").at(words)
    if head is None or head[0] >= len(words):
        return None
    numbers: list[int] = []
    for word in words[head[0] :]:
        if word.isdigit():
            numbers.append(int(word))
        elif word not in (",", "and", "&", "#"):
            return None
    return Decide("remove", numbers=tuple(numbers)) if numbers else None


def card_choice(reply: Reply, choices: tuple[tuple[str, str], ...], existing: bool) -> Pick | None:
    """A choice the approval card offered, in words: "f", "book 15:00 instead", "use the existing one", or "create
    another" where the record exists."""
    if existing and reply.is_one_of("create_another") is not None:
        return Pick(key="create_another")
    typed = " ".join(reply.words)
    for key, label in choices:
        if typed == " ".join(Reply.of(label).words):
            return Pick(key="free_slot" if key == "free_slot" else "use_existing")
        if key == "free_slot" and (reply.is_one_of("free_slot") or _book_instead(reply)) and _same_time(reply, label):
            return Pick(key="free_slot")
        if key == "use_existing" and reply.is_one_of("use_existing") is not None:
            return Pick(key="use_existing")
    return None


def _book_instead(reply: Reply) -> bool:
    words = reply.words
    return len(words) >= 2 and words[0] in ("book", "move") and words[-1] == "instead"


def _same_time(reply: Reply, label: str) -> bool:
    """ "book 15:00 instead" picks the slot offered at 15:00; a reply naming another time is not this choice."""
    named = [t for t in find_times(reply.text, ANY_DAY) if t.has_clock_time]
    if not named:
        return True
    offered = [t for t in find_times(label, ANY_DAY) if t.has_clock_time]
    return bool(offered) and named[0].start.time() == offered[0].start.time()


def outcome(reply: Reply) -> Decide | None:
    """A write whose outcome is unknown: run it again, it went through, or leave it."""
    words = reply.words
    for name, action in (("retry", "retry"), ("went_through", "done")):
        if phrases(name).at(words) is not None:
            return Decide("retry" if action == "retry" else "done")
    return Decide("skip") if words and (words[0] in ("skip", "neither") or words[:2] == ("leave", "it")) else None


def past_start(reply: Reply) -> Decide | None:
    """A start that has passed: keep it ("book it anyway") or give another time."""
    if reply.is_one_of("another_time") is not None:
        return Decide("another_time")
    return Decide("approve") if reply.is_one_of("keep_time") is not None else None


def turned_down(reply: Reply) -> Decide | None:
    """A change of mind about what is shown: "don't send it", "nvm, don't book that", "hold off on sending it for
    now" — a negation (data/negations.txt), an action (negated_actions.txt) and only words that point at what is
    shown (negation_tails.txt); after words of hesitation or a cancel word ("nvm"); before a reason ("don't send it,
    tom is out"). The plan is cancelled: nothing of it runs."""
    return next((found for head in _heads(reply) if (found := _turned_down(head)) is not None), None)


def action_turned_down(reply: Reply) -> Decide | None:
    """A change of mind that names the action undone ("nah don't send it, i'll tell him myself"), not a word of
    hesitation alone: where a text is asked, it never reads as the text."""
    found = next((head for head in _heads(reply) if _turned_down(head) is not None), None)
    return Decide("cancel") if found is not None and _acted(found) else None


def _heads(reply: Reply) -> list[Reply]:
    """The reply, then its words up to each reason said with it, shortest first ("ah no, don't email her, i'll ring
    instead": "ah no", "ah no, don't email her")."""
    words, marks = reply.words, phrases("reason_marks")
    cuts = [index for index in range(1, len(words)) if marks.at(words, index) is not None]
    return [reply, *(Reply(reply.text[: reply.toks[cut - 1].end], reply.toks[:cut]) for cut in cuts)]


def _acted(reply: Reply) -> bool:
    words = reply.words
    index = reply.after("leads", "polite")
    negation = phrases("negations").at(words, index)
    return negation is not None and phrases("negated_actions").at(words, index + negation[0]) is not None


def _turned_down(reply: Reply) -> Decide | None:
    words = reply.words
    index = reply.after("leads", "polite")
    cancelled = phrases("cancel").at(words, index)  # "nvm", "hold off on that"
    if cancelled is not None:
        index = _marks(words, index + cancelled[0])
    negation = phrases("negations").at(words, index)
    if negation is None and cancelled is None:
        return None
    if negation is not None:
        index += negation[0]
        action = phrases("negated_actions").at(words, index)
        if action is not None:
            index += action[0]
        elif negation[1] != "alone" and index < len(words):
            return None  # "don't invite tom": a change of who, not of whether
    return Decide("cancel") if _only_tails(words, index) else None


def _marks(words: tuple[str, ...], index: int) -> int:
    while index < len(words) and words[index] in (",", "-", ":"):
        index += 1
    return index


def _only_tails(words: tuple[str, ...], index: int) -> bool:
    """Whether the words from ``index`` only point at what is shown ("it", "that", "for now")."""
    while index < len(words):
        tail = phrases("negation_tails").at(words, index)
        if tail is None and words[index] not in (",", "-"):
            return False
        index += tail[0] if tail is not None else 1
    return True
