/**
 * `serveFakeService` answers loopback `Host` names only (a site that rebinds its own name to 127.0.0.1 is
 * refused), plus the names it is told, the interface it listens on, and anything with `allowAnyHost`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostCheck, isLoopbackHost } from '../../src/testing/host-check.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { rawRequest } from './raw-request.js';

let dir: string;
let served: ServedFakeService | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalogue-host-check-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>page</title>');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await served?.close();
  served = undefined;
});

/** A GET to the served fake over 127.0.0.1 that claims to be for `host`. */
const asHost = (path: string, host: string) => rawRequest(`${served?.url}${path}`, { headers: { host } });
const port = () => new URL(served?.url ?? '').port;

describe('the Host check of serveFakeService', () => {
  it('refuses `Host: attacker.example` with 421 on every path: page, API, images, control', async () => {
    served = await serveFakeService({ rateLimit: false, staticDir: dir });
    const before = served.service.log.entries().length;
    for (const path of ['/', '/3/configuration', '/t/p/w92/a.jpg', '/__fake/log', '/__fake/now']) {
      for (const host of ['attacker.example', `attacker.example:${port()}`]) {
        const answer = await asHost(path, host);
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.body).not.toContain('<title>page</title>');
        expect(answer.body).not.toContain('entries');
      }
    }
    expect(served.service.log.entries().length).toBe(before);
  });

  it('answers loopback names and addresses, with any port', async () => {
    served = await serveFakeService({ rateLimit: false, staticDir: dir });
    for (const host of [
      `127.0.0.1:${port()}`,
      '127.0.0.1',
      `127.8.9.10:${port()}`,
      `localhost:${port()}`,
      'LOCALHOST',
      `demo.localhost:${port()}`,
      `[::1]:${port()}`,
      'localhost.:80',
    ]) {
      expect((await asHost('/', host)).status, host).toBe(200);
    }
  });

  it('refuses names that only look like loopback', async () => {
    served = await serveFakeService({ rateLimit: false });
    for (const host of ['localhost.attacker.example', '127.0.0.1.nip.io', 'evil-localhost', '128.0.0.1', '[::2]']) {
      expect((await asHost('/__fake/now', host)).status, host).toBe(421);
    }
  });

  it('answers the names in allowedHosts, and any name with allowAnyHost', async () => {
    served = await serveFakeService({ rateLimit: false, allowedHosts: ['demo.lan'] });
    expect((await asHost('/__fake/now', `demo.lan:${port()}`)).status).toBe(200);
    expect((await asHost('/__fake/now', 'DEMO.lan')).status).toBe(200);
    expect((await asHost('/__fake/now', 'other.lan')).status).toBe(421);
    await served.close();
    served = await serveFakeService({ rateLimit: false, allowAnyHost: true });
    expect((await asHost('/__fake/now', 'attacker.example')).status).toBe(200);
  });

  it('listening on every interface (0.0.0.0) also answers IP addresses, but not other names', async () => {
    served = await serveFakeService({ rateLimit: false, host: '0.0.0.0' });
    const loopback = `http://127.0.0.1:${port()}`;
    expect((await rawRequest(`${loopback}/__fake/now`, { headers: { host: '192.168.1.20' } })).status).toBe(200);
    expect((await rawRequest(`${loopback}/__fake/now`, { headers: { host: `0.0.0.0:${port()}` } })).status).toBe(200);
    expect((await rawRequest(`${loopback}/__fake/now`, { headers: { host: 'attacker.example' } })).status).toBe(421);
  });

  it('refuses a malformed allowedHosts entry with a TypeError', async () => {
    await expect(serveFakeService({ allowedHosts: ['a b'] })).rejects.toThrow(/serveFakeService: allowedHosts/);
  });
});

describe('hostCheck', () => {
  it('adds a named listen interface to the allowed names', () => {
    const allowed = hostCheck({ listenHost: 'mybox.lan' });
    expect(allowed('mybox.lan')).toBe(true);
    expect(allowed('192.168.1.20')).toBe(false);
    expect(allowed('attacker.example')).toBe(false);
    expect(hostCheck({ listenHost: '192.168.1.20' })('192.168.1.20')).toBe(true);
    expect(hostCheck({ listenHost: '::' })('[fe80::1]')).toBe(true);
  });

  it('reads addresses as the URL parser does: 127.1 and 0x7f.1 are loopback', () => {
    expect(isLoopbackHost('127.1')).toBe(true);
    expect(isLoopbackHost('0x7f.0.0.1')).toBe(true);
    expect(isLoopbackHost('[0:0:0:0:0:0:0:1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.attacker.example')).toBe(false);
  });
});

describe('serve:fake', () => {
  it('answers only loopback names, plus those given with --allowed-host', async () => {
    const cli = fileURLToPath(new URL('../../src/testing/cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--allowed-host', 'demo.lan'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = out.match(/listening on (http:\/\/\S+)/);
          if (found?.[1]) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`serve:fake exited with ${code}`)));
      });
      const { port: cliPort } = new URL(url);
      expect((await rawRequest(`${url}/__fake/now`, { headers: { host: `demo.lan:${cliPort}` } })).status).toBe(200);
      expect((await rawRequest(`${url}/__fake/now`, { headers: { host: 'attacker.example' } })).status).toBe(421);
      expect((await rawRequest(`${url}/__fake/now`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
