"""The synthetic EHR's schema: DDL and the schema manual (the DBManual role).

The layout follows MIMIC-IV's ``hosp``/``icu`` modules (Johnson et al., MIMIC-IV,
Sci Data 2023) in miniature: table and column names, ICD codes stored without
dots with their version, lab/vital item dictionaries joined by ``itemid``,
free-text admission diagnosis as in MIMIC-III ``admissions.diagnosis``.
:data:`MANUAL` documents every table (purpose, columns with meaning and unit,
join keys, example values); :func:`manual_text` renders it for a prompt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DDL = """
CREATE TABLE patients (
    subject_id INTEGER PRIMARY KEY,
    gender TEXT NOT NULL CHECK (gender IN ('M', 'F')),
    dob TEXT NOT NULL,
    anchor_age INTEGER NOT NULL,
    anchor_year INTEGER NOT NULL,
    dod TEXT
);
CREATE TABLE admissions (
    hadm_id INTEGER PRIMARY KEY,
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    admittime TEXT NOT NULL,
    dischtime TEXT NOT NULL,
    deathtime TEXT,
    admission_type TEXT NOT NULL,
    admission_location TEXT NOT NULL,
    discharge_location TEXT NOT NULL,
    insurance TEXT NOT NULL,
    diagnosis TEXT NOT NULL,
    hospital_expire_flag INTEGER NOT NULL
);
CREATE TABLE d_icd_diagnoses (
    icd_code TEXT NOT NULL,
    icd_version INTEGER NOT NULL,
    long_title TEXT NOT NULL,
    PRIMARY KEY (icd_code, icd_version)
);
CREATE TABLE diagnoses_icd (
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    hadm_id INTEGER NOT NULL REFERENCES admissions(hadm_id),
    seq_num INTEGER NOT NULL,
    icd_code TEXT NOT NULL,
    icd_version INTEGER NOT NULL,
    PRIMARY KEY (hadm_id, seq_num)
);
CREATE TABLE d_icd_procedures (
    icd_code TEXT NOT NULL,
    icd_version INTEGER NOT NULL,
    long_title TEXT NOT NULL,
    PRIMARY KEY (icd_code, icd_version)
);
CREATE TABLE procedures_icd (
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    hadm_id INTEGER NOT NULL REFERENCES admissions(hadm_id),
    seq_num INTEGER NOT NULL,
    chartdate TEXT NOT NULL,
    icd_code TEXT NOT NULL,
    icd_version INTEGER NOT NULL,
    PRIMARY KEY (hadm_id, seq_num)
);
CREATE TABLE d_labitems (
    itemid INTEGER PRIMARY KEY,
    label TEXT NOT NULL,
    fluid TEXT NOT NULL,
    category TEXT NOT NULL,
    unit TEXT NOT NULL,
    ref_range_lower REAL,
    ref_range_upper REAL
);
CREATE TABLE labevents (
    labevent_id INTEGER PRIMARY KEY,
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    hadm_id INTEGER NOT NULL REFERENCES admissions(hadm_id),
    itemid INTEGER NOT NULL REFERENCES d_labitems(itemid),
    charttime TEXT NOT NULL,
    valuenum REAL NOT NULL,
    valueuom TEXT NOT NULL,
    ref_range_lower REAL,
    ref_range_upper REAL,
    flag TEXT
);
CREATE TABLE prescriptions (
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    hadm_id INTEGER NOT NULL REFERENCES admissions(hadm_id),
    starttime TEXT NOT NULL,
    stoptime TEXT NOT NULL,
    drug TEXT NOT NULL,
    dose_val_rx TEXT NOT NULL,
    dose_unit_rx TEXT NOT NULL,
    route TEXT NOT NULL
);
CREATE TABLE d_items (
    itemid INTEGER PRIMARY KEY,
    label TEXT NOT NULL,
    abbreviation TEXT NOT NULL,
    unitname TEXT NOT NULL
);
CREATE TABLE chartevents (
    subject_id INTEGER NOT NULL REFERENCES patients(subject_id),
    hadm_id INTEGER NOT NULL REFERENCES admissions(hadm_id),
    itemid INTEGER NOT NULL REFERENCES d_items(itemid),
    charttime TEXT NOT NULL,
    valuenum REAL NOT NULL,
    valueuom TEXT NOT NULL
);
CREATE INDEX ix_adm_subject ON admissions(subject_id);
CREATE INDEX ix_dx_hadm ON diagnoses_icd(hadm_id);
CREATE INDEX ix_px_hadm ON procedures_icd(hadm_id);
CREATE INDEX ix_lab_hadm_item ON labevents(hadm_id, itemid);
CREATE INDEX ix_rx_hadm ON prescriptions(hadm_id);
CREATE INDEX ix_chart_hadm_item ON chartevents(hadm_id, itemid);
"""


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    meaning: str
    example: str = ""


@dataclass(frozen=True)
class Table:
    name: str
    purpose: str
    columns: tuple[Column, ...]
    joins: tuple[str, ...] = field(default_factory=tuple)


TIME_NOTE = "text 'YYYY-MM-DD HH:MM:SS' (use julianday()/date() for arithmetic)"

MANUAL: dict[str, Table] = {t.name: t for t in (
    Table("patients", "One row per patient: demographics and date of death.", (
        Column("subject_id", "INTEGER", "patient identifier (primary key)", "10001"),
        Column("gender", "TEXT", "'M' or 'F'", "F"),
        Column("dob", "TEXT", "date of birth 'YYYY-MM-DD'", "1948-03-14"),
        Column("anchor_age", "INTEGER", "age in years on 1 January of anchor_year", "71"),
        Column("anchor_year", "INTEGER", "year anchor_age refers to", "2019"),
        Column("dod", "TEXT", "date of death 'YYYY-MM-DD'; NULL if not known to have died", "2021-06-02"),
    ), ("admissions.subject_id = patients.subject_id",)),
    Table("admissions", "One row per hospital admission.", (
        Column("hadm_id", "INTEGER", "admission identifier (primary key)", "20001"),
        Column("subject_id", "INTEGER", "patient (patients.subject_id)", "10001"),
        Column("admittime", "TEXT", "admission time, " + TIME_NOTE, "2019-04-02 14:20:00"),
        Column("dischtime", "TEXT", "discharge time, " + TIME_NOTE, "2019-04-07 11:00:00"),
        Column("deathtime", "TEXT", "in-hospital death time, NULL if discharged alive", ""),
        Column("admission_type", "TEXT", "EMERGENCY, URGENT or ELECTIVE", "EMERGENCY"),
        Column("admission_location", "TEXT", "where the patient came from", "EMERGENCY ROOM"),
        Column("discharge_location", "TEXT",
               "HOME, HOME HEALTH CARE, SKILLED NURSING FACILITY, REHAB or DIED", "HOME"),
        Column("insurance", "TEXT", "Medicare, Medicaid or Other", "Medicare"),
        Column("diagnosis", "TEXT", "free-text admitting diagnosis (upper case)", "PNEUMONIA"),
        Column("hospital_expire_flag", "INTEGER", "1 if the patient died in hospital, else 0", "0"),
    ), ("admissions.subject_id = patients.subject_id", "<event table>.hadm_id = admissions.hadm_id")),
    Table("diagnoses_icd", "Billed diagnoses of an admission; seq_num 1 is the principal diagnosis.", (
        Column("subject_id", "INTEGER", "patient", "10001"),
        Column("hadm_id", "INTEGER", "admission", "20001"),
        Column("seq_num", "INTEGER", "priority, 1 = principal", "1"),
        Column("icd_code", "TEXT", "ICD-10-CM code without the dot", "J189"),
        Column("icd_version", "INTEGER", "always 10", "10"),
    ), ("diagnoses_icd.(icd_code, icd_version) = d_icd_diagnoses.(icd_code, icd_version)",
        "diagnoses_icd.hadm_id = admissions.hadm_id")),
    Table("d_icd_diagnoses", "Dictionary of ICD-10-CM diagnosis codes (titles from the ICD-10-CM tabular list).", (
        Column("icd_code", "TEXT", "code without the dot", "I4891"),
        Column("icd_version", "INTEGER", "10", "10"),
        Column("long_title", "TEXT", "official description", "Unspecified atrial fibrillation"),
    )),
    Table("procedures_icd", "ICD-10-PCS procedures performed during an admission.", (
        Column("subject_id", "INTEGER", "patient", "10001"),
        Column("hadm_id", "INTEGER", "admission", "20001"),
        Column("seq_num", "INTEGER", "order", "1"),
        Column("chartdate", "TEXT", "date of the procedure 'YYYY-MM-DD'", "2019-04-03"),
        Column("icd_code", "TEXT", "ICD-10-PCS code", "5A1955Z"),
        Column("icd_version", "INTEGER", "10", "10"),
    ), ("procedures_icd.(icd_code, icd_version) = d_icd_procedures.(icd_code, icd_version)",)),
    Table("d_icd_procedures", "Dictionary of ICD-10-PCS procedure codes.", (
        Column("icd_code", "TEXT", "code", "0FT44ZZ"),
        Column("icd_version", "INTEGER", "10", "10"),
        Column("long_title", "TEXT", "description", "Resection of Gallbladder, Percutaneous Endoscopic Approach"),
    )),
    Table("labevents", "Laboratory results (blood chemistry, haematology, blood gas).", (
        Column("labevent_id", "INTEGER", "row identifier", "1"),
        Column("subject_id", "INTEGER", "patient", "10001"),
        Column("hadm_id", "INTEGER", "admission", "20001"),
        Column("itemid", "INTEGER", "test (d_labitems.itemid)", "50912"),
        Column("charttime", "TEXT", "specimen time, " + TIME_NOTE, "2019-04-03 06:00:00"),
        Column("valuenum", "REAL", "numeric result in valueuom", "1.4"),
        Column("valueuom", "TEXT", "unit", "mg/dL"),
        Column("ref_range_lower", "REAL", "lower reference limit", "0.5"),
        Column("ref_range_upper", "REAL", "upper reference limit", "1.2"),
        Column("flag", "TEXT", "'abnormal' when outside the reference range, else NULL", "abnormal"),
    ), ("labevents.itemid = d_labitems.itemid", "labevents.hadm_id = admissions.hadm_id")),
    Table("d_labitems", "Dictionary of laboratory tests.", (
        Column("itemid", "INTEGER", "test identifier", "50912"),
        Column("label", "TEXT", "test name", "Creatinine"),
        Column("fluid", "TEXT", "specimen", "Blood"),
        Column("category", "TEXT", "Chemistry, Hematology or Blood Gas", "Chemistry"),
        Column("unit", "TEXT", "unit of valuenum", "mg/dL"),
        Column("ref_range_lower", "REAL", "lower reference limit", "0.5"),
        Column("ref_range_upper", "REAL", "upper reference limit", "1.2"),
    )),
    Table("prescriptions", "Medication orders of an admission.", (
        Column("subject_id", "INTEGER", "patient", "10001"),
        Column("hadm_id", "INTEGER", "admission", "20001"),
        Column("starttime", "TEXT", "order start, " + TIME_NOTE, "2019-04-02 16:00:00"),
        Column("stoptime", "TEXT", "order stop, " + TIME_NOTE, "2019-04-07 11:00:00"),
        Column("drug", "TEXT", "generic drug name, lower case", "furosemide"),
        Column("dose_val_rx", "TEXT", "dose per administration (text, CAST to REAL for arithmetic)", "40"),
        Column("dose_unit_rx", "TEXT", "unit of the dose", "mg"),
        Column("route", "TEXT", "PO, IV, SC, IH (inhaled) or TD", "IV"),
    ), ("prescriptions.hadm_id = admissions.hadm_id",)),
    Table("chartevents", "Bedside vital signs charted during an admission.", (
        Column("subject_id", "INTEGER", "patient", "10001"),
        Column("hadm_id", "INTEGER", "admission", "20001"),
        Column("itemid", "INTEGER", "vital sign (d_items.itemid)", "220045"),
        Column("charttime", "TEXT", "time charted, " + TIME_NOTE, "2019-04-02 16:00:00"),
        Column("valuenum", "REAL", "value in valueuom", "88"),
        Column("valueuom", "TEXT", "unit", "bpm"),
    ), ("chartevents.itemid = d_items.itemid", "chartevents.hadm_id = admissions.hadm_id")),
    Table("d_items", "Dictionary of charted vital signs.", (
        Column("itemid", "INTEGER", "item identifier", "220045"),
        Column("label", "TEXT", "name", "Heart Rate"),
        Column("abbreviation", "TEXT", "short name", "HR"),
        Column("unitname", "TEXT", "unit", "bpm"),
    )),
)}

NOT_IN_SCHEMA = (
    "The database has no weight, height, BMI, allergies, blood type, smoking status, imaging reports, "
    "clinical notes, microbiology or family history."
)


def table_text(table: Table) -> str:
    lines = [f"TABLE {table.name}: {table.purpose}"]
    for c in table.columns:
        example = f" e.g. {c.example}" if c.example else ""
        lines.append(f"  - {c.name} {c.type}: {c.meaning}{example}")
    for j in table.joins:
        lines.append(f"  join: {j}")
    return "\n".join(lines)


def manual_text(table: str | None = None) -> str:
    """The manual for one table, or for all of them (what the SQL prompt shows)."""
    if table is not None:
        key = table.strip().lower()
        if key not in MANUAL:
            raise KeyError(f"unknown table '{table}'; tables are {', '.join(MANUAL)}")
        return table_text(MANUAL[key])
    return "\n\n".join(table_text(t) for t in MANUAL.values()) + "\n\n" + NOT_IN_SCHEMA
