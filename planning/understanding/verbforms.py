"""English verb forms the reported-speech rewrite needs: the base form of a past or third-person verb, and
whether a word is a participle ("has signed", "has been"). Unsure cases answer None, never a guessed word."""

AUXILIARIES = frozenset(
    "is are was were am can could will would should shall may might must do does did "
    "isn't aren't wasn't weren't can't cannot couldn't won't wouldn't shouldn't mustn't don't doesn't didn't".split()
)
HAVE = frozenset({"has", "have", "had", "hasn't", "haven't", "hadn't"})

_IRREGULAR_PAST = {
    "sent": "send", "got": "get", "made": "make", "took": "take", "gave": "give", "saw": "see", "paid": "pay",
    "had": "have", "did": "do", "went": "go", "came": "come", "said": "say", "told": "tell", "found": "find",
    "left": "leave", "bought": "buy", "brought": "bring", "thought": "think", "wrote": "write", "met": "meet",
    "heard": "hear", "kept": "keep", "held": "hold", "ran": "run", "spoke": "speak", "chose": "choose",
    "sold": "sell", "knew": "know", "forgot": "forget", "began": "begin", "won": "win", "lost": "lose",
    "understood": "understand", "felt": "feel", "built": "build", "spent": "spend", "caught": "catch",
    "taught": "teach", "led": "lead", "drove": "drive", "flew": "fly",
}  # fmt: skip
_PARTICIPLES = frozenset(
    "been got gotten done seen sent made had paid heard read found left bought brought thought written met kept "
    "held spoken chosen sold known forgotten begun won lost understood felt built spent caught taught given "
    "taken come gone said told put set run".split()
)
_THIRD = {"has": "have", "does": "do", "is": "are", "was": "were", "goes": "go"}
_ES_AFTER = ("ches", "shes", "xes", "zzes", "oes")
_NOT_VERB_S = frozenset("this is his its us bus always perhaps plus yes less unless thus as was has does".split())


def is_participle(word: str) -> bool:
    """ "signed", "been", "sent" (after has/have/had: the perfect, not possession)."""
    word = word.lower()
    return word in _PARTICIPLES or (len(word) > 4 and word.endswith("ed"))


def present_base(word: str) -> str | None:
    """ "wants" → "want", "has" → "have", "finishes" → "finish"; None for a word that is not a third-person verb."""
    low = word.lower()
    if low in _THIRD:
        return _THIRD[low]
    if not low.isalpha() or len(low) < 3 or not low.endswith("s") or low.endswith("ss") or low in _NOT_VERB_S:
        return None
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if low.endswith(_ES_AFTER):  # "finishes", "fixes", "buzzes", "goes": the "es" is the ending
        return low[:-2]
    return low[:-1]


def past_base(word: str) -> str | None:
    """ "signed" → "sign", "approved" → "approve", "sent" → "send"; None when the base is not sure ("edited"
    could be "edit" or "edite" to a rule) or the word is no past form."""
    low = word.lower()
    if low in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[low]
    if not low.isalpha() or len(low) < 5 or not low.endswith("ed"):
        return None
    if low.endswith("eed"):  # agreed, freed
        return low[:-1]
    if low.endswith("ied"):
        return low[:-3] + "y"
    stem = low[:-2]
    last, before = stem[-1], stem[-2]
    vowels = "aeiou"
    if last in "wxy":  # showed, fixed, delayed
        return stem
    if last == before:  # stopped → stop; called, passed, staffed keep the pair
        return stem if last in "lsfz" else stem[:-1]
    if last in "vcuz" or (last == "g" and before in "nr") or (last == "s" and before in vowels):
        return stem + "e"  # moved, priced, continued, changed, closed
    if last in vowels or before not in vowels:
        return stem  # signed, asked, finished, booked (a consonant before the last one)
    if stem[-3] in vowels:
        return stem  # mailed, joined, needed (two vowels before the last consonant)
    if before == "e":
        return stem  # ordered, opened, targeted
    if stem.endswith("it"):
        return None  # edited / invited: not sure
    return stem + "e"  # updated, shared, named, scheduled, decided
