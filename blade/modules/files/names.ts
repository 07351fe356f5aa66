/** A file name without its last extension: the stem a derived file (PDF rendering, stamped copy) is named after. */
export const baseName = (name: string): string => name.replace(/\.[^.]*$/, '');
