"""Psychiatric scores of RiskAgent's library: depression, anxiety, delirium, substance use and others."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, point_score, yes_no

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
