"""The API tables, one module per family; `pyasc.language.registry` gathers them."""
