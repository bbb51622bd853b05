"""Dermatologic scores of RiskAgent's library: wounds and ulcers, pressure injury, skin infection, and
cutaneous lymphoma prognosis."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score

# ---------------------------------------------------------------------------
# MDCalc 10059: PEDIS score for diabetic foot ulcers
# ---------------------------------------------------------------------------

PEDIS = point_score(
    id="pedis_score", name="PEDIS Score for Diabetic Foot Ulcers", mdcalc_id=10059, category="risk",
    description=("Grades a diabetic foot ulcer on perfusion, extent (area), depth, infection and sensation "
                 "(the IWGDF PEDIS classification turned into points, 0-12); 7 or more predicts a poor "
                 "outcome: a non-healing ulcer, amputation or death."),
    items=(
        Choice("perfusion", "Perfusion", opts(
            ("No peripheral arterial disease", 0), ("Peripheral arterial disease, no critical limb ischemia", 1),
            ("Critical limb ischemia", 2))),
        Choice("extent", "Extent", opts(("Skin intact", 0), ("<1 cm²", 1), ("1-3 cm²", 2), (">3 cm²", 3))),
        Choice("depth", "Depth", opts(
            ("Skin intact", 0), ("Superficial", 1), ("Fascia, muscle, tendon", 2), ("Bone or joint", 3))),
        Choice("infection", "Infection", opts(
            ("None", 0), ("Surface", 1), ("Abscess, fasciitis, and/or septic arthritis", 2),
            ("Systemic inflammatory response syndrome", 3))),
        Choice("sensation", "Sensation", opts(("Sensation intact", 0), ("Loss of sensation", 1))),
    ),
    bands=(
        Band(0, 6, "Low risk of adverse outcome (PEDIS <7)"),
        Band(7, 12, "High risk of adverse outcome (PEDIS >=7): non-healing ulcer, amputation or death"),
    ),
    reference=("Chuan F, Tang K, Jiang P, Zhou B, He X. Reliability and validity of the perfusion, extent, "
               "depth, infection and sensation (PEDIS) classification system and score in patients with "
               "diabetic foot ulcer. PLoS One. 2015;10(4):e0124739."),
    aliases=("PEDIS", "PEDIS score"),
    conventions=("Every component is required. Depth is judged with a sterile blunt probe and imaging.",),
)
