"""Acute neurology scores of RiskAgent's library: head injury imaging rules, neurocritical care, seizures."""

from __future__ import annotations

import math

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, item_points, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 3985: Cerebral perfusion pressure
# ---------------------------------------------------------------------------

_CPP_BANDS = (
    Band(None, 59.9, "Low CPP: below the 60-70 mmHg target"),
    Band(60, 70, "Normal CPP: within the 60-70 mmHg target (adequate cerebral perfusion)"),
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
# MDCalc 3954: CATCH rule
# ---------------------------------------------------------------------------

_CATCH_HIGH = ("gcs", "susopen", "hx", "irrit")
_CATCH_BANDS = (
    Band(0, 0, "Low risk: no CATCH finding; CT not required by the rule"),
    Band(1, 7, "CT indicated: at least one CATCH finding"),
)


def _catch(x) -> CalculatorResult:
    rows = item_points(x)
    high = [text for name, text, pts in rows if pts and name in _CATCH_HIGH]
    medium = [text for name, text, pts in rows if pts and name not in _CATCH_HIGH]
    if high:
        value, reading = "High risk", "High risk for neurologic intervention: CT of the head indicated"
    elif medium:
        value, reading = "Medium risk", "Medium risk for brain injury on CT: CT of the head indicated"
    else:
        value, reading = "Low risk", "Low risk: no CATCH finding; CT not required by the rule"
    lines = [f"{text} -> {'present' if pts else 'absent'}" for _, text, pts in rows]
    lines.append(f"High-risk findings: {len(high)}; medium-risk findings: {len(medium)}; {reading}")
    return CalculatorResult(
        calculator="catch_head_ct", name=CATCH.name, value=value, unit="", interpretation=reading,
        explanation=lines, reference=CATCH.reference, components={n: p for n, _, p in rows})


CATCH = point_score(
    id="catch_head_ct", name="CATCH Rule (Canadian Assessment of Tomography for Childhood Head injury)",
    mdcalc_id=3954, category="diagnosis",
    description=("Decides which children with minor head injury need a head CT: four high-risk findings "
                 "(need for neurologic intervention) and three medium-risk findings (brain injury on CT)."),
    items=(
        yes_no("gcs", "GCS <15 at 2 hrs after injury", 1),
        yes_no("susopen", "Suspected open or depressed skull fracture", 1),
        yes_no("hx", "History of worsening headache", 1),
        yes_no("irrit", "Irritability on exam", 1),
        yes_no("basal", "Any sign of basal skull fracture", 1),
        yes_no("boggy", "Large boggy scalp hematoma", 1),
        yes_no("moi", "Dangerous mechanism of injury", 1),
    ),
    bands=_CATCH_BANDS, compute=_catch, unit="",
    reference=("Osmond MH, Klassen TP, Wells GA, et al. CATCH: a clinical decision rule for the use of computed "
               "tomography in children with minor head injury. CMAJ. 2010;182(4):341-348."),
    aliases=("CATCH",),
    conventions=("Applies to children with minor head injury (within 24 h, with loss of consciousness, amnesia, "
                 "disorientation, persistent vomiting or irritability). A finding not documented counts as "
                 "absent.",
                 "The value is the risk class: high if any of GCS < 15 at 2 h, suspected open/depressed "
                 "fracture, worsening headache, irritability; medium if only basal skull fracture signs, large "
                 "boggy hematoma or dangerous mechanism; otherwise low."),
)

# ---------------------------------------------------------------------------
# MDCalc 10140: GCS-Pupils score
# ---------------------------------------------------------------------------

# GCS-P -> (6-month mortality %, 6-month unfavourable outcome %), Brennan 2018 (CRASH and IMPACT data)
_GCSP_OUTCOME = {1: (74.45, 89.59), 2: (64.62, 85.22), 3: (40.92, 65.53), 4: (39.47, 68.90), 5: (32.57, 57.75),
                 6: (24.97, 46.26), 7: (19.17, 37.20), 8: (20.04, 33.55), 9: (18.75, 30.32), 10: (17.35, 28.88),
                 11: (11.60, 21.81), 12: (9.43, 19.92), 13: (7.07, 15.85), 14: (5.64, 14.39), 15: (2.54, 11.75)}

GCS_PUPILS = point_score(
    id="gcs_pupils", name="GCS-Pupils Score (GCS-P)", mdcalc_id=10140, category="severity",
    description=("Extends the Glasgow Coma Scale with pupil reactivity (GCS minus the number of unreactive "
                 "pupils, 1-15) to grade traumatic brain injury and read 6-month outcome."),
    items=(
        Choice("eye", "Eye response", opts(
            ("Eyes open spontaneously", 4),
            ("Eye opening to verbal command", 3),
            ("Eye opening to pain", 2),
            ("No eye opening", 1),
            ("Not assessable (trauma, edema, etc)", 1),
        )),
        Choice("verbal", "Verbal response", opts(
            ("Oriented", 5),
            ("Confused", 4),
            ("Inappropriate words", 3),
            ("Incomprehensible sounds", 2),
            ("No verbal response", 1),
            ("Intubated", 1),
        )),
        Choice("motor", "Motor response", opts(
            ("Obeys commands", 6),
            ("Localizes pain", 5),
            ("Withdrawal from pain", 4),
            ("Flexion to pain", 3),
            ("Extension to pain", 2),
            ("No motor response", 1),
        )),
        Choice("pupil", "Pupil response", opts(
            ("Both pupils unreactive to light", -2),
            ("One pupil unreactive to light", -1),
            ("Both pupils reactive to light (normal)", 0),
        )),
    ),
    # the unfavourable outcome is death, a vegetative state or the GOS's severe disability (dependent on others);
    # told without the level word, which is not the patient's severity
    bands=tuple(Band(s, s, f"6-month mortality {m:.2f}% (survival {100 - m:.2f}%); unfavorable outcome (death, "
                           f"vegetative state or dependence on others) {u:.2f}%")
                for s, (m, u) in _GCSP_OUTCOME.items()),
    reference=("Brennan PM, Murray GD, Teasdale GM. Simplifying the use of prognostic information in traumatic "
               "brain injury. Part 1: The GCS-Pupils score: an extended index of clinical severity. J Neurosurg. "
               "2018;128(6):1612-1620."),
    aliases=("GCS-P", "GCS Pupils"),
    conventions=("Pupil reactivity score: both unreactive -2, one -1, both reactive 0. Every component is "
                 "required; 'not assessable' eyes and an intubated patient score 1, as MDCalc does.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10028: FOUR score
# ---------------------------------------------------------------------------

FOUR = point_score(
    id="four_score", name="FOUR Score (Full Outline of UnResponsiveness)", mdcalc_id=10028, category="severity",
    description=("Grades coma from eye response, motor response, brainstem reflexes and respiration, 0-4 each "
                 "(0-16); usable in intubated patients. Lower scores mean deeper coma."),
    items=(
        Choice("eyeresponse", "Eye response", opts(
            ("Eyelids open or opened, tracking, or blinking to command", 4),
            ("Eyelids open but not tracking", 3),
            ("Eyelids closed but open to loud voice", 2),
            ("Eyelids closed but open to pain", 1),
            ("Eyelids remain closed with pain", 0),
        )),
        Choice("motorresponse", "Motor response (upper extremities)", opts(
            ("Thumbs-up, fist, or peace sign", 4),
            ("Localizing to pain", 3),
            ("Flexion response to pain", 2),
            ("Extension response to pain", 1),
            ("No response to pain or generalized myoclonus status", 0),
        )),
        Choice("brainstemreflex", "Brainstem reflexes", opts(
            ("Pupil and corneal reflexes present", 4),
            ("One pupil wide and fixed", 3),
            ("Pupil OR corneal reflex absent", 2),
            ("Pupil AND corneal reflexes absent", 1),
            ("Absent pupil, corneal, and cough reflexes", 0),
        )),
        Choice("respirationpattern", "Respiration pattern", opts(
            ("Not intubated, regular breathing pattern", 4),
            ("Not intubated, Cheyne-Stokes breathing pattern", 3),
            ("Not intubated, irregular breathing", 2),
            ("Breathes above ventilatory rate", 1),
            ("Breathes at ventilator rate or apnea", 0),
        )),
    ),
    bands=(
        Band(0, 16, "Lower scores mean greater coma severity (0 deepest, 16 fully responsive); no published "
                    "severity bands"),
    ),
    reference=("Wijdicks EF, Bamlet WD, Maramattom BV, Manno EM, McClelland RL. Validation of a new coma scale: "
               "the FOUR score. Ann Neurol. 2005;58(4):585-593."),
    aliases=("FOUR",),
    conventions=("Every component is required. The FOUR score has no published severity classes; a total of 0 "
                 "calls for assessment of brain death.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3982: 4AT
# ---------------------------------------------------------------------------

FOUR_AT = point_score(
    id="four_at", name="4AT (4 A's Test) for Delirium", mdcalc_id=3982, category="diagnosis",
    description=("Rapid bedside screen for delirium and cognitive impairment in older patients: alertness, "
                 "AMT4 orientation, attention (months backwards) and acute change or fluctuation."),
    items=(
        Choice("alert", "Alertness", opts(
            ("Normal", 0),
            ("Mild sleepiness for <10 seconds after waking, then normal", 0),
            ("Clearly abnormal", 4),
        )),
        Choice("amt", "AMT 4", opts(
            ("No mistakes", 0),
            ("1 mistake", 1),
            (">=2 mistakes or untestable", 2),
        )),
        Choice("atte", "Attention", opts(
            ("Lists >=7 months correctly", 0),
            ("Starts but lists <7 months, or refuses to start", 1),
            ("Untestable (cannot start because unwell, drowsy, inattentive)", 2),
        )),
        yes_no("acute", "Acute change or fluctuating course", 4, default=None),
    ),
    bands=(
        Band(0, 0, "Delirium or severe cognitive impairment unlikely (delirium still possible if information "
                   "on acute change is incomplete)"),
        Band(1, 3, "Possible cognitive impairment"),
        Band(4, 12, "Possible delirium and/or cognitive impairment"),
    ),
    reference=("Bellelli G, Morandi A, Davis DH, et al. Validation of the 4AT, a new instrument for rapid "
               "delirium screening: a study in 234 hospitalised older people. Age Ageing. 2014;43(4):496-502."),
    aliases=("4AT", "4 A's test"),
    conventions=("Every item is required (acute change is not assumed absent).",),
)

# ---------------------------------------------------------------------------
# MDCalc 1736: CIWA-Ar
# ---------------------------------------------------------------------------

CIWA_AR = point_score(
    id="ciwa_ar", name="CIWA-Ar (Clinical Institute Withdrawal Assessment for Alcohol, revised)", mdcalc_id=1736,
    category="severity",
    description=("Grades alcohol withdrawal from ten signs and symptoms (nausea, tremor, sweats, anxiety, "
                 "agitation, tactile, auditory and visual disturbances, headache, orientation), 0-67."),
    items=(
        Choice("nausea", "Nausea/vomiting", opts(
            ("No nausea and no vomiting", 0),
            ("Mild nausea and no vomiting", 1),
            ("2 (More severe symptoms)", 2),
            ("3 (More severe symptoms)", 3),
            ("Intermittent nausea with dry heaves", 4),
            ("5 (More severe symptoms)", 5),
            ("6 (More severe symptoms)", 6),
            ("Constant nausea, frequent dry heaves and vomiting", 7),
        )),
        Choice("tremor", "Tremor", opts(
            ("No tremor", 0),
            ("Not visible, but can be felt fingertip to fingertip", 1),
            ("2 (More severe symptoms)", 2),
            ("3 (More severe symptoms)", 3),
            ("Moderate, with patient's arms extended", 4),
            ("5 (More severe symptoms)", 5),
            ("6 (More severe symptoms)", 6),
            ("Severe, even with arms not extended", 7),
        )),
        Choice("sweats", "Paroxysmal sweats", opts(
            ("No sweat visible", 0),
            ("Barely perceptible sweating, palms moist", 1),
            ("2 (More severe symptoms)", 2),
            ("3 (More severe symptoms)", 3),
            ("Beads of sweat obvious on forehead", 4),
            ("5 (More severe symptoms)", 5),
            ("6 (More severe symptoms)", 6),
            ("Drenching sweats", 7),
        )),
        Choice("anxiety", "Anxiety", opts(
            ("No anxiety, at ease", 0),
            ("Mildly anxious", 1),
            ("2 (More severe symptoms)", 2),
            ("3 (More severe symptoms)", 3),
            ("Moderately anxious, or guarded, so anxiety is inferred", 4),
            ("5 (More severe symptoms)", 5),
            ("6 (More severe symptoms)", 6),
            ("Equivalent to acute panic states as seen in severe delirium or acute schizophrenic reactions", 7),
        )),
        Choice("agitation", "Agitation", opts(
            ("Normal activity", 0),
            ("Somewhat more activity than normal activty", 1),
            ("2 (More severe symptoms)", 2),
            ("3 (More severe symptoms)", 3),
            ("Moderately fidgety and restless", 4),
            ("5 (More severe symptoms)", 5),
            ("6 (More severe symptoms)", 6),
            ("Paces back and forth during most of the interview, or constantly thrashes about", 7),
        )),
        Choice("tactile", "Tactile disturbances", opts(
            ("None", 0),
            ("Very mild itching, pin and needles, burning, or numbness", 1),
            ("Mild itching, pin and needles, burning, or numbness", 2),
            ("Moderate itching, pin and needles, burning, or numbness", 3),
            ("Moderately severe hallucinations", 4),
            ("Severe hallucinations", 5),
            ("Extremely severe hallucinations", 6),
            ("Continuous hallucinations", 7),
        )),
        Choice("auditory", "Auditory disturbances", opts(
            ("Not present", 0),
            ("Very mild harshness or ability to frighten", 1),
            ("Mild harshness or ability to frighten", 2),
            ("Moderate harshness or ability to frighten", 3),
            ("Moderately severe hallucinations", 4),
            ("Severe hallucinations", 5),
            ("Extremely severe hallucinations", 6),
            ("Continuous hallucinations", 7),
        )),
        Choice("visual_input", "Visual disturbances", opts(
            ("Not present", 0),
            ("Very mild sensitivity", 1),
            ("Mild sensitivity", 2),
            ("Moderate sensitivity", 3),
            ("Moderately severe hallucinations", 4),
            ("Severe hallucinations", 5),
            ("Extremely severe hallucinations", 6),
            ("Continuous hallucinations", 7),
        )),
        Choice("headache", "Headache/fullness in head", opts(
            ("Not Present", 0),
            ("Very mild", 1),
            ("Mild", 2),
            ("Moderate", 3),
            ("Moderately severe", 4),
            ("Severe", 5),
            ("Very severe", 6),
            ("Extremely severe", 7),
        )),
        Choice("orientation", "Orientation/clouding of sensorium", opts(
            ("Oriented, can do serial additions", 0),
            ("Can't do serial additions or is uncertain about date", 1),
            ("Disoriented for date by no more than 2 calendar days", 2),
            ("Disoriented for date by more than 2 calendar days", 3),
            ("Disoriented to place or person", 4),
        )),
    ),
    bands=(
        Band(0, 8, "Absent or minimal withdrawal"),
        Band(9, 19, "Mild to moderate withdrawal"),
        Band(20, 67, "Severe withdrawal"),
    ),
    reference=("Sullivan JT, Sykora K, Schneiderman J, Naranjo CA, Sellers EM. Assessment of alcohol withdrawal: "
               "the revised Clinical Institute Withdrawal Assessment for Alcohol scale (CIWA-Ar). Br J Addict. "
               "1989;84(11):1353-1357."),
    aliases=("CIWA", "CIWA-Ar"),
    conventions=("Every item is required. Intermediate grades without their own description are labelled by "
                 "their points, e.g. '2 (More severe symptoms)'.",
                 "Bands follow MDCalc's reading (<= 8, 9-19, >= 20)."),
)

# ---------------------------------------------------------------------------
# MDCalc 10404: TRISS
# ---------------------------------------------------------------------------

_TRISS_COEF = {"Blunt": (-1.2470, 0.9544, -0.0768, -1.9052), "Penetrating": (-0.6029, 1.1430, -0.1516, -2.6676)}
_TRISS_BANDS = (Band(None, None, "Probability of survival (TRISS)"),)


def _triss(x) -> CalculatorResult:
    b0, b1, b2, b3 = _TRISS_COEF[x.traumatype]
    age = 1 if x.a == ">54" else 0
    b = b0 + b1 * x.rts + b2 * x.iss + b3 * age
    ps = round(100 / (1 + math.exp(-b)), 1)
    reading = f"{ps:g}% probability of survival"
    return CalculatorResult(
        calculator="triss", name=TRISS.name, value=ps, unit="%", interpretation=reading, reference=TRISS.reference,
        explanation=[f"{x.traumatype} trauma: b = {b0} + {b1} x RTS {x.rts:g} + ({b2}) x ISS {x.iss:g} + ({b3}) x "
                     f"age index {age} = {b:.4f}", f"Ps = 1 / (1 + e^-b) = {ps:g}%"],
        components={"b": round(b, 4), "age_index": age})


TRISS = point_score(
    id="triss", name="TRISS (Trauma Score and Injury Severity Score)", mdcalc_id=10404, category="risk",
    description=("Probability of survival after trauma from the Revised Trauma Score, the Injury Severity Score, "
                 "age over 54 and blunt or penetrating mechanism (MTOS coefficients)."),
    items=(
        Choice("traumatype", "Trauma type", opts(("Blunt", 0, 0), ("Penetrating", 0, 1))),
        Number("rts", "Revised Trauma Score (RTS)", "points", ge=0, le=7.8408),
        Number("iss", "Injury Severity Score (ISS)", "points", ge=0, le=75),
        Choice("a", "Age, years", opts(("<=54", 0, 0), (">54", 0, 1))),
    ),
    bands=_TRISS_BANDS, unit="%", compute=_triss,
    reference=("Boyd CR, Tolson MA, Copes WS. Evaluating trauma care: the TRISS method. Trauma Score and the "
               "Injury Severity Score. J Trauma. 1987;27(4):370-378."),
    aliases=("TRISS",),
    conventions=("Coefficients: blunt b0 -1.2470, RTS 0.9544, ISS -0.0768, age -1.9052; penetrating -0.6029, "
                 "1.1430, -0.1516, -2.6676 (Champion 1990 MTOS revision). Ps is rounded to 0.1%.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10078: Pediatric NEXUS II head CT
# ---------------------------------------------------------------------------

PED_NEXUS_II = point_score(
    id="pediatric_nexus_ii_head_ct", name="Pediatric NEXUS II Head CT Decision Instrument", mdcalc_id=10078,
    category="diagnosis",
    description=("Decides whether a child with blunt head trauma needs a head CT: any one of seven criteria "
                 "means high risk of significant intracranial injury."),
    items=(
        yes_no("skull", "Evidence of skull fracture", 1),
        yes_no("scalp", "Scalp hematoma", 1),
        yes_no("deficit", "Neurologic deficit", 1),
        yes_no("alert", "Abnormal level of alertness", 1),
        yes_no("behavior", "Abnormal behavior", 1),
        yes_no("vomit", "Persistent vomiting", 1),
        yes_no("coag", "Coagulopathy", 1),
    ),
    bands=(
        Band(0, 0, "Low risk of significant intracranial injury: CT not necessary"),
        Band(1, 7, "High risk of significant intracranial injury: consider CT"),
    ),
    reference=("Oman JA, Cooper RJ, Holmes JF, et al. Performance of a decision rule to predict need for computed "
               "tomography among children with blunt head trauma. Pediatrics. 2006;117(2):e238-e246."),
    aliases=("pediatric NEXUS II",),
    conventions=("The value is the number of criteria present; a criterion not documented counts as absent.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10090: AWOL delirium risk
# ---------------------------------------------------------------------------

AWOL = point_score(
    id="awol_delirium", name="AWOL Score for Delirium", mdcalc_id=10090, category="risk",
    description=("Predicts delirium during a medical hospitalization from age, spelling 'world' backward, "
                 "orientation and the nurse's illness severity rating at admission."),
    items=(
        Choice("age", "Age", opts(
            ("<80 years", 0),
            (">=80 years", 1),
        )),
        Choice("world", "Correctly spells “world” backward", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        Choice("orient", "Oriented to city, state, county, hospital name, and floor", opts(
            ("Yes", 0),
            ("No", 1),
        )),
        Choice("nursing", "Nursing illness severity assessment", opts(
            ("Not ill", 0),
            ("Mildly ill", 0),
            ("Moderately ill", 1),
            ("Severely ill", 1),
            ("Moribund", 1),
        )),
    ),
    bands=(
        Band(0, 0, "2% risk of delirium during hospitalization"),
        Band(1, 1, "4% risk of delirium during hospitalization"),
        Band(2, 2, "14% risk of delirium during hospitalization"),
        Band(3, 3, "20% risk of delirium during hospitalization"),
        Band(4, 4, "64% risk of delirium during hospitalization"),
    ),
    reference=("Douglas VC, Hessler CS, Dhaliwal G, et al. The AWOL tool: derivation and validation of a "
               "delirium prediction rule. J Hosp Med. 2013;8(9):493-499."),
    aliases=("AWOL",),
    conventions=("Every item is required (the bedside tests are not assumed passed).",),
)

# ---------------------------------------------------------------------------
# MDCalc 3952: CHIP rule
# ---------------------------------------------------------------------------

CHIP = point_score(
    id="chip_head_ct", name="CHIP (CT in Head Injury Patients) Prediction Rule", mdcalc_id=3952,
    category="diagnosis",
    description=("Decides which adults with minor head injury need a CT: one major or two minor criteria. Major "
                 "criteria score 2 (seizure 3) and minor ones 1, so a CT is indicated from 2 points."),
    items=(
        Choice("age", "Age", opts(("<40 years", 0), ("40-60 years", 1), (">=60 years", 2))),
        yes_no("gcs", "GCS <15", 2, default=None),
        Choice("gcsd", "GCS deterioration at 1 hr after presentation",
               opts(("None", 0), ("1 point", 1), (">=2 points", 2)), default="None"),
        Choice("skull", "Skull injury", opts(
            ("None", 0), ("Skull contusion", 1),
            ("Any injury suggesting skull fracture, e.g. palpable discontinuity of skull, CSF leakage, raccoon "
             "eyes, bleeding from ear", 2)), default="None"),
        Choice("amnesia", "Post-traumatic amnesia", opts(("None", 0), ("2 to <4 hr", 1), (">=4 hr", 2)),
               default="None"),
        yes_no("ped", "Pedestrian or cyclist versus vehicle", 2),
        yes_no("eject", "Ejected from vehicle", 2),
        yes_no("vomit", "Vomiting", 2),
        yes_no("anti", "Use of anticoagulants", 2),
        yes_no("seiz", "Post-traumatic seizure", 3),
        yes_no("fall", "Fall from any elevation", 1),
        yes_no("per", "Persistent anterograde amnesia", 1),
        yes_no("neuro", "Neurologic deficit", 1),
        yes_no("loc", "Loss of consciousness", 1),
    ),
    bands=(
        Band(0, 1, "CT not required by the CHIP rule (no major and fewer than two minor criteria)"),
        Band(2, 30, "CT of the head indicated (at least one major or two minor criteria)"),
    ),
    reference=("Smits M, Dippel DW, Steyerberg EW, et al. Predicting intracranial traumatic findings on computed "
               "tomography in patients with minor head injury: the CPHI study. Ann Intern Med. "
               "2007;146(6):397-405."),
    aliases=("CHIP rule",),
    conventions=("Age and GCS < 15 are required; other findings count as absent when not documented.",),
)

# ---------------------------------------------------------------------------
# MDCalc 1832: Simplified Motor Score
# ---------------------------------------------------------------------------

SMS = point_score(
    id="simplified_motor_score", name="Simplified Motor Score (SMS)", mdcalc_id=1832, category="severity",
    description=("Three-level motor response (obeys, localizes, withdraws or worse) as a simpler alternative to "
                 "the GCS for predicting outcomes of traumatic brain injury."),
    items=(
        Choice("patient_response", "Patient response", opts(
            ("Obeys commands", 2),
            ("Localizes pain", 1),
            ("Withdrawals to pain or worse", 0),
        )),
    ),
    bands=(
        Band(0, 1, "SMS < 2: higher risk of important TBI outcomes (brain injury on CT, neurosurgical "
                   "intervention, emergency intubation, death)"),
        Band(2, 2, "SMS 2 (obeys commands): lower risk of important TBI outcomes"),
    ),
    reference=("Gill M, Windemuth R, Steele R, Green SM. A comparison of the Glasgow Coma Scale score to "
               "simplified alternative scores for the prediction of traumatic brain injury outcomes. Ann Emerg "
               "Med. 2005;45(1):37-42."),
    aliases=("SMS",),
)
