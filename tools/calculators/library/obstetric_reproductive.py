"""Obstetric and reproductive scores of RiskAgent's library: labour, delivery and pregnancy."""

from __future__ import annotations

from medmirror.tools.calculators.points import Band, Choice, opts, point_score, yes_no

# ---------------------------------------------------------------------------
# MDCalc 3317: VBAC score (Flamm)
# ---------------------------------------------------------------------------

VBAC_FLAMM = point_score(
    id="vbac_flamm", name="VBAC Risk Score for Successful Vaginal Delivery (Flamm)", mdcalc_id=3317,
    category="risk",
    description=("Estimates, at admission in labour, the chance that a woman with a prior caesarean delivery has a "
                 "successful vaginal birth, from maternal age, vaginal birth history, the reason for the first "
                 "caesarean, and cervical effacement and dilation."),
    items=(
        yes_no("age", "Maternal age < 40 years", 2, default=None),
        Choice("vaghx", "Vaginal birth history", opts(
            ("Vaginal birth before and after first cesarean delivery", 4),
            ("Vaginal birth after first cesarean delivery", 2),
            ("Vaginal birth before cesarean delivery", 1), ("No previous vaginal birth", 0))),
        yes_no("reason", "Reason other than failure to progress for first cesarean delivery", 1, default=None),
        Choice("eff", "Cervical effacement at admission", opts(("> 75%", 2), ("25-75%", 1), ("< 25%", 0))),
        yes_no("dil", "Cervical dilation >= 4 cm at admission", 1, default=None),
    ),
    bands=(
        Band(0, 2, "49% chance of successful VBAC"),
        Band(3, 3, "60% chance of successful VBAC"),
        Band(4, 4, "67% chance of successful VBAC"),
        Band(5, 5, "77% chance of successful VBAC"),
        Band(6, 6, "89% chance of successful VBAC"),
        Band(7, 7, "93% chance of successful VBAC"),
        Band(8, 10, "95% chance of successful VBAC"),
    ),
    reference=("Flamm BL, Geiger AM. Vaginal birth after cesarean delivery: an admission scoring system. Obstet "
               "Gynecol. 1997;90(6):907-910."),
    aliases=("Flamm VBAC score", "VBAC score"),
    conventions=("Every item must be documented at admission: an unknown one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 3320: Bishop score
# ---------------------------------------------------------------------------

BISHOP = point_score(
    id="bishop_score", name="Bishop Score for Vaginal Delivery and Induction of Labor", mdcalc_id=3320,
    category="risk",
    description=("Rates how ready the cervix is for labour, to judge whether induction is likely to succeed: "
                 "dilation, effacement, fetal station, cervical position and consistency on vaginal examination."),
    items=(
        Choice("dil", "Dilation", opts(("Closed", 0), ("1-2 cm", 1), ("3-4 cm", 2), (">=5 cm", 3))),
        Choice("eff", "Effacement", opts(("0-30%", 0), ("40-50%", 1), ("60-70%", 2), (">=80%", 3))),
        Choice("stat", "Station", opts(("-3", 0), ("-2", 1), ("-1, 0", 2), ("+1, +2", 3))),
        Choice("pos", "Position", opts(("Posterior", 0), ("Mid-position", 1), ("Anterior", 2))),
        Choice("con", "Consistency", opts(("Firm", 0), ("Moderately firm", 1), ("Soft", 2))),
    ),
    bands=(
        Band(0, 5, "Unfavorable cervix (Bishop <= 5): low likelihood of a successful induction; cervical ripening "
                   "may be needed before induction"),
        Band(6, 7, "Indeterminate (Bishop 6-7): success of induction uncertain; use clinical judgement"),
        Band(8, 13, "Favorable cervix (Bishop >= 8): high likelihood of a successful induction; successful "
                    "(spontaneous) vaginal delivery more likely"),
    ),
    reference="Bishop EH. Pelvic scoring for elective induction. Obstet Gynecol. 1964;24:266-268.",
    aliases=("Bishop score", "cervical score"),
    conventions=("Every component must be examined: an unknown one is refused.",),
)
