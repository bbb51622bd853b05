"""Acute neurology scores of RiskAgent's library: head injury imaging rules, neurocritical care, seizures."""

from __future__ import annotations

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
