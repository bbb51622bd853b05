"""The EHR tools: schema manual, read-only SQL, and text-to-SQL.

All three need the task's ``ehr_db`` resource (a SQLite path or a generator spec such
as ``synthetic:n=100,seed=0``, see :mod:`medmirror.tools.ehr.resources`).
"""

from __future__ import annotations

from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from pydantic import BaseModel, ConfigDict, Field

from medmirror.core.settings import Settings
from medmirror.tools.cards import ToolCard
from medmirror.tools.ehr.readonly import DEFAULT_MAX_ROWS, connect_readonly, run_sql
from medmirror.tools.ehr.resources import ehr_db_path
from medmirror.tools.ehr.schema import MANUAL, NOT_IN_SCHEMA, manual_text
from medmirror.tools.ehr.text_to_sql import NOT_RECORDED, query_ehr
from medmirror.tools.registry import MissingResource, RegisteredTool, ToolContext
from medmirror.tools.tooling import card_inputs, make_tool

REFERENCE_SCHEMA = ("Schema after MIMIC-IV hosp/icu modules (Johnson et al., Sci Data 2023); synthetic data from "
                    "medmirror.tools.ehr.generator.")


class SchemaArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    table: str | None = Field(None, description="One table to describe (e.g. 'labevents'); omit for all tables.")


class SQLArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sql: str = Field(..., min_length=1, description="One read-only SQLite SELECT statement.")


class QuestionArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(..., min_length=3, description="The question about the patients' records, in plain English.")


def _db(ctx: ToolContext) -> str:
    value = ctx.resources.get("ehr_db")
    if not value:
        raise MissingResource("no EHR database attached to the task (resource 'ehr_db')")
    return str(ehr_db_path(value))


def _schema(args: SchemaArgs, ctx: ToolContext) -> dict[str, Any]:
    db = _db(ctx)
    names = [args.table.lower()] if args.table else list(MANUAL)
    text = manual_text(args.table)  # raises KeyError naming the tables for an unknown one
    con = connect_readonly(db)
    try:
        counts = {n: con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        con.close()
    tables = []
    for n in names:
        t = MANUAL[n]
        tables.append({"table": n, "purpose": t.purpose, "rows": counts[n], "joins": list(t.joins),
                       "columns": [{"name": c.name, "type": c.type, "meaning": c.meaning, "example": c.example}
                                   for c in t.columns]})
    return {"tables": tables, "manual": text, "not_in_schema": NOT_IN_SCHEMA}


def _sql(args: SQLArgs, ctx: ToolContext) -> dict[str, Any]:
    result = run_sql(_db(ctx), args.sql, max_rows=DEFAULT_MAX_ROWS)
    out = result.as_dict()
    if result.empty:
        out.update(status="not_recorded", answer=f"{NOT_RECORDED}: the query returned no data")
    else:
        out.update(status="answered")
    return out


def _query_runner(model: BaseChatModel | None):
    def _query(args: QuestionArgs, ctx: ToolContext) -> dict[str, Any]:
        db = _db(ctx)
        settings = ctx.settings or Settings()
        chat = model or ctx.chat_model("tool_agent")  # the run's model (solve(models=...) reaches it)
        return query_ehr(args.question, db, chat, retries=settings.structured_retries)

    return _query


def schema_card() -> ToolCard:
    return ToolCard(
        name="ehr_schema", category="ehr",
        description=("EHR database manual: the tables of the patient record database (patients, admissions, "
                     "diagnoses, procedures, lab results, prescriptions, vital signs), their columns, meanings, "
                     "units, join keys and example values. Read it before writing SQL."),
        aliases=["database schema", "EHR schema manual", "DBManual", "table columns", "MIMIC schema"],
        inputs=card_inputs(SchemaArgs), output="the tables with columns, meanings, join keys and row counts",
        reference=REFERENCE_SCHEMA,
    )


def sql_card() -> ToolCard:
    return ToolCard(
        name="ehr_sql", category="ehr",
        description=("Run one read-only SQL SELECT query on the patient EHR database (SQLite) and return the rows. "
                     "Writes, ATTACH and PRAGMA are blocked. An empty result means the fact is not recorded."),
        aliases=["SQL query", "run SQL", "database query", "query EHR"],
        inputs=card_inputs(SQLArgs), output=f"columns and rows (at most {DEFAULT_MAX_ROWS}); 'not recorded' if empty",
        reference="SQLite read-only connection (URI mode=ro) with an authorizer allowing only SELECT/READ/FUNCTION.",
        conventions=["an empty result is reported as not recorded, never filled in"],
    )


def query_card() -> ToolCard:
    return ToolCard(
        name="ehr_query", category="ehr",
        description=("Answer a question about the patients in the attached EHR database (electronic health "
                     "records): demographics (age, sex, date of birth, date of death), admissions, discharge "
                     "location, length of stay, in-hospital deaths, diagnoses and ICD codes, "
                     "procedures, lab results (creatinine, sodium, potassium, hemoglobin, glucose, lactate, "
                     "troponin, INR; highest, lowest, first or last value during an admission), prescriptions "
                     "(drug, dose, route), and vital signs (heart rate, blood pressure, temperature, SpO2). A model writes SQL "
                     "for the question, it runs read-only, and errors are fed back for up to 3 attempts."),
        aliases=["text-to-SQL", "SQLCoder", "EHR question answering", "patient record lookup", "EHRSQL"],
        inputs=card_inputs(QuestionArgs),
        output="the answer with the SQL used and its rows; 'not recorded' when the query finds no data",
        reference="Text-to-SQL with execution feedback (after EHRSQL / EHRAgent); prompt prompts/sql.md.",
        conventions=["an empty result is reported as not recorded, never filled in"],
    )


def registered_tools(model: BaseChatModel | None = None) -> list[RegisteredTool]:
    """The EHR tools. ``model`` overrides the text-to-SQL model (tests); default: the run's tool_agent model."""
    return [
        make_tool(schema_card(), SchemaArgs, _schema, requires=("ehr_db",)),
        make_tool(sql_card(), SQLArgs, _sql, requires=("ehr_db",)),
        make_tool(query_card(), QuestionArgs, _query_runner(model), requires=("ehr_db",)),
    ]


__all__ = ["registered_tools"]
