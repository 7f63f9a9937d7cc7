/**
 * `npm run demo [-- --port 5173] [--api-origin URL]… [--image-origin URL]…`: builds the demo and serves it with
 * the embedded fake catalogue service on ONE 127.0.0.1 origin (page, service worker, API and images), then prints
 * the URL. No network, no account. The page's CSP lets it reach this origin and the real TMDB API and image
 * hosts; `--api-origin` / `--image-origin` add the origins of another service to point it at from its settings.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDemo } from './build-demo.js';
import { demoPageOrigins, type ServeDemoOptions, serveDemo } from './serve-demo.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

const OUT_DIR = resolve(import.meta.dirname, '..', '.tmp-demo');

function cliOptions(): Omit<ServeDemoOptions, 'dir'> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5173' },
      'api-origin': { type: 'string', multiple: true, default: [] },
      'image-origin': { type: 'string', multiple: true, default: [] },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`--port must be an integer in [0, 65535], got ${JSON.stringify(values.port)}`);
  }
  return { port, apiOrigins: values['api-origin'], imageOrigins: values['image-origin'] };
}

async function main(): Promise<void> {
  const options = cliOptions();
  say('Building the demo…');
  await buildDemo(OUT_DIR);
  const served = await serveDemo({ ...options, dir: OUT_DIR });
  say(`\n  Catalogue demo: ${served.url}/\n`);
  say('  The page, its service worker and the fake catalogue service share this origin. Ctrl+C stops.');
  const { api, images } = demoPageOrigins(options);
  say(`  Other services the page may use (its CSP): API ${api.join(', ')}; images ${images.join(', ')}.`);
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
