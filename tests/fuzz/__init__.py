"""Property-based fuzzing (Hypothesis) of everything that takes untrusted input.

Each module states its invariants in its docstring; in short:

- calculators: any JSON value for any input gives a result (finite when numeric) or a
  ValueError naming the input, and the LangChain tool agrees with the graph's path;
- CLI: argument parsing, ``--options``, note files and ``bench --set`` end in a value or a
  one-line error with exit code 2, never a traceback;
- notes: any text (binary, huge, unicode, empty) extracts with evidence spans inside the
  note, or is refused over ``MAX_NOTE_CHARS``; rule mapping never crashes;
- SQL: any statement is a bounded result or SQLRefused, and the database is never written;
- arithmetic: any expression is a finite number or an ExpressionError;
- documents: any bytes as .txt/.md/.pdf read as text or a DocumentError;
- solve: any task and any scripted model replies give a Result with a status, never an exception.

Budget: a small fixed number of derandomised examples by default (the whole directory runs
in well under a minute with ``make test``); ``make fuzz`` (``MEDMIRROR_FUZZ=long``) runs many
more with random seeds. See ``conftest.py``.
"""
