"""Issue 12, item 10: smaller defects (XML DTD check, arithmetic round, pypdf limits, bench --set)."""

from __future__ import annotations

import pytest

from medmirror.bench.cli import main as bench_main
from medmirror.tools.arithmetic import ExpressionError, evaluate
from medmirror.tools.drugs import drugbank
from medmirror.tools.text.longdoc import DocumentError, read_document


def test_drugbank_doctype_after_a_long_comment_is_refused(tmp_path):
    f = tmp_path / "db.xml"
    f.write_text('<?xml version="1.0"?>\n<!-- <a ' + "x" * (drugbank.PROLOG_BYTES + 10) + " -->\n"
                 '<!DOCTYPE drugbank [<!ENTITY e "expanded">]>\n<drugbank><drug><name>&e;</name></drug></drugbank>',
                 encoding="utf-8")
    with pytest.raises(drugbank.DrugBankError, match="refusing an XML document with a DTD"):
        drugbank.parse(f)
    # a long comment alone is fine
    f.write_text("<?xml version='1.0'?>\n<!-- " + "x" * (drugbank.PROLOG_BYTES + 10) + " -->\n"
                 "<drugbank><drug><name>Okapra</name></drug></drugbank>", encoding="utf-8")
    assert [e.name for e in drugbank.parse(f)] == ["Okapra"]


def test_round_of_a_huge_number_is_not_a_raw_decimal_error():
    assert evaluate("round(1e308, 20)") == 1e308
    assert evaluate("round(-1.5e300, 3)") == -1.5e300
    assert evaluate("round(2.675, 2)") == 2.68
    with pytest.raises(ExpressionError):
        evaluate("round(1e308, 21)")


def test_pdf_limit_reached_is_a_document_error(tmp_path, monkeypatch):
    import pypdf
    from pypdf.errors import LimitReachedError

    class Hostile:
        def __init__(self, *_a, **_k):
            raise LimitReachedError("decompression limit reached")

    f = tmp_path / "bomb.pdf"
    f.write_bytes(b"%PDF-1.4\n%%EOF\n")
    monkeypatch.setattr(pypdf, "PdfReader", Hostile)
    with pytest.raises(DocumentError, match="LimitReachedError"):
        read_document(f)


def test_malformed_pdf_is_a_document_error(tmp_path):
    f = tmp_path / "broken.pdf"
    f.write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF")
    with pytest.raises(DocumentError):
        read_document(f)


def test_document_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    from medmirror.core import limits

    monkeypatch.setattr(limits, "MAX_DOCUMENT_CHARS", 100)
    f = tmp_path / "long.txt"
    f.write_text("word " * 100, encoding="utf-8")
    with pytest.raises(DocumentError, match="MAX_DOCUMENT_CHARS"):
        read_document(f)


@pytest.mark.parametrize("pair, fragment", [
    ("foo=bar", "unknown setting(s) foo in --set; valid settings: "),
    ("theta_plan=eleven", "theta_plan"),
    ("nonsense", "--set takes NAME=VALUE"),
])
def test_bench_set_with_an_unknown_setting_is_refused_up_front(tmp_path, capsys, pair, fragment):
    out = tmp_path / "run"
    with pytest.raises(SystemExit) as exit_:
        bench_main(["bench", "medcalc", "--data", str(tmp_path / "rows.csv"), "--mode", "agent",
                    "--out", str(out), "--set", pair])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1
    if pair == "foo=bar":
        assert "theta_plan" in err  # the valid names are listed
    assert not out.exists()  # nothing was run or recorded


def test_corpus_file_over_the_limit_is_refused(tmp_path, monkeypatch):
    from medmirror.core import limits
    from medmirror.tools.knowledge.corpus import CorpusError, load_user_corpus

    (tmp_path / "a.txt").write_text("Warfarin is a vitamin K antagonist. " * 20, encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_CORPUS_FILE_BYTES", 100)
    with pytest.raises(CorpusError, match="MAX_CORPUS_FILE_BYTES"):
        load_user_corpus(tmp_path)


def test_huge_integer_in_an_error_message_is_an_expression_error():
    """Found by the fuzz suite: formatting 10**400 with ':g' raised OverflowError."""
    for text in ("0 ** 10**400", "2 ** -(10**400)", "10**300 * 10**300 / 0", "(-(10**300 * 10**100)) ** 0.5"):
        with pytest.raises(ExpressionError):
            evaluate(text)


def test_an_oversized_text_argument_to_a_tool_is_refused_naming_the_limit():
    from medmirror.core.limits import MAX_TOOL_TEXT_CHARS
    from medmirror.tools.builtin import default_registry
    from medmirror.tools.calculators import CALCULATORS

    huge = "x" * (MAX_TOOL_TEXT_CHARS + 1)
    registry = default_registry()
    for name, args in (("knowledge_search", {"query": huge}), ("drug_lookup", {"name": huge}),
                       ("concept_lookup", {"query": huge}), ("bmi", {"weight": huge, "height": 175})):
        with pytest.raises(ValueError, match="MAX_TOOL_TEXT_CHARS"):
            registry.get(name).invoke(args)
    assert "MAX_TOOL_TEXT_CHARS" in CALCULATORS["bmi"].as_tool().invoke({"weight": [huge], "height": 175})
