"""Stroke and intracranial hemorrhage scores of RiskAgent's library: severity, outcome, bleeding risk, recognition."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorInputError, CalculatorResult, InputIssue
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, item_points, opts, point_score, yes_no

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

# ---------------------------------------------------------------------------
# MDCalc 3883: FUNC score
# ---------------------------------------------------------------------------

FUNC = point_score(
    id="func_score", name="FUNC Score", mdcalc_id=3883, category="risk",
    description=("Estimates the chance of functional independence (Glasgow Outcome Scale >= 4) 90 days after "
                 "primary intracerebral hemorrhage from volume, age, location, GCS and prior cognitive "
                 "impairment; higher is better."),
    items=(
        Choice("ichvol", "ICH volume (cm³)", opts(
            ("<30", 4),
            ("30-60", 2),
            (">60", 0),
        )),
        Choice("age", "Age", opts(
            ("<70", 2),
            ("70-79", 1),
            (">=80", 0),
        )),
        Choice("location", "ICH location", opts(
            ("Lobar", 2),
            ("Deep", 1),
            ("Infratentorial", 0),
        )),
        Choice("gcs", "GCS score", opts(
            (">=9", 2),
            ("<=8", 0),
        )),
        Choice("cog", "Pre-ICH cognitive impairment", opts(
            ("No", 1),
            ("Yes", 0),
        )),
    ),
    bands=(
        Band(0, 4, "Functional independence at 90 days: 0% of the entire cohort, 0% of survivors"),
        Band(5, 7, "Functional independence at 90 days: 13% of the entire cohort, 29% of survivors"),
        Band(8, 8, "Functional independence at 90 days: 42% of the entire cohort, 48% of survivors"),
        Band(9, 10, "Functional independence at 90 days: 66% of the entire cohort, 75% of survivors"),
        Band(11, 11, "Functional independence at 90 days: 82% of the entire cohort, 95% of survivors"),
    ),
    reference=("Rost NS, Smith EE, Chang Y, et al. Prediction of functional outcome in patients with primary "
               "intracerebral hemorrhage: the FUNC score. Stroke. 2008;39(8):2304-2309."),
    aliases=("FUNC",),
    conventions=("Every item is required; points run in the favourable direction (0-11, higher is better).",),
)

# ---------------------------------------------------------------------------
# MDCalc 357: ABCD2 score for TIA
# ---------------------------------------------------------------------------

ABCD2 = point_score(
    id="abcd2", name="ABCD2 Score for TIA", mdcalc_id=357, category="risk",
    description=("Estimates the early risk of stroke after a transient ischemic attack from age, blood pressure, "
                 "clinical features, duration and diabetes."),
    items=(
        yes_no("age_60", "Age >= 60 years", 1, default=None),
        yes_no("bp_140", "BP >= 140/90 mmHg", 1, default=None),
        Choice("tia_features", "Clinical features of the TIA", opts(
            ("Unilateral weakness", 2),
            ("Speech disturbance without weakness", 1),
            ("Other symptoms", 0),
        )),
        Choice("duration", "Duration of symptoms", opts(
            ("<10 minutes", 0),
            ("10-59 minutes", 1),
            (">= 60 minutes", 2),
        )),
        yes_no("diabetes", "History of diabetes", 1, default=None),
    ),
    bands=(
        Band(0, 3, "Low risk: stroke risk 1.0% at 2 days, 1.2% at 7 days, 3.1% at 90 days"),
        Band(4, 5, "Moderate risk: stroke risk 4.1% at 2 days, 5.9% at 7 days, 9.8% at 90 days"),
        Band(6, 7, "High risk: stroke risk 8.1% at 2 days, 11.7% at 7 days, 17.8% at 90 days"),
    ),
    reference=("Johnston SC, Rothwell PM, Nguyen-Huynh MN, et al. Validation and refinement of scores to predict "
               "very early stroke risk after transient ischaemic attack. Lancet. 2007;369(9558):283-292."),
    aliases=("ABCD2", "ABCD squared"),
    conventions=("Every item is required (blood pressure is the first one measured after the TIA).",),
)

# ---------------------------------------------------------------------------
# MDCalc 715: NIH Stroke Scale
# ---------------------------------------------------------------------------

NIHSS = point_score(
    id="nihss", name="NIH Stroke Scale (NIHSS)", mdcalc_id=715, category="severity",
    description=("Grades the neurological deficit of acute stroke over eleven items (consciousness, gaze, "
                 "visual fields, face, limbs, ataxia, sensation, language, dysarthria, neglect), 0-42."),
    items=(
        Choice("consciousness", "1A: Level of consciousness", opts(
            ("Alert; keenly responsive", 0),
            ("Arouses to minor stimulation", 1),
            ("Requires repeated stimulation to arouse", 2),
            ("Movements to pain", 2),
            ("Postures or unresponsive", 3),
        )),
        Choice("month_age", "1B: Ask month and age", opts(
            ("Both questions right", 0),
            ("1 question right", 1),
            ("0 questions right", 2),
            ("Dysarthric/intubated/trauma/language barrier", 1),
            ("Aphasic", 2),
        )),
        Choice("blink_squeeze", "1C: 'Blink eyes' & 'squeeze hands'", opts(
            ("Performs both tasks", 0),
            ("Performs 1 task", 1),
            ("Performs 0 tasks", 2),
        )),
        Choice("horizontal_movements", "2: Horizontal extraocular movements", opts(
            ("Normal", 0),
            ("Partial gaze palsy: can be overcome", 1),
            ("Partial gaze palsy: corrects with oculocephalic reflex", 1),
            ("Forced gaze palsy: cannot be overcome", 2),
        )),
        Choice("visual_fields", "3: Visual fields", opts(
            ("No visual loss", 0),
            ("Partial hemianopia", 1),
            ("Complete hemianopia", 2),
            ("Patient is bilaterally blind", 3),
            ("Bilateral hemianopia", 3),
        )),
        Choice("facial_palsy", "4: Facial palsy", opts(
            ("Normal symmetry", 0),
            ("Minor paralysis (flat nasolabial fold, smile asymmetry)", 1),
            ("Partial paralysis (lower face)", 2),
            ("Unilateral complete paralysis (upper/lower face)", 3),
            ("Bilateral complete paralysis (upper/lower face)", 3),
        )),
        Choice("left_arm_drift", "5A: Left arm motor drift", opts(
            ("No drift for 10 seconds", 0),
            ("Drift, but doesn't hit bed", 1),
            ("Drift, hits bed", 2),
            ("Some effort against gravity", 2),
            ("No effort against gravity", 3),
            ("No movement", 4),
            ("Amputation/joint fusion", 0),
        )),
        Choice("right_arm_drift", "5B: Right arm motor drift", opts(
            ("No drift for 10 seconds", 0),
            ("Drift, but doesn't hit bed", 1),
            ("Drift, hits bed", 2),
            ("Some effort against gravity", 2),
            ("No effort against gravity", 3),
            ("No movement", 4),
            ("Amputation/joint fusion", 0),
        )),
        Choice("left_leg_drift", "6A: Left leg motor drift", opts(
            ("No drift for 5 seconds", 0),
            ("Drift, but doesn't hit bed", 1),
            ("Drift, hits bed", 2),
            ("Some effort against gravity", 2),
            ("No effort against gravity", 3),
            ("No movement", 4),
            ("Amputation/joint fusion", 0),
        )),
        Choice("right_leg_drift", "6B: Right leg motor drift", opts(
            ("No drift for 5 seconds", 0),
            ("Drift, but doesn't hit bed", 1),
            ("Drift, hits bed", 2),
            ("Some effort against gravity", 2),
            ("No effort against gravity", 3),
            ("No movement", 4),
            ("Amputation/joint fusion", 0),
        )),
        Choice("limb_ataxia", "7: Limb Ataxia", opts(
            ("No ataxia", 0),
            ("Ataxia in 1 Limb", 1),
            ("Ataxia in 2 Limbs", 2),
            ("Does not understand", 0),
            ("Paralyzed", 0),
            ("Amputation/joint fusion", 0),
        )),
        Choice("sensation", "8: Sensation", opts(
            ("Normal; no sensory loss", 0),
            ("Mild-moderate loss: less sharp/more dull", 1),
            ("Mild-moderate loss: can sense being touched", 1),
            ("Complete loss: cannot sense being touched at all", 2),
            ("No response and quadriplegic", 2),
            ("Coma/unresponsive", 2),
        )),
        Choice("language", "9: Language/aphasia", opts(
            ("Normal; no aphasia", 0),
            ("Mild-moderate aphasia: some obvious changes, without significant limitation", 1),
            ("Severe aphasia: fragmentary expression, inference needed, cannot identify materials", 2),
            ("Mute/global aphasia: no usable speech/auditory comprehension", 3),
            ("Coma/unresponsive", 3),
        )),
        Choice("dysarthria", "10: Dysarthria", opts(
            ("Normal", 0),
            ("Mild-moderate dysarthria: slurring but can be understood", 1),
            ("Severe dysarthria: unintelligible slurring or out of proportion to dysphasia", 2),
            ("Mute/anarthric", 2),
            ("Intubated/unable to test", 0),
        )),
        Choice("extinction", "11: Extinction/inattention", opts(
            ("No abnormality", 0),
            ("Visual/tactile/auditory/spatial/personal inattention", 1),
            ("Extinction to bilateral simultaneous stimulation", 1),
            ("Profound hemi-inattention (ex: does not recognize own hand)", 2),
            ("Extinction to >1 modality", 2),
        )),
    ),
    bands=_NIHSS_BANDS,
    reference=("Brott T, Adams HP Jr, Olinger CP, et al. Measurements of acute cerebral infarction: a clinical "
               "examination scale. Stroke. 1989;20(7):864-870."),
    aliases=("NIHSS", "NIH stroke score"),
    conventions=("Every item is required; untestable items (amputation, intubation) score as MDCalc lists them.",
                 "Severity: 0 no stroke symptoms, 1-4 minor, 5-15 moderate, 16-20 moderate to severe, 21-42 "
                 "severe."),
)

# ---------------------------------------------------------------------------
# MDCalc 10347: RCVS2 score
# ---------------------------------------------------------------------------

RCVS2 = point_score(
    id="rcvs2", name="RCVS2 Score", mdcalc_id=10347, category="diagnosis",
    description=("Separates reversible cerebral vasoconstriction syndrome from other intracranial arteriopathies "
                 "in patients with segmental vasoconstriction on angiography."),
    items=(
        Choice("one", "Recurrent or single thunderclap headache", opts(
            ("Absent", 0),
            ("Present", 5),
        )),
        Choice("two", "Intracranial carotid artery involvement", opts(
            ("Not affected", 0),
            ("Affected", -2),
        )),
        yes_no("three", "Vasoconstrictive trigger identified", 3),
        Choice("four", "Sex", opts(
            ("Male", 0),
            ("Female", 1),
        )),
        Choice("five", "Subarachnoid hemorrhage present on imaging", opts(
            ("Absent", 0),
            ("Present", 1),
        )),
    ),
    bands=(
        Band(-2, 2, "Negative: RCVS unlikely (score <= 2)"),
        Band(3, 4, "Equivocal for RCVS (score 3-4)"),
        Band(5, 10, "Positive: RCVS likely (score >= 5)"),
    ),
    reference=("Rocha EA, Topcuoglu MA, Silva GS, Singhal AB. RCVS2 score and diagnostic approach for reversible "
               "cerebral vasoconstriction syndrome. Neurology. 2019;92(7):e639-e647."),
    aliases=("RCVS2",),
    conventions=("Every item is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3802: Secondary ICH score
# ---------------------------------------------------------------------------

SICH = point_score(
    id="secondary_ich_score", name="Secondary Intracerebral Hemorrhage (sICH) Score", mdcalc_id=3802,
    category="diagnosis",
    description=("Estimates the chance that an intracerebral hemorrhage has an underlying vascular cause (seen "
                 "on CT angiography) from the non-contrast CT, age, sex and absence of hypertension or "
                 "coagulopathy."),
    items=(
        Choice("ncct", "Probability of vascular cause on non-contrast computed tomography (NCCT)", opts(
            ("High", 2),
            ("Indeterminate", 1),
            ("Low", 0),
        )),
        Choice("age", "Age", opts(
            ("18-45 years", 2),
            ("46-70 years", 1),
            (">71 years", 0),
        )),
        Choice("sex", "Sex", opts(
            ("Male", 0),
            ("Female", 1),
        )),
        yes_no("htn", "Absence of both hypertension AND impaired coagulation", 1),
    ),
    bands=(
        Band(0, 0, "0% chance of a vascular cause on CTA"),
        Band(1, 1, "1.5% chance of a vascular cause on CTA"),
        Band(2, 2, "4.4% chance of a vascular cause on CTA"),
        Band(3, 3, "20% chance of a vascular cause on CTA: CTA recommended (score > 2)"),
        Band(4, 4, "38.1% chance of a vascular cause on CTA: CTA recommended (score > 2)"),
        Band(5, 5, "80% chance of a vascular cause on CTA: CTA recommended (score > 2)"),
        Band(6, 6, "100% chance of a vascular cause on CTA: CTA recommended (score > 2)"),
    ),
    reference=("Delgado Almandoz JE, Schaefer PW, Goldstein JN, et al. Practical scoring system for the "
               "identification of patients with intracerebral hemorrhage at highest risk of harboring an "
               "underlying vascular etiology: the Secondary Intracerebral Hemorrhage Score. AJNR Am J "
               "Neuroradiol. 2010;31(9):1653-1660."),
    aliases=("sICH score",),
    conventions=("Every item is required. Percentages are the proportion with a vascular lesion on CTA in the "
                 "validation cohort.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2030: HAT score
# ---------------------------------------------------------------------------

HAT = point_score(
    id="hat_score", name="HAT Score (Hemorrhage After Thrombolysis)", mdcalc_id=2030, category="risk",
    description=("Estimates the risk of hemorrhage after IV thrombolysis for ischemic stroke from diabetes or "
                 "glucose, the pre-treatment NIHSS and early hypodensity on CT."),
    items=(
        yes_no("hist", "History of diabetes or initial glucose >200 mg/dL", 1, default=None),
        Choice("nihss_score", "Pre-tPA NIH Stroke Scale", opts(
            ("<15", 0),
            ("15-20", 1),
            (">=20", 2),
        )),
        Choice("hypodensity", "Easily visible hypodensity on initial head CT", opts(
            ("No", 0),
            ("Yes, <1/3 of MCA territory", 1),
            ("Yes, >=1/3 of MCA territory", 2),
        )),
    ),
    bands=(
        Band(0, 0, "Risk of any hemorrhage 6%, symptomatic ICH 2%, fatal hemorrhage 0%"),
        Band(1, 1, "Risk of any hemorrhage 16%, symptomatic ICH 5%, fatal hemorrhage 3%"),
        Band(2, 2, "Risk of any hemorrhage 23%, symptomatic ICH 10%, fatal hemorrhage 7%"),
        Band(3, 3, "Risk of any hemorrhage 36%, symptomatic ICH 15%, fatal hemorrhage 6%"),
        Band(4, 5, "Risk of any hemorrhage 78%, symptomatic ICH 44%, fatal hemorrhage 33%"),
    ),
    reference=("Lou M, Safdar A, Mehdiratta M, et al. The HAT Score: a simple grading scale for predicting "
               "hemorrhage after thrombolysis. Neurology. 2008;71(18):1417-1423."),
    aliases=("HAT",),
    conventions=("Every item is required. MDCalc's NIHSS bands are labelled '<15', '15-20', '>=20' as "
                 "published; the paper scores NIHSS 15-19 as 1 and >= 20 as 2.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10007: ESUS criteria
# ---------------------------------------------------------------------------

ESUS = point_score(
    id="esus_criteria", name="Embolic Stroke of Undetermined Source (ESUS) Criteria", mdcalc_id=10007,
    category="diagnosis",
    description=("Decides whether an ischemic stroke is an embolic stroke of undetermined source: non-lacunar "
                 "infarct, no relevant stenosis, no major cardioembolic source and no other cause, after a "
                 "minimum work-up."),
    items=(
        yes_no("ischemic", "Non-lacunar ischemic stroke on CT or MRI", 1, default=None),
        yes_no("arteries", "Absence of atherosclerosis (extra- or intracranial) causing >=50% luminal stenosis in arteries supplying the ischemic area", 1, default=None),
        yes_no("embolic", "No major risk cardioembolic source", 1, default=None),
        yes_no("other", "No other specific cause of stroke identified", 1, default=None),
    ),
    bands=(
        Band(0, 3, "Negative: ESUS criteria not fulfilled (all four are required)"),
        Band(4, 4, "Positive: ESUS criteria fulfilled"),
    ),
    reference=("Hart RG, Diener HC, Coutts SB, et al. Embolic strokes of undetermined source: the case for a new "
               "clinical construct. Lancet Neurol. 2014;13(4):429-438."),
    aliases=("ESUS",),
    conventions=("All four criteria are required inputs (none is assumed); the diagnosis also needs the minimum "
                 "work-up, including > 24 h of cardiac rhythm monitoring.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10184: HINTS exam
# ---------------------------------------------------------------------------

HINTS = point_score(
    id="hints_exam", name="HINTS Exam for Stroke in Acute Vestibular Syndrome", mdcalc_id=10184,
    category="diagnosis",
    description=("Bedside oculomotor exam (head impulse, nystagmus, test of skew) that separates a peripheral "
                 "vestibular cause from stroke in acute continuous vertigo with nystagmus."),
    items=(
        Choice("hit", "Horizontal head impulse test (h-HIT)", opts(
            ("Abnormal", 0),
            ("Normal/untestable", 1),
        )),
        Choice("nys", "Observation of nystagmus", opts(
            ("Direction-fixed horizontal nystagmus", 0),
            ("Direction-changing horizontal/untestable nystagmus", 1),
        )),
        Choice("skew", "Test of skew", opts(
            ("Absent skew deviation", 0),
            ("Present/untestable skew deviation", 1),
        )),
    ),
    bands=(
        Band(0, 0, "Benign HINTS exam: peripheral cause likely (abnormal head impulse, direction-fixed "
                   "nystagmus, no skew)"),
        Band(1, 3, "Dangerous HINTS exam: typical of stroke (central cause); any dangerous or untestable finding"),
    ),
    reference=("Kattah JC, Talkad AV, Wang DZ, Hsieh YH, Newman-Toker DE. HINTS to diagnose stroke in the acute "
               "vestibular syndrome: three-step bedside oculomotor examination more sensitive than early MRI "
               "diffusion-weighted imaging. Stroke. 2009;40(11):3504-3510."),
    aliases=("HINTS", "head impulse nystagmus test of skew"),
    conventions=("Each of the three findings is required; an untestable finding counts as dangerous.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1894: Barnes Jewish Hospital Stroke Dysphagia Screen
# ---------------------------------------------------------------------------

_BJH_BANDS = (
    Band(0, 0, "Passed the swallow screen: no exam finding, and the 3 oz water swallow is tolerated without cough, "
               "throat clearing or voice change (low risk of aspiration); may start a regular diet"),
    Band(1, 5, "Failed swallow screen (an exam finding, or cough, throat clearing or voice change on the 3 oz water "
               "swallow): positive for dysphagia; keep nil by mouth and refer to speech pathology"),
)
_BJH_EXAM = ("glasgow_coma_scale_13", "facial", "tongue", "palatal")


def _bjh(x) -> CalculatorResult:
    rows = item_points(x)
    exam_positive = any(getattr(x, n) == "Yes" for n in _BJH_EXAM)
    if not exam_positive and "aspiration_signs" not in x.given():
        raise CalculatorInputError("Barnes Jewish Hospital Stroke Dysphagia Screen", [InputIssue(
            "aspiration_signs", "missing", "the four exam items are negative, so the 3 oz water test decides",
            "'Yes' or 'No'")])
    counted = rows if not exam_positive else [r for r in rows if r[0] != "aspiration_signs"]
    total = int(sum(p for _, _, p in counted))
    band = band_of(_BJH_BANDS, total)
    lines = [f"{text} -> {'positive' if pts else 'negative'}" for _, text, pts in counted]
    if exam_positive:
        lines.append("An exam item is positive: no water test is given")
    lines.append(band.text)
    return CalculatorResult(
        calculator="bjh_stroke_dysphagia_screen", name=BJH_SDS.name, value="Failed" if total else "Passed",
        unit="", interpretation=band.text, explanation=lines, reference=BJH_SDS.reference,
        components={n: p for n, _, p in rows})


BJH_SDS = point_score(
    id="bjh_stroke_dysphagia_screen", name="Barnes Jewish Hospital Stroke Dysphagia Screen (BJH-SDS)",
    mdcalc_id=1894, category="diagnosis",
    description=("Nurse bedside screen for dysphagia after stroke: four exam items (GCS < 13, facial, tongue or "
                 "palatal weakness), then a 3 oz water swallow if all are negative."),
    items=(
        yes_no("glasgow_coma_scale_13", "GCS < 13", 1, default=None),
        yes_no("facial", "Facial asymmetry/weakness present", 1, default=None),
        yes_no("tongue", "Tongue asymmetry/weakness present", 1, default=None),
        yes_no("palatal", "Palatal asymmetry/weakness present", 1, default=None),
        yes_no("aspiration_signs", "Any signs of aspiration during 3 oz water test", 1),
    ),
    bands=_BJH_BANDS, unit="", compute=_bjh,
    reference=("Edmiaston J, Connor LT, Loehr L, Nassief A. Validation of a dysphagia screening tool in acute "
               "stroke patients. Am J Crit Care. 2010;19(4):357-364."),
    aliases=("BJH-SDS", "Barnes Jewish dysphagia screen"),
    conventions=("The value is Passed or Failed. The four exam items are required; the water test result is "
                 "required only when all four are negative (it is not given otherwise).",),
)

# ---------------------------------------------------------------------------
# MDCalc 3943: Pittsburgh Response to Endovascular therapy (PRE) score
# ---------------------------------------------------------------------------

_PRE_BANDS = (
    Band(None, -25, "Below the range studied (-24 to 49): benefit from endovascular therapy not established"),
    Band(-24, 49, "Likely to benefit from endovascular therapy if successful revascularization (TICI 2b/3) is "
                   "achieved (PRE < 50)"),
    Band(50, None, "Not likely to benefit from endovascular therapy (PRE >= 50)"),
)


def _pre(x) -> CalculatorResult:
    pre = x.Age + 2 * x.nih - 10 * x.asp
    pre = int(pre) if float(pre).is_integer() else round(pre, 1)
    band = band_of(_PRE_BANDS, pre if isinstance(pre, int) else round(pre))
    return CalculatorResult(
        calculator="pre_score", name=PRE.name, value=pre, unit="points", interpretation=band.text,
        reference=PRE.reference,
        explanation=[f"PRE = age + 2 x NIHSS - 10 x ASPECTS = {x.Age:g} + 2 x {x.nih:g} - 10 x {x.asp:g} = {pre:g}",
                     band.text])


PRE = point_score(
    id="pre_score", name="Pittsburgh Response to Endovascular therapy (PRE) Score", mdcalc_id=3943,
    category="risk",
    description=("Predicts whether a patient with anterior large vessel occlusion stroke is likely to benefit "
                 "from endovascular therapy, from age, NIHSS and ASPECTS."),
    items=(
        Number("Age", "Age", "years", ge=18, le=110),
        Number("nih", "NIHSS Score", "points", ge=0, le=42),
        Number("asp", "ASPECTS Score", "points", ge=0, le=10),
    ),
    bands=_PRE_BANDS, compute=_pre,
    reference=("Rangaraju S, Aghaebrahim A, Streib C, et al. Pittsburgh Response to Endovascular therapy (PRE) "
               "score: optimizing patient selection for endovascular therapy for large vessel occlusion strokes. "
               "J Neurointerv Surg. 2015;7(11):783-788."),
    aliases=("PRE score", "Pittsburgh score"),
    conventions=("PRE = age + 2 x NIHSS - 10 x ASPECTS; -24 to 49 likely to benefit, >= 50 unlikely; values below "
                 "-24 fall outside the derivation cohort and are not read as likely benefit.",
                 "A non-integer PRE is rounded to the nearest integer to read its band."),
)

# ---------------------------------------------------------------------------
# MDCalc 404: Hunt and Hess grade
# ---------------------------------------------------------------------------

HUNT_HESS = point_score(
    id="hunt_hess", name="Hunt and Hess Classification of Subarachnoid Hemorrhage", mdcalc_id=404,
    category="severity",
    description=("Grades the clinical severity of aneurysmal subarachnoid hemorrhage (I-V) from headache, "
                 "meningism, consciousness and focal deficit; higher grades carry higher mortality."),
    items=(
        Choice("signs_symptoms", "Signs/Symptoms", opts(
            ("Mild Headache, Alert and Oriented, Minimal (if any) Nuchal Rigidity", 1),
            ("Full Nuchal Rigidity, Moderate-Severe Headache, Alert and Oriented, No Neuro Deficit (Besides CN Palsy)", 2),
            ("Lethargy or Confusion, Mild Focal Neurological Deficits", 3),
            ("Stuporous, More Severe Focal Deficit", 4),
            ("Comatose, showing signs of severe neurological impairment (ex: posturing)", 5),
        )),
    ),
    bands=(
        Band(1, 1, "Grade I: about 30% mortality"),
        Band(2, 2, "Grade II: about 40% mortality"),
        Band(3, 3, "Grade III: about 50% mortality"),
        Band(4, 4, "Grade IV: about 80% mortality"),
        Band(5, 5, "Grade V: about 90% mortality"),
    ),
    reference=("Hunt WE, Hess RM. Surgical risk as related to time of intervention in the repair of intracranial "
               "aneurysms. J Neurosurg. 1968;28(1):14-20."),
    aliases=("Hunt-Hess", "Hunt and Hess grade"),
    conventions=("Mortality figures are those MDCalc reports per grade; Hunt and Hess's 1968 surgical series "
                 "reported operative mortality of 11%, 26%, 37%, 71% and 100% for grades I-V.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3836: Fisher grade
# ---------------------------------------------------------------------------

FISHER = point_score(
    id="fisher_grade", name="Fisher Grading Scale for Subarachnoid Hemorrhage", mdcalc_id=3836,
    category="risk",
    description=("Grades the amount and pattern of blood on the initial CT in subarachnoid hemorrhage (I-IV) to "
                 "estimate the risk of symptomatic vasospasm."),
    items=(
        Choice("fisher", "Signs/symptoms", opts(
            ("No SAH detected", 1),
            ("Diffuse or vertical layer of subarachnoid blood < 1mm thick", 2),
            ("Localized clot and/or vertical layer within the subarachnoid space > 1mm thick", 3),
            ("Intracerebral hemorrhage (ICH) or intraventricular hemorrhage (IVH) with diffuse or no SAH", 4),
        )),
    ),
    bands=(
        Band(1, 1, "Fisher grade I: low risk of vasospasm (range 0-21%)"),
        Band(2, 2, "Fisher grade II: low risk of vasospasm (range 0-25%)"),
        Band(3, 3, "Fisher grade III: low to high risk of vasospasm (range 23-96%)"),
        Band(4, 4, "Fisher grade IV: low to moderate risk of vasospasm (range 0-35%)"),
    ),
    reference=("Fisher CM, Kistler JP, Davis JM. Relation of cerebral vasospasm to subarachnoid hemorrhage "
               "visualized by computerized tomographic scanning. Neurosurgery. 1980;6(1):1-9."),
    aliases=("Fisher scale", "Fisher grade"),
    conventions=("Ranges are those reported across studies as MDCalc lists them.",),
)
