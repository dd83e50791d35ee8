/**
 * The "Show Generated C++" panel: a read-only virtual document per Python file, filled from `pyasc/generatedCode`,
 * and the linked highlighting between the two editors.
 */
import * as vscode from 'vscode';

import { assignColours, highlightFromCpp, highlightFromPython, PALETTE_SIZE, pythonJumpTarget } from './highlight';
import { statementGroups, type StatementGroup } from './mapping';
import {
  EMPTY_GENERATED_CODE,
  normalizeGeneratedCode,
  type GeneratedCode,
  type Range as WireRange,
} from './protocol';
import { CPP_SCHEME, generatedCppPath } from './uris';

/** Fetches `pyasc/generatedCode` for a Python document URI; rejects when no server is running. */
export type GeneratedCodeFetcher = (pythonUri: string) => Promise<unknown>;

interface Entry {
  code: GeneratedCode;
  groups: StatementGroup[];
}

/** Statement colours (low alpha so they read on dark and light themes); cycled by `assignColours`. */
const PALETTE: string[] = [
  'rgba(66, 135, 245, 0.2)',
  'rgba(245, 166, 35, 0.2)',
  'rgba(80, 200, 120, 0.2)',
  'rgba(200, 90, 220, 0.2)',
  'rgba(240, 90, 90, 0.2)',
  'rgba(40, 200, 200, 0.2)',
];

function toVsRange(r: WireRange): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

function wholeLines(lines: number[]): vscode.Range[] {
  return lines.map((l) => new vscode.Range(l, 0, l, 0));
}

export function cppUriFor(pythonUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: CPP_SCHEME, path: generatedCppPath(pythonUri.path), query: pythonUri.toString() });
}

export function pythonUriFor(cppUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.parse(cppUri.query);
}

export class GeneratedCodePanel implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly entries = new Map<string, Entry>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly statementTypes: vscode.TextEditorDecorationType[];
  private readonly linkedLineType: vscode.TextEditorDecorationType;
  private readonly linkedRangeType: vscode.TextEditorDecorationType;

  constructor(private readonly fetcher: GeneratedCodeFetcher) {
    if (PALETTE.length !== PALETTE_SIZE) throw new Error('palette size mismatch');
    this.statementTypes = PALETTE.map((backgroundColor) =>
      vscode.window.createTextEditorDecorationType({ backgroundColor, isWholeLine: true }),
    );
    this.linkedLineType = vscode.window.createTextEditorDecorationType({
      backgroundColor: new vscode.ThemeColor('pyasc.linkedLineBackground'),
      isWholeLine: true,
      overviewRulerColor: new vscode.ThemeColor('pyasc.linkedLineBackground'),
      overviewRulerLane: vscode.OverviewRulerLane.Center,
    });
    this.linkedRangeType = vscode.window.createTextEditorDecorationType({
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: new vscode.ThemeColor('pyasc.linkedRangeBorder'),
      borderRadius: '2px',
    });
    this.disposables.push(
      this.changed,
      vscode.workspace.registerTextDocumentContentProvider(CPP_SCHEME, this),
      vscode.window.onDidChangeVisibleTextEditors(() => this.paintAll()),
      vscode.window.onDidChangeTextEditorSelection((e) => this.onSelection(e)),
      // Repaint once the panel really holds the new text (the provider returns before the editor updates).
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme === CPP_SCHEME) this.paintAll();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme === CPP_SCHEME) this.entries.delete(doc.uri.toString());
      }),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    for (const t of [...this.statementTypes, this.linkedLineType, this.linkedRangeType]) t.dispose();
  }

  /** Opens (or focuses) the generated C++ beside the Python editor without taking the focus from it. */
  async show(pythonUri: vscode.Uri): Promise<vscode.TextEditor> {
    const cppUri = cppUriFor(pythonUri);
    let doc = await vscode.workspace.openTextDocument(cppUri);
    if (doc.languageId !== 'cpp') doc = await vscode.languages.setTextDocumentLanguage(doc, 'cpp');
    const editor = await vscode.window.showTextDocument(doc, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
    this.paintAll();
    return editor;
  }

  /** Called on `pyasc/generatedCodeChanged`: refetches only when a panel for that file is open. */
  refresh(pythonUri: string): void {
    const cppUri = cppUriFor(vscode.Uri.parse(pythonUri));
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === cppUri.toString())) {
      this.changed.fire(cppUri);
    }
  }

  /** Refetches every open panel (after a server restart). */
  refreshAll(): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === CPP_SCHEME) this.changed.fire(doc.uri);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    let code: GeneratedCode = EMPTY_GENERATED_CODE;
    let failure: string | undefined;
    try {
      code = normalizeGeneratedCode(await this.fetcher(pythonUriFor(uri).toString()));
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    this.entries.set(uri.toString(), { code, groups: statementGroups(code) });
    setTimeout(() => this.paintAll(), 0);
    if (failure) return `// The pyasc language server could not produce C++: ${failure}\n`;
    if (!code.text) {
      return '// No C++ yet: the file has no @asc.jit kernel, or its analysis has not finished.\n';
    }
    return code.text;
  }

  private entryForCpp(cppUri: vscode.Uri): Entry | undefined {
    return this.entries.get(cppUri.toString());
  }

  private pairs(): Array<{ python?: vscode.TextEditor; cpp: vscode.TextEditor; entry: Entry }> {
    const out: Array<{ python?: vscode.TextEditor; cpp: vscode.TextEditor; entry: Entry }> = [];
    for (const cpp of vscode.window.visibleTextEditors) {
      if (cpp.document.uri.scheme !== CPP_SCHEME) continue;
      const entry = this.entryForCpp(cpp.document.uri);
      if (!entry) continue;
      const source = pythonUriFor(cpp.document.uri).toString();
      const python = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === source);
      out.push({ python, cpp, entry });
    }
    return out;
  }

  /** Statement colours in both editors; Python editors without an open panel are cleared. */
  private paintAll(): void {
    const painted = new Set<vscode.TextEditor>();
    for (const { python, cpp, entry } of this.pairs()) {
      const plan = assignColours(entry.groups, PALETTE_SIZE);
      this.statementTypes.forEach((type, colour) => {
        cpp.setDecorations(type, wholeLines(plan.cpp.filter((b) => b.colour === colour).map((b) => b.line)));
        python?.setDecorations(
          type,
          plan.python
            .filter((b) => b.colour === colour)
            .map((b) => new vscode.Range(b.startLine, 0, b.endLine, 0)),
        );
      });
      painted.add(cpp);
      if (python) {
        painted.add(python);
        this.link(python, cpp, entry, python.selection.active, 'python');
      }
    }
    for (const editor of vscode.window.visibleTextEditors) {
      if (painted.has(editor) || editor.document.languageId !== 'python') continue;
      for (const type of [...this.statementTypes, this.linkedLineType, this.linkedRangeType]) {
        editor.setDecorations(type, []);
      }
    }
  }

  private onSelection(e: vscode.TextEditorSelectionChangeEvent): void {
    for (const { python, cpp, entry } of this.pairs()) {
      if (!python) continue;
      if (e.textEditor === python) {
        this.link(python, cpp, entry, e.selections[0].active, 'python');
      } else if (e.textEditor === cpp) {
        this.link(python, cpp, entry, e.selections[0].active, 'cpp');
      }
    }
  }

  /** Paints the linked highlight in the other editor and scrolls it into view when it is off screen. */
  private link(
    python: vscode.TextEditor,
    cpp: vscode.TextEditor,
    entry: Entry,
    pos: vscode.Position,
    from: 'python' | 'cpp',
  ): void {
    const wirePos = { line: pos.line, character: pos.character };
    const hl =
      from === 'python'
        ? highlightFromPython(entry.code, entry.groups, wirePos)
        : highlightFromCpp(entry.code, entry.groups, wirePos);
    const target = from === 'python' ? cpp : python;
    const other = from === 'python' ? python : cpp;
    other.setDecorations(this.linkedLineType, []);
    other.setDecorations(this.linkedRangeType, []);
    target.setDecorations(this.linkedLineType, wholeLines(hl.lines));
    target.setDecorations(this.linkedRangeType, hl.ranges.map(toVsRange));
    if (hl.reveal) {
      target.revealRange(toVsRange(hl.reveal), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }

  /** "Go to Python Source": from the C++ cursor to the Python it came from, focusing the Python editor. */
  async revealPythonSource(cppEditor: vscode.TextEditor | undefined): Promise<boolean> {
    if (!cppEditor || cppEditor.document.uri.scheme !== CPP_SCHEME) return false;
    const entry = this.entryForCpp(cppEditor.document.uri);
    if (!entry) return false;
    const pos = cppEditor.selection.active;
    const target = pythonJumpTarget(entry.code, entry.groups, { line: pos.line, character: pos.character });
    if (!target) {
      void vscode.window.showInformationMessage('PyAsc: this C++ line is boilerplate with no Python source.');
      return false;
    }
    const pythonUri = pythonUriFor(cppEditor.document.uri);
    const doc = await vscode.workspace.openTextDocument(pythonUri);
    let range = toVsRange(target);
    if (range.isEmpty && range.start.character === 0 && range.start.line < doc.lineCount) {
      const indent = doc.lineAt(range.start.line).firstNonWhitespaceCharacterIndex;
      range = new vscode.Range(range.start.line, indent, range.start.line, indent);
    }
    const existing = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === pythonUri.toString());
    await vscode.window.showTextDocument(doc, {
      viewColumn: existing?.viewColumn ?? vscode.ViewColumn.One,
      selection: range,
      preserveFocus: false,
    });
    return true;
  }
}
