"""Neurologic scores of RiskAgent's library: stroke, head injury, seizures, pain and function scales."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, opts, point_score, yes_no

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
