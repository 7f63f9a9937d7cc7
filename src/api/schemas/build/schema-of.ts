/**
 * A schema builder: `make()` runs on the first call, and every later call returns that same schema. The response
 * schemas are made this way rather than at module evaluation: the registry imports every one of them, and building
 * them all up front is most of the cost of loading the typed client, while a page validates a few. Builders call
 * each other (`pagedEnvelope(trendingTvItem())`), so an operation makes the building blocks it uses and no other,
 * and a block shared by two operations is one object, as it was when the modules built it.
 */
export function schemaOf<T extends object>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
