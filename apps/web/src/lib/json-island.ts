/**
 * Data the server put in the page as a JSON island (`<script type="application/json" id=…>`, apps/server's
 * infra/http/spa.ts jsonIsland): what the app would otherwise ask for after it starts. Undefined when the page has
 * none, or a damaged one, or one that fails `guard` (an island is as good as none then: the app asks as usual).
 */
export function readJsonIsland<T>(id: string, guard: (value: unknown) => value is T): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return guard(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
