"""transfusion_ventilation: values worked by hand from each published definition, and the refusals."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError
from medmirror.tools.calculators.library import transfusion_ventilation


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


# (calculator, arguments, expected value, hand computation)
CASES = [
    ("crrt_dose", dict(weight="80 kg", dose="25 mL/kg/h"), 2000.0, "25 x 80"),
    ("crrt_dose", dict(weight="176 lb", dose=20), 20 * 176 * 0.45359237, "176 lb = 79.83 kg; x 20 = 1596.6"),
    ("plasma_dose", dict(weight="180 lb", dose="15 mL/kg", unit_volume="250 mL"), 5,
     "180 lb = 81.65 kg; x 15 = 1224.7 mL; / 250 = 4.90 -> 5"),
    ("plasma_dose", dict(weight=60, dose=10), 2, "600 mL / 250 = 2.4 -> 2"),
    ("cryoprecipitate_dose", dict(plasma_volume="4133 mL", fibrinogen=120, goal_fibrinogen=200, per_unit="200 mg"),
     17, "80 mg/dL x 41.33 dL = 3306 mg; / 200 = 16.5 -> 17 (up)"),
    ("cryoprecipitate_dose", dict(plasma_volume="3 L", fibrinogen="1.0 g/L", goal_fibrinogen="1.5 g/L"), 6,
     "50 mg/dL x 30 dL = 1500 mg; / 250 = 6"),
    ("allowable_blood_loss", dict(category="Adult man", weight="180 lb", hemoglobin_initial=9.8,
                                  hemoglobin_final=7.0), 2041.17,
     "EBV 75 x 81.647 = 6123.5 mL; x 2.8 / 8.4 = 2041.2"),
    ("allowable_blood_loss", dict(category="Adult woman", weight=60, hemoglobin_initial=12, hemoglobin_final=8),
     1560.0, "65 x 60 = 3900; x 4 / 10 = 1560"),
    ("ett_depth_tidal_volume", dict(sex="female", height="62 in"), 20, "157.48 cm x 0.1 + 4 = 19.7 -> 20"),
    ("ett_depth_tidal_volume", dict(sex="male", height="70 in"), 22, "177.8 cm x 0.1 + 4 = 21.8 -> 22"),
    ("treadmill_mets", dict(speed="1.5 mph", grade="5 %", sex="female", age=76), 3.184,
     "40.23 m/min: 4.023 + 1.8 x 40.23 x 0.05 (3.621) + 3.5 = 11.14 mL/kg/min; / 3.5 = 3.18"),
    ("treadmill_mets", dict(speed="3.0 mph", grade=10), 7.437, "80.47 m/min: 8.047 + 14.48 + 3.5 = 26.03; / 3.5"),
]


@pytest.mark.parametrize("cid, args, expected, _why", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_values_worked_by_hand(cid, args, expected, _why):
    assert run(cid, **args).value == pytest.approx(expected, rel=1e-3)


def test_side_values_in_the_components():
    ett = run("ett_depth_tidal_volume", sex="female", height="62 in")
    assert ett.components["ideal_body_weight_kg"] == pytest.approx(45.5 + 2.3 * 2, abs=0.05)  # Devine: 50.1 kg
    assert ett.components["tidal_volume_6_ml"] == pytest.approx(6 * 50.1, abs=0.5)
    mets = run("treadmill_mets", speed=1.5, grade=5, sex="female", age=76)
    assert mets.components["predicted_mets"] == pytest.approx(14.7 - 0.13 * 76)  # 4.82 (Gulati)
    assert "predicted_mets" not in run("treadmill_mets", speed=1.5, grade=5, sex="male", age=76).components


@pytest.mark.parametrize("cid, args, needle", [
    ("cryoprecipitate_dose", dict(plasma_volume=3000, fibrinogen=220, goal_fibrinogen=200), "goal_fibrinogen"),
    ("allowable_blood_loss", dict(category="Infant", weight=8, hemoglobin_initial=9, hemoglobin_final=10),
     "hemoglobin_final"),
    ("allowable_blood_loss", dict(category="Adult", weight=80, hemoglobin_initial=12, hemoglobin_final=8),
     "category"),
    ("crrt_dose", dict(weight=80), "dose"),
    ("plasma_dose", dict(weight=80, dose="15 mL"), "dose"),
])
def test_refuses_with_the_input_named(cid, args, needle):
    with pytest.raises(CalculatorInputError, match=needle):
        run(cid, **args)


def test_mdcalc_names_are_aliases_and_cards_cite_a_reference():
    from medmirror.bench.medmcp import resolve

    for mdcalc, cid in [("CRRT Dosing Calculator", "crrt_dose"), ("Plasma Dosage", "plasma_dose"),
                        ("Cryoprecipitate Dosing for Fibrinogen Replacement", "cryoprecipitate_dose"),
                        ("Maximum Allowable Blood Loss (ABL) Without Transfusion", "allowable_blood_loss"),
                        ("Endotracheal Tube (ETT) Depth and Tidal Volume Calculator", "ett_depth_tidal_volume"),
                        ("Exercise Capacity (METs)", "treadmill_mets")]:
        assert resolve(mdcalc).id == cid
        card = CALCULATORS[cid].card()
        assert card.reference and card.conventions
    assert transfusion_ventilation.EBV_PER_KG["Adult woman"] == 65


def test_dasi_worked_by_hand():
    from medmirror.tools.calculators.library.functional_screening import DASI_ITEMS

    assert sum(w for _, _, w in DASI_ITEMS) == pytest.approx(58.2)  # the published maximum
    yes = {"self_care", "walk_indoors", "walk_blocks", "climb_stairs", "light_housework", "moderate_housework",
           "sexual_relations", "moderate_recreation"}
    r = run("dasi", **{name: name in yes for name, _, _ in DASI_ITEMS})
    # 2.75 + 1.75 + 2.75 + 5.5 + 2.7 + 3.5 + 5.25 + 6 = 30.2; VO2 0.43 x 30.2 + 9.6 = 22.586; / 3.5 = 6.45 METs
    assert r.value == pytest.approx(30.2) and r.components["mets"] == pytest.approx(6.453, abs=1e-3)
    with pytest.raises(CalculatorInputError, match="run"):
        run("dasi", **{name: True for name, _, _ in DASI_ITEMS if name != "run"})


@pytest.mark.parametrize("args, expected", [
    (dict(induration="8 mm", recent_contact=True), "positive"),  # contact: >= 5 mm
    (dict(induration=8), "negative"),  # no risk factor: >= 15 mm
    (dict(induration=12, injection_drug_use=True), "positive"),  # >= 10 mm group
    (dict(induration=9, injection_drug_use=True), "negative"),
    (dict(induration="1.5 cm"), "positive"),  # 15 mm, anyone
    (dict(induration=6, child_under_4=True, hiv=True), "positive"),  # the lowest cut-off of the groups applies
])
def test_tb_skin_test_cut_offs(args, expected):
    r = run("tb_skin_test", **args)
    assert r.value == f"TB skin test is {expected}"
