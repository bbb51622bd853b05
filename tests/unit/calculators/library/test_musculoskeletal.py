"""Musculoskeletal scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid, **args):
    return CALCULATORS[cid].run(args)


PECARN_NONE = dict(gcs="15", avpu="Alert and conscious", airway="No", neuro_deficit="No", ams="No", neck_pain="No",
                   hd_inj="No")


def test_pecarn_cspine_tiers():
    assert run("pecarn_cspine", **PECARN_NONE).value == "Low risk"
    mid = run("pecarn_cspine", **{**PECARN_NONE, "gcs": "9-14", "neck_pain": "Yes"})
    assert mid.value == "Non-high risk" and "2.8%" in mid.interpretation
    high = run("pecarn_cspine", **{**PECARN_NONE, "airway": "Yes"})
    assert high.value == "High risk" and "12.1%" in high.interpretation
    # GCS 3-8 alone is a high-risk factor (MedRisk row: gcs=0 code, avpu unresponsive)
    args, _ = mdcalc_arguments(CALCULATORS["pecarn_cspine"], 10552, {"gcs": 0, "avpu": 3, "airway": 0,
                               "neuro_deficit": 0, "ams": 0, "neck_pain": 0, "hd_inj": 1})
    assert CALCULATORS["pecarn_cspine"].run(args).value == "High risk"
    with pytest.raises(CalculatorInputError) as err:
        run("pecarn_cspine", **{k: v for k, v in PECARN_NONE.items() if k != "neck_pain"})
    assert "neck_pain" in err.value.missing


def test_pas_ii_formula():
    # MedRisk row: HAQ items 0,1,2,3,0,3,1,0,2,2 -> sum 14, mean 1.4; (1.4*3.33 + 1 + 4)/3 = (4.662 + 5)/3 = 3.22
    raw = {"haq3": 0, "haq4": 1, "haq1": 2, "haq6": 3, "haq2": 0, "haq8": 3, "haq5": 1, "haq9": 0, "haq10": 2,
           "haq7": 2, "pain": 1, "global": 4}
    args, notes = mdcalc_arguments(CALCULATORS["pas_ii"], 10128, raw)
    r = CALCULATORS["pas_ii"].run(args)
    assert not notes and r.value == 3.22 and r.interpretation.startswith("Low/minimal")


def test_revised_tokuhashi():
    # 2 + 2 + 0 + 0 + 4 + 1 = 9 -> >= 6 months
    r = run("revised_tokuhashi", kps="Good (KPS 80%-100%)", foci="0", vert=">=3", organs="Unremovable",
            site="Rectum", grade="Incomplete (Frankel C, D)")
    assert r.value == 9 and r.interpretation.startswith(">=6 months")


def test_tlics_shared_values_map_by_label():
    # compression 1 + incomplete cord 3 + PLC injured 3 = 7 -> operative
    raw = {"morph": 1, "neuro": 3, "pos": 3}
    args, notes = mdcalc_arguments(CALCULATORS["tlics"], 10126, raw, {"Neurologic involvement": "Incomplete cord"})
    r = CALCULATORS["tlics"].run(args)
    assert not notes and args["neuro"] == "Incomplete cord" and r.value == 7
    assert r.interpretation.startswith("Operative")
    four = run("tlics", morph="Burst fracture", neuro="Nerve root", pos="Intact")  # 2 + 2 + 0 = 4
    assert four.value == 4 and four.interpretation == "Non-operative or operative management"


def test_acute_gout_rule_half_points():
    # male 2 + attack 2 + onset 0.5 + red 1 + MTP 2.5 = 8 -> high; without male: 6 -> intermediate
    args = dict(male="Yes", attack="Yes", onset="Yes", red="Yes", mtp="Yes", cvd="No", uric="No")
    r = run("acute_gout_rule", **args)
    assert r.value == 8 and "82.5%" in r.interpretation
    r = run("acute_gout_rule", **{**args, "male": "No"})
    assert r.value == 6 and "31.2%" in r.interpretation


def test_sins():
    # semirigid 1 + non-mechanical pain 1 + mixed 1 + normal 0 + >50% collapse 3 + unilateral 1 = 7
    r = run("sins", q1="Semirigid (T3-T10)", q2="No (occasional pain but not mechanical)", q3="Mixed (lytic/blastic)",
            q4="Normal alignment", q5=">50% collapse", q6="Unilateral")
    assert r.value == 7 and r.interpretation.startswith("Potentially unstable")


def test_berg_balance_scale_cutoff_45():
    calc = CALCULATORS["berg_balance_scale"]
    raw = {f"q{i}": 4 for i in range(1, 15)}
    raw.update(q1=0, q2=0, q3=0)  # 11 x 4 = 44 -> increased
    args, _ = mdcalc_arguments(calc, 10567, raw)
    assert calc.run(args).value == 44 and calc.run(args).interpretation.startswith("Increased")
    raw.update(q1=1)  # 45 -> not increased
    args, _ = mdcalc_arguments(calc, 10567, raw)
    assert calc.run(args).value == 45 and calc.run(args).interpretation.startswith("Fall risk not increased")


def test_acr_eular_2010():
    # 4-10 small joints 3 + low-positive 2 + abnormal CRP 1 + >=6 weeks 1 = 7 -> definite RA
    r = run("acr_eular_2010_ra", joint="4-10 small joints (with or without involvement of large joints)",
            serology="Low-positive rheumatoid factor or low-positive anti-citrullinated protein antibody",
            acute="Abnormal CRP or abnormal ESR", duration=">=6 weeks")
    assert r.value == 7 and r.interpretation.startswith("Definite")
    # MedRisk row: 2-10 large 1 + high-positive 3 + normal 0 + <6 weeks 0 = 4 -> not classifiable
    args, _ = mdcalc_arguments(CALCULATORS["acr_eular_2010_ra"], 10092,
                               {"joint": 1, "serology": 3, "acute": 0, "duration": 0})
    assert CALCULATORS["acr_eular_2010_ra"].run(args).value == 4


def test_mirels_bands():
    # row 284: trochanteric 3 + >2/3 3 + mixed 2 + mild 1 = 9 -> >33%, fixation indicated
    args, _ = mdcalc_arguments(CALCULATORS["mirels_criteria"], 3946, {"site": 3, "size": 3, "nature": 2, "pain": 1})
    r = CALCULATORS["mirels_criteria"].run(args)
    assert r.value == 9 and ">33%" in r.interpretation
    # lower limb 2 + >2/3 3 + blastic 1 + moderate 2 = 8 -> 15%
    r = run("mirels_criteria", site="Lower limb", size="More than 2/3 of bone diameter", nature="Blastic",
            pain="Moderate")
    assert r.value == 8 and "15%" in r.interpretation


def test_rip_score():
    # age <25 2 + open physes 1 = 3 -> intermediate 30.6%; + Dejour dysplasia 1 = 4 -> high 65.6%
    assert "30.6%" in run("rip_score", age="Yes", skeletal="Yes", ad="No", tttg="No").interpretation
    assert "65.6%" in run("rip_score", age="Yes", skeletal="Yes", ad="Yes", tttg="No").interpretation
    assert run("rip_score", age="No", skeletal="Yes", ad="No", tttg="No").interpretation.startswith("Low risk: 0%")
    with pytest.raises(CalculatorInputError):
        run("rip_score", age="Yes")


def test_mess_doubles_ischemia_after_6_hours():
    # row 1832: ischemia > 6 h, pulseless 2 x 2 = 4 + age <30 0 + no shock 0 + high energy 3 = 7 -> amputation predicted
    args, notes = mdcalc_arguments(CALCULATORS["mess"], 549, {"ischemia_6_hours": 1, "limb_ischemia": 2, "age": 0,
                                                               "shock": 0, "injury": 3})
    r = CALCULATORS["mess"].run(args)
    assert not notes and r.value == 7 and "low likelihood of limb" in r.interpretation
    # same without prolonged ischemia: 2 + 0 + 0 + 3 = 5 -> salvage likely
    r = run("mess", ischemia_6_hours="No", limb_ischemia="Pulseless, paresthesias, slow capillary refill", age="<30",
            shock="SBP >90 mmHg consistently", injury="High energy (high speed MVA or rifle shot)")
    assert r.value == 5 and "salvage" in r.interpretation


def test_revised_trauma_score():
    # GCS 8 -> 2, SBP 70 -> 2, RR 25 -> 4: 0.9368 x 2 + 0.7326 x 2 + 0.2908 x 4 = 1.8736 + 1.4652 + 1.1632 = 4.502
    r = run("revised_trauma_score", glasgow_coma_scale=8, systolic_bp=70, respiratory_rate=25)
    assert r.value == 4.502 and "trauma center" not in r.interpretation
    # GCS 4 -> 1, SBP 50 -> 2, RR 8 -> 2: 0.9368 + 1.4652 + 0.5816 = 2.9836 < 4
    r = run("revised_trauma_score", glasgow_coma_scale=4, systolic_bp=50, respiratory_rate=8)
    assert r.value == 2.9836 and "trauma center" in r.interpretation
    # normal: 4, 4, 4 -> 7.8408; RR 30 codes 3
    assert run("revised_trauma_score", glasgow_coma_scale=15, systolic_bp=120, respiratory_rate=16).value == 7.8408
    assert run("revised_trauma_score", glasgow_coma_scale=15, systolic_bp=120,
               respiratory_rate=30).components["rr_code"] == 3
    with pytest.raises(CalculatorInputError):
        run("revised_trauma_score", glasgow_coma_scale=15)
