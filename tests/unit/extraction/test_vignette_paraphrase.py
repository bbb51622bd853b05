"""A questionnaire item told in other words (issue 28 item 1), on items and sentences written for these tests: its core
words without the question's frame, alternatives of a list, Snowball stems, antonyms with the polarity reversed, the
item's own word deciding polarity, and near misses that stay unsettled."""

from __future__ import annotations

from medmirror.tools.calculators.points import yes_no
from medmirror.tools.extraction.paraphrase import _groups, alternatives, core_weights, sentence_hits, text_words
from medmirror.tools.extraction.vignette import read_items

USELESS = yes_no("useless", "Do you feel rather useless the way things are now?", default=None)
CONTENT = yes_no("content", "Are you basically content with your life?", default=None)
CHEERFUL = yes_no("cheerful", "Do you feel cheerful most of the time?", default=None)
BORED = yes_no("bored", "Do you often get bored at home?", default=None)
STRUCK = yes_no("struck", "In the last year, have you been punched, shoved, or otherwise physically hurt by your partner?",
                default=None)
SCARED = yes_no("scared", "Are you scared of someone at home?", default=None)
SOCIAL = yes_no("social", "Did your breathing limit your social activities?", default=None)
WORK = yes_no("work", "Did your breathing limit your work activities?", default=None)
PILLS = yes_no("pills", "Have you taken sleeping pills without a prescription?", default=None)
SNIFF = yes_no("sniff", "Have you sniffed glue or solvents?", default=None)
QUIZ = (USELESS, CONTENT, CHEERFUL, BORED, STRUCK, SCARED)


def read(text, items=QUIZ):
    return read_items(items, text).items


def test_the_questions_frame_and_hedges_are_not_its_core():
    assert [[p[1] for p in g] for g in _groups(USELESS.question)] == [["useless"]]
    assert [[p[1] for p in g] for g in _groups(CHEERFUL.question)] == [["cheer"]]


def test_a_list_of_alternatives_is_one_group():
    assert [p[1] for p in _groups(STRUCK.question)[0]] == ["punch", "shove", "physic", "hurt"]


def test_a_nominalised_word_names_the_item():
    r = read("She describes feelings of uselessness since her retirement.")["useless"]
    assert (r.value, r.status) == ("Yes", "read") and "core words" in r.how


def test_a_denied_paraphrase_answers_no():
    r = read("She denies feeling useless and sleeps well.")["useless"]
    assert (r.value, r.status) == ("No", "read")


def test_a_denial_reaches_the_members_of_its_list():
    r = read("He does not feel useless, bored, or cheerful.")
    assert (r["useless"].value, r["bored"].value) == ("No", "No")


def test_an_antonym_reverses_the_answer():
    r = read("She reports being discontent with her life.")["content"]
    assert (r.value, r.status) == ("No", "read") and "antonym" in r.how


def test_a_negated_antonym_settles_nothing():
    r = read("She is not discontent with her life.")["content"]
    assert r.status == "missing"


def test_a_word_and_its_antonym_together_settle_nothing():
    core = core_weights(QUIZ)["content"]
    assert sentence_hits(text_words("He is content with his life at times and discontent at others."), core) is None


def test_one_alternative_of_a_list_names_the_item():
    r = read("Last spring her partner punched her during an argument.")["struck"]
    assert (r.value, r.status) == ("Yes", "read")


def test_a_relative_the_item_does_not_name_is_no_answer():
    r = read("Last spring her brother punched her during an argument.")["struck"]
    assert r.status == "missing"


def test_an_item_not_told_stays_unsettled():
    r = read("She describes feelings of uselessness since her retirement.")
    assert r["scared"].status == "missing" and r["bored"].status == "missing"


def test_a_shared_word_without_the_items_own_word_names_no_sibling():
    core = core_weights((SOCIAL, WORK))
    daily = text_words("His breathing limits his daily activities.")
    assert sentence_hits(daily, core["social"])[0] == 0 and sentence_hits(daily, core["work"])[0] == 0
    social = text_words("His breathing limits his social activities.")
    assert sentence_hits(social, core["social"])[0] == 1 and sentence_hits(social, core["work"])[0] == 0


def test_the_items_own_word_decides_the_polarity_not_a_shared_word():
    items = (PILLS, SNIFF)
    r = read("He denies taking pills of any kind but admits to having sniffed glue.", items)
    assert r["sniff"].value == "Yes"


def test_a_denial_ends_at_a_new_affirming_clause():
    r = read("She was without work for a year, and reports feeling useless since.")["useless"]
    assert r.value == "Yes"


def test_a_denial_before_a_reporting_verb_still_holds():
    assert read("She does not report feelings of uselessness.")["useless"].value == "No"
    assert read("There are no reported feelings of uselessness.")["useless"].value == "No"


def test_a_conditional_clause_of_the_question_is_not_its_core():
    cond = yes_no("cond", "If pregnant, have you been punched by anyone?", default=None)
    assert [p[1] for g in _groups(cond.question) for p in g] == ["punch"]


def test_a_word_used_twice_counts_where_it_stands_by_the_items_heaviest_word():
    groups = [([("tired", "tire"), ("sleepy", "sleepi")], 1.0), ([("daytim", "daytim")], 1.0)]  # as core_weights
    got = sentence_hits(text_words("He sleeps at night and has no daytime sleepiness."), groups)
    assert got is not None
    _, hits, _ = got
    a = "He sleeps at night and has no daytime sleepiness.".index("sleepiness")
    assert hits["tired"][0] == a


def test_a_synonym_of_the_items_word_names_it():
    night = yes_no("night", "Are you often scared of the dark?", default=None)
    r = read_items((night,), "She fears the dark and sleeps with the light on.").items["night"]
    assert (r.value, r.status) == ("Yes", "read")
    r = read_items((night,), "She dislikes the dark and sleeps with the light on.").items["night"]
    assert r.status == "missing"


def test_a_noun_phrase_denial_does_not_reach_the_next_list_member():
    r = read("She presents with a lack of appetite, feelings of uselessness, and poor sleep.")["useless"]
    assert r.value == "Yes"


def test_a_noun_phrase_denial_reaches_an_or_lists_members():
    r = read("She presents without any appetite loss, insomnia, or feelings of uselessness.")["useless"]
    assert r.value == "No"


def test_a_relative_the_questionnaire_asks_about_does_not_void_the_answer():
    kill = yes_no("kill", "Do you believe they are capable of killing you?", default=None)
    hit = yes_no("hit", "Has your partner ever hit you?", default=None)
    r = read_items((kill, hit), "She does not believe her partner is capable of killing her.").items["kill"]
    assert (r.value, r.status) == ("No", "read")


def test_a_repeated_shared_word_counts_by_the_items_own_word():
    threat = yes_no("threat", "Has your partner threatened you with a knife?", default=None)
    care = yes_no("care", "Has your partner hurt you so badly that you needed care?", default=None)
    text = ("She denies that her partner hurt her badly, but acknowledges that her partner has threatened her with a "
            "knife.")
    r = read_items((threat, care), text).items["threat"]
    assert r.value == "Yes"


def test_a_question_of_several_is_named_by_one_of_them_with_its_frame():
    two = yes_no("two", "Did a teacher at your school ever... Mock you in class? or Threaten to fail you?", default=None)
    alts = alternatives((two,))["two"]
    assert [[p[1] for g, _ in alt for p in g] for alt in alts] == [["teacher", "school", "mock", "class"],
                                                                 ["teacher", "school", "threaten", "fail"]]
    r = read_items((two,), "A teacher at her school threatened to fail her.").items["two"]
    assert (r.value, r.status) == ("Yes", "read")
    r = read_items((two,), "A teacher at her school praised her essay.").items["two"]
    assert r.status == "missing"


MOCKED = yes_no("mocked", "Has your partner mocked you or looked down on you?", default=None)
SHAMED = yes_no("shamed", "Did anyone yell at you, shame you, put you down, or belittle you?", default=None)


def test_a_list_of_verbs_with_pronouns_and_particles_is_one_group_of_its_verbs():
    assert [[p[0] for p in g] for g in _groups(MOCKED.question)] == [["partner"], ["mock", "look"]]
    assert [[p[0] for p in g] for g in _groups(SHAMED.question)] == [["yell", "sham", "put", "belittl"]]


def test_one_verb_of_a_list_of_phrases_names_the_item():
    r = read("Her partner never mocks her.", (MOCKED,))["mocked"]
    assert (r.value, r.status) == ("No", "read")
    r = read("As a child she was often belittled by her stepfather.", (SHAMED,))["shamed"]
    assert (r.value, r.status) == ("Yes", "read")


def test_a_particle_alone_names_no_item():
    # 'down' of 'looked down on you' and 'put you down' is no alternative of its own
    assert read("She has been feeling down lately.", (MOCKED,))["mocked"].status != "read"
    assert read("She calmed down after an hour.", (SHAMED,))["shamed"].status != "read"
