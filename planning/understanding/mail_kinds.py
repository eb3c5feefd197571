"""A mail named by its kind gives its subject: "send maria a quick thank-you email for …" → "Thank you", "a
congrats note" → "Congratulations". The kinds and their subjects are data (``data/cues/mail_kinds.txt``), the
nouns they come before too (``kind_mail_nouns.txt``)."""

from planning.understanding.cues import Words, cues

_BEFORE = 3  # at most this many words between the kind and its noun, the kind included ("thank you", "quick")


def subject_of_kind(text: str) -> str | None:
    """The subject the kind of the mail asked for gives, or None when no kind is said before a mail noun."""
    words = Words.of(text)
    for noun in cues("kind_mail_nouns").find_all(words):
        for start in range(max(0, noun.start - _BEFORE), noun.start):
            kind = cues("mail_kinds").at(words, start)
            if kind is not None and kind.end == noun.start:
                return kind.value
    return None
