"""Stroke and intracranial hemorrhage scores of RiskAgent's library: severity, outcome, bleeding risk, recognition."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorResult
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
