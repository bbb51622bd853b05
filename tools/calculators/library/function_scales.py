"""Observed grades of function and anatomy of MDCalc's most used that the library lacks: the modified Rankin Scale,
the mMRC dyspnoea scale, the Katz index of independence in ADL and the Spetzler-Martin AVM grade."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# Modified Rankin Scale
# ---------------------------------------------------------------------------

_MRS = (
    ("No symptoms", 0),
    ("No significant disability despite symptoms; able to carry out all usual duties and activities", 1),
    ("Slight disability; unable to carry out all previous activities, but able to look after own affairs without "
     "assistance", 2),
    ("Moderate disability; requiring some help, but able to walk without assistance", 3),
    ("Moderately severe disability; unable to walk without assistance and unable to attend to own bodily needs "
     "without assistance", 4),
    ("Severe disability; bedridden, incontinent and requiring constant nursing care and attention", 5),
    ("Dead", 6),
)

MRS = point_score(
    id="modified_rankin", name="Modified Rankin Scale (mRS)", mdcalc_id=None, category="severity",
    description=("Global disability after stroke (or other neurological injury) from 0 (no symptoms) to 6 (dead); "
                 "0-2 is usually called a good (functionally independent) outcome."),
    items=(Choice("grade", "Functional status", opts(*_MRS)),),
    bands=tuple(Band(p, p, f"mRS {p}: {label}" + ("; functionally independent" if p <= 2 else ""))
                for label, p in _MRS),
    unit="grade",
    reference=("van Swieten JC, Koudstaal PJ, Visser MC, Schouten HJ, van Gijn J. Interobserver agreement for the "
               "assessment of handicap in stroke patients. Stroke 1988;19(5):604-607; Rankin J. Cerebral vascular "
               "accidents in patients over the age of 60. Scott Med J 1957;2(5):200-215."),
    aliases=("Modified Rankin Scale", "Modified Rankin Score", "Rankin scale", "mRS score"),
    conventions=("The grade is chosen from its published description (van Swieten 1988).",),
)


# ---------------------------------------------------------------------------
# mMRC dyspnoea scale
# ---------------------------------------------------------------------------

_MMRC = (
    ("Breathless only with strenuous exercise", 0),
    ("Short of breath when hurrying on the level or walking up a slight hill", 1),
    ("Walks slower than people of the same age on the level because of breathlessness, or has to stop for breath "
     "when walking at own pace on the level", 2),
    ("Stops for breath after walking about 100 m or after a few minutes on the level", 3),
    ("Too breathless to leave the house, or breathless when dressing or undressing", 4),
)

MMRC = point_score(
    id="mmrc_dyspnea", name="mMRC (Modified Medical Research Council) Dyspnea Scale", mdcalc_id=None,
    category="severity",
    description=("Grades breathlessness in daily activities from 0 to 4; used in COPD assessment (GOLD: mMRC >= 2 "
                 "is 'more symptoms') and in the BODE index."),
    items=(Choice("grade", "Degree of breathlessness", opts(*_MMRC)),),
    bands=(Band(0, 1, "mMRC 0-1: fewer symptoms (GOLD)"), Band(2, 4, "mMRC >= 2: more symptoms (GOLD)")),
    unit="grade",
    reference=("Fletcher CM, Elmes PC, Fairbairn AS, Wood CH. The significance of respiratory symptoms and the "
               "diagnosis of chronic bronchitis in a working population. Br Med J 1959;2(5147):257-266; Bestall JC, "
               "Paul EA, Garrod R, et al. Usefulness of the Medical Research Council (MRC) dyspnoea scale as a "
               "measure of disability in patients with chronic obstructive pulmonary disease. Thorax "
               "1999;54(7):581-586."),
    aliases=("mMRC", "mMRC dyspnea scale", "modified MRC dyspnoea scale", "MRC breathlessness scale",
             "Modified Medical Research Council Dyspnea Scale"),
    conventions=("Grades 0-4 (the modified scale; the original MRC scale is numbered 1-5); GOLD reads >= 2 as more "
                 "symptomatic.",),
)


# ---------------------------------------------------------------------------
# Katz index of independence in activities of daily living
# ---------------------------------------------------------------------------

_KATZ = (
    ("bathing", "Bathing: bathes self completely or needs help with only one part of the body"),
    ("dressing", "Dressing: gets clothes and dresses completely without help (help tying shoes allowed)"),
    ("toileting", "Toileting: goes to the toilet, gets on and off, arranges clothes and cleans without help"),
    ("transferring", "Transferring: moves in and out of bed or chair unassisted (mechanical aids allowed)"),
    ("continence", "Continence: exercises complete self-control over urination and defecation"),
    ("feeding", "Feeding: gets food from plate into mouth without help (preparation by another allowed)"),
)

KATZ = point_score(
    id="katz_adl", name="Katz Index of Independence in Activities of Daily Living (ADL)", mdcalc_id=None,
    category="severity",
    description=("Functional status of older adults: independence in six basic activities (bathing, dressing, "
                 "toileting, transferring, continence, feeding), one point each (0-6)."),
    items=tuple(yes_no(name, text, default=None, yes="Independent", no="Dependent") for name, text in _KATZ),
    bands=(
        Band(0, 2, "Katz ADL <= 2: severe functional impairment"),
        Band(3, 5, "Katz ADL 3-5: moderate functional impairment (dependent in 1-3 activities)"),
        Band(6, 6, "Katz ADL 6: full function (independent in all six activities)"),
    ),
    reference=("Katz S, Ford AB, Moskowitz RW, Jackson BA, Jaffe MW. Studies of illness in the aged. The index of ADL: "
               "a standardized measure of biological and psychosocial function. JAMA 1963;185:914-919; points "
               "version: Shelkey M, Wallace M. Katz Index of Independence in Activities of Daily Living. Try This "
               "(Hartford Institute for Geriatric Nursing) 1998."),
    aliases=("Katz ADL", "Katz index", "Katz Index of Independence", "activities of daily living index", "ADL score"),
    conventions=("Each activity is Independent (1) or Dependent (0); every activity is required (independence is "
                 "never assumed).", "Bands of the points version: 6 full function, 4 moderate, <= 2 severe "
                 "impairment; 3 and 5, between its anchors, are read as moderate here."),
)


# ---------------------------------------------------------------------------
# Spetzler-Martin grade of brain arteriovenous malformations
# ---------------------------------------------------------------------------

SPETZLER_MARTIN = point_score(
    id="spetzler_martin", name="Spetzler-Martin Grade for Brain AVM", mdcalc_id=None, category="risk",
    description=("Surgical risk of a brain arteriovenous malformation from nidus size, eloquence of adjacent brain "
                 "and deep venous drainage (grade I-V)."),
    items=(
        Choice("size", "Size of the nidus (largest diameter)", opts(("<3 cm", 1), ("3-6 cm", 2), (">6 cm", 3))),
        yes_no("eloquent", "Eloquent adjacent brain (sensorimotor, language or visual cortex, hypothalamus, "
                           "thalamus, internal capsule, brainstem, cerebellar peduncles, deep cerebellar nuclei)",
               default=None),
        yes_no("deep_drainage", "Deep venous drainage (any drainage through deep veins)", default=None),
    ),
    bands=(
        Band(1, 2, "Grade I-II: low surgical risk; microsurgical resection usually favoured"),
        Band(3, 3, "Grade III: intermediate risk; individualised (often multimodal) treatment"),
        Band(4, 5, "Grade IV-V: high surgical risk; usually observation unless progressive or haemorrhaging"),
    ),
    unit="grade",
    reference=("Spetzler RF, Martin NA. A proposed grading system for arteriovenous malformations. J Neurosurg "
               "1986;65(4):476-483; classes A-C: Spetzler RF, Ponce FA. A 3-tier classification of cerebral "
               "arteriovenous malformations. J Neurosurg 2011;114(3):842-849."),
    aliases=("Spetzler-Martin", "Spetzler Martin grade", "Spetzler-Martin AVM grading", "AVM grade",
             "Spetzler-Martin Grading System", "Spetzler-Martin Grading System for Arteriovenous Malformations"),
    conventions=("Size: small < 3 cm, medium 3-6 cm, large > 6 cm; every item is required. The value is the grade "
                 "(1-5); the treatment reading follows Spetzler and Ponce's classes A (I-II), B (III), C (IV-V).",),
)
