interface MapLike<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value at `key`, created with `make` and stored the first time (Map or WeakMap). */
export function getOrCreate<K, V>(map: MapLike<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
