import { createElement, type ReactElement, StrictMode } from 'react';
import { act, create, type ReactTestRenderer } from 'react-test-renderer';
import { afterEach, beforeAll, vi } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { CatalogueProvider } from '../../src/react/index.js';

/**
 * One React app per test, under Strict Mode (as an app runs in development) with the catalogue provided: unmounted
 * after each test. Call at the top of a test file.
 */
export function strictApp() {
  let renderer: ReactTestRenderer | undefined;

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(async () => {
    await act(async () => renderer?.unmount());
    renderer = undefined;
    vi.restoreAllMocks();
  });

  return {
    /** Renders `element` with the catalogue; returns what React reported as errors. */
    async render(catalogue: Catalogue, element: ReactElement): Promise<unknown[]> {
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        // react-test-renderer's own deprecation notice is not an error of the app.
        if (String(args[0]).includes('react-test-renderer is deprecated')) return;
        errors.push(args);
      });
      await act(async () => {
        renderer = create(createElement(StrictMode, null, createElement(CatalogueProvider, { catalogue }, element)));
      });
      return errors;
    },
    /** The app's renderer, while it is mounted. */
    current: () => renderer,
    /** The rendered text. */
    text: () => ((renderer?.toJSON() as { children: string[] } | null)?.children ?? []).join(''),
  };
}
