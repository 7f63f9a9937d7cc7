import type { IndexableType } from 'dexie';
import { type ReadRef, readRef, tableRef } from '../read-ref.js';

/**
 * What one readwrite transaction may touch, as the write gate needs it: the tables its transaction opens, and the
 * rows it writes, named as reads name them. A class with a private constructor and a private field: no object
 * literal is one, so a writer cannot name its deps by hand (or forget to) — it builds its plan from the tables and
 * rows it writes, and the gate derives the first answers it may make wrong from that. There is no "everything": a
 * write that may change a whole table names the table (`wholeTables`), and the gate finds which answers read it.
 */
export class WritePlan {
  readonly #refs: readonly ReadRef[];
  readonly #scope: readonly string[];

  private constructor(scope: readonly string[], refs: readonly ReadRef[]) {
    this.#scope = [...new Set(scope)];
    this.#refs = refs;
  }

  /** Writes `keys` of `table` (and may read it). */
  static rows(table: string, keys: Iterable<IndexableType>): WritePlan {
    return new WritePlan(
      [table],
      [...keys].map((key) => readRef(table, key)),
    );
  }

  /** May write any row of each of `tables` (a clear, a range, rows known only inside the transaction). */
  static wholeTables(tables: Iterable<string>): WritePlan {
    const names = [...tables];
    return new WritePlan(names, names.map(tableRef));
  }

  /**
   * Opens `tables` for reading only: the transaction needs them in scope (a check, a merge) but writes none of
   * their rows: a write to one of them would be a write its plan does not name.
   */
  static reads(tables: Iterable<string>): WritePlan {
    return new WritePlan([...tables], []);
  }

  /**
   * The rows of `later`, a write that must follow this one, without opening its tables: their answers go before
   * this one lands (a sign-out's mark, before its purge: a page that dies between them leaves no answer the purge
   * would have changed).
   */
  static ahead(later: WritePlan): WritePlan {
    return new WritePlan([], later.#refs);
  }

  /** Both plans in one transaction. */
  and(...others: readonly WritePlan[]): WritePlan {
    return new WritePlan(
      [...this.#scope, ...others.flatMap((other) => other.#scope)],
      [...this.#refs, ...others.flatMap((other) => other.#refs)],
    );
  }

  /** The tables the transaction opens. */
  get scope(): readonly string[] {
    return this.#scope;
  }

  /** The deps of the first answers the write may make wrong (`readRef`s and `tableRef`s). */
  get refs(): readonly ReadRef[] {
    return this.#refs;
  }
}
