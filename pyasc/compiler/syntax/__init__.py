"""The file read as syntax, never run: the parse with recovery per top-level unit (parse.py), byte columns as
code-point columns (positions.py), the module scan of jit functions, constants, aliases and imports (module.py),
constant folding (fold.py) through the pure functions it may call (pure.py), the module's structs (structs.py), its
launches of kernels (launches.py), the ConstExpr values they and the configuration give (constexpr.py), the reader
of same-project modules (project.py), and the one rule from a Python name to its C++ name (cppnames.py), which the
scan applies and the code generator reads."""
