"""Text to syntax: the parse with recovery per top-level unit (parse.py), byte columns as code-point columns
(positions.py), the module scan of jit functions, constants, aliases and imports (module.py), constant folding
(fold.py), and the reader of same-project modules (project.py)."""
