"""Immunologic, allergic, haematologic-oncologic and infectious-risk scores of RiskAgent's library."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 10557: Mayo Alliance Prognostic System (MAPS) for systemic mastocytosis
# ---------------------------------------------------------------------------

MAPS = point_score(
    id="maps_mastocytosis", name="Mayo Alliance Prognostic System (MAPS) Score", mdcalc_id=10557, category="risk",
    description=("Prognosis of systemic mastocytosis from the disease type (advanced vs indolent/smoldering), age "
                 "over 60, thrombocytopenia, raised alkaline phosphatase and adverse mutations (ASXL1, RUNX1, "
                 "NRAS); reads off a risk group and median overall survival."),
    items=(
        Choice("q1", "SM type", opts(("Indolent SM/smoldering SM", 0), ("Advanced SM", 2))),
        Choice("q2", "Age, years", opts(("<=60", 0), (">60", 1))),
        Choice("q3", "Platelets", opts((">=150x10⁹/L", 0), ("<150x10⁹/L", 1))),
        Choice("q4", "Serum ALP", opts(("Within normal range", 0), ("Above normal range", 1))),
        yes_no("q5", "Adverse mutations (ASXL1, RUNX1, NRAS)", default=None),
    ),
    bands=(
        Band(0, 2, "Low risk: median overall survival 198 months"),
        Band(3, 3, "Intermediate-1 risk: median overall survival 85 months"),
        Band(4, 4, "Intermediate-2 risk: median overall survival 36 months"),
        Band(5, 6, "High risk: median overall survival 12 months"),
    ),
    reference=("Pardanani A, Shah S, Mannelli F, et al. Mayo alliance prognostic system for mastocytosis: clinical "
               "and hybrid clinical-molecular models. Blood Adv. 2018;2(21):2964-2972."),
    aliases=("MAPS", "MAPS score"),
    conventions=("The hybrid clinical-molecular model (with adverse mutations); every item must be given, the "
                 "mutation status included.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10495: Asthma Impairment and Risk Questionnaire (AIRQ)
# ---------------------------------------------------------------------------

_AIRQ = (
    ("q1", "In the past 2 weeks, symptoms bothered you during the day on more than 4 days?"),
    ("q2", "In the past 2 weeks, symptoms woke you up from sleep more than 1 time?"),
    ("q3", "In the past 2 weeks, symptoms limited the activities you want to do every day?"),
    ("q4", "In the past 2 weeks, symptoms caused you to use your rescue inhaler or nebulizer every day?"),
    ("q5", "In the past 2 weeks, did you have to limit your social activities because of your asthma?"),
    ("q6", "In the past 2 weeks, did symptoms limit your ability to exercise?"),
    ("q7", "In the past 2 weeks, did you feel that it was difficult to control your asthma?"),
    ("q8", "In the past 12 months, did symptoms cause you to take steroid pills or shots?"),
    ("q9", "In the past 12 months, did symptoms cause you to go to the emergency room or have unplanned visits to "
           "a health care provider?"),
    ("q10", "In the past 12 months, did symptoms cause you to stay in the hospital overnight?"),
)

AIRQ = point_score(
    id="airq", name="Asthma Impairment and Risk Questionnaire (AIRQ)", mdcalc_id=10495, category="severity",
    description=("Assesses asthma control in patients 12 and older from seven yes/no questions on symptoms and "
                 "limitation in the past two weeks and three on steroid bursts, unplanned visits and "
                 "admissions in the past year."),
    items=tuple(yes_no(n, q, default=None) for n, q in _AIRQ),
    bands=(
        Band(0, 1, "Well-controlled asthma"),
        Band(2, 4, "Not well-controlled asthma"),
        Band(5, 10, "Very poorly controlled asthma"),
    ),
    reference=("Murphy KR, Chipps B, Beuther DA, et al. Development of the Asthma Impairment and Risk Questionnaire "
               "(AIRQ): a composite control measure. J Allergy Clin Immunol Pract. 2020;8(7):2263-2274.e5."),
    aliases=("AIRQ",),
    conventions=("'Symptoms' are coughing, wheezing, shortness of breath or chest tightness; every question must "
                 "be answered.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10046: Denver HIV Risk Score
# ---------------------------------------------------------------------------

DENVER_HIV = point_score(
    id="denver_hiv_risk", name="Denver HIV Risk Score", mdcalc_id=10046, category="risk",
    description=("Estimates the probability of undiagnosed HIV infection in adults and adolescents to target "
                 "screening, from age, sex, sexual practices, injection drug use, past testing and "
                 "race/ethnicity."),
    items=(
        Choice("age", "Age, years", opts(("<22", 0), ("22-25", 4), ("26-32", 10), ("33-46", 12), ("47-54", 10),
                                          ("55-60", 4), (">60", 0))),
        Choice("gender", "Gender", opts(("Female", 0), ("Male", 21))),
        Choice("practices", "Sexual practices (the practice that scores highest)", opts(
            ("Sex with a male", 22), ("Receptive anal intercourse", 8), ("Vaginal intercourse", -10),
            ("None of the above", 0))),
        Choice("other", "Other risk factors", opts(("Injection drug use", 9), ("Past HIV testing", -4),
                                                   ("Neither", 0))),
        Choice("race", "Race/ethnicity", opts(
            ("Black", 9, 10), ("Hispanic", 3, 4),
            ("American Indian, Alaska Native, Native Hawaiian, non-Hawaiian Pacific Islander, or other", 0, 1),
            ("White", 0, 1))),
    ),
    bands=(
        Band(None, 19, "Very low risk: HIV prevalence 0.31%"),
        Band(20, 29, "Low risk: HIV prevalence 0.41%"),
        Band(30, 39, "Moderate risk: HIV prevalence 0.99%"),
        Band(40, 49, "High risk: HIV prevalence 1.59%"),
        Band(50, None, "Very high risk: HIV prevalence 3.59%"),
    ),
    reference=("Haukoos JS, Lyons MS, Lindsell CJ, et al. Derivation and validation of the Denver Human "
               "Immunodeficiency Virus (HIV) risk score for targeted HIV screening. Am J Epidemiol. "
               "2012;175(8):838-846."),
    aliases=("Denver HIV score", "DHRS"),
    conventions=("Points follow the publication (Black +9, Hispanic +3, others 0); MDCalc's values for race are "
                 "codes (10, 4, 1, 1).",
                 "Where several sexual practices apply, the one scoring highest is taken (as the score directs).",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10084: RegiSCAR score for DRESS
# ---------------------------------------------------------------------------

_NO_UNK = opts(("No/Unknown", 0), ("Yes", 1))

REGISCAR = point_score(
    id="regiscar_dress", name="RegiSCAR Score for DRESS", mdcalc_id=10084, category="diagnosis",
    description=("Grades how likely a suspected drug reaction with eosinophilia and systemic symptoms (DRESS) is, "
                 "from fever, lymphadenopathy, atypical lymphocytes, eosinophilia, rash features, biopsy, organ "
                 "involvement, time to resolution and the exclusion of other diagnoses."),
    items=(
        Choice("fever", "Fever (>=38.5 degC)", opts(("No/Unknown", -1), ("Yes", 0)), default="No/Unknown"),
        Choice("lymph", "Enlarged lymph nodes (>=2 sites, >1 cm)", _NO_UNK, default="No/Unknown"),
        Choice("lymphocytes", "Atypical lymphocytes", _NO_UNK, default="No/Unknown"),
        Choice("eos", "Eosinophilia", opts(("0-699 cells or <10% (no eosinophilia)", 0),
                                           ("700-1,499 cells or 10-19.9%", 1), (">=1,500 cells or >=20%", 2))),
        Choice("rash", "Skin rash extent >50%", _NO_UNK, default="No/Unknown"),
        Choice("needtwo", "At least two of: edema, infiltration, purpura, scaling",
               opts(("No", -1), ("Yes", 1), ("Unknown", 0)), default="Unknown"),
        Choice("dress", "Biopsy suggesting DRESS", opts(("No", -1), ("Yes/Unknown", 0)), default="Yes/Unknown"),
        Choice("internal", "Internal organs involved", opts(("0", 0), ("1", 1), (">=2", 2))),
        Choice("resolution", "Resolution in >15 days", opts(("No/Unknown", -1), ("Yes", 0)), default="No/Unknown"),
        Choice("altdx", "Alternative diagnoses excluded (by >=3 biological investigations)", _NO_UNK,
               default="No/Unknown"),
    ),
    bands=(
        Band(None, 1, "No case: DRESS excluded (score < 2)"),
        Band(2, 3, "Possible case of DRESS"),
        Band(4, 5, "Probable case of DRESS"),
        Band(6, None, "Definite case of DRESS"),
    ),
    reference=("Kardaun SH, Sidoroff A, Valeyrie-Allanore L, et al. Variability in the clinical pattern of "
               "cutaneous side-effects of drugs with systemic symptoms: does a DRESS syndrome really exist? Br J "
               "Dermatol. 2007;156(3):609-611."),
    aliases=("RegiSCAR", "DRESS score"),
    conventions=("Findings the score scores as 'unknown' take that option when not documented (reported as "
                 "assumed); eosinophilia and the number of organs involved must be given.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10518: HIV Incidence Risk Index for MSM (HIRI-MSM)
# ---------------------------------------------------------------------------

HIRI_MSM = point_score(
    id="hiri_msm", name="HIV Incidence Risk Index for MSM (HIRI-MSM)", mdcalc_id=10518, category="risk",
    description=("Identifies men who have sex with men at high risk of acquiring HIV (candidates for "
                 "pre-exposure prophylaxis) from age, number of partners, condomless anal sex, HIV-positive "
                 "partners and methamphetamine or popper use in the past six months."),
    items=(
        Choice("q1", "How old are you today (years)?", opts(("<18", 0), ("18-28", 8), ("29-40", 5), ("41-48", 2),
                                                              (">=49", 0))),
        Choice("q2", "How many men have you had sex with in the last 6 months?", opts(("0-5", 0), ("6-10", 4),
                                                                                       (">10", 7))),
        Choice("q3", "In the last 6 months, how many times did you have receptive anal sex (you were the bottom) "
               "with a man without a condom?", opts(("0", 0), (">=1", 10))),
        Choice("q4", "How many of your male sex partners were HIV positive?", opts(("0", 0), ("1", 4), (">1", 8))),
        Choice("q5", "In the last 6 months, how many times did you have insertive anal sex (you were the top) "
               "without a condom with a man who was HIV positive?", opts(("0-4", 0), (">=5", 6))),
        yes_no("q6", "In the last 6 months, have you used methamphetamines such as crystal or speed?", 5,
               default=None),
        yes_no("q7", "In the last 6 months, have you used poppers (amyl nitrate)?", 3, default=None),
    ),
    bands=(
        Band(0, 9, "Low risk of HIV infection (HIRI-MSM < 10)"),
        Band(10, 47, "High risk of HIV infection (HIRI-MSM >= 10): evaluate for intensive prevention such as PrEP"),
    ),
    reference=("Smith DK, Pals SL, Herbst JH, Shinde S, Carey JW. Development of a clinical screening index "
               "predictive of incident HIV infection among men who have sex with men in the United States. J Acquir "
               "Immune Defic Syndr. 2012;60(4):421-427."),
    aliases=("HIRI-MSM",),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10554: Spanish Network on Mastocytosis (REMA) score
# ---------------------------------------------------------------------------

REMA = point_score(
    id="rema_score", name="Spanish Network on Mastocytosis (REMA) Score", mdcalc_id=10554, category="diagnosis",
    description=("Predicts a clonal mast cell disorder in a patient with mast cell activation symptoms (e.g. "
                 "anaphylaxis) without skin mastocytosis, before bone marrow study: sex, urticaria/angioedema, "
                 "presyncope or syncope, and baseline serum tryptase."),
    items=(
        Choice("q1", "Gender", opts(("Female", -1), ("Male", 1))),
        Choice("q2", "Urticaria and/or angioedema (or pruritus)", opts(("Yes", -2), ("No", 1))),
        Choice("q3", "Presyncope and/or syncope", opts(("No", 0), ("Yes", 3))),
        Choice("q4", "Tryptase", opts(("<15 ng/mL", -1), ("15-25 ng/mL", 0), (">25 ng/mL", 2))),
    ),
    bands=(
        Band(None, 1, "Low probability of clonal mast cell disease (REMA < 2)"),
        Band(2, None, "High probability of clonal mast cell disease (REMA >= 2): bone marrow study indicated"),
    ),
    reference=("Alvarez-Twose I, Gonzalez de Olano D, Sanchez-Munoz L, et al. Clinical, biological, and molecular "
               "characteristics of clonal mast cell disorders presenting with systemic mast cell activation "
               "symptoms. J Allergy Clin Immunol. 2010;125(6):1269-1278.e2."),
    aliases=("REMA", "REMA score", "Spanish mastocytosis score"),
    conventions=("Every item must be given: an unknown one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3913: MASCC risk index for febrile neutropenia
# ---------------------------------------------------------------------------

MASCC = point_score(
    id="mascc_risk_index", name="MASCC Risk Index for Febrile Neutropenia", mdcalc_id=3913, category="risk",
    description=("Identifies cancer patients with febrile neutropenia at low risk of serious complications "
                 "(candidates for outpatient or oral treatment): burden of illness, hypotension, COPD, tumour type "
                 "and prior fungal infection, dehydration, outpatient onset and age; higher scores mean lower risk."),
    items=(
        Choice("burden", "Burden of illness (symptom severity)", opts(("None or mild", 5), ("Moderate", 3),
                                                                      ("Severe", 0))),
        Choice("bp", "Hypotension (systolic BP <90 mmHg)", opts(("No", 5), ("Yes", 0))),
        Choice("copd", "Active COPD", opts(("No", 4), ("Yes", 0))),
        Choice("solid", "Type of cancer", opts(("Solid tumor", 4), ("Hematologic, no prior fungal infection", 4),
                                               ("Hematologic, prior fungal infection", 0))),
        Choice("hyd", "Dehydration requiring IV fluids", opts(("No", 3), ("Yes", 0))),
        Choice("outpt", "Status at onset of fever", opts(("Outpatient", 3), ("Inpatient", 0))),
        Choice("age", "Age (years)", opts(("<60", 2), (">=60", 0))),
    ),
    bands=(
        Band(0, 20, "High risk for poor outcome (MASCC < 21)"),
        Band(21, 26, "Low risk for poor outcome (MASCC >= 21)"),
    ),
    reference=("Klastersky J, Paesmans M, Rubenstein EB, et al. The Multinational Association for Supportive Care in "
               "Cancer risk index: a multinational scoring system for identifying low-risk febrile neutropenic "
               "cancer patients. J Clin Oncol. 2000;18(16):3038-3051."),
    aliases=("MASCC", "MASCC score"),
    conventions=("Burden of illness is the clinician's overall judgement of symptoms at presentation; 'solid tumor' "
                 "scores 4 whether or not there was a fungal infection.",
                 "Every item must be given: an unknown one is refused (absence scores points here, so it is never "
                 "assumed)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10519: Menza score
# ---------------------------------------------------------------------------

MENZA = point_score(
    id="menza_score", name="Menza Score", mdcalc_id=10519, category="risk",
    description=("Estimates the 4-year risk of acquiring HIV in HIV-negative men who have sex with men, to target "
                 "prevention such as PrEP: bacterial STIs, methamphetamine or popper use, condomless anal sex with "
                 "a partner of positive or unknown status, and 10 or more male partners."),
    items=(
        yes_no("q1", "Does your patient/client have gonorrhea, chlamydia, or syphilis, or does he have a history of "
               "these infections?", 4, default=None),
        yes_no("q2", "Has your patient/client used methamphetamine or inhaled nitrites (poppers) in the prior 6 "
               "months?", 11, default=None),
        yes_no("q3", "Does your patient/client report unprotected anal intercourse with a partner of positive or "
               "unknown HIV status in the prior year?", 1, default=None),
        yes_no("q4", "Does your patient/client report 10 or more male sexual partners in the prior year?", 3,
               default=None),
    ),
    bands=(
        Band(0, 0, "<5% 4-year risk of HIV"),
        Band(1, 3, "5-9% 4-year risk of HIV"),
        Band(4, 11, "10-14% 4-year risk of HIV"),
        Band(12, 19, ">14% 4-year risk of HIV"),
    ),
    reference=("Menza TW, Hughes JP, Celum CL, Golden MR. Prediction of HIV acquisition among men who have sex with "
               "men. Sex Transm Dis. 2009;36(9):547-555."),
    aliases=("Menza", "Menza HIV risk score"),
    conventions=("Every question must be answered: an unanswered one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3997: Clinical Index of Stable Febrile Neutropenia (CISNE)
# ---------------------------------------------------------------------------

CISNE = point_score(
    id="cisne", name="Clinical Index of Stable Febrile Neutropenia (CISNE)", mdcalc_id=3997, category="risk",
    description=("Identifies, among adults with solid tumours on chemotherapy who have febrile neutropenia but look "
                 "clinically stable, those at low risk of serious complications: performance status, stress "
                 "hyperglycaemia, COPD, cardiovascular disease, mucositis and monocyte count."),
    items=(
        Choice("ecog", "ECOG Performance Status", opts(("<2", 0), (">=2", 2))),
        yes_no("stress", "Stress-induced hyperglycemia", 2, default=None),
        yes_no("copd", "COPD", default=None),
        yes_no("cvd", "Cardiovascular disease history", default=None),
        yes_no("nci", "NCI mucositis grade >=2", default=None),
        Choice("mono", "Monocytes", opts((">=200/µL", 0), ("<200/µL", 1))),
    ),
    bands=(
        Band(0, 0, "Class I (low risk): 1.1% risk of serious complications; consider discharge with oral "
                   "antibiotics"),
        Band(1, 2, "Class II (intermediate risk): 6.2% risk of serious complications; clinical judgement on "
                   "admission"),
        Band(3, 8, "Class III (high risk): 36% risk of serious complications; admit"),
    ),
    reference=("Carmona-Bayonas A, Gomez J, Gonzalez-Billalabeitia E, et al. Prognostic evaluation of febrile "
               "neutropenia in apparently stable adult cancer patients. Br J Cancer. 2011;105(5):612-617."),
    aliases=("CISNE", "CISNE score"),
    conventions=("Complication rates per class are those of the prospective validation (Carmona-Bayonas, J Clin "
                 "Oncol 2015), as MDCalc reports them.",
                 "Every item must be given: an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10422: PEN-FAST penicillin allergy decision rule
# ---------------------------------------------------------------------------

PEN_FAST = point_score(
    id="pen_fast", name="Penicillin Allergy Decision Rule (PEN-FAST)", mdcalc_id=10422, category="risk",
    description=("Identifies patients reporting a penicillin allergy who are at low risk of a true (test-positive) "
                 "allergy, from time since the reaction, anaphylaxis/angioedema or a severe cutaneous reaction, and "
                 "whether the reaction needed treatment; a low score supports direct oral challenge."),
    items=(
        yes_no("f", "Five years or less since reaction", 2, default=None),
        yes_no("as", "Anaphylaxis or angioedema OR severe cutaneous adverse reaction", 2, default=None),
        yes_no("t", "Treatment required for reaction", 1, default=None),
    ),
    bands=(
        Band(0, 0, "Very low risk: <1% risk of a positive penicillin allergy test"),
        Band(1, 2, "Low risk: 5% risk of a positive penicillin allergy test"),
        Band(3, 3, "Moderate risk: 20% risk of a positive penicillin allergy test"),
        Band(4, 5, "High risk: 50% risk of a positive penicillin allergy test"),
    ),
    reference=("Trubiano JA, Vogrin S, Chua KYL, et al. Development and validation of a penicillin allergy clinical "
               "decision rule. JAMA Intern Med. 2020;180(5):745-752."),
    aliases=("PEN-FAST", "PENFAST"),
    conventions=("A reaction whose timing is unknown counts as within five years in the publication; here it must "
                 "be stated (an unanswered item is refused).",),
)

# ---------------------------------------------------------------------------
# MDCalc 10226: Urticaria Activity Score (UAS)
# ---------------------------------------------------------------------------

_UAS_NAME = "Urticaria Activity Score (UAS)"
_UAS_REF = ("Zuberbier T, Aberer W, Asero R, et al. The EAACI/GA(2)LEN/EDF/WAO Guideline for the definition, "
            "classification, diagnosis, and management of urticaria: the 2013 revision and update. Allergy. "
            "2014;69(7):868-887.")
_UAS_BANDS = (
    Band(0, 0, "Daily UAS 0/6: no wheals and no itch that day"),
    Band(1, 6, "Daily urticaria activity (0-6); sum 7 consecutive daily scores for the UAS7 (0-42) to grade "
               "disease activity"),
)

UAS = point_score(
    id="urticaria_activity_score", name=_UAS_NAME, mdcalc_id=10226, category="severity",
    description=("Rates the activity of chronic spontaneous urticaria for one day from the number of wheals and the "
                 "intensity of itch (0-3 each); seven daily scores are added into the UAS7 used to grade and follow "
                 "the disease."),
    items=(
        Choice("wheals", "Wheals (in 24 hours)", opts(
            ("None", 0), ("Mild (<20 wheals/24 hrs)", 1), ("Moderate (20-50 wheals/24 hrs)", 2),
            ("Intense (>50 wheals/24 hrs or large confluent areas of wheals)", 3))),
        Choice("pruritus", "Pruritus", opts(
            ("None", 0), ("Mild (present but not annoying or troublesome)", 1),
            ("Moderate (troublesome but does not interfere with normal daily activity or sleep)", 2),
            ("Intense (severe, interferes with normal daily activity or sleep)", 3))),
    ),
    bands=_UAS_BANDS,
    reference=_UAS_REF,
    aliases=("UAS", "UAS7", "urticaria activity score"),
    conventions=("This is the once-daily score (0-6); the severity bands of the guideline belong to the 7-day sum "
                 "(UAS7), which needs seven days of scores and is not graded from one day.",
                 "Both items must be rated: an unrated one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 2203: Absolute Lymphocyte Count (ALC)
# ---------------------------------------------------------------------------

_ALC_NAME = "Absolute Lymphocyte Count (ALC)"
_ALC_REF = ("Shapiro NI, Karras DJ, Leech SH, Heilpern KL. Absolute lymphocyte count as a predictor of CD4 count. "
            "Ann Emerg Med. 1998;32(3):323-328.")
_ALC_ITEMS = (
    Number("wbc", "White blood cell count", "10^3/µL", ge=0.01, le=500),
    Number("lymph", "Lymphocytes, % of white cells", "%", ge=0, le=100),
)


def _alc(x) -> CalculatorResult:
    alc = round(x.wbc * 1000 * x.lymph / 100)
    if alc < 1000:
        text = (f"ALC {alc} cells/mm³ (< 1000): in an HIV-positive patient the CD4 count is likely < 200 "
                "cells/mm³ (likely AIDS)")
    elif alc <= 2000:
        text = f"ALC {alc} cells/mm³ (1000-2000): the CD4 count cannot be predicted; measure it"
    else:
        text = (f"ALC {alc} cells/mm³ (> 2000): in an HIV-positive patient the CD4 count is likely > 200 "
                "cells/mm³ (likely does not have AIDS)")
    lines = [f"ALC = WBC {x.wbc:g} x 10³/µL x 1000 x {x.lymph:g}% = {alc} cells/mm³", text]
    return CalculatorResult(calculator="absolute_lymphocyte_count", name=_ALC_NAME, value=alc, unit="cells/mm³",
                            interpretation=text, explanation=lines, reference=_ALC_REF,
                            components={"wbc": x.wbc, "lymph": x.lymph})


ALC = point_score(
    id="absolute_lymphocyte_count", name=_ALC_NAME, mdcalc_id=2203, category="lab",
    description=("Computes the absolute lymphocyte count from the white cell count and the lymphocyte percentage; "
                 "in HIV-positive patients where a CD4 count is not at hand, a low count suggests a CD4 count "
                 "below 200 cells/mm³."),
    items=_ALC_ITEMS,
    bands=(Band(0, None, "< 1000: CD4 likely < 200; 1000-2000: unpredictable; > 2000: CD4 likely > 200"),),
    reference=_ALC_REF,
    aliases=("ALC", "absolute lymphocyte count", "total lymphocyte count"),
    conventions=("ALC = WBC (x 10³/µL) x 1000 x lymphocytes % / 100, in cells/mm³, rounded to a whole cell.",
                 "The CD4 reading applies to HIV-positive patients only and never replaces a measured CD4 count.",
                 "Both values must be given: a missing one is refused."),
    unit="cells/mm³",
    compute=_alc,
)
