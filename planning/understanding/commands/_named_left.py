"""A follow-up that names what the last plan made by its own words ("push the intro to 11:30" after "Intro" was
booked): the name read as "it", so the readers of changes to what was made read it. Grounded in the title the plan
left, never a list of nouns: "move the budget review to friday" after "Intro" names something else."""

from planning.understanding.commands._words import Reply, phrases


def as_it(reply: Reply, titles: tuple[str, ...]) -> Reply | None:
    """``reply`` with its first phrase that points at one of ``titles`` — a word of data/determiners.txt
    ("the", "that") and then only words of the title, with at most one word for the thing itself after them
    (data/title_tails.txt: "the focus block" for “Focus time”) — said as "it"; None when it has none."""
    title_words = {word for title in titles for word in Reply.of(title).words if word.isalnum()}
    title_words -= {word for word in title_words if phrases("determiners").value((word,)) is not None}
    words = reply.words
    for index, word in enumerate(words[:-1]):
        if phrases("determiners").value((word,)) is None:
            continue
        end = index + 1
        while end < len(words) and words[end] in title_words:
            end += 1
        if end > index + 1 and end < len(words) and phrases("title_tails").value((words[end],)) is not None:
            end += 1  # "the focus block": the title's word, then one for the thing itself
        if end > index + 1:
            text = reply.text
            said = text[: reply.toks[index].start] + "it" + text[reply.toks[end - 1].end :]
            return Reply.of(said)
    return None
