/// <reference types="node" />
/**
 * `npm run serve:fake -- --port 8787 --seed 1 --scale small|medium|large --rate 40`: serves the fake catalogue
 * service on 127.0.0.1 and prints its URL and access token. `--rate 0` turns the rate limit off.
 */
import { parseArgs } from 'node:util';
import type { Scale } from './data/scale.js';
import { serveFakeService } from './node.js';
import { FAKE_ACCESS_TOKEN } from './service/options.js';

const USAGE =
  'usage: serve:fake [--port 8787] [--host 127.0.0.1] [--seed 1] [--scale small|medium|large] [--rate 40] [--retry-after] [--token T]';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new TypeError(`--${name} must be a whole number ≥ 0`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      scale: { type: 'string' },
      rate: { type: 'string' },
      token: { type: 'string' },
      'retry-after': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  const scale = (values.scale ?? 'small') as Scale;
  if (!['small', 'medium', 'large'].includes(scale)) throw new TypeError('--scale must be small, medium or large');
  const rate = integer('rate', values.rate, 40);
  const accessToken = values.token ?? FAKE_ACCESS_TOKEN;
  const served = await serveFakeService({
    port: integer('port', values.port, 8787),
    host: values.host ?? '127.0.0.1',
    seed: integer('seed', values.seed, 1),
    scale,
    accessToken,
    rateLimit: rate === 0 ? false : { perSecond: rate },
    retryAfterHeader: values['retry-after'] ?? false,
  });
  print(`Fake catalogue service listening on ${served.url}`);
  print(`  scale ${scale}, seed ${values.seed ?? 1}, rate ${rate === 0 ? 'unlimited' : `${rate}/s`}`);
  print(`  Authorization: Bearer ${accessToken}`);
  print(`  try: curl -H 'Authorization: Bearer ${accessToken}' ${served.url}/3/trending/tv/day`);
  const stop = () => {
    served.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
