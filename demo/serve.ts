/**
 * `npm run demo [-- --port 5173]`: builds the demo and serves it with the embedded fake catalogue service on ONE
 * 127.0.0.1 origin (page, service worker, API and images), then prints the URL. No network, no account.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveFakeService } from '../src/testing/node.js';
import { buildDemo } from './build-demo.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

const OUT_DIR = resolve(import.meta.dirname, '..', '.tmp-demo');

function portOption(): number {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '5173' } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`--port must be an integer in [0, 65535], got ${JSON.stringify(values.port)}`);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portOption();
  say('Building the demo…');
  await buildDemo(OUT_DIR);
  const served = await serveFakeService({ staticDir: OUT_DIR, port, host: '127.0.0.1', seed: 1, scale: 'small' });
  say(`\n  Catalogue demo: ${served.url}/\n`);
  say('  The page, its service worker and the fake catalogue service share this origin. Ctrl+C stops.');
  const stop = () => {
    void served.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
