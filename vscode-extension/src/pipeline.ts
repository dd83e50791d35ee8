/**
 * The "Pipeline" view: the timeline a simulated run wrote (`pyasc run --trace`, Chrome Trace Event format) drawn as
 * lanes per core and pipe, with the waits as flows and the run's explanation beside it; clicking an event reveals its
 * Python line (and with it the linked C++ line in the generated-code panel, which follows the cursor).
 *
 * The language server never runs the user's file: the view only reads the trace file at the file's default location
 * (`.pyasc/<file>.trace.json` beside it), which the "Run with Pipeline Trace" command has `pyasc run` write in a
 * terminal.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

import { pythonFileFor, traceCommand, tracePathFor } from './tracepath';

interface RevealMessage {
  type: 'reveal';
  file: string;
  line: number;
}

export class PipelineView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: string | undefined;
  private watcher: fs.FSWatcher | undefined;
  private readonly waiting = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly interpreter: () => string | undefined) {}

  dispose(): void {
    this.watcher?.close();
    this.panel?.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Runs `pyasc run --trace` on the file in a terminal; the view opens when the trace is written. */
  async runWithTrace(uri: vscode.Uri | undefined): Promise<void> {
    const file = this.pythonFile(uri);
    if (!file) return;
    const python = this.interpreter();
    if (!python) {
      void vscode.window.showErrorMessage('PyAsc: no Python interpreter with pyasc is set up (see the PyAsc status).');
      return;
    }
    const trace = tracePathFor(file);
    fs.mkdirSync(path.dirname(trace), { recursive: true });
    this.waiting.add(trace);
    this.watch(trace);
    const terminal = vscode.window.createTerminal({ name: 'PyAsc trace', cwd: path.dirname(file) });
    terminal.show(true);
    terminal.sendText(traceCommand(python, file));
  }

  /** Shows the last trace of the file, or says how to make one. */
  async show(uri: vscode.Uri | undefined): Promise<void> {
    const file = this.pythonFile(uri);
    if (!file) return;
    const trace = tracePathFor(file);
    if (!fs.existsSync(trace)) {
      const run = 'Run with Pipeline Trace';
      const pick = await vscode.window.showInformationMessage(
        `PyAsc: no trace of ${path.basename(file)} yet (${trace}).`,
        run,
      );
      if (pick === run) await this.runWithTrace(vscode.Uri.file(file));
      return;
    }
    this.watch(trace);
    this.open(trace, file);
  }

  private pythonFile(uri: vscode.Uri | undefined): string | undefined {
    const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    if (!target || target.scheme !== 'file' || !/\.py$/.test(target.fsPath)) {
      void vscode.window.showWarningMessage('PyAsc: open a Python file first.');
      return undefined;
    }
    return target.fsPath;
  }

  private watch(trace: string): void {
    this.watcher?.close();
    const dir = path.dirname(trace);
    try {
      this.watcher = fs.watch(dir, (_event, name) => {
        if (name && path.join(dir, name.toString()) === trace) this.changed(trace);
      });
    } catch {
      this.watcher = undefined;
    }
  }

  private pending: NodeJS.Timeout | undefined;

  private changed(trace: string): void {
    // the file is written in one go; wait for the writer to finish before reading it
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      if (!fs.existsSync(trace)) return;
      const file = pythonFileFor(trace);
      if (this.waiting.delete(trace) || this.shown === trace) this.open(trace, file);
    }, 300);
  }

  private open(trace: string, file: string): void {
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(trace, 'utf8'));
    } catch (err) {
      void vscode.window.showErrorMessage(
        `PyAsc: the trace ${trace} cannot be read: ${err instanceof Error ? err.message : String(err)}`,
      );
      return;
    }
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('pyasc.pipeline', 'Pipeline', vscode.ViewColumn.Beside, {
        enableScripts: true,
        retainContextWhenHidden: true,
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
      });
      this.panel.webview.onDidReceiveMessage((m: RevealMessage) => {
        if (m && m.type === 'reveal' && typeof m.file === 'string' && Number.isInteger(m.line)) {
          void this.reveal(m.file, m.line);
        }
      });
      this.panel.webview.html = html(this.panel.webview);
    }
    this.shown = trace;
    this.panel.title = `Pipeline: ${path.basename(file)}`;
    this.panel.reveal(vscode.ViewColumn.Beside, true);
    void this.panel.webview.postMessage({ type: 'trace', trace: data, file, path: trace });
  }

  /** The event's Python line, in the first editor group (the generated-code panel follows its cursor). */
  private async reveal(file: string, line: number): Promise<void> {
    try {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      const at = new vscode.Position(Math.max(0, line - 1), 0);
      await vscode.window.showTextDocument(doc, {
        viewColumn: vscode.ViewColumn.One,
        selection: new vscode.Range(at, at),
        preserveFocus: false,
      });
    } catch (err) {
      void vscode.window.showWarningMessage(
        `PyAsc: cannot open ${file}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}

function nonce(): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 62)];
  return s;
}

/** The view's page: the drawing is done in the page from the trace it is sent. */
function html(webview: vscode.Webview): string {
  const n = nonce();
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource} 'unsafe-inline'; script-src 'nonce-${n}';">
<style>
  body { font: 12px var(--vscode-font-family); color: var(--vscode-foreground); margin: 0; }
  #bar { display: flex; gap: 6px; align-items: center; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border); }
  #bar button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: 0; padding: 2px 8px; cursor: pointer; }
  #main { display: flex; height: calc(100vh - 30px); }
  #scroll { flex: 1; overflow: auto; position: relative; }
  #labels { position: sticky; left: 0; z-index: 2; float: left; background: var(--vscode-editor-background); }
  .label { height: 18px; line-height: 18px; padding: 0 6px; white-space: nowrap; border-bottom: 1px solid var(--vscode-panel-border); }
  #lanes { position: relative; margin-left: 150px; }
  .ev { position: absolute; height: 14px; border-radius: 2px; cursor: pointer; min-width: 1px; opacity: 0.9; }
  .ev:hover, .ev.sel { outline: 1px solid var(--vscode-focusBorder); opacity: 1; }
  .S { background: #888; } .MTE2 { background: #3c8dde; } .V { background: #e8a33d; } .MTE3 { background: #4caf50; }
  .MTE1 { background: #9c6ade; } .M { background: #d9534f; } .FIX { background: #20b2aa; }
  svg { position: absolute; left: 0; top: 0; pointer-events: none; }
  #notes { width: 34%; overflow: auto; border-left: 1px solid var(--vscode-panel-border); padding: 6px 8px; }
  .note { margin-bottom: 8px; cursor: pointer; } .note.hit { background: var(--vscode-editor-selectionBackground); }
  .note div { white-space: pre-wrap; }
</style></head>
<body>
<div id="bar"><b id="title">Pipeline</b><button id="zin" title="Zoom in">+</button><button id="zout" title="Zoom out">−</button><button id="fit">Fit</button><span id="info"></span></div>
<div id="main"><div id="scroll"><div id="labels"></div><div id="lanes"></div></div><div id="notes"></div></div>
<script nonce="${n}">
const vscode = acquireVsCodeApi();
const ROW = 18, MAX_EVENTS = 20000, MAX_FLOWS = 3000;
let trace = null, scale = 1, t0 = 0, t1 = 1, rows = [], byKey = new Map(), xs = [];
function fit() { const w = document.getElementById('scroll').clientWidth - 170; scale = Math.max(w, 100) / Math.max(t1 - t0, 1e-9); }
function load(msg) {
  trace = msg.trace; const evs = trace.traceEvents || [];
  const pname = new Map(), tname = new Map();
  for (const e of evs) if (e.ph === 'M') { if (e.name === 'process_name') pname.set(e.pid, e.args.name); if (e.name === 'thread_name') tname.set(e.pid + ':' + e.tid, e.args.name); }
  xs = evs.filter((e) => e.ph === 'X').slice(0, MAX_EVENTS);
  const keys = [...new Set(xs.map((e) => e.pid + ':' + e.tid))].sort((a, b) => { const [p, t] = a.split(':').map(Number), [q, u] = b.split(':').map(Number); return p - q || t - u; });
  rows = keys.map((k) => { const pid = Number(k.split(':')[0]); return { key: k, label: (pname.get(pid) || pid).toString().split(' ').pop() + ' ' + (tname.get(k) || '') }; });
  byKey = new Map(rows.map((r, i) => [r.key, i]));
  t0 = Math.min(...xs.map((e) => e.ts)); t1 = Math.max(...xs.map((e) => e.ts + e.dur));
  document.getElementById('title').textContent = 'Pipeline: ' + (trace.otherData?.kernels || []).join(', ');
  document.getElementById('info').textContent = xs.length + ' events, ' + ((t1 - t0)).toFixed(2) + ' us at ' + (trace.otherData?.clock_mhz || '?') + ' MHz';
  fit(); draw(); notes();
}
function draw() {
  const labels = document.getElementById('labels'), lanes = document.getElementById('lanes');
  labels.innerHTML = ''; lanes.innerHTML = '';
  for (const r of rows) { const d = document.createElement('div'); d.className = 'label'; d.textContent = r.label; labels.appendChild(d); }
  const width = (t1 - t0) * scale + 20; lanes.style.width = width + 'px'; lanes.style.height = rows.length * ROW + 'px';
  const pos = new Map();
  xs.forEach((e, i) => {
    const row = byKey.get(e.pid + ':' + e.tid); const d = document.createElement('div');
    d.className = 'ev ' + e.cat; d.style.left = ((e.ts - t0) * scale) + 'px'; d.style.top = (row * ROW + 2) + 'px';
    d.style.width = Math.max(1, e.dur * scale) + 'px'; d.dataset.i = i; d.dataset.line = e.args.line; d.dataset.cat = e.cat;
    d.title = e.name + (e.args.stage ? ' (' + e.args.stage + ')' : '') + '\\n' + e.args.file.split('/').pop() + ':' + e.args.line + '\\n' + e.dur.toFixed(4) + ' us' + (e.args.bytes ? ', ' + e.args.bytes + ' bytes' : '');
    lanes.appendChild(d); pos.set(e.pid + ':' + e.tid + ':' + e.ts.toFixed(7), row);
  });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg'); svg.setAttribute('width', width); svg.setAttribute('height', rows.length * ROW);
  const starts = new Map(); let n = 0;
  for (const e of trace.traceEvents) {
    if (e.ph === 's') starts.set(e.id, e);
    else if (e.ph === 'f' && starts.has(e.id) && n < MAX_FLOWS) {
      const s = starts.get(e.id), a = byKey.get(s.pid + ':' + s.tid), b = byKey.get(e.pid + ':' + e.tid);
      if (a === undefined || b === undefined) continue; n++;
      const l = document.createElementNS('http://www.w3.org/2000/svg', 'line');
      l.setAttribute('x1', (s.ts - t0) * scale); l.setAttribute('y1', a * ROW + 9); l.setAttribute('x2', (e.ts - t0) * scale); l.setAttribute('y2', b * ROW + 9);
      l.setAttribute('stroke', 'rgba(200,200,200,0.45)'); l.setAttribute('stroke-width', '1'); l.setAttribute('class', 'flow'); svg.appendChild(l);
    }
  }
  lanes.appendChild(svg);
}
function notes() {
  const box = document.getElementById('notes'); box.innerHTML = '';
  for (const note of trace.otherData?.explanation || []) {
    const d = document.createElement('div'); d.className = 'note'; if (note.line) { d.dataset.file = note.file; d.dataset.line = note.line; d.dataset.end = note.end_line; }
    for (const t of note.lines) { const p = document.createElement('div'); p.textContent = t; d.appendChild(p); }
    if (note.line) d.addEventListener('click', () => vscode.postMessage({ type: 'reveal', file: note.file, line: note.line }));
    box.appendChild(d);
  }
}
document.getElementById('lanes').addEventListener('click', (ev) => {
  const t = ev.target.closest('.ev'); if (!t) return; const e = xs[Number(t.dataset.i)];
  document.querySelectorAll('.ev.sel').forEach((x) => x.classList.remove('sel')); t.classList.add('sel');
  for (const n of document.querySelectorAll('.note')) n.classList.toggle('hit', !!n.dataset.line && n.dataset.file === e.args.file && Number(n.dataset.line) <= e.args.line && e.args.line <= Number(n.dataset.end));
  vscode.postMessage({ type: 'reveal', file: e.args.file, line: e.args.line });
});
let zoomed = false;
function zoom(f) { zoomed = true; scale *= f; draw(); }
window.addEventListener('resize', () => { if (trace && !zoomed) { fit(); draw(); } });
document.getElementById('zin').onclick = () => zoom(1.5); document.getElementById('zout').onclick = () => zoom(1 / 1.5);
document.getElementById('fit').onclick = () => { zoomed = false; fit(); draw(); };
document.getElementById('scroll').addEventListener('wheel', (ev) => { if (ev.ctrlKey) { ev.preventDefault(); zoom(ev.deltaY < 0 ? 1.25 : 0.8); } }, { passive: false });
window.addEventListener('message', (ev) => { if (ev.data && ev.data.type === 'trace') load(ev.data); });
</script></body></html>`;
}
