"""Psychiatric scores of RiskAgent's library: depression, anxiety, delirium, substance use and others."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import Band, Choice, band_of, item_points, opts, point_score, yes_no

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

# ---------------------------------------------------------------------------
# MDCalc 10526: Drug Abuse Screening Test, 10-item (DAST-10)
# ---------------------------------------------------------------------------

DAST10 = point_score(
    id="dast_10", name="Drug Abuse Screening Test, 10-item (DAST-10)", mdcalc_id=10526, category="severity",
    description=("Grades problems from drug use (not alcohol or tobacco) over the past 12 months from ten yes/no "
                 "questions, one point each in the problem direction (item 3 is reverse-keyed)."),
    items=(
        yes_no("q1", "Have you used drugs other than those required for medical reasons?", 1, default=None),
        yes_no("q2", "Do you abuse more than one drug at a time?", 1, default=None),
        Choice("q3", "Are you always able to stop using drugs when you want to?", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        yes_no("q4", "Have you had \"blackouts\" or \"flashbacks\" as a result of drug use?", 1, default=None),
        yes_no("q5", "Do you ever feel bad or guilty because of your use of drugs?", 1, default=None),
        yes_no("q6", "Do your spouse or parents ever complain about your involvement with drugs?", 1, default=None),
        yes_no("q7", "Have you neglected your family because of your use of drugs?", 1, default=None),
        yes_no("q8", "Have you engaged in illegal activities in order to obtain drugs?", 1, default=None),
        yes_no("q9", "Have you ever experienced withdrawal symptoms (felt sick) when you stopped taking drugs?", 1, default=None),
        yes_no("q10", "Have you had medical problems as a result of your drug use?", 1, default=None),
    ),
    bands=(
        Band(0, 0, "No problems reported related to drug abuse"),
        Band(1, 2, "Low level of problems related to drug abuse: monitor, reassess later"),
        Band(3, 5, "Moderate level of problems related to drug abuse: further investigation"),
        Band(6, 8, "Substantial level of problems related to drug abuse: intensive assessment"),
        Band(9, 10, "Severe level of problems related to drug abuse: intensive assessment"),
    ),
    reference=("Skinner HA. The Drug Abuse Screening Test. Addict Behav. 1982;7(4):363-371."),
    aliases=("DAST-10", "DAST"),
    conventions=("Every question must be answered; an unanswered item is refused, not scored 0.",
                 "Item 3 ('always able to stop') scores on 'No'; a patient who never uses drugs answers 'Yes'."),
)

# ---------------------------------------------------------------------------
# MDCalc 1844: Major Depression Inventory (MDI)
# ---------------------------------------------------------------------------

_FREQ = (("At no time", 0), ("Some of the time", 1), ("Slightly less than half of the time", 2),
         ("Slightly more than half of the time", 3), ("Most of the time", 4), ("All the time", 5))
_MDI_ITEMS = (
    ("sad", "1. Felt low in spirits or sad?"),
    ("lost_interest", "2. Lost interest in daily activities?"),
    ("lacking_energy", "3. Felt lacking in energy and strength?"),
    ("self_confident", "4. Felt less self-confident?"),
    ("guilt", "5. Had a bad conscience or feelings of guilt?"),
    ("life", "6. Felt that life wasn’t worth living?"),
    ("concentration", "7. Had difficulty in concentrating, e.g. when reading the newspaper or watching television?"),
    ("restless", "8a. Felt very restless?"),
    ("subdued", "8b. Felt subdued or slowed down?"),
    ("sleeping", "9. Had trouble sleeping at night?"),
    ("reduced_appetite", "10a. Suffered from reduced appetite?"),
    ("increased_appetite", "10b. Suffered from increased appetite?"),
)
_MDI_BANDS = (
    Band(0, 19, "No depression"),
    Band(20, 24, "Mild depression"),
    Band(25, 29, "Moderate depression"),
    Band(30, 60, "Severe depression"),
)


def _mdi(x) -> CalculatorResult:
    rows = item_points(x)
    p = {name: pts for name, _, pts in rows}
    scored = {
        "1 mood": p["sad"], "2 interest": p["lost_interest"], "3 energy": p["lacking_energy"],
        "4 self-confidence": p["self_confident"], "5 guilt": p["guilt"], "6 life not worth living": p["life"],
        "7 concentration": p["concentration"], "8 psychomotor (higher of 8a/8b)": max(p["restless"], p["subdued"]),
        "9 sleep": p["sleeping"],
        "10 appetite (higher of 10a/10b)": max(p["reduced_appetite"], p["increased_appetite"]),
    }
    total = int(sum(scored.values()))
    band = band_of(_MDI_BANDS, total)
    # DSM-IV algorithm: items 1-3 count at "most of the time" (>= 4), the others at "more than half" (>= 3);
    # self-confidence and guilt are one criterion.
    criteria = [p["sad"] >= 4, p["lost_interest"] >= 4, p["lacking_energy"] >= 4,
                max(p["self_confident"], p["guilt"]) >= 3, p["life"] >= 3, p["concentration"] >= 3,
                max(p["restless"], p["subdued"]) >= 3, p["sleeping"] >= 3,
                max(p["reduced_appetite"], p["increased_appetite"]) >= 3]
    major = sum(criteria) >= 5 and (criteria[0] or criteria[1])
    dsm = (f"DSM-IV algorithm: {sum(criteria)} of 9 criteria met"
           f"{', including mood or interest' if criteria[0] or criteria[1] else ''}: "
           f"{'meets' if major else 'does not meet'} major depression")
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines += [f"Scored items: {', '.join(f'{k} {v:g}' for k, v in scored.items())}",
              f"Total = {total} points (0-50); {band.text}", dsm]
    return CalculatorResult(
        calculator="mdi", name=MDI.name, value=total, unit="points", interpretation=band.text,
        explanation=lines, reference=MDI.reference, components={**p, "dsm_iv_major_depression": major})


MDI = point_score(
    id="mdi", name="Major Depression Inventory (MDI)", mdcalc_id=1844, category="severity",
    description=("Self-report of how often ten depressive symptoms were present over the past two weeks; the "
                 "total (0-50) grades severity and the answers also run the DSM-IV major depression algorithm."),
    items=tuple(Choice(name, question, opts(*_FREQ)) for name, question in _MDI_ITEMS),
    bands=_MDI_BANDS, compute=_mdi,
    reference=("Bech P, Rasmussen NA, Olsen LR, Noerholm V, Abildgaard W. The sensitivity and specificity of the "
               "Major Depression Inventory, using the Present State Examination as the index of diagnostic "
               "validity. J Affect Disord. 2001;66(2-3):159-164."),
    aliases=("MDI", "Major Depression Index"),
    conventions=("Total = items 1-7 and 9, plus the higher of 8a/8b and of 10a/10b (0-50); items 4 and 5 are "
                 "both summed and are combined only for the DSM-IV algorithm (Bech 2001: range 0-50). MDCalc's page "
                 "also takes only the higher of 4/5 in the total, which lowers it by the lower of the two.",
                 "Severity: < 20 no depression, 20-24 mild, 25-29 moderate, >= 30 severe. Every item is "
                 "required."),
)

# ---------------------------------------------------------------------------
# MDCalc 10527: CRAFFT 2.1
# ---------------------------------------------------------------------------

_CRAFFT_BANDS = (
    Band(0, 0, "Low risk of substance use disorder"),
    Band(1, 1, "Medium risk of substance use disorder"),
    Band(2, 6, "High risk of substance use disorder"),
)


CRAFFT = point_score(
    id="crafft", name="CRAFFT 2.1 Questionnaire", mdcalc_id=10527, category="risk",
    description=("Screens adolescents and young adults (12-21 years) for risky alcohol and drug use: one point "
                 "per 'Yes' to the six CRAFFT questions (Car, Relax, Alone, Forget, Friends, Trouble)."),
    items=(
        yes_no("q1", "Have you ever ridden in a CAR driven by someone (including yourself) who was \"high\" or had "
                     "been using alcohol or drugs?", 1, default=None),
        yes_no("q2", "Do you ever use alcohol or drugs to RELAX, feel better about yourself, or fit in?", 1,
               default=None),
        yes_no("q3", "Do you ever use alcohol or drugs while you are by yourself, ALONE?", 1, default=None),
        yes_no("q4", "Do you ever FORGET things you did while using alcohol or drugs?", 1, default=None),
        yes_no("q5", "Do your family or FRIENDS ever tell you that you should cut down on your drinking or drug "
                     "use?", 1, default=None),
        yes_no("q6", "Have you ever gotten into TROUBLE while you were using alcohol or drugs?", 1, default=None),
    ),
    bands=_CRAFFT_BANDS,
    reference=("Knight JR, Sherritt L, Shrier LA, Harris SK, Chang G. Validity of the CRAFFT substance abuse "
               "screening test among adolescent clinic patients. Arch Pediatr Adolesc Med. 2002;156(6):607-614."),
    aliases=("CRAFFT", "CRAFFT 2.1"),
    conventions=("Score = number of 'Yes' answers to the six CRAFFT questions: 0 low, 1 medium, >= 2 high risk.",
                 "Part A (days of alcohol, cannabis or other drug use in the past year) only decides which "
                 "questions are asked (CAR alone when all are 0) and does not enter the score.",
                 "Every CRAFFT question is required (answers are not assumed)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10208: Abbreviated Mental Test (AMT-10)
# ---------------------------------------------------------------------------

AMT10 = point_score(
    id="amt_10", name="Abbreviated Mental Test (AMT-10)", mdcalc_id=10208, category="diagnosis",
    description=("Screens older patients for cognitive impairment with ten quick questions (orientation, "
                 "recognition, memory, attention), one point per correct answer."),
    items=(
        Choice("age", "Age", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("time", "Time", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("year", "Current year", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("homeaddress", "Patient’s home address", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("jobs", "What jobs do these people do?", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("date", "Date of birth", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("ww1", "Year World War I started", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("president", "Current president", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("count", "Count backwards from 20 to 1", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
        Choice("recall", "Ask to recall address given earlier", opts(
            ("Correct", 1),
            ("Incorrect", 0),
        )),
    ),
    bands=(
        Band(0, 3, "Severe cognitive impairment"),
        Band(4, 6, "Moderate cognitive impairment"),
        Band(7, 10, "Normal: no cognitive impairment (no delirium)"),
    ),
    reference=("Hodkinson HM. Evaluation of a mental test score for assessment of mental impairment in the "
               "elderly. Age Ageing. 1972;1(4):233-238."),
    aliases=("AMT", "AMTS", "Abbreviated Mental Test Score"),
    conventions=("Every question is required: an unasked question is refused, not scored incorrect.",
                 "Some authors use < 7 (rather than <= 6) differently; the bands follow MDCalc's reading "
                 "(0-3 severe, 4-6 moderate, 7-10 normal)."),
)

# ---------------------------------------------------------------------------
# MDCalc 4013: Short Michigan Alcoholism Screening Test (SMAST)
# ---------------------------------------------------------------------------

SMAST = point_score(
    id="smast", name="Short Michigan Alcoholism Screening Test (SMAST)", mdcalc_id=4013, category="risk",
    description=("Screens for alcohol abuse with thirteen yes/no questions about drinking and its consequences, "
                 "one point per answer in the problem direction (three items are reverse-keyed)."),
    items=(
        Choice("feels", "Patient feels they are a normal drinker", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        yes_no("spouse", "Spouse or other near relative has worried or complained about patient’s drinking", 1, default=None),
        yes_no("guilty", "Patient has ever felt guilty about drinking", 1, default=None),
        Choice("think", "Friends/relatives think patient is a normal drinker", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        Choice("able", "Patient is able to stop drinking when they want", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        yes_no("aa", "Patient has ever attended an Alcoholics Anonymous meeting", 1, default=None),
        yes_no("problems", "Drinking has ever created problems with spouse or other near relative", 1, default=None),
        yes_no("trouble", "Patient has gotten into trouble at work because of drinking", 1, default=None),
        yes_no("row", "Patient has neglected family, obligations, or work for >=2 days in a row because of drinking", 1, default=None),
        yes_no("help", "Patient has ever sought help for drinking", 1, default=None),
        yes_no("hospital", "Patient has ever been in a hospital because of drinking", 1, default=None),
        yes_no("dui", "Patient has ever been arrested for driving while intoxicated", 1, default=None),
        yes_no("arrested", "Patient has ever been arrested for other drunken behavior", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Low risk, no apparent alcohol problem: repeat screening as needed"),
        Band(3, 3, "Borderline risk, possible early alcohol problem: consider further investigation"),
        Band(4, 13, "High risk, likely alcohol abuse: full assessment recommended"),
    ),
    reference=("Selzer ML, Vinokur A, van Rooijen L. A self-administered Short Michigan Alcoholism Screening "
               "Test (SMAST). J Stud Alcohol. 1975;36(1):117-126."),
    aliases=("SMAST",),
    conventions=("Every question is required; 'normal drinker' (self and others' view) and 'able to stop' score "
                 "on 'No'.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10483: Revised Opioid Risk Tool (ORT-OUD)
# ---------------------------------------------------------------------------

ORT_OUD = point_score(
    id="ort_oud", name="Revised Opioid Risk Tool (ORT-OUD)", mdcalc_id=10483, category="risk",
    description=("Estimates the risk of opioid use disorder before prescribing opioids for chronic "
                 "non-cancer pain from age, psychiatric history and personal and family substance abuse."),
    items=(
        yes_no("age", "Age 16-45", 1, default=None),
        yes_no("depression", "History of depression", 1, default=None),
        yes_no("add", "History of ADD, OCD, bipolar disorder, or schizophrenia", 1, default=None),
        yes_no("p_alc", "Personal history of alcohol abuse", 1, default=None),
        yes_no("p_drug", "Personal history of illegal drug abuse", 1, default=None),
        yes_no("p_drug2", "Personal history of prescription drug abuse", 1, default=None),
        yes_no("f_alc", "Family history of alcohol abuse", 1, default=None),
        yes_no("f_drug", "Family history of illegal drug abuse", 1, default=None),
        yes_no("f_drug2", "Family history of prescription drug abuse", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Low risk of opioid use disorder"),
        Band(3, 9, "High risk of opioid use disorder"),
    ),
    reference=("Cheatle MD, Compton PA, Dhingra L, Wasser TE, O'Brien CP. Development of the Revised Opioid Risk "
               "Tool to predict opioid use disorder in patients with chronic nonmalignant pain. J Pain. "
               "2019;20(7):842-851."),
    aliases=("ORT-OUD", "revised ORT"),
    conventions=("Every item is required (history is asked, not assumed); >= 3 is high risk.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1727: GAD-7
# ---------------------------------------------------------------------------

GAD7 = point_score(
    id="gad_7", name="GAD-7 (Generalized Anxiety Disorder 7-item)", mdcalc_id=1727, category="severity",
    description=("Screens for and grades generalized anxiety from seven symptoms over the past two weeks, 0-3 "
                 "each by frequency (0-21)."),
    items=(
        Choice("nervous", "Feeling nervous, anxious, or on edge", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("control_worrying", "Not being able to stop or control worrying", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("worrying", "Worrying too much about different things", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("trouble_relaxing", "Trouble relaxing", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("restless", "Being so restless that it's hard to sit still", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("irritable", "Becoming easily annoyed or irritable", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("afraid", "Feeling afraid as if something awful might happen", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
    ),
    bands=(
        Band(0, 4, "Minimal anxiety"),
        Band(5, 9, "Mild anxiety"),
        Band(10, 14, "Moderate anxiety"),
        Band(15, 21, "Severe anxiety"),
    ),
    reference=("Spitzer RL, Kroenke K, Williams JB, Löwe B. A brief measure for assessing generalized anxiety "
               "disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097."),
    aliases=("GAD-7", "GAD7"),
    conventions=("Every symptom item is required. The closing question on functional difficulty is not part of "
                 "the score and is not an input.",
                 ">= 10 is the usual cut-off for probable generalized anxiety disorder."),
)

# ---------------------------------------------------------------------------
# MDCalc 1843: Hamilton Anxiety Rating Scale (HAM-A)
# ---------------------------------------------------------------------------

HAMA = point_score(
    id="hamilton_anxiety", name="Hamilton Anxiety Rating Scale (HAM-A)", mdcalc_id=1843, category="severity",
    description=("Clinician rating of anxiety severity over fourteen symptom groups (psychic and somatic), 0-4 "
                 "each (0-56)."),
    items=(
        Choice("mood", "1. Anxious mood: Worries, anticipation of the worst, fearful anticipation, irritability.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("tension", "2. Tension: Feelings of tension, fatigability, startle response, moved to tears easily, trembling, feelings of restlessness, inability to relax.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("fears", "3. Fears: Of dark, of strangers, of being left alone, of animals, of traffic, of crowds.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("insomnia", "4. Insomnia: Difficulty in falling asleep, broken sleep, unsatisfying sleep and fatigue on waking, dreams, nightmares, night terrors.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("intellectual", "5. Intellectual: Difficulty in concentration, poor memory.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("depressed_mood", "6. Depressed mood: Loss of interest, lack of pleasure in hobbies, depression, early waking, diurnal swing.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("somatic_muscular", "7. Somatic (muscular): Pains and aches, twitching, stiffness, myoclonic jerks, grinding of teeth, unsteady voice, increased muscular tone.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("somatic_sensory", "8. Somatic (sensory): Tinnitus, blurring of vision, hot and cold flushes, feelings of weakness, pricking sensation.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("cardiovascular", "9. Cardiovascular symptoms: Tachycardia, palpitations, pain in chest, throbbing of vessels, fainting feelings, missing beat.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("respiratory", "10 . Respiratory symptoms: Pressure or constriction in chest, choking feelings, sighing, dyspnea.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("gastrointestinal", "11. Gastrointestinal symptoms: Difficulty in swallowing, wind abdominal pain, burning sensations, abdominal fullness, nausea, vomiting, borborygmi, looseness of bowels, loss of weight, constipation.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("genitourinary", "12. Genitourinary symptoms: Frequency of micturition, urgency of micturition, amenorrhea, menorrhagia, development of frigidity, premature ejaculation,loss of libido, impotence.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("autonomic", "13. Autonomic symptoms: Dry mouth, flushing, pallor, tendency to sweat, giddiness, tension headache, raising of hair.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
        Choice("behavior", "14. Behavior at interview: Fidgeting, restlessness or pacing, tremor of hands, furrowed brow, strained face, sighing or rapid respiration, facial pallor, swallowing, etc.", opts(
            ("Not Present", 0),
            ("Mild", 1),
            ("Moderate", 2),
            ("Severe", 3),
            ("Very Severe", 4),
        )),
    ),
    bands=(
        Band(0, 17, "Mild anxiety severity"),
        Band(18, 24, "Mild to moderate anxiety severity"),
        Band(25, 30, "Moderate to severe anxiety severity"),
        Band(31, 56, "Severe anxiety"),
    ),
    reference=("Hamilton M. The assessment of anxiety states by rating. Br J Med Psychol. 1959;32(1):50-55."),
    aliases=("HAM-A", "HARS", "Hamilton anxiety scale"),
    conventions=("Every item is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1730: Adult ADHD Self-Report Scale v1.1, Part A
# ---------------------------------------------------------------------------

ASRS = point_score(
    id="asrs_v1_1", name="Adult ADHD Self-Report Scale (ASRS v1.1) Screener", mdcalc_id=1730, category="diagnosis",
    description=("Screens adults for ADHD with six frequency questions (the ASRS Part A); an answer in the "
                 "shaded (darker) range scores one point."),
    items=(
        Choice("wrapping_up", "How often do you have trouble wrapping up the final details of a project, once the challenging parts have been done?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 1),
            ("Often", 1),
            ("Very often", 1),
        )),
        Choice("organization", "How often do you have difficulty getting things in order when you have to do a task that requires organization?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 1),
            ("Often", 1),
            ("Very often", 1),
        )),
        Choice("remembering", "How often do you have problems remembering appointments or obligations?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 1),
            ("Often", 1),
            ("Very often", 1),
        )),
        Choice("delay_task", "When you have a task that requires a lot of thought, how often do you avoid or delay getting started?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 0),
            ("Often", 1),
            ("Very often", 1),
        )),
        Choice("fidget", "How often do you fidget or squirm with your hands or feet when you have to sit down for a long time?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 0),
            ("Often", 1),
            ("Very often", 1),
        )),
        Choice("overly_active", "How often do you feel overly active and compelled to do things, like you were driven by a motor?", opts(
            ("Never", 0),
            ("Rarely", 0),
            ("Sometimes", 0),
            ("Often", 1),
            ("Very often", 1),
        )),
    ),
    bands=(
        Band(0, 3, "Adult ADHD unlikely: fewer than 4 answers in the shaded range"),
        Band(4, 6, "Adult ADHD likely: consistent with adult ADHD, further evaluation warranted"),
    ),
    reference=("Kessler RC, Adler L, Ames M, et al. The World Health Organization Adult ADHD Self-Report Scale "
               "(ASRS): a short screening scale for use in the general population. Psychol Med. "
               "2005;35(2):245-256."),
    aliases=("ASRS", "ASRS-6", "ASRS v1.1"),
    conventions=("Items 1-3 score from 'Sometimes', items 4-6 from 'Often'; every item is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 4058: Montgomery-Åsberg Depression Rating Scale (MADRS)
# ---------------------------------------------------------------------------

MADRS = point_score(
    id="madrs", name="Montgomery-Åsberg Depression Rating Scale (MADRS)", mdcalc_id=4058, category="severity",
    description=("Clinician rating of depression severity over ten items (sadness, tension, sleep, appetite, "
                 "concentration, lassitude, inability to feel, pessimism, suicidal thoughts), 0-6 each (0-60)."),
    items=(
        Choice("apparent", "Apparent sadness", opts(
            ("No sadness", 0),
            ("1 (Worsening symptoms)", 1),
            ("Looks dispirited but brightens up without difficulty", 2),
            ("3 (Worsening symptoms)", 3),
            ("Appears sad and unhappy most of the time", 4),
            ("5 (Worsening symptoms)", 5),
            ("Looks miserable all the time; extremely despondent", 6),
        )),
        Choice("reported", "Reported sadness", opts(
            ("Occasional sadness in keeping with circumstances", 0),
            ("1 (Worsening symptoms)", 1),
            ("Sad or low but brightens up without difficulty", 2),
            ("3 (Worsening symptoms)", 3),
            ("Pervasive feelings of sadness or gloominess; mood still influenced by external circumstances", 4),
            ("5 (Worsening symptoms)", 5),
            ("Continuous or unvarying sadness, misery, or despondency", 6),
        )),
        Choice("tension", "Inner tension", opts(
            ("Placid; only fleeting inner tension", 0),
            ("1 (Worsening symptoms)", 1),
            ("Occasional feelings of edginess and ill-defined discomfort", 2),
            ("3 (Worsening symptoms)", 3),
            ("Continuous feelings of inner tension or intermittent panic which the patient can only master with some difficulty", 4),
            ("5 (Worsening symptoms)", 5),
            ("Unrelenting dread or anguish; overwhelming panic", 6),
        )),
        Choice("sleep", "Reduced sleep", opts(
            ("Sleeps as normal", 0),
            ("1 (Worsening symptoms)", 1),
            ("Slight difficulty dropping off to sleep, or slightly reduced, light, or fitful sleep", 2),
            ("3 (Worsening symptoms)", 3),
            ("Sleep reduced or broken by at least two hours", 4),
            ("5 (Worsening symptoms)", 5),
            ("<2-3 hours of sleep", 6),
        )),
        Choice("appetite", "Reduced appetite", opts(
            ("Normal or increased appetite", 0),
            ("1 (Worsening symptoms)", 1),
            ("Slightly reduced appetite", 2),
            ("3 (Worsening symptoms)", 3),
            ("No appetite; food is tasteless", 4),
            ("5 (Worsening symptoms)", 5),
            ("Needs persuasion to eat", 6),
        )),
        Choice("concentration", "Concentration difficulty", opts(
            ("No difficulties in concentrating", 0),
            ("1 (Worsening symptoms)", 1),
            ("Occasional difficulties in collecting one’s thoughts", 2),
            ("3 (Worsening symptoms)", 3),
            ("Difficulties in concentrating and sustaining thought which reduces ability to read or hold a conversation", 4),
            ("5 (Worsening symptoms)", 5),
            ("Unable to read or converse without great initiative", 6),
        )),
        Choice("lassi", "Lassitude", opts(
            ("Hardly any difficulty getting started in daily activities; no sluggishness", 0),
            ("1 (Worsening symptoms)", 1),
            ("Difficulty in starting activities", 2),
            ("3 (Worsening symptoms)", 3),
            ("Difficulty starting simple routine activities, which are carried out with effort", 4),
            ("5 (Worsening symptoms)", 5),
            ("Complete lassitude; unable to do anything without help", 6),
        )),
        Choice("feel", "Inability to feel", opts(
            ("Normal interest in surroundings/other people", 0),
            ("1 (Worsening symptoms)", 1),
            ("Reduced ability to enjoy usual interests", 2),
            ("3 (Worsening symptoms)", 3),
            ("Loss of interest in surroundings; loss of feelings for friends/acquaintances", 4),
            ("5 (Worsening symptoms)", 5),
            ("Emotionally paralyzed, unable to feel anger, grief, or pleasure; complete failure to feel for close relatives and friends", 6),
        )),
        Choice("pessimistic", "Pessimistic thoughts", opts(
            ("No pessimistic thoughts", 0),
            ("1 (Worsening symptoms)", 1),
            ("Fluctuating ideas of failure, self reproach, or self depreciation", 2),
            ("3 (Worsening symptoms)", 3),
            ("Persistent self accusations or definite but still rational ideas of guilt; increasingly pessimistic about the future", 4),
            ("5 (Worsening symptoms)", 5),
            ("Delusions of ruin, remorse, or irredeemable sin; absurd and unshakable self accusations", 6),
        )),
        Choice("suicidal", "Suicidal thoughts", opts(
            ("Enjoys life", 0),
            ("1 (Worsening symptoms)", 1),
            ("Weary of life; only fleeting suicidal thoughts", 2),
            ("3 (Worsening symptoms)", 3),
            ("Feels better off dead; suicidal thoughts common and considered as possible solution but no specific plans/intention", 4),
            ("5 (Worsening symptoms)", 5),
            ("Explicit plans for suicide; active preparations", 6),
        )),
    ),
    bands=(
        Band(0, 8, "Depressive symptoms absent"),
        Band(9, 17, "Mild depression"),
        Band(18, 34, "Moderate depression"),
        Band(35, 60, "Severe depression"),
    ),
    reference=("Montgomery SA, Åsberg M. A new depression scale designed to be sensitive to change. Br J "
               "Psychiatry. 1979;134:382-389."),
    aliases=("MADRS",),
    conventions=("Every item is required. Odd grades without their own description are labelled by their "
                 "points, e.g. '3 (Worsening symptoms)'.",
                 "Severity bands follow Müller 2000 as MDCalc reports them; cut-offs vary between sources."),
)

# ---------------------------------------------------------------------------
# MDCalc 1757: Opioid Risk Tool (ORT)
# ---------------------------------------------------------------------------

# (name, question, points for a woman, points for a man)
_ORT = (
    ("family_alcohol", "Family history of alcohol abuse", 1, 3),
    ("family_illegal_drug", "Family history of illegal drug abuse", 2, 3),
    ("family_prescription_drug", "Family history of prescription drug abuse", 4, 4),
    ("alcohol_abuse", "Personal history of alcohol abuse", 3, 3),
    ("illegal_drug_abuse", "Personal history of illegal drug abuse", 4, 4),
    ("prescription_drug_abuse", "Personal history of prescription drug abuse", 5, 5),
    ("age_16_45", "Age 16-45", 1, 1),
    ("sexual_abuse", "History of preadolescent sexual abuse", 3, 0),
    ("psychological_disorder", "History of ADD, OCD, bipolar disorder, or schizophrenia", 2, 2),
    ("depression", "History of depression", 1, 1),
)
_ORT_BANDS = (
    Band(0, 3, "Low risk for future opioid-related aberrant behaviors (6% showed them in the derivation study)"),
    Band(4, 7, "Moderate risk for future opioid-related aberrant behaviors (28% showed them)"),
    Band(8, 26, "High risk for future opioid-related aberrant behaviors (91% showed them)"),
)


def _ort(x) -> CalculatorResult:
    male = x.sex == "Male"
    rows, components = [], {}
    for name, question, women, men in _ORT:
        pts = (men if male else women) if getattr(x, name) == "Yes" else 0
        components[name] = pts
        rows.append(f"{question}: {getattr(x, name)} -> {pts:+d}")
    total = sum(components.values())
    band = band_of(_ORT_BANDS, total)
    rows.append(f"Total = {total} points ({x.sex.lower()} point values); {band.text}")
    return CalculatorResult(
        calculator="opioid_risk_tool", name=ORT.name, value=total, unit="points", interpretation=band.text,
        explanation=rows, reference=ORT.reference, components={"sex": 0, **components})


ORT = point_score(
    id="opioid_risk_tool", name="Opioid Risk Tool (ORT)", mdcalc_id=1757, category="risk",
    description=("Estimates the risk of aberrant opioid-related behavior before opioids for chronic pain, from "
                 "family and personal substance abuse, age, preadolescent sexual abuse and psychiatric history, "
                 "with sex-specific points."),
    items=(
        Choice("sex", "Sex", opts(("Female", 0, 1), ("Male", 0, 0))),
        *(yes_no(name, question, women, yes_code=1, default=None) for name, question, women, _ in _ORT),
    ),
    bands=_ORT_BANDS, compute=_ort,
    reference=("Webster LR, Webster RM. Predicting aberrant behaviors in opioid-treated patients: preliminary "
               "validation of the Opioid Risk Tool. Pain Med. 2005;6(6):432-442."),
    aliases=("ORT", "Webster opioid risk tool"),
    conventions=("Points differ by sex as published (women/men): family alcohol 1/3, family illegal drugs 2/3, "
                 "family prescription drugs 4/4, personal alcohol 3/3, illegal drugs 4/4, prescription drugs "
                 "5/5, age 16-45 1/1, preadolescent sexual abuse 3/0, ADD/OCD/bipolar/schizophrenia 2/2, "
                 "depression 1/1. MDCalc's input values are 0/1 codes, not points.",
                 "Every item is required (history is asked, not assumed)."),
)

# ---------------------------------------------------------------------------
# MDCalc 1985: Clinical Opiate Withdrawal Scale (COWS)
# ---------------------------------------------------------------------------

COWS = point_score(
    id="cows", name="Clinical Opiate Withdrawal Scale (COWS)", mdcalc_id=1985, category="severity",
    description=("Grades opioid withdrawal from eleven signs and symptoms (pulse, sweating, restlessness, pupils, "
                 "aches, rhinorrhea, GI upset, tremor, yawning, anxiety, gooseflesh), 0-48."),
    items=(
        Choice("pulse", "Resting Pulse Rate (BPM)", opts(
            ("<=80", 0),
            ("81-100", 1),
            ("101-120", 2),
            (">120", 4),
        )),
        Choice("sweat", "Sweating", opts(
            ("No report of chills or flushing", 0),
            ("Subjective report of chills or flushing", 1),
            ("Flushed or observable moistness on face", 2),
            ("Beads of sweat on brow or face", 3),
            ("Sweat streaming off face", 4),
        )),
        Choice("restless", "Restlessness observation during assessment", opts(
            ("Able to sit still", 0),
            ("Reports difficulty sitting still, but is able to do so", 1),
            ("Frequent shifting or extraneous movements of legs/arms", 3),
            ("Unable to sit still for more than a few seconds", 5),
        )),
        Choice("pupil", "Pupil size", opts(
            ("Pupils pinned or normal size for room light", 0),
            ("Pupils possibly larger than normal for room light", 1),
            ("Pupils moderately dilated", 2),
            ("Pupils so dilated that only the rim of the iris is visible", 5),
        )),
        Choice("bone", "Bone or joint aches", opts(
            ("Not present", 0),
            ("Mild diffuse discomfort", 1),
            ("Patient reports severe diffuse aching of joints/ muscles", 2),
            ("Patient is rubbing joints or muscles and is unable to sit still because of discomfort", 4),
        )),
        Choice("noise", "Runny nose or tearing", opts(
            ("Not present", 0),
            ("Nasal stuffiness or unusually moist eyes", 1),
            ("Nose running or tearing", 2),
            ("Nose constantly running or tears streaming down cheeks", 4),
        )),
        Choice("gi", "GI Upset", opts(
            ("No GI symptoms", 0),
            ("Stomach Cramps", 1),
            ("Nausea or loose stool", 2),
            ("Vomiting or diarrhea", 3),
            ("Multiple episodes of vomiting or diarrhea", 5),
        )),
        Choice("tremor", "Tremor observation of outstretched hands", opts(
            ("No tremor", 0),
            ("Tremor can be felt, but not observed", 1),
            ("Slight tremor observable", 2),
            ("Gross tremor or muscle twitching", 4),
        )),
        Choice("yawn", "Yawning observation during assessment", opts(
            ("No yawning", 0),
            ("Yawning once or twice during assessment", 1),
            ("Yawning three or more times during assessment", 2),
            ("Yawning several times/minute", 4),
        )),
        Choice("anxiety", "Anxiety or irritability", opts(
            ("None", 0),
            ("Patient reports increasing irritability or anxiousness", 1),
            ("Patient obviously irritable/anxious", 2),
            ("Patient so irritable or anxious that participation in the assessment is difficult", 4),
        )),
        Choice("skin", "Gooseflesh skin", opts(
            ("Skin is smooth", 0),
            ("Piloerection of skin can be felt or hairs standing up on arms", 3),
            ("Prominent piloerection", 5),
        )),
    ),
    bands=(
        Band(0, 4, "No active withdrawal (below the mild range)"),
        Band(5, 12, "Mild withdrawal"),
        Band(13, 24, "Moderate withdrawal"),
        Band(25, 36, "Moderately severe withdrawal"),
        Band(37, 48, "Severe withdrawal"),
    ),
    reference=("Wesson DR, Ling W. The Clinical Opiate Withdrawal Scale (COWS). J Psychoactive Drugs. "
               "2003;35(2):253-259."),
    aliases=("COWS",),
    conventions=("Every item is required. A total below 5 is below the published mild range.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1725: PHQ-9
# ---------------------------------------------------------------------------

PHQ9 = point_score(
    id="phq_9", name="PHQ-9 (Patient Health Questionnaire-9)", mdcalc_id=1725, category="severity",
    description=("Screens for and grades depression from the nine DSM criteria over the past two weeks, 0-3 each "
                 "by frequency (0-27)."),
    items=(
        Choice("interest", "Little interest or pleasure in doing things?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("depressed", "Feeling down, depressed, or hopeless?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("sleep", "Trouble falling or staying asleep, or sleeping too much?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("tired", "Feeling tired or having little energy?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("appetite", "Poor appetite or overeating?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("failure", "Feeling bad about yourself - or that you are a failure or have let yourself or your family down?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("concentration", "Trouble concentrating on things, such as reading the newspaper or watching television?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("slow", "Moving or speaking so slowly that other people could have noticed? Or so fidgety or restless that you have been moving a lot more than usual?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
        Choice("death", "Thoughts that you would be better off dead, or thoughts of hurting yourself in some way?", opts(
            ("Not at all", 0),
            ("Several days", 1),
            ("More than half the days", 2),
            ("Nearly every day", 3),
        )),
    ),
    bands=(
        Band(0, 4, "Minimal depression"),
        Band(5, 9, "Mild depression"),
        Band(10, 14, "Moderate depression"),
        Band(15, 19, "Moderately severe depression"),
        Band(20, 27, "Severe depression"),
    ),
    reference=("Kroenke K, Spitzer RL, Williams JB. The PHQ-9: validity of a brief depression severity measure. "
               "J Gen Intern Med. 2001;16(9):606-613."),
    aliases=("PHQ-9", "PHQ9"),
    conventions=("Every symptom item is required. The closing question on functional difficulty is not part of "
                 "the score and is not an input.",
                 "Any answer other than 'Not at all' to item 9 (thoughts of death or self-harm) needs a suicide "
                 "risk assessment whatever the total."),
)

# ---------------------------------------------------------------------------
# MDCalc 10169: Columbia Suicide Severity Rating Scale (C-SSRS) screener
# ---------------------------------------------------------------------------

_CSSRS_BANDS = (
    Band(0, 0, "No suicidal ideation in the past month"),
    Band(1, 2, "Low risk"),
    Band(3, 3, "Moderate risk"),
    Band(4, 5, "High risk"),
)
_CSSRS_ACTION = {
    "No risk identified": "no suicidal ideation or behavior reported",
    "Low risk": "behavioral health referral at discharge",
    "Moderate risk": "behavioral health consult and consider patient safety precautions",
    "High risk": "immediate notification of physician and/or behavioral health, and patient safety precautions",
}


def _cssrs(x) -> CalculatorResult:
    ideation = int(x.ideation[0])
    behavior = int(x.behavior[0])
    if behavior and "behavior_when" not in x.given():
        raise CalculatorInputError("C-SSRS Screener", [InputIssue(
            "behavior_when", "missing", "suicidal behavior is reported: whether it was within the past three "
            "months decides the risk", "'Yes' or 'No'")])
    recent = behavior > 0 and x.behavior_when == "Yes"
    if ideation >= 4 or recent:
        risk = "High risk"
    elif ideation == 3 or behavior > 0:
        risk = "Moderate risk"
    elif ideation >= 1:
        risk = "Low risk"
    else:
        risk = "No risk identified"
    reading = f"{risk} of suicide: {_CSSRS_ACTION[risk]}"
    lines = [f"Most severe ideation in the past month: {x.ideation}",
             f"Most severe lifetime behavior: {x.behavior}"
             + (f" (within the past three months: {x.behavior_when})" if behavior else ""), reading]
    return CalculatorResult(
        calculator="cssrs_screener", name=CSSRS.name, value=risk, unit="", interpretation=reading,
        explanation=lines, reference=CSSRS.reference,
        components={"ideation": ideation, "behavior": 0, "behavior_when": 0, "recent_behavior": recent})


CSSRS = point_score(
    id="cssrs_screener", name="Columbia Suicide Severity Rating Scale (C-SSRS) Screener", mdcalc_id=10169,
    category="risk",
    description=("Triage of suicide risk from the most severe suicidal ideation in the past month and suicidal "
                 "behavior over the lifetime (and whether it was in the past three months)."),
    items=(
        Choice("ideation", "Select most severe in the past month", opts(
            ("0. No reported suicidal ideation", 0),
            ("1. Wish to be dead", 1),
            ("2. Nonspecific active suicidal thoughts", 2),
            ("3. Active suicidal ideation with any methods (not plan) without intent to act", 3),
            ("4. Active suicidal ideation with some intent to act, without specific plan", 4),
            ("5. Active suicidal ideation with specific plan and intent", 5),
        )),
        Choice("behavior", "Select most severe in lifetime", opts(
            ("0. No reported suicidal behavior", 0, 0),
            ("1. Actual attempt (potentially self-injurious act committed with some wish to die as a result; "
             "injury/harm not necessary to be considered “attempt”)", 0, 1),
            ("2. Interrupted attempt (if not for outside interruption, actual attempt would have occurred)", 0, 2),
            ("3. Aborted attempt or self-interrupted attempt (takes steps toward suicide attempt but stops self "
             "before engaging in actual self-destructive behavior)", 0, 3),
            ("4. Preparatory acts or behavior (anything beyond verbalization or thought, like assembling specific "
             "method (e.g. buying pills or gun) or preparing for death by suicide (e.g. giving things away, "
             "writing suicide note))", 0, 4),
            ("5. Suicide (death by suicide occurred)", 0, 5),
        )),
        yes_no("behavior_when", "Was this behavior within the past three months?", 0, yes_code=1),
    ),
    bands=_CSSRS_BANDS, unit="", compute=_cssrs,
    reference=("Posner K, Brown GK, Stanley B, et al. The Columbia-Suicide Severity Rating Scale: initial "
               "validity and internal consistency findings from three multisite studies with adolescents and "
               "adults. Am J Psychiatry. 2011;168(12):1266-1277."),
    aliases=("C-SSRS", "Columbia scale"),
    conventions=("The value is the risk class: high for ideation with intent (4-5) or behavior in the past three "
                 "months; moderate for ideation with method (3) or any lifetime behavior; low for ideation 1-2.",
                 "Ideation and behavior are required; the timing question is required only when behavior is "
                 "reported."),
)

# ---------------------------------------------------------------------------
# MDCalc 3995: Abbreviated Mental Test 4 (AMT-4)
# ---------------------------------------------------------------------------

AMT4 = point_score(
    id="amt_4", name="Abbreviated Mental Test 4 (AMT-4)", mdcalc_id=3995, category="diagnosis",
    description=("Four-question screen for cognitive impairment in older patients (age, date of birth, place, "
                 "year); one point per correct answer."),
    items=(
        Choice("age", "Age", opts(
            ("Incorrect", 0),
            ("Correct", 1),
        )),
        Choice("birth", "Date of birth", opts(
            ("Incorrect", 0),
            ("Correct", 1),
        )),
        Choice("place", "Place", opts(
            ("Incorrect", 0),
            ("Correct", 1),
        )),
        Choice("year", "Year", opts(
            ("Incorrect", 0),
            ("Correct", 1),
        )),
    ),
    bands=(
        Band(0, 3, "Abnormal cognition (any error): further assessment needed"),
        Band(4, 4, "Normal cognition"),
    ),
    reference=("Swain DG, Nightingale PG. Evaluation of a shortened version of the Abbreviated Mental Test in a "
               "series of elderly patients. Clin Rehabil. 1997;11(3):243-248."),
    aliases=("AMT4", "AMT-4"),
    conventions=("Every question is required: an unasked question is refused, not scored incorrect.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1729: CAGE questions
# ---------------------------------------------------------------------------

CAGE = point_score(
    id="cage", name="CAGE Questions for Alcohol Use", mdcalc_id=1729, category="diagnosis",
    description=("Four yes/no questions (Cut down, Annoyed, Guilty, Eye-opener) screening for alcohol misuse; "
                 "two or more 'Yes' answers are clinically significant."),
    items=(
        yes_no("cut_down", "Have you ever felt you needed to Cut down on your drinking?", 1, default=None),
        yes_no("annoyed", "Have people Annoyed you by criticizing your drinking?", 1, default=None),
        yes_no("guilty", "Have you ever felt Guilty about drinking?", 1, default=None),
        yes_no("eye_opener", "Have you ever felt you needed a drink first thing in the morning (Eye-opener) to steady your nerves or to get rid of a hangover?", 1, default=None),
    ),
    bands=(
        Band(0, 1, "Screening negative (fewer than 2 positive answers)"),
        Band(2, 4, "Screening positive: clinically significant, further assessment for alcohol misuse"),
    ),
    reference=("Ewing JA. Detecting alcoholism. The CAGE questionnaire. JAMA. 1984;252(14):1905-1907."),
    aliases=("CAGE",),
    conventions=("Every question is required; >= 2 is positive (some use >= 1 in higher-risk settings).",),
)

# ---------------------------------------------------------------------------
# MDCalc 10195: DSM-5 criteria for major depressive disorder
# ---------------------------------------------------------------------------

_DSM5_SYMPTOMS = ("mood", "loss", "weight", "insomnia", "psycho", "fatigue", "guilt", "concentration", "suicide")
_DSM5_OTHER = ("two", "three", "four", "five")
_DSM5_BANDS = (Band(0, 13, "Number of DSM-5 items met (criterion A symptoms and criteria B-E)"),)


def _dsm5_mdd(x) -> CalculatorResult:
    symptoms = [n for n in _DSM5_SYMPTOMS if getattr(x, n) == "Yes"]
    a_met = len(symptoms) >= 5 and ("mood" in symptoms or "loss" in symptoms)
    others = {n: getattr(x, n) == "Yes" for n in _DSM5_OTHER}
    positive = a_met and all(others.values())
    reading = ("Positive for major depressive disorder by DSM-5 criteria" if positive
               else "Not positive for major depressive disorder by DSM-5 criteria")
    lines = [f"Criterion A: {len(symptoms)} of 9 symptoms"
             f"{', including depressed mood or loss of interest' if 'mood' in symptoms or 'loss' in symptoms else ''}"
             f" -> {'met' if a_met else 'not met'}",
             *(f"Criterion {c}: {'met' if others[n] else 'not met'}" for c, n in zip("BCDE", _DSM5_OTHER)),
             reading]
    return CalculatorResult(
        calculator="dsm5_major_depression", name=DSM5_MDD.name, value="Positive" if positive else "Negative",
        unit="", interpretation=reading, explanation=lines, reference=DSM5_MDD.reference,
        components={n: int(getattr(x, n) == "Yes") for n in _DSM5_SYMPTOMS + _DSM5_OTHER})


DSM5_MDD = point_score(
    id="dsm5_major_depression", name="DSM-5 Criteria for Major Depressive Disorder", mdcalc_id=10195,
    category="diagnosis",
    description=("Checks the DSM-5 criteria for a major depressive episode/disorder: five of nine symptoms over "
                 "two weeks including depressed mood or loss of interest (A), distress or impairment (B), not "
                 "due to a substance or condition (C), not a psychotic disorder (D), no mania or hypomania (E)."),
    items=(
        yes_no("mood", "Depressed mood", 1, default=None),
        yes_no("loss", "Loss of interest/pleasure", 1, default=None),
        yes_no("weight", "Weight loss or gain", 1, default=None),
        yes_no("insomnia", "Insomnia or hypersomnia", 1, default=None),
        yes_no("psycho", "Psychomotor agitation or retardation", 1, default=None),
        yes_no("fatigue", "Fatigue", 1, default=None),
        yes_no("guilt", "Feeling worthless or excessive/inappropriate guilt", 1, default=None),
        yes_no("concentration", "Decreased concentration", 1, default=None),
        yes_no("suicide", "Thoughts of death/suicide", 1, default=None),
        yes_no("two", "Symptoms cause clinically significant distress or impairment in social, occupational, or other important areas of functioning", 1, default=None),
        yes_no("three", "Episode not attributable to physiological effects of a substance or another medical condition", 1, default=None),
        yes_no("four", "Episode not better explained by schizoaffective disorder, schizophrenia, schizophreniform disorder, delusional disorder, or other specified and unspecified schizophrenia spectrum and other psychotic disorders", 1, default=None),
        yes_no("five", "No history of manic or hypomanic episode", 1, default=None),
    ),
    bands=_DSM5_BANDS, unit="", compute=_dsm5_mdd,
    reference=("American Psychiatric Association. Diagnostic and Statistical Manual of Mental Disorders, Fifth "
               "Edition (DSM-5). Arlington, VA: American Psychiatric Publishing; 2013."),
    aliases=("DSM-5 MDD", "major depressive disorder criteria"),
    conventions=("Every criterion is required (a symptom is not assumed absent).",),
)
