/**
 * Version 9 (one read path): the boot store of version 7 goes. Views read through the live query only, and no
 * write transaction is widened to keep a second copy of their answers exact. Only changed tables are listed.
 */
export const version9Stores = {
  bootViews: null,
  bootDeps: null,
} as const;
