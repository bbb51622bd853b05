"""Dermatologic scores of RiskAgent's library: wounds and ulcers, pressure injury, skin infection, and
cutaneous lymphoma prognosis."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

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


# ---------------------------------------------------------------------------
# MDCalc 10038: Braden Scale for pressure ulcer risk
# ---------------------------------------------------------------------------

BRADEN = point_score(
    id="braden_scale", name="Braden Scale for Pressure Ulcers", mdcalc_id=10038, category="risk",
    description=("Nursing assessment of pressure-ulcer (pressure injury) risk from six subscales: sensory "
                 "perception, moisture, activity, mobility, nutrition (each 1-4) and friction/shear (1-3); "
                 "the total runs from 6 to 23 and a LOWER score means HIGHER risk."),
    items=(
        Choice("sensory", "Sensory perception", opts(
            ('No impairment: responds to verbal commands, able to feel and express pain/discomfort',
             4),
            ('Slightly limited: responds to verbal commands but cannot always communicate discomfort or need to be turned, OR has sensory impairment limiting ability to feel pain/discomfort in 1-2 extremities',
             3),
            ('Very limited: responds only to pain, cannot communicate discomfort except by moaning or restlessness, OR has sensory impairment limiting ability to feel pain/discomfort over half of body',
             2),
            ('Completely limited: unresponsive to painful stimuli due to diminished consciousness or sedation, OR limited ability to feel pain over most of body',
             1),
        )),
        Choice("moisture", "Moisture", opts(
            ('Rarely moist: skin usually dry, linen only requires changing at routine intervals',
             4),
            ('Occasionally moist: requiring extra linen change approximately once a day',
             3),
            ('Very moist: skin is often but not always moist; linen must be changed at least once a shift',
             2),
            ('Constantly moist: skin is kept moist almost constantly by perspiration, urine, etc; dampness detected every time patient is moved/turned',
             1),
        )),
        Choice("activity", "Activity", opts(
            ('Walks frequently: walks outside room >=2x/day and inside room at least once every 2 hrs during waking hours',
             4),
            ('Walks occasionally: during day but for very short distances with or without assistance; spends majority of shift in bed/chair',
             3),
            ('Chairfast: ability to walk severely limited or non-existent; cannot bear own weight and/or must be assisted into chair/wheelchair',
             2),
            ('Bedfast: confined to bed',
             1),
        )),
        Choice("mobility", "Mobility", opts(
            ('No limitation: makes major and frequent changes in position without assistance',
             4),
            ('Slightly limited: makes frequent though slight changes in body or extremity position independently',
             3),
            ('Very limited: makes occasional slight changes in body or extremity position but unable to make frequent or significant changes independently',
             2),
            ('Completely immobile: does not make even slight changes in body or extremity position without assistance',
             1),
        )),
        Choice("nutrition", "Nutrition", opts(
            ('Excellent: eats most of every meal; never refuses a meal; usually eats >=4 servings of meat and dairy products; occasionally eats between meals; supplementation not required',
             4),
            ('Adequate: eats over half of most meals; eats 4 servings protein (meat or dairy) daily; occasionally refuses meal but will usually take supplement when offered; or is on a tube feeding/TPN regimen which probably meets most of nutritional needs',
             3),
            ('Probably inadequate: rarely eats complete meal and generally eats only about ½ of any food offered; protein intake includes only 3 servings of meat or dairy products daily; occasionally will take dietary supplement; or receives less than optimum amount of',
             2),
            ('Very poor: never eats complete meal; rarely eats >⅓ of any food offered; eats <=2 servings protein (meat or dairy) daily; takes fluids poorly; does not take liquid dietary supplement; or is NPO and/or maintained on clear liquids or IV for >5 days',
             1),
        )),
        Choice("friction", "Friction and shear", opts(
            ('No apparent problem: moves in bed/chair independently, has sufficient muscle strength to lift up completely during move, maintains good position in bed/chair',
             3),
            ('Potential problem: moves feebly or requires minimum assistance; during a move, skin probably slides to some extent against sheets, chair restraints, or other devices; maintains relatively good position in chair or bed most of the time but occasionally sli',
             2),
            ('Problem: requires moderate to maximum assistance in moving; complete lifting without sliding against sheets is impossible; frequently slides down in bed or chair, requiring frequent repositioning with maximum assistance; spasticity, contractures, or agita',
             1),
        )),
    ),
    bands=(
        Band(6, 12, "High risk of pressure ulcer (Braden <=12)"),
        Band(13, 15, "Moderate risk of pressure ulcer (Braden 13-15)"),
        Band(16, 17, "Mild risk of pressure ulcer (Braden 16-17)"),
        Band(18, 23, "Average (no increased) risk of pressure ulcer (Braden >=18)"),
    ),
    reference=("Bergstrom N, Braden BJ, Laguzza A, Holman V. The Braden Scale for predicting pressure sore risk. "
               "Nurs Res. 1987;36(4):205-210."),
    aliases=("Braden", "Braden scale", "Braden score"),
    conventions=("Risk groups follow the stratification from the authors' prospective study (Bergstrom N, "
                 "Braden B. J Am Geriatr Soc 1992;40:747-758); institutions may use other cut-offs.",
                 "Every subscale is required. Option labels are MDCalc's, some cut short as published there."),
)


# ---------------------------------------------------------------------------
# MDCalc 3998: ALT-70 score for cellulitis
# ---------------------------------------------------------------------------

ALT70 = point_score(
    id="alt_70", name="ALT-70 Score for Cellulitis", mdcalc_id=3998, category="diagnosis",
    description=("Distinguishes true lower-limb cellulitis from its mimics (pseudocellulitis) in the "
                 "emergency department: asymmetry, age 70 or more, leucocytosis and tachycardia; a low score "
                 "suggests reassessment for another diagnosis, a high score supports treating cellulitis."),
    items=(
        yes_no("asy", "Asymmetric", 3, default=None),
        yes_no("age", "Age >=70 years", 2, default=None),
        yes_no("wbc", "WBC in ED >=10,000/µL", 1, default=None),
        yes_no("hr", "HR in ED >=90 bpm", 1, default=None),
    ),
    bands=(
        Band(0, 2, "Reassess: >83.3% likelihood of pseudocellulitis (ALT-70 0-2)"),
        Band(3, 4, "Indeterminate: consult dermatology and/or infectious disease (ALT-70 3-4)"),
        Band(5, 7, "Treat: >82.2% likelihood of true cellulitis (ALT-70 5-7)"),
    ),
    reference=("Raff AB, Weng QY, Cohen JM, et al. A predictive model for diagnosis of lower extremity "
               "cellulitis: a cross-sectional study. J Am Acad Dermatol. 2017;76(4):618-625.e2."),
    aliases=("ALT-70", "ALT70"),
    conventions=("Asymmetric: unilateral leg involvement. Every item is required.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10539: MALT lymphoma prognostic index (MALT-IPI)
# ---------------------------------------------------------------------------

MALT_IPI = point_score(
    id="malt_ipi", name="MALT Lymphoma Prognostic Index (MALT-IPI)", mdcalc_id=10539, category="risk",
    description=("Prognosis of extranodal marginal zone (MALT) lymphoma needing systemic therapy: one point "
                 "each for age 70 or more, a raised LDH and Ann Arbor stage III-IV; low, intermediate or high "
                 "risk with 5-year event-free, progression-free, cause-specific and overall survival."),
    items=(
        Choice("q1", "Age", opts(("<70", 0), (">=70", 1))),
        Choice("q2", "LDH level", opts(("Normal", 0), ("Elevated", 1))),
        Choice("q3", "Ann Arbor stage", opts(("I or II", 0), ("III or IV", 1))),
    ),
    bands=(
        Band(0, 0, "Low risk (MALT-IPI 0): 5-year event-free survival 76.0%, progression-free 56.8%, "
                   "cause-specific 98.2%, overall survival 96.7%"),
        Band(1, 1, "Intermediate risk (MALT-IPI 1): 5-year event-free survival 48.4%, progression-free 48.0%, "
                   "cause-specific 94.7%, overall survival 81.7%"),
        Band(2, 3, "High risk (MALT-IPI >=2): 5-year event-free survival 15.7%, progression-free 22.7%, "
                   "cause-specific 74.3%, overall survival 64.9%"),
    ),
    reference=("Thieblemont C, Cascione L, Conconi A, et al. A MALT lymphoma prognostic index. Blood. "
               "2017;130(12):1409-1417."),
    aliases=("MALT-IPI", "MALT IPI"),
    conventions=("Every item is required; LDH is raised when above the laboratory's upper limit of normal.",),
)
