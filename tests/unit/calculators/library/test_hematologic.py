"""Haematology scores of the library, values worked by hand from each definition."""

from __future__ import annotations

import pytest

from medmirror.tools.calculators import CALCULATORS, CalculatorInputError


def run(cid: str, **args):
    return CALCULATORS[cid].run(args)


def test_cns_ipi():
    # age 1 + LDH 1 + extranodal 1 = 3 -> intermediate 3.4%
    r = run("cns_ipi", age="Yes", ldh="Yes", ecog="No", ann="No", eds="Yes", kidney="No")
    assert r.value == 3 and r.interpretation.startswith("Intermediate risk: 3.4%")
    with pytest.raises(CalculatorInputError, match="kidney"):
        run("cns_ipi", age="Yes", ldh="Yes", ecog="No", ann="No", eds="Yes")


def test_vte_bleed_half_points():
    # anaemia 1.5 + bleeding 1.5 + renal 1.5 = 4.5 -> elevated; age alone 1.5 -> low
    assert run("vte_bleed", anemia="Yes", bleeding="Yes", cc="Yes").interpretation == "Elevated bleeding risk"
    r = run("vte_bleed", age="Yes")
    assert r.value == 1.5 and r.interpretation == "Low bleeding risk"


def test_improve_bleeding():
    # 40-84 1.5 + male 1 + GFR <30 2.5 + CVC 2 + INR 2.5 + bleeding 4 + ulcer 4.5 = 18 -> increased
    r = run("improve_bleeding", age="40-84", gender="Male", gfr="<30", cvc="Yes", inr="Yes",
            platelet=">=50 x 10^9/L", bleeding="Yes", ulcer="Yes")
    assert r.value == 18 and r.interpretation == "Increased risk of bleeding"
    # >=85 3.5 + female 0 + GFR 30-59 1 + cancer 2 = 6.5 -> not increased (<7)
    r = run("improve_bleeding", age=">=85", gender="Female", gfr="30-59", cancer="Yes", platelet=">=50 x 10^9/L")
    assert r.value == 6.5 and r.interpretation == "No increased risk of bleeding"


def test_nccn_ipi():
    # 61-75 2 + LDH >3 2 + ECOG 1 + stage 1 = 6 -> high
    r = run("nccn_ipi", age="61-75", ldh=">3", ecog="Yes", ann="Yes", site="No")
    assert r.value == 6 and r.interpretation.startswith("High risk: 30% 5-year progression-free")
    with pytest.raises(CalculatorInputError, match="ecog"):
        run("nccn_ipi", age="61-75", ldh=">3", ann="Yes", site="No")


def test_ipi_reads_r_ipi_and_gives_ipi_alongside():
    # age 1 + ECOG 1 + extranodal 1 = 3 -> R-IPI poor (3-5); IPI high-intermediate
    r = run("ipi_dlbcl", age=">60 years", aarbor_stage="No", ecog="Yes", serum="No", nodal="Yes")
    assert r.value == 3 and r.interpretation.startswith("R-IPI poor: 55%")
    assert any("IPI high-intermediate" in line for line in r.explanation)
    assert run("ipi_dlbcl", age="<=60 years", aarbor_stage="No", ecog="No", serum="No",
               nodal="No").interpretation.startswith("R-IPI very good")
