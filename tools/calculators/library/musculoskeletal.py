"""Musculoskeletal scores of RiskAgent's library: spine injury and tumour scores, arthritis activity and
diagnosis rules, balance."""

from __future__ import annotations

from medmirror.tools.calculators.base import CalculatorResult
from medmirror.tools.calculators.points import Band, Choice, Number, band_of, item_points, opts, point_score, yes_no


def _result(calc_id: str, name: str, reference: str, value, unit: str, text: str, lines: list[str],
            components: dict) -> CalculatorResult:
    return CalculatorResult(calculator=calc_id, name=name, value=value, unit=unit, interpretation=text,
                            explanation=lines, reference=reference, components=components)


# ---------------------------------------------------------------------------
# MDCalc 10552: PECARN cervical spine injury prediction rule
# ---------------------------------------------------------------------------

_PECARN_NAME = "PECARN Cervical Spine Injury Prediction Rule"
_PECARN_REF = ("Leonard JC, Browne LR, Ahmad FA, et al. Cervical spine injury risk factors in children with blunt "
               "trauma. Pediatrics. 2019;144(1):e20183221.")
_PECARN_HIGH = "High risk: 12.1% risk of cervical spine injury; CT of the cervical spine may be considered"
_PECARN_MID = ("Non-high risk factor present: 2.8% risk of cervical spine injury; plain radiographs may be "
               "considered")
_PECARN_LOW = "Low risk: no risk factor present; cervical spine imaging not indicated by the rule"


def _pecarn(x) -> CalculatorResult:
    high = [why for cond, why in (
        (x.gcs == "3-8", "GCS 3-8"),
        (x.avpu == "Unresponsive to any form of stimulus", "AVPU unresponsive"),
        (x.airway == "Yes", "abnormal airway, breathing or circulation"),
        (x.neuro_deficit == "Yes", "focal neurologic deficit"),
    ) if cond]
    other = [why for cond, why in (
        (x.gcs == "9-14", "GCS 9-14"),
        (x.avpu in ("Responds to verbal stimulus", "Responds to painful stimulus"), "AVPU verbal or pain"),
        (x.ams == "Yes", "other signs of altered mental status"),
        (x.neck_pain == "Yes", "neck pain or tenderness"),
        (x.hd_inj == "Yes", "substantial head or torso injury"),
    ) if cond]
    if high:
        value, text = "High risk", _PECARN_HIGH
    elif other:
        value, text = "Non-high risk", _PECARN_MID
    else:
        value, text = "Low risk", _PECARN_LOW
    lines = [f"High-risk factors: {', '.join(high) or 'none'}",
             f"Non-high-risk factors: {', '.join(other) or 'none'}", text]
    return _result("pecarn_cspine", _PECARN_NAME, _PECARN_REF, value, "", text, lines, {})


PECARN_CSPINE = point_score(
    id="pecarn_cspine", name=_PECARN_NAME, mdcalc_id=10552, category="risk",
    description=("Estimates the risk of cervical spine injury in a child after blunt trauma: a high-risk factor "
                 "(GCS 3-8 or unresponsive, abnormal airway/breathing/circulation, focal neurologic deficit) "
                 "puts the child at high risk; otherwise altered mentation, neck pain or a substantial head or "
                 "torso injury at intermediate risk."),
    items=(
        Choice("gcs", "Glasgow Coma Score", opts(("3-8", 0), ("9-14", 1), ("15", 2))),
        Choice("avpu", "AVPU", opts(("Alert and conscious", 0), ("Responds to verbal stimulus", 1),
                                    ("Responds to painful stimulus", 2), ("Unresponsive to any form of stimulus", 3))),
        yes_no("airway", "Abnormal airway, breathing, or circulation", default=None),
        yes_no("neuro_deficit", "Focal neurologic deficits", default=None),
        yes_no("ams", "Other signs of altered mental status", default=None),
        yes_no("neck_pain", "Self-reported neck pain or neck tenderness on examination", default=None),
        yes_no("hd_inj", "Substantial head or torso injury", default=None),
    ),
    bands=(Band(None, None, "High risk if any high-risk factor, else intermediate if any other factor, else low"),),
    reference=_PECARN_REF,
    aliases=("PECARN C-spine", "PECARN cervical spine rule"),
    conventions=("A rule, not a sum: any high-risk factor gives 12.1% risk, else any non-high-risk factor 2.8% "
                 "(the derivation cohort's figures, as MDCalc reports them).",
                 "Every finding must be documented: an unknown one is refused (assuming it absent would lower "
                 "the risk)."),
    compute=_pecarn,
)

# ---------------------------------------------------------------------------
# MDCalc 10128: Patient Activity Scale II (PAS-II)
# ---------------------------------------------------------------------------

_PAS_NAME = "Patient Activity Scale II (PAS-II) for RA"
_PAS_REF = ("Wolfe F, Michaud K, Pincus T. A composite disease activity scale for clinical practice, observational "
            "studies, and clinical trials: the patient activity scale (PAS/PAS-II). J Rheumatol. "
            "2005;32(12):2410-2415.")
_HAQ = opts(("Without any difficulty", 0), ("With some difficulty", 1), ("With much difficulty", 2), ("Unable", 3))
_HAQ_ITEMS = (
    ("haq3", "Stand up from a straight chair"), ("haq4", "Walk outdoors on flat ground"),
    ("haq1", "Get on and off the toilet"),
    ("haq6", "Reach and get down a 5-pound object (such as a bag of sugar) from just above the head"),
    ("haq2", "Open car doors"), ("haq8", "Do outside work (such as yard work)"),
    ("haq5", "Wait in a line for 15 minutes"), ("haq9", "Lift heavy objects"), ("haq10", "Move heavy objects"),
    ("haq7", "Go up 2 or more flights of stairs"),
)
_ZERO_TEN = opts(*((str(i), i) for i in range(11)))
_PAS_BANDS = (
    Band(None, 0.25, "Remission (PAS-II 0.00-0.25)"),
    Band(0.26, 3.70, "Low/minimal disease activity (PAS-II 0.26-3.70)"),
    Band(3.71, 7.99, "Moderate disease activity (PAS-II 3.71-7.99)"),
    Band(8.0, None, "High/severe disease activity (PAS-II 8.00-10.00)"),
)


def _pas2(x) -> CalculatorResult:
    rows = item_points(x)
    pts = {k: p for k, _, p in rows}
    haq = sum(pts[k] for k, _ in _HAQ_ITEMS) / len(_HAQ_ITEMS)
    value = round((haq * 3.33 + pts["pain"] + pts["global"]) / 3, 2)
    text = band_of(_PAS_BANDS, value).text
    lines = [f"{t} -> {p:g}" for _, t, p in rows]
    lines.append(f"HAQ-II = mean of 10 items = {haq:.2f}; PAS-II = (HAQ-II x 3.33 + pain {pts['pain']:g} + "
                 f"global {pts['global']:g}) / 3 = {value:.2f}; {text}")
    return _result("pas_ii", _PAS_NAME, _PAS_REF, value, "points", text, lines, pts | {"haq_ii": round(haq, 3)})


PAS_II = point_score(
    id="pas_ii", name=_PAS_NAME, mdcalc_id=10128, category="severity",
    description=("Patient-reported rheumatoid arthritis activity on a 0-10 scale from the ten-item HAQ-II "
                 "function questionnaire, a pain rating and the patient's global assessment."),
    items=(*(Choice(n, q, _HAQ) for n, q in _HAQ_ITEMS),
           Choice("pain", "Pain on a scale of 0-10 (10 = worst pain imaginable)", _ZERO_TEN),
           Choice("global", "Patient global assessment of disease activity in the past week, 0-10 (10 = worst)",
                  _ZERO_TEN)),
    bands=_PAS_BANDS,
    reference=_PAS_REF,
    aliases=("PAS-II", "PAS II", "Patient Activity Scale II"),
    conventions=("PAS-II = (HAQ-II x 3.33 + pain + patient global) / 3, HAQ-II the mean of its ten items; "
                 "reported to two decimals.",
                 "Every item must be answered: an unanswered one is refused."),
    unit="points",
    compute=_pas2,
)

# ---------------------------------------------------------------------------
# MDCalc 10475: Revised Tokuhashi score
# ---------------------------------------------------------------------------

TOKUHASHI = point_score(
    id="revised_tokuhashi", name="Revised Tokuhashi Score", mdcalc_id=10475, category="risk",
    description=("Predicts survival of a patient with spinal metastases to guide the choice between excisional "
                 "surgery, palliative surgery and conservative care, from performance status, metastatic burden, "
                 "primary site and spinal cord palsy."),
    items=(
        Choice("kps", "General condition (Karnofsky Performance Status)",
               opts(("Good (KPS 80%-100%)", 2), ("Moderate (KPS 50%-70%)", 1), ("Poor (KPS 10%-40%)", 0))),
        Choice("foci", "Number of extraspinal bone metastases foci", opts(("0", 2), ("1-2", 1), (">=3", 0))),
        Choice("vert", "Number of metastases in the vertebral body", opts(("1", 2), ("2", 1), (">=3", 0))),
        Choice("organs", "Metastases to the major internal organs",
               opts(("No metastases", 2), ("Removable", 1), ("Unremovable", 0))),
        Choice("site", "Primary site of the cancer", opts(
            ("Thyroid, prostate, breast, carcinoid tumor", 5), ("Rectum", 4), ("Kidney, uterus", 3), ("Others", 2),
            ("Liver, gallbladder, unidentified", 1),
            ("Lung, osteosarcoma, stomach, bladder, esophagus, pancreas", 0))),
        Choice("grade", "Spinal cord palsy (Frankel Grade)", opts(
            ("None (Frankel E)", 2), ("Incomplete (Frankel C, D)", 1), ("Complete (Frankel A, B)", 0))),
    ),
    bands=(
        Band(0, 8, "<6 months mean survival (conservative or palliative treatment)"),
        Band(9, 11, ">=6 months mean survival (palliative surgery)"),
        Band(12, 15, ">=12 months mean survival (excisional surgery)"),
    ),
    reference=("Tokuhashi Y, Matsuzaki H, Oda H, Oshima M, Ryu J. A revised scoring system for preoperative "
               "evaluation of metastatic spine tumor prognosis. Spine. 2005;30(19):2186-2191."),
    aliases=("Tokuhashi score", "revised Tokuhashi"),
    conventions=("Every item must be given: an unknown one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10126: TLICS
# ---------------------------------------------------------------------------

TLICS = point_score(
    id="tlics", name="Thoracolumbar Injury Classification and Severity Scale (TLICS)", mdcalc_id=10126,
    category="severity",
    description=("Classifies a thoracolumbar spine injury by fracture morphology, neurologic involvement and "
                 "integrity of the posterior ligamentous complex, and reads off non-operative or operative "
                 "management."),
    items=(
        Choice("morph", "Morphology", opts(("None of the above", 0), ("Compression fracture", 1),
                                           ("Burst fracture", 2), ("Translational/rotational", 3), ("Distraction", 4))),
        Choice("neuro", "Neurologic involvement", opts(("Intact", 0), ("Nerve root", 2), ("Complete cord", 2),
                                                       ("Incomplete cord", 3), ("Cauda equina", 3))),
        Choice("pos", "Posterior ligamentous complex", opts(("Intact", 0), ("Injury suspected or indeterminate", 2),
                                                             ("Injured", 3))),
    ),
    bands=(
        Band(0, 3, "Non-operative management (bracing)"),
        Band(4, 4, "Non-operative or operative management"),
        Band(5, 10, "Operative management (stabilization, with fracture reduction as appropriate)"),
    ),
    reference=("Vaccaro AR, Lehman RA Jr, Hurlbert RJ, et al. A new classification of thoracolumbar injuries: the "
               "importance of injury morphology, the integrity of the posterior ligamentous complex, and "
               "neurologic status. Spine. 2005;30(20):2325-2333."),
    aliases=("TLICS", "TLISS"),
    conventions=("Scored on the most severe morphology present; each category must be given.",),
)

# ---------------------------------------------------------------------------
# MDCalc 2175: Acute gout diagnosis rule (Janssens)
# ---------------------------------------------------------------------------

GOUT = point_score(
    id="acute_gout_rule", name="Acute Gout Diagnosis Rule", mdcalc_id=2175, category="diagnosis",
    description=("Estimates the probability that an acute monoarthritis in primary care is gout, without joint "
                 "fluid analysis, from sex, prior attacks, rapid onset, redness, first MTP involvement, "
                 "cardiovascular disease and serum uric acid; guides who needs aspiration."),
    items=(
        yes_no("male", "Male sex", 2, default=None),
        yes_no("attack", "Previous patient-reported arthritis attack", 2, default=None),
        yes_no("onset", "Onset within 1 day", 0.5, default=None),
        yes_no("red", "Joint redness", 1, default=None),
        yes_no("mtp", "1st metatarsophalangeal joint involvement", 2.5, default=None),
        yes_no("cvd", "Hypertension or >=1 cardiac diseases", 1.5, default=None),
        yes_no("uric", "Serum uric acid > 5.88 mg/dL (0.35 mmol/L)", 3.5, default=None),
    ),
    bands=(
        Band(None, 4, "Low probability: 2.2% prevalence of gout (score <= 4); gout unlikely"),
        Band(4.5, 7.5, "Intermediate (equivocal) probability: 31.2% prevalence of gout (score > 4 and < 8); "
                       "joint fluid analysis advised"),
        Band(8, None, "High probability: 82.5% prevalence of gout (score >= 8); gout very likely"),
    ),
    reference=("Janssens HJ, Fransen J, van de Lisdonk EH, van Riel PL, van Weel C, Janssen M. A diagnostic rule "
               "for acute gouty arthritis in primary care without joint fluid analysis. Arch Intern Med. "
               "2010;170(13):1120-1126."),
    aliases=("Janssens gout rule", "gout diagnosis rule"),
    conventions=("Prevalences per band are the derivation study's (2.2%, 31.2%, 82.5%); MDCalc shows 80.4% for the "
                 "top band.",
                 "Every item must be documented (uric acid measured): an unknown one is refused."),
)

# ---------------------------------------------------------------------------
# MDCalc 10548: Spinal Instability Neoplastic Score (SINS)
# ---------------------------------------------------------------------------

SINS = point_score(
    id="sins", name="Spinal Instability Neoplastic Score (SINS)", mdcalc_id=10548, category="severity",
    description=("Grades spinal instability caused by a spinal tumour from the level involved, mechanical pain, "
                 "bone lesion type, alignment, vertebral collapse and posterolateral involvement; 7 or more "
                 "warrants surgical consultation."),
    items=(
        Choice("q1", "Spine location", opts(("Rigid (S2-S5)", 0), ("Semirigid (T3-T10)", 1),
                                            ("Mobile spine (C3-C6, L2-L4)", 2),
                                            ("Junctional (occiput-C2, C7-T2, T11-L1, L5-S1)", 3))),
        Choice("q2", "Presence of mechanical pain", opts(("No (painless lesion)", 0),
                                                         ("No (occasional pain but not mechanical)", 1), ("Yes", 3))),
        Choice("q3", "Bone lesion quality", opts(("Blastic", 0), ("Mixed (lytic/blastic)", 1), ("Lytic", 2))),
        Choice("q4", "Radiographic spinal alignment", opts(("Normal alignment", 0),
                                                           ("De novo deformity (kyphosis/scoliosis)", 2),
                                                           ("Subluxation/translation present", 4))),
        Choice("q5", "Vertebral body collapse", opts(("None of the following", 0),
                                                     ("No collapse with >50% body involved", 1),
                                                     ("<50% collapse", 2), (">50% collapse", 3))),
        Choice("q6", "Posterolateral involvement of spinal elements",
               opts(("None of the following", 0), ("Unilateral", 1), ("Bilateral", 3))),
    ),
    bands=(
        Band(0, 6, "Stable"),
        Band(7, 12, "Potentially unstable: surgical consultation recommended"),
        Band(13, 18, "Unstable: surgical consultation recommended"),
    ),
    reference=("Fisher CG, DiPaola CP, Ryken TC, et al. A novel classification system for spinal instability in "
               "neoplastic disease: an evidence-based approach and expert consensus from the Spine Oncology Study "
               "Group. Spine. 2010;35(22):E1221-E1229."),
    aliases=("SINS",),
    conventions=("Every component must be given: an unknown one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10567: Berg Balance Scale (BBS)
# ---------------------------------------------------------------------------

_BBS = (
    ("q1", "Sitting to standing", (
        "Needs moderate or maximal assist to stand", "Needs minimal aid to stand or to stabilize",
        "Able to stand using hands after several tries", "Able to stand independently using hands",
        "Able to stand without using hands, stabilizes independently")),
    ("q2", "Standing unsupported", (
        "Unable to stand 30 seconds unsupported", "Needs several tries to stand 30 seconds unsupported",
        "Able to stand 30 seconds unsupported", "Able to stand 2 minutes with supervision",
        "Able to stand safely for 2 minutes")),
    ("q3", "Sitting with back unsupported", (
        "Unable to sit without support for 10 seconds", "Able to sit 10 seconds", "Able to sit 30 seconds",
        "Able to sit 2 minutes under supervision", "Able to sit safely and securely for 2 minutes")),
    ("q4", "Standing to sitting", (
        "Needs assistance to sit", "Sits independently but has uncontrolled descent",
        "Uses back of legs against chair to control descent", "Controls descent by using hands",
        "Sits safely with minimal use of hands")),
    ("q5", "Transfers", (
        "Needs two person assistance or supervision for safety", "Needs one person assist",
        "Able to transfer with verbal cueing and/or supervision", "Able to transfer safely with definite need of hands",
        "Able to transfer safely with minor use of hands")),
    ("q6", "Standing unsupported with eyes closed", (
        "Needs help to keep from falling", "Unable to keep eyes closed 3 seconds but stays safely",
        "Able to stand 3 seconds", "Able to stand 10 seconds with supervision", "Able to stand 10 seconds safely")),
    ("q7", "Standing unsupported with feet together", (
        "Needs help to attain position and unable to hold 15 seconds",
        "Needs help to attain position but able to stand 15 seconds feet together",
        "Able to place feet together independently but unable to hold for 30 seconds",
        "Able to place feet together independently and stand 1 minute with supervision",
        "Able to place feet together independently and stand 1 minute safely")),
    ("q8", "Reaching forward with outstretched arm while standing", (
        "Loses balance while trying/requires external support", "Reaches forward but needs supervision",
        "Can reach forward 5 cm (2 inches) safely", "Can reach forward 12 cm (5 inches) safely",
        "Can reach forward confidently 25 cm (10 inches)")),
    ("q9", "Pick up object from the floor from a standing position", (
        "Unable to try/needs assist to keep from losing balance or falling",
        "Unable to pick up and needs supervision while trying",
        "Unable to pick up but reaches 2-5 cm (1-2 inches) from slipper and keeps balance independently",
        "Able to pick up slipper but needs supervision", "Able to pick up slipper safely and easily")),
    ("q10", "Turning to look behind over left and right shoulders", (
        "Needs assist to keep from losing balance or falling", "Needs supervision when turning",
        "Turns sideways only but maintains balance", "Looks behind one side only, other side shows less weight shift",
        "Looks behind from both sides and weight shifts well")),
    ("q11", "Turn 360 degrees", (
        "Needs assistance while turning", "Needs close supervision or verbal cueing",
        "Able to turn 360 degrees safely but slowly", "Able to turn 360 degrees safely on one side only in 4 seconds "
        "or less", "Able to turn 360 degrees safely in 4 seconds or less")),
    ("q12", "Placing alternate foot on step or stool while standing unsupported", (
        "Needs assistance to keep from falling/unable to try", "Able to complete >2 steps, needs minimal assist",
        "Able to complete 4 steps without aid, with supervision",
        "Able to stand independently, and complete 8 steps in >20 seconds",
        "Able to stand independently and safely, and complete 8 steps in 20 seconds")),
    ("q13", "Standing unsupported one foot in front", (
        "Loses balance while stepping or standing", "Needs help to step but can hold 15 seconds",
        "Able to take small step independently and hold 30 seconds",
        "Able to place foot ahead of other independently and hold 30 seconds",
        "Able to place foot tandem independently and hold 30 seconds")),
    ("q14", "Standing on one leg", (
        "Unable to try or needs assist to prevent fall",
        "Tries to lift leg, unable to hold 3 seconds but remains standing independently",
        "Able to lift leg independently and hold >=3 seconds", "Able to lift leg independently and hold 5-10 seconds",
        "Able to lift leg independently and hold >10 seconds")),
)

BERG = point_score(
    id="berg_balance_scale", name="Berg Balance Scale (BBS)", mdcalc_id=10567, category="risk",
    description=("Rates balance in older adults over fourteen observed tasks (sitting, standing, transfers, "
                 "reaching, turning, standing on one leg), 0-4 each; a total under 45 marks an increased risk of "
                 "falls."),
    items=tuple(Choice(n, q, opts(*((label, i) for i, label in enumerate(labels)))) for n, q, labels in _BBS),
    bands=(
        Band(0, 44, "Increased fall risk (BBS < 45)"),
        Band(45, 56, "Fall risk not increased (BBS >= 45)"),
    ),
    reference=("Berg K, Wood-Dauphinee S, Williams JI, Gayton D. Measuring balance in the elderly: preliminary "
               "development of an instrument. Physiother Can. 1989;41(6):304-311."),
    aliases=("BBS", "Berg balance test"),
    conventions=("Every task must be rated: an unrated one is refused.",
                 "Item 13's 'foot ahead' option is labelled without MDCalc's footnote on foot placement."),
)

# ---------------------------------------------------------------------------
# MDCalc 10092: ACR/EULAR 2010 rheumatoid arthritis classification criteria
# ---------------------------------------------------------------------------

ACR_EULAR_RA = point_score(
    id="acr_eular_2010_ra", name="ACR/EULAR 2010 Rheumatoid Arthritis Classification Criteria", mdcalc_id=10092,
    category="diagnosis",
    description=("Classifies definite rheumatoid arthritis in a patient with at least one joint with clinical "
                 "synovitis not better explained by another disease, from the joints involved, serology (RF, "
                 "ACPA), acute-phase reactants and symptom duration; 6 of 10 or more classifies as RA."),
    items=(
        Choice("joint", "Joint involvement", opts(
            ("1 large joint", 0), ("2-10 large joints", 1),
            ("1-3 small joints (with or without involvement of large joints)", 2),
            ("4-10 small joints (with or without involvement of large joints)", 3),
            (">10 joints (at least 1 small joint)", 5))),
        Choice("serology", "Serology (need at least one serology test result to use these criteria)", opts(
            ("Negative rheumatoid factor and negative anti-citrullinated protein antibody", 0),
            ("Low-positive rheumatoid factor or low-positive anti-citrullinated protein antibody", 2),
            ("High-positive rheumatoid factor or high-positive anti-citrullinated protein antibody", 3))),
        Choice("acute", "Acute-phase reactants (need at least one acute-phase reactant test result to use these "
               "criteria)", opts(("Normal CRP and normal ESR", 0), ("Abnormal CRP or abnormal ESR", 1))),
        Choice("duration", "Duration of symptoms", opts(("<6 weeks", 0), (">=6 weeks", 1))),
    ),
    bands=(
        Band(0, 5, "Not classifiable as rheumatoid arthritis (score < 6); RA unlikely by these criteria"),
        Band(6, 10, "Definite rheumatoid arthritis (score >= 6)"),
    ),
    reference=("Aletaha D, Neogi T, Silman AJ, et al. 2010 Rheumatoid arthritis classification criteria: an "
               "American College of Rheumatology/European League Against Rheumatism collaborative initiative. "
               "Arthritis Rheum. 2010;62(9):2569-2581."),
    aliases=("ACR/EULAR 2010", "2010 RA criteria"),
    conventions=("At least one serology and one acute-phase result are needed: each category must be given, an "
                 "unknown one is refused.",
                 "A patient below 6 may meet the criteria later; the score classifies, it does not exclude RA."),
)

# ---------------------------------------------------------------------------
# MDCalc 3946: Mirels' criteria for prophylactic fixation
# ---------------------------------------------------------------------------

MIRELS = point_score(
    id="mirels_criteria", name="Mirels' Criteria for Prophylactic Fixation", mdcalc_id=3946, category="risk",
    description=("Estimates the risk of pathological fracture through a metastatic lesion of a long bone, to decide "
                 "between irradiation alone and prophylactic fixation: site, size relative to the bone's diameter, "
                 "radiographic nature and pain, 1-3 each (4-12)."),
    items=(
        Choice("site", "Site of lesion", opts(("Upper limb", 1), ("Lower limb", 2), ("Trochanteric region", 3))),
        Choice("size", "Size of lesion", opts(("Less than 1/3 of bone diameter", 1),
                                              ("1/3 to 2/3 of bone diameter", 2),
                                              ("More than 2/3 of bone diameter", 3))),
        Choice("nature", "Nature of lesion", opts(("Blastic", 1), ("Mixed", 2), ("Lytic", 3))),
        Choice("pain", "Pain", opts(("Mild", 1), ("Moderate", 2), ("Functional", 3))),
    ),
    bands=(
        Band(4, 7, "Minimal risk: 0-4% risk of fracture at 6 months post-irradiation; safe to irradiate"),
        Band(8, 8, "Moderate risk: 15% risk of fracture at 6 months post-irradiation; consider prophylactic "
                   "fixation"),
        Band(9, 12, "High risk: >33% risk of fracture at 6 months post-irradiation; prophylactic fixation "
                    "indicated"),
    ),
    reference=("Mirels H. Metastatic disease in long bones. A proposed scoring system for diagnosing impending "
               "pathologic fractures. Clin Orthop Relat Res. 1989;(249):256-264."),
    aliases=("Mirels score", "Mirels criteria"),
    conventions=("'Functional' pain is pain with use of the limb; every item must be given: an unknown one is "
                 "refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 10177: Recurrent Instability of the Patella (RIP) score
# ---------------------------------------------------------------------------

RIP = point_score(
    id="rip_score", name="Recurrent Instability of the Patella (RIP) Score", mdcalc_id=10177, category="risk",
    description=("Estimates the risk of recurrent patellar instability within 5 years after a first lateral "
                 "patellar dislocation, from age under 25, skeletal immaturity, trochlear dysplasia (Dejour A-D) "
                 "and the TT-TG distance to patellar length ratio on MRI."),
    items=(
        yes_no("age", "Age <25 years", 2, default=None),
        yes_no("skeletal", "Skeletal immaturity (open distal femoral and proximal tibial physes on radiographs)",
               default=None),
        yes_no("ad", "Dejour A-D trochlear dysplasia (radiographs and T2-weighted MRI)", default=None),
        yes_no("tttg", "TT-TG/PL >=0.5 (T2-weighted MRI)", default=None),
    ),
    bands=(
        Band(0, 1, "Low risk: 0% risk of recurrent instability at 5 years"),
        Band(2, 3, "Intermediate risk: 30.6% risk of recurrent instability at 5 years"),
        Band(4, 5, "High risk: 65.6% risk of recurrent instability at 5 years"),
    ),
    reference=("Hevesi M, Heidenreich MJ, Camp CL, et al. The Recurrent Instability of the Patella Score: a "
               "statistically based model for prediction of long-term recurrence risk after first-time dislocation. "
               "Arthroscopy. 2019;35(2):537-543."),
    aliases=("RIP score",),
    conventions=("Every finding must be assessed (radiographs and MRI): an unknown one is refused.",),
)

# ---------------------------------------------------------------------------
# MDCalc 549: Mangled Extremity Severity Score (MESS)
# ---------------------------------------------------------------------------

_MESS_NAME = "Mangled Extremity Severity Score (MESS)"
_MESS_REF = ("Johansen K, Daines M, Howey T, Helfet D, Hansen ST Jr. Objective criteria accurately predict "
             "amputation following lower extremity trauma. J Trauma. 1990;30(5):568-572.")
_MESS_BANDS = (
    Band(None, 6, "MESS < 7: limb salvage likely (viable extremity)"),
    Band(7, None, "MESS >= 7: low likelihood of limb/extremity viability; amputation predicted"),
)


def _mess(x) -> CalculatorResult:
    rows = item_points(x)
    pts = {k: p for k, _, p in rows if k != "ischemia_6_hours"}
    lines = [f"{t} -> {p:+g}" for k, t, p in rows if k != "ischemia_6_hours"]
    if x.ischemia_6_hours == "Yes":
        pts["limb_ischemia"] *= 2
        lines.append(f"Limb ischemia for > 6 hours: ischemia points doubled to {pts['limb_ischemia']:g}")
    total = int(sum(pts.values()))
    text = band_of(_MESS_BANDS, total).text
    lines.append(f"Total = {total} points; {text}")
    return _result("mess", _MESS_NAME, _MESS_REF, total, "points", text, lines, pts)


MESS = point_score(
    id="mess", name=_MESS_NAME, mdcalc_id=549, category="risk",
    description=("Helps decide between salvage and primary amputation of a severely injured lower limb, from limb "
                 "ischaemia (doubled beyond 6 hours), age, shock and the energy of the injury; a score of 7 or more "
                 "predicted amputation in the derivation series."),
    items=(
        yes_no("ischemia_6_hours", "Limb ischemia for >6 hours", 0, default=None, yes_code=1),
        Choice("limb_ischemia", "Limb ischemia", opts(
            ("Reduced pulse but normal perfusion", 1), ("Pulseless, paresthesias, slow capillary refill", 2),
            ("Cool, paralysis, numb/insensate", 3))),
        Choice("age", "Patient age, years", opts(("<30", 0), ("30-50", 1), (">=50", 2))),
        Choice("shock", "Shock", opts(("SBP >90 mmHg consistently", 0), ("Transient hypotension", 1),
                                      ("Persistent hypotension", 2))),
        Choice("injury", "Injury mechanism", opts(
            ("Low energy (stab, gunshot, simple fracture)", 1), ("Medium energy (dislocation, open/multiple fractures)", 2),
            ("High energy (high speed MVA or rifle shot)", 3),
            ("Very high energy (high speed trauma with gross contamination)", 4))),
    ),
    bands=_MESS_BANDS,
    reference=_MESS_REF,
    aliases=("MESS",),
    conventions=("Ischemia points are doubled when the limb has been ischaemic for more than 6 hours; its duration "
                 "must be stated.",
                 "The cut-off of 7 is a guide from small series, not a sole reason to amputate.",
                 "Every item must be given: an unknown one is refused."),
    compute=_mess,
)

# ---------------------------------------------------------------------------
# MDCalc 683: Revised Trauma Score (RTS)
# ---------------------------------------------------------------------------

_RTS_NAME = "Revised Trauma Score"
_RTS_REF = ("Champion HR, Sacco WJ, Copes WS, Gann DS, Gennarelli TA, Flanagan ME. A revision of the Trauma Score. "
            "J Trauma. 1989;29(5):623-629.")


def _code(value: float, cuts: tuple[tuple[float, int], ...]) -> int:
    for low, code in cuts:  # (lowest value of the code's range, code), from the highest code down
        if value >= low:
            return code
    return 0


def _rts_codes(gcs: float, sbp: float, rr: float) -> tuple[int, int, int]:
    g = _code(gcs, ((13, 4), (9, 3), (6, 2), (4, 1)))
    s = _code(sbp, ((90, 4), (76, 3), (50, 2), (1, 1)))
    r = 3 if rr > 29 else _code(rr, ((10, 4), (6, 2), (1, 1)))
    return g, s, r


def _rts(x) -> CalculatorResult:
    g, s, r = _rts_codes(x.glasgow_coma_scale, x.systolic_bp, x.respiratory_rate)
    value = round(0.9368 * g + 0.7326 * s + 0.2908 * r, 4)
    text = (f"RTS {value:g} (0-7.8408; higher means better chance of survival)"
            + ("; RTS < 4: treatment at a trauma center suggested" if value < 4 else ""))
    lines = [f"GCS {x.glasgow_coma_scale:g} -> coded {g}", f"Systolic BP {x.systolic_bp:g} mmHg -> coded {s}",
             f"Respiratory rate {x.respiratory_rate:g}/min -> coded {r}",
             f"RTS = 0.9368 x {g} + 0.7326 x {s} + 0.2908 x {r} = {value:g}", text]
    return _result("revised_trauma_score", _RTS_NAME, _RTS_REF, value, "points", text, lines,
                   {"gcs_code": g, "sbp_code": s, "rr_code": r})


RTS = point_score(
    id="revised_trauma_score", name=_RTS_NAME, mdcalc_id=683, category="severity",
    description=("Grades physiological derangement after trauma from the first Glasgow Coma Scale, systolic blood "
                 "pressure and respiratory rate, each coded 0-4 and weighted (0-7.84); lower values mean a lower "
                 "chance of survival."),
    items=(
        Number("glasgow_coma_scale", "Glasgow Coma Scale", "points", ge=3, le=15),
        Number("systolic_bp", "Systolic BP", "mmHg", ge=0, le=300),
        Number("respiratory_rate", "Respiratory rate", "breaths/min", ge=0, le=90),
    ),
    bands=(Band(0, 7.8408, "Weighted sum of the coded values; < 4 suggests treatment at a trauma center"),),
    reference=_RTS_REF,
    aliases=("RTS", "Revised Trauma Score"),
    conventions=("Codes: GCS 13-15 = 4, 9-12 = 3, 6-8 = 2, 4-5 = 1, 3 = 0; SBP > 89 = 4, 76-89 = 3, 50-75 = 2, "
                 "1-49 = 1, 0 = 0; RR 10-29 = 4, > 29 = 3, 6-9 = 2, 1-5 = 1, 0 = 0.",
                 "RTS = 0.9368 x GCS code + 0.7326 x SBP code + 0.2908 x RR code (Champion 1989); the threshold "
                 "of 4 for trauma center care is as MDCalc reports it.",
                 "All three measurements must be given: a missing one is refused."),
    unit="points",
    compute=_rts,
)
