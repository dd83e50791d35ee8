"""Editor queries over an Analysis: completion, signature help, hover, navigation, rename, symbols, generated code.

Answers are plain pyasc dataclasses (answers.py) with 1-based lines and code-point columns, so the language server
only converts them and holds no compiler knowledge.  The text being edited is often not valid Python (`asc.` alone),
so the queries read the characters around the cursor (context.py) and take types from the last analysis of the
document that parsed; they never run the user's code and never raise for any input."""
