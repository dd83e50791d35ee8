"""A real editor: headless Neovim (Debian's 0.7, push diagnostics, UTF-16) starts the server, opens a kernel and
receives both tiers' diagnostics at the right byte columns after non-ASCII text."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from . import samples
from .helpers import span_of

INIT_LUA = r"""
local out = io.open(os.getenv("PYASC_E2E_OUT"), "w")
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "pyasc",
    cmd = { os.getenv("PYASC_E2E_PYTHON"), "-m", "pyasc_lsp" },
    root_dir = vim.fn.getcwd(),
  })
  vim.lsp.buf_attach_client(buf, id)
  local function has(source)
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.source == source then return true end
    end
    return false
  end
  vim.wait(60000, function() return has("pyasc") and has("clang-tidy") end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = (d.user_data or {}).lsp or {}
    out:write(vim.fn.json_encode({ lnum = d.lnum, col = d.col, end_col = d.end_col, source = d.source,
                                   code = d.code or lsp.code, severity = d.severity, message = d.message }) .. "\n")
  end
  out:close()
  vim.lsp.stop_client(id)
  vim.wait(2000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
  vim.cmd("qa!")
end })
"""


@pytest.mark.e2e
def test_neovim_receives_both_tiers(tmp_path: Path):
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.fail("nvim is not installed: run scripts/deps-neovim.sh (make deps)")
    kernel = tmp_path / "kernel.py"
    kernel.write_text(samples.UNICODE_CLEAN, encoding="utf-8")
    (tmp_path / "init.lua").write_text(INIT_LUA, encoding="utf-8")
    out = tmp_path / "diagnostics.jsonl"
    env = {**os.environ, "PYASC_E2E_OUT": str(out), "PYASC_E2E_PYTHON": sys.executable, "XDG_STATE_HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    subprocess.run([nvim, "--headless", "--clean", "-u", "init.lua", "kernel.py"], cwd=tmp_path, env=env,
                   timeout=120, check=True, stdin=subprocess.DEVNULL, capture_output=True)
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    text = samples.UNICODE_CLEAN
    cafe = span_of(text, "café")
    line = text.split("\n")[cafe.line - 1]
    [pa701] = [d for d in got if d["code"] == "PA701" and "café" in d["message"]]
    assert (pa701["lnum"], pa701["col"]) == (cafe.line - 1, len(line[: cafe.col].encode("utf-8")))
    assert pa701["end_col"] == pa701["col"] + len("café".encode())
    assert pa701["severity"] == 2  # vim.diagnostic.severity.WARN
    redundant = span_of(text, "block_length - block_length")
    [tidy] = [d for d in got if d["source"] == "clang-tidy"]
    assert tidy["code"] == "misc-redundant-expression"
    assert (tidy["lnum"], tidy["col"]) == (redundant.line - 1, redundant.col)


TWO_FILES_LUA = r"""
local out = io.open(os.getenv("PYASC_E2E_OUT"), "w")
local function codes(buf)
  local got = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == "pyasc" then
      local lsp = (d.user_data or {}).lsp or {}
      table.insert(got, tostring(d.code or lsp.code))
    end
  end
  return got
end
local function has(buf, code)
  for _, c in ipairs(codes(buf)) do if c == code then return true end end
  return false
end
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local main = vim.api.nvim_get_current_buf()
  local common = vim.fn.bufadd("common.py")
  vim.fn.bufload(common)
  local id = vim.lsp.start_client({
    name = "pyasc",
    cmd = { os.getenv("PYASC_E2E_PYTHON"), "-m", "pyasc_lsp" },
    root_dir = vim.fn.getcwd(),
  })
  vim.lsp.buf_attach_client(main, id)
  vim.lsp.buf_attach_client(common, id)
  -- both analyzed: main.py is clean, common.py has its own findings
  local ready = vim.wait(60000, function() return #codes(common) > 0 end, 50)
  vim.wait(1000, function() return false end, 50)
  out:write(vim.fn.json_encode({ step = "before", ready = ready, main = codes(main) }) .. "\n")
  local tick = vim.api.nvim_buf_get_changedtick(main)
  -- the edit, in common.py's buffer only (never saved): scale_tile gets a required parameter
  for i, line in ipairs(vim.api.nvim_buf_get_lines(common, 0, -1, false)) do
    if line:find("def scale_tile", 1, true) then
      local new = line:gsub("n: int%):", "n: int, factor: int):")
      vim.api.nvim_buf_set_lines(common, i - 1, i, false, { new })
    end
  end
  local broken = vim.wait(30000, function() return has(main, "PA301") end, 20)
  out:write(vim.fn.json_encode({ step = "broken", seen = broken, main = codes(main),
                                 main_edited = vim.api.nvim_buf_get_changedtick(main) ~= tick,
                                 common_modified = vim.api.nvim_buf_get_option(common, "modified") }) .. "\n")
  vim.cmd("silent! undo")  -- in the current buffer: main.py has nothing to undo
  vim.api.nvim_buf_call(common, function() vim.cmd("silent undo") end)
  local fixed = vim.wait(30000, function() return not has(main, "PA301") end, 20)
  out:write(vim.fn.json_encode({ step = "fixed", seen = fixed, main = codes(main) }) .. "\n")
  out:close()
  vim.lsp.stop_client(id)
  vim.wait(2000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
  vim.cmd("qa!")
end })
"""


@pytest.mark.e2e
def test_neovim_an_edit_of_an_imported_module_shows_in_its_importer(tmp_path: Path):
    """Two files in a real editor: main.py calls scale_tile from common.py; changing scale_tile's parameters in
    common.py's buffer (unsaved) puts PA301 on main.py's call without main.py being touched, and undoing it
    clears it."""
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.fail("nvim is not installed: run scripts/deps-neovim.sh (make deps)")
    from .test_dependents import COMMON, MAIN

    # a finding of common.py's own (PA701) tells the editor script that common.py has been analyzed
    common = COMMON + "\n\n@asc.jit\ndef spare_helper(n: int):\n    unused = n\n"
    (tmp_path / "common.py").write_text(common, encoding="utf-8")
    (tmp_path / "main.py").write_text(MAIN, encoding="utf-8")
    (tmp_path / "init.lua").write_text(TWO_FILES_LUA, encoding="utf-8")
    out = tmp_path / "steps.jsonl"
    env = {**os.environ, "PYASC_E2E_OUT": str(out), "PYASC_E2E_PYTHON": sys.executable, "XDG_STATE_HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    subprocess.run([nvim, "--headless", "--clean", "-u", "init.lua", "main.py"], cwd=tmp_path, env=env,
                   timeout=180, check=True, stdin=subprocess.DEVNULL, capture_output=True)
    steps = {s["step"]: s for s in (json.loads(line) for line in out.read_text(encoding="utf-8").splitlines())}
    assert steps["before"]["ready"] and steps["before"]["main"] == []
    broken = steps["broken"]
    assert broken["seen"] and broken["main"] == ["PA301"]
    assert not broken["main_edited"] and broken["common_modified"]
    assert (tmp_path / "common.py").read_text(encoding="utf-8") == common, "nothing was saved"
    assert steps["fixed"]["seen"] and steps["fixed"]["main"] == []
