/** idb-keyval as the storage TanStack's persisters take (strings), one store per side and N. */
import { createStore, del, get, set } from 'idb-keyval';

export function keyvalStorage(name: string) {
  const store = createStore(name, 'keyval');
  return {
    getItem: (key: string) => get<string>(key, store).then((v) => v ?? null),
    setItem: (key: string, value: string) => set(key, value, store),
    removeItem: (key: string) => del(key, store),
  };
}
