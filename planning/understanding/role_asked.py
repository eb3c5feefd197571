"""A question that asks who holds a role at a company ("who's the cto over at acme again?", "who is our head of
operations at initech"): a search of the company's contacts by their job title, so the answer is the person."""

from planning.understanding.commands._words import phrases, tokens
from planning.understanding.word_lists import listed

_LONGEST = 5  # words of a title ("vice president of customer success")


def asked_role(text: str) -> str | None:
    """The job title asked about (words of data/job_words.txt among them), when ``text`` starts with a question of
    data/role_questions.txt and the title is followed by a link to a company (data/role_links.txt); else None. A
    title that is only the name of a kind of CRM record ("the lead", "the contact") asks for that record instead."""
    toks = tokens(text)
    words = tuple(t.word for t in toks)
    lead = listed("role_questions").at(words, 0)
    if lead is None:
        return None
    start = lead[0]
    for end in range(start + 1, min(start + _LONGEST, len(words)) + 1):
        if end >= len(words) or listed("role_links").at(words, end) is None:
            continue
        if phrases("record_kinds").value(words[start:end]) is not None:  # "who is the lead from globex": a record
            continue
        if any(listed("job_words").at(words, index) is not None for index in range(start, end)):
            return text[toks[start].start : toks[end - 1].end]
    return None
