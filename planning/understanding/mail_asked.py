"""A question of what someone sent is a search of mail, not a mail to send ("did john park send over the contract",
"what has the bank forwarded"): the reading after the general one (parser), by the grammar of the question — a
helping verb (``data/mail_helping_verbs.txt``) opening it, then its sender and a verb of sending
(``mail_roles.subject_of_sending``)."""

from dataclasses import replace

from planning.understanding.commands._words import tokens
from planning.understanding.interpret import Reading
from planning.understanding.mail_roles import subject_of_sending
from planning.understanding.word_lists import words as word_list

_ASKED_AT = 2  # the helping verb opens the question ("did maria …", "what did the landlord …")


_ASKED_AS = ("send", "find")  # the general reading heard a request of ours in it
_READ_AS_MAIL = ("email", "none", "contact")  # what else a question of what someone sent was read as ("the landlord")


def reread(text: str, reading: Reading, *, sure: bool = True) -> Reading:
    """A question of what someone sent ("did john park send over the contract", "what has the bank forwarded") finds
    mail, whatever the general reading made of its verb of sending: the sender is not the requester, so nothing is
    to be sent. ``sure``: a reading already of finding mail is kept (not when the classifier was unsure of it)."""
    if reading.intent not in _ASKED_AS or reading.entity not in _READ_AS_MAIL:
        return reading  # out of scope stays so ("what does the press say about …")
    if (reading.intent, reading.entity) == ("find", "email") and sure:
        return reading
    toks = tokens(text)
    asked = subject_of_sending(text, toks)
    opens = [i for i, tok in enumerate(toks[:_ASKED_AT]) if tok.word in word_list("mail_helping_verbs")]
    if asked is None or not opens or toks[opens[0] + 1].start > asked.start:
        return reading
    why = "a question of what someone sent: a search of your mail"
    return replace(
        reading, intent="find", entity="email", confidence=max(reading.confidence, 0.8), explanation=why, loose=False
    )
