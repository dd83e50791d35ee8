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
