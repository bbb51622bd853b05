"""Explicit unit conversion for calculator inputs (pint underneath).

Every calculator input has one canonical unit. A value given in another unit is
converted here, explicitly: mass <-> substance concentrations go through the
analyte's molar mass, milliequivalents through its valence, counts per volume
through pint's volume units. Nothing is guessed: an unknown unit or a conversion
that needs an analyte we do not know raises :class:`UnitConversionError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pint

ureg = pint.UnitRegistry(autoconvert_offset_to_baseunit=True)
ureg.define("cell = count = cells")
ureg.define("beat = count = beats")
ureg.define("breath = count = breaths")
ureg.define("drop = count = drops = gtt = gtts = gt")  # drip sets: gtt/mL (guttae)
ureg.define("international_unit = [iu] = IU")
ureg.define("mmHg_ = millimeter_Hg")


@dataclass(frozen=True)
class Analyte:
    """Chemistry of a measured substance, as needed for unit conversion."""

    molar_mass: float | None = None  # g/mol of the species the mass refers to
    valence: int = 1  # for mEq <-> mmol


# Molar masses in g/mol. BUN is reported as mass of urea *nitrogen* (2 N atoms: 28.014).
ANALYTES: dict[str, Analyte] = {
    "creatinine": Analyte(113.12),
    "glucose": Analyte(180.16),
    "bun": Analyte(28.014),
    "urea": Analyte(60.06),
    "calcium": Analyte(40.08, valence=2),
    "magnesium": Analyte(24.305, valence=2),
    "bilirubin": Analyte(584.66),
    "cholesterol": Analyte(386.65),
    "triglycerides": Analyte(885.7),
    "sodium": Analyte(22.99, valence=1),
    "potassium": Analyte(39.098, valence=1),
    "chloride": Analyte(35.45, valence=1),
    "bicarbonate": Analyte(61.017, valence=1),
    "lactate": Analyte(89.07, valence=1),
    "albumin": Analyte(66500.0),
    # per haem unit (tetramer 64,458 g/mol / 4), the convention for g/dL <-> mmol/L: 1 g/dL = 0.6206 mmol/L
    "hemoglobin": Analyte(16114.5),
    "ethanol": Analyte(46.07),
    "phosphate": Analyte(30.97),
}


class UnitConversionError(ValueError):
    """A value could not be converted to the unit a calculator expects."""


# Spelling variants seen in notes and in MedCalc-Bench's entity lists, mapped to pint syntax.
_ALIASES: list[tuple[str, str]] = [
    (r"(?i)^degrees?\s*(celsius|c)$|^°\s*c$|^deg\s*c$|^celsius$|^c$", "degC"),
    (r"(?i)^degrees?\s*(fahrenheit|f)$|^°\s*f$|^deg\s*f$|^fahrenheit$|^f$", "degF"),
    (r"(?i)^mm\s*hg$|^mmhg$|^torr$", "mmHg"),
    (r"(?i)^k\s*pa$", "kPa"),
    (r"(?i)^beats?\s*per\s*min(ute)?$|^bpm$|^/min$|^per\s*min(ute)?$", "1/minute"),
    (r"(?i)^breaths?\s*per\s*min(ute)?$|^breaths?/min$", "1/minute"),
    (r"(?i)^m?secs?$|^msec$|^ms$", None),  # handled below
    (r"(?i)^years?(\s*old)?$|^yrs?$|^y$", "year"),
    (r"(?i)^months?$|^mos?$", "month"),
    (r"(?i)^weeks?$|^wks?$", "week"),
    (r"(?i)^days?$", "day"),
    (r"(?i)^lbs?$|^pounds?$", "lb"),
    (r"(?i)^kgs?$|^kilograms?$", "kg"),
    (r"(?i)^oz$|^ounces?$", "oz"),
    (r"(?i)^inch(es)?$|^in$|^\"$", "inch"),
    (r"(?i)^f(ee)?t$|^foot$|^'$", "foot"),
    (r"(?i)^cms?$|^centimet(er|re)s?$", "cm"),
    (r"(?i)^m$|^met(er|re)s?$", "m"),
    (r"(?i)^kg/m\^?2$|^kg/m²$", "kg/m**2"),
    (r"(?i)^m\^?2$|^m²$", "m**2"),
    # µIU/mL = mIU/L (10^-6 IU per 10^-3 L = 10^-3 IU per L); a bare "IU/mL" is a million times more and is
    # left to pint (it is never the micro unit)
    (r"(?i)^(µ|u|micro)i?u/ml$|^mi?u/l$", "microIU/mL"),
    (r"(?i)^%$|^percent$", "percent"),
    (r"(?i)^ml/(day|d|24\s*h(ours?|rs?)?)$", "mL/day"),
    (r"(?i)^ml/h(r|our)?$", "mL/hour"),
    (r"(?i)^(mcg|µg|ug)/kg/min$", "microgram/kg/minute"),
    (r"(?i)^u/l$|^iu/l$|^units?/l(it(er|re))?$", "count/L"),  # enzyme activity: IU/L = U/L, kept as-is
    (r"(?i)^l/(day|d|24\s*h(ours?|rs?)?)$", "L/day"),
]

_COUNT_PER_VOLUME: list[tuple[str, float]] = [
    # unit spelling (after _count_spelling) -> multiplier to "count per microlitre"
    (r"(?i)^(cells?\s*)?(/|per\s*)?(µl|ul|mcl|microlit(er|re))$", 1.0),
    (r"(?i)^(cells?\s*)?(/|per\s*)?mm\^?3$|^(cells?\s*)?(/|per\s*)?cumm$", 1.0),
    # 10^3/µL = K/µL = thousand/µL = x1000/µL
    (r"(?i)^(x\s*)?10\^?3\s*/\s*(µl|ul|mcl|mm\^?3)$|^k\s*/\s*(µl|ul|mcl|mm\^?3)$"
     r"|^thou(sand)?\s*/\s*(µl|ul|mm\^?3)$|^x\s*1000\s*/\s*(µl|ul|mm\^?3)$", 1e3),
    # 10^9/L = G/L (giga) = /nL (1 nL = 10^-9 L): 10^9 per 10^6 µL = 10^3/µL
    (r"(?i)^(x\s*)?10\^?9\s*/\s*l$|^g/l\s*\(count\)$|^(?-i:G|Gpt)\s*/\s*l$|^(cells?\s*)?(/|per\s*)nl$", 1e3),
    (r"(?i)^(x\s*)?10\^?6\s*/\s*(µl|ul|mm\^?3)$|^(x\s*)?10\^?12\s*/\s*l$|^m/(µl|ul)$|^(?-i:T)\s*/\s*l$", 1e6),
    (r"(?i)^(x\s*)?10\^?5\s*/\s*(µl|ul|mm\^?3)$|^lakhs?\s*/\s*(µl|ul|mm\^?3)$", 1e5),
    (r"(?i)^(/|per\s*)?l$", 1e-6),
]

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _count_spelling(unit: str) -> str:
    """One spelling for the ways a count's power of ten is written: '×10⁹/L', 'x 10*9/L', '10e9/L', '10^9/l',
    'cells/mm³' all become 'x10^9/L'-like text the patterns above read."""
    u = unit.strip().replace("μ", "µ").replace("×", "x").replace("³", "3").replace("⁹", "9")
    u = u.translate(_SUPERSCRIPTS)
    u = re.sub(r"(?i)(?<![\d.])10\s*(?:\^|\*\*|\*|e)\s*\(?(\d{1,2})\)?", r"10^\1", u)
    u = re.sub(r"(?i)^x\s*10\^", "10^", u)
    return re.sub(r"\s+", " ", u)


def normalise_unit(unit: str) -> str:
    """Return a pint-parsable spelling of a unit written the way clinicians write it."""
    u = unit.strip().replace("μ", "µ").replace("mcmol", "µmol").replace("℃", "°C").replace("℉", "°F")
    # mass per 100 mL written as a percentage: 'mg%' = mg/dL (creatinine, glucose, BUN), 'g%' = g/dL
    # (haemoglobin, albumin); 'gm' is an older spelling of gram
    u = re.sub(r"(?i)^(m|µ|u|mc)?gm?\s*%$", lambda m: (m.group(1) or "") + "g/dL", u)
    u = re.sub(r"(?i)^(m?)gm\s*/", lambda m: m.group(1) + "g/", u)
    if re.fullmatch(r"(?i)m?secs?|msec|ms|milliseconds?", u):
        return "millisecond" if u.lower().startswith("m") else "second"
    for pattern, repl in _ALIASES:
        if repl and re.fullmatch(pattern, u):
            return repl
    u = re.sub(r"(?i)meq", "mEq", u)
    u = u.replace("µ", "micro").replace("²", "**2").replace("³", "**3").replace("^", "**")
    u = re.sub(r"(?<=[a-zA-Z])([23])\b", r"**\1", u)  # 'm2', 'cm3': a power written without its caret
    u = re.sub(r"(?i)\bumol", "micromol", u)
    u = re.sub(r"(?i)\bug\b", "microgram", u)
    u = re.sub(r"(?i)\bmcg\b", "microgram", u)
    u = re.sub(r"(?i)\bdl\b", "dL", u)
    u = re.sub(r"(?i)\bml\b", "mL", u)
    u = re.sub(r"(?i)(?<![a-z])l\b", "L", u)
    return u


def _count_multiplier(unit: str) -> float | None:
    u = _count_spelling(unit)
    for pattern, mult in _COUNT_PER_VOLUME:
        if re.fullmatch(pattern, u):
            return mult
    return None


@lru_cache(maxsize=512)
def _parse(unit: str) -> pint.Unit:
    try:
        return ureg.parse_units(unit)
    except Exception as exc:  # pint raises several error types
        raise UnitConversionError(f"unknown unit '{unit}'") from exc


def _eq_to_mol(unit: str, analyte: Analyte | None) -> tuple[str, float]:
    """Rewrite an equivalent-based unit to moles; return the factor to apply to the value."""
    if "Eq" not in unit:
        return unit, 1.0
    valence = analyte.valence if analyte else 1
    if analyte is None:
        # mEq == mmol holds for the monovalent ions (Na, K, Cl, HCO3) only.
        valence = 1
    return unit.replace("Eq", "mol"), 1.0 / valence


def convert(value: float, unit: str | None, target: str, analyte: str | None = None) -> float:
    """Convert ``value`` given in ``unit`` to the ``target`` unit.

    ``analyte`` names the substance (see :data:`ANALYTES`) when the conversion
    crosses mass and substance concentrations or uses milliequivalents.
    A ``unit`` of ``None`` means the value is already in ``target``.
    """
    if unit is None or unit.strip() == "" or unit.strip() == target:
        return float(value)
    chem = ANALYTES.get(analyte) if analyte else None
    if analyte and chem is None:
        raise UnitConversionError(f"no chemistry known for analyte '{analyte}'")

    # Counts per volume (platelets, WBC): canonical units are written like '10^3/µL' or '/µL'.
    src_count, dst_count = _count_multiplier(unit), _count_multiplier(target)
    if dst_count is not None:
        if src_count is None:
            raise UnitConversionError(f"cannot convert '{unit}' to '{target}' (expected a count per volume)")
        return float(value) * src_count / dst_count

    src = normalise_unit(unit)
    dst = normalise_unit(target)
    src, f_src = _eq_to_mol(src, chem)
    dst, f_dst = _eq_to_mol(dst, chem)
    value = float(value) * f_src
    src_u, dst_u = _parse(src), _parse(dst)
    q = ureg.Quantity(value, src_u)
    try:
        return float(q.to(dst_u).magnitude) / f_dst
    except pint.DimensionalityError:
        pass
    # mass concentration <-> substance concentration via molar mass
    mass_dim = ureg.parse_units("g/L").dimensionality
    mol_dim = ureg.parse_units("mol/L").dimensionality
    crosses_chemistry = {q.dimensionality, dst_u.dimensionality} == {mass_dim, mol_dim}
    if not crosses_chemistry:
        raise UnitConversionError(f"'{unit}' is not convertible to '{target}' (different kind of quantity)")
    if chem is None or chem.molar_mass is None:
        raise UnitConversionError(
            f"cannot convert '{unit}' to '{target}' without knowing the substance's molar mass"
        )
    molar_mass = ureg.Quantity(chem.molar_mass, "g/mol")
    if q.dimensionality == mol_dim and dst_u.dimensionality == mass_dim:
        return float((q * molar_mass).to(dst_u).magnitude) / f_dst
    if q.dimensionality == mass_dim and dst_u.dimensionality == mol_dim:
        return float((q / molar_mass).to(dst_u).magnitude) / f_dst
    raise UnitConversionError(f"cannot convert '{unit}' to '{target}'")


_QTY_RE = re.compile(r"^\s*([-+]?\d+(?:[.,]\d+)?(?:e[-+]?\d+)?)\s*(.*?)\s*$", re.I)


def parse_quantity(text: str) -> tuple[float, str | None]:
    """Split '1.2 mg/dL' into (1.2, 'mg/dL'); a bare number has unit None."""
    m = _QTY_RE.match(text)
    if not m:
        raise UnitConversionError(f"not a number with a unit: '{text}'")
    number = float(m.group(1).replace(",", "."))
    unit = m.group(2) or None
    return number, unit
