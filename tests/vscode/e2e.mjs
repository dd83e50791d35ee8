// Drives real VS Code (code-server) in Debian chromium through playwright-core and reports what a user would see.
// Usage: node e2e.mjs <config.json>. Prints one JSON object per step on stdout; the pytest wrapper asserts on them.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const T0 = Date.now();
const STEP_MS = cfg.stepTimeoutMs ?? 90_000;

function report(step, data) {
  process.stdout.write(JSON.stringify({ step, ms: Date.now() - T0, ...data }) + '\n');
}

/** Monaco renders spaces as U+00A0; compare text as a user reads it. */
function plain(text) {
  return (text ?? '').replace(/\u00a0/g, ' ');
}

let lastSeen;

/** Polls until fn returns a value; fn may set lastSeen so that a timeout says what was there instead. */
async function poll(what, fn, timeout = STEP_MS) {
  const deadline = Date.now() + timeout;
  lastSeen = undefined;
  while (Date.now() < deadline) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(lastSeen)}`);
}

/** Text of each visible line of every editor, with its vertical position and the overlay colours painted on it. */
async function editors(page) {
  return page.evaluate(() => {
    const out = [];
    for (const ed of document.querySelectorAll('.editor-instance .monaco-editor')) {
      const group = ed.closest('.editor-group-container');
      const title = group?.querySelector('.tab.active .label-name')?.textContent ?? '';
      const lines = [];
      const lineEls = ed.querySelectorAll('.view-lines > .view-line');
      const overlayByTop = new Map();
      for (const ov of ed.querySelectorAll('.view-overlays > div')) {
        const colours = [];
        for (const d of ov.querySelectorAll('div')) {
          const cs = getComputedStyle(d);
          if (cs.backgroundColor && cs.backgroundColor !== 'rgba(0, 0, 0, 0)') colours.push(`bg:${cs.backgroundColor}`);
          if (cs.borderTopStyle === 'solid' && cs.borderTopWidth === '1px') colours.push(`border:${cs.borderTopColor}`);
        }
        overlayByTop.set(ov.style.top, colours);
      }
      for (const el of lineEls) {
        lines.push({ top: parseFloat(el.style.top), text: el.textContent, overlays: overlayByTop.get(el.style.top) ?? [] });
      }
      lines.sort((a, b) => a.top - b.top);
      out.push({ title, lines });
    }
    return out;
  });
}

async function runCommand(page, title) {
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** Clicks an editor's text near its top. The pointer is parked on the status bar first: a hover left open by where
 * it rested (the explorer row it double-clicked is under the editor once the side bar hides) would take the click. */
async function clickText(page, locator, x) {
  const bar = await page.locator('.part.statusbar').boundingBox();
  if (bar) await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await locator.click({ position: { x, y: 5 } });
}

async function goToLine(page, line, column) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

async function statusText(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.statusbar-item')].map((e) => e.textContent?.trim() ?? '').filter(Boolean),
  );
}

const browser = await chromium.launch({
  executablePath: cfg.chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let page;
try {
  page = await browser.newPage({ viewport: { width: 1600, height: 960 } });
  // Every action and wait (a click waits until nothing covers its point) gets the step's time, not playwright's 30 s.
  page.setDefaultTimeout(STEP_MS);
  await page.goto(cfg.url);
  await page.waitForSelector('.monaco-workbench');
  report('workbench', { ok: true });

  // Open the kernel from the explorer, as a user would.
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: cfg.file }).first();
  await row.waitFor({ state: 'visible' });
  await row.dblclick();
  await poll('the kernel editor', async () =>
    (await editors(page)).some((e) => e.title === cfg.file && e.lines.length > 0),
  );
  report('opened', { ok: true });
  // Hide the side bar so that the two editors get the width (and the screenshot shows them).
  await page.keyboard.press('Control+B');

  // Problems panel: the seeded error with its code, on its line.
  await page.keyboard.press('Control+Shift+M');
  const problems = await poll('the seeded diagnostic in Problems', async () => {
    const text = plain(await page.locator('.markers-panel .monaco-list-rows').first().innerText().catch(() => ''));
    lastSeen = text;
    return text.includes(cfg.expectCode) ? text : undefined;
  });
  report('problems', { text: problems });
  report('status', { items: await poll('a ready status item', async () => {
    const items = await statusText(page);
    return items.some((t) => t.startsWith('PyAsc') && !t.includes('starting')) ? items : undefined;
  }) });

  // Show Generated C++ from the Python editor.
  await clickText(page, page.locator('.editor-instance .monaco-editor .view-lines').first(), 400);
  await runCommand(page, 'PyAsc: Show Generated C++');
  const cpp = await poll('C++ with AscendC:: calls in the panel', async () => {
    const ed = (await editors(page)).find((e) => e.title === cfg.cppTitle);
    return ed && ed.lines.some((l) => l.text.includes('AscendC::')) ? ed : undefined;
  });
  report('cpp', { title: cpp.title, lines: cpp.lines.map((l) => plain(l.text)) });

  // Cursor in Python -> linked C++ line highlighted.
  const python = (await editors(page)).find((e) => e.title === cfg.file);
  await clickText(page, page.locator('.editor-group-container', { hasText: cfg.file }).locator('.view-lines').first(), 300);
  await goToLine(page, cfg.cursorLine, cfg.cursorColumn);
  const linked = await poll('the linked highlight in the C++ panel', async () => {
    const ed = (await editors(page)).find((e) => e.title === cfg.cppTitle);
    const hits = (ed?.lines.filter((l) => l.overlays.includes(`bg:${cfg.linkedLineColour}`)) ?? []).map((l) => plain(l.text));
    lastSeen = hits;
    return hits.some((t) => t.includes(cfg.expectLinkedCpp))
      ? { lines: hits, bands: ed.lines.filter((l) => l.overlays.length).length }
      : undefined;
  });
  report('linked-from-python', linked);
  const pyNow = (await editors(page)).find((e) => e.title === cfg.file);
  report('python-bands', {
    lines: pyNow.lines.filter((l) => l.overlays.some((o) => o.startsWith('bg:'))).map((l) => plain(l.text)),
    before: python.lines.length,
  });

  await page.screenshot({ path: cfg.screenshot });
  report('screenshot', { path: cfg.screenshot });

  // Cursor in C++ -> linked Python line highlighted; F12 jumps there. The C++ line may be scrolled away, so put the
  // cursor on it with the find widget, as a user would.
  const cppGroup = page.locator('.editor-group-container', { hasText: cfg.cppTitle });
  await clickText(page, cppGroup.locator('.view-lines').first(), 200);
  await page.keyboard.press('Control+F');
  const find = cppGroup.locator('.find-widget textarea, .find-widget input').first();
  await find.waitFor({ state: 'visible' });
  await find.fill(cfg.cppFindText);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const back = await poll('the linked highlight in the Python editor', async () => {
    const ed = (await editors(page)).find((e) => e.title === cfg.file);
    const hits = (ed?.lines.filter((l) => l.overlays.includes(`bg:${cfg.linkedLineColour}`)) ?? []).map((l) => plain(l.text));
    lastSeen = hits;
    return hits.some((t) => t.includes(cfg.expectLinkedPython)) ? { lines: hits } : undefined;
  });
  report('linked-from-cpp', back);
  const cursorItem = (items) => items.find((t) => /^Ln \d+, Col \d+/.test(t));
  const cppCursor = cursorItem(await statusText(page));
  await page.keyboard.press('F12');
  const jumped = await poll('the jump to the Python source', async () => {
    const sel = cursorItem(await statusText(page));
    lastSeen = sel;
    if (sel === cppCursor) return undefined;
    const active = await page.evaluate(() => document.activeElement?.closest('.editor-group-container')?.querySelector('.tab.active .label-name')?.textContent ?? '');
    return active === cfg.file && sel ? { position: sel, active } : undefined;
  });
  report('jump', jumped);

  // Fix the seeded error by typing: the diagnostic goes and the panel follows the re-analysis.
  await goToLine(page, cfg.fixLine, cfg.fixColumn);
  await page.keyboard.type(cfg.fixText);
  const refreshed = await poll('the panel to follow the edit', async () => {
    const ed = (await editors(page)).find((e) => e.title === cfg.cppTitle);
    const lines = (ed?.lines ?? []).map((l) => plain(l.text));
    lastSeen = lines;
    const n = lines.filter((t) => t.includes(cfg.fixedCpp)).length;
    return n >= 2 ? { lines } : undefined;
  });
  const cleared = await poll('Problems to clear', async () => {
    const text = plain(await page.locator('.markers-panel').first().innerText().catch(() => ''));
    lastSeen = text;
    return text.includes(cfg.expectCode) ? undefined : text;
  });
  report('edited', { lines: refreshed.lines, problems: cleared });

  // The Pipeline view: run a runnable kernel file with its trace from the command palette (a terminal runs
  // `pyasc run --trace`), the view opens on the trace; clicking an event reveals its Python line.
  if (cfg.pipelineFile) {
    await page.keyboard.press('Control+P');
    const open = page.locator('.quick-input-widget input');
    await open.waitFor({ state: 'visible' });
    await open.fill(cfg.pipelineFile);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: cfg.pipelineFile }).first()
      .waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await poll('the runnable kernel editor', async () =>
      (await editors(page)).some((e) => e.title === cfg.pipelineFile && e.lines.length > 0),
    );
    await clickText(page, page.locator('.editor-group-container', { hasText: cfg.pipelineFile }).locator('.view-lines').first(), 300);
    await runCommand(page, 'PyAsc: Run with Pipeline Trace');
    const frame = await poll('the Pipeline view with its lanes', async () => {
      for (const f of page.frames()) {
        const n = await f.locator('#lanes .ev').count().catch(() => 0);
        if (n > 0) return f;
      }
      return undefined;
    }, 3 * STEP_MS);
    const view = await frame.evaluate(() => ({
      labels: [...document.querySelectorAll('#labels .label')].map((e) => e.textContent),
      events: document.querySelectorAll('#lanes .ev').length,
      flows: document.querySelectorAll('#lanes svg line').length,
      notes: [...document.querySelectorAll('#notes .note')].map((e) => e.innerText),
    }));
    report('pipeline', view);
    if (cfg.pipelineScreenshot) await page.screenshot({ path: cfg.pipelineScreenshot });
    await frame.locator(`#lanes .ev[data-cat="MTE2"][data-line="${cfg.pipelineLine}"]`).first().dispatchEvent('click');
    const revealed = await poll("the event's Python line", async () => {
      const sel = cursorItem(await statusText(page));
      lastSeen = sel;
      return sel && sel.startsWith(`Ln ${cfg.pipelineLine},`) ? { position: sel } : undefined;
    });
    report('pipeline-reveal', revealed);
  }

  // A Python without pyasc: the server is not started and the user is told how to fix it.
  // Set through the Settings editor, as a user would.
  await runCommand(page, 'Preferences: Open User Settings');
  await page.locator('.settings-editor').first().waitFor({ state: 'visible' });
  await page.keyboard.type('pyasc.interpreter');
  const field = page.locator('.settings-editor .setting-item-contents', { hasText: 'Interpreter' }).locator('input').first();
  await field.waitFor({ state: 'visible' });
  await field.fill(cfg.badInterpreter);
  await page.keyboard.press('Tab');
  const toast = await poll('the interpreter error notification', async () => {
    const text = plain(await page.locator('.notifications-toasts').first().innerText().catch(() => ''));
    lastSeen = text;
    return text.includes('pyasc-tools') ? text : undefined;
  });
  const failedStatus = await poll('the failed status item', async () => {
    const items = await statusText(page);
    return items.find((t) => t.startsWith('PyAsc') && t.includes('not running'));
  });
  await page.waitForTimeout(1000);
  const toasts = plain(await page.locator('.notifications-toasts').first().innerText().catch(() => ''));
  report('bad-interpreter', { toast, toasts, status: failedStatus });
  if (cfg.errorScreenshot) await page.screenshot({ path: cfg.errorScreenshot });
  report('done', { ok: true });
} catch (err) {
  report('error', { message: String(err?.stack ?? err) });
  if (page && cfg.failureScreenshot) await page.screenshot({ path: cfg.failureScreenshot }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser.close();
}
