"""Closed word sets the slot extractors share: words that are never a person's or company's name."""

from planning.understanding.timewords import DAY_NAMES, PLURAL_WEEKDAYS
from planning.understanding.timewords import MONTHS as _MONTH_NUMBERS

WEEKDAYS = frozenset(DAY_NAMES) | PLURAL_WEEKDAYS  # "on Tuesdays": a repeat, not a name
MONTHS = frozenset(_MONTH_NUMBERS)  # data/cues/months.txt
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

# words that open what is to be said ("saying we're in", "that it shipped"): no statement of a person's own
REPORTING = frozenset("saying says said that to asking ask telling tell with and re about stating".split())
