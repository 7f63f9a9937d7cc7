/** Case- and accent-insensitive form: NFD, combining marks stripped, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
