"""Critical-care scores: Glasgow Coma Scale, APACHE II, SOFA and the Glasgow-Blatchford score.

Physiological bands follow the original publications (Teasdale & Jennett 1974,
Knaus 1985, Vincent 1996, Blatchford 2000); where MedCalc-Bench's documented
convention departs from a publication, the benchmark's convention is the
default and is listed in the calculator's ``conventions``.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator

from medmirror.tools.calculators.anthropometrics import Sex, SexNormalised, input_error, sex_input
from medmirror.tools.calculators.base import (
    Calculator,
    CalculatorInputs,
    CalculatorResult,
    finding,
    quantity,
)
from medmirror.tools.calculators.registry import register


def _choose(value: Any, synonyms: dict[str, str]) -> Any:
    """Map a categorical answer in any usual spelling (case/punctuation-insensitive) to its canonical option."""
    if not isinstance(value, str):
        return value
    key = re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()
    return synonyms.get(key, value)


def _percent(v: Any) -> Any:
    """A bare fraction (0 < v <= 1, e.g. FiO2 0.4 or haematocrit 0.34) is read as a fraction: × 100."""
    if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1:
        return float(v) * 100
    return v


def _band(value: float, bands: list[tuple[float, int]], below: int) -> int:
    """Points of the first band whose lower limit ``value`` reaches (bands in descending order)."""
    for lower, pts in bands:
        if value >= lower:
            return pts
    return below


def _map(sbp: float | None, dbp: float | None) -> float | None:
    if sbp is None or dbp is None:
        return None
    return (sbp + 2 * dbp) / 3


# ---------------------------------------------------------------------------
# Glasgow Coma Scale
# ---------------------------------------------------------------------------

EyeResponse = Literal["eyes open spontaneously", "eye opening to verbal command", "eye opening to pain",
                      "no eye opening", "not testable"]
VerbalResponse = Literal["oriented", "confused", "inappropriate words", "incomprehensible sounds",
                         "no verbal response", "not testable"]
MotorResponse = Literal["obeys commands", "localizes pain", "withdrawal from pain", "flexion to pain",
                        "extension to pain", "no motor response", "not testable"]

_EYE_POINTS = {"eyes open spontaneously": 4, "eye opening to verbal command": 3, "eye opening to pain": 2,
               "no eye opening": 1, "not testable": 4}
_VERBAL_POINTS = {"oriented": 5, "confused": 4, "inappropriate words": 3, "incomprehensible sounds": 2,
                  "no verbal response": 1, "not testable": 5}
_MOTOR_POINTS = {"obeys commands": 6, "localizes pain": 5, "withdrawal from pain": 4, "flexion to pain": 3,
                 "extension to pain": 2, "no motor response": 1, "not testable": 6}

_EYE_SYN = {
    "eyes open spontaneously": "eyes open spontaneously", "spontaneously": "eyes open spontaneously",
    "spontaneous": "eyes open spontaneously", "eye opening spontaneously": "eyes open spontaneously",
    "eyes opening spontaneously": "eyes open spontaneously", "open spontaneously": "eyes open spontaneously",
    "eye opening to verbal command": "eye opening to verbal command",
    "eyes open to verbal command": "eye opening to verbal command",
    "eyes opening to verbal command": "eye opening to verbal command",
    "eye opening to verbal commands": "eye opening to verbal command",
    "to verbal command": "eye opening to verbal command", "to voice": "eye opening to verbal command",
    "to speech": "eye opening to verbal command", "to sound": "eye opening to verbal command",
    "eyes open to voice": "eye opening to verbal command", "eyes open to speech": "eye opening to verbal command",
    "eyes open to sound": "eye opening to verbal command",
    "eye opening to pain": "eye opening to pain", "eyes open to pain": "eye opening to pain",
    "eyes opening to pain": "eye opening to pain", "to pain": "eye opening to pain",
    "to pressure": "eye opening to pain", "eyes open to pressure": "eye opening to pain",
    "no eye opening": "no eye opening", "none": "no eye opening", "no response": "no eye opening",
    "eyes do not open": "no eye opening",
    "not testable": "not testable", "nt": "not testable", "not assessable": "not testable",
}
_VERBAL_SYN = {
    "oriented": "oriented", "orientated": "oriented", "oriented and converses": "oriented",
    "confused": "confused", "disoriented": "confused", "confused conversation": "confused",
    "inappropriate words": "inappropriate words", "inappropriate": "inappropriate words",
    "words": "inappropriate words",
    "incomprehensible sounds": "incomprehensible sounds", "incomprehensible": "incomprehensible sounds",
    "inccomprehensible sounds": "incomprehensible sounds", "sounds": "incomprehensible sounds",
    "no verbal response": "no verbal response", "none": "no verbal response", "no response": "no verbal response",
    "not testable": "not testable", "nt": "not testable", "intubated": "not testable",
    "not testable intubated": "not testable",
}
_MOTOR_SYN = {
    "obeys commands": "obeys commands", "obeys": "obeys commands", "obeys command": "obeys commands",
    "localizes pain": "localizes pain", "localises pain": "localizes pain", "localizes": "localizes pain",
    "localises": "localizes pain", "localizing": "localizes pain", "localising": "localizes pain",
    "localizes to pain": "localizes pain", "localises to pain": "localizes pain",
    "withdrawal from pain": "withdrawal from pain", "withdraws from pain": "withdrawal from pain",
    "withdrawal": "withdrawal from pain", "withdraws": "withdrawal from pain",
    "withdraws to pain": "withdrawal from pain", "normal flexion": "withdrawal from pain",
    "flexion to pain": "flexion to pain", "abnormal flexion": "flexion to pain", "decorticate": "flexion to pain",
    "decorticate posturing": "flexion to pain", "flexion": "flexion to pain",
    "abnormal flexion to pain": "flexion to pain",
    "extension to pain": "extension to pain", "extension": "extension to pain", "decerebrate": "extension to pain",
    "decerebrate posturing": "extension to pain", "abnormal extension": "extension to pain",
    "no motor response": "no motor response", "none": "no motor response", "no response": "no motor response",
    "not testable": "not testable", "nt": "not testable",
}


# Keyword fallbacks for descriptions not in the synonym tables, tried in order (first match wins).
_EYE_WORDS = [(("not testable", "untestable"), "not testable"), (("no eye", "none", "no response"), "no eye opening"),
              (("spontan",), "eyes open spontaneously"),
              (("verbal", "voice", "speech", "sound", "command"), "eye opening to verbal command"),
              (("pain", "pressure", "stimul"), "eye opening to pain")]
_VERBAL_WORDS = [(("not testable", "untestable", "intubat"), "not testable"),
                 (("no verbal", "none", "no response", "mute", "aphon"), "no verbal response"),
                 (("disorient", "confus"), "confused"), (("orient",), "oriented"),
                 (("inappropriate", "words"), "inappropriate words"),
                 (("incomprehensible", "sounds", "moan", "groan"), "incomprehensible sounds")]
_MOTOR_WORDS = [(("not testable", "untestable"), "not testable"), (("no motor", "none", "no response", "flaccid"),
                "no motor response"), (("obey",), "obeys commands"), (("locali",), "localizes pain"),
                (("withdr", "normal flexion"), "withdrawal from pain"),
                (("flex", "decorticate"), "flexion to pain"), (("exten", "decerebrate"), "extension to pain")]


def _gcs_choice(value: Any, synonyms: dict[str, str], words: list[tuple[tuple[str, ...], str]]) -> Any:
    chosen = _choose(value, synonyms)
    if not isinstance(chosen, str) or chosen in synonyms.values():
        return chosen
    key = re.sub(r"[^a-z0-9]+", " ", chosen.lower()).strip()
    for needles, option in words:
        if any(n in key for n in needles):
            return option
    return chosen


class GCSInputs(CalculatorInputs):
    eye: EyeResponse = Field("eyes open spontaneously", description=(
        "Best eye response (4 spontaneous, 3 to verbal command, 2 to pain, 1 none); "
        "observed (a core input); 'not testable' scores full"))
    verbal: VerbalResponse = Field("oriented", description=(
        "Best verbal response (5 oriented, 4 confused, 3 inappropriate words, 2 incomprehensible sounds, 1 none); "
        "observed (a core input); 'not testable' scores full"))
    motor: MotorResponse = Field("obeys commands", description=(
        "Best motor response (6 obeys, 5 localizes pain, 4 withdrawal, 3 flexion, 2 extension, 1 none); "
        "observed (a core input); 'not testable' scores full"))

    @field_validator("eye", mode="before")
    @classmethod
    def _eye(cls, v: Any) -> Any:
        return _gcs_choice(v, _EYE_SYN, _EYE_WORDS)

    @field_validator("verbal", mode="before")
    @classmethod
    def _verbal(cls, v: Any) -> Any:
        return _gcs_choice(v, _VERBAL_SYN, _VERBAL_WORDS)

    @field_validator("motor", mode="before")
    @classmethod
    def _motor(cls, v: Any) -> Any:
        return _gcs_choice(v, _MOTOR_SYN, _MOTOR_WORDS)


def _gcs(x: GCSInputs) -> CalculatorResult:
    e, v, m = _EYE_POINTS[x.eye], _VERBAL_POINTS[x.verbal], _MOTOR_POINTS[x.motor]
    total = e + v + m
    band = ("severe (<= 8)" if total <= 8 else "moderate (9-12)" if total <= 12 else "mild (13-15)")
    steps = []
    for label, given, pts, name in (("eye", x.eye, e, "eye"), ("verbal", x.verbal, v, "verbal"),
                                    ("motor", x.motor, m, "motor")):
        note = " (not testable: full score)" if given == "not testable" else ""
        steps.append(f"best {label} response '{given}': +{pts}{note}")
    steps.append(f"GCS = E{e} + V{v} + M{m} = {total}")
    return CalculatorResult(
        calculator="glasgow_coma_scale", name="Glasgow Coma Scale", value=total, unit="points",
        interpretation=f"{band} impairment of consciousness (head-injury severity bands)",
        explanation=steps,
        reference=("Teasdale G, Jennett B. Assessment of coma and impaired consciousness. A practical scale. "
                   "Lancet. 1974;2(7872):81-84."),
        components={"eye": e, "verbal": v, "motor": m},
    )


GCS = register(Calculator(
    id="glasgow_coma_scale", name="Glasgow Coma Scale (GCS)", category="severity",
    description=("Glasgow Coma Scale 3-15 for level of consciousness from best eye, verbal and motor "
                 "responses (coma, head injury severity)."),
    inputs=GCSInputs, compute=_gcs,
    reference="Teasdale G, Jennett B. Lancet. 1974;2:81-84.",
    output_unit="points", output_type="integer",
    medcalc_id=21, medcalc_name="Glasgow Coma Score (GCS)",
    aliases=["GCS", "Glasgow Coma Score", "coma scale", "level of consciousness"],
    conventions=["Every component must be observed: a scale of observed responses is not computed from assumed ones "
                 "(all three are its core; a missing one is refused). A component documented as not testable gets its "
                 "full score (MedCalc-Bench)."],
    core=("eye", "verbal", "motor"),
    medcalc_keys={
        "Best eye response": "eye", "Eye response": "eye", "Best verbal response": "verbal",
        "Verbal response": "verbal", "Best motor response": "motor", "Motor response": "motor",
    },
))


# ---------------------------------------------------------------------------
# APACHE II
# ---------------------------------------------------------------------------

AdmissionType = Literal["nonoperative", "emergency postoperative", "elective postoperative"]
_ADMISSION_SYN = {
    "nonoperative": "nonoperative", "non operative": "nonoperative", "nonsurgical": "nonoperative",
    "non surgical": "nonoperative", "medical": "nonoperative", "none": "nonoperative", "no surgery": "nonoperative",
    "emergency postoperative": "emergency postoperative", "emergency": "emergency postoperative",
    "emergency surgery": "emergency postoperative", "emergency operative": "emergency postoperative",
    "emergency post operative": "emergency postoperative", "urgent": "emergency postoperative",
    "elective postoperative": "elective postoperative", "elective": "elective postoperative",
    "elective surgery": "elective postoperative", "elective post operative": "elective postoperative",
    "elective operative": "elective postoperative",
}

# Bands (lower limit, points), descending; the value below the last limit gets the trailing points.
APACHE_BANDS: dict[str, tuple[list[tuple[float, int]], int]] = {
    "temperature": ([(41, 4), (39, 3), (38.5, 1), (36, 0), (34, 1), (32, 2), (30, 3)], 4),
    "mean_arterial_pressure": ([(160, 4), (130, 3), (110, 2), (70, 0), (50, 2)], 4),
    "heart_rate": ([(180, 4), (140, 3), (110, 2), (70, 0), (55, 2), (40, 3)], 4),
    "respiratory_rate": ([(50, 4), (35, 3), (25, 1), (12, 0), (10, 1), (6, 2)], 4),
    "ph": ([(7.7, 4), (7.6, 3), (7.5, 1), (7.33, 0), (7.25, 2), (7.15, 3)], 4),
    "bicarbonate": ([(52, 4), (41, 3), (32, 1), (22, 0), (18, 2), (15, 3)], 4),
    "sodium": ([(180, 4), (160, 3), (155, 2), (150, 1), (130, 0), (120, 2), (111, 3)], 4),
    "potassium": ([(7.0, 4), (6.0, 3), (5.5, 1), (3.5, 0), (3.0, 1), (2.5, 2)], 4),
    "creatinine": ([(3.5, 4), (2.0, 3), (1.5, 2), (0.6, 0)], 2),
    "hematocrit": ([(60, 4), (50, 2), (46, 1), (30, 0), (20, 2)], 4),
    "wbc": ([(40, 4), (20, 2), (15, 1), (3, 0), (1, 2)], 4),
    "a_a_gradient": ([(500, 4), (350, 3), (200, 2)], 0),
}


def apache_points(item: str, value: float) -> int:
    """Points of one APACHE II physiology item (a key of :data:`APACHE_BANDS`, in the calculator's units)."""
    return _band(value, *APACHE_BANDS[item])


def apache_oxygenation_points(fio2_pct: float, pao2: float | None, aa: float | None) -> int:
    """Knaus 1985: FiO2 >= 0.5 scores the A-a gradient, FiO2 < 0.5 scores PaO2."""
    if fio2_pct >= 50:
        assert aa is not None
        return _band(aa, *APACHE_BANDS["a_a_gradient"])
    assert pao2 is not None
    return 0 if pao2 > 70 else 1 if pao2 >= 61 else 3 if pao2 >= 55 else 4


def apache_age_points(age: float) -> int:
    a = int(age)  # completed years
    return 0 if a <= 44 else 2 if a <= 54 else 3 if a <= 64 else 5 if a <= 74 else 6


class ApacheIIInputs(SexNormalised):
    age: float = quantity("years", description="Age", ge=16, le=120)
    temperature: float | None = quantity("degC", description="Temperature (rectal/core), worst in 24 h",
                                         ge=13, le=47, accepted_units=["degF"], default=None)
    mean_arterial_pressure: float | None = quantity("mmHg", description="Mean arterial pressure (or give SBP and DBP)",
                                                    ge=10, le=250, default=None)
    systolic_bp: float | None = quantity("mmHg", description="Systolic blood pressure", ge=20, le=300, default=None)
    diastolic_bp: float | None = quantity("mmHg", description="Diastolic blood pressure", ge=5, le=200, default=None)
    heart_rate: float | None = quantity("1/min", description="Heart rate", ge=0, le=300, default=None)
    respiratory_rate: float | None = quantity("1/min", description="Respiratory rate", ge=0, le=100, default=None)
    fio2: float | None = quantity("%", description="Inspired oxygen fraction (a bare 0.21-1.0 is read as a fraction)",
                                  ge=21, le=100, default=None)
    pao2: float | None = quantity("mmHg", description="Arterial PaO2", ge=10, le=700, accepted_units=["kPa"],
                                  default=None)
    a_a_gradient: float | None = quantity("mmHg", description="Alveolar-arterial O2 gradient (used when FiO2 >= 50%)",
                                          ge=0, le=800, accepted_units=["kPa"], default=None)
    paco2: float | None = quantity("mmHg", description="Arterial PaCO2 (to compute the A-a gradient if not given)",
                                   ge=5, le=200, accepted_units=["kPa"], default=None)
    ph: float | None = Field(None, description="Arterial pH", ge=6.5, le=8.0)
    bicarbonate: float | None = quantity("mmol/L", analyte="bicarbonate",
                                         description="Serum HCO3 (scored only when no arterial pH is given)",
                                         ge=1, le=80, accepted_units=["mEq/L"], default=None)
    sodium: float | None = quantity("mmol/L", analyte="sodium", description="Serum sodium", ge=80, le=220,
                                    accepted_units=["mEq/L"], default=None)
    potassium: float | None = quantity("mmol/L", analyte="potassium", description="Serum potassium", ge=1, le=12,
                                       accepted_units=["mEq/L"], default=None)
    creatinine: float | None = quantity("mg/dL", analyte="creatinine", description="Serum creatinine",
                                        ge=0.1, le=40, accepted_units=["µmol/L"], default=None)
    acute_renal_failure: bool = finding("Acute renal failure (creatinine points are doubled)")
    chronic_renal_failure: bool = finding("Chronic renal failure (creatinine scored once)")
    hematocrit: float | None = quantity("%", description="Haematocrit", ge=5, le=80, default=None)
    wbc: float | None = quantity("10^9/L", description="White blood cell count", ge=0.05, le=1000,
                                 accepted_units=["10^3/µL", "/µL", "/mm^3"], default=None)
    gcs: int | None = Field(None, description="Glasgow Coma Scale 3-15 (scores 15 - GCS)", ge=3, le=15)
    chronic_health: bool = finding(
        "History of severe organ insufficiency (cirrhosis, NYHA IV, severe COPD, dialysis) or immunocompromise")
    admission_type: AdmissionType = Field(
        "nonoperative", description="Admission: nonoperative, emergency postoperative or elective postoperative")
    sex: Sex | None = Field(None, description="Patient sex (not scored; accepted for completeness)")

    @field_validator("fio2", "hematocrit", mode="before")
    @classmethod
    def _fraction(cls, v: Any) -> Any:
        return _percent(v)

    @field_validator("admission_type", mode="before")
    @classmethod
    def _admission(cls, v: Any) -> Any:
        return _choose(v, _ADMISSION_SYN)


_APACHE_LABELS = {
    "temperature": ("temperature", "°C"), "mean_arterial_pressure": ("mean arterial pressure", "mmHg"),
    "heart_rate": ("heart rate", "/min"), "respiratory_rate": ("respiratory rate", "/min"),
    "ph": ("arterial pH", ""), "bicarbonate": ("serum HCO3", "mmol/L"), "sodium": ("sodium", "mmol/L"),
    "potassium": ("potassium", "mmol/L"), "hematocrit": ("haematocrit", "%"),
    "wbc": ("white cell count", "× 10^9/L"),
}


def _apache(x: ApacheIIInputs) -> CalculatorResult:
    calc = "APACHE II Score"
    pts: dict[str, int] = {}
    steps: list[str] = []
    assumed: list[str] = []

    age_pts = apache_age_points(x.age)
    pts["age"] = age_pts
    steps.append(f"age {x.age:g} y (<=44: 0, 45-54: 2, 55-64: 3, 65-74: 5, >=75: 6): +{age_pts}")

    mean_ap = x.mean_arterial_pressure
    if mean_ap is None:
        mean_ap = _map(x.systolic_bp, x.diastolic_bp)
        if mean_ap is not None:
            steps.append(f"MAP = (SBP + 2 × DBP) / 3 = ({x.systolic_bp:g} + 2 × {x.diastolic_bp:g}) / 3 = "
                         f"{mean_ap:.2f} mmHg")
    def banded(key: str, val: float | None, spec: str = "g") -> None:
        """Score ``val`` on its APACHE_BANDS row; a value not given is assumed normal (+0)."""
        label, unit = _APACHE_LABELS[key]
        if val is None:
            pts[key] = 0
            assumed.append(key)
            steps.append(f"{label} not given: assumed normal, +0")
        else:
            pts[key] = _band(val, *APACHE_BANDS[key])
            steps.append(f"{label} {val:{spec}} {unit}: +{pts[key]}".replace("  ", " "))

    banded("temperature", x.temperature, ".4g")
    banded("mean_arterial_pressure", mean_ap, ".4g")
    banded("heart_rate", x.heart_rate, ".4g")
    banded("respiratory_rate", x.respiratory_rate, ".4g")

    # Oxygenation (Knaus 1985): FiO2 >= 0.5 -> A-a gradient; FiO2 < 0.5 -> PaO2.
    fio2 = x.fio2
    if fio2 is None and (x.pao2 is not None or x.a_a_gradient is not None):
        if x.pao2 is None:
            raise input_error(calc, "fio2", "an A-a gradient without FiO2 cannot be scored (A-a is used only "
                              "when FiO2 >= 50%)", problem="missing", expected="FiO2 in %")
        fio2 = 21.0
        assumed.append("fio2")
        steps.append("FiO2 not given: room air (21%) assumed, so PaO2 is scored")
    if fio2 is None:
        pts["oxygenation"] = 0
        assumed.append("oxygenation")
        steps.append("oxygenation (PaO2 / A-a gradient) not given: assumed normal, +0")
    elif fio2 >= 50:
        aa = x.a_a_gradient
        if aa is None:
            if x.pao2 is None or x.paco2 is None:
                # name what is missing: with PaO2 given, only PaCO2 is lacking to compute the gradient
                lacking = "paco2" if x.pao2 is not None else "pao2" if x.paco2 is not None else "a_a_gradient"
                what = {"paco2": "PaCO2 in mmHg (or the A-a gradient)", "pao2": "PaO2 in mmHg (or the A-a gradient)",
                        "a_a_gradient": "A-a gradient in mmHg"}[lacking]
                raise input_error(calc, lacking, f"FiO2 {fio2:g}% >= 50% is scored on the A-a gradient; "
                                  "give a_a_gradient, or pao2 and paco2 to compute it", problem="missing",
                                  expected=what)
            aa = fio2 / 100 * (760 - 47) - x.paco2 / 0.8 - x.pao2
            steps.append(f"A-a gradient = FiO2 × (760 - 47) - PaCO2 / 0.8 - PaO2 = {fio2 / 100:g} × 713 - "
                         f"{x.paco2:g} / 0.8 - {x.pao2:g} = {aa:.1f} mmHg (sea level)")
        pts["oxygenation"] = apache_oxygenation_points(fio2, None, aa)
        steps.append(f"FiO2 {fio2:g}% >= 50%: A-a gradient {aa:.1f} mmHg (>=500: 4, 350-499: 3, 200-349: 2, "
                     f"<200: 0): +{pts['oxygenation']}")
    else:
        if x.pao2 is None:
            pts["oxygenation"] = 0
            assumed.append("pao2")
            steps.append(f"FiO2 {fio2:g}% < 50% but PaO2 not given: assumed normal, +0")
        else:
            pts["oxygenation"] = apache_oxygenation_points(fio2, x.pao2, None)
            steps.append(f"FiO2 {fio2:g}% < 50%: PaO2 {x.pao2:g} mmHg (>70: 0, 61-70: 1, 55-60: 3, <55: 4): "
                         f"+{pts['oxygenation']}")

    if x.ph is not None:
        pts["acid_base"] = _band(x.ph, *APACHE_BANDS["ph"])
        steps.append(f"arterial pH {x.ph:g}: +{pts['acid_base']}")
    elif x.bicarbonate is not None:
        pts["acid_base"] = _band(x.bicarbonate, *APACHE_BANDS["bicarbonate"])
        steps.append(f"no arterial pH: serum HCO3 {x.bicarbonate:g} mmol/L scored instead: +{pts['acid_base']}")
    else:
        pts["acid_base"] = 0
        assumed.append("ph")
        steps.append("arterial pH (or HCO3) not given: assumed normal, +0")

    banded("sodium", x.sodium)
    banded("potassium", x.potassium)

    if x.creatinine is None:
        pts["creatinine"] = 0
        assumed.append("creatinine")
        steps.append("creatinine not given: assumed normal, +0")
    else:
        base = _band(x.creatinine, *APACHE_BANDS["creatinine"])
        pts["creatinine"] = base * 2 if x.acute_renal_failure else base
        how = (f"acute renal failure: doubled, {base} × 2" if x.acute_renal_failure
               else "no acute renal failure" + (" (chronic renal failure: scored once)" if x.chronic_renal_failure
                                                else ""))
        steps.append(f"creatinine {x.creatinine:g} mg/dL (>=3.5: 4, 2-3.4: 3, 1.5-1.9: 2, 0.6-1.4: 0, <0.6: 2), "
                     f"{how}: +{pts['creatinine']}")

    banded("hematocrit", x.hematocrit)
    banded("wbc", x.wbc)

    if x.gcs is None:
        pts["gcs"] = 0
        assumed.append("gcs")
        steps.append("GCS not given: 15 assumed, +0")
    else:
        pts["gcs"] = 15 - x.gcs
        steps.append(f"GCS {x.gcs}: 15 - {x.gcs} = +{pts['gcs']}")

    aps = sum(v for k, v in pts.items() if k != "age")
    if x.chronic_health:
        chp = 2 if x.admission_type == "elective postoperative" else 5
        note = "" if "admission_type" in x.given() else " (admission type not given: nonoperative assumed)"
        steps.append(f"severe organ insufficiency/immunocompromise, {x.admission_type} admission{note}: +{chp}")
    else:
        chp = 0
        steps.append("no severe organ insufficiency or immunocompromise: +0")
    pts["chronic_health"] = chp
    total = aps + age_pts + chp
    steps.append(f"APACHE II = acute physiology {aps} + age {age_pts} + chronic health {chp} = {total}")
    return CalculatorResult(
        calculator="apache_ii", name="APACHE II Score", value=total, unit="points",
        interpretation=_apache_mortality(total), explanation=steps,
        reference=("Knaus WA, Draper EA, Wagner DP, Zimmerman JE. APACHE II: a severity of disease classification "
                   "system. Crit Care Med. 1985;13(10):818-829."),
        components={**pts, "acute_physiology_score": aps}, assumed=assumed,
    )


def _apache_mortality(score: int) -> str:
    # Approximate hospital death rates by score band (Knaus 1985, nonoperative / postoperative).
    bands = [(4, "~4% / ~1%"), (9, "~8% / ~3%"), (14, "~15% / ~7%"), (19, "~25% / ~12%"), (24, "~40% / ~30%"),
             (29, "~55% / ~35%"), (34, "~75% / ~73%")]
    for hi, txt in bands:
        if score <= hi:
            return f"estimated in-hospital mortality {txt} (nonoperative / postoperative)"
    return "estimated in-hospital mortality ~85% / ~88% (nonoperative / postoperative)"


APACHE_II = register(Calculator(
    id="apache_ii", name="APACHE II Score", category="risk",
    description=("APACHE II ICU severity-of-illness score 0-71 and estimated hospital mortality from the worst "
                 "acute physiology in the first 24 h (12 variables incl. oxygenation, pH, electrolytes, "
                 "creatinine, GCS), age and chronic health."),
    inputs=ApacheIIInputs, compute=_apache,
    # a severity score of observed physiology: at least 6 of its physiological inputs observed (half the 12 variables
    # of the Acute Physiology Score); with fewer, 'assumed normal' would make the score up
    core=("temperature", "mean_arterial_pressure", "systolic_bp", "diastolic_bp", "heart_rate", "respiratory_rate",
          "fio2", "pao2", "a_a_gradient", "ph", "bicarbonate", "sodium", "potassium", "creatinine", "hematocrit", "wbc",
          "gcs"),
    core_min=6,
    reference="Knaus WA et al. Crit Care Med. 1985;13(10):818-829.",
    output_unit="points", output_type="integer",
    medcalc_id=28, medcalc_name="APACHE II Score",
    aliases=["APACHE 2", "APACHE II", "APACHE", "Acute Physiology and Chronic Health Evaluation II", "ICU mortality score"],
    conventions=[
        "Physiological variables that are not given score 0 (assumed normal) and are listed as assumed; at least 6 "
        "physiological inputs must be observed (fewer: refused, the score would be made up).",
        "MAP is computed as (SBP + 2 × DBP) / 3 when not given.",
        "Oxygenation: FiO2 >= 50% scores the A-a gradient (computed at sea level with RQ 0.8 from PaO2 and PaCO2 "
        "if not given); FiO2 < 50% scores PaO2. Without FiO2, PaO2 is scored (room air).",
        "Creatinine points are doubled with acute renal failure; chronic renal failure alone scores once.",
        "Serum HCO3 is scored only when no arterial pH is given.",
        "Chronic health: +5 nonoperative or emergency postoperative, +2 elective postoperative; nonoperative "
        "assumed when the admission type is not given.",
        "Age in completed years; a bare FiO2/haematocrit of 0-1 is read as a fraction.",
    ],
    medcalc_keys={
        "age": "age", "sex": "sex", "Temperature": "temperature", "Mean Arterial Pressure": "mean_arterial_pressure",
        "Systolic Blood Pressure": "systolic_bp", "Diastolic Blood Pressure": "diastolic_bp",
        "Heart Rate or Pulse": "heart_rate", "respiratory rate": "respiratory_rate", "FiO2": "fio2",
        "FiO₂": "fio2", "PaO2": "pao2", "PaO₂": "pao2", "Partial pressure of oxygen": "pao2",
        "A-a gradient": "a_a_gradient", "A-a-gradient": "a_a_gradient", "A a gradient": "a_a_gradient",
        "Alveolar-arterial gradient": "a_a_gradient", "PaCO2": "paco2", "PaCO₂": "paco2",
        "Partial pressure of carbon dioxide": "paco2", "pH": "ph", "Bicarbonate": "bicarbonate",
        "Serum bicarbonate": "bicarbonate", "HCO3": "bicarbonate", "Sodium": "sodium", "Potassium": "potassium",
        "creatinine": "creatinine", "Acute renal failure": "acute_renal_failure",
        "Chronic renal failure": "chronic_renal_failure", "Hematocrit": "hematocrit",
        "White blood cell count": "wbc", "Glasgow Coma Score": "gcs",
        "History of severe organ failure or immunocompromise": "chronic_health",
        "History of severe organ insufficiency or immunocompromise": "chronic_health",
        "Surgery Type": "admission_type", "Surgery type": "admission_type", "Admission type": "admission_type",
        "Type of admission": "admission_type", "Postoperative status": "admission_type",
    },
))


# ---------------------------------------------------------------------------
# SOFA
# ---------------------------------------------------------------------------


class SOFAInputs(CalculatorInputs):
    pao2: float | None = quantity("mmHg", description="Arterial PaO2", ge=10, le=700, accepted_units=["kPa"],
                                  default=None)
    fio2: float | None = quantity("%", description="Inspired oxygen fraction (a bare 0.21-1.0 is read as a fraction)",
                                  ge=21, le=100, default=None)
    mechanical_ventilation: bool = finding("On mechanical ventilation")
    cpap: bool = finding("On continuous positive airway pressure (CPAP) / non-invasive respiratory support")
    platelets: float | None = quantity("10^9/L", description="Platelet count", ge=0.1, le=2500,
                                       accepted_units=["10^3/µL", "/µL", "/mm^3"], default=None)
    gcs: int | None = Field(None, description="Glasgow Coma Scale 3-15", ge=3, le=15)
    bilirubin: float | None = quantity("mg/dL", analyte="bilirubin", description="Total bilirubin", ge=0.05, le=80,
                                       accepted_units=["µmol/L"], default=None)
    mean_arterial_pressure: float | None = quantity("mmHg", description="Mean arterial pressure (or SBP and DBP)",
                                                    ge=10, le=250, default=None)
    systolic_bp: float | None = quantity("mmHg", description="Systolic blood pressure", ge=20, le=300, default=None)
    diastolic_bp: float | None = quantity("mmHg", description="Diastolic blood pressure", ge=5, le=200, default=None)
    hypotension: bool = finding("Hypotension (MAP < 70 mmHg); used only when no MAP or blood pressure is given")
    dopamine: float = quantity("µg/kg/min", description="Dopamine dose", ge=0, le=100, default=0.0)
    dobutamine: float = quantity("µg/kg/min", description="Dobutamine dose (any dose scores 2)", ge=0, le=100,
                                 default=0.0)
    epinephrine: float = quantity("µg/kg/min", description="Epinephrine dose", ge=0, le=10, default=0.0)
    norepinephrine: float = quantity("µg/kg/min", description="Norepinephrine dose", ge=0, le=10, default=0.0)
    creatinine: float | None = quantity("mg/dL", analyte="creatinine", description="Serum creatinine", ge=0.1, le=40,
                                        accepted_units=["µmol/L"], default=None)
    urine_output: float | None = quantity("mL/day", description="Urine output over 24 h", ge=0, le=20000,
                                          accepted_units=["L/day"], default=None)

    @field_validator("fio2", mode="before")
    @classmethod
    def _fraction(cls, v: Any) -> Any:
        return _percent(v)


# SOFA's core: at least one organ-system value (the others are then assumed normal, as the score's convention says)
SOFA_ORGAN_INPUTS = ("pao2", "platelets", "gcs", "bilirubin", "mean_arterial_pressure", "systolic_bp", "hypotension",
                     "dopamine", "dobutamine", "epinephrine", "norepinephrine", "creatinine", "urine_output")


def _sofa(x: SOFAInputs) -> CalculatorResult:
    pts: dict[str, int] = {}
    steps: list[str] = []
    assumed: list[str] = []
    support = x.mechanical_ventilation or x.cpap

    # Respiration
    if x.pao2 is None:
        pts["respiration"] = 0
        assumed.append("respiration")
        steps.append("PaO2/FiO2 not given: assumed normal, +0")
    else:
        fio2 = x.fio2
        if fio2 is None:
            fio2 = 21.0
            assumed.append("fio2")
            steps.append("FiO2 not given: room air (21%) assumed")
        ratio = x.pao2 / (fio2 / 100)
        if ratio >= 400:
            p = 0
        elif ratio >= 300:
            p = 1
        elif ratio >= 200 or not support:
            p = 2
        elif ratio >= 100:
            p = 3
        else:
            p = 4
        pts["respiration"] = p
        sup = "with respiratory support (ventilation/CPAP)" if support else "without ventilation/CPAP"
        steps.append(f"PaO2/FiO2 = {x.pao2:g} / {fio2 / 100:g} = {ratio:.1f} mmHg, {sup} (>=400: 0, 300-399: 1, "
                     f"200-299: 2, <200 unsupported: 2, 100-199 supported: 3, <100 supported: 4): +{p}")

    # Coagulation
    if x.platelets is None:
        pts["coagulation"] = 0
        assumed.append("platelets")
        steps.append("platelets not given: assumed normal, +0")
    else:
        p = x.platelets
        pts["coagulation"] = 0 if p >= 150 else 1 if p >= 100 else 2 if p >= 50 else 3 if p >= 20 else 4
        steps.append(f"platelets {x.platelets:g} × 10^3/µL (>=150: 0, 100-149: 1, 50-99: 2, 20-49: 3, <20: 4): "
                     f"+{pts['coagulation']}")

    # Liver
    if x.bilirubin is None:
        pts["liver"] = 0
        assumed.append("bilirubin")
        steps.append("bilirubin not given: assumed normal, +0")
    else:
        b = x.bilirubin
        pts["liver"] = 0 if b < 1.2 else 1 if b < 2.0 else 2 if b < 6.0 else 3 if b < 12.0 else 4
        steps.append(f"bilirubin {b:.3g} mg/dL (<1.2: 0, 1.2-1.9: 1, 2.0-5.9: 2, 6.0-11.9: 3, >=12: 4): "
                     f"+{pts['liver']}")

    # Cardiovascular
    mean_ap = x.mean_arterial_pressure if x.mean_arterial_pressure is not None else _map(x.systolic_bp,
                                                                                         x.diastolic_bp)
    if x.dopamine > 15 or x.epinephrine > 0.1 or x.norepinephrine > 0.1:
        cv, why = 4, "dopamine > 15 or epinephrine > 0.1 or norepinephrine > 0.1 µg/kg/min"
    elif x.dopamine > 5 or x.epinephrine > 0 or x.norepinephrine > 0:
        cv, why = 3, "dopamine > 5 or epinephrine <= 0.1 or norepinephrine <= 0.1 µg/kg/min"
    elif x.dopamine > 0 or x.dobutamine > 0:
        cv, why = 2, "dopamine <= 5 µg/kg/min or dobutamine (any dose)"
    elif mean_ap is not None:
        cv = 1 if mean_ap < 70 else 0
        why = f"MAP {mean_ap:.1f} mmHg {'<' if cv else '>='} 70, no vasopressors"
    elif x.hypotension:
        cv, why = 1, "hypotension (MAP < 70 mmHg) reported, no vasopressors"
    else:
        cv, why = 0, "no hypotension or vasopressors documented (assumed normal)"
        assumed.append("cardiovascular")
    pts["cardiovascular"] = cv
    steps.append(f"cardiovascular: {why}: +{cv}")

    # CNS
    if x.gcs is None:
        pts["cns"] = 0
        assumed.append("gcs")
        steps.append("GCS not given: 15 assumed, +0")
    else:
        g = x.gcs
        pts["cns"] = 0 if g == 15 else 1 if g >= 13 else 2 if g >= 10 else 3 if g >= 6 else 4
        steps.append(f"GCS {g} (15: 0, 13-14: 1, 10-12: 2, 6-9: 3, <6: 4): +{pts['cns']}")

    # Renal: the worse of creatinine and urine output
    renal_c = renal_u = 0
    if x.creatinine is not None:
        c = x.creatinine
        renal_c = 0 if c < 1.2 else 1 if c < 2.0 else 2 if c < 3.5 else 3 if c < 5.0 else 4
        steps.append(f"creatinine {c:.3g} mg/dL (<1.2: 0, 1.2-1.9: 1, 2.0-3.4: 2, 3.5-4.9: 3, >=5: 4): {renal_c}")
    if x.urine_output is not None:
        u = x.urine_output
        renal_u = 4 if u < 200 else 3 if u < 500 else 0
        steps.append(f"urine output {u:g} mL/day (<500: 3, <200: 4): {renal_u}")
    if x.creatinine is None and x.urine_output is None:
        assumed.append("renal")
        steps.append("creatinine and urine output not given: assumed normal, +0")
    pts["renal"] = max(renal_c, renal_u)
    steps.append(f"renal = worse of creatinine and urine output: +{pts['renal']}")

    total = sum(pts.values())
    steps.append("SOFA = " + " + ".join(f"{k} {v}" for k, v in pts.items()) + f" = {total}")
    return CalculatorResult(
        calculator="sofa", name="SOFA Score", value=total, unit="points",
        interpretation=(f"SOFA {total}/24: higher scores mean more organ dysfunction; an acute rise of >= 2 points "
                        "marks sepsis-related organ dysfunction (Sepsis-3)"),
        explanation=steps,
        reference=("Vincent JL, Moreno R, Takala J, et al. The SOFA (Sepsis-related Organ Failure Assessment) score "
                   "to describe organ dysfunction/failure. Intensive Care Med. 1996;22(7):707-710."),
        components=pts, assumed=assumed,
    )


SOFA = register(Calculator(
    id="sofa", name="Sequential Organ Failure Assessment (SOFA) Score", category="risk",
    description=("SOFA score 0-24 of organ dysfunction in ICU/sepsis: respiration (PaO2/FiO2, ventilation), "
                 "platelets, bilirubin, MAP/vasopressor doses, GCS, creatinine or urine output."),
    inputs=SOFAInputs, compute=_sofa, core=SOFA_ORGAN_INPUTS, core_min=1,
    reference="Vincent JL et al. Intensive Care Med. 1996;22(7):707-710.",
    output_unit="points", output_type="integer",
    medcalc_id=43, medcalc_name="Sequential Organ Failure Assessment (SOFA) Score",
    aliases=["SOFA", "Sepsis-related Organ Failure Assessment", "organ failure score", "sepsis organ dysfunction"],
    conventions=[
        "Organ systems without data score 0 (assumed normal) and are listed as assumed; at least one is needed.",
        "PaO2/FiO2 < 200 scores 3-4 only with mechanical ventilation or CPAP; otherwise 2.",
        "Vasopressor doses in µg/kg/min; they override MAP. MAP = (SBP + 2 × DBP) / 3 when not given; a "
        "'hypotension' finding scores 1 only when no blood pressure is given.",
        "Renal points are the worse of creatinine and 24-h urine output. FiO2 defaults to 21% when PaO2 is given "
        "without it.",
    ],
    medcalc_keys={
        "PaO2": "pao2", "PaO₂": "pao2", "Partial pressure of oxygen": "pao2", "FiO2": "fio2", "FiO₂": "fio2",
        "On mechanical ventilation": "mechanical_ventilation", "Mechanical ventilation": "mechanical_ventilation",
        "Continuous positive airway pressure": "cpap", "CPAP": "cpap", "Platelet count": "platelets",
        "Glasgow Coma Score": "gcs", "Bilirubin": "bilirubin", "Mean Arterial Pressure": "mean_arterial_pressure",
        "Systolic Blood Pressure": "systolic_bp", "Diastolic Blood Pressure": "diastolic_bp",
        "Hypotension": "hypotension", "DOPamine": "dopamine", "DOBUTamine": "dobutamine",
        "EPINEPHrine": "epinephrine", "norEPINEPHrine": "norepinephrine", "creatinine": "creatinine",
        "Urine Output": "urine_output",
    },
))


# ---------------------------------------------------------------------------
# Glasgow-Blatchford Bleeding Score
# ---------------------------------------------------------------------------


class GBSInputs(SexNormalised):
    bun: float = quantity("mg/dL", analyte="bun", description="Blood urea nitrogen (urea in mmol/L is converted)",
                          ge=1, le=300, accepted_units=["mmol/L"])
    hemoglobin: float = quantity("g/dL", analyte="hemoglobin", description="Haemoglobin", ge=1, le=25,
                                 accepted_units=["g/L"])
    sex: Sex = sex_input()
    systolic_bp: float = quantity("mmHg", description="Systolic blood pressure", ge=20, le=300)
    heart_rate: float = quantity("1/min", description="Heart rate", ge=10, le=300)
    melena: bool = finding("Melena present")
    syncope: bool = finding("Recent syncope")
    hepatic_disease: bool = finding("History of hepatic disease (or clinical/laboratory evidence)")
    cardiac_failure: bool = finding("Cardiac failure present")


def _gbs(x: GBSInputs) -> CalculatorResult:
    b = x.bun
    # MedCalc-Bench bands in mg/dL (Blatchford's urea mmol/L × 2.8): <18.2, 18.2-22.3, 22.4-28, 28-70, >70.
    bun_p = 0 if b < 18.2 else 2 if b < 22.4 else 3 if b < 28 else 4 if b <= 70 else 6
    h = x.hemoglobin
    if x.sex == "male":
        hb_p = 0 if h >= 13 else 1 if h >= 12 else 3 if h >= 10 else 6
        hb_rule = "men: >=13: 0, 12-12.9: 1, 10-11.9: 3, <10: 6"
    else:
        hb_p = 0 if h >= 12 else 1 if h >= 10 else 6
        hb_rule = "women: >=12: 0, 10-11.9: 1, <10: 6"
    s = x.systolic_bp
    sbp_p = 0 if s >= 110 else 1 if s >= 100 else 2 if s >= 90 else 3
    hr_p = 1 if x.heart_rate >= 100 else 0
    pts = {"bun": bun_p, "hemoglobin": hb_p, "systolic_bp": sbp_p, "heart_rate": hr_p,
           "melena": 1 if x.melena else 0, "syncope": 2 if x.syncope else 0,
           "hepatic_disease": 2 if x.hepatic_disease else 0, "cardiac_failure": 2 if x.cardiac_failure else 0}
    total = sum(pts.values())
    steps = [
        f"BUN {b:.3g} mg/dL (<18.2: 0, 18.2-22.3: 2, 22.4-27.9: 3, 28-70: 4, >70: 6): +{bun_p}",
        f"haemoglobin {h:.3g} g/dL ({hb_rule}): +{hb_p}",
        f"systolic BP {s:g} mmHg (>=110: 0, 100-109: 1, 90-99: 2, <90: 3): +{sbp_p}",
        f"heart rate {x.heart_rate:g}/min (>=100: 1): +{hr_p}",
        f"melena {x.melena}: +{pts['melena']}", f"recent syncope {x.syncope}: +{pts['syncope']}",
        f"hepatic disease {x.hepatic_disease}: +{pts['hepatic_disease']}",
        f"cardiac failure {x.cardiac_failure}: +{pts['cardiac_failure']}",
        f"GBS = {' + '.join(str(v) for v in pts.values())} = {total}",
    ]
    interp = ("0: low risk; outpatient management may be considered" if total == 0 else
              f"{total}: not low risk; higher scores indicate greater need for intervention (transfusion, "
              "endoscopic therapy or surgery)")
    return CalculatorResult(
        calculator="glasgow_blatchford", name="Glasgow-Blatchford Bleeding Score", value=total, unit="points",
        interpretation=interp, explanation=steps,
        reference=("Blatchford O, Murray WR, Blatchford M. A risk score to predict need for treatment for "
                   "upper-gastrointestinal haemorrhage. Lancet. 2000;356(9238):1318-1321."),
        components=pts,
    )


GBS = register(Calculator(
    id="glasgow_blatchford", name="Glasgow-Blatchford Bleeding Score (GBS)", category="risk",
    description=("Glasgow-Blatchford score 0-23 for upper GI bleeding: need for transfusion/endoscopic "
                 "intervention and safe outpatient management, from BUN, haemoglobin by sex, systolic BP, pulse, "
                 "melena, syncope, hepatic disease and cardiac failure."),
    inputs=GBSInputs, compute=_gbs,
    reference="Blatchford O et al. Lancet. 2000;356(9238):1318-1321.",
    output_unit="points", output_type="integer",
    medcalc_id=27, medcalc_name="Glasgow-Blatchford Bleeding Score (GBS)",
    aliases=["GBS", "Blatchford score", "Glasgow Blatchford", "upper GI bleed score"],
    conventions=[
        "BUN bands in mg/dL as MedCalc-Bench writes them (urea mmol/L × 2.8): <18.2: 0, 18.2-22.3: 2, "
        "22.4-27.9: 3, 28-70: 4, >70: 6 (BUN of exactly 70 mg/dL scores 4; Blatchford's urea >= 25 mmol/L "
        "would give 6).",
        "Urea/BUN in mmol/L is converted to BUN mg/dL with 28.014 g/mol (urea nitrogen).",
        "Findings not documented score 0.",
    ],
    medcalc_keys={
        "Blood Urea Nitrogen (BUN)": "bun", "BUN": "bun", "Hemoglobin": "hemoglobin", "sex": "sex",
        "Systolic Blood Pressure": "systolic_bp", "Heart Rate or Pulse": "heart_rate", "Melena Present": "melena",
        "Melena": "melena", "Recent Syncope": "syncope", "Syncope": "syncope",
        "Hepatic disease history": "hepatic_disease", "Hepatic Disease History": "hepatic_disease",
        "Cardiac Failure Present": "cardiac_failure", "Cardiac failure": "cardiac_failure",
    },
))
