"""Mail described by who sent it is mail received: "read me what laura sent yesterday", "what's in the email john
sent friday", "open what maria sent about the invoice" ask to read mail, not to send any. A past form of a verb of
sending ("sent") said right after its sender (not "i", nor a passive "was sent": ``data/not_mail_senders.txt``) is
evidence of finding email, not of sending it; so is any form of such a verb said after a helping verb and its
sender ("did maria send anything about globex", "does the bank ever email statements"): a question of what someone
sent (``mail_roles.subject_of_sending``)."""

from planning.understanding.commands._words import tokens
from planning.understanding.cues import Words
from planning.understanding.lexicon import Evidence
from planning.understanding.mail_roles import subject_of_sending
from planning.understanding.verbforms import past_base
from planning.understanding.word_lists import words as word_list

_FOUND = 1.0  # as "wrote", "emailed" (data/cues/intent_find_written.txt)
_MAIL = 2.5  # as "wrote", "emailed" name mail (lexicon)


def as_received(text: str, evidence: list[Evidence]) -> list[Evidence]:
    """``evidence`` with each send cue that describes mail received read as finding email."""
    words = Words.of(text)
    out: list[Evidence] = []
    for item in evidence:
        if item.kind == "intent" and item.concept == "send" and _received(words, item, text):
            out.append(Evidence("intent", "find", _FOUND, item.start, item.end, item.text))
            out.append(Evidence("entity", "email", _MAIL, item.start, item.end, item.text))
            continue
        out.append(item)
    return out


def _received(words: Words, item: Evidence, text: str) -> bool:
    said = item.text.strip().lower()
    asked = subject_of_sending(text, tokens(text)) if " " not in said else None
    if asked is not None and not text[asked.end : item.start].strip():
        return True  # "did maria send anything …", "has ops forwarded …": a question of what someone sent
    base = past_base(said)
    if base is None or base == said or " " in said:
        return False
    index = next((i for i in range(len(words)) if words.char_start(i) == item.start), None)
    if index is None or index == 0:
        return False
    before = words.words[index - 1]
    return (before.isalpha() or "@" in before) and before not in word_list("not_mail_senders")
