"""What a mail is named by: "the partner summit thread" is the mail about "partner summit"."""

from planning.understanding.cues import Words, cues
from planning.understanding.word_lists import words as owner_words

_MOST_WORDS = 4


def named_topic(text: str) -> str | None:
    """The words between a determiner (``mail_determiners``, or whose: ``data/mail_owner_pronouns.txt``) and a word
    of mail (``mail_heads``): "summarise the partner summit thread" → "partner summit", "what did peter say in his
    pilot feedback email" → "pilot feedback". Which mail ("latest", "unread"), how many ("5", "ten") and whose
    ("john's") are not a topic."""
    words = Words.of(text)
    for start in range(len(words)):
        if words.words[start] not in cues("mail_determiners") and words.words[start] not in owner_words(
            "mail_owner_pronouns"
        ):
            continue
        first = start + 1
        while first < len(words) and _which_or_whose(words, first):
            first += 1
        for end in range(first + 1, min(first + _MOST_WORDS, len(words)) + 1):
            if not words.is_word(end - 1) or end >= len(words):
                break
            if cues("mail_heads").at(words, end) is not None:
                return words.text_of(first, end)
    return None


def _which_or_whose(words: Words, index: int) -> bool:
    word = words.words[index]
    at = words.words
    return (
        word.endswith("'s")
        or word.isdigit()  # how many ("my 5 latest emails")
        or cues("number_words").at(at, index) is not None
        or cues("mail_latest").at(at, index) is not None
        or cues("unread_words").at(at, index) is not None
    )
