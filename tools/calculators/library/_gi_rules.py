"""Shared helpers of the gastrointestinal library modules: scores read by a rule, and the Rome criteria.

:func:`_rule_score` keeps a score's items as data and states its rule (all criteria met, "two of six",
a class from a table, a capped item) in a small function; :func:`_rome` builds a Rome diagnostic
criteria set answered Yes/No.
"""

from __future__ import annotations

from typing import Any, Callable

from medmirror.tools.calculators.base import CalculatorResult, Category
from medmirror.tools.calculators.points import Band, Item, band_of, item_points, point_score, yes_no

# A rule: (item name -> points of the option picked, item name -> label picked) -> (value,
# interpretation or None to read ``bands`` off the value, explanation lines).
Rule = Callable[[dict[str, float], dict[str, str]], tuple[Any, str | None, list[str]]]

# Bands of a score read by a rule are not a reading of the plain sum; the definition checks get this.
_BY_RULE = (Band(None, None, "Read by the score's rule, not by the sum of its items"),)


def _rule_score(*, id: str, name: str, mdcalc_id: int, category: Category, description: str,
                items: tuple[Item, ...], rule: Rule, reference: str, bands: tuple[Band, ...] = (),
                aliases: tuple[str, ...] = (), conventions: tuple[str, ...] = (), unit: str = "points"):
    """A score with items as data and its own rule (see :data:`Rule`)."""

    def compute(x: Any) -> CalculatorResult:
        rows = item_points(x)
        pts = {key: p for key, _, p in rows}
        picked = {key: getattr(x, key) for key in pts}
        value, interpretation, notes = rule(pts, picked)
        if interpretation is None:
            interpretation = band_of(bands, value).text
        shown = f"{value:g}" if isinstance(value, (int, float)) else str(value)
        lines = [f"{text} -> {p:+g}" for _, text, p in rows] + notes
        lines.append(f"Result = {shown} {unit}; {interpretation}".replace("  ", " "))
        return CalculatorResult(
            calculator=id, name=name, value=value, unit=unit, interpretation=interpretation,
            explanation=lines, reference=reference, components=pts)

    return point_score(id=id, name=name, mdcalc_id=mdcalc_id, category=category, description=description,
                       items=items, bands=_BY_RULE, reference=reference, aliases=aliases,
                       conventions=conventions, unit=unit, compute=compute)


ROME_IV_ADULT_BOWEL = ("Mearin F, Lacy BE, Chang L, Chey WD, Lembo AJ, Simren M, Spiller R. Bowel disorders. "
                       "Gastroenterology. 2016;150(6):1393-1407.")
ROME_IV_CHILD = ("Hyams JS, Di Lorenzo C, Saps M, Shulman RJ, Staiano A, van Tilburg M. Functional disorders: "
                 "children and adolescents. Gastroenterology. 2016;150(6):1456-1468.")
ROME_IV_CAPS = ("Keefer L, Drossman DA, Guthrie E, Simren M, Tillisch K, Olden K, Whorwell PJ. Centrally "
                "mediated disorders of gastrointestinal pain. Gastroenterology. 2016;150(6):1408-1419.")

_ROME_CONVENTION = ("Every criterion must be answered: an undocumented criterion is refused, not taken as "
                    "absent, because a negative diagnosis is a conclusion too.")


def _met(ok: bool, condition: str, edition: str = "Rome IV") -> tuple[str, str]:
    if ok:
        return "Positive", f"Positive diagnosis: {condition} likely (meets the {edition} criteria)"
    return "Negative", f"Negative diagnosis: {condition} unlikely ({edition} criteria not met)"


def _rome(*, id: str, name: str, mdcalc_id: int, condition: str, description: str,
          criteria: tuple[tuple[str, str], ...], reference: str, rule: Callable[[dict[str, float]], bool] | None = None,
          how: str = "all criteria met", edition: str = "Rome IV", aliases: tuple[str, ...] = (),
          conventions: tuple[str, ...] = (), inverted: tuple[str, ...] = ()):
    """Diagnostic criteria answered Yes/No (MDCalc value 1/0); by default all must be met.

    ``inverted``: criteria whose MDCalc value is 0 for Yes and 1 for No (as MDCalc's schema has them);
    they still count as met when answered Yes.
    """
    items = tuple(yes_no(key, question, 1, default=None, **({"yes_code": 0, "no_code": 1} if key in inverted
                                                            else {}))
                  for key, question in criteria)

    def decide(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
        ok = rule(pts) if rule is not None else all(pts[k] == 1 for k, _ in criteria)
        value, text = _met(ok, condition, edition)
        return value, text, [f"Rule: {how} -> {'met' if ok else 'not met'}"]

    return _rule_score(id=id, name=name, mdcalc_id=mdcalc_id, category="diagnosis", description=description,
                       items=items, rule=decide, reference=reference, unit="",
                       aliases=aliases, conventions=(_ROME_CONVENTION, *conventions))
