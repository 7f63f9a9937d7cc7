import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { Catalogue } from '../create-catalogue.js';

const CatalogueContext = createContext<Catalogue | undefined>(undefined);

export interface CatalogueProviderProps {
  readonly catalogue: Catalogue;
  readonly children?: ReactNode;
}

/** Makes `catalogue` the one the hooks below it use. Create it once, outside the render (module scope or a ref). */
export function CatalogueProvider({ catalogue, children }: CatalogueProviderProps) {
  return createElement(CatalogueContext.Provider, { value: catalogue }, children);
}

/** The catalogue of the nearest `CatalogueProvider`; throws a TypeError outside one. */
export function useCatalogue(): Catalogue {
  const catalogue = useContext(CatalogueContext);
  if (!catalogue) throw new TypeError('catalogue-sync/react: wrap the tree in <CatalogueProvider catalogue={…}>');
  return catalogue;
}
