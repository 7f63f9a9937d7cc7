/**
 * Version 5 (the reliability issue): a size ledger for the `maxBytes` budget. One row per stored browse response
 * (`requestKey`), holding the JSON length of what its last write put; written in the same transaction as the
 * response, and only while a budget is set. List pages lose their unused `operation` index. Only changed tables are
 * listed; Dexie carries the others over.
 */
export const version5Stores = {
  sizeLedger: 'requestKey',
  // The `operation` index of version 1 goes: nothing queries it, and every list page written paid for it.
  listPages: '[listKey+page]',
} as const;
