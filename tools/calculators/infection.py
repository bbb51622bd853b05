"""Infection scores: Centor (McIsaac), FeverPAIN, CURB-65 and the SIRS criteria.

MedCalc-Bench ids 20, 33, 45 and 51. Temperatures are taken in °C; a value given
in °F (or K) is converted explicitly and the conversion is shown in the
explanation. Undocumented findings score 0 and undocumented measurements are
taken as not meeting their criterion (MedCalc-Bench's convention), reported as
assumed; a score with no measurement at all is refused.
"""

from __future__ import annotations

from typing import Any

from pydantic import PrivateAttr, field_validator, model_validator

from medmirror.tools.calculators.base import Calculator, CalculatorResult, finding, quantity
from medmirror.tools.calculators.cardiac_risk import Item, ScoreInputs, age_field, tally, yes_no
from medmirror.tools.calculators.registry import register
from medmirror.tools.calculators.units import UnitConversionError, normalise_unit, parse_quantity


def _flag(x: ScoreInputs, key: str, label: str, pts: int = 1) -> Item:
    value = bool(getattr(x, key))
    return (key, f"{label} {yes_no(value, key in x.given())}", pts if value else 0)


class TemperatureInputs(ScoreInputs):
    """Inputs with an optional temperature; keeps the raw value to show the °F -> °C conversion."""

    temperature: float | None = quantity(
        "°C", description="Body temperature; °F accepted and converted", ge=13, le=47,
        accepted_units=["°F", "K"], default=None)
    _raw_temperature: Any = PrivateAttr(default=None)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_raw_temperature(cls, data: Any, handler: Any) -> Any:
        raw = data.get("temperature") if isinstance(data, dict) else None
        model = handler(data)
        model._raw_temperature = raw
        return model

    @field_validator("temperature")
    @classmethod
    def _drop_conversion_noise(cls, v: float | None) -> float | None:
        # (100.4 - 32) x 5/9 gives 38.00000000000001 in floating point; the threshold is the same temperature.
        return None if v is None else round(v, 6)

    def temperature_text(self) -> str:
        """'39.4 °C', or '103 °F = (103 - 32) x 5/9 = 39.44 °C' when converted from °F."""
        assert self.temperature is not None
        celsius = f"{self.temperature:.2f} °C"
        raw = self._raw_temperature
        value: Any = None
        unit: str | None = None
        if isinstance(raw, dict):
            value, unit = raw.get("value"), raw.get("unit")
        elif isinstance(raw, (list, tuple)) and len(raw) == 2:
            value, unit = raw
        elif isinstance(raw, str):
            try:
                value, unit = parse_quantity(raw)
            except UnitConversionError:
                return celsius
        if unit is None:
            return celsius
        norm = normalise_unit(unit)
        if norm == "degF":
            return f"{float(value):g} °F = ({float(value):g} - 32) x 5/9 = {celsius}"
        if norm in ("K", "kelvin"):
            return f"{float(value):g} K = {float(value):g} - 273.15 = {celsius}"
        return celsius


# ---------------------------------------------------------------------------
# 20: Centor score, modified (McIsaac)
# ---------------------------------------------------------------------------

CENTOR_REF = (
    "McIsaac WJ, White D, Tannenbaum D, Low DE. A clinical score to reduce unnecessary antibiotic use in patients "
    "with sore throat. CMAJ. 1998;158(1):75-83; McIsaac WJ, Kellner JD, Aufricht P, Vanjaka A, Low DE. Empirical "
    "validation of guidelines for the management of pharyngitis in children and adults. JAMA. 2004;291(13):1587-1595."
)
_CENTOR_RISK = {0: "1-2.5%", 1: "5-10%", 2: "11-17%", 3: "28-35%"}


class CentorInputs(TemperatureInputs):
    age: float = age_field(ge=3, le=120)
    exudate_or_swelling: bool = finding("Exudate or swelling on tonsils")
    tender_nodes: bool = finding("Tender/swollen anterior cervical lymph nodes")
    cough_absent: bool = finding(
        "Cough absent. Not documented = cough assumed absent, which scores 1 (MedCalc-Bench convention)",
        default=True)
    fever_history: bool = finding(
        "Fever by history ('feverish', 'fevers at home') when no temperature is given: scores as > 38 °C "
        "(Centor 1981: 'history of fever'); a measured temperature decides when given")


def _centor(x: CentorInputs) -> CalculatorResult:
    age_pts = 1 if x.age < 15 else (0 if x.age < 45 else -1)
    if x.temperature is None and x.fever_history:
        temp: Item = ("temperature", "No temperature given; fever by history: scored as > 38 °C", 1)
    elif x.temperature is None:
        temp = ("temperature", "Temperature not given, assumed <= 38 °C", 0)
    else:
        temp = ("temperature", f"Temperature {x.temperature_text()} ({'>' if x.temperature > 38 else '<='} 38 °C)",
                int(x.temperature > 38))
    if x.cough_absent:
        cough_txt = "Cough absent" if "cough_absent" in x.given() else "Cough not documented, assumed absent"
    else:
        cough_txt = "Cough present"
    items: list[Item] = [
        ("age", f"Age {x.age:g} years (3-14: +1, 15-44: 0, >= 45: -1)", age_pts),
        _flag(x, "exudate_or_swelling", "Tonsillar exudate or swelling"),
        _flag(x, "tender_nodes", "Tender/swollen anterior cervical nodes"),
        temp,
        ("cough_absent", cough_txt, int(x.cough_absent)),
    ]
    total, comps, lines = tally(items)
    total = int(total)
    risk = _CENTOR_RISK.get(max(total, 0), "51-53%")
    if total <= 1:
        advice = "no throat culture or antibiotic"
    elif total <= 3:
        advice = "throat culture or rapid antigen test; treat if positive"
    else:
        advice = "throat culture and/or empirical antibiotic"
    return CalculatorResult(
        calculator="centor_mcisaac", name="Centor Score (Modified/McIsaac)", value=total, unit="points",
        interpretation=f"probability of streptococcal pharyngitis {risk}: {advice}",
        explanation=lines, reference=CENTOR_REF, components=comps,
        assumed=["temperature"] if x.temperature is None and not x.fever_history else [],
    )


def _centor_from_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    """MDCalc 104's inputs (age band 1/0/-1, 0/1 flags) -> this calculator's arguments.

    MDCalc asks for the age band and a fever flag, not the values: a band maps to an age inside it (10, 30,
    50 years) and the flag to a temperature on its side of 38 °C (38.5 / 37.0), which score the same points.
    An input MDCalc did not give is left out.
    """
    out: dict[str, Any] = {}
    if raw.get("age_range") in (1, 0, -1):
        out["age"] = {1: 10, 0: 30, -1: 50}[raw["age_range"]]
    if "fever" in raw:
        out["temperature"] = 38.5 if raw["fever"] else 37.0
    for src, dst in (("exudate_swelling", "exudate_or_swelling"), ("lymph_nodes", "tender_nodes"),
                     ("cough", "cough_absent")):
        if src in raw:
            out[dst] = bool(raw[src])
    return out


register(Calculator(
    id="centor_mcisaac", name="Centor Score (Modified/McIsaac)", category="severity",
    description="Modified Centor (McIsaac) score, -1 to 5: likelihood of group A streptococcal pharyngitis in sore throat.",
    inputs=CentorInputs, compute=_centor, reference=CENTOR_REF, output_unit="points", output_type="integer",
    medcalc_id=20, medcalc_name="Centor Score (Modified/McIsaac) for Strep Pharyngitis",
    aliases=["Centor", "McIsaac", "modified Centor", "strep throat score", "sore throat score"],
    mdcalc_ids=[104], mdcalc_adapter=_centor_from_mdcalc,
    conventions=[
        "Age 3-14: +1, 15-44: 0, >= 45: -1 (ages under 3 are outside the score).",
        "Temperature > 38 °C (100.4 °F) scores 1; °F converted as (°F - 32) x 5/9; not given = assumed <= 38 °C, "
        "unless a fever by history is given (fever_history), which scores 1 (Centor 1981).",
        "Cough not documented is taken as absent and scores 1 (MedCalc-Bench); other undocumented findings score 0.",
    ],
    medcalc_keys={
        "age": "age", "Temperature": "temperature",
        "Exudate or swelling on tonsils": "exudate_or_swelling",
        "Tender/swollen anterior cervical lymph nodes": "tender_nodes",
        "Cough Absent": "cough_absent",
    },
))


# ---------------------------------------------------------------------------
# 33: FeverPAIN
# ---------------------------------------------------------------------------

FEVERPAIN_REF = (
    "Little P, Moore M, Hobbs FDR, et al. PRImary care Streptococcal Management (PRISM) study: identifying clinical "
    "variables associated with Lancefield group A beta-haemolytic streptococci and Lancefield non-Group A "
    "streptococcal throat infections from two cohorts of patients presenting with an acute sore throat. "
    "BMJ Open. 2013;3(10):e003943."
)


class FeverPAINInputs(ScoreInputs):
    fever_past_24h: bool = finding("Fever in the past 24 hours")
    purulence: bool = finding("Purulent tonsils")
    rapid_attendance: bool = finding("Symptom onset <= 3 days before presentation")
    severe_tonsil_inflammation: bool = finding("Severely inflamed tonsils")
    no_cough_or_coryza: bool = finding(
        "Absence of cough or coryza. Not documented = assumed absent, which scores 1 (MedCalc-Bench convention, "
        "as for Centor's cough)", default=True)


def _feverpain(x: FeverPAINInputs) -> CalculatorResult:
    items: list[Item] = [
        _flag(x, "fever_past_24h", "Fever in past 24 hours"),
        _flag(x, "purulence", "Purulent tonsils"),
        _flag(x, "rapid_attendance", "Symptom onset <= 3 days"),
        _flag(x, "severe_tonsil_inflammation", "Severe tonsil inflammation"),
        ("no_cough_or_coryza",
         "Absence of cough or coryza: " + ("yes (no cough or coryza)" if x.no_cough_or_coryza else
                                           "no (cough or coryza present)" if "no_cough_or_coryza" in x.given()
                                           else "not documented, assumed absent (MedCalc-Bench convention): +1"),
         int(x.no_cough_or_coryza)),
    ]
    total, comps, lines = tally(items)
    total = int(total)
    # isolation rates per score in Little 2013's two cohorts (0-1, 2, 3, 4-5)
    if total <= 1:
        interp = "streptococcus isolated in 13-18%: no antibiotic"
    elif total == 2:
        interp = "streptococcus isolated in 30-35%: consider no antibiotic or a back-up (delayed) prescription"
    elif total == 3:
        interp = "streptococcus isolated in 39-48%: consider no antibiotic or a back-up (delayed) prescription"
    else:
        interp = "streptococcus isolated in 62-65%: consider immediate or back-up antibiotic"
    return CalculatorResult(
        calculator="feverpain", name="FeverPAIN Score", value=total, unit="points",
        interpretation=interp, explanation=lines, reference=FEVERPAIN_REF, components=comps,
    )


def _feverpain_from_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    """MDCalc 3316's 0/1 flags -> this calculator's findings (an input MDCalc did not give is left out)."""
    names = {"fev": "fever_past_24h", "cough": "no_cough_or_coryza", "symp": "rapid_attendance", "pur": "purulence",
             "inf": "severe_tonsil_inflammation"}
    return {dst: bool(raw[src]) for src, dst in names.items() if src in raw}


register(Calculator(
    id="feverpain", name="FeverPAIN Score", category="diagnosis",
    description="FeverPAIN score (0-5) for streptococcal pharyngitis in acute sore throat, guiding antibiotic prescribing.",
    inputs=FeverPAINInputs, compute=_feverpain, reference=FEVERPAIN_REF, output_unit="points", output_type="integer",
    medcalc_id=33, medcalc_name="FeverPAIN Score for Strep Pharyngitis",
    aliases=["FeverPAIN", "Fever PAIN", "sore throat antibiotic score"],
    mdcalc_ids=[3316], mdcalc_adapter=_feverpain_from_mdcalc,
    conventions=[
        "One point each; undocumented fever, purulence, rapid attendance and severe inflammation score 0.",
        "Absence of cough or coryza not documented is taken as absent and scores 1 (MedCalc-Bench: its labels "
        "score an unmentioned cough/coryza as absent, as its Centor explanations state for cough; Little et al. "
        "2013 define the item but say nothing of undocumented findings).",
    ],
    medcalc_keys={
        "Fever in past 24 hours": "fever_past_24h", "Purulent tonsils": "purulence", "Purulence": "purulence",
        "Symptom onset <=3 days": "rapid_attendance", "Symptom onset ≤3 days": "rapid_attendance",
        "Severe tonsil inflammation": "severe_tonsil_inflammation",
        "Absence of cough or coryza": "no_cough_or_coryza",
    },
))


# ---------------------------------------------------------------------------
# 45: CURB-65
# ---------------------------------------------------------------------------

CURB65_REF = (
    "Lim WS, van der Eerden MM, Laing R, et al. Defining community acquired pneumonia severity on presentation to "
    "hospital: an international derivation and validation study. Thorax. 2003;58(5):377-382."
)
_CURB65_MORTALITY = {0: "0.7%", 1: "3.2%", 2: "13.0%", 3: "17.0%", 4: "41.5%", 5: "57.0%"}
# Lim 2003's figures over its derivation and validation cohorts together (the ones MDCalc shows; 4 and 5 pooled)
_CURB65_POOLED = {0: "0.6%", 1: "2.7%", 2: "6.8%", 3: "14.0%", 4: "27.8%", 5: "27.8%"}


class CURB65Inputs(ScoreInputs):
    age: float = age_field()
    confusion: bool = finding("New confusion")
    bun: float | None = quantity("mg/dL", description="Blood urea nitrogen (criterion: > 19 mg/dL)", analyte="bun",
                                 ge=0.5, le=300, accepted_units=["mmol/L"], default=None)
    urea: float | None = quantity("mmol/L", description="Serum urea (criterion: > 7 mmol/L), if reported as urea",
                                  analyte="urea", ge=0.2, le=110, accepted_units=["mg/dL"], default=None)
    respiratory_rate: float | None = quantity("/min", description="Respiratory rate (criterion: >= 30 /min)",
                                              ge=1, le=100, accepted_units=["breaths per minute"], default=None)
    systolic_bp: float | None = quantity("mmHg", description="Systolic blood pressure (criterion: < 90 mmHg)",
                                         ge=20, le=300, default=None)
    diastolic_bp: float | None = quantity("mmHg", description="Diastolic blood pressure (criterion: <= 60 mmHg)",
                                          ge=10, le=200, default=None)


def _curb65(x: CURB65Inputs) -> CalculatorResult:
    assumed: list[str] = []
    # Urea nitrogen
    parts, met = [], False
    if x.bun is not None:
        met |= x.bun > 19
        parts.append(f"BUN {x.bun:g} mg/dL ({'>' if x.bun > 19 else '<='} 19)")
    if x.urea is not None:
        met |= x.urea > 7
        parts.append(f"urea {x.urea:g} mmol/L ({'>' if x.urea > 7 else '<='} 7)")
    if not parts:
        assumed.append("bun")
        parts.append("BUN/urea not given, assumed normal")
    urea_item: Item = ("urea", "; ".join(parts), int(met))
    # Respiratory rate
    if x.respiratory_rate is None:
        assumed.append("respiratory_rate")
        rr: Item = ("respiratory_rate", "Respiratory rate not given, assumed < 30 /min", 0)
    else:
        rr = ("respiratory_rate",
              f"Respiratory rate {x.respiratory_rate:g} /min ({'>=' if x.respiratory_rate >= 30 else '<'} 30)",
              int(x.respiratory_rate >= 30))
    # Blood pressure
    bp_parts, low_bp = [], False
    if x.systolic_bp is not None:
        low_bp |= x.systolic_bp < 90
        bp_parts.append(f"systolic {x.systolic_bp:g} mmHg ({'<' if x.systolic_bp < 90 else '>='} 90)")
    if x.diastolic_bp is not None:
        low_bp |= x.diastolic_bp <= 60
        bp_parts.append(f"diastolic {x.diastolic_bp:g} mmHg ({'<=' if x.diastolic_bp <= 60 else '>'} 60)")
    if not bp_parts:
        assumed += ["systolic_bp", "diastolic_bp"]
        bp_parts.append("blood pressure not given, assumed normal")
    items: list[Item] = [
        _flag(x, "confusion", "Confusion"),
        urea_item,
        rr,
        ("blood_pressure", "Blood pressure: " + "; ".join(bp_parts), int(low_bp)),
        ("age", f"Age {x.age:g} years ({'>=' if x.age >= 65 else '<'} 65)", int(x.age >= 65)),
    ]
    total, comps, lines = tally(items)
    total = int(total)
    if total <= 1:
        band = "low severity: consider home treatment"
    elif total == 2:
        band = "moderate severity: short inpatient stay or hospital-supervised outpatient treatment"
    else:
        band = "severe (high severity) pneumonia: hospitalise, consider ICU at 4-5"
    return CalculatorResult(
        calculator="curb_65", name="CURB-65 Score", value=total, unit="points",
        interpretation=(f"{band}; 30-day mortality: {_CURB65_MORTALITY[total]} in the derivation cohort, "
                        f"{_CURB65_POOLED[total]} over all cohorts"),
        explanation=lines, reference=CURB65_REF, components=comps, assumed=assumed,
    )


def _curb65_from_mdcalc(mdcalc_id: int, raw: dict[str, Any]) -> dict[str, Any]:
    """MDCalc 324's gold inputs (one yes/no per criterion) -> values on the criterion's side of its cut-off."""
    out: dict[str, Any] = {}
    if "confusion" in raw:
        out["confusion"] = bool(raw["confusion"])
    if "bun" in raw:
        out["bun"] = 20 if raw["bun"] else 19  # BUN > 19 mg/dL
    if "respiratory_rate" in raw:
        out["respiratory_rate"] = 30 if raw["respiratory_rate"] else 20  # >= 30 /min
    if "systolic_diastolic_bp" in raw:  # systolic < 90 or diastolic <= 60 mmHg
        low = bool(raw["systolic_diastolic_bp"])
        out["systolic_bp"], out["diastolic_bp"] = (85, 55) if low else (120, 80)
    if "age_65" in raw:
        out["age"] = 70 if raw["age_65"] else 50
    return out


register(Calculator(
    id="curb_65", name="CURB-65 Score", category="risk",
    description="CURB-65 (0-5): severity and 30-day mortality of community-acquired pneumonia, to decide on the place of care.",
    inputs=CURB65Inputs, compute=_curb65, reference=CURB65_REF, output_unit="points", output_type="integer",
    core=("respiratory_rate", "systolic_bp"),  # CRB-65's vital signs observed; urea and confusion may be undocumented
    medcalc_id=45, medcalc_name="CURB-65 Score for Pneumonia Severity",
    mdcalc_ids=[324], mdcalc_adapter=_curb65_from_mdcalc,
    aliases=["CURB-65", "CURB65", "pneumonia severity score"],
    conventions=[
        "BUN > 19 mg/dL or urea > 7 mmol/L; BUN given in mmol/L is urea nitrogen (x 2.801 -> mg/dL).",
        "Respiratory rate >= 30; systolic < 90 mmHg or diastolic <= 60 mmHg; age >= 65.",
        "Undocumented confusion scores 0; a urea or diastolic pressure not given is assumed normal (reported as "
        "assumed); the respiratory rate and systolic pressure must be observed.",
    ],
    medcalc_keys={
        "age": "age", "Confusion": "confusion", "Blood Urea Nitrogen (BUN)": "bun", "BUN": "bun", "Urea": "urea",
        "respiratory rate": "respiratory_rate", "Systolic Blood Pressure": "systolic_bp",
        "Diastolic Blood Pressure": "diastolic_bp",
    },
))


# ---------------------------------------------------------------------------
# 51: SIRS criteria
# ---------------------------------------------------------------------------

SIRS_REF = (
    "Bone RC, Balk RA, Cerra FB, et al. Definitions for sepsis and organ failure and guidelines for the use of "
    "innovative therapies in sepsis. The ACCP/SCCM Consensus Conference Committee. Chest. 1992;101(6):1644-1655."
)


class SIRSInputs(TemperatureInputs):
    heart_rate: float | None = quantity("/min", description="Heart rate (criterion: > 90 /min)", ge=20, le=300,
                                        accepted_units=["beats per minute"], default=None)
    respiratory_rate: float | None = quantity("/min", description="Respiratory rate (criterion: > 20 /min)",
                                              ge=1, le=100, accepted_units=["breaths per minute"], default=None)
    paco2: float | None = quantity("mmHg", description="PaCO2 (criterion: < 32 mmHg)", ge=5, le=200,
                                   accepted_units=["kPa"], default=None)
    wbc: float | None = quantity(
        "/µL", description="White blood cell count (criterion: > 12,000 or < 4,000 /µL); give units, "
                           "a bare number is read as cells/µL", ge=100, le=1_000_000,
        accepted_units=["10^3/µL", "10^9/L", "/mm³"], default=None)
    bands: float | None = quantity("%", description="Immature (band) neutrophils (criterion: > 10%)",
                                   ge=0, le=100, default=None)


# SIRS's core: at least one measurement (the criteria not measured count as not met)
SIRS_MEASUREMENTS = ("temperature", "heart_rate", "respiratory_rate", "paco2", "wbc", "bands")


def _sirs(x: SIRSInputs) -> CalculatorResult:
    # Temperature
    if x.temperature is None:
        t: Item = ("temperature", "Temperature not given, assumed 36-38 °C", 0)
    else:
        abnormal = x.temperature > 38 or x.temperature < 36
        t = ("temperature", f"Temperature {x.temperature_text()} (criterion > 38 or < 36 °C "
                            f"{'met' if abnormal else 'not met'})", int(abnormal))
    # Heart rate
    if x.heart_rate is None:
        hr: Item = ("heart_rate", "Heart rate not given, assumed <= 90 /min", 0)
    else:
        hr = ("heart_rate", f"Heart rate {x.heart_rate:g} /min ({'>' if x.heart_rate > 90 else '<='} 90)",
              int(x.heart_rate > 90))
    # Respiratory rate or PaCO2
    parts, resp = [], False
    if x.respiratory_rate is not None:
        resp |= x.respiratory_rate > 20
        parts.append(f"respiratory rate {x.respiratory_rate:g} /min ({'>' if x.respiratory_rate > 20 else '<='} 20)")
    if x.paco2 is not None:
        resp |= x.paco2 < 32
        parts.append(f"PaCO2 {x.paco2:g} mmHg ({'<' if x.paco2 < 32 else '>='} 32)")
    rr: Item = ("respiratory", "Respiration: " + ("; ".join(parts) or "not given, assumed normal"), int(resp))
    # White cells
    wparts, leuk = [], False
    if x.wbc is not None:
        leuk |= x.wbc > 12000 or x.wbc < 4000
        state = "> 12,000" if x.wbc > 12000 else ("< 4,000" if x.wbc < 4000 else "4,000-12,000")
        wparts.append(f"WBC {x.wbc:g} /µL ({state})")
    if x.bands is not None:
        leuk |= x.bands > 10
        wparts.append(f"bands {x.bands:g}% ({'>' if x.bands > 10 else '<='} 10%)")
    w: Item = ("white_cells", "White cells: " + ("; ".join(wparts) or "not given, assumed normal"), int(leuk))
    total, comps, lines = tally([t, hr, rr, w])
    total = int(total)
    interp = (f"meets SIRS ({total} of 4 criteria, >= 2 required)" if total >= 2
              else f"does not meet SIRS ({total} of 4 criteria, >= 2 required)")
    assumed = [n for n in SIRS_MEASUREMENTS if getattr(x, n) is None]
    return CalculatorResult(
        calculator="sirs_criteria", name="SIRS Criteria", value=total, unit="criteria",
        interpretation=interp, explanation=lines, reference=SIRS_REF, components=comps, assumed=assumed,
    )


register(Calculator(
    id="sirs_criteria", name="SIRS Criteria", category="diagnosis",
    description="Systemic inflammatory response syndrome: number of the 4 SIRS criteria met (temperature, heart rate, "
                "respiration/PaCO2, white cells); >= 2 defines SIRS.",
    inputs=SIRSInputs, compute=_sirs, core=SIRS_MEASUREMENTS, core_min=1, reference=SIRS_REF, output_unit="criteria", output_type="integer",
    medcalc_id=51, medcalc_name="SIRS Criteria",
    aliases=["SIRS", "systemic inflammatory response syndrome", "sepsis criteria"],
    conventions=[
        "The value is the count of criteria met (0-4).",
        "Temperature > 38 or < 36 °C (°F converted as (°F - 32) x 5/9); heart rate > 90; respiratory rate > 20 "
        "or PaCO2 < 32 mmHg; WBC > 12,000 or < 4,000 /µL or bands > 10%.",
        "Measurements not given are assumed normal; at least one measurement is required.",
    ],
    medcalc_keys={
        "Temperature": "temperature", "Heart Rate or Pulse": "heart_rate", "respiratory rate": "respiratory_rate",
        "PaCO₂": "paco2", "PaCO2": "paco2", "White blood cell count": "wbc",
        "Band form percentage": "bands", "Band form": "bands", "Bands": "bands", "Percentage of band forms": "bands",
    },
))
