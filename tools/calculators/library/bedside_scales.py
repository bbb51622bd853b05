"""Point scores and stagings of MDCalc's most used that RiskAgent's library lacks (MedMCP-Calc names them): the
Shapiro rule for bacteremia, PAWSS, the pediatric Glasgow Coma Scale, the modified Hoehn and Yahr staging and SLICS.
Each follows its primary publication; the conventions each card states are the choices where sources differ."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import (
    Band,
    Choice,
    band_of,
    explained_result,
    item_points,
    opts,
    point_score,
    yes_no,
)

# ---------------------------------------------------------------------------
# Shapiro rule: who needs a blood culture
# ---------------------------------------------------------------------------

SHAPIRO = point_score(
    id="shapiro_bacteremia", name="Shapiro Rule for Bacteremia", mdcalc_id=None, category="risk",
    description=("Predicts bacteremia in ED patients with suspected infection to decide on blood cultures: major "
                 "criteria (suspected endocarditis 3, temperature > 39.4 °C 3, indwelling vascular catheter 2) and "
                 "minor criteria (1 each); cultures when >= 1 major or >= 2 minor (2 or more points)."),
    items=(
        Choice("temperature", "Temperature", opts(("<38.3 °C", 0), ("38.3-39.4 °C", 1), (">39.4 °C", 3))),
        yes_no("endocarditis", "Suspected endocarditis", 3),
        yes_no("catheter", "Indwelling vascular catheter", 2),
        Choice("age", "Age", opts(("<=65 years", 0), (">65 years", 1))),
        yes_no("chills", "Chills (rigors)"),
        yes_no("vomiting", "Vomiting"),
        yes_no("hypotension", "Hypotension (systolic BP < 90 mmHg)"),
        yes_no("wbc", "White blood cell count > 18,000/mm³"),
        yes_no("bands", "Bands > 5%"),
        yes_no("platelets", "Platelets < 150,000/mm³"),
        yes_no("creatinine", "Creatinine > 2.0 mg/dL"),
    ),
    bands=(
        Band(0, 1, "Low risk: fewer than 1 major or 2 minor criteria; bacteremia < 1%, blood cultures may be "
                   "omitted"),
        Band(2, None, "Not low risk (>= 1 major or >= 2 minor criteria): blood cultures indicated"),
    ),
    reference=("Shapiro NI, Wolfe RE, Wright SB, Moore R, Bates DW. Who needs a blood culture? A prospectively "
               "derived and validated prediction rule. J Emerg Med 2008;35(3):255-264."),
    aliases=("Shapiro Rule", "Shapiro rule for bacteremia", "Shapiro criteria", "blood culture decision rule"),
    conventions=("The value is the points (major 3/3/2, minor 1 each); >= 2 points is the same as >= 1 major or "
                 ">= 2 minor criteria. Temperature 38.3-39.4 °C is minor, above 39.4 °C major.",
                 "Temperature and age are required; an undocumented finding counts 0 and is reported as assumed."),
)


# ---------------------------------------------------------------------------
# PAWSS: Prediction of Alcohol Withdrawal Severity Scale
# ---------------------------------------------------------------------------

PAWSS_NAME = "Prediction of Alcohol Withdrawal Severity Scale (PAWSS)"
PAWSS_REF = ("Maldonado JR, Sher Y, Ashouri JF, et al. The 'Prediction of Alcohol Withdrawal Severity Scale' (PAWSS): "
             "systematic literature review and pilot study of a new scale for the prediction of complicated alcohol "
             "withdrawal syndrome. Alcohol 2014;48(4):375-390; Maldonado JR, Sher Y, Das S, et al. Prospective "
             "validation study of the PAWSS in medically ill inpatients. Alcohol Alcohol 2015;50(5):509-518.")
_PAWSS_ITEMS = (
    yes_no("intoxicated", "Recent intoxication: have you been intoxicated/drunk within the last 30 days?"),
    yes_no("rehab", "Have you ever undergone alcohol use disorder rehabilitation treatment or treatment for "
                    "alcoholism (inpatient or outpatient)?"),
    yes_no("withdrawal", "Have you ever experienced any previous episodes of alcohol withdrawal, regardless of "
                         "severity?"),
    yes_no("blackouts", "Have you ever experienced blackouts?"),
    yes_no("seizures", "Have you ever experienced alcohol withdrawal seizures?"),
    yes_no("dts", "Have you ever experienced delirium tremens (DTs)?"),
    yes_no("downers", "Have you combined alcohol with other 'downers' such as benzodiazepines or barbiturates "
                      "during the last 90 days?"),
    yes_no("substances", "Have you combined alcohol with any other substance of abuse during the last 90 days?"),
    yes_no("bal", "Was the patient's blood alcohol level (BAL) on presentation >= 200 mg/dL?"),
    yes_no("autonomic", "Is there evidence of increased autonomic activity (HR > 120/min, tremor, sweating, "
                        "agitation, nausea)?"),
)
_PAWSS_BANDS = (
    Band(0, 3, "PAWSS < 4: low risk of complicated alcohol withdrawal"),
    Band(4, 10, "PAWSS >= 4: high risk of moderate to severe (complicated) alcohol withdrawal (withdrawal seizures, "
                "delirium tremens, hallucinosis); consider prophylaxis"),
)


def _pawss(x) -> CalculatorResult:
    if x.threshold == "No":
        text = ("Threshold not met (no alcohol in the last 30 days and no positive BAL on admission): PAWSS 0, not "
                "at risk of alcohol withdrawal; the items are not scored")
        return CalculatorResult(calculator="pawss", name=PAWSS_NAME, value=0, unit="points", interpretation=text,
                                explanation=[f"Threshold question: No -> {text}"], reference=PAWSS_REF,
                                components={"threshold": 0})
    total = int(sum(p for _, _, p in item_points(x)))
    return explained_result("pawss", PAWSS_NAME, PAWSS_REF, x, total, band_of(_PAWSS_BANDS, total).text)


PAWSS = point_score(
    id="pawss", name=PAWSS_NAME, mdcalc_id=None, category="risk",
    description=("Predicts complicated (moderate to severe) alcohol withdrawal in medically ill inpatients: a "
                 "threshold question (any alcohol in the last 30 days or a positive BAL), then ten yes/no items "
                 "(history of withdrawal, seizures, DTs, rehab, blackouts, combined downers or other substances, "
                 "BAL >= 200 mg/dL, autonomic hyperactivity); >= 4 is high risk."),
    items=(yes_no("threshold", "Threshold: any alcohol consumption within the last 30 days, or a positive BAL on "
                               "admission?", 0, default=None), *_PAWSS_ITEMS),
    bands=_PAWSS_BANDS, compute=_pawss, reference=PAWSS_REF,
    aliases=("PAWSS", "Prediction of Alcohol Withdrawal Severity Scale", "alcohol withdrawal severity prediction"),
    conventions=("The threshold question is required: when it is not met the score is 0 and the items are not "
                 "scored (Maldonado 2014); an undocumented item counts 0 and is reported as assumed.",
                 "High risk at >= 4 points (validation: sensitivity 93%, specificity 99%)."),
)


# ---------------------------------------------------------------------------
# Pediatric Glasgow Coma Scale
# ---------------------------------------------------------------------------

PEDIATRIC_GCS = point_score(
    id="pediatric_gcs", name="Pediatric Glasgow Coma Scale (pGCS)", mdcalc_id=None, category="severity",
    description=("Level of consciousness of an infant or child (eye, verbal and motor responses with age-adapted "
                 "verbal and motor descriptors; 3-15): <= 8 severe, 9-12 moderate, 13-15 mild head injury."),
    items=(
        Choice("eye", "Eye opening", opts(
            ("Open spontaneously", 4), ("Open to verbal stimuli", 3), ("Open to pain only", 2), ("No response", 1))),
        Choice("verbal", "Verbal response (child > 2 years / infant or child <= 2 years)", opts(
            ("Oriented, appropriate / coos and babbles", 5), ("Confused / irritable cries", 4),
            ("Inappropriate words / cries to pain", 3), ("Incomprehensible words or sounds / moans to pain", 2),
            ("No verbal response", 1))),
        Choice("motor", "Motor response (child > 2 years / infant or child <= 2 years)", opts(
            ("Obeys commands / moves spontaneously and purposefully", 6), ("Localizes painful stimulus / withdraws "
                                                                           "to touch", 5),
            ("Withdraws to pain", 4), ("Abnormal flexion to pain (decorticate)", 3),
            ("Extension to pain (decerebrate)", 2), ("No motor response", 1))),
    ),
    bands=(
        Band(3, 8, "Severe head injury (pGCS <= 8): consider airway protection"),
        Band(9, 12, "Moderate head injury (pGCS 9-12)"),
        Band(13, 15, "Mild head injury (pGCS 13-15)"),
    ),
    reference=("James HE. Neurologic evaluation and support in the child with an acute brain insult. Pediatr Ann "
               "1986;15(1):16-22; Holmes JF, Palchak MJ, MacFarlane T, Kuppermann N. Performance of the pediatric "
               "Glasgow coma scale in children with blunt head trauma. Acad Emerg Med 2005;12(9):814-819."),
    aliases=("pGCS", "Pediatric GCS", "Pediatric Glasgow Coma Scale", "paediatric Glasgow coma scale",
             "infant coma scale"),
    conventions=("Each response is given by its option (the child's wording before the slash, the infant's after; "
                 "the points are the same); every response is required.",
                 "Severity bands as for the adult GCS (<= 8 severe, 9-12 moderate, 13-15 mild)."),
)


# ---------------------------------------------------------------------------
# Modified Hoehn and Yahr staging
# ---------------------------------------------------------------------------

_HY_STAGES = (
    ("No signs of disease", 0),
    ("Unilateral disease", 1),
    ("Unilateral plus axial involvement", 1.5),
    ("Bilateral disease, without impairment of balance", 2),
    ("Mild bilateral disease, with recovery on pull test", 2.5),
    ("Mild to moderate bilateral disease; some postural instability; physically independent", 3),
    ("Severe disability; still able to walk or stand unassisted", 4),
    ("Wheelchair bound or bedridden unless aided", 5),
)

HOEHN_YAHR = point_score(
    id="modified_hoehn_yahr", name="Modified Hoehn and Yahr Scale for Parkinson's Disease", mdcalc_id=None,
    category="severity",
    description=("Stages the motor severity and disability of Parkinson's disease from 0 (no signs) to 5 "
                 "(wheelchair bound or bedridden), with the modified half stages 1.5 and 2.5."),
    items=(Choice("stage", "Clinical findings", opts(*_HY_STAGES)),),
    bands=tuple(Band(points, points, f"Stage {points:g}: {label}") for label, points in _HY_STAGES),
    unit="stage",
    reference=("Hoehn MM, Yahr MD. Parkinsonism: onset, progression and mortality. Neurology 1967;17(5):427-442; "
               "modified stages: Goetz CG, Poewe W, Rascol O, et al. Movement Disorder Society Task Force report on "
               "the Hoehn and Yahr staging scale: status and recommendations. Mov Disord 2004;19(9):1020-1028."),
    aliases=("Modified Hoehn and Yahr Scale", "Hoehn and Yahr", "Hoehn & Yahr", "H&Y stage",
             "Modified Hoehn and Yahr Scale for Parkinson's Disease", "Parkinson disease staging"),
    conventions=("The value is the stage (0, 1, 1.5, 2, 2.5, 3, 4, 5); a higher stage is more disability.",),
)


# ---------------------------------------------------------------------------
# SLICS: Subaxial cervical spine Injury Classification and Severity
# ---------------------------------------------------------------------------

SLICS = point_score(
    id="slics", name="Subaxial Injury Classification and Severity Scale (SLICS)", mdcalc_id=None,
    category="severity",
    description=("Guides operative versus non-operative management of subaxial (C3-C7) cervical spine injury from "
                 "injury morphology, the discoligamentous complex and neurological status (0-10)."),
    items=(
        Choice("morphology", "Morphology", opts(
            ("No abnormality", 0), ("Compression", 1), ("Burst", 2),
            ("Distraction (e.g. facet perch, hyperextension)", 3),
            ("Rotation/translation (e.g. facet dislocation, unstable teardrop or advanced flexion-compression)", 4))),
        Choice("dlc", "Discoligamentous complex (DLC)", opts(
            ("Intact", 0), ("Indeterminate (e.g. isolated interspinous widening, MRI signal change only)", 1),
            ("Disrupted (e.g. widened disc space, facet perch or dislocation)", 2))),
        Choice("neuro", "Neurological status", opts(
            ("Intact", 0), ("Root injury", 1), ("Complete cord injury", 2), ("Incomplete cord injury", 3))),
        yes_no("compression", "Continuous cord compression in the setting of a neurological deficit (+1)",
               default="No"),
    ),
    bands=(
        Band(0, 3, "SLICS <= 3: non-operative treatment"),
        Band(4, 4, "SLICS 4: operative or non-operative treatment (surgeon's judgement)"),
        Band(5, 10, "SLICS >= 5: operative treatment (realignment, decompression if indicated, stabilization)"),
    ),
    reference=("Vaccaro AR, Hulbert RJ, Patel AA, et al. The subaxial cervical spine injury classification system: a "
               "novel approach to recognize the importance of morphology, neurology, and integrity of the "
               "disco-ligamentous complex. Spine 2007;32(21):2365-2374."),
    aliases=("SLICS", "SLIC", "Subaxial Injury Classification", "Subaxial Cervical Spine Injury Classification",
             "Subaxial Injury Classification and Severity Scale"),
    conventions=("Morphology, DLC and neurological status are required; cord compression with a deficit counts 0 "
                 "when not documented (reported as assumed).",),
)


# ---------------------------------------------------------------------------
# Epworth Sleepiness Scale
# ---------------------------------------------------------------------------

_ESS_CHANCE = opts(("Would never doze", 0), ("Slight chance of dozing", 1), ("Moderate chance of dozing", 2),
                   ("High chance of dozing", 3))
_ESS_SITUATIONS = (
    ("reading", "Sitting and reading"), ("tv", "Watching TV"),
    ("public", "Sitting, inactive in a public place (e.g. a theatre or a meeting)"),
    ("passenger", "As a passenger in a car for an hour without a break"),
    ("afternoon", "Lying down to rest in the afternoon when circumstances permit"),
    ("talking", "Sitting and talking to someone"), ("lunch", "Sitting quietly after a lunch without alcohol"),
    ("traffic", "In a car, while stopped for a few minutes in the traffic"),
)

EPWORTH = point_score(
    id="epworth_sleepiness", name="Epworth Sleepiness Scale (ESS)", mdcalc_id=None, category="severity",
    description=("Daytime sleepiness from the chance of dozing in eight everyday situations (0-3 each, 0-24); "
                 "above 10 is excessive daytime sleepiness (e.g. in suspected obstructive sleep apnoea)."),
    items=tuple(Choice(name, situation, _ESS_CHANCE) for name, situation in _ESS_SITUATIONS),
    bands=(
        Band(0, 10, "ESS 0-10: normal range of daytime sleepiness"),
        Band(11, 12, "ESS 11-12: mild excessive daytime sleepiness"),
        Band(13, 15, "ESS 13-15: moderate excessive daytime sleepiness"),
        Band(16, 24, "ESS 16-24: severe excessive daytime sleepiness"),
    ),
    reference=("Johns MW. A new method for measuring daytime sleepiness: the Epworth sleepiness scale. Sleep "
               "1991;14(6):540-545."),
    aliases=("Epworth", "ESS", "Epworth Sleepiness Scale", "daytime sleepiness score"),
    conventions=("Each of the eight situations is required (the patient's usual way of life in recent times).",
                 "Bands as commonly used after Johns: 0-10 normal, 11-12 mild, 13-15 moderate, 16-24 severe."),
)


# ---------------------------------------------------------------------------
# CHA2DS2-VA (2024 ESC, sex removed)
# ---------------------------------------------------------------------------

CHA2DS2_VA = point_score(
    id="cha2ds2_va", name="CHA2DS2-VA Score for Atrial Fibrillation Stroke Risk", mdcalc_id=None, category="risk",
    description=("Stroke risk in atrial fibrillation without the sex criterion (2024 ESC): heart failure, "
                 "hypertension, age, diabetes, prior stroke/TIA/thromboembolism and vascular disease (0-8); "
                 "guides oral anticoagulation."),
    items=(
        yes_no("chf", "Congestive heart failure (or LV dysfunction)"),
        yes_no("hypertension", "Hypertension"),
        Choice("age", "Age", opts(("<65 years", 0), ("65-74 years", 1), (">=75 years", 2))),
        yes_no("diabetes", "Diabetes mellitus"),
        yes_no("stroke", "Prior stroke, TIA or thromboembolism", 2),
        yes_no("vascular", "Vascular disease (prior myocardial infarction, peripheral artery disease, aortic plaque)"),
    ),
    bands=(
        Band(0, 0, "CHA2DS2-VA 0: oral anticoagulation not recommended for stroke prevention"),
        Band(1, 1, "CHA2DS2-VA 1: oral anticoagulation should be considered (ESC 2024, class IIa)"),
        Band(2, 8, "CHA2DS2-VA >= 2: oral anticoagulation recommended (ESC 2024, class I)"),
    ),
    reference=("Van Gelder IC, Rienstra M, Bunting KV, et al. 2024 ESC Guidelines for the management of atrial "
               "fibrillation developed in collaboration with the European Association for Cardio-Thoracic Surgery "
               "(EACTS). Eur Heart J 2024;45(36):3314-3414."),
    aliases=("CHA2DS2-VA", "CHA₂DS₂-VA", "CHA2DS2VA", "CHA2DS2-VA score"),
    conventions=("Age is required; an undocumented condition counts 0 and is reported as assumed. Female sex is "
                 "not a criterion (that is CHA2DS2-VASc).",),
)


# ---------------------------------------------------------------------------
# Clinical Dehydration Scale (children)
# ---------------------------------------------------------------------------

CDS = point_score(
    id="clinical_dehydration_scale", name="Clinical Dehydration Scale (CDS) for Pediatrics", mdcalc_id=None,
    category="severity",
    description=("Degree of dehydration of a child (1-36 months) with gastroenteritis from general appearance, "
                 "eyes, mucous membranes and tears, 0-2 each (0-8)."),
    items=(
        Choice("appearance", "General appearance", opts(
            ("Normal", 0), ("Thirsty, restless, or lethargic but irritable when touched", 1),
            ("Drowsy, limp, cold, or sweaty; comatose or not", 2))),
        Choice("eyes", "Eyes", opts(("Normal", 0), ("Slightly sunken", 1), ("Very sunken", 2))),
        Choice("mucous_membranes", "Mucous membranes (tongue)", opts(("Moist", 0), ("Sticky", 1), ("Dry", 2))),
        Choice("tears", "Tears", opts(("Tears", 0), ("Decreased tears", 1), ("Absent tears", 2))),
    ),
    bands=(
        Band(0, 0, "CDS 0: no dehydration (< 3%)"),
        Band(1, 4, "CDS 1-4: some dehydration (3-6%)"),
        Band(5, 8, "CDS 5-8: moderate to severe dehydration (>= 6%)"),
    ),
    reference=("Friedman JN, Goldman RD, Srivastava R, Parkin PC. Development of a clinical dehydration scale for use "
               "in children between 1 and 36 months of age. J Pediatr 2004;145(2):201-207."),
    aliases=("CDS", "Clinical Dehydration Scale", "pediatric dehydration score"),
    conventions=("Every item is required; validated in children 1-36 months with gastroenteritis.",),
)
