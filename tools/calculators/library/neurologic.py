"""Neurologic scores of RiskAgent's library: stroke, head injury, seizures, pain and function scales."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, item_points, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 3985: Cerebral perfusion pressure
# ---------------------------------------------------------------------------

_CPP_BANDS = (
    Band(None, 59.9, "Low CPP: below the 60-70 mmHg target"),
    Band(60, 70, "Normal CPP: within the 60-70 mmHg target"),
    Band(70.1, None, "High CPP: above the 60-70 mmHg target"),
)


def _cpp(x) -> CalculatorResult:
    cpp = round(x.map - x.icp, 1)
    band = band_of(_CPP_BANDS, cpp)
    return CalculatorResult(
        calculator="cerebral_perfusion_pressure", name="Cerebral Perfusion Pressure (CPP)", value=cpp,
        unit="mmHg", interpretation=band.text, reference=CPP.reference,
        explanation=[f"CPP = MAP - ICP = {x.map:g} - {x.icp:g} = {cpp:g} mmHg", band.text])


CPP = point_score(
    id="cerebral_perfusion_pressure", name="Cerebral Perfusion Pressure (CPP)", mdcalc_id=3985, category="physical",
    description=("The pressure driving blood flow to the brain, mean arterial pressure minus intracranial "
                 "pressure; read against the 60-70 mmHg target used in severe traumatic brain injury."),
    items=(
        Number("map", "MAP", "mmHg", ge=10, le=250),
        Number("icp", "ICP", "mmHg", ge=-10, le=150),
    ),
    bands=_CPP_BANDS, unit="mmHg", compute=_cpp,
    reference=("Carney N, Totten AM, O'Reilly C, et al. Guidelines for the Management of Severe Traumatic Brain "
               "Injury, Fourth Edition. Neurosurgery. 2017;80(1):6-15."),
    aliases=("CPP",),
    conventions=("CPP is rounded to 0.1 mmHg; below 60 reads low, 60-70 within target, above 70 high "
                 "(Brain Trauma Foundation 2017 target).",),
)

# ---------------------------------------------------------------------------
# MDCalc 10270: Pediatric NIH Stroke Scale
# ---------------------------------------------------------------------------

_NIHSS_BANDS = (
    Band(0, 0, "No stroke symptoms"),
    Band(1, 4, "Minor stroke"),
    Band(5, 15, "Moderate stroke"),
    Band(16, 20, "Moderate to severe stroke"),
    Band(21, 42, "Severe stroke"),
)

PED_NIHSS = point_score(
    id="pediatric_nihss", name="Pediatric NIH Stroke Scale (PedNIHSS)", mdcalc_id=10270, category="severity",
    description=("Grades the neurological deficit of acute stroke in children (2-18 years) with the eleven NIHSS "
                 "items adapted to a child's age and cooperation; higher totals mean a larger deficit."),
    items=(
        Choice("onea", "1A. Level of consciousness", opts(
            ("Alert; keenly responsive", 0),
            ("Not alert but arousable by minor stimulation to obey, answer, or respond", 1),
            ("Not alert, requires repeated stimulation, or is obtunded and requires strong/painful stimulation to make movements (not stereotyped)", 2),
            ("Responds only with reflex motor or autonomic effects or totally unresponsive, flaccid, areflexic", 3),
        )),
        Choice("oneb", "1B. Ask age and to point out family member", opts(
            ("Answers both questions correctly", 0),
            ("Answers one question correctly", 1),
            ("Answers neither question correctly", 2),
        )),
        Choice("onec", "1C. Command to blink eyes and touch nose", opts(
            ("Performs both tasks correctly", 0),
            ("Performs one task correctly", 1),
            ("Performs neither task correctly", 2),
        )),
        Choice("two", "2. Horizontal extraocular movements", opts(
            ("Normal", 0),
            ("Partial gaze palsy (abnormal gaze in one or both eyes but no forced deviation or total gaze paresis)", 1),
            ("Forced deviation or total gaze paresis not overcome by oculocephalic maneuver", 2),
        )),
        Choice("three", "3. Visual fields", opts(
            ("No visual loss", 0),
            ("Partial hemianopia", 1),
            ("Complete hemianopia", 2),
            ("Bilateral hemianopia (blind including cortical blindness)", 3),
        )),
        Choice("four", "4. Facial palsy", opts(
            ("Normal symmetrical movement", 0),
            ("Minor paralysis (flattened nasolabial fold, asymmetry on smiling)", 1),
            ("Partial paralysis (total or near total paralysis of lower face)", 2),
            ("Complete paralysis of one or both sides (absence of facial movement in the upper and lower face)", 3),
        )),
        Choice("fivea", "5A. Left arm motor drift", opts(
            ("No drift, limb holds 90 (or 45) degrees for full 10 seconds", 0),
            ("Drift, limb holds 90 (or 45) degrees, but drifts down before full 10 seconds; does not hit bed or other support", 1),
            ("Some effort against gravity, limb cannot get to or maintain (if cued) 90 (or 45) degrees, drifts down to bed, but has some effort against gravity", 2),
            ("No effort against gravity, limb falls", 3),
            ("No movement", 4),
            ("Amputation, joint fusion", 0, 9),
        )),
        Choice("fiveb", "5B. Right arm motor drift", opts(
            ("No drift, limb holds 90 (or 45) degrees for full 10 seconds", 0),
            ("Drift, limb holds 90 (or 45) degrees, but drifts down before full 10 seconds; does not hit bed or other support", 1),
            ("Some effort against gravity, limb cannot get to or maintain (if cued) 90 (or 45) degrees, drifts down to bed, but has some effort against gravity", 2),
            ("No effort against gravity, limb falls", 3),
            ("No movement", 4),
            ("Amputation, joint fusion", 0, 9),
        )),
        Choice("sixa", "6A. Left leg motor drift", opts(
            ("No drift, leg holds 30 degrees position for full 5 seconds", 0),
            ("Drift, leg falls by the end of the 5 second period but does not hit bed", 1),
            ("Leg falls to bed by 5 seconds, but has some effort against gravity", 2),
            ("No effort against gravity, leg falls to bed immediately", 3),
            ("No movement", 4),
            ("Amputation, joint fusion", 0, 9),
        )),
        Choice("sixb", "6B. Right leg motor drift", opts(
            ("No drift, leg holds 30 degrees position for full 5 seconds", 0),
            ("Drift, leg falls by the end of the 5 second period but does not hit bed", 1),
            ("Leg falls to bed by 5 seconds, but has some effort against gravity", 2),
            ("No effort against gravity, leg falls to bed immediately", 3),
            ("No movement", 4),
            ("Amputation, joint fusion", 0, 9),
        )),
        Choice("seven", "7. Limb ataxia", opts(
            ("Absent", 0),
            ("Present in one limb", 1),
            ("Present in two limbs", 2),
        )),
        Choice("eight", "8: Sensation", opts(
            ("Normal; no sensory loss", 0),
            ("Mild to moderate sensory loss; patient feels pinprick is less sharp or dull on the affected side, or there is a loss of superficial pain with pinprick but patient is aware he/she is being touched", 1),
            ("Severe to total sensory loss; patient is not aware of being touched in the face, arm, and leg", 2),
        )),
        Choice("nine", "9. Best language", opts(
            ("No aphasia, normal", 0),
            ("Mild to moderate aphasia", 1),
            ("Severe aphasia", 2),
            ("Mute, global aphasia; no usable speech or auditory comprehension", 3),
        )),
        Choice("ten", "10. Dysarthria", opts(
            ("Normal", 0),
            ("Mild to moderate; patient slurs at least some words and, at worst, can be understood with some difficulty", 1),
            ("Severe; patient's speech is so slurred as to be unintelligible in the absence of or out of proportion to any dysphasia, or is mute/anarthric", 2),
            ("Intubated or other physical barrier", 0, 9),
        )),
        Choice("eleven", "11. Extinction and inattention", opts(
            ("No abnormality", 0),
            ("Visual, tactile, auditory, spatial, or personal inattention or extinction to bilateral simultaneous stimulation in one of the sensory modalities", 1),
            ("Profound hemi-inattention or hemi-inattention to >1 modality; does not recognize own hand or orients to only one side of space", 2),
        )),
    ),
    bands=_NIHSS_BANDS,
    reference=("Ichord RN, Bastian R, Abraham L, et al. Interrater reliability of the Pediatric National "
               "Institutes of Health Stroke Scale (PedNIHSS) in a multicenter study. Stroke. 2011;42(3):613-617."),
    aliases=("PedNIHSS", "pediatric NIHSS"),
    conventions=("'Amputation, joint fusion' and 'Intubated or other physical barrier' are untestable (MDCalc "
                 "code 9) and add 0 points, as in the NIHSS.",
                 "The PedNIHSS publication gives no severity bands; the adult NIHSS reading is used (0 none, "
                 "1-4 minor, 5-15 moderate, 16-20 moderate to severe, 21-42 severe)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10474: 2HELPS2B
# ---------------------------------------------------------------------------

TWO_HELPS2B = point_score(
    id="two_helps2b", name="2HELPS2B Score", mdcalc_id=10474, category="risk",
    description=("Estimates the chance of a seizure in a hospitalized patient on continuous EEG from five EEG "
                 "findings and a history of seizure, and how much longer to monitor."),
    items=(
        yes_no("birds", "B[I]RDs", 2),
        yes_no("lpds", "Presence of LPDs, LRDA, or BIPDs", 1),
        yes_no("prior", "Prior seizure", 1),
        yes_no("spor", "Sporadic epileptiform discharges", 1),
        yes_no("freq", "Frequency >2.0 Hz for any periodic or rhythmic pattern", 1),
        yes_no("plus", "Presence of “plus” features", 1),
    ),
    bands=(
        Band(0, 0, "5% risk of seizure; further cEEG monitoring: 0 hours (1-hour screening EEG suffices)"),
        Band(1, 1, "12% risk of seizure; further cEEG monitoring: 12 hours"),
        Band(2, 2, "27% risk of seizure; further cEEG monitoring: 24 hours"),
        Band(3, 3, "50% risk of seizure; further cEEG monitoring: 24 hours"),
        Band(4, 4, "73% risk of seizure; further cEEG monitoring: 24 hours"),
        Band(5, 5, "88% risk of seizure; further cEEG monitoring: 24 hours"),
        Band(6, 7, ">95% risk of seizure; further cEEG monitoring: 24 hours"),
    ),
    reference=("Struck AF, Ustun B, Ruiz AR, et al. Association of an electroencephalography-based risk score "
               "with seizure probability in hospitalized patients. JAMA Neurol. 2017;74(12):1419-1424."),
    aliases=("2HELPS2B",),
    conventions=("B(I)RDs (brief potentially ictal rhythmic discharges) score 2; each other finding 1; an "
                 "undocumented finding counts as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1892: DRAGON
# ---------------------------------------------------------------------------

DRAGON = point_score(
    id="dragon", name="DRAGON Score", mdcalc_id=1892, category="risk",
    description=("Predicts the 3-month functional outcome of ischemic stroke treated with IV alteplase from CT "
                 "signs, prestroke disability, age, glucose, onset-to-treatment time and the NIHSS."),
    items=(
        Choice("cerebral_artery", "HyperDense Cerebral Artery / Early Infarct on CT", opts(
            ("No", 0),
            ("Either", 1),
            ("Both", 2),
        )),
        yes_no("mrs_prestroke", "Modified Rankin Scale >1, prestroke", 1),
        Choice("age", "Age", opts(
            ("<65", 0),
            ("65-79", 1),
            (">=80", 2),
        )),
        yes_no("glucose", "Glucose at Baseline>144 mg/dL (8 mmol/L)", 1),
        yes_no("treatment_onset", "Onset of Treatment >90 minutes", 1),
        Choice("baseline_nihss", "Baseline NIH Stroke Scale", opts(
            ("0-4", 0),
            ("5-9", 1),
            ("10-15", 2),
            (">=16", 3),
        )),
    ),
    bands=(
        Band(0, 1, "Good outcome (mRS 0-2) in 96%, miserable outcome (mRS 5-6) in 0% at 3 months"),
        Band(2, 2, "Good outcome (mRS 0-2) in 88%, miserable outcome (mRS 5-6) in 2% at 3 months"),
        Band(3, 3, "Good outcome (mRS 0-2) in 78%, miserable outcome (mRS 5-6) in 5% at 3 months"),
        Band(4, 7, "Intermediate: outcome between the good (0-3) and miserable (8-10) groups at 3 months"),
        Band(8, 8, "Good outcome (mRS 0-2) in 0%, miserable outcome (mRS 5-6) in 70% at 3 months"),
        Band(9, 10, "Good outcome (mRS 0-2) in 0%, miserable outcome (mRS 5-6) in 100% at 3 months"),
    ),
    reference=("Strbian D, Meretoja A, Ahlhelm FJ, et al. Predicting outcome of IV thrombolysis-treated "
               "ischemic stroke patients: the DRAGON score. Neurology. 2012;78(6):427-432."),
    aliases=("DRAGON",),
    conventions=("Graded items (age, NIHSS, CT signs) are required; the yes/no items count as absent when "
                 "not documented.",
                 "Outcome figures per score follow the derivation cohort as MDCalc reports them; scores 4-7 "
                 "have no single published figure."),
)

# ---------------------------------------------------------------------------
# MDCalc 10025: OHTS glaucoma risk (points version)
# ---------------------------------------------------------------------------

OHTS = point_score(
    id="ohts_glaucoma", name="OHTS Glaucoma Risk Score", mdcalc_id=10025, category="risk",
    description=("Estimates the 5-year risk that ocular hypertension converts to primary open-angle glaucoma "
                 "from age, intraocular pressure, corneal thickness, cup-to-disc ratio and visual-field PSD."),
    items=(
        Choice("age", "Age, years", opts(
            ("30-44", 0),
            ("45-54", 1),
            ("55-64", 2),
            ("65-74", 3),
            (">=75", 4),
        )),
        Choice("iop", "Mean intraocular pressure, mmHg", opts(
            ("<22", 0),
            ("22 to <24", 1),
            ("24 to <26", 2),
            ("26 to <28", 3),
            (">=28", 4),
        )),
        Choice("cct", "Mean central corneal thickness, µm", opts(
            (">600", 0),
            ("576-600", 1),
            ("551-575", 2),
            ("526-550", 3),
            ("<=525", 4),
        )),
        Choice("cdr", "Mean vertical cup-to-disc ratio by contour", opts(
            ("<0.3", 0),
            ("0.3 to <0.4", 1),
            ("0.4 to <0.5", 2),
            ("0.5 to <0.6", 3),
            (">=0.6", 4),
        )),
        Choice("stdev", "Mean pattern standard deviation, dB", opts(
            ("<1.8", 0),
            ("1.8 to <2.0", 1),
            ("2.0 to <2.4", 2),
            ("2.4 to <2.8", 3),
            (">=2.8", 4),
        )),
    ),
    bands=(
        Band(0, 6, "Low risk: <=4% 5-year risk of POAG; observe every 6 months"),
        Band(7, 8, "Intermediate risk: 10% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(9, 10, "Intermediate risk: 15% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(11, 12, "Intermediate risk: 20% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(13, 20, "High risk: >=33% 5-year risk of POAG; start treatment"),
    ),
    reference=("Gordon MO, Beiser JA, Brandt JD, et al. The Ocular Hypertension Treatment Study: baseline "
               "factors that predict the onset of primary open-angle glaucoma. Arch Ophthalmol. "
               "2002;120(6):714-720; points version: Mansberger SL. A risk calculator to determine the "
               "probability of glaucoma. J Glaucoma. 2004;13(4):345-347."),
    aliases=("OHTS", "OHTS calculator"),
    conventions=("Measurements are the means of both eyes as in OHTS; each item is required.",),
)

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
# MDCalc 10459: PHASES
# ---------------------------------------------------------------------------

PHASES = point_score(
    id="phases", name="PHASES Score", mdcalc_id=10459, category="risk",
    description=("Estimates the 5-year rupture risk of an unruptured intracranial aneurysm from population, "
                 "hypertension, age, aneurysm size, earlier SAH and aneurysm site."),
    items=(
        Choice("population", "Population", opts(
            ("North American, European (other than Finnish)", 0),
            ("Japanese", 3),
            ("Finnish", 5),
        )),
        yes_no("hypertension", "Hypertension", 1),
        Choice("age", "Age", opts(
            ("<70 years", 0),
            (">=70 years", 1),
        )),
        Choice("size", "Size of aneurysm", opts(
            ("<7.0 mm", 0),
            ("7.0-9.9 mm", 3),
            ("10.0-19.9 mm", 6),
            (">=20.0 mm", 10),
        )),
        yes_no("sah", "Earlier SAH from another aneurysm", 1),
        Choice("site", "Site of aneurysm", opts(
            ("Internal carotid artery (ICA)", 0),
            ("Middle cerebral artery (MCA)", 2),
            ("Anterior cerebral arteries (ACA), posterior communicating artery, posterior circulation", 4),
        )),
    ),
    bands=(
        Band(0, 2, "0.4% 5-year risk of aneurysm rupture"),
        Band(3, 3, "0.7% 5-year risk of aneurysm rupture"),
        Band(4, 4, "0.9% 5-year risk of aneurysm rupture"),
        Band(5, 5, "1.3% 5-year risk of aneurysm rupture"),
        Band(6, 6, "1.7% 5-year risk of aneurysm rupture"),
        Band(7, 7, "2.4% 5-year risk of aneurysm rupture"),
        Band(8, 8, "3.2% 5-year risk of aneurysm rupture"),
        Band(9, 9, "4.3% 5-year risk of aneurysm rupture"),
        Band(10, 10, "5.3% 5-year risk of aneurysm rupture"),
        Band(11, 11, "7.2% 5-year risk of aneurysm rupture"),
        Band(12, 22, "17.8% 5-year risk of aneurysm rupture"),
    ),
    reference=("Greving JP, Wermer MJ, Brown RD Jr, et al. Development of the PHASES score for prediction of "
               "risk of rupture of intracranial aneurysms: a pooled analysis of six prospective cohort studies. "
               "Lancet Neurol. 2014;13(1):59-66."),
    aliases=("PHASES",),
    conventions=("Population, age, size and site are required; hypertension and earlier SAH count as absent "
                 "when not documented.",),
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
# MDCalc 10487: SETscore (tracheostomy need in neurocritical care)
# ---------------------------------------------------------------------------

SETSCORE = point_score(
    id="setscore", name="SETscore (Stroke-related Early Tracheostomy score)", mdcalc_id=10487, category="risk",
    description=("Predicts the need for tracheostomy (prolonged ventilation and NICU stay) in ventilated "
                 "cerebrovascular neurocritical care patients from neurological function, lesion and organ "
                 "function items."),
    items=(
        yes_no("dysphagia", "Dysphagia", 4),
        yes_no("aspiration", "Observed aspiration", 3),
        Choice("gcs", "GCS on admission", opts(
            (">=10", 0),
            ("<10", 3),
        )),
        yes_no("brainstem", "Brainstem", 4),
        yes_no("space", "Space-occupying cerebellar", 3),
        yes_no("mca", "Ischemic infarct >2/3 MCA territory", 4),
        yes_no("ich", "ICH volume >25 mL", 4),
        yes_no("lesion", "Diffuse lesion", 3),
        yes_no("hydro", "Hydrocephalus", 4),
        yes_no("neurosurgery", "(Neuro)surgical intervention", 2),
        yes_no("resp", "Additional respiratory disease", 3),
        yes_no("pao2", "PaO2/FiO2", 2),
        Choice("apache", "Acute physiology score (APACHE II)", opts(
            ("<=20", 0),
            (">20", 4),
        )),
        Choice("lung", "Lung injury score", opts(
            ("<=1", 0),
            (">1", 2),
        )),
        yes_no("sepsis", "Sepsis", 3),
    ),
    bands=(
        Band(0, 7, "Tracheostomy need not predicted (score < 8)"),
        Band(8, 48, "High likelihood of prolonged NICU stay and ventilation; tracheostomy likely needed "
                    "(score >= 8)"),
    ),
    reference=("Schönenberger S, Al-Suwaidan F, Kieser M, Uhlmann L, Bösel J. The SETscore to predict "
               "tracheostomy need in cerebrovascular neurocritical care patients. Neurocrit Care. "
               "2016;25(1):94-104."),
    aliases=("SETscore", "SET score"),
    conventions=("GCS, APACHE II and lung injury score bands are required; yes/no findings count as absent when "
                 "not documented.",),
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
# MDCalc 10423: NEXUS Head CT decision instrument
# ---------------------------------------------------------------------------

NEXUS_HEAD_CT = point_score(
    id="nexus_head_ct", name="NEXUS Head CT Decision Instrument", mdcalc_id=10423, category="diagnosis",
    description=("Decides whether an adult or child with blunt head trauma needs a head CT: any one of eight "
                 "criteria means high risk of significant intracranial injury."),
    items=(
        yes_no("skull", "Evidence of significant skull fracture", 1),
        yes_no("scalp", "Scalp hematoma", 1),
        yes_no("neuro", "Neurologic deficit", 1),
        yes_no("alert", "Altered level of alertness", 1),
        yes_no("behavior", "Abnormal behavior", 1),
        yes_no("coag", "Coagulopathy", 1),
        yes_no("vomit", "Persistent vomiting", 1),
        yes_no("age", "Age >=65 years", 1),
    ),
    bands=(
        Band(0, 0, "Low risk of significant intracranial injury: CT not necessary"),
        Band(1, 8, "High risk of significant intracranial injury: CT necessary"),
    ),
    reference=("Mower WR, Hoffman JR, Herbert M, Wolfson AB, Pollack CV Jr, Zucker MI. Developing a decision "
               "instrument to guide computed tomographic imaging of blunt head injury patients. J Trauma. "
               "2005;59(4):954-959."),
    aliases=("NEXUS II", "NEXUS head CT"),
    conventions=("The value is the number of criteria present; a criterion not documented counts as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10027: ROSIER
# ---------------------------------------------------------------------------

ROSIER = point_score(
    id="rosier", name="ROSIER Scale (Recognition of Stroke in the Emergency Room)", mdcalc_id=10027,
    category="diagnosis",
    description=("Separates stroke from stroke mimics in the emergency room: one point per acute focal deficit, "
                 "minus one for syncope and for seizure."),
    items=(
        yes_no("syncope", "Loss of consciousness or syncope", -1),
        yes_no("seizure", "Seizure activity", -1),
        yes_no("facialweakness", "Asymmetric facial weakness", 1),
        yes_no("armweakness", "Asymmetric arm weakness", 1),
        yes_no("legweakness", "Asymmetric leg weakness", 1),
        yes_no("speech", "Speech disturbance", 1),
        yes_no("visualdefect", "Visual field defect", 1),
    ),
    bands=(
        Band(-2, 0, "Stroke unlikely (score <= 0)"),
        Band(1, 5, "Stroke possible (score > 0)"),
    ),
    reference=("Nor AM, Davis J, Sen B, et al. The Recognition of Stroke in the Emergency Room (ROSIER) scale: "
               "development and validation of a stroke recognition instrument. Lancet Neurol. "
               "2005;4(11):727-734."),
    aliases=("ROSIER",),
    conventions=("A finding not documented counts as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 402: ICH score
# ---------------------------------------------------------------------------

ICH_SCORE = point_score(
    id="ich_score", name="ICH Score", mdcalc_id=402, category="risk",
    description=("Estimates 30-day mortality of spontaneous intracerebral hemorrhage from GCS, age, hematoma "
                 "volume, intraventricular extension and infratentorial origin."),
    items=(
        Choice("glasgow_coma_score", "Glasgow Coma Score", opts(
            ("3-4", 2),
            ("5-12", 1),
            ("13-15", 0),
        )),
        yes_no("age_80", "Age >=80", 1, default=None),
        yes_no("ich_volume_30", "ICH volume >=30mL", 1, default=None),
        yes_no("intraventricular_hemorrhage", "Intraventricular hemorrhage", 1, default=None),
        yes_no("infratentorial_hemorrhage", "Infratentorial origin of hemorrhage", 1, default=None),
    ),
    bands=(
        Band(0, 0, "0% 30-day mortality"),
        Band(1, 1, "13% 30-day mortality"),
        Band(2, 2, "26% 30-day mortality"),
        Band(3, 3, "72% 30-day mortality"),
        Band(4, 4, "97% 30-day mortality"),
        Band(5, 6, "100% 30-day mortality"),
    ),
    reference=("Hemphill JC 3rd, Bonovich DC, Besmertis L, Manley GT, Johnston SC. The ICH score: a simple, "
               "reliable grading scale for intracerebral hemorrhage. Stroke. 2001;32(4):891-897."),
    aliases=("ICH score", "Hemphill score"),
    conventions=("Every item is required: the CT findings decide the score and are not assumed absent.",
                 "No patient of the derivation cohort scored 6; its mortality is estimated at 100%."),
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
# MDCalc 2039: SEDAN
# ---------------------------------------------------------------------------

SEDAN = point_score(
    id="sedan", name="SEDAN Score", mdcalc_id=2039, category="risk",
    description=("Estimates the risk of symptomatic intracranial hemorrhage after IV thrombolysis for ischemic "
                 "stroke from glucose, early infarct and hyperdense artery signs, age and NIHSS."),
    items=(
        Choice("gluc", "Blood sugar", opts(
            ("<145 mg/dL (8.1 mmol/L)", 0),
            ("145-216 mg/dL (8.1-12.0 mmol/L)", 1),
            (">216 mg/dL (12.0 mmol/L)", 2),
        )),
        yes_no("infarct", "Early infarct signs on initial CT", 1, default=None),
        yes_no("ct", "Hyperdense cerebral artery sign on initial CT", 1, default=None),
        yes_no("age", "Age > 75 years", 1, default=None),
        yes_no("nihss", "NIH Stroke Scale (NIHSS) >= 10", 1, default=None),
    ),
    bands=(
        Band(0, 0, "1.6% risk of symptomatic ICH"),
        Band(1, 1, "3.3% risk of symptomatic ICH"),
        Band(2, 2, "5.4% risk of symptomatic ICH"),
        Band(3, 3, "8.8% risk of symptomatic ICH"),
        Band(4, 4, "12.3% risk of symptomatic ICH"),
        Band(5, 6, "16.9% risk of symptomatic ICH"),
    ),
    reference=("Strbian D, Engelter S, Michel P, et al. Symptomatic intracranial hemorrhage after stroke "
               "thrombolysis: the SEDAN score. Ann Neurol. 2012;71(5):634-641."),
    aliases=("SEDAN",),
    conventions=("Every item is required (the CT signs are not assumed absent).",
                 "The published risks stop at 5 points; a score of 6 reads the 5-point risk."),
)

# ---------------------------------------------------------------------------
# MDCalc 10164: Brain metastasis velocity
# ---------------------------------------------------------------------------

_BMV_BANDS = (
    Band(None, 3.99, "Low-risk BMV (< 4 per year): median overall survival 12.4 months"),
    Band(4, 13, "Intermediate-risk BMV (4-13 per year): median overall survival 8.2 months"),
    Band(13.01, None, "High-risk BMV (> 13 per year): median overall survival 4.3 months"),
)


def _bmv(x) -> CalculatorResult:
    bmv = round(x.number / x.time, 2)
    band = band_of(_BMV_BANDS, bmv)
    return CalculatorResult(
        calculator="brain_metastasis_velocity", name=BMV.name, value=bmv, unit="metastases/year",
        interpretation=band.text, reference=BMV.reference,
        explanation=[f"BMV = new brain metastases / years since initial SRS = {x.number:g} / {x.time:g} = "
                     f"{bmv:g} per year", band.text])


BMV = point_score(
    id="brain_metastasis_velocity", name="Brain Metastasis Velocity (BMV)", mdcalc_id=10164, category="risk",
    description=("Rate of new brain metastases per year after upfront stereotactic radiosurgery, which groups "
                 "patients by median overall survival after distant brain failure."),
    items=(
        Number("number", "Number of new brain metastases", "count", ge=0, le=200),
        Number("time", "Time interval between initial SRS and appearance of new brain metastases", "years",
               ge=0.01, le=30),
    ),
    bands=_BMV_BANDS, unit="metastases/year", compute=_bmv,
    reference=("Farris M, McTyre ER, Cramer CK, et al. Brain metastasis velocity: a novel prognostic metric "
               "predictive of overall survival and freedom from whole-brain radiation therapy after distant "
               "brain failure following upfront radiosurgery alone. Int J Radiat Oncol Biol Phys. "
               "2017;98(1):131-141."),
    aliases=("BMV",),
    conventions=("The interval is in years (e.g. 6 months = 0.5); BMV is rounded to 0.01.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1706: THRIVE score and THRIVE-c probability
# ---------------------------------------------------------------------------

_THRIVE_BANDS = (
    Band(0, 2, "THRIVE 0-2: lowest-risk group"),
    Band(3, 5, "THRIVE 3-5: intermediate-risk group"),
    Band(6, 9, "THRIVE 6-9: highest-risk group"),
)


def _thrive(x) -> CalculatorResult:
    rows = item_points(x)
    total = int(sum(p for _, _, p in rows))
    cds = sum(getattr(x, n) == "Yes" for n in ("ht", "db", "af"))
    c1, c2, c3 = (cds == 1), (cds == 2), (cds == 3)
    aspects = None if x.aspects == "Unknown" else int(x.aspects)

    def prob(evt: int) -> float:
        if x.lvo != "Yes":
            z = 4.942 - 0.035 * x.age - 0.190 * x.nihss - 0.105 * c1 - 0.408 * c2 - 0.702 * c3
        elif aspects is None:
            z = 2.864 - 0.025 * x.age - 0.106 * x.nihss - 0.469 * c1 - 0.502 * c2 - 1.665 * c3 + 0.753 * evt
        else:
            z = (1.828 - 0.031 * x.age - 0.097 * x.nihss - 0.462 * c1 - 0.419 * c2 - 1.798 * c3 + 0.848 * evt
                 + 0.153 * aspects)
        return round(100 / (1 + math.exp(-z)), 1)

    if x.lvo == "Yes":
        reading = (f"Probability of good outcome (mRS 0-2) at 90 days: {prob(0):g}% without endovascular "
                   f"treatment, {prob(1):g}% with endovascular treatment (THRIVE-c)")
    else:
        reading = f"Probability of good outcome (mRS 0-2) at 90 days: {prob(0):g}% (THRIVE-c)"
    band = band_of(_THRIVE_BANDS, total)
    lines = [f"{text} -> {pts:+g}" for _, text, pts in rows]
    lines += [f"THRIVE score = {total} points; {band.text}",
              f"Chronic disease count (hypertension, diabetes, AF) = {cds}; large vessel occlusion: {x.lvo}; "
              f"ASPECTS: {x.aspects}", reading]
    return CalculatorResult(
        calculator="thrive", name=THRIVE.name, value=total, unit="points", interpretation=f"{reading}; {band.text}",
        explanation=lines, reference=THRIVE.reference,
        components={**{n: p for n, _, p in rows}, "good_outcome_pct": prob(0),
                    **({"good_outcome_pct_with_evt": prob(1)} if x.lvo == "Yes" else {})})


THRIVE = point_score(
    id="thrive", name="THRIVE Score (with THRIVE-c probability)", mdcalc_id=1706, category="risk",
    description=("Predicts the chance of a good 90-day outcome (mRS 0-2) after acute ischemic stroke from age, "
                 "NIHSS and chronic disease (hypertension, diabetes, atrial fibrillation); with a large vessel "
                 "occlusion the THRIVE-c equation also uses ASPECTS and endovascular treatment."),
    items=(
        Number("age", "Age", "years", ge=18, le=120, bands=((None, 60, 0), (60, 80, 1), (80, None, 2))),
        Number("nihss", "NIH Stroke Scale (NIHSS)", "points", ge=0, le=42,
               bands=((None, 11, 0), (11, 21, 2), (21, None, 4))),
        yes_no("ht", "History of hypertension", 1),
        yes_no("db", "History of diabetes mellitus", 1),
        yes_no("af", "History of atrial fibrillation", 1),
        Choice("lvo", "Large vessel occlusion (LVO)", opts(("No or unknown", 0, 0), ("Yes", 0, 1)),
               default="No or unknown"),
        Choice("aspects", "ASPECTS", opts(("Unknown", 0, -1), *((str(v), 0, v) for v in range(10, -1, -1))),
               default="Unknown"),
    ),
    bands=_THRIVE_BANDS, compute=_thrive,
    reference=("Flint AC, Cullen SP, Faigeles BS, Rao VA. Predicting long-term outcome after endovascular stroke "
               "treatment: the totaled health risks in vascular events score. AJNR Am J Neuroradiol. "
               "2010;31(7):1192-1196; THRIVE-c: Flint AC, Rao VA, Chan SL, et al. Improved ischemic stroke "
               "outcome prediction using model estimation of outcome probability: the THRIVE-c calculation. "
               "Int J Stroke. 2015;10(6):815-821."),
    aliases=("THRIVE", "THRIVE-c"),
    conventions=("The value is the THRIVE score (age <= 59 0, 60-79 1, >= 80 2; NIHSS <= 10 0, 11-20 2, >= 21 4; "
                 "1 per chronic disease); the interpretation gives the THRIVE-c probability.",
                 "With a large vessel occlusion both probabilities (with and without endovascular treatment) "
                 "are reported; ASPECTS 'Unknown' uses the equation without ASPECTS.",
                 "Age and NIHSS are required; undocumented history counts as absent, LVO as 'No or unknown'."),
)
