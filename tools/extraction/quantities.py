"""The measured quantities the extractor knows: labels, accepted units, canonical unit, plausible range.

One :class:`Spec` per quantity. ``labels`` is a regex of the ways notes name it
(case-insensitive; ``(?-i:...)`` marks case-sensitive abbreviations), ``units`` a
regex of the unit spellings accepted after the number. A value is converted to
``unit`` explicitly (:func:`medmirror.tools.calculators.units.convert`, or the spec's own
documented rule) and kept only inside the plausible range [lo, hi]: a number
outside it is not a reading of this quantity in these units (the scanner keeps it
as a refused value, with why). A bare number (no unit) is read in the canonical
unit only when ``unitless`` allows it and it is in range; for urea, troponin and
urine creatinine a bare number is read only where one candidate unit makes it
plausible (:func:`bare_by_ranges`, rule and basis in UNITS.md).

Specs with ``output=False`` are *blockers*: names that contain a quantity's label
but mean something else ("direct bilirubin", "sodium bicarbonate", "weight loss").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable

from medmirror.tools.calculators.units import UnitConversionError, convert

# --- unit spellings ----------------------------------------------------------
_MASS = r"(?:mg|gm|g|[µμu]g|mcg|ng|pg|milligrams?|grams?|micrograms?|nanograms?|picograms?)"
_SUBST = (r"(?:mmol|[µμu]mol|mcmol|nmol|pmol|mol|m[Ee][Qq]|Eq|millimol(?:es?)?|micromol(?:es?)?|nanomol(?:es?)?"
          r"|picomol(?:es?)?|milliequivalents?)")
_VOL = r"(?:dL|dl|DL|L|l|mL|ml|decilit(?:er|re)|millilit(?:er|re)|lit(?:er|re))"
# 'mg%' and 'g%' (or 'gm%') are mass per 100 mL: mg/dL and g/dL
CONC = rf"(?:{_MASS}|{_SUBST})\s*(?:/|per\s*)\s*{_VOL}(?![A-Za-z])|(?:mg|gm?)\s*%"
ENZYME = r"(?:U|IU|iu|u|units?|international units?|mU|mIU)\s*(?:/|per\s*)\s*(?:L|l|litre|liter)(?![A-Za-z])"
PRESSURE = r"mm\s*Hg|mmHg|mm\s*hg|mmhg|kPa|kpa|torr|Torr"
PERCENT = r"%|percent(?![A-Za-z])|per\s*cent(?![A-Za-z])"
RATE = (r"(?:beats?|breaths?|b|cycles?|respirations?)\s*(?:/|per|a)\s*min(?:ute)?s?(?![A-Za-z])"
        r"|bpm(?![A-Za-z])|/\s*min(?:ute)?(?![A-Za-z])|per\s*min(?:ute)?(?![A-Za-z])|min\s*-1|min⁻¹")
TEMP = (r"°\s*[CFcf](?![A-Za-z])|º\s*[CFcf](?![A-Za-z])|℃|℉"
        r"|degrees?\s*(?:celsius|centigrade|fahrenheit|Celsius|Centigrade|Fahrenheit|C|F)(?![A-Za-z])"
        r"|deg\.?\s*[CF](?![A-Za-z])|[CF](?![A-Za-z])")
TIME_MS = r"m\s*sec(?:onds?)?(?![A-Za-z])|msecs?(?![A-Za-z])|ms(?![A-Za-z])|milliseconds?|s(?:ec)?(?![A-Za-z])|seconds?"
INSULIN = r"[µμu]\s*I?U\s*/\s*m[lL]|mI?U\s*/\s*[lL](?![A-Za-z])|pmol\s*/\s*[lL](?![A-Za-z])"
BMI_UNIT = r"kg\s*/\s*m\s*(?:\^?\s*2|²)"
# any unit-looking text: when it follows a number but is not one of the spec's units, the number is
# not a reading of that quantity (e.g. "creatinine clearance 50 mL/min", "troponin x 3 days").
OTHER_UNIT = re.compile(
    r"\s*(?:/|%|×|\*\s*10|x\s*10|[A-Za-zµμ]*(?:mol|g|Eq|eq|L|l)\s*/|mg|mcg|[µμ]g|ng|pg|m[Ee]q|mmol|[µμu]mol"
    r"|mL|ml|dL|dl|L\b|IU|U\b|units?\b|kg|cm|mm\b|m\b|days?\b|weeks?\b|months?\b|years?\b|yrs?\b|hours?\b"
    r"|hrs?\b|h\b|min(?:utes?)?\b|times\b|x\b|°|º|℃|℉|ms\b|msec|sec\b|seconds?\b|mm\s*Hg|mmHg|kPa"
    r"|beats|breaths|bpm|fL|cells|copies|tablets?|points?|packs?|lakh|mOsm|ratio\b|fold\b|-fold|cm\b"
    # feet: "Ht 5'7\"" is a height in feet and inches, not a bare 5
    r"|['’′]\s*\d|ft\b|feet\b|foot\b)",
    re.I,
)


_UNIT_WORDS = [
    (r"\bmilligrams?\b", "mg"), (r"\bmicrograms?\b", "µg"), (r"\bnanograms?\b", "ng"), (r"\bpicograms?\b", "pg"),
    (r"\bgrams?\b", "g"), (r"\bmillimoles?\b", "mmol"), (r"\bmicromoles?\b", "µmol"), (r"\bnanomoles?\b", "nmol"),
    (r"\bpicomoles?\b", "pmol"), (r"\bmilliequivalents?\b", "mEq"), (r"\bdecilit(?:er|re)\b", "dL"),
    (r"\bmillilit(?:er|re)\b", "mL"), (r"\blit(?:er|re)\b", "L"), (r"\binternational units?\b", "IU"),
    (r"\bunits?\b", "U"), (r"\s+per\s+", "/"), (r"^per\s+", "/"), (r"\bkilos?\b", "kg"),
]


def clean_unit(unit: str) -> str:
    """Spelling of a matched unit that :func:`medmirror.tools.calculators.units.convert` understands."""
    u = unit.strip()
    for word, abbr in _UNIT_WORDS:
        u = re.sub(word, abbr, u, flags=re.I)
    u = re.sub(r"\s+", "", u).replace("μ", "µ").replace("º", "°")
    u = u.replace("℃", "°C").replace("℉", "°F")
    u = re.sub(r"(?i)^mcmol", "µmol", u)
    u = re.sub(r"(?i)^mg%$", "mg/dL", u)
    u = re.sub(r"(?i)^gm?%$", "g/dL", u)
    u = re.sub(r"(?i)^(m?)gm/", r"\1g/", u)
    u = re.sub(r"(?i)^(milli|micro|nano|pico)mol(?:es?)?/", lambda m: {"milli": "mmol/", "micro": "µmol/", "nano": "nmol/",
                                                                       "pico": "pmol/"}[m.group(1).lower()], u)
    u = re.sub(r"(?i)^(deg(rees?)?\.?)(celsius|centigrade|c)$", "°C", u)
    u = re.sub(r"(?i)^(deg(rees?)?\.?)(fahrenheit|f)$", "°F", u)
    u = re.sub(r"(?i)^mmhg$|^torr$", "mmHg", u)
    u = re.sub(r"(?i)^kpa$", "kPa", u)
    u = re.sub(r"(?i)^(?:units?|iu|u)/(?:l|litre|liter)$", "U/L", u)
    return u


@dataclass(frozen=True)
class Spec:
    """A quantity the extractor can read from text."""

    name: str
    labels: str
    unit: str | None = None  # canonical unit; None for ratios and pH
    units: str = ""  # regex of accepted unit spellings after the number
    analyte: str | None = None
    lo: float = -math.inf
    hi: float = math.inf
    unitless: bool = True  # a bare number may be read in the canonical unit
    to_canonical: Callable[[float, str | None], float] | None = None
    kind: str = "lab"  # lab | vital | anthropometric | ecg | blocker
    output: bool = True
    gap: int = 45  # max characters between label and value
    unit_hint: str = ""  # why a bare number is refused when ``unitless`` is False (the candidate units)

    def range_text(self) -> str:
        """The plausible range as text: '90-220 mEq/L'."""
        return f"{self.lo:g}-{self.hi:g}" + (f" {self.unit}" if self.unit else "")

    def canonical(self, value: float, unit: str | None) -> float:
        """Value in the canonical unit. Raises UnitConversionError for a unit of another kind."""
        if self.to_canonical is not None:
            return self.to_canonical(value, unit)
        if unit is None or self.unit is None:
            if unit is not None:
                raise UnitConversionError(f"{self.name} takes no unit (got '{unit}')")
            return value
        return convert(value, clean_unit(unit), self.unit, self.analyte)


# --- special conversions ----------------------------------------------------

def _temperature(value: float, unit: str | None) -> float:
    """°C. A bare number is °C when 25-45 and °F when 77-113 (the two ranges do not overlap)."""
    if unit is None:
        if 25 <= value <= 45:
            return value
        if 77 <= value <= 113:
            return convert(value, "°F", "°C")
        raise UnitConversionError("neither a °C (25-45) nor a °F (77-113) temperature")
    return convert(value, clean_unit(unit), "°C")


def _fraction_or_percent(value: float, unit: str | None) -> float:
    """% . A bare number <= 1 is a fraction (FiO2 0.4, Hct 0.34 L/L) and is multiplied by 100."""
    if unit is None or re.fullmatch(r"(?i)l/l", clean_unit(unit)):
        return value * 100 if value <= 1 else value
    if clean_unit(unit).lower() in ("%", "percent"):
        return value
    raise UnitConversionError(f"'{unit}' is not a percentage")


def _insulin(value: float, unit: str | None) -> float:
    """µIU/mL. 1 µIU/mL = 6.00 pmol/L (the conventional insulin SI factor); mIU/L equals µIU/mL."""
    if unit is None:
        return value
    u = clean_unit(unit).lower()
    if u.startswith("pmol"):
        return value / 6.0
    if re.fullmatch(r"[µu]i?u/ml|mi?u/l", u):
        return value
    raise UnitConversionError(f"'{unit}' is not an insulin unit")


def _g_per_dl_or_bare_g_per_l(name: str, analyte: str, dl_hi: float, l_lo: float, l_hi: float
                              ) -> Callable[[float, str | None], float]:
    """g/dL. A bare number up to ``dl_hi`` is g/dL; a bare number in [l_lo, l_hi] is g/L (/ 10), as European
    notes write albumin and haemoglobin ('Alb 28', 'Hb 98'); numbers between the two are refused."""

    def to_canonical(value: float, unit: str | None) -> float:
        if unit is not None:
            return convert(value, clean_unit(unit), "g/dL", analyte)
        if value <= dl_hi:
            return value
        if l_lo <= value <= l_hi:
            return value / 10.0
        raise UnitConversionError(f"between the g/dL (<= {dl_hi:g}) and g/L ({l_lo:g}-{l_hi:g}) {name} ranges; "
                                  "the unit is needed")

    return to_canonical


def _glucose(value: float, unit: str | None) -> float:
    """mg/dL. A bare number is mg/dL (whole numbers, as mg/dL laboratories report glucose), except where only mmol/L
    is plausible: below 10 (a glucose under 10 mg/dL is not a survivable reading), or a number with decimals up to 35
    ('BSL 22.1', 'glucose 12.4': mmol/L is reported to one decimal; 35 mmol/L = 631 mg/dL), converted at 18.016."""
    if unit is None:
        if value < 10 or (value <= 35 and value != int(value)):
            return convert(value, "mmol/L", "mg/dL", "glucose")
        return value
    return convert(value, clean_unit(unit), "mg/dL", "glucose")


def _creatinine(value: float, unit: str | None) -> float:
    """mg/dL, up to 40 with a unit; a bare number is mg/dL only up to 25 (a bare 30 is more likely µmol/L from a
    note that dropped its unit than a creatinine of 30 mg/dL, so it is not read)."""
    if unit is None:
        if value > 25:
            raise UnitConversionError("above 25 it may be mg/dL or µmol/L; the unit is needed")
        return value
    return convert(value, clean_unit(unit), "mg/dL", "creatinine")


def bare_by_ranges(name: str, canonical_unit: str, analyte: str | None,
                   candidates: tuple[tuple[str, float, float], ...]) -> Callable[[float, str | None], float]:
    """A conversion whose bare number (no unit) is read only when exactly one candidate unit makes it plausible.

    ``candidates`` are the units clinicians write for the quantity, each with the plausible range of the
    quantity expressed in it (the same physical range converted). A bare number inside one range only is read
    in that unit; inside two or more (the ranges overlap there), or inside none, it is refused with a message
    naming the candidate units: the unit is needed. With a unit, the number is converted as usual.
    (The rule and its basis per quantity are in UNITS.md.)"""

    def to_canonical(value: float, unit: str | None) -> float:
        if unit is not None:
            return convert(value, clean_unit(unit), canonical_unit, analyte)
        fits = [u for u, lo, hi in candidates if lo <= value <= hi]
        if len(fits) == 1:
            return value if fits[0] == canonical_unit else convert(value, fits[0], canonical_unit, analyte)
        if not fits:
            raise UnitConversionError(f"outside the plausible {name} range in "
                                      + " and in ".join(f"{u} ({lo:g}-{hi:g})" for u, lo, hi in candidates))
        raise UnitConversionError(f"plausible as {name} in " + " and in ".join(fits) + "; the unit is needed")

    to_canonical.__doc__ = (f"{canonical_unit}. A bare number is read only in the one unit of "
                            + ", ".join(f"{u} ({lo:g}-{hi:g})" for u, lo, hi in candidates) + " whose range holds it.")
    return to_canonical


# Candidate units and plausible ranges of the bare-number rule (the same physical range in each unit):
# urea: 0.357-107 mmol/L = 2.14-643 mg/dL (BUN 1-300 mg/dL x 2.1436; 1 mmol/L urea = 6.006 mg/dL)
UREA_BARE = (("mmol/L", 0.357, 107.0), ("mg/dL", 2.14, 643.0))
# troponin: ng/mL (= µg/L) 0.001-1000; ng/L (= pg/mL) 1-1,000,000. Below 1 ng/L no assay reports a value
# (limits of detection are about 1-5 ng/L), so a bare number under 1 is ng/mL and one over 1000 is ng/L.
TROPONIN_BARE = (("ng/mL", 0.001, 1000.0), ("ng/L", 1.0, 1_000_000.0))
# urine creatinine: 1-1000 mg/dL = 0.0884-88.4 mmol/L = 88.4-88,400 µmol/L (1 mg/dL = 88.40 µmol/L)
URINE_CREATININE_BARE = (("mg/dL", 1.0, 1000.0), ("mmol/L", 0.0884, 88.4), ("µmol/L", 88.4, 88_400.0))
# lipids: mg/dL (US) or mmol/L (SI, one decimal: 'TC 5.2, HDL 1.1, TG 1.8'). The SI readings clinicians write sit below
# the mg/dL ones: total cholesterol 1-39 mmol/L (= 39-1500 mg/dL ... mg/dL from 40), HDL and triglycerides below 5 and
# 10 mmol/L, where no mg/dL reading is plausible; a bare number where both are plausible is refused.
CHOLESTEROL_BARE = (("mg/dL", 40.0, 1500.0), ("mmol/L", 1.0, 39.0))
HDL_BARE = (("mg/dL", 5.0, 250.0), ("mmol/L", 0.1, 4.99))
LDL_BARE = (("mg/dL", 10.0, 1000.0), ("mmol/L", 0.1, 9.99))
TRIGLYCERIDES_BARE = (("mg/dL", 10.0, 10000.0), ("mmol/L", 0.1, 9.99))


def _milliseconds(value: float, unit: str | None) -> float:
    """ms. Seconds are multiplied by 1000."""
    if unit is None:
        return value
    u = clean_unit(unit).lower()
    if u.startswith("m"):
        return value
    return value * 1000.0


def _percent_only(value: float, unit: str | None) -> float:
    if unit is None or clean_unit(unit).lower() in ("%", "percent"):
        return value
    raise UnitConversionError(f"'{unit}' is not a percentage")


def _hba1c_percent(value: float, unit: str | None) -> float:
    """HbA1c in % (NGSP); an IFCC value in mmol/mol by the IFCC-NGSP master equation: % = 0.09148 x mmol/mol + 2.152."""
    if unit is not None and re.fullmatch(r"mmol\s*/\s*mol", clean_unit(unit), re.I):
        return round(0.09148 * value + 2.152, 2)
    return _percent_only(value, unit)


STONE_KG = 14 * 0.45359237  # 1 stone = 14 lb = 6.35029318 kg (the pound is exactly 0.45359237 kg)
# stones, optionally with pounds: '11 st 6 lb', '11 stone 6', '12st 4lbs', '11 stones and 3 pounds'
WEIGHT_STONES = r"st(?:ones?)?\.?(?:\s*(?:and\s*)?(?P<lb>\d{1,2}(?:\.\d+)?)\s*(?:lbs?|pounds?)?(?![A-Za-z\d]))?(?![A-Za-z])"
_STONES = re.compile(WEIGHT_STONES, re.I)
# pounds and ounces (infants): "7 lb 8 oz" = 7.5 lb; 1 oz = 1/16 lb
WEIGHT_LB_OZ = r"(?:lbs?|pounds?)\.?\s*(?:and\s*)?(?P<oz>\d{1,2}(?:\.\d+)?)\s*(?:oz|ounces?)(?![A-Za-z])"
_LB_OZ = re.compile(WEIGHT_LB_OZ, re.I)


def _weight(value: float, unit: str | None) -> float:
    """kg. Stones (and pounds) convert at 1 st = 14 lb = 6.35029318 kg, pounds and ounces at 1 lb = 16 oz =
    0.45359237 kg; 'kilos' are kg; the rest through the unit converter."""
    if unit is None:
        raise UnitConversionError("kg or lb; the unit is needed")
    oz = _LB_OZ.fullmatch(unit.strip())
    if oz:
        ounces = float(oz.group("oz"))
        if ounces >= 16:
            raise UnitConversionError(f"{ounces:g} oz is not a remainder of a pound (< 16)")
        return (value + ounces / 16) * 0.45359237
    m = _STONES.fullmatch(unit.strip())
    if m:
        pounds = float(m.group("lb") or 0)
        if pounds >= 14:
            raise UnitConversionError(f"{pounds:g} lb is not a remainder of a stone (< 14)")
        return value * STONE_KG + pounds * 0.45359237
    return convert(value, clean_unit(unit), "kg")


_M_CM = re.compile(r"m\s?(?P<cm>\d{2})", re.I)


def _height(value: float, unit: str | None) -> float:
    """cm. '1m72' (metres and centimetres, as European notes write a height) is 1.72 m; the rest through the unit
    converter."""
    if unit is None:
        raise UnitConversionError("cm, m or inches; the unit is needed")
    mc = _M_CM.fullmatch(unit.strip())
    if mc:
        return value * 100 + float(mc.group("cm"))
    return convert(value, clean_unit(unit), "cm")


def _per_minute(value: float, unit: str | None) -> float:
    return value


def _no_unit(value: float, unit: str | None) -> float:
    if unit is not None:
        raise UnitConversionError(f"takes no unit (got '{unit}')")
    return value


# --- the table --------------------------------------------------------------
# Plausible ranges are wide physiological limits (survivable extremes), not reference ranges.
SPECS: list[Spec] = [
    # chemistry
    Spec("creatinine", r"(?<!urine )(?<!urinary )(?:serum |plasma |blood )?creatinine(?! clearance| kinase| phospho)"
         r"|(?-i:\bS?Cr\b)|(?-i:\b(?:[Cc]reat|CREAT)\b)|(?-i:\bS[Cc]r\b|\bsCr\b)", "mg/dL", CONC, "creatinine", 0.1, 40,
         to_canonical=_creatinine),
    Spec("bun", r"blood urea nitrogen|serum urea nitrogen|urea nitrogen|(?-i:\bBUN\b)", "mg/dL", CONC, "bun", 1, 300),
    Spec("urea", r"(?<!blood urea )(?:serum |blood |plasma )?\burea\b(?! nitrogen)", "mg/dL", CONC, "urea",
         2, 700, to_canonical=bare_by_ranges("urea", "mg/dL", "urea", UREA_BARE)),
    Spec("sodium", r"(?:serum |plasma )?sodium|(?-i:\bNa\b\+?)", "mEq/L", CONC, "sodium", 90, 220),
    Spec("potassium", r"(?:serum |plasma )?potassium|(?-i:\bK\b\+?)", "mEq/L", CONC, "potassium", 1, 12),
    Spec("chloride", r"(?:serum |plasma )?chloride|(?-i:\bCl\b-?)", "mEq/L", CONC, "chloride", 50, 170),
    Spec("bicarbonate", r"(?:serum |plasma |standard |actual )?bicarbonate|\bbicarb\b|(?-i:\bHCO3\b-?|\bHCO₃-?)"
         r"|total CO2|(?-i:\btCO2\b|\bCO2\b)", "mEq/L", CONC, "bicarbonate", 1, 60),
    Spec("albumin", r"(?:serum |plasma )?albumin\b|(?-i:\b[Aa]lb\b|\bALB\b)", "g/dL", CONC, "albumin", 0.5, 7,
         to_canonical=_g_per_dl_or_bare_g_per_l("albumin", "albumin", 7, 10, 70)),
    Spec("glucose", r"(?:serum |plasma |blood |fasting |random )?glucose|blood sugar|glyc(?:a)?emia"
         r"|(?-i:\bFBG\b|\bFPG\b|\bRBG\b|\bBSL\b|\bBGL\b|\bCBG\b|\bGlu\b|\bGLU\b)", "mg/dL", CONC, "glucose", 10, 3000,
         to_canonical=_glucose),
    Spec("bilirubin", r"(?:total |serum )?bilirubin|(?-i:\bT\.? ?[Bb]ili\b|\bTBil\b|\bTBIL\b"
         r"|(?<![DI] )(?<![DI]\.)(?<![DI]\. )(?<![DI])\b[Bb]ili\b)",
         "mg/dL", CONC, "bilirubin", 0.05, 60),
    Spec("direct_bilirubin", r"(?:direct|conjugated|indirect|unconjugated) bilirubin|(?-i:\bD\.? ?[Bb]ili\b|\bDBil\b)",
         "mg/dL", CONC, "bilirubin", 0.01, 50),
    Spec("inr", r"international normali[sz]ed ratio|(?-i:\bPT[- /]?INR\b|\bINR\b)", None, "", None, 0.5, 20,
         to_canonical=_no_unit),
    Spec("platelets", r"platelets?(?: counts?)?|thrombocytes?(?: count)?|(?-i:\bPLTs?\b|\bPlts?\b|\bplts?\b)",
         "10^3/µL", "", None, 1, 2500, kind="count"),
    Spec("wbc", r"white[- ](?:blood[- ])?cells?(?: counts?)?|white counts?|total leu[ck]ocyte counts?"
         r"|leu[ck]ocytes?(?: counts?)?|leu[ck]ocytosis(?: of)?|(?-i:\bWBCs?\b|\bTLC\b|\bWCC\b|\bwbcs?\b)",
         "10^3/µL", "", None, 0.1, 500, kind="count"),
    Spec("hemoglobin", r"ha?emoglobin|(?-i:\bHg?b\b|\bHGB\b)", "g/dL", CONC, "hemoglobin", 2, 25,
         to_canonical=_g_per_dl_or_bare_g_per_l("haemoglobin", "hemoglobin", 25, 30, 250)),
    Spec("hematocrit", r"ha?ematocrit|packed cell volume|(?-i:\bHc?t\b|\bHCT\b|\bPCV\b)", "%",
         PERCENT + r"|[Ll]\s*/\s*[Ll]", None, 5, 80, to_canonical=_fraction_or_percent),
    Spec("ast", r"aspartate (?:amino)?transferase|aspartate transaminase|(?-i:\bAST\b|\bSGOT\b|\bGOT\b)",
         "U/L", ENZYME, None, 1, 50000),
    Spec("alt", r"alanine (?:amino)?transferase|alanine transaminase|(?-i:\bALT\b|\bSGPT\b|\bGPT\b)",
         "U/L", ENZYME, None, 1, 50000),
    Spec("calcium", r"(?:serum |total |corrected )?calcium|(?-i:\bCa\b(?:2\+|\+\+)?)", "mg/dL", CONC, "calcium", 2, 20),
    Spec("total_cholesterol", r"total (?:serum )?cholesterol|(?:serum )?cholesterol|(?-i:\bTC\b|\bT-?CHOL\b|\b[Cc]hol\b)",
         "mg/dL", CONC, "cholesterol", 40, 1500,
         to_canonical=bare_by_ranges("total cholesterol", "mg/dL", "cholesterol", CHOLESTEROL_BARE)),
    Spec("hdl", r"high[- ]density lipoprotein(?:[- ]cholesterol)?|(?-i:\bHDL\b(?:[- ]?C\b|[- ]cholesterol)?)",
         "mg/dL", CONC, "cholesterol", 5, 250, to_canonical=bare_by_ranges("HDL", "mg/dL", "cholesterol", HDL_BARE)),
    Spec("ldl", r"low[- ]density lipoprotein(?:[- ]cholesterol)?|(?-i:\bLDL\b(?:[- ]?C\b|[- ]cholesterol)?)",
         "mg/dL", CONC, "cholesterol", 5, 1000, to_canonical=bare_by_ranges("LDL", "mg/dL", "cholesterol", LDL_BARE)),
    Spec("triglycerides", r"triglycerides?|triacylglycerols?|(?-i:\bTGs?\b|\bTRIG\b|\b[Tt]rigs?\b)", "mg/dL", CONC,
         "triglycerides", 10, 10000,
         to_canonical=bare_by_ranges("triglycerides", "mg/dL", "triglycerides", TRIGLYCERIDES_BARE)),
    Spec("insulin", r"(?:fasting |serum |plasma )?insulin(?: level| concentration)?", "µIU/mL", INSULIN, None,
         0.2, 3000, to_canonical=_insulin),
    Spec("ph", r"(?<!urine )(?<!urinary )(?-i:\bpH\b)", None, "", None, 6.5, 8.0, to_canonical=_no_unit),
    Spec("pao2", r"partial pressure of (?:arterial )?oxygen|arterial oxygen (?:tension|pressure)|(?-i:\bPa?O2\b|\bpa?O2\b|\bPaO₂|\bpO₂)",
         "mmHg", PRESSURE, None, 15, 700),
    Spec("paco2", r"partial pressure of (?:arterial )?carbon dioxide|arterial carbon dioxide tension"
         r"|(?-i:\bPa?CO2\b|\bpa?CO2\b|\bPaCO₂|\bpCO₂)", "mmHg", PRESSURE, None, 5, 200),
    Spec("fio2", r"fraction of inspired oxygen|inspired oxygen fraction|inspired oxygen concentration|(?-i:\bFi?O2\b|\bFIO2\b|\bFiO₂)",
         "%", PERCENT, None, 21, 100, to_canonical=_fraction_or_percent),
    Spec("lactate", r"(?:serum |blood |arterial |venous )?lactate(?! dehydrogenase)|lactic acid(?! dehydrogenase)",
         "mmol/L", CONC, "lactate", 0.1, 40),
    Spec("urine_sodium", r"(?:urine|urinary|spot(?: urine)?) sodium|(?-i:\bU ?Na\b|\burine Na\b)", "mEq/L", CONC,
         "sodium", 1, 500),
    Spec("urine_creatinine", r"(?:urine|urinary|spot(?: urine)?) creatinine|(?-i:\bU ?Cr\b)", "mg/dL", CONC,
         "creatinine", 1, 1000, to_canonical=bare_by_ranges("urine creatinine", "mg/dL", "creatinine",
                                                            URINE_CREATININE_BARE)),
    # 'trop' (ED shorthand: "Trop 45 ng/L", "trop I 0.08"), 'hsTnT' / 'hs-TnI' / 'hs-cTnT' / 'hs-trop'
    Spec("troponin", r"(?:high[- ]sensitivity |hs-?)?(?:cardiac )?troponin(?:[- ]?[IT]\b)?|(?:hs-?)?\btrop\b(?:[- ]?[IT]\b)?"
         r"|(?-i:\bhs-?c?Tn[IT]\b|\bhsc?Tn[IT]\b|\bcTn[IT]\b|\bTn[IT]\b)",
         "ng/mL", CONC, None, 0.0, 1000, to_canonical=bare_by_ranges("troponin", "ng/mL", None, TROPONIN_BARE)),
    Spec("magnesium", r"(?:serum )?magnesium|(?-i:\bMg\b(?:2\+|\+\+)?)", "mg/dL", CONC, "magnesium", 0.3, 15),
    Spec("hba1c", r"glycated ha?emoglobin|glycosylated ha?emoglobin|ha?emoglobin A1c|(?-i:\bHb ?A1c\b|\bA1c\b)",
         "%", PERCENT + r"|mmol\s*/\s*mol", None, 3, 25, to_canonical=_hba1c_percent),
    # vitals
    Spec("heart_rate", r"heart rate|pulse(?: rate)?|ventricular rate|(?-i:\bHR\b|\bPR\b(?! interval))"
         r"|(?:tachy|brady)cardi(?:c|a)(?:\s+(?:at|to|of|with\s+a\s+(?:heart\s+)?rate\s+of))?", "/min",
         RATE, None, 15, 350, to_canonical=_per_minute, kind="vital"),
    Spec("respiratory_rate", r"respiratory rate|respiration rate|respirations?|breathing rate|respiratory frequency"
         r"|tachypn(?:o)?e(?:a|ic)|polypn(?:o)?ea|\bresp\b|(?-i:\bRR\b)", "/min", RATE, None, 3, 90,
         to_canonical=_per_minute, kind="vital"),
    Spec("temperature", r"(?:body |core |oral |rectal |axillary |tympanic )?temperature|\btemp\b|(?-i:\bT\b(?=\s*[:=]?\s*\d))"
         r"|\bT\s?(?:max|min)\b|\bT\s?(?:\(\s?(?:max|min)\s?\)|-\s?(?:max|min)\b)|\b(?:max(?:imum)?|min(?:imum)?|lowest|highest) temp(?:erature)?\b"
         r"|a?febrile|fever(?: of| up to)?|pyrexia|pyrexial"
         r"|(?:measured|recorded|read)(?=\s+\d{2,3}(?:[.,]\d+)?\s*°?\s*(?:C|F|degrees)\b)"
         # a home reading told by the patient: "the thermometer said 38.7", "her thermometer read 39"
         r"|thermometer\s+(?:said|says|read|reads|showed|shows|registered|reading(?:\s+of)?)", "°C", TEMP, None, 25, 45, to_canonical=_temperature,
         kind="vital"),
    Spec("spo2", r"(?:peripheral |pulse )?(?:oxygen|O2|O₂) saturation|saturation|saturating|sats?\b|pulse ox(?:imetry)?"
         r"|(?-i:\bSpO2\b|\bSaO2\b|\bSpO₂|\bSaO₂|\bO2 sats?\b)", "%", PERCENT, None, 40, 100,
         to_canonical=_percent_only, kind="vital"),
    Spec("bmi", r"body mass index|(?-i:\bBMI\b)", "kg/m^2", BMI_UNIT, None, 8, 120,
         to_canonical=lambda v, u: v, kind="anthropometric"),
    Spec("qt_interval", r"(?-i:\bQT\b)(?: interval)?(?!c)", "msec", TIME_MS, None, 150, 900,
         to_canonical=_milliseconds, kind="ecg"),
    Spec("qtc_interval", r"corrected QT(?: interval)?|(?-i:\bQTc\b)(?: interval)?", "msec", TIME_MS, None, 150, 900,
         to_canonical=_milliseconds, kind="ecg"),
    # a bare 'systolic'/'diastolic' only right before its number ('Systolic 110, diastolic 70'; not 'systolic murmur')
    Spec("systolic_bp", r"systolic (?:blood )?pressure|systolic BP|(?-i:\bSBP\b)|systolic(?=\s*(?:of|was|is|[:=])?\s*\d)",
         "mmHg", PRESSURE, None, 30, 320,
         kind="vital"),
    Spec("diastolic_bp", r"diastolic (?:blood )?pressure|diastolic BP|(?-i:\bDBP\b)|diastolic(?=\s*(?:of|was|is|[:=])?\s*\d)",
         "mmHg", PRESSURE, None, 10, 220,
         kind="vital"),
    Spec("height", r"\bheight\b|\bstature\b|(?-i:\bHt\b\.?)", "cm", r"cm|centimet(?:er|re)s?|mm(?![A-Za-z])|millimet(?:er|re)s?"
         r"|m\s?\d{2}(?!\d)|m(?![A-Za-z])|met(?:er|re)s?|in(?:ch(?:es)?)?(?![A-Za-z])|\"", None, 30, 250, unitless=False,
         to_canonical=_height, kind="anthropometric", unit_hint="cm, m or inches; the unit is needed"),
    Spec("weight", r"\bweight\b|\bweighs\b|\bweighing\b|\bweighed\b|(?-i:\bWt\b\.?|\bBW\b)", "kg",
         r"kgs?(?![A-Za-z])|kilograms?|kilos?(?![A-Za-z])|" + WEIGHT_LB_OZ + r"|lbs?(?![A-Za-z])|pounds?|g(?![A-Za-z])|grams?|"
         + WEIGHT_STONES, None, 0.3, 400,
         unitless=False, to_canonical=_weight, kind="anthropometric", unit_hint="kg or lb; the unit is needed"),
    Spec("gcs", r"glasgow coma (?:scale|score)(?: score)?|(?-i:\bGCS\b)(?: score)?", None,
         r"/\s*15(?!\d)|points?(?![A-Za-z])", None, 3, 15, to_canonical=lambda v, u: v, kind="vital"),
]

# Names that contain a label above but are something else.
BLOCKERS: list[Spec] = [
    Spec("_blocker", rx, output=False, kind="blocker") for rx in (
        r"sodium (?:bicarbonate|chloride|citrate|phosphate|valproate|nitroprusside|polystyrene)",
        r"potassium (?:chloride|citrate|phosphate|supplement\w*|replacement)",
        r"calcium (?:carbonate|gluconate|chloride|acetate|channel\w*|score|oxalate|citrate|supplement\w*)",
        # ionised calcium is not the total calcium the formulas take (1.10 mmol/L ionised is a normal total of ~2.2)
        r"ioni[sz]ed (?:serum |plasma |whole blood )?calcium(?: on (?:VBG|ABG|blood gas))?|(?-i:\biCa\b(?:2\+|\+\+)?)",
        # a reference value named as such, not the patient's: "normal albumin 4 g/dL", "target sodium 140"
        r"(?:normal|target|goal|desired|ideal|reference)\s+(?:serum\s+)?(?:albumin|sodium|calcium|glucose|bicarbonate"
        r"|h(?:a)?emoglobin|potassium|chloride)",
        r"magnesium (?:sulph?ate|oxide|chloride|supplement\w*)",
        r"(?:urine|urinary|spot(?: urine)?|24[- ]?h(?:our)?(?: urine)?) (?:potassium|chloride|calcium|glucose|albumin|protein|magnesium|osmolality|pH)",
        r"(?-i:\bU ?K\b)", r"urine (?:analysis|output)", r"urinalysis",
        r"vitamin K", r"creatinine clearance", r"creatin(?:in)?e (?:phospho)?kinase", r"(?-i:\bCK(?:-MB)?\b|\bCPK\b)",
        r"albumin[- ]to[- ]creatinine", r"protein[- ]to[- ]creatinine", r"albumin/creatinine", r"(?-i:\bACR\b|\bUACR\b|\bUPCR\b)",
        r"mean corpuscular ha?emoglobin(?: concentration)?", r"(?-i:\bMCHC?\b|\bMCV\b)", r"carboxyha?emoglobin",
        r"methemoglobin", r"ha?emoglobinuria",
        r"lactate dehydrogenase", r"(?-i:\bLDH\b|\bLD\b)",
        r"(?:non[- ]HDL|VLDL)(?: cholesterol)?", r"cholesterol (?:crystals|emboli|embolization)",
        r"(?:Pa?O2|PaO₂|pO2)\s*/\s*Fi?O2(?: ratio)?", r"(?-i:\bP/F\b)(?: ratio)?", r"(?-i:\bA-a\b)(?: gradient)?",
        r"(?-i:\bETCO2\b|\bEtCO2\b|\bPETCO2\b)", r"end[- ]tidal (?:CO2|carbon dioxide)",
        r"insulin (?:glargine|lispro|aspart|detemir|degludec|regular|NPH|infusion|drip|pump|therapy|dose|units?|resistance|sensitivity)",
        r"(?:basal|bolus|sliding scale) insulin",
        r"weight (?:loss|gain|reduction|bearing|change|decrease|increase|of (?:the )?(?:tumou?r|mass|specimen))",
        r"(?:ideal|target|adjusted|lean|dry|predicted|estimated) (?:body )?weight", r"(?-i:\bIBW\b|\bABW\b)",
        r"birth ?weight", r"molecular weight", r"low[- ]molecular[- ]weight",
        r"heart rate variability", r"(?:target|goal|maximum|max|predicted) heart rate",
        r"(?:platelet|thrombocyte) (?:transfusions?|aggregation|function|inhibitors?|antibod\w+|clumping|distribution)",
        r"(?:pulse|radial|pedal|peripheral|femoral|carotid|dorsalis pedis) pulses", r"pulse (?:pressure|oximetry|deficit)",
        r"glucose (?:tolerance|infusion|tablets?|gel|water)", r"dextrose", r"(?-i:\bOGTT\b)",
        r"(?:temperature|temp) (?:of )?(?:the )?(?:room|water|environment)",
        r"QRS(?: duration| interval| complex)?", r"(?-i:\bPR interval\b)",
        r"(?:red|white) blood cells?\s*/\s*(?:hpf|high[- ]power field)", r"(?:RBCs?|WBCs?)\s*/\s*hpf",
        r"fever of unknown origin",
        r"(?:pulmonary (?:artery |arterial )?|right ventricular |RV |PA |estimated |peak |ventricular )systolic pressure",
        r"(?:pulmonary (?:artery |arterial )?|PA |left ventricular end[- ])diastolic pressure", r"(?:transferrin|iron|venous|central venous|mixed venous) (?:oxygen )?saturation",
        r"(?-i:\bS[cv]v?O2\b)",
        r"height of (?:the )?(?:lesion|tumou?r|mass|vertebra\w*|fundus|uterus)", r"fundal height",
    )
]

BY_NAME: dict[str, Spec] = {s.name: s for s in SPECS}
