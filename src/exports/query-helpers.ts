/**
 * The query helpers of the public surface the core also uses (`imageUrl`, `srcSet` for `catalogue.imageUrl`, and
 * `foldText` for local search), re-bound for `src/index.ts` so that the core's use of them does not put them on the
 * first-read path (why `export import`: `errors.ts` of this folder).
 */

import * as text from '../query/fold-text.js';
import * as images from '../query/image-url.js';

export import imageUrl = images.imageUrl;
export import srcSet = images.srcSet;
export import foldText = text.foldText;
