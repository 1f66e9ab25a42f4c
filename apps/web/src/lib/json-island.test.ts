import { afterEach, describe, expect, it } from 'vitest';
import { readJsonIsland } from './json-island';

const isNamed = (v: unknown): v is { name: string } => typeof v === 'object' && v !== null && typeof (v as { name: unknown }).name === 'string';

function island(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'test-island';
  el.textContent = text;
  document.head.append(el);
}

describe('readJsonIsland', () => {
  afterEach(() => document.getElementById('test-island')?.remove());

  it("gives the server's data as the server escaped it", () => {
    island('{"name":"Sourdough \\u003cbasics>"}');
    expect(readJsonIsland('test-island', isNamed)).toEqual({ name: 'Sourdough <basics>' });
  });

  it('gives nothing for a missing, damaged or unexpected island: the app then asks as usual', () => {
    expect(readJsonIsland('test-island', isNamed)).toBeUndefined();
    island('{"name":');
    expect(readJsonIsland('test-island', isNamed)).toBeUndefined();
    document.getElementById('test-island')!.remove();
    island('{"title":"x"}');
    expect(readJsonIsland('test-island', isNamed)).toBeUndefined();
  });
});
