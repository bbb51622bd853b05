"""Emergency decision rules of MDCalc's most used (MedMCP-Calc names them): NEXUS and the Canadian C-Spine Rule,
the Ottawa ankle and knee rules, the San Francisco Syncope Rule and Light's criteria.

A rule answers yes (imaging, high risk, exudate) as soon as one criterion is met; it answers no only when every
criterion it needs is documented as absent. A finding that is not documented is never assumed absent here (that
would clear a patient on missing data): when the answer depends on it, the rule is refused and names it.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputError,
    CalculatorInputs,
    CalculatorResult,
    InputIssue,
    quantity,
)
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.registry import register

Tri = bool | None  # a finding: True present, False documented absent, None not documented


def any_of(*values: Tri) -> Tri:
    """Kleene 'or': True when one is True, False when all are False, else unknown."""
    if any(v is True for v in values):
        return True
    return False if all(v is False for v in values) else None


def all_of(*values: Tri) -> Tri:
    """Kleene 'and': False when one is False, True when all are True, else unknown."""
    if any(v is False for v in values):
        return False
    return True if all(v is True for v in values) else None


def _finding(description: str) -> Any:
    return Field(None, description=description + " (yes/no; never assumed absent)",
                 json_schema_extra={"x-kind": "finding"})


def _undecided(name: str, x: CalculatorInputs, needed: tuple[str, ...]) -> CalculatorInputError:
    fields = type(x).model_fields
    return CalculatorInputError(name, [InputIssue(n, "missing", "not documented, and the rule's answer depends on it "
                                                  "(a rule-out is never made from an assumed absence)",
                                                  fields[n].description or "yes or no")
                                       for n in needed if getattr(x, n) is None])


def _yes_no(x: CalculatorInputs, names: tuple[str, ...]) -> list[str]:
    fields = type(x).model_fields
    return [f"{fields[n].description.split(' (yes/no')[0]}: "
            f"{'yes' if getattr(x, n) else 'no' if getattr(x, n) is False else 'not documented'}" for n in names]


def _rule(calc_id: str, name: str, description: str, inputs: type[CalculatorInputs], compute: Any, reference: str,
          aliases: list[str], conventions: list[str]) -> Calculator:
    return register(Calculator(id=calc_id, name=name, category="diagnosis", description=description, inputs=inputs,
                               compute=compute, reference=reference, output_type="decimal", aliases=aliases,
                               conventions=conventions))


# ---------------------------------------------------------------------------
# NEXUS criteria for cervical spine imaging
# ---------------------------------------------------------------------------

NEXUS_REF = ("Hoffman JR, Mower WR, Wolfson AB, Todd KH, Zucker MI. Validity of a set of clinical criteria to rule out "
             "injury to the cervical spine in patients with blunt trauma. National Emergency X-Radiography "
             "Utilization Study Group. N Engl J Med 2000;343(2):94-99.")
NEXUS_NAME = "NEXUS Criteria for C-Spine Imaging"


class NexusInputs(CalculatorInputs):
    midline_tenderness: Tri = _finding("Posterior midline cervical-spine tenderness")
    intoxication: Tri = _finding("Evidence of intoxication")
    altered_alertness: Tri = _finding("Altered level of alertness (GCS < 15, disorientation, delayed or "
                                      "inappropriate response)")
    focal_deficit: Tri = _finding("Focal neurologic deficit")
    distracting_injury: Tri = _finding("Painful distracting injury")


_NEXUS = ("midline_tenderness", "intoxication", "altered_alertness", "focal_deficit", "distracting_injury")


def _nexus(x: NexusInputs) -> CalculatorResult:
    imaging = any_of(*(getattr(x, n) for n in _NEXUS))
    if imaging is None:
        raise _undecided(NEXUS_NAME, x, _NEXUS)
    text = ("At least one NEXUS criterion present: the cervical spine cannot be cleared clinically; imaging "
            "indicated" if imaging else "No NEXUS criterion present: low risk, cervical-spine imaging not "
                                        "indicated (sensitivity 99.6% for significant injury)")
    return _result("nexus_cspine", NEXUS_NAME, NEXUS_REF, "Imaging indicated" if imaging else "Imaging not indicated",
                   "", text, _yes_no(x, _NEXUS) + [text], {n: getattr(x, n) for n in _NEXUS})


NEXUS = _rule("nexus_cspine", NEXUS_NAME,
              "Whether a blunt-trauma patient needs cervical-spine imaging: no imaging only when all five low-risk "
              "criteria hold (no midline tenderness, no intoxication, normal alertness, no focal deficit, no "
              "painful distracting injury).", NexusInputs, _nexus, NEXUS_REF,
              ["NEXUS", "NEXUS C-spine", "NEXUS Criteria for C-Spine Imaging", "NEXUS cervical spine rule",
               "National Emergency X-Radiography Utilization Study"],
              ["The value is 'Imaging indicated' (any criterion present) or 'Imaging not indicated' (all five "
               "documented absent); an undocumented criterion is never assumed absent."])


# ---------------------------------------------------------------------------
# Canadian C-Spine Rule
# ---------------------------------------------------------------------------

CCSR_REF = ("Stiell IG, Wells GA, Vandemheen KL, et al. The Canadian C-spine rule for radiography in alert and stable "
            "trauma patients. JAMA 2001;286(15):1841-1848.")
CCSR_NAME = "Canadian C-Spine Rule"


class CCSRInputs(CalculatorInputs):
    high_risk_factor: Tri = _finding("Any high-risk factor: age >= 65 years, dangerous mechanism (fall >= 3 ft / 5 "
                                     "stairs, axial load to the head, high-speed or rollover MVC or ejection, "
                                     "motorized recreational vehicle, bicycle collision) or paresthesias in the "
                                     "extremities")
    low_risk_factor: Tri = _finding("Any low-risk factor allowing safe assessment of range of motion: simple "
                                    "rear-end MVC, sitting position in the ED, ambulatory at any time, delayed "
                                    "onset of neck pain, or absence of midline cervical-spine tenderness")
    rotates_neck: Tri = _finding("Able to actively rotate the neck 45 degrees left and right")


def _ccsr(x: CCSRInputs) -> CalculatorResult:
    # the three questions in order: a high-risk factor, or no low-risk factor, or no active rotation -> radiography
    imaging = any_of(x.high_risk_factor, None if x.low_risk_factor is None else not x.low_risk_factor,
                     None if x.rotates_neck is None else not x.rotates_neck)
    if imaging is None:
        raise _undecided(CCSR_NAME, x, ("high_risk_factor", "low_risk_factor", "rotates_neck"))
    if x.high_risk_factor:
        text = ("High risk (a high-risk factor: age >= 65, dangerous mechanism or paresthesias): the C-spine cannot "
                "be cleared clinically; radiography indicated")
    elif x.low_risk_factor is False:
        text = "No low-risk factor allows range-of-motion assessment: radiography indicated"
    elif x.rotates_neck is False:
        text = "Low risk but unable to actively rotate the neck 45 degrees left and right: radiography indicated"
    else:
        text = ("Low risk and able to rotate the neck 45 degrees left and right: no radiography (C-spine cleared "
                "clinically)")
    names = ("high_risk_factor", "low_risk_factor", "rotates_neck")
    return _result("canadian_cspine", CCSR_NAME, CCSR_REF, "Imaging indicated" if imaging else "No imaging", "",
                   text, _yes_no(x, names) + [text], {n: getattr(x, n) for n in names})


CCSR = _rule("canadian_cspine", CCSR_NAME,
             "Whether an alert (GCS 15), stable adult trauma patient needs cervical-spine radiography: any high-risk "
             "factor -> imaging; else a low-risk factor must allow assessment of active neck rotation 45 degrees "
             "both ways, which clears the spine.", CCSRInputs, _ccsr, CCSR_REF,
             ["Canadian C-Spine Rule", "CCR", "Canadian C-spine", "Canadian cervical spine rule"],
             ["Applies to alert (GCS 15), stable patients >= 16 years after blunt head/neck trauma; not to "
              "penetrating trauma, acute paralysis, known vertebral disease or prior C-spine surgery.",
              "The questions are read in order; a later one is needed only when the earlier ones do not already "
              "call for imaging. An undocumented factor is never assumed."])


# ---------------------------------------------------------------------------
# Ottawa Ankle Rules
# ---------------------------------------------------------------------------

OAR_REF = ("Stiell IG, Greenberg GH, McKnight RD, Nair RC, McDowell I, Worthington JR. A study to develop clinical "
           "decision rules for the use of radiography in acute ankle injuries. Ann Emerg Med 1992;21(4):384-390; "
           "Stiell IG, McKnight RD, Greenberg GH, et al. Implementation of the Ottawa ankle rules. JAMA "
           "1994;271(11):827-832.")
OAR_NAME = "Ottawa Ankle Rule"


class OttawaAnkleInputs(CalculatorInputs):
    malleolar_pain: Tri = _finding("Pain in the malleolar zone")
    lateral_malleolus_tenderness: Tri = _finding("Bone tenderness at the posterior edge or tip of the lateral "
                                                 "malleolus (distal 6 cm)")
    medial_malleolus_tenderness: Tri = _finding("Bone tenderness at the posterior edge or tip of the medial "
                                                "malleolus (distal 6 cm)")
    midfoot_pain: Tri = _finding("Pain in the midfoot zone")
    fifth_metatarsal_tenderness: Tri = _finding("Bone tenderness at the base of the fifth metatarsal")
    navicular_tenderness: Tri = _finding("Bone tenderness at the navicular")
    unable_to_bear_weight: Tri = _finding("Inability to bear weight both immediately after the injury and in the "
                                          "ED (4 steps)")


_OAR = ("malleolar_pain", "lateral_malleolus_tenderness", "medial_malleolus_tenderness", "midfoot_pain",
        "fifth_metatarsal_tenderness", "navicular_tenderness", "unable_to_bear_weight")


def _ottawa_ankle(x: OttawaAnkleInputs) -> CalculatorResult:
    ankle = all_of(x.malleolar_pain, any_of(x.lateral_malleolus_tenderness, x.medial_malleolus_tenderness,
                                            x.unable_to_bear_weight))
    foot = all_of(x.midfoot_pain, any_of(x.fifth_metatarsal_tenderness, x.navicular_tenderness,
                                         x.unable_to_bear_weight))
    if ankle is None or foot is None:
        raise _undecided(OAR_NAME, x, _OAR)
    series = [s for s, needed in (("ankle", ankle), ("foot", foot)) if needed]
    text = (f"X-ray indicated: {' and '.join(series)} series" if series else
            "No X-ray needed by the Ottawa ankle rules (fracture unlikely; sensitivity ~98%)")
    value = f"X-ray: {' and '.join(series)} series" if series else "No X-ray"
    return _result("ottawa_ankle", OAR_NAME, OAR_REF, value, "", text, _yes_no(x, _OAR) + [text],
                   {"ankle_series": ankle, "foot_series": foot})


OTTAWA_ANKLE = _rule("ottawa_ankle", OAR_NAME,
                     "Whether an acute ankle injury needs radiographs: an ankle series for malleolar-zone pain with "
                     "malleolar bone tenderness or inability to bear weight, a foot series for midfoot pain with "
                     "fifth-metatarsal or navicular tenderness or inability to bear weight.",
                     OttawaAnkleInputs, _ottawa_ankle, OAR_REF,
                     ["Ottawa Ankle Rule", "Ottawa Ankle Rules", "Ottawa ankle and foot rules", "Ottawa foot rule"],
                     ["For adults with acute ankle injury; a zone without pain needs none of its tenderness "
                      "findings. An undocumented finding the answer depends on is never assumed absent."])


# ---------------------------------------------------------------------------
# Ottawa Knee Rule
# ---------------------------------------------------------------------------

OKR_REF = ("Stiell IG, Greenberg GH, Wells GA, et al. Prospective validation of a decision rule for the use of "
           "radiography in acute knee injuries. JAMA 1996;275(8):611-615.")
OKR_NAME = "Ottawa Knee Rule"


class OttawaKneeInputs(CalculatorInputs):
    age: float | None = quantity("years", description="Age (>= 55 years is a criterion)", ge=18, le=120,
                                 default=None)
    isolated_patellar_tenderness: Tri = _finding("Isolated tenderness of the patella (no other bony tenderness "
                                                 "of the knee)")
    fibular_head_tenderness: Tri = _finding("Tenderness at the head of the fibula")
    unable_to_flex_90: Tri = _finding("Inability to flex the knee to 90 degrees")
    unable_to_bear_weight: Tri = _finding("Inability to bear weight both immediately and in the ED (4 steps, two "
                                          "transfers onto each leg, limping allowed)")


_OKR = ("isolated_patellar_tenderness", "fibular_head_tenderness", "unable_to_flex_90", "unable_to_bear_weight")


def _ottawa_knee(x: OttawaKneeInputs) -> CalculatorResult:
    old = None if x.age is None else x.age >= 55
    xray = any_of(old, *(getattr(x, n) for n in _OKR))
    if xray is None:
        raise _undecided(OKR_NAME, x, ("age", *_OKR))
    text = ("Knee X-ray indicated (at least one Ottawa knee criterion)" if xray else
            "No knee X-ray needed by the Ottawa knee rule (fracture unlikely; sensitivity ~99%)")
    lines = [f"Age: {'not documented' if x.age is None else f'{x.age:g} years'}", *_yes_no(x, _OKR), text]
    return _result("ottawa_knee", OKR_NAME, OKR_REF, "X-ray indicated" if xray else "No X-ray", "", text, lines,
                   {"age_55": old, **{n: getattr(x, n) for n in _OKR}})


OTTAWA_KNEE = _rule("ottawa_knee", OKR_NAME,
                    "Whether an acute knee injury needs radiographs: any of age >= 55, isolated patellar "
                    "tenderness, fibular-head tenderness, inability to flex to 90 degrees or to bear weight.",
                    OttawaKneeInputs, _ottawa_knee, OKR_REF,
                    ["Ottawa Knee Rule", "Ottawa Knee Rules", "knee radiography rule"],
                    ["For adults (>= 18 years) with acute knee injury; an undocumented criterion the answer "
                     "depends on is never assumed absent."])


# ---------------------------------------------------------------------------
# San Francisco Syncope Rule
# ---------------------------------------------------------------------------

SFSR_REF = ("Quinn JV, Stiell IG, McDermott DA, Sellers KL, Kohn MA, Wells GA. Derivation of the San Francisco Syncope "
            "Rule to predict patients with short-term serious outcomes. Ann Emerg Med 2004;43(2):224-232.")
SFSR_NAME = "San Francisco Syncope Rule"


class SFSRInputs(CalculatorInputs):
    chf_history: Tri = _finding("History of congestive heart failure")
    hematocrit_below_30: Tri = _finding("Hematocrit < 30%")
    abnormal_ecg: Tri = _finding("Abnormal ECG (non-sinus rhythm or new changes) or abnormal monitor rhythm")
    shortness_of_breath: Tri = _finding("Complaint of shortness of breath")
    sbp_below_90: Tri = _finding("Systolic blood pressure < 90 mmHg at triage")


_SFSR = ("chf_history", "hematocrit_below_30", "abnormal_ecg", "shortness_of_breath", "sbp_below_90")


def _sfsr(x: SFSRInputs) -> CalculatorResult:
    high = any_of(*(getattr(x, n) for n in _SFSR))
    if high is None:
        raise _undecided(SFSR_NAME, x, _SFSR)
    text = ("High risk: at least one CHESS criterion; risk of a serious outcome within 7 days (consider admission)"
            if high else "Low risk: no CHESS criterion (serious 7-day outcome unlikely; derivation sensitivity 96%)")
    return _result("sf_syncope", SFSR_NAME, SFSR_REF, "High risk" if high else "Low risk", "", text,
                   _yes_no(x, _SFSR) + [text], {n: getattr(x, n) for n in _SFSR})


SF_SYNCOPE = _rule("sf_syncope", SFSR_NAME,
                   "Short-term (7-day) serious outcome risk after syncope: CHF history, hematocrit < 30%, abnormal "
                   "ECG, shortness of breath, triage SBP < 90 (CHESS); any one is high risk.",
                   SFSRInputs, _sfsr, SFSR_REF,
                   ["San Francisco Syncope Rule", "SFSR", "CHESS syncope rule", "San Francisco syncope"],
                   ["Any criterion present is high risk; low risk needs all five documented absent."])


# ---------------------------------------------------------------------------
# Light's criteria
# ---------------------------------------------------------------------------

LIGHT_REF = ("Light RW, Macgregor MI, Luchsinger PC, Ball WC Jr. Pleural effusions: the diagnostic separation of "
             "transudates and exudates. Ann Intern Med 1972;77(4):507-513.")
LIGHT_NAME = "Light's Criteria for Exudative Effusions"


class LightInputs(CalculatorInputs):
    pleural_protein: float = quantity("g/dL", description="Pleural fluid total protein", ge=0, le=15,
                                      accepted_units=["g/L"])
    serum_protein: float = quantity("g/dL", description="Serum total protein", ge=0.5, le=15, accepted_units=["g/L"])
    pleural_ldh: float = quantity("U/L", description="Pleural fluid LDH", ge=0, le=50000, accepted_units=["IU/L"])
    serum_ldh: float = quantity("U/L", description="Serum LDH", ge=1, le=50000, accepted_units=["IU/L"])
    serum_ldh_uln: float | None = quantity("U/L", description="Upper limit of normal of the laboratory's serum LDH "
                                           "(needed only when the two ratios do not already show an exudate)",
                                           ge=1, le=5000, accepted_units=["IU/L"], default=None)


def _light(x: LightInputs) -> CalculatorResult:
    protein_ratio, ldh_ratio = x.pleural_protein / x.serum_protein, x.pleural_ldh / x.serum_ldh
    limit = None if x.serum_ldh_uln is None else 2 / 3 * x.serum_ldh_uln
    met = (protein_ratio > 0.5, ldh_ratio > 0.6, None if limit is None else x.pleural_ldh > limit)
    exudate = any_of(*met)
    if exudate is None:
        raise CalculatorInputError(LIGHT_NAME, [InputIssue(
            "serum_ldh_uln", "missing", "both ratios are below their cut-offs; the third criterion (pleural LDH > "
            "2/3 of the serum upper limit of normal) decides", "the serum LDH upper limit of normal in U/L")])
    lines = [f"pleural/serum protein = {x.pleural_protein:g}/{x.serum_protein:g} = {protein_ratio:.2f} "
             f"({'>' if met[0] else '<='} 0.5)",
             f"pleural/serum LDH = {x.pleural_ldh:g}/{x.serum_ldh:g} = {ldh_ratio:.2f} ({'>' if met[1] else '<='} 0.6)"]
    if limit is not None:
        lines.append(f"pleural LDH {x.pleural_ldh:g} vs 2/3 x ULN {x.serum_ldh_uln:g} = {limit:.1f} U/L "
                     f"({'>' if met[2] else '<='})")
    count = sum(m is True for m in met)
    text = (f"Exudate: {count} of Light's criteria met" if exudate else
            "Transudate: none of Light's three criteria met")
    return _result("lights_criteria", LIGHT_NAME, LIGHT_REF, "Exudate" if exudate else "Transudate", "", text,
                   [*lines, text], {"protein_ratio": round(protein_ratio, 3), "ldh_ratio": round(ldh_ratio, 3),
                                    "criteria_met": count})


LIGHTS = _rule("lights_criteria", LIGHT_NAME,
               "Classifies a pleural effusion as exudate when any of: pleural/serum protein > 0.5, pleural/serum LDH "
               "> 0.6, or pleural LDH > 2/3 of the upper limit of normal of serum LDH; else transudate.",
               LightInputs, _light, LIGHT_REF,
               ["Light's criteria", "Lights criteria", "Light's Criteria for Exudative Effusions",
                "pleural effusion exudate transudate"],
               ["Cut-offs strictly greater than 0.5, 0.6 and 2/3 ULN (Light 1972); the serum LDH upper limit of "
                "normal is the reporting laboratory's and is needed only when the ratios do not decide.",
                "In patients on diuretics the criteria may misclassify a transudate as an exudate (protein or "
                "albumin gradient can help)."])


# ---------------------------------------------------------------------------
# WFNS grading of subarachnoid haemorrhage
# ---------------------------------------------------------------------------

WFNS_REF = ("Report of World Federation of Neurological Surgeons Committee on a Universal Subarachnoid Hemorrhage "
            "Grading Scale. J Neurosurg 1988;68(6):985-986.")
WFNS_NAME = "WFNS Grading for Subarachnoid Hemorrhage"


class WFNSInputs(CalculatorInputs):
    gcs: int = Field(..., ge=3, le=15, description="Glasgow Coma Scale total (3-15)")
    motor_deficit: Tri = _finding("Major focal motor deficit (aphasia, hemiparesis or hemiplegia); decides the grade "
                                  "only at GCS 13-14")


def _wfns(x: WFNSInputs) -> CalculatorResult:
    if x.gcs in (13, 14) and x.motor_deficit is None:
        raise _undecided(WFNS_NAME, x, ("motor_deficit",))
    if x.gcs == 15:
        grade = 1 if not x.motor_deficit else 3  # GCS 15 with a deficit is not graded by WFNS; read as III
    elif x.gcs >= 13:
        grade = 3 if x.motor_deficit else 2
    else:
        grade = 4 if x.gcs >= 7 else 5
    roman = ("I", "II", "III", "IV", "V")[grade - 1]
    text = {1: "Grade I: GCS 15, no motor deficit", 2: "Grade II: GCS 13-14, no motor deficit",
            3: "Grade III: GCS 13-14 with a motor deficit", 4: "Grade IV: GCS 7-12, with or without a motor deficit",
            5: "Grade V: GCS 3-6, with or without a motor deficit"}[grade]
    if x.gcs == 15 and x.motor_deficit:
        text = "GCS 15 with a motor deficit is not defined by WFNS; read as Grade III (deficit grades as III)"
    return _result("wfns_sah", WFNS_NAME, WFNS_REF, grade, "grade", text,
                   [f"GCS {x.gcs}; motor deficit: {'yes' if x.motor_deficit else 'no' if x.motor_deficit is False else 'not needed'}",
                    f"WFNS grade {roman}"], {"roman": roman})


WFNS = register(Calculator(
    id="wfns_sah", name=WFNS_NAME, category="severity",
    description=("Grades aneurysmal subarachnoid haemorrhage I-V from the GCS and, at GCS 13-14, a major focal motor "
                 "deficit; higher grades carry worse outcome."),
    inputs=WFNSInputs, compute=_wfns, reference=WFNS_REF, output_unit="grade", output_type="integer",
    aliases=["WFNS", "WFNS grade", "World Federation of Neurosurgical Societies (WFNS) Subarachnoid Hemorrhage "
             "Grading", "WFNS scale", "World Federation of Neurological Surgeons grading", "WFNS Grading System",
             "WFNS Grading System for Subarachnoid Hemorrhage"],
    conventions=["GCS 15 -> I, 13-14 -> II (no deficit) or III (deficit), 7-12 -> IV, 3-6 -> V; the deficit is needed "
                 "only at GCS 13-14 (never assumed). GCS 15 with a deficit, which WFNS leaves undefined, is read as "
                 "III and the result says so."],
))
