"""Neurologic rating scales of RiskAgent's library: pain in non-verbal patients, function and disability, movement disorders."""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, band_of, item_points, opts, point_score

# ---------------------------------------------------------------------------
# MDCalc 3621: Nonverbal Pain Scale
# ---------------------------------------------------------------------------

NVPS = point_score(
    id="nvps", name="Nonverbal Pain Scale (NVPS)", mdcalc_id=3621, category="severity",
    description=("Rates pain in adults who cannot report it (sedated, ventilated) from face, movement, guarding, "
                 "vital-sign change and breathing, 0-2 points each."),
    items=(
        Choice("face", "Face", opts(
            ("No particular expression or smile", 0),
            ("Occasional grimace, tearing, frowning, wrinkled forehead", 1),
            ("Frequent grimace, tearing, frowning, wrinkled forehead", 2),
        )),
        Choice("activity", "Activity (movement)", opts(
            ("Lying quietly, normal position", 0),
            ("Seeking attention through movement or slow, cautious movement", 1),
            ("Restless, excessive activity and/or withdrawal reflexes", 2),
        )),
        Choice("guard", "Guarding", opts(
            ("Lying quietly, no positioning of hands over areas of the body", 0),
            ("Splinting areas of the body, tense", 1),
            ("Rigid, stiff", 2),
        )),
        Choice("vs", "Physiology (vital signs)", opts(
            ("Baseline vital signs unchanged", 0),
            ("Change in SBP>20 mmHg or HR>20 bpm", 1),
            ("Change in SBP>30 mmHg or HR>25 bpm", 2),
        )),
        Choice("resp", "Respiratory", opts(
            ("Baseline RR/SpO₂ synchronous with ventilator", 0),
            ("RR >10 bpm over baseline, 5% decrease SpO₂ or mild ventilator asynchrony", 1),
            ("RR >20 bpm over baseline, 10% decrease SpO₂ or severe ventilator asynchrony", 2),
        )),
    ),
    bands=(
        Band(0, 2, "No pain"),
        Band(3, 6, "Moderate pain: consider analgesia"),
        Band(7, 10, "Severe pain: analgesia indicated"),
    ),
    reference=("Odhner M, Wegman D, Freeland N, Steinmetz A, Ingersoll GL. Assessing pain control in nonverbal "
               "critically ill adults. Dimens Crit Care Nurs. 2003;22(6):260-267."),
    aliases=("NVPS",),
)

# ---------------------------------------------------------------------------
# MDCalc 3625: Behavioral Observational Pain Scale
# ---------------------------------------------------------------------------

BOPS = point_score(
    id="bops", name="Behavioral Observational Pain Scale (BOPS)", mdcalc_id=3625, category="severity",
    description=("Rates postoperative pain in children aged 1-7 years from facial expression, verbalization and "
                 "body position, 0-2 points each."),
    items=(
        Choice("face", "Facial expression", opts(
            ("Neutral/positive facial expression, composed, calm", 0),
            ("Negative facial expression, concerned", 1),
            ("Negative facial expression, grimace, distorted face", 2),
        )),
        Choice("verbal", "Verbalization", opts(
            ("Normal conversation, laugh, crow", 0),
            ("Completely quiet, sobbing and/or complaining but not because of pain", 1),
            ("Crying, screaming and/or complaining about pain", 2),
        )),
        Choice("body", "Body position", opts(
            ("Inactive, laying, relaxed with all extremities or sitting, walking", 0),
            ("Restless movements, shifting fashion and/or touching wound or wound area", 1),
            ("Lying rigid and/or drawn up with arms and legs to the body", 2),
        )),
    ),
    bands=(
        Band(0, 2, "Minimal or no pain: no analgesia needed"),
        Band(3, 6, "Significant pain: consider analgesia (score >= 3)"),
    ),
    reference=("Hesselgard K, Larsson S, Romner B, Strömblad LG, Reinstrup P. Validity and reliability of the "
               "Behavioural Observational Pain Scale for postoperative pain measurement in children 1-7 years "
               "of age. Pediatr Crit Care Med. 2007;8(2):102-108."),
    aliases=("BOPS",),
)

# ---------------------------------------------------------------------------
# MDCalc 3622: Behavioral Pain Scale
# ---------------------------------------------------------------------------

BPS = point_score(
    id="behavioral_pain_scale", name="Behavioral Pain Scale (BPS)", mdcalc_id=3622, category="severity",
    description=("Rates pain in sedated, intubated adults from facial expression, upper-limb movement and "
                 "compliance with the ventilator, 1-4 points each (3-12)."),
    items=(
        Choice("face", "Facial expression", opts(
            ("Relaxed", 1),
            ("Partially tightened (e.g., brow lowering)", 2),
            ("Fully tightened (e.g., eyelid closing)", 3),
            ("Grimacing", 4),
        )),
        Choice("limb", "Upper limb movements", opts(
            ("No movement", 1),
            ("Partially bent", 2),
            ("Fully bent with finger flexion", 3),
            ("Permanently retracted", 4),
        )),
        Choice("vent", "Compliance with mechanical ventilation", opts(
            ("Tolerating movement", 1),
            ("Coughing but tolerating ventilation for most of the time", 2),
            ("Fighting ventilator", 3),
            ("Unable to control ventilation", 4),
        )),
    ),
    bands=(
        Band(3, 3, "No pain"),
        Band(4, 5, "Mild pain"),
        Band(6, 11, "Unacceptable amount of pain: consider sedation and/or analgesia"),
        Band(12, 12, "Maximum pain"),
    ),
    reference=("Payen JF, Bru O, Bosson JL, et al. Assessing pain in critically ill sedated patients by using a "
               "behavioral pain scale. Crit Care Med. 2001;29(12):2258-2263."),
    aliases=("BPS",),
)

# ---------------------------------------------------------------------------
# MDCalc 3701: PAINAD
# ---------------------------------------------------------------------------

PAINAD = point_score(
    id="painad", name="Pain Assessment in Advanced Dementia (PAINAD)", mdcalc_id=3701, category="severity",
    description=("Rates pain in people with advanced dementia from breathing, vocalization, facial expression, "
                 "body language and consolability, 0-2 each (0-10)."),
    items=(
        Choice("breath", "Breathing (independent of vocalization)", opts(
            ("Normal", 0),
            ("Occasional labored breathing or short periods of hyperventilation", 1),
            ("Noisy labored breathing, long periods of hyperventilation or Cheyne-Stokes respirations", 2),
        )),
        Choice("vocal", "Negative vocalization", opts(
            ("None", 0),
            ("Occasional moan/groan or low-level speech with negative quality", 1),
            ("Repeated troubled calling out, loud moaning/groaning/crying", 2),
        )),
        Choice("face", "Facial expression", opts(
            ("Smiling or inexpressive", 0),
            ("Sad/frightened/frown", 1),
            ("Facial grimacing", 2),
        )),
        Choice("body", "Body language", opts(
            ("Relaxed", 0),
            ("Tense, distressed pacing/fidgeting", 1),
            ("Rigid, fists clenched, knees pulled up, pulling/pushing away/striking out", 2),
        )),
        Choice("consolability", "Consolability", opts(
            ("No need to console", 0),
            ("Distracted or reassured by voice/touch", 1),
            ("Unable to console, distract or reassure", 2),
        )),
    ),
    bands=(
        Band(0, 0, "No pain"),
        Band(1, 3, "Mild pain"),
        Band(4, 6, "Moderate pain"),
        Band(7, 10, "Severe pain"),
    ),
    reference=("Warden V, Hurley AC, Volicer L. Development and psychometric evaluation of the Pain Assessment "
               "in Advanced Dementia (PAINAD) scale. J Am Med Dir Assoc. 2003;4(1):9-15."),
    aliases=("PAINAD",),
)

# ---------------------------------------------------------------------------
# MDCalc 3978: Webster Rating Scale for Parkinson's disease
# ---------------------------------------------------------------------------

WEBSTER = point_score(
    id="webster_parkinson", name="Webster Rating Scale for Parkinson's Disease", mdcalc_id=3978,
    category="severity",
    description=("Grades the disability of Parkinson's disease from ten clinical signs (bradykinesia, rigidity, "
                 "posture, arm swing, gait, tremor, facies, seborrhea, speech, self-care), 0-3 each (0-30)."),
    items=(
        Choice("hands", "Bradykinesia of hands", opts(
            ("None", 0),
            ("Detectable slowing of supination-pronation rate; beginning difficulty in hand dexterity", 1),
            ("Moderate slowing of supination-pronation rate (1 or both sides); moderately impaired hand function; micrographia present", 2),
            ("Severe slowing of supination-pronation rate; unable to write; marked difficulty w/utensils", 3),
        )),
        Choice("rigidity", "Rigidity", opts(
            ("Non-detectable", 0),
            ("Detectable rigidity in neck and shoulders; activation phenomenon present; mild negative resting arm rigidity (1 or both)", 1),
            ("Moderate rigidity (neck + shoulders); resting rigidity present if not on meds", 2),
            ("Severe rigidity (neck + shoulders); resting rigidity cannot be reversed by meds", 3),
        )),
        Choice("posture", "Posture", opts(
            ("Normal posture; head flexed forward <4”", 0),
            ("Beginning poker spine; head flexed forward >5”", 1),
            ("Beginning arm flexion; head flexed up <=6”; 1 or both arms raised but still below waist", 2),
            ("Simian posture onset; head flexed forward >6”; 1 or both hands elevated above waist; hands sharply flexed; beginning interphalangeal extension, knees flexed", 3),
        )),
        Choice("upper", "Upper extremity swing", opts(
            ("Swings both arm well", 0),
            ("One arm swing definitely decreased", 1),
            ("One arm fails to swing", 2),
            ("Both arms fail to swing", 3),
        )),
        Choice("gait", "Gait", opts(
            ("Steps out will with 18-30” stride, turns about effortlessly", 0),
            ("Gait shortened to 12-18” stride; beginning to strike 1 heel; turnaround time slowing; requires several steps", 1),
            ("Stride moderately shortened to 6-12”; both heels starting to strike floor forcefully", 2),
            ("Onset of shuffling gait; steps <3”; occasional stuttering-type or blocking gait; walks on toes; turns around very slowly", 3),
        )),
        Choice("tremor", "Tremor", opts(
            ("No detectable tremor", 0),
            ("<1” of peak-to-peak tremor movement (limbs or head) at rest or in either hand while walking or during finger-to-nose test", 1),
            ("Maximum tremor envelope fails to exceed 4”; severe but not constant tremor; retains some hand control", 2),
            ("Tremor envelope >4”; constant severe tremor; persistent while awake unless pure cerebellar type; writing, feeding self impossible", 3),
        )),
        Choice("facies", "Facies", opts(
            ("Normal; full animation; no stare", 0),
            ("Detectable immobility; mouth closed; beginning anxiety/depression features", 1),
            ("Moderate immobility; emotion breaks thru at markedly increased threshold; lips parted sometimes; moderate appearance of anxiety/depression; drooling may be present", 2),
            ("Frozen facies; mouth opens >=0.25”; severe drooling", 3),
        )),
        Choice("sebor", "Seborrhea", opts(
            ("None", 0),
            ("Increased perspiration, secretions thin", 1),
            ("Obvious oiliness present, secretion much thicker", 2),
            ("Marked seborrhea, entire face and head covered by thick secretions", 3),
        )),
        Choice("speech", "Speech", opts(
            ("Clear, loud, resonant, easily understood", 0),
            ("Beginning of hoarseness, loss of inflection and resonance; good volume, still easily understood", 1),
            ("Moderate hoarseness/weakness; constant monotone unvaried pitch; beginning of dysarthria, hesitance, stuttering, difficult to understand", 2),
            ("Marked harshness/weakness, very difficult to hear and understand", 3),
        )),
        Choice("selfc", "Self-care", opts(
            ("No impairment", 0),
            ("Still provides full self-care but rate of dressing definitely impeded; able to live alone, may be employable", 1),
            ("Requires help in certain critical areas; very slow in performing most activities but manages by taking much time", 2),
            ("Continuously disabled; unable to dress/feed self or walk alone", 3),
        )),
    ),
    bands=(
        Band(0, 10, "Early illness (mild disability)"),
        Band(11, 20, "Moderate disability"),
        Band(21, 30, "Severe or advanced disability"),
    ),
    reference=("Webster DD. Critical analysis of the disability in Parkinson's disease. Mod Treat. "
               "1968;5(2):257-282."),
    aliases=("Webster scale",),
    conventions=("Every sign must be rated. A total of 0 falls in the 'early illness' band (1-10 as published).",),
)

# ---------------------------------------------------------------------------
# MDCalc 10532: Neck Disability Index
# ---------------------------------------------------------------------------

NDI = point_score(
    id="neck_disability_index", name="Neck Disability Index (NDI)", mdcalc_id=10532, category="severity",
    description=("Self-reported disability from neck pain across ten activities of daily life (pain, personal "
                 "care, lifting, reading, headaches, concentration, work, driving, sleep, recreation), 0-5 each."),
    items=(
        Choice("q1", "Pain intensity", opts(
            ("I have no pain at the moment", 0),
            ("The pain is very mild at the moment", 1),
            ("The pain is moderate at the moment", 2),
            ("The pain is fairly severe at the moment", 3),
            ("The pain is very severe at the moment", 4),
            ("The pain is the worst imaginable at the moment", 5),
        )),
        Choice("q2", "Personal care", opts(
            ("I can look after myself normally without causing extra pain", 0),
            ("I can look after myself normally, but it causes extra pain", 1),
            ("It is painful to look after myself, and I am slow and careful", 2),
            ("I need some help but can manage most  of my personal care", 3),
            ("I need help every day in most aspects of self care", 4),
            ("I do not get dressed, I wash with difficulty and stay in bed", 5),
        )),
        Choice("q3", "Lifting", opts(
            ("I can lift heavy weights without extra pain", 0),
            ("I can lift heavy weights, but it causes extra pain", 1),
            ("Pain prevents me from lifting heavy weights off the floor, but I can manage if they are conveniently placed, for example on a table", 2),
            ("Pain prevents me from lifting heavy weights, but I can manage light to medium weights if they are conveniently positioned", 3),
            ("I can only lift very light weights", 4),
            ("I cannot lift or carry anything", 5),
        )),
        Choice("q4", "Reading", opts(
            ("I can read as much as I want to with no pain in my neck", 0),
            ("I can read as much as I want to with slight pain in my neck", 1),
            ("I can read as much as I want with moderate  pain in my neck", 2),
            ("I cannot read as much as I want because of moderate pain in my neck", 3),
            ("I can hardly read at all because of severe pain in my neck", 4),
            ("I cannot read at all", 5),
        )),
        Choice("q5", "Headaches", opts(
            ("I have no headaches at all", 0),
            ("I have slight headaches, which come infrequently", 1),
            ("I have moderate headaches, which come infrequently", 2),
            ("I have moderate headaches, which come frequently", 3),
            ("I have severe headaches, which come frequently", 4),
            ("I have headaches almost all the time", 5),
        )),
        Choice("q6", "Concentration", opts(
            ("I can concentrate fully when I want to with no difficulty", 0),
            ("I can concentrate fully when I want to with slight difficulty", 1),
            ("I have a fair degree of difficulty in concentrating when I want to", 2),
            ("I have a lot of difficulty in concentrating when I want to", 3),
            ("I have a great deal of difficulty in concentrating when I want to", 4),
            ("I cannot concentrate at all", 5),
        )),
        Choice("q7", "Work", opts(
            ("I can do as much work as I want to", 0),
            ("I can only do my usual work, but no more", 1),
            ("I can do most of my usual work, but no more", 2),
            ("I cannot do my usual work", 3),
            ("I can hardly do any work at all", 4),
            ("I cannot do any work at all", 5),
        )),
        Choice("q8", "Driving", opts(
            ("I can drive my car without any neck pain", 0),
            ("I can drive my car as long as I want with slight pain in my neck", 1),
            ("I can drive my car as long as I want with moderate pain in my neck", 2),
            ("I cannot drive my car as long as I want because of moderate pain in my neck", 3),
            ("I can hardly drive at all because of severe pain in my neck", 4),
            ("I cannot drive my car at all", 5),
        )),
        Choice("q9", "Sleeping", opts(
            ("I have no trouble sleeping", 0),
            ("My sleep is slightly disturbed (less than 1 hr sleepless)", 1),
            ("My sleep is mildly disturbed (1-2 hrs sleepless)", 2),
            ("My sleep is moderately disturbed (2-3 hrs sleepless)", 3),
            ("My sleep is greatly disturbed (3-5 hrs sleepless)", 4),
            ("My sleep is completely disturbed (5-7 hrs sleepless)", 5),
        )),
        Choice("q10", "Recreation", opts(
            ("I am able to engage in all my recreation activities with no neck pain at all", 0),
            ("I am able to engage in all my recreation activities, with some pain in my neck", 1),
            ("I am able to engage in most, but not all, of my usual recreation activities because of pain in my neck", 2),
            ("I am able to engage in a few of my usual recreation activities because of pain in my neck", 3),
            ("I can hardly do any recreation activities because of pain in my neck", 4),
            ("I cannot do any recreation activities at all", 5),
        )),
    ),
    bands=(
        Band(0, 4, "No neck disability"),
        Band(5, 14, "Mild neck disability"),
        Band(15, 24, "Moderate neck disability"),
        Band(25, 34, "Severe neck disability"),
        Band(35, 50, "Complete neck disability"),
    ),
    reference=("Vernon H, Mior S. The Neck Disability Index: a study of reliability and validity. J Manipulative "
               "Physiol Ther. 1991;14(7):409-415."),
    aliases=("NDI",),
    conventions=("Raw total 0-50 (double it for a percentage); every section is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3912: Barthel Index
# ---------------------------------------------------------------------------

BARTHEL = point_score(
    id="barthel_index", name="Barthel Index for Activities of Daily Living", mdcalc_id=3912, category="severity",
    description=("Measures independence in ten basic activities of daily living (feeding, bathing, grooming, "
                 "dressing, bowel, bladder, toilet, transfers, mobility, stairs), 0-100."),
    items=(
        Choice("feed", "Feeding", opts(
            ("Independent", 10),
            ("Needs help", 5),
            ("Unable", 0),
        )),
        Choice("bath", "Bathing", opts(
            ("Independent", 5),
            ("Unable", 0),
        )),
        Choice("groom", "Grooming", opts(
            ("Independent", 5),
            ("Unable", 0),
        )),
        Choice("dress", "Dressing", opts(
            ("Independent", 10),
            ("Needs help", 5),
            ("Unable", 0),
        )),
        Choice("bowel", "Bowel control", opts(
            ("Continent", 10),
            ("Occasional accident", 5),
            ("Incontinent (or needs to be given enemas)", 0),
        )),
        Choice("bladder", "Bladder control", opts(
            ("Continent", 10),
            ("Occasional accident", 5),
            ("Incontinent (catheterized, unable to manage alone)", 0),
        )),
        Choice("toilet", "Toilet use", opts(
            ("Independent", 10),
            ("Needs help", 5),
            ("Unable", 0),
        )),
        Choice("transfer", "Transfers (bed to chair and back)", opts(
            ("Independent", 15),
            ("Needs minor help (verbal or physical)", 10),
            ("Needs major help (1-2 people, physical), can sit", 5),
            ("Unable", 0),
        )),
        Choice("mobile", "Mobility on level surfaces", opts(
            ("Independent (but may use any aid, e.g. stick) >50 yards", 15),
            ("Walks with help of one person (verbal or physical) >50 yards", 10),
            ("Wheelchair independent, including corners, >50 yards", 5),
            ("Immobile or <50 yards", 0),
        )),
        Choice("stairs", "Stairs", opts(
            ("Independent", 10),
            ("Needs help (verbal, physical, carrying aid)", 5),
            ("Unable", 0),
        )),
    ),
    bands=(
        Band(0, 19, "Totally dependent"),
        Band(20, 39, "Very dependent"),
        Band(40, 59, "Partially dependent"),
        Band(60, 79, "Minimally dependent"),
        Band(80, 100, "Independent"),
    ),
    reference=("Mahoney FI, Barthel DW. Functional evaluation: the Barthel Index. Md State Med J. "
               "1965;14:61-65."),
    aliases=("Barthel", "Barthel ADL index"),
    conventions=("Every activity is required. Bands follow Sinoff 1997 as MDCalc reports them.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2197: Shortened Modified Fatigue Impact Scale (MFIS-5)
# ---------------------------------------------------------------------------

MFIS5 = point_score(
    id="mfis_5", name="Shortened Modified Fatigue Impact Scale (MFIS-5)", mdcalc_id=2197, category="severity",
    description=("Rates the impact of fatigue (typically in multiple sclerosis) over the past four weeks with "
                 "five MFIS items, 0-4 each (0-20)."),
    items=(
        Choice("q1", "1. I have been less alert.", opts(
            ("Never", 0),
            ("Rarely", 1),
            ("Sometimes", 2),
            ("Often", 3),
            ("Almost Always", 4),
        )),
        Choice("q9", "9. I have been limited in my ability to do things away from home.", opts(
            ("Never", 0),
            ("Rarely", 1),
            ("Sometimes", 2),
            ("Often", 3),
            ("Almost Always", 4),
        )),
        Choice("q10", "10. I have had trouble maintaining physical effort for long periods.", opts(
            ("Never", 0),
            ("Rarely", 1),
            ("Sometimes", 2),
            ("Often", 3),
            ("Almost Always", 4),
        )),
        Choice("q17", "17. I have been less able to complete tasks that require physical effort.", opts(
            ("Never", 0),
            ("Rarely", 1),
            ("Sometimes", 2),
            ("Often", 3),
            ("Almost Always", 4),
        )),
        Choice("q19", "19. I have had trouble concentrating.", opts(
            ("Never", 0),
            ("Rarely", 1),
            ("Sometimes", 2),
            ("Often", 3),
            ("Almost Always", 4),
        )),
    ),
    bands=(Band(0, 20, "Fatigue impact score (0-20): higher scores mean a greater impact of fatigue; no "
                       "published severity bands"),),
    reference=("Fisk JD, Ritvo PG, Ross L, Haase DA, Marrie TJ, Schlech WF. Measuring the functional impact of "
               "fatigue: initial validation of the fatigue impact scale. Clin Infect Dis. 1994;18 Suppl 1:S79-83; "
               "MFIS-5: Multiple Sclerosis Council for Clinical Practice Guidelines. Fatigue and Multiple "
               "Sclerosis. Paralyzed Veterans of America; 1998."),
    aliases=("MFIS-5", "shortened MFIS"),
    conventions=("Sum of MFIS items 1, 9, 10, 17 and 19; every item is required.",
                 "The MFIS-5 has no published severity bands, so no impact class is read off the total."),
)

# ---------------------------------------------------------------------------
# MDCalc 3627: Abbey Pain Scale
# ---------------------------------------------------------------------------

_ABBEY_BANDS = (
    Band(0, 2, "No pain"),
    Band(3, 7, "Mild pain"),
    Band(8, 13, "Moderate pain"),
    Band(14, 18, "Severe pain"),
)


def _abbey(x) -> CalculatorResult:
    rows = item_points(x)
    total = int(sum(p for _, _, p in rows))
    band = band_of(_ABBEY_BANDS, total)
    reading = band.text if total <= 2 else f"{band.text.split()[0]} {x.type.lower()} pain"
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines.append(f"Total = {total} points; {reading}")
    return CalculatorResult(
        calculator="abbey_pain_scale", name=ABBEY.name, value=total, unit="points", interpretation=reading,
        explanation=lines, reference=ABBEY.reference, components={n: p for n, _, p in rows})


ABBEY = point_score(
    id="abbey_pain_scale", name="Abbey Pain Scale", mdcalc_id=3627, category="severity",
    description=("Rates pain in people with dementia who cannot report it from vocalization, facial expression, "
                 "body language, physiological and physical changes (0-3 each), with the type of pain."),
    items=(
        Choice("vocal", "Vocalization", opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("face", "Facial expression", opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("body", "Body language", opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("physio", "Physiological changes", opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("physical", "Physical changes", opts(("Absent", 0), ("Mild", 1), ("Moderate", 2), ("Severe", 3))),
        Choice("type", "Type of pain", opts(("Chronic", 0, 1), ("Acute", 0, 2), ("Acute on chronic", 0, 3))),
    ),
    bands=_ABBEY_BANDS, compute=_abbey,
    reference=("Abbey J, Piller N, De Bellis A, et al. The Abbey pain scale: a 1-minute numerical indicator for "
               "people with end-stage dementia. Int J Palliat Nurs. 2004;10(1):6-13."),
    aliases=("Abbey", "Abbey PAINAD"),
    conventions=("Every item is required, including the type of pain (chronic, acute, acute on chronic), which "
                 "qualifies the reading but adds no points.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10435: Abnormal Involuntary Movement Scale (AIMS)
# ---------------------------------------------------------------------------

_SEVERITY5 = ("None", "Minimal, may be extreme normal", "Mild", "Moderate", "Severe")
_AIMS_BODY = (
    ("face", "Muscles of facial expression"), ("lips", "Lips and perioral area"), ("jaw", "Jaw"),
    ("tongue", "Tongue"), ("upper", "Upper (arms, wrists, hands, fingers)"),
    ("lower", "Lower (legs, knees, ankles, toes)"), ("trunk", "Neck, shoulders, hips"),
)
_AIMS_BANDS = (Band(0, 28, "AIMS movement total (items 1-7, 0-28)"),)


def _aims(x) -> CalculatorResult:
    rows = item_points(x)
    body = {n: p for n, _, p in rows if n in dict(_AIMS_BODY)}
    total = int(sum(body.values()))
    moderate = sum(p >= 3 for p in body.values())
    mild = sum(p >= 2 for p in body.values())
    if moderate >= 1 or mild >= 2:
        # the criterion (moderate movements in one area or mild in two) is not restated here: its level words
        # are not the patient's severity, which the global rating gives
        td = "Evidence of tardive dyskinesia (the diagnostic criterion on the movement ratings is met)"
    elif mild == 1:
        td = "Possible tardive dyskinesia (a single area only)"
    else:
        td = "No evidence of tardive dyskinesia"
    reading = (f"{td}; overall severity: {x.overall}; incapacitation: {x.incap}; "
               f"awareness: {x.aware}")
    lines = [f"{text} -> {pts:+g}" for n, text, pts in rows if n in body]
    lines += [f"Movement total (items 1-7) = {total} points", reading]
    return CalculatorResult(
        calculator="aims", name=AIMS.name, value=total, unit="points", interpretation=reading, explanation=lines,
        reference=AIMS.reference, components={n: p for n, _, p in rows})


AIMS = point_score(
    id="aims", name="Abnormal Involuntary Movement Scale (AIMS)", mdcalc_id=10435, category="severity",
    description=("Rates involuntary movements (tardive dyskinesia) in seven body areas, 0-4 each, with global "
                 "judgements of severity, incapacitation and the patient's awareness."),
    items=(
        *(Choice(name, question, opts(*((label, i) for i, label in enumerate(_SEVERITY5))))
          for name, question in _AIMS_BODY),
        Choice("overall", "Severity of abnormal movements overall",
               opts(*((label, 0, i + 1) for i, label in enumerate(_SEVERITY5)))),
        Choice("incap", "Incapacitation due to abnormal movements",
               opts(*((label, 0, i + 1) for i, label in enumerate(_SEVERITY5)))),
        Choice("aware", "Patient's awareness of abnormal movements", opts(
            ("No awareness", 0, 1), ("Aware, no distress", 0, 2), ("Aware, mild distress", 0, 3),
            ("Aware, moderate distress", 0, 4), ("Aware, severe distress", 0, 5))),
    ),
    bands=_AIMS_BANDS, compute=_aims,
    reference=("Guy W. ECDEU Assessment Manual for Psychopharmacology, revised. Rockville, MD: US Department of "
               "Health, Education and Welfare; 1976:534-537 (Abnormal Involuntary Movement Scale)."),
    aliases=("AIMS",),
    conventions=("The value is the sum of the seven body areas (0-28); evidence of TD follows Schooler and Kane "
                 "(>= moderate in one area or >= mild in two). Global items 8-10 are reported, not summed.",
                 "The dental status and sleep questions (items 11-14) do not affect the rating and are not "
                 "inputs. Every other item is required."),
)

# ---------------------------------------------------------------------------
# MDCalc 10160: Clinical Dementia Rating (CDR)
# ---------------------------------------------------------------------------

_CDR_STAGE = {0: "Normal (no dementia)", 0.5: "Very mild dementia (questionable)", 1: "Mild dementia",
              2: "Moderate dementia", 3: "Severe dementia"}
# SPECS bands: CDR sum of boxes staging (O'Bryant 2008), reported alongside the global CDR
_CDR_SB_BANDS = (
    Band(0, 0, "CDR-SB 0: normal"),
    Band(0.5, 4, "CDR-SB 0.5-4.0: questionable cognitive impairment"),
    Band(4.5, 9, "CDR-SB 4.5-9.0: mild dementia"),
    Band(9.5, 15.5, "CDR-SB 9.5-15.5: moderate dementia"),
    Band(16, 18, "CDR-SB 16.0-18.0: severe dementia"),
)


def cdr_global(m: float, secondary: list[float]) -> float:
    """The global CDR from memory and the five secondary boxes (Morris 1993 scoring rules)."""
    if m == 0:
        return 0.5 if sum(s >= 0.5 for s in secondary) >= 2 else 0
    if m == 0.5:
        return 1 if sum(s >= 1 for s in secondary) >= 3 else 0.5
    same = sum(s == m for s in secondary)
    above = [s for s in secondary if s > m]
    below = [s for s in secondary if s < m]
    result: float = m
    if same < 3:
        for side, other in ((above, below), (below, above)):
            if len(side) >= 3 and not (len(side) == 3 and len(other) == 2):
                counts = {v: side.count(v) for v in set(side)}
                top = max(counts.values())
                result = min((v for v, c in counts.items() if c == top), key=lambda v: abs(v - m))
    return 0.5 if result == 0 else result  # with memory >= 1 the CDR is never 0


def _cdr(x) -> CalculatorResult:
    rows = item_points(x)
    p = {n: pts for n, _, pts in rows}
    cdr = cdr_global(p["m"], [p["o"], p["jps"], p["ca"], p["hh"], p["pc"]])
    sb = sum(p.values())
    sb_band = band_of(_CDR_SB_BANDS, sb)
    reading = f"CDR {cdr:g}: {_CDR_STAGE[cdr]}"
    lines = [f"{text} -> {pts:g}" for _, text, pts in rows]
    lines += [f"Global CDR (memory-weighted rules) = {cdr:g}; {_CDR_STAGE[cdr]}",
              f"Sum of boxes = {sb:g}; {sb_band.text}"]
    return CalculatorResult(
        calculator="clinical_dementia_rating", name=CDR.name, value=cdr, unit="", interpretation=reading,
        explanation=lines, reference=CDR.reference, components={**p, "sum_of_boxes": sb})


CDR = point_score(
    id="clinical_dementia_rating", name="Clinical Dementia Rating (CDR)", mdcalc_id=10160, category="severity",
    description=("Stages dementia (0, 0.5, 1, 2, 3) from six domains rated by interview: memory, orientation, "
                 "judgment, community affairs, home and hobbies, personal care; memory weighs most."),
    items=(
        Choice("m", "Memory (M)", opts(
            ("No memory loss or slight inconsistent forgetfulness (0)", 0),
            ("Mild consistent forgetfulness; partial recollection of events; \"benign\" forgetfulness (0.5)", 0.5),
            ("Moderate memory loss; more marked for recent events; interferes with everyday activities (1)", 1),
            ("Severe memory loss; only highly learned material retained; new material rapidly lost (2)", 2),
            ("Severe memory loss; only fragments remain (3)", 3),
        )),
        Choice("o", "Orientation (O)", opts(
            ("Fully oriented (0)", 0),
            ("Fully oriented except for slight difficulty with time relationships (0.5)", 0.5),
            ("Moderate difficulty with time relationships; oriented for place and person at examination but may have geographic disorientation (1)", 1),
            ("Severe difficulty with time relationships; usually disoriented to time, often to place (2)", 2),
            ("Oriented to person only (3)", 3),
        )),
        Choice("jps", "Judgment and problem solving (JPS)", opts(
            ("Solves everyday problems well; judgment good in relation to past performance (0)", 0),
            ("Slight impairment in solving problems, similarities, and differences (0.5)", 0.5),
            ("Moderate difficulty in handling complex problems; social judgment usually maintained (1)", 1),
            ("Severely impaired in handling problems, similarities, and differences; social judgment usually impaired (2)", 2),
            ("Unable to make judgments or solve problems (3)", 3),
        )),
        Choice("ca", "Community affairs (CA)", opts(
            ("Independent function at usual level in job, shopping, business, and financial affairs, volunteer and social groups (0)", 0),
            ("Slight impairment in these activities (0.5)", 0.5),
            ("Unable to function independently at these activities although may still be engaged in some; appears normal to casual inspection (1)", 1),
            ("No pretense of independent function outside home; appears well enough to be taken to functions outside a family home (2)", 2),
            ("No pretense of independent function outside home; appears too ill to be taken to functions outside a family home (3)", 3),
        )),
        Choice("hh", "Home and hobbies (HH)", opts(
            ("Life at home, hobbies, and intellectual interests well maintained (0)", 0),
            ("Life at home, hobbies, and intellectual interests slightly impaired (0.5)", 0.5),
            ("Mild but definite impairment of function at home; more difficult chores abandoned; more complicated hobbies and interests abandoned (1)", 1),
            ("Only simple chores preserved; very restricted interests, poorly maintained (2)", 2),
            ("No significant function in home (3)", 3),
        )),
        Choice("pc", "Personal care (PC)", opts(
            ("Fully capable of self-care (0)", 0),
            ("Needs prompting (1)", 1),
            ("Requires assistance in dressing, hygiene, keeping of personal effects (2)", 2),
            ("Requires much help with personal care; frequent incontinence (3)", 3),
        )),
    ),
    bands=_CDR_SB_BANDS, unit="", compute=_cdr,
    reference=("Morris JC. The Clinical Dementia Rating (CDR): current version and scoring rules. Neurology. "
               "1993;43(11):2412-2414."),
    aliases=("CDR", "CDR scale"),
    conventions=("The value is the global CDR by Morris's rules (memory is primary); the sum of boxes (0-18) and "
                 "its staging (O'Bryant 2008) are reported as well. Every domain is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3623: CHEOPS
# ---------------------------------------------------------------------------

CHEOPS = point_score(
    id="cheops", name="CHEOPS (Children's Hospital of Eastern Ontario Pain Scale)", mdcalc_id=3623,
    category="severity",
    description=("Rates postoperative pain in young children from cry, face, verbal response, torso, touching "
                 "the wound and legs (4-13)."),
    items=(
        Choice("cry", "Cry", opts(
            ("No crying", 1),
            ("Moaning", 2),
            ("Crying", 2),
            ("Screaming", 3),
        )),
        Choice("face", "Facial expression", opts(
            ("Smiling", 0),
            ("Composed, neutral", 1),
            ("Grimace", 2),
        )),
        Choice("verbal", "Verbal responses", opts(
            ("Positive statements", 0),
            ("Not talking", 1),
            ("Complains but not about pain", 1),
            ("Complains about pain", 2),
            ("Complains about pain and other subjects", 2),
        )),
        Choice("torso", "Torso", opts(
            ("Neutral/resting", 1),
            ("Shifting", 2),
            ("Tense", 2),
            ("Shivering", 2),
            ("Upright", 2),
            ("Restrained", 2),
        )),
        Choice("touch", "Wound evaluation", opts(
            ("Child not touching their wound", 1),
            ("Reaching for their wound", 2),
            ("Touching their wound", 2),
            ("Grabbing vigorously at wound", 2),
            ("Arms are restrained", 2),
        )),
        Choice("legs", "Legs", opts(
            ("Neutral position", 1),
            ("Squirming/kicking", 2),
            ("Drawn up, tensed legs", 2),
            ("Standing/kneeling", 2),
            ("Legs are restrained", 2),
        )),
    ),
    bands=(
        Band(4, 4, "Pain absent (lowest score)"),
        Band(5, 13, "Pain present: consider analgesia (score >= 5)"),
    ),
    reference=("McGrath PJ, Johnson G, Goodman JT, Schillinger J, Dunn J, Chapman J. CHEOPS: a behavioral scale "
               "for rating postoperative pain in children. Adv Pain Res Ther. 1985;9:395-402."),
    aliases=("CHEOPS",),
    conventions=("Every item is required. Several options share a value; MedRisk's labelled answer decides "
                 "between them.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3977: Schwab and England ADL scale
# ---------------------------------------------------------------------------

SCHWAB_ENGLAND = point_score(
    id="schwab_england_adl", name="Schwab and England Activities of Daily Living Scale", mdcalc_id=3977,
    category="severity",
    description=("Rates independence in daily activities in Parkinson's disease (and other disorders) as a "
                 "percentage, from 100% (completely independent) to 0% (bedridden)."),
    items=(
        Choice("level", "Level of independence", opts(
            ("Completely independent: able to do all chores without difficulty; essentially normal; unaware of any difficulty", 100),
            ("Completely independent: able to do all chores with some difficulty (may take twice as long); beginning to be aware of difficulty", 90),
            ("Mostly independent: chores takes twice as long; conscious of difficulty", 80),
            ("Not completely independent: more difficulty with some chores; takes 3-4x longer for some", 70),
            ("Some dependency: can do most chores but exceedingly slowly and with much effort; makes errors; some chores impossible", 60),
            ("More dependent: needs help with half of chores; is slower and has difficulty with everything", 50),
            ("Heavily dependent: can assist with all chores but does few alone", 40),
            ("Mostly dependent: with effort, can sometimes do a few chores alone or begin alone; much help needed", 30),
            ("Severely dependent: can help slighly with some chores but nothing alone", 20),
            ("Completely dependent: helpless; complete invalid", 10),
            ("Bedridden: vegetative functions such as swallowing, bladder and bowel functions impaired", 0),
        )),
    ),
    bands=tuple(Band(v, v, f"{v}% functional independence") for v in range(0, 101, 10)),
    unit="%",
    reference=("Schwab RS, England AC. Projection technique for evaluating surgery in Parkinson's disease. In: "
               "Gillingham FJ, Donaldson IML, eds. Third Symposium on Parkinson's Disease. Edinburgh: E & S "
               "Livingstone; 1969:152-157."),
    aliases=("Schwab and England", "S&E ADL"),
    conventions=("One level is chosen; higher percentages mean greater independence.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2199: Disease Steps for multiple sclerosis
# ---------------------------------------------------------------------------

_DISEASE_STEPS = ("Normal", "Mild disability", "Moderate disability", "Early cane", "Late cane",
                  "Bilateral support", "Confined to wheelchair", "Unclassifiable")

DISEASE_STEPS = point_score(
    id="ms_disease_steps", name="Disease Steps for Multiple Sclerosis", mdcalc_id=2199, category="severity",
    description=("Stages multiple sclerosis disability by gait and walking aids, from 0 (normal) to 6 (confined "
                 "to a wheelchair), with U for patients who fit no step."),
    items=(Choice("diseasesteps", "Patient's Ambulatory Ability",
                  opts(*((label, i) for i, label in enumerate(_DISEASE_STEPS)))),),
    bands=tuple(Band(i, i, f"Disease step {'U' if i == 7 else i}: {label}") for i, label in enumerate(_DISEASE_STEPS)),
    reference=("Hohol MJ, Orav EJ, Weiner HL. Disease steps in multiple sclerosis: a simple approach to evaluate "
               "disease progression. Neurology. 1995;45(2):251-255."),
    aliases=("DSS", "MS disease steps"),
    conventions=("'Unclassifiable' (step U) carries MDCalc's value 7; it is not a more severe step.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2146: Expanded Disability Status Scale (EDSS) from the Functional Systems
# ---------------------------------------------------------------------------

# Functional System grades as they enter the EDSS steps (Kurtzke): bowel/bladder and visual are converted.
_BB_CONVERT = {0: 0, 1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 6: 5}
_VISUAL_CONVERT = {0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}
_EDSS_BANDS = (
    Band(0, 0, "EDSS 0: normal neurological examination"),
    Band(1, 4.5, "Normal ambulation (EDSS 1.0-4.5)"),
    Band(5, 9.5, "Impaired ambulation (EDSS 5.0-9.5)"),
    Band(10, 10, "EDSS 10: death due to MS"),
)


def edss_from_fs(grades: list[int]) -> float:
    """EDSS step (0-5.0) from the seven converted Functional System grades of a fully ambulatory patient."""
    n = [sum(g == k for g in grades) for k in range(7)]
    top = max(grades)
    if top == 0:
        return 0.0
    if top == 1:
        return 1.0 if n[1] == 1 else 1.5
    if top == 2:
        return {1: 2.0, 2: 2.5, 3: 3.0, 4: 3.0}.get(n[2], 3.5)
    if top == 3:
        if n[3] == 1 and n[2] == 0:
            return 3.0
        if (n[3] == 1 and n[2] <= 2) or (n[3] == 2 and n[2] == 0):
            return 3.5
        return 4.0
    if top == 4:
        if n[4] == 1 and n[2] + n[3] == 0:
            return 4.0
        return 4.5 if n[4] == 1 else 5.0
    return 5.0


def _code(x, name: str) -> Any:
    item = next(i for i in type(x).__items__ if i.name == name)
    return item.option(getattr(x, name)).mdcalc_value


def _edss(x) -> CalculatorResult:
    fs = {"pyramidal": _code(x, "pyramidal"), "cerebellar": _code(x, "cerebellar"),
          "brainstem": _code(x, "brainstem"), "sensory": _code(x, "sensory"),
          "bowel/bladder": _BB_CONVERT[_code(x, "bowelAndBladder")],
          "visual": _VISUAL_CONVERT[_code(x, "visual_input")],
          "cerebral": 0 if _code(x, "cerebral") == 1 else _code(x, "cerebral")}
    ambulation = float(_code(x, "ambulation"))
    from_fs = edss_from_fs(list(fs.values()))
    edss = max(ambulation, from_fs)
    band = band_of(_EDSS_BANDS, edss)
    lines = [f"Ambulation: {x.ambulation} (EDSS {ambulation:g} by ambulation)",
             "Functional Systems for the EDSS (bowel/bladder and visual converted, mood alone counts 0): "
             + ", ".join(f"{k} {v}" for k, v in fs.items()) + f"; other {_code(x, 'other')}",
             f"EDSS by Functional Systems = {from_fs:g}", f"EDSS = {edss:g}; {band.text}"]
    return CalculatorResult(
        calculator="edss", name=EDSS.name, value=edss, unit="", interpretation=f"EDSS {edss:g}: {band.text}",
        explanation=lines, reference=EDSS.reference,
        components={"ambulation": ambulation, **{k: 0 for k in ("pyramidal", "cerebellar", "brainstem", "sensory",
                                                                 "bowelAndBladder", "visual_input", "cerebral",
                                                                 "other")}, "edss_by_fs": from_fs})


def _fs(name: str, question: str, labels: tuple[str, ...]) -> Choice:
    return Choice(name, question, opts(*((label, 0, i) for i, label in enumerate(labels))))


EDSS = point_score(
    id="edss", name="Expanded Disability Status Scale (EDSS)", mdcalc_id=2146, category="severity",
    description=("Grades disability in multiple sclerosis from 0 to 10: steps up to 4.0 from the eight "
                 "Functional Systems in a fully ambulatory patient, higher steps from walking ability."),
    items=(
        Choice("ambulation", "Ambulation", opts(
            ("Fully ambulatory", 0),
            ("Fully ambulatory, self-sufficient, up 12 hours a day despite relatively severe disability. Able to "
             "walk >=500 meters without aid/rest.", 4),
            ("Fully ambulatory, able to work a full day, may require minimal assistance. Able to walk >=300 "
             "meters without aid/rest.", 4.5),
            ("Ambulatory for 200 meters without aid/rest; disability that impairs full daily activities (eg, to "
             "work full day without special provisions).", 5),
            ("Ambulatory for 100 meters without aid/rest; disability precludes full daily activities.", 5.5),
            ("Intermittent or unilateral constant assistance required to walk 100 meters, with/without resting.",
             6),
            ("Constant bilateral assistance (canes, crutches, or braces) required to walk 20 meters without "
             "resting.", 6.5),
            ("Unable to walk >5 meters even with aid; (restricted to wheelchair); wheels self in standard "
             "wheelchair and transfers alone.", 7),
            ("Unable to take more than steps; restricted to wheelchair; may need aid in transfer; wheels self but "
             "cannot use standard wheelchair a full day; may require motorized wheelchair.", 7.5),
            ("Restricted to bed/chair or perambulated in wheelchair, but may be out of bed itself much of the "
             "day; retains many self-care functions; generally has effective use of arms.", 8),
            ("Restricted to bed much of the day; has some effective use of arms; retains some self-care "
             "functions.", 8.5),
            ("Helpless bed patient; can communicate and eat.", 9),
            ("Totally helpless bed patient; unable to communicate effectively or eat/swallow.", 9.5),
            ("Death due to MS.", 10),
        )),
        _fs("pyramidal", "Pyramidal", (
            'Normal',
            'Abnormal signs without disability',
            'Minimal disability',
            'Mild or moderate paraparesis or hemiparesis; severe monoparesis',
            'Marked paraparesis or hemiparesis; moderate quadriparesis; or monoplegia',
            'Paraplegia, hemiplegia, or marked quadriparesis',
            'Quadriplegia',
        )),
        _fs("cerebellar", "Cerebellar", (
            'Normal',
            'Abnormal signs without disability',
            'Mild ataxia',
            'Moderate truncal or limb ataxia',
            'Severe ataxia, all limbs',
            'Unable to perform coordinated movements due to ataxia',
        )),
        _fs("brainstem", "Brainstem", (
            'Normal',
            'Signs only',
            'Moderate nystagmus or other mild disability',
            'Severe nystagmus, marked extraocular weakness, or moderate disability of other cranial nerves',
            'Marked dysarthria or other marked disability',
            'Inability to swallow or speak',
        )),
        _fs("sensory", "Sensory", (
            'Normal',
            'Vibration or figure-writing decrease only, in 1-2 limbs',
            'Mild decrease in touch, pain or position sense, and/or moderate decrease in vibration in 1-2 limbs; or vibratory decrease alone in 3-4 limbs',
            'Moderate decrease in touch, pain or position sense, and/or lost vibration in 1-2 limbs; or mild decrease in touch, pain and/or moderate decrease in all proprioceptive tests in 3-4 limbs',
            'Marked decrease in touch or pain or loss of proprioception, alone or combined, in 1-2 limbs; or moderate decrease in touch, pain and/or severe proprioceptive decrease in >2 limbs',
            'Loss of sensation in 1-2 limbs; or moderate decrease in touch, pain and/or loss of proprioception for most of the body below the head',
            'Sensation essentially lost below the head',
        )),
        _fs("bowelAndBladder", "Bowel and bladder", (
            'Normal',
            'Mild urinary hesitancy, urgency, or retention',
            'Moderate hesitancy, urgency, retention of bowel or bladder, or rare urinary incontinence',
            'Frequent urinary incontinence',
            'In need of almost constant catheterization',
            'Loss of bladder function',
            'Loss of bowel and bladder function',
        )),
        _fs("visual_input", "Visual", (
            'Normal',
            'Scotoma with visual acuity (corrected) better than 20/30',
            'Worse eye with scotoma with maximal visual acuity (corrected) of 20/30 to 20/59',
            'Worse eye with large scotoma, or moderate decrease in fields, but with maximal visual acuity (corrected) of 20/60 to 20/99',
            'Worse eye with marked decrease of fields and maximal visual acuity (corrected) of 20/100-20/200; grade 3 plus maximal acuity of better eye of <=20/60',
            'Worse eye with maximal visual acuity (corrected) less than 20/200; grade 4 plus maximal acuity of better eye of 20/60 or less',
            'Grade 5 plus maximal visual acuity of better eye of 20/60 or less',
        )),
        _fs("cerebral", "Cerebral", (
            'Normal',
            'Mood alteration only (Does not affect DSS score)',
            'Mild decrease in mentation',
            'Moderate decrease in mentation',
            'Marked decrease in mentation (chronic brain syndrome -- moderate)',
            'Dementia or chronic brain syndrome -- severe or incompetent',
        )),
        _fs("other", "Other", (
            'Normal',
            'Any other neurologic findings attributed to MS',
        )),
    ),
    bands=_EDSS_BANDS, unit="", compute=_edss,
    reference=("Kurtzke JF. Rating neurologic impairment in multiple sclerosis: an expanded disability status "
               "scale (EDSS). Neurology. 1983;33(11):1444-1452."),
    aliases=("EDSS", "Kurtzke scale", "Functional Systems Score", "FSS"),
    conventions=("EDSS = the higher of the ambulation step and the Functional Systems step (Kurtzke's FS "
                 "equivalents: 1.0 one FS grade 1; 1.5 several grade 1; 2.0/2.5 one/two grade 2; 3.0 one grade 3 "
                 "or 3-4 grade 2; 3.5 one grade 3 with 1-2 grade 2, two grade 3, or 5 grade 2; 4.0 one grade 4 or "
                 "lesser grades beyond 3.5; 4.5 one grade 4 with others >= 2; 5.0 grade 5 or several grade 4).",
                 "Bowel/bladder and visual grades are converted before stepping; a cerebral grade of 1 (mood "
                 "only) counts 0; 'Other' is reported but does not change the step. Every input is required."),
)
