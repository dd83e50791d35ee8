/**
 * Entry point: starts `python -m pyasc_lsp` through vscode-languageclient after checking the interpreter, and wires
 * the generated-code panel, the status bar item and the commands.
 */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  State,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

import { GeneratedCodePanel, pythonUriFor } from './panel';
import { PipelineView } from './pipeline';
import {
  GENERATED_CODE_CHANGED_NOTIFICATION,
  GENERATED_CODE_REQUEST,
  type GeneratedCodeChangedParams,
  type GeneratedCodeParams,
} from './protocol';
import {
  interpretProbe,
  PROBE_CODE,
  resolveInterpreter,
  type InterpreterChoice,
  type ProbeOutcome,
} from './settings';
import { countDiagnostics, statusView, type ServerPhase } from './status';
import { CPP_SCHEME } from './uris';

/** The part of the Python extension's API used here (it is optional: nothing breaks when it is absent). */
interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { id: string; path: string } | undefined;
    resolveEnvironment(env: { id: string; path: string }): Thenable<{ executable?: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath?: vscode.Event<unknown>;
  };
}

const PYTHON_EXTENSION_ID = 'ms-python.python';

async function pythonExtension(): Promise<PythonExtensionApi | undefined> {
  const ext = vscode.extensions.getExtension<PythonExtensionApi>(PYTHON_EXTENSION_ID);
  if (!ext) return undefined;
  try {
    return ext.isActive ? ext.exports : await ext.activate();
  } catch {
    return undefined;
  }
}

async function pythonExtensionInterpreter(resource: vscode.Uri | undefined): Promise<string | undefined> {
  const envs = (await pythonExtension())?.environments;
  if (!envs) return undefined;
  try {
    const active = envs.getActiveEnvironmentPath(resource);
    if (!active) return undefined;
    const resolved = await envs.resolveEnvironment(active);
    return resolved?.executable?.uri?.fsPath ?? active.path;
  } catch {
    return undefined;
  }
}

function probe(choice: InterpreterChoice, cwd: string | undefined): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    execFile(choice.path, ['-c', PROBE_CODE], { timeout: 60_000, cwd, windowsHide: true }, (err, stdout, stderr) => {
      if (!err) return resolve({ exitCode: 0, stdout, stderr });
      const e = err as NodeJS.ErrnoException & { code?: string | number; killed?: boolean };
      if (typeof e.code === 'string') return resolve({ spawnError: e.code, stdout, stderr });
      if (e.killed) return resolve({ spawnError: 'ETIMEDOUT', stdout, stderr });
      resolve({ exitCode: typeof e.code === 'number' ? e.code : 1, stdout, stderr });
    });
  });
}

class Controller implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly output = vscode.window.createOutputChannel('PyAsc', { log: true });
  private readonly status = vscode.window.createStatusBarItem('pyasc.status', vscode.StatusBarAlignment.Left, 50);
  private readonly panel = new GeneratedCodePanel((uri) => this.fetchGeneratedCode(uri));
  /** The interpreter the server runs with once its probe passed: `pyasc run --trace` runs with it too. */
  private interpreterPath: string | undefined;
  private readonly pipeline = new PipelineView(() => this.interpreterPath);
  private readonly disposables: vscode.Disposable[] = [];
  /** Resources that live as long as one client (disposed when it stops). */
  private readonly clientDisposables: vscode.Disposable[] = [];
  private phase: ServerPhase = 'stopped';
  private detail: string | undefined;
  private starting: Promise<void> | undefined;

  constructor() {
    this.status.name = 'PyAsc';
    this.status.command = 'workbench.actions.view.problems';
    this.status.show();
    this.disposables.push(
      this.output,
      this.status,
      this.panel,
      this.pipeline,
      vscode.commands.registerCommand('pyasc.showGeneratedCode', (uri?: vscode.Uri) => this.showGeneratedCode(uri)),
      vscode.commands.registerCommand('pyasc.showPipeline', (uri?: vscode.Uri) => this.pipeline.show(uri)),
      vscode.commands.registerCommand('pyasc.runPipelineTrace', (uri?: vscode.Uri) => this.pipeline.runWithTrace(uri)),
      vscode.commands.registerCommand('pyasc.restartServer', () => this.restart()),
      vscode.commands.registerCommand('pyasc.revealPythonSource', () =>
        this.panel.revealPythonSource(vscode.window.activeTextEditor),
      ),
      vscode.languages.onDidChangeDiagnostics(() => this.updateStatus()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('pyasc.interpreter')) {
          void this.restart();
        } else if (e.affectsConfiguration('pyasc')) {
          this.updateStatus();
          void this.notifyConfigurationChanged();
        }
      }),
    );
    void pythonExtension().then((api) => {
      const event = api?.environments?.onDidChangeActiveEnvironmentPath;
      if (!event) return;
      this.disposables.push(
        event(() => {
          if (!vscode.workspace.getConfiguration('pyasc').get<string>('interpreter')) void this.restart();
        }),
      );
    });
  }

  dispose(): void {
    for (const d of [...this.disposables, ...this.clientDisposables.splice(0)]) d.dispose();
  }

  private setPhase(phase: ServerPhase, detail?: string): void {
    this.phase = phase;
    this.detail = detail;
    this.updateStatus();
  }

  private updateStatus(): void {
    const { errors, warnings } = countDiagnostics(vscode.languages.getDiagnostics().flatMap(([, diags]) => diags));
    const socVersion = vscode.workspace.getConfiguration('pyasc').get<string>('socVersion') ?? '';
    const view = statusView({ phase: this.phase, errors, warnings, socVersion, detail: this.detail });
    this.status.text = view.text;
    this.status.tooltip = view.tooltip;
    this.status.backgroundColor =
      view.severity === 'error' && this.phase === 'failed'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : undefined;
  }

  private workspaceFolder(): vscode.WorkspaceFolder | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    return (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
  }

  start(): Promise<void> {
    this.starting ??= this.doStart().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async doStart(): Promise<void> {
    this.setPhase('checking');
    const folder = this.workspaceFolder();
    const choice = resolveInterpreter({
      configured: vscode.workspace.getConfiguration('pyasc', folder?.uri).get<string>('interpreter'),
      pythonExtension: await pythonExtensionInterpreter(folder?.uri),
      workspaceFolder: folder?.uri.fsPath,
      home: process.env.HOME ?? process.env.USERPROFILE,
      env: process.env,
    });
    this.output.info(`Interpreter: ${choice.path} (${choice.source})`);
    const verdict = interpretProbe(choice, await probe(choice, folder?.uri.fsPath));
    if (!verdict.ok) {
      this.output.error(verdict.message);
      this.setPhase('failed', verdict.message);
      void this.reportStartFailure(verdict.message, verdict.installCommand);
      return;
    }
    this.output.info(`pyasc ${verdict.version}`);
    this.interpreterPath = choice.path;
    const serverOptions: ServerOptions = {
      command: choice.path,
      args: ['-m', 'pyasc_lsp'],
      transport: TransportKind.stdio,
      options: { cwd: folder?.uri.fsPath },
    };
    const projectWatcher = vscode.workspace.createFileSystemWatcher('**/pyproject.toml');
    this.clientDisposables.push(projectWatcher);
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        { scheme: 'untitled', language: 'python' },
      ],
      // The server reads [tool.pyasc] from pyproject.toml and re-reads it when told the file changed.
      synchronize: { fileEvents: projectWatcher },
      outputChannel: this.output,
      diagnosticCollectionName: 'pyasc',
    };
    // The id 'pyasc' makes the client honour the pyasc.trace.server setting.
    const client = new LanguageClient('pyasc', 'PyAsc', serverOptions, clientOptions);
    this.client = client;
    this.setPhase('starting', `pyasc ${verdict.version}`);
    client.onDidChangeState((e) => {
      if (this.client !== client) return;
      if (e.newState === State.Running) this.setPhase('ready', `pyasc ${verdict.version}`);
      else if (e.newState === State.Stopped) this.setPhase('stopped');
    });
    client.onNotification(GENERATED_CODE_CHANGED_NOTIFICATION, (params: GeneratedCodeChangedParams) => {
      if (params && typeof params.uri === 'string') this.panel.refresh(params.uri);
    });
    try {
      await client.start();
      this.setPhase('ready', `pyasc ${verdict.version}`);
      this.panel.refreshAll();
    } catch (err) {
      const message = `PyAsc: the language server failed to start with '${choice.path} -m pyasc_lsp': ${
        err instanceof Error ? err.message : String(err)
      }. See the PyAsc output for details.`;
      this.output.error(message);
      this.setPhase('failed', message);
      void vscode.window.showErrorMessage(message, 'Show Output').then((a) => a && this.output.show());
    }
  }

  private async reportStartFailure(message: string, installCommand: string | undefined): Promise<void> {
    const actions = ['Open Settings', ...(installCommand ? ['Copy Install Command'] : []), 'Show Output'];
    const action = await vscode.window.showErrorMessage(message, ...actions);
    if (action === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'pyasc.interpreter');
    } else if (action === 'Copy Install Command' && installCommand) {
      await vscode.env.clipboard.writeText(installCommand);
    } else if (action === 'Show Output') {
      this.output.show();
    }
  }

  /**
   * Tells a running server that its settings changed; it pulls them again through workspace/configuration. Sent by
   * hand rather than through the client's configuration sync so that an interpreter change, which restarts the
   * server, never races a notification to the client being stopped.
   */
  private async notifyConfigurationChanged(): Promise<void> {
    const client = this.client;
    if (!client || client.state !== State.Running) return;
    try {
      await client.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    } catch (err) {
      this.output.warn(`didChangeConfiguration: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (err) {
        this.output.warn(`stopping the server: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    for (const d of this.clientDisposables.splice(0)) d.dispose();
    this.setPhase('stopped');
  }

  async restart(): Promise<void> {
    await this.starting;
    await this.stop();
    await this.start();
  }

  private async fetchGeneratedCode(pythonUri: string): Promise<unknown> {
    await this.starting;
    const client = this.client;
    if (!client || client.state !== State.Running) {
      throw new Error(`the server is not running${this.detail ? ` (${this.detail})` : ''}`);
    }
    const params: GeneratedCodeParams = { textDocument: { uri: pythonUri } };
    return client.sendRequest(GENERATED_CODE_REQUEST, params);
  }

  private async showGeneratedCode(arg?: vscode.Uri): Promise<void> {
    let uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    if (uri?.scheme === CPP_SCHEME) uri = pythonUriFor(uri);
    const target = uri;
    const doc = target && vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
    const isPython = doc ? doc.languageId === 'python' : !!target && /\.pyi?$/.test(target.path);
    if (!target || !isPython) {
      void vscode.window.showWarningMessage('PyAsc: open a Python kernel file first.');
      return;
    }
    uri = target;
    await this.panel.show(uri);
  }
}

let controller: Controller | undefined;

export function activate(context: vscode.ExtensionContext): void {
  controller = new Controller();
  context.subscriptions.push(controller);
  void controller.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}
