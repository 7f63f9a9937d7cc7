/** What the offline-shell test page's worker and its tests agree on. */
export const SHELL_MAX_IMAGES = 3;
export const SHELL_IMAGE_CACHE = 'shell-e2e-images';
