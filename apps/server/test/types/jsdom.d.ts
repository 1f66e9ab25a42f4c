// The server's tests have no DOM types (no "dom" lib) and @types/jsdom is not installed; the link-preview tests
// parse a served page as a browser would with this much of jsdom (a root dev dependency of the web tests).
declare module 'jsdom' {
  export interface ParsedElement {
    getAttribute(name: string): string | null;
    readonly innerHTML: string;
    querySelectorAll(selector: string): ParsedElement[] & { length: number };
  }

  export interface ParsedDocument extends ParsedElement {
    readonly title: string;
    readonly head: ParsedElement;
    readonly body: ParsedElement;
  }

  export class JSDOM {
    constructor(html: string);
    readonly window: { document: ParsedDocument };
  }
}
