"""Other neurologic-system scores of RiskAgent's library (neuro-oncology, glaucoma) not in a topic module."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, opts, point_score

# ---------------------------------------------------------------------------
# MDCalc 10025: OHTS glaucoma risk (points version)
# ---------------------------------------------------------------------------

OHTS = point_score(
    id="ohts_glaucoma", name="OHTS Glaucoma Risk Score", mdcalc_id=10025, category="risk",
    description=("Estimates the 5-year risk that ocular hypertension converts to primary open-angle glaucoma "
                 "from age, intraocular pressure, corneal thickness, cup-to-disc ratio and visual-field PSD."),
    items=(
        Choice("age", "Age, years", opts(
            ("30-44", 0),
            ("45-54", 1),
            ("55-64", 2),
            ("65-74", 3),
            (">=75", 4),
        )),
        Choice("iop", "Mean intraocular pressure, mmHg", opts(
            ("<22", 0),
            ("22 to <24", 1),
            ("24 to <26", 2),
            ("26 to <28", 3),
            (">=28", 4),
        )),
        Choice("cct", "Mean central corneal thickness, µm", opts(
            (">600", 0),
            ("576-600", 1),
            ("551-575", 2),
            ("526-550", 3),
            ("<=525", 4),
        )),
        Choice("cdr", "Mean vertical cup-to-disc ratio by contour", opts(
            ("<0.3", 0),
            ("0.3 to <0.4", 1),
            ("0.4 to <0.5", 2),
            ("0.5 to <0.6", 3),
            (">=0.6", 4),
        )),
        Choice("stdev", "Mean pattern standard deviation, dB", opts(
            ("<1.8", 0),
            ("1.8 to <2.0", 1),
            ("2.0 to <2.4", 2),
            ("2.4 to <2.8", 3),
            (">=2.8", 4),
        )),
    ),
    bands=(
        Band(0, 6, "Low risk: <=4% 5-year risk of POAG; observe every 6 months"),
        Band(7, 8, "Intermediate risk: 10% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(9, 10, "Intermediate risk: 15% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(11, 12, "Intermediate risk: 20% 5-year risk of POAG; discuss treatment versus close observation"),
        Band(13, 20, "High risk: >=33% 5-year risk of POAG; start treatment"),
    ),
    reference=("Gordon MO, Beiser JA, Brandt JD, et al. The Ocular Hypertension Treatment Study: baseline "
               "factors that predict the onset of primary open-angle glaucoma. Arch Ophthalmol. "
               "2002;120(6):714-720; points version: Mansberger SL. A risk calculator to determine the "
               "probability of glaucoma. J Glaucoma. 2004;13(4):345-347."),
    aliases=("OHTS", "OHTS calculator"),
    conventions=("Measurements are the means of both eyes as in OHTS; each item is required.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10164: Brain metastasis velocity
# ---------------------------------------------------------------------------

_BMV_BANDS = (
    Band(None, 3.99, "Low-risk BMV (< 4 per year): median overall survival 12.4 months"),
    Band(4, 13, "Intermediate-risk BMV (4-13 per year): median overall survival 8.2 months"),
    Band(13.01, None, "High-risk BMV (> 13 per year): median overall survival 4.3 months"),
)


def _bmv(x) -> CalculatorResult:
    bmv = round(x.number / x.time, 2)
    band = band_of(_BMV_BANDS, bmv)
    return CalculatorResult(
        calculator="brain_metastasis_velocity", name=BMV.name, value=bmv, unit="metastases/year",
        interpretation=band.text, reference=BMV.reference,
        explanation=[f"BMV = new brain metastases / years since initial SRS = {x.number:g} / {x.time:g} = "
                     f"{bmv:g} per year", band.text])


BMV = point_score(
    id="brain_metastasis_velocity", name="Brain Metastasis Velocity (BMV)", mdcalc_id=10164, category="risk",
    description=("Rate of new brain metastases per year after upfront stereotactic radiosurgery, which groups "
                 "patients by median overall survival after distant brain failure."),
    items=(
        Number("number", "Number of new brain metastases", "count", ge=0, le=200),
        Number("time", "Time interval between initial SRS and appearance of new brain metastases", "years",
               ge=0.01, le=30),
    ),
    bands=_BMV_BANDS, unit="metastases/year", compute=_bmv,
    reference=("Farris M, McTyre ER, Cramer CK, et al. Brain metastasis velocity: a novel prognostic metric "
               "predictive of overall survival and freedom from whole-brain radiation therapy after distant "
               "brain failure following upfront radiosurgery alone. Int J Radiat Oncol Biol Phys. "
               "2017;98(1):131-141."),
    aliases=("BMV",),
    conventions=("The interval is in years (e.g. 6 months = 0.5); BMV is rounded to 0.01.",),
)
