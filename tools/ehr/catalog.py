"""What the synthetic EHR is made of: lab and vital items, diagnoses, procedures, drugs, clinical profiles.

Lab item ids, labels and units follow MIMIC-IV ``d_labitems``; reference ranges are
common adult laboratory ranges. Vital item ids follow MIMIC-IV ``d_items``
(MetaVision). Diagnosis titles are the ICD-10-CM tabular list's (the unit tests
check them against ``simple_icd_10_cm``); ICD-10-PCS titles are CMS's.

A *chronic condition* adds diagnoses, home medications and lab shifts to every
admission of a patient; an *acute reason* is what an admission is for: its
principal diagnosis, admitting text, treatment, procedures and the abnormal labs
and vitals of its first days.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LabItem:
    itemid: int
    label: str
    fluid: str
    category: str
    unit: str
    lower: float | None
    upper: float | None
    normal: tuple[float, float]  # (mean, sd) of a healthy baseline
    decimals: int
    hard: tuple[float, float]  # physiologically possible range; values are clipped to it


LABS: dict[str, LabItem] = {k: v for k, v in {
    "sodium": LabItem(50983, "Sodium", "Blood", "Chemistry", "mEq/L", 135, 145, (139, 2), 0, (105, 170)),
    "potassium": LabItem(50971, "Potassium", "Blood", "Chemistry", "mEq/L", 3.5, 5.1, (4.2, 0.3), 1, (2.0, 8.0)),
    "chloride": LabItem(50902, "Chloride", "Blood", "Chemistry", "mEq/L", 96, 108, (102, 2), 0, (75, 130)),
    "bicarbonate": LabItem(50882, "Bicarbonate", "Blood", "Chemistry", "mEq/L", 22, 32, (26, 2), 0, (5, 45)),
    "bun": LabItem(51006, "Urea Nitrogen", "Blood", "Chemistry", "mg/dL", 6, 20, (14, 3), 0, (2, 200)),
    "creatinine": LabItem(50912, "Creatinine", "Blood", "Chemistry", "mg/dL", 0.5, 1.2, (0.9, 0.15), 1, (0.3, 15.0)),
    "glucose": LabItem(50931, "Glucose", "Blood", "Chemistry", "mg/dL", 70, 100, (92, 8), 0, (30, 800)),
    "wbc": LabItem(51301, "White Blood Cells", "Blood", "Hematology", "K/uL", 4.0, 11.0, (7.2, 1.4), 1, (0.5, 60)),
    "hemoglobin": LabItem(51222, "Hemoglobin", "Blood", "Hematology", "g/dL", 12.0, 17.5, (13.8, 1.0), 1, (4.0, 20.0)),
    "platelets": LabItem(51265, "Platelet Count", "Blood", "Hematology", "K/uL", 150, 440, (250, 45), 0, (10, 900)),
    "inr": LabItem(51237, "INR(PT)", "Blood", "Hematology", "ratio", 0.9, 1.1, (1.0, 0.05), 1, (0.8, 8.0)),
    "lactate": LabItem(50813, "Lactate", "Blood", "Blood Gas", "mmol/L", 0.5, 2.0, (1.1, 0.25), 1, (0.3, 20)),
    "troponin_t": LabItem(51003, "Troponin T", "Blood", "Chemistry", "ng/mL", 0.0, 0.01, (0.005, 0.002), 2, (0.0, 25)),
    "ntprobnp": LabItem(50963, "NTproBNP", "Blood", "Chemistry", "pg/mL", 0, 125, (60, 25), 0, (5, 70000)),
    "hba1c": LabItem(50852, "% Hemoglobin A1c", "Blood", "Chemistry", "%", 4.0, 5.6, (5.2, 0.25), 1, (3.5, 18)),
    "bilirubin": LabItem(50885, "Bilirubin, Total", "Blood", "Chemistry", "mg/dL", 0.0, 1.5, (0.6, 0.2), 1, (0.1, 40)),
    "alt": LabItem(50861, "Alanine Aminotransferase (ALT)", "Blood", "Chemistry", "IU/L", 0, 40, (22, 7), 0, (3, 5000)),
    "ast": LabItem(50878, "Asparate Aminotransferase (AST)", "Blood", "Chemistry", "IU/L", 0, 40, (24, 7), 0, (5, 5000)),
    "albumin": LabItem(50862, "Albumin", "Blood", "Chemistry", "g/dL", 3.5, 5.2, (4.1, 0.3), 1, (1.0, 6.0)),
    "lipase": LabItem(50956, "Lipase", "Blood", "Chemistry", "IU/L", 0, 60, (30, 10), 0, (3, 20000)),
}.items()}

DAILY_PANEL = ("sodium", "potassium", "chloride", "bicarbonate", "bun", "creatinine", "glucose",
               "wbc", "hemoglobin", "platelets")
LIVER_PANEL = ("bilirubin", "alt", "ast", "albumin")


@dataclass(frozen=True)
class VitalItem:
    itemid: int
    label: str
    abbreviation: str
    unit: str
    normal: tuple[float, float]
    decimals: int
    hard: tuple[float, float]


VITALS: dict[str, VitalItem] = {
    "hr": VitalItem(220045, "Heart Rate", "HR", "bpm", (78, 8), 0, (30, 190)),
    "sbp": VitalItem(220179, "Non Invasive Blood Pressure systolic", "NBPs", "mmHg", (126, 10), 0, (60, 230)),
    "dbp": VitalItem(220180, "Non Invasive Blood Pressure diastolic", "NBPd", "mmHg", (74, 7), 0, (30, 130)),
    "temp": VitalItem(223762, "Temperature Celsius", "Temp C", "°C", (36.8, 0.25), 1, (34.0, 41.5)),
    "spo2": VitalItem(220277, "O2 saturation pulseoxymetry", "SpO2", "%", (97, 1.2), 0, (70, 100)),
    "rr": VitalItem(220210, "Respiratory Rate", "RR", "insp/min", (16, 2), 0, (6, 45)),
}

# ICD-10-CM code -> title, as in the ICD-10-CM tabular list (checked against simple_icd_10_cm by the tests).
ICD10CM: dict[str, str] = {
    "A419": "Sepsis, unspecified organism",
    "D62": "Acute posthemorrhagic anemia",
    "D649": "Anemia, unspecified",
    "E039": "Hypothyroidism, unspecified",
    "E119": "Type 2 diabetes mellitus without complications",
    "E785": "Hyperlipidemia, unspecified",
    "E871": "Hypo-osmolality and hyponatremia",
    "E875": "Hyperkalemia",
    "F1020": "Alcohol dependence, uncomplicated",
    "F329": "Major depressive disorder, single episode, unspecified",
    "G4733": "Obstructive sleep apnea (adult) (pediatric)",
    "I10": "Essential (primary) hypertension",
    "I214": "Non-ST elevation (NSTEMI) myocardial infarction",
    "I2510": "Atherosclerotic heart disease of native coronary artery without angina pectoris",
    "I2699": "Other pulmonary embolism without acute cor pulmonale",
    "I4891": "Unspecified atrial fibrillation",
    "I5022": "Chronic systolic (congestive) heart failure",
    "I5023": "Acute on chronic systolic (congestive) heart failure",
    "I639": "Cerebral infarction, unspecified",
    "J189": "Pneumonia, unspecified organism",
    "J441": "Chronic obstructive pulmonary disease with (acute) exacerbation",
    "J449": "Chronic obstructive pulmonary disease, unspecified",
    "J45909": "Unspecified asthma, uncomplicated",
    "J9601": "Acute respiratory failure with hypoxia",
    "K3580": "Unspecified acute appendicitis",
    "K7030": "Alcoholic cirrhosis of liver without ascites",
    "K810": "Acute cholecystitis",
    "K8590": "Acute pancreatitis without necrosis or infection, unspecified",
    "K922": "Gastrointestinal hemorrhage, unspecified",
    "M1712": "Unilateral primary osteoarthritis, left knee",
    "N179": "Acute kidney failure, unspecified",
    "N1830": "Chronic kidney disease, stage 3 unspecified",
    "N390": "Urinary tract infection, site not specified",
    "N400": "Benign prostatic hyperplasia without lower urinary tract symptoms",
    "R6521": "Severe sepsis with septic shock",
    "Z7901": "Long term (current) use of anticoagulants",
    "Z794": "Long term (current) use of insulin",
}

# ICD-10-PCS: code -> title (ICD-10-PCS tables, CMS).
PROCEDURES: dict[str, str] = {
    "5A1955Z": "Respiratory Ventilation, Greater than 96 Consecutive Hours",
    "5A1945Z": "Respiratory Ventilation, 24-96 Consecutive Hours",
    "0BH17EZ": "Insertion of Endotracheal Airway into Trachea, Via Natural or Artificial Opening",
    "5A1D70Z": "Performance of Urinary Filtration, Intermittent, Less than 6 Hours Per Day",
    "30233N1": "Transfusion of Nonautologous Red Blood Cells into Peripheral Vein, Percutaneous Approach",
    "0DJ08ZZ": "Inspection of Upper Intestinal Tract, Via Natural or Artificial Opening Endoscopic",
    "4A023N7": "Measurement of Cardiac Sampling and Pressure, Left Heart, Percutaneous Approach",
    "027034Z": "Dilation of Coronary Artery, One Artery with Drug-eluting Intraluminal Device, Percutaneous Approach",
    "0FT44ZZ": "Resection of Gallbladder, Percutaneous Endoscopic Approach",
    "0DTJ4ZZ": "Resection of Appendix, Percutaneous Endoscopic Approach",
    "0SRD0J9": "Replacement of Left Knee Joint with Synthetic Substitute, Cemented, Open Approach",
    "0W9G3ZZ": "Drainage of Peritoneal Cavity, Percutaneous Approach",
    "02HV33Z": "Insertion of Infusion Device into Superior Vena Cava, Percutaneous Approach",
    "0BJ08ZZ": "Inspection of Tracheobronchial Tree, Via Natural or Artificial Opening Endoscopic",
}


@dataclass(frozen=True)
class Drug:
    drug: str
    dose: str
    unit: str
    route: str


def rx(drug: str, dose: str, unit: str, route: str) -> Drug:
    return Drug(drug, dose, unit, route)


@dataclass(frozen=True)
class Chronic:
    """A long-term condition: its code, home medications (one option list per slot) and lab shifts."""

    key: str
    icd: str
    prevalence: float  # base probability; scaled by age in the generator
    meds: tuple[tuple[Drug, ...], ...] = ()
    # lab -> (low, high) uniform range replacing the healthy baseline
    labs: dict[str, tuple[float, float]] = field(default_factory=dict)
    extra_labs: tuple[str, ...] = ()  # measured once per admission because of the condition
    sex: str | None = None
    min_age: int = 18
    extra_codes: tuple[str, ...] = ()


CHRONIC: tuple[Chronic, ...] = (
    Chronic("hypertension", "I10", 0.45, ((rx("lisinopril", "10", "mg", "PO"), rx("amlodipine", "5", "mg", "PO"),
                                           rx("hydrochlorothiazide", "25", "mg", "PO")),)),
    Chronic("diabetes", "E119", 0.22, ((rx("metformin", "1000", "mg", "PO"),),),
            {"glucose": (140, 260), "hba1c": (6.8, 10.5)}, ("hba1c",)),
    Chronic("hyperlipidemia", "E785", 0.3, ((rx("atorvastatin", "40", "mg", "PO"), rx("simvastatin", "20", "mg", "PO")),)),
    Chronic("atrial_fibrillation", "I4891", 0.12, ((rx("apixaban", "5", "mg", "PO"), rx("warfarin", "5", "mg", "PO")),
                                                    (rx("metoprolol tartrate", "25", "mg", "PO"),)),
            extra_labs=("inr",), min_age=50, extra_codes=("Z7901",)),
    Chronic("heart_failure", "I5022", 0.1, ((rx("furosemide", "40", "mg", "PO"),), (rx("carvedilol", "6.25", "mg", "PO"),)),
            {"ntprobnp": (900, 4000)}, ("ntprobnp",), min_age=45),
    Chronic("ckd", "N1830", 0.1, (), {"creatinine": (1.6, 2.6), "bun": (28, 48), "hemoglobin": (10.2, 11.8)},
            min_age=40),
    Chronic("copd", "J449", 0.09, ((rx("tiotropium", "18", "mcg", "IH"),),), min_age=45),
    Chronic("coronary_artery_disease", "I2510", 0.13, ((rx("aspirin", "81", "mg", "PO"),),), min_age=45),
    Chronic("hypothyroidism", "E039", 0.08, ((rx("levothyroxine", "75", "mcg", "PO"),),)),
    Chronic("depression", "F329", 0.1, ((rx("sertraline", "50", "mg", "PO"), rx("citalopram", "20", "mg", "PO")),)),
    Chronic("sleep_apnea", "G4733", 0.06),
    Chronic("asthma", "J45909", 0.05, ((rx("albuterol", "2.5", "mg", "IH"),),), ),
    Chronic("cirrhosis", "K7030", 0.035, ((rx("lactulose", "20", "g", "PO"),), (rx("spironolactone", "100", "mg", "PO"),)),
            {"bilirubin": (2.0, 5.5), "albumin": (2.3, 3.1), "inr": (1.4, 2.1), "platelets": (55, 120)},
            ("inr", "bilirubin", "alt", "ast", "albumin"), min_age=35, extra_codes=("F1020",)),
    Chronic("bph", "N400", 0.12, ((rx("tamsulosin", "0.4", "mg", "PO"),),), sex="M", min_age=50),
)


@dataclass(frozen=True)
class Acute:
    """What an admission is for."""

    key: str
    icd: str
    text: str  # admitting diagnosis
    weight: float
    los: tuple[int, int]  # length of stay range, days
    meds: tuple[tuple[Drug, ...], ...] = ()  # one option list per slot
    secondary: tuple[str, ...] = ()
    procedures: tuple[tuple[str, float], ...] = ()  # (code, probability)
    labs: dict[str, tuple[float, float]] = field(default_factory=dict)  # day-0 values, resolve over the stay
    extra_labs: tuple[str, ...] = ()
    vitals: dict[str, tuple[float, float]] = field(default_factory=dict)  # day-0 values
    severe: float = 0.0  # probability of a severe course (respiratory failure, shock) when applicable
    mortality: float = 0.0  # in-hospital death probability of a severe course
    requires: str | None = None  # chronic condition the reason implies (added when absent)
    sex: str | None = None
    admission_type: str = "EMERGENCY"


ACUTE: tuple[Acute, ...] = (
    Acute("pneumonia", "J189", "PNEUMONIA", 14, (3, 8),
          ((rx("ceftriaxone", "1", "g", "IV"),), (rx("azithromycin", "500", "mg", "IV"),)),
          labs={"wbc": (12.5, 19.0)}, extra_labs=("lactate",),
          vitals={"temp": (38.2, 39.3), "hr": (96, 118), "rr": (22, 28), "spo2": (88, 93)},
          severe=0.2, mortality=0.3),
    Acute("sepsis", "A419", "SEPSIS", 10, (4, 10),
          ((rx("piperacillin-tazobactam", "4.5", "g", "IV"),), (rx("vancomycin", "1000", "mg", "IV"),),
           (rx("sodium chloride 0.9%", "1000", "mL", "IV"),)),
          secondary=("N390",), labs={"wbc": (15.0, 24.0), "lactate": (2.6, 5.5), "creatinine": (1.3, 2.2)},
          extra_labs=("lactate", "bilirubin", "alt", "ast", "albumin"),
          vitals={"temp": (38.5, 39.7), "hr": (108, 132), "sbp": (78, 96), "dbp": (40, 55), "rr": (22, 30)},
          severe=0.35, mortality=0.4),
    Acute("uti", "N390", "URINARY TRACT INFECTION", 7, (2, 5), ((rx("ceftriaxone", "1", "g", "IV"),),),
          labs={"wbc": (11.5, 15.5)}, vitals={"temp": (37.9, 38.8), "hr": (90, 104)}),
    Acute("chf", "I5023", "CONGESTIVE HEART FAILURE", 10, (3, 8),
          ((rx("furosemide", "40", "mg", "IV"),),), labs={"ntprobnp": (5000, 18000), "sodium": (129, 135)},
          extra_labs=("ntprobnp", "troponin_t"), vitals={"spo2": (88, 93), "rr": (22, 28), "hr": (92, 112)},
          requires="heart_failure"),
    Acute("nstemi", "I214", "CHEST PAIN", 9, (2, 5),
          ((rx("aspirin", "325", "mg", "PO"),), (rx("heparin", "1000", "UNIT", "IV"),),
           (rx("clopidogrel", "75", "mg", "PO"),), (rx("atorvastatin", "80", "mg", "PO"),)),
          procedures=(("4A023N7", 0.85), ("027034Z", 0.6)), labs={"troponin_t": (0.15, 2.4)},
          extra_labs=("troponin_t",), vitals={"hr": (88, 108), "sbp": (140, 170)}),
    Acute("copd_exacerbation", "J441", "COPD EXACERBATION", 7, (3, 7),
          ((rx("prednisone", "40", "mg", "PO"),), (rx("ipratropium-albuterol", "3", "mL", "IH"),),
           (rx("azithromycin", "500", "mg", "PO"),)),
          vitals={"spo2": (86, 91), "rr": (24, 30), "hr": (96, 115)}, requires="copd", severe=0.15, mortality=0.2),
    Acute("gi_bleed", "K922", "GI BLEED", 7, (3, 7), ((rx("pantoprazole", "40", "mg", "IV"),),),
          secondary=("D62",), procedures=(("30233N1", 0.85), ("0DJ08ZZ", 0.9)),
          labs={"hemoglobin": (6.4, 8.4), "bun": (30, 55)}, extra_labs=("inr",),
          vitals={"hr": (98, 120), "sbp": (88, 104)}),
    Acute("aki", "N179", "ACUTE KIDNEY INJURY", 6, (3, 7), ((rx("sodium chloride 0.9%", "1000", "mL", "IV"),),),
          labs={"creatinine": (2.4, 4.2), "bun": (40, 75), "potassium": (5.0, 5.8)}),
    Acute("stroke", "I639", "STROKE", 6, (3, 8), ((rx("aspirin", "325", "mg", "PO"),), (rx("atorvastatin", "80", "mg", "PO"),)),
          vitals={"sbp": (160, 190), "dbp": (88, 104)}, severe=0.1, mortality=0.5),
    Acute("pulmonary_embolism", "I2699", "PULMONARY EMBOLISM", 4, (3, 6),
          ((rx("heparin", "1000", "UNIT", "IV"),), (rx("apixaban", "10", "mg", "PO"),)),
          labs={"troponin_t": (0.02, 0.09)}, extra_labs=("troponin_t",),
          vitals={"hr": (104, 124), "spo2": (88, 93), "rr": (22, 28)}),
    Acute("pancreatitis", "K8590", "PANCREATITIS", 4, (3, 7),
          ((rx("lactated ringers", "1000", "mL", "IV"),), (rx("hydromorphone", "0.5", "mg", "IV"),)),
          labs={"lipase": (450, 3200), "wbc": (12.0, 16.0)}, extra_labs=("lipase", "bilirubin", "alt", "ast", "albumin"),
          vitals={"hr": (98, 116)}),
    Acute("cholecystitis", "K810", "ACUTE CHOLECYSTITIS", 4, (2, 5),
          ((rx("piperacillin-tazobactam", "4.5", "g", "IV"),),), procedures=(("0FT44ZZ", 0.9),),
          labs={"wbc": (12.5, 17.5), "bilirubin": (1.4, 2.6)}, extra_labs=("bilirubin", "alt", "ast", "albumin", "lipase"),
          vitals={"temp": (37.9, 38.7)}),
    Acute("appendicitis", "K3580", "APPENDICITIS", 3, (1, 3),
          ((rx("ceftriaxone", "2", "g", "IV"),), (rx("metronidazole", "500", "mg", "IV"),)),
          procedures=(("0DTJ4ZZ", 0.95),), labs={"wbc": (12.0, 17.0)}, vitals={"temp": (37.9, 38.6)}),
    Acute("hyponatremia", "E871", "HYPONATREMIA", 3, (2, 5), ((rx("sodium chloride 0.9%", "1000", "mL", "IV"),),),
          labs={"sodium": (116, 127)}),
    Acute("hyperkalemia", "E875", "HYPERKALEMIA", 2, (1, 4),
          ((rx("calcium gluconate", "1", "g", "IV"),), (rx("insulin regular", "10", "UNIT", "IV"),),
           (rx("sodium polystyrene sulfonate", "15", "g", "PO"),)),
          procedures=(("5A1D70Z", 0.4),), labs={"potassium": (6.0, 7.1)}, requires="ckd"),
    Acute("knee_replacement", "M1712", "LEFT KNEE OSTEOARTHRITIS", 3, (2, 4),
          ((rx("cefazolin", "2", "g", "IV"),), (rx("oxycodone", "5", "mg", "PO"),), (rx("enoxaparin", "40", "mg", "SC"),)),
          procedures=(("0SRD0J9", 1.0),), extra_labs=("inr",), admission_type="ELECTIVE"),
)

# Severe course: acute respiratory failure (pneumonia, COPD) or septic shock (sepsis), stroke: ventilation.
SEVERE_CODES: dict[str, tuple[str, ...]] = {
    "pneumonia": ("J9601",), "copd_exacerbation": ("J9601",), "sepsis": ("R6521",), "stroke": ("J9601",),
}
SEVERE_PROCEDURES: dict[str, tuple[str, ...]] = {
    "pneumonia": ("0BH17EZ", "5A1955Z"), "copd_exacerbation": ("0BH17EZ", "5A1945Z"),
    "sepsis": ("02HV33Z", "0BH17EZ", "5A1955Z"), "stroke": ("0BH17EZ", "5A1945Z"),
}
SEVERE_MEDS: dict[str, tuple[Drug, ...]] = {
    "sepsis": (rx("norepinephrine", "0.1", "mcg/kg/min", "IV"),),
    "pneumonia": (rx("propofol", "20", "mcg/kg/min", "IV"),),
    "copd_exacerbation": (rx("propofol", "20", "mcg/kg/min", "IV"),),
    "stroke": (rx("propofol", "20", "mcg/kg/min", "IV"),),
}

# Given to every admission unless the patient is anticoagulated.
VTE_PROPHYLAXIS = rx("heparin", "5000", "UNIT", "SC")
PRN = (rx("acetaminophen", "650", "mg", "PO"), rx("ondansetron", "4", "mg", "IV"))
INSULIN_BASAL = rx("insulin glargine", "20", "UNIT", "SC")
ANTICOAGULANTS = ("apixaban", "warfarin", "heparin", "enoxaparin")
