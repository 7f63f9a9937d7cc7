import type { Catalogue } from '../../src/index.js';
import type { Images } from './images.js';

/** What every screen gets: the catalogue, image helpers and the connectivity the page sees. */
export interface DemoContext {
  readonly catalogue: Catalogue;
  readonly images: Images;
  online(): boolean;
}

/** A mounted screen: its element and what to stop when the user leaves it. */
export interface Screen {
  readonly title: string;
  readonly element: HTMLElement;
  dispose(): void;
}
