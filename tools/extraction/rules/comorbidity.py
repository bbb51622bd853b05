"""Rules and field map of the Charlson comorbidity index (Charlson 1987; MDCalc's definitions).

Each rule takes a :class:`~medmirror.tools.extraction.calc_sources.NoteContext` and returns a
:class:`~medmirror.tools.extraction.calc_sources.Hit` or ``None`` (the note does not decide); none returns a value the
note does not state or imply by the calculator's definition, which each docstring names.
"""

from __future__ import annotations

import re

from medmirror.tools.extraction.calc_sources import AnyOf, Concept, Derived, Hit, NoteContext, Source, Term, decide
from medmirror.tools.extraction.model import Finding
from medmirror.tools.extraction.rules.readers import affirmed, make_hit
from medmirror.tools.extraction.rules.shared import (
    AGE,
    DIALYSIS_SHORTHAND,
    HEART_FAILURE,
    STROKE,
    TIA,
    cancer_mentions,
    low_ankle_brachial_index,
    skin_cancer,
)
from medmirror.tools.extraction.text import NUMBER, parse_number

_PORTAL_HTN = (r"portal hypertension|(?:esophageal|oesophageal|gastric)?\s*varic(?:es|eal)|variceal bleed\w*|ascites"
               r"|hepatic encephalopathy|hepatorenal|decompensated (?:cirrhosis|liver)"
               # its signs and its shunt: periumbilical collaterals, a single varix, a TIPS
               r"|caput medusae|\bvarix\b|(?-i:\bTIPSS?\b)|transjugular intrahepatic")


def charlson_liver(ctx: NoteContext) -> Hit | None:
    """none / mild (chronic hepatitis, cirrhosis without portal hypertension) / moderate to severe (with it)."""
    value, f, why = decide(ctx.findings("liver_disease"), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none", why)
    severe = affirmed(ctx, _PORTAL_HTN)
    if severe:
        return Hit.of_finding(severe[0], "moderate to severe", "liver disease with portal hypertension / decompensation")
    return Hit.of_finding(f, "mild", "chronic liver disease without portal hypertension")


_END_ORGAN = (r"diabetic (?:retinopathy|nephropathy|neuropathy|kidney disease|foot|ulcer\w*|gastroparesis)"
              r"|(?:retinopathy|nephropathy|neuropathy|gastroparesis)|diabetes[^.;]{0,40}?complicat\w+"
              # the eye, the nerve and the foot named otherwise: maculopathy, laser for proliferative disease, a
              # neuropathic (Charcot) foot or ulcer, proximal diabetic neuropathy (amyotrophy)
              r"|maculopathy|pan-?retinal (?:laser )?photocoagulation|Charcot (?:foot|arthropathy|joint|neuro-?arthropathy)"
              r"|neuropathic (?:foot )?ulcer\w*|diabetic amyotrophy")


def charlson_diabetes(ctx: NoteContext) -> Hit | None:
    """none or diet-controlled / uncomplicated / end-organ damage (retinopathy, nephropathy, neuropathy)."""
    value, f, why = decide(ctx.findings("diabetes"), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none or diet-controlled", why)
    organ = affirmed(ctx, _END_ORGAN)
    if organ:
        return Hit.of_finding(organ[0], "end-organ damage", "diabetes with end-organ damage")
    diet = affirmed(ctx, r"diet[- ](?:controlled|managed|alone)|controlled (?:with|by|on) diet|lifestyle (?:measures|modification) alone")
    if diet:
        return Hit.of_finding(diet[0], "none or diet-controlled", "diet-controlled diabetes")
    return Hit.of_finding(f, "uncomplicated", "diabetes without documented end-organ damage")


# AIDS (CDC stage 3) in a patient with HIV: an AIDS-defining illness or a CD4 count below 200 cells/µL (a nadir counts:
# once AIDS, always AIDS); HIV on ART with a good count is 'HIV positive', not AIDS
_HIV = r"(?-i:\bHIV\b)(?!\s*[-:]?\s*(?:neg\w*|test(?:ing)?\s+neg\w*|screen\w*\s+neg\w*|Ab\s+neg\w*)\b)|human immunodeficiency virus"
_AIDS_DEFINING = (r"Pneumocystis|\bPCP\b|\bPJP\b|Kaposi'?s?(?:\s+sarcoma)?|\bCMV\s+retinitis|cytomegalovirus\s+retinitis"
                  r"|cryptococcal\s+meningitis|cerebral\s+toxoplasm\w+|toxoplasm\w+\s+encephalitis|Mycobacterium\s+avium|\bMAC\s+infection"
                  r"|progressive\s+multifocal\s+leuko\w+|HIV[- ](?:associated\s+)?(?:wasting|encephalopathy|dementia)"
                  r"|o?esophageal\s+candidiasis|disseminated\s+(?:histoplasmosis|coccidioidomycosis|MAC)")
_CD4 = re.compile(r"\bCD4\+?(?:\s*(?:T[- ]cells?|cells?|counts?|lymphocytes?))?(?:\s*(?:nadir|of|was|is|were|at|now|:|=|-)){0,3}"
                  r"\s*(?P<n>\d{1,4})(?!\s*%|\d|\.\d)", re.I)


def charlson_aids(ctx: NoteContext) -> Hit | None:
    """Charlson AIDS: AIDS named; else HIV with an AIDS-defining illness or a CD4 count (or nadir) below 200."""
    value, f, why = decide(ctx.findings("aids"), "any")
    if value:
        return Hit.of_finding(f, True, why)
    hiv = affirmed(ctx, _HIV)
    if hiv:
        ill = affirmed(ctx, _AIDS_DEFINING)
        if ill:
            return Hit.of_finding(ill[0], True, "HIV with an AIDS-defining illness")
        for m in _CD4.finditer(ctx.note):
            if int(m.group("n")) < 200:
                g = ctx.finding_at(m.start(), m.end())
                if not (g.negated or g.hypothetical or g.family):
                    return Hit.of_finding(g, True, "HIV with a CD4 count below 200")
    return None if f is None else Hit.of_finding(f, value, why)


_HEME = r"leuka?emia|lymphoma|myeloma|\bAML\b|\bCLL\b|\bCML\b|\bALL\b|Hodgkin"
_METASTATIC = (r"metasta\w+|stage\s*(?:IV|4)\b|(?:widespread|disseminated)\s+(?:disease|cancer|malignancy)"
               # shorthand and tumour deposits named by their site: "liver mets", "bony secondaries", "lytic deposits"
               r"|(?-i:\bmets\b)|\bsecondaries\b|carcinomatosis|\b[pcy]?T[0-4x][a-d]?\s*N[0-3x][a-c]?\s*M1[a-c]?\b"
               r"|\b(?:bone|bony|liver|hepatic|lung|pulmonary|brain|cerebral|adrenal|peritoneal|skeletal|sclerotic|lytic"
               r"|osteoblastic|osteolytic|spinal|vertebral)\s+(?:deposits?|secondar(?:y|ies)|mets)\b")
# a stage of something else: "CKD stage 4", "NYHA stage IV", "stage 4 pressure ulcer"
_OTHER_STAGE = re.compile(r"\b(?:CKD|kidney|renal|NYHA|heart failure|HF|COPD|GOLD|hypertension|pressure|liver|fibrosis|sleep)"
                          r"\W+(?:\w+\W+)?$|^\W*(?:pressure (?:ulcer|injury|sore)|CKD|chronic kidney|kidney|renal|heart failure)", re.I)


def _solid_cancer_mentions(ctx: NoteContext) -> list[Finding]:
    out = []
    for f in cancer_mentions(ctx):
        if re.fullmatch(rf"(?:{_HEME})", f.text, re.I) or re.search(r"leuka?emia|lymphoma|myeloma", f.text, re.I):
            continue
        if skin_cancer(ctx, f):
            continue  # basal / squamous cell cancer of the skin: Deyo's coding of Charlson leaves out ICD-9 173
        out.append(f)
    return out


def charlson_tumor(ctx: NoteContext) -> Hit | None:
    """Solid tumour: none / localized / metastatic (leukaemia and lymphoma are separate items)."""
    value, f, why = decide(_solid_cancer_mentions(ctx), "any")
    if value is None or f is None:
        return None
    if value is False:
        return Hit.of_finding(f, "none", why)
    met = [m for m in affirmed(ctx, _METASTATIC)
           if not (m.text.lower().startswith("stage") and (_OTHER_STAGE.search(ctx.note[max(0, m.start - 25):m.start])
                                                            or _OTHER_STAGE.match(ctx.note[m.end:m.end + 30])))]
    if met:
        return Hit.of_finding(met[0], "metastatic", "metastatic solid tumour")
    return Hit.of_finding(f, "localized", "solid tumour without documented metastasis")


# between the disease and its stage: "CKD (stage 4)", "chronic kidney disease, stage 4", or a verb: "her chronic kidney
# disease is stage 4", "CKD has progressed to stage 5", "CKD, now at stage 3b"
_STAGE_VERB = (r"\s*[,(]?\s*(?:(?:is|was|has\s+been|had\s+been|remains|now|currently|classified\s+as|graded\s+as|has\s+progressed"
               r"|progressed|advanced)\s+(?:(?:now|currently|to|at|as)\s+)?)?(?:at\s+)?")


_EGFR = re.compile(r"\beGFR\D{0,12}?(\d{1,3})\b", re.I)
_CKD_STAGED = re.compile(r"\b(?:CKD|chronic kidney disease|chronic renal \w+)\b[^.;]{0,30}?\b(?:stage|grade|G)\s*\d", re.I)


def charlson_ckd(ctx: NoteContext) -> Hit | None:
    """Moderate to severe CKD: dialysis, transplant, uraemia, CKD stage 3b-5 / ESRD, or creatinine > 3 mg/dL."""
    severe = affirmed(ctx, DIALYSIS_SHORTHAND + r"|dialysis|hemodialysis|haemodialysis|renal transplant\w*|kidney transplant\w*|\buremia\b|\buraemia\b"
                           r"|end[- ]stage (?:renal|kidney)|\bESRD\b|\bESKD\b|CKD\s*(?:stage\s*)?(?:3b|IIIb|4|IV|5|V)\b"
                           r"|stage\s*(?:3b|IIIb|4|IV|5|V)\s+(?:chronic kidney|CKD)"
                           # the disease named in full, the stage after it: "chronic kidney disease stage 4", "CKD G4"
                           r"|(?:chronic kidney disease|chronic renal (?:disease|failure|insufficiency)|\bCKD)" + _STAGE_VERB +
                           r"(?:stage|grade|G)\s*(?:3b|IIIb|4|IV|5|V)(?:\b|(?=A[1-3]\b))")
    if severe:
        return Hit.of_finding(severe[0], True, "moderate-severe CKD")
    cr = ctx.value("creatinine")
    if cr is not None and float(cr.value) > 3:
        return Hit.of_value(cr, value=True, unit=None, note="creatinine > 3 mg/dL")
    value, f, why = decide(ctx.findings("chronic_kidney_disease"), "any")
    if value is False and f is not None:
        return Hit.of_finding(f, False, why)
    # a CKD named without a stage, every creatinine of the note 3 mg/dL or less and no dialysis, transplant or uraemia
    # (checked above): not moderate-severe by Charlson's own definition (1987: moderate = creatinine > 3 mg/dL; severe =
    # dialysis, transplant, uraemia)
    creatinines = [v for v in ctx.values("creatinine") if not v.details.get("qualifier")]
    # (a stage written, or an eGFR under 30, is left to the stage rules or undecided)
    if (value is True and creatinines and all(float(v.value) <= 3 for v in creatinines) and not _CKD_STAGED.search(ctx.note)
            and all(int(g) >= 30 for g in _EGFR.findall(ctx.note))):
        return Hit.of_value(creatinines[0], value=False, unit=None, note="CKD with creatinine <= 3 mg/dL, no dialysis or transplant")
    mild = affirmed(ctx, r"CKD\s*(?:stage\s*)?(?:1|2|I|II|3a|IIIa)\b|stage\s*(?:1|2|I|II|3a|IIIa)\s+(?:chronic kidney|CKD)"
                         r"|(?:chronic kidney disease|chronic renal (?:disease|failure|insufficiency)|\bCKD)" + _STAGE_VERB +
                         r"(?:stage|grade|G)\s*(?:1|2|I|II|3a|IIIa)(?:\b|(?=A[1-3]\b))")
    if mild:
        return Hit.of_finding(mild[0], False, "CKD stage 1-3a: not moderate-severe")
    return None


# Intermittent claudication told in lay words (Rose / Edinburgh claudication questionnaire): pain or cramp in the calves,
# thighs or buttocks brought on by walking and relieved by rest or standing still
CLAUDICATION_WORDS = (r"(?:pain|cramp\w*|ache|aching|tightness)\b[^.;]{0,40}?\b(?:calf|calves|buttocks?|thighs?|legs?)\b"
                      r"[^.;]{0,60}?\b(?:walk\w*|\d+\s*(?:yards|metres|meters|blocks)\b)[^.;]{0,60}?(?<!not )"
                      r"\b(?:reliev\w+|eas\w+|settl\w+|goes\s+away|went\s+away|disappear\w*)\s+(?:by|with|on|when|after)\s+"
                      r"(?:rest\w*|standing|stopping)")
# FEV1/FVC < 0.70 after a bronchodilator: airflow obstruction (GOLD 2024), a chronic pulmonary disease (Charlson)
_FEV1_FVC = re.compile(rf"FEV1?\s*/\s*FVC(?:\s+ratio)?[^\d.;]{{0,20}}?(?P<n>{NUMBER})\s*(?P<pct>%)?", re.I)
FEV1_FVC_OBSTRUCTION = 0.70


def spirometric_obstruction(ctx: NoteContext) -> Hit | None:
    """Chronic airflow obstruction by spirometry: FEV1/FVC < 0.70 (GOLD), as a ratio or a percentage."""
    for m in _FEV1_FVC.finditer(ctx.note):
        v = parse_number(m.group("n"))
        if v is None or ctx.finding_at(m.start(), m.end()).negated:
            continue
        ratio = v / 100 if m.group("pct") or v > 1.5 else v
        if 0.2 <= ratio < FEV1_FVC_OBSTRUCTION:
            return make_hit(ctx, m, True, f"FEV1/FVC {ratio:.2f} < {FEV1_FVC_OBSTRUCTION}")
    return None


# ---------------------------------------------------------------------------
# The field map: where rules read each input of the family's calculators
# ---------------------------------------------------------------------------


FIELD_MAP: dict[str, dict[str, Source]] = {
    "charlson": {
        "age": AGE, "myocardial_infarction": Concept("myocardial_infarction"), "chf": HEART_FAILURE,
        # Charlson 1987: claudication, arterial bypass, gangrene, acute arterial insufficiency, aortic aneurysm
        "peripheral_vascular_disease": AnyOf(Concept("peripheral_artery_disease"), Term(
            r"(?-i:\bAAA\b)|(?:abdominal |thoracic |thoraco-?abdominal |infrarenal |juxtarenal )?aortic aneurysm|\bEVAR\b"
            r"|(?:fem(?:oral)?|ilio|aorto)[- ]?(?:pop(?:liteal)?|fem(?:oral)?|bifem(?:oral)?|distal)\w*\s+(?:bypass|graft)"
            r"|(?:dry|ischa?emic|arterial) gangrene",
            label="aortic aneurysm / peripheral arterial bypass"),
            Term(CLAUDICATION_WORDS, label="claudication in lay words"),
            Derived(low_ankle_brachial_index, "ankle-brachial index <= 0.90")),
        "cerebrovascular_accident": STROKE, "tia": TIA,
        # a chronic cognitive deficit: the disease named, or a cholinesterase inhibitor / memantine (prescribed for it alone)
        "dementia": AnyOf(Concept("dementia"), Term(r"\b(?:donepezil|rivastigmine|galantamine|memantine|Aricept|Exelon|Namenda)\b",
                                                    label="anti-dementia drug")),
        "chronic_pulmonary_disease": AnyOf(Concept("chronic_lung_disease"),
                                           Derived(spirometric_obstruction, "FEV1/FVC < 0.70 (GOLD)")),
        "connective_tissue_disease": Concept("connective_tissue_disease"), "peptic_ulcer_disease": Concept("peptic_ulcer"),
        "liver_disease": Derived(charlson_liver, "liver disease; with portal hypertension/decompensation -> moderate to severe"),
        "diabetes": Derived(charlson_diabetes, "diabetes; end-organ damage words; diet-controlled"),
        "hemiplegia": Concept("hemiplegia"),
        "moderate_severe_ckd": Derived(charlson_ckd, "dialysis/transplant/ESRD/CKD 3b-5 or creatinine > 3"),
        "solid_tumor": Derived(charlson_tumor, "solid cancer; metastatic words"),
        "leukemia": Term(r"leuka?emi(?:a|c)|(?-i:\b(?:AML|CLL|CML|CMML|APML)\b)", label="leukaemia"),
        # Charlson 1987's lymphoma: Hodgkin's, lymphosarcoma, Waldenström's macroglobulinaemia, myeloma, other lymphomas
        "lymphoma": Term(r"lymphoma|Hodgkin|myeloma|plasmacytoma|lymphosarcoma|Waldenstr(?:ö|o|oe)m|macroglobulin(?:a)?emia"
                         r"|(?-i:\b(?:NHL|DLBCL)\b)", label="lymphoma / myeloma"),
        "aids": Derived(charlson_aids, "AIDS named, or HIV with an AIDS-defining illness or CD4 < 200 (nadir counts)"),
    },
}
