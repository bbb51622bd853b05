"""Neurologic scales scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.library.neurologic_scales import cdr_global, edss_from_fs
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run_mdcalc(cid: str, mid: int, raw: dict):
    """Run a calculator on MedRisk-style gold inputs (MDCalc names and option values)."""
    calc = CALCULATORS[cid]
    args, notes = mdcalc_arguments(calc, mid, raw)
    assert not notes, notes
    return calc.run(args)


def test_nvps_moderate_pain():
    # face 1 + activity 1 + guarding 0 + vital signs 2 + respiratory 0 = 4 -> moderate (3-6)
    result = run_mdcalc("nvps", 3621, {"face": 1, "activity": 1, "guard": 0, "vs": 2, "resp": 0})
    assert result.value == 4 and result.interpretation.startswith("Moderate pain")


def test_bops_three_points_calls_for_analgesia():
    # face 1 + verbal 1 + body 1 = 3 -> significant pain (>= 3)
    result = run_mdcalc("bops", 3625, {"face": 1, "verbal": 1, "body": 1})
    assert result.value == 3 and result.interpretation.startswith("Significant pain")
    assert run_mdcalc("bops", 3625, {"face": 1, "verbal": 0, "body": 1}).interpretation.startswith("Minimal")


def test_behavioral_pain_scale_ranges_from_three():
    # face 2 + limb 2 + vent 2 = 6 -> unacceptable (6-11); 1+1+1 = 3 -> no pain
    assert run_mdcalc("behavioral_pain_scale", 3622, {"face": 2, "limb": 2, "vent": 2}).interpretation.startswith(
        "Unacceptable")
    assert CALCULATORS["behavioral_pain_scale"].run(
        {"face": "Relaxed", "limb": "No movement", "vent": "Tolerating movement"}).interpretation == "No pain"


def test_webster_moderate_disability():
    # 1+0+2+1+0 + tremor 0 + facies 1 + 1 + 2 + 3 = 11 -> moderate (11-20)
    raw = {"hands": 1, "rigidity": 0, "posture": 2, "upper": 1, "gait": 0, "tremor": 0, "facies": 1, "sebor": 1,
           "speech": 2, "selfc": 3}
    result = run_mdcalc("webster_parkinson", 3978, raw)
    assert result.value == 11 and result.interpretation == "Moderate disability"
    with pytest.raises(CalculatorInputError, match="tremor"):
        run_mdcalc("webster_parkinson", 3978, {k: v for k, v in raw.items() if k != "tremor"})


def test_neck_disability_index_bands():
    # 2+1+3+2+1+2+3+2+2+2 = 20 -> moderate (15-24)
    raw = {"q1": 2, "q2": 1, "q3": 3, "q4": 2, "q5": 1, "q6": 2, "q7": 3, "q8": 2, "q9": 2, "q10": 2}
    result = run_mdcalc("neck_disability_index", 10532, raw)
    assert result.value == 20 and result.interpretation == "Moderate neck disability"
    with pytest.raises(CalculatorInputError, match="q9"):
        run_mdcalc("neck_disability_index", 10532, {k: v for k, v in raw.items() if k != "q9"})


def test_barthel_index_bands():
    # feeding 5 + bathing 0 + grooming 5 + dressing 5 + bowel 10 + bladder 5 + toilet 5 + transfers 10
    # + mobility 10 + stairs 0 = 55 -> partially dependent (40-59)
    raw = {"feed": 5, "bath": 0, "groom": 5, "dress": 5, "bowel": 10, "bladder": 5, "toilet": 5, "transfer": 10,
           "mobile": 10, "stairs": 0}
    result = run_mdcalc("barthel_index", 3912, raw)
    assert result.value == 55 and result.interpretation == "Partially dependent"
    with pytest.raises(CalculatorInputError, match="stairs"):
        run_mdcalc("barthel_index", 3912, {k: v for k, v in raw.items() if k != "stairs"})


def test_painad_moderate():
    # 1 + 1 + 2 + 1 + 0 = 5 -> moderate (4-6)
    result = run_mdcalc("painad", 3701, {"breath": 1, "vocal": 1, "face": 2, "body": 1, "consolability": 0})
    assert result.value == 5 and result.interpretation == "Moderate pain"


def test_mfis5_sums_five_items_without_a_class():
    # 0 + 3 + 3 + 2 + 2 = 10
    result = run_mdcalc("mfis_5", 2197, {"q1": 0, "q9": 3, "q10": 3, "q17": 2, "q19": 2})
    assert result.value == 10 and "no published severity bands" in result.interpretation


def test_abbey_pain_scale_reads_type_of_pain():
    # 1 + 0 + 3 + 3 + 0 = 7 -> mild; type acute on chronic
    raw = {"vocal": 1, "face": 0, "body": 3, "physio": 3, "physical": 0, "type": 3}
    result = run_mdcalc("abbey_pain_scale", 3627, raw)
    assert result.value == 7 and result.interpretation == "Mild acute on chronic pain"
    with pytest.raises(CalculatorInputError, match="type"):
        run_mdcalc("abbey_pain_scale", 3627, {k: v for k, v in raw.items() if k != "type"})


def test_aims_evidence_of_td_and_global_items():
    # areas 2+0+1+0+2+3+3 = 11; moderate (3) in two areas -> evidence of TD; overall code 4 = Moderate
    raw = {"face": 2, "lips": 0, "jaw": 1, "tongue": 0, "upper": 2, "lower": 3, "trunk": 3, "overall": 4,
           "incap": 2, "aware": 1}
    result = run_mdcalc("aims", 10435, raw)
    assert result.value == 11 and result.interpretation.startswith("Evidence of tardive dyskinesia")
    assert "overall severity: Moderate" in result.interpretation
    # a single mild area only -> possible TD
    raw.update(face=2, upper=1, lower=1, trunk=0)
    assert run_mdcalc("aims", 10435, raw).interpretation.startswith("Possible tardive dyskinesia")


@pytest.mark.parametrize(("m", "secondary", "expected"), [
    (0, [0, 0, 0.5, 0, 0], 0),            # memory 0, one impaired box -> 0
    (0, [0.5, 0, 0.5, 0, 0], 0.5),        # memory 0, two impaired boxes -> 0.5
    (0.5, [1, 1, 1, 0, 0], 1),            # memory 0.5, three boxes >= 1 -> 1
    (0.5, [1, 1, 0.5, 0, 0], 0.5),
    (1, [1, 1, 1, 2, 0], 1),              # three boxes equal memory -> memory
    (1, [2, 2, 2, 1, 0], 2),              # three above memory, majority 2 -> 2
    (2, [3, 3, 3, 1, 1], 2),              # three above and two below -> memory
    (3, [2, 2, 1, 1, 3], 2),              # four below, tie 2/1 -> closest to memory: 2
    (1, [0, 0, 0, 0, 0], 0.5),            # memory >= 1 is never CDR 0
])
def test_cdr_global_scoring_rules(m, secondary, expected):
    assert cdr_global(m, secondary) == expected


def test_cdr_from_gold_inputs():
    # M 1, O 1, JPS 1, CA 0.5, HH 1, PC 0 -> three boxes equal M -> CDR 1 (mild); sum of boxes 4.5
    raw = {"m": 1, "o": 1, "jps": 1, "ca": 0.5, "hh": 1, "pc": 0}
    result = run_mdcalc("clinical_dementia_rating", 10160, raw)
    assert result.value == 1 and result.interpretation == "CDR 1: Mild dementia"
    assert result.components["sum_of_boxes"] == 4.5


def test_cheops_pain_present_from_five():
    args = {"cry": "No crying", "face": "Composed, neutral", "verbal": "Positive statements",
            "torso": "Neutral/resting", "touch": "Child not touching their wound", "legs": "Neutral position"}
    # 1 + 1 + 0 + 1 + 1 + 1 = 5 -> pain present
    result = CALCULATORS["cheops"].run(args)
    assert result.value == 5 and result.interpretation.startswith("Pain present")
    assert CALCULATORS["cheops"].run(args | {"face": "Smiling"}).value == 4


def test_schwab_england_reads_the_chosen_level():
    result = run_mdcalc("schwab_england_adl", 3977, {"level": 80})
    assert result.value == 80 and result.interpretation == "80% functional independence"


def test_disease_steps():
    assert run_mdcalc("ms_disease_steps", 2199, {"diseasesteps": 3}).interpretation == "Disease step 3: Early cane"
    assert run_mdcalc("ms_disease_steps", 2199, {"diseasesteps": 7}).interpretation.startswith("Disease step U")


@pytest.mark.parametrize(("grades", "expected"), [
    ([0, 0, 0, 0, 0, 0, 0], 0.0),
    ([1, 0, 0, 0, 0, 0, 0], 1.0),
    ([1, 1, 0, 0, 0, 0, 0], 1.5),
    ([2, 1, 0, 0, 0, 0, 0], 2.0),
    ([2, 2, 0, 0, 0, 0, 0], 2.5),
    ([3, 1, 1, 0, 0, 0, 0], 3.0),
    ([2, 2, 2, 0, 0, 0, 0], 3.0),
    ([3, 2, 0, 0, 0, 0, 0], 3.5),
    ([3, 3, 0, 0, 0, 0, 0], 3.5),
    ([2, 2, 2, 2, 2, 0, 0], 3.5),
    ([3, 3, 3, 2, 0, 0, 0], 4.0),
    ([4, 1, 0, 0, 0, 0, 0], 4.0),
    ([4, 2, 0, 0, 0, 0, 0], 4.5),
    ([4, 4, 0, 0, 0, 0, 0], 5.0),
    ([5, 0, 0, 0, 0, 0, 0], 5.0),
])
def test_edss_functional_system_steps(grades, expected):
    assert edss_from_fs(grades) == expected


def test_edss_takes_the_higher_of_ambulation_and_fs():
    # ambulation 5.5 (100 m); FS: pyramidal 1, cerebellar 1, brainstem 2, sensory 2, bowel/bladder 5 -> 4,
    # visual 3 -> 2, cerebral 0 -> grades [1,1,2,2,4,2,0]: one grade 4 with others >= 2 -> 4.5; EDSS 5.5
    raw = {"ambulation": 5.5, "pyramidal": 1, "cerebellar": 1, "brainstem": 2, "sensory": 2, "bowelAndBladder": 5,
           "visual_input": 3, "cerebral": 0, "other": 1}
    result = run_mdcalc("edss", 2146, raw)
    assert result.value == 5.5 and "Impaired ambulation" in result.interpretation
    assert result.components["edss_by_fs"] == 4.5
    # fully ambulatory, mood alteration only (cerebral 1 counts 0), one sensory grade 1 -> EDSS 1.0
    raw = {k: 0 for k in raw} | {"sensory": 1, "cerebral": 1}
    result = run_mdcalc("edss", 2146, raw)
    assert result.value == 1.0 and "Normal ambulation" in result.interpretation
