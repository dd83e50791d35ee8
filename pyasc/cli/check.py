"""pyasc-check: the headless checker for terminals, CI and pre-commit.

It runs the same engine as the language server (`pyasc.compiler.pipeline.analysis.analyze`, then the C++ tier
`pyasc.toolchain.check_cpp`), so a file that is clean in the editor is clean in CI.  Exit status: 0 when nothing is
at or above `--fail-on`, 1 when something is, 2 for a usage error or an internal error.  It never writes to the
user's files; results are cached by content in `.pyasc_cache/`.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

import tomllib

from .. import __version__, sources
from ..compiler.diagnostics.model import Diagnostic, Severity, Span, is_suppressed, suppressions
from ..config import CANN_VERSIONS, Config, find_pyproject, from_mapping
from ..config import load as load_config
from ..sources import Candidate, Excluder
from . import check_baseline, check_cache, formats
from .formats import Finding
from .render import render_text, summary_line, use_color, write

FAIL_ON = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO, "hint": Severity.HINT}
INTERNAL = "PA901"
UNCACHED = frozenset({"PA802", "PA902"})
"""Findings about the environment or the clock (a missing toolchain, a time ceiling): the next run may differ."""


class UsageError(Exception):
    """Bad flags, a path that does not exist, an unreadable --config or baseline: exit 2 with the message."""


# -- configuration -----------------------------------------------------------------------------------------------------
@dataclass
class Settings:
    """Resolves the configuration of each file: CLI flags > [tool.pyasc] of the nearest pyproject.toml > defaults."""

    overrides: dict[str, Any]
    cli_exclude: list[str]
    cwd: Path
    explicit: tuple[Config, Path] | None = None
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_folder: dict[Path, tuple[Config, Path]] = {}
        self._by_project: dict[Path | None, tuple[Config, Path]] = {}
        self._rules: dict[Path, Excluder] = {}
        self._cli_rules = Excluder.build([(self.cwd, self.cli_exclude)])

    def _apply(self, base: Config) -> Config:
        cfg, errors = from_mapping(self.overrides, base)
        if errors:  # validated up front against the defaults; a second failure here would be a bug
            raise UsageError("; ".join(errors))
        return cfg

    def for_folder(self, folder: Path) -> tuple[Config, Path]:
        """(configuration, folder its exclude globs are relative to) for files in `folder`."""
        if self.explicit is not None:
            return self.explicit
        hit = self._by_folder.get(folder)
        if hit is not None:
            return hit
        project = find_pyproject(folder)
        if project not in self._by_project:
            base, errors = load_config(folder)
            self.warnings.extend(errors)
            self._by_project[project] = (self._apply(base), project.parent if project else self.cwd)
        self._by_folder[folder] = self._by_project[project]
        return self._by_project[project]

    def excluded(self, path: Path) -> bool:
        if self._cli_rules.excluded(path):
            return True
        cfg, base = self.for_folder(path.parent)
        rules = self._rules.get(base)
        if rules is None:
            rules = self._rules[base] = Excluder.build([(base, cfg.exclude)])
        return rules.excluded(path)


def _read_config_file(path: Path, overrides: dict[str, Any]) -> tuple[Config, list[str]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise UsageError(f"--config {path}: no such file") from exc
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"--config {path}: {exc}") from exc
    table = data.get("tool", {}).get("pyasc", data if "tool" not in data else {})
    base, errors = from_mapping(table)
    cfg, errs2 = from_mapping(overrides, base)
    return cfg, [f"{path}: {e}" for e in errors] + errs2


# -- the engine -------------------------------------------------------------------------------------------------------
_CPP_CHECK: Callable[..., Any] | None | bool = False  # False: not looked up yet


def cpp_checker() -> Callable[..., Any] | None:
    """`pyasc.toolchain.check_cpp`, imported on first use (None when this installation has no C++ tier)."""
    global _CPP_CHECK
    if _CPP_CHECK is False:
        try:
            from ..toolchain import check_cpp
        except ImportError:
            _CPP_CHECK = None
        else:
            _CPP_CHECK = check_cpp
    return _CPP_CHECK  # type: ignore[return-value]


def _internal(exc: BaseException, where: str, span: Span) -> Diagnostic:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" (at {Path(last[0].filename).name}:{last[0].lineno})" if last else ""
    return Diagnostic(INTERNAL, Severity.ERROR, f"internal error in {where}: {type(exc).__name__}: {exc}{at}; the "
                      "other checks still ran. Please report it with this file.", span)


def _cpp_diagnostics(result: Any) -> list[Diagnostic]:
    if result is None:
        return []
    if isinstance(result, Diagnostic):
        return [result]
    items = getattr(result, "diagnostics", result)
    return [d for d in items if isinstance(d, Diagnostic)]


def _postprocess(diags: Iterable[Diagnostic], text: str, config: Config) -> list[Diagnostic]:
    """Severity overrides, `off`, suppression comments and duplicates, applied to every tier alike (idempotent)."""
    table = suppressions(text)
    out: list[Diagnostic] = []
    seen: set[tuple[Any, ...]] = set()
    for d in diags:
        level = config.severity.get(d.code)
        if level == "off":
            continue
        if level is not None:
            d = d.with_severity(FAIL_ON[level])
        if d.code != INTERNAL and is_suppressed(d, table):
            continue
        k = (d.code, d.span, d.message, d.source)
        if k in seen:
            continue
        seen.add(k)
        out.append(d)
    out.sort(key=Diagnostic.sort_key)
    return out


def check_text(text: str, path: str, config: Config, cpp: bool) -> tuple[list[Diagnostic], int, bool]:
    """Findings of one file's text: (diagnostics, number of jit functions, whether an internal error happened)."""
    from ..compiler.pipeline.analysis import analyze

    internal = False
    try:
        analysis = analyze(text, path, config, None)
    except Exception as exc:  # analyze promises not to raise; if it does, the run still reports the rest
        return [_internal(exc, "the analyzer", Span(1, 0, 1, 0))], 0, True
    diags = list(analysis.diagnostics)
    internal = any(d.code == INTERNAL for d in diags)
    checker = cpp_checker() if cpp and analysis.kernels else None
    if checker is not None:
        try:
            diags.extend(_cpp_diagnostics(checker(analysis, config)))
        except Exception as exc:
            k = analysis.kernels[0]
            diags.append(_internal(exc, "the C++ checks", k.name_span))
            internal = True
    return _postprocess(diags, text, config), len(analysis.kernels), internal


@dataclass
class Job:
    index: int
    path: str
    text: str
    config: Config
    cpp: bool


def _run_batch(jobs: list[Job]) -> list[tuple[int, list[Diagnostic], int, bool]]:
    out = []
    for j in jobs:
        diags, kernels, internal = check_text(j.text, j.path, j.config, j.cpp)
        out.append((j.index, diags, kernels, internal))
    return out


# -- one run ---------------------------------------------------------------------------------------------------------
@dataclass
class FileResult:
    candidate: Candidate
    text: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kernels: int = 0
    skipped: bool = False
    """No jit function (the fast text pre-check), so the analyzer never ran."""
    cached: bool = False
    internal: bool = False
    key: str | None = None


class Progress:
    """A one-line bar on stderr, shown only on a terminal, never in CI logs, and only once a run takes a while."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.done = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False

    def advance(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 0.5 or (now - self.last < 0.1 and self.done < self.total):
            return
        self.last = now
        width = 30
        filled = int(width * self.done / self.total)
        self.stream.write(f"\r\x1b[2Kpyasc-check [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                          "files")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


def progress_wanted(stream: TextIO) -> bool:
    if os.environ.get("CI") or os.environ.get("PYASC_NO_PROGRESS") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def project_root(paths: Sequence[Path]) -> Path | None:
    """The folder of the nearest pyproject.toml above the paths' common folder, else that folder itself."""
    try:
        common = Path(os.path.commonpath([str(p) for p in paths]))
    except ValueError:
        return None
    if common.exists() and not common.is_dir():
        common = common.parent
    for folder in (common, *common.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    if common == Path(common.anchor) or common == Path.home():
        return None
    return common


def collect(args: argparse.Namespace, settings: Settings, cwd: Path) -> list[Candidate]:
    seen_dirs: set[str] = set()
    seen_files: set[str] = set()
    out: list[Candidate] = []
    for raw in args.paths:
        p = Path(raw)
        absolute = Path(os.path.abspath(p))
        if not os.path.lexists(absolute):
            raise UsageError(f"{raw}: no such file or folder")
        if absolute.is_dir():
            out.extend(sources.walk(absolute, cwd, settings.excluded, seen_dirs, seen_files))
            continue
        if settings.excluded(absolute):
            continue
        cand = sources.explicit(p, cwd)
        key = cand.problem and str(cand.path) or os.path.realpath(cand.path)
        if key not in seen_files:
            seen_files.add(key)
            out.append(cand)
    return out


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    t0 = time.perf_counter()
    cwd = Path.cwd()
    check_cache.forget_lookups()  # a long-lived caller (tests, an editor) may run several checks
    overrides: dict[str, Any] = {}
    if args.soc_version is not None:
        overrides["soc_version"] = args.soc_version
    if args.cann_version is not None:
        overrides["cann_version"] = args.cann_version
    if args.tidy_checks is not None:
        overrides["tidy_checks"] = args.tidy_checks
    if args.no_cpp:
        overrides["cpp_checks"] = False
    _, errors = from_mapping(overrides, Config())
    if errors:
        raise UsageError("; ".join(errors))
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    settings = Settings(overrides, list(args.exclude), cwd)
    if args.config is not None:
        cfg, errs = _read_config_file(Path(args.config), overrides)
        settings.explicit = (cfg, Path(os.path.abspath(args.config)).parent)
        settings.warnings.extend(errs)

    candidates = collect(args, settings, cwd)
    root = project_root([c.path for c in candidates] or [Path(os.path.abspath(p)) for p in args.paths])
    cache_base = None if args.no_cache else check_cache.cache_dir(root)
    cache = check_cache.Cache(cache_base)
    deps = check_cache.DependencyFinder(root or cwd)

    progress = Progress(len(candidates), stderr, progress_wanted(stderr) and not args.no_progress)
    results: list[FileResult] = []
    jobs: list[Job] = []
    cpp_missing = False
    for cand in candidates:
        res = FileResult(cand)
        results.append(res)
        if cand.problem is not None:
            res.diagnostics = [sources.unreadable(cand.problem)]
            progress.advance()
            continue
        text, problem = sources.read_source(cand.path)
        res.text = text
        if problem is not None or text is None:
            res.diagnostics = [problem] if problem is not None else []
            if problem is not None and problem.span.end_col > problem.span.col and "NUL" not in problem.message:
                res.text = _lenient_text(cand.path)  # shows the line with the undecodable byte
            progress.advance()
            continue
        if "jit" not in text and "Kernel(" not in text:  # neither a jit function nor host code (PA306) to check
            res.skipped = True
            progress.advance()
            continue
        config, _ = settings.for_folder(cand.path.parent)
        cpp = config.cpp_checks
        if cpp and cpp_checker() is None:
            cpp, cpp_missing = False, True
        if cache.enabled:
            res.key = cache.key(text, str(cand.path), check_cache.config_key(config, cpp, cand.path.parent),
                                deps.digest(cand.path, text))
            hit = cache.get(res.key)
            if hit is not None:
                try:
                    res.diagnostics = [check_cache.diag_from_data(d) for d in hit["diagnostics"]]
                    res.kernels = int(hit["kernels"])
                    res.cached = True
                    progress.advance()
                    continue
                except (KeyError, TypeError, ValueError):
                    res.diagnostics = []
        jobs.append(Job(len(results) - 1, str(cand.path), text, config, cpp))

    n_jobs = min(args.jobs or _cores(), max(len(jobs), 1))
    for index, diags, kernels, internal in _execute(jobs, n_jobs, progress):
        res = results[index]
        res.diagnostics, res.kernels, res.internal = diags, kernels, internal
        if res.key is not None and not internal and not any(d.code in UNCACHED for d in diags):
            cache.put(res.key, {"kernels": kernels, "diagnostics": [check_cache.diag_to_data(d) for d in diags]})
    progress.close()

    for w in dict.fromkeys(settings.warnings):
        write(stderr, f"pyasc-check: warning: {w}\n")
    if cpp_missing:
        write(stderr, "pyasc-check: note: the C++ checks are not available in this installation "
                      "(pyasc.toolchain.check_cpp cannot be imported); only the Python checks ran, as with --no-cpp.\n")

    findings: list[Finding] = []
    for res in sorted(results, key=lambda r: r.candidate.shown):
        lines = re.split(r"\r\n|\r|\n", res.text) if res.text else []
        for d in res.diagnostics:
            d = _display_related(d, cwd)
            text_line = lines[d.span.line - 1] if 1 <= d.span.line <= len(lines) else ""
            findings.append(Finding(res.candidate.shown, d, text_line))

    if args.write_baseline:
        n = check_baseline.write(Path(args.write_baseline), findings)
        write(stderr, f"pyasc-check: wrote {n} finding{'s' if n != 1 else ''} to baseline {args.write_baseline}\n")
        return 2 if any(r.internal for r in results) else 0
    hidden = 0
    if args.baseline:
        findings, hidden = check_baseline.new_findings(Path(args.baseline), findings)

    texts = {r.candidate.shown: r.text or "" for r in results}
    _report(args, findings, texts, len(results), hidden, stdout)
    elapsed = time.perf_counter() - t0
    if args.stats:
        analyzed = sum(1 for r in results if r.text is not None and not r.skipped and not r.cached)
        skipped = sum(1 for r in results if r.skipped)
        rate = len(results) / elapsed if elapsed > 0 else 0.0
        cache_note = (f"{cache.hits} hits, {len(jobs)} misses" if cache.enabled else "off")
        if cache.write_error:
            cache_note += f" (not written: {cache.write_error})"
        write(stderr, f"pyasc-check: {len(results)} files ({skipped} without jit skipped, {analyzed} analyzed, "
                      f"{sum(1 for r in results if r.cached)} from cache); kernels: "
                      f"{sum(r.kernels for r in results)}; cache: {cache_note}; jobs: {n_jobs}; "
                      f"{elapsed:.3f} s, {rate:.1f} files/s\n")
    if any(r.internal for r in results):
        write(stderr, "pyasc-check: error: the analyzer failed internally on some files (PA901 above)\n")
        return 2
    threshold = FAIL_ON[args.fail_on]
    return 1 if any(f.diag.severity >= threshold for f in findings) else 0


def _lenient_text(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None


def _display_related(d: Diagnostic, cwd: Path) -> Diagnostic:
    if not any(r.path for r in d.related):
        return d
    rel = tuple(replace(r, path=sources.display_path(Path(os.path.abspath(r.path)), cwd)) if r.path else r
                for r in d.related)
    return replace(d, related=rel)


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _execute(jobs: list[Job], n_jobs: int, progress: Progress) -> Iterable[tuple[int, list[Diagnostic], int, bool]]:
    """Run the analyses inline (one job) or in worker processes, in small batches so the bar moves."""
    if not jobs:
        return
    if n_jobs <= 1 or len(jobs) == 1:
        for j in jobs:
            yield from _run_batch([j])
            progress.advance()
        return
    import multiprocessing  # imported here: a fully cached run never starts a worker
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    ctx = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    size = max(1, min(8, len(jobs) // (n_jobs * 4) or 1))
    batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    with ProcessPoolExecutor(max_workers=n_jobs, mp_context=ctx) as pool:
        sent: dict[Future[list[tuple[int, list[Diagnostic], int, bool]]], list[Job]] = {
            pool.submit(_run_batch, b): b for b in batches}
        pending = set(sent)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                try:
                    batch = fut.result()
                except BrokenProcessPool:  # a worker died (a crash in native code): its files get PA901
                    batch = [(j.index, [_worker_died(j)], 0, True) for j in sent[fut]]
                progress.advance(len(batch))
                yield from batch


def _worker_died(job: Job) -> Diagnostic:
    return Diagnostic(INTERNAL, Severity.ERROR, "the worker process checking this file ended abruptly (a crash in "
                      "native code such as libclang, or out of memory); run again with --jobs 1, or with --no-cpp, "
                      "to narrow it down", Span(1, 0, 1, 0))


def _report(args: argparse.Namespace, findings: list[Finding], texts: dict[str, str], files: int, hidden: int,
            stdout: TextIO) -> None:
    if args.format == "json":
        write(stdout, formats.to_json(findings, files))
    elif args.format == "sarif":
        write(stdout, formats.to_sarif(findings, sorted(texts)))
    elif args.format == "github":
        write(stdout, formats.to_github(findings))
    else:
        color = use_color(stdout, args.color)
        parts = [render_text(f.diag, f.path, texts.get(f.path, ""), color) + "\n" for f in findings]
        counts = Counter(f.diag.severity for f in findings)
        summary = summary_line(counts, files, len({f.path for f in findings}), color)
        if hidden:
            summary += f" {hidden} finding{'s' if hidden != 1 else ''} hidden by the baseline."
        parts.append(("\n" if findings else "") + summary + "\n")
        write(stdout, "".join(parts))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pyasc-check",
        description="Check pyasc kernels (Python files with @asc.jit functions) without running them.",
        epilog="Exit status: 0 nothing at or above --fail-on, 1 findings, 2 usage or internal error.",
    )
    p.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                   help="files and folders to check (folders recursively, *.py); default: .")
    p.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text",
                   help="report format (default: text)")
    p.add_argument("--soc-version", metavar="SOC", help="target SoC, e.g. Ascend910B1 (overrides [tool.pyasc])")
    p.add_argument("--cann-version", metavar="VERSION",
                   help=f"the CANN pyasc release the code must keep to ({', '.join(CANN_VERSIONS)}): 1.1.1 makes an "
                        "API known only by rule an error (PA206), latest an info (overrides [tool.pyasc])")
    p.add_argument("--tidy-checks", metavar="CHECKS", help="clang-tidy --checks for the C++ tier")
    p.add_argument("--no-cpp", action="store_true", help="skip the C++ tier (libclang, clang-tidy)")
    p.add_argument("--fail-on", choices=tuple(FAIL_ON), default="error",
                   help="lowest severity that makes the exit status 1 (default: error)")
    p.add_argument("--jobs", "-j", type=int, metavar="N", help="worker processes (default: the number of cores)")
    p.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                   help="skip matching files or folders (repeatable; added to [tool.pyasc] exclude)")
    p.add_argument("--config", metavar="FILE", help="read settings from this TOML file instead of the nearest "
                   "pyproject.toml ([tool.pyasc] table, or the top level)")
    p.add_argument("--baseline", metavar="FILE", help="report only findings that are not in this baseline")
    p.add_argument("--write-baseline", metavar="FILE", help="record the current findings as a baseline and exit 0")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the result cache")
    p.add_argument("--stats", action="store_true", help="print counts, cache hits and timing on stderr")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the text report (auto: on a terminal, unless NO_COLOR is set)")
    p.add_argument("--no-progress", action="store_true", help="never draw the progress bar")
    p.add_argument("--version", action="version", version=f"pyasc-check {__version__}")
    return p


def _join_dash_values(argv: list[str]) -> list[str]:
    """`--tidy-checks -*,bugprone-*` as `--tidy-checks=-*,bugprone-*`: a clang-tidy check list starts with '-'."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--tidy-checks" and i + 1 < len(argv) and argv[i + 1].startswith("-") and argv[i + 1] != "--":
            out.append(f"--tidy-checks={argv[i + 1]}")
            i += 2
            continue
        if argv[i] == "--":
            out.extend(argv[i:])
            break
        out.append(argv[i])
        i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point (`pyasc-check`)."""
    parser = build_parser()
    args = parser.parse_args(_join_dash_values(sys.argv[1:] if argv is None else list(argv)))  # bad flags: exit 2
    if args.baseline and args.write_baseline:
        parser.error("--baseline and --write-baseline cannot be combined")
    try:
        return run(args, sys.stdout, sys.stderr)
    except (UsageError, check_baseline.BaselineError) as exc:
        write(sys.stderr, f"pyasc-check: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        write(sys.stderr, "pyasc-check: interrupted\n")
        return 130
    except Exception:
        write(sys.stderr, "pyasc-check: internal error:\n" + traceback.format_exc())
        return 2


if __name__ == "__main__":
    # Through the package module, so worker processes find the functions they are sent by name.
    from pyasc.cli.check import main as _main

    sys.exit(_main())
