import type { Locator } from '@playwright/test';

/**
 * Whether `target` lies within `rootMargin` of its root, as reported by an IntersectionObserver of the test's own:
 * the answer to "has the app stopped drawing?" for the parts drawn as they come near (InfiniteList and the player's
 * queue, decision 027; the channel strip). The app decides from its own observers' reports; this one is made after
 * them and reports after them, so when it has answered, the app has had the same answer and acted on it:
 * - the app makes its observers in effects, which Preact runs after the next paint (a frame, then a task): this
 *   waits for a frame and a task first, so an observer the last render asked for exists before this one;
 * - observers report in the order they were made, all in one task, and the app's re-render is a microtask of its
 *   callback: the test's next look at the page comes after both.
 * `root` as the app's observer has it: the viewport, the target's parent element, or its nearest ancestor that
 * scrolls vertically (UpNext's scrollParent). `rootMargin` as the app's too (SPEC §9's trigger distances).
 */
export function nearPerObserver(target: Locator, rootMargin: string, root: 'viewport' | 'parent' | 'scroller'): Promise<boolean> {
  return target.evaluate(
    async (el, [margin, kind]) => {
      await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
      let rootEl: Element | null = null;
      if (kind === 'parent') rootEl = el.parentElement;
      else if (kind === 'scroller') {
        for (let node = el.parentElement; node && !rootEl; node = node.parentElement) {
          const { overflowY } = getComputedStyle(node);
          if (overflowY === 'auto' || overflowY === 'scroll') rootEl = node;
        }
      }
      return new Promise<boolean>((report) => {
        const io = new IntersectionObserver(
          (entries) => {
            io.disconnect();
            report(entries.at(-1)?.isIntersecting === true);
          },
          { root: rootEl, rootMargin: margin },
        );
        io.observe(el);
      });
    },
    [rootMargin, root] as const,
  );
}
