import { catalogueWorld } from '../helpers/catalogue-world.js';
import { outboxWorldOptions } from '../helpers/outbox-world-options.js';
import { secretCapture } from '../helpers/secret-capture.js';

export type { CatalogueWorld as OutboxFixture } from '../helpers/catalogue-world.js';
// Kept only for test/reliability/sign-out-durable.test.ts until it is converted: its pages install store middleware
// right after `open()`, so they need the eager door (the core's database at once).
export { dumpDatabase } from '../helpers/dump-database.js';
export const outboxFixture = () => catalogueWorld(outboxWorldOptions(secretCapture(), { door: 'eager' }));
