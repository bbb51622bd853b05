"""Field map: for every calculator input, where rules read it from a note.

``CALCULATOR_MAP[calculator id][input name]`` is a source from
:mod:`medmirror.tools.extraction.calc_sources` (extractor quantity, concept with negation and time
frame, medication, derived rule, method parameter, or a judgement rules cannot make).
The map covers every input of all 55 MedCalc-Bench calculators; :func:`source_for`
raises for an input it does not know, and a unit test keeps the map complete.

Time frames follow the criteria's wording: "history of ..." items count past mentions
(``when="any"``); "current", "recent" and "active" items need a present mention
(``when="current"``: a past-only mention decides False); "previous / prior ..." items need a
past mention (``when="history"``).
"""

from __future__ import annotations

from medmirror.tools.calculators import CALCULATORS
from medmirror.tools.calculators.critical_care import apache_points
from medmirror.tools.extraction import calc_rules as R
from medmirror.tools.extraction.calc_sources import (
    AnyOf,
    Concept,
    Config,
    Derived,
    FirstOf,
    Judgement,
    Meds,
    Quantity,
    Sex,
    Source,
    Term,
    UreaAsBun,
)
from medmirror.tools.extraction.quantities import BY_NAME as QUANTITY_SPECS

AGE = Quantity("age")
SEX = Sex()
WEIGHT = Quantity("weight")
HEIGHT = Quantity("height")
CREATININE = Quantity("creatinine")


def _lab(name: str) -> FirstOf:
    """The extractor's value, else one written after its disorder ('hyponatremia at 132 mEq/L')."""
    return FirstOf(Quantity(name), Derived(R.condition_value(name), f"{name} after its disorder's name"))


SODIUM = _lab("sodium")
CHLORIDE = _lab("chloride")
BICARBONATE = Quantity("bicarbonate")
ALBUMIN = _lab("albumin")
BUN = UreaAsBun()
GLUCOSE = _lab("glucose")
BILIRUBIN = _lab("bilirubin")
POTASSIUM = _lab("potassium")
CALCIUM = _lab("calcium")
SPO2 = Derived(R.oxygen_saturation, "SpO2 % (extractor, else 'oxygen saturation(s) N%')")
HR = Quantity("heart_rate")
RR = Quantity("respiratory_rate")
SBP = Quantity("systolic_bp")
DBP = Quantity("diastolic_bp")
TEMP = Quantity("temperature")
QT = Quantity("qt_interval")
PLATELETS = Quantity("platelets")
WBC = Quantity("wbc")
PH = FirstOf(Quantity("ph"), Derived(R.abg_triple("ph"), "pH of 'ABG 7.32/34/68'"))
PACO2 = FirstOf(Quantity("paco2"), Derived(R.abg_triple("co2"), "PaCO2 of 'ABG 7.32/34/68'"))
PAO2 = FirstOf(Quantity("pao2"), Derived(R.abg_triple("o2"), "PaO2 of 'ABG 7.32/34/68'"))
FIO2 = FirstOf(Quantity("fio2"), Derived(R.fio2_stated_as_oxygen, "'on 40% oxygen'"),
               Derived(R.fio2_from_nasal_flow, "nasal cannula N L/min: FiO2 ≈ 21 % + 4 % per L/min (1-6 L/min)"),
               Derived(R.fio2_room_air, "room air (no supplemental oxygen named): 21 %"))
MAP_ = Derived(R.mean_arterial_pressure, "stated mean arterial pressure (else computed by the calculator from SBP/DBP)")

WEIGHT_BASIS = Config("which weight Cockcroft-Gault uses (MedCalc-Bench's BMI rule by default)")
NORMAL_ALBUMIN = Config("normal albumin of the correction, 4 g/dL")
NORMAL_AG = Config("normal anion gap, 12 mEq/L")
NORMAL_HCO3 = Config("normal bicarbonate, 24 mEq/L")

HEART_FAILURE = Concept("heart_failure")
HYPERTENSION = Derived(R.hypertension_history, "hypertension diagnosis (an elevated reading at presentation is not one)")
DIABETES = Concept("diabetes")
STROKE = Concept("stroke")
TIA = Concept("tia")
CEREBROVASCULAR = Concept("cerebrovascular_disease")
PREVIOUS_PE = Concept("pulmonary_embolism", when="history")
PREVIOUS_DVT = Concept("dvt", when="history")
HEMOPTYSIS = Concept("hemoptysis")
ACTIVE_CANCER = Derived(R.wells_active_cancer, "cancer current, or treated or palliated within 6 months; older past-only cancer is not active")
RECENT_SURGERY = Derived(R.surgery_within(4), "surgery within 4 weeks: a current surgery mention, not this admission's "
                         "emergency operation")
MAJOR_SURGERY_12_WEEKS = Derived(R.surgery_within(12), "surgery within 12 weeks: a current surgery mention, not this "
                                 "admission's emergency operation")
SMOKING_CURRENT = Derived(R.current_smoker, "smoker unless the note says the patient quit")
HORMONES = AnyOf(Concept("hormone_use", when="current"), Meds("hormone"))
GCS_TOTAL = Quantity("gcs")
# SOFA and APACHE II: the lowest GCS of the first day (Vincent 1996, Knaus 1985)
GCS_FIRST_DAY_WORST = FirstOf(Derived(R.worst_first_day("gcs", lowest=True), "lowest first-day GCS"), GCS_TOTAL)


def _apache_worst(item: str, source: Source) -> FirstOf:
    """APACHE II scores the worst value of the first 24 h: of two or more readings, the one with the most points."""
    return FirstOf(Derived(R.worst_by_points(item, lambda v: apache_points(item, v)),
                           f"first-day {item} with the most APACHE II points"), source)


_ALB_AG = {"sodium": SODIUM, "chloride": CHLORIDE, "bicarbonate": BICARBONATE}
_QTC = {"heart_rate": FirstOf(Derived(R.heart_rate_with_qt, "heart rate in the sentence giving the QT (same tracing)"), HR),
        "qt_interval": QT}

CALCULATOR_MAP: dict[str, dict[str, Source]] = {
    # --- renal / lab -------------------------------------------------------------------
    "creatinine_clearance": {"age": AGE, "sex": SEX, "weight": WEIGHT, "height": HEIGHT, "creatinine": CREATININE,
                             "weight_basis": WEIGHT_BASIS},
    "ckd_epi_2021": {"age": AGE, "sex": SEX, "creatinine": CREATININE},
    "mdrd_gfr": {"age": AGE, "sex": SEX, "creatinine": CREATININE,
                 "black_race": Derived(R.black_race, "race stated as Black / African American (else another race -> False)")},
    "calcium_correction": {"calcium": CALCIUM, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN},
    "fib4": {"age": AGE, "ast": Quantity("ast"), "alt": Quantity("alt"), "platelets": PLATELETS},
    "meld_na": {
        "creatinine": CREATININE, "bilirubin": BILIRUBIN, "inr": Quantity("inr"), "sodium": SODIUM,
        "dialysis_twice_past_week": Concept("dialysis", when="current"),
        "cvvhd_24h_past_week": Term(r"\bCVVH(?:D|DF)?\b|continuous veno-?venous|\bCRRT\b|continuous renal replacement",
                                    when="current", label="CVVHD / CRRT"),
    },
    "sodium_correction_hyperglycemia": {"sodium": SODIUM, "glucose": GLUCOSE},
    "serum_osmolality": {"sodium": SODIUM, "bun": BUN, "glucose": GLUCOSE,
                         "ethanol": Derived(R.ethanol, "serum ethanol level"),
                         "include_ethanol": Config("whether to add ethanol (off: MedCalc-Bench's formula)")},
    "homa_ir": {"insulin": Quantity("insulin"), "glucose": GLUCOSE},
    "free_water_deficit": {"age": AGE, "sex": SEX, "weight": WEIGHT, "sodium": SODIUM,
                           "target_sodium": Config("target sodium, 140 mEq/L")},
    "anion_gap": dict(_ALB_AG),
    "delta_gap": {**_ALB_AG, "normal_anion_gap": NORMAL_AG},
    "delta_ratio": {**_ALB_AG, "normal_anion_gap": NORMAL_AG, "normal_bicarbonate": NORMAL_HCO3},
    "albumin_corrected_anion_gap": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN},
    "albumin_corrected_delta_gap": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN,
                                    "normal_anion_gap": NORMAL_AG},
    "albumin_corrected_delta_ratio": {**_ALB_AG, "albumin": ALBUMIN, "normal_albumin": NORMAL_ALBUMIN,
                                      "normal_anion_gap": NORMAL_AG, "normal_bicarbonate": NORMAL_HCO3},
    "fena": {"sodium": SODIUM, "creatinine": CREATININE, "urine_sodium": Quantity("urine_sodium"),
             "urine_creatinine": Quantity("urine_creatinine")},
    "ldl_friedewald": {"total_cholesterol": Quantity("total_cholesterol"), "hdl_cholesterol": Quantity("hdl"),
                       "triglycerides": Quantity("triglycerides")},
    # --- physical ------------------------------------------------------------------------
    "mean_arterial_pressure": {"systolic_bp": SBP, "diastolic_bp": DBP},
    "bmi": {"weight": WEIGHT, "height": HEIGHT},
    "ideal_body_weight": {"sex": SEX, "height": HEIGHT},
    "adjusted_body_weight": {"sex": SEX, "weight": WEIGHT, "height": HEIGHT},
    "body_surface_area": {"weight": WEIGHT, "height": HEIGHT},
    "target_weight": {"target_bmi": Derived(R.target_bmi, "'target/goal BMI' number"), "height": HEIGHT},
    "maintenance_fluids": {"weight": WEIGHT},
    "qtc_bazett": dict(_QTC), "qtc_fridericia": dict(_QTC), "qtc_framingham": dict(_QTC),
    "qtc_hodges": dict(_QTC), "qtc_rautaharju": dict(_QTC),
    # --- dates ---------------------------------------------------------------------------
    "estimated_due_date": {"last_menstrual_date": Quantity("lmp_date"), "cycle_length": Quantity("cycle_length")},
    "estimated_conception_date": {"last_menstrual_date": Quantity("lmp_date")},
    "estimated_gestational_age": {"last_menstrual_date": Quantity("lmp_date"), "current_date": Quantity("current_date")},
    # --- dosage --------------------------------------------------------------------------
    "steroid_conversion": {
        "input_steroid": Derived(R.input_steroid, "first corticosteroid with a dose (route from the note)",
                                 support_fn=R.steroid_support),
        "dose": Derived(R.steroid_dose, "dose of that corticosteroid"),
        "target_steroid": Derived(R.target_steroid, "steroid named as the conversion target in the question",
                                  support_fn=R.target_steroid_support),
    },
    "morphine_milligram_equivalents": {
        "medications": Derived(R.opioid_list, "opioids with dose and doses/day; missing when any opioid lacks them"),
    },
    # --- risk / severity / diagnosis --------------------------------------------------------
    "cha2ds2_vasc": {
        "age": AGE, "sex": SEX,
        "congestive_heart_failure": AnyOf(HEART_FAILURE, Derived(R.lv_dysfunction, "LVEF <= 40 % / moderate-severe LV dysfunction")),
        "hypertension": HYPERTENSION, "stroke": STROKE, "tia": TIA, "thromboembolism": Concept("thromboembolism"),
        "vascular_disease": Concept("vascular_disease", "coronary_artery_disease"), "diabetes": DIABETES,
    },
    "wells_pe": {
        "dvt_signs": Derived(R.dvt_signs, "one swollen leg or tenderness along the deep veins"),
        "pe_most_likely": Judgement("clinician's judgement that PE is the leading diagnosis",
                                    evidence=(Concept("pulmonary_embolism", when="current"),),
                                    stated=Derived(R.stated_leading(R.PE_RX, "PE"),
                                                   "PE ranked first or equally likely in the note's own words")),
        "heart_rate": HR,
        "immobilization": Derived(R.immobilized_3_days, "immobilised (bed rest) for 3 days or more, current"),
        "recent_surgery": RECENT_SURGERY,
        "previous_pe": PREVIOUS_PE, "previous_dvt": PREVIOUS_DVT, "hemoptysis": HEMOPTYSIS,
        "malignancy": ACTIVE_CANCER,
    },
    "wells_dvt": {
        "active_cancer": ACTIVE_CANCER,
        "bedridden": Derived(R.bedridden, "bedridden / immobilised (a plaster cast is the other criterion)"),
        "major_surgery": MAJOR_SURGERY_12_WEEKS,
        "calf_swelling": Derived(R.calf_swelling_3cm, "calf circumference difference > 3 cm"),
        "collateral_veins": Term(r"collateral (?:superficial )?(?:veins|venous)|(?:dilated|distended|prominent) (?:non-?varicose )?superficial veins"
                                 r"|superficial venous (?:dilatation|distension)",
                                 when="current", label="collateral superficial veins"),
        "entire_leg_swollen": Derived(R.one_sided(r"(?:entire|whole|full) (?:left |right |(?-i:[LR]) |lt |rt )?(?:leg|lower (?:extremity|limb))"
                                                  r"(?: was| is)? (?:swollen|edematous|oedematous)"
                                                  r"|swelling of the (?:entire|whole) (?:left |right |(?-i:[LR]) )?(?:leg|lower (?:extremity|limb))"
                                                  # swollen end to end: "left leg swollen from groin to foot", "swelling from thigh to ankle"
                                                  r"|(?:swollen|swelling|edematous|oedematous|edema|oedema) from (?:the )?(?:groin|thigh|hip|upper thigh)"
                                                  r" (?:to|down to) (?:the )?(?:ankle|foot|feet|toes)",
                                                  "entire leg swollen"), "the entire leg swollen (one side)"),
        "localized_tenderness": Concept("calf_tenderness", when="current"),
        "pitting_edema": Derived(R.one_sided(r"pitting (?:o)?edema|pitting", "pitting edema"),
                                 "pitting edema confined to one leg (bilateral -> False)"),
        "paralysis_or_cast": AnyOf(Concept("paralysis", "hemiplegia", when="current"),
                                   Term(r"plaster cast|(?:leg|lower (?:extremity|limb)) (?:\w+ )?cast|casted|in a cast"
                                        r"|back-?slab|plaster of paris|\bin plaster\b|(?:below|above)[- ]knee (?:plaster|cast|POP)",
                                        when="current", label="plaster cast")),
        "previous_dvt": PREVIOUS_DVT,
        "alternative_diagnosis": Judgement("an alternative diagnosis at least as likely as DVT",
                                           stated=Derived(R.alternative_as_likely(R.DVT_RX, "DVT"),
                                                          "the note's own ranking of DVT against other diagnoses")),
    },
    "rcri": {
        "elevated_risk_surgery": Derived(R.high_risk_surgery, "intraperitoneal / intrathoracic / suprainguinal vascular procedure"),
        "ischemic_heart_disease": AnyOf(Concept("coronary_artery_disease"), Meds(names=("nitroglycerin", "isosorbide mononitrate")),
                                        Term(R.IHD_TESTS, label="positive stress test / Q waves")),
        "congestive_heart_failure": AnyOf(HEART_FAILURE, Term(r"pulmonary (?:o)?edema|paroxysmal nocturnal dysp?noea|paroxysmal nocturnal dyspnea|(?-i:\bPND\b)"
                                                              r"|\bS3 (?:gallop|heart sound|(?:was |is )?(?:heard|present|audible|noted)|on auscultation)|\b(?:an|audible) S3\b"
                                                              r"|third heart sound|bilateral (?:basal )?(?:rales|crackles|crepitations)"
                                                              r"|(?:pulmonary )?vascular redistribution|upper lobe (?:blood )?diversion",
                                                              label="pulmonary edema / PND / S3")),
        "cerebrovascular_disease": CEREBROVASCULAR,
        "insulin_treatment": AnyOf(Concept("insulin_use", when="current"), Meds("insulin")),
        "creatinine": CREATININE,
    },
    "heart_score": {
        "history": Derived(R.heart_history, "stated degree of suspicion for ACS (highly / moderately / slightly); "
                           "else a judgement", options={"slightly suspicious": Concept("chest_pain"),
                                                        "moderately suspicious": Concept("chest_pain"),
                                                        "highly suspicious": Concept("chest_pain")}),
        "ecg": Derived(R.heart_ecg, "ST deviation > repolarization disturbance > normal ECG",
                       options={"significant st deviation": Term(r"ST[- ](?:segment )?(?:depression|elevation|deviation)s?|STEMI"),
                                "non-specific repolarization disturbance": Term(r"repolari[sz]ation|bundle branch block|LBBB|LVH|T[- ]wave")}),
        "age": AGE,
        "initial_troponin": Derived(R.heart_troponin, "troponin normal/negative, or stated as a multiple of normal",
                                    options={"1-3x normal limit": Term(r"troponin"), ">3x normal limit": Term(r"troponin")}),
        "hypertension": HYPERTENSION, "hypercholesterolemia": Concept("hyperlipidemia"), "diabetes": DIABETES,
        "obesity": Derived(R.obesity, "BMI > 30, else the word obesity"),
        "bmi": Quantity("bmi"),
        "smoking": SMOKING_CURRENT,
        "family_history": Derived(R.family_cvd, "relative with cardiovascular disease"),
        "atherosclerotic_disease": AnyOf(Concept("coronary_artery_disease", "peripheral_artery_disease", "cerebrovascular_disease"),
                                         Term(r"atherosclero\w+|\bPCI\b|\bCABG\b|coronary (?:stent|revasculari[sz]ation)"
                                              r"|(?:drug[- ]eluting|bare[- ]metal|coronary|\bLAD\b|\bRCA\b|\bLCx\b|circumflex)[^.;]{0,30}?\bstents?\b"
                                              r"|\bstents?\b[^.;]{0,30}?(?:\bLAD\b|\bRCA\b|\bLCx\b|circumflex|coronary|left anterior descending)"
                                              # other arterial atherosclerosis: carotid disease, aortic aneurysm, renal artery stenosis
                                              r"|carotid (?:endarterectomy|stenosis|artery (?:disease|stenosis)|stent\w*|plaque\w*)"
                                              r"|(?:abdominal )?aortic aneurysm|\bAAA\b|renal artery stenosis|mesenteric ischa?emia",
                                              case_sensitive=False,
                                              label="atherosclerosis / revascularisation")),
        "tia_history": TIA,
    },
    "has_bled": {
        "age": AGE,
        "hypertension": Derived(R.hasbled_hypertension, "SBP > 160, or hypertension not stated as controlled"),
        "renal_disease": Derived(R.hasbled_renal, "dialysis, transplant or creatinine >= 2.26 mg/dL"),
        "liver_disease": Derived(R.hasbled_liver, "cirrhosis, or bilirubin > 2x with AST/ALT > 3x normal"),
        "stroke": STROKE,
        "prior_bleeding": Concept("bleeding"),
        "labile_inr": Derived(R.labile_inr, "INR labile / unstable / TTR < 60%"),
        "bleeding_medication": Derived(R.drug_use("antiplatelet_nsaid_use", "antiplatelet", "nsaid"),
                                       "antiplatelet / NSAID taken now (not stopped, not an allergy, not 'avoid')"),
        "alcohol_drinks_per_week": Derived(R.alcohol_per_week, "drinks/week; alcohol denied -> 0"),
        "alcohol_excess": Derived(R.alcohol_excess, "heavy alcohol use (when no number of drinks)"),
    },
    "glasgow_blatchford": {
        "bun": BUN, "hemoglobin": Quantity("hemoglobin"), "sex": SEX, "systolic_bp": SBP, "heart_rate": HR,
        "melena": Concept("melena", when="current"), "syncope": Concept("syncope", when="current"),
        "hepatic_disease": Concept("liver_disease"), "cardiac_failure": HEART_FAILURE,
    },
    "centor_mcisaac": {
        "temperature": FirstOf(Derived(R.centor_temperature, "fever now or by history: a reading > 38 °C from before the "
                                       "visit"), TEMP), "age": AGE,
        "fever_history": Derived(R.centor_fever_history, "fever by history when the note gives no temperature"),
        "exudate_or_swelling": Derived(R.centor_exudate_or_swelling, "tonsillar exudate / swelling; exudate or pus in a "
                                       "sentence about the throat, or 'Exudate: present' in a throat note"),
        "tender_nodes": Derived(R.centor_nodes, "tender / swollen cervical nodes, not another region's only"),
        "cough_absent": Concept("cough", when="current", invert=True),
    },
    "glasgow_coma_scale": {
        "eye": Derived(R.gcs_eye, "E component, else the best described eye response", support_fn=R.gcs_support(R.GCS_EYE)),
        "verbal": Derived(R.gcs_verbal, "V component, else the described verbal response",
                          support_fn=R.gcs_support(R.GCS_VERBAL_SPECIFIC + R.GCS_VERBAL_GENERIC)),
        "motor": Derived(R.gcs_motor, "M component, else the best described motor response", support_fn=R.gcs_support(R.GCS_MOTOR)),
    },
    "child_pugh": {
        "bilirubin": BILIRUBIN, "albumin": ALBUMIN, "inr": Quantity("inr"),
        "ascites": Derived(R.ascites_grade, "ascites: negated -> absent; mild/slight -> slight; moderate/tense -> moderate",
                           options={"slight": Concept("ascites", when="current"), "moderate": Concept("ascites", when="current")}),
        "encephalopathy": Derived(R.encephalopathy_grade, "encephalopathy: negated -> none; grade 3-4 words; else grade 1-2",
                                  options={"grade 1-2": Concept("encephalopathy", "confusion", when="current"),
                                           "grade 3-4": Concept("encephalopathy", "confusion", when="current")}),
    },
    "apache_ii": {
        # physiology: the worst first-day reading (Knaus 1985), by its points (most items are U-shaped)
        "age": AGE, "temperature": _apache_worst("temperature", TEMP), "mean_arterial_pressure": MAP_,
        "systolic_bp": SBP, "diastolic_bp": DBP,
        "heart_rate": _apache_worst("heart_rate", HR), "respiratory_rate": _apache_worst("respiratory_rate", RR),
        "fio2": FIO2, "pao2": PAO2,
        "a_a_gradient": Derived(R.a_a_gradient, "stated A-a gradient"), "paco2": PACO2, "ph": _apache_worst("ph", PH),
        "bicarbonate": _apache_worst("bicarbonate", BICARBONATE), "sodium": _apache_worst("sodium", SODIUM),
        "potassium": _apache_worst("potassium", POTASSIUM), "creatinine": _apache_worst("creatinine", CREATININE),
        "acute_renal_failure": Concept("acute_kidney_injury", when="current"),
        "chronic_renal_failure": AnyOf(Concept("chronic_kidney_disease"),
                                       Term(r"(?:long[- ]term|chronic|maintenance|regular|outpatient)\s+(?:\w+\s+)?(?:haemo|hemo|peritoneal )?dialysis"
                                            r"|\bESRD\b|end[- ]stage (?:renal|kidney)", label="maintenance dialysis / ESRD")),
        "hematocrit": _apache_worst("hematocrit", Quantity("hematocrit")), "wbc": _apache_worst("wbc", WBC),
        "gcs": GCS_FIRST_DAY_WORST,
        "chronic_health": Derived(R.chronic_health, "cirrhosis, NYHA IV, severe COPD, dialysis or immunosuppression"),
        "admission_type": Derived(R.admission_type, "postoperative after emergency / elective surgery, else nonoperative"),
        "sex": SEX,
    },
    "psi": {
        "age": AGE, "sex": SEX, "nursing_home_resident": Derived(R.nursing_home_resident, "lives in a care home now (present / present perfect; "
                                                                             "not a past one with an end, not a destination)"),
        "neoplastic_disease": Derived(R.psi_neoplastic, "active cancer other than basal / squamous cell skin cancer"),
        "liver_disease": Concept("liver_disease"), "chf": HEART_FAILURE,
        "cerebrovascular_disease": CEREBROVASCULAR, "renal_disease": AnyOf(Concept("chronic_kidney_disease", "dialysis"),
                                                                   Term(r"(?:renal|kidney) transplant\w*|chronic renal \w+", label="renal transplant")),
        "altered_mental_status": Derived(R.altered_mental_status, "confusion / disorientation (current), else GCS < 15"),
        "respiratory_rate": RR, "systolic_bp": SBP, "temperature": TEMP, "heart_rate": HR, "ph": PH,
        "bun": BUN, "sodium": SODIUM, "glucose": GLUCOSE, "hematocrit": Quantity("hematocrit"), "pao2": PAO2,
        "o2_saturation": SPO2,
        "pleural_effusion": Derived(R.psi_pleural_effusion, "pleural effusion on imaging (current): named, its film signs, "
                                    "empyema / pleural fluid, or a bare effusion with a side or in a chest sentence"),
    },
    "charlson": {
        "age": AGE, "myocardial_infarction": Concept("myocardial_infarction"), "chf": HEART_FAILURE,
        # Charlson 1987: claudication, arterial bypass, gangrene, acute arterial insufficiency, aortic aneurysm
        "peripheral_vascular_disease": AnyOf(Concept("peripheral_artery_disease"), Term(
            r"(?-i:\bAAA\b)|(?:abdominal |thoracic |thoraco-?abdominal |infrarenal |juxtarenal )?aortic aneurysm|\bEVAR\b"
            r"|(?:fem(?:oral)?|ilio|aorto)[- ]?(?:pop(?:liteal)?|fem(?:oral)?|bifem(?:oral)?|distal)\w*\s+(?:bypass|graft)",
            label="aortic aneurysm / peripheral arterial bypass")),
        "cerebrovascular_accident": STROKE, "tia": TIA,
        # a chronic cognitive deficit: the disease named, or a cholinesterase inhibitor / memantine (prescribed for it alone)
        "dementia": AnyOf(Concept("dementia"), Term(r"\b(?:donepezil|rivastigmine|galantamine|memantine|Aricept|Exelon|Namenda)\b",
                                                    label="anti-dementia drug")),
        "chronic_pulmonary_disease": Concept("chronic_lung_disease"),
        "connective_tissue_disease": Concept("connective_tissue_disease"), "peptic_ulcer_disease": Concept("peptic_ulcer"),
        "liver_disease": Derived(R.charlson_liver, "liver disease; with portal hypertension/decompensation -> moderate to severe"),
        "diabetes": Derived(R.charlson_diabetes, "diabetes; end-organ damage words; diet-controlled"),
        "hemiplegia": Concept("hemiplegia"),
        "moderate_severe_ckd": Derived(R.charlson_ckd, "dialysis/transplant/ESRD/CKD 3b-5 or creatinine > 3"),
        "solid_tumor": Derived(R.charlson_tumor, "solid cancer; metastatic words"),
        "leukemia": Term(r"leuka?emi(?:a|c)|(?-i:\b(?:AML|CLL|CML|CMML|APML)\b)", label="leukaemia"),
        # Charlson 1987's lymphoma: Hodgkin's, lymphosarcoma, Waldenström's macroglobulinaemia, myeloma, other lymphomas
        "lymphoma": Term(r"lymphoma|Hodgkin|myeloma|plasmacytoma|lymphosarcoma|Waldenstr(?:ö|o|oe)m|macroglobulin(?:a)?emia"
                         r"|(?-i:\b(?:NHL|DLBCL)\b)", label="lymphoma / myeloma"),
        "aids": Derived(R.charlson_aids, "AIDS named, or HIV with an AIDS-defining illness or CD4 < 200 (nadir counts)"),
    },
    "feverpain": {
        "fever_past_24h": Derived(R.fever_past_24h, "fever in the last 24 h (explicit negation for that window wins; "
                                                    "else a current fever or a temperature >= 38 °C)"),
        "purulence": Derived(R.purulence, "pus / exudate on the tonsils (negated: 'without exudate'); swelling alone is not purulence"),
        "rapid_attendance": Derived(R.rapid_attendance, "symptom duration <= 3 days"),
        "severe_tonsil_inflammation": Derived(R.severe_tonsils, "tonsils described as severely inflamed / swollen"),
        "no_cough_or_coryza": Derived(R.no_cough_or_coryza, "cough and coryza: present -> False, denied -> True"),
    },
    "caprini_vte": {
        "age": AGE, "sex": SEX,
        "surgery_type": Derived(R.caprini_surgery, "procedure named: arthroplasty / laparoscopic / arthroscopic / major / minor"),
        "mobility": Derived(R.caprini_mobility, "bed rest / confined to bed > 72 h / ambulatory"),
        "major_surgery_last_month": Derived(R.caprini_recent_major_surgery,
                                            "an operation in the past month (a recency cue), not minor, not planned"),
        "chf_last_month": Derived(R.last_month("heart_failure"), "heart failure now or dated within the last month"),
        "sepsis_last_month": Derived(R.last_month("sepsis"), "sepsis now or dated within the last month"),
        "pneumonia_last_month": Derived(R.last_month("pneumonia"), "pneumonia now or dated within the last month"),
        # POP (plaster of Paris) only as a cast: "R ankle POP applied", "in a below-knee POP", "POP backslab" (the
        # progestogen-only pill is also 'POP')
        "plaster_cast_last_month": Term(r"plaster cast|(?:leg|arm|lower (?:extremity|limb)) (?:\w+ )?cast|casted|in a cast|back-?slab"
                                        r"|(?:below|above)[- ]knee (?:plaster|cast|POP)|(?-i:\bPOP\b)(?=\s+(?:cast|backslab|slab|applied|was applied|in situ))"
                                        r"|\b(?:in|into)\s+(?:an?\s+)?(?:\w+\s+)?(?-i:POP)\b",
                                        when="current", label="plaster cast"),
        "fracture_last_month": Term(r"(?:hip|pelvi\w*|femor\w*|femur|tibi\w*|fibul\w*|leg|ankle|acetabul\w*|intertrochanteric|subtrochanteric)"
                                    r"[^.;]{0,30}?fracture\w*|fracture\w*[^.;]{0,20}?(?:hip|pelvis|femur|tibia|fibula|leg|ankle)",
                                    when="current", label="hip / pelvis / leg fracture"),
        "stroke_last_month": Derived(R.last_month("stroke"), "stroke now or dated within the last month"),
        "multiple_trauma_last_month": Term(r"multiple (?:trauma|injuries|fractures)|polytrauma", when="current", label="multiple trauma"),
        "spinal_cord_injury_last_month": Term(r"spinal cord (?:injury|lesion|compression|transection)|\bSCI\b", when="current",
                                              label="spinal cord injury"),
        "varicose_veins": Concept("varicose_veins"),
        "swollen_legs": Concept("leg_swelling", when="current"),
        "central_venous_access": Concept("central_venous_access", when="current"),
        "previous_dvt": PREVIOUS_DVT, "previous_pe": PREVIOUS_PE,
        "family_history_thrombosis": Derived(R.family_thrombosis, "a relative's thrombosis stated as a fact (a hedged mention "
                                                                  "- 'not confirmed', 'unsure', 'possible' - is not documented)"),
        "factor_v_leiden": Term(r"factor V Leiden|factor 5 Leiden|\bFVL\b", label="factor V Leiden"),
        "prothrombin_20210a": Term(r"prothrombin (?:gene )?(?:mutation|20210A?|G20210A)|\bG20210A\b", label="prothrombin 20210A"),
        "elevated_homocysteine": Term(r"hyperhomocyst\w+|(?:elevated|high|raised|increased) (?:serum |plasma |fasting )?homocyst\w+"
                                           r"|homocyst\w+(?: level)?(?: (?:was|is|of))? (?:elevated|high|raised|increased)", label="elevated homocysteine"),
        "lupus_anticoagulant": Term(r"lupus anticoagulant", label="lupus anticoagulant"),
        "anticardiolipin_antibody": Term(r"anti-?cardiolipin|antiphospholipid (?:antibod\w+|syndrome)|(?-i:\baCL\b)"
                                         r"|anti-?(?:beta|β)-?2[- ]?(?:glycoprotein|GP)[- ]?(?:I|1)\b", label="anticardiolipin antibody"),
        "heparin_induced_thrombocytopenia": Term(r"heparin[- ]induced thrombocytopenia|\bHIT\b", label="HIT"),
        "other_thrombophilia": Term(r"thrombophilia|protein [CS] deficiency|antithrombin (?:III )?deficiency|hypercoagulable (?:state|disorder)",
                                    label="thrombophilia"),
        "inflammatory_bowel_disease": Concept("inflammatory_bowel_disease"),
        "bmi": Quantity("bmi"), "weight": WEIGHT, "height": HEIGHT,
        "acute_mi": Derived(R.last_month("myocardial_infarction"), "myocardial infarction now or dated within the last month"),
        "copd": Concept("copd"),
        "malignancy": Derived(R.malignancy_any, "present or previous malignancy"),
        "pregnancy_or_postpartum": Derived(R.caprini_pregnancy_postpartum, "pregnant / postpartum, or a delivery within the last month"),
        "oral_contraceptives_or_hrt": HORMONES,
        "pregnancy_loss_history": Term(r"stillb(?:irth|orn)|recurrent (?:spontaneous )?(?:abortion|miscarriage|pregnancy loss)"
                                       r"|(?:three|3|multiple) (?:spontaneous )?(?:abortions|miscarriages)|pre-?eclampsia|growth[- ]restricted infant",
                                       label="stillbirth / recurrent miscarriage / preeclampsia"),
        "variant": Config("scoring table (MedCalc-Bench's by default)"),
    },
    "sofa": {
        # SOFA scores the PaO2/FiO2 ratio: one written as such gives the PaO2 (ratio x FiO2) when none is stated
        "pao2": FirstOf(PAO2, Derived(R.pao2_from_pf_ratio(FIO2.read), "PaO2 = stated P/F ratio x FiO2")), "fio2": FIO2,
        "mechanical_ventilation": Concept("mechanical_ventilation", when="current"),
        "cpap": Concept("cpap", when="current"),
        # the worst value of the first 24 h (Vincent 1996) when the note gives two or more
        "platelets": FirstOf(Derived(R.worst_first_day("platelets", lowest=True), "lowest first-day platelets"), PLATELETS),
        "gcs": GCS_FIRST_DAY_WORST,
        "bilirubin": FirstOf(Derived(R.worst_first_day("bilirubin", lowest=False), "highest first-day bilirubin"), BILIRUBIN),
        "mean_arterial_pressure": MAP_, "systolic_bp": SBP, "diastolic_bp": DBP,
        "hypotension": Concept("hypotension", when="current"),
        "dopamine": Derived(R.vasopressor("dopamine"), "dopamine µg/kg/min"),
        "dobutamine": Derived(R.vasopressor("dobutamine"), "dobutamine µg/kg/min"),
        "epinephrine": Derived(R.vasopressor("epinephrine"), "epinephrine µg/kg/min"),
        "norepinephrine": Derived(R.vasopressor("norepinephrine"), "norepinephrine µg/kg/min"),
        "creatinine": FirstOf(Derived(R.worst_first_day("creatinine", lowest=False), "highest first-day creatinine"), CREATININE),
        "urine_output": Derived(R.urine_output, "urine output per day (mL/h x 24)"),
    },
    "curb_65": {
        "age": AGE,
        "confusion": Derived(R.curb65_confusion, "abbreviated mental test <= 8 of 10, else confusion words (current)"),
        "bun": Quantity("bun"), "urea": Quantity("urea"),
        "respiratory_rate": RR, "systolic_bp": SBP, "diastolic_bp": DBP,
    },
    "framingham_hard_chd": {
        "sex": SEX, "age": AGE, "total_cholesterol": Quantity("total_cholesterol"), "hdl_cholesterol": Quantity("hdl"),
        "systolic_bp": SBP, "bp_treated": Derived(R.bp_treated, "an antihypertensive drug in the note"),
        "smoker": SMOKING_CURRENT,
    },
    "perc_rule": {
        "age": AGE, "heart_rate": HR, "oxygen_saturation": SPO2,
        "unilateral_leg_swelling": Derived(R.unilateral_leg_swelling, "one swollen leg; bilateral / peripheral edema is not"),
        "hemoptysis": HEMOPTYSIS,
        "recent_surgery_or_trauma": Derived(R.recent_surgery_or_trauma, "surgery or trauma in the past 4 weeks (current mention)"),
        "previous_pe": PREVIOUS_PE, "previous_dvt": PREVIOUS_DVT,
        "hormone_use": HORMONES,
    },
    "sirs_criteria": {
        "temperature": TEMP, "heart_rate": HR, "respiratory_rate": RR, "paco2": Quantity("paco2"), "wbc": WBC,
        "bands": Derived(R.bands, "band neutrophils %"),
    },
}


LIBRARY_ITEM = Judgement(
    "an item of a RiskAgent-library score: the model picks the option or value, and the note must support it "
    "(rules read only the numbers the extractor knows by the item's own name)")


def _library_source(calculator_id: str, field: str) -> Source:
    """A library score's input: the extractor's quantity of the same name (age, sodium, ...), else a judgement."""
    info = CALCULATORS[calculator_id].inputs.model_fields.get(field)
    if info is None:
        raise KeyError(f"calculator '{calculator_id}': input '{field}' is not in the field map") from None
    numeric = info.annotation in (float, int, float | None, int | None)
    return Quantity(field) if numeric and field in QUANTITY_SPECS else LIBRARY_ITEM


def source_for(calculator_id: str, field: str) -> Source:
    """The source of one input; raises KeyError naming what is not mapped.

    MedCalc-Bench's 55 have a written field map; any other calculator without one (RiskAgent's library, the
    workflow calculators) reads its inputs by :func:`_library_source`."""
    try:
        fields = CALCULATOR_MAP[calculator_id]
    except KeyError:
        calc = CALCULATORS.get(calculator_id)
        if calc is not None and calc.medcalc_id is None:
            return _library_source(calculator_id, field)
        raise KeyError(f"no field map for calculator '{calculator_id}'") from None
    try:
        return fields[field]
    except KeyError:
        raise KeyError(f"calculator '{calculator_id}': input '{field}' is not in the field map") from None


def describe(calculator_id: str) -> dict[str, str]:
    """Input -> human-readable description of where rules read it (for cards and reviewers)."""
    if calculator_id not in CALCULATOR_MAP:
        return {name: source_for(calculator_id, name).describe() for name in CALCULATORS[calculator_id].inputs.model_fields}
    return {name: src.describe() for name, src in CALCULATOR_MAP[calculator_id].items()}
