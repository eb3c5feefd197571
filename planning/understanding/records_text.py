"""Free-text slots of CRM notes and tasks (contract §3 v2): a note's body, a task's subject."""

from planning.understanding import phrases
from planning.understanding.cues import Cues, Words, cues
from planning.understanding.lead_spans import Atoms
from planning.understanding.note_text import note_text_start

_MARKS = ",.;!?"  # a mark ends a task's subject


def note_body(text: str) -> str | None:
    """ "add a note on the Initech account that they asked for SSO support" → "They asked for SSO support"; words
    pasted after the record's colon or dash are the text as pasted ("… - call notes: talked to her" → "Call notes:
    talked to her", :mod:`.note_text`)."""
    pasted = note_text_start(text)
    start = pasted if pasted is not None else _note_text_start(text)
    body = text[start:].strip() if start is not None else _after_dash(text) or phrases.body_text(text)
    body = (body or "").strip(" .")
    return body[0].upper() + body[1:] if body else None


def _note_text_start(text: str) -> int | None:
    """Where a note's text starts: after the first mark that opens it (data/cues/note_body_marks.txt or a colon)
    after a word of note_body_nouns.txt with no colon between, or after a colon; the spaces after it skipped, the
    text on one line."""
    atoms = Atoms.of(text)
    marks = cues("note_body_marks", "atoms")
    for index, tok in enumerate(atoms.toks):
        if tok.word == ":":
            start = _one_line_after(text, tok.end)
            if start is not None:
                return start
            continue
        if atoms.phrase_end(cues("note_body_nouns", "atoms"), index, "one space") is None:
            continue
        for at in range(index + 1, len(atoms.toks)):
            end = atoms.toks[at].end if atoms.toks[at].word == ":" else _word_end(atoms, marks, at)
            start = None if end is None else _one_line_after(text, end)
            if start is not None:
                return start
            if atoms.toks[at].word == ":":
                break
    return None


def _one_line_after(text: str, char: int) -> int | None:
    """Where the text after ``char`` starts past its spaces, when some text follows on the last line; else None."""
    if char >= len(text):
        return None
    rest = text[char:].lstrip()
    start = len(text) - len(rest) if rest else len(text) - 1
    line_break = text.find("\n", start)
    return start if line_break in (-1, len(text) - 1) else None


def _word_end(atoms: Atoms, phrases: Cues, index: int) -> int | None:
    """The character after the phrase of ``phrases`` at atom ``index`` (its words one space apart)."""
    end = atoms.phrase_end(phrases, index, "one space") if atoms.is_word(index) else None
    return None if end is None else atoms.toks[end - 1].end


_DASHES = (" - ", " – ", " — ", " -- ")


def _after_dash(text: str) -> str | None:
    """The words after the first spaced dash that follows a word of data/cues/note_nouns.txt ("a note to the Acme
    deal - they want net 60" → "they want net 60")."""
    words = Words.of(text)
    noun = cues("note_nouns").find(words)
    if noun is None:
        return None
    start = words.char_end(noun.end - 1)
    found = [at for at in (text.find(dash, start) for dash in _DASHES) if at >= 0]
    if not found:
        return None
    body = text[min(found) :].lstrip(" -–—").strip()
    return body or None


def task_subject(text: str) -> str | None:
    """ "add a task to follow up with Globex by Friday" → "Follow up with Globex"; what it is on stays ("follow up
    with Ana on the renewal"): an "on" ends the subject only where its day was (the caller blanks times). The record
    it is on and whom it is for, said first, are not its subject ("on the Acme account for me to send the quote" →
    "Send the quote")."""
    span = _task_span(text)
    if span is None:
        return None
    subject = phrases.capitalise(_what_to_do(text[span[0] : span[1]].strip()))
    return subject or None


def _task_span(text: str) -> tuple[int, int] | None:
    """Where a task's subject is: after the first task name (data/cues/task_subject_nouns.txt) and a link
    (task_subject_links.txt, a colon, or none before a word), or after "remind me" (task_subject_reminds.txt), the
    words of task_subject_remind_times.txt and "to"; up to a word of task_subject_ends.txt, a word of
    task_subject_dangling.txt before a mark or the end, a mark, or the end."""
    atoms = Atoms.of(text)
    for index in range(len(atoms.toks)):
        for start in _task_subject_starts(atoms, index):
            end = _task_subject_end(atoms, start)
            if end is not None:
                return start, end
    return None


def _task_subject_starts(atoms: Atoms, index: int) -> list[int]:
    """Where a subject may start after a task's name or "remind me" at atom ``index``, in the order tried."""
    text, toks = atoms.text, atoms.toks
    if not atoms.is_word(index):
        return []
    noun = atoms.phrase_end(cues("task_subject_nouns", "atoms"), index, "one space")
    if noun is not None:
        after = _spaces_after(text, toks[noun - 1].end)
        link = atoms.atom_at(after)
        starts = []
        if link is not None:
            for end in atoms.phrase_ends(cues("task_subject_links", "atoms"), link, "spaces"):
                starts.append(_spaces_after(text, toks[end - 1].end, least=1))
            if toks[link].word == ":":
                starts.append(_spaces_after(text, toks[link].end, least=1))
            if atoms.is_word(link):
                starts.append(after)
        return [start for start in starts if start >= 0]
    remind = atoms.phrase_end(cues("task_subject_reminds", "atoms"), index, "one space")
    if remind is None or text[toks[remind - 1].end : toks[remind - 1].end + 1] != " ":
        return []
    at = atoms.atom_at(toks[remind - 1].end + 1)
    words = tuple(t.word for t in toks)
    while at is not None and cues("task_subject_remind_times", "atoms").at(words, at) is not None:
        gap = _spaces_after(text, toks[at].end, least=1)
        at = atoms.atom_at(gap) if gap >= 0 else None
    if at is None or atoms.phrase_end(cues("task_subject_remind_links", "atoms"), at, "spaces") is None:
        return []
    start = _spaces_after(text, toks[at].end, least=1)
    return [start] if start >= 0 else []


def _spaces_after(text: str, char: int, least: int = 0) -> int:
    """The character after the spaces at ``char``; -1 when fewer than ``least`` spaces are there."""
    rest = text[char:]
    spaces = len(rest) - len(rest.lstrip())
    return char + spaces if spaces >= least else -1


def _task_subject_end(atoms: Atoms, start: int) -> int | None:
    """Where a subject from character ``start`` ends (one character at least, on one line)."""
    text = atoms.text
    if start >= len(text) or text[start] == "\n":
        return None
    for char in range(start + 1, len(text) + 1):
        if char == len(text) or text[char] in _MARKS:
            return char
        if text[char].isspace() and _subject_ends_at(atoms, char):
            return char
        if text[char] == "\n":
            return char if char == len(text) - 1 else None
    return None


def _subject_ends_at(atoms: Atoms, char: int) -> bool:
    """Whether a due word (data/cues/task_subject_ends.txt) follows the spaces at ``char``, or a dangling word
    (task_subject_dangling.txt) with only a mark or the end after it."""
    after = atoms.atom_at(_spaces_after(atoms.text, char))
    if after is None:
        return False
    if atoms.phrase_end(cues("task_subject_ends", "atoms"), after, "one space") is not None:
        return True
    if atoms.phrase_end(cues("task_subject_dangling", "atoms"), after, "one space") is None:
        return False
    rest = atoms.text[atoms.toks[after].end :].lstrip()
    return not rest or rest[0] in _MARKS


_DETERMINERS = frozenset({"the", "our", "my", "this", "that"})
_POINTING = frozenset({"it", "that", "this", "them"})


def _what_to_do(said: str) -> str:
    """A task's words without the record it is on and whom it is for, said first ("on the Initech account for me to
    send the quote" → "send the quote"; data/cues/task_record_leads, task_record_nouns, task_for_whom)."""
    words = Words.of(said)
    start = _after_record(words)
    whom = cues("task_for_whom").at(words, start)
    if whom is not None and whom.end - whom.start > 1:  # "for me to …", "me to …" (a lone "to" stays)
        start = whom.end
    return said[words.char_start(start) :] if start else said


def _after_record(words: Words) -> int:
    """The token after "on the Initech account to" / "the Acme deal:" said first; 0 when the words start otherwise."""
    index = 1 if cues("task_record_leads").at(words, 0) is not None else 0
    if index == 1 and len(words) > 2 and words.words[1] in _POINTING and words.words[2] == "to":
        return 3  # "on it to send the contract": the record the request pointed back at
    index += 1 if index < len(words) and words.words[index] in _DETERMINERS else 0
    if index == 0:
        return 0
    for at in range(index, min(index + 5, len(words))):
        noun = cues("task_record_nouns").at(words, at)
        if noun is None:
            continue
        if noun.end < len(words) and words.words[noun.end] == ":":
            return noun.end + 1
        whom = cues("task_for_whom").at(words, noun.end)
        if whom is None:
            return 0
        return whom.end if whom.end - whom.start == 1 else noun.end  # "… account to" / "… deal for me to" (next)
    return 0
