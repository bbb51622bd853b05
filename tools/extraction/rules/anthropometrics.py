"""Rules and field map of the anthropometric calculators (BMI, body weights, BSA, target weight, maintenance fluids).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.calc_sources import Derived, Hit, NoteContext, Source
from medmirror.tools.extraction.rules.readers import make_hit
from medmirror.tools.extraction.rules.shared import HEIGHT, SEX, WEIGHT
from medmirror.tools.extraction.text import NUMBER, parse_number

# a goal written before the BMI, a few words apart: "goal agreed with her: a BMI of 25", "aim for a BMI of 24";
# "target BMI 23", "BMI goal of 22", "body mass index target: 24"
_TARGET_BMI = re.compile(
    rf"(?:\b(?:target|goal|desired|ideal|aim(?:s|ed|ing)?)\b(?P<gap>[^\d\n;.]{{0,45}}?)\b(?:body mass index|BMI)"
    rf"|\b(?:BMI|body mass index)\s+(?:target|goal|aim)\b)"
    rf"[^\d\n;.]{{0,20}}?(?P<n>{NUMBER})\s*(?P<u>kg\s*/\s*m(?:\^?2|²)|(?=[\s,.;)]|$))", re.I)
# a BMI named first and made the goal after it: "required a body mass index of 30 kg/m² or less for listing, the committee
# set this as her target", "a BMI of 20, which the team agreed as her goal"
_TARGET_BMI_AFTER = re.compile(
    rf"\b(?:BMI|body mass index)\s+(?:of\s+)?(?P<n>{NUMBER})\s*(?P<u>kg\s*/\s*m(?:\^?2|²))?[^\d.;\n]{{0,80}}?"
    r"\b(?P<decision>(?:set|made|took|chose|agreed|adopted|fixed|named)\s+(?:on\s+)?(?:this|that|it|which)?\s*as\s+"
    r"(?:the|her|his|their|a)\s+(?:[\w-]+\s+)?(?:target|goal|aim))\b", re.I)
# the patient's present BMI is not a goal: "target: weight loss; current BMI 34", "aim to lose weight, BMI now 31"
_PRESENT_BMI = re.compile(r"\b(?:current|present|actual|baseline|measured|admission|today's)\s+(?:body mass index|BMI)\b"
                          r"|\b(?:body mass index|BMI)\s+(?:is\s+|was\s+)?(?:now|today|currently|at\s+present|on\s+admission)\b", re.I)
_PRESENT_AFTER = re.compile(r"\s*(?:kg\s*/\s*m\S*\s*)?(?:now|today|currently|at\s+present|on\s+admission)\b", re.I)


def target_bmi(ctx: NoteContext) -> Hit | None:
    """'target BMI is 23.2 kg/m^2', 'goal body mass index of 22', 'BMI goal of 24', 'aim for a BMI of 25', 'goal agreed
    with the patient: BMI of 22', 'a body mass index of 30 ... the committee set this as her target'. A BMI named as the present one ('current', 'now') between the goal word and the number
    or right after it is not the target."""
    for m in [*_TARGET_BMI.finditer(ctx.note), *_TARGET_BMI_AFTER.finditer(ctx.note)]:
        n = parse_number(m.group("n"))
        if n is None or not 10 <= n <= 60:
            continue
        if _PRESENT_BMI.search(m.group(0)) or _PRESENT_AFTER.match(ctx.note, m.end()):
            continue
        # a goal named after its number is asserted by the decision that names it ('the committee set this as her
        # target'), whatever the reasons given before the number ('because of the higher risk of ...')
        decided = "decision" in m.groupdict() and m.group("decision")
        f = ctx.finding_at(m.start("decision"), m.end("decision")) if decided else ctx.finding_at(m.start(), m.end())
        if f.negated or f.hypothetical:
            continue
        return make_hit(ctx, m, n, unit="kg/m^2")
    return None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "bmi": {"weight": WEIGHT, "height": HEIGHT},
    "ideal_body_weight": {"sex": SEX, "height": HEIGHT},
    "adjusted_body_weight": {"sex": SEX, "weight": WEIGHT, "height": HEIGHT},
    "body_surface_area": {"weight": WEIGHT, "height": HEIGHT},
    "target_weight": {"target_bmi": Derived(target_bmi, "'target/goal BMI' number"), "height": HEIGHT},
    "maintenance_fluids": {"weight": WEIGHT},
}
