"""The words to send when a request says what the mail is to ask of its people, with "to" and a verb after them
("email him to bring the comparison deck" → "Could you bring the comparison deck?", "ping dana and tom to send
their slides by friday", "shoot her a quick note to book the room"): a verb of sending
(``data/cues/addressed_verbs.txt``), only the people it goes to (names, addresses or a pronoun), a mail's noun
perhaps, then "to" and the thing asked, up to the end of its sentence. Not when the verb after "to" is the sender's
own doing (``data/cues/purpose_not_asked.txt``: "to say thanks", "to confirm friday", "to let her know …"): that
purpose is no text to send, and is asked for."""

from planning.understanding import reported
from planning.understanding.addressed_text import only_people, past_polite
from planning.understanding.cues import Words, cues
from planning.understanding.topic_said_text import opens_clause

_MOST_WORDS = 12  # words of people and a mail's noun between the verb and "to": a longer stretch is more than that
_SENTENCE_ENDS = frozenset(".;!?")


def purpose_asked(text: str) -> reported.Message | None:
    """What the mail asks of its people, said to them (``reported.Message``); None when the request is not so."""
    words = Words.of(text)
    verb = cues("addressed_verbs").at(words, past_polite(words))
    if verb is None:
        return None
    to = next((i for i in range(verb.end, min(len(words), verb.end + _MOST_WORDS)) if words.words[i] == "to"), None)
    if to is None or to == verb.end or to + 1 >= len(words) or not words.is_word(to + 1):
        return None
    people, pronoun = _people(words, verb.end, to)
    if people is None or cues("purpose_not_asked").at(words, to + 1) is not None:
        return None
    if words.words[to + 1] in cues("recipient_pronouns") or words.words[to + 1] in cues("mail_determiners"):
        return None  # "email the deck to him", "… to the team": whom it goes to, not what it asks
    clause = _sentence(words, to + 1)
    if not clause:
        return None
    return reported.asked_of(clause, pronoun=pronoun, several=people > 1, start=words.char_start(verb.start))


def _people(words: Words, start: int, end: int) -> tuple[int | None, str | None]:
    """How many people words ``start`` to ``end`` name, with a mail's noun after them ("her a quick note"), and the
    pronoun that names them; (None, None) when they hold more than that."""
    index = end
    if index > start and words.words[index - 1] in cues("participle_mail_nouns"):  # "… a quick note"
        index -= 1
        while index > start and words.words[index - 1] in cues("mail_size_words"):
            index -= 1
        if index > start and words.words[index - 1] in ("a", "an"):
            index -= 1
    if index <= start:
        return None, None
    if index == start + 1 and words.words[start] in cues("recipient_pronouns"):
        pronoun = words.words[start]
        return (2 if pronoun == "them" else 1), pronoun
    who = words.text[words.char_start(start) : words.char_end(index - 1)]
    if not only_people(who):
        return None, None
    return len([p for p in who.replace(" and ", ",").replace("&", ",").split(",") if p.strip()]), None


def _sentence(words: Words, start: int) -> str:
    """The words from token ``start`` to the end of their sentence: a full stop, ';', '!' or '?', or a comma a clause
    of its own follows ("…, he should hear it")."""
    for index in range(start, len(words)):
        word = words.words[index]
        if word in _SENTENCE_ENDS:
            return words.text_of(start, index)
        if word == "," and opens_clause(words.text[words.char_end(index) :].strip()):
            return words.text_of(start, index)
    return words.text_of(start)
