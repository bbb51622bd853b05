"""Bedside critical-care calculators that multi-calculator workflows chain (MedMCP-Calc's commonest).

Shock index (and modified shock index), the paediatric age-adjusted shock index (SIPA), the arterial blood
gas analyser (primary disorder, expected compensation, anion gap, delta ratio), the PaO2/FiO2 and SpO2/FiO2
ratios, the alveolar-arterial O2 gradient, NEWS2 and the Richmond Agitation-Sedation Scale. Winter's formula, the
urine anion gap, Henderson-Hasselbalch, the oxygenation index, the rapid shallow breathing index and static
compliance. Each follows its primary publication; the conventions each card states are the choices where publications differ.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import field_validator

from medmirror.tools.calculators.anthropometrics import input_error
from medmirror.tools.calculators.base import Calculator, CalculatorInputs, CalculatorResult, finding, quantity
from medmirror.tools.calculators.electrolytes import _albumin, _bicarbonate, anion_gap
from medmirror.tools.calculators.library._workflow_common import FiO2Percent
from medmirror.tools.calculators.library._workflow_common import result as _result
from medmirror.tools.calculators.registry import register


def _heart_rate(description: str = "Heart rate") -> Any:
    return quantity("1/min", description=description, ge=1, le=300, accepted_units=["beats/min", "bpm"])


def _sbp(description: str = "Systolic blood pressure") -> Any:
    return quantity("mmHg", description=description, ge=20, le=300, accepted_units=["kPa"])


def _fio2() -> Any:
    return quantity("%", description="Inspired oxygen fraction (a bare 0.21-1.0 is read as a fraction)",
                    ge=21, le=100)


def _pao2(description: str = "Arterial PaO2") -> Any:
    return quantity("mmHg", description=description, ge=10, le=700, accepted_units=["kPa"])


def _paco2() -> Any:
    return quantity("mmHg", description="Arterial PaCO2", ge=5, le=200, accepted_units=["kPa"])


# ---------------------------------------------------------------------------
# Shock index and modified shock index
# ---------------------------------------------------------------------------

SI_REF = ("Allgöwer M, Burri C. ['Shock index']. Dtsch Med Wochenschr 1967;92(43):1947-1950. Modified shock "
          "index: Liu YC, Liu JH, Fang ZA, et al. Modified shock index and mortality rate of emergency patients. "
          "World J Emerg Med 2012;3(2):114-117.")


class ShockIndexInputs(CalculatorInputs):
    heart_rate: float = _heart_rate()
    systolic_bp: float = _sbp()
    diastolic_bp: float | None = quantity("mmHg", description="Diastolic blood pressure (optional: gives the "
                                          "modified shock index, heart rate / MAP)", ge=5, le=200,
                                          accepted_units=["kPa"], default=None)


def shock_index_value(heart_rate: float, systolic_bp: float) -> float:
    return heart_rate / systolic_bp


def _shock_index(x: ShockIndexInputs) -> CalculatorResult:
    si = shock_index_value(x.heart_rate, x.systolic_bp)
    if si < 0.5:
        text = "below the usual 0.5-0.7"
    elif si <= 0.7:
        text = "normal (0.5-0.7)"
    elif si < 1.0:
        text = "elevated (> 0.7): possible occult shock"
    else:
        text = "markedly elevated (>= 1.0): associated with shock, transfusion need and higher mortality"
    lines = [f"shock index = heart rate / systolic BP = {x.heart_rate:g} / {x.systolic_bp:g} = {si:.4f}"]
    comps: dict[str, Any] = {"shock_index": si}
    if x.diastolic_bp is not None:
        if x.diastolic_bp >= x.systolic_bp:
            raise input_error("Shock Index", "diastolic_bp", f"diastolic {x.diastolic_bp:g} mmHg is not below "
                              f"systolic {x.systolic_bp:g} mmHg")
        mean_ap = (x.systolic_bp + 2 * x.diastolic_bp) / 3
        msi = x.heart_rate / mean_ap
        band = "< 0.7 (low)" if msi < 0.7 else "0.7-1.3 (normal)" if msi <= 1.3 else "> 1.3 (high: higher mortality)"
        lines.append(f"MAP = (SBP + 2 x DBP) / 3 = ({x.systolic_bp:g} + 2 x {x.diastolic_bp:g}) / 3 = {mean_ap:.2f}"
                     f" mmHg; modified shock index = HR / MAP = {msi:.4f}: {band}")
        comps.update(mean_arterial_pressure=mean_ap, modified_shock_index=msi)
        text += f"; modified shock index {msi:.2f} {band}"
    return _result("shock_index", "Shock Index", SI_REF, si, "", text, lines, comps)


SHOCK_INDEX = register(Calculator(
    id="shock_index", name="Shock Index", category="severity",
    description=("Heart rate divided by systolic blood pressure, a bedside sign of occult shock and haemorrhage; "
                 "with the diastolic pressure also the modified shock index (heart rate / mean arterial pressure)."),
    inputs=ShockIndexInputs, compute=_shock_index, reference=SI_REF, output_type="decimal",
    aliases=["Shock Index", "SI", "modified shock index", "MSI", "heart rate to systolic blood pressure ratio"],
    conventions=["Value: HR / SBP, unrounded; 0.5-0.7 normal, >= 1.0 markedly elevated (Allgöwer).",
                 "Modified shock index only when the diastolic pressure is given: MAP = (SBP + 2 DBP) / 3; "
                 "0.7-1.3 normal (Liu 2012)."],
))


# ---------------------------------------------------------------------------
# Shock Index, Pediatric Age-Adjusted (SIPA)
# ---------------------------------------------------------------------------

SIPA_REF = ("Acker SN, Ross JT, Partrick DA, Tong S, Bensard DD. Pediatric specific shock index accurately identifies "
            "severely injured children. J Pediatr Surg 2015;50(2):331-334.")
# (lowest age, highest age, highest normal SIPA): Acker 2015
SIPA_CUTOFFS = ((4, 6, 1.22), (7, 12, 1.0), (13, 16, 0.9))


class SIPAInputs(CalculatorInputs):
    age: float = quantity("years", description="Age (validated 4-16 years)", ge=4, le=16.999)
    heart_rate: float = _heart_rate("Maximum heart rate in the first hour")
    systolic_bp: float = _sbp("Minimum systolic blood pressure in the first hour")


def _sipa(x: SIPAInputs) -> CalculatorResult:
    years = int(x.age)
    cutoff = next(c for lo, hi, c in SIPA_CUTOFFS if lo <= years <= hi)
    si = shock_index_value(x.heart_rate, x.systolic_bp)
    elevated = si > cutoff
    text = (f"elevated (> {cutoff:g} for age {years}): identifies the more severely injured child"
            if elevated else f"not elevated (<= {cutoff:g} for age {years})")
    return _result("pediatric_shock_index", "Shock Index, Pediatric Age-Adjusted (SIPA)", SIPA_REF, si, "", text,
                   [f"shock index = {x.heart_rate:g} / {x.systolic_bp:g} = {si:.4f}",
                    f"age {years} years: highest normal SIPA {cutoff:g} (4-6 y 1.22; 7-12 y 1.0; 13-16 y 0.9)"],
                   {"cutoff": cutoff, "elevated": elevated})


SIPA = register(Calculator(
    id="pediatric_shock_index", name="Shock Index, Pediatric Age-Adjusted (SIPA)", category="severity",
    description=("Shock index (maximum heart rate / minimum systolic pressure) of an injured child aged 4-16 read "
                 "against age-adjusted cut-offs, to identify severe injury."),
    inputs=SIPAInputs, compute=_sipa, reference=SIPA_REF, output_type="decimal",
    aliases=["SIPA", "pediatric age-adjusted shock index", "paediatric shock index"],
    conventions=["Age in completed years; outside 4-16 years the cut-offs are not validated and the input is "
                 "refused.", "Elevated means strictly above the cut-off."],
))


# ---------------------------------------------------------------------------
# Arterial blood gas analyser
# ---------------------------------------------------------------------------

ABG_REF = ("Berend K, de Vries AP, Gans RO. Physiological approach to assessment of acid-base disturbances. N Engl J "
           "Med 2014;371(15):1434-1445. Winter's formula: Albert MS, Dell RB, Winters RW. Quantitative displacement "
           "of acid-base equilibrium in metabolic acidosis. Ann Intern Med 1967;66(2):312-322. Anion gap and delta "
           "ratio: Emmett M, Narins RG. Medicine 1977;56:38-54; Rastegar A. J Am Soc Nephrol 2007;18:2429-2431.")
NORMAL_PH = (7.35, 7.45)
NORMAL_PACO2 = (35.0, 45.0)
NORMAL_HCO3 = (22.0, 26.0)
COMPENSATION_TOLERANCE = 2.0  # ± mmHg around Winter's / the alkalosis rule, ± mEq/L around expected HCO3
NORMAL_AG = 12.0


class ABGInputs(CalculatorInputs):
    ph: float = quantity("", description="Arterial pH", ge=6.5, le=8.0)
    paco2: float = _paco2()
    bicarbonate: float = _bicarbonate()
    sodium: float | None = quantity("mEq/L", analyte="sodium", description="Serum sodium (with chloride: the anion "
                                    "gap)", ge=80, le=220, accepted_units=["mmol/L"], default=None)
    chloride: float | None = quantity("mEq/L", analyte="chloride", description="Serum chloride", ge=40, le=180,
                                      accepted_units=["mmol/L"], default=None)
    albumin: float | None = _albumin("Serum albumin (corrects the anion gap)", default=None)
    chronicity: Literal["acute", "chronic"] | None = None

    @field_validator("chronicity", mode="before")
    @classmethod
    def _chronicity(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v


def _expected_hco3(paco2: float, chronic: bool) -> tuple[float, str]:
    """Expected HCO3 for a primary respiratory disorder (Berend 2014): per 10 mmHg of PaCO2 from 40,
    acidosis +1 (acute) / +3.5 (chronic); alkalosis -2 (acute) / -4 (chronic)."""
    if paco2 >= 40:
        per10 = 3.5 if chronic else 1.0
        return 24 + per10 * (paco2 - 40) / 10, f"24 + {per10:g} x ({paco2:g} - 40) / 10"
    per10 = 4.0 if chronic else 2.0
    return 24 - per10 * (40 - paco2) / 10, f"24 - {per10:g} x (40 - {paco2:g}) / 10"


def _compare(actual: float, expected: float, low: str, high: str, ok: str) -> str:
    if actual > expected + COMPENSATION_TOLERANCE:
        return high
    if actual < expected - COMPENSATION_TOLERANCE:
        return low
    return ok


def _abg(x: ABGInputs) -> CalculatorResult:
    name = "Arterial Blood Gas (ABG) Analyzer"
    lines: list[str] = []
    comps: dict[str, Any] = {}
    in_range = (NORMAL_PH[0] <= x.ph <= NORMAL_PH[1] and NORMAL_PACO2[0] <= x.paco2 <= NORMAL_PACO2[1]
                and NORMAL_HCO3[0] <= x.bicarbonate <= NORMAL_HCO3[1])
    if in_range:
        text = "No acid-base disorder: pH, PaCO2 and HCO3 within normal ranges"
        lines.append(f"pH {x.ph:g} (7.35-7.45), PaCO2 {x.paco2:g} (35-45 mmHg), HCO3 {x.bicarbonate:g} (22-26)")
        return _result("abg_analyzer", name, ABG_REF, text, "", text, lines, {"primary": "none"})
    if x.ph == 7.40:
        raise input_error(name, "ph", "pH 7.40 with abnormal PaCO2/HCO3 is a mixed disorder whose primary process "
                          "a blood gas alone cannot name")
    acid = x.ph < 7.40
    metabolic = x.bicarbonate < 24 if acid else x.bicarbonate > 24
    respiratory = x.paco2 > 40 if acid else x.paco2 < 40
    kind = "Acidosis" if acid else "Alkalosis"
    lines.append(f"pH {x.ph:g} {'<' if acid else '>'} 7.40: {'acid' if acid else 'alkal'}aemic side; HCO3 "
                 f"{x.bicarbonate:g} vs 24, PaCO2 {x.paco2:g} vs 40")
    if metabolic and respiratory:
        primary = f"Mixed Metabolic and Respiratory {kind}"
        findings: list[str] = []
    elif metabolic:
        primary = f"Primary Metabolic {kind}"
        if acid:
            expected, rule = 1.5 * x.bicarbonate + 8, f"Winter's formula 1.5 x {x.bicarbonate:g} + 8"
        else:
            expected, rule = 0.7 * x.bicarbonate + 21, f"0.7 x {x.bicarbonate:g} + 21"
        lines.append(f"expected PaCO2 = {rule} = {expected:.2f} ± 2 mmHg; measured {x.paco2:g}")
        comps["expected_paco2"] = expected
        findings = [_compare(x.paco2, expected, "Additional Respiratory Alkalosis", "Additional Respiratory Acidosis",
                             f"Appropriately Compensated by Respiratory {'Alkalosis' if acid else 'Acidosis'}")]
    elif respiratory:
        if x.chronicity is None:
            raise input_error(name, "chronicity", "a primary respiratory disorder needs its chronicity ('acute' or "
                              "'chronic') to set the expected HCO3", problem="missing", expected="'acute' or 'chronic'")
        expected, rule = _expected_hco3(x.paco2, x.chronicity == "chronic")
        primary = f"Primary Respiratory {kind}, {x.chronicity.capitalize()}"
        lines.append(f"expected HCO3 ({x.chronicity}) = {rule} = {expected:.2f} ± 2 mEq/L; measured {x.bicarbonate:g}")
        comps["expected_hco3"] = expected
        findings = [_compare(x.bicarbonate, expected, "Secondary Metabolic Acidosis", "Secondary Metabolic Alkalosis",
                             f"Appropriately Compensated by Metabolic {'Alkalosis' if acid else 'Acidosis'}")]
    else:
        raise input_error(name, "ph", f"pH {x.ph:g} is not explained by PaCO2 {x.paco2:g} mmHg or HCO3 "
                          f"{x.bicarbonate:g} mEq/L (check the values: they are not consistent)")
    gap_sentence = ""
    metabolic_acidosis = acid and metabolic or any("Metabolic Acidosis" in f for f in findings)
    if metabolic_acidosis and x.sodium is not None and x.chloride is not None:
        ag = anion_gap(x.sodium, x.chloride, x.bicarbonate)
        lines.append(f"anion gap = {x.sodium:g} - ({x.chloride:g} + {x.bicarbonate:g}) = {ag:.4g} mEq/L")
        if x.albumin is not None:
            ag = ag + 2.5 * (4.0 - x.albumin)
            lines.append(f"albumin-corrected anion gap = AG + 2.5 x (4.0 - {x.albumin:g}) = {ag:.4g} mEq/L")
        comps["anion_gap"] = ag
        if ag > NORMAL_AG:
            gap_sentence = "This is an Anion Gap Metabolic Acidosis."
            if x.bicarbonate < 24:
                ratio = (ag - NORMAL_AG) / (24 - x.bicarbonate)
                comps["delta_ratio"] = ratio
                lines.append(f"delta ratio = (AG - 12) / (24 - HCO3) = {ag - NORMAL_AG:.4g} / "
                             f"{24 - x.bicarbonate:g} = {ratio:.3f}")
                if ratio < 1:
                    findings.append("Additional Non-Gap Metabolic Acidosis")
                elif ratio > 2:
                    findings.append("Additional Metabolic Alkalosis")
        else:
            gap_sentence = "This is a Non-Gap Metabolic Acidosis."
    text = primary + (", with: " + " and ".join(findings) if findings else "")
    value = f"{gap_sentence} {text}".strip()
    comps["primary"] = primary
    return _result("abg_analyzer", name, ABG_REF, value, "", value, lines, comps)


ABG_ANALYZER = register(Calculator(
    id="abg_analyzer", name="Arterial Blood Gas (ABG) Analyzer", category="diagnosis",
    description=("Interprets an arterial blood gas: the primary acid-base disorder from pH, PaCO2 and HCO3, whether "
                 "compensation is appropriate (Winter's formula, the metabolic-alkalosis rule, expected HCO3 for acute "
                 "or chronic respiratory disorders), the albumin-corrected anion gap and the delta ratio."),
    inputs=ABGInputs, compute=_abg, reference=ABG_REF, output_type="decimal",
    aliases=["ABG analyzer", "arterial blood gas", "ABG interpretation", "acid-base interpretation",
             "acid base disorder", "blood gas analysis"],
    conventions=["Normal ranges: pH 7.35-7.45, PaCO2 35-45 mmHg, HCO3 22-26 mEq/L; all three in range is read as no "
                 "disorder. Otherwise pH below/above 7.40 sets the side, HCO3 vs 24 and PaCO2 vs 40 the process.",
                 "Compensation window ± 2 (mmHg for PaCO2, mEq/L for HCO3). Respiratory rules per 10 mmHg: acidosis "
                 "+1 acute, +3.5 chronic; alkalosis -2 acute, -4 chronic.",
                 "Anion gap = Na - (Cl + HCO3), + 2.5 x (4.0 - albumin g/dL) when albumin is given; > 12 is a gap. "
                 "Delta ratio (AG - 12)/(24 - HCO3): < 1 additional non-gap acidosis, > 2 additional alkalosis.",
                 "The value is the interpretation as text; pH 7.40 with abnormal values is refused (mixed)."],
))


# ---------------------------------------------------------------------------
# PaO2/FiO2 and SpO2/FiO2 ratios, A-a gradient
# ---------------------------------------------------------------------------

PF_REF = ("ARDS Definition Task Force, Ranieri VM, Rubenfeld GD, et al. Acute respiratory distress syndrome: the "
          "Berlin Definition. JAMA 2012;307(23):2526-2533. Horovitz JH, Carrico CJ, Shires GT. Pulmonary response "
          "to major injury. Arch Surg 1974;108(3):349-355.")


class PFInputs(FiO2Percent):
    pao2: float = _pao2()
    fio2: float = _fio2()


def _pf(x: PFInputs) -> CalculatorResult:
    ratio = x.pao2 / (x.fio2 / 100)
    if ratio > 300:
        text = "> 300 mmHg: not in the ARDS range"
    elif ratio > 200:
        text = "200-300 mmHg: mild ARDS range (Berlin, with PEEP/CPAP >= 5 cmH2O)"
    elif ratio > 100:
        text = "100-200 mmHg: moderate ARDS range (Berlin, with PEEP >= 5 cmH2O)"
    else:
        text = "<= 100 mmHg: severe ARDS range (Berlin, with PEEP >= 5 cmH2O)"
    return _result("pf_ratio", "Horowitz Index (PaO2/FiO2 ratio)", PF_REF, ratio, "mmHg", text,
                   [f"P/F = PaO2 / FiO2 = {x.pao2:g} / {x.fio2 / 100:g} = {ratio:.2f} mmHg"])


PF_RATIO = register(Calculator(
    id="pf_ratio", name="Horowitz Index (PaO2/FiO2 ratio)", category="lab",
    description="Arterial oxygen tension over the inspired oxygen fraction, graded by the Berlin ARDS bands.",
    inputs=PFInputs, compute=_pf, reference=PF_REF, output_unit="mmHg",
    aliases=["P/F ratio", "PF ratio", "PaO2/FiO2", "PaO2 FiO2 ratio", "Horowitz index", "Carrico index",
             "Horowitz Index for Lung Function (P/F Ratio)"],
    conventions=["FiO2 as a percentage (21-100) or a fraction (0.21-1.0); PaO2 in mmHg (kPa converted).",
                 "Berlin bands need PEEP >= 5 cmH2O and the other ARDS criteria; the ratio alone is not a diagnosis."],
))

SF_REF = ("Rice TW, Wheeler AP, Bernard GR, et al. Comparison of the SpO2/FIO2 ratio and the PaO2/FIO2 ratio in "
          "patients with acute lung injury or ARDS. Chest 2007;132(2):410-417.")


class SFInputs(FiO2Percent):
    spo2: float = quantity("%", description="Pulse oximetry saturation", ge=50, le=100)
    fio2: float = _fio2()


def _sf(x: SFInputs) -> CalculatorResult:
    ratio = x.spo2 / (x.fio2 / 100)
    text = ("<= 235: corresponds to P/F <= 200" if ratio <= 235 else
            "<= 315: corresponds to P/F <= 300" if ratio <= 315 else "> 315: above the lung-injury range")
    if x.spo2 > 97:
        text += "; SpO2 above 97% is on the flat part of the dissociation curve (the ratio is unreliable)"
    return _result("sf_ratio", "SpO2/FiO2 Ratio", SF_REF, ratio, "", text,
                   [f"S/F = SpO2 / FiO2 = {x.spo2:g} / {x.fio2 / 100:g} = {ratio:.2f}"])


SF_RATIO = register(Calculator(
    id="sf_ratio", name="SpO2/FiO2 Ratio", category="physical",
    description="Pulse oximetry saturation over the inspired oxygen fraction, a non-invasive surrogate of P/F.",
    inputs=SFInputs, compute=_sf, reference=SF_REF,
    aliases=["S/F ratio", "SF ratio", "SpO2/FiO2", "SpO₂/FiO₂ Ratio", "SpO2 FiO2 ratio"],
    conventions=["FiO2 as a percentage or a fraction (0.21-1.0). Rice 2007: S/F 235 ~ P/F 200, S/F 315 ~ P/F 300, "
                 "valid for SpO2 <= 97%."],
))

AA_REF = ("West JB. Respiratory Physiology: The Essentials. Alveolar gas equation. Expected gradient by age: "
          "Mellemgaard K. The alveolar-arterial oxygen difference: its size and components in normal man. Acta "
          "Physiol Scand 1966;67:10-20 (age/4 + 4).")


class AAGradientInputs(FiO2Percent):
    pao2: float = _pao2()
    paco2: float = _paco2()
    fio2: float = _fio2()
    atmospheric_pressure: float = quantity("mmHg", description="Barometric pressure", ge=300, le=800,
                                           accepted_units=["kPa"], default=760.0)
    age: float | None = quantity("years", description="Age (for the expected gradient)", ge=0, le=120, default=None)
    respiratory_quotient: float = quantity("", description="Respiratory quotient", ge=0.6, le=1.2, default=0.8)


def _aa(x: AAGradientInputs) -> CalculatorResult:
    alveolar = x.fio2 / 100 * (x.atmospheric_pressure - 47) - x.paco2 / x.respiratory_quotient
    gradient = alveolar - x.pao2
    lines = [f"PAO2 = FiO2 x (Patm - 47) - PaCO2 / RQ = {x.fio2 / 100:g} x ({x.atmospheric_pressure:g} - 47) - "
             f"{x.paco2:g} / {x.respiratory_quotient:g} = {alveolar:.2f} mmHg",
             f"A-a gradient = PAO2 - PaO2 = {alveolar:.2f} - {x.pao2:g} = {gradient:.2f} mmHg"]
    comps: dict[str, Any] = {"alveolar_po2": alveolar}
    text = "A-a O2 gradient"
    if x.age is not None:
        normal = x.age / 4 + 4
        comps["expected_gradient"] = normal
        lines.append(f"expected gradient for age = age / 4 + 4 = {normal:.2f} mmHg")
        text = (f"elevated (expected <= {normal:.1f} mmHg for age): V/Q mismatch, shunt or diffusion limit"
                if gradient > normal else f"within the expected {normal:.1f} mmHg for age")
    if x.fio2 > 21:
        text += "; the normal gradient widens on supplemental oxygen"
    return _result("a_a_gradient", "A-a O2 Gradient", AA_REF, gradient, "mmHg", text, lines, comps)


A_A_GRADIENT = register(Calculator(
    id="a_a_gradient", name="A-a O2 Gradient", category="lab",
    description=("Alveolar-arterial oxygen gradient from the alveolar gas equation (FiO2, barometric pressure, PaCO2) "
                 "and the measured PaO2, with the expected gradient for age."),
    inputs=AAGradientInputs, compute=_aa, reference=AA_REF, output_unit="mmHg",
    aliases=["A-a gradient", "A-a O₂ Gradient", "alveolar-arterial gradient", "alveolar arterial oxygen gradient",
             "Aa gradient", "alveolar gas equation"],
    conventions=["Water vapour pressure 47 mmHg (37 °C); respiratory quotient 0.8 unless given; sea level 760 mmHg "
                 "unless given. Expected gradient = age/4 + 4 (room air)."],
))


# ---------------------------------------------------------------------------
# NEWS2
# ---------------------------------------------------------------------------

NEWS2_REF = ("Royal College of Physicians. National Early Warning Score (NEWS) 2: Standardising the assessment of "
             "acute-illness severity in the NHS. Updated report of a working party. London: RCP, 2017.")
Consciousness = Literal["alert", "new confusion", "voice", "pain", "unresponsive"]


class NEWS2Inputs(CalculatorInputs):
    respiratory_rate: float = quantity("1/min", description="Respiratory rate", ge=0, le=80,
                                       accepted_units=["breaths/min"])
    spo2: float = quantity("%", description="Oxygen saturation", ge=50, le=100)
    on_oxygen: bool = finding("Receiving supplemental oxygen")
    hypercapnic_failure: bool = finding("Hypercapnic respiratory failure with a prescribed target of 88-92% "
                                        "(uses SpO2 scale 2)")
    temperature: float = quantity("degC", description="Temperature", ge=25, le=45, accepted_units=["degF"])
    systolic_bp: float = _sbp()
    heart_rate: float = quantity("1/min", description="Pulse", ge=0, le=300, accepted_units=["beats/min", "bpm"])
    consciousness: Consciousness

    @field_validator("consciousness", mode="before")
    @classmethod
    def _acvpu(cls, v: Any) -> Any:
        if not isinstance(v, str):
            return v
        t = v.strip().lower()
        for key, label in (("confus", "new confusion"), ("unrespons", "unresponsive"), ("pain", "pain"),
                           ("voice", "voice"), ("alert", "alert")):
            if key in t:
                return label
        return v


def _bands(value: float, bands: tuple[tuple[float, int], ...], top: int) -> int:
    """Points of the first band whose upper limit (inclusive) holds ``value``; ``top`` above the last."""
    for upper, pts in bands:
        if value <= upper:
            return pts
    return top


def _spo2_points(spo2: float, on_oxygen: bool, scale2: bool) -> int:
    if not scale2:
        return _bands(spo2, ((91, 3), (93, 2), (95, 1)), 0)
    if spo2 <= 83:
        return 3
    if spo2 <= 85:
        return 2
    if spo2 <= 87:
        return 1
    if spo2 <= 92 or not on_oxygen:
        return 0
    return _bands(spo2, ((94, 1), (96, 2)), 3)


def _news2(x: NEWS2Inputs) -> CalculatorResult:
    pts = {
        "respiratory_rate": _bands(x.respiratory_rate, ((8, 3), (11, 1), (20, 0), (24, 2)), 3),
        "spo2": _spo2_points(x.spo2, x.on_oxygen, x.hypercapnic_failure),
        "air_or_oxygen": 2 if x.on_oxygen else 0,
        "systolic_bp": _bands(x.systolic_bp, ((90, 3), (100, 2), (110, 1), (219, 0)), 3),
        "pulse": _bands(x.heart_rate, ((40, 3), (50, 1), (90, 0), (110, 1), (130, 2)), 3),
        "consciousness": 0 if x.consciousness == "alert" else 3,
        "temperature": _bands(x.temperature, ((35.0, 3), (36.0, 1), (38.0, 0), (39.0, 1)), 2),
    }
    total = sum(pts.values())
    if total >= 7:
        text = "High clinical risk (>= 7): emergency assessment by a critical-care team, continuous monitoring"
    elif total >= 5:
        text = "Medium clinical risk (5-6): urgent review by a clinician competent in acute illness"
    elif any(p == 3 for p in pts.values()):
        text = "Low-medium clinical risk (a single parameter scoring 3): urgent ward-based response"
    else:
        text = "Low clinical risk (0-4): ward-based response"
    lines = [f"{k.replace('_', ' ')} -> {v:+d}" for k, v in pts.items()]
    lines.append(f"SpO2 scale {'2 (hypercapnic target 88-92%)' if x.hypercapnic_failure else '1'}")
    lines.append(f"Total = {total}; {text}")
    return _result("news2", "National Early Warning Score (NEWS) 2", NEWS2_REF, total, "points", text, lines, pts)


NEWS2 = register(Calculator(
    id="news2", name="National Early Warning Score (NEWS) 2", category="severity",
    description=("Royal College of Physicians' early warning score for adults: respiratory rate, SpO2 (scale 1, or "
                 "scale 2 for hypercapnic failure), supplemental oxygen, systolic pressure, pulse, consciousness "
                 "(ACVPU) and temperature, with the escalation bands."),
    inputs=NEWS2Inputs, compute=_news2, reference=NEWS2_REF, output_unit="points", output_type="integer",
    aliases=["NEWS2", "NEWS 2", "National Early Warning Score 2", "National Early Warning Score (NEWS) 2",
             "early warning score"],
    conventions=["Consciousness ACVPU: alert scores 0; new confusion, voice, pain or unresponsive score 3.",
                 "SpO2 scale 2 only for a documented hypercapnic failure target of 88-92%; on scale 2, 93% or more "
                 "on room air scores 0.", "Not for children or pregnant women (not validated)."],
))


# ---------------------------------------------------------------------------
# Richmond Agitation-Sedation Scale
# ---------------------------------------------------------------------------

RASS_REF = ("Sessler CN, Gosnell MS, Grap MJ, et al. The Richmond Agitation-Sedation Scale: validity and reliability "
            "in adult intensive care unit patients. Am J Respir Crit Care Med 2002;166(10):1338-1344.")
RASS_LEVELS = (
    (4, "Combative", "Overtly combative, violent, immediate danger to staff"),
    (3, "Very agitated", "Pulls or removes tube(s) or catheter(s); aggressive"),
    (2, "Agitated", "Frequent non-purposeful movement, fights ventilator"),
    (1, "Restless", "Anxious but movements not aggressive or vigorous"),
    (0, "Alert and calm", "Alert and calm"),
    (-1, "Drowsy", "Not fully alert, but sustained awakening (eye opening/contact) to voice (>= 10 seconds)"),
    (-2, "Light sedation", "Briefly awakens with eye contact to voice (< 10 seconds)"),
    (-3, "Moderate sedation", "Movement or eye opening to voice but no eye contact"),
    (-4, "Deep sedation", "No response to voice, but movement or eye opening to physical stimulation"),
    (-5, "Unarousable", "No response to voice or physical stimulation"),
)
RassLevel = Literal["Combative", "Very agitated", "Agitated", "Restless", "Alert and calm", "Drowsy",
                    "Light sedation", "Moderate sedation", "Deep sedation", "Unarousable"]


def _norm(text: str) -> str:
    return re.sub(r"[^a-z]+", " ", text.lower()).strip()


class RASSInputs(CalculatorInputs):
    level: RassLevel

    @field_validator("level", mode="before")
    @classmethod
    def _level(cls, v: Any) -> Any:
        """A level's name (any case, '(-2)' or '-2' beside it ignored) or its number -5..+4 picks the level."""
        if isinstance(v, int) and not isinstance(v, bool):
            return next((name for n, name, _ in RASS_LEVELS if n == v), v)
        if isinstance(v, str):
            t = _norm(v)
            for _, name, _ in sorted(RASS_LEVELS, key=lambda lvl: -len(lvl[1])):  # 'very agitated' before 'agitated'
                if t.startswith(_norm(name)):
                    return name
        return v


def _rass(x: RASSInputs) -> CalculatorResult:
    score, name, desc = next(lvl for lvl in RASS_LEVELS if lvl[1] == x.level)
    if score > 0:
        text = "agitated (positive RASS)"
    elif score >= -2:
        text = "alert to lightly sedated (0 to -2): the usual ICU sedation target"
    elif score == -3:
        text = "moderately sedated"
    else:
        text = "deeply sedated or unarousable: CAM-ICU cannot be assessed"
    return _result("rass", "Richmond Agitation-Sedation Scale (RASS)", RASS_REF, score, "points",
                   f"{score:+d} {name}: {text}", [f"observed level: {name} ({desc}) -> {score:+d}"], {"level": name})


RASS = register(Calculator(
    id="rass", name="Richmond Agitation-Sedation Scale (RASS)", category="severity",
    description=("Observed level of agitation or sedation of an ICU patient, from +4 (combative) to -5 "
                 "(unarousable): the clinician selects the one described level that fits."),
    inputs=RASSInputs, compute=_rass, reference=RASS_REF, output_unit="points", output_type="integer",
    aliases=["RASS", "Richmond Agitation Sedation Scale", "sedation scale", "agitation sedation score"],
    conventions=["An observed scale: one level is selected from its published description; nothing is summed.",
                 "A level may be given by its name or its number (-5 to +4)."],
))


# ---------------------------------------------------------------------------
# Winter's formula, urine anion gap, Henderson-Hasselbalch
# ---------------------------------------------------------------------------

WINTERS_REF = ("Albert MS, Dell RB, Winters RW. Quantitative displacement of acid-base equilibrium in metabolic "
               "acidosis. Ann Intern Med 1967;66(2):312-322.")


class WintersInputs(CalculatorInputs):
    bicarbonate: float = _bicarbonate()
    paco2: float | None = quantity("mmHg", description="Measured PaCO2 (optional: compared with the expected)",
                                   ge=5, le=200, accepted_units=["kPa"], default=None)


def _winters(x: WintersInputs) -> CalculatorResult:
    expected = 1.5 * x.bicarbonate + 8
    low, high = expected - COMPENSATION_TOLERANCE, expected + COMPENSATION_TOLERANCE
    text = f"expected PaCO2 {expected:.1f} mmHg (range {low:.1f}-{high:.1f})"
    if x.paco2 is not None:
        text += "; measured " + _compare(x.paco2, expected, f"{x.paco2:g} is below: additional respiratory alkalosis",
                                         f"{x.paco2:g} is above: additional respiratory acidosis",
                                         f"{x.paco2:g} is within: appropriate respiratory compensation")
    return _result("winters_formula", "Winters' Formula for Metabolic Acidosis Compensation", WINTERS_REF, expected,
                   "mmHg", text, [f"expected PaCO2 = 1.5 x {x.bicarbonate:g} + 8 = {expected:.2f} ± 2 mmHg"],
                   {"low": low, "high": high})


WINTERS = register(Calculator(
    id="winters_formula", name="Winters' Formula for Metabolic Acidosis Compensation", category="lab",
    description="Expected PaCO2 of a respiratory compensation for metabolic acidosis: 1.5 x HCO3 + 8 ± 2 mmHg.",
    inputs=WintersInputs, compute=_winters, reference=WINTERS_REF, output_unit="mmHg",
    aliases=["Winters' formula", "Winter's formula", "Winters formula", "expected PaCO2",
             "metabolic acidosis compensation"],
    conventions=["Only for a metabolic acidosis; the window is ± 2 mmHg."],
))

UAG_REF = ("Batlle DC, Hizon M, Cohen E, Gutterman C, Gupta R. The use of the urinary anion gap in the diagnosis of "
           "hyperchloremic metabolic acidosis. N Engl J Med 1988;318(10):594-599.")


def _urine_ion(name: str, analyte: str) -> Any:
    return quantity("mEq/L", analyte=analyte, description=f"Urine {name}", ge=0, le=500, accepted_units=["mmol/L"])


class UrineAnionGapInputs(CalculatorInputs):
    urine_sodium: float = _urine_ion("sodium", "sodium")
    urine_potassium: float = _urine_ion("potassium", "potassium")
    urine_chloride: float = _urine_ion("chloride", "chloride")


def _uag(x: UrineAnionGapInputs) -> CalculatorResult:
    gap = x.urine_sodium + x.urine_potassium - x.urine_chloride
    text = ("positive: low urinary NH4+ excretion, suggests renal tubular acidosis" if gap > 0 else
            "negative or zero: preserved NH4+ excretion, suggests gastrointestinal bicarbonate loss")
    return _result("urine_anion_gap", "Urine Anion Gap", UAG_REF, gap, "mEq/L", text,
                   [f"UAG = Na + K - Cl = {x.urine_sodium:g} + {x.urine_potassium:g} - {x.urine_chloride:g} = "
                    f"{gap:g} mEq/L"])


URINE_ANION_GAP = register(Calculator(
    id="urine_anion_gap", name="Urine Anion Gap", category="lab",
    description=("Urine sodium plus potassium minus chloride, a bedside index of urinary ammonium in normal anion gap "
                 "metabolic acidosis (renal tubular acidosis vs gastrointestinal loss)."),
    inputs=UrineAnionGapInputs, compute=_uag, reference=UAG_REF, output_unit="mEq/L",
    aliases=["UAG", "urine anion gap", "urinary anion gap"],
    conventions=["Only in a normal anion gap metabolic acidosis; unreliable with ketones or other unmeasured anions "
                 "in the urine, or urine sodium < 20 mEq/L."],
))

HH_REF = ("Hasselbalch KA. Die Berechnung der Wasserstoffzahl des Blutes aus der freien und gebundenen Kohlensäure "
          "desselben. Biochem Z 1917;78:112-144 (pKa 6.1, CO2 solubility 0.03 mmol/L/mmHg).")


class HendersonInputs(CalculatorInputs):
    bicarbonate: float = _bicarbonate()
    paco2: float = _paco2()


def _henderson(x: HendersonInputs) -> CalculatorResult:
    ph = 6.1 + math.log10(x.bicarbonate / (0.03 * x.paco2))
    return _result("henderson_hasselbalch", "Henderson-Hasselbalch", HH_REF, ph, "",
                   "expected pH " + ("below 7.35 (acidaemia)" if ph < 7.35 else "above 7.45 (alkalaemia)" if ph > 7.45
                                     else "in 7.35-7.45"),
                   [f"pH = 6.1 + log10(HCO3 / (0.03 x PaCO2)) = 6.1 + log10({x.bicarbonate:g} / (0.03 x "
                    f"{x.paco2:g})) = {ph:.3f}"])


HENDERSON = register(Calculator(
    id="henderson_hasselbalch", name="Henderson-Hasselbalch", category="lab",
    description="Expected blood pH from bicarbonate and PaCO2 by the Henderson-Hasselbalch equation.",
    inputs=HendersonInputs, compute=_henderson, reference=HH_REF,
    aliases=["Henderson-Hasselbalch equation", "Henderson Hasselbalch", "expected pH"],
    conventions=["pKa 6.1 and CO2 solubility 0.03 mmol/L per mmHg (37 °C)."],
))


# ---------------------------------------------------------------------------
# Oxygenation index, RSBI, static compliance
# ---------------------------------------------------------------------------

OI_REF = ("Ortiz RM, Cilley RE, Bartlett RH. Extracorporeal membrane oxygenation in pediatric respiratory failure. "
          "Pediatr Clin North Am 1987;34(1):39-46; PALICC. Pediatr Crit Care Med 2015;16(5):428-439.")


class OxygenationIndexInputs(FiO2Percent):
    fio2: float = _fio2()
    mean_airway_pressure: float = quantity("cmH2O", description="Mean airway pressure", ge=1, le=60,
                                           accepted_units=["mmHg"])
    pao2: float = _pao2()


def _oi(x: OxygenationIndexInputs) -> CalculatorResult:
    oi = x.fio2 * x.mean_airway_pressure / x.pao2
    text = ("< 4: not in the paediatric ARDS range" if oi < 4 else "4-8: mild PARDS" if oi < 8 else
            "8-16: moderate PARDS" if oi < 16 else ">= 16: severe PARDS")
    return _result("oxygenation_index", "Oxygenation Index", OI_REF, oi, "", text,
                   [f"OI = FiO2 (%) x mean airway pressure (cmH2O) / PaO2 = {x.fio2:g} x "
                    f"{x.mean_airway_pressure:.3g} / {x.pao2:g} = {oi:.2f}"])


OXYGENATION_INDEX = register(Calculator(
    id="oxygenation_index", name="Oxygenation Index", category="severity",
    description="Oxygenation index, FiO2 (%) x mean airway pressure / PaO2, for hypoxaemic respiratory failure.",
    inputs=OxygenationIndexInputs, compute=_oi, reference=OI_REF,
    aliases=["OI", "oxygenation index"],
    conventions=["Mean airway pressure in cmH2O (mmHg converted: 1 mmHg = 1.3595 cmH2O); PALICC bands for invasive "
                 "ventilation (4, 8, 16)."],
))

RSBI_REF = ("Yang KL, Tobin MJ. A prospective study of indexes predicting the outcome of trials of weaning from "
            "mechanical ventilation. N Engl J Med 1991;324(21):1445-1450.")


class RSBIInputs(CalculatorInputs):
    respiratory_rate: float = quantity("1/min", description="Spontaneous respiratory rate", ge=1, le=100,
                                       accepted_units=["breaths/min"])
    tidal_volume: float = quantity("mL", description="Spontaneous tidal volume", ge=20, le=3000)


def _rsbi(x: RSBIInputs) -> CalculatorResult:
    value = x.respiratory_rate / (x.tidal_volume / 1000)
    text = ("<= 105: weaning likely to succeed" if value <= 105 else "> 105: weaning likely to fail")
    return _result("rsbi", "Rapid Shallow Breathing Index (RSBI)", RSBI_REF, value, "breaths/min/L", text,
                   [f"RSBI = RR / VT(L) = {x.respiratory_rate:g} / {x.tidal_volume / 1000:g} = {value:.2f}"])


RSBI = register(Calculator(
    id="rsbi", name="Rapid Shallow Breathing Index (RSBI)", category="physical",
    description="Respiratory rate over tidal volume in litres during a spontaneous breathing trial (Yang-Tobin index).",
    inputs=RSBIInputs, compute=_rsbi, reference=RSBI_REF, output_unit="breaths/min/L",
    aliases=["RSBI", "Tobin index", "Yang-Tobin index", "f/VT"],
    conventions=["Threshold 105 breaths/min/L (Yang & Tobin 1991)."],
))

CSTAT_REF = ("Hess DR. Respiratory mechanics in mechanically ventilated patients. Respir Care 2014;59(11):1773-1794.")


class StaticComplianceInputs(CalculatorInputs):
    tidal_volume: float = quantity("mL", description="Delivered tidal volume", ge=20, le=3000)
    plateau_pressure: float = quantity("cmH2O", description="Plateau pressure", ge=1, le=80, accepted_units=["mmHg"])
    peep: float = quantity("cmH2O", description="PEEP (total)", ge=0, le=40, accepted_units=["mmHg"])


def _cstat(x: StaticComplianceInputs) -> CalculatorResult:
    driving = x.plateau_pressure - x.peep
    if driving <= 0:
        raise input_error("Static Lung Compliance (Cstat)", "plateau_pressure", f"plateau {x.plateau_pressure:g} "
                          f"is not above PEEP {x.peep:g} cmH2O")
    value = x.tidal_volume / driving
    text = "50-100 mL/cmH2O is normal" if value >= 50 else "below 50 mL/cmH2O: reduced respiratory system compliance"
    return _result("static_compliance", "Static Lung Compliance (Cstat)", CSTAT_REF, value, "mL/cmH2O", text,
                   [f"Cstat = VT / (Pplat - PEEP) = {x.tidal_volume:g} / ({x.plateau_pressure:g} - {x.peep:g}) = "
                    f"{value:.2f} mL/cmH2O (driving pressure {driving:g})"], {"driving_pressure": driving})


STATIC_COMPLIANCE = register(Calculator(
    id="static_compliance", name="Static Lung Compliance (Cstat)", category="physical",
    description="Static compliance of the respiratory system: tidal volume / (plateau pressure - PEEP).",
    inputs=StaticComplianceInputs, compute=_cstat, reference=CSTAT_REF, output_unit="mL/cmH2O",
    aliases=["Cstat", "static compliance", "Static Lung Compliance (Cstat) Calculation", "respiratory compliance",
             "driving pressure"],
    conventions=["Plateau pressure must exceed PEEP; pressures in cmH2O (mmHg converted)."],
))
