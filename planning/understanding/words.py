"""Closed word sets the slot extractors share: words that are never a person's or company's name."""

WEEKDAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday "
    "mondays tuesdays wednesdays thursdays fridays saturdays sundays".split()  # "on Tuesdays": a repeat, not a name
)
MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
TIME_WORDS = (
    frozenset(
        "today tomorrow yesterday tonight morning afternoon evening night noon midnight week weekend month year "
        "day days hour hours minute minutes min mins am pm next last this these those o'clock now later soon "
        "earlier upcoming daily weekly monthly every".split()
    )
    | WEEKDAYS
    | MONTHS
)
PRONOUNS = frozenset(
    "i me my mine myself you your yours he him his she her hers they them their theirs we us our ours it its "
    "this that these those everyone everybody someone somebody anyone anybody all".split()
)
FUNCTION_WORDS = frozenset(
    "a an the to with from for about of on in at by and or but as is are was were be been being do does did "
    "have has had not no yes so if then than up down out over into onto off via per re regarding saying "
    "that which who whom whose what when where why how please can could would will should shall may might "
    "must let lets let's also just any some each other another new quick short few more most very too "
    "whenever".split()
)
COMMON_NOUNS = frozenset(
    "email emails e-mail mail mails message messages note notes line inbox reply replies thread subject body "
    "meeting meetings call calls event events appointment appointments calendar schedule agenda reminder "
    "reminders sync standup stand-up review demo lunch dinner breakfast brunch coffee party interview "
    "contact contacts lead leads deal deals account accounts opportunity opportunities company customer client "
    "team group list number phone address details info information record records status stage amount "
    "report proposal deck invoice contract document documents file files attachment attachments pdf pdfs "
    "update updates slot slots time times free "
    "follow-up followup summary details workshop offsite session presentation conference 1:1 one-on-one "
    "manager boss anything something everything nothing stuff things thing name title location room "
    "pipeline expansion business job work office home money price plan plans project launch".split()
)
VERBS = frozenset(
    "send sent shoot write compose draft forward reply respond tell ask email e-mail ping notify let drop "
    "show list find search look get check pull bring display view see fetch read open give "
    "add create schedule book set put arrange organise organize log record make block invite save start "
    "update change move reschedule rename push shift postpone delay modify edit mark assign extend "
    "delete remove cancel clear erase wipe call summarize summarise remind remember need want like meet "
    "have has go going know think say said says telling asking is are was be".split()
)
ROLE_WORDS = frozenset(
    "boss manager mom mum mother dad father wife husband sister brother son daughter friend colleague coworker "
    "co-worker assistant team landlord doctor teacher partner cousin aunt uncle grandma grandpa bro sis "
    "accountant lawyer cfo ceo cto vp".split()
)
NOT_A_NAME = TIME_WORDS | PRONOUNS | FUNCTION_WORDS | COMMON_NOUNS | VERBS

# "all my Friday meetings except the 1:1": what comes after these is left out of a set (contract §2.9, v3)
EXCEPT_WORDS = (
    "except for",
    "except",
    "excepting",
    "excluding",
    "but not",
    "other than",
    "apart from",
    "aside from",
    "save for",
    "besides",
    "but keep",
    "but leave",
    "leaving out",
    "not including",
)
# words around the thing left out that do not name it ("the one with Priya", "the Acme ones")
EXCEPT_FILLER = frozenset("the my our a an one ones meeting meetings event events call calls for".split())

# "book 45 minutes with Sarah when we're both free": the start is the first free slot found, not a time to ask for
# (contract §2.9, v3); matched on the clause's words, lower case, with "we are" read as "we're"
FREE_TIME_PHRASES = (
    "when we're both free",
    "when we're free",
    "when we're all free",
    "whenever we're both free",
    "whenever we're free",
    "whenever we're all free",
    "when both of us are free",
    "when all of us are free",
    "when everyone's free",
    "when everyone is free",
    "whenever everyone's free",
    "whenever everyone is free",
    "when they're free",
    "whenever they're free",
    "when she's free",
    "when he's free",
    "whenever she's free",
    "whenever he's free",
    "when we're both available",
    "when we're available",
    "when everyone is available",
    "whenever we can both make it",
    "whenever works for both of us",
    "whenever there's a gap",
    "at the first free slot",
    "in the first free slot",
    "the first free slot",
    "the next free slot",
    "the first slot that works",
    "a time that works for both of us",
    "a time that works for everyone",
    "a time that works for us",
    "a time we're both free",
    "sometime we're both free",
)
# words that open what is to be said ("saying we're in", "that it shipped"): no statement of a person's own
REPORTING = frozenset("saying says said that to asking ask telling tell with and re about stating".split())
