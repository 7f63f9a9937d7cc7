/**
 * Version 5 (the reliability issue): a size ledger for the `maxBytes` budget. One row per stored browse response
 * (`requestKey`), holding the JSON length of what its last write put; written in the same transaction as the
 * response, and only while a budget is set. Only the new table is listed; Dexie carries the others over.
 */
export const version5Stores = {
  sizeLedger: 'requestKey',
} as const;
