"""Immunologic scores, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.mdcalc_inputs import mdcalc_arguments


def run(cid, **args):
    return CALCULATORS[cid].run(args)


def test_maps_intermediate_1():
    # advanced SM 2 + age <=60 0 + platelets <150 1 + ALP normal 0 + no mutation 0 = 3
    r = run("maps_mastocytosis", q1="Advanced SM", q2="<=60", q3="<150x10⁹/L", q4="Within normal range", q5="No")
    assert r.value == 3 and "85 months" in r.interpretation


def test_airq_bands():
    # four "Yes" -> 4 -> not well-controlled; five -> very poorly controlled
    args = {f"q{i}": "No" for i in range(1, 11)}
    args.update(q1="Yes", q2="Yes", q5="Yes", q7="Yes")
    assert CALCULATORS["airq"].run(args).interpretation == "Not well-controlled asthma"
    args.update(q10="Yes")
    assert CALCULATORS["airq"].run(args).interpretation == "Very poorly controlled asthma"
    with pytest.raises(CalculatorInputError):
        CALCULATORS["airq"].run({"q1": "Yes"})


def test_denver_hiv_race_codes_map_to_published_points():
    # 22-25 4 + male 21 + none 0 + past testing -4 + white 0 = 21 -> low (MedRisk row, race code 1)
    raw = {"age": 4, "gender": 21, "practices": 0, "other": -4, "race": 1}
    args, notes = mdcalc_arguments(CALCULATORS["denver_hiv_risk"], 10046, raw, {"Race/ethnicity": "White", "Age, years ": "22-25"})
    r = CALCULATORS["denver_hiv_risk"].run(args)
    assert not notes and args["race"] == "White" and r.value == 21 and r.interpretation.startswith("Low risk")
    # 33-46 12 + male 21 + sex with male 22 + IDU 9 + Black 9 = 73 -> very high
    r = run("denver_hiv_risk", age="33-46", gender="Male", practices="Sex with a male", other="Injection drug use",
            race="Black")
    assert r.value == 73 and r.interpretation.startswith("Very high")


def test_regiscar_unknowns_default_and_sum():
    # MedRisk row: fever yes 0, eos 1, needtwo no -1, biopsy no -1, 1 organ 1, resolution yes 0, altdx yes 1 = 1
    raw = {"fever": 0, "lymph": 0, "lymphocytes": 0, "eos": 1, "rash": 0, "needtwo": -1, "dress": -1,
           "internal": 1, "resolution": 0, "altdx": 1}
    args, _ = mdcalc_arguments(CALCULATORS["regiscar_dress"], 10084, raw)
    r = CALCULATORS["regiscar_dress"].run(args)
    assert r.value == 1 and r.interpretation.startswith("No case")
    # only eos >=1500 (2) and 2 organs (2) given; fever -1, resolution -1, rest 0 assumed -> 2 = possible
    r = run("regiscar_dress", eos=">=1,500 cells or >=20%", internal=">=2")
    assert r.value == 2 and r.interpretation == "Possible case of DRESS" and "fever" in r.assumed


def test_hiri_msm():
    # MedRisk row: 29-40 5 + >10 partners 7 + receptive condomless 10 + poppers 3 = 25 -> high
    raw = {"q1": 5, "q2": 7, "q3": 10, "q4": 0, "q5": 0, "q6": 0, "q7": 3}
    args, notes = mdcalc_arguments(CALCULATORS["hiri_msm"], 10518, raw)
    r = CALCULATORS["hiri_msm"].run(args)
    assert not notes and r.value == 25 and r.interpretation.startswith("High risk")
    # >=49 0 + 0-5 0 + none 0 + 1 HIV+ partner 4 + 0-4 0 + meth 5 = 9 -> low
    r = run("hiri_msm", q1=">=49", q2="0-5", q3="0", q4="1", q5="0-4", q6="Yes", q7="No")
    assert r.value == 9 and r.interpretation.startswith("Low risk")


def test_rema_score():
    # row 768: female -1 + urticaria/angioedema absent +1 + syncope +3 + tryptase <15 -1 = 2 -> high probability
    args, notes = mdcalc_arguments(CALCULATORS["rema_score"], 10554, {"q1": -1, "q2": 1, "q3": 3, "q4": -1})
    r = CALCULATORS["rema_score"].run(args)
    assert not notes and r.value == 2 and r.interpretation.startswith("High probability")
    # male +1 + urticaria -2 + no syncope 0 + tryptase 15-25 0 = -1 -> low
    r = CALCULATORS["rema_score"].run({"q1": "Male", "q2": "Yes", "q3": "No", "q4": "15-25 ng/mL"})
    assert r.value == -1 and r.interpretation.startswith("Low probability")


def test_mascc_cutoff_21():
    # row 1969: 3 + 5 + 4 + 4 + 3 + 3 + 2 = 24 -> low risk; the two options worth 4 are told apart by label
    args, notes = mdcalc_arguments(CALCULATORS["mascc_risk_index"], 3913, {"burden": 3, "bp": 5, "copd": 4, "solid": 4,
                                                                           "hyd": 3, "outpt": 3, "age": 2},
                                   {"Type of cancer": "Solid tumor"})
    r = CALCULATORS["mascc_risk_index"].run(args)
    assert not notes
    assert r.value == 24 and r.interpretation.startswith("Low risk")
    # row 1958: 0 + 5 + 0 + 0 + 0 + 0 + 2 = 7 -> high risk
    args, _ = mdcalc_arguments(CALCULATORS["mascc_risk_index"], 3913, {"burden": 0, "bp": 5, "copd": 0, "solid": 0,
                                                                       "hyd": 0, "outpt": 0, "age": 2})
    assert CALCULATORS["mascc_risk_index"].run(args).interpretation.startswith("High risk")
    with pytest.raises(CalculatorInputError) as err:
        CALCULATORS["mascc_risk_index"].run({"burden": "Moderate"})
    assert "bp" in err.value.missing


def test_menza_bands():
    # STI history 4 + UAI 1 = 5 -> 10-14%; methamphetamine 11 + 1 = 12 -> >14%; none -> <5%; UAI alone -> 5-9%
    base = {"q1": "No", "q2": "No", "q3": "No", "q4": "No"}
    assert CALCULATORS["menza_score"].run({**base, "q1": "Yes", "q3": "Yes"}).interpretation.startswith("10-14%")
    assert CALCULATORS["menza_score"].run({**base, "q2": "Yes", "q3": "Yes"}).interpretation.startswith(">14%")
    assert CALCULATORS["menza_score"].run(base).interpretation.startswith("<5%")
    assert CALCULATORS["menza_score"].run({**base, "q3": "Yes"}).interpretation.startswith("5-9%")


def test_cisne_classes():
    # row 4531: ECOG >=2 2 + COPD 1 + mucositis 1 = 4 -> class III 36%
    args, _ = mdcalc_arguments(CALCULATORS["cisne"], 3997, {"ecog": 2, "stress": 0, "copd": 1, "cvd": 0, "nci": 1,
                                                            "mono": 0})
    r = CALCULATORS["cisne"].run(args)
    assert r.value == 4 and "36%" in r.interpretation
    # row 4541: COPD 1 + CVD 1 = 2 -> class II 6.2%
    args, _ = mdcalc_arguments(CALCULATORS["cisne"], 3997, {"ecog": 0, "stress": 0, "copd": 1, "cvd": 1, "nci": 0,
                                                            "mono": 0})
    assert "6.2%" in CALCULATORS["cisne"].run(args).interpretation


def test_pen_fast():
    # <=5 years 2 + anaphylaxis 2 + treatment 1 = 5 -> high 50%; 2 + 0 + 1 = 3 -> moderate 20%; 0 -> very low
    assert run("pen_fast", f="Yes", **{"as": "Yes"}, t="Yes").interpretation.startswith("High risk: 50%")
    assert run("pen_fast", f="Yes", **{"as": "No"}, t="Yes").interpretation.startswith("Moderate risk: 20%")
    assert run("pen_fast", f="No", **{"as": "No"}, t="No").interpretation.startswith("Very low risk")


def test_urticaria_activity_score_daily():
    # moderate wheals 2 + intense itch 3 = 5 of 6
    r = run("urticaria_activity_score", wheals="Moderate (20-50 wheals/24 hrs)",
            pruritus="Intense (severe, interferes with normal daily activity or sleep)")
    assert r.value == 5 and "UAS7" in r.interpretation
    assert run("urticaria_activity_score", wheals="None", pruritus="None").interpretation.startswith("Daily UAS 0/6")


def test_absolute_lymphocyte_count():
    # WBC 1.5 x 10^3/uL x 1000 x 30% = 450 cells/mm3 -> CD4 likely < 200
    r = run("absolute_lymphocyte_count", wbc=1.5, lymph=30)
    assert r.value == 450 and "likely < 200" in r.interpretation
    # 20.0 x 1000 x 40% = 8000 -> CD4 likely > 200; 2.5 x 1000 x 60% = 1500 -> cannot be predicted
    assert "likely > 200" in run("absolute_lymphocyte_count", wbc=20.0, lymph=40).interpretation
    assert "cannot be predicted" in run("absolute_lymphocyte_count", wbc=2.5, lymph=60).interpretation
    with pytest.raises(CalculatorInputError):
        run("absolute_lymphocyte_count", wbc=1.5)
