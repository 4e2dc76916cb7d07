/**
 * Stoplight Prism's validating proxy in front of an API: every answer is checked against the
 * document, and what breaks it comes back in the `sl-violations` header (client.ts reads it).
 * The contract walk puts it in front of LAMP; the conformance kit in front of any API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRISM = path.join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism exited with ${child.exitCode}:\n${output()}`);
    try {
      // Any answer means the proxy is up (an API without /api/health answers 404 through it).
      await fetch(url);
      return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Prism did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

export interface Proxy {
  base: string;
  stop(): void;
}

/** Starts the proxy for `document` (a URL or a file) in front of `upstream`; resolves once it answers. */
export async function startPrism(document: string, upstream: string): Promise<Proxy> {
  const port = await freePort();
  let output = '';
  const prism = spawn(
    process.execPath,
    [PRISM, 'proxy', document, upstream, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  prism.stdout?.on('data', keep);
  prism.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, prism, () => output);
  } catch (error) {
    prism.kill();
    throw error;
  }
  return { base, stop: () => prism.kill() };
}
