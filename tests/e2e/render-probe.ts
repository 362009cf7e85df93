import type { Page } from 'playwright-core';

/**
 * Counts, per open tab, how many components rendered inside its page, the way React's developer tools
 * see commits: an init script stands in for the devtools hook before the app loads. Only fibers React
 * worked on in a commit are visited (a subtree that bailed out keeps its children), and a component
 * counts when it ran its render function (React's PerformedWork flag). The app carries no test code.
 */
export async function installRenderProbe(page: Page) {
  await page.addInitScript(() => {
    const PERFORMED_WORK = 1;
    // Function, class, forward-ref, memo and simple-memo components.
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    const renders: Record<string, number> = {};
    (window as unknown as { __tabRenders: Record<string, number> }).__tabRenders = renders;

    interface Fiber {
      tag: number;
      flags: number;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
      stateNode: unknown;
    }
    const visit = (fiber: Fiber, tab: string | undefined) => {
      let inTab = tab;
      const node = fiber.stateNode;
      if (fiber.tag === 5 && node instanceof HTMLElement && node.dataset.testid === 'tab-page') {
        inTab = node.dataset.tabPath;
      }
      if (inTab && COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & PERFORMED_WORK) !== 0) {
        renders[inTab] = (renders[inTab] ?? 0) + 1;
      }
      // Children shared with the previous tree were not worked on in this commit.
      if (fiber.alternate && fiber.child === fiber.alternate.child) return;
      for (let child = fiber.child; child; child = child.sibling) visit(child, inTab);
    };

    let nextId = 1;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => nextId++,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        visit(root.current, undefined);
      },
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onScheduleFiberRoot: () => {},
      setStrictMode: () => {},
      checkDCE: () => {},
    };
  });
}

/** Starts counting afresh. */
export const resetRenders = (page: Page) =>
  page.evaluate(() => {
    const renders = (window as unknown as { __tabRenders: Record<string, number> }).__tabRenders;
    for (const key of Object.keys(renders)) delete renders[key];
  });

/** Renders per tab path since the last reset. */
export const rendersByTab = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __tabRenders: Record<string, number> }).__tabRenders }));
