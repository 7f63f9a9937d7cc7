import { describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX, earlierDatabaseName, resolveCatalogueOptions } from '../../src/catalogue-options.js';
import { defaultOutboxLeaseMs, defaults } from '../../src/defaults.js';
import { globalFetch, platformConnectivity, silentLogger, systemClock, systemRandom } from '../../src/env.js';

const required = { baseUrl: 'https://api.catalogue.test', accessToken: 'token' };

describe('the catalogue options and their defaults', () => {
  it('resolves every option left out to its one declared default, as documented', () => {
    const resolved = resolveCatalogueOptions(required);
    expect(resolved).toMatchObject({
      dbName: `catalogue${DATABASE_PROTOCOL_SUFFIX}`,
      language: 'en-US',
      fetch: globalFetch,
      clock: systemClock,
      random: systemRandom,
      connectivity: platformConnectivity,
      logger: silentLogger,
      rateLimit: { perSecond: 40, concurrency: 8 },
      retry: { attempts: 4 },
      timeoutMs: 30_000,
      maxBodyBytes: 8 * 1024 * 1024,
      // retry.attempts × (timeoutMs + 30 s) + 30 s
      outboxLeaseMs: 270_000,
      maxBytes: undefined,
    });
    expect(resolved.rateLimit).toEqual({ perSecond: defaults.rateLimit.perSecond, concurrency: 8 });
    expect(Object.isFrozen(resolved)).toBe(true);
    expect(Object.isFrozen(defaults)).toBe(true);
  });

  it('the outbox lease follows the attempts and timeout given', () => {
    const resolved = resolveCatalogueOptions({ ...required, retry: { attempts: 2 }, timeoutMs: 5000 });
    expect(resolved.outboxLeaseMs).toBe(defaultOutboxLeaseMs(2, 5000));
    expect(resolved.outboxLeaseMs).toBe(2 * (5000 + 30_000) + 30_000);
  });

  it('the language names the database unless it is the default one', () => {
    const french = resolveCatalogueOptions({ ...required, language: 'fr-FR' }).dbName;
    expect(french).toBe(`catalogue-fr-FR${DATABASE_PROTOCOL_SUFFIX}`);
    expect(earlierDatabaseName(french)).toBe('catalogue-fr-FR');
    expect(resolveCatalogueOptions({ ...required, dbName: 'shows' }).dbName).toBe(`shows${DATABASE_PROTOCOL_SUFFIX}`);
  });
});
