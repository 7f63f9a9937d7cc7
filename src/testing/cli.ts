#!/usr/bin/env node
/// <reference types="node" />
/**
 * `npx catalogue-sync-fake --port 8787 --seed 1 --scale small|medium|large --rate 40` (the package's bin: this file
 * built into `dist/testing/cli.js`; in this repository `npm run serve:fake -- …` runs it from source through tsx):
 * serves the fake catalogue service on 127.0.0.1 and prints its URL, access token and v3 API key (`--token`, `--api-key` set them).
 * `--rate 0` turns the rate limit off. It answers only loopback `Host` names and `--host` itself (DNS rebinding);
 * `--allowed-host NAME` (repeatable) adds a name, `--any-host` lifts the check.
 */
import { parseArgs } from 'node:util';
import type { Scale } from './data/scale.js';
import { serveFakeService } from './node.js';
import { FAKE_ACCESS_TOKEN, FAKE_API_KEY } from './service/options.js';

const USAGE =
  'usage: catalogue-sync-fake [--port 8787] [--host 127.0.0.1] [--seed 1] [--scale small|medium|large] [--rate 40] [--retry-after] [--token T] [--api-key K] [--allowed-host NAME]… [--any-host]';

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
      'api-key': { type: 'string' },
      'retry-after': { type: 'boolean' },
      'allowed-host': { type: 'string', multiple: true },
      'any-host': { type: 'boolean' },
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
  const apiKey = values['api-key'] ?? FAKE_API_KEY;
  const served = await serveFakeService({
    port: integer('port', values.port, 8787),
    host: values.host ?? '127.0.0.1',
    seed: integer('seed', values.seed, 1),
    scale,
    accessToken,
    apiKey,
    rateLimit: rate === 0 ? false : { perSecond: rate },
    retryAfterHeader: values['retry-after'] ?? false,
    allowedHosts: values['allowed-host'] ?? [],
    allowAnyHost: values['any-host'] ?? false,
  });
  print(`Fake catalogue service listening on ${served.url}`);
  print(`  scale ${scale}, seed ${values.seed ?? 1}, rate ${rate === 0 ? 'unlimited' : `${rate}/s`}`);
  print(`  Authorization: Bearer ${accessToken}`);
  print(`  or ?api_key=${apiKey} (a v3 API key)`);
  print(`  try: curl -H 'Authorization: Bearer ${accessToken}' ${served.url}/3/trending/tv/day`);
  print(`   or: curl '${served.url}/3/trending/tv/day?api_key=${encodeURIComponent(apiKey)}'`);
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
