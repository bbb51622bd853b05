"""Vocabularies and seeded records: validity, determinism, internal consistency."""

from __future__ import annotations

import json

import pytest

from medmirror.tools.radiology.records import (
    compose_report,
    derive_indicator,
    fmt_quantity,
    generate_records,
    indicator_status,
)
from medmirror.tools.radiology.schema import ANATOMIES, COMBINATIONS, combo_slug
from medmirror.tools.radiology.vocab import DATA_DIR, CombinationVocab, DeriveSpec, load_vocabulary, vocab_for


def test_22_combinations_with_the_expected_modalities():
    assert len(COMBINATIONS) == 22
    by_anatomy = {a: {m for aa, m in COMBINATIONS if aa == a} for a in ANATOMIES}
    for a in ("Head and Neck", "Chest", "Limb", "Abdomen and Pelvis"):
        assert by_anatomy[a] == {"X-ray", "CT", "MRI", "Ultrasound"}
    assert by_anatomy["Spine"] == {"X-ray", "CT", "MRI"}
    assert by_anatomy["Breast"] == {"Mammography", "MRI", "Ultrasound"}


def test_every_combination_has_a_valid_vocabulary_file():
    vocab = load_vocabulary()
    assert set(vocab) == set(COMBINATIONS)
    for (anatomy, modality), v in vocab.items():
        assert (DATA_DIR / f"{combo_slug(anatomy, modality)}.json").exists()
        assert len(v.diseases) >= 3 and len(v.organs) >= 2
        # every disease's anomaly sits on an organ of this combination
        organs = {o.name for o in v.organs}
        for d in v.diseases:
            for aid in d.anomalies:
                assert v.anomaly(aid).organ in organs


def test_vocabulary_validation_rejects_a_disease_citing_another_combinations_anomaly():
    raw = json.loads((DATA_DIR / "chest_ct.json").read_text())
    raw["diseases"][0]["anomalies"] = ["mr_hn_gbm"]  # a brain MRI anomaly
    with pytest.raises(ValueError, match="unknown anomaly mr_hn_gbm"):
        CombinationVocab.model_validate(raw)


def test_vocabulary_validation_rejects_unknown_organ_and_bad_indicator_range():
    raw = json.loads((DATA_DIR / "limb_x_ray.json").read_text())
    raw["anomalies"][0]["organ"] = "liver"
    with pytest.raises(ValueError, match="organ 'liver'"):
        CombinationVocab.model_validate(raw)
    raw = json.loads((DATA_DIR / "limb_x_ray.json").read_text())
    raw["indicators"][0]["normal"] = [10, 99]  # outside limits [0, 15]
    with pytest.raises(ValueError, match="not inside limits"):
        CombinationVocab.model_validate(raw)


def test_unknown_combination_is_a_named_error():
    with pytest.raises(KeyError, match="Breast/X-ray"):
        vocab_for("Breast", "X-ray")


def test_generation_is_deterministic_by_seed_and_prefix_stable():
    a = generate_records(30, seed=7)
    b = generate_records(30, seed=7)
    assert [r.model_dump() for r in a] == [r.model_dump() for r in b]
    assert [r.model_dump() for r in generate_records(10, seed=7)] == [r.model_dump() for r in a[:10]]
    c = generate_records(30, seed=8)
    assert [r.model_dump() for r in a] != [r.model_dump() for r in c]
    assert len({r.id for r in a}) == 30 and len({r.image_id for r in a}) == 30


def test_records_cycle_through_the_22_combinations():
    recs = generate_records(44, seed=1)
    assert [(r.anatomy, r.modality) for r in recs[:22]] == list(COMBINATIONS)
    assert [(r.anatomy, r.modality) for r in recs[22:]] == list(COMBINATIONS)


def test_all_diseases_are_reached():
    recs = generate_records(22 * 5, seed=0)  # 5 = most diseases in one combination
    seen = {(r.anatomy, r.modality, r.disease) for r in recs}
    expected = {(a, m, d.name) for (a, m), v in load_vocabulary().items() for d in v.diseases}
    assert seen == expected


def _check_consistent(r) -> None:
    v = vocab_for(r.anatomy, r.modality)
    d = v.disease(r.disease)  # the disease belongs to this anatomy-modality
    anomalies = [v.anomaly(a) for a in d.anomalies]
    match = [a for a in anomalies if (a.part, a.symptom) == (r.anomaly.part, r.anomaly.symptom)]
    assert match, f"{r.id}: anomaly is not one that shows {r.disease} on {r.modality}"
    a = match[0]
    assert r.organ == a.organ
    organ = v.organ(r.organ)
    assert r.organ_biomarker.name == organ.biomarker.name and r.organ_biomarker.unit == organ.biomarker.unit
    lo, hi = d.organ_biomarker_range or organ.biomarker.range
    assert lo <= r.organ_biomarker.value <= hi
    assert r.anomaly_biomarker.name == a.biomarker.name
    assert a.biomarker.range[0] <= r.anomaly_biomarker.value <= a.biomarker.range[1]
    spec = v.indicator(d.indicator.name)
    assert r.indicator.name == spec.name and r.indicator.unit == spec.unit
    assert spec.limits[0] <= r.indicator.value <= spec.limits[1]
    assert r.indicator.status == indicator_status(r.indicator.value, *spec.normal)
    assert r.indicator.status == d.indicator.direction, f"{r.id}: {r.indicator} vs {d.indicator.direction}"
    assert r.treatment in d.treatments
    assert r.sex in d.sex and d.age[0] <= r.age <= d.age[1]
    assert r.history in d.histories and r.complaint in d.complaints
    assert r.anomaly.part[:1].upper() + r.anomaly.part[1:] in r.findings and r.anomaly.symptom in r.findings
    assert r.disease in r.impression
    # the report states no normal finding about the organs the anomaly involves
    for o in v.organs:
        if o.name in a.organs:
            assert o.normal_statement not in r.findings
        else:
            assert o.normal_statement in r.findings


@pytest.mark.parametrize("seed", range(12))
def test_every_record_is_internally_consistent(seed):
    for r in generate_records(66, seed=seed):
        _check_consistent(r)


def test_derived_indicators_follow_the_biomarkers():
    # Abdominal aortic aneurysm: aortic diameter ratio = aneurysm diameter / suprarenal diameter.
    recs = [r for r in generate_records(22 * 5, seed=4) if r.disease == "abdominal aortic aneurysm"]
    assert recs
    for r in recs:
        expected = round(r.anomaly_biomarker.value / r.organ_biomarker.value, 2)
        assert r.indicator.value == pytest.approx(expected)
    # Balik: effusion volume (mL) = 20 x maximal interpleural distance (mm): 35 mm -> 700 mL
    assert derive_indicator(DeriveSpec(kind="scale", of="anomaly_biomarker", factor=20), 0.0, 35.0) == 700.0
    # Genant bands on anterior height loss: 30% lies in [25, 40) -> grade 2
    bands = DeriveSpec(kind="bands", of="anomaly_biomarker", bands=[(20, 25, 1), (25, 40, 2), (40, 101, 3)])
    assert derive_indicator(bands, 0.0, 30.0) == 2
    with pytest.raises(ValueError, match="no band"):
        derive_indicator(bands, 0.0, 10.0)


def test_compose_report_with_quantities():
    r = generate_records(1, seed=0)[0]
    rep = compose_report(
        r.anatomy, r.modality, r.anomaly.model_dump(), r.disease,
        organ_biomarker=r.organ_biomarker.model_dump(), anomaly_biomarker=r.anomaly_biomarker.model_dump(),
        indicator=r.indicator.model_dump(),
    )
    assert fmt_quantity(r.organ_biomarker.value, r.organ_biomarker.unit) in rep["findings"]
    assert fmt_quantity(r.anomaly_biomarker.value, r.anomaly_biomarker.unit) in rep["findings"]
    assert f"({r.indicator.status}; normal range" in rep["findings"]
    assert rep["impression"] == r.impression
    assert fmt_quantity(12.0, "mm") == "12 mm" and fmt_quantity(0.31, "") == "0.31" and fmt_quantity(40.0, "%") == "40%"


def test_negative_n_is_rejected():
    with pytest.raises(ValueError, match="n must be"):
        generate_records(-1)
