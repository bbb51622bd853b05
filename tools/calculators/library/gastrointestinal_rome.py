"""Rome diagnostic criteria of functional gastrointestinal disorders (Rome IV 2016, and Rome II/III for IBS).

Each criteria set is answered Yes/No per criterion (MDCalc's value 1/0) and read as a positive or
negative diagnosis by its rule: all criteria met unless stated otherwise. An undocumented criterion is
refused, not taken as absent (see ``_gi_rules._ROME_CONVENTION``). The symptom duration of each set
(e.g. 3 months with onset 6 months before) is part of the criteria as published and is stated in the
card; MDCalc does not ask it as an item.
"""

from __future__ import annotations

from typing import Any

from medmirror.tools.calculators.library._gi_rules import (
    _ROME_CONVENTION,
    ROME_IV_ADULT_BOWEL,
    ROME_IV_CHILD,
    _rome,
    _rule_score,
)
from medmirror.tools.calculators.points import yes_no

ROME_IV_ESOPHAGEAL = ("Aziz Q, Fass R, Gyawali CP, Miwa H, Pandolfino JE, Zerbib F. Functional esophageal "
                      "disorders. Gastroenterology. 2016;150(6):1368-1379.")
ROME_IV_GASTRODUODENAL = ("Stanghellini V, Chan FK, Hasler WL, Malagelada JR, Suzuki H, Tack J, Talley NJ. "
                          "Gastroduodenal disorders. Gastroenterology. 2016;150(6):1380-1392.")
ROME_IV_BILIARY = ("Cotton PB, Elta GH, Carter CR, Pasricha PJ, Corazziari ES. Gallbladder and sphincter of Oddi "
                   "disorders. Gastroenterology. 2016;150(6):1420-1429.")
ROME_IV_ANORECTAL = ("Rao SSC, Bharucha AE, Chiarioni G, Felt-Bingham R, Knowles C, Malcolm A, Wald A. Anorectal "
                     "disorders. Gastroenterology. 2016;150(6):1430-1442.")
ROME_IV_NEONATE = ("Benninga MA, Faure C, Hyman PE, St James Roberts I, Schechter NL, Nurko S. Childhood "
                   "functional gastrointestinal disorders: neonate/toddler. Gastroenterology. "
                   "2016;150(6):1443-1455.")
ROME_III_BOWEL = ("Longstreth GF, Thompson WG, Chey WD, Houghton LA, Mearin F, Spiller RC. Functional bowel "
                  "disorders. Gastroenterology. 2006;130(5):1480-1491.")
ROME_II_BOWEL = ("Thompson WG, Longstreth GF, Drossman DA, Heaton KW, Irvine EJ, Muller-Lissner SA. Functional "
                 "bowel disorders and functional abdominal pain. Gut. 1999;45(Suppl 2):II43-II47.")

_NOT_EXPLAINED = "After appropriate evaluation, the symptoms cannot be fully explained by another medical condition"
_MOTOR = ("Absence of major esophageal motor disorders (achalasia/EGJ outflow obstruction, diffuse esophageal "
          "spasm, jackhammer esophagus, absent peristalsis)")


# ---------------------------------------------------------------------------
# MDCalc 10323: proctalgia fugax
# ---------------------------------------------------------------------------

ROME_PROCTALGIA_FUGAX = _rome(
    id="rome4_proctalgia_fugax", name="Rome IV Criteria for Proctalgia Fugax", mdcalc_id=10323,
    condition="proctalgia fugax",
    description=("Rome IV diagnosis of proctalgia fugax: recurrent brief rectal pain unrelated to defecation, "
                 "lasting seconds to at most 30 minutes, with no pain between episodes and other causes of "
                 "rectal pain excluded."),
    criteria=(
        ("one", "Recurrent episodes of pain localized to the rectum and unrelated to defecation"),
        ("two", "Episodes last from seconds to minutes, with a maximum duration of 30 minutes"),
        ("three", "There is no anorectal pain between episodes"),
        ("four", "Exclusion of other causes of rectal pain, such as inflammatory bowel disease, intramuscular "
                 "abscess and fissure, thrombosed hemorrhoids, prostatitis, coccygodynia, and major structural "
                 "alterations of the pelvic floor"),
    ),
    inverted=("two",), reference=ROME_IV_ANORECTAL, aliases=("proctalgia fugax",),
    conventions=("MDCalc's schema gives the duration criterion the value 0 for Yes and 1 for No; it is read by "
                 "its label (Yes: episodes last seconds to minutes, at most 30 minutes) and counts as met when "
                 "Yes.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10335: functional defecation disorders
# ---------------------------------------------------------------------------


def _defecation(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    if not (pts["one"] == 1 and pts["two"] == 1):
        return "Negative", ("Negative diagnosis: functional defecation disorder unlikely (Rome IV criteria not "
                            "met)"), ["Rule: constipation criteria and impaired evacuation on 2 of 3 tests both "
                                      "needed -> not met"]
    subtypes = [name for key, name in (("four", "inadequate defecatory propulsion"),
                                       ("six", "dyssynergic defecation")) if pts[key] == 1]
    sub = f"; subtype: {' and '.join(subtypes)}" if subtypes else ""
    return "Positive", ("Positive diagnosis: functional defecation disorder likely (meets the Rome IV "
                        f"criteria){sub}"), ["Rule: constipation criteria and impaired evacuation -> met"]


ROME_DEFECATION_DISORDERS = _rule_score(
    id="rome4_functional_defecation_disorders", name="Rome IV Criteria for Functional Defecation Disorders",
    mdcalc_id=10335, category="diagnosis",
    description=("Rome IV diagnosis of a functional defecation disorder: functional constipation or IBS with "
                 "constipation plus impaired evacuation on two of three tests (balloon expulsion, manometry or "
                 "surface EMG, imaging); the subtype is inadequate propulsion or dyssynergic defecation."),
    items=tuple(yes_no(k, q, 1, default=None) for k, q in (
        ("one", "The patient must satisfy diagnostic criteria for functional constipation and/or irritable "
                "bowel syndrome with constipation"),
        ("two", "During repeated attempts to defecate, there must be features of impaired evacuation, as "
                "demonstrated by 2 of the following 3 tests: abnormal balloon expulsion test, abnormal anorectal "
                "evacuation pattern with manometry or anal surface EMG, impaired rectal evacuation by imaging"),
        ("four", "Inadequate propulsive forces as measured with manometry with or without inappropriate "
                 "contraction of the anal sphincter and/or pelvic floor muscles"),
        ("six", "Inappropriate contraction of the pelvic floor as measured with anal surface EMG or manometry "
                "with adequate propulsive forces during attempted defecation"),
    )),
    rule=_defecation, unit="", reference=ROME_IV_ANORECTAL,
    aliases=("functional defecation disorder", "dyssynergic defecation", "inadequate defecatory propulsion"),
    conventions=(_ROME_CONVENTION,
                 "The diagnosis needs the first two criteria; the two manometric items only name the subtype."),
)


# ---------------------------------------------------------------------------
# Functional esophageal disorders: MDCalc 10283 dysphagia, 10277 reflux hypersensitivity, 10284 globus
# ---------------------------------------------------------------------------

ROME_FUNCTIONAL_DYSPHAGIA = _rome(
    id="rome4_functional_dysphagia", name="Rome IV Criteria for Functional Dysphagia", mdcalc_id=10283,
    condition="functional dysphagia",
    description=("Rome IV diagnosis of functional dysphagia: a sense of food sticking or passing abnormally "
                 "through the oesophagus, at least weekly for 3 months (onset 6 months before), with no "
                 "mucosal or structural cause, no reflux or eosinophilic oesophagitis, and no major motor "
                 "disorder."),
    criteria=(
        ("one", "Sense of solid and/or liquid foods sticking, lodging, or passing abnormally through the "
                "esophagus"),
        ("two", "Absence of evidence that esophageal mucosal, or structural abnormality is the cause of the "
                "symptom"),
        ("three", "Absence of evidence that gastroesophageal reflux or EoE is the cause of the symptom"),
        ("four", _MOTOR),
    ),
    reference=ROME_IV_ESOPHAGEAL, aliases=("functional dysphagia",),
)

ROME_REFLUX_HYPERSENSITIVITY = _rome(
    id="rome4_reflux_hypersensitivity", name="Rome IV Criteria for Reflux Hypersensitivity", mdcalc_id=10277,
    condition="reflux hypersensitivity",
    description=("Rome IV diagnosis of reflux hypersensitivity: retrosternal symptoms (heartburn, chest pain) at "
                 "least twice a week for 3 months, normal endoscopy without eosinophilic oesophagitis, no major "
                 "motor disorder, and symptoms triggered by reflux despite normal acid exposure on pH "
                 "monitoring."),
    criteria=(
        ("one", "Retrosternal symptoms including heartburn and chest pain"),
        ("two", "Normal endoscopy and absence of evidence that EoE is the cause for symptoms"),
        ("three", _MOTOR),
        ("four", "Evidence of triggering of symptoms by reflux events despite normal acid exposure on pH or "
                 "pH-impedance monitoring (response to antisecretory therapy does not exclude the diagnosis)"),
    ),
    reference=ROME_IV_ESOPHAGEAL, aliases=("reflux hypersensitivity", "hypersensitive esophagus"),
)

ROME_GLOBUS = _rome(
    id="rome4_globus", name="Rome IV Criteria for Globus", mdcalc_id=10284, condition="globus",
    description=("Rome IV diagnosis of globus: a non-painful sense of a lump in the throat, at least weekly for "
                 "3 months (onset 6 months before), without a structural lesion, reflux or eosinophilic "
                 "oesophagitis as cause, or a major oesophageal motor disorder."),
    criteria=(
        ("one", "Persistent or intermittent, nonpainful, sensation of a lump or foreign body in the throat with "
                "no structural lesion identified on physical examination, laryngoscopy, or endoscopy"),
        ("two", "Absence of evidence that gastroesophageal reflux or EoE is the cause of the symptom"),
        ("three", _MOTOR),
    ),
    reference=ROME_IV_ESOPHAGEAL, aliases=("globus", "globus pharyngeus", "globus sensation"),
    conventions=("The sub-features of the first criterion (sensation between meals, no dysphagia or "
                 "odynophagia, no gastric inlet patch) are taken as part of its Yes, as MDCalc asks it.",),
)


# ---------------------------------------------------------------------------
# MDCalc 10331: child functional constipation (>=2 of 6)
# ---------------------------------------------------------------------------

_CHILD_FC = (
    ("one", "<=2 defecations in the toilet per week in a child of a developmental age of >=4 years"),
    ("two", ">=1 episode of fecal incontinence per week"),
    ("three", "History of retentive posturing or excessive volitional stool retention"),
    ("four", "History of painful or hard bowel movements"),
    ("five", "Presence of a large fecal mass in the rectum"),
    ("six", "History of large diameter stools that can obstruct the toilet"),
)

ROME_CHILD_CONSTIPATION = _rome(
    id="rome4_child_functional_constipation", name="Rome IV Criteria for Child Functional Constipation",
    mdcalc_id=10331, condition="functional constipation (child)",
    description=("Rome IV diagnosis of functional constipation in a child (developmental age 4 years or more): "
                 "two or more of six features (infrequent toilet stools, weekly incontinence, retentive "
                 "posturing, painful or hard stools, large rectal mass, large stools) at least weekly for a "
                 "month, IBS criteria not met."),
    criteria=_CHILD_FC, rule=lambda p: sum(p[k] for k, _ in _CHILD_FC) >= 2, how=">=2 of the 6 features",
    reference=ROME_IV_CHILD, aliases=("pediatric functional constipation", "child constipation"),
    conventions=("The frame of the criteria (at least once a week for at least 1 month, IBS criteria not met) is "
                 "presupposed, as MDCalc asks only the six features.",),
)


# ---------------------------------------------------------------------------
# Gallbladder and sphincter of Oddi: MDCalc 10312, 10321, 10320
# ---------------------------------------------------------------------------

ROME_PANCREATIC_SOD = _rome(
    id="rome4_pancreatic_sod", name="Rome IV Criteria for Functional Pancreatic Sphincter of Oddi Disorder",
    mdcalc_id=10312, condition="functional pancreatic sphincter of Oddi disorder",
    description=("Rome IV diagnosis of pancreatic sphincter of Oddi disorder: documented recurrent acute "
                 "pancreatitis with other causes excluded, a negative endoscopic ultrasound and abnormal "
                 "sphincter manometry."),
    criteria=(
        ("one", "Documented recurrent episodes of pancreatitis (typical pain with amylase or lipase >3 times "
                "normal and/or imaging evidence of acute pancreatitis)"),
        ("two", "Other etiologies of pancreatitis excluded"),
        ("three", "Negative endoscopic ultrasound"),
        ("four", "Abnormal sphincter manometry"),
    ),
    reference=ROME_IV_BILIARY, aliases=("pancreatic SOD", "pancreatic sphincter of Oddi dysfunction"),
)

ROME_BILIARY_SOD = _rome(
    id="rome4_biliary_sod", name="Rome IV Criteria for Functional Biliary Sphincter of Oddi Disorder",
    mdcalc_id=10321, condition="functional biliary sphincter of Oddi disorder",
    description=("Rome IV diagnosis of biliary sphincter of Oddi disorder: biliary-type pain with either raised "
                 "liver enzymes or a dilated bile duct (not both), and no duct stones or other structural "
                 "cause."),
    criteria=(
        ("one", "Criteria for biliary pain"),
        ("two", "Elevated liver enzymes OR dilated bile duct, but not both"),
        ("three", "Absence of bile duct stones or other structural abnormalities"),
    ),
    reference=ROME_IV_BILIARY, aliases=("biliary SOD", "biliary sphincter of Oddi dysfunction"),
    conventions=("Supportive criteria (normal amylase/lipase, abnormal manometry, scintigraphy) are not "
                 "required and not asked.",),
)

ROME_GALLBLADDER = _rome(
    id="rome4_functional_gallbladder_disorder", name="Rome IV Criteria for Functional Gallbladder Disorder",
    mdcalc_id=10320, condition="functional gallbladder disorder",
    description=("Rome IV diagnosis of functional gallbladder disorder: biliary pain without gallstones or other "
                 "structural pathology."),
    criteria=(("one", "Biliary pain"), ("two", "Absence of gallstones or other structural pathology")),
    reference=ROME_IV_BILIARY, aliases=("functional gallbladder disorder", "gallbladder dyskinesia"),
    conventions=("Supportive criteria (low gallbladder ejection fraction, normal liver and pancreatic enzymes) "
                 "are not required and not asked.",),
)


# ---------------------------------------------------------------------------
# Gastroduodenal: vomiting, belching and rumination
# ---------------------------------------------------------------------------

ROME_CHS = _rome(
    id="rome4_cannabinoid_hyperemesis", name="Rome IV Criteria for Cannabinoid Hyperemesis Syndrome (CHS)",
    mdcalc_id=10298, condition="cannabinoid hyperemesis syndrome",
    description=("Rome IV diagnosis of cannabinoid hyperemesis syndrome: stereotyped episodic vomiting like "
                 "cyclic vomiting syndrome after prolonged heavy cannabis use, relieved by sustained cessation "
                 "(for 3 months, onset 6 months before)."),
    criteria=(
        ("one", "Stereotypical episodic vomiting resembling cyclic vomiting syndrome (CVS) in terms of onset, "
                "duration, and frequency"),
        ("two", "Presentation after prolonged excessive cannabis use"),
        ("three", "Relief of vomiting episodes by sustained cessation of cannabis use"),
    ),
    reference=ROME_IV_GASTRODUODENAL, aliases=("CHS", "cannabinoid hyperemesis"),
)

ROME_CNVS = _rome(
    id="rome4_chronic_nausea_vomiting", name="Rome IV Criteria for Chronic Nausea Vomiting Syndrome (CNVS)",
    mdcalc_id=10296, condition="chronic nausea vomiting syndrome",
    description=("Rome IV diagnosis of chronic nausea vomiting syndrome: bothersome nausea at least weekly and/or "
                 "weekly vomiting for 3 months (onset 6 months before), with self-induced vomiting, eating "
                 "disorders, regurgitation and rumination excluded and no organic cause on routine tests."),
    criteria=(
        ("one", "Bothersome (i.e., severe enough to impact on usual activities) nausea, occurring at least 1 day "
                "per week and/or >=1 vomiting episodes per week"),
        ("two", "Self-induced vomiting, eating disorders, regurgitation, or rumination are excluded"),
        ("three", "No evidence of organic, systemic, or metabolic diseases that is likely to explain the symptoms "
                  "on routine investigations (including at upper endoscopy)"),
    ),
    reference=ROME_IV_GASTRODUODENAL, aliases=("CNVS", "chronic nausea and vomiting syndrome"),
)

ROME_CVS = _rome(
    id="rome4_cyclic_vomiting", name="Rome IV Criteria for Cyclic Vomiting Syndrome", mdcalc_id=10299,
    condition="cyclic vomiting syndrome",
    description=("Rome IV diagnosis of cyclic vomiting syndrome in adults: stereotyped acute vomiting episodes "
                 "lasting under a week, at least 3 in the past year and 2 in the past 6 months a week or more "
                 "apart, with no vomiting between episodes."),
    criteria=(
        ("one", "Stereotypical episodes of vomiting regarding onset (acute) and duration (<1 week)"),
        ("two", ">=3 discrete episodes in the prior year and 2 episodes in the past 6 months, occurring >=1 week "
                "apart"),
        ("three", "Absence of vomiting between episodes, but other milder symptoms can be present between "
                  "cycles"),
    ),
    reference=ROME_IV_GASTRODUODENAL, aliases=("CVS", "cyclic vomiting"),
)


def _belching(pts: dict[str, float], _picked: dict[str, str]) -> tuple[Any, str | None, list[str]]:
    kinds = [name for key, name in (("one", "excessive supragastric belching"),
                                     ("two", "excessive gastric belching")) if pts[key] == 1]
    if not kinds:
        return "Negative", "Negative diagnosis: belching disorder unlikely (Rome IV criteria not met)", [
            "Rule: bothersome belching from the oesophagus or the stomach >3 days a week -> not met"]
    return "Positive", ("Positive diagnosis: belching disorder likely (meets the Rome IV criteria): "
                        f"{' and '.join(kinds)}"), ["Rule: either kind of bothersome belching -> met"]


ROME_BELCHING = _rule_score(
    id="rome4_belching_disorders", name="Rome IV Criteria for Belching Disorders", mdcalc_id=10295,
    category="diagnosis",
    description=("Rome IV diagnosis of a belching disorder: bothersome belching more than 3 days a week for 3 "
                 "months (onset 6 months before), from the oesophagus (supragastric) or from the stomach "
                 "(gastric)."),
    items=(
        yes_no("one", "Bothersome (i.e., severe enough to impact on usual activities) belching from the "
                      "esophagus more than 3 days a week", 1, default=None),
        yes_no("two", "Bothersome (i.e., severe enough to impact on usual activities) belching from the stomach "
                      "more than 3 days a week", 1, default=None),
    ),
    rule=_belching, unit="", reference=ROME_IV_GASTRODUODENAL,
    aliases=("belching disorder", "supragastric belching", "gastric belching"),
    conventions=(_ROME_CONVENTION, "Either kind of belching meets the criteria; the kind names the disorder."),
)

ROME_RUMINATION = _rome(
    id="rome4_rumination", name="Rome IV Criteria for Rumination Syndrome", mdcalc_id=10292,
    condition="rumination syndrome",
    description=("Rome IV diagnosis of rumination syndrome in adults: persistent or recurrent regurgitation of "
                 "recently eaten food into the mouth, spat out or rechewed and swallowed, not preceded by "
                 "retching (for 3 months, onset 6 months before)."),
    criteria=(
        ("one", "Persistent or recurrent regurgitation of recently ingested food into the mouth with subsequent "
                "spitting or remastication and swallowing"),
        ("two", "Regurgitation is not preceded by retching"),
    ),
    reference=ROME_IV_GASTRODUODENAL, aliases=("rumination syndrome",),
)


# ---------------------------------------------------------------------------
# MDCalc 10271: functional diarrhea
# ---------------------------------------------------------------------------

ROME_FUNCTIONAL_DIARRHEA = _rome(
    id="rome4_functional_diarrhea", name="Rome IV Criteria for Functional Diarrhea", mdcalc_id=10271,
    condition="functional diarrhea",
    description=("Rome IV diagnosis of functional diarrhoea: loose or watery stools in more than a quarter of "
                 "bowel movements without predominant pain or bloating, for 3 months (onset 6 months before), "
                 "IBS with diarrhoea criteria not met."),
    criteria=(
        ("stools", "Loose or watery stools, without predominant abdominal pain or bothersome bloating, occurring "
                   "in >25% of stools"),
        ("ibs", "Does not meet criteria for diarrhea-predominant IBS"),
    ),
    reference=ROME_IV_ADULT_BOWEL, aliases=("functional diarrhoea",),
)


# ---------------------------------------------------------------------------
# IBS by Rome III (MDCalc 3165) and Rome II (MDCalc 3281): >=2 of 3 features
# ---------------------------------------------------------------------------

_IBS_FEATURES = (("freq", "Onset associated with a change in stool frequency"),
                 ("form", "Onset associated with a change in stool form (appearance)"))

ROME_III_IBS = _rome(
    id="rome3_ibs", name="Rome III Criteria for Irritable Bowel Syndrome (IBS)", mdcalc_id=3165,
    condition="irritable bowel syndrome", edition="Rome III",
    description=("Rome III diagnosis of irritable bowel syndrome: recurrent abdominal pain or discomfort at "
                 "least 3 days a month in the last 3 months (onset 6 months before) with two or more of: "
                 "improvement with defecation, onset with a change in stool frequency, onset with a change in "
                 "stool form."),
    criteria=(("def", "Improvement with defecation"), *_IBS_FEATURES),
    rule=lambda p: p["def"] + p["freq"] + p["form"] >= 2, how=">=2 of the 3 features",
    reference=ROME_III_BOWEL, aliases=("Rome III IBS", "Rome III criteria"),
    conventions=("The recurrent pain or discomfort is presupposed, as MDCalc asks only the three features.",),
)

ROME_II_IBS = _rome(
    id="rome2_ibs", name="Rome II Criteria for Irritable Bowel Syndrome (IBS)", mdcalc_id=3281,
    condition="irritable bowel syndrome", edition="Rome II",
    description=("Rome II diagnosis of irritable bowel syndrome: at least 12 weeks (not necessarily "
                 "consecutive) of abdominal discomfort or pain in the preceding year with two or more of: "
                 "relief with defecation, onset with a change in stool frequency, onset with a change in stool "
                 "form."),
    criteria=(("def", "Relieved with defecation"), *_IBS_FEATURES),
    rule=lambda p: p["def"] + p["freq"] + p["form"] >= 2, how=">=2 of the 3 features",
    reference=ROME_II_BOWEL, aliases=("Rome II IBS", "Rome II criteria"),
    conventions=("The 12 weeks of pain or discomfort are presupposed, as MDCalc asks only the three features.",),
)


# ---------------------------------------------------------------------------
# Children and adolescents (Hyams 2016)
# ---------------------------------------------------------------------------

ROME_CHILD_CVS = _rome(
    id="rome4_child_cyclic_vomiting", name="Rome IV Criteria for Child Cyclic Vomiting Syndrome",
    mdcalc_id=10324, condition="cyclic vomiting syndrome (child)",
    description=("Rome IV diagnosis of cyclic vomiting syndrome in children: two or more periods of intense "
                 "nausea and paroxysmal vomiting lasting hours to days within 6 months, stereotyped, weeks to "
                 "months apart with return to baseline, not attributable to another condition."),
    criteria=(
        ("one", "The occurrence of >=2 periods of intense, unremitting nausea and paroxysmal vomiting, lasting "
                "hours to days within a 6-month period"),
        ("two", "Episodes are stereotypical in each patient"),
        ("three", "Episodes are separated by weeks to months with return to baseline health between episodes"),
        ("four", "After appropriate medical evaluation, the symptoms cannot be attributed to another condition"),
    ),
    reference=ROME_IV_CHILD, aliases=("pediatric cyclic vomiting syndrome", "child CVS"),
)

ROME_CHILD_FAP = _rome(
    id="rome4_child_functional_abdominal_pain", name="Rome IV Criteria for Child Functional Abdominal Pain",
    mdcalc_id=10330, condition="functional abdominal pain - not otherwise specified (child)",
    description=("Rome IV diagnosis of functional abdominal pain (not otherwise specified) in children: episodic "
                 "or continuous pain not only with eating or menses, at least 4 times a month for 2 months, not "
                 "meeting IBS, functional dyspepsia or abdominal migraine criteria, and not explained otherwise."),
    criteria=(
        ("one", "Episodic or continuous abdominal pain that does not occur solely during physiologic events "
                "(e.g. eating, menses)"),
        ("two", "Insufficient criteria for irritable bowel syndrome, functional dyspepsia, or abdominal migraine"),
        ("three", "After appropriate evaluation, the abdominal pain cannot be fully explained by another medical "
                  "condition"),
    ),
    reference=ROME_IV_CHILD, aliases=("FAP-NOS", "child functional abdominal pain"),
)

ROME_CHILD_IBS = _rome(
    id="rome4_child_ibs", name="Rome IV Criteria for Child Irritable Bowel Syndrome (IBS)", mdcalc_id=10328,
    condition="irritable bowel syndrome (child)",
    description=("Rome IV diagnosis of irritable bowel syndrome in children: abdominal pain at least 4 days a "
                 "month for 2 months linked to defecation or a change in stool frequency or form, not resolving "
                 "with treatment of constipation, and not explained otherwise."),
    criteria=(
        ("one", "Abdominal pain >=4 days per month associated with one or more of the following: related to "
                "defecation, a change in frequency of stool, a change in form (appearance) of stool"),
        ("two", "In children with constipation, the pain does not resolve with resolution of the constipation "
                "(children in whom the pain resolves have functional constipation, not irritable bowel "
                "syndrome)"),
        ("three", "After appropriate evaluation, the symptoms cannot be fully explained by another medical "
                  "condition"),
    ),
    reference=ROME_IV_CHILD, aliases=("pediatric IBS", "child IBS"),
)

ROME_CHILD_AEROPHAGIA = _rome(
    id="rome4_child_aerophagia", name="Rome IV Criteria for Child Aerophagia", mdcalc_id=10327,
    condition="aerophagia (child)",
    description=("Rome IV diagnosis of aerophagia in children: excessive air swallowing, abdominal distension "
                 "from intraluminal air increasing through the day, and repetitive belching or flatus, for 2 "
                 "months, not explained otherwise."),
    criteria=(
        ("one", "Excessive air swallowing"),
        ("two", "Abdominal distention due to intraluminal air which increases during the day"),
        ("three", "Repetitive belching and/or increased flatus"),
        ("four", _NOT_EXPLAINED),
    ),
    reference=ROME_IV_CHILD, aliases=("aerophagia",),
)

ROME_CHILD_RUMINATION = _rome(
    id="rome4_child_rumination", name="Rome IV Criteria for Child Rumination Syndrome", mdcalc_id=10326,
    condition="rumination syndrome (child)",
    description=("Rome IV diagnosis of rumination syndrome in children: repeated regurgitation and rechewing or "
                 "expulsion of food soon after meals, not during sleep and not preceded by retching, for 2 "
                 "months, with an eating disorder and other causes ruled out."),
    criteria=(
        ("one", "Repeated regurgitation and rechewing or expulsion of food that begins soon after ingestion of a "
                "meal and does not occur during sleep"),
        ("two", "Not preceded by retching"),
        ("three", "After appropriate evaluation, the symptoms cannot be fully explained by another medical "
                  "condition (an eating disorder must be ruled out)"),
    ),
    reference=ROME_IV_CHILD, aliases=("pediatric rumination syndrome",),
)

ROME_CHILD_NONRETENTIVE_FI = _rome(
    id="rome4_child_nonretentive_fecal_incontinence",
    name="Rome IV Criteria for Child Non-retentive Fecal Incontinence", mdcalc_id=10332,
    condition="non-retentive fecal incontinence (child)",
    description=("Rome IV diagnosis of non-retentive fecal incontinence in a child of developmental age 4 years "
                 "or more: defecation in socially inappropriate places for at least a month, without faecal "
                 "retention, not explained by another condition."),
    criteria=(
        ("one", "Defecation into places inappropriate to the sociocultural context"),
        ("two", "No evidence of fecal retention"),
        ("three", "After appropriate medical evaluation, the fecal incontinence cannot be explained by another "
                  "medical condition"),
    ),
    reference=ROME_IV_CHILD, aliases=("non-retentive fecal incontinence", "functional non-retentive soiling"),
    conventions=("A developmental age of 4 years or more is presupposed, as MDCalc does not ask it.",),
)


# ---------------------------------------------------------------------------
# Infants and toddlers (Benninga 2016)
# ---------------------------------------------------------------------------

ROME_INFANT_COLIC = _rome(
    id="rome4_infant_colic", name="Rome IV Criteria for Infant Colic", mdcalc_id=10316, condition="infant colic",
    description=("Rome IV diagnosis of infant colic: an infant under 5 months when symptoms start and stop, with "
                 "recurrent prolonged crying, fussing or irritability without obvious cause that caregivers "
                 "cannot prevent or resolve, and no failure to thrive, fever or illness."),
    criteria=(
        ("one", "An infant who is <5 months of age when the symptoms start and stop"),
        ("two", "Recurrent and prolonged periods of infant crying, fussing, or irritability reported by "
                "caregivers that occur without obvious cause and cannot be prevented or resolved by caregivers"),
        ("three", "No evidence of infant failure to thrive, fever, or illness"),
    ),
    reference=ROME_IV_NEONATE, aliases=("infant colic", "colic"),
)

ROME_INFANT_DIARRHEA = _rome(
    id="rome4_infant_functional_diarrhea", name="Rome IV Criteria for Infant Functional Diarrhea",
    mdcalc_id=10315, condition="functional diarrhea (infant/toddler)",
    description=("Rome IV diagnosis of functional diarrhoea in infants and toddlers: daily painless passage of 4 "
                 "or more large unformed stools for more than 4 weeks, onset between 6 and 60 months of age, "
                 "and no failure to thrive when caloric intake is adequate."),
    criteria=(
        ("one", "Daily, painless, recurrent passage of >=4 large, unformed stools"),
        ("two", "Symptoms last >4 weeks"),
        ("three", "Onset between 6 and 60 months of age"),
        ("four", "No failure to thrive if caloric intake is adequate"),
    ),
    reference=ROME_IV_NEONATE, aliases=("toddler's diarrhea", "infant functional diarrhoea"),
)

ROME_INFANT_DYSCHEZIA = _rome(
    id="rome4_infant_dyschezia", name="Rome IV Criteria for Infant Dyschezia", mdcalc_id=10314,
    condition="infant dyschezia",
    description=("Rome IV diagnosis of infant dyschezia: in an infant under 9 months, at least 10 minutes of "
                 "straining and crying before passing (or failing to pass) soft stools, with no other health "
                 "problems."),
    criteria=(
        ("one", ">=10 minutes of straining and crying before successful or unsuccessful passage of soft stools"),
        ("two", "No other health problems"),
    ),
    reference=ROME_IV_NEONATE, aliases=("infant dyschezia",),
    conventions=("The age under 9 months is presupposed, as MDCalc does not ask it.",),
)

ROME_INFANT_REGURGITATION = _rome(
    id="rome4_infant_regurgitation", name="Rome IV Criteria for Infant Regurgitation", mdcalc_id=10309,
    condition="infant regurgitation",
    description=("Rome IV diagnosis of infant regurgitation: in an otherwise healthy infant aged 3 weeks to 12 "
                 "months, regurgitation twice a day or more for 3 weeks or more, without retching, haematemesis, "
                 "aspiration, apnoea, failure to thrive, feeding difficulty or abnormal posturing."),
    criteria=(
        ("one", "Regurgitation >=2 times per day for >=3 weeks"),
        ("two", "No retching, hematemesis, aspiration, apnea, failure to thrive, feeding or swallowing "
                "difficulties, or abnormal posturing"),
    ),
    reference=ROME_IV_NEONATE, aliases=("infant reflux", "infant regurgitation"),
    conventions=("The age of 3 weeks to 12 months is presupposed, as MDCalc does not ask it.",),
)
