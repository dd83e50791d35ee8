# The README's two commands: `make demo` and `make test`. Both set up everything they need on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
CACHE_DIR ?= $(HOME)/.cache/pyasc-dev
export PYASC_DEV_CACHE := $(CACHE_DIR)

.PHONY: demo test test-fast test-dist lint venv deps fuzz bench bench-deps docs screenshots dist clean

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@# this checkout installed under its former distribution name, pyasc (now pyasc-tools): replaced, not doubled
	@if $(PY) -m pip show pyasc 2>/dev/null | grep -qx "Editable project location: $(CURDIR)"; then \
		$(PY) -m pip uninstall -q -y pyasc; fi
	$(PY) -m pip install -q -e '.[dev]' --config-settings editable_mode=compat
	touch $@

# Extra installs for the end-to-end tests (apt packages, npm, code-server); each script is idempotent and cached.
deps: venv
	@for s in scripts/deps-*.sh; do [ -f "$$s" ] || continue; echo "== $$s"; bash "$$s" || exit 1; done

demo: venv
	$(PY) -m pyasc.cli.demo

lint: venv
	$(VENV)/bin/ruff check pyasc pyasc_lsp tests bench examples

test: deps
	$(VENV)/bin/ruff check pyasc pyasc_lsp tests bench examples
	$(PY) -m pytest -q -p no:cacheprovider

test-fast: venv
	$(PY) -m pytest -q -x -m "not e2e" -p no:cacheprovider

# The long fuzz run: random (not derandomized) and many more examples than `make test` runs; the generated
# differential against CANN's tracer with a random seed and 4000 programs.
fuzz: deps
	PYASC_FUZZ=long $(PY) -m pytest tests/fuzz tests/robustness -q -p no:cacheprovider -s --hypothesis-show-statistics
	PYASC_FUZZ=long $(PY) -m pytest tests/differential/generated -q -p no:cacheprovider -s

# bench/lsp_latency.py measures pyasc-lsp beside bare pygls and basedpyright: the latter is a pip package (it brings
# its own Node.js), pinned so that the figures of two runs compare. Not a dependency of pyasc itself.
BASEDPYRIGHT ?= basedpyright==1.40.2

bench-deps: venv
	$(PY) -m pip install -q '$(BASEDPYRIGHT)'

# The language-server latency bench with all three columns (arguments: make bench BENCH_ARGS="--only-starts").
bench: bench-deps
	$(PY) bench/lsp_latency.py $(BENCH_ARGS)

docs: venv
	$(PY) -m pyasc.cli.docs > docs/diagnostics.md

# The only command that rewrites docs/images: the VS Code end-to-end test, saving its screenshots there
# (`make test` keeps them in its temporary folder).
screenshots: deps
	PYASC_SCREENSHOTS=$(CURDIR)/docs/images $(PY) -m pytest -q -p no:cacheprovider tests/vscode/test_e2e.py

# The release artifacts (wheel, sdist, .vsix) into dist/; the release workflow (.github/workflows/release.yml) runs
# this and the built-artifact tests (tests/install) before it publishes.
dist: venv
	@[ -d node_modules ] || npm ci --no-audit --no-fund
	bash scripts/dist.sh dist $(PY)

# The built-artifact tests (tests/install): they build the artifacts themselves, or take them from PYASC_DIST_DIR.
test-dist: deps
	$(PY) -m pytest -q -p no:cacheprovider tests/install

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .pyasc_cache
