"""Deterministic synthetic EHR generator (SQLite, MIMIC-like schema).

``generate_ehr(path, n_patients=100, seed=0)`` writes a database whose content is
a pure function of ``(n_patients, seed)``: same arguments, same rows, byte for byte
in every table (tests check it). Everything is drawn from one ``random.Random(seed)``
in a fixed order.

Consistency rules (checked by the unit tests):
- every lab, vital, prescription and procedure lies inside its admission;
- admissions of a patient do not overlap, and nothing follows an in-hospital death;
  ``patients.dod`` equals the death date;
- lab values are drawn around a per-patient healthy baseline, shifted by the
  patient's chronic conditions (CKD raises creatinine, diabetes glucose/HbA1c,
  cirrhosis bilirubin/INR, warfarin INR 2-3) and by the admission's reason on its
  first day, resolving towards baseline over the stay; ``flag`` is 'abnormal'
  exactly when a value is outside its reference range;
- diagnoses follow the data: hyponatremia / hyperkalemia / anaemia codes are added
  only when the labs show them; principal diagnosis (seq_num 1) is the reason.
"""

from __future__ import annotations

import os
import random
import sqlite3
import tempfile
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from medmirror.tools.ehr import catalog as C
from medmirror.tools.ehr.schema import DDL

START = datetime(2018, 1, 1)
END = datetime(2023, 6, 30)
FMT = "%Y-%m-%d %H:%M:%S"


def _t(dt: datetime) -> str:
    return dt.strftime(FMT)


def _icd10_title(code: str) -> str:
    if code not in C.ICD10CM:
        raise ValueError(f"ICD-10-CM code {code} has no title in medmirror.tools.ehr.catalog.ICD10CM")
    return C.ICD10CM[code]


@dataclass
class _Patient:
    subject_id: int
    gender: str
    dob: date
    chronic: list[C.Chronic]
    meds: list[C.Drug]  # chosen home medications
    baseline: dict[str, float]
    insulin: bool = False
    dod: date | None = None


@dataclass
class _Tables:
    patients: list[tuple] = field(default_factory=list)
    admissions: list[tuple] = field(default_factory=list)
    diagnoses_icd: list[tuple] = field(default_factory=list)
    procedures_icd: list[tuple] = field(default_factory=list)
    labevents: list[tuple] = field(default_factory=list)
    prescriptions: list[tuple] = field(default_factory=list)
    chartevents: list[tuple] = field(default_factory=list)


def _age_on(dob: date, day: date) -> int:
    return day.year - dob.year - ((day.month, day.day) < (dob.month, dob.day))


def _clip(x: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def _worse(baseline: float, acute: float, normal: float) -> float:
    """An acute derangement never improves on the patient's baseline (a CKD creatinine stays high in sepsis)."""
    return max(baseline, acute) if acute > normal else min(baseline, acute)


class _Generator:
    def __init__(self, n_patients: int, seed: int):
        if n_patients < 1:
            raise ValueError("n_patients must be at least 1")
        self.rng = random.Random(seed)
        self.n = n_patients
        self.t = _Tables()
        self.next_hadm = 20001
        self.used_dx: dict[str, None] = {}
        self.used_px: dict[str, None] = {}

    # -- patients ------------------------------------------------------------
    def _patient(self, subject_id: int, first_admit: datetime) -> _Patient:
        r = self.rng
        gender = r.choice("MF")
        age = int(_clip(r.gauss(64, 16), 19, 94))
        dob = (first_admit - timedelta(days=age * 365.25 + r.randint(0, 364))).date()
        age = _age_on(dob, first_admit.date())
        chronic: list[C.Chronic] = []
        for cond in C.CHRONIC:
            if (cond.sex and cond.sex != gender) or age < cond.min_age:
                continue
            p = cond.prevalence * (0.5 + age / 70)
            if r.random() < p:
                chronic.append(cond)
        meds = [r.choice(options) for cond in chronic for options in cond.meds]
        baseline = {k: r.gauss(*item.normal) for k, item in C.LABS.items()}
        for cond in chronic:
            for lab, (lo, hi) in cond.labs.items():
                baseline[lab] = r.uniform(lo, hi)
        if any(m.drug == "warfarin" for m in meds):
            baseline["inr"] = r.uniform(2.0, 3.0)
        insulin = any(c.key == "diabetes" for c in chronic) and r.random() < 0.4
        if insulin:
            meds.append(C.INSULIN_BASAL)
        return _Patient(subject_id, gender, dob, chronic, meds, baseline, insulin)

    def _add_condition(self, p: _Patient, key: str) -> None:
        if any(c.key == key for c in p.chronic):
            return
        cond = next(c for c in C.CHRONIC if c.key == key)
        p.chronic.append(cond)
        p.meds.extend(self.rng.choice(options) for options in cond.meds)
        for lab, (lo, hi) in cond.labs.items():
            p.baseline[lab] = self.rng.uniform(lo, hi)

    # -- one admission -----------------------------------------------------------
    def _admission(self, p: _Patient, admit: datetime) -> tuple[datetime, bool]:
        r = self.rng
        age = _age_on(p.dob, admit.date())
        reasons = [a for a in C.ACUTE if not (a.sex and a.sex != p.gender)
                   and not (a.requires == "ckd" and not any(c.key == "ckd" for c in p.chronic))]
        reason = r.choices(reasons, weights=[a.weight for a in reasons])[0]
        if reason.requires:
            self._add_condition(p, reason.requires)
        severe = r.random() < reason.severe
        died = severe and r.random() < reason.mortality * (0.6 + age / 100)
        los_days = r.randint(*reason.los) + (r.randint(2, 6) if severe else 0)
        if died:
            los_days = max(1, r.randint(1, los_days))
        disch = admit + timedelta(days=los_days, hours=r.randint(-6, 8), minutes=r.choice((0, 15, 30, 45)))
        if disch <= admit + timedelta(hours=12):
            disch = admit + timedelta(hours=20)
        hadm = self.next_hadm
        self.next_hadm += 1

        # vitals and labs ------------------------------------------------------
        frac_resolve = 0.7 * (disch - admit).total_seconds() if not died else 10 * (disch - admit).total_seconds()

        def weight(at: datetime) -> float:
            """1 at admission, falling to 0 at 70 % of the stay (no recovery when the patient dies)."""
            return max(0.0, 1.0 - (at - admit).total_seconds() / frac_resolve)

        acute_labs = {k: _worse(p.baseline[k], r.uniform(lo, hi), C.LABS[k].normal[0])
                      for k, (lo, hi) in reason.labs.items()}
        if severe and reason.key == "sepsis":
            acute_labs["lactate"] = r.uniform(4.5, 8.5)
        acute_vitals = {k: r.uniform(lo, hi) for k, (lo, hi) in reason.vitals.items()}
        if severe and reason.key in ("pneumonia", "copd_exacerbation"):
            acute_vitals["spo2"] = r.uniform(80, 86)
        if severe and reason.key == "sepsis":
            acute_vitals["sbp"] = r.uniform(68, 82)

        lab_keys = list(C.DAILY_PANEL)
        for extra in (*reason.extra_labs, *(e for c in p.chronic for e in c.extra_labs)):
            if extra not in lab_keys:
                lab_keys.append(extra)
        if any(m.drug == "warfarin" for m in p.meds) and "inr" not in lab_keys:
            lab_keys.append("inr")
        once = {"hba1c", "ntprobnp", "lipase"}
        first_day_only = {"lactate"} if not severe else set()
        lab_values: dict[str, list[float]] = {}
        draw = admit + timedelta(minutes=r.randint(20, 90))
        day = 0
        while draw < disch:
            for key in lab_keys:
                item = C.LABS[key]
                if key in once and day > 0:
                    continue
                if key in first_day_only and day > 0:
                    continue
                if key == "troponin_t" and day > 1:
                    continue
                base = p.baseline[key]
                w = weight(draw)
                if key == "troponin_t" and key in acute_labs and day == 1:
                    w = 1.3  # troponin peaks on the second draw
                value = base + (acute_labs[key] - base) * w if key in acute_labs else base
                value += r.gauss(0, item.normal[1] * 0.25)
                value = round(_clip(value, *item.hard), item.decimals)
                if item.decimals == 0:
                    value = float(int(value))
                lo, hi = item.lower, item.upper
                flag = "abnormal" if (lo is not None and value < lo) or (hi is not None and value > hi) else None
                lab_values.setdefault(key, []).append(value)
                self.t.labevents.append((p.subject_id, hadm, item.itemid, _t(draw), value, item.unit, lo, hi, flag))
            day += 1
            nxt = admit.replace(hour=5, minute=0, second=0) + timedelta(days=day, minutes=r.randint(0, 75))
            draw = max(nxt, draw + timedelta(hours=6))

        baseline_vitals = {k: r.gauss(*v.normal) for k, v in C.VITALS.items()}
        if any(c.key == "hypertension" for c in p.chronic):
            baseline_vitals["sbp"] += 10
            baseline_vitals["dbp"] += 5
        if any(c.key == "copd" for c in p.chronic):
            baseline_vitals["spo2"] = min(baseline_vitals["spo2"], 94.5)
        at = admit + timedelta(minutes=r.randint(5, 40))
        while at < disch:
            for key, item in C.VITALS.items():
                base = baseline_vitals[key]
                w = weight(at)
                value = base + (acute_vitals[key] - base) * w if key in acute_vitals else base
                value += r.gauss(0, item.normal[1] * 0.3)
                value = round(_clip(value, *item.hard), item.decimals)
                if key == "spo2":
                    value = min(value, 100.0)
                if item.decimals == 0:
                    value = float(int(value))
                self.t.chartevents.append((p.subject_id, hadm, item.itemid, _t(at), value, item.unit))
            at += timedelta(hours=4 if at - admit < timedelta(days=1) else 8, minutes=r.randint(-20, 20))

        # diagnoses --------------------------------------------------------------
        codes: list[str] = [reason.icd, *reason.secondary]
        if severe:
            codes.extend(C.SEVERE_CODES.get(reason.key, ()))
        for cond in p.chronic:
            if cond.key != reason.requires:  # the acute code (I5023, J441) covers the chronic one
                codes.append(cond.icd)
            codes.extend(cond.extra_codes)
        if p.insulin:
            codes.append("Z794")
        if "sodium" in lab_values and min(lab_values["sodium"]) < 133:
            codes.append("E871")
        if "potassium" in lab_values and max(lab_values["potassium"]) > 5.5:
            codes.append("E875")
        if "hemoglobin" in lab_values and min(lab_values["hemoglobin"]) < 10 and "D62" not in codes:
            codes.append("D649")
        if "creatinine" in lab_values and reason.key != "aki":
            values = lab_values["creatinine"]
            if max(values) >= 1.5 * min(values) and max(values) - min(values) >= 0.3:
                codes.append("N179")
        seen: dict[str, None] = {}
        for code in codes:
            seen.setdefault(code, None)
        for seq, code in enumerate(seen, start=1):
            self.used_dx.setdefault(code, None)
            self.t.diagnoses_icd.append((p.subject_id, hadm, seq, code, 10))

        # procedures -------------------------------------------------------------
        procs = [code for code, prob in reason.procedures if r.random() < prob]
        if severe:
            procs.extend(C.SEVERE_PROCEDURES.get(reason.key, ()))
        stay_days = max(0, (disch.date() - admit.date()).days)
        for seq, code in enumerate(dict.fromkeys(procs), start=1):
            offset = 0 if code in ("0BH17EZ", "02HV33Z", "5A1955Z", "5A1945Z", "0SRD0J9") else r.randint(0, min(1, stay_days))
            self.used_px.setdefault(code, None)
            self.t.procedures_icd.append((p.subject_id, hadm, seq, str(admit.date() + timedelta(days=offset)), code, 10))

        # prescriptions ----------------------------------------------------------
        orders: list[tuple[C.Drug, datetime, datetime]] = []
        start = admit + timedelta(hours=r.randint(1, 4))
        acute_meds = [r.choice(options) for options in reason.meds]
        if severe:
            acute_meds.extend(C.SEVERE_MEDS.get(reason.key, ()))
        for drug in acute_meds:
            course = timedelta(days=r.randint(1, max(1, los_days)))
            stop = min(disch, start + course)
            if stop <= start:
                stop = disch
            orders.append((drug, start, stop))
        held = reason.key in ("gi_bleed",)  # anticoagulants and antiplatelets held during a bleed
        for drug in p.meds:
            if held and drug.drug in ("apixaban", "warfarin", "aspirin"):
                continue
            orders.append((drug, start + timedelta(hours=2), disch))
        anticoagulated = any(o[0].drug in C.ANTICOAGULANTS for o in orders)
        if not anticoagulated and not held:
            orders.append((C.VTE_PROPHYLAXIS, start + timedelta(hours=2), disch))
        for drug in C.PRN:
            if r.random() < 0.5:
                orders.append((drug, start, disch))
        for drug, a, b in orders:
            self.t.prescriptions.append((p.subject_id, hadm, _t(a), _t(b), drug.drug, drug.dose, drug.unit, drug.route))

        # the admission row --------------------------------------------------------
        if reason.admission_type == "ELECTIVE":
            adm_type, location = "ELECTIVE", "PHYSICIAN REFERRAL"
        elif r.random() < 0.15:
            adm_type, location = "URGENT", "TRANSFER FROM HOSPITAL"
        else:
            adm_type, location = "EMERGENCY", "EMERGENCY ROOM"
        if died:
            discharge = "DIED"
        elif reason.key in ("stroke", "knee_replacement") and r.random() < 0.6:
            discharge = "REHAB"
        elif age >= 75 and r.random() < 0.45:
            discharge = "SKILLED NURSING FACILITY"
        elif r.random() < 0.3:
            discharge = "HOME HEALTH CARE"
        else:
            discharge = "HOME"
        insurance = "Medicare" if age >= 65 else r.choice(("Medicaid", "Other", "Other"))
        self.t.admissions.append((hadm, p.subject_id, _t(admit), _t(disch), _t(disch) if died else None,
                                  adm_type, location, discharge, insurance, reason.text, int(died)))
        return disch, died

    # -- whole database ----------------------------------------------------------
    def run(self) -> _Tables:
        r = self.rng
        span = (END - START).total_seconds()
        for i in range(self.n):
            subject_id = 10001 + i
            first = START + timedelta(seconds=r.uniform(0, span * 0.8))
            first = first.replace(second=0, minute=first.minute - first.minute % 5)
            p = self._patient(subject_id, first)
            n_adm = r.choices((1, 2, 3, 4), weights=(50, 30, 14, 6))[0]
            admit = first
            last_disch = first
            for _ in range(n_adm):
                if admit > END:
                    break
                disch, died = self._admission(p, admit)
                last_disch = disch
                if died:
                    p.dod = disch.date()
                    break
                admit = disch + timedelta(days=r.randint(20, 420), hours=r.randint(0, 23))
                admit = admit.replace(second=0, minute=admit.minute - admit.minute % 5)
            if p.dod is None and r.random() < 0.06:
                p.dod = last_disch.date() + timedelta(days=r.randint(10, 300))
            anchor_year = first.year
            anchor_age = _age_on(p.dob, date(anchor_year, 1, 1))
            self.t.patients.append((subject_id, p.gender, str(p.dob), anchor_age, anchor_year,
                                    str(p.dod) if p.dod else None))
        return self.t


def generate_ehr(path: str | os.PathLike[str], n_patients: int = 100, seed: int = 0) -> Path:
    """Write a synthetic EHR to ``path`` (replaced if it exists) and return the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tables = _Generator(n_patients, seed).run()
    fd, tmp = tempfile.mkstemp(suffix=".sqlite", dir=target.parent)
    os.close(fd)
    try:
        con = sqlite3.connect(tmp)
        try:
            con.executescript(DDL)
            con.executemany("INSERT INTO patients VALUES (?,?,?,?,?,?)", tables.patients)
            con.executemany("INSERT INTO admissions VALUES (?,?,?,?,?,?,?,?,?,?,?)", tables.admissions)
            dx_codes = sorted({row[3] for row in tables.diagnoses_icd})
            con.executemany("INSERT INTO d_icd_diagnoses VALUES (?,?,?)",
                            [(c, 10, _icd10_title(c)) for c in dx_codes])
            con.executemany("INSERT INTO diagnoses_icd VALUES (?,?,?,?,?)", tables.diagnoses_icd)
            con.executemany("INSERT INTO d_icd_procedures VALUES (?,?,?)",
                            [(c, 10, title) for c, title in sorted(C.PROCEDURES.items())])
            con.executemany("INSERT INTO procedures_icd VALUES (?,?,?,?,?,?)", tables.procedures_icd)
            con.executemany(
                "INSERT INTO d_labitems VALUES (?,?,?,?,?,?,?)",
                [(i.itemid, i.label, i.fluid, i.category, i.unit, i.lower, i.upper)
                 for i in sorted(C.LABS.values(), key=lambda i: i.itemid)])
            con.executemany(
                "INSERT INTO labevents (subject_id, hadm_id, itemid, charttime, valuenum, valueuom, "
                "ref_range_lower, ref_range_upper, flag) VALUES (?,?,?,?,?,?,?,?,?)", tables.labevents)
            con.executemany("INSERT INTO prescriptions VALUES (?,?,?,?,?,?,?,?)", tables.prescriptions)
            con.executemany("INSERT INTO d_items VALUES (?,?,?,?)",
                            [(v.itemid, v.label, v.abbreviation, v.unit)
                             for v in sorted(C.VITALS.values(), key=lambda v: v.itemid)])
            con.executemany("INSERT INTO chartevents VALUES (?,?,?,?,?,?)", tables.chartevents)
            con.commit()
        finally:
            con.close()
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target
