"""Psychiatric scores of RiskAgent's library: depression, anxiety, delirium, substance use and others."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 10566: Geriatric Depression Scale, short form (GDS-15)
# ---------------------------------------------------------------------------

# (name, question, the answer that scores 1): five items score on "No" (reverse-keyed), ten on "Yes".
_GDS15 = (
    ("q1", "Are you basically satisfied with your life?", "No"),
    ("q2", "Have you dropped many of your activities and interests?", "Yes"),
    ("q3", "Do you feel that your life is empty?", "Yes"),
    ("q4", "Do you often get bored?", "Yes"),
    ("q5", "Are you in good spirits most of the time?", "No"),
    ("q6", "Are you afraid that something bad is going to happen to you?", "Yes"),
    ("q7", "Do you feel happy most of the time?", "No"),
    ("q8", "Do you often feel helpless?", "Yes"),
    ("q9", "Do you prefer to stay at home, rather than going out and doing new things?", "Yes"),
    ("q10", "Do you feel you have more problems with memory than most?", "Yes"),
    ("q11", "Do you think it is wonderful to be alive now?", "No"),
    ("q12", "Do you feel pretty worthless the way you are now?", "Yes"),
    ("q13", "Do you feel full of energy?", "No"),
    ("q14", "Do you feel that your situation is hopeless?", "Yes"),
    ("q15", "Do you think that most people are better off than you are?", "Yes"),
)

GDS15 = point_score(
    id="gds_15", name="Geriatric Depression Scale, 15-item (GDS-15)", mdcalc_id=10566, category="diagnosis",
    description=("Screens older adults for depression from fifteen yes/no questions about the past week; "
                 "one point per answer in the depressed direction (five items are reverse-keyed)."),
    items=tuple(
        yes_no(name, question, 1, no_points=0, default=None) if scoring == "Yes"
        else yes_no(name, question, 0, no_points=1, default=None)
        for name, question, scoring in _GDS15
    ),
    bands=(
        Band(0, 4, "No clinically significant depressive symptoms"),
        Band(5, 7, "Suggests mild depression"),
        Band(8, 9, "Suggests moderate depression"),
        Band(10, 15, "Suggests severe depression"),
    ),
    reference=("Sheikh JI, Yesavage JA. Geriatric Depression Scale (GDS): recent evidence and development of a "
               "shorter version. Clin Gerontol. 1986;5(1-2):165-173."),
    aliases=("GDS", "short geriatric depression scale"),
    conventions=("Every question must be answered: an unanswered item is refused, not scored 0.",
                 "Bands follow MDCalc's reading (<= 4, 5-7, 8-9, >= 10); the original paper used > 5 as "
                 "suggestive of depression."),
)

# ---------------------------------------------------------------------------
# MDCalc 10466: Edinburgh Postnatal Depression Scale (EPDS)
# ---------------------------------------------------------------------------

EPDS = point_score(
    id="epds", name="Edinburgh Postnatal Depression Scale (EPDS)", mdcalc_id=10466, category="diagnosis",
    description=("Screens women after (or during) pregnancy for depression from ten self-rated statements about "
                 "the past seven days, 0-3 points each (0-30)."),
    items=(
        Choice("q1", "I have been able to laugh and see the funny side of things", opts(
            ("As much as I always could", 0),
            ("Not quite so much now", 1),
            ("Definitely not so much now", 2),
            ("Not at all", 3),
        )),
        Choice("q2", "I have looked forward with enjoyment to things", opts(
            ("As much as I ever did", 0),
            ("Rather less than I used to", 1),
            ("Definitely less than I used to", 2),
            ("Hardly at all", 3),
        )),
        Choice("q3", "I have blamed myself unnecessarily when things went wrong", opts(
            ("No, never", 0),
            ("Not very often", 1),
            ("Yes, some of the time", 2),
            ("Yes, most of the time", 3),
        )),
        Choice("q4", "I have been anxious or worried for no good reason", opts(
            ("No, not at all", 0),
            ("Hardly ever", 1),
            ("Yes, sometimes", 2),
            ("Yes, very often", 3),
        )),
        Choice("q5", "I have felt scared or panicky for no very good reason", opts(
            ("No, not at all", 0),
            ("No, not much", 1),
            ("Yes, sometimes", 2),
            ("Yes, quite a lot", 3),
        )),
        Choice("q6", "Things have been getting on top of me", opts(
            ("No, I have been coping as well as ever", 0),
            ("No, most of the time I have coped quite well", 1),
            ("Yes, sometimes I haven’t been coping as well as usual", 2),
            ("Yes, most of the time I haven’t been able to cope at all", 3),
        )),
        Choice("q7", "I have been so unhappy that I have had difficulty sleeping", opts(
            ("No, not at all", 0),
            ("Not very often", 1),
            ("Yes, sometimes", 2),
            ("Yes, most of the time", 3),
        )),
        Choice("q8", "I have felt sad or miserable", opts(
            ("No, not at all", 0),
            ("Not very often", 1),
            ("Yes, quite often", 2),
            ("Yes, most of the time", 3),
        )),
        Choice("q9", "I have been so unhappy that I have been crying", opts(
            ("No, never", 0),
            ("Only occasionally", 1),
            ("Yes, quite often", 2),
            ("Yes, most of the time", 3),
        )),
        Choice("q10", "The thought of harming myself has occurred to me", opts(
            ("Never", 0),
            ("Hardly ever", 1),
            ("Sometimes", 2),
            ("Yes, quite often", 3),
        )),
    ),
    bands=(
        Band(0, 9, "Negative screening result"),
        Band(10, 30, "Positive screening result: further evaluation for depression recommended"),
    ),
    reference=("Cox JL, Holden JM, Sagovsky R. Detection of postnatal depression. Development of the 10-item "
               "Edinburgh Postnatal Depression Scale. Br J Psychiatry. 1987;150:782-786."),
    aliases=("EPDS", "Edinburgh scale"),
    conventions=("Every item must be answered; an unanswered item is refused, not scored 0.",
                 "Positive at >= 10 as MDCalc reads it; any answer other than 'Never' to item 10 (self-harm) "
                 "warrants immediate assessment whatever the total."),
)
