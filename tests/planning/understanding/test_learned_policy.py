"""How the classifier's probabilities and the rules' reading combine (planning.understanding.learned.policy)."""

from planning.understanding.learned.labels import OUT, RULES
from planning.understanding.learned.policy import RulesView, Thresholds, judge

T = Thresholds(promote_at=0.3, promote_offtopic_at=0.9, veto_at=0.9, switch_at=0.7, rules_sure=0.95)
# the classes of a model: the goal labels its data has enough examples of, out of scope and "the rules decide"
CLASSES = (
    "send/email",
    "find/email",
    "find/contact",
    "create/event",
    "find/event",
    "update/event",
    "delete/event",
    OUT,
    RULES,
)


def probabilities(**given: float) -> dict[str, float]:
    named = {name.replace("_", "/", 1) if name != "out" else OUT: p for name, p in given.items()}
    rest = (1.0 - sum(named.values())) / (len(CLASSES) - len(named))
    return {name: named.get(name, rest) for name in CLASSES}


def test_a_goal_without_enough_examples_is_left_to_the_rules_however_sure_the_classifier_is():
    verdict = judge(RulesView("update", "account", 0.6), probabilities(out=0.99), T)
    assert (verdict.intent, verdict.entity, verdict.by) == ("update", "account", "rules")
    assert "no examples of update/account" in verdict.why


def test_a_change_to_an_event_is_a_learned_label_the_classifier_may_replace():
    verdict = judge(RulesView("create", "event", 0.7), probabilities(update_event=0.9), T)
    assert (verdict.intent, verdict.entity, verdict.by) == ("update", "event", "classifier")


def test_a_v2_capability_without_examples_is_left_to_the_rules():
    verdict = judge(RulesView("send", "email", 0.7, capability="each"), probabilities(out=0.99), T)
    assert (verdict.intent, verdict.entity) == ("send", "email")
    assert "'each'" in verdict.why


def test_forwarding_is_judged_by_the_classifier():
    verdict = judge(RulesView("send", "email", 0.7, capability="forward"), probabilities(send_email=0.9), T)
    assert (verdict.intent, verdict.entity, verdict.by) == ("send", "email", "classifier")


def test_a_likely_reading_far_ahead_of_the_next_is_sure():
    verdict = judge(RulesView("unsupported", "none", 0.7), probabilities(find_email=0.8, find_contact=0.1), T)
    assert (verdict.intent, verdict.entity, verdict.unsure) == ("find", "email", False)


def test_a_reading_close_to_the_next_is_unsure():
    verdict = judge(RulesView("unsupported", "none", 0.7), probabilities(find_email=0.5, find_contact=0.4), T)
    assert (verdict.intent, verdict.entity, verdict.unsure) == ("find", "email", True)


def test_an_unsure_rules_reading_is_vetoed_when_out_of_scope_is_likely():
    verdict = judge(RulesView("find", "email", 0.8), probabilities(out=0.95), T)
    assert (verdict.intent, verdict.by, verdict.confidence) == ("unsupported", "classifier", 0.95)
    assert "out of scope, not find/email" in verdict.why


def test_a_sure_rules_reading_is_not_vetoed():
    verdict = judge(RulesView("find", "email", 0.97), probabilities(out=0.95), T)
    assert (verdict.intent, verdict.entity, verdict.by) == ("find", "email", "rules")


def test_out_of_scope_rules_reading_becomes_a_likely_learned_label():
    verdict = judge(RulesView("unsupported", "none", 0.7), probabilities(find_email=0.6, out=0.3), T)
    assert (verdict.intent, verdict.entity, verdict.by, verdict.confidence) == ("find", "email", "classifier", 0.6)
    assert verdict.why.startswith("classifier 0.60: find/email")


def test_an_off_topic_cue_needs_a_surer_classifier():
    verdict = judge(RulesView("unsupported", "none", 0.9, offtopic=True), probabilities(find_email=0.6, out=0.3), T)
    assert verdict.intent == "unsupported"


def test_another_learned_label_replaces_the_rules_label_only_when_likely():
    switched = judge(RulesView("find", "email", 0.8), probabilities(send_email=0.8), T)
    kept = judge(RulesView("find", "email", 0.8), probabilities(send_email=0.6, find_email=0.3), T)
    assert (switched.intent, switched.entity) == ("send", "email")
    assert (kept.intent, kept.entity, kept.by) == ("find", "email", "rules")


def test_agreement_says_both_and_keeps_the_surer_confidence():
    verdict = judge(RulesView("find", "event", 0.7), probabilities(find_event=0.93), T)
    assert (verdict.by, verdict.confidence, verdict.why) == (
        "classifier",
        0.93,
        "classifier 0.93: find/event; rules agreed",
    )


def test_choices_are_the_likeliest_learned_readings_best_first():
    verdict = judge(
        RulesView("unsupported", "none", 0.7), probabilities(find_email=0.4, find_contact=0.3, send_email=0.2), T
    )
    assert [(c.intent, c.entity, c.confidence) for c in verdict.choices] == [
        ("find", "email", 0.4),
        ("find", "contact", 0.3),
        ("send", "email", 0.2),
    ]


def test_a_loose_rules_reading_the_classifier_does_not_support_is_refused():
    # "create a zoom link for the launch review": the rules matched only what the link is for
    refused = judge(RulesView("create", "event", 0.8, loose=True), probabilities(find_event=0.4, create_event=0.15), T)
    kept = judge(RulesView("create", "event", 0.8, loose=True), probabilities(create_event=0.6), T)
    assert (refused.intent, refused.by) == ("unsupported", "classifier")
    assert "the rules matched only what it is for" in refused.why
    assert (kept.intent, kept.entity) == ("create", "event")


def test_an_action_the_rules_refuse_on_a_thing_is_left_to_the_rules_however_sure_the_classifier_is():
    """ "unsend the email I sent Maria": the rules read an action planbot does not take on emails; the classifier has
    no class for it and hears "send … email", so it may not turn the refusal into a send."""
    rules = RulesView("unsupported", "none", 0.8, offtopic=True, refused=True)
    verdict = judge(rules, probabilities(send_email=0.95), T)
    assert (verdict.intent, verdict.entity, verdict.by) == ("unsupported", "none", "rules")


def test_a_write_too_unsure_to_plan_on_a_guess_is_offered_beside_the_likeliest_read():
    """ "tom wedding anniversary": the rules read no request, the classifier leans to an event write but below the bar
    a guessed write needs: the read beside it is planned and both are offered (asked), not refused; the write alone
    is never made of it."""
    rules = RulesView("unsupported", "none", 0.6)
    asked = judge(rules, probabilities(create_event=0.36, find_event=0.3, out=0.2), T)
    outside = judge(rules, probabilities(create_event=0.33, find_event=0.3, out=0.34), T)
    no_read = judge(rules, probabilities(create_event=0.36, find_event=0.2, out=0.2), T)
    assert (asked.intent, asked.entity, asked.unsure) == ("find", "event", True)
    assert [(c.intent, c.entity) for c in asked.choices] == [("create", "event"), ("find", "event")]
    assert (outside.intent, outside.unsure) == ("unsupported", False)
    assert (no_read.intent, no_read.unsure) == ("unsupported", False)


def test_the_classifier_never_turns_a_change_the_rules_read_into_a_removal():
    """User test s14 c48's wording, elsewhere: "remove tom from the acme call tomorrow" was switched from the rules'
    update (an attendee taken off) to delete/event at 0.79: a guess would have deleted the call."""
    kept = judge(RulesView("update", "event", 0.7), probabilities(delete_event=0.85), T)
    assert (kept.intent, kept.entity) == ("update", "event")
    moved = judge(RulesView("find", "event", 0.7), probabilities(delete_event=0.85), T)
    assert (moved.intent, moved.entity) == ("delete", "event")  # a read may still be read as a removal
