"""Text-to-SQL over the EHR (the SQLCoder role) with error-driven retries.

The model is shown the schema manual and the question (``prompts/sql.md``) and
replies ``{"sql": "..."}`` (validated by :func:`medmirror.core.models.call_structured`). The SQL
runs on a read-only connection (:mod:`medmirror.tools.ehr.readonly`); when SQLite rejects it
(syntax, unknown column, not authorized, timeout) the error and the failed SQL are
fed back and the model tries again, at most :data:`MAX_ATTEMPTS` times in all.

A query that returns nothing (or only NULLs) is reported as **not recorded** —
the tool never fills the gap. A reply with an empty ``sql`` means the model found
no table or column for the question: also "not recorded", with that reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from pydantic import BaseModel, Field

from medmirror.core.models.structured import call_structured
from medmirror.prompts import render
from medmirror.tools.ehr.readonly import DEFAULT_MAX_ROWS, QueryResult, SQLRefused, run_sql
from medmirror.tools.ehr.schema import manual_text

MAX_ATTEMPTS = 3
NOT_RECORDED = "not recorded in the EHR"


class SQLReply(BaseModel):
    """What the model returns."""

    sql: str = Field(..., description="One read-only SQLite SELECT statement, or '' if the schema cannot answer.")


class SQLQueryFailed(ValueError):
    """Every attempt produced SQL that SQLite rejected."""

    def __init__(self, question: str, attempts: list[dict[str, Any]]):
        self.attempts = attempts
        last = attempts[-1] if attempts else {}
        super().__init__(
            f"could not answer '{question}' from the EHR: {len(attempts)} SQL attempt(s) failed; "
            f"last error: {last.get('error', 'none')}"
        )


def _strip_sql(sql: str) -> str:
    text = sql.strip()
    if text.startswith("```"):
        text = text.strip("`")
        if text.lower().startswith("sql"):
            text = text[3:]
    return text.strip().rstrip(";").strip()


def _feedback(attempts: list[dict[str, Any]]) -> str:
    if not attempts:
        return ""
    lines = ["", "Earlier attempts failed; fix the error:"]
    for i, a in enumerate(attempts, start=1):
        lines.append(f"{i}. SQL: {a['sql']}\n   Error: {a['error']}")
    return "\n".join(lines)


def summarise(result: QueryResult) -> str:
    """A short text answer from a non-empty result."""
    if len(result.rows) == 1 and len(result.columns) == 1:
        return str(result.rows[0][0])
    head = "; ".join(", ".join(f"{c}={v}" for c, v in zip(result.columns, row)) for row in result.rows[:10])
    more = f" (+{len(result.rows) - 10} more rows)" if len(result.rows) > 10 else ""
    cap = " (truncated)" if result.truncated else ""
    return head + more + cap


def answer_from_result(question: str, result: QueryResult, attempts: list[dict[str, Any]]) -> dict[str, Any]:
    out = {"question": question, **result.as_dict(), "attempts": len(attempts) + 1, "failed_attempts": attempts}
    if result.empty:
        out.update(status="not_recorded", answer=f"{NOT_RECORDED}: the query returned no data")
    else:
        out.update(status="answered", answer=summarise(result))
    return out


def query_ehr(
    question: str,
    db_path: str | Path,
    model: BaseChatModel,
    *,
    max_rows: int = DEFAULT_MAX_ROWS,
    retries: int = 2,
    max_attempts: int = MAX_ATTEMPTS,
) -> dict[str, Any]:
    """Answer ``question`` with model-written SQL on ``db_path``; see the module docstring."""

    if not question or not question.strip():
        raise ValueError("question is empty")
    attempts: list[dict[str, Any]] = []
    schema = manual_text()
    for _ in range(max_attempts):
        messages = render("sql", schema=schema, question=question.strip(), feedback=_feedback(attempts),
                          max_rows=max_rows)
        reply = call_structured(model, messages, SQLReply, role="tool_agent", retries=retries)
        sql = _strip_sql(reply.sql)
        if not sql:
            return {"question": question, "sql": "", "columns": [], "rows": [], "row_count": 0,
                    "truncated": False, "attempts": len(attempts) + 1, "failed_attempts": attempts,
                    "status": "not_recorded",
                    "answer": f"{NOT_RECORDED}: the database has no table or column for this question"}
        try:
            result = run_sql(db_path, sql, max_rows=max_rows)
        except SQLRefused as err:
            attempts.append({"sql": sql, "error": str(err)})
            continue
        return answer_from_result(question, result, attempts)
    raise SQLQueryFailed(question, attempts)
